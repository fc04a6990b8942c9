"""The keywords and keyword-like abilities the kit plays: a closed, typed set.

A card's ``keywords`` and an effect that grants or removes keywords name members of
:class:`Keyword`. Anything else is refused where it is written (a :class:`CardDef` or an
:class:`~mtgrules.core.effects.Effect`), with the list of known ones, because a misspelt or
unplayed keyword would otherwise be accepted and play as nothing at all: a teacher's "double
strike" creature would silently fight like a vanilla one.

Besides the keyword abilities of 702, the set holds the short abilities the combat rules read the
same way: restrictions ("can't block", "can't attack", "can't be blocked by more than one creature") and
requirements ("attacks each combat if able", "blocks each combat if able", "must be blocked if able").
They are of the same kind: a static ability on the creature that the declaration checks read
(508.1c-d, 509.1b-c). A keyword with a quality ("protection from black", "hexproof from blue") is
one member per quality: "protection from black and from red" is two abilities (702.16g, 702.11f).

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
    # evasion (rules/evasion.py): 702.13, 702.14, 702.36 and the "can't be blocked" family of 509.1b
    FEAR = "fear"
    INTIMIDATE = "intimidate"
    PLAINSWALK = "plainswalk"
    ISLANDWALK = "islandwalk"
    SWAMPWALK = "swampwalk"
    MOUNTAINWALK = "mountainwalk"
    FORESTWALK = "forestwalk"
    CANT_BE_BLOCKED = "can't be blocked"
    CANT_BE_BLOCKED_EXCEPT_BY_FLYERS = "can't be blocked except by creatures with flying"
    CANT_BE_BLOCKED_EXCEPT_BY_WALLS_AND_FLYERS = "can't be blocked except by walls and/or creatures with flying"
    CANT_BE_BLOCKED_BY_WALLS = "can't be blocked by walls"
    CANT_BE_BLOCKED_BY_WHITE = "can't be blocked by white creatures"
    CANT_BE_BLOCKED_BY_BLUE = "can't be blocked by blue creatures"
    CANT_BE_BLOCKED_BY_BLACK = "can't be blocked by black creatures"
    CANT_BE_BLOCKED_BY_RED = "can't be blocked by red creatures"
    CANT_BE_BLOCKED_BY_GREEN = "can't be blocked by green creatures"
    CANT_BE_BLOCKED_BY_MORE_THAN_ONE = "can't be blocked by more than one creature"
    BLOCKS_ONLY_FLYERS = "can block only creatures with flying"
    # who may target it (rules/targeting.py, rules/protection.py): 702.18, 702.11d
    SHROUD = "shroud"
    HEXPROOF_FROM_WHITE = "hexproof from white"
    HEXPROOF_FROM_BLUE = "hexproof from blue"
    HEXPROOF_FROM_BLACK = "hexproof from black"
    HEXPROOF_FROM_RED = "hexproof from red"
    HEXPROOF_FROM_GREEN = "hexproof from green"
    # protection (rules/protection.py, 702.16): one member per quality, since "protection from A
    # and from B" is two protection abilities (702.16g)
    PROTECTION_FROM_WHITE = "protection from white"
    PROTECTION_FROM_BLUE = "protection from blue"
    PROTECTION_FROM_BLACK = "protection from black"
    PROTECTION_FROM_RED = "protection from red"
    PROTECTION_FROM_GREEN = "protection from green"
    PROTECTION_FROM_MULTICOLORED = "protection from multicolored"
    PROTECTION_FROM_ARTIFACTS = "protection from artifacts"
    PROTECTION_FROM_CREATURES = "protection from creatures"
    PROTECTION_FROM_PLANESWALKERS = "protection from planeswalkers"
    PROTECTION_FROM_DEMONS = "protection from demons"
    PROTECTION_FROM_DRAGONS = "protection from dragons"
    PROTECTION_FROM_DOGS = "protection from dogs"
    PROTECTION_FROM_EVERYTHING = "protection from everything"

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
    Keyword.FEAR: "702.36", Keyword.INTIMIDATE: "702.13", Keyword.SHROUD: "702.18",
    **{k: "702.14" for k in (Keyword.PLAINSWALK, Keyword.ISLANDWALK, Keyword.SWAMPWALK, Keyword.MOUNTAINWALK,
                             Keyword.FORESTWALK)},
    **{k: "509.1b" for k in Keyword if k.value.startswith(("can't be blocked", "can block only"))},
    **{k: "702.11d" for k in Keyword if k.value.startswith("hexproof from ")},
    **{k: "702.16" for k in Keyword if k.value.startswith("protection from ")},
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
