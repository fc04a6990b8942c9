"""MEL-1 to MEL-4: Wings of the Guard's melee (702.121a), counted as it resolves (608.2h), and
creatures put onto the battlefield attacking (508.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import kinds, pass_until, resolve_top
from helpers import murder_in_hand

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    activate,
    cast,
    characteristics,
    declare_attackers,
    pass_priority,
)
from mtgrules.core.objects import Zone
from mtgrules.rules.combat.state import attack_of, is_attacking, melee_count

THREE = ["Alice", "Bob", "Carol"]


def pt(state, oid) -> str:
    return characteristics(state, oid).pt()


def at_attackers(s: Scenario):
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)


@pytest.mark.ruling("MEL-1")
def test_two_opponents_attacked_give_plus_two_however_many_creatures():
    s = Scenario("MEL-1", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    five = [s.add("Grizzly Bears", "Alice") for _ in range(5)]
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", **{b: "Carol" for b in five}}))
    assert [item.label.split(":")[0] for item in t.state.stack] == ["Wings of the Guard"]
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"  # +2/+2: Bob and Carol
    assert melee_count(t.state, "Alice") == 2


@pytest.mark.ruling("MEL-1")
def test_six_creatures_at_one_opponent_give_only_plus_one():
    s = Scenario("MEL-1 contrast", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    five = [s.add("Grizzly Bears", "Alice") for _ in range(5)]
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", **{b: "Bob" for b in five}}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # one opponent attacked, however many creatures


def melee_on_the_stack():
    """Wings attacks Bob and Grizzly Bears attacks Carol; Bob holds Murder and three Swamps."""
    s = Scenario("MEL-2", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    _, cast_murder = murder_in_hand(s, "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Carol"}))
    return t, wings, bears, cast_murder


@pytest.mark.ruling("MEL-2")
def test_an_attacker_that_left_before_melee_resolves_still_counts():
    t, wings, bears, cast_murder = melee_on_the_stack()
    t.do(pass_priority("Alice"))
    cast_murder(t, bears)  # in response to melee
    t.do(pass_priority("Bob")).do(pass_priority("Carol")).do(pass_priority("Alice"))  # Murder resolves
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and not is_attacking(t.state, bears)
    assert len(t.state.stack) == 1  # melee is still waiting
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"  # Carol still counts although the Bears are gone


@pytest.mark.ruling("MEL-2")
def test_the_bonus_is_fixed_as_melee_resolves():
    t, wings, bears, *_ = melee_on_the_stack()
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"
    effect = [e for e in t.state.effects if e.rule == "702.121a"]
    assert len(effect) == 1 and effect[0].delta == (2, 2)  # a number, not a live count (608.2h)


@pytest.mark.ruling("MEL-2")
def test_an_opponent_who_left_the_game_still_counts():
    t, wings, *_ = melee_on_the_stack()
    gone = tuple(replace(p, lost=True) if p.name == "Carol" else p for p in t.state.players)
    state = replace(t.state, players=gone)  # Carol leaves the game before melee resolves
    t2 = Timeline(state, "Carol has left")
    t2.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert not t2.state.stack
    assert pt(t2.state, wings) == "3/3"


@pytest.mark.ruling("MEL-3")
def test_attacking_only_a_planeswalker_triggers_melee_for_nothing():
    s = Scenario("MEL-3", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: jace}))
    assert len(t.state.stack) == 1 and "Melee" in t.state.stack[0].label  # it triggered
    resolve_top(t)
    assert t.state.combat.attacked_by("Alice") == ()  # planeswalkers aren't counted
    assert pt(t.state, wings) == "1/1"  # +0/+0
    notes = kinds(t[-1].events, "melee")
    assert notes and notes[0].rule == "702.121a" and "planeswalkers don't count" in notes[0].text


@pytest.mark.ruling("MEL-3")
def test_a_planeswalker_and_its_controller_count_once():
    s = Scenario("MEL-3b", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: jace, bears: "Bob"}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # Bob counts because the Bears attacked him, not for Jace


@pytest.mark.ruling("MEL-4")
def test_a_token_entering_attacking_another_opponent_changes_nothing():
    s = Scenario("MEL-4", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    t.do(activate("Alice", plains))
    t.do(cast("Alice", ambush))  # resolves before melee
    resolve_top(t, attack_target="Carol")
    token = next(o for o in t.state.battlefield("Alice") if o.card == "Soldier Token")
    attack = attack_of(t.state, token.oid)
    assert attack.target == "Carol" and attack.declared is False and token.tapped  # attacking, never declared
    assert not kinds(t[-1].events, "attacks")  # no "attacks" event: it never attacked (508.4)
    assert len(t.state.stack) == 1  # only Wings's melee; the token triggered nothing
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # Carol isn't counted
    assert t.state.combat.attacked_by("Alice") == ("Bob",)


@pytest.mark.ruling("MEL-4")
def test_wings_put_onto_the_battlefield_attacking_does_not_trigger_melee():
    s = Scenario("MEL-4b", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    wings = s.add("Wings of the Guard", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    lands = [s.add("Plains", "Alice") for _ in range(2)]
    t = at_attackers(s)
    t.do(declare_attackers("Alice", [bears]))
    for land in lands:
        t.do(activate("Alice", land))
    t.do(cast("Alice", charge))
    resolve_top(t)
    assert t.state.obj(wings).zone is Zone.BATTLEFIELD and is_attacking(t.state, wings)
    assert attack_of(t.state, wings).declared is False
    assert t.state.stack == ()  # melee didn't trigger (508.3a, 508.4)
    assert pt(t.state, wings) == "1/1"
    assert [e.rule for e in kinds(t[-1].events, "enters attacking")] == ["508.4"]
