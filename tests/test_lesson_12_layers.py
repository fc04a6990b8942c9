"""Lesson 12's boards: each classic layers question played by the engine with the outcome the
rules give, and the wrong option beside it on the board that differs in one way (the timestamps
swapped, one effect missing, another spell cast); the layer view of each, as the lesson shows it."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, activate, characteristics
from mtgrules.cards import card
from mtgrules.lessons import layers as lesson
from mtgrules.rules.layers import layer_trace


def _pt(t, name: str) -> str:
    return characteristics(t.state, lesson._oid(t, name)).pt()


def _layers(state, oid) -> list[str]:
    return [s.layer for s in layer_trace(state, oid).steps]


@pytest.mark.rule("613.4b")
def test_a_setting_effect_after_a_pump_applies_before_it_and_the_later_setting_wins():
    """X = 3, Giant Growth, X = 1: both settings in 7b by timestamp (1/1), Giant Growth after
    them in 7c though its timestamp is between them: 4/4. Swapped X values: 6/6; no pump: 1/1."""
    assert _pt(lesson.set_after_pump(), "Chimeric Staff") == "4/4"
    assert _pt(lesson.set_after_pump(first=1, second=3), "Chimeric Staff") == "6/6"
    assert _pt(lesson.set_after_pump(growth=False), "Chimeric Staff") == "1/1"
    state, oid = lesson.staff_layers()
    assert _layers(state, oid) == ["4", "4", "7b", "7b", "7c"]
    times = [s.timestamp for s in layer_trace(state, oid).steps]
    assert times[2] < times[4] < times[3]  # the pump's timestamp is between the two settings'


@pytest.mark.rule("613.4d")
def test_a_switch_applies_after_counters_and_every_modifying_effect_whenever_it_was_cast():
    assert _pt(lesson.switch_after_counters(), "Grizzly Bears") == "3/7"
    assert _pt(lesson.switch_after_counters(twist_first=False), "Grizzly Bears") == "3/7"
    assert _pt(lesson.switch_after_counters(twist=False), "Grizzly Bears") == "7/3"
    assert _pt(lesson.switch_after_counters(counter=False), "Grizzly Bears") == "2/6"
    state, oid = lesson.bears_layers()
    assert _layers(state, oid) == ["7c", "7c", "7d"]
    assert layer_trace(state, oid).steps[1].description == "its counters: 1 +1/+1 counter"


@pytest.mark.rule("613.7")
def test_in_layer_6_the_later_of_losing_all_abilities_and_gaining_flying_wins():
    """Hush, then the Glidemaster: it flies, but its own deathtouch ability is gone (613.1f); in
    the other order Hush is later and takes the granted flying too."""
    flies = lesson.hush_then_flying()
    assert lesson.imp_flies(flies[-1]) == "Fetid Imp has flying"
    with pytest.raises(IllegalAction) as refused:
        flies.do(activate("Alice", lesson._oid(flies, "Fetid Imp"), 0, pay="B"))
    assert refused.value.rule == "613.1f"
    assert lesson.imp_flies(lesson.hush_then_flying(hush_first=False)[-1]) == "Fetid Imp has no flying"
    state, oid = lesson.imp_layers_swapped()
    assert [s.description.split(":")[0] for s in layer_trace(state, oid).steps] == ["Keen Glidemaster",
                                                                                     "Practice Hush"]


@pytest.mark.rule("613.3")
def test_a_type_change_overwrites_a_characteristic_defining_ability_and_losing_it_in_layer_6_does_not():
    """The Shapeshifter's CDA applies first in layer 4; Frogform after it leaves only Frog, so the
    Bloodlord (Vampires +1/+1) no longer pumps it. Hush in layer 6 comes after layer 4: still a Vampire."""
    frog = lesson.frog_and_shapeshifter()
    c = characteristics(frog.state, lesson._oid(frog, "Practice Shapeshifter"))
    assert (c.subtypes, c.pt()) == (frozenset({"Frog"}), "2/2")
    state, oid = lesson.shapeshifter_layers()
    steps = layer_trace(state, oid).steps
    assert [(s.layer, s.cda) for s in steps] == [("4", True), ("4", False)]
    hushed = lesson.frog_and_shapeshifter("Practice Hush")
    c = characteristics(hushed.state, lesson._oid(hushed, "Practice Shapeshifter"))
    assert "Vampire" in c.subtypes and c.pt() == "3/3" and c.abilities == ()
    assert _pt(lesson.frog_and_shapeshifter(""), "Practice Shapeshifter") == "3/3"


@pytest.mark.rule("613.8a")
def test_the_assembly_waits_for_the_lattice_so_the_forest_is_a_2_2_artifact_creature_land():
    t = lesson.lattice_and_assembly()
    c = characteristics(t.state, lesson._oid(t, "Forest"))
    assert (c.types, c.pt()) == (frozenset({"Land", "Artifact", "Creature"}), "2/2")
    state, oid = lesson.forest_layers()
    assert layer_trace(state, oid).steps[1].depends_on == ("Practice Lattice: all permanents are artifacts",)
    for kw in ({"assembly": False}, {"lattice": False}):
        t = lesson.lattice_and_assembly(**kw)
        assert not characteristics(t.state, lesson._oid(t, "Forest")).is_creature


def test_the_practice_cards_say_they_are_not_real_cards():
    for name in ("Practice Twist", "Practice Shapeshifter", "Practice Frogform"):
        assert "not a real Magic card" in card(name).source


def test_every_creature_type_is_said_as_such_in_the_type_line_and_the_layer_view():
    from mtgrules.views import layers_table
    from mtgrules.views.tables import type_line
    state, oid = lesson.shapeshifter_layers("Practice Hush")
    assert type_line(characteristics(state, oid)) == "Creature — every creature type"
    assert set(layers_table(state, oid)["types"]) == {"Creature — Shapeshifter", "Creature — every creature type"}


def test_the_static_layer_table_is_the_layer_views_rows_and_names_what_is_constant():
    from mtgrules.lessons.static import expected, layers_markdown
    text = layers_markdown("layers:forest_layers")
    assert text == expected("layers:layers:forest_layers")
    assert "| 2 | 4 (type) | Practice Assembly" in text and "613.8a" in text
    assert "abilities: {T}: Add {G}." in text.splitlines()[0]
    with pytest.raises(ValueError, match="no function"):
        layers_markdown("layers:no_such_board")


def test_the_handouts_show_a_layer_view_as_its_table():
    from mtgrules.classroom.handouts import Page, Pictures
    from mtgrules.widgets import LayerView
    html = Page("Lesson 12", Pictures()).value(LayerView(*lesson.staff_layers()))
    assert "The layers for #1 Chimeric Staff" in html and "interactive widget" not in html


def test_the_what_ifs_play_the_other_order_and_the_other_spell():
    from mtgrules.widgets import WhatIf
    imp = lesson.hush_then_flying()
    w = WhatIf(imp, lesson.hush_branch(imp), lesson.other_order(imp))
    assert not any(w.refusals) and lesson.imp_flies(w.branch[-1]) == "Fetid Imp has no flying"
    shifter = lesson.frog_and_shapeshifter()
    w = WhatIf(shifter, lesson.frog_branch(shifter), lesson.hush_instead(shifter))
    assert not any(w.refusals) and _pt(w.branch, "Practice Shapeshifter") == "3/3"
