"""Card data (name, cost, types, P/T, Oracle text, flavor-text flag) plus ability objects,
and the pool of cards that scenarios draw from by name.

These are values the rules read; the card author's front door is :mod:`mtgrules.cards`."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from mtgrules.core.abilities import Ability, ActivatedAbility, ManaAbility, Resolver, Target
from mtgrules.core.mana import ManaCost, parse_cost


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
    spell: Resolver | None = None
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
"""Every card a scenario can name, by name. ``import mtgrules`` fills it with the kit's pool."""


def register(*cards: CardDef, replace: bool = False) -> None:
    """Add cards to the pool, before or after the kit's own cards load.

    Registering a definition equal to the one already held is a no-op, so re-running the module
    or cell that defines it is harmless. A *different* card under a name already taken is refused
    unless ``replace=True`` (for a notebook cell being edited and re-run); all cards are checked
    before any is added.
    """
    for c in cards:
        if not isinstance(c, CardDef):
            raise TypeError(f"register() takes CardDef values, not {type(c).__name__}")
        held = CARD_POOL.get(c.name)
        if held is not None and held != c and not replace:
            raise ValueError(f"a different card named {c.name!r} is already registered; "
                             "pass replace=True to replace it")
    for c in cards:
        CARD_POOL[c.name] = c


def card(name: str) -> CardDef:
    """The card called ``name``; an unknown name suggests the closest known ones."""
    try:
        return CARD_POOL[name]
    except KeyError:
        near = difflib.get_close_matches(str(name), list(CARD_POOL), n=3)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise KeyError(f"no card named {name!r} in the kit's card pool{hint}") from None
