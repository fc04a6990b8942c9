"""BoardEditor's JSON, systematically: every field the editor lets a teacher set survives save ->
load -> save as the same text and the same game state, the "attacks" marks included (they were
dropped from the file, so a handed-out board lost its attackers); and every bad file a teacher
could paste or hand-edit is refused with one sentence naming what is wrong, the board unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import unescape

import pytest

from mtgrules import Scenario
from mtgrules.core.errors import ScenarioError
from mtgrules.widgets import BlocksExplorer, BoardEditor


def _add(editor: BoardEditor, name: str, player: str = "Alice", zone: str = "battlefield") -> None:
    """Add a card as a teacher does: type its name, pick the player and zone, press Add."""
    editor.search.value = name
    editor.player.value = player
    editor.zone.value = zone
    editor.add_button.click()


def _round_trip(editor: BoardEditor) -> BoardEditor:
    """Save, load into a fresh editor, save again: the two files and the two boards are the same."""
    saved = editor.to_json()
    loaded = BoardEditor.from_json(saved)
    assert loaded.error == "", loaded.error
    assert loaded.to_json() == saved
    assert loaded.entries == json.loads(saved)["cards"]
    assert loaded.scenario().state() == editor.scenario().state()
    return loaded


# ---------------------------------------------------------------- the "attacks" mark
def test_an_attacks_mark_is_saved_and_loaded_back():
    """The mark was left out of the JSON: the reloaded board had no attackers and its blocks
    explorer said "mark at least one card"."""
    e = BoardEditor()
    _add(e, "Grizzly Bears")
    _add(e, "Walking Corpse", "Bob")
    e.select(0)
    e.attacking.value = True
    assert json.loads(e.to_json())["cards"][0]["attacking"] is True
    f = _round_trip(e)
    assert f.entries[0]["attacking"] is True and "attacking" not in f.entries[1]
    assert isinstance(f.open_blocks(), BlocksExplorer), f.error


def test_a_loaded_board_shows_its_marks_in_the_list_the_checkbox_and_the_code():
    e = BoardEditor()
    e.load_json(json.dumps({"players": ["Alice", "Bob", "Carol"], "cards": [
        {"card": "Grizzly Bears", "controller": "Alice", "attacking": "Carol"},
        {"card": "Llanowar Elves", "controller": "Alice", "attacking": True},
        {"card": "Forest", "controller": "Alice"}]}))
    assert e.error == ""
    labels = [label for label, _ in e.cards.options]
    assert "attacks Carol" in labels[0] and labels[1].endswith("attacks)") and "attacks" not in labels[2]
    assert e.select(0).attacking.value is True and e.select(2).attacking.value is False
    assert '# marked "attacks" \'Carol\'' in e.code()


def test_a_mark_naming_a_player_attacks_that_player():
    """A mark naming Carol was read as "attacks" and sent the creature at the next player, Bob."""
    s = Scenario("Three", players=["Alice", "Bob", "Carol"])
    s.add("Grizzly Bears", "Alice")
    e = BoardEditor({**s.to_dict(), "cards": [{**s.to_dict()["cards"][0], "attacking": "Carol"}]})
    w = e.open_blocks()
    assert isinstance(w, BlocksExplorer), e.error
    assert w.state.combat.attacks[0].target == "Carol"


def test_true_attacks_an_opponent_in_two_headed_giant_not_a_teammate():
    """With players Alice, Andy (team A), Bob, Beth, "attacks" sent Alice's creature at Andy, the
    next player, and the explorer refused to open (508.1b)."""
    s = Scenario("2HG", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"}, game_format="two-headed giant")
    s.add("Grizzly Bears", "Alice")
    e = BoardEditor(s)
    e.select(0).attacking.value = True
    w = e.open_blocks()
    assert isinstance(w, BlocksExplorer), e.error
    assert w.state.combat.attacks[0].target == "Bob"


def test_an_older_file_without_marks_loads_with_no_attackers():
    s = Scenario("Saved before marks were")
    s.add("Grizzly Bears", "Alice")
    e = BoardEditor.from_json(json.dumps(s.to_dict()))
    assert e.error == "" and "attacking" not in e.entries[0]
    assert e.open_blocks() is None and "mark at least one card" in e.error


def test_ticking_attacks_on_a_card_that_cannot_attack_says_why_and_unticking_clears_it():
    """The checkbox took a mark on a Forest or a card in hand without a word (and the file then lost it)."""
    e = BoardEditor()
    _add(e, "Forest")
    e.attacking.value = True
    assert "can't be built" in e.error and "only a creature on the battlefield can attack (508.1a)" in e.error
    assert "Forest on the battlefield" in unescape(e.errors.value)
    e.attacking.value = False
    assert e.error == ""
    _add(e, "Grizzly Bears")
    e.attacking.value = True
    assert e.error == ""
    e.card_zone.value = "hand"               # moving a marked creature to the hand: said, not forgotten
    assert "Grizzly Bears in the hand isn't one" in e.error


def test_starting_from_data_with_an_impossible_mark_is_refused():
    with pytest.raises(ScenarioError, match=r"cards\[0\] \('Forest'\).*508\.1a"):
        BoardEditor({"cards": [{"card": "Forest", "controller": "Alice", "attacking": True}]})


# ---------------------------------------------------------------- every field the editor sets
def _title_players_life_turn_active_step(e: BoardEditor) -> None:
    e.title.value = "Every header field"
    e.players.value = "Alice, Bob, Carol"
    e.life.value = 7
    e.turn.value = 5
    e.active.value = "Bob"
    e.step.value = "end"


def _zone_and_player(e: BoardEditor) -> None:
    _add(e, "Grizzly Bears", "Bob", zone="graveyard")
    _add(e, "Llanowar Elves", "Alice", zone="library")
    _add(e, "Forest", "Alice", zone="exile")
    e.select(2).card_player.value = "Bob"
    e.card_zone.value = "hand"


def _tapped_sick_counters(e: BoardEditor) -> None:
    _add(e, "Grizzly Bears")
    e.tapped.value = True
    e.sick.value = True
    e.set_counter("+1/+1", 2)
    e.set_counter("charge", 1)
    e.set_counter("charge", 0)


def _attached_and_chosen_colour(e: BoardEditor) -> None:
    _add(e, "Forest", "Bob")
    _add(e, "Utopia Sprawl", "Bob")
    e.attached.value = len(e.entries) - 1     # the Forest: ids count from 1
    e.chosen_color.value = "G"


def _attacks(e: BoardEditor) -> None:
    _add(e, "Grizzly Bears")
    _add(e, "Llanowar Elves")
    e.attacking.value = True
    e.select(0).attacking.value = True
    e.attacking.value = False               # unticked: no mark left behind


def _kept_fields(e: BoardEditor) -> None:
    """Fields the editor has no control for come in with the board and go out unchanged."""
    s = Scenario("Kept", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"}, game_format="two-headed giant", seed=4)
    s.add("Forest", "Bob", owner="Beth")
    s.add("Llanowar Elves", "Andy", zone="graveyard", zone_player="Bob")
    s.mana("Alice", "GG").mana("Bob", "R", "Mountain").lands_played("Andy", 1)
    e.load_json(json.dumps({**s.to_dict(), "cards": [*s.to_dict()["cards"], {"card": "Grizzly Bears",
                                                                                 "controller": "Alice",
                                                                                 "attacking": "Beth"}]}))


@pytest.mark.parametrize("build", [_title_players_life_turn_active_step, _zone_and_player, _tapped_sick_counters,
                                   _attached_and_chosen_colour, _attacks, _kept_fields],
                         ids=lambda f: f.__name__.strip("_"))
def test_every_field_survives_save_load_save(build: Callable[[BoardEditor], None]):
    e = BoardEditor()
    build(e)
    assert e.error == "", e.error
    _round_trip(e)


def test_the_marks_of_a_board_with_every_field_set_at_once_survive():
    e = BoardEditor()
    for build in (_title_players_life_turn_active_step, _zone_and_player, _tapped_sick_counters,
                  _attached_and_chosen_colour):
        build(e)
    e.active.value = "Alice"
    _add(e, "Llanowar Elves", "Alice")
    e.attacking.value = True
    assert e.error == "", e.error
    f = _round_trip(e)
    assert [i for i, entry in enumerate(f.entries) if entry.get("attacking")] == [len(f.entries) - 1]


# ---------------------------------------------------------------- bad files
def _cards(*entries: dict) -> str:
    return json.dumps({"players": ["Alice", "Bob"], "cards": list(entries)})


BAD_FILES = [
    ("unknown card", _cards({"card": "Forrest", "controller": "Alice"}), "no card named 'Forrest'"),
    ("unknown card field", _cards({"card": "Forest", "flying": True}), "unknown field(s) [\"'flying'\"]"),
    ("unknown board field", json.dumps({"colour": "red"}), "unknown field(s) [\"'colour'\"]"),
    ("life as text", json.dumps({"life": "20"}), "life must be a whole number, not '20' (str)"),
    ("tapped as text", _cards({"card": "Forest", "tapped": "yes"}), "tapped must be true or false"),
    ("mark on a land", _cards({"card": "Forest", "controller": "Alice", "attacking": True}),
     "only a creature on the battlefield can attack (508.1a) and Forest on the battlefield isn't one"),
    ("mark in hand", _cards({"card": "Grizzly Bears", "zone": "hand", "attacking": True}),
     "Grizzly Bears in the hand isn't one"),
    ("mark on nobody", _cards({"card": "Grizzly Bears", "controller": "Alice", "attacking": "Zed"}),
     "marked to attack 'Zed', who isn't a player in this game"),
    ("mark on oneself", _cards({"card": "Grizzly Bears", "controller": "Alice", "attacking": "Alice"}),
     "a creature attacks an opponent of its controller, Alice (506.2, 508.1b)"),
    ("mark as a number", _cards({"card": "Grizzly Bears", "controller": "Alice", "attacking": 1}),
     "attacking must be true or the name of the player it attacks, not 1 (int)"),
    ("malformed", '{"cards": [}', "it isn't JSON (Expecting value at line 1, column 12)"),
    ("a list", "[1, 2]", "a board must be a mapping of fields"),
    ("python", "__import__('os').system('true')", "it isn't JSON"),
    ("nested", "[" * 100_000, "nests lists or mappings too deeply"),
    ("huge", json.dumps({"title": "x" * 300_000}), "more than the 200,000 a board may have"),
    ("many cards", _cards(*[{"card": "Forest", "controller": "Alice"}] * 401), "401 cards, more than the 400"),
    ("repeated field", '{"life": 5, "life": 7}', "the field(s) 'life' are given twice"),
    ("NaN", '{"life": NaN}', "NaN is not a number JSON has"),
    ("comma in a name", json.dumps({"players": ["Smith, J", "Bob"]}), "has a comma in their name"),
]


@pytest.mark.parametrize(("text", "says"), [case[1:] for case in BAD_FILES], ids=[case[0] for case in BAD_FILES])
def test_a_bad_file_is_refused_in_one_sentence_and_changes_nothing(text: str, says: str):
    e = BoardEditor()
    _add(e, "Grizzly Bears")
    e.attacking.value = True
    e.life.value = 12
    before, state = e.to_json(), e.scenario().state()
    e.load_json(text)
    assert e.error.startswith("That file isn't a board the kit can read: ") and says in e.error, e.error
    assert "\n" not in e.error and ". " not in e.error and len(e.error) < 400
    assert says in unescape(e.errors.value)
    assert e.to_json() == before and e.scenario().state() == state and e.life.value == 12
    assert e.select(0).attacking.value is True


def test_a_file_that_is_not_text_is_refused():
    """``load_json(None)`` raised Python's own TypeError from the JSON reader."""
    e = BoardEditor()
    e.load_json(None)  # type: ignore[arg-type]
    assert "read as text, not None" in e.error


def test_a_file_leaving_out_controllers_loads_with_them_named():
    """A hand-written entry may leave its controller out (the active player's, or its owner's);
    the loaded editor's code then failed with KeyError 'controller'."""
    e = BoardEditor.from_json(_cards({"card": "Forest"}, {"card": "Grizzly Bears", "owner": "Bob", "zone": "hand"}))
    assert e.error == "" and [entry["controller"] for entry in e.entries] == ["Alice", "Bob"]
    assert "card2 = s.add('Grizzly Bears', 'Bob', zone='hand')" in e.code()
    state = e.scenario().state()
    e.active.value = "Bob"                   # the Forest stays Alice's
    assert e.scenario().state().obj(1).controller == "Alice" == state.obj(1).controller
    _round_trip(e)


def test_a_board_saved_in_the_declare_attackers_step_opens_the_blocks_explorer_in_that_combat():
    """A board starting as attackers are declared went on to the next turn's declare attackers
    step (where Bob lost, drawing from an empty library) instead of declaring the marked attack."""
    e = BoardEditor({"step": "declare attackers", "cards": [
        {"card": "Grizzly Bears", "controller": "Alice", "attacking": True},
        {"card": "Walking Corpse", "controller": "Bob"}]})
    w = e.open_blocks()
    assert isinstance(w, BlocksExplorer), e.error
    assert w.state.turn == 2 and w.state.combat.attacks[0].target == "Bob"


@pytest.mark.parametrize("step", ["declare blockers", "postcombat main", "end"])
def test_a_board_past_this_turns_declare_attackers_says_its_marks_cant_attack_this_turn(step):
    """A board saved after this turn's declare attackers step played on into the next turn, where
    the editor showed "Bob attempted to draw from an empty library" instead of why the marked
    creatures couldn't attack."""
    cards = [{"card": "Grizzly Bears", "controller": "Alice", "attacking": True},
             {"card": "Walking Corpse", "controller": "Bob"}]
    e = BoardEditor({"step": step, "cards": cards} if step != "declare blockers" else {"cards": cards})
    if step == "declare blockers":
        e.step.value = "end"   # edited after it was built, as a teacher does in the Step box
    assert e.open_blocks() is None
    assert "after this turn's declare attackers step" in e.error and "(506.1, 508.1)" in e.error
    assert "empty library" not in e.error


def test_ticking_attacks_with_no_card_selected_says_so_and_puts_the_tick_back():
    """The card settings change the selected card; with none selected, ticking "attacks" showed
    the tick and changed nothing, silently (seen in Chromium, lesson 09)."""
    e = BoardEditor({"cards": [{"card": "Grizzly Bears", "controller": "Alice"}]})
    e.fill()
    e.cards.value = None  # the first card is selected when the editor is first shown
    assert e.cards.value is None
    before = e.data()
    e.attacking.value = True
    assert e.attacking.value is False and e.data() == before
    assert "Select a card in the list first" in e.error
    e.cards.value = 0
    e.attacking.value = True
    assert e.data()["cards"][0]["attacking"] is True
