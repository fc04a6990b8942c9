"""Edge cases of turn structure and triggers, checked against the Comprehensive Rules: each test is named for
the rule it checks and fails if the engine gets that rule wrong."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import refused

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    Zone,
    activate,
    advance_to,
    answer_with,
    cast,
    legal_actions,
    pass_priority,
)
from mtgrules.rules.teams import game_over

TWO_HG = dict(players=["Alice", "Andy", "Bob", "Beth"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
              game_format="two-headed giant")


def _libraries(s: Scenario, n: int = 3) -> None:
    for p in s.players:
        for _ in range(n):
            s.add("Swamp", p, zone="library")


def _begun(frame) -> list[str]:
    return [e.after for e in frame.events if e.kind == "step begins"]


# ---------------------------------------------------------------- 103.8a-c, 500.11
def test_103_8a_the_starting_player_skips_the_draw_step_itself_not_just_the_draw():
    s = Scenario("103.8a", turn=1, step="upkeep")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert Step.DRAW.value not in _begun(t[-1]), "a skipped step doesn't happen at all (500.11)"
    assert t.state.step is Step.MAIN1 and t.state.priority == "Alice"
    skipped = [e for e in t[-1].events if e.kind == "step skipped"]
    assert [e.rule for e in skipped] == ["103.8a"]
    assert not t.state.in_zone(Zone.HAND, "Alice")


def test_103_8b_the_starting_team_skips_its_first_draw_step():
    s = Scenario("103.8b", turn=1, step="upkeep", **TWO_HG)
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert Step.DRAW.value not in _begun(t[-1]) and t.state.step is Step.MAIN1
    assert [e.rule for e in t[-1].events if e.kind == "step skipped"] == ["103.8b"]


def test_103_8c_in_other_multiplayer_games_the_first_draw_step_happens():
    s = Scenario("103.8c", players=["Alice", "Bob", "Carol"], turn=1, step="upkeep")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob")).do(pass_priority("Carol"))
    assert t.state.step is Step.DRAW and len(t.state.in_zone(Zone.HAND, "Alice")) == 1


# ---------------------------------------------------------------- 121.4, 704.5b, 810.8a
def test_704_5b_a_player_who_drew_from_an_empty_library_loses_at_the_next_check():
    s = Scenario("704.5b", turn=2, step="upkeep")
    s.add("Swamp", "Bob", zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))      # Alice's draw step: nothing to draw
    assert t.state.player("Alice").lost, "704.5b: attempting to draw from an empty library loses"
    assert [e.rule for e in t[-1].events if e.kind == "lost"] == ["704.5b"]
    assert not t.state.player("Bob").lost
    assert game_over(t.state)


def test_810_8a_a_teammate_who_drew_from_an_empty_library_loses_with_the_whole_team():
    s = Scenario("810.8a", turn=2, step="upkeep", **TWO_HG)
    for p in ("Alice", "Bob", "Beth"):
        s.add("Swamp", p, zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))      # Andy can't draw
    assert [p.lost for p in t.state.players] == [True, True, False, False], \
        "810.8a: if either player on a team loses, the team loses"
    assert game_over(t.state)


# ---------------------------------------------------------------- 800.4a, 800.4j: leaving a multiplayer game
def _three_players(dead: str, holder: str = "Alice"):
    """Alice's precombat main phase in a three-player game; ``dead`` is at 0 life (as if they had
    just paid it) and ``holder`` has priority and a Forest to tap."""
    s = Scenario("800.4", players=["Alice", "Bob", "Carol"], turn=2, step="main1")
    _libraries(s)
    forest = s.add("Forest", holder)
    ids = {"bears": s.add("Grizzly Bears", "Bob"), "hand": s.add("Swamp", "Bob", zone="hand"),
           "grave": s.add("Llanowar Elves", "Bob", zone="graveyard"), "carol": s.add("Grizzly Bears", "Carol")}
    state = s.state()
    state = replace(state, priority=holder,
                    players=tuple(replace(p, life=0) if p.name == dead else p for p in state.players))
    return Timeline(state, "800.4"), forest, ids


def test_800_4a_a_player_who_leaves_takes_every_object_they_own_with_them():
    t, forest, ids = _three_players("Bob")
    owned = len([o for o in t.state.objects if o.owner == "Bob"])
    t.do(activate("Alice", forest))                  # state-based actions: Bob loses (704.5a)
    assert t.state.player("Bob").lost and not game_over(t.state)
    assert not [o for o in t.state.objects if o.owner == "Bob"], \
        "800.4a: all objects owned by a player who leaves the game leave it too"
    assert t.state.obj(ids["carol"]).zone is Zone.BATTLEFIELD
    assert [e.rule for e in t[-1].events if e.kind == "left the game"] == ["800.4a"] * owned


def test_800_4a_priority_passes_on_when_the_player_holding_it_leaves():
    t, forest, _ = _three_players("Bob", holder="Bob")
    t.do(activate("Bob", forest))
    assert t.state.player("Bob").lost
    assert t.state.priority == "Carol", "800.4a: priority passes to the next player in turn order still in the game"
    assert legal_actions(t.state) and all(a.player == "Carol" for a in legal_actions(t.state))


def test_800_4j_the_turn_goes_on_without_an_active_player_who_left():
    t, forest, _ = _three_players("Alice")
    t.do(activate("Alice", forest))                  # Alice, the active player, loses
    assert t.state.player("Alice").lost and t.state.priority == "Bob"
    t.do(pass_priority("Bob")).do(pass_priority("Carol"))
    assert t.state.step is Step.BEGIN_COMBAT, "the turn continues to its completion (800.4j)"
    assert t.state.priority == "Bob", "800.4j: the next player in turn order gets priority instead of the active player"
    assert advance_to(t, Step.UPKEEP)
    assert t.state.active == "Bob" and t.state.turn == 3


def test_506_2_800_4j_no_one_else_attacks_in_the_turn_of_an_active_player_who_left():
    t, forest, ids = _three_players("Alice")
    t.do(activate("Alice", forest))
    assert advance_to(t, Step.BEGIN_COMBAT)
    assert "Bob" not in t.state.combat.attacking_players, \
        "506.2: only the active player attacks; Bob doesn't take over Alice's combat"
    assert advance_to(t, Step.END_COMBAT)
    assert not any(type(a).__name__ == "DeclareAttackers" and a.attacks
                   for f in t for a in [f.action] if a is not None)
    assert t.state.obj(ids["bears"]).zone is Zone.BATTLEFIELD and not t.state.obj(ids["bears"]).tapped


def test_104_1_once_the_game_is_over_no_one_gets_priority():
    s = Scenario("104.1", turn=2, step="upkeep")
    s.add("Swamp", "Bob", zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))      # Alice loses (704.5b): Bob wins
    assert game_over(t.state)
    assert t.state.priority is None and legal_actions(t.state) == [], "104.1: the game ends immediately"
    refused(t.state, pass_priority("Bob"), "104.1")


# ---------------------------------------------------------------- 117.4
def test_117_4_activating_a_mana_ability_between_passes_breaks_the_succession():
    s = Scenario("117.4", turn=2, step="main1")
    forest = s.add("Forest", "Bob")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(activate("Bob", forest)).do(pass_priority("Bob"))
    assert t.state.step is Step.MAIN1 and t.state.priority == "Alice", \
        "117.4: Bob took an action after Alice passed, so not all players passed in succession"
    t.do(pass_priority("Alice"))
    assert t.state.step is Step.BEGIN_COMBAT


# ---------------------------------------------------------------- 704.5d
def test_704_5d_a_sacrificed_token_ceases_to_exist():
    s = Scenario("704.5d", turn=2, step="main1")
    s.add("Call to the Grave", "Alice")
    plains = [s.add("Plains", "Bob"), s.add("Plains", "Bob")]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(activate("Bob", plains[0])).do(activate("Bob", plains[1]))
    t.do(cast("Bob", alarm)).do(pass_priority("Bob")).do(pass_priority("Alice"))
    token = next(o.oid for o in t.state.battlefield("Bob") if o.is_token)
    assert advance_to(t, Step.DRAW, "Bob", choose=answer_with({"sacrifice": token}))
    assert token not in {o.oid for o in t.state.objects}, \
        "704.5d: a token in a zone other than the battlefield ceases to exist"
    assert not [o for o in t.state.in_zone(Zone.GRAVEYARD, "Bob") if o.is_token]
    gone = [e for f in t for e in f.events if e.obj == token and e.rule == "704.5d"]
    assert len(gone) == 1 and gone[0].kind == "ceases to exist"


def test_legend_rule_704_5j_keeps_the_chosen_one_and_needs_a_choice():
    from mtgrules import MissingChoice, apply, pass_priority

    s = Scenario("two Neyiths")
    first = s.add("Neyith of the Dire Hunt", "Alice")
    second = s.add("Neyith of the Dire Hunt", "Alice")
    s.add("Neyith of the Dire Hunt", "Bob")  # another player's copy doesn't count
    state = s.state()
    with pytest.raises(MissingChoice) as info:
        apply(state, pass_priority("Alice"))
    assert info.value.rule == "704.5j" and sorted(info.value.options) == [first, second]
    after, events = apply(state, pass_priority("Alice", legend_rule=second))
    assert after.obj(second).zone is Zone.BATTLEFIELD and after.obj(first).zone is Zone.GRAVEYARD
    assert [e.rule for e in events if e.kind == "zone change"] == ["704.5j"]
    assert sum(o.zone is Zone.BATTLEFIELD for o in after.objects) == 2
