"""Loyalty abilities (606), played on Jace Beleren: "+2: Each player draws a card.", "−1: Target
player draws a card.", "−10: Target player mills twenty cards." (abilities 0, 1 and 2)."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import IllegalAction, Scenario, Zone, activate, apply, legal_actions, pass_priority
from mtgrules.core.actions import Activate
from mtgrules.core.state import Draft
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.concede import concede
from mtgrules.rules.legal import legal_actions_reference
from mtgrules.rules.zones import move

PLUS_TWO, MINUS_ONE, MINUS_TEN = 0, 1, 2


def board(loyalty: int = 3, library: int = 5, players=("Alice", "Bob"), step: str = "main1"):
    """Alice's Jace in her main phase, each player with ``library`` cards in their library."""
    s = Scenario("Jace", players=players, step=step)
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": loyalty})
    for who in players:
        for _ in range(library):
            s.add("Forest", who, zone="library")
    return s, jace


def hand(state, player: str) -> int:
    return len(state.in_zone(Zone.HAND, player))


def loyalty(state, oid: int) -> int:
    return state.obj(oid).counter("loyalty")


# ---------------------------------------------------------------- the three abilities
@pytest.mark.rule("606.4")
def test_plus_two_puts_two_loyalty_counters_on_and_each_player_draws_active_player_first():
    s, jace = board()
    t = s.timeline()
    t.do(activate("Alice", jace, PLUS_TWO))
    assert loyalty(t.state, jace) == 5, "the cost is paid as it is activated (606.4, 601.2h)"
    assert len(t.state.stack) == 1 and hand(t.state, "Alice") == 0, "it uses the stack (602.2)"
    assert t.state.priority == "Alice"
    resolve_top(t)
    draws = [e.text for e in t[-1].events if e.rule == "121.1"]
    assert draws == ["Alice draws a card", "Bob draws a card"], "APNAP: the active player first (121.2c)"
    assert hand(t.state, "Alice") == hand(t.state, "Bob") == 1


@pytest.mark.rule("115.1c")
def test_minus_one_targets_a_player_who_draws():
    s, jace = board()
    state = s.state()
    err = refused(state, activate("Alice", jace, MINUS_ONE), "115.1")  # chosen as it is activated, like any target
    assert "needs exactly one target: target player" in err.reason
    t = s.timeline()
    t.do(activate("Alice", jace, MINUS_ONE, targets=("Bob",)))
    assert loyalty(t.state, jace) == 2
    assert "targeting Bob" in t.state.stack[-1].label
    resolve_top(t)
    assert (hand(t.state, "Alice"), hand(t.state, "Bob")) == (0, 1)


def test_a_target_player_who_is_not_in_the_game_is_refused():
    s, jace = board()
    refused(s.state(), activate("Alice", jace, MINUS_ONE, targets=("Carol",)), "115.1")
    refused(s.state(), activate("Alice", jace, PLUS_TWO, targets=("Bob",)), "115.1")


@pytest.mark.rule("608.2b")
def test_the_ability_doesnt_resolve_when_its_target_player_has_left_the_game():
    s, jace = board(players=("Alice", "Bob", "Carol"))
    t = s.timeline()
    t.do(activate("Alice", jace, MINUS_ONE, targets=("Carol",)))
    t.do(concede("Carol"))
    resolve_top(t)
    assert any(e.rule == "608.2b" and "left the game" in e.text for e in t[-1].events)
    assert hand(t.state, "Alice") == hand(t.state, "Bob") == 0


@pytest.mark.rule("606.6")
def test_minus_ten_is_refused_with_three_loyalty():
    s, jace = board(loyalty=3)
    err = refused(s.state(), activate("Alice", jace, MINUS_TEN, targets=("Bob",)), "606.6")
    assert "3 loyalty" in err.reason


@pytest.mark.rule("704.5i")
def test_minus_ten_from_ten_puts_jace_in_the_graveyard_and_the_ability_still_mills_twenty():
    s, jace = board(loyalty=10, library=25)
    t = s.timeline()
    t.do(activate("Alice", jace, MINUS_TEN, targets=("Bob",)))
    assert t.state.obj(jace).zone is Zone.GRAVEYARD, "0 loyalty: a state-based action (704.5i)"
    assert "704.5i" in {e.rule for e in t[-1].events}
    assert len(t.state.stack) == 1, "the ability is independent of its source (113.7a)"
    resolve_top(t)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 20
    assert len(t.state.in_zone(Zone.LIBRARY, "Bob")) == 5


@pytest.mark.rule("701.17b")
def test_milling_more_cards_than_the_library_holds_mills_them_all_and_loses_nothing():
    s, jace = board(loyalty=12, library=4)
    t = s.timeline()
    t.do(activate("Alice", jace, MINUS_TEN, targets=("Bob",)))
    assert loyalty(t.state, jace) == 2
    resolve_top(t)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 4 and not t.state.in_zone(Zone.LIBRARY, "Bob")
    assert "701.17b" in {e.rule for e in t[-1].events}
    assert not t.state.player("Bob").lost and not t.state.player("Bob").drew_from_empty


# ---------------------------------------------------------------- when (606.3)
@pytest.mark.rule("606.3")
def test_a_second_loyalty_ability_in_the_same_turn_is_refused_even_after_the_first_resolved():
    s, jace = board()
    t = s.timeline()
    t.do(activate("Alice", jace, PLUS_TWO))
    resolve_top(t)
    assert not t.state.stack and t.state.priority == "Alice"
    refused(t.state, activate("Alice", jace, MINUS_ONE, targets=("Bob",)), "606.3")
    refused(t.state, activate("Alice", jace, PLUS_TWO), "606.3")
    go_to(t, "main2")
    refused(t.state, activate("Alice", jace, PLUS_TWO), "606.3")  # "this turn", not "this phase"


@pytest.mark.rule("606.3")
def test_its_controller_may_activate_one_again_in_their_next_turn():
    s, jace = board(library=8)
    t = s.timeline()
    t.do(activate("Alice", jace, PLUS_TWO))
    resolve_top(t)
    go_to(t, "main1", "Bob")
    refused(t.state, activate("Alice", jace, PLUS_TWO), "606.3")  # Bob has priority in his turn
    go_to(t, "main1", "Alice")
    t.do(activate("Alice", jace, MINUS_ONE, targets=("Alice",)))
    assert loyalty(t.state, jace) == 4


@pytest.mark.rule("400.7")
def test_a_permanent_that_left_and_returned_is_a_new_object_that_may_activate_again():
    s, jace = board()
    t = s.timeline()
    t.do(activate("Alice", jace, PLUS_TWO))
    resolve_top(t)
    d = Draft(t.state)  # no card in the kit bounces Jace: move it as an effect would
    move(d, jace, Zone.HAND, "400.7")
    move(d, jace, Zone.BATTLEFIELD, "400.7", controller="Alice", counters=(("loyalty", 3),))
    state = d.freeze()
    new, _ = apply(state, activate("Alice", jace, PLUS_TWO))
    assert loyalty(new, jace) == 5


@pytest.mark.rule("606.3")
def test_refused_while_the_stack_is_not_empty():
    s, jace = board()
    t = s.timeline()
    t.do(activate("Alice", jace, PLUS_TWO))
    err = refused(t.state, activate("Alice", jace, MINUS_ONE, targets=("Bob",)), "606.3")
    assert "stack" in err.reason


@pytest.mark.rule("606.3")
def test_refused_outside_a_main_phase():
    s, jace = board()
    t = s.timeline()
    go_to(t, "beginning of combat")
    assert t.state.priority == "Alice" and not t.state.stack
    err = refused(t.state, activate("Alice", jace, PLUS_TWO), "606.3")
    assert "main phase" in err.reason


@pytest.mark.rule("606.3")
def test_refused_in_an_opponents_turn_even_with_priority_and_an_empty_stack():
    s = Scenario("Bob's Jace", step="main1")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = s.timeline()
    t.do(pass_priority("Alice"))
    assert t.state.priority == "Bob" and not t.state.stack
    err = refused(t.state, activate("Bob", jace, PLUS_TWO), "606.3")
    assert "Bob's own turn" in err.reason


def test_refused_without_priority():
    """606.3 also asks for priority, so a loyalty ability without it is refused under 606.3, not
    under the general 117.1."""
    s, jace = board()
    t = s.timeline()
    apply(t.state, activate("Alice", jace, PLUS_TWO))  # with priority, it is accepted
    t.do(pass_priority("Alice"))
    refused(t.state, activate("Alice", jace, PLUS_TWO), "606.3")


def test_a_refusal_leaves_the_state_unchanged_and_the_turn_record_unset():
    s, jace = board(loyalty=3)
    state = s.state()
    refused(state, activate("Alice", jace, MINUS_TEN, targets=("Bob",)), "606.6")
    assert state.obj(jace).loyalty_turn == 0
    new, _ = apply(state, activate("Alice", jace, PLUS_TWO))  # the refused one didn't count
    assert new.obj(jace).loyalty_turn == new.turn


# ---------------------------------------------------------------- legal_actions
def jace_actions(state, jace):
    return sorted((a.ability, "".join(str(t) for t in a.targets)) for a in legal_actions(state)
                  if isinstance(a, Activate) and a.source == jace)


def test_legal_actions_lists_the_loyalty_abilities_exactly_when_apply_accepts_them():
    s, jace = board(loyalty=3)
    t = s.timeline()
    assert jace_actions(t.state, jace) == [(0, ""), (1, "Alice"), (1, "Bob")], "not −10 with 3 loyalty"
    for action in legal_actions(t.state):
        apply(t.state, action)
    t.do(activate("Alice", jace, PLUS_TWO))
    assert jace_actions(t.state, jace) == [], "the stack isn't empty"
    resolve_top(t)
    assert jace_actions(t.state, jace) == [], "one already activated this turn"
    for ability in (PLUS_TWO, MINUS_ONE, MINUS_TEN):
        with pytest.raises(IllegalAction):
            apply(t.state, activate("Alice", jace, ability, targets=("Bob",)))
    assert legal_actions(t.state) == legal_actions_reference(t.state)
    rich, jace10 = board(loyalty=10)
    assert jace_actions(rich.state(), jace10) == [(0, ""), (1, "Alice"), (1, "Bob"), (2, "Alice"), (2, "Bob")]
