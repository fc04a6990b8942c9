"""Playing a land (116.2a, 305): a special action, one per turn, never a spell (305.9).

Regression tests for the off-the-lesson-path report: a Forest could be *cast*, went on the stack
and could be responded to, and any number could be "cast" in a turn.
"""

from __future__ import annotations

import pytest
from helpers import kinds, refused

from mtgrules import (
    CastSpell,
    PlayLand,
    Scenario,
    Step,
    Zone,
    apply,
    cast,
    legal_actions,
    pass_priority,
    play_land,
)
from mtgrules.cards import CardDef, register
from mtgrules.rules.zones import move


def _hand_of_lands(step: str = "main1"):
    s = Scenario("lands from hand", step=step)
    f1 = s.add("Forest", "Alice", zone="hand")
    f2 = s.add("Forest", "Alice", zone="hand")
    crag = s.add("Vivid Crag", "Alice", zone="hand")
    return s, f1, f2, crag


@pytest.mark.rule("305.9")
def test_a_land_is_never_cast_and_the_refusal_points_to_play_land():
    s, f1, _f2, _crag = _hand_of_lands()
    err = refused(s.state(), cast("Alice", f1), "305.9")
    assert "play_land" in err.reason


@pytest.mark.rule("116.2a")
def test_playing_a_land_puts_it_onto_the_battlefield_without_the_stack():
    s, f1, _f2, _crag = _hand_of_lands()
    new, events = apply(s.state(), play_land("Alice", f1))
    assert new.obj(f1).zone is Zone.BATTLEFIELD and new.obj(f1).controller == "Alice"
    assert not new.stack, "a special action doesn't use the stack (116.2a)"
    assert new.priority == "Alice", "the player receives priority again (116.3)"
    assert new.player("Alice").lands_played == 1
    assert kinds(events, "lands played")[0].rule == "305.2a"


@pytest.mark.rule("305.2b")
def test_one_land_per_turn():
    s, f1, f2, crag = _hand_of_lands()
    state, _ = apply(s.state(), play_land("Alice", f1))
    refused(state, play_land("Alice", f2), "305.2b")
    refused(state, play_land("Alice", crag), "305.2b")


@pytest.mark.rule("305.1")
@pytest.mark.parametrize("step", ["upkeep", "combat", "end"])
def test_a_land_is_played_only_in_a_main_phase(step):
    s, f1, _f2, _crag = _hand_of_lands(step)
    refused(s.state(), play_land("Alice", f1), "305.1")


@pytest.mark.rule("305.1")
def test_a_land_is_played_only_with_an_empty_stack():
    s = Scenario("stack not empty")
    forest = s.add("Forest", "Alice", zone="hand")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "G")
    state, _ = apply(s.state(), cast("Alice", growth, targets=(bears,)))
    refused(state, play_land("Alice", forest), "305.1")


@pytest.mark.rule("305.3")
def test_a_land_is_played_only_on_your_own_turn():
    s = Scenario("Bob's land")
    forest = s.add("Forest", "Bob", zone="hand")
    state, _ = apply(s.state(), pass_priority("Alice"))  # Bob has priority in Alice's main phase
    assert state.priority == "Bob"
    refused(state, play_land("Bob", forest), "305.3")


@pytest.mark.rule("305.1")
def test_only_land_cards_from_your_own_hand_are_played():
    s = Scenario("not a land, not in hand")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    grave = s.add("Forest", "Alice", zone="graveyard")
    bobs = s.add("Forest", "Bob", zone="hand")
    for oid in (bears, grave, bobs):
        refused(s.state(), play_land("Alice", oid), "305.1")
    refused(s.state(), play_land("Alice", 99), "305.1")


@pytest.mark.rule("305.2a")
def test_the_count_starts_again_each_turn():
    s, f1, f2, _crag = _hand_of_lands()
    s.add("Forest", "Bob", zone="library")
    s.add("Forest", "Alice", zone="library")
    t = s.timeline()
    t.do(play_land("Alice", f1))
    while not (t.state.active == "Alice" and t.state.step is Step.MAIN1 and t.state.turn == 4):
        t.do(pass_priority(t.state.priority))
    assert t.state.player("Alice").lands_played == 0
    t.do(play_land("Alice", f2))
    assert t.state.player("Alice").lands_played == 1


PUT_LAND = "Practice Planting (test)"


def _put_a_land(res, item) -> None:
    hand = [o.oid for o in res.d.view().in_zone(Zone.HAND, res.controller) if o.card == "Forest"]
    move(res.d, hand[0], Zone.BATTLEFIELD, "305.4", "a Forest is put onto the battlefield", controller=res.controller)


register(CardDef(PUT_LAND, "{G}", frozenset({"Sorcery"}), oracle="Put a Forest card from your hand onto the "
                 "battlefield.", spell=_put_a_land, source="a test card"))


@pytest.mark.rule("305.4")
def test_a_land_put_onto_the_battlefield_by_an_effect_is_not_played():
    s = Scenario("305.4")
    planting = s.add(PUT_LAND, "Alice", zone="hand")
    s.add("Forest", "Alice", zone="hand")
    second = s.add("Forest", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    t.do(cast("Alice", planting)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert len(t.state.battlefield("Alice")) == 1 and t.state.player("Alice").lands_played == 0
    t.do(play_land("Alice", second))
    assert t.state.player("Alice").lands_played == 1


@pytest.mark.rule("305.9")
def test_legal_actions_offer_play_land_and_never_a_land_cast():
    s, f1, f2, crag = _hand_of_lands()
    actions = legal_actions(s.state())
    assert {a.card for a in actions if isinstance(a, PlayLand)} == {f1, f2, crag}
    assert not [a for a in actions if isinstance(a, CastSpell)]
    state, _ = apply(s.state(), play_land("Alice", f1))
    assert not [a for a in legal_actions(state) if isinstance(a, PlayLand)], "the land for the turn is used"


@pytest.mark.rule("305.2a")
def test_the_state_table_shows_lands_played_this_turn():
    from mtgrules.views import state_table
    s, f1, _f2, _crag = _hand_of_lands()
    state, _ = apply(s.state(), play_land("Alice", f1))
    assert "lands played this turn: 1" in state_table(state).loc["Alice", "notes"]
    assert "lands played" not in state_table(s.state()).loc["Alice", "notes"]


TEAMS = dict(players=["Alice", "Andy", "Bob", "Bea"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"},
             game_format="two-headed giant")


@pytest.mark.rule("805.4c")
def test_two_headed_giant_each_player_of_the_active_team_plays_a_land():
    s = Scenario("805.4c", **TEAMS)
    alices = s.add("Forest", "Alice", zone="hand")
    andys = s.add("Forest", "Andy", zone="hand")
    andys2 = s.add("Forest", "Andy", zone="hand")
    state = s.state()
    assert {(a.player, a.card) for a in legal_actions(state) if isinstance(a, PlayLand)} == \
        {("Alice", alices), ("Andy", andys), ("Andy", andys2)}
    state, _ = apply(state, play_land("Andy", andys))
    state, _ = apply(state, play_land("Alice", alices))
    assert state.player("Alice").lands_played == state.player("Andy").lands_played == 1
    refused(state, play_land("Andy", andys2), "305.2b")


@pytest.mark.rule("305.2")
def test_an_effect_that_allows_more_lands_is_counted(monkeypatch):
    from mtgrules.rules import hooks
    monkeypatch.setattr(hooks, "EXTRA_LAND_PLAYS", [lambda state, player: 1 if player == "Alice" else 0])
    s, f1, f2, crag = _hand_of_lands()
    state, _ = apply(s.state(), play_land("Alice", f1))
    state, _ = apply(state, play_land("Alice", f2))
    assert state.player("Alice").lands_played == 2
    refused(state, play_land("Alice", crag), "305.2b")


def test_a_scenario_can_say_a_land_was_already_played():
    s, f1, _f2, _crag = _hand_of_lands()
    s.lands_played("Alice")
    refused(s.state(), play_land("Alice", f1), "305.2b")
    with pytest.raises(Exception, match="whole number"):
        s.lands_played("Alice", -1)


def test_a_land_play_that_needs_a_choice_is_offered_with_it():
    """Two 0/0 Hangarback Walkers die as soon as anything is done (704.5f); playing a land is such
    an action, so it is offered with the order of their two dies triggers (603.3b), never bare.
    (Random play found a bare PlayLand that apply then refused for the missing order.)"""
    s = Scenario("Two walkers", players=["Alice", "Bob"])
    s.add("Hangarback Walker", "Alice")
    s.add("Hangarback Walker", "Alice")
    s.add("Forest", "Alice", zone="hand")
    state = s.state()
    plays = [a for a in legal_actions(state) if isinstance(a, PlayLand)]
    assert plays and all(dict(a.choices).get("trigger order") for a in plays)
    for action in plays:
        apply(state, action)
