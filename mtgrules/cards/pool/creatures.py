"""Creatures the lessons use: vanilla bodies, a haste creature and a Zombie lord."""

from __future__ import annotations

from mtgrules.cards.builders import others_you_control
from mtgrules.core.abilities import StaticAbility
from mtgrules.core.carddef import CardDef, register

C = frozenset({"Creature"})

register(
    CardDef("Grizzly Bears", "{1}{G}", C, frozenset({"Bear"}), power=2, toughness=2,
            flavor_text=True, source="Tenth Edition"),
    CardDef("Walking Corpse", "{1}{B}", C, frozenset({"Zombie"}), power=2, toughness=2,
            flavor_text=True, source="Magic 2012"),
    CardDef("Raging Goblin", "{R}", C, frozenset({"Goblin", "Berserker"}), power=1, toughness=1,
            oracle="Haste", keywords=frozenset({"haste"}), flavor_text=True, source="Tenth Edition"),
    CardDef("Lord of the Accursed", "{2}{B}", C, frozenset({"Zombie"}), power=2, toughness=3,
            oracle="Other Zombies you control get +1/+1.\n"
                   "{1}{B}, {T}: All Zombies gain menace until end of turn.",
            abilities=(StaticAbility("Other Zombies you control get +1/+1.",
                                     others_you_control("Zombie", 1, 1, "613.4c",
                                                        "Lord of the Accursed: other Zombies +1/+1")),),
            flavor_text=True, source="Amonkhet"),
)

register(
    CardDef("Tattermunge Maniac", "{R/G}", C, frozenset({"Goblin", "Warrior"}), power=2, toughness=1,
            oracle="Tattermunge Maniac attacks each combat if able.", flavor_text=True, source="Shadowmoor"),
)
