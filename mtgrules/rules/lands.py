"""Playing a land (116.2a, 305.1-305.4): a special action, not a spell.

A player who has priority may play a land card from their hand in a main phase of their turn
while the stack is empty (305.1). It doesn't use the stack, so no one can respond to it, and the
player receives priority again afterwards (116.3). One land per turn unless an effect allows more
(305.2, 305.2b); it can't be done on another player's turn (305.3). A land put onto the battlefield
by an effect isn't played and doesn't count (305.4): only this action counts, in
``Player.lands_played``. Under shared team turns each player of the active team may play a land
(805.4c), so each counts their own.
"""

from __future__ import annotations

from mtgrules.core.actions import PlayLand
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.stack import enters_battlefield
from mtgrules.rules.teams import is_active_player, shared_team_turns, turn_mates


def lands_allowed(state: GameState, player: str) -> int:
    """How many lands ``player`` may play this turn: one, plus what effects add (305.2)."""
    return 1 + sum(extra(state, player) for extra in hooks.EXTRA_LAND_PLAYS)


def check_play_land(state: GameState, a: PlayLand) -> GameObject:
    """Refuse with the rule that forbids it, or return the land card to play."""
    try:
        obj = state.obj(a.card)
    except KeyError:
        raise IllegalAction("305.1", f"there is no card with id {a.card}") from None
    cdef = card(obj.card)
    if "Land" not in cdef.types:
        raise IllegalAction("305.1", f"{cdef.name} isn't a land card, so it can't be played as a land; "
                            "cast it instead")
    if obj.zone is not Zone.HAND or obj.owner != a.player:
        raise IllegalAction("305.1", f"{cdef.name} is not in {a.player}'s hand, so {a.player} can't play it")
    if not may_play_land_now(state, a.player):
        _refuse_timing(state, a.player)
    played, allowed = state.player(a.player).lands_played, lands_allowed(state, a.player)
    if played >= allowed:
        raise IllegalAction("305.2b", f"{a.player} has already played {_lands(played)} this turn and may play "
                            f"{_lands(allowed)} per turn")
    return obj


def may_play_land_now(state: GameState, player: str) -> bool:
    """It is the player's turn (305.3), in a main phase, with an empty stack (305.1)."""
    return is_active_player(state, player) and state.step.is_main and not state.stack


def _refuse_timing(state: GameState, player: str) -> None:
    """Say which timing rule a land play breaks: whose turn it is (305.3), or when (305.1)."""
    if not is_active_player(state, player):
        whose = (f"{' and '.join(turn_mates(state, state.active))}'s team's" if shared_team_turns(state)
                 else f"{state.active}'s")
        raise IllegalAction("305.3", f"it is {whose} turn, and a player can play a land only during their own "
                            "turn")
    if not state.step.is_main or state.stack:
        where = "the stack isn't empty" if state.stack else f"this is the {state.step.phrase}"
        raise IllegalAction("305.1", f"a land can be played only in a main phase while the stack is empty, "
                            f"and {where}")


def _lands(n: int) -> str:
    return "one land" if n == 1 else f"{n} lands"


def play_land(d: Draft, chooser: Chooser, a: PlayLand) -> None:
    """The land goes straight onto the battlefield under its player's control (305.1, 116.2a);
    they receive priority again (116.3), and earlier passes no longer count (117.4)."""
    obj = check_play_land(d.view(), a)
    enters_battlefield(d, chooser, obj, a.player, None, rule="305.1",  # "enters tapped" applies (614.1d)
                       text=f"{a.player} plays {obj.card}, a special action: it doesn't use the stack, so no one "
                       "can respond to it")
    d.update_player(a.player, "305.2a", f"{a.player} has now played {_lands(d.player(a.player).lands_played + 1)} "
                    "this turn", kind="lands played", lands_played=d.player(a.player).lands_played + 1)
    d.set_scalar("116.3", priority=a.player, passes=0)


def new_turn_counts(d: Draft, chooser: Chooser) -> None:
    """A new turn: no one has played a land in it yet (305.2a counts "this turn")."""
    for p in d.view().players:
        if p.lands_played:
            d.update_player(p.name, "305.2a", f"a new turn: {p.name} has played no land in it yet",
                            kind="lands played", lands_played=0)


hooks.ACTION_HANDLERS[PlayLand] = play_land
hooks.TURN_BASED.setdefault(Step.UNTAP, []).append(new_turn_counts)
hooks.QUIET_TURN_BASED[new_turn_counts] = lambda state: True  # resets a count, asks nothing
hooks.ACTION_CHECKS[PlayLand] = check_play_land
