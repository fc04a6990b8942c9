"""Players, zones, game objects and stack items: the plain data a game state is made of.

An object keeps a stable ``oid`` for the physical card and a zone-change count ``zcc``: when
a card changes zones it becomes a new object (400.7), so an :class:`ObjRef` taken before the
move no longer matches it. Zones belong to a player (``zone_player``) so that graveyards can
be counted, shared or borrowed per player, and combatants need not be on the battlefield.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from mtgrules.core.mana import Mana


class Zone(StrEnum):
    """The game's zones (400.1). Library, hand and graveyard belong to a player."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


PLAYER_ZONES = frozenset({Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD})


@dataclass(frozen=True)
class ObjRef:
    """A reference to one object: the card's id plus the zone-change count it had (400.7)."""

    oid: int
    zcc: int


@dataclass(frozen=True)
class Player:
    """A player. ``team`` groups teammates (Two-Headed Giant); ``turn_began`` is the number of
    the most recent turn this player (or their team) started, needed for 302.6;
    ``drew_from_empty`` says they tried to draw from an empty library since state-based actions
    were last checked (121.4, 704.5b); ``lands_played`` counts the lands they played this turn
    (305.2a; a land put onto the battlefield by an effect doesn't count, 305.4)."""

    name: str
    team: str
    life: int = 20
    pool: tuple[Mana, ...] = ()
    lost: bool = False
    turn_began: int = 0
    drew_from_empty: bool = False
    lands_played: int = 0


@dataclass(frozen=True)
class GameObject:
    """A card or token in some zone, with the status a permanent can have (110.5).

    ``loyalty_turn`` is the number of the turn in which a loyalty ability of this permanent was
    last activated, by any player (606.3), or 0. Comparing it with the current turn is the "once
    each turn"; a permanent that leaves and comes back is a new object that starts at 0 (400.7).
    ``activated_on`` holds ``(ability number, turn)`` for each ability with "Activate only once
    each turn" last activated in that turn (602.5b): kept on the object, whoever controls it.

    ``controller`` is who controls it now, as the layers work it out (613.1b): the engine writes
    a control-changing effect's result here as the effect begins and ends (``rules.control``), so
    every rule reads the same controller; ``own_controller`` keeps, while such an effect applies,
    the controller it would have without it (110.2), and is "" otherwise."""

    oid: int
    card: str
    owner: str
    controller: str
    zone: Zone
    zone_player: str | None = None
    zcc: int = 0
    seq: int = 0
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    control_since: int = 0
    spell_x: int | None = None
    chosen: tuple[tuple[str, str], ...] = ()
    is_token: bool = False
    timestamp: int = 0
    attached_to: int | None = None
    deathtouched: bool = False  # dealt damage by a deathtouch source since state-based actions were checked (704.5h)
    loyalty_turn: int = 0
    activated_on: tuple[tuple[int, int], ...] = ()
    own_controller: str = ""  # while a control-changing effect applies: who controlled it before (613.1b)

    @property
    def ref(self) -> ObjRef:
        return ObjRef(self.oid, self.zcc)

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    def choice(self, key: str) -> str | None:
        """A choice made as this object entered, such as Utopia Sprawl's colour."""
        return dict(self.chosen).get(key)


KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
                              "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
                              "vigilance"})
"""The keyword counters (122.1b): each gives its object that keyword, which the kit doesn't play."""
UNPLAYED_COUNTERS = {"shield": "122.1c", "stun": "122.1d", "finality": "122.1h"}
"""Counters whose rule-given effect the kit doesn't play, with that rule."""
_PT_SHAPED = re.compile(r"[+-]?\d+\s*/?\s*[+-]?\d+")


_DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212\ufe58\ufe63\uff0d", "-"))
"""Dashes and minus signs that look like the hyphen-minus a -1/-1 counter is written with."""


def plain_counter_kind(kind: str) -> str:
    """``kind`` as a reader sees it: look-alike characters as the plain ones (a full-width "＋", a
    Unicode minus "−"), invisible characters (a zero-width space) dropped, and the spacing made
    single spaces with none around it. Two kinds that read the same are meant as the same."""
    text = unicodedata.normalize("NFKC", kind).translate(_DASHES)
    text = "".join(ch for ch in text if ch.isprintable() or ch.isspace())
    return " ".join(text.split())


def counter_problem(kind: str) -> str:
    """Why the engine would misread a counter of ``kind``, or "" if it reads it as the rules do.

    Only counters with the same name are the same kind (122.1), so a kind that differs from the
    one meant only by spacing or by a look-alike character ("+1/+1 ", "−1/−1", "loyalty\u200b")
    would be a different counter that does nothing: it is refused with the kind it reads as.
    The rules give +X/+Y, keyword, shield, stun and finality counters an effect (122.1), and the
    kit plays only +1/+1 and -1/-1 among them, so any other would sit on the card doing nothing.
    Other names ("charge", "age") are plain markers, written in lower case as cards name them."""
    plain = plain_counter_kind(kind)
    if plain != kind:
        if not plain:
            return f"a counter kind is named with letters one can see, not {kind!r:.40}"
        how = "spacing" if kind.split() == plain.split() else "invisible or look-alike characters"
        also = counter_problem(plain)
        return (f"{kind!r:.40} differs from {plain!r:.40} only by {how}, and counters are one kind only by the same "
                f"name (122.1), so it would be a counter that does nothing; did you mean {plain!r:.40}?"
                + (f" (though {also})" if also else ""))
    if kind in ("+1/+1", "-1/-1"):
        return ""
    if _PT_SHAPED.fullmatch(kind):
        return (f"the kit plays only +1/+1 and -1/-1 counters on power and toughness (122.1a, 613.4c), not "
                f"{kind!r:.40}; give +1/+1 or -1/-1 counters, as many as needed")
    if kind != kind.lower():
        return f"counter kinds are named in lower case, as the engine reads them: {kind.lower()!r:.40}, not {kind!r:.40}"
    if kind in KEYWORD_COUNTERS:
        return (f"a {kind} counter gives its object {kind} (122.1b), and the kit doesn't play keyword counters; "
                "use a card that has the keyword")
    if kind in UNPLAYED_COUNTERS:
        return f"a {kind} counter has an effect of its own ({UNPLAYED_COUNTERS[kind]}) that the kit doesn't play"
    return ""


def set_counter(counters: tuple[tuple[str, int], ...], kind: str, n: int) -> tuple[tuple[str, int], ...]:
    """Counters with ``kind`` set to ``n`` (dropped at 0), kept sorted so states compare equal."""
    d = dict(counters)
    if n > 0:
        d[kind] = n
    else:
        d.pop(kind, None)
    return tuple(sorted(d.items()))


@dataclass(frozen=True)
class StackItem:
    """A spell or ability on the stack (405). ``ability`` indexes the source card's abilities;
    ``x`` is the X chosen as it was put on the stack (107.3); ``data`` carries trigger details.
    A target is an object (its reference, so a new object is a new one, 400.7) or a player, by
    name (115.1: targets are objects and/or players)."""

    sid: int
    kind: str
    source: ObjRef
    controller: str
    label: str
    ability: int | None = None
    x: int = 0
    targets: tuple[ObjRef | str, ...] = ()
    data: tuple[tuple[str, object], ...] = ()

    def get(self, key: str) -> object:
        return dict(self.data).get(key)
