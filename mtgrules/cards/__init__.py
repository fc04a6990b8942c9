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
    AdditionalCost,
    AnyColor,
    CantBeCountered,
    Cost,
    CostChange,
    Enchant,
    EntersWith,
    Fixed,
    GrantsAbility,
    ManaAbility,
    ManaReplacement,
    ManaTriggerResolution,
    Modal,
    Mode,
    Reflect,
    Resolution,
    Sacrifice,
    StaticAbility,
    Target,
    TriggeredAbility,
)
from mtgrules.core.carddef import CARD_POOL, RULINGS_SOURCES, CardDef, card, register
from mtgrules.core.choice_kinds import choice_kind
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
from mtgrules.cards.oracle import source as _oracle_source
from typing import TYPE_CHECKING

_oracle_source.install()  # card(name) compiles a card of the kit's data on first use

if TYPE_CHECKING:
    import os

    from mtgrules.cards.mtgjson import CardFile, CardLibrary, Prefer


def import_cards(path: "str | os.PathLike[str]", prefer: "Prefer | None" = None) -> "CardFile":
    """Check an MTGJSON set file or AtomicCards, keep it for later sessions (in the user's card
    folder, ``$MTGRULES_CARDS_DIR``) and add it to this process's cards. A broken file, or a name
    it prints differently from the kit's cards while ``prefer`` ("kit" or "file") doesn't say which
    wins, is refused with a ``CardDataError`` and nothing is stored. See :mod:`mtgrules.cards.imports`."""
    from mtgrules.cards.imports import import_cards as importing  # read on first use: import mtgrules reads no data
    return importing(path, prefer)


def kit_cards() -> "CardLibrary":
    """The card data: the kit's four sets and the user's imports, read on the first call."""
    from mtgrules.cards.mtgjson import kit_cards as reading
    return reading()


def _data_rulings(name: str) -> tuple[tuple[str, str], ...]:
    """The Gatherer rulings the card data holds for ``name`` (a hand-written card's too)."""
    found = kit_cards().get(name)
    return () if found is None else tuple((r.date, r.text) for r in found.rulings)


if _data_rulings not in RULINGS_SOURCES:
    RULINGS_SOURCES.append(_data_rulings)


__all__ = [
    "Ability", "ActivatedAbility", "AnyColor", "CARD_POOL", "CardDef", "Cost", "Effect", "EffectError", "EntersWith", "Fixed",
    "Keyword", "ManaAbility", "ManaReplacement", "ManaTriggerResolution", "Reflect", "Resolution", "StaticAbility", "Target", "TriggeredAbility",
    "Zone", "card", "creature_target", "creatures_you_control", "enchanted_has", "this_enters", "grant_keyword_to_yours", "graveyard_card_target", "others_you_control",
    "register", "tap_any_color", "tap_for", "tap_for_one_of", "Enchant", "dies", "LAST_KNOWN", "Event", "EventKind", "Step", "STEP_BEGINS", "at_beginning_of",
    "characteristics", "create_token", "create_tokens", "draw_cards", "fight", "gain_life", "colored", "not_colored", "COLORS",
    "any_target", "player_target", "opponent_target", "import_cards", "kit_cards",
    "GrantsAbility", "choice_kind",
    "AdditionalCost", "CantBeCountered", "CostChange", "Modal", "Mode", "Sacrifice",
]

KIT_CARDS: frozenset[str] = frozenset(CARD_POOL)
"""The cards the kit ships, as ``import mtgrules`` registers them: a card named on a board but not
here was registered in this session (a teacher's, or a lesson module's), so code that builds the
board in a fresh kernel must register it first (the BoardEditor's copied code says so)."""
