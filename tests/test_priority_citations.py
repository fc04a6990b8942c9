"""A refusal names the rule that speaks of the very action refused, not its section's heading.

Without priority, casting is refused under 117.1a, an activated ability under 117.1b, a mana
ability under 117.1d, a loyalty ability under 606.3 (which asks for priority itself), a pass under
117.3d and a land under 305.1. The colour Utopia Sprawl asks as it enters is chosen before it
enters (614.12a), and a missing answer says so.
"""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import MissingChoice, Scenario, activate, apply, cast, pass_priority, play_land
from mtgrules.play.verbs import resolve_top


def _bob_has_priority(s: Scenario):
    state, _ = apply(s.state(), pass_priority("Alice"))
    assert state.priority == "Bob"
    return state


@pytest.mark.rule("117.1b")
def test_an_activated_ability_without_priority_is_refused_under_117_1b():
    s = Scenario("Hangarback without priority", step="main1")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    s.mana("Alice", "C")
    refused(_bob_has_priority(s), activate("Alice", walker, "{1}, {T}"), "117.1b")


@pytest.mark.rule("117.1d")
def test_a_mana_ability_without_priority_is_refused_under_117_1d():
    s = Scenario("Forest without priority", step="main1")
    forest = s.add("Forest", "Alice")
    refused(_bob_has_priority(s), activate("Alice", forest), "117.1d")


@pytest.mark.rule("606.3")
def test_a_loyalty_ability_without_priority_is_refused_under_606_3():
    s = Scenario("Jace without priority", step="main1")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 3})
    refused(_bob_has_priority(s), activate("Alice", jace, 0), "606.3")


@pytest.mark.rule("305.1")
def test_a_land_without_priority_is_refused_under_305_1():
    s = Scenario("land without priority", step="main1")
    forest = s.add("Forest", "Alice", zone="hand")
    refused(_bob_has_priority(s), play_land("Alice", forest), "305.1")


@pytest.mark.rule("117.3d")
def test_a_pass_without_priority_is_refused_under_117_3d():
    s = Scenario("pass without priority", step="main1")
    refused(s.state(), pass_priority("Bob"), "117.3d")


@pytest.mark.rule("614.12a")
def test_utopia_sprawls_colour_is_asked_under_614_12a():
    s = Scenario("Sprawl without a colour")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline().do(cast("Alice", sprawl, targets=(forest,)))
    with pytest.raises(MissingChoice) as info:
        resolve_top(t)
    assert info.value.rule == "614.12a" and info.value.keyword == "color"


@pytest.mark.rule("602.2a")
def test_the_activation_note_names_602_2a_as_casting_names_601_2a():
    """Announcing an ability and creating it on the stack is 602.2a, as moving a spell there is 601.2a."""
    s = Scenario("Hangarback activates", step="main1")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    s.mana("Alice", "C")
    _, events = apply(s.state(), activate("Alice", walker, "{1}, {T}"))
    assert [e.rule for e in events if e.kind == "activated"] == ["602.2a"]


@pytest.mark.rule("306.5b")
def test_a_cast_planeswalker_enters_with_its_printed_loyalty_under_306_5b():
    """306.5b is the rule that gives a planeswalker its printed loyalty as it enters (a 614.1c
    replacement, but 306.5b is the one that says so of planeswalkers)."""
    s = Scenario("Jace cast", step="main1")
    jace = s.add("Jace Beleren", "Alice", zone="hand")
    s.mana("Alice", "UUU")
    t = s.timeline().do(cast("Alice", jace))
    resolve_top(t)
    assert t.state.obj(jace).counter("loyalty") == 3
    assert [e.rule for e in t[-1].events if e.kind == "enters with"] == ["306.5b"]
