"""Paying activation costs: {T} (107.5), {Q} (107.6), removing counters, and mana (118).

Every check runs before anything is paid, and each refusal names the rule that forbids it.
"""

from __future__ import annotations

from .abilities import Cost
from .errors import IllegalAction
from .layers import characteristics
from .mana import ManaType, pay, pool_text
from .objects import GameObject, set_counter
from .state import Draft, GameState


def continuous_control(state: GameState, obj: GameObject) -> bool:
    """Has ``obj`` been under its controller's control since their most recent turn began?"""
    return obj.control_since < state.player(obj.controller).turn_began or obj.control_since == 0


def sickness_blocks(state: GameState, obj: GameObject) -> bool:
    """True if 302.6 forbids this creature's {T}/{Q} abilities (haste lifts it: 702.10)."""
    chars = characteristics(state, obj.oid)
    return chars.is_creature and "haste" not in chars.keywords and not continuous_control(state, obj)


def check_cost(state: GameState, player: str, obj: GameObject, cost: Cost) -> None:
    """Refuse if ``cost`` can't be paid now; pay nothing."""
    name = characteristics(state, obj.oid).name
    if cost.tap and obj.tapped:
        raise IllegalAction("107.5", f"{name} is already tapped, and a tapped permanent can't be "
                            "tapped again to pay a {T} cost")
    if cost.untap and not obj.tapped:
        raise IllegalAction("107.6", f"{name} is already untapped, and an untapped permanent can't be "
                            "untapped again to pay a {Q} cost")
    if (cost.tap or cost.untap) and sickness_blocks(state, obj):
        symbol = "{T}" if cost.tap else "{Q}"
        raise IllegalAction("302.6", f"{name} has been under {player}'s control only since this turn "
                            f"began; a creature's {symbol} ability needs continuous control since "
                            f"{player}'s most recent turn began")
    if cost.remove_counter and obj.counter(cost.remove_counter) < 1:
        raise IllegalAction("118.3", f"{name} has no {cost.remove_counter} counter to remove")


def pay_cost(d: Draft, player: str, obj: GameObject, cost: Cost, paying_for: frozenset[str],
             x: int = 0, hybrid: tuple[ManaType, ...] | None = None) -> None:
    """Check, then pay every part of ``cost`` (601.2h: no partial payments)."""
    state = d.view()
    check_cost(state, player, obj, cost)
    mana = cost.mana.with_x(x)
    spent, rest = pay(state.player(player).pool, mana, paying_for, hybrid) if not mana.is_empty else ((), None)
    name = characteristics(state, obj.oid).name
    if cost.tap:
        d.update(obj.oid, "107.5", f"{name} is tapped to pay a {{T}} cost", tapped=True)
    if cost.untap:
        d.update(obj.oid, "107.6", f"{name} is untapped to pay a {{Q}} cost", tapped=False)
    if cost.remove_counter:
        n = d.obj(obj.oid).counter(cost.remove_counter)
        d.update(obj.oid, "118.3", f"a {cost.remove_counter} counter is removed from {name}",
                 counters=set_counter(d.obj(obj.oid).counters, cost.remove_counter, n - 1))
    if spent:
        spend_mana(d, player, spent, rest, mana.text)


def spend_mana(d: Draft, player: str, spent: tuple, rest: tuple, what: str) -> None:
    """Remove paid mana from the pool, as one event (118.3a)."""
    d.update_player(player, "118.3a", f"{player} spends {pool_text(spent)} to pay {what}",
                    kind="mana spent", pool=rest)
