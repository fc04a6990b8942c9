"""Whole turns (500-514), triggered abilities (603), sacrifice (701.21), multiplayer turn order
and Two-Headed Giant (805, 810), and random legal play over several turns."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import kinds, refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules import (
    PassPriority,
    Scenario,
    Step,
    Timeline,
    Zone,
    activate,
    advance_to,
    answer_with,
    apply,
    cast,
    characteristics,
    legal_actions,
    pass_priority,
)
from mtgrules.catalog.rules_index import RULES
from mtgrules.core.errors import MissingChoice
from mtgrules.core.objects import PLAYER_ZONES
from mtgrules.core.state import Draft
from mtgrules.lessons import call_to_the_grave as lesson
from mtgrules.rules.layers import Effect
from mtgrules.rules.life import damage_player, lose_life
from mtgrules.rules.sba import check_state_based_actions
from mtgrules.rules.teams import apnap_order, game_over

CTG = "Call to the Grave"
TWO_HG = dict(players=["Alice", "Andy", "Bob", "Beth"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
              game_format="two-headed giant")


def _hand(state, player) -> int:
    return len(state.in_zone(Zone.HAND, player))


def _libraries(s: Scenario, n: int = 3) -> None:
    for p in s.players:
        for _ in range(n):
            s.add("Swamp", p, zone="library")


def _turns(t, n: int) -> list[str]:
    """Who is active in each of the next ``n`` turns."""
    seen = []
    for _ in range(n):
        assert advance_to(t, Step.UPKEEP)
        seen.append(t.state.active)
    return seen


# ---------------------------------------------------------------- the turn loop
def test_a_whole_turn_visits_every_step_in_order():
    s = Scenario("steps", turn=2, step="upkeep")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, "Bob")
    begun = [e.after for f in t for e in f.events if e.kind == "step begins"]
    no_attack = [Step.DECLARE_BLOCKERS.value, Step.FIRST_STRIKE_DAMAGE.value,
                 Step.COMBAT_DAMAGE.value]  # skipped without attackers (508.8)
    assert begun == [s.value for s in Step if s.value not in no_attack][2:] + ["untap", "upkeep"]


def test_the_first_player_skips_the_first_draw_in_a_two_player_game():
    s = Scenario("first draw", turn=1, step="upkeep")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.MAIN1)
    assert _hand(t.state, "Alice") == 0
    assert kinds(t[-1].events, "step skipped")[0].rule == "103.8a", "the draw step itself is skipped"
    assert advance_to(t, Step.DRAW, "Bob")
    assert _hand(t.state, "Bob") == 1, "the other player draws in their first turn"
    assert advance_to(t, Step.DRAW, "Alice")
    assert _hand(t.state, "Alice") == 1, "the starting player draws from their second turn on"


def test_no_one_skips_the_first_draw_in_other_multiplayer_games():
    s = Scenario("first draw, 3 players", players=["Alice", "Bob", "Carol"], turn=1, step="upkeep")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.DRAW)
    assert _hand(t.state, "Alice") == 1 and not kinds(t[-1].events, "step skipped")


def test_in_two_headed_giant_the_starting_team_skips_and_then_each_teammate_draws():
    s = Scenario("first draw, 2HG", turn=1, step="upkeep", **TWO_HG)
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.MAIN1)
    assert _hand(t.state, "Alice") == _hand(t.state, "Andy") == 0
    assert kinds(t[-1].events, "step skipped")[0].rule == "103.8b"
    assert advance_to(t, Step.DRAW, "Beth")
    assert _hand(t.state, "Bob") == _hand(t.state, "Beth") == 1
    assert {e.rule for e in t[-1].events if e.kind == "zone change"} == {"805.4b"}


def test_mana_pools_empty_between_steps_and_phases():
    s = Scenario("pools", turn=2, step="upkeep")
    forest = s.add("Forest", "Alice")
    swamp = s.add("Swamp", "Bob")
    _libraries(s)
    t = s.timeline()
    t.do(activate("Alice", forest)).do(pass_priority("Alice")).do(activate("Bob", swamp))
    assert t.state.player("Alice").pool and t.state.player("Bob").pool
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))  # Bob acted after Alice passed (117.4)
    assert t.state.step is Step.DRAW
    assert all(not p.pool for p in t.state.players)
    emptied = kinds(t[-1].events, "mana emptied")
    assert sorted(e.obj for e in emptied) == ["Alice", "Bob"] and {e.rule for e in emptied} == {"106.4"}


def test_until_end_of_turn_effects_end_and_damage_wears_off_in_cleanup():
    s = Scenario("cleanup", turn=2, step="main2")
    bears = s.add("Grizzly Bears", "Alice")
    forest = s.add("Forest", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    _libraries(s)
    start = s.state()
    start = replace(start, objects=tuple(replace(o, damage=1) if o.oid == bears else o for o in start.objects))
    t = Timeline(start, "cleanup")
    t.do(activate("Alice", forest)).do(cast("Alice", growth, targets=(bears,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert characteristics(t.state, bears).pt() == "5/5"
    assert advance_to(t, Step.END)
    assert characteristics(t.state, bears).pt() == "5/5" and t.state.obj(bears).damage == 1, \
        "both last until the cleanup step"
    assert advance_to(t, Step.UPKEEP, "Bob")
    assert characteristics(t.state, bears).pt() == "2/2" and t.state.obj(bears).damage == 0
    assert not t.state.effects
    rules = [e.rule for e in t[-1].events if e.kind in ("damage", "effects end")]
    assert rules == ["514.2", "514.2"]


def test_cleanup_gives_priority_when_state_based_actions_happen_and_then_repeats():
    s = Scenario("514.3a", turn=2, step="end")
    # 0/0 (two -1/-1 counters on a 2/2), kept alive by an effect ending this turn; a vanilla
    # creature, so no dies trigger joins in (Hangarback Walker's would: tests/test_oracle_cards.py)
    walker = s.add("Grizzly Bears", "Alice", counters={"-1/-1": 2})
    _libraries(s)
    start = s.state()
    pump = Effect("7c", "a +3/+3 until end of turn", "613.4c", timestamp=99,
                  affected=(start.obj(walker).ref,), delta=(3, 3), until_end_of_turn=True)
    t = Timeline(replace(start, effects=(pump,)), "514.3a")
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.CLEANUP and t.state.priority == "Alice"
    assert t.state.obj(walker).zone is Zone.GRAVEYARD
    assert kinds(t[-1].events, "cleanup priority")[0].rule == "514.3a"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.UPKEEP and t.state.active == "Bob"
    assert [e.after for e in t[-1].events if e.kind == "step begins"][0] == "cleanup", "another cleanup step"


def test_cleanup_discards_down_to_seven_cards_chosen_by_the_player():
    s = Scenario("514.1", turn=2, step="end")
    hand = [s.add("Swamp", "Alice", zone="hand") for _ in range(9)]
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice"))
    stop = advance_to(t, Step.UPKEEP)
    assert not stop and stop.choice.kind == "discard" and stop.choice.player == "Alice"
    assert stop.choice.rule == "514.1" and len(stop.choice.options) == 9
    assert advance_to(t, Step.UPKEEP, choose=answer_with({"discard": [hand[0], hand[5]]}))
    assert _hand(t.state, "Alice") == 7
    assert {o.oid for o in t.state.in_zone(Zone.GRAVEYARD, "Alice")} == {hand[0], hand[5]}
    assert t.replay().state == t.state, "the answers are scripted into the recorded pass"


def test_three_players_take_turns_in_seating_order_and_skip_a_player_who_lost():
    s = Scenario("order", players=["Alice", "Bob", "Carol"], turn=2, step="main1")
    _libraries(s, 4)
    t = s.timeline()
    assert _turns(t, 4) == ["Bob", "Carol", "Alice", "Bob"]
    st_ = t.state
    lost = replace(st_, players=tuple(replace(p, lost=True) if p.name == "Carol" else p for p in st_.players))
    t2 = Timeline(lost)
    assert _turns(t2, 3) == ["Alice", "Bob", "Alice"]
    assert apnap_order(t2.state) == ["Alice", "Bob"]


def test_two_headed_giant_teams_share_turns():
    s = Scenario("2HG turns", turn=2, step="main1", active="Alice", **TWO_HG)
    _libraries(s, 4)
    t = s.timeline()
    assert _turns(t, 3) == ["Bob", "Alice", "Bob"]
    assert t.state.player("Bob").turn_began == t.state.player("Beth").turn_began == t.state.turn
    assert apnap_order(t.state) == ["Bob", "Beth", "Alice", "Andy"]


def test_in_two_headed_giant_a_team_holds_priority():
    s = Scenario("2HG priority", turn=2, step="main1", active="Alice", **TWO_HG)
    forest = s.add("Forest", "Andy")
    swamp = s.add("Swamp", "Bob")
    t = s.timeline()
    t.do(activate("Andy", forest))          # Alice's teammate acts for the team (805.5)
    refused(t.state, activate("Bob", swamp), "117.1d")
    t.do(pass_priority("Andy"))
    assert t.state.priority == "Bob"
    t.do(pass_priority("Beth"))             # one pass per team ends the step
    assert t.state.step is Step.BEGIN_COMBAT


# ---------------------------------------------------------------- shared life (810.4, 810.9)
def test_two_headed_giant_teams_start_at_30_and_share_life_changes():
    s = Scenario("2HG life", **TWO_HG)
    state = s.state()
    assert [p.life for p in state.players] == [30, 30, 30, 30]
    d = Draft(state)
    lose_life(d, "Alice", 4, "a test")
    damage_player(d, "Beth", 3, "a test source")
    after = d.freeze()
    assert [after.player(n).life for n in ("Alice", "Andy", "Bob", "Beth")] == [26, 26, 27, 27]
    assert sorted((e.obj, e.rule) for e in d.events if e.kind == "life") == [
        ("Alice", "810.9"), ("Andy", "810.9"), ("Beth", "810.9"), ("Bob", "810.9")]


def test_a_team_at_zero_life_loses_together():
    d = Draft(Scenario("2HG loss", **TWO_HG).state())
    lose_life(d, "Andy", 30, "a test")
    check_state_based_actions(d)
    state = d.freeze()
    assert [p.lost for p in state.players] == [True, True, False, False]
    assert game_over(state)


def test_two_player_life_is_not_shared():
    d = Draft(Scenario("life").state())
    lose_life(d, "Alice", 3, "a test")
    assert [p.life for p in d.freeze().players] == [17, 20]


# ---------------------------------------------------------------- triggers (603.3b, 805.7)
def test_triggers_go_on_the_stack_in_apnap_order():
    s = Scenario("APNAP", turn=2, active="Bob", step="end")
    s.add(CTG, "Alice")
    s.add(CTG, "Bob")
    s.add("Walking Corpse", "Alice")
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, "Alice")
    assert [i.controller for i in t.state.stack] == ["Alice", "Bob"], \
        "the active player's trigger goes on the stack first, so the other player's resolves first"


def test_a_player_orders_their_own_triggers():
    s = Scenario("own order", turn=2, active="Alice", step="end")
    first = s.add(CTG, "Alice")
    second = s.add(CTG, "Alice")
    s.add("Walking Corpse", "Bob")
    t = s.timeline()
    stop = advance_to(t, Step.UPKEEP, "Bob")
    assert not stop and stop.choice.kind == "trigger order" and stop.choice.player == "Alice"
    assert stop.choice.rule == "603.3b" and len(stop.choice.options) == 2
    wanted = (f"Call to the Grave (Bob) #{second}", f"Call to the Grave (Bob) #{first}")
    assert set(stop.choice.options) == set(wanted), "asked which trigger goes on next, by label"
    assert advance_to(t, Step.UPKEEP, "Bob", choose=answer_with({"trigger order": wanted}))
    assert [i.source.oid for i in t.state.stack] == [second, first]


def test_a_two_headed_giant_team_orders_all_its_triggers_together():
    s = Scenario("805.7", turn=2, active="Alice", step="end", **TWO_HG)
    s.add(CTG, "Bob")
    s.add(CTG, "Beth")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "trigger order" and need.value.player == "Bob" and need.value.rule == "805.7"
    assert len(need.value.options) == 4, "four triggers (two sources x two players), one ordering for the team, " \
        "asked one trigger at a time, not as 24 permutations"


def test_simultaneous_sacrifices_are_chosen_in_apnap_order():
    s = Scenario("101.4", players=["Alice", "Bob", "Carol"], turn=2, active="Bob", step="main1")
    swamp = s.add("Swamp", "Bob")
    blood = s.add("Innocent Blood", "Bob", zone="hand")
    ids = {p: [s.add("Grizzly Bears", p), s.add("Llanowar Elves", p)] for p in ("Alice", "Bob", "Carol")}
    t = s.timeline()
    t.do(activate("Bob", swamp)).do(cast("Bob", blood)).do(pass_priority("Bob")).do(pass_priority("Carol"))
    asked = []

    def callback(request):
        asked.append(request.player)
        return ids[request.player][1]

    state, events = apply(t.state, pass_priority("Alice"), callback)
    assert asked == ["Bob", "Carol", "Alice"], "the active player first, then in turn order"
    chosen = [i for i, e in enumerate(events) if e.kind == "sacrifice chosen"]
    moved = [i for i, e in enumerate(events) if e.kind == "zone change" and e.attribute == "zone"
             and e.rule == "701.21a"]
    assert len(chosen) == len(moved) == 3 and max(chosen) < min(moved), "all choose, then all sacrifice"
    for p in ("Alice", "Bob", "Carol"):
        assert state.obj(ids[p][1]).zone is Zone.GRAVEYARD and state.obj(ids[p][0]).zone is Zone.BATTLEFIELD


# ---------------------------------------------------------------- advancing and refusals
def test_advance_to_stops_before_a_choice_and_leaves_the_timeline_consistent():
    t, _ = _ctg_board()
    stop = advance_to(t, Step.DRAW, "Bob")
    assert not stop and stop.choice.kind == "sacrifice" and stop.choice.player == "Bob"
    frames = len(t)
    assert t.state.step is Step.UPKEEP and len(t.state.stack) == 1
    assert advance_to(t, Step.DRAW, "Bob", choose=answer_with({("Bob", "sacrifice"): stop.choice.options[0]}))
    assert len(t) > frames and t.state.obj(stop.choice.options[0]).zone is Zone.GRAVEYARD
    assert t.replay().state == t.state


def _ctg_board():
    s = Scenario("ctg", turn=2, step="main2")
    s.add(CTG, "Alice")
    ids = [s.add("Grizzly Bears", "Bob"), s.add("Llanowar Elves", "Bob")]
    _libraries(s)
    return s.timeline(), ids


def test_illegal_actions_are_refused_with_their_rule_and_change_nothing():
    t, ids = _ctg_board()
    assert advance_to(t, Step.UPKEEP, "Bob") and t.state.stack
    refused(t.state, pass_priority("Alice"), "117.3d")                       # Bob has priority
    t.do(pass_priority("Bob"))
    refused(t.state, pass_priority("Alice", sacrifice=999), "701.21a")       # not one of his creatures


def test_every_lesson_scenario_cites_only_indexed_rules():
    for name, build in lesson.SCENARIOS.items():
        for frame in build():
            for e in frame.events:
                assert e.rule in RULES, f"{name}: {e.kind} cites {e.rule}"


def test_the_several_turns_lesson_ends_with_call_to_the_grave_sacrificing_itself():
    t = lesson.several_turns()
    counts = lesson.creature_counts(t)
    assert counts[0]["Alice"] == 2 and counts[0]["Bob"] == 3
    assert counts[-1]["Alice"] == counts[-1]["Bob"] == 0
    assert not lesson.on_battlefield(t)


# ---------------------------------------------------------------- random whole turns
LANDS = ["Forest", "Swamp", "Plains"]
CREATURES = ["Grizzly Bears", "Walking Corpse", "Llanowar Elves", "Raging Goblin"]
HAND = ["Giant Growth", "Raise the Alarm", "Grizzly Bears", "Innocent Blood", "Murder", "Llanowar Elves"]
FORMATS = {
    "two-player": dict(players=["Alice", "Bob"]),
    "three players": dict(players=["Alice", "Bob", "Carol"]),
    "two-headed giant": TWO_HG,
}
seat = st.integers(0, 3)

whole_turn_boards = st.fixed_dictionaries({
    "format": st.sampled_from(sorted(FORMATS)),
    "lands": st.lists(st.tuples(st.sampled_from(LANDS), seat), min_size=2, max_size=8),
    "creatures": st.lists(st.tuples(st.sampled_from(CREATURES), seat), max_size=5),
    "hand": st.lists(st.tuples(st.sampled_from(HAND), seat), max_size=5),
    "ctg": st.sampled_from([None, 0, 1]),
})


def _board(board) -> Scenario:
    s = Scenario("random turns", turn=1, step="upkeep", **FORMATS[board["format"]])
    who = s.players
    for name, i in board["lands"]:
        s.add(name, who[i % len(who)])
    for name, i in board["creatures"]:
        s.add(name, who[i % len(who)])
    for name, i in board["hand"]:
        s.add(name, who[i % len(who)], zone="hand")
    if board["ctg"] is not None:
        s.add(CTG, who[board["ctg"]])
    for p in who:
        for name in ("Swamp", "Grizzly Bears", "Forest", "Raise the Alarm"):
            s.add(name, p, zone="library")
    return s


def _objects_consistent(state) -> None:
    assert len({o.oid for o in state.objects}) == len(state.objects)
    assert sum(len(state.in_zone(z)) for z in Zone) == len(state.objects), "each object in exactly one zone"
    on_stack = sorted(i.source.oid for i in state.stack if i.kind == "spell")
    assert on_stack == sorted(o.oid for o in state.objects if o.zone is Zone.STACK)
    for o in state.objects:
        assert (o.zone_player is not None) == (o.zone in PLAYER_ZONES)
    if state.game_format == "two-headed giant":
        for team in {p.team for p in state.players}:
            assert len({p.life for p in state.players if p.team == team}) == 1, "teammates share one life total"


def _pick(actions, pick: int):
    """Mostly pass, so that several whole turns go by; otherwise prefer doing something."""
    passes = [a for a in actions if isinstance(a, PassPriority)]
    others = [a for a in actions if not isinstance(a, PassPriority)]
    if not passes:  # the game waits for a declaration of attackers or blockers (508.1, 509.1)
        return others[pick % len(others)]
    if pick % 3 == 0 and others:
        return others[pick % len(others)]
    return passes[pick % len(passes)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=whole_turn_boards, picks=st.lists(st.integers(0, 10_000), min_size=60, max_size=60))
def test_random_legal_play_over_whole_turns(board, picks):
    t = _board(board).timeline()
    for pick in picks * 4:
        if t.state.turn >= 5:
            break
        actions = legal_actions(t.state)
        assert actions, "the player with priority can always do something, at least pass"
        before = t.state
        t.do(_pick(actions, pick))
        after = t.state
        if (after.turn, after.step) != (before.turn, before.step):
            assert all(not p.pool for p in after.players), "mana pools are empty after each step ends"
        _objects_consistent(after)
    assert t.state.turn >= 3, "play got through whole turns"
    assert t.replay().state == t.state
