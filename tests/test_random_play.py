"""Random legal play on small boards: it never crashes, invariants hold, and replays agree."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules import Scenario, Zone, could_produce_all, legal_actions
from mtgrules.core.mana import ManaType
from mtgrules.core.objects import PLAYER_ZONES

PERMANENTS = ["Forest", "Swamp", "Wastes", "Llanowar Elves", "Reflecting Pool", "Exotic Orchard",
              "Fellwar Stone", "Vivid Crag", "Mana Reflection", "Heartbeat of Spring", "Infernal Darkness",
              "Pili-Pala", "Order of Whiteclay", "Ancient Ziggurat", "Hangarback Walker", "Fervor"]
HAND = ["Grizzly Bears", "Giant Growth", "Murder", "Hangarback Walker", "Llanowar Elves", "Tattermunge Maniac"]

boards = st.fixed_dictionaries({
    "permanents": st.lists(st.tuples(st.sampled_from(PERMANENTS), st.sampled_from(["Alice", "Bob"]),
                                     st.booleans(), st.booleans()), min_size=1, max_size=7),
    "hand": st.lists(st.tuples(st.sampled_from(HAND), st.sampled_from(["Alice", "Bob"])), max_size=3),
    "graveyard": st.lists(st.sampled_from(["Llanowar Elves", "Grizzly Bears"]), max_size=2),
})


def build(board) -> Scenario:
    s = Scenario("random")
    for name, who, tapped, sick in board["permanents"]:
        s.add(name, who, tapped=tapped, sick=sick)
    for name, who in board["hand"]:
        s.add(name, who, zone="hand")
    for name in board["graveyard"]:
        s.add(name, "Alice", zone="graveyard")
    return s


def check_invariants(state) -> None:
    stack_sources = [i.source.oid for i in state.stack if i.kind == "spell"]
    for obj in state.objects:
        assert isinstance(obj.zone, Zone)
        assert (obj.zone_player is not None) == (obj.zone in PLAYER_ZONES), f"{obj} has a half-set zone"
        if obj.zone is Zone.STACK:
            assert stack_sources.count(obj.oid) == 1, f"{obj.card} is on the stack without a stack entry"
    assert sorted(stack_sources) == sorted(o.oid for o in state.objects if o.zone is Zone.STACK)
    assert sum(len(state.in_zone(z)) for z in Zone) == len(state.objects), "each object in exactly one zone"
    for p in state.players:
        assert all(isinstance(m.type, ManaType) for m in p.pool), "mana of an undefined type reached a pool"
    answer = could_produce_all(state)  # must terminate
    assert all(isinstance(t, ManaType) for types in answer.values() for t in types)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=25))
def test_random_legal_play_keeps_the_invariants_and_replays(board, picks):
    timeline = build(board).timeline()
    for pick in picks:
        actions = legal_actions(timeline.state)
        if not actions:
            break
        timeline.do(actions[pick % len(actions)])
        check_invariants(timeline.state)
        for e in timeline[-1].events:
            if e.kind == "mana added":
                assert len(e.after) > len(e.before), "a mana ability added zero or fewer mana"
    assert timeline.replay().state == timeline.state


# ---------------------------------------------------------------- lands, teammates and payments by choice
LANDS_IN_HAND = ["Forest", "Swamp", "Mountain", "Vivid Crag"]
FOUR = ["Alice", "Andy", "Bob", "Bea"]

team_boards = st.fixed_dictionaries({
    "two_headed_giant": st.booleans(),
    "permanents": st.lists(st.tuples(st.sampled_from(PERMANENTS), st.sampled_from(FOUR), st.booleans()),
                           max_size=5),
    "hand": st.lists(st.tuples(st.sampled_from(HAND + LANDS_IN_HAND), st.sampled_from(FOUR)), max_size=6),
    "mana": st.lists(st.tuples(st.sampled_from(FOUR), st.sampled_from(["GR", "GG", "BG", "GGR", "WC"])), max_size=3),
})


def build_team_game(board) -> Scenario:
    """Four players: Two-Headed Giant (Alice and Andy against Bob and Bea) or free-for-all, with
    lands in hand and mixed mana floating, so land plays, teammates' actions and payments that
    need a choice all come up."""
    if board["two_headed_giant"]:
        s = Scenario("random 2HG", players=FOUR, teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"},
                     game_format="two-headed giant")
    else:
        s = Scenario("random four", players=FOUR)
    for name, who, tapped in board["permanents"]:
        s.add(name, who, tapped=tapped)
    for name, who in board["hand"]:
        s.add(name, who, zone="hand")
    for who, symbols in board["mana"]:
        s.mana(who, symbols)
    for who in FOUR:  # a land and a spell to play, and a card to draw each turn
        s.add("Forest", who, zone="hand")
        s.add("Grizzly Bears", who, zone="hand")
        s.mana(who, "GR")
        for _ in range(3):
            s.add("Grizzly Bears", who, zone="library")
    return s


def check_lands_and_payments(before, action, after, events, played: dict) -> None:
    """At most one land played per player per turn (305.2; no effect here grants more); no land
    ever on the stack (305.9); a payment removes exactly the chosen units from the pool (118.3a)."""
    from mtgrules import PlayLand
    from mtgrules.core.carddef import card
    from mtgrules.core.mana import payment_text
    from mtgrules.rules.lands import lands_allowed
    if isinstance(action, PlayLand):
        key = (before.turn, action.player)
        played[key] = played.get(key, 0) + 1
        assert played[key] <= lands_allowed(before, action.player), f"{action.player} played two lands in a turn"
    for p in after.players:
        assert p.lands_played <= lands_allowed(after, p.name)
    for obj in after.objects:
        if obj.zone is Zone.STACK:
            assert "Land" not in card(obj.card).types, f"{obj.card}, a land, is on the stack"
    chosen = dict(getattr(action, "choices", ())).get("pay")
    spent_events = [e for e in events if e.kind == "mana spent"]
    for e in spent_events:
        after_ids = [m.uid for m in e.after]
        assert after_ids == [m.uid for m in e.before if m.uid in set(after_ids)], "the rest of the pool is kept as it was"
    if isinstance(chosen, str) and spent_events:
        e = spent_events[0]
        gone = tuple(m for m in e.before if m.uid not in {u.uid for u in e.after})
        assert payment_text(gone) == chosen, f"paid {payment_text(gone)} but {chosen} was chosen"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=team_boards, picks=st.lists(st.integers(min_value=1, max_value=10_000), max_size=30))
def test_random_play_with_lands_teammates_and_payments(board, picks):
    timeline = build_team_game(board).timeline()
    played: dict = {}
    for pick in picks:
        actions = legal_actions(timeline.state)
        if not actions:
            break
        action = actions[pick % len(actions)]
        before = timeline.state
        timeline.do(action)
        check_invariants(timeline.state)
        check_lands_and_payments(before, action, timeline.state, timeline[-1].events, played)
    assert timeline.replay().state == timeline.state
