"""Leaves-the-battlefield triggers, which "look back in time" (603.6c, 603.10a).

A permanent that has just left the battlefield is a new object in its new zone (400.7), so its
own "when this creature dies" ability can't be found by looking at the battlefield after the
event. Instead the event is checked against the object as it last existed on the battlefield:
its last known information (608.2h), read back from the zone-change events themselves. A move
records one event per attribute it resets (zone, tapped, counters, damage, controller...), each
with its value before the move, so those events say exactly how the object looked as it left.

A triggered ability that looks back sets ``looks_back=True``; :func:`dies` is the ``matches`` of
"when this creature dies" (700.4: put into a graveyard from the battlefield). The trigger carries
the last known object as ``("last known", obj)`` so its effect can count, say, the +1/+1
counters the permanent had (608.2h), whatever happened to the card since.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from mtgrules.core.abilities import TriggerData, TriggeredAbility
from mtgrules.core.carddef import card
from mtgrules.core.effects import Chars
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import GameObject, ObjRef, Zone
from mtgrules.core.state import Draft, GameState, with_changes
from mtgrules.rules.layers import characteristics, characteristics_alone

LAST_KNOWN = "last known"
"""The key of a look-back trigger's data that holds the object as it last existed (608.2h)."""

LAST_KNOWN_CHARS = "last known characteristics"
"""The key of an ability's data that holds its source's characteristics as the source last
existed on the battlefield (608.2h), kept as the source left: its power, its keywords (a granted
deathtouch, 702.2e; lifelink, 702.15c) and the rest, as every effect then in force made them."""


def is_leaving(ev: Event) -> bool:
    """A permanent moving from the battlefield to another zone, or leaving the game because its
    owner left the game (603.6c, 800.4a)."""
    return (ev.kind in (EventKind.ZONE_CHANGE, EventKind.LEFT_THE_GAME) and ev.attribute == "zone"
            and isinstance(ev.obj, int) and ev.before == Zone.BATTLEFIELD and ev.after != Zone.BATTLEFIELD)


_is_leaving = is_leaving


NOTHING_GONE: Mapping[int, GameObject] = {}


def last_known(state: GameState, events: Sequence[Event], i: int,
               gone: Mapping[int, GameObject] = NOTHING_GONE) -> GameObject | None:
    """The object as it last existed on the battlefield, if ``events[i]`` is it leaving; else None.

    The events right after ``events[i]`` with the same object and kind are the rest of the same
    move, each holding an attribute's value before it. An attribute the move didn't change kept
    its value, which the object still has unless it has moved again since. An object no longer in
    the game is read from ``gone`` (the draft's objects that left the game, as each was then): one
    that left straight from the battlefield with its owner (800.4a) was there just as it is kept."""
    ev = events[i]
    if not _is_leaving(ev) or not isinstance(ev.obj, int):
        return None
    try:
        now = state.obj(ev.obj)
    except KeyError:  # it has left the game since (its owner left; a token ceased to exist)
        was = gone.get(ev.obj)
        if was is None:
            return None
        if ev.kind is EventKind.LEFT_THE_GAME:
            return was
        now = was
    before: dict[str, Any] = {"zone": Zone.BATTLEFIELD, "zone_player": None, "zcc": max(now.zcc - 1, 0)}
    for later in events[i + 1:]:
        if later.obj != ev.obj or later.kind is not EventKind.ZONE_CHANGE or later.attribute == "zone":
            break
        if later.attribute in {"tapped", "counters", "damage", "chosen", "controller", "attached_to"}:
            before[later.attribute] = later.before
    return replace(now, **before)


def keep_last_known(d: Draft, leaving: GameObject) -> None:
    """``leaving`` is about to leave the battlefield: every ability on the stack or waiting to go
    there whose source it is keeps the source as it is now, with its characteristics (113.7a: the
    ability exists independently of its source; 608.2h: it uses the source's last known
    information), and so does the draft, for the source's own look-back triggers, which are
    made once the move is done. Characteristics are worked out only when something will read
    them (an ability of this source, or a look-back ability of its own), so a board wipe of
    10,000 tokens costs nothing here."""
    ref = leaving.ref
    on_stack = [i for i, item in enumerate(d.stack) if item.kind != "spell" and item.source == ref]
    waiting = [i for i, p in enumerate(d.pending) if p.source == ref]
    looks_back = any(isinstance(ab, TriggeredAbility) and ab.looks_back for ab in card(leaving.card).abilities)
    if not on_stack and not waiting and not looks_back:
        return
    chars = characteristics(d.view(), leaving.oid)
    d.last_known_chars[(leaving.oid, leaving.zcc)] = chars
    kept = ((LAST_KNOWN, leaving), (LAST_KNOWN_CHARS, chars))
    if on_stack:
        stack = list(d.stack)
        for i in on_stack:
            stack[i] = with_changes(stack[i], {"data": _with_data(stack[i].data, kept)})
        d.set_scalar("113.7a", stack=tuple(stack))
    if waiting:
        pending = list(d.pending)
        for i in waiting:
            pending[i] = with_changes(pending[i], {"data": _with_data(pending[i].data, kept)})
        d.set_scalar("113.7a", pending=tuple(pending))


def _with_data(data: tuple[tuple[str, object], ...], kept: tuple[tuple[str, object], ...]) -> tuple[tuple[str, object], ...]:
    keys = {k for k, _ in kept}
    return tuple(pair for pair in data if pair[0] not in keys) + kept


def last_known_characteristics(state: GameState, ref: ObjRef, data: Sequence[tuple[str, object]] = (),
                               events: Sequence[Event] = (), gone: Mapping[int, GameObject] = NOTHING_GONE,
                               kept: Mapping[tuple[int, int], Chars] | None = None) -> Chars | None:
    """The characteristics of the permanent ``ref`` names as it last existed on the battlefield
    (608.2h): its current ones if it is still there as that object; those kept as it left
    (``data`` of an ability whose source it is, ``kept`` of the draft it left in); else worked
    out again from the object as it last was (a look-back trigger's ``("last known", obj)``, or
    the zone-change events of ``events``) with the effects in force now, which still hold
    every effect that was locked to it (611.2c). None if it was never on the battlefield as
    that object, as far as these say."""
    now = state.resolve_ref(ref)
    if now is not None and now.zone is Zone.BATTLEFIELD:
        return characteristics(state, ref.oid)
    held = dict(data)
    chars = held.get(LAST_KNOWN_CHARS)
    was = held.get(LAST_KNOWN)
    if isinstance(chars, Chars) and isinstance(was, GameObject) and was.ref == ref:
        return chars
    if kept is not None and (ref.oid, ref.zcc) in kept:
        return kept[(ref.oid, ref.zcc)]
    if not (isinstance(was, GameObject) and was.ref == ref):
        was = next((lki for i in range(len(events) - 1, -1, -1)
                    if events[i].obj == ref.oid and (lki := last_known(state, events, i, gone)) is not None
                    and lki.ref == ref), None)
    if not isinstance(was, GameObject):
        return None
    # the object put back as it was, in a state made to ask this one question
    objects = tuple(was if o.oid == was.oid else o for o in state.objects)
    if was.oid not in {o.oid for o in state.objects}:
        objects += (was,)
    return characteristics_alone(with_changes(state, {"objects": objects, "_cache": {}}), was.oid)


def look_back_sources(state: GameState, events: Sequence[Event], i: int,
                      gone: Mapping[int, GameObject] = NOTHING_GONE) -> Iterator[tuple[GameObject, int, TriggeredAbility]]:
    """(last known object, ability index, ability) for each look-back ability of the permanent
    that ``events[i]`` takes off the battlefield (603.10a)."""
    lki = last_known(state, events, i, gone)
    if lki is None:
        return
    for index, ab in enumerate(card(lki.card).abilities):
        if isinstance(ab, TriggeredAbility) and ab.looks_back and not ab.is_mana:
            yield lki, index, ab


def is_entering(ev: Event) -> bool:
    """A permanent arriving on the battlefield: moved there from another zone, or a token created
    there (111.2)."""
    return (ev.kind in (EventKind.ZONE_CHANGE, EventKind.CREATED) and ev.attribute == "zone"
            and isinstance(ev.obj, int) and ev.after == Zone.BATTLEFIELD and ev.before != Zone.BATTLEFIELD)


Watcher = tuple[GameObject, int, TriggeredAbility, int]
"""(object, ability index, ability, since): the watcher hears a permanent leave only in the
events after index ``since`` of the group (-1: it was on the battlefield before the group)."""


def look_back_watchers(state: GameState, events: Sequence[Event], gone: Mapping[int, GameObject] = NOTHING_GONE,
                       moments: Sequence[int] | None = None) -> list[Watcher]:
    """Every look-back ability that can hear a permanent leave in ``events``, with the index of
    the event from which on it can: those of the permanents on the battlefield, and those of the
    permanents that left it among these events, as they last existed (603.10a: "whenever a
    creature dies" on an artifact destroyed together with two creatures triggers twice). Empty if
    nothing left.

    The kit records a resolving spell's moves one by one; the permanents that leave among events
    checked together (one spell's or ability's resolution, one check of state-based actions) are
    treated as leaving at the same time, so one that left among them still sees the others leave.
    A look-back ability exists only if its permanent was on the battlefield immediately before
    the event (603.10): a permanent that entered during the group sees only the permanents that
    leave after it entered, not one that died earlier in the same resolution (608.2c: the
    instructions happen in order) nor one leaving as it enters. ``since`` is the moment it entered:
    ``moments[k]`` is the first event of the one event ``events[k]`` belongs to (moves recorded
    inside ``Draft.one_event``), else ``k``; an effect that moves permanents onto and off the
    battlefield at the same time without ``one_event`` records the leaving first."""
    entered: dict[int, int] = {}
    left: dict[int, tuple[GameObject, int]] = {}
    anything_left = False
    for k, ev in enumerate(events):
        if is_entering(ev) and isinstance(ev.obj, int):
            entered[ev.obj] = k if moments is None else moments[k]
        elif _is_leaving(ev):
            anything_left = True
            lki = last_known(state, events, k, gone)
            if lki is not None and lki.oid not in left:
                # it saw the leaves of the group unless it entered during the group itself
                left[lki.oid] = (lki, entered.get(lki.oid, -1))
    if not anything_left:
        return []
    watchers = [*left.values(), *((o, entered.get(o.oid, -1)) for o in state.battlefield() if o.oid not in left)]
    return [(w, index, ab, since) for w, since in watchers for index, ab in enumerate(card(w.card).abilities)
            if isinstance(ab, TriggeredAbility) and ab.looks_back and not ab.is_mana]


def trigger_source(state: GameState, oid: int, data: Sequence[tuple[str, object]]) -> GameObject:
    """A trigger's or an activated ability's source object; for one whose source has ceased to
    exist since (a token that died or was exiled, 111.7, 704.5d), the object as it last existed,
    which the ability carries (113.7a: it exists on the stack independently of its source)."""
    try:
        return state.obj(oid)
    except KeyError:
        was = dict(data).get(LAST_KNOWN)
        if isinstance(was, GameObject) and was.oid == oid:
            return was
        raise


def dies(state: GameState, source: GameObject, ev: Event) -> bool | list[TriggerData]:
    """"When this creature dies" (700.4): this object went from the battlefield to a graveyard.
    ``source`` is the object as it last existed; the trigger carries it (608.2h)."""
    if ev.obj != source.oid or not _is_leaving(ev) or ev.after != Zone.GRAVEYARD:
        return False
    return [((LAST_KNOWN, source),)]
