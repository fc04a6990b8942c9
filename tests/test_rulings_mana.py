"""MANA-1 to MANA-6: the mana paragraphs every seed opens with (CR 106.5-106.12b)."""

from __future__ import annotations

import pytest
from helpers import kinds, pool, refused

from mtgrules import Scenario, activate, apply, cast, characteristics, pass_priority
from mtgrules.core.mana import ManaType
from mtgrules.lessons import mana as lesson


@pytest.mark.ruling("MANA-1")
def test_undefined_type_adds_no_mana_but_the_cost_is_paid():
    s = Scenario("MANA-1")
    lone_pool = s.add("Reflecting Pool", "Alice")
    s.add("Forest", "Bob")  # an opponent's land is not "a land you control"
    state, events = apply(s.state(), activate("Alice", lone_pool))
    assert state.obj(lone_pool).tapped, "the {T} cost is still paid"
    assert pool(state, "Alice") == []
    notes = kinds(events, "no mana")
    assert len(notes) == 1 and notes[0].rule == "106.5"


@pytest.mark.ruling("MANA-1")
def test_undefined_type_becomes_defined_once_a_land_can_produce():
    s = Scenario("MANA-1b")
    lone_pool = s.add("Reflecting Pool", "Alice")
    s.add("Swamp", "Alice")
    state, events = apply(s.state(), activate("Alice", lone_pool))
    assert pool(state, "Alice") == ["B"] and not kinds(events, "no mana")


@pytest.mark.ruling("MANA-2")
def test_restricted_mana_keeps_its_type_and_its_restriction():
    s = Scenario("MANA-2")
    zig = s.add("Ancient Ziggurat", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    unit = state.player("Alice").pool[0]
    assert unit.type is ManaType.G
    assert unit.restriction is not None and "creature spell" in unit.label()
    refused(state, cast("Alice", growth, targets=(bears,)), "106.6")


@pytest.mark.ruling("MANA-2")
def test_restricted_mana_pays_what_it_allows():
    s = Scenario("MANA-2b")
    zig = s.add("Ancient Ziggurat", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    state, _ = apply(state, cast("Alice", elves))
    assert pool(state, "Alice") == [] and state.stack[-1].label == "Llanowar Elves"


@pytest.mark.ruling("MANA-3")
def test_could_produce_ignores_costs_and_sees_replacements():
    from mtgrules import could_produce_all
    s = Scenario("MANA-3")
    crag = s.add("Vivid Crag", "Alice", tapped=True)  # tapped and out of counters: costs are ignored
    forest = s.add("Forest", "Alice", tapped=True)
    answer = could_produce_all(s.state())
    assert answer[forest] == {ManaType.G}
    assert answer[crag] == {ManaType.R, ManaType.W, ManaType.U, ManaType.B, ManaType.G}
    s.add("Infernal Darkness", "Bob")
    answer = could_produce_all(s.state())
    assert answer[forest] == {ManaType.B} and answer[crag] == {ManaType.B}


@pytest.mark.ruling("MANA-3")
def test_lands_that_only_reflect_each_other_could_produce_nothing():
    from mtgrules import could_produce_all
    s = Scenario("MANA-3b")
    orchard = s.add("Exotic Orchard", "Alice")
    their_orchard = s.add("Exotic Orchard", "Bob")
    assert could_produce_all(s.state())[orchard] == frozenset()
    assert could_produce_all(s.state())[their_orchard] == frozenset()
    s.add("Island", "Bob")
    answer = could_produce_all(s.state())
    assert answer[orchard] == {ManaType.U}, "Alice's Orchard sees Bob's Island"
    assert answer[their_orchard] == {ManaType.U}, "Bob's Orchard now sees Alice's Orchard"


@pytest.mark.ruling("MANA-4")
def test_only_a_T_mana_ability_is_tapping_for_mana():
    with_q, with_t = lesson.tap_versus_untap()  # the lesson's boards: Mana Reflection out, {C}{C} floating
    assert pool(with_t.state, "Alice") == ["C", "C", "G", "G"], "a {T} ability is doubled by Mana Reflection"
    assert pool(with_q.state, "Alice") == ["G"], "{2},{Q} is not tapping for mana: one {G}, not two"
    assert [e.rule for e in with_q[1].events if e.kind == "mana added"] == ["106.4"]


@pytest.mark.ruling("MANA-5")
def test_tapped_for_mana_trigger_fires_on_production_only():
    s = Scenario("MANA-5")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    lone_pool = s.add("Reflecting Pool", "Bob")
    state, events = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G"]
    assert [e.rule for e in kinds(events, "trigger")] == ["106.12a"]
    state, _ = apply(state, pass_priority("Alice"))  # Bob gets priority; mana stays until the step ends
    state, events = apply(state, activate("Bob", lone_pool))
    assert pool(state, "Bob") == [] and not kinds(events, "trigger"), "no mana, so no trigger"


@pytest.mark.ruling("MANA-5")
def test_utopia_sprawl_adds_its_colour_when_the_forest_is_tapped():
    s = Scenario("MANA-5b")
    forest = s.add("Forest", "Alice")
    s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "U"})
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "U"]


@pytest.mark.ruling("MANA-6")
def test_replacement_changes_the_production_event_itself():
    s = Scenario("MANA-6")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    order = ("Mana Reflection", "Infernal Darkness")
    state, events = apply(s.state(), activate("Alice", forest, replacement_order=order))
    added = kinds(events, "mana added")
    assert len(added) == 1, "one production event, not an extra one"
    assert added[0].rule == "106.12b" and "Mana Reflection then Infernal Darkness" in added[0].text
    assert pool(state, "Alice") == ["B", "B"]


@pytest.mark.ruling("MANA-6")
def test_replacement_order_is_the_affected_players_choice():
    from mtgrules import MissingChoice
    s = Scenario("MANA-6b")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    with pytest.raises(MissingChoice) as info:
        apply(s.state(), activate("Alice", forest))
    assert info.value.rule == "616.1" and info.value.kind == "replacement order"
    assert characteristics(s.state(), forest).name == "Forest"
