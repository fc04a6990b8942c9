"""The game state as an immutable value, and the draft the engine edits while applying an action.

``GameState`` never changes. The engine copies it into a :class:`Draft`, records an
:class:`~mtgrules.core.events.Event` for every edit, and freezes the draft into a new state. If an
action turns out to be illegal the draft is simply dropped, so the caller's state is untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from mtgrules.core.errors import NotInGame
from mtgrules.core.events import Event, EventKind, event_kind, recorded
from mtgrules.core.objects import GameObject, ObjRef, Player, StackItem, Zone
from mtgrules.core.regeneration import RegenerationShield
from mtgrules.core.triggers import DelayedTrigger, PendingTrigger
from mtgrules.core.turns import Step

if TYPE_CHECKING:
    from mtgrules.core.combat import Combat
    from mtgrules.core.effects import Chars, Effect
    from mtgrules.core.prevention import Prevention

T = TypeVar("T")
A = TypeVar("A", bound=Hashable)
_UNCHECKED: Any = object()  # no value (GameState.cached) or no check (GameState.checked) on this state yet


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. Compare two states with ``==``."""

    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    turn: int = 1
    active: str = ""
    step: Step = Step.MAIN1
    priority: str | None = None
    passes: int = 0
    stack: tuple[StackItem, ...] = ()
    effects: tuple[Effect, ...] = ()
    pending: tuple[PendingTrigger, ...] = ()  # triggered, not yet on the stack (603.3)
    next_id: int = 1
    timestamp: int = 1
    game_format: str = "two-player"
    seed: int = 0
    combat: Combat | None = None  # the combat phase's record, None outside combat (506)
    prevention: tuple[Prevention, ...] = ()  # prevention effects from resolved spells and abilities (615)
    delayed: tuple[DelayedTrigger, ...] = ()  # delayed triggered abilities waiting for their event (603.7)
    regeneration: tuple[RegenerationShield, ...] = ()  # regeneration shields from resolved effects (701.19a)
    _cache: dict[Hashable, Any] = field(default_factory=dict, init=False, compare=False, repr=False, hash=False)

    # ---- lookups
    def obj(self, oid: int) -> GameObject:
        index: dict[int, GameObject] | None = self._cache.get("index")
        if index is None:
            index = self._cache["index"] = {o.oid: o for o in self.objects}
        try:
            return index[oid]
        except KeyError:
            if isinstance(oid, ObjRef):  # a reference where its id is meant: it exists, say how to ask
                raise NotInGame(f"{oid} is an object reference, not an id: ask for {oid.oid} (the reference's "
                               ".oid)") from None
            raise NotInGame(f"no object with id {oid!r:.40} in this game") from None

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise NotInGame(f"no player named {name!r:.40} in this game; the players are "
                        f"{', '.join(p.name for p in self.players)}")

    def resolve_ref(self, ref: ObjRef) -> GameObject | None:
        """The object a reference points to, or None if it has since changed zones (400.7)."""
        try:
            o = self.obj(ref.oid)
        except KeyError:
            return None
        return o if o.zcc == ref.zcc else None

    def in_zone(self, zone: Zone, player: str | None = None) -> list[GameObject]:
        """Objects in a zone, in order (bottom/oldest first), optionally one player's zone. The
        order is kept by id, so a state whose objects only changed status reads it again."""
        lists: dict[tuple[Zone, str | None], tuple[GameObject, ...]] = self._part("zone")
        found = lists.get((zone, player))
        if found is None:
            orders: dict[tuple[Zone, str | None], tuple[int, ...]] | None = self._cache.get("zone ids")
            if orders is None:
                orders = self._cache["zone ids"] = _zone_orders(self.objects)
            found = lists[(zone, player)] = tuple(map(self.obj, orders.get((zone, player), ())))
        return list(found)

    def battlefield(self, controller: str | None = None) -> list[GameObject]:
        lists: dict[str | None, tuple[GameObject, ...]] = self._part("battlefield")
        found = lists.get(controller)
        if found is None:
            found = lists[controller] = tuple(self.in_zone(Zone.BATTLEFIELD) if controller is None else
                                              [o for o in self.in_zone(Zone.BATTLEFIELD) if o.controller == controller])
        return list(found)

    def _part(self, name: str) -> dict[Any, Any]:
        """A cache entry that holds one value per key (zone lists by zone and player): one entry, so
        a new state that keeps it keeps them all (and shares what either adds: the same inputs)."""
        part: dict[Any, Any] | None = self._cache.get(name)
        if part is None:
            part = self._cache[name] = {}
        return part

    @property
    def player_names(self) -> list[str]:
        """The players' names in turn order (one list per state: don't change it)."""
        names = self._cache.get("player names")
        if names is None:
            names = self._cache["player names"] = [p.name for p in self.players]
        return names

    def opponents(self, name: str) -> list[str]:
        """Players on other teams who are still in the game (102.2, 102.3)."""
        team = self.player(name).team
        return [p.name for p in self.players if p.team != team and not p.lost]

    def view(self) -> GameState:
        """The state itself: a state reads like a draft with no edits, so a rule that only reads
        (a step-skip rule) can be asked about a state without copying it into a draft."""
        return self

    def cached(self, key: Hashable, compute: Callable[[], T]) -> T:
        """Memoise a derived value on this (immutable) state."""
        value: T = self._cache.get(key, _UNCHECKED)  # one lookup: the engine asks this on every step
        if value is _UNCHECKED:
            value = self._cache[key] = compute()
        return value

    def checked(self, kind: str, action: A, check: Callable[[GameState, A], T]) -> T:
        """Memoise what ``check(self, action)`` found on this state (a refusal is raised each time
        and not kept): ``legal_actions`` checks every candidate, and ``apply`` then finds the
        check of the one chosen already done. An action holding a list of scripted answers
        can't be a key, and is simply checked again."""
        checks: dict[Hashable, Any] | None = self._cache.get("checks")  # one entry, however many checks
        if checks is None:
            checks = self._cache["checks"] = {}
        key = (kind, action)
        try:
            found: T = checks.get(key, _UNCHECKED)
        except TypeError:
            return check(self, action)
        if found is _UNCHECKED:  # most checks are asked once (a raised KeyError costs more than this)
            found = checks[key] = check(self, action)
        return found

    # ---- Jupyter display: the views need pandas, so they load only when asked
    def _repr_html_(self) -> str:
        """A state shows as its table under a one-line summary. It has no ``_repr_png_``: Jupyter
        works out every format an object offers each time it is shown, so a state showed its
        table *and* drew its board picture (0.8 s the first time in a kernel, 45 ms after, and a
        47 KB PNG kept in the notebook that JupyterLab never showed, as it shows the HTML). The
        picture is drawn when asked for: ``board(state)`` in a lesson, ``board_png(state)``."""
        from mtgrules.views import state_html
        return state_html(self)


# Attributes the engine keeps for its own book-keeping; a learner never needs an event for them.
BOOKKEEPING = frozenset({"zcc", "seq", "timestamp", "control_since", "spell_x", "zone_player", "loyalty_turn",
                         "activated_on", "own_controller"})


def _zone_orders(objects: tuple[GameObject, ...]) -> dict[tuple[Zone, str | None], tuple[int, ...]]:
    """The ids in every zone, whole and per player, each in order (by ``seq``): worked out in one
    pass over the objects, as the engine asks for several zones of each state it makes."""
    groups: dict[tuple[Zone, str | None], list[int]] = {}
    for o in sorted(objects, key=_BY_SEQ):
        zone, oid = o.zone, o.oid
        ids = groups.get((zone, None))
        if ids is None:
            ids = groups[(zone, None)] = []
        ids.append(oid)
        player = o.zone_player
        if player is not None:
            ids = groups.get((zone, player))
            if ids is None:
                ids = groups[(zone, player)] = []
            ids.append(oid)
    return {key: tuple(ids) for key, ids in groups.items()}


_BY_SEQ = attrgetter("seq")


# ---------------------------------------------------------------- derived values a new state may keep
# The inputs a derived value can read: "objects" (which objects there are, their cards, zones,
# controllers and order), each status attribute of an object ("tapped", "damage", "counters", ...),
# "players" (who plays, their life and standing), "pool" (their mana), and each other field of the
# state. Fields that only say whose move it is (or number new objects and effects) change at every
# pass; no characteristic, zone list or trigger listener reads them.
STATUS = frozenset({"tapped", "damage", "deathtouched", "counters", "chosen", "spell_x"})
OBJECTS = frozenset({"objects", *STATUS})  # for a value that holds the objects themselves
PLAYERS = frozenset({"players", "pool"})  # for a value that holds the players themselves
PRIORITY_FIELDS = frozenset({"priority", "passes", "pending", "next_id", "timestamp"})
KeepRule = Callable[["GameState", frozenset[str]], bool]
_DERIVED_FROM: dict[Hashable, tuple[frozenset[str], KeepRule | None]] = {}


def derived_from(name: str, inputs: frozenset[str] | None = None, keep_if: KeepRule | None = None) -> None:
    """Declare what the cached value ``name`` (a plain key of :meth:`GameState.cached`; a family of
    values lives in one entry, as the zone lists do) is computed from: ``objects``, a status attribute, ``players``, ``pool`` or
    other field names; None means every input but :data:`PRIORITY_FIELDS`. A state a draft makes
    keeps the values of its previous state whose inputs the draft's edits left alone (the engine
    makes several states per action, most after a pass or after tapping one permanent), and those
    for which ``keep_if(previous state, edited inputs)`` says the edits can't change them. A value
    that holds objects (not their ids) must declare :data:`OBJECTS`, as an object with a new
    status is a new value. Undeclared values never carry over."""
    _DERIVED_FROM[name] = (_all_inputs() - PRIORITY_FIELDS if inputs is None else inputs, keep_if)


def _all_inputs() -> frozenset[str]:
    return frozenset({*OBJECTS, *PLAYERS, *_scalar_names()})


def _carry_over(old: GameState, new: GameState, edited: set[str]) -> None:
    """Copy into ``new``'s cache the declared values of ``old`` whose inputs weren't ``edited``
    (or whose keep rule says the edits leave them as they are)."""
    done = frozenset(edited)
    kept = _KEPT.get(done)
    if kept is None or kept[0] != len(_DERIVED_FROM):
        kept = _KEPT[done] = (len(_DERIVED_FROM), frozenset(
            name for name, (inputs, _) in _DERIVED_FROM.items() if inputs.isdisjoint(edited)), {
            name: rule for name, (inputs, rule) in _DERIVED_FROM.items()
            if rule is not None and not inputs.isdisjoint(edited)})
    _, names, rules = kept
    was, cache = old._cache, new._cache
    asked: dict[KeepRule, bool] = {}  # values sharing a rule ask it once
    for name, rule in rules.items():  # asked first, as a keep rule may fill old's cache as it asks
        if name in was:
            if rule not in asked:
                asked[rule] = rule(old, done)
            if asked[rule]:
                cache[name] = was[name]
    for name in names:
        if name in was:
            cache[name] = was[name]


_KEPT: dict[frozenset[str], tuple[int, frozenset[Hashable], dict[Hashable, KeepRule]]] = {}
"""Per set of edited inputs: the declared names that survive it, and those whose keep rule must
be asked (with the count of declarations it was worked out from, so a later one is seen)."""


derived_from("index", OBJECTS)
derived_from("zone", OBJECTS)
derived_from("zone ids", frozenset({"objects"}))
derived_from("battlefield", OBJECTS)
derived_from("player names", frozenset({"players"}))  # names, not players: mana in a pool keeps it


def _scalar_names() -> tuple[str, ...]:
    """The fields of a state other than its players, objects and cache (read once)."""
    global _SCALARS
    if _SCALARS is None:
        _SCALARS = tuple(f.name for f in fields(GameState) if f.name not in ("players", "objects", "_cache"))
    return _SCALARS


_SCALARS: tuple[str, ...] | None = None


R = TypeVar("R")
_FIELDS: dict[type, frozenset[str]] = {}


def with_changes(old: R, changes: dict[str, Any]) -> R:
    """``dataclasses.replace`` for the engine's records and characteristics, which have no
    ``__post_init__``: the same result (unknown fields refused alike) at a third of the cost, as the
    engine edits records several times per action and each layer edits characteristics."""
    cls = type(old)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    new = object.__new__(cls)
    new.__dict__.update(old.__dict__)
    new.__dict__.update(changes)
    return new


class Draft:
    """A mutable working copy of a state. Every edit records an event naming its rule."""

    def __init__(self, state: GameState) -> None:
        self.base = state
        index = state._cache.get("index")  # a copy of the state's own index costs least
        self.objects: dict[int, GameObject] = dict(index) if index is not None else {o.oid: o for o in state.objects}
        self.players: dict[str, Player] = {p.name: p for p in state.players}
        self.scalars: dict[str, Any] = dict(state.__dict__)  # every field but these three, copied at C speed
        del self.scalars["players"], self.scalars["objects"], self.scalars["_cache"]
        self.events: list[Event] = []
        self._frozen: GameState | None = state
        self._last = state  # the newest state made from this draft (or the one it started from)
        self._edited: set[str] = set()  # what changed since then, as derived_from names its inputs
        # Filled by ``one_event``: for each event recorded inside one, the id() of its first event
        # (``events`` only grows, so an event's id() names it for the draft's life).
        self.together: dict[int, int] = {}
        # Filled by ``remove_object``: each object that left the game, as it was just before it did.
        self.gone: dict[int, GameObject] = {}
        # Filled by ``rules.look_back.keep_last_known``: by (id, zone-change count), the
        # characteristics of a permanent as it left the battlefield, when something will read them.
        self.last_known_chars: dict[tuple[int, int], Chars] = {}

    # Set by ``rules.triggers``: how many of ``events`` have been checked for triggers (none until set).
    trigger_cursor: int
    # Set by ``rules.engine``: the action's chooser, for a choice a rule deep in a move asks (the
    # order of replacement effects, 616.1); read with ``getattr(d, "chooser", None)``.
    chooser: Any

    # ---- reading
    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["scalars"][name]
        except KeyError:
            raise AttributeError(name) from None

    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def player(self, name: str) -> Player:
        return self.players[name]

    def view(self) -> GameState:
        """The draft as a state, for reading computed characteristics mid-action."""
        if self._frozen is None:
            ids = list(self.objects)  # in id order unless the state it began from wasn't
            ordered = ids == sorted(ids)
            objects = tuple(self.objects.values()) if ordered else tuple(self.objects[k] for k in sorted(ids))
            new = object.__new__(GameState)  # every field set here, as the dataclass would
            new.__dict__.update(self.scalars, players=tuple(self.players.values()), objects=objects,
                                _cache={"index": dict(self.objects)})
            _carry_over(self._last, new, self._edited)
            self._frozen = self._last = new
            self._edited = set()
        return self._frozen

    freeze = view

    def latest(self) -> tuple[GameState, frozenset[str]]:
        """The newest state made from this draft, and what has been edited since (nothing, if it
        is the current view): a reader that can tell those edits don't matter to it reads that
        state instead of having a new one made."""
        if self._frozen is not None:
            return self._frozen, frozenset()
        return self._last, frozenset(self._edited)

    # ---- writing
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def note(self, kind: EventKind | str, text: str, rule: str, obj: int | str | None = None, name: str = "") -> None:
        """An event that changes nothing but explains a step (a check, a trigger, a refusal)."""
        self.emit(recorded(event_kind(kind), obj, name, "", None, None, rule, text))

    def set_scalar(self, rule: str, text: str = "", **changes: Any) -> None:
        for key, value in changes.items():
            before = self.scalars[key]
            if before != value:
                self.scalars[key] = value
                self._frozen = None
                self._edited.add(key)
                if key not in ("passes", "next_id", "timestamp", "pending", "effects", "stack", "combat", "prevention",
                               "delayed", "regeneration"):
                    self.emit(recorded(event_kind(key), None, "game", key, before, value, rule, text))
                    text = ""  # one sentence for the whole change, on its first event

    def new_id(self) -> int:
        oid: int = self.scalars["next_id"]
        self.scalars["next_id"] = oid + 1
        self._frozen = None
        self._edited.add("next_id")
        return oid

    def new_timestamp(self) -> int:
        ts: int = self.scalars["timestamp"]
        self.scalars["timestamp"] = ts + 1
        self._frozen = None
        self._edited.add("timestamp")
        return ts

    def update(self, oid: int, rule: str, text: str = "", kind: EventKind | str = "", **changes: Any) -> GameObject:
        """Change attributes of an object, recording one event per attribute that changed."""
        old = self.objects[oid]
        self.objects[oid] = self._changed(old, oid, old.card, rule, text, kind, changes, "objects")
        return self.objects[oid]

    def update_player(self, name: str, rule: str, text: str = "", kind: EventKind | str = "", **changes: Any) -> Player:
        """Change attributes of a player (life, pool, ...), one event per attribute that changed."""
        self.players[name] = self._changed(self.players[name], name, name, rule, text, kind, changes, "players")
        return self.players[name]

    def _changed(self, old: Any, key: int | str, name: str, rule: str, text: str, kind: EventKind | str,
                 changes: dict[str, Any], part: str) -> Any:
        """The edited record; book-keeping fields change silently, and only the first event
        carries the sentence, so the narration says each change once. An edit that changes
        nothing keeps the record (and the states made so far) as they are."""
        changed = False
        for attr, value in changes.items():
            before = getattr(old, attr)
            if before != value:
                changed = True
                if part == "objects":
                    self._edited.add(attr if attr in STATUS else "objects")
                else:
                    self._edited.add("pool" if attr == "pool" else "players")
                if attr not in BOOKKEEPING:
                    self.emit(recorded(event_kind(kind or attr), key, name, attr, before, value, rule, text))
                    text = ""
        if not changed:
            return old
        self._frozen = None
        return with_changes(old, changes)

    def add_object(self, obj: GameObject, rule: str, text: str) -> None:
        self.objects[obj.oid] = obj
        self._frozen = None
        self._edited.update(OBJECTS)
        self.emit(recorded(EventKind.CREATED, obj.oid, obj.card, "zone", None, obj.zone.value, rule, text))

    def remove_object(self, oid: int, rule: str, text: str, kind: EventKind | str = "left the game") -> None:
        """The object leaves the game altogether: a player leaving a multiplayer game takes the
        objects they own with them (800.4a); a token off the battlefield ceases to exist (704.5d)."""
        obj = self.objects.pop(oid)
        self._frozen = None
        self._edited.update(OBJECTS)
        self.gone[oid] = obj  # its last known information (603.10a, 608.2h)
        self.emit(recorded(event_kind(kind), oid, obj.card, "zone", obj.zone.value, "outside the game", rule, text))

    @contextmanager
    def one_event(self) -> Iterator[None]:
        """The moves recorded inside happen at the same time, as one event ("put two creature cards
        onto the battlefield", "create two tokens"): the kit records them one by one, and triggers
        are checked with the permanents there after the whole event (603.6a: "including the
        newcomers", 603.10). Moves recorded outside it are each an event of their own (608.2c)."""
        start = len(self.events)
        yield
        inside = self.events[start:]
        if inside:
            together = self.together
            for ev in inside:
                together[id(ev)] = id(inside[0])

    def next_seq(self, zone: Zone) -> int:
        return 1 + max((o.seq for o in self.objects.values() if o.zone is zone), default=0)

    def push(self, item: StackItem) -> None:
        self.set_scalar("405.1", stack=self.scalars["stack"] + (item,))
