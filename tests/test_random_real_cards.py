"""Random play on boards of random real cards from the kit's four core sets, compiled from their
Oracle text: nothing crashes, a refused action leaves the state equal, no raw Python error comes
out (only the kit's own), and every state table renders. 25 examples by default; 500 under the
slow marker (``make test-slow``)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_random_play import check_invariants

from mtgrules import Scenario, legal_actions
from mtgrules.cards.mtgjson import kit_cards
from mtgrules.cards.oracle.coverage import card_statuses
from mtgrules.core.errors import MtgRulesError
from mtgrules.rules.engine import apply
from mtgrules.views import state_table

_STATUSES = card_statuses()
PLAYABLE = sorted(n for n, s in _STATUSES.items() if s in ("played", "partly played")
                  and not (kit_cards().get(n) and kit_cards().get(n).layout not in ("normal",)))
PERMANENT = [n for n in PLAYABLE if not set(kit_cards().get(n).types) & {"Instant", "Sorcery"}]


def boards():
    return st.fixed_dictionaries({
        "battlefield": st.lists(st.tuples(st.sampled_from(PERMANENT), st.sampled_from(["Alice", "Bob"]),
                                          st.booleans()), min_size=1, max_size=6),
        "hand": st.lists(st.tuples(st.sampled_from(PLAYABLE), st.sampled_from(["Alice", "Bob"])), max_size=4),
        "mana": st.sampled_from(["", "WW", "UU", "BB", "RR", "GG", "CCWU", "CCBR", "CCCG"]),
    })


def build(board) -> Scenario:
    s = Scenario("random real cards", players=["Alice", "Bob"], step="main1")
    for name, who, tapped in board["battlefield"]:
        s.add(name, who, tapped=tapped)
    for name, who in board["hand"]:
        s.add(name, who, zone="hand")
    for who in ("Alice", "Bob"):
        for _ in range(4):
            s.add("Forest", who, zone="library")
    if board["mana"]:
        s.mana("Alice", board["mana"])
    return s


def play(board, picks, wrong) -> None:
    try:
        s = build(board)
    except MtgRulesError:
        return  # a board the rules refuse (an Aura with nothing to enchant, say) is refused in one sentence
    t = s.timeline()
    state_table(t.state)
    for pick in picks:
        actions = legal_actions(t.state)
        if not actions:
            break
        t.do(actions[pick % len(actions)])
        check_invariants(t.state)
        state_table(t.state)
        # an action off the legal list, the same action again by the other player: refused or played
        other = actions[(pick + wrong) % len(actions)]
        before = t.state
        try:
            apply(before, other)
        except MtgRulesError:
            assert t.state == before




@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), picks=st.lists(st.integers(0, 10_000), max_size=12), wrong=st.integers(0, 50))
def test_random_play_on_real_cards(board, picks, wrong):
    play(board, picks, wrong)


@pytest.mark.slow
@settings(max_examples=int(__import__("os").environ.get("MTGRULES_REAL_EXAMPLES", "500")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), picks=st.lists(st.integers(0, 10_000), max_size=16), wrong=st.integers(0, 50))
def test_random_play_on_real_cards_many(board, picks, wrong):
    play(board, picks, wrong)
