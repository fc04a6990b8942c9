"""Review of turn structure and triggers against the Comprehensive Rules: each test is named for
the rule it checks and fails if the engine gets that rule wrong."""

from __future__ import annotations

from mtgrules import Scenario, Step, Zone, pass_priority
from mtgrules.teams import game_over

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
