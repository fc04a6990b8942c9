"""Instants the rulings name: Giant Growth and Murder."""

from __future__ import annotations

from ..cards import CardDef, register
from .helpers import creature_target

INSTANT = frozenset({"Instant"})


def _giant_growth(res, _item) -> None:
    for obj in res.targets():
        res.pump(obj, 3, 3, "613.4c", "Giant Growth: +3/+3 until end of turn")


def _murder(res, _item) -> None:
    for obj in res.targets():
        res.destroy(obj)


register(
    CardDef("Giant Growth", "{G}", INSTANT, oracle="Target creature gets +3/+3 until end of turn.",
            spell=_giant_growth, spell_target=creature_target(), source="Tenth Edition"),
    CardDef("Murder", "{1}{B}{B}", INSTANT, oracle="Destroy target creature.",
            spell=_murder, spell_target=creature_target(), source="Magic 2013"),
)
