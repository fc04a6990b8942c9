"""Mana: its six types, units in a pool, mana costs and paying them (CR 106, 107.4, 118).

Each unit of mana remembers its source and any restriction on spending it (106.6). A
restriction never changes the mana's type; it only forbids some payments, which is why
:func:`pay` checks restrictions separately from types.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache

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


def payment_ways(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
                 hybrid_choices: tuple[ManaType, ...] | None = None) -> list[tuple[Mana, ...]]:
    """Every way to pay ``cost`` from ``pool`` that leaves a different pool: units of one type
    and restriction are interchangeable, so each way is a count of units of each kind. Typed and
    chosen hybrid symbols need their type; generic takes anything the restrictions allow.
    Worked out once for the same arguments (``legal_actions`` asks as it lists a cast, and the
    cast asks again as it is paid)."""
    return list(_payment_ways(pool, cost, paying_for, hybrid_choices))


@lru_cache(maxsize=512)
def _payment_ways(pool: tuple[Mana, ...], cost: ManaCost, paying_for: frozenset[str],
                  hybrid_choices: tuple[ManaType, ...] | None) -> tuple[tuple[Mana, ...], ...]:
    halves = _hybrid_halves(cost, hybrid_choices)
    typed = Counter([*cost.typed, *halves])
    kinds: dict[tuple[str, str], list[Mana]] = {}
    for m in pool:
        if m.restriction is None or m.restriction.allows(paying_for):
            kinds.setdefault(_unit_key(m), []).append(m)
    keys = list(kinds)
    need = sum(typed.values()) + cost.generic
    out: list[tuple[Mana, ...]] = []
    have: dict[ManaType, int] = dict.fromkeys(ManaType, 0)  # units of each type taken so far

    def walk(i: int, left: int, taken: list[Mana]) -> None:
        if i == len(keys):
            if left == 0 and all(have[t] >= n for t, n in typed.items()):
                out.append(tuple(taken))
            return
        units = kinds[keys[i]]
        kind = units[0].type
        for n in range(min(len(units), left), -1, -1):
            have[kind] += n
            walk(i + 1, left - n, taken + units[:n])
            have[kind] -= n

    walk(0, need, [])
    return tuple(out)


def payment_text(units: tuple[Mana, ...]) -> str:
    """A way to pay as a learner writes it: the units spent, in a fixed order ("{G}{R}")."""
    order = {t: i for i, t in enumerate(ALL_TYPES)}
    return pool_text(tuple(sorted(units, key=lambda m: (order[m.type], _unit_key(m)[1])))) if units else "nothing"


def read_payment(answer: object, options: list[str]) -> object:
    """The option a player's ``pay=`` answer names: the option itself ("{G}{R}"), or just its mana
    symbols ("GR", "{R}{G}") when only one option spends those types. Anything else is returned
    as it is, to be refused with the options."""
    if not isinstance(answer, str) or answer in options:
        return answer
    letters = "".join(re.findall(r"[WUBRGC]", answer.upper()))
    if "(" in answer or len(letters) != len(re.sub(r"[{}\s]", "", answer)):
        return answer
    wanted = sorted(letters)
    same = [o for o in options if sorted(re.findall(r"\{([WUBRGC])\}", o)) == wanted]
    return same[0] if len(same) == 1 else answer
