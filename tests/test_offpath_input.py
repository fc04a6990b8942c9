"""Input off the beaten path, as an adversarial learner or teacher types it: every one is played
by the rules or refused in one sentence (a rule where the game has one), with nothing changed,
nothing silently ignored and nothing misread."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, Scenario, ScenarioError, Step, activate, legal_blocks, play_land
from mtgrules.core.turns import parse_step
from mtgrules.play.verbs import go_to


def _forest_timeline():
    s = Scenario("Off the path", step="main1")
    forest = s.add("Forest", "Alice")
    t = s.timeline()
    t.do(activate("Alice", forest))
    return t


# ---------------------------------------------------------------- go_to answers
def test_go_to_refuses_a_misspelt_answer_and_plays_nothing():
    """An answer given to go_to that no choice on the way asked for was dropped without a word.
    A misspelt one (a kind no question of the kit asks) is refused (117.1) and nothing is played;
    one of a real kind is noted as not used (tests/test_unused_answers.py)."""
    t = _forest_timeline()
    before = len(t)
    with pytest.raises(IllegalAction) as err:
        go_to(t, "end", trigger_ordr=("a", "b"))
    assert err.value.rule == "117.1"
    assert "trigger_ordr" in err.value.reason
    assert len(t) == before


def test_go_to_notes_an_answer_no_step_asked_rather_than_dropping_it():
    t = _forest_timeline()
    go_to(t, "end", sacrifice=3)
    assert any("sacrifice=3" in e.text and e.rule == "117.1" for e in t[-1].events)


def test_go_to_still_reaches_its_step_without_answers():
    t = _forest_timeline()
    go_to(t, "end")
    assert t.state.step is Step.END


# ---------------------------------------------------------------- steps named as everywhere else
@pytest.mark.parametrize("name", ["main2", "postcombat main", Step.MAIN2, "MAIN 2"])
def test_find_reads_a_step_by_the_names_go_to_and_scenario_accept(name):
    """``t.find(step="main2")`` compared the text with the step's long name and never matched,
    though ``go_to(t, "main2")`` and ``Scenario(step="main2")`` read it."""
    t = _forest_timeline()
    go_to(t, "end")
    assert t.find(step=name) == t.find(step="postcombat main")


def test_find_refuses_an_unknown_step_and_non_text_names_in_one_sentence():
    t = _forest_timeline()
    with pytest.raises(ValueError, match="unknown step 'mian1'"):
        t.find(step="mian1")
    with pytest.raises(TypeError, match="name must be text"):
        t.find(name=3)


@pytest.mark.parametrize("bad", [3, None, ["main1"]])
def test_parse_step_refuses_a_value_that_is_not_a_name(bad):
    """``go_to(t, 3)`` failed deep inside with "'int' object has no attribute 'strip'"."""
    with pytest.raises(ValueError, match="a step is named"):
        parse_step(bad)
    with pytest.raises(ValueError, match="a step is named"):
        go_to(_forest_timeline(), bad)


# ---------------------------------------------------------------- scenario facts that would be dropped
def test_a_controller_for_a_card_outside_the_battlefield_is_refused_not_dropped():
    """A card in a hand has no controller (108.4); ``controller="Bob", owner="Alice"`` silently
    became Alice's card in Alice's hand."""
    s = Scenario("Off the path")
    with pytest.raises(ScenarioError, match="108.4"):
        s.add("Forest", "Bob", owner="Alice", zone="hand")
    assert s.objects == []
    with pytest.raises(ScenarioError, match="108.4"):
        Scenario.from_dict({"cards": [{"card": "Forest", "controller": "Bob", "owner": "Alice",
                                       "zone": "graveyard"}]})
    same = s.add("Forest", "Alice", owner="Alice", zone="hand")  # saying the owner twice is fine
    assert s.state().obj(same).owner == "Alice"


# ---------------------------------------------------------------- blocks for someone not playing
def test_legal_blocks_refuses_a_player_who_is_not_in_the_game():
    """``legal_blocks(state, "Carol")`` (and the BlocksExplorer on it) offered "Declare blockers
    for Carol" in a game of Alice and Bob."""
    s = Scenario("Off the path", step="declare attackers")
    s.add("Grizzly Bears", "Alice")
    with pytest.raises(IllegalAction) as err:
        legal_blocks(s.state(), "Carol")
    assert err.value.rule == "102.1"


# ---------------------------------------------------------------- play_land keywords
def test_play_land_refuses_an_answer_it_never_asks_for_like_the_other_actions():
    """``play_land("Alice", forest, x=1)`` was Python's own TypeError ("unexpected keyword
    argument"); the other constructors take scripted answers and refuse unused ones (117.1)."""
    s = Scenario("Off the path")
    forest = s.add("Forest", "Alice", zone="hand")
    t = s.timeline()
    err = t.attempt(play_land("Alice", forest, x=1))
    assert isinstance(err, IllegalAction) and err.rule == "117.1"
    assert t.state == t[0].state


# ---------------------------------------------------------------- the command line with hostile files
@pytest.mark.parametrize(("content", "says"), [
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "it nests lists or mappings too deeply"),
    (b'{"turn": 1' + b"0" * 5000 + b"}", "it holds a number of 5,001 digits"),
])
def test_walk_refuses_a_hostile_file_in_one_line_instead_of_a_traceback(tmp_path, capsys, content, says):
    """A file that isn't UTF-8, nests lists beyond Python's recursion limit, or holds a number
    with thousands of digits ended ``mtgrules walk`` with a traceback."""
    from mtgrules.cli import main
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    assert main(["walk", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.startswith("mtgrules walk:") and says in err and "Traceback" not in err


# ---------------------------------------------------------------- widgets given the wrong things
@pytest.mark.parametrize("step", [99, True, "1"])
def test_predict_names_the_steps_it_can_ask_about(step):
    """``Predict(t, 99)`` said only "list index out of range"; ``Predict(t, True)`` asked about
    step 1 as if True were a number."""
    from mtgrules.widgets import Predict
    t = _forest_timeline()
    with pytest.raises((IndexError, TypeError), match="a prediction needs a played step"):
        Predict(t, step)


@pytest.mark.parametrize("alternatives", ["pass", activate("Alice", 1)])
def test_whatif_refuses_alternatives_that_are_not_a_list_of_actions(alternatives):
    """``WhatIf(t, 0, "pass")`` played the letters 'p', 'a', 's', 's' as four refused actions; a
    lone action failed with "object is not iterable"."""
    from mtgrules.widgets import WhatIf
    t = _forest_timeline()
    with pytest.raises(TypeError, match=r"a list of actions, such as \[pass_priority"):
        WhatIf(t, 0, alternatives)


@pytest.mark.parametrize("at", [True, "0", 1.0])
def test_branch_refuses_a_step_that_is_not_a_whole_number(at):
    """``t.branch(True)`` branched after step 1, and ``t.branch("0")`` failed comparing text with
    a number."""
    t = _forest_timeline()
    with pytest.raises(TypeError, match="a step number"):
        t.branch(at)


@pytest.mark.parametrize(("start", "error", "says"), [
    ([1, 2], TypeError, "a Scenario or its plain data"),
    ("Alice, Bob", TypeError, "a Scenario or its plain data"),
    ({"players": "AB"}, ScenarioError, "players must be a list of names"),
    ({"cards": 3}, ScenarioError, "cards must be a list of entries"),
    ({"cards": [{"card": "Forest", "zone": "sideboard"}]}, ScenarioError, "zone 'sideboard'"),
])
def test_board_editor_refuses_a_starting_board_it_cannot_read(start, error, says):
    """``BoardEditor({"players": "AB"})`` made a board for players 'A' and 'B'; a list, a string
    or ``cards=3`` failed with Python's own "not iterable" errors."""
    from mtgrules.widgets import BoardEditor
    with pytest.raises(error, match=says):
        BoardEditor(start)


def test_board_editor_still_starts_from_cards_marked_attacking():
    from mtgrules.widgets import BoardEditor
    editor = BoardEditor({"cards": [{"card": "Grizzly Bears", "controller": "Alice", "attacking": True}]})
    assert editor.entries[0]["attacking"] is True


# ---------------------------------------------------------------- a card author's typos
CREATURE = frozenset({"Creature"})


@pytest.mark.parametrize(("fields", "says"), [
    ({"name": ""}, "name must be the card's name"),
    ({"name": 3}, "name must be the card's name"),
    ({"cost": 3}, "cost must be text"),
    ({"types": "Creature"}, "types must be a set of words"),
    ({"types": frozenset({"Creeture"})}, "'Creeture' is not a card type"),
    ({"subtypes": "Elf"}, "subtypes must be a set of words"),
    ({"power": "2"}, "power must be a whole number"),
    ({"toughness": True}, "toughness must be a whole number"),
    ({"oracle": 3}, "oracle must be text"),
    ({"abilities": ("Flying",)}, "abilities must be ability values"),
])
def test_carddef_refuses_a_field_of_the_wrong_kind_when_the_card_is_defined(fields, says):
    """``CardDef(..., types="Creature")`` or ``subtypes="Elf"`` was kept as a string (read letter by
    letter as a set later), ``power="2"`` and an unknown card type were kept, and ``oracle=3``
    failed deep inside with "'int' object has no attribute 'splitlines'"."""
    from mtgrules.cards import CardDef
    given = {"name": "Offpath Probe", "cost": "{G}", "types": CREATURE, "power": 1, "toughness": 1, **fields}
    with pytest.raises((TypeError, ValueError), match=says):
        CardDef(**given)


def test_carddef_still_takes_a_plain_set_or_list_of_words_and_a_list_of_abilities():
    from mtgrules.cards import CardDef
    cdef = CardDef("Offpath Probe", "{G}", {"Creature"}, subtypes=["Elf"], power=1, toughness=1, abilities=[])
    assert cdef.types == CREATURE and cdef.subtypes == frozenset({"Elf"}) and cdef.abilities == ()


# ---------------------------------------------------------------- resolve_top refused halfway
def test_resolve_top_refused_on_its_last_pass_leaves_the_timeline_as_it_was():
    """``resolve_top(t, bogus=1)`` recorded Alice's pass, then was refused on Bob's (the pass the
    answers go with): the refusal left priority with Bob and an extra step in the timeline."""
    from mtgrules import cast
    from mtgrules.play.verbs import resolve_top
    s = Scenario("Off the path")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline()
    t.do(cast("Alice", bears))
    before = len(t)
    with pytest.raises(IllegalAction) as err:
        resolve_top(t, bogus=1)
    assert err.value.rule == "117.1"
    assert len(t) == before and t.state.priority == "Alice"
    resolve_top(t)
    assert not t.state.stack


def test_go_to_stopped_by_a_missing_answer_leaves_the_timeline_as_it_was():
    """``go_to`` stopped by a choice nobody answered raised, but kept the passes it had made on
    the way: the learner's timeline had moved to a step they never asked for."""
    s = Scenario("Neyith")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    with pytest.raises(RuntimeError, match="target="):
        go_to(t, Step.BEGIN_COMBAT)
    assert len(t) == 1 and t.state == t[0].state
    go_to(t, Step.BEGIN_COMBAT, target=bears)
    assert t.state.step is Step.BEGIN_COMBAT


# ---------------------------------------------------------------- declarations read choices= as the others do
def test_declarations_read_a_choices_mapping_as_the_other_constructors_do():
    """``cast(..., choices={"trigger_order": ...})`` scripts the answer "trigger order", but
    ``declare_attackers(..., choices={...})`` scripted one answer of the kind "choices"."""
    from mtgrules import declare_attackers, declare_blockers
    attack = declare_attackers("Alice", [1], choices={"trigger_order": (2, 3)})
    assert attack.choices == (("trigger order", (2, 3)),)
    block = declare_blockers("Bob", {4: 1}, choices={"damage_order": (1,)}, pay=0)
    assert block.choices == (("damage order", (1,)), ("pay", 0))


# ---------------------------------------------------------------- asking about things that aren't there
@pytest.mark.parametrize("oid", [99, "Forest"])
def test_could_produce_refuses_an_object_that_does_not_exist(oid):
    """``could_produce(state, 99)`` (or a card's name) answered "nothing", as if the object were
    there and produced no mana."""
    from mtgrules import could_produce
    s = Scenario("Off the path")
    s.add("Forest", "Alice")
    with pytest.raises(KeyError, match="no object with id"):
        could_produce(s.state(), oid)


@pytest.mark.parametrize(("kind", "says"), [("attack", "'attacks'"), ("tap", "not an event kind")])
def test_find_refuses_an_event_kind_that_does_not_exist(kind, says):
    """``t.find("attack")`` said no step had such an event, as if no creature had attacked; the
    kind is "attacks"."""
    t = _forest_timeline()
    with pytest.raises(ValueError, match=says):
        t.find(kind)


@pytest.mark.parametrize("symbols", ["{GG}", "{{G}}", "G}", "{G"])
def test_mana_in_braces_is_read_one_symbol_per_pair_of_braces(symbols):
    """``s.mana("Alice", "{GG}")`` dropped the braces and added {G}{G}: a symbol holds one letter."""
    s = Scenario("Off the path")
    with pytest.raises(ScenarioError, match="one letter"):
        s.mana("Alice", symbols)
    assert s.pools["Alice"] == []
    assert len(s.mana("Alice", "{G}{W}").pools["Alice"]) == 2


def test_board_editor_keeps_the_fields_it_does_not_edit_and_numbers_beyond_its_spin_boxes():
    """``BoardEditor(scenario)`` dropped the format, teams, seed, mana and lands played (a
    Two-Headed Giant board came back as four players each on their own), clamped life 5000 to
    999, and loading ``{"life": 0}`` gave life 20."""
    from mtgrules.widgets import BoardEditor
    s = Scenario("Giants", players=["Alice", "Andy", "Bob", "Beth"], game_format="two-headed giant",
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"}, life=5000, seed=7)
    s.add("Forest", "Alice")
    s.mana("Alice", "G", source="Forest").lands_played("Alice")
    editor = BoardEditor(s)
    assert editor.scenario().to_dict() == s.to_dict()
    assert "game_format='two-headed giant'" in editor.code() and "s.lands_played('Alice', 1)" in editor.code()
    editor.load_json('{"life": 0}')
    assert editor.scenario().life == 0
