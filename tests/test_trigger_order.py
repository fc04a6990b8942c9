"""Each trigger goes on the stack once, in the order its controller chooses (603.3b), asked in a
form that grows linearly with the number of triggers.

Regression: two different triggered abilities of one object triggering on one event put the
second on the stack twice and never the first (both had the same label), and ordering n
triggers listed all n! permutations.
"""

from __future__ import annotations

import pytest

from mtgrules import (
    MissingChoice,
    PassPriority,
    Scenario,
    Step,
    advance_to,
    apply,
    characteristics,
    declare_attackers,
    legal_actions,
    pass_priority,
)
from mtgrules.cards import CardDef, card, register
from mtgrules.core.triggers import PendingTrigger

KNIGHT = "Bell-Ringer Knight (test)"
_melee = next(a for a in card("Wings of the Guard").abilities if a.text.startswith("Melee"))
_ring = next(a for a in card("Practice Bell").abilities if "gain 1 life" in a.text)
register(CardDef(KNIGHT, "{2}", frozenset({"Creature"}), frozenset({"Knight"}), power=2, toughness=2,
                 oracle=f"Melee\n{_ring.text}", abilities=(_melee, _ring), source="a test card"))


def _attack():
    s = Scenario("two triggers, one object", players=["Alice", "Bob", "Carol"], step="combat")
    knight = s.add(KNIGHT, "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    return t, knight, bears


@pytest.mark.rule("603.3b")
def test_two_triggers_of_one_object_each_go_on_the_stack_once():
    t, knight, bears = _attack()
    with pytest.raises(MissingChoice) as need:
        apply(t.state, declare_attackers("Alice", {knight: "Bob", bears: "Carol"}))
    labels = need.value.options
    assert len(labels) == len(set(labels)) == 3, "each waiting trigger has its own label"
    melee = next(x for x in labels if "Melee" in x)
    t.do(declare_attackers("Alice", {knight: "Bob", bears: "Carol"}, trigger_order=[melee]))
    texts = [i.label for i in t.state.stack]
    assert sum("Melee" in x for x in texts) == 1 and sum("gain" in x or "attacks or blocks" in x for x in texts) == 2
    assert "Melee" in texts[0], "the one named first goes on the stack first"
    while t.state.stack:
        t.do(pass_priority(t.state.priority))
    assert characteristics(t.state, knight).pt() == "4/4", "melee once: two opponents attacked"
    assert t.state.player("Alice").life == 22, "one life for each attacking creature"


@pytest.mark.rule("603.3b")
def test_the_order_is_asked_one_trigger_at_a_time_not_as_permutations():
    s = Scenario("six triggers", step="end", turn=2)
    for _ in range(6):
        s.add("Call to the Grave", "Alice")
    s.add("Walking Corpse", "Bob")
    t = s.timeline()
    advance_to(t, Step.END)
    state = t.state
    while state.step is not Step.UPKEEP:
        try:
            state, _ = apply(state, pass_priority(state.priority))
        except MissingChoice as need:
            assert need.kind == "trigger order"
            assert len(need.options) == 6, "six triggers: six labels, not 720 orders"
            assert len(str(need)) < 600
            offered = [a for a in legal_actions(state) if isinstance(a, PassPriority)]
            assert len(offered) == 6, "legal_actions offers one order per trigger (that one resolving first)"
            answer = tuple(reversed(need.options))
            state, _ = apply(state, pass_priority(state.priority, trigger_order=answer))
            break
    assert len(state.stack) == 6 and len({i.source.oid for i in state.stack}) == 6
    assert state.pending == ()


def test_a_wrong_order_is_refused_with_the_labels():
    t, knight, bears = _attack()
    with pytest.raises(Exception) as err:
        apply(t.state, declare_attackers("Alice", {knight: "Bob", bears: "Carol"}, trigger_order=["nonsense"]))
    assert "nonsense" in str(err.value) and "Melee" in str(err.value)


def test_pending_triggers_are_typed_values():
    t, knight, bears = _attack()
    d_state = t.state
    from mtgrules.core.state import Draft
    from mtgrules.rules.triggers import collect_new_triggers
    d = Draft(d_state)
    d.note("attacks", "x", "508.1m", knight, KNIGHT)
    collect_new_triggers(d)
    assert all(isinstance(p, PendingTrigger) for p in d.pending)
