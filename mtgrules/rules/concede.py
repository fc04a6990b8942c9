"""Conceding (104.3a): a player may concede at any time, with or without priority; they leave the
game at once and lose it. In Two-Headed Giant the whole team concedes and loses (810.8b).

The game goes on without them as when a player loses (800.4a, :mod:`mtgrules.rules.leaving`),
with one thing only conceding can cause: it may come in the middle of a round of passes. A
player who has already passed in that round no longer needs to, so their pass stops counting
(117.4 asks for a pass from each player still in the game). ``legal_actions`` doesn't list
conceding: it is always allowed, and a list of what to try next would end every game with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from mtgrules.core.actions import Action, check_player
from mtgrules.core.choices import Chooser
from mtgrules.core.state import Draft, GameState
from mtgrules.rules import hooks
from mtgrules.rules.leaving import leave_game
from mtgrules.rules.teams import game_over, groups_in_game, teammates_losing_with


@dataclass(frozen=True)
class Concede(Action):
    """``player`` concedes the game (104.3a). One who has already left is refused by the check
    every action gets (800.4)."""

    choices: tuple[tuple[str, Any], ...] = ()
    needs_priority: ClassVar[bool] = False

    def __post_init__(self) -> None:
        check_player(self.player)

    def describe(self, state: GameState) -> str:
        return f"{self.player} concedes the game"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "concede", [self.player], {}


def concede(player: str, /) -> Concede:
    """``concede("Carol")``: Carol leaves the game and loses it, whoever holds priority."""
    return Concede(player)


def _concede(d: Draft, chooser: Chooser, a: Concede) -> None:
    state = d.view()
    leaving = [a.player, *teammates_losing_with(state, [a.player])]  # the team, in Two-Headed Giant (810.8b)
    passed = _passed_this_round(state)
    rule, who = ("810.8b", f"{a.player}'s team concedes") if len(leaving) > 1 else ("104.3a", f"{a.player} concedes")
    for name in leaving:
        d.update_player(name, rule, f"{who}: {name} leaves the game and loses it", lost=True)
    if game_over(d.view()):
        return  # the game ends (104.1); settling names the winner
    if any(name in passed for name in leaving):  # their pass this round no longer counts (117.4)
        d.set_scalar("117.4", passes=d.passes - 1)
    for name in leaving:
        leave_game(d, name)


def _passed_this_round(state: GameState) -> set[str]:
    """The players whose pass is counted in ``state.passes``: those just before the player with
    priority in turn order (each team, under shared team turns, 805.5)."""
    if state.priority is None or not state.passes:
        return set()
    groups = groups_in_game(state)
    here = next(i for i, g in enumerate(groups) if state.priority in g)
    return {name for k in range(1, state.passes + 1) for name in groups[(here - k) % len(groups)]}


hooks.ACTION_HANDLERS[Concede] = _concede
