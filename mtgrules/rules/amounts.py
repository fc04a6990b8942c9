"""Amounts a card's text counts as its instruction is followed: "for each creature you control",
"equal to the number of Mountains you control", "the number of cards in that player's hand".

Such a number is worked out once, as the instruction that uses it is followed, from the game as it
is then (608.2h); it isn't counted again later, so "+1/+1 until end of turn for each creature you
control" stays what it was when a creature leaves (611.2c). What is counted is read from the
layers (613): a land that an effect made a Mountain counts as one.

A word the kit can't tell the meaning of is never guessed: :func:`counted_kind` refuses it, and
the line that holds it is marked "not played".
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.core.subtypes import SUBTYPE_SETS
from mtgrules.rules.creature_types import creature_type
from mtgrules.rules.layers import characteristics

CARD_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")
"""The card types (205.2a) a permanent can have, as counted words ("each land you control")."""

_ALL_SUBTYPES = frozenset(t for types, _ in SUBTYPE_SETS.values() for t in types)


@dataclass(frozen=True)
class Counted:
    """What "for each X you control" counts: permanents with the card type or the subtype ``name``
    (205.2a, 205.3) that the ability's controller controls."""

    name: str
    is_subtype: bool

    @property
    def words(self) -> str:
        return self.name if self.is_subtype else self.name.lower()


class UnknownCount(ValueError):
    """The counted word is no card type and no subtype the kit knows."""


def counted_kind(word: str, plural: bool) -> Counted:
    """The kind of permanent a lower-case word names ("creature", "Elemental", "mountains"), or
    :class:`UnknownCount` (205.2a, 205.3)."""
    single = word[:-1] if plural and word.endswith("s") else word
    if not plural or word.endswith("s"):
        if single in CARD_TYPES:
            return Counted(single.capitalize(), False)
    kind = creature_type(word, plural)
    if kind is not None:
        return Counted(kind, True)
    if plural and not word.endswith("s"):
        raise UnknownCount(word)
    for name in (single.capitalize(), single.title()):
        if name in _ALL_SUBTYPES:
            return Counted(name, True)
    raise UnknownCount(word)


def count_controlled(state: GameState, player: str, what: Counted) -> int:
    """How many permanents of that kind ``player`` controls now (608.2h), their types as the
    layers make them (613.1d)."""
    n = 0
    for obj in state.objects:
        if obj.zone is not Zone.BATTLEFIELD or obj.controller != player:
            continue
        chars = characteristics(state, obj.oid)
        if (what.name in chars.subtypes) if what.is_subtype else (what.name in chars.types):
            n += 1
    return n


def cards_in_hand(state: GameState, player: str) -> int:
    """How many cards are in ``player``'s hand now (402.1, 608.2h)."""
    return sum(1 for obj in state.objects if obj.zone is Zone.HAND and obj.zone_player == player)
