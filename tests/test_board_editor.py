"""BoardEditor, clicked through from Python: add a card, tap it, set a counter, copy the code,
save and load JSON, open a Walkthrough and the blocks explorer; an impossible board says why."""

from __future__ import annotations

import json
from html import unescape

from mtgrules import Scenario
from mtgrules.widgets import BlocksExplorer, BoardEditor, Walkthrough


def _add(editor: BoardEditor, name: str, player: str = "Alice", zone: str = "battlefield") -> None:
    editor.search.value = name
    editor.player.value = player
    editor.zone.value = zone
    editor.add_button.click()


def test_add_a_card_tap_it_set_a_counter_copy_the_code_and_open_a_walkthrough():
    e = BoardEditor()
    _add(e, "Grizzly Bears")
    assert e.selected == 0 and "#1 Grizzly Bears" in e.table.value and e.picture.value
    before = bytes(e.picture.value)
    e.tapped.value = True                                   # tap it
    assert e.entries[0]["tapped"] is True and ">tapped<" in e.table.value
    assert bytes(e.picture.value) != before                 # the picture follows
    e.counter_kind.value = "+1/+1"
    e.counter_n.value = 2
    e.counter_button.click()                                # set a counter
    assert e.entries[0]["counters"] == {"+1/+1": 2} and "+1/+1×2" in e.table.value and "4/4" in e.table.value
    e.copy_button.click()                                   # copy the code
    code = e.code_box.value
    assert "card1 = s.add('Grizzly Bears', 'Alice', tapped=True, counters={'+1/+1': 2})" in code
    scope: dict = {}
    exec(code, scope)                                       # the copied code builds the same board
    assert scope["s"].state() == e.scenario().state()
    e.walk_button.click()                                   # open a Walkthrough
    walk = e.opened.children[1]                             # under what can be done from the board
    assert isinstance(walk, Walkthrough) and walk is e.walkthrough and "Grizzly Bears" in walk.table.value


def test_life_step_player_zone_and_attachments():
    e = BoardEditor()
    e.life.value = 7
    e.step.value = "end"
    _add(e, "Forest", "Bob")
    _add(e, "Utopia Sprawl", "Alice", zone="graveyard")
    e.select(1)
    e.card_player.value = "Bob"
    e.card_zone.value = "battlefield"          # an Aura on the battlefield must say what it enchants...
    assert "can't be built" in unescape(e.errors.value)
    e.attached.value = 1
    e.chosen_color.value = "G"                 # ... and the colour it chose
    assert e.errors.value == ""
    state = e.scenario().state()
    assert state.player("Alice").life == 7 and state.step.value == "end"
    sprawl = state.obj(2)
    assert (sprawl.controller, sprawl.zone.value, sprawl.attached_to) == ("Bob", "battlefield", 1)
    assert "chosen={'color': 'G'}" in e.code() and "attached_to=card1" in e.code()
    e.select(0)
    e.remove_button.click()                    # removing the Forest drops the attachment
    assert "attached_to" not in e.entries[0]


def test_an_impossible_board_shows_the_scenario_error_inline():
    e = BoardEditor()
    _add(e, "Utopia Sprawl")            # an Aura that chose a colour as it entered: the board must say which
    assert "can't be built" in unescape(e.errors.value) and "chose a colou" in unescape(e.errors.value)
    e.select(0)
    e.card_zone.value = "hand"          # in hand it needs no colour
    assert e.errors.value == "" and "Utopia Sprawl" in e.table.value
    _add(e, "Forrest")                  # not a card: said, not added
    assert "no card named 'Forrest'" in unescape(e.errors.value) and len(e.entries) == 1


def test_save_and_load_json_round_trip():
    e = BoardEditor()
    _add(e, "Grizzly Bears")
    e.tapped.value = True
    text = e.to_json()
    assert "Save as JSON" in e.save_link.value and "data:application/json;base64," in e.save_link.value
    f = BoardEditor.from_json(text)
    assert f.scenario().state() == e.scenario().state()
    f.load_json('{"players": ["Alice"]}')
    assert "isn't a board" in unescape(f.errors.value) and f.entries == e.entries   # a bad file changes nothing
    f.load_json("__import__('os')")
    assert "isn't a board" in unescape(f.errors.value)


def test_starts_from_a_scenario_and_opens_the_blocks_explorer():
    s = Scenario("Blocks", step="main1")
    s.add("Grizzly Bears", "Alice")
    s.add("Walking Corpse", "Bob")
    e = BoardEditor(s)
    assert e.scenario().state() == s.state()
    e.blocks_button.click()
    assert "attacks" in unescape(e.errors.value)                      # nothing marked as attacking yet
    e.select(0)
    e.attacking.value = True
    e.blocks_button.click()
    assert isinstance(e.opened.children[0], BlocksExplorer)


def test_to_dict_reads_back_to_the_same_board():
    s = Scenario("Round trip", step="combat", turn=3)
    s.add("Grizzly Bears", "Alice", tapped=True, sick=True, counters={"+1/+1": 1})
    forest = s.add("Forest", "Alice")
    s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "G"})
    s.add("Forest", "Bob", zone="graveyard")
    s.mana("Alice", "GG")
    data = s.to_dict()
    assert Scenario.from_dict(json.loads(json.dumps(data))).state() == s.state()


def _upload(editor: BoardEditor, text: str) -> None:
    """What the front end sends when a file is chosen in "Load JSON"."""
    data = text.encode()
    editor.load.set_state({"value": [{"name": "board.json", "type": "application/json", "size": len(data),
                                      "content": memoryview(data), "last_modified": 0}]})


def test_loading_the_same_file_again_after_an_edit_loads_it_again():
    """Seen in the browser: load board.json, change the life, load board.json again to go back:
    the upload's value was the same as before, so nothing happened and the edit stayed."""
    s = Scenario("Saved", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"}, game_format="two-headed giant")
    s.add("Grizzly Bears", "Alice")
    text = json.dumps(s.to_dict())
    e = BoardEditor()
    _upload(e, text)
    assert e.life.value == 30 and len(e.entries) == 1
    e.life.value = 0
    _upload(e, text)
    assert e.life.value == 30, "loading the same file again did nothing"


def test_a_walkthrough_of_a_new_board_offers_the_legal_actions_and_plays_one():
    """"Open a Walkthrough" on a board showed "0 steps follow" and a disabled Next, and nothing said
    what to do (issue 26 §3): it offers the actions the rules allow now, one button each, and a
    click plays one as the next step (and offers what follows)."""
    from mtgrules.rules.legal import legal_actions
    s = Scenario("Offer", step="main1")
    forest = s.add("Forest", "Alice")
    e = BoardEditor(s)
    walk = e.open_walkthrough()
    offer = e.opened.children[0]
    assert "mtg-editor-offer" in offer._dom_classes and "no steps yet" in offer.children[0].value
    buttons = [b for b in offer.children[1].children if "mtg-editor-legal-action" in b._dom_classes]
    wanted = [a.describe(walk.timeline.state) for a in legal_actions(walk.timeline.state)]
    assert [b.tooltip for b in buttons] == wanted and "Alice activates Forest — {T}: Add {G}" in wanted  # one Forest
    two = BoardEditor({"cards": [{"card": "Forest", "controller": "Alice"}, {"card": "Forest", "controller": "Alice"}]})
    two.open_walkthrough()
    labels = [b.description for b in two.opened.children[0].children[1].children]
    assert "Alice activates Forest — {T}: Add {G} (#1)" in labels and len(set(labels)) == len(labels)
    next(b for b in buttons if "activates Forest" in b.tooltip).click()
    assert len(e.walkthrough.timeline) == 2 and e.walkthrough.step == 1
    assert "Step 1 of 1" in e.walkthrough.label.value
    assert e.walkthrough.timeline.state.obj(forest).tapped
    assert "1 step played" in e.opened.children[0].children[0].value


def test_on_first_display_the_card_settings_belong_to_the_first_card_and_say_so():
    """The card settings showed "library" for a board with no card selected, as if they were the
    settings of the last card, scrolled out of the list (issue 26 §3)."""
    s = Scenario("Ten cards", step="main1")
    for _ in range(3):
        s.add("Forest", "Alice", zone="library")
    s.add("Grizzly Bears", "Alice")
    e = BoardEditor(s)
    e.fill()
    assert e.selected == 0 and e.card_zone.value == "library"
    assert "Settings of #1 Forest (Alice; library)" in e.card_heading.value
    e.select(3)
    assert "Settings of #4 Grizzly Bears" in e.card_heading.value and e.card_zone.value == "battlefield"
    e.cards.value = None
    assert "No card selected" in e.card_heading.value


def test_labels_and_buttons_are_sized_to_their_text():
    e = BoardEditor()
    e.fill()
    assert e.chosen_color.description == "Chosen colour" and e.chosen_color.style.description_width == "7.5em"
    for button in (e.walk_button, e.blocks_button, e.copy_button):
        assert button.layout.width == "auto", button.description
    assert "Save as JSON" in e.save_link.value and "border:1px solid" in e.save_link.value


def test_the_copied_code_says_which_cards_a_fresh_kernel_needs_registered_first():
    """The copied code named 'Practice Brute', which exists only after lesson 9's register cell
    ran: pasted into a fresh kernel it failed on the name. It says so now, and a kit-only board
    says nothing."""
    from helpers import pool_restored

    from mtgrules.cards import KIT_CARDS, CardDef, register
    name = "Practice Editor Golem"
    with pool_restored():
        register(CardDef(name, "{3}", frozenset({"Artifact", "Creature"}), frozenset({"Golem"}), power=3, toughness=3))
        assert name not in KIT_CARDS and "Llanowar Elves" in KIT_CARDS  # Grizzly Bears is compiled from the data
        s = Scenario("Own card")
        s.add(name, "Alice")
        code = BoardEditor(s).code()
        assert code.startswith(f"# This board names {name!r}, not one of the kit's cards") and "register" in code
        plain = Scenario("Kit cards")
        plain.add("Grizzly Bears", "Alice")
        assert BoardEditor(plain).code().startswith("from mtgrules import Scenario")
