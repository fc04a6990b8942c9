"""The keywords and keyword-like abilities the kit plays: a closed, typed set.

A card's ``keywords`` and an effect that grants or removes keywords name members of
:class:`Keyword`. Anything else is refused where it is written (a :class:`CardDef` or an
:class:`~mtgrules.core.effects.Effect`), with the list of known ones, because a misspelt or
unplayed keyword would otherwise be accepted and play as nothing at all: a teacher's "double
strike" creature would silently fight like a vanilla one.

Besides the keyword abilities of 702, the set holds the short abilities the combat rules read the
same way: restrictions ("can't block", "can't attack") and requirements ("attacks each combat if
able", "blocks each combat if able", "must be blocked if able"). They are of the same kind: a
static ability on the creature that the declaration checks read (508.1c-d, 509.1b-c).

Members are strings (``StrEnum``), so ``"flying" in chars.keywords`` still reads as text.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Keyword(StrEnum):
    """Every keyword the kit plays, each with the rule that says what it does (:attr:`rule`)."""

    DEATHTOUCH = "deathtouch"
    DEFENDER = "defender"
    DOUBLE_STRIKE = "double strike"
    FIRST_STRIKE = "first strike"
    FLASH = "flash"
    FLYING = "flying"
    HASTE = "haste"
    HEXPROOF = "hexproof"
    INDESTRUCTIBLE = "indestructible"
    LIFELINK = "lifelink"
    MENACE = "menace"
    REACH = "reach"
    TRAMPLE = "trample"
    VIGILANCE = "vigilance"
    CANT_ATTACK = "can't attack"
    CANT_BLOCK = "can't block"
    ATTACKS_EACH_COMBAT = "attacks each combat if able"
    BLOCKS_EACH_COMBAT = "blocks each combat if able"
    MUST_BE_BLOCKED = "must be blocked if able"
    UNDEATHTOUCH = "undeathtouch"

    @property
    def rule(self) -> str:
        """The rule that says what this keyword does."""
        return _RULES[self]

    def __repr__(self) -> str:
        return repr(self.value)  # a set of keywords prints as the words a card shows: {'flying'}


_RULES = {
    Keyword.DEATHTOUCH: "702.2", Keyword.DEFENDER: "702.3", Keyword.DOUBLE_STRIKE: "702.4",
    Keyword.FIRST_STRIKE: "702.7", Keyword.FLASH: "702.8", Keyword.FLYING: "702.9", Keyword.HASTE: "702.10",
    Keyword.HEXPROOF: "702.11", Keyword.INDESTRUCTIBLE: "702.12", Keyword.LIFELINK: "702.15",
    Keyword.MENACE: "702.111", Keyword.REACH: "702.17", Keyword.TRAMPLE: "702.19", Keyword.VIGILANCE: "702.20",
    Keyword.CANT_ATTACK: "508.1c", Keyword.CANT_BLOCK: "509.1b", Keyword.ATTACKS_EACH_COMBAT: "508.1d",
    Keyword.BLOCKS_EACH_COMBAT: "509.1c", Keyword.MUST_BE_BLOCKED: "509.1c",
    Keyword.UNDEATHTOUCH: "100.7",  # Over My Dead Bodies' own word: an Un-set card, played by its rulings
}


def known_keywords() -> str:
    """The known keywords, quoted and comma-separated, for error messages."""
    return ", ".join(repr(k.value) for k in Keyword)


def keyword_set(values: Iterable[str] | str, where: str) -> frozenset[Keyword]:
    """``values`` as keywords, or ``ValueError`` naming the unknown one and listing the known.

    A single string is refused too: ``frozenset("flying")`` would be a set of letters."""
    if isinstance(values, frozenset) and all(type(v) is Keyword for v in values):
        return values  # already typed (the common case: effects are made on every characteristics pass)
    if isinstance(values, str):
        raise TypeError(f"{where}: keywords must be a set of keywords, e.g. frozenset({{{_spelt(values)!r}}}), "
                        f"not the string {values!r}")
    out = set()
    for value in values:
        try:
            out.add(Keyword(value))
        except ValueError:
            near = _spelt(value)
            hint = f"; did you mean {near!r}? (keywords are written in lower case)" if near != value else ""
            raise ValueError(f"{where}: unknown keyword {value!r}{hint}; the kit plays these keywords: "
                             f"{known_keywords()}. Write other printed text as an ability, or mark it "
                             "as not played") from None
    return frozenset(out)


def _spelt(value: object) -> object:
    """``value`` as the kit spells a keyword, when it is one written with capitals ("Flying")."""
    if isinstance(value, str) and value.lower() in {k.value for k in Keyword}:
        return value.lower()
    return value
