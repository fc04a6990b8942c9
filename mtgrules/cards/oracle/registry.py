"""Where a rules topic plugs its templates into the compiler, so each topic keeps its code in one
module of its own (``mtgrules/cards/oracle/topics/``) instead of growing parse.py and build.py.

A topic adds its templates to ``grammar.lark`` (its own section, with one alternative under
``?line`` or ``?effect``) and registers here:

* ``@transform("scry")``: the grammar rule or alias ``scry`` becomes this IR (a plain tuple);
* ``@instruction("scry")``: an instruction whose IR starts with ``"scry"`` is followed like this as
  its spell or ability resolves (``step(res, item, why)``);
* ``@ability_kind("protection")``: a line whose IR starts with ``"protection"`` becomes this
  ability (or keywords), or raises ``CannotBuild`` with the reason;
* ``@targets("may")``: the targets (``Target`` values) an instruction of this IR kind names, when
  they aren't the parts the core finds by itself (a target inside another instruction, a card in a
  graveyard of a kind the core doesn't name), so the spell or ability chooses them as it is put on
  the stack (601.2c, 603.3d).
* ``@target_kind("graveyard card")``: a part of an instruction's IR starting with that word is
  one instance of "target" (115.1), and this builds its ``Target``;
* ``@spell_kind("modal")``: a spell whose instructions are one instruction of this kind is built
  whole by this (``IR -> (spell, spell_target)``), as a modal spell's ``Modal`` is (700.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

IR = tuple[Any, ...]
Transform = Callable[[list[Any]], Any]
InstructionBuilder = Callable[[IR], Callable[..., None]]
AbilityBuilder = Callable[[IR, str, bool], tuple[str, Any]]
TargetFinder = Callable[[IR], list[Any]]

TargetBuilder = Callable[[IR], Any]
SpellBuilder = Callable[[IR], tuple[Any, Any]]

TRANSFORMS: dict[str, Transform] = {}
INSTRUCTIONS: dict[str, InstructionBuilder] = {}
ABILITY_KINDS: dict[str, AbilityBuilder] = {}
TARGET_FINDERS: dict[str, TargetFinder] = {}
TARGET_KINDS: dict[str, TargetBuilder] = {}
SPELL_KINDS: dict[str, SpellBuilder] = {}


def _register(table: dict[str, Any], names: tuple[str, ...], what: str) -> Callable[[Any], Any]:
    def mark(fn: Any) -> Any:
        for name in names:
            if name in table and table[name] is not fn:
                raise RuntimeError(f"two topics register the {what} {name!r}")
            table[name] = fn
        return fn
    return mark


def transform(*names: str) -> Callable[[Transform], Transform]:
    """Register the IR maker of grammar rules or aliases (``children -> IR``)."""
    return _register(TRANSFORMS, names, "transform")


def instruction(*kinds: str) -> Callable[[InstructionBuilder], InstructionBuilder]:
    """Register how an instruction of these IR kinds is followed as it resolves (608.2c)."""
    return _register(INSTRUCTIONS, kinds, "instruction")


def ability_kind(*kinds: str) -> Callable[[AbilityBuilder], AbilityBuilder]:
    """Register what a line of these IR kinds becomes: ``(ir, line, is_spell_card) -> (kind, value)``."""
    return _register(ABILITY_KINDS, kinds, "ability kind")


def targets(*kinds: str) -> Callable[[TargetFinder], TargetFinder]:
    """Register the targets an instruction of these IR kinds names: ``ir -> [Target, ...]`` (115.1)."""
    return _register(TARGET_FINDERS, kinds, "target finder")


def target_kind(*kinds: str) -> Callable[[TargetBuilder], TargetBuilder]:
    """Register the ``Target`` of an IR part of these kinds (one instance of "target", 115.1)."""
    return _register(TARGET_KINDS, kinds, "target kind")


def spell_kind(*kinds: str) -> Callable[[SpellBuilder], SpellBuilder]:
    """Register how a spell made of one instruction of these kinds is built whole."""
    return _register(SPELL_KINDS, kinds, "spell kind")
