"""Where a rules topic plugs its templates into the compiler, so each topic keeps its code in one
module of its own (``mtgrules/cards/oracle/topics/``) instead of growing parse.py and build.py.

A topic adds its templates to ``grammar.lark`` (its own section, with one alternative under
``?line`` or ``?effect``) and registers here:

* ``@transform("scry")``: the grammar rule or alias ``scry`` becomes this IR (a plain tuple);
* ``@instruction("scry")``: an instruction whose IR starts with ``"scry"`` is followed like this as
  its spell or ability resolves (``step(res, item, why)``);
* ``@ability_kind("protection")``: a line whose IR starts with ``"protection"`` becomes this
  ability (or keywords), or raises ``CannotBuild`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

IR = tuple[Any, ...]
Transform = Callable[[list[Any]], Any]
InstructionBuilder = Callable[[IR], Callable[..., None]]
AbilityBuilder = Callable[[IR, str, bool], tuple[str, Any]]

TRANSFORMS: dict[str, Transform] = {}
INSTRUCTIONS: dict[str, InstructionBuilder] = {}
ABILITY_KINDS: dict[str, AbilityBuilder] = {}


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
