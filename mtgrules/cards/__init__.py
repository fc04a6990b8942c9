"""The card author's front door: everything needed to define a card and add it to the pool.

    from mtgrules.cards import CardDef, register, ActivatedAbility, Cost

A card is a :class:`CardDef` (its printed text) plus small ability objects that make that text
play. ``register`` adds it to the pool, before or after the kit's own cards load; an equal
definition registered again is a no-op, and ``replace=True`` swaps a card that a notebook cell
redefines. The kit's own cards live in ``pool/`` (one module per family), its made-up teaching
cards in ``practice``, and each Un-set card with all of its rule hooks in ``unstable/``.
See ``docs/authoring.md`` for worked examples.
"""

from mtgrules.cards import pool, unstable  # noqa: E402,F401,I001  (registers the kit's cards)
from mtgrules.cards.builders import (
    colored,
    any_target,
    creature_target,
    creatures_you_control,
    enchanted_has,
    grant_keyword_to_yours,
    graveyard_card_target,
    not_colored,
    opponent_target,
    others_you_control,
    player_target,
    tap_any_color,
    tap_for,
    tap_for_one_of,
    this_enters,
)
from mtgrules.core.abilities import (
    Ability,
    ActivatedAbility,
    AnyColor,
    Cost,
    Enchant,
    EntersWith,
    Fixed,
    ManaAbility,
    ManaReplacement,
    ManaTriggerResolution,
    Reflect,
    Resolution,
    StaticAbility,
    Target,
    TriggeredAbility,
)
from mtgrules.core.carddef import CARD_POOL, CardDef, card, register
from mtgrules.core.colors import COLORS
from mtgrules.core.effects import Effect
from mtgrules.core.errors import EffectError
from mtgrules.core.events import Event, EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.rules.keyword_actions import draw_cards, fight
from mtgrules.rules.life import gain_life
from mtgrules.rules.look_back import LAST_KNOWN, dies
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.tokens import create_token, create_tokens
from mtgrules.rules.layers import characteristics

__all__ = [
    "Ability", "ActivatedAbility", "AnyColor", "CARD_POOL", "CardDef", "Cost", "Effect", "EffectError", "EntersWith", "Fixed",
    "Keyword", "ManaAbility", "ManaReplacement", "ManaTriggerResolution", "Reflect", "Resolution", "StaticAbility", "Target", "TriggeredAbility",
    "Zone", "card", "creature_target", "creatures_you_control", "enchanted_has", "this_enters", "grant_keyword_to_yours", "graveyard_card_target", "others_you_control",
    "register", "tap_any_color", "tap_for", "tap_for_one_of", "Enchant", "dies", "LAST_KNOWN", "Event", "EventKind", "Step", "STEP_BEGINS", "at_beginning_of",
    "characteristics", "create_token", "create_tokens", "draw_cards", "fight", "gain_life", "colored", "not_colored", "COLORS",
    "any_target", "player_target", "opponent_target",
]

KIT_CARDS: frozenset[str] = frozenset(CARD_POOL)
"""The cards the kit ships, as ``import mtgrules`` registers them: a card named on a board but not
here was registered in this session (a teacher's, or a lesson module's), so code that builds the
board in a fresh kernel must register it first (the BoardEditor's copied code says so)."""
