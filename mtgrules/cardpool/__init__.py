"""The kit's card pool. Importing this package registers every card with :mod:`mtgrules.cards`.

Oracle texts are stored as card data (the current wording where known), each with its set as
its source; the abilities beside them are the kit's own small implementation of that text.
"""

from . import basics, busybody_cards, combat_cards, creatures, mana_cards, spells, turn_cards, unstable_cards  # noqa: F401
