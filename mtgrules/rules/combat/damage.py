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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import islice
from math import comb
from typing import overload

from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
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


Division = tuple[tuple[int, int], ...]


class Divisions(Sequence[Division]):
    """Every way to divide ``power`` damage among ``blockers`` (510.1c), as ``(blocker, amount)``
    pairs in blocker order, listed lazily: 30 damage among six blockers is 324,632 ways, so they
    are counted, never built, and a given division is checked directly (:meth:`check`).

    :meth:`representative` is the small set ``legal_actions`` offers: lethal damage to each
    blocker in order with the rest to the last, then all of it to each blocker in turn. Every
    other division is still legal when a player gives it."""

    def __init__(self, power: int, blockers: Sequence[int], lethal: Sequence[int] | None = None) -> None:
        self.power = power
        self.blockers = tuple(blockers)
        self.lethal = tuple(lethal) if lethal is not None else (1,) * len(self.blockers)

    def __len__(self) -> int:
        return comb(self.power + len(self.blockers) - 1, len(self.blockers) - 1) if self.blockers else 0

    def __iter__(self) -> Iterator[Division]:
        return self._walk(self.power, self.blockers)

    def _walk(self, power: int, blockers: tuple[int, ...]) -> Iterator[Division]:
        if len(blockers) == 1:
            yield ((blockers[0], power),)
            return
        for first in range(power, -1, -1):
            for rest in self._walk(power - first, blockers[1:]):
                yield ((blockers[0], first), *rest)

    @overload
    def __getitem__(self, i: int) -> Division: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Division]: ...
    def __getitem__(self, i: int | slice) -> Division | Sequence[Division]:
        if isinstance(i, slice):
            return list(islice(self, *i.indices(len(self))))
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return next(islice(self, i % len(self), None))

    def __contains__(self, value: object) -> bool:
        return self.why_not(value) is None

    def why_not(self, value: object) -> str | None:
        """Why ``value`` isn't a division of this damage among these blockers, or None if it is."""
        try:
            pairs = [(int(b), n) for b, n in value]  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            return f"a damage division is a tuple of (blocker id, amount) pairs, not {value!r}"
        if sorted(b for b, _ in pairs) != sorted(self.blockers):
            return f"a damage division names each blocker once: {list(self.blockers)}"
        if not all(isinstance(n, int) and n >= 0 for _, n in pairs):
            return "each amount of damage must be a whole number, 0 or more"
        if sum(n for _, n in pairs) != self.power:
            return f"the amounts must add up to all {self.power} damage, not {sum(n for _, n in pairs)}"
        return None

    def check(self, value: object) -> Division:
        """``value`` in blocker order if it is a division; refused with why otherwise (510.1c)."""
        why = self.why_not(value)
        if why is not None:
            raise IllegalAction("510.1c", why)
        given: dict[int, int] = {int(b): n for b, n in value}  # type: ignore[attr-defined]
        return tuple((b, given[b]) for b in self.blockers)

    def representative(self) -> list[Division]:
        """A bounded set that shows the choice: lethal damage in blocker order, then all to one."""
        out: list[Division] = []
        left, lethal_first = self.power, []
        for i, (b, need) in enumerate(zip(self.blockers, self.lethal, strict=True)):
            give = left if i == len(self.blockers) - 1 else min(need, left)
            lethal_first.append((b, give))
            left -= give
        out.append(tuple(lethal_first))
        for b in self.blockers:
            out.append(tuple((x, self.power if x == b else 0) for x in self.blockers))
        return list(dict.fromkeys(out))

    def __repr__(self) -> str:
        return (f"<{len(self):,} ways to divide {self.power} damage among blockers {list(self.blockers)}, "
                f"such as {self.representative()[:2]}>")


def divisions(power: int, blockers: list[int]) -> Divisions:
    """Every way to divide ``power`` damage among ``blockers`` (510.1c), listed lazily."""
    return Divisions(power, blockers)


def lethal_damage(state: GameState, blocker: int, source: int) -> int:
    """The damage that is lethal for ``blocker`` when ``source`` assigns it: its toughness less
    the damage already marked on it, at least 1."""
    toughness = characteristics(state, blocker).toughness or 0
    return max(toughness - state.obj(blocker).damage, 1)


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
    options = Divisions(power, blockers, [lethal_damage(state, b, obj.oid) for b in blockers])
    examples = options.representative()
    sentence = (f"{obj.controller} must divide {name}'s {power} damage among its {len(blockers)} blockers "
                f"({len(options):,} ways): give damage_division=((blocker id, amount), ...), one pair for each of "
                f"{list(blockers)}, the amounts adding up to {power}; for example {examples[0]!r}")
    split = chooser.choose("damage division", obj.controller, options, "510.1c", normalize=options.check,
                           offered=examples, sentence=sentence)
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
