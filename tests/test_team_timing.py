"""Two-Headed Giant timing: both players of the active team are active players (805.4a, 805.9),
so either may cast a sorcery-speed spell in the team's main phase (805.5a, 307.1)."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import CastSpell, Scenario, apply, cast, legal_actions, pass_priority

TEAMS = dict(players=["Alice", "Andy", "Bob", "Bea"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"},
             game_format="two-headed giant")


def _board(step: str = "main1"):
    s = Scenario("2HG main phase", step=step, **TEAMS)
    mark = s.add("Culling Mark", "Andy", zone="hand")
    bears = s.add("Grizzly Bears", "Andy", zone="hand")
    target = s.add("Walking Corpse", "Bob")
    bobs_bears = s.add("Grizzly Bears", "Bob", zone="hand")
    s.mana("Andy", "GGGG").mana("Bob", "GG")
    return s, mark, bears, target, bobs_bears


@pytest.mark.rule("805.9")
def test_the_second_player_of_the_active_team_casts_sorceries_and_creatures():
    s, mark, bears, target, _ = _board()
    state = s.state()
    assert state.active == "Alice"
    new, _ = apply(state, cast("Andy", mark, targets=(target,)))
    assert [i.label for i in new.stack] == ["Culling Mark"]
    new, _ = apply(state, cast("Andy", bears))
    assert [i.label for i in new.stack] == ["Grizzly Bears"]


@pytest.mark.rule("805.5a")
def test_legal_actions_offer_the_teammates_sorcery_speed_spells():
    s, mark, bears, _target, _ = _board()
    offered = {(a.player, a.card) for a in legal_actions(s.state()) if isinstance(a, CastSpell)}
    assert ("Andy", mark) in offered and ("Andy", bears) in offered


@pytest.mark.rule("117.1a")
def test_the_other_team_still_waits_for_its_own_turn():
    s, _mark, _bears, _target, bobs_bears = _board()
    state, _ = apply(s.state(), pass_priority("Andy"))  # the team passes; team B has priority
    assert state.priority == "Bob"
    refused(state, cast("Bob", bobs_bears), "117.1a")  # a creature: the general rule, not 307.1


@pytest.mark.rule("307.1")
def test_sorcery_timing_still_needs_a_main_phase():
    s, mark, bears, target, _ = _board("upkeep")
    refused(s.state(), cast("Andy", mark, targets=(target,)), "307.1")
    refused(s.state(), cast("Andy", bears), "117.1a")


def test_the_state_table_calls_both_players_of_the_active_team_active():
    from mtgrules.views import state_table
    s, *_ = _board()
    notes = state_table(s.state())["notes"]
    assert "active player" in notes["Alice"] and "active player" in notes["Andy"]
    assert "active player" not in notes["Bob"] and "active player" not in notes["Bea"]
