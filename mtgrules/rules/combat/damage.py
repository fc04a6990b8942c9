"""The combat damage step (510) and what damage does (120.3).

As the step begins, each attacking and blocking creature assigns combat damage equal to its power;
0 or less assigns none (510.1a). An unblocked attacker assigns it to the player or planeswalker it
attacks (510.1b); a blocked attacker to its blockers, divided as its controller chooses when two
or more block it (510.1c; choice kind ``"damage division"``, one answer per such attacker in the
order they attacked, each a tuple of ``(blocker id, amount)`` pairs); a blocker to the creature it
blocks (510.1d). Then all of it is dealt at once (510.2) and state-based actions follow before
anyone gets priority (704.3), which is when creatures with lethal damage die.

The edition the kit cites has no damage assignment order: the attacking player simply divides the
damage among the blockers in any way.

What the keywords change:

* **First strike and double strike** (510.4, 702.7b, 702.4b): if an attacking or blocking creature
  has either as combat damage would begin, the combat gets a first-strike combat damage step
  (``Step.FIRST_STRIKE_DAMAGE``) in which only those creatures deal damage; the combat record keeps
  which creatures had them then. In the regular step that follows, the creatures that had neither
  then deal damage, plus those that have double strike *now* (702.4c-d, 702.7c).
* **Trample** (702.19b): an attacker with trample may assign damage beyond lethal to what it
  attacks once every blocker has been assigned lethal damage (damage already marked counts; from a
  deathtouch source, 1 is lethal, 702.2c). Blocked with no blockers left, all of it goes to what it
  attacks (702.19d). The split is the ``"damage division"`` choice, asked under 702.19b, whose
  options (:class:`TrampleDivisions`, counted and checked without being listed) end with the pair
  (what it attacks, amount).
* **Deathtouch** (702.2b): a creature dealt damage by a deathtouch source, from whatever zone
  (702.2d), is marked ``deathtouched``; the state-based actions destroy it (704.5h).
* **Lifelink** (702.15b): damage from a lifelink source makes its controller gain that much life
  (through :func:`mtgrules.rules.life.change_life`, so a Two-Headed Giant team gains it, 810.9).
* **Prevention and replacement** (615.1, 614.1a): ``hooks.DAMAGE_PREVENTIONS`` (protection,
  702.16e) and ``hooks.DAMAGE_REPLACEMENTS`` (undeathtouch) go through ``rules.replacement``: if
  two or more would apply, the affected player orders them (616.1). Damage prevented or replaced
  is never dealt, so it marks nothing and has no lifelink or deathtouch result.
* The source's keywords are read in the state the damage is dealt in (``seen``), so a source that
  has already left still deals damage with the abilities it had (702.2e, 702.15c); an ability
  whose source left the battlefield before it resolved passes the source's last known
  information (``last_known``: the object and its characteristics as it left, 608.2h), so a
  granted deathtouch or lifelink still counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import islice
from math import comb
from numbers import Integral
from typing import TypeVar, overload

from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.core.wording import counted
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
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.life import change_life, damage_player
from mtgrules.rules.replacement import replace_damage

Recipient = str | int  # a player's name, or an object id
LastKnown = tuple[GameObject, Chars]
"""A source that has left the battlefield, as it last existed there, with its characteristics then (608.2h)."""

DamageReplacement = Callable[[Draft, GameState, int, Recipient, int, bool], bool]
"""Replacement effects on damage (614.1a): ``rule(d, seen, source, recipient, amount, combat)``
returns True when it replaced the damage event (having done what replaces it). ``seen`` is the
state the damage is dealt in: for combat damage, the state as all of it is dealt at once (510.2),
so what an earlier replacement in the same step did doesn't change a later source."""


def can_be_dealt_damage(state: GameState, obj: GameObject) -> bool:
    """Whether ``obj`` can be dealt damage: a creature, planeswalker or battle on the battlefield
    (or treated as there, ``layers.on_battlefield``), the objects of 120.1. "Any target" (115.4)
    asks the same of an object."""
    chars = characteristics(state, obj.oid)
    return on_battlefield(state, obj) and (chars.is_creature or bool(chars.types & {"Planeswalker", "Battle"}))


def deal_damage(d: Draft, source: int, recipient: Recipient, amount: int, *, combat: bool,
                seen: GameState | None = None, last_known: LastKnown | None = None,
                chooser: Chooser | None = None) -> None:
    """``source`` deals ``amount`` damage to a player, creature or planeswalker (120.3).

    ``last_known`` is the source as it last existed on the battlefield and its characteristics
    then, for a source that has left it before its ability deals the damage: whether it has
    deathtouch or lifelink, and who gains the life, are read from it (702.2e, 702.15c, 608.2h).
    ``chooser`` answers the order of replacement and prevention effects (616.1); without one, a
    choice that matters is refused as a ``MissingChoice``."""
    if amount <= 0:
        return
    state = d.view()
    source_chars = characteristics(seen or state, source) if last_known is None else last_known[1]
    # prevented or replaced damage is never dealt (615.1, 614.1a): nothing is marked, no life
    # changes, no lifelink; the affected player orders the effects if several apply (616.1)
    if hooks.DAMAGE_PREVENTIONS or hooks.DAMAGE_REPLACEMENTS or hooks.DAMAGE_MODIFIERS or hooks.PREVENTION_EFFECTS:
        outcome = replace_damage(d, chooser, seen or state, source, recipient, amount, combat, source_chars)
        event = outcome.event
        if event.handled_by or event.amount <= 0:
            return
        if event.amount != amount:  # "it deals double that damage instead" (614.1a)
            src, whom = source_chars.name, recipient if isinstance(recipient, str) else name_of(state, recipient)
            d.note("damage replaced", f"{src} would deal {amount} damage to {whom}; {' then '.join(outcome.used)} "
                   f"{'make' if len(outcome.used) > 1 else 'makes'} it {event.amount} instead", "614.1a", recipient, whom)
            amount = event.amount
    src = name_of(state, source) if last_known is None else last_known[1].name
    keywords = source_chars.keywords
    kind = EventKind.COMBAT_DAMAGE if combat else EventKind.NONCOMBAT_DAMAGE
    if isinstance(recipient, str):
        d.emit(Event(kind, source, src, "damage", recipient, amount, "510.2" if combat else "120.3",
                     f"{src} deals {amount} {kind} to {recipient}"))
        damage_player(d, recipient, amount, src)
        _lifelink(d, seen or state, source, amount, last_known)
        return
    obj = state.obj(recipient)
    target = name_of(state, recipient)
    d.emit(Event(kind, source, src, "damage", target, amount, "510.2" if combat else "120.3",
                 f"{src} deals {amount} {kind} to {target}"))
    chars = characteristics(state, recipient)
    if "Planeswalker" in chars.types:
        had = obj.counter("loyalty")
        d.update(recipient, "120.3c", _removes(amount, target, had, "loyalty"),
                 kind="loyalty", counters=set_counter(obj.counters, "loyalty", max(had - amount, 0)))
    if "Battle" in chars.types:  # "any target" may be a battle (115.4)
        had = obj.counter("defense")
        d.update(recipient, "120.3h", _removes(amount, target, had, "defense"),
                 counters=set_counter(obj.counters, "defense", max(had - amount, 0)))
    if chars.is_creature:
        # Damage already marked is said, so two blockers' damage reads as two steps of a sum
        # ("2 damage is marked…", "2 more damage…, 4 in all"), not as the same sentence twice.
        marked = d.obj(recipient).damage
        said = (f"{amount} more damage is marked on {target}, {marked + amount} in all" if marked
                else f"{amount} damage is marked on {target}")
        d.update(recipient, "120.3e", said, kind="damage", damage=marked + amount)
        if Keyword.DEATHTOUCH in keywords and not d.obj(recipient).deathtouched:
            # One rule per sentence: 702.2b here; 702.12b in the indestructible sentence just below
            # (which says why it isn't destroyed), 704.5h in the destruction the check then does.
            fate = ("would destroy it" if Keyword.INDESTRUCTIBLE in chars.keywords
                    else "destroys it")
            d.update(recipient, "702.2b", f"{target} has been dealt damage by {src}, which has deathtouch, so the "
                     f"next check of state-based actions {fate}", kind="deathtouch", deathtouched=True)
        now = d.obj(recipient)
        # Said once per step: two sources dealing damage at once (two blockers) give one sentence.
        if Keyword.INDESTRUCTIBLE in chars.keywords and (now.deathtouched or now.damage >= (chars.toughness or 0)) \
                and not any(e.kind is EventKind.INDESTRUCTIBLE and e.obj == recipient for e in d.events):
            d.note("indestructible", f"{target} has indestructible, so neither lethal damage nor damage from a "
                   "deathtouch source destroys it", "702.12b", recipient, target)
    _lifelink(d, seen or state, source, amount, last_known)


def _removes(amount: int, target: str, had: int, kind: str) -> str:
    """"3 damage to Jace Beleren removes 3 loyalty counters", or, when it had fewer, the ones it
    had: damage removes that many counters (120.3c, 120.3h), and no more than there are."""
    if amount <= had:
        return f"{amount} damage to {target} removes {counted(amount, kind + ' counter')}"
    if had == 0:
        return f"{amount} damage to {target}, which has no {kind} counters, removes none"
    return f"{amount} damage to {target} removes the {counted(had, kind + ' counter')} it had, all there were"


def _lifelink(d: Draft, seen: GameState, source: int, amount: int, last_known: LastKnown | None = None) -> None:
    """Damage from a source with lifelink: its controller (its owner if it has none) gains that
    much life (702.15b, 120.3f), read in the state the damage was dealt in (702.15c), or from the
    source as it last existed if it has left the battlefield (702.15c)."""
    if last_known is not None:
        obj, chars = last_known
    else:
        obj, chars = seen.obj(source), characteristics(seen, source)
    if Keyword.LIFELINK not in chars.keywords:
        return
    who = obj.controller or obj.owner
    change_life(d, who, amount, "702.15b", f"{who} gains {amount} life: {chars.name} has lifelink and "
                f"dealt {amount} damage")


T = TypeVar("T")


class LazyOptions(Sequence[T]):
    """A counted, never-built list of options (divisions of damage): subclasses give ``__len__``,
    ``__iter__`` in a fixed order and ``why_not``; indexing walks the iterator, and membership is
    the direct check, so a huge set of options costs nothing until one is asked for."""

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return list(islice(self, *i.indices(len(self))))
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return next(islice(self, i % len(self), None))

    def __contains__(self, value: object) -> bool:
        return self.why_not(value) is None

    def why_not(self, value: object) -> str | None:  # pragma: no cover - overridden
        raise NotImplementedError


Division = tuple[tuple[int, int], ...]


class Divisions(LazyOptions[Division]):
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


    def why_not(self, value: object) -> str | None:
        """Why ``value`` isn't a division of this damage among these blockers, or None if it is."""
        try:
            pairs = [(b, n) for b, n in value]  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            return f"a damage division is a tuple of (blocker id, amount) pairs, not {value!r:.80}"
        if not all(_whole(b) for b, _ in pairs) or sorted(b for b, _ in pairs) != sorted(self.blockers):
            return f"a damage division names each blocker once: {list(self.blockers)}"
        if not all(_whole(n) and n >= 0 for _, n in pairs):
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


STRIKES = frozenset({Keyword.FIRST_STRIKE, Keyword.DOUBLE_STRIKE})


def has_first_or_double_strike(state: GameState, oid: int) -> bool:
    return bool(characteristics(state, oid).keywords & STRIKES)


def deals_damage_now(d: Draft, obj: GameObject, name: str, first_step: bool) -> bool:
    """Whether ``obj`` assigns combat damage in this combat damage step (510.4), with a note when
    it doesn't: in the first-strike step only creatures with first or double strike do; in the
    step after it, those that had neither as that step began, and those with double strike now."""
    state = d.view()
    kws = characteristics(state, obj.oid).keywords
    if first_step:
        if kws & STRIKES:
            return True
        d.note("first strike", f"{name} has neither first strike nor double strike, so it deals no damage in the "
               "first-strike combat damage step; it waits for the second", "510.4", obj.oid, name)
        return False
    first = d.combat.first_strikers
    if first is None or obj.ref not in first:
        return True
    if Keyword.DOUBLE_STRIKE in kws:
        return True
    # 510.4 says who deals damage in the second step; 702.4c and 702.7c are the cases of a keyword
    # taken away after the first step
    if obj.ref in d.combat.double_strikers:
        had, rule = "double strike", "702.4c"
    else:
        had, rule = "first strike", "510.4" if Keyword.FIRST_STRIKE in kws else "702.7c"
    d.note("first strike", f"{name} had {had} as the first combat damage step began and doesn't have double "
           "strike now, so it deals no damage in the second step", rule, obj.oid, name)
    return False


def assign_combat_damage(d: Draft, chooser: Chooser, first_step: bool = False) -> list[tuple[int, Recipient, int]]:
    """Work out every combat damage assignment (510.1): attackers first, then blockers, each only
    if it deals damage in this step (510.4)."""
    state = d.view()
    plan: list[tuple[int, Recipient, int]] = []
    for attack in attacks(state):
        obj = live(state, attack.attacker)
        assert obj is not None  # attacks() lists only attackers that are still the same object
        power = characteristics(state, obj.oid).power or 0
        name = name_of(state, obj.oid)
        if not deals_damage_now(d, obj, name, first_step):
            continue
        if power <= 0:
            d.note("no damage", f"{name} has power {power}, so it assigns no combat damage", "510.1a", obj.oid, name)
            continue
        if attack.blocked:
            plan.extend(_blocked(d, chooser, obj, name, power, attack_target(state, attack)))
            continue
        target = attack_target(state, attack)
        if target is None:
            d.note("no damage", f"{name} is unblocked, but what it attacked is gone, so it assigns no combat "
                   "damage", "510.1b", obj.oid, name)
            continue
        if isinstance(target, str) and state.player(target).lost:
            _to_a_player_who_left(d, obj, name, target)
            continue
        plan.append((obj.oid, target if isinstance(target, str) else target.oid, power))
    for block in blocks(state):
        obj = live(state, block.blocker)
        assert obj is not None  # blocks() lists only blockers that are still the same object
        power = characteristics(state, obj.oid).power or 0
        name = name_of(state, obj.oid)
        attacker = blocked_attacker(state, obj.oid)
        if not deals_damage_now(d, obj, name, first_step):
            continue
        if power <= 0:
            d.note("no damage", f"{name} has power {power}, so it assigns no combat damage", "510.1a", obj.oid, name)
        elif attacker is None:
            d.note("no damage", f"{name} is blocking nothing still in combat, so it assigns no combat damage",
                   "510.1d", obj.oid, name)
        else:
            plan.append((obj.oid, attacker.oid, power))
    return plan


def _to_a_player_who_left(d: Draft, obj: GameObject, name: str, player: str) -> None:
    d.note("no damage", f"{name} attacks {player}, who has left the game, so no combat damage is assigned to "
           f"{player}", "800.4e", obj.oid, name)


def _blocked(d: Draft, chooser: Chooser, obj: GameObject, name: str, power: int,
             target: GameObject | str | None = None) -> list[tuple[int, Recipient, int]]:
    state = d.view()
    blockers = [b.oid for b in blockers_of(state, obj.oid)]
    if isinstance(target, str) and state.player(target).lost:
        # trample may send damage only to its blockers and the player it attacks; that player has
        # left the game, so none is assigned to them (800.4e) and the blockers get it all (510.1c)
        if not blockers and Keyword.TRAMPLE in characteristics(state, obj.oid).keywords:
            _to_a_player_who_left(d, obj, name, target)
            return []
        target = None
    if Keyword.TRAMPLE in characteristics(state, obj.oid).keywords and target is not None:
        return _trample(d, chooser, obj, name, power, blockers, target if isinstance(target, str) else target.oid)
    if not blockers:
        d.note("no damage", f"{name} stays blocked (509.1h), but no creature blocks it any more, so it assigns "
               "no combat damage", "510.1c", obj.oid, name)
        return []
    options = Divisions(power, blockers, [lethal_damage(state, b, obj.oid) for b in blockers])
    examples = options.representative()
    which = " and ".join(f"{b} ({name_of(state, b)})" for b in blockers)
    sentence = (f"{obj.controller} must divide {name}'s {power} damage among its {len(blockers)} blockers "
                f"({len(options):,} ways): give damage_division=((blocker id, amount), ...), one pair for each of "
                f"{which}, the amounts adding up to {power}; for example {examples[0]!r}")
    split = chooser.choose("damage division", obj.controller, options, "510.1c", normalize=options.check,
                           offered=examples, sentence=sentence)
    if len(blockers) > 1:
        parts = ", ".join(f"{n} to {name_of(state, b)}" for b, n in split)
        d.note("damage division", f"{obj.controller} divides {name}'s {power} damage among its blockers: {parts}",
               "510.1c", obj.oid, name)
    return [(obj.oid, b, n) for b, n in split if n > 0]


def _whole(n: object) -> bool:
    """A whole number as a player writes one: ``True`` is not 1, and 3.0 is not the id 3."""
    return isinstance(n, Integral) and not isinstance(n, bool)


def lethal_damage(state: GameState, blocker: int, source: int) -> int:
    """The damage that is lethal for ``blocker`` when assigned by ``source`` (702.19b): its
    toughness less the damage already marked on it, so 0 when what is marked is already lethal
    (an indestructible blocker hit by the first strike of a double striker: the second hit may
    all trample over); from a deathtouch source, any nonzero amount (702.2c), so at most 1."""
    toughness = characteristics(state, blocker).toughness or 0
    still_needed = max(toughness - state.obj(blocker).damage, 0)
    if Keyword.DEATHTOUCH in characteristics(state, source).keywords:
        return min(still_needed, 1)
    return still_needed


TrampleDivision = tuple[tuple[Recipient, int], ...]


class TrampleDivisions(LazyOptions[TrampleDivision]):
    """The legal splits of a trampler's ``power`` (702.19b): ``(blocker, amount)`` pairs in blocker
    order, then ``(what it attacks, amount)``. Any division among the blockers is legal; damage to
    what it attacks only once every blocker is assigned lethal damage (``lethal``, one per
    blocker). Listed lazily like :class:`Divisions`: counted, never built, and a given split is
    checked directly (:meth:`check`), so a big trampler costs nothing until it is asked."""

    def __init__(self, power: int, lethal: Sequence[tuple[int, int]], target: Recipient) -> None:
        self.power = power
        self.blockers = tuple(b for b, _ in lethal)
        self.lethal = tuple(n for _, n in lethal)
        self.target = target

    def _through(self) -> range:
        """The amounts that may go to what it attacks beyond 0: up to what is left after lethal damage."""
        return range(1, max(self.power - sum(self.lethal), 0) + 1)

    def __len__(self) -> int:
        k = len(self.blockers)
        n = comb(self.power + k - 1, k - 1)
        for rest in self._through():
            n += comb(self.power - rest - sum(self.lethal) + k - 1, k - 1)
        return n

    def __iter__(self) -> Iterator[TrampleDivision]:
        for rest in (*reversed(self._through()), 0):
            floor = self.lethal if rest else (0,) * len(self.blockers)
            for extra in _splits(self.power - rest - sum(floor), len(self.blockers)):
                amounts = tuple(f + e for f, e in zip(floor, extra, strict=True))
                yield (*zip(self.blockers, amounts, strict=True), (self.target, rest))


    def why_not(self, value: object) -> str | None:
        """Why ``value`` isn't a legal split of this trampler's damage, or None if it is."""
        try:
            pairs = [(r, n) for r, n in value]  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            return f"a damage division is a tuple of (recipient, amount) pairs, not {value!r}"
        names = [r for r, _ in pairs]
        if sorted(map(str, names)) != sorted(map(str, (*self.blockers, self.target))) or len(set(names)) != len(names):
            return (f"a trampler's damage division names each blocker once and what it attacks once: "
                    f"{[*self.blockers, self.target]}")
        if not all(_whole(n) and n >= 0 for _, n in pairs):
            return "each amount of damage must be a whole number, 0 or more"
        if sum(n for _, n in pairs) != self.power:
            return f"the amounts must add up to all {self.power} damage, not {sum(n for _, n in pairs)}"
        given = dict(pairs)
        short = [f"blocker {b} gets {given[b]} of the {need} that is lethal"
                 for b, need in zip(self.blockers, self.lethal, strict=True) if given[b] < need]
        if given[self.target] and short:
            return (f"damage can go to {self.target!r} only once every blocker is assigned lethal damage, and "
                    + "; ".join(short))
        return None

    def check(self, value: object) -> TrampleDivision:
        """``value`` in order (blockers, then what it attacks) if legal; refused with why otherwise."""
        why = self.why_not(value)
        if why is not None:
            raise IllegalAction("702.19b", why)
        given = dict(value)  # type: ignore[call-overload]
        return (*((b, given[b]) for b in self.blockers), (self.target, given[self.target]))

    def representative(self) -> list[TrampleDivision]:
        """A bounded set that shows the choice: lethal damage to each blocker and the rest through,
        then all of it to each blocker in turn."""
        out: list[TrampleDivision] = []
        if self.power >= sum(self.lethal):
            out.append((*zip(self.blockers, self.lethal, strict=True), (self.target, self.power - sum(self.lethal))))
        for b in self.blockers:
            out.append((*((x, self.power if x == b else 0) for x in self.blockers), (self.target, 0)))
        return list(dict.fromkeys(out))


def trample_divisions(power: int, lethal: list[tuple[int, int]], target: Recipient) -> TrampleDivisions:
    """The legal splits of a trampler's ``power`` (702.19b), listed lazily."""
    return TrampleDivisions(power, lethal, target)


def _splits(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``parts`` non-negative amounts adding up to ``total``, largest first."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def _trample(d: Draft, chooser: Chooser, obj: GameObject, name: str, power: int, blockers: list[int],
             target: Recipient) -> list[tuple[int, Recipient, int]]:
    state = d.view()
    shown = target if isinstance(target, str) else name_of(state, target)
    if not blockers:
        d.note("trample", f"{name} has trample and is blocked, but no creature blocks it any more, so all its "
               f"{power} damage is assigned to {shown}", "702.19d", obj.oid, name)
        return [(obj.oid, target, power)]
    lethal = [(b, lethal_damage(state, b, obj.oid)) for b in blockers]
    options = trample_divisions(power, lethal, target)
    examples = options.representative()
    need = ", ".join(f"{name_of(state, b)} {n}" for b, n in lethal)
    sentence = (f"{obj.controller} must divide {name}'s {power} damage (trample) among its blockers and {shown} "
                f"({len(options):,} ways): give damage_division=((blocker id, amount), ..., ({target!r}, amount)), "
                f"the blockers being {' and '.join(f'{b} ({name_of(state, b)})' for b in blockers)}; "
                f"{shown} may get damage only once each blocker has lethal damage ({need}); for example "
                f"{examples[0]!r}")
    split = chooser.choose("damage division", obj.controller, options, "702.19b", normalize=options.check,
                           offered=examples, sentence=sentence)
    parts = ", ".join(f"{n} to {name_of(state, r) if isinstance(r, int) and r in blockers else shown}"
                      for r, n in split)
    d.note("trample", f"{name} has trample: lethal damage first to its blockers ({need}), the rest as "
           f"{obj.controller} chooses: {parts}", "702.19b", obj.oid, name)
    return [(obj.oid, r, n) for r, n in split if n > 0]


def first_strike_damage_step(d: Draft, chooser: Chooser) -> None:
    """The first-strike combat damage step (510.4): the creatures with first strike or double
    strike now are recorded, and only they assign and deal combat damage."""
    combat = d.combat
    if combat is None or combat.first_strikers is not None:
        return
    state = d.view()
    live_refs = [a.attacker for a in combat.attacks] + [b.blocker for b in combat.blocks]
    strikers = tuple(r for r in live_refs
                     if (o := state.resolve_ref(r)) is not None and has_first_or_double_strike(state, o.oid))
    doubles = tuple(r for r in strikers if Keyword.DOUBLE_STRIKE in characteristics(state, r.oid).keywords)
    set_combat(d, replace(combat, first_strikers=strikers, double_strikers=doubles))
    plan = assign_combat_damage(d, chooser, first_step=True)
    seen = d.view()
    for source, recipient, amount in plan:
        deal_damage(d, source, recipient, amount, combat=True, seen=seen, chooser=chooser)
    if not plan:
        d.note("combat damage", "no first-strike combat damage is dealt", "510.4")


def needs_first_strike_step(state: GameState) -> bool:
    """Whether an attacking or blocking creature has first strike or double strike (510.4)."""
    combat = state.combat
    if combat is None:
        return False
    refs = [a.attacker for a in combat.attacks] + [b.blocker for b in combat.blocks]
    return any((o := state.resolve_ref(r)) is not None and has_first_or_double_strike(state, o.oid) for r in refs)


def combat_damage_step(d: Draft, chooser: Chooser) -> None:
    """The combat damage step's turn-based action: assign, then deal everything at once (510.2)."""
    combat = d.combat
    if combat is None or combat.damage_dealt:
        return
    plan = assign_combat_damage(d, chooser)
    seen = d.view()
    for source, recipient, amount in plan:
        deal_damage(d, source, recipient, amount, combat=True, seen=seen, chooser=chooser)
    set_combat(d, replace(d.combat, damage_dealt=True))
    if not plan:
        d.note("combat damage", "no combat damage is dealt", "510.2")
