"""The module names of mtgrules 0.1, from before the package was laid out in layers.

A script or notebook written for 0.1 (``from mtgrules.abilities import StaticAbility``) still
runs: each old module name is an alias of the module that holds its code now, and importing it
says where, once, with a ``DeprecationWarning``. The old name gives the new module's objects
themselves, so classes compare and registries are shared.

A few names left their module on the way: the engine's registries moved to ``rules/hooks.py`` and
Graveyard Busybody's reading moved in with its card. Read through an old module, such a name is
found in its new home (with the same warning); one with no successor of its own (the old
``register_*`` functions, whose lists are now filled directly) is refused with the line that
replaces it. ``docs/api.md`` lists every old name; a test keeps that list and this one equal.

Nothing here is imported until an old name is: the finder only answers names in these tables.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence
from typing import Any

from mtgrules.core.errors import MtgRulesError

MODULES: dict[str, str] = {
    # top-level modules of 0.1, by the layer they went to
    "mtgrules.abilities": "mtgrules.core.abilities",
    "mtgrules.actions": "mtgrules.core.actions",
    "mtgrules.choices": "mtgrules.core.choices",
    "mtgrules.errors": "mtgrules.core.errors",
    "mtgrules.events": "mtgrules.core.events",
    "mtgrules.mana": "mtgrules.core.mana",
    "mtgrules.objects": "mtgrules.core.objects",
    "mtgrules.state": "mtgrules.core.state",
    "mtgrules.turns": "mtgrules.core.turns",
    "mtgrules.blocking": "mtgrules.rules.combat.blocking",
    "mtgrules.combat": "mtgrules.rules.combat.declare",
    "mtgrules.combat_damage": "mtgrules.rules.combat.damage",
    "mtgrules.combat_state": "mtgrules.rules.combat.state",
    "mtgrules.costs": "mtgrules.rules.costs",
    "mtgrules.could_produce": "mtgrules.rules.mana.could_produce",
    "mtgrules.derived": "mtgrules.rules.derived",
    "mtgrules.engine": "mtgrules.rules.engine",
    "mtgrules.graveyards": "mtgrules.rules.graveyards",
    "mtgrules.keyword_actions": "mtgrules.rules.keyword_actions",
    "mtgrules.layers": "mtgrules.rules.layers",
    "mtgrules.leaving": "mtgrules.rules.leaving",
    "mtgrules.legal": "mtgrules.rules.legal",
    "mtgrules.life": "mtgrules.rules.life",
    "mtgrules.mana_abilities": "mtgrules.rules.mana.abilities",
    "mtgrules.resolution": "mtgrules.rules.resolution",
    "mtgrules.sacrifice": "mtgrules.rules.sacrifice",
    "mtgrules.sba": "mtgrules.rules.sba",
    "mtgrules.stack": "mtgrules.rules.stack",
    "mtgrules.step_triggers": "mtgrules.rules.step_triggers",
    "mtgrules.teams": "mtgrules.rules.teams",
    "mtgrules.tokens": "mtgrules.rules.tokens",
    "mtgrules.triggers": "mtgrules.rules.triggers",
    "mtgrules.turn_loop": "mtgrules.rules.turn_loop",
    "mtgrules.zones": "mtgrules.rules.zones",
    "mtgrules.graveyard_combat": "mtgrules.cards.unstable.over_my_dead_bodies",
    "mtgrules.advance": "mtgrules.play.advance",
    "mtgrules.scenario": "mtgrules.play.scenario",
    "mtgrules.timeline": "mtgrules.play.timeline",
    "mtgrules.rules_index": "mtgrules.catalog.rules_index",
    # the card pool, which registered every card on import (as mtgrules.cards does now)
    "mtgrules.cardpool": "mtgrules.cards",
    "mtgrules.cardpool.basics": "mtgrules.cards.pool.basics",
    "mtgrules.cardpool.busybody_cards": "mtgrules.cards.unstable.graveyard_busybody",
    "mtgrules.cardpool.combat_cards": "mtgrules.cards.pool.combat",
    "mtgrules.cardpool.creatures": "mtgrules.cards.pool.creatures",
    "mtgrules.cardpool.helpers": "mtgrules.cards.builders",
    "mtgrules.cardpool.mana_cards": "mtgrules.cards.pool.mana",
    "mtgrules.cardpool.spells": "mtgrules.cards.pool.spells",
    "mtgrules.cardpool.turn_cards": "mtgrules.cards.pool.turns",
    "mtgrules.cardpool.unstable_cards": "mtgrules.cards.unstable.over_my_dead_bodies",
    # lesson modules, renamed after their notebooks
    "mtgrules.lessons.neyith": "mtgrules.lessons.must_be_blocked",
    "mtgrules.lessons.tap_untap_x": "mtgrules.lessons.tap_untap_and_x",
    "mtgrules.lessons.ctg_questions": "mtgrules.lessons.call_to_the_grave",
}
"""Each 0.1 module name and the module that holds its code now."""

_HOOKS = "mtgrules.rules.hooks"
_BUSYBODY = "mtgrules.cards.unstable.graveyard_busybody"

NAMES: dict[str, str] = {
    "mtgrules.blocking.BLOCKER_RULES": f"{_HOOKS}.BLOCKER_RULES",
    "mtgrules.blocking.BLOCK_COSTS": f"{_HOOKS}.BLOCK_COSTS",
    "mtgrules.blocking.MIN_BLOCKERS": f"{_HOOKS}.MIN_BLOCKERS",
    "mtgrules.blocking.PAIR_RULES": f"{_HOOKS}.PAIR_RULES",
    "mtgrules.blocking.REQUIREMENT_SOURCES": f"{_HOOKS}.REQUIREMENT_SOURCES",
    "mtgrules.combat.ATTACK_RESTRICTIONS": f"{_HOOKS}.ATTACK_RESTRICTIONS",
    "mtgrules.combat_damage.DAMAGE_REPLACEMENTS": f"{_HOOKS}.DAMAGE_REPLACEMENTS",
    "mtgrules.combat_state.COMBATANT_EXITS": f"{_HOOKS}.COMBATANT_EXITS",
    "mtgrules.combat_state.COMBATANT_RULES": f"{_HOOKS}.COMBATANT_RULES",
    "mtgrules.layers.TREATED_AS_ON_BATTLEFIELD": f"{_HOOKS}.TREATED_AS_ON_BATTLEFIELD",
    "mtgrules.resolution.DESTROY_RULES": f"{_HOOKS}.DESTROY_RULES",
    "mtgrules.turn_loop.StepSkip": f"{_HOOKS}.StepSkip",
    "mtgrules.turn_loop.TurnBasedAction": f"{_HOOKS}.TurnBasedAction",
    "mtgrules.triggers.Pending": "mtgrules.core.triggers.PendingTrigger",
    "mtgrules.graveyards.AllGraveyardsAreYours": f"{_BUSYBODY}.AllGraveyardsAreYours",
    "mtgrules.graveyards.BUSYBODY_TEXT": f"{_BUSYBODY}.BUSYBODY_TEXT",
    "mtgrules.graveyards.flavor_text_cards": f"{_BUSYBODY}.flavor_text_cards",
    "mtgrules.graveyards.sharers": f"{_BUSYBODY}.sharers",
    "mtgrules.graveyards.whose_text": f"{_BUSYBODY}.whose_text",
}
"""Names that left their 0.1 module: read through the old module, each is found here."""

GONE: dict[str, str] = {
    "mtgrules.engine.register_action": f"{_HOOKS}.ACTION_HANDLERS[action_type] = handler",
    "mtgrules.engine.register_settle_hook": f"{_HOOKS}.SETTLE_HOOKS.append(hook)",
    "mtgrules.engine.register_waiting": f"{_HOOKS}.WAITING.append(explain)",
    "mtgrules.legal.register_proposer": f"{_HOOKS}.PROPOSERS.append(propose)",
    "mtgrules.turn_loop.register_step_skip": f"{_HOOKS}.STEP_SKIPS.append(rule)",
    "mtgrules.turn_loop.register_turn_based_action": f"{_HOOKS}.TURN_BASED.setdefault(step, []).append(action)",
    "mtgrules.zones.register_move_note": f"{_HOOKS}.MOVE_NOTES.append(note)",
    "mtgrules.could_produce.ability_types": "mtgrules.rules.mana.could_produce.could_produce(state, oid)",
}
"""Names with no successor of their own: what to write instead."""


class OldNameError(MtgRulesError, ImportError):
    """A 0.1 name that has no successor of its own: the message says what to write instead.
    An ``ImportError``, so ``from mtgrules.engine import register_action`` fails with it."""


def _warn(old: str, new: str) -> None:
    # stacklevel 3: past this function and its caller, to the line that named the old name (the
    # import machinery's own frames don't count).
    warnings.warn(f"{old} is an old name (mtgrules 0.1): use {new} instead", DeprecationWarning, stacklevel=3)


def _resolve(dotted: str) -> Any:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


class OldModule(types.ModuleType):
    """An old module name: it reads and writes the attributes of the module that replaced it."""

    def __init__(self, old: str, new: types.ModuleType, *, warn_when_used: bool = False) -> None:
        super().__init__(old, f"mtgrules 0.1's {old}, now {new.__name__}")
        self.__dict__["__mtgrules_new__"] = new
        self.__dict__["__mtgrules_warn__"] = warn_when_used  # put in place before anyone imported it

    def __getattr__(self, name: str) -> Any:
        new: types.ModuleType = self.__dict__["__mtgrules_new__"]
        if self.__dict__["__mtgrules_warn__"] and not name.startswith("__"):
            self.__dict__["__mtgrules_warn__"] = False
            _warn(self.__name__, new.__name__)
        if name == "__all__":  # `from old import *` gives what the new module would
            return getattr(new, "__all__", [n for n in vars(new) if not n.startswith("_")])
        full = f"{self.__name__}.{name}"
        if full in GONE:
            raise OldNameError(f"{full} (mtgrules 0.1) was removed: write {GONE[full]} instead")
        if full in NAMES:
            _warn(full, NAMES[full])
            return _resolve(NAMES[full])
        return getattr(new, name)  # __path__ too: an old package's old submodules are found

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") or isinstance(value, OldModule):
            super().__setattr__(name, value)  # the import system's bookkeeping stays on the alias
        else:  # a script that patches mtgrules.engine.apply patches the engine
            setattr(self.__dict__["__mtgrules_new__"], name, value)

    def __dir__(self) -> list[str]:
        return sorted(set(dir(self.__dict__["__mtgrules_new__"])) | set(self.__dict__))


class OldNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds the 0.1 module names; anything else is left to the other finders."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname in MODULES:
            return importlib.machinery.ModuleSpec(fullname, self)
        parent = fullname.rpartition(".")[0]
        if parent in MODULES:  # never load a file a second time, under an old name
            raise ModuleNotFoundError(f"No module named {fullname!r}: {parent} is an old name (mtgrules 0.1) "
                                      f"of {MODULES[parent]}, which has no such module", name=fullname)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a plain module; exec_module puts the alias in its place

    def exec_module(self, module: types.ModuleType) -> None:
        old, new = module.__name__, MODULES[module.__name__]
        _warn(old, new)
        alias = OldModule(old, importlib.import_module(new))
        alias.__spec__, alias.__loader__ = module.__spec__, self
        sys.modules[old] = alias


def install() -> None:
    """Put the finder first, once: ``mtgrules.cardpool.basics`` must find it before the file
    system finds ``cards/basics.py`` under the wrong name.

    An old module name that is also a name its package gives is put in place now, not when it is
    imported: 0.1's ``mtgrules.could_produce`` was the module, and on the package the function,
    and importing the module through the finder would put it over the function. So this alias is
    already loaded, ``mtgrules.could_produce`` stays the function, and the alias warns when used."""
    if not any(isinstance(f, OldNames) for f in sys.meta_path):
        sys.meta_path.insert(0, OldNames())
    for old, new in MODULES.items():
        parent, _, child = old.rpartition(".")
        given = getattr(sys.modules.get(parent), child, None)
        if given is not None and not isinstance(given, types.ModuleType) and new in sys.modules:
            sys.modules.setdefault(old, OldModule(old, sys.modules[new], warn_when_used=True))
