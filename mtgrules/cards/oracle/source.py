"""The kit's card data as a card source: ``card("Inspiring Cleric")`` compiles the card the first
time it is asked for (``core.carddef.CARD_SOURCES``), so ``import mtgrules`` compiles nothing and
loads no data. A name the hand-written pool holds is never compiled over: the pool wins."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from mtgrules.core.carddef import CARD_SOURCES, NAME_SOURCES, CardDef

if TYPE_CHECKING:
    from mtgrules.cards.oracle.compiler import Compiled


@cache
def compiled(name: str) -> Compiled | None:
    """The compiled form of the kit's card data for ``name``, or None if the data has no such card."""
    from mtgrules.cards.mtgjson import kit_cards  # the data and the compiler are read on first use
    from mtgrules.cards.oracle.compiler import compile_card

    facts = kit_cards().get(name)
    return None if facts is None else compile_card(facts)


def _card_from_data(name: str) -> CardDef | None:
    found = compiled(name)
    return None if found is None else found.card


def _names() -> list[str]:
    from mtgrules.cards.mtgjson import kit_cards

    return kit_cards().names()


def install() -> None:
    """Put the compiler over the kit's card data among the places ``card()`` looks (once)."""
    if _card_from_data not in CARD_SOURCES:
        CARD_SOURCES.append(_card_from_data)
        NAME_SOURCES.append(_names)
