"""TAP-1, UNTAP-1 and XETB-1: the {T}, {Q} and X paragraphs (107.5, 107.6, 302.6, 107.3m, 107.3g)."""

from __future__ import annotations

import pytest
from helpers import pool, refused

from mtgrules import Scenario, activate, apply, cast, pass_priority
from mtgrules.rules.stack import mana_value


@pytest.mark.ruling("TAP-1")
def test_a_tapped_permanent_cant_pay_T():
    s = Scenario("TAP-1")
    forest = s.add("Forest", "Alice", tapped=True)
    refused(s.state(), activate("Alice", forest), "107.5")


@pytest.mark.ruling("TAP-1")
def test_a_creature_needs_continuous_control_to_pay_T():
    s = Scenario("TAP-1")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    err = refused(s.state(), activate("Alice", elves), "302.6")
    assert "Llanowar Elves" in err.reason


@pytest.mark.ruling("TAP-1")
def test_haste_lifts_the_creature_restriction():
    s = Scenario("TAP-1")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    s.add("Fervor", "Alice")
    state, _ = apply(s.state(), activate("Alice", elves))
    assert state.obj(elves).tapped and pool(state, "Alice") == ["G"]


@pytest.mark.ruling("TAP-1")
def test_a_noncreature_permanent_that_just_arrived_can_tap():
    s = Scenario("TAP-1")
    forest = s.add("Forest", "Alice", sick=True)  # 302.6 is about creatures only
    state, _ = apply(s.state(), activate("Alice", forest))
    assert state.obj(forest).tapped


@pytest.mark.ruling("UNTAP-1")
def test_an_untapped_permanent_cant_pay_Q():
    s = Scenario("UNTAP-1")
    order = s.add("Order of Whiteclay", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "WWG")
    refused(s.state(), activate("Alice", order, targets=(elves,)), "107.6")


@pytest.mark.ruling("UNTAP-1")
def test_a_creature_needs_continuous_control_to_pay_Q():
    s = Scenario("UNTAP-1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True, sick=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "WWG")
    refused(s.state(), activate("Alice", order, targets=(elves,)), "302.6")


@pytest.mark.ruling("UNTAP-1")
def test_Q_untaps_and_the_ability_resolves():
    s = Scenario("UNTAP-1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "WWG")
    state, _ = apply(s.state(), activate("Alice", order, targets=(elves,)))
    assert not state.obj(order).tapped and pool(state, "Alice") == []
    for player in ("Alice", "Bob"):
        state, _ = apply(state, pass_priority(player))
    assert state.obj(elves).zone.value == "battlefield"


@pytest.mark.ruling("UNTAP-1")
def test_haste_lifts_the_Q_restriction_too():
    s = Scenario("UNTAP-1")
    pili = s.add("Pili-Pala", "Alice", tapped=True, sick=True)
    s.mana("Alice", "CC")
    refused(s.state(), activate("Alice", pili, color="R"), "302.6")
    s.add("Fervor", "Alice")
    state, _ = apply(s.state(), activate("Alice", pili, color="R"))
    assert pool(state, "Alice") == ["R"] and not state.obj(pili).tapped


def _walker_on_the_stack(x: int):
    s = Scenario("XETB-1")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "C" * (2 * x))
    state, _ = apply(s.state(), cast("Alice", walker, x=x))
    return state, walker


@pytest.mark.ruling("XETB-1")
@pytest.mark.parametrize("x", [1, 3])
def test_enters_with_X_counters_from_its_spell(x):
    state, walker = _walker_on_the_stack(x)
    assert mana_value(state, walker) == 2 * x, "on the stack, X is the chosen value"
    for player in ("Alice", "Bob"):
        state, _ = apply(state, pass_priority(player))
    obj = state.obj(walker)
    assert obj.zone.value == "battlefield"
    assert obj.counter("+1/+1") == x, "the enters-with replacement uses the spell's X"
    assert mana_value(state, walker) == 0, "on the battlefield X is 0"


@pytest.mark.ruling("XETB-1")
def test_X_is_zero_in_hand():
    s = Scenario("XETB-1")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    assert mana_value(s.state(), walker) == 0


@pytest.mark.ruling("TAP-1")
def test_a_creature_gained_on_an_opponents_turn_is_still_sick_on_that_turn():
    s = Scenario("TAP-1", turn=5, active="Bob")  # Alice's most recent turn was turn 4
    elves = s.add("Llanowar Elves", "Alice", sick=True)  # came under her control during Bob's turn 5
    state = apply(s.state(), pass_priority("Bob"))[0]
    err = refused(state, activate("Alice", elves), "302.6")
    assert "since this turn began" in err.reason
    s = Scenario("TAP-1", turn=5, active="Bob")
    elves = s.add("Llanowar Elves", "Alice")
    state = apply(s.state(), pass_priority("Bob"))[0]
    assert apply(state, activate("Alice", elves))[0].obj(elves).tapped, "under control since before turn 4"
