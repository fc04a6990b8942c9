"""Equipment (301.5) and equip (702.6): attaching, what an Equipment gives, and when it falls off.

* **Equip [cost]** means "[Cost]: Attach this permanent to target creature you control. Activate
  only as a sorcery." (702.6a): :func:`equip_ability` makes it, an :class:`EquipAbility`, refused
  outside its controller's main phase with an empty stack as every "activate only as a sorcery"
  ability is (602.5d, ``activation_limits``). Control of the creature matters as it is activated and as it
  resolves (301.5b): a creature its controller no longer controls is an illegal target then, and
  the ability doesn't resolve (608.2b).
* **Attaching** (701.3): :func:`attach` puts the Equipment on a creature. One it can't equip
  (a noncreature, itself; an Equipment that is a creature or no longer an Equipment, 301.5c)
  doesn't move (701.3b, 301.5b); attaching it to the creature it already equips does nothing
  (701.3b); attached to another, it gets a new timestamp (701.3c, 613.7e).
* **Equipped creature** is whatever creature it is attached to (301.5a, 301.5f): the static
  effects it gives follow it (:func:`equipped_gets`), layer 7c for +N/+N and layer 6 for
  abilities gained or lost (613.4c, 613.1f).
* **Falling off**: the creature leaving the battlefield unattaches it (701.3d, ``zones.move``); an
  Equipment attached to a permanent it can't equip (a creature that stopped being one, say)
  becomes unattached and stays on the battlefield as a state-based action (704.5n), as does a
  creature or another permanent that is neither an Aura, an Equipment nor a Fortification that
  is attached to something (704.5p): :func:`why_unattached`, asked by ``sba``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.core.abilities import ActivatedAbility, Cost, Resolution, Target
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.events import EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules import hooks
from mtgrules.rules.layers import characteristics, on_battlefield


# ---------------------------------------------------------------- what may be equipped (301.5)
def why_cant_equip(state: GameState, equipment: GameObject, host: GameObject) -> str | None:
    """Why ``equipment`` can't equip ``host`` now, as the end of a sentence, or None if it can
    (301.5, 301.5c)."""
    mine = characteristics(state, equipment.oid)
    if "Equipment" not in mine.subtypes:
        return f"{mine.name} is no longer an Equipment, and only an Equipment equips a creature (301.5c)"
    if mine.is_creature:
        return f"{mine.name} is a creature, and an Equipment that's also a creature can't equip one (301.5c)"
    if host.oid == equipment.oid:
        return "an Equipment can't equip itself (301.5c)"
    if not on_battlefield(state, host):
        return f"{characteristics(state, host.oid).name} is not on the battlefield (301.5)"
    if not characteristics(state, host.oid).is_creature:
        return f"{characteristics(state, host.oid).name} is not a creature, and an Equipment equips only a creature (301.5)"
    for rule in hooks.ATTACH_RULES:  # the host's protection from it (702.16d)
        why = rule(state, equipment, host)
        if why is not None:
            return f"{characteristics(state, host.oid).name} can't be equipped by it, {why}"
    return None


def attach(d: Draft, oid: int, host: int, why: str) -> bool:
    """Attach the Equipment ``oid`` to the creature ``host`` (701.3a); whether it moved."""
    state = d.view()
    equipment, target = state.obj(oid), state.obj(host)
    name = characteristics(state, oid).name
    if equipment.zone is not Zone.BATTLEFIELD:
        d.note(EventKind.NOTHING_HAPPENS, f"{why}: {name} is no longer on the battlefield, so it isn't attached to "
               "anything", "701.3b", oid, name)
        return False
    wrong = why_cant_equip(state, equipment, target)
    if wrong is not None:
        d.note(EventKind.NOTHING_HAPPENS, f"{why}: {name} can't be attached to {characteristics(state, host).name}: "
               f"{wrong}, so it doesn't move", "701.3b", oid, name)
        return False
    if equipment.attached_to == host:
        d.note(EventKind.NOTHING_HAPPENS, f"{why}: {name} is already attached to "
               f"{characteristics(state, host).name}, so this does nothing", "701.3b", oid, name)
        return False
    was = "" if equipment.attached_to is None else f" (moving from {_name(state, equipment.attached_to)})"
    d.update(oid, "701.3a", f"{why}: {name} is attached to {characteristics(state, host).name}{was}; it gets a new "
             "timestamp (701.3c, 613.7e)", kind=EventKind.ATTACHED_TO, attached_to=host,
             timestamp=d.new_timestamp())
    return True


def _name(state: GameState, oid: int) -> str:
    try:
        return characteristics(state, oid).name
    except KeyError:
        return f"object {oid}"


# ---------------------------------------------------------------- equip (702.6)
@dataclass(frozen=True)
class EquipAbility(ActivatedAbility):
    """An equip ability (702.6a): "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery." Its text is as printed ("Equip {1}"); ``means`` says it whole."""

    @property
    def means(self) -> str:
        """What "Equip [cost]" means (702.6a), which is what its target is checked against."""
        return f"{self.cost.text()}: Attach this permanent to target creature you control. Activate only as a sorcery."


def _creature_you_control(state: GameState, player: str, obj: GameObject) -> bool:
    return on_battlefield(state, obj) and characteristics(state, obj.oid).is_creature and obj.controller == player


CREATURE_YOU_CONTROL = Target("target creature you control", _creature_you_control, frozenset({Zone.BATTLEFIELD}))
"""What an equip ability targets (702.6a): the controller's creature; control matters as it is
activated and as it resolves (301.5b)."""


def _equip(res: Resolution, item: StackItem) -> None:
    """Attach the Equipment to the target, if both are still there as they were (608.2b, 701.3)."""
    src = res.source()
    targets = res.targets()
    if src is None:
        res.d.note(EventKind.NOTHING_HAPPENS, f"{item.label}: the Equipment has left the battlefield, so nothing is "
                   "attached", "701.3b")
        return
    for host in targets:
        attach(res.d, src.oid, host.oid, "Equip")


def equip_ability(cost: Cost, text: str) -> EquipAbility:
    """"Equip {N}" (702.6a), with its printed text; "only as a sorcery" is the activation limit
    every such ability has (602.5d, ``activation_limits``)."""
    return EquipAbility(cost, text, _equip, target=CREATURE_YOU_CONTROL, sorcery_speed=True)


# ---------------------------------------------------------------- falling off (704.5n, 704.5p)
def why_unattached(state: GameState, obj: GameObject) -> tuple[str, str] | None:
    """``(rule, why)`` if the permanent ``obj``, not an Aura, is attached to something it must
    come off as a state-based action (704.5n, 704.5p); None if it may stay. Auras are 704.5m's."""
    if obj.attached_to is None:
        return None
    chars = characteristics(state, obj.oid)
    if "Aura" in chars.subtypes:
        return None
    if chars.is_creature or "Battle" in chars.types:  # 704.5p: a creature or battle attached to anything
        return "704.5p", f"{chars.name} is a {'creature' if chars.is_creature else 'battle'}, and a creature or " \
            "battle can't be attached to anything"
    if "Equipment" not in chars.subtypes and "Fortification" not in chars.subtypes:
        return "704.5p", f"{chars.name} is neither an Aura, an Equipment nor a Fortification, so it can't be attached " \
            "to anything"
    if "Fortification" in chars.subtypes and "Equipment" not in chars.subtypes:
        return None  # a Fortification's lands are 704.5n too; the kit's sets have none
    try:
        host = state.obj(obj.attached_to)
    except KeyError:
        return "704.5n", f"{chars.name} is attached to an object that no longer exists"
    wrong = why_cant_equip(state, obj, host)
    return None if wrong is None else ("704.5n", f"{chars.name} is attached to {_name(state, host.oid)}, but {wrong}")


def unattach(d: Draft, oid: int, rule: str, why: str) -> None:
    """It becomes unattached and stays on the battlefield (704.5n, 704.5p, 701.3d)."""
    d.update(oid, rule, f"{why}, so it becomes unattached and stays on the battlefield",
             kind=EventKind.ATTACHED_TO, attached_to=None)


# ---------------------------------------------------------------- "equipped creature" (301.5a)
StaticEffects = Callable[[GameState, GameObject], list[Effect]]
Amount = Callable[[GameState, GameObject], int]


def equipped_gets(line: str, power: int, toughness: int, granted: tuple[str, ...] = (),
                  lost: tuple[str, ...] = (), per: Amount | None = None) -> StaticEffects:
    """"Equipped creature gets +N/+N [and has K] [and loses K]": layer 7c and layer 6 effects on
    whatever creature the source is attached to (301.5a, 613.4c, 613.1f), with the source's
    timestamp, which it gets anew each time it is attached (613.7e). ``per`` multiplies the
    bonus ("for each soul counter on ~"), counted at each moment (611.3a)."""
    add = frozenset(Keyword(k) for k in granted)
    remove = frozenset(Keyword(k) for k in lost)

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return source.attached_to == obj.oid and on_battlefield(st, obj)
        n = 1 if per is None else per(state, source)
        out: list[Effect] = []
        if (power, toughness) != (0, 0) and n:
            out.append(Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies,
                              delta=(power * n, toughness * n)))
        if add or remove:
            out.append(Effect("6", line, "613.1f", source.oid, source.timestamp, applies=applies,
                              add_keywords=add, remove_keywords=remove))
        return out
    return effects
