"""A scenario that starts in a combat step sets up a real combat or is refused (508.1, 509.1).

Regression: a scenario could start in the declare attackers step with no combat (Alice simply
held priority) or in the declare blockers step, where a block was refused with "blockers are
declared as the declare blockers step begins, and this is the declare blockers step".
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import refused

from mtgrules import (
    DeclareAttackers,
    Scenario,
    ScenarioError,
    Step,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)


@pytest.mark.rule("508.1")
def test_starting_at_declare_attackers_waits_for_the_declaration():
    s = Scenario("start at declare attackers", step="declare attackers")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    assert t.state.step is Step.DECLARE_ATTACKERS and t.state.priority is None
    assert t.state.combat is not None and t.state.combat.awaiting == (("attackers", "Alice"),)
    offered = legal_actions(t.state)
    assert offered and all(isinstance(a, DeclareAttackers) for a in offered)
    refused(t.state, pass_priority("Alice"), "508.1")
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert t.state.priority == "Alice"


def test_starting_at_declare_attackers_with_nothing_to_attack_declares_nothing():
    s = Scenario("nothing to attack with", step="declare attackers")
    s.add("Grizzly Bears", "Alice", tapped=True)
    state = s.state()
    assert state.priority == "Alice" and state.combat is not None and not state.combat.awaiting


@pytest.mark.rule("509.1")
@pytest.mark.parametrize("step", ["declare blockers", "blockers", "combat damage", "damage"])
def test_steps_that_need_declared_attackers_are_refused_saying_why(step):
    with pytest.raises(ScenarioError) as err:
        Scenario("mid-combat", step=step)
    text = str(err.value)
    assert "advance_to" in text and "declare_attackers" in text and "this is the" not in text


def test_from_dict_refuses_them_too():
    with pytest.raises(ScenarioError):
        Scenario.from_dict({"step": "declare blockers", "cards": []})


def test_blocking_without_attackers_says_so_without_contradicting_itself():
    s = Scenario("no attackers")
    a = s.add("Grizzly Bears", "Alice")
    b = s.add("Walking Corpse", "Bob")
    state = replace(s.state(), step=Step.DECLARE_BLOCKERS, priority=None)  # a state built by hand
    err = refused(state, declare_blockers("Bob", {b: a}), "509.1")
    assert "nothing to block" in err.reason and "declare blockers step" not in err.reason
