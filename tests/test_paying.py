"""The player pays, not the engine (601.2h, 118.3a): when different ways of paying a cost leave
different pools, the payer says which mana pays with ``pay=``.

Regression: Alice floated {G}{R} and paid Hangarback Walker's "{1}, {T}" ability; the engine spent
the {G} by itself and then refused her Giant Growth (118.3).
"""

from __future__ import annotations

import pytest
from helpers import pool, refused

from mtgrules import Activate, MissingChoice, Scenario, activate, apply, cast, legal_actions

# Hangarback Walker's "{1}, {T}: Put a +1/+1 counter on this creature."
PUMP = "{1}, {T}"  # Hangarback Walker's activated ability, by the start of its text


def _floating_g_and_r():
    s = Scenario("paying {1}")
    forest = s.add("Forest", "Alice")
    mountain = s.add("Mountain", "Alice")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    growth = s.add("Giant Growth", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", forest))
    state, _ = apply(state, activate("Alice", mountain))
    return state, walker, growth


@pytest.mark.rule("601.2h")
def test_different_pools_left_means_the_payer_is_asked():
    state, walker, _growth = _floating_g_and_r()
    with pytest.raises(MissingChoice) as need:
        apply(state, activate("Alice", walker, PUMP))
    assert need.value.kind == "pay" and need.value.rule == "601.2h"
    assert sorted(need.value.options) == ["{G}", "{R}"]
    assert "pay=" in str(need.value)


@pytest.mark.rule("118.3a")
def test_the_chosen_mana_is_spent_and_the_rest_stays():
    state, walker, growth = _floating_g_and_r()
    paid, events = apply(state, activate("Alice", walker, PUMP, pay="R"))
    assert pool(paid, "Alice") == ["G"]
    spent = [e for e in events if e.kind == "mana spent"][0]
    assert {m.uid for m in spent.before} - {m.uid for m in spent.after} == \
        {m.uid for m in state.player("Alice").pool if m.type.value == "R"}
    apply(paid, cast("Alice", growth, targets=(walker,)))  # the {G} is still there for Giant Growth


def test_the_answer_may_be_the_option_or_its_symbols():
    state, walker, _growth = _floating_g_and_r()
    a, _ = apply(state, activate("Alice", walker, PUMP, pay="{R}"))
    b, _ = apply(state, activate("Alice", walker, PUMP, pay="R"))
    assert pool(a, "Alice") == pool(b, "Alice") == ["G"]


def test_a_payment_that_isnt_a_way_to_pay_is_refused():
    state, walker, _growth = _floating_g_and_r()
    err = refused(state, activate("Alice", walker, PUMP, pay="U"), "601.2h")
    assert "{G}" in err.reason and "{R}" in err.reason


@pytest.mark.rule("601.2h")
def test_the_engine_pays_alone_only_when_every_way_leaves_the_same_pool():
    s = Scenario("two Forests")
    forests = [s.add("Forest", "Alice") for _ in range(2)]
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    state = s.state()
    for f in forests:
        state, _ = apply(state, activate("Alice", f))
    paid, _ = apply(state, activate("Alice", walker, PUMP))  # {G} or {G}: the same pool either way
    assert pool(paid, "Alice") == ["G"]


def test_legal_actions_offer_each_distinct_way_to_pay():
    state, walker, _growth = _floating_g_and_r()
    ways = sorted(dict(a.choices).get("pay") for a in legal_actions(state)
                  if isinstance(a, Activate) and a.source == walker and a.ability == 0)  # legal_actions numbers it
    assert ways == ["{G}", "{R}"]


def test_casting_a_spell_asks_too():
    s = Scenario("Grizzly Bears from {G}{G}{R}")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GGR")
    with pytest.raises(MissingChoice) as need:
        apply(s.state(), cast("Alice", bears))
    assert sorted(need.value.options) == ["{G}{G}", "{R}{G}"]
    state, _ = apply(s.state(), cast("Alice", bears, pay="GG"))
    assert pool(state, "Alice") == ["R"]


def test_a_payment_asked_for_is_never_ignored_even_with_one_way_to_pay():
    s = Scenario("{G}{R} paying {G}")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "GR")
    err = refused(s.state(), cast("Alice", growth, targets=(bears,), pay="R"), "601.2h")
    assert "{G}" in err.reason
    state, _ = apply(s.state(), cast("Alice", growth, targets=(bears,), pay="G"))
    assert pool(state, "Alice") == ["R"]
