"""Planeswalkers' lines, "unless" costs and regeneration: the templates of the grammar's section
"planeswalkers, "unless", regenerate".

This module turns them into IR (``@transform``) and follows them as they resolve
(``@instruction``). The rules they play are the engine's: a cost paid "unless" (118.12a) is
``rules/unless.py``; a regeneration shield and "can't be regenerated" (701.19, 614.8) are
``rules/regenerate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild
from mtgrules.cards.oracle.registry import IR, instruction, targets, transform
from mtgrules.core.abilities import Resolution
from mtgrules.core.mana import ManaType, make_mana, pool_text
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.rules.regenerate import add_shield
from mtgrules.rules.resolution import Resolution as ConcreteResolution
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.unless import pays

Step = Callable[[Resolution, StackItem, str], None]


# ---------------------------------------------------------------- "unless" (118.12a)
@transform("counter_unless_pays")
def _counter_unless(c: list[Any]) -> IR:
    return ("counter unless pays", c[0], str(c[1]).upper())


@transform("sacrifice_unless_you_pay")
def _sacrifice_unless(c: list[Any]) -> IR:
    return ("sacrifice self unless pays", c[-1][1])


@instruction("counter unless pays")
def _counter_unless_step(eff: IR) -> Step:
    cost = eff[2]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for spell in res.targets():
            caster = next((i.controller for i in res.d.stack if i.kind == "spell" and i.source.oid == spell.oid),
                          spell.controller)  # the spell's controller (110.2) answers, not the counterspell's
            if not pays(res.d, res.chooser, caster, cost, why, f"counter {res.name(spell.oid)}"):
                res.counter(spell)
    return step


@instruction("sacrifice self unless pays")
def _sacrifice_unless_step(eff: IR) -> Step:
    cost = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        name = res.name(src.oid) if src is not None else item.label.split(":")[0]
        if pays(res.d, res.chooser, res.controller, cost, why, f"sacrifice {name}"):
            return
        if src is None or src.zone is not Zone.BATTLEFIELD or src.controller != res.controller:
            # it left, or another player controls it now: it can't be sacrificed (701.21a)
            res.d.note("nothing", f"{why}: {name} is no longer a permanent {res.controller} controls, so it "
                       "can't be sacrificed (701.21a)", "701.21a", res.controller, res.controller)
            return
        sacrifice(res.d, res.controller, src.oid, why)
    return step


# ---------------------------------------------------------------- regeneration (701.19, 614.8)
@transform("regenerate_self")
def _regenerate_self(c: list[Any]) -> IR:
    return ("regenerate", ("self",))


@transform("regenerate_enchanted")
def _regenerate_enchanted(c: list[Any]) -> IR:
    return ("regenerate", ("enchanted",))


@transform("destroy_no_regeneration")
def _destroy_no_regeneration(c: list[Any]) -> IR:
    return ("can't be regenerated", c[0])


@instruction("regenerate")
def _regenerate_step(eff: IR) -> Step:
    whom = eff[1][0]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if whom == "enchanted":  # the permanent this Aura enchants as the ability resolves (303.4)
            host = res.state.obj(src.attached_to) if src is not None and src.attached_to is not None else None
            objs = [host] if host is not None and host.zone is Zone.BATTLEFIELD else []
        else:
            objs = [src] if src is not None and src.zone is Zone.BATTLEFIELD else []
        if not objs:
            res.d.note("nothing", f"{why}: there is no permanent to regenerate (701.19a)", "701.19a",
                       res.controller, res.controller)
        for obj in objs:
            add_shield(res.d, obj, why)
    return step


class _CantBeRegenerated(ConcreteResolution):
    """The resolution of "destroy ... . It can't be regenerated.": its destroying ignores
    regeneration shields (701.19c)."""

    def destroy(self, obj: GameObject, *, regenerate: bool = True) -> None:
        super().destroy(obj, regenerate=False)


@instruction("can't be regenerated")
def _no_regeneration_step(eff: IR) -> Step:
    inner = build.resolver((eff[1],))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        if not isinstance(res, ConcreteResolution):
            raise CannotBuild("\"can't be regenerated\" needs the engine's own resolution")  # never: one kind exists
        inner(_CantBeRegenerated(res.d, res.chooser, res.item, slots=res.slots, illegal=res.illegal), item)
    return step


@targets("can't be regenerated")
def _no_regeneration_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1],))


# ---------------------------------------------------------------- loyalty lines (606)
@transform("loyalty_mana")
def _loyalty_mana(c: list[Any]) -> IR:
    return ("loyalty", int(str(c[0])), (("add mana", tuple(c[1])),))


@transform("group_pump_until_end_of_turn")
def _group_pump_until_end_of_turn(c: list[Any]) -> IR:
    from mtgrules.cards.oracle.parse import _pt
    return ("group pump", c[0], _pt(str(c[1])), ())


@instruction("add mana")
def _add_mana_step(eff: IR) -> Step:
    symbols = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        name = res.name(src.oid) if src is not None else why
        pool = res.d.player(res.controller).pool
        added = tuple(make_mana(ManaType(t), name, res.d.new_id()) for t in symbols)
        res.d.update_player(res.controller, "106.4", f"{why}: {name} adds {pool_text(added)} to {res.controller}'s "
                            "pool as the ability resolves (it is a loyalty ability, not a mana ability, 605.1a)",
                            kind="mana added", pool=pool + added)
    return step
