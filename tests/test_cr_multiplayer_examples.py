"""Multiplayer, team and Two-Headed Giant rules checked against the CR (2026-01-16 edition):
turn and priority order with three or four players (101.4, 103.1, 117.3, 117.4), players leaving
the game (800.4), attacking several players (802), shared team turns (805) and Two-Headed Giant
(810), winning, losing and draws (104). Passing tests document agreement; a strict xfail names a
disagreement not fixed here."""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import kinds, pass_until, refuse

from mtgrules import (
    Scenario,
    ScenarioError,
    Step,
    apply,
    cast,
    concede,
    declare_attackers,
    declare_blockers,
    pass_priority,
)
from mtgrules.core.objects import Zone
from mtgrules.play.timeline import Timeline

THREE = ["Alice", "Bob", "Carol"]
TWO_HEADED = dict(players=["Alice", "Andy", "Bob", "Bea"], game_format="two-headed giant",
                  teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"})
TEAMS_FFA = dict(players=["Alice", "Bob", "Andy", "Bea"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"})



# ---------------------------------------------------------------- priority and turn order
def test_117_3d_117_4_priority_goes_round_the_table_and_the_step_ends_after_everyone_passes():
    state = Scenario("three players", players=THREE, step="main1").state()
    seen = []
    for who in THREE[:2]:
        state, _ = apply(state, pass_priority(who))
        seen.append(state.priority)
    assert seen == ["Bob", "Carol"] and state.step is Step.MAIN1
    state, events = apply(state, pass_priority("Carol"))
    assert state.step is Step.BEGIN_COMBAT and state.priority == "Alice"
    assert [e.rule for e in kinds(events, "pass")] == ["117.3d"]


def test_117_3c_117_3b_a_nonactive_players_spell_resolves_after_all_three_pass_then_the_active_player_acts():
    s = Scenario("Bob's Giant Growth", players=THREE, step="main1")
    bears = s.add("Grizzly Bears", "Bob")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    s.mana("Bob", "G")
    state, _ = apply(s.state(), pass_priority("Alice"))
    state, events = apply(state, cast("Bob", growth, targets=(bears,)))
    assert state.priority == "Bob" and state.passes == 0  # 117.3c: the caster receives priority
    state, _ = apply(state, pass_priority("Bob"))
    state, _ = apply(state, pass_priority("Carol"))
    assert len(state.stack) == 1, "117.4: Alice hasn't passed since the spell was cast"
    refuse(state, pass_priority("Bob"), "117.3d")
    state, _ = apply(state, pass_priority("Alice"))
    assert state.stack == () and state.priority == "Alice" and state.step is Step.MAIN1  # 117.3b


def test_103_1_turns_go_round_four_seats_in_order():
    names = ["Alice", "Bob", "Carol", "Dan"]
    s = Scenario("four seats", players=names, step="end")
    for p in names:
        for _ in range(2):
            s.add("Forest", p, zone="library")
    state = s.state()
    order = []
    for _ in range(5):
        turn = state.turn
        while state.turn == turn:
            state, events = apply(state, pass_priority(state.priority))
        order.append(state.active)
        assert [e.rule for e in events if e.kind == "active"] == ["103.1"]
    assert order == ["Bob", "Carol", "Dan", "Alice", "Bob"]


def test_103_8c_the_starting_player_of_a_three_player_game_draws_on_the_first_turn():
    s = Scenario("first turn", players=THREE, step="upkeep", turn=1)
    s.add("Forest", "Alice", zone="library")
    state = s.state()
    for who in THREE:
        state, events = apply(state, pass_priority(who))
    assert state.step is Step.DRAW and len(state.in_zone(Zone.HAND, "Alice")) == 1
    assert not kinds(events, "step skipped")


# ---------------------------------------------------------------- leaving the game (800.4)
def _bob_leaves_in_his_draw_step():
    """Bob, the active player, draws from an empty library and leaves the game (704.5b, 800.4a).
    Alice controls a Bear Bob owns; Bob controls a Walking Corpse Carol owns."""
    s = Scenario("Bob leaves", players=THREE, active="Bob", step="upkeep", turn=3)
    bobs_bears = s.add("Grizzly Bears", "Alice", owner="Bob")
    carols_corpse = s.add("Walking Corpse", "Bob", owner="Carol")
    wurm = s.add("Craw Wurm", "Bob")
    in_hand = s.add("Forest", "Bob", zone="hand")
    for p in ("Alice", "Carol"):
        s.add("Forest", p, zone="library")
    state = s.state()
    events = []
    for who in ("Bob", "Carol", "Alice"):
        state, events = apply(state, pass_priority(who))
    return state, events, (bobs_bears, carols_corpse, wurm, in_hand)


def test_800_4a_what_a_player_owns_leaves_the_game_and_what_they_still_control_is_exiled():
    state, events, (bobs_bears, carols_corpse, wurm, in_hand) = _bob_leaves_in_his_draw_step()
    assert state.player("Bob").lost and state.step is Step.DRAW
    gone = {o.oid for o in state.objects}
    assert bobs_bears not in gone and wurm not in gone and in_hand not in gone, \
        "800.4a: objects owned by the player who left leave the game, whoever controls them"
    corpse = state.obj(carols_corpse)
    assert corpse.zone is Zone.EXILE and corpse.owner == "Carol", \
        "800.4a: an object the leaving player still controls is exiled"
    assert {e.rule for e in kinds(events, "left the game")} == {"800.4a"}


def test_800_4j_800_4k_the_active_players_turn_goes_on_without_them_and_their_next_turn_never_begins():
    state, events, _ = _bob_leaves_in_his_draw_step()
    moved = [e for e in events if e.kind == "priority" and e.rule == "800.4j"]
    assert state.priority == "Carol" and moved, "800.4j: the next player in turn order receives priority"
    state, _ = apply(state, pass_priority("Carol"))
    state, _ = apply(state, pass_priority("Alice"))
    assert state.step is Step.MAIN1 and state.active == "Bob", "117.4: two passes end the step now"
    while state.turn == 3:
        state, _ = apply(state, pass_priority(state.priority))
    assert state.active == "Carol"
    while state.turn == 4:
        state, _ = apply(state, pass_priority(state.priority))
    assert state.active == "Alice", "800.4k: Bob's turn doesn't begin; Alice's does"


def test_a_player_who_has_left_the_game_cannot_act():
    """Refused with the reason: Bob has left the game (800.4a), not just that he lacks priority."""
    state, _, _ = _bob_leaves_in_his_draw_step()
    err = refuse(state, pass_priority("Bob"), "800.4")
    assert "Bob has left the game" in err.reason


# ---------------------------------------------------------------- attacking several players (802)
def _bob_attacks_carol_and_alice():
    s = Scenario("Bob attacks both", players=THREE, active="Bob", step="combat")
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    carols = s.add("Giant Spider", "Carol")
    alices = s.add("Giant Spider", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Bob", {bears: "Carol", corpse: "Alice"}))
    return pass_until(t, Step.DECLARE_BLOCKERS), bears, corpse, carols, alices


def test_802_2_every_opponent_of_the_attacking_player_is_a_defending_player():
    s = Scenario("Bob attacks", players=THREE, active="Bob", step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert set(t.state.combat.defending_players) == {"Alice", "Carol"}


def test_802_4_defending_players_declare_blockers_in_apnap_order_from_the_active_player():
    t, bears, corpse, carols, alices = _bob_attacks_carol_and_alice()
    refuse(t.state, declare_blockers("Alice", {alices: corpse}), "802.4")  # Carol is next after Bob
    t.do(declare_blockers("Carol", {carols: bears}))
    t.do(declare_blockers("Alice", {alices: corpse}))
    assert t.state.priority == "Bob"


def test_802_4a_a_defending_player_blocks_only_creatures_attacking_them():
    t, bears, corpse, carols, _alices = _bob_attacks_carol_and_alice()
    refuse(t.state, declare_blockers("Carol", {carols: corpse}), "509.1a")


# ---------------------------------------------------------------- winning, losing, draws (104)
def _alice_hits_both(life: int):
    s = Scenario("two lethal attacks", players=THREE, step="combat", life=life)
    one = s.add("Grizzly Bears", "Alice")
    two = s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {one: "Bob", two: "Carol"}))
    events = []
    while t.state.priority is not None:
        t.do(pass_priority(t.state.priority))
        events += t[-1].events
    return t.state, events


def test_104_2a_the_last_player_in_the_game_wins_and_the_game_ends():
    state, events = _alice_hits_both(2)
    assert state.player("Bob").lost and state.player("Carol").lost and not state.player("Alice").lost
    assert state.priority is None
    refuse(state, pass_priority("Alice"), "104.1")
    wins = [e for e in events if e.rule == "104.2a"]
    assert wins and "Alice wins" in wins[0].text, "104.2a: Alice's opponents have all left, so she wins"


def test_104_4a_when_every_remaining_player_loses_at_once_the_game_is_a_draw():
    s = Scenario("everyone at 0", players=["Alice", "Bob"], life=1)
    state = s.state()
    state = replace(state, players=tuple(replace(p, life=0) for p in state.players))
    state, events = apply(state, pass_priority("Alice"))
    assert all(p.lost for p in state.players) and state.priority is None
    assert [e for e in events if e.rule == "104.4a"], "104.4a: all remaining players lost at once: a draw"


@pytest.mark.rule("104.3a")
def test_104_3a_a_player_may_concede_at_any_time():
    """Carol concedes without priority; she loses and leaves with what she owns (800.4a), and the
    round of passes goes on with the two left (117.4)."""
    s = Scenario("concede", players=THREE, step="main1")
    bears = s.add("Grizzly Bears", "Carol")
    state = s.state()
    state, events = apply(state, concede("Carol"))  # Carol doesn't hold priority: conceding needs none
    assert state.player("Carol").lost and state.priority == "Alice"
    assert bears not in {o.oid for o in state.objects}
    assert [e.rule for e in events if e.kind == "lost"] == ["104.3a"]
    refuse(state, concede("Carol"), "800.4")


@pytest.mark.rule("117.4")
def test_a_player_who_passed_then_concedes_no_longer_counts_as_having_passed():
    """Alice passes, then concedes while Bob holds priority: Bob's and Carol's passes are what
    end the step now, not Bob's alone (117.4: each player still in the game passes)."""
    state = Scenario("concede after passing", players=THREE, step="main1").state()
    state, _ = apply(state, pass_priority("Alice"))
    state, _ = apply(state, concede("Alice"))
    assert state.priority == "Bob" and state.passes == 0
    state, _ = apply(state, pass_priority("Bob"))
    assert state.step is Step.MAIN1 and state.priority == "Carol"
    state, _ = apply(state, pass_priority("Carol"))
    assert state.step is not Step.MAIN1


@pytest.mark.rule("810.8b")
def test_in_two_headed_giant_a_player_who_concedes_takes_the_team_out_and_the_other_team_wins():
    state = Scenario("2HG concede", **TWO_HEADED).state()
    state, events = apply(state, concede("Andy"))
    assert state.player("Alice").lost and state.player("Andy").lost and state.priority is None
    assert [e.rule for e in events if e.kind == "lost"] == ["810.8b", "810.8b"]
    assert any(e.rule == "104.2c" for e in events), "the other team wins (104.2c)"
    refuse(state, pass_priority("Bob"), "104.1")


def test_in_a_two_player_game_conceding_ends_it_and_names_the_winner():
    state, events = apply(Scenario("duel", step="main1").state(), concede("Alice"))
    assert state.priority is None and any(e.rule == "104.2a" and "Bob wins" in e.text for e in events)


# ---------------------------------------------------------------- teams without shared turns
def test_102_3_117_1_a_teammate_still_waits_for_priority_when_turns_are_not_shared():
    s = Scenario("teams, separate turns", **TEAMS_FFA)
    growth = s.add("Giant Growth", "Andy", zone="hand")
    bears = s.add("Grizzly Bears", "Andy")
    s.mana("Andy", "G")
    state = s.state()
    refuse(state, cast("Andy", growth, targets=(bears,)), "117.1a")
    passed = []
    for who in ("Alice", "Bob", "Andy"):
        state, _ = apply(state, pass_priority(who))
        passed.append(state.priority)
    assert passed == ["Bob", "Andy", "Bea"] and state.step is Step.MAIN1, "117.4: one pass per player"


def test_102_3_802_2_a_teammate_is_not_a_defending_player():
    s = Scenario("teams, separate turns", step="combat", **TEAMS_FFA)
    bears = s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert set(t.state.combat.defending_players) == {"Bob", "Bea"}
    refuse(t.state, declare_attackers("Alice", {bears: "Andy"}), "508.1b")


def _bob_attacks_team_a(attacks):
    s = Scenario("teams, Bob attacks", active="Bob", step="combat", life=2, **TEAMS_FFA)
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Bob", {c: who for c, who in zip((bears, corpse), attacks, strict=False)}))
    events = []
    while t.state.priority is not None and t.state.step is not Step.END_COMBAT:
        t.do(pass_priority(t.state.priority))
        events += t[-1].events
    return t.state, events


def test_104_3g_a_team_loses_only_when_all_its_players_have_lost_and_life_is_not_shared():
    state, _ = _bob_attacks_team_a(["Alice"])
    assert state.player("Alice").lost and not state.player("Andy").lost and state.player("Andy").life == 2
    assert state.priority is not None, "104.3g: Andy is still in, so team A hasn't lost"


def test_104_2c_every_player_of_the_last_team_wins():
    state, events = _bob_attacks_team_a(["Alice", "Andy"])
    assert state.priority is None and not state.player("Bea").lost
    wins = [e for e in events if e.rule == "104.2c"]
    assert wins and "Bob and Bea win" in wins[0].text


# ---------------------------------------------------------------- Two-Headed Giant (805, 810)
def test_805_5_either_teammate_acts_for_the_team_and_one_pass_passes_for_it():
    s = Scenario("2HG priority", **TWO_HEADED)
    growth = s.add("Giant Growth", "Andy", zone="hand")
    bears = s.add("Grizzly Bears", "Andy")
    s.mana("Andy", "G")
    state, _ = apply(s.state(), cast("Andy", growth, targets=(bears,)))
    state, _ = apply(state, pass_priority("Alice"))  # Alice passes for team A
    assert state.priority == "Bob"
    refuse(state, pass_priority("Andy"), "117.3d")
    state, _ = apply(state, pass_priority("Bea"))  # Bea passes for team B: two teams, two passes
    assert state.stack == () and state.priority in ("Alice", "Andy")  # 805.5b: the active team


def test_805_10b_805_10d_one_combined_attack_and_block_and_810_9_a_shared_life_total():
    s = Scenario("2HG combat", step="combat", **TWO_HEADED)
    wurm = s.add("Craw Wurm", "Alice")
    bears = s.add("Grizzly Bears", "Andy")
    spider = s.add("Giant Spider", "Bea")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert t.state.combat.attacking_players == ("Alice", "Andy")
    refuse(t.state, declare_attackers("Andy", {wurm: "Alice"}), "508.1b")  # not your teammate
    t.do(declare_attackers("Andy", {wurm: "Bob", bears: "Bea"}))  # Andy declares for the team
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bea", {spider: wurm}))  # Bea's Spider blocks a creature attacking Bob
    t = pass_until(t, Step.END_COMBAT)
    assert {p.name: p.life for p in t.state.players} == {"Alice": 30, "Andy": 30, "Bob": 28, "Bea": 28}
    lives = [e for f in t for e in kinds(f.events, "life")]
    assert {e.rule for e in lives} == {"810.9"}


def test_810_5_teammates_cannot_use_each_others_cards():
    from mtgrules import activate, play_land
    s = Scenario("2HG resources", **TWO_HEADED)
    forest = s.add("Forest", "Alice")
    in_hand = s.add("Forest", "Alice", zone="hand")
    state = s.state()
    refuse(state, activate("Andy", forest), "602.2")
    refuse(state, play_land("Andy", in_hand), "305.1")


def test_810_8a_a_teammate_drawing_from_an_empty_library_loses_for_the_team():
    s = Scenario("2HG decking", step="upkeep", turn=3, **TWO_HEADED)
    s.add("Forest", "Alice", zone="library")
    state, _ = apply(s.state(), pass_priority("Andy"))
    state, events = apply(state, pass_priority("Bob"))
    assert [(e.name, e.rule) for e in kinds(events, "lost")] == [("Andy", "704.5b"), ("Alice", "810.8a")] or \
        sorted(e.rule for e in kinds(events, "lost")) == ["704.5b", "810.8a"]
    assert state.priority is None
    assert [e.rule for e in kinds(events, "game over")] == ["104.2c"]


def test_104_2c_a_player_of_the_winning_team_who_had_lost_wins_too():
    """Only reachable in a team game without shared turns: Alice lost earlier, Andy is left."""
    s = Scenario("teams", active="Andy", step="combat", life=2, **TEAMS_FFA)
    one = s.add("Grizzly Bears", "Andy")
    two = s.add("Grizzly Bears", "Andy")
    state = s.state()
    state = replace(state, players=tuple(replace(p, lost=p.name == "Alice") for p in state.players))
    t = pass_until(Timeline(state, "Alice has lost"), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Andy", {one: "Bob", two: "Bea"}))
    t = pass_until(t, Step.COMBAT_DAMAGE) if t.state.step is not Step.COMBAT_DAMAGE else t
    while t.state.priority is not None:
        t.do(pass_priority(t.state.priority))
    wins = [e for f in t for e in kinds(f.events, "game over")]
    assert [e.rule for e in wins] == ["104.2c"] and "Alice and Andy win" in wins[0].text


def test_805_1_shared_team_turns_need_teammates_in_adjacent_seats():
    with pytest.raises(ScenarioError, match="805.1"):
        Scenario("2HG seats", players=["Alice", "Bob", "Andy", "Bea"], game_format="two-headed giant",
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"})


def test_102_3_a_game_needs_two_teams_to_have_opponents():
    with pytest.raises(ScenarioError, match="102.3"):
        Scenario("one team", players=["Alice", "Bob", "Carol"], teams={"Alice": "A", "Bob": "A", "Carol": "A"})


def test_800_1_a_multiplayer_game_begins_with_more_than_two_players():
    with pytest.raises(ScenarioError, match="800.1"):
        Scenario("two", players=["Alice", "Bob"], game_format="multiplayer")


@pytest.mark.rule("810.8c")
def test_810_8c_a_two_headed_giant_team_at_0_life_loses_as_a_team():
    """The Bears' 2 damage takes Bob and Bea's shared 2 life to 0: the team loses (810.8c), and the
    other team wins (104.2c)."""
    s = Scenario("2HG at 2 life", step="combat", life=2, **TWO_HEADED)
    bears = s.add("Grizzly Bears", "Andy")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Andy", {bears: "Bob"}))
    for _ in range(20):  # pass until the damage ends the game (no one has priority then)
        if t.state.priority is None:
            break
        t.do(pass_priority(t.state.priority))
    assert t.state.player("Bob").lost and t.state.player("Bea").lost
    lost = [e.rule for f in t for e in kinds(f.events, "lost")]
    assert lost and set(lost) == {"810.8c"}
    assert any(e.rule == "104.2c" for f in t for e in f.events)
