"""The layer view: ``layers_table`` (views), ``LayerView`` (widgets), and the buttons that open it
from the BoardEditor and the Walkthrough, driven from Python (no browser: see
tests/test_layer_view_browser.py for JupyterLab)."""

from __future__ import annotations

import pytest

from mtgrules import Scenario, cast
from mtgrules.core.errors import NotInGame, WrongThing
from mtgrules.play.verbs import resolve_top
from mtgrules.views import LAYER_COLUMNS, ViewTable, layers_html, layers_table
from mtgrules.widgets import BoardEditor, LayerView, Walkthrough


def _dub_board():
    s = Scenario("Dub on the Bears")
    bears = s.add("Grizzly Bears", "Alice")
    dub = s.add("Dub", "Alice", attached_to=bears)
    s.add("Lord of the Accursed", "Alice")
    return s, bears, dub


@pytest.mark.rule("613.1")
def test_layers_table_lists_each_effect_in_order_with_its_rule_source_timestamp_and_values():
    s, bears, dub = _dub_board()
    table = layers_table(s.state(), bears)
    assert isinstance(table, ViewTable) and list(table.columns) == list(LAYER_COLUMNS)
    assert list(table.index) == ["printed", "1", "2", "3"]
    assert list(table["layer"]) == ["— (printed)", "4 (type)", "6 (ability)", "7c (P/T: modify)"]
    assert list(table["rule"]) == ["613.1", "205.1b", "613.1f", "613.4c"]
    assert list(table["P/T"]) == ["2/2", "2/2", "2/2", "4/4"]
    assert table["types"].iloc[1] == "Creature — Bear Knight"
    assert table["abilities"].iloc[2] == "first strike"
    assert set(table["source"].iloc[1:]) == {f"#{dub} Dub"}
    assert table["depends on"].iloc[1] == "—"


@pytest.mark.rule("613.8a")
def test_the_view_says_why_an_effect_waited_and_which_effect_ceased_to_exist():
    s = Scenario("lattice")
    s.add("Practice Assembly", "Alice")
    forest = s.add("Forest", "Alice")
    s.add("Practice Lattice", "Alice")
    table = layers_table(s.state(), forest)
    assert "Practice Lattice" in table["depends on"].iloc[2] and "613.8a" in table["depends on"].iloc[2]
    s2 = Scenario("hush", step="main1")
    lord = s2.add("Lord of the Accursed", "Alice")
    corpse = s2.add("Walking Corpse", "Alice")
    hush = s2.add("Practice Hush", "Alice", zone="hand")
    s2.mana("Alice", "UU")
    t = s2.timeline()
    t.do(cast("Alice", hush, targets=(lord,)))
    resolve_top(t)
    gone = layers_table(t.state, corpse)
    assert gone["effect"].iloc[-1].endswith("(doesn't apply)") and "613.6" in gone["depends on"].iloc[-1]


def test_layers_html_escapes_highlights_changes_and_names_the_object():
    s, bears, _dub = _dub_board()
    html = layers_html(s.state(), bears)
    assert "The layers for" in html and "Grizzly Bears" in html and "background-color" in html
    with pytest.raises(WrongThing):
        layers_table(s.state(), "Grizzly Bears")
    with pytest.raises(NotInGame):
        layers_table(s.state(), 99)


def test_layer_view_widget_shows_the_table_and_switches_objects():
    s, bears, dub = _dub_board()
    w = LayerView(s.state(), bears)
    assert "Dub: the enchanted creature gets +2/+2" in w.table.value
    assert dict((v, k) for k, v in w.picker.options)[dub].startswith(f"#{dub} Dub")
    w.picker.value = dub
    assert w.oid == dub and "the card as printed" in w.table.value
    w.select(bears)
    assert "gets +2/+2" in w.table.value
    with pytest.raises(WrongThing):
        LayerView(s.timeline(), bears)


def test_the_board_editor_opens_the_layer_view_of_the_selected_card():
    s, bears, _dub = _dub_board()
    editor = BoardEditor(s)
    editor.select(bears - 1)
    view = editor.open_layers()
    assert isinstance(view, LayerView) and view.oid == bears
    assert editor.opened.children == (view,)
    assert "Knight" in view.table.value


def test_the_walkthrough_opens_the_layer_view_of_the_chosen_card_and_follows_the_steps():
    s = Scenario("threaten", step="main1")
    bears = s.add("Grizzly Bears", "Bob", tapped=True)
    spell = s.add("Threaten", "Alice", zone="hand")
    s.mana("Alice", "RRR")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(bears,)))
    resolve_top(t)
    w = Walkthrough(t)
    assert bears in [v for _l, v in w.layers_pick.options]
    view = w.open_layers(bears)
    assert "Threaten" not in view.table.value  # the start: nothing applies yet
    w.go(-1)
    shown = w.layers_panel.children[0]
    assert shown.oid == bears and "2 (control)" in shown.table.value and "Alice" in shown.table.value
    w.close_layers()
    assert w.layers_panel.children == ()
