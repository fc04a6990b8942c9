"""A spell's or ability's targets, instance by instance of the word "target" (115.3, 601.2c).

A spell may say "target" more than once ("deals 2 damage to target creature and 2 damage to
target player"), and one instance may take several targets ("up to two target creatures"). The
targets are given in order, as one tuple (``targets=(bears, "Bob")``); each instance takes its
number in turn, and the one instance that may take a variable number takes what is left
(``core.abilities.target_groups``). The same object or player may be chosen once per instance
(115.3), never twice for one.

As the spell or ability resolves each target is judged again (608.2b): if every one is illegal it
doesn't resolve; otherwise it does, and the illegal ones are left out of what it does
(``Resolution`` is told which). ``legal_actions`` lists the ways to choose, every way when there
are few and, when there are many, a bounded set in which every legal target appears
(:func:`choices`); any other choice is as legal when given.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, islice, product
from math import comb
from typing import overload

from mtgrules.core.abilities import Target, target_groups
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject, ObjRef, StackItem
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics
from mtgrules.rules.targeting import (
    legal_player_targets,
    player_target_gone,
    player_target_legal,
    why_cant_target,
    why_not_player_target,
)

Chosen = int | str
"""One chosen target as an action gives it: an object id, or a player's name (115.1)."""

LISTED_TARGETS = 64
"""Up to this many ways of choosing a spell's targets are all listed by ``legal_actions``; past it,
a spread in which every legal target of every instance appears at least once."""


# ---------------------------------------------------------------- choosing (601.2c)
def words(slots: tuple[Target, ...]) -> str:
    """The instances of "target" in words: "target creature and target player"."""
    return " and ".join(s.description for s in slots)


def split(slots: tuple[Target, ...], chosen: tuple[Chosen, ...], what: str, rule: str) -> tuple[range, ...]:
    """Which of the ``chosen`` targets belong to which instance of "target", or refuse: too few or
    too many for what the text asks (601.2c)."""
    groups = target_groups(slots, len(chosen))
    if groups is not None:
        return groups
    if len(slots) == 1 and slots[0].count == 1 and not slots[0].up_to:
        raise IllegalAction(rule, f"{what} needs exactly one target: {slots[0].description}")
    fewest = sum(s.fewest for s in slots)
    most = sum(s.count for s in slots)
    wanted = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    raise IllegalAction("601.2c", f"{what} needs {wanted} targets ({words(slots)}), given in that order, and "
                        f"{len(chosen)} {'was' if len(chosen) == 1 else 'were'} given")


def check_chosen(state: GameState, player: str, slots: tuple[Target, ...], chosen: tuple[Chosen, ...],
                 what: str, rule: str = "115.1", *, itself: int | None = None,
                 source: Chars | None) -> tuple[ObjRef | str, ...]:
    """Each chosen target exists, is where its instance of "target" may look, and passes its test
    (115); a player, named by name, is in the game and one the words may target (115.1, 115.4);
    none is chosen twice for one instance (115.3). ``itself`` is the card being cast, an illegal
    target for itself (115.5). ``source`` is what protection and the like judge by: the spell's
    characteristics or the ability's source's (702.16b). The targets as the stack item keeps
    them: objects by reference."""
    if not slots:
        if chosen:
            raise IllegalAction("115.1", f"{what} has no targets")
        return ()
    if itself is not None and itself in chosen:
        raise IllegalAction("115.5", f"{what} can't target itself: a spell on the stack is an illegal target "
                            "for itself")
    if len(slots) == 1 and len(set(chosen)) < len(chosen):  # said once: chosen once (115.3)
        raise IllegalAction("115.3", f"{what} says \"target\" once, so the same object or player can be chosen "
                            "as its target only once")
    groups = split(slots, chosen, what, rule)
    refs: list[ObjRef | str] = []
    earlier: set[Chosen] = set()
    for slot, group in zip(slots, groups, strict=True):
        picked = [chosen[i] for i in group]
        if len(set(picked)) < len(picked):
            once = "once" if len(slots) == 1 else f"once for “{slot.description}”"
            raise IllegalAction("115.3", f"{what} says \"target\" {once}, so the same object or player can be "
                                "chosen as its target only once")
        again = [t for t in picked if t in earlier] if slot.distinct else []
        if again:
            raise IllegalAction("115.3", f"{what} says “{slot.description}”, which must be a different one from "
                                f"the targets chosen before it, and {_chosen_name(state, again[0])} was one")
        refs.extend(check_one(state, player, slot, t, what, rule, source) for t in picked)
        earlier.update(picked)
    return tuple(refs)


def _chosen_name(state: GameState, t: Chosen) -> str:
    if isinstance(t, str):
        return t
    try:
        return characteristics(state, t).name
    except KeyError:
        return f"object {t}"


def check_one(state: GameState, player: str, slot: Target, t: Chosen, what: str, rule: str,
              source: Chars | None) -> ObjRef | str:
    """One chosen target for one instance of "target", or refuse it saying why."""
    if isinstance(t, str):
        wrong = why_not_player_target(state, player, slot, t, what, rule)
        if wrong is not None:
            raise IllegalAction(*wrong)
        return t
    try:
        obj = state.obj(t)
    except KeyError:
        raise IllegalAction("115.1", f"there is no object with id {t} to target") from None
    if obj.zone not in slot.zones or not slot.legal(state, player, obj):
        name = characteristics(state, t).name
        raise IllegalAction(rule, f"{name} is not a legal target: {what} needs {slot.description}")
    shielded = why_cant_target(state, player, obj, source=source)
    if shielded is not None:
        raise IllegalAction(*shielded)
    return obj.ref


def fitting(state: GameState, player: str, slot: Target) -> list[Chosen]:
    """The objects (by id) and players (by name) the words of one instance of "target" allow
    ``player`` to choose now; whether each may be targeted (hexproof) is the check's question."""
    objects: list[Chosen] = [o.oid for o in state.objects if o.zone in slot.zones and slot.legal(state, player, o)]
    return objects + legal_player_targets(state, player, slot)


def targetable(state: GameState, player: str, slot: Target, source: Chars | None) -> list[Chosen]:
    """The targets one instance of "target" may legally take now: those that fit its words and
    that no ability of their own keeps from being targeted (702.11b, judged by ``source``)."""
    out: list[Chosen] = []
    for t in fitting(state, player, slot):
        if isinstance(t, int) and why_cant_target(state, player, state.obj(t), source=source) is not None:
            continue
        out.append(t)
    return out


def can_choose(state: GameState, player: str, slots: tuple[Target, ...], source: Chars | None) -> bool:
    """Whether targets can be chosen for every instance (a mode whose targets can't be chosen
    can't be chosen, 700.2a): each has enough, and when some must differ from those before them
    ("another target"), there are enough different ones in all."""
    each = [targetable(state, player, s, source) for s in slots]
    if any(len(options) < s.fewest for options, s in zip(each, slots, strict=True)):
        return False
    if any(s.distinct for s in slots):
        return len({t for options in each for t in options}) >= sum(s.fewest for s in slots)
    return True


class Picks(Sequence[tuple[Chosen, ...]]):
    """The ways one instance of "target" may be filled from ``options``: every set of ``fewest``
    to ``most`` different targets (115.3), counted and tested without being listed (a trigger's
    choice of "up to three target creatures" among thirty is thousands of ways)."""

    def __init__(self, options: list[Chosen], fewest: int, most: int) -> None:
        self.options, self.fewest, self.most = options, fewest, min(most, len(options))

    def __len__(self) -> int:
        return sum(comb(len(self.options), k) for k in range(self.fewest, self.most + 1))

    def __iter__(self) -> Iterator[tuple[Chosen, ...]]:
        for k in range(self.fewest, self.most + 1):
            yield from combinations(self.options, k)

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, tuple) or not self.fewest <= len(value) <= self.most:
            return False
        return len(set(value)) == len(value) and all(v in self.options for v in value)

    @overload
    def __getitem__(self, i: int) -> tuple[Chosen, ...]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[Chosen, ...]]: ...
    def __getitem__(self, i: int | slice) -> tuple[Chosen, ...] | Sequence[tuple[Chosen, ...]]:
        if isinstance(i, slice):
            return list(islice(iter(self), i.start, i.stop, i.step))
        if i < 0:
            i += len(self)
        found = next(islice(iter(self), i, None), None)
        if found is None:
            raise IndexError(i)
        return found

    def offered(self) -> list[tuple[Chosen, ...]]:
        """A bounded set that shows the choice: every way when there are few; else the fewest
        (none, for "up to"), each target in some way, and the most."""
        if len(self) <= LISTED_TARGETS:
            return list(self)
        return spread(self.options, self.fewest, self.most)


def spread(options: list[Chosen], fewest: int, most: int) -> list[tuple[Chosen, ...]]:
    """Ways of choosing ``fewest`` to ``most`` of ``options`` in which every option appears:
    windows of ``most`` in a row, one starting at each option (and none at all, if allowed)."""
    out: list[tuple[Chosen, ...]] = [()] if fewest == 0 else []
    n = len(options)
    size = max(most, 1) if most else 0
    for start in range(n):
        pick = tuple(options[(start + k) % n] for k in range(size))
        if pick not in out:
            out.append(pick)
    return out


def choices(state: GameState, player: str, slots: tuple[Target, ...],
            limit: int = LISTED_TARGETS) -> list[tuple[Chosen, ...]]:
    """The ways ``legal_actions`` lists of choosing targets for these instances of "target", as
    the flat tuples an action gives (the check judges each). Every way when there are at most
    ``limit``; else a spread in which every target that fits appears in some listed way."""
    if not slots:
        return [()]
    per_slot = [Picks(fitting(state, player, s), s.fewest, s.count) for s in slots]
    if any(p.most < p.fewest for p in per_slot):
        return []  # an instance without enough targets: nothing can be cast this way (601.2c)
    total = 1
    for p in per_slot:
        total *= len(p)
    if total <= limit:
        combos = [list(combo) for combo in product(*per_slot)]
    else:
        shown = [p.offered() for p in per_slot]
        longest = max(len(s) for s in shown)
        combos = [[s[(k + j) % len(s)] for j, s in enumerate(shown)] for k in range(longest)]
    return [tuple(t for pick in combo for t in pick) for combo in combos if _different_enough(slots, combo)]


def _different_enough(slots: tuple[Target, ...], combo: list[tuple[Chosen, ...]]) -> bool:
    """No instance marked ``distinct`` takes a target chosen for an instance before it (115.3)."""
    earlier: set[Chosen] = set()
    for slot, pick in zip(slots, combo, strict=True):
        if slot.distinct and earlier.intersection(pick):
            return False
        earlier.update(pick)
    return True


# ---------------------------------------------------------------- as it resolves (608.2b)
def target_is_legal(state: GameState, controller: str, slot: Target | None, ref: ObjRef | str,
                    source: Chars | None) -> bool:
    """Whether one target is still legal: the same object (400.7) or a player still in the game,
    and still what its instance of "target" may target, shielded by nothing."""
    if isinstance(ref, str):
        return player_target_legal(state, controller, slot, ref) if slot is not None \
            else not player_target_gone(state, ref)
    obj = state.resolve_ref(ref)
    if obj is None:
        return False
    if slot is None:
        return True
    return obj.zone in slot.zones and slot.legal(state, controller, obj) and \
        why_cant_target(state, controller, obj, source=source) is None


def slot_of_each(slots: tuple[Target, ...], n: int) -> list[Target | None]:
    """The instance of "target" each of ``n`` chosen targets was chosen for (None where the
    spell or ability names none: each is then judged only by whether it is still there)."""
    groups = target_groups(slots, n) if slots else None
    if groups is None:  # read as one instance, as the kit did before it had several
        return [slots[0] if slots else None] * n
    out: list[Target | None] = [None] * n
    for slot, group in zip(slots, groups, strict=True):
        for i in group:
            out[i] = slot
    return out


def groups_of(slots: tuple[Target, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """The indices of ``n`` chosen targets, instance by instance of "target" (one group holding
    them all when the spell names none, or they can't be split)."""
    groups = target_groups(slots, n) if slots else None
    if groups is None:
        return (tuple(range(n)),)
    return tuple(tuple(g) for g in groups)


def illegal_targets(state: GameState, item: StackItem, slots: tuple[Target, ...],
                    source: Chars | None) -> frozenset[int]:
    """The indices of ``item``'s targets that are illegal now (608.2b), judged by ``source``
    (the spell, or the ability's source as it is or last was: ``targeting.item_source``)."""
    each = slot_of_each(slots, len(item.targets))
    return frozenset(i for i, ref in enumerate(item.targets)
                     if not target_is_legal(state, item.controller, each[i], ref, source))


def why_illegal(state: GameState, controller: str, slot: Target | None, ref: ObjRef | str,
                source: Chars | None) -> str:
    """Why one target is illegal as its spell or ability resolves (608.2b), in the words of the
    rule that makes it so: gone (400.7), no longer what the words ask for, or shielded by an
    ability of its own such as hexproof (702.11b), which leaves it fitting the words."""
    words_ = f"“{slot.description}”" if slot is not None else "its words"
    if isinstance(ref, str):
        return f"{ref} has left the game" if player_target_gone(state, ref) else f"{ref} doesn't fit {words_} now"
    obj = state.resolve_ref(ref)
    if obj is None:
        return "it is no longer there"
    if slot is not None and (obj.zone not in slot.zones or not slot.legal(state, controller, obj)):
        return f"it doesn't fit {words_} now"
    shielded = why_cant_target(state, controller, obj, source=source)
    if shielded is not None:
        rule, sentence = shielded
        return f"{sentence} ({rule})"
    return f"it doesn't fit {words_} now"  # pragma: no cover - a legal target isn't asked about


def target_name(state: GameState, ref: ObjRef | str) -> str:
    """A target as a sentence names it: a player by name, an object by its card's name."""
    if isinstance(ref, str):
        return ref
    obj: GameObject | None = state.resolve_ref(ref)
    return characteristics(state, obj.oid).name if obj is not None else state.obj(ref.oid).card
