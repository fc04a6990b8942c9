"""Sacrifice (701.21): a player moves a permanent they control from the battlefield to its
owner's graveyard. It isn't destruction, so nothing that replaces destruction applies.

When an effect says a player sacrifices "a non-Zombie creature of their choice", that player
chooses among the permanents they control that fit (choice kind ``"sacrifice"``, options are
object ids). The engine never picks for them: with two or more candidates the choice must be
scripted or answered by a callback. With none, nothing happens, and an event says so. When
several players sacrifice at the same time, they choose in APNAP order and then every chosen
permanent goes at once (101.4; by team under shared team turns, 805.6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.layers import characteristics
from mtgrules.rules.teams import apnap_order
from mtgrules.rules.zones import move

Filter = Callable[[GameState, GameObject], bool]


def candidates(state: GameState, player: str, test: Filter) -> list[GameObject]:
    """Permanents ``player`` controls that pass ``test``: the ones they may sacrifice (701.21a)."""
    return [o for o in state.battlefield(player) if test(state, o)]


def choose_sacrifice(d: Draft, chooser: Chooser, player: str, test: Filter, description: str) -> int | None:
    """Ask ``player`` which of their permanents matching ``description`` to sacrifice.

    Returns the chosen object's id, or None (with an event) when they control none."""
    state = d.view()
    options = [o.oid for o in candidates(state, player, test)]
    if not options:
        d.note("nothing to sacrifice", f"{player} controls no {description}, so {player} sacrifices nothing",
               "701.21a", player, player)
        return None
    oid: int = chooser.choose("sacrifice", player, options, "701.21a")
    name = characteristics(state, oid).name
    others = "" if len(options) == 1 else f" (out of {len(options)} {description}s)"
    d.note("sacrifice chosen", f"{player} chooses {name} to sacrifice{others}", "701.21a", oid, name)
    return oid


def sacrifice(d: Draft, player: str, oid: int, why: str = "") -> GameObject:
    """``player`` sacrifices the permanent ``oid``: it goes to its owner's graveyard (701.21a)."""
    obj = d.obj(oid)
    name = characteristics(d.view(), oid).name
    if obj.zone is not Zone.BATTLEFIELD or obj.controller != player:
        raise IllegalAction("701.21a", f"{player} can sacrifice only a permanent they control, and {name} isn't one")
    suffix = f" ({why})" if why else ""
    return move(d, oid, Zone.GRAVEYARD, "701.21a", f"{player} sacrifices {name}; it goes to "
                f"{obj.owner}'s graveyard{suffix}")


def player_sacrifices(d: Draft, chooser: Chooser, player: str, test: Filter, description: str,
                      why: str = "") -> int | None:
    """One player sacrifices one matching permanent of their choice, if they control one."""
    oid = choose_sacrifice(d, chooser, player, test, description)
    if oid is not None:
        sacrifice(d, player, oid, why)
    return oid


def each_player_sacrifices(d: Draft, chooser: Chooser, test: Filter, description: str,
                           players: Sequence[str] | None = None, why: str = "") -> dict[str, int | None]:
    """Each player (by default every player in the game) sacrifices one matching permanent:
    all choose first, in APNAP order (101.4), then the chosen permanents go at once."""
    order = [p for p in apnap_order(d.view()) if players is None or p in players]
    if len(order) > 1:
        d.note("apnap", "each player chooses in APNAP order: " + ", ".join(order)
               + "; then the sacrifices happen at the same time", "101.4")
    picks = {p: choose_sacrifice(d, chooser, p, test, description) for p in order}
    for p, oid in picks.items():
        if oid is not None:
            sacrifice(d, p, oid, why)
    return picks
