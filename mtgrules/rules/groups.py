"""Who is in a group that a static ability names: "Other Goblins you control", "Nonblack
creatures", "Creature tokens your opponents control" (604.2, 611.3a).

A static ability's effect applies to whichever objects fit its words at each moment, not to a set
locked in when it began (611.3a): a Goblin that enters later gets the bonus, one that stops being
a Goblin loses it. The test reads the characteristics the layers have made so far (613), so an
effect that changes a creature's colour or types in an earlier layer decides whether a later one
applies (613.8's dependencies aside, which the layer system handles).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.effects import Chars
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.combat.state import is_attacking
from mtgrules.rules.targeting import opponents


@dataclass(frozen=True)
class Group:
    """A group of creatures: ``other`` leaves out the ability's own permanent ("Other ..."); the
    quality is ``("creature",)`` (any), ``("color", c)``, ``("noncolor", c)``, ``("type", T)`` (a
    creature type, 205.3m) or ``("token",)`` (111.1); ``whose`` is "you", "opponents" or "any"
    (no controller named: every player's creatures, as "Nonblack creatures get -1/-1" says)."""

    other: bool
    quality: tuple[str, ...]
    whose: str
    # what else a member must be: ("with", keyword), ("attacking",) or ("counter", kind) ("Other
    # creatures you control with flying", "Attacking creatures you control", "Each creature you
    # control with a +1/+1 counter on it"); and for a group of two ("Skeletons you control and
    # other Zombies you control"), its parts: a creature in either is in it, once (quality "union")
    extra: tuple[tuple[str, ...], ...] = ()
    members: tuple[Group, ...] = ()


def in_group(state: GameState, source: GameObject, obj: GameObject, chars: Chars, group: Group) -> bool:
    """Whether ``obj`` (a permanent with the characteristics ``chars``) is in ``group`` as the
    static ability of ``source`` names it now (611.3a)."""
    return in_group_of(state, source.oid, source.controller, obj, chars, group)


def in_group_of(state: GameState, source_oid: int, controller: str, obj: GameObject, chars: Chars,
                group: Group) -> bool:
    """:func:`in_group` for an ability of the permanent ``source_oid`` that ``controller`` controls
    (a resolving ability's source may have left the battlefield: its controller still decides)."""
    if group.members:
        return any(in_group_of(state, source_oid, controller, obj, chars, m) for m in group.members)
    if obj.zone is not Zone.BATTLEFIELD or not chars.is_creature:
        return False
    if group.extra and not _has_extra(state, obj, chars, group.extra):
        return False
    if group.other and obj.oid == source_oid:
        return False
    if group.whose == "you" and obj.controller != controller:
        return False
    if group.whose == "opponents" and not opponents(state, controller, obj.controller):
        return False
    kind = group.quality[0]
    if kind == "color":
        return group.quality[1] in chars.colors
    if kind == "noncolor":
        return group.quality[1] not in chars.colors
    if kind == "type":
        return group.quality[1] in chars.subtypes
    if kind == "token":
        return obj.is_token
    return True


def _has_extra(state: GameState, obj: GameObject, chars: Chars, extra: tuple[tuple[str, ...], ...]) -> bool:
    """The group's other words: a keyword it has now (613.1f), attacking (506.4), a counter on it (122.1)."""
    for part in extra:
        if part[0] == "with" and part[1] not in chars.keywords:
            return False
        if part[0] == "attacking" and not is_attacking(state, obj.oid):
            return False
        if part[0] == "counter" and obj.counter(part[1]) < 1:
            return False
    return True


def group_words(group: Group) -> str:
    """The group in words ("other Goblins you control"), for notes and views."""
    if group.members:
        return " and ".join(group_words(m) for m in group.members)
    kind = group.quality[0]
    noun = {"color": f"{group.quality[-1]} creatures", "noncolor": f"non{group.quality[-1]} creatures",
            "type": f"{group.quality[-1]} creatures", "token": "creature tokens"}.get(kind, "creatures")
    whose = {"you": " you control", "opponents": " your opponents control"}.get(group.whose, "")
    front = "attacking " if ("attacking",) in group.extra else ""
    tail = "".join(f" with {p[1]}" if p[0] == "with" else f" with a {p[1]} counter on it" if p[0] == "counter" else ""
                   for p in group.extra)
    return ("other " if group.other else "") + front + noun + whose + tail
