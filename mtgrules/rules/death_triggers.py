"""Abilities that trigger on another creature dying: "Whenever another creature dies", "Whenever
a creature you control dies", "Whenever a nontoken creature you control dies", "Whenever an
Angel you control dies" (700.4: "dies" means put into a graveyard from the battlefield).

These are leaves-the-battlefield abilities, so they look back in time (603.10a): whether the
creature that died was a creature, was an Angel, was a token and was controlled by this
ability's controller is read from the creature as it last existed on the battlefield (608.2h),
never from the card in the graveyard (a new object, 400.7, whose controller is its owner and
whose characteristics lose every effect that applied on the battlefield). A creature its owner's
opponent stole that dies is "a creature you control" for the thief.

The trigger check (``rules/triggers.py``) knows which permanent an event takes off the
battlefield, as it last existed; it sets :data:`LEAVING` to that object while it asks the
look-back abilities whether the event triggers them, and :func:`leaving_object` reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

from mtgrules.core.events import Event
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.look_back import LAST_KNOWN, is_leaving, last_known_characteristics

LEAVING: ContextVar[GameObject | None] = ContextVar("the permanent leaving the battlefield", default=None)
"""While the trigger check asks look-back abilities about a leaving event: the permanent it takes
off the battlefield, as it last existed there (603.10a, 608.2h)."""


def leaving_object(ev: Event) -> GameObject | None:
    """The permanent ``ev`` takes off the battlefield, as it last existed there, or None when the
    trigger check isn't asking about that event."""
    was = LEAVING.get()
    return was if was is not None and was.oid == ev.obj else None


@dataclass(frozen=True)
class Dier:
    """Which creature's death the ability waits for: ``other`` ("another": not its own
    permanent), ``yours`` (its controller controlled it as it died), ``nontoken``, and a creature
    type it had (205.3m), or None."""

    other: bool = False
    yours: bool = False
    nontoken: bool = False
    creature_type: str | None = None


def creature_dies(who: Dier) -> Callable[[GameState, GameObject, Event], bool]:
    """The ``matches`` of "Whenever [another / a ... you control] creature dies" (700.4, 603.10a):
    ``source`` is the ability's permanent as it is, or as it last existed if it left in the same
    event (a "whenever another creature dies" creature destroyed with two others sees both die)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if not is_leaving(ev) or ev.after != Zone.GRAVEYARD:
            return False
        was = leaving_object(ev)
        if was is None or (who.other and was.oid == source.oid):
            return False
        chars = last_known_characteristics(state, was.ref, ((LAST_KNOWN, was),))
        if chars is None or not chars.is_creature:
            return False
        if who.yours and was.controller != source.controller:
            return False
        if who.nontoken and was.is_token:
            return False
        return who.creature_type is None or who.creature_type in chars.subtypes
    return matches
