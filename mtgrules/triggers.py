"""Triggered abilities (603): noticing trigger events, the intervening "if" (603.4), and
putting waiting triggers on the stack in APNAP order (603.3b) before a player gets priority."""

from __future__ import annotations

from .abilities import TriggeredAbility
from .cards import card
from .events import Event
from .objects import StackItem
from .state import Draft


def collect_triggers(d: Draft, events: list[Event]) -> None:
    """Check each event against every triggered ability in play; remember those that trigger."""
    state = d.view()
    pending = list(d.pending)
    for ev in events:
        for src in state.battlefield():
            for i, ab in enumerate(card(src.card).abilities):
                if not isinstance(ab, TriggeredAbility) or ab.is_mana or ab.event != ev.kind:
                    continue
                for data in _instances(ab, state, src, ev):
                    if ab.condition is not None and not ab.condition(state, src):
                        d.note("no trigger", f"{src.card}: the “if” condition is false when the event "
                               "happens, so the ability doesn't trigger", "603.4", src.oid, src.card)
                        continue
                    pending.append((src.ref, i, src.controller, data))
                    d.note("trigger", f"{src.card} triggers: {ab.text}", "603.2", src.oid, src.card)
    d.set_scalar("603.3", pending=tuple(pending))


def _instances(ab: TriggeredAbility, state, src, ev: Event) -> list[tuple]:
    """How many times this event triggers the ability, with data for each (e.g. which player)."""
    result = ab.matches(state, src, ev)
    if result is True:
        return [()]
    if not result:
        return []
    return list(result)


def put_triggers_on_stack(d: Draft) -> None:
    """Waiting triggers go on the stack, active player's first (603.3b)."""
    if not d.pending:
        return
    order = _apnap(d)
    waiting = sorted(d.pending, key=lambda t: order.index(t[2]))
    for ref, i, controller, data in waiting:
        ab = card(d.obj(ref.oid).card).abilities[i]
        label = f"{card(d.obj(ref.oid).card).name}: {ab.text}"
        d.push(StackItem(d.new_id(), "trigger", ref, controller, label, ability=i, data=tuple(data)))
        d.note("on stack", f"{label} is put on the stack", "603.3", ref.oid, card(d.obj(ref.oid).card).name)
    d.set_scalar("603.3", pending=())


def _apnap(d: Draft) -> list[str]:
    names = [p.name for p in d.view().players]
    i = names.index(d.active)
    return names[i:] + names[:i]


def condition_still_true(d: Draft, item: StackItem) -> bool:
    """The intervening "if" is checked again as the trigger resolves (603.4)."""
    src = d.view().obj(item.source.oid)
    ab = card(src.card).abilities[item.ability]
    if not isinstance(ab, TriggeredAbility) or ab.condition is None:
        return True
    ok = ab.condition(d.view(), src)
    d.note("if check", f"{card(src.card).name}: the “if” condition is {'still true' if ok else 'now false'} "
           "on resolution" + ("" if ok else ", so the ability does nothing"), "603.4", src.oid, src.card)
    return ok
