"""Dividing a blocked attacker's damage among many blockers stays small (510.1c).

Regression: one 30-power attacker blocked by six creatures listed all 324,632 divisions eagerly;
the MissingChoice message was 16 million characters and legal_actions tried each one.
"""

from __future__ import annotations

import pytest

from mtgrules import (
    IllegalAction,
    MissingChoice,
    PassPriority,
    Scenario,
    Step,
    advance_to,
    apply,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)
from mtgrules.rules.combat.damage import Divisions


def _big_attacker(power: int = 30, n: int = 6):
    s = Scenario("a big attacker, many blockers", step="combat")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": power})
    blockers = [s.add("Grizzly Bears", "Bob") for _ in range(n)]
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {walker: "Bob"}))
    advance_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {b: walker for b in blockers}))
    t.do(pass_priority("Alice"))
    return t, walker, blockers


@pytest.mark.rule("510.1c")
def test_the_missing_division_is_a_short_message_with_the_form_of_the_answer():
    t, _walker, blockers = _big_attacker()
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    err = need.value
    assert err.kind == "damage division" and err.player == "Alice"
    assert len(err.options) == 324_632, "every division is still a possible answer"
    assert len(str(err)) < 600, "a message a notebook can print"
    assert "damage_division=" in str(err) and "30" in str(err) and "324,632" in str(err)


@pytest.mark.rule("510.1c")
def test_legal_actions_offer_a_bounded_representative_set():
    t, _walker, blockers = _big_attacker()
    offered = [dict(a.choices)["damage division"] for a in legal_actions(t.state) if isinstance(a, PassPriority)]
    assert len(offered) == 7, "lethal damage in blocker order, plus all to each of the six blockers"
    lethal_first = offered[0]
    assert [n for _, n in lethal_first] == [2, 2, 2, 2, 2, 20]
    for b in blockers:
        assert tuple((x, 30 if x == b else 0) for x in blockers) in offered


def test_any_division_may_be_given_and_is_checked_directly():
    t, _walker, blockers = _big_attacker()
    odd = tuple((b, n) for b, n in zip(blockers, (1, 0, 7, 3, 4, 15), strict=True))
    t.do(pass_priority("Bob", damage_division=odd))
    damage = {e.after for f in t for e in f.events if e.kind == "combat damage" and e.name == "Hangarback Walker"}
    assert damage == {1, 7, 3, 4, 15}


@pytest.mark.parametrize("bad, why", [
    (lambda bs: ((bs[0], 30),), "each blocker once"),
    (lambda bs: tuple((b, 5) for b in bs[:5]) + ((bs[5], 6),), "add up to all 30"),
    (lambda bs: tuple((b, 6 if i else -0.5) for i, b in enumerate(bs)), "whole number"),
    (lambda bs: "all to the first", "pairs"),
])
def test_a_wrong_division_is_refused_saying_why(bad, why):
    t, _walker, blockers = _big_attacker()
    with pytest.raises(IllegalAction) as err:
        apply(t.state, pass_priority("Bob", damage_division=bad(blockers)))
    assert err.value.rule == "510.1c" and why in err.value.reason and len(str(err.value)) < 300


def test_divisions_are_counted_and_checked_without_being_listed():
    big = Divisions(200, list(range(1, 11)))
    assert len(big) > 10**14
    assert tuple((b, 20) for b in range(1, 11)) in big
    assert tuple((b, 21) for b in range(1, 11)) not in big
    assert len(repr(big)) < 300
    small = Divisions(2, [7, 8])
    assert list(small) == [((7, 2), (8, 0)), ((7, 1), (8, 1)), ((7, 0), (8, 2))]
    assert small[1] == ((7, 1), (8, 1)) and small[-1] == ((7, 0), (8, 2))


def test_predict_lists_the_representative_divisions_not_every_one():
    from mtgrules.widgets.predict import choice_variants
    t, _walker, _blockers = _big_attacker()
    variants = choice_variants(t.state, pass_priority("Bob"))
    assert len(variants) == 7


def test_advance_to_stops_at_the_division_without_listing_it():
    from mtgrules.rules.combat.damage import Divisions
    t, _walker, _blockers = _big_attacker()
    stop = advance_to(t, Step.COMBAT_DAMAGE)
    assert not stop and stop.choice.kind == "damage division"
    assert isinstance(stop.choice.options, Divisions) and len(stop.choice.options) == 324_632


@pytest.mark.rule("510.1c")
def test_a_division_scripted_for_the_second_attacker_is_not_spent_on_the_first():
    """Regression (found by Hypothesis): Alice attacks with two Bears; Bob blocks the first with
    one Bear and the second with two. Only the second attacker's damage needs dividing, but the
    first (one blocker, one way) read the scripted division, refused it as naming other blockers,
    and so every way of passing was refused: ``legal_actions`` listed nothing at all."""
    s = Scenario("two attackers", step="combat")
    first, second = s.add("Grizzly Bears", "Alice"), s.add("Grizzly Bears", "Alice")
    lone, a, b = (s.add("Grizzly Bears", "Bob") for _ in range(3))
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {first: "Bob", second: "Bob"}))
    advance_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {lone: first, a: second, b: second}))
    t.do(pass_priority("Alice"))
    assert legal_actions(t.state) == [pass_priority("Bob", damage_division=((a, 2), (b, 0))),
                                      pass_priority("Bob", damage_division=((a, 0), (b, 2)))]
    after, _ = apply(t.state, pass_priority("Bob", damage_division=((a, 2), (b, 0))))
    assert [after.obj(o).zone.value for o in (first, second, lone, a, b)] == \
        ["graveyard", "graveyard", "graveyard", "graveyard", "battlefield"]


@pytest.mark.rule("510.1c")
def test_a_division_written_with_true_or_a_float_is_refused_not_read_as_a_number():
    """``True`` is not 1 damage and 2.0 is not the blocker with id 2: a division must say what it
    means, so either is refused with the form of the answer, and the state is left as it was."""
    t, _walker, blockers = _big_attacker(30, 2)
    before = t.state
    bad = [((blockers[0], True), (blockers[1], 29)),
           ((float(blockers[0]), 15), (blockers[1], 15))]
    for division in bad:
        with pytest.raises(IllegalAction, match="whole number|names each blocker once"):
            apply(before, pass_priority("Bob", damage_division=division))
    good = ((blockers[0], 15), (blockers[1], 15))
    assert apply(before, pass_priority("Bob", damage_division=good))[0].turn == before.turn
