"""The combat damage step (510) and what damage does (120.3).

As the step begins, each attacking and blocking creature assigns combat damage equal to its power;
0 or less assigns none (510.1a). An unblocked attacker assigns it to the player or planeswalker it
attacks (510.1b); a blocked attacker to its blockers, divided as its controller chooses when two
or more block it (510.1c; choice kind ``"damage division"``, one answer per such attacker in the
order they attacked, each a tuple of ``(blocker id, amount)`` pairs); a blocker to the creature it
blocks (510.1d). Then all of it is dealt at once (510.2) and state-based actions follow before
anyone gets priority (704.3), which is when creatures with lethal damage die.

The edition the kit cites has no damage assignment order: the attacking player simply divides the
damage among the blockers in any way. First strike and double strike (510.4) aren't in the kit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mtgrules.core.choices import Chooser
from mtgrules.core.events import Event
from mtgrules.core.objects import GameObject, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.rules import hooks
from mtgrules.rules.combat.state import (
    attack_target,
    attacks,
    blocked_attacker,
    blockers_of,
    blocks,
    live,
    name_of,
    set_combat,
)
from mtgrules.rules.layers import characteristics
from mtgrules.rules.life import damage_player

Recipient = str | int  # a player's name, or an object id

DamageReplacement = Callable[[Draft, GameState, int, Recipient, int, bool], bool]
"""Replacement effects on damage (614.1a): ``rule(d, seen, source, recipient, amount, combat)``
returns True when it replaced the damage event (having done what replaces it). ``seen`` is the
state the damage is dealt in: for combat damage, the state as all of it is dealt at once (510.2),
so what an earlier replacement in the same step did doesn't change a later source."""


def deal_damage(d: Draft, source: int, recipient: Recipient, amount: int, *, combat: bool,
                seen: GameState | None = None) -> None:
    """``source`` deals ``amount`` damage to a player, creature or planeswalker (120.3)."""
    if amount <= 0:
        return
    state = d.view()
    if any(rule(d, seen or state, source, recipient, amount, combat) for rule in hooks.DAMAGE_REPLACEMENTS):
        return
    src = name_of(state, source)
    kind = "combat damage" if combat else "noncombat damage"
    if isinstance(recipient, str):
        d.emit(Event(kind, source, src, "damage", recipient, amount, "510.2" if combat else "120.3",
                     f"{src} deals {amount} {kind} to {recipient}"))
        damage_player(d, recipient, amount, src)
        return
    obj = state.obj(recipient)
    target = name_of(state, recipient)
    d.emit(Event(kind, source, src, "damage", target, amount, "510.2" if combat else "120.3",
                 f"{src} deals {amount} {kind} to {target}"))
    chars = characteristics(state, recipient)
    if "Planeswalker" in chars.types:
        left = max(obj.counter("loyalty") - amount, 0)
        d.update(recipient, "120.3c", f"{amount} damage to {target} removes {amount} loyalty counter(s)",
                 kind="loyalty", counters=set_counter(obj.counters, "loyalty", left))
    if chars.is_creature:
        d.update(recipient, "120.3e", f"{amount} damage is marked on {target}", kind="damage",
                 damage=d.obj(recipient).damage + amount)


def divisions(power: int, blockers: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to divide ``power`` damage among ``blockers`` (510.1c), as (blocker, amount) pairs."""
    if len(blockers) == 1:
        return [((blockers[0], power),)]
    out = []
    for first in range(power, -1, -1):
        for rest in divisions(power - first, blockers[1:]):
            out.append(((blockers[0], first), *rest))
    return out


def assign_combat_damage(d: Draft, chooser: Chooser) -> list[tuple[int, Recipient, int]]:
    """Work out every combat damage assignment (510.1): attackers first, then blockers."""
    state = d.view()
    plan: list[tuple[int, Recipient, int]] = []
    for attack in attacks(state):
        obj = live(state, attack.attacker)
        power = characteristics(state, obj.oid).power or 0
        name = name_of(state, obj.oid)
        if power <= 0:
            d.note("no damage", f"{name} has power {power}, so it assigns no combat damage", "510.1a", obj.oid, name)
            continue
        if attack.blocked:
            plan.extend(_blocked(d, chooser, obj, name, power))
            continue
        target = attack_target(state, attack)
        if target is None:
            d.note("no damage", f"{name} is unblocked, but what it attacked is gone, so it assigns no combat "
                   "damage", "510.1b", obj.oid, name)
            continue
        plan.append((obj.oid, target if isinstance(target, str) else target.oid, power))
    for block in blocks(state):
        obj = live(state, block.blocker)
        power = characteristics(state, obj.oid).power or 0
        name = name_of(state, obj.oid)
        attacker = blocked_attacker(state, obj.oid)
        if power <= 0:
            d.note("no damage", f"{name} has power {power}, so it assigns no combat damage", "510.1a", obj.oid, name)
        elif attacker is None:
            d.note("no damage", f"{name} is blocking nothing still in combat, so it assigns no combat damage",
                   "510.1d", obj.oid, name)
        else:
            plan.append((obj.oid, attacker.oid, power))
    return plan


def _blocked(d: Draft, chooser: Chooser, obj: GameObject, name: str, power: int) -> list[tuple[int, Recipient, int]]:
    state = d.view()
    blockers = [b.oid for b in blockers_of(state, obj.oid)]
    if not blockers:
        d.note("no damage", f"{name} is blocked, but no creature blocks it any more, so it assigns no combat "
               "damage (it stays blocked, 509.1h)", "510.1c", obj.oid, name)
        return []
    split = chooser.choose("damage division", obj.controller, divisions(power, blockers), "510.1c")
    if len(blockers) > 1:
        parts = ", ".join(f"{n} to {name_of(state, b)}" for b, n in split)
        d.note("damage division", f"{obj.controller} divides {name}'s {power} damage among its blockers: {parts}",
               "510.1c", obj.oid, name)
    return [(obj.oid, b, n) for b, n in split if n > 0]


def combat_damage_step(d: Draft, chooser: Chooser) -> None:
    """The combat damage step's turn-based action: assign, then deal everything at once (510.2)."""
    combat = d.combat
    if combat is None or combat.damage_dealt:
        return
    plan = assign_combat_damage(d, chooser)
    seen = d.view()
    for source, recipient, amount in plan:
        deal_damage(d, source, recipient, amount, combat=True, seen=seen)
    set_combat(d, replace(d.combat, damage_dealt=True))
    if not plan:
        d.note("combat damage", "no combat damage is dealt", "510.2")
