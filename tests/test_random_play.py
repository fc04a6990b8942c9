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
