"""Cards from Unstable (2017), a silver-bordered Un-set: outside the Comprehensive Rules (100.7),
so each card's official rulings are its specification.

Over My Dead Bodies is played by :mod:`mtgrules.graveyard_combat` (who can attack and block from
a graveyard, who may block whom, undeathtouch, leaving combat); its static abilities here make
the layer effects: creature cards in graveyards are Zombies (layer 4) with undeathtouch (layer 6),
and creature cards in its controller's graveyard have haste (layer 6).
"""

from __future__ import annotations

from ..abilities import StaticAbility
from ..cards import CardDef, register
from ..graveyard_combat import CARD, haste_in_your_graveyard, zombies_with_undeathtouch

OMDB_FIRST = ("Creature cards in graveyards can attack and block as though they were on the battlefield, can "
              "block or be blocked only by creature cards in graveyards, are Zombies in addition to their other "
              "types, and have undeathtouch. (If they would deal damage to a creature card, exile that creature "
              "card instead.)")
OMDB_SECOND = "Creature cards in your graveyard have haste."

register(
    CardDef(CARD, "{4}{B}{B}", frozenset({"Enchantment"}), oracle=f"{OMDB_FIRST}\n{OMDB_SECOND}",
            abilities=(StaticAbility(OMDB_FIRST, zombies_with_undeathtouch),
                       StaticAbility(OMDB_SECOND, haste_in_your_graveyard)),
            source="Unstable (silver-bordered; outside the Comprehensive Rules, 100.7)"),
)
