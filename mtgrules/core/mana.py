"""Mana: its six types, units in a pool, mana costs and paying them (CR 106, 107.4, 118).

Each unit of mana remembers its source and any restriction on spending it (106.6). A
restriction never changes the mana's type; it only forbids some payments, which is why
:func:`pay` checks restrictions separately from types.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from itertools import islice
from typing import overload

from mtgrules.core.errors import IllegalAction


class ManaType(StrEnum):
    """The six types of mana (106.1b). Five are colours; colorless is a type but not a colour."""

    W = "W"
    U = "U"
    B = "B"
    R = "R"
    G = "G"
    C = "C"

    @property
    def is_color(self) -> bool:
        return self is not ManaType.C


COLORS: tuple[ManaType, ...] = tuple(t for t in ManaType if t.is_color)
ALL_TYPES: tuple[ManaType, ...] = tuple(ManaType)
TYPE_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

@dataclass(frozen=True)
class Restriction:
    """A rule on spending mana (106.6), e.g. "spend only on creature spells".

    ``allowed_kinds`` lists what the mana may pay for ("creature spell", "ability", ...);
    ``description`` is what a learner reads next to the mana's type.
    """

    description: str
    allowed_kinds: frozenset[str]

    def allows(self, paying_for: frozenset[str]) -> bool:
        return bool(self.allowed_kinds & paying_for)


@dataclass(frozen=True)
class Mana:
    """One unit of mana in a pool: its type, where it came from, and any restriction (106.6)."""

    type: ManaType
    source: str
    restriction: Restriction | None = None
    uid: int = 0

    def label(self) -> str:
        base = "{" + self.type.value + "}"
        return f"{base} ({self.restriction.description})" if self.restriction else base


def make_mana(t: ManaType, source: str, uid: int, restriction: Restriction | None = None) -> Mana:
    """A unit with its own id (taken from the game's id counter, so replays match), so two
    units of the same type stay distinguishable."""
    return Mana(t, source, restriction, uid)


def number_text(n: int) -> str:
    """A whole number for a sentence; a huge one (a learner's X = 10**5000) is described rather
    than printed, since printing it is slow and Python refuses past 4,300 digits."""
    if abs(n) < 10**30:
        return str(n)
    return f"{'-' if n < 0 else ''}a number of about {int(abs(n).bit_length() * 0.30103) + 1} digits"


def pool_text(pool: tuple[Mana, ...]) -> str:
    """The pool as a learner writes it: {G}{G}{B}, with restrictions in brackets."""
    return "".join(m.label() for m in pool) or "—"


# ---------------------------------------------------------------- costs
_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost split into its parts: generic, coloured/colorless, hybrid pairs and X count."""

    generic: int = 0
    typed: tuple[ManaType, ...] = ()
    hybrid: tuple[tuple[ManaType, ManaType], ...] = ()
    x_count: int = 0
    text: str = ""

    def mana_value(self, x: int = 0) -> int:
        """Total mana value; X is whatever the caller says (0 off the stack, 107.3g)."""
        return self.generic + len(self.typed) + len(self.hybrid) + self.x_count * x

    def with_x(self, x: int) -> ManaCost:
        """The cost actually paid once X is chosen (107.3); X can't be negative (107.1b)."""
        if x < 0:
            raise IllegalAction("107.1b", f"X can't be {number_text(x)}: a player can't choose a negative number")
        return ManaCost(self.generic + self.x_count * x, self.typed, self.hybrid, 0, self.text)

    @property
    def is_empty(self) -> bool:
        return not (self.generic or self.typed or self.hybrid or self.x_count)


@cache  # a ManaCost is an immutable value, so every card with the same cost text may share one
def parse_cost(text: str) -> ManaCost:
    """Parse "{2}{R/G}{X}" into a :class:`ManaCost`; raise ValueError naming a bad symbol."""
    if not text:
        return ManaCost()
    symbols = _SYMBOL.findall(text)
    if "".join("{" + s + "}" for s in symbols) != text.replace(" ", ""):
        raise ValueError(f"mana cost {text!r} has text outside {{...}} symbols")
    generic, typed, hybrid, xs = 0, [], [], 0
    for sym in symbols:
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            xs += 1
        elif "/" in sym:
            hybrid.append(_hybrid_symbol(sym, text))
        elif sym in ManaType.__members__:
            typed.append(ManaType(sym))
        else:
            raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
    return ManaCost(generic, tuple(typed), tuple(hybrid), xs, text)


def _hybrid_symbol(sym: str, text: str) -> tuple[ManaType, ManaType]:
    """The two halves of a hybrid symbol such as {R/G} or {C/W} (107.4e). Monocolored hybrid
    symbols with a number ({2/B}), Phyrexian ({W/P}) and hybrid Phyrexian symbols are mana
    symbols the kit doesn't pay, so a cost holding one is refused when the card is defined
    rather than failing when it is cast."""
    halves = sym.split("/")
    if len(halves) != 2 or not all(h in ManaType.__members__ for h in halves) or halves[0] == halves[1]:
        raise ValueError(f"mana symbol {{{sym}}} in {text!r} is not one the kit pays: a hybrid symbol here "
                         "has two different halves, each W, U, B, R, G or C, such as {R/G} (numbered, "
                         "Phyrexian and snow symbols are not played)")
    return ManaType(halves[0]), ManaType(halves[1])


# ---------------------------------------------------------------- paying
def pay(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
        hybrid_choices: tuple[ManaType, ...] | None = None) -> tuple[tuple[Mana, ...], tuple[Mana, ...]]:
    """Pay ``cost`` from ``pool``; return (spent units, remaining pool) or refuse.

    Typed symbols take a unit of their type first, then each hybrid symbol the half the player
    chose, then generic takes what is left. Units whose restriction forbids this payment are
    never used (106.6). Refusals name 118.3 (not enough) or 106.6 (only restricted mana left).
    """
    needed = cost.generic + len(cost.typed) + len(cost.hybrid)
    if needed > len(pool):  # checked first, so refusing a huge X costs no time or memory
        raise IllegalAction("118.3", f"the pool {pool_text(pool)} can't pay {cost.text or 'this cost'}: "
                            f"it needs {number_text(needed)} mana and holds {len(pool)}")
    hybrid_choices = _hybrid_halves(cost, hybrid_choices)
    needs: list[ManaType | None] = [*cost.typed, *hybrid_choices] + [None] * cost.generic
    usable = [m for m in pool if m.restriction is None or m.restriction.allows(paying_for)]
    spent = _assign(needs, usable)
    if spent is None:
        if _assign(needs, list(pool)) is not None:
            raise IllegalAction("106.6", "the only mana that could pay this cost is restricted "
                                "and may not be spent on it")
        raise IllegalAction("118.3", f"the pool {pool_text(pool)} can't pay {cost.text or 'this cost'}")
    used = {m.uid for m in spent}
    return tuple(spent), tuple(m for m in pool if m.uid not in used)


def _hybrid_halves(cost: ManaCost, chosen: tuple[ManaType, ...] | None) -> tuple[ManaType, ...]:
    """The half of each hybrid symbol being paid; a needed choice that is missing is refused."""
    if not cost.hybrid:
        return ()
    if chosen is None or len(chosen) != len(cost.hybrid):
        example = "".join(a.value for a, _b in cost.hybrid)
        raise IllegalAction("107.4e", f"{cost.text} has {len(cost.hybrid)} hybrid symbol(s): say which half of "
                            f"each you pay with hybrid=, one letter each, for example hybrid={example!r}")
    for (a, b), c in zip(cost.hybrid, chosen, strict=True):
        if c not in (a, b):
            raise IllegalAction("107.4e", f"{{{a.value}/{b.value}}} can be paid only with "
                                f"{TYPE_NAMES[a.value]} or {TYPE_NAMES[b.value]} mana, not {TYPE_NAMES[c.value]}")
    return tuple(chosen)


def _assign(needs: list[ManaType | None], units: list[Mana]) -> list[Mana] | None:
    """Pick units for each need: typed needs first, generic from the rest (colorless first).

    Every unit here may pay this cost, so among units of one type a restricted one is spent
    first: an unrestricted unit can pay anything the restricted one can, so keeping it never
    closes off a later payment."""
    left = sorted(units, key=lambda m: m.restriction is None)
    spent: list[Mana] = []
    for need in [n for n in needs if n is not None]:
        unit = next((m for m in left if m.type is need), None)
        if unit is None:
            return None
        left.remove(unit)
        spent.append(unit)
    generic = sum(1 for n in needs if n is None)
    if generic > len(left):
        return None
    left.sort(key=lambda m: (m.type is not ManaType.C, m.restriction is None))
    return spent + left[:generic]


# ---------------------------------------------------------------- the ways to pay (601.2h)
def _unit_key(m: Mana) -> tuple[str, str]:
    """What a unit leaves in the pool if it isn't spent: its type and its restriction (106.6)."""
    return (m.type.value, m.restriction.description if m.restriction else "")


OFFERED_PAYMENTS = 8
"""Up to this many ways to pay are all offered by ``legal_actions`` (``Payments.offered``); with
more, a few that show the choice: a generic {X} paid from a five-colour pool of 50 has
thousands of ways, one listed action each, and trying them all took minutes."""


class Payments(Sequence[str]):
    """Every way to pay ``cost`` from ``pool`` that leaves a different pool (601.2h), as the labels
    a player gives (``payment_text``: "{G}{R}"), in a fixed order: counted, checked and walked,
    never all built, since a pool of fifty mana of five colours pays a generic {25} in tens of
    thousands of ways.

    Units of one type and restriction are interchangeable, so a way is how many units of each such
    kind it spends: typed and chosen hybrid symbols need their type; generic takes anything the
    restrictions allow. ``in`` checks a label directly, ``len`` counts the ways (by inclusion and
    exclusion over the typed symbols, each kind a polynomial), iteration walks them without a dead
    end, and :meth:`offered` is the bounded set ``legal_actions`` lists. Any other way is as legal
    when a player names it."""

    def __init__(self, pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
                 hybrid_choices: tuple[ManaType, ...] | None = None) -> None:
        halves = _hybrid_halves(cost, hybrid_choices)
        typed = Counter([*cost.typed, *halves])
        kinds: dict[tuple[str, str], list[Mana]] = {}
        for m in pool:
            if m.restriction is None or m.restriction.allows(paying_for):
                kinds.setdefault(_unit_key(m), []).append(m)
        self._keys = list(kinds)
        self._units = [kinds[k] for k in self._keys]
        self._types = [units[0].type for units in self._units]
        self._labels = [units[0].label() for units in self._units]
        order = {t: i for i, t in enumerate(ALL_TYPES)}
        self._written = sorted(range(len(self._units)), key=lambda k: (order[self._types[k]], self._keys[k][1]))
        self._kind_of = {label: k for k, label in enumerate(self._labels)}  # as payment_text writes a way
        self._typed = {t: n for t, n in typed.items()}
        self.need = sum(typed.values()) + cost.generic
        self._count: int | None = None
        self._offered: list[str] | None = None

    # ---- a way as counts per kind
    def _feasible(self, order: list[int], i: int, left: int, have: dict[ManaType, int]) -> bool:
        """Whether the kinds ``order[i:]`` can spend exactly ``left`` more units and still give
        every typed symbol a unit of its type."""
        rest = order[i:]
        if left < 0 or sum(len(self._units[k]) for k in rest) < left:
            return False
        short = 0
        for t, n in self._typed.items():
            deficit = n - have.get(t, 0)
            if deficit > 0:
                if sum(len(self._units[k]) for k in rest if self._types[k] is t) < deficit:
                    return False
                short += deficit
        return short <= left

    def _walk(self, order: list[int]) -> Iterator[tuple[int, ...]]:
        """Each way as counts per kind (in pool order), spending the most of ``order[0]`` first:
        every branch taken ends in a way, so the first way costs as many steps as there are kinds."""
        counts = [0] * len(self._units)
        have: dict[ManaType, int] = {}

        def walk(i: int, left: int) -> Iterator[tuple[int, ...]]:
            if i == len(order):
                yield tuple(counts)
                return
            k = order[i]
            kind = self._types[k]
            least = max(0, left - sum(len(self._units[j]) for j in order[i + 1:]))  # the rest can't spend more
            for n in range(min(len(self._units[k]), left), least - 1, -1):
                have[kind] = have.get(kind, 0) + n
                if self._feasible(order, i + 1, left - n, have):
                    counts[k] = n
                    yield from walk(i + 1, left - n)
                have[kind] -= n
            counts[k] = 0

        if self._feasible(order, 0, self.need, have):
            yield from walk(0, self.need)

    def _label(self, counts: tuple[int, ...]) -> str:
        """``payment_text`` of the way, written from its counts (a way may spend thousands of units)."""
        return "".join(self._labels[k] * counts[k] for k in self._written) or "nothing"

    def units_of(self, counts: tuple[int, ...]) -> tuple[Mana, ...]:
        """The units a way spends: the first of each kind in the pool."""
        return tuple(m for units, n in zip(self._units, counts, strict=True) for m in units[:n])

    def _counts(self, label: object) -> tuple[int, ...] | None:
        """The way ``label`` names, as counts per kind, or None if it names none (checked directly)."""
        if not isinstance(label, str):
            return None
        found = self._parse(label)
        if found is None or sum(found) != self.need or any(
                n > len(units) for n, units in zip(found, self._units, strict=True)):
            return None
        have: dict[ManaType, int] = {}
        for n, t in zip(found, self._types, strict=True):
            have[t] = have.get(t, 0) + n
        if any(have.get(t, 0) < n for t, n in self._typed.items()):
            return None
        return found if self._label(found) == label else None  # each unit in the order payment_text writes

    def _parse(self, label: str) -> tuple[int, ...] | None:
        """How many units of each kind ``label`` names ("nothing": none), or None if it names
        something that isn't in the pool."""
        counts = [0] * len(self._units)
        if label == "nothing":  # what payment_text says of a way that spends no mana
            return tuple(counts)
        for unit in _UNIT.findall(label):
            k = self._kind_of.get(unit)
            if k is None:
                break
            counts[k] += 1
        else:
            if self._label(tuple(counts)) == label:
                return tuple(counts)
        return self._parse_slowly(label)  # not as written, or a restriction whose words hold brackets

    def _parse_slowly(self, label: str) -> tuple[int, ...] | None:
        """``_parse`` against the kinds' own labels, the longest first, one unit at a time."""
        counts, at = [0] * len(self._units), 0
        by_length = sorted(range(len(self._labels)), key=lambda k: -len(self._labels[k]))
        while at < len(label):
            k = next((k for k in by_length if label.startswith(self._labels[k], at)), None)
            if k is None:
                return None
            counts[k] += 1
            at += len(self._labels[k])
        return tuple(counts)

    # ---- the sequence
    def __iter__(self) -> Iterator[str]:
        return (self._label(c) for c in self._walk(list(range(len(self._units)))))

    def __contains__(self, label: object) -> bool:
        return self._counts(label) is not None

    def __len__(self) -> int:
        if self._count is None:
            self._count = self._counted()
        return self._count

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...
    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        if isinstance(i, slice):
            return list(islice(self, *i.indices(len(self))))
        if i < 0:
            i += len(self)
        found = next(islice(self, i, None), None) if i >= 0 else None
        if found is None:
            raise IndexError(i)
        return found

    def _counted(self) -> int:
        """How many ways there are: the coefficient of z**need in the product of each kind's
        (1 + z + ... + z**units), less the ways that leave a typed symbol without a unit of its
        type, by inclusion and exclusion over the typed types (a cost has few, so few terms; each
        term costs the kinds times the need)."""
        need = self.need
        typed = [t for t, n in self._typed.items() if n > 0]
        total = 0
        for mask in range(1 << len(typed)):
            short = {t for j, t in enumerate(typed) if mask >> j & 1}  # these types get fewer than they need
            poly = [1] + [0] * need
            for t in short:  # a few terms: fewer units of t than its symbols
                factor = [1]
                for k, kind in enumerate(self._types):
                    if kind is t:
                        factor = _times_run(factor, len(self._units[k]), self._typed[t] - 1)
                poly = _times(poly, factor, need)
            for k, kind in enumerate(self._types):
                if kind not in short:
                    poly = _times_run(poly, len(self._units[k]), need)
            total += (-1) ** len(short) * (poly[need] if need < len(poly) else 0)
        return total

    # ---- what legal_actions lists
    def offered(self) -> list[str]:
        """Every way, when there are at most ``OFFERED_PAYMENTS``; else, for each kind of mana in
        the pool (in pool order), the way that spends the most of it and the way that keeps the
        most of it (the rest taken from the other kinds in pool order): at most two per kind."""
        if self._offered is None:
            self._offered = self._representative()
        return list(self._offered)

    def _representative(self) -> list[str]:
        first = list(islice(self, OFFERED_PAYMENTS + 1))
        if len(first) <= OFFERED_PAYMENTS:
            return first
        out: dict[str, None] = {}
        everything = list(range(len(self._units)))
        for k in everything:
            others = [j for j in everything if j != k]
            for order in ([k, *others], [*others, k]):
                way = next(self._walk(order), None)
                if way is not None:
                    out[self._label(way)] = None
        return list(out)

    def units(self, label: str) -> tuple[Mana, ...]:
        """The units the way ``label`` spends (``label`` must be one of the ways)."""
        counts = self._counts(label)
        if counts is None:
            raise ValueError(f"{label!r} is not a way to pay this cost")
        return self.units_of(counts)

    def read(self, answer: object) -> object:
        """The way a player's ``pay=`` answer names: the way itself ("{G}{R}"), or just its mana
        symbols ("GR", "{R}{G}") when only one way spends those types. Anything else is returned
        as it is, to be refused with the ways."""
        if not isinstance(answer, str) or answer in self:
            return answer
        letters = "".join(re.findall(r"[WUBRGC]", answer.upper()))
        if "(" in answer or len(letters) != len(re.sub(r"[{}\s]", "", answer)):
            return answer
        wanted = Counter(ManaType(ch) for ch in letters)
        counts = [0] * len(self._units)
        for t, n in wanted.items():
            kinds = [k for k, kind in enumerate(self._types) if kind is t]
            if len(kinds) != 1 and n not in (0, sum(len(self._units[k]) for k in kinds)):
                return answer  # more than one kind of this type could give them: not one way
            for k in kinds:
                counts[k] = min(n, len(self._units[k]))
                n -= counts[k]
            if n:
                return answer
        label = self._label(tuple(counts))
        return label if label in self else answer


_UNIT = re.compile(r"\{[WUBRGC]\}(?: \([^{}()]*\))?")
"""One unit as ``Mana.label`` writes it: "{G}", or "{G} (spend only on creature spells)"."""


def _times_run(poly: list[int], run: int, top: int) -> list[int]:
    """``poly`` times (1 + z + ... + z**run), up to z**top (each term a sum of a window)."""
    size = min(len(poly) + run, top + 1)
    prefix = [0]
    for c in poly:
        prefix.append(prefix[-1] + c)
    last = len(poly)
    return [prefix[min(j + 1, last)] - prefix[max(0, j - run)] for j in range(size)] if size > 0 else []


def _times(a: list[int], b: list[int], top: int) -> list[int]:
    """``a`` times ``b``, up to z**top; one of them is short (a typed symbol's few terms)."""
    if len(b) > len(a):
        a, b = b, a
    out = [0] * min(top + 1, len(a) + len(b) - 1)
    for j, c in enumerate(b):
        if c:
            for i, x in enumerate(a[:len(out) - j]):
                out[i + j] += c * x
    return out


def payments(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
             hybrid_choices: tuple[ManaType, ...] | None = None) -> Payments:
    """The ways to pay ``cost`` from ``pool`` (:class:`Payments`), worked out once for the same
    arguments: ``legal_actions`` asks as it lists a cast, and the cast asks again as it is paid."""
    return _payments(pool, cost, paying_for, hybrid_choices)


@lru_cache(maxsize=512)
def _payments(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
              hybrid_choices: tuple[ManaType, ...] | None) -> Payments:
    return Payments(pool, cost, paying_for, hybrid_choices)


def payment_ways(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
                 hybrid_choices: tuple[ManaType, ...] | None = None) -> list[tuple[Mana, ...]]:
    """Every way to pay, each as the units it spends, all built: for a small pool (tests). The
    engine asks :func:`payments`, which never builds them all."""
    ways = payments(pool, cost, paying_for, hybrid_choices)
    return [ways.units(label) for label in ways]


def payment_text(units: tuple[Mana, ...]) -> str:
    """A way to pay as a learner writes it: the units spent, in a fixed order ("{G}{R}")."""
    order = {t: i for i, t in enumerate(ALL_TYPES)}
    return pool_text(tuple(sorted(units, key=lambda m: (order[m.type], _unit_key(m)[1])))) if units else "nothing"


def read_payment(answer: object, options: Sequence[str]) -> object:
    """The option a player's ``pay=`` answer names: the option itself ("{G}{R}"), or just its mana
    symbols ("GR", "{R}{G}") when only one option spends those types. Anything else is returned
    as it is, to be refused with the options. :class:`Payments` reads its own answers."""
    if isinstance(options, Payments):
        return options.read(answer)
    if not isinstance(answer, str) or answer in options:
        return answer
    letters = "".join(re.findall(r"[WUBRGC]", answer.upper()))
    if "(" in answer or len(letters) != len(re.sub(r"[{}\s]", "", answer)):
        return answer
    wanted = sorted(letters)
    same = [o for o in options if sorted(re.findall(r"\{([WUBRGC])\}", o)) == wanted]
    return same[0] if len(same) == 1 else answer
