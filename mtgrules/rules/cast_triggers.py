"""Abilities that trigger when a spell is cast: "whenever you cast a noncreature spell" and its
kin (603.2), and prowess (702.108).

A spell *becomes cast* once every step of casting it is done, its costs paid (601.2i); that is
when these abilities trigger, and the casting records it as a ``"cast"`` event (``rules/stack.py``)
naming the spell and, as ``after``, the player who cast it. The ability sees the spell on the
stack, as it was cast, so "a noncreature spell" reads the spell's own types (an Aura is one, a
creature spell with flash isn't), and "a spell that targets this creature" reads the targets
chosen for it (601.2c). The trigger resolves even if the spell was countered meanwhile: it
is independent of the spell (113.7a).

"You" is the ability's controller (the source's controller as the event happens, 603.3a), so an
opponent's spell triggers nothing of yours.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.core.abilities import Resolution, TriggeredAbility
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics
from mtgrules.rules.targeting import opponents

SpellTest = Callable[[GameState, GameObject, GameObject], bool]
"""``(state, spell, source) -> bool``: whether this spell is one the ability waits for."""


def spell_of_types(*types: str, exclude: bool = False) -> SpellTest:
    """A spell with any of ``types`` ("a creature spell", "an instant or sorcery spell"), or, with
    ``exclude``, with none of them ("a noncreature spell")."""
    wanted = frozenset(types)

    def test(state: GameState, spell: GameObject, source: GameObject) -> bool:
        has = bool(characteristics(state, spell.oid).types & wanted)
        return not has if exclude else has
    return test


def spell_of_colors(*colors: str) -> SpellTest:
    """A spell that is any of ``colors`` ("a spell that's white, blue, black, or red", 105.2)."""
    wanted = frozenset(colors)
    return lambda state, spell, source: bool(characteristics(state, spell.oid).colors & wanted)


def any_spell(state: GameState, spell: GameObject, source: GameObject) -> bool:
    """"Whenever you cast a spell"."""
    return True


def during_opponents_turn(state: GameState, spell: GameObject, source: GameObject) -> bool:
    """"... a spell during an opponent's turn": the active player is an opponent of the ability's
    controller (102.2)."""
    return state.active in state.player_names and opponents(state, source.controller, state.active)


def targets_source(state: GameState, spell: GameObject, source: GameObject) -> bool:
    """"... a spell that targets [this creature]": the targets chosen for the spell as it was cast
    (601.2c) include this permanent, as the same object (400.7)."""
    item = cast_item(state, spell)
    return item is not None and source.ref in item.targets


def cast_item(state: GameState, spell: GameObject) -> StackItem | None:
    """The stack item of the spell ``spell``, if it is still on the stack."""
    if spell.zone is not Zone.STACK:
        return None
    return next((i for i in state.stack if i.kind == "spell" and i.source == spell.ref), None)


def whenever_you_cast(test: SpellTest) -> Callable[[GameState, GameObject, Event], bool]:
    """The trigger condition of "whenever you cast [a spell that passes ``test``]" (601.2i, 603.2)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if ev.kind is not EventKind.CAST or ev.after != source.controller or not isinstance(ev.obj, int):
            return False
        try:
            spell = state.obj(ev.obj)
        except KeyError:
            return False
        return test(state, spell, source)
    return matches


def prowess(text: str = "Prowess") -> TriggeredAbility:
    """Prowess (702.108a): "Whenever you cast a noncreature spell, this creature gets +1/+1 until
    end of turn." Each instance triggers on its own (702.108b), so a card that prints it twice
    has two of these abilities."""
    def resolve(res: Resolution, item: StackItem) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.BATTLEFIELD:
            return  # it left: there is nothing to give +1/+1 to
        res.pump(src, 1, 1, "702.108a", f"{item.label}: +1/+1 until end of turn")
    return TriggeredAbility(text, EventKind.CAST, whenever_you_cast(spell_of_types("Creature", exclude=True)), resolve)
