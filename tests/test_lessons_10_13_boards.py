"""What lessons 10 and 13 teach, played on their boards: a test fails if the engine stops playing it."""

from __future__ import annotations

import pytest

from mtgrules.core.events import EventKind
from mtgrules.lessons import casting_a_spell as casting
from mtgrules.lessons import priority_and_state_based_actions as priority


@pytest.mark.rule("601.2i")
def test_a_cast_trigger_goes_on_the_stack_above_the_spell():
    t = casting.tour()
    state = t[casting.cast_step(t)].state
    assert [i.kind for i in state.stack] == ["spell", "trigger"] and state.priority == "Alice"


@pytest.mark.rule("117.3c")
def test_nobody_else_can_act_right_after_a_cast():
    t = casting.no_response_while_casting()
    refused = t[t.find(refused=True)]
    assert refused.action.player == "Bob" and refused.state == t[refused.index - 1].state


@pytest.mark.rule("113.7a")
def test_killing_the_source_leaves_its_ability_on_the_stack():
    assert casting.no_response_while_casting().state.player("Bob").life == 18
    assert casting.bob_shocks_first().state.player("Bob").life == 20


@pytest.mark.rule("603.3b")
def test_apnap_order_decides_who_survives_at_two_life():
    assert not priority.at_two_life().state.player("Bob").lost
    assert priority.at_two_life_bobs_turn().state.player("Bob").lost


@pytest.mark.rule("117.3b")
def test_the_active_player_gets_priority_after_the_nonactive_players_spell_resolves():
    t = priority.priority_round()
    assert t[priority.giant_growth_resolves(t)].state.priority == "Alice"


@pytest.mark.rule("704.3")
def test_state_based_actions_are_checked_again_and_a_death_in_the_second_check_triggers():
    t = priority.checked_again()
    frame = t[t.find("resolves", name="Shock")]
    sbas = [e.rule for e in frame.events if e.rule in ("704.5g", "704.5m") and e.text]
    assert sbas == ["704.5g", "704.5m"]
    assert any(e.kind == EventKind.TRIGGER and e.name == "Tattered Mummy" for e in frame.events)
    assert t.state.player("Alice").life == 18
