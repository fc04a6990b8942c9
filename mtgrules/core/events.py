"""Events: every change to a game state, each naming the rule that caused it.

The tables and the narration are built only from events, so an event must say what changed
(``attribute``), on what (``obj``/``name``), from what to what, and under which rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class EventKind(StrEnum):
    """Every kind of event the engine records: a closed set, so a misspelt kind fails where the
    event is made instead of never matching a listener. Members are strings (``StrEnum``), so an
    event's kind reads and compares as plain text in tables and tests. A change of one attribute
    made without a kind (``Draft.update(..., tapped=True)``) takes the attribute's name."""

    ACTIVATED = "activated"
    ACTIVE = "active"
    APNAP = "apnap"
    ATTACHED_TO = "attached_to"
    AT_RANDOM = "at random"
    ATTACKERS_DECLARED = "attackers declared"
    ATTACKS = "attacks"
    BECOMES_BLOCKED = "becomes blocked"
    BLOCKS = "blocks"
    BLOCKS_LEGAL = "blocks legal"
    CANT_BE_COUNTERED = "can't be countered"
    CARD = "card"
    CAST = "cast"
    CEASES_TO_EXIST = "ceases to exist"
    CHOSEN = "chosen"
    CLEANUP_PRIORITY = "cleanup priority"
    COLORS = "colors"
    COMBAT = "combat"
    COMBAT_BEGINS = "combat begins"
    COMBAT_DAMAGE = "combat damage"
    COMBAT_ENDS = "combat ends"
    CONTROLLER = "controller"
    COUNTERS = "counters"
    COST_CHANGED = "cost changed"
    CREATED = "created"
    CREATURES_BECOME_BLOCKED = "creatures become blocked"
    DAMAGE = "damage"
    DAMAGE_DEALT = "damage dealt"  # no event has it: a trigger listening for combat and noncombat damage both
    DAMAGE_DIVISION = "damage division"
    DAMAGE_PREVENTED = "damage prevented"
    DAMAGE_REPLACED = "damage replaced"
    DEATHTOUCH = "deathtouch"
    DEATHTOUCHED = "deathtouched"
    DECLINED = "declined"
    DELAYED_TRIGGER = "delayed trigger"
    DESTROYED = "destroyed"
    DISCARDED = "discarded"
    DOUBLE_POWER = "double power"
    DREW_FROM_EMPTY = "drew_from_empty"
    EFFECTS = "effects"
    EFFECTS_END = "effects end"
    EFFECT_ENDS = "effect ends"
    EMPTY_LIBRARY = "empty library"
    ENTERS_ATTACKING = "enters attacking"
    ENTERS_WITH = "enters with"
    FIGHT = "fight"
    FIRST_STRIKE = "first strike"
    FIZZLES = "fizzles"
    GAME_OVER = "game over"
    GRAVEYARD_CHOSEN = "graveyard chosen"
    IF_CHECK = "if check"
    ILLEGAL_TARGET = "illegal target"
    INDESTRUCTIBLE = "indestructible"
    KEYWORDS = "keywords"
    LANDS_PLAYED = "lands played"
    LAST_KNOWN = "last known"
    LEAVES = "leaves"
    LEFT_THE_GAME = "left the game"
    LIFE = "life"
    LIFELINK = "lifelink"
    LIBRARY_ORDER = "library order"
    LOOK = "look"
    LOST = "lost"
    LOYALTY = "loyalty"
    LOYALTY_ACTIVATED = "loyalty activated"
    MANA_ADDED = "mana added"
    MANA_EMPTIED = "mana emptied"
    MANA_SPENT = "mana spent"
    MELEE = "melee"
    MOVE_REPLACED = "move replaced"
    NONCOMBAT_DAMAGE = "noncombat damage"
    NOTHING = "nothing"
    NOTHING_HAPPENS = "nothing happens"
    NOTHING_TO_SACRIFICE = "nothing to sacrifice"
    NOT_ATTACKING = "not attacking"
    NO_ATTACKERS = "no attackers"
    NO_BLOCKERS = "no blockers"
    NO_COMBAT = "no combat"
    NO_DAMAGE = "no damage"
    NO_FIGHT = "no fight"
    NO_GRAVEYARD = "no graveyard"
    NO_MANA = "no mana"
    NO_MODE = "no mode"
    NO_TARGET = "no target"
    ON_STACK = "on stack"
    OWNER = "owner"
    PASS = "pass"
    PASSES = "passes"
    PENDING = "pending"
    POOL = "pool"
    PREVENTION = "prevention"
    PRIORITY = "priority"
    PT = "P/T"
    REFUSED = "refused"
    REVEAL = "reveal"
    REMOVED_FROM_COMBAT = "removed from combat"
    REQUIREMENT = "requirement"
    RESOLVES = "resolves"
    SACRIFICE_CHOSEN = "sacrifice chosen"
    SCRY = "scry"
    SEARCH = "search"
    SHUFFLE = "shuffle"
    STACK = "stack"
    STATE_BASED_ACTION = "state-based action"
    STEP = "step"
    STEP_BEGINS = "step begins"
    STEP_SKIPPED = "step skipped"
    TAPPED = "tapped"
    TAPPED_FOR_MANA = "tapped for mana"
    TRAMPLE = "trample"
    TRIGGER = "trigger"
    TRIGGER_GONE = "trigger gone"
    TRIGGER_ORDER = "trigger order"
    TURN = "turn"
    TURN_BEGAN = "turn began"
    TYPES = "types"
    UNBLOCKED = "unblocked"
    UNDEATHTOUCH = "undeathtouch"
    ZONE = "zone"
    ZONE_CHANGE = "zone change"


def event_kind(kind: EventKind | str) -> EventKind:
    """The member for a kind given as text, so code that passes a kind along (an attribute's
    name, a caller's argument) converts it once; an unknown kind fails here, by name."""
    if type(kind) is EventKind:
        return kind
    try:
        return _KINDS[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown event kind {kind!r}: add it to EventKind") from None


@dataclass(frozen=True)
class Event:
    """One change. ``obj`` is an object id (int), a player's name (str) or ``None`` for the game."""

    kind: EventKind
    obj: int | str | None
    name: str
    attribute: str
    before: Any
    after: Any
    rule: str
    text: str = ""

    def __post_init__(self) -> None:
        if type(self.kind) is EventKind:  # already checked: the engine passes members
            return
        object.__setattr__(self, "kind", event_kind(self.kind))

    @property
    def oid(self) -> int:
        """The id of the object the event is about, typed as one: for code that reads an event of a
        kind that is always about an object (a zone change, an attack). An event about a player or
        the game has none, so asking it is the caller's mistake and raises TypeError."""
        if not isinstance(self.obj, int):
            raise TypeError(f"a {self.kind!s} event about {self.obj!r} names no object")
        return self.obj

    def describe(self) -> str:
        """A short sentence for narration: the text if given, else a generic one."""
        if self.text:
            return f"{self.plain()} ({self.rule})"
        return f"{self.name}: {self.attribute} {self.before!r} → {self.after!r} ({self.rule})"

    def plain(self) -> str:
        """The sentence without its rule and final stop, starting with a capital letter, so
        views can add the rule once in their own style."""
        text = self.text.strip().rstrip(".").strip()
        suffix = f"({self.rule})"
        if text.endswith(suffix):
            text = text[: -len(suffix)].rstrip(" .;,")
        return text[:1].upper() + text[1:]


_KINDS: dict[str, EventKind] = {k.value: k for k in EventKind}
"""Each kind by its text: a dictionary look-up is much cheaper than calling ``EventKind(text)``."""


def recorded(kind: EventKind, obj: int | str | None, name: str, attribute: str, before: Any, after: Any,
             rule: str, text: str = "") -> Event:
    """An event the draft records, made without the dataclass's own ``__init__``: ``kind`` is
    already a member (the draft converts it once), and a draft records several events per action,
    so this is the engine's most frequent allocation. The result equals ``Event(...)``."""
    event = object.__new__(Event)
    event.__dict__.update(kind=kind, obj=obj, name=name, attribute=attribute, before=before, after=after,
                          rule=rule, text=text)
    return event

