"""Events for changes nobody edited directly: computed characteristics (613).

Power, toughness, types, colours and keywords are computed, so when a lord enters or a pump resolves
no stored field changes. After each action the engine compares the computed values before and
after and reports each difference, citing the continuous effects that now touch the object.
"""

from __future__ import annotations

from mtgrules.core.colors import color_words
from mtgrules.core.effects import Chars
from mtgrules.core.events import Event, event_kind
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.rules.layers import LAYERS, all_characteristics, effects_in_force


def characteristic_events(before: GameState, after: GameState) -> list[Event]:
    """One event per object whose P/T, types, colours or keywords changed while it stayed the same object."""
    c0, c1 = all_characteristics(before), all_characteristics(after)
    out: list[Event] = []
    if c0 is c1:  # the new state kept them (a tap with no continuous effect in the game)
        return out
    for obj in after.objects:
        a, b = c0.get(obj.oid), c1[obj.oid]
        if a is b or a is None or a == b:  # unchanged: the usual case, both the printed values
            continue
        old = before.resolve_ref(obj.ref)
        if old is None:
            continue
        for attr, x, y in (("P/T", a.pt(), b.pt()), ("types", _types(a), _types(b)),
                           ("colors", color_words(a.colors), color_words(b.colors)), ("keywords", _kw(a), _kw(b))):
            if x != y:
                rule, why = _cause(after, obj, attr)
                out.append(Event(event_kind(attr), obj.oid, b.name, attr, x, y, rule, f"{b.name}: {attr} {x or '—'} → {y or '—'} ({why})"))
    return out


def _cause(state: GameState, obj: GameObject, attr: str) -> tuple[str, str]:
    layers = {"P/T": ("7a", "7b", "7c", "7d"), "types": ("4",), "colors": ("5",), "keywords": ("6",)}[attr]
    chars = all_characteristics(state)[obj.oid]
    effects = [e for e in effects_in_force(state) if e.layer in layers and e.touches(state, obj, chars)]
    effects.sort(key=lambda e: (LAYERS.index(e.layer), e.timestamp))
    if effects:
        return effects[-1].rule, "; ".join(e.description for e in effects)
    if attr == "P/T" and (obj.counter("+1/+1") or obj.counter("-1/-1")):
        return "613.4c", "counters"
    return "613", "continuous effects changed"


def _types(c: Chars) -> str:
    return " ".join(sorted(c.types) + sorted(c.subtypes))


def _kw(c: Chars) -> str:
    return ", ".join(sorted(c.keywords))
