"""Delayed triggered abilities (603.7): "Sacrifice them at the beginning of the next end step."

A resolving spell or ability makes one (603.7a) with :func:`create_delayed`. It waits in
``GameState.delayed`` and hears only what happens after it was made (603.7a); the next time its
event happens it triggers (603.2) and, having no stated duration, is gone (603.7b). It then waits
to go on the stack like any other trigger (603.3), carrying its ability, since no card prints it
(``triggers.CARRIED``).

Its source is the source of the spell or ability that made it, and its controller whoever
controlled that as it resolved (603.7d, 603.7e). An object it names that has left the zone it
was expected in is a new object it doesn't affect (603.7c, 400.7): :func:`still_there`.
"""

from __future__ import annotations

from mtgrules.core.abilities import Resolution, TriggeredAbility
from mtgrules.core.carddef import card
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.triggers import DelayedTrigger, PendingTrigger
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.look_back import LAST_KNOWN, trigger_source
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.triggers import CARRIED

OBJECTS = "objects"
"""The key of a delayed trigger's data that holds the objects it names ("them"), as references."""


def create_delayed(d: Draft, ability: TriggeredAbility, source: GameObject, controller: str, why: str,
                   data: tuple[tuple[str, object], ...] = ()) -> DelayedTrigger:
    """Make a delayed triggered ability as a spell or ability resolves (603.7a): ``source`` is
    that spell's or ability's source (603.7d, 603.7e), ``controller`` its controller."""
    made = DelayedTrigger(d.new_id(), ability, source.ref, controller, ((LAST_KNOWN, source), *data))
    d.set_scalar("603.7a", delayed=d.delayed + (made,))
    d.emit(Event(EventKind.DELAYED_TRIGGER, source.oid, card(source.card).name, "delayed", None, made.did, "603.7a",
                 f"{why}: a delayed triggered ability waits: “{ability.text}”"))
    return made


def _made_at(d: Draft) -> dict[int, int]:
    """For each delayed trigger this draft made, the index of the event that made it."""
    return {ev.after: k for k, ev in enumerate(d.events)
            if ev.kind is EventKind.DELAYED_TRIGGER and isinstance(ev.after, int)}


def hear(d: Draft, events: list[Event]) -> None:
    """``hooks.TRIGGER_SOURCES``: each waiting delayed trigger whose event is among ``events``,
    and happened after it was made (603.7a), triggers; one that triggers only once is gone (603.7b)."""
    if not d.delayed:
        return
    made = _made_at(d)
    index = {id(ev): k for k, ev in enumerate(d.events)}
    pending = list(d.pending)
    waiting = list(d.delayed)
    for ev in events:
        at = index.get(id(ev), -1)
        for dt in list(waiting):
            ab = dt.ability
            assert isinstance(ab, TriggeredAbility)
            if ev.kind != ab.event or made.get(dt.did, -1) >= at:
                continue
            state = d.view()
            src = trigger_source(state, dt.source.oid, dt.data)
            result = ab.matches(state, src, ev)
            if not result:
                continue
            for extra in [()] if result is True else result:
                pending.append(PendingTrigger(dt.source, -1, dt.controller, (*dt.data, *extra, (CARRIED, ab))))
            d.note(EventKind.TRIGGER, f"{card(src.card).name}'s delayed triggered ability triggers: {ab.text}",
                   "603.7b" if dt.once else "603.2", src.oid, card(src.card).name)
            if dt.once:
                waiting.remove(dt)
    if len(waiting) != len(d.delayed):
        d.set_scalar("603.7b", delayed=tuple(waiting))
    if len(pending) != len(d.pending):
        d.set_scalar("603.3", pending=tuple(pending))


hooks.TRIGGER_SOURCES.append(hear)


def still_there(state: GameState, refs: object) -> list[GameObject]:
    """The objects a delayed trigger names that are still on the battlefield as the same objects
    (603.7c, 400.7)."""
    if not isinstance(refs, tuple):
        return []
    out = []
    for ref in refs:
        if isinstance(ref, ObjRef) and (now := state.resolve_ref(ref)) is not None and now.zone is Zone.BATTLEFIELD:
            out.append(now)
    return out


# ---------------------------------------------------------------- the delayed abilities the compiler makes
WHEN = {
    "the next end step": (Step.END, "at the beginning of the next end step"),
    "end of combat": (Step.END_COMBAT, "at end of combat"),
}
"""When a delayed trigger the compiler makes triggers: "the next end step" is the next end step to
begin after it is made, on whoever's turn (513.1); "end of combat", as the end of combat step
begins (511.2)."""


def sacrifice_them(text: str, when: str) -> TriggeredAbility:
    """"Sacrifice them at the beginning of the next end step": its controller sacrifices the
    objects it names, those still on the battlefield under their control (603.7c, 701.21a)."""
    step, _words = WHEN[when]

    def resolve(res: Resolution, item: StackItem) -> None:
        named = item.get(OBJECTS)
        present = still_there(res.state, named)
        if isinstance(named, tuple) and len(present) < len(named):
            res.d.note(EventKind.NOTHING_HAPPENS, f"{text.rstrip('.')}: {len(named) - len(present)} of what it names "
                       "left the battlefield, and a permanent that comes back is a new object it doesn't affect",
                       "603.7c")
        mine = [o for o in present if o.controller == res.controller]
        with res.d.one_event():  # "sacrifice them": all at once, as one event (603.6a, 701.21a)
            for obj in mine:
                sacrifice(res.d, res.controller, obj.oid, text.rstrip("."))
        for obj in present:
            if obj.controller != res.controller:  # only a permanent one controls can be sacrificed (701.21a)
                res.d.note(EventKind.NOTHING_HAPPENS, f"{res.name(obj.oid)} is controlled by {obj.controller}, not "
                           f"{res.controller}, so {res.controller} can't sacrifice it", "701.21a", obj.oid,
                           res.name(obj.oid))

    return TriggeredAbility(text, STEP_BEGINS, at_beginning_of(step, "each"), resolve)
