"""Continuous effects and the characteristics they change, as values (604, 611, 613).

``mtgrules.rules.layers`` applies these layer by layer; a card's static ability returns a list of
:class:`Effect`, and a resolved spell keeps its effect in ``GameState.effects``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgrules.core.keywords import Keyword, keyword_set
from mtgrules.core.objects import GameObject, ObjRef
from mtgrules.core.state import with_changes

if TYPE_CHECKING:
    from mtgrules.core.state import GameState


@dataclass(frozen=True)
class Chars:
    """The characteristics that the kit's rules read."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    power: int | None
    toughness: int | None
    keywords: frozenset[Keyword]

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    def pt(self) -> str:
        return "" if self.power is None else f"{self.power}/{self.toughness}"


_NO_KEYWORDS: frozenset[Keyword] = frozenset()


@dataclass(frozen=True)
class Effect:
    """A continuous effect in one layer. Either ``affected`` locks the objects it applies to
    (611.2c, for effects from resolved spells) or ``applies`` decides each time (611.3a)."""

    layer: str
    description: str
    rule: str
    source: int | None = None
    timestamp: int = 0
    affected: tuple[ObjRef, ...] | None = None
    applies: Callable[[GameState, GameObject, Chars], bool] | None = None
    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    add_keywords: frozenset[Keyword] = frozenset()
    remove_keywords: frozenset[Keyword] = frozenset()
    set_pt: tuple[int, int] | None = None
    delta: tuple[int, int] = (0, 0)
    switch_pt: bool = False  # "switch its power and toughness": layer 7d only (613.4d)
    until_end_of_turn: bool = False
    tags: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        """Keywords granted or removed must be ones the kit plays (a closed set, like a card's);
        a switch of power and toughness belongs to layer 7d and nowhere else (613.4d)."""
        if self.switch_pt != (self.layer == "7d"):
            raise ValueError(f"effect {self.description!r}: layer 7d holds exactly the effects that switch "
                             "power and toughness (613.4d)")
        if self.add_keywords == _NO_KEYWORDS and self.remove_keywords == _NO_KEYWORDS:
            return  # most effects touch no keywords, and static abilities make theirs on every state
        where = f"effect {self.description!r}"
        object.__setattr__(self, "add_keywords", keyword_set(self.add_keywords, where))
        object.__setattr__(self, "remove_keywords", keyword_set(self.remove_keywords, where))

    def touches(self, state: GameState, obj: GameObject, chars: Chars) -> bool:
        if self.affected is not None:
            return obj.ref in self.affected
        return self.applies is not None and self.applies(state, obj, chars)

    def apply(self, c: Chars) -> Chars:
        """The characteristics after this effect. A power/toughness effect does nothing to an
        object that isn't a creature at that layer (208.3, 208.3a), and an effect that made it one
        in layer 4 came first: a land animated into a 3/3 gets its 3/3 in layer 7b."""
        if self.layer == "4":
            return with_changes(c, {"types": c.types | self.add_types, "subtypes": c.subtypes | self.add_subtypes})
        if self.layer == "6":
            return with_changes(c, {"keywords": (c.keywords | self.add_keywords) - self.remove_keywords})
        if not c.is_creature:
            return c
        if self.switch_pt:  # after every other P/T effect and the counters (613.4d)
            return with_changes(c, {"power": c.toughness, "toughness": c.power})
        if self.set_pt is not None:
            return with_changes(c, {"power": self.set_pt[0], "toughness": self.set_pt[1]})
        if c.power is None or c.toughness is None:  # a creature no effect gave a power and toughness yet
            return c
        return with_changes(c, {"power": c.power + self.delta[0], "toughness": c.toughness + self.delta[1]})
