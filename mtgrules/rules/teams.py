"""Turn order, teams and APNAP order for two-player, free-for-all and Two-Headed Giant games.

Seating is the order of ``state.players``: turns go round the table from the starting player
(103.1), and "next in turn order" means the next seat still in the game (101.4).

Two-Headed Giant (810) uses shared team turns (810.2, 805): a team, not a player, takes a turn
(805.4) and holds priority (805.5). The engine still names one player in ``state.active`` and
``state.priority``: the team's first-listed member who is still in the game, its primary player
(805.2). Any member of the team holding priority may act for it, and one pass passes for the team.

Everything here reads a state (or a draft's view) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from mtgrules.core.state import derived_from

if TYPE_CHECKING:
    from mtgrules.core.state import GameState

TWO_HEADED_GIANT = "two-headed giant"
derived_from("passes needed", frozenset({"players", "game_format"}))
derived_from("game over", frozenset({"players"}))
derived_from("active players", frozenset({"players", "active", "game_format"}))
derived_from("next in turn order", frozenset({"players", "game_format"}))


def shared_team_turns(state: GameState) -> bool:
    """True when teams take turns together (Two-Headed Giant, 810.2)."""
    return state.game_format == TWO_HEADED_GIANT


def in_game(state: GameState) -> list[str]:
    """Players who haven't lost, in seating order."""
    return [p.name for p in state.players if not p.lost]


def seat_groups(state: GameState) -> list[list[str]]:
    """The units that take turns, in seating order: one player each, or one team each under
    shared team turns. Players who have left the game are included (see :func:`groups_in_game`)."""
    if not shared_team_turns(state):
        return [[p.name] for p in state.players]
    groups: dict[str, list[str]] = {}
    for p in state.players:
        groups.setdefault(p.team, []).append(p.name)
    return list(groups.values())


def groups_in_game(state: GameState) -> list[list[str]]:
    alive = set(in_game(state))
    out = [[n for n in g if n in alive] for g in seat_groups(state)]
    return [g for g in out if g]


def _group_index(groups: list[list[str]], name: str) -> int:
    for i, g in enumerate(groups):
        if name in g:
            return i
    raise KeyError(f"no player named {name!r}")


def turn_mates(state: GameState, name: str) -> list[str]:
    """The players whose turn it is when it is ``name``'s turn: ``name`` alone, or their whole
    team under shared team turns (805.4), in seating order."""
    groups = seat_groups(state)
    return list(groups[_group_index(groups, name)])


def teammates_losing_with(state: GameState, losers: Iterable[str]) -> list[str]:
    """Under shared team turns players lose only as a team: the teammates still in the game of
    the players who lose (or concede) lose too (810.8a, 810.8b)."""
    if not shared_team_turns(state):
        return []
    names = set(losers)
    teams = {state.player(n).team for n in names}
    return [p.name for p in state.players if p.team in teams and not p.lost and p.name not in names]


def is_active_player(state: GameState, name: str) -> bool:
    """Whether it is ``name``'s turn: they are the active player, or, under shared team turns, a
    player of the active team, each of whom is an active player (805.4a, 805.9)."""
    return name in state.cached("active players", lambda: _active_players(state))


def _active_players(state: GameState) -> frozenset[str]:
    if state.active not in state.player_names:
        return frozenset()
    mates = turn_mates(state, state.active) if shared_team_turns(state) else [state.active]
    return frozenset(mates) & frozenset(in_game(state))


def primary(state: GameState, name: str) -> str:
    """The player who stands for ``name``'s group: their team's first member still in the game
    under shared team turns (805.2), else ``name`` itself."""
    alive = set(in_game(state))
    mates = [n for n in turn_mates(state, name) if n in alive]
    return mates[0] if mates else name


def apnap_groups(state: GameState) -> list[list[str]]:
    """Groups still in the game in APNAP order: the active player (or team) first, then the
    others in turn order (101.4; by team under shared team turns, 805.6)."""
    groups = seat_groups(state)
    start = _group_index(groups, state.active) if state.active in state.player_names else 0
    alive = set(in_game(state))
    ordered = groups[start:] + groups[:start]
    out = [[n for n in g if n in alive] for g in ordered]
    return [g for g in out if g]


def apnap_order(state: GameState) -> list[str]:
    """Every player still in the game in APNAP order (101.4, 805.6)."""
    return [n for g in apnap_groups(state) for n in g]


def next_active(state: GameState) -> str:
    """Who takes the next turn: the next player (or team) in seating order still in the game;
    a player who has left the game doesn't begin a turn (800.4k)."""
    return next_in_turn_order(state, state.active)


def next_in_turn_order(state: GameState, name: str) -> str:
    """The next player (the first member of the next team, under shared team turns) after
    ``name`` in turn order who is still in the game; ``name`` may have left the game (800.4a).
    Found once per state and player (every pass asks it)."""
    found: dict[str, str] = state.cached("next in turn order", dict)
    if name not in found:
        found[name] = _next_in_turn_order(state, name)
    return found[name]


def _next_in_turn_order(state: GameState, name: str) -> str:
    groups = seat_groups(state)
    alive = set(in_game(state))
    start = _group_index(groups, name) if name in state.player_names else -1
    for k in range(1, len(groups) + 1):
        group = [n for n in groups[(start + k) % len(groups)] if n in alive]
        if group:
            return group[0]
    raise ValueError("no player is left in the game")


def may_act(state: GameState, player: str) -> bool:
    """Whether ``player`` may act now: they hold priority, or, under shared team turns, a
    teammate does (805.5)."""
    if state.priority is None:
        return False
    if player == state.priority:
        return True
    return (shared_team_turns(state) and player in in_game(state)
            and player in turn_mates(state, state.priority))


def passes_needed(state: GameState) -> int:
    """How many passes in a row end a step or resolve the top object (117.4): one per player
    still in the game, or one per team under shared team turns (805.5)."""
    return state.cached("passes needed", lambda: len(groups_in_game(state)))


def next_priority(state: GameState, player: str) -> str:
    """Who receives priority when ``player`` (or their team) passes (117.3d)."""
    return next_in_turn_order(state, player)


def teams_in_game(state: GameState) -> list[str]:
    """The teams that still have a player in the game (each player is their own team unless
    the scenario says otherwise)."""
    return list(dict.fromkeys(p.team for p in state.players if not p.lost))


def game_over(state: GameState) -> bool:
    """True once fewer than two teams are left in the game (104.2a, 810.8a)."""
    return state.cached("game over", lambda: len(teams_in_game(state)) < 2)
