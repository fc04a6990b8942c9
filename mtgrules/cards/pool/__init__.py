"""The kit's card pool, one module per family of cards. Importing this package registers them.

Oracle texts are stored as card data (the current wording where known), each with its set as its
source; the abilities beside them are the kit's own small implementation of that text.
"""

from mtgrules.cards.pool import (  # noqa: F401
    basics,
    combat,
    creatures,
    damage_replacements,
    keywords,
    layers,
    mana,
    practice_replacements,
    spells,
    turns,
    zone_replacements,
)
