"""Card data (name, cost, types, P/T, Oracle text, flavor-text flag) plus ability objects,
and the card pool that scenarios draw from by name."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .abilities import Ability, ActivatedAbility, ManaAbility, Target
from .mana import ManaCost, parse_cost


@dataclass(frozen=True)
class CardDef:
    """One card as printed (its Oracle text) plus the ability objects that make it play.

    ``spell`` resolves an instant or sorcery; ``spell_target`` says what it targets.
    ``source`` names the set the Oracle text is quoted from.
    """

    name: str
    cost: str
    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    oracle: str = ""
    flavor_text: bool = False
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    spell: Callable[[Any, Any], None] | None = None
    spell_target: Target | None = None
    source: str = ""

    @property
    def mana_cost(self) -> ManaCost:
        return parse_cost(self.cost)

    @property
    def is_permanent_card(self) -> bool:
        return not self.types & {"Instant", "Sorcery"}

    def mana_abilities(self) -> list[tuple[int, ManaAbility]]:
        return [(i, a) for i, a in enumerate(self.abilities) if isinstance(a, ManaAbility)]

    def activated(self) -> list[tuple[int, ActivatedAbility | ManaAbility]]:
        return [(i, a) for i, a in enumerate(self.abilities)
                if isinstance(a, ActivatedAbility | ManaAbility)]


CARD_POOL: dict[str, CardDef] = {}


def register(*cards: CardDef) -> None:
    """Add cards to the pool; a second card with the same name is a programming error."""
    for c in cards:
        if c.name in CARD_POOL:
            raise ValueError(f"card {c.name!r} registered twice")
        CARD_POOL[c.name] = c


def card(name: str) -> CardDef:
    """The card called ``name``; an unknown name suggests the closest known ones."""
    _load_pool()
    try:
        return CARD_POOL[name]
    except KeyError:
        near = difflib.get_close_matches(name, list(CARD_POOL), n=3)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise KeyError(f"no card named {name!r} in the kit's card pool{hint}") from None


def _load_pool() -> None:
    """Import the card modules once; they register themselves."""
    if not CARD_POOL:
        from . import cardpool  # noqa: F401
