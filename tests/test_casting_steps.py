"""The substeps of casting (601.2a to 601.2i), read back from the engine's record of one cast."""

from __future__ import annotations

import pytest

from mtgrules import Scenario, activate, cast
from mtgrules.rules.casting_steps import casting_steps


def _cast(*, snipe: bool = True, x: int = 0):
    s = Scenario("casting steps")
    if snipe:
        s.add("Guttersnipe", "Alice")
    lands = [s.add("Mountain", "Alice") for _ in range(2 + x if x else 1)]
    spell = s.add("Exponential Growth" if x else "Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    t = s.timeline()
    for land in lands:
        t.do(activate("Alice", land))
    t.do(cast("Alice", spell, x=x, targets=(bears,)))
    f = t[-1]
    return casting_steps(t[-2].state, f.action, f.events, f.state)


@pytest.mark.rule("601.2")
def test_every_substep_in_the_order_of_601_2():
    steps = _cast()
    assert [s.rule for s in steps] == [f"601.2{c}" for c in "abcdefghi"]


@pytest.mark.rule("601.2i")
def test_becomes_cast_names_what_triggered_and_who_gets_priority():
    said = {s.rule: s.text for s in _cast()}
    assert "Guttersnipe triggers" in said["601.2i"] and "Alice, who cast it, gets priority" in said["601.2i"]
    assert "nothing triggers" in {s.rule: s.text for s in _cast(snipe=False)}["601.2i"]


@pytest.mark.rule("601.2g")
def test_mana_abilities_and_payment_come_from_the_pool_and_the_spent_mana():
    said = {s.rule: s.text for s in _cast()}
    assert "{R} (from Mountain)" in said["601.2g"]
    assert "spends {R} to pay {R}" in said["601.2h"]
    assert "Grizzly Bears" in said["601.2c"]


@pytest.mark.rule("601.2b")
def test_x_is_announced_and_counted_in_the_total_cost():
    said = {s.rule: s.text for s in _cast(x=2)}
    assert "X is two" in said["601.2b"] or "X is 2" in said["601.2b"]
    assert "X=" in said["601.2f"]


def test_events_that_cast_nothing_are_refused():
    s = Scenario("no cast")
    land = s.add("Mountain", "Alice")
    t = s.timeline().do(activate("Alice", land))
    with pytest.raises(ValueError, match="601.2a"):
        casting_steps(t[0].state, cast("Alice", land), t[1].events, t[1].state)


@pytest.mark.rule("601.2b")
def test_the_chosen_mode_is_announced():
    s = Scenario("a modal spell")
    strike = s.add("Reckless Air Strike", "Alice", zone="hand")
    thopter = s.add("Ornithopter", "Bob")
    s.mana("Alice", "R")
    t = s.timeline().do(cast("Alice", strike, mode="Destroy target artifact.", targets=(thopter,)))
    said = {c.rule: c.text for c in casting_steps(t[0].state, t[1].action, t[1].events, t[1].state)}
    assert "Alice announces the mode" in said["601.2b"] and "Ornithopter" in said["601.2c"]
