"""Instants the rulings name (Giant Growth and Murder), and Naturalize, which takes an enchantment
such as Over My Dead Bodies off the battlefield in the middle of combat (OMDB-7)."""

from __future__ import annotations

from mtgrules.cards.builders import creature_target
from mtgrules.core.abilities import Resolution, Target
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.objects import GameObject, StackItem
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics

INSTANT = frozenset({"Instant"})


def _giant_growth(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.pump(obj, 3, 3, "613.4c", "Giant Growth: +3/+3 until end of turn")


def _murder(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.destroy(obj)


def _naturalize(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.destroy(obj)


def _artifact_or_enchantment(state: GameState, player: str, obj: GameObject) -> bool:
    return bool(characteristics(state, obj.oid).types & {"Artifact", "Enchantment"})


register(
    CardDef("Giant Growth", "{G}", INSTANT, oracle="Target creature gets +3/+3 until end of turn.",
            spell=_giant_growth, spell_target=creature_target(), source="Tenth Edition"),
    CardDef("Murder", "{1}{B}{B}", INSTANT, oracle="Destroy target creature.",
            spell=_murder, spell_target=creature_target(), source="Magic 2013"),
    CardDef("Naturalize", "{1}{G}", INSTANT, oracle="Destroy target artifact or enchantment.",
            spell=_naturalize, spell_target=Target("target artifact or enchantment", _artifact_or_enchantment),
            flavor_text=True, source="Tenth Edition"),
)
