"""Events for changes nobody edited directly: computed characteristics (613).

Name, power, toughness, types, colours and abilities are computed, so when a lord enters or a pump
resolves no stored field changes. After each action the engine compares the computed values before
and after and reports each difference, citing the continuous effects that now touch the object
(in the order the layers applied them, ``layers.layer_trace``).
"""

from __future__ import annotations

from mtgrules.core.colors import color_words
from mtgrules.core.effects import Chars
from mtgrules.core.events import Event, event_kind
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.rules.layers import all_characteristics, layer_trace


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
        for attr, x, y in (("name", a.name, b.name), ("P/T", a.pt(), b.pt()), ("types", _types(a), _types(b)),
                           ("colors", color_words(a.colors), color_words(b.colors)), ("keywords", _kw(a), _kw(b)),
                           ("abilities", _other(a), _other(b))):
            if x != y:
                rule, why = _cause(after, obj, attr)
                kind = _KINDS.get(attr, attr)
                out.append(Event(event_kind(kind), obj.oid, b.name, attr, x, y, rule, f"{b.name}: {attr} {x or '—'} → {y or '—'} ({why})"))
    return out


_KINDS = {"name": "card", "abilities": "keywords"}
_CAUSES = {"name": ("1a",), "P/T": ("1a", "7a", "7b", "7c", "7d"), "types": ("1a", "3", "4"), "colors": ("1a", "5"),
           "keywords": ("1a", "4", "6"), "abilities": ("1a", "4", "6")}


def _cause(state: GameState, obj: GameObject, attr: str) -> tuple[str, str]:
    layers = _CAUSES[attr]
    steps = [s for s in layer_trace(state, obj.oid).steps if s.layer in layers]
    if steps:
        return steps[-1].rule, "; ".join(s.description for s in steps)
    if attr == "P/T" and (obj.counter("+1/+1") or obj.counter("-1/-1")):
        return "613.4c", "counters"
    return "613", "continuous effects changed"


def _types(c: Chars) -> str:
    return " ".join(sorted(c.types) + sorted(c.subtypes))


def _kw(c: Chars) -> str:
    return ", ".join(sorted(c.keywords))


def _other(c: Chars) -> str:
    """Its abilities other than keywords, by their text ("" for none)."""
    return " / ".join(str(getattr(ab, "text", "")) for ab in c.abilities)
