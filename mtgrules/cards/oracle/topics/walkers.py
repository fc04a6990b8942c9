"""Planeswalkers' lines, "unless" costs and regeneration: the templates of the grammar's section
"planeswalkers, "unless", regenerate": loyalty lines (606), emblems (114), costs paid as an
instruction is followed (118.12) and regeneration (701.19).

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
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, targets, transform
from mtgrules.core.abilities import ActivatedAbility, Cost, Resolution
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import ManaType, make_mana, pool_text
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.emblems import emblem_definition, get_emblem
from mtgrules.rules.keyword_actions import fight
from mtgrules.rules.layers import characteristics
from mtgrules.rules.regenerate import add_shield, cant_be_regenerated_this_turn
from mtgrules.rules.resolution import Resolution as ConcreteResolution
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.targeting import opponents, player_targets
from mtgrules.rules.unless import discards, pays, pays_one_of, sacrifices

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
    usual, instead = eff[2], (eff[3] if len(eff) > 3 else None)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        cost = instead[1] if instead is not None and _you_control_a_flier(res) else usual
        for spell in res.targets():
            caster = next((i.controller for i in res.d.stack if i.kind == "spell" and i.source.oid == spell.oid),
                          spell.controller)  # the spell's controller (110.2) answers, not the counterspell's
            if not pays(res.d, res.chooser, caster, cost, why, f"counter {res.name(spell.oid)}"):
                res.counter(spell)
    return step


@transform("sacrifice_unless_you_discard")
def _sacrifice_unless_discard(c: list[Any]) -> IR:
    return ("sacrifice self unless discards", str(c[-1]))


@transform("counter_unless_pays_more_with_flier")
def _counter_unless_more(c: list[Any]) -> IR:
    return ("counter unless pays", c[0], str(c[1]).upper(), ("you control a creature with flying", str(c[2]).upper()))


@transform("may_sacrifice_if_you_do")
def _may_sacrifice(c: list[Any]) -> IR:
    return ("may sacrifice", str(c[0]), c[1])


def _you_control_a_flier(res: Resolution) -> bool:
    """"If you control a creature with flying", read as the instruction is followed (608.2c)."""
    state = res.state
    return any(characteristics(state, o.oid).is_creature and Keyword.FLYING in characteristics(state, o.oid).keywords
               for o in state.battlefield(res.controller))


def _unless_self_step(pay: Callable[[Resolution, StackItem, str, str], bool]) -> Step:
    """"Sacrifice ~ unless you [pay]": its controller may pay; if not, they sacrifice it (118.12a)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        name = res.name(src.oid) if src is not None else item.label.split(":")[0]
        if pay(res, item, why, f"sacrifice {name}"):
            return
        if src is None or src.zone is not Zone.BATTLEFIELD or src.controller != res.controller:
            # it left, or another player controls it now: it can't be sacrificed (701.21a)
            res.d.note("nothing", f"{why}: {name} is no longer a permanent {res.controller} controls, so it "
                       "can't be sacrificed (701.21a)", "701.21a", res.controller, res.controller)
            return
        sacrifice(res.d, res.controller, src.oid, why)
    return step


@instruction("sacrifice self unless pays")
def _sacrifice_unless_step(eff: IR) -> Step:
    cost = eff[1]
    return _unless_self_step(lambda res, item, why, otherwise: pays(res.d, res.chooser, res.controller, cost, why,
                                                                    otherwise))


@instruction("sacrifice self unless discards")
def _sacrifice_unless_discards_step(eff: IR) -> Step:
    words = eff[1]
    creature = words == "a creature card"

    def test(state: GameState, obj: GameObject) -> bool:
        return not creature or "Creature" in characteristics(state, obj.oid).types

    return _unless_self_step(lambda res, item, why, otherwise: discards(res.d, res.chooser, res.controller, test,
                                                                        words, why, otherwise))


@instruction("may sacrifice")
def _may_sacrifice_step(eff: IR) -> Step:
    words, then = eff[1], build.resolver((eff[2],))
    other = words.startswith("another")

    def step(res: Resolution, item: StackItem, why: str) -> None:
        def test(state: GameState, obj: GameObject) -> bool:
            return characteristics(state, obj.oid).is_creature and not (other and obj.oid == item.source.oid)
        if sacrifices(res.d, res.chooser, res.controller, test, words, why):
            then(res, item)  # "If you do" (118.12)
    return step


@targets("may sacrifice")
def _may_sacrifice_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[2],))


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
    """"Elementals you control get +2/+0 until end of turn": the group as effects.py reads a
    creature type in the plural (205.3m; a word that is none is refused there, with the reason)."""
    from mtgrules.cards.oracle.parse import _pt
    from mtgrules.cards.oracle.topics.effects import _quality
    return ("group pump", ("group", None, _quality(str(c[0]), False), "you"), _pt(str(c[1])), ())


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


# ---------------------------------------------------------------- emblems (114)
@transform("loyalty_emblem")
def _loyalty_emblem(c: list[Any]) -> IR:
    return ("loyalty emblem", int(str(c[0])), "you", c[1])


@transform("loyalty_emblem_each_opponent")
def _loyalty_emblem_each_opponent(c: list[Any]) -> IR:
    return ("loyalty emblem", int(str(c[0])), "each opponent", c[1])


@transform("this_emblem_deals_damage_to_you")
def _emblem_damage(c: list[Any]) -> IR:
    return ("damage", c[0], ("you",))  # its source is the emblem, the ability's source (114.4, 120.3)


@ability_kind("loyalty emblem")
def _loyalty_emblem_ability(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"[−8]: You get an emblem with "..."": a loyalty ability (606.3) that, as it resolves, puts
    an emblem with that ability into its controller's command zone, or each opponent's (114.2)."""
    if is_spell_card or '"' not in line:
        raise CannotBuild("an emblem is made by a loyalty ability whose text quotes the emblem's ability (114.2)")
    quoted = line[line.index('"') + 1:line.rindex('"')]
    kind, inner = build.ability(ir[3], quoted, False)
    if kind != "ability":
        raise CannotBuild("an emblem with only keywords isn't played yet")
    name = emblem_definition(quoted, inner)
    who = ir[2]

    def resolve(res: Resolution, item: StackItem) -> None:
        players = [res.controller] if who == "you" else [
            p for p in player_targets(res.state) if opponents(res.state, res.controller, p)]
        for p in players:
            get_emblem(res.d, p, name, item.label)
    return "ability", ActivatedAbility(Cost.of(loyalty=ir[1]), line, resolve)


@transform("emblem_ability")
def _emblem_ability(c: list[Any]) -> IR:
    return tuple(c[0])


# ---------------------------------------------------------------- more regeneration and "unless" (701.19c, 118.12a)
@transform("destroy_all_theirs")
def _destroy_all_theirs(c: list[Any]) -> IR:
    return ("destroy all creatures you don't control",)


@instruction("destroy all creatures you don't control")
def _destroy_all_theirs_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        doomed = [o for o in state.battlefield() if o.controller != res.controller
                  and characteristics(state, o.oid).is_creature]
        with res.d.one_event():  # destroyed at once (701.8a, 603.10a)
            for obj in doomed:
                res.destroy(obj)
    return step


@transform("damage_no_regeneration")
def _damage_no_regeneration(c: list[Any]) -> IR:
    return ("damage, then can't be regenerated this turn", c[0])


@instruction("damage, then can't be regenerated this turn")
def _damage_no_regeneration_step(eff: IR) -> Step:
    deal = build.resolver((eff[1],))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        start = len(res.d.events)
        deal(res, item)
        state = res.state
        dealt = {ev.obj for ev in res.d.events[start:] if ev.attribute == "damage" and isinstance(ev.obj, int)
                 and isinstance(ev.after, int) and isinstance(ev.before, int) and ev.after > ev.before}
        for oid in sorted(dealt):  # a creature dealt damage this way (prevented damage isn't dealt, 615.1)
            obj = state.obj(oid)
            if obj.zone is Zone.BATTLEFIELD and characteristics(state, oid).is_creature:
                cant_be_regenerated_this_turn(res.d, obj, why)
    return step


@targets("damage, then can't be regenerated this turn")
def _damage_no_regeneration_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1],))


@transform("damage_unless_sacrifice")
def _damage_unless_sacrifice(c: list[Any]) -> IR:
    return ("damage unless sacrifices", c[-1], ("target opponent",))


@instruction("damage unless sacrifices")
def _damage_unless_sacrifice_step(eff: IR) -> Step:
    n = eff[1]

    def is_creature(state: GameState, obj: GameObject) -> bool:
        return characteristics(state, obj.oid).is_creature

    def step(res: Resolution, item: StackItem, why: str) -> None:
        source = res.name(item.source.oid) if res.state.resolve_ref(item.source) else item.label.split(":")[0]
        for player in res.target_players():
            if not sacrifices(res.d, res.chooser, player, is_creature, "a creature", why,
                              otherwise=f"{source} deals {n} damage to {player}"):
                res.damage(player, n)
    return step


# ---------------------------------------------------------------- marked with their reason
@transform("end_the_turn")
def _end_the_turn(c: list[Any]) -> IR:
    return ("end the turn",)


@instruction("end the turn")
def _end_the_turn_step(eff: IR) -> Step:
    # The rules for ending the turn are 723.1 in the January 2026 text; section 7 was renumbered in the
    # edition the kit cites, so the reason names no number it can't vouch for.
    raise CannotBuild("\"End the turn\" isn't played yet: the kit can't yet exile every object on the stack, "
                      "the resolving spell with it, and skip straight to the cleanup step")


# ---------------------------------------------------------------- one of two costs (118.12)
@transform("may_sacrifice_or_discard_if_you_do")
def _may_sacrifice_or_discard(c: list[Any]) -> IR:
    return ("may sacrifice or discard", c[-1])


@instruction("may sacrifice or discard")
def _may_sacrifice_or_discard_step(eff: IR) -> Step:
    then = build.resolver((eff[1],))

    def creature(state: GameState, obj: GameObject) -> bool:
        return characteristics(state, obj.oid).is_creature

    def step(res: Resolution, item: StackItem, why: str) -> None:
        if pays_one_of(res.d, res.chooser, res.controller, creature, why):
            then(res, item)  # "If you do" (118.12)
    return step


@targets("may sacrifice or discard")
def _may_sacrifice_or_discard_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1],))


# ---------------------------------------------------------------- modes seen under "choose one —" (700.2)
@transform("double_counters_self")
def _double_counters_self(c: list[Any]) -> IR:
    return ("double counters", ("self",))


@transform("counters_then_double")
def _counters_then_double(c: list[Any]) -> IR:
    return ("counters then double", c[0])


@transform("self_fights")
def _self_fights(c: list[Any]) -> IR:
    return ("self fights", c[-1])


def _double_plus_one(res: Resolution, obj: GameObject, why: str) -> None:
    """Give it as many +1/+1 counters as it has (701.10e); with none, none."""
    now = res.state.obj(obj.oid)
    n = now.counter("+1/+1")
    if n == 0:
        res.d.note("nothing", f"{why}: {res.name(obj.oid)} has no +1/+1 counters, so doubling adds none (701.10e)",
                   "701.10e", obj.oid, res.name(obj.oid))
        return
    res.add_counters(now, "+1/+1", n, "701.10e")


@instruction("double counters")
def _double_counters_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is not None and src.zone is Zone.BATTLEFIELD:
            _double_plus_one(res, src, why)
    return step


@instruction("counters then double")
def _counters_then_double_step(eff: IR) -> Step:
    put = build.resolver((eff[1],))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        put(res, item)
        for obj in res.targets():  # "that creature": the one the counter was put on (608.2c)
            _double_plus_one(res, obj, why)
    return step


@targets("counters then double")
def _counters_then_double_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1],))


@instruction("self fights")
def _fight_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        for other in res.targets():
            if src is None:  # it left: it can't fight, so neither does the other (701.14b)
                res.d.note("no fight", f"{why}: its source is gone, so no fight happens (701.14b)", "701.14b",
                           other.oid, res.name(other.oid))
                continue
            fight(res.d, src, other, why, res.chooser)
    return step


@transform("then_if_outnumbered")
def _then_if_outnumbered(c: list[Any]) -> IR:
    return ("if an opponent controls more creatures", c[-1])


@instruction("if an opponent controls more creatures")
def _if_outnumbered_step(eff: IR) -> Step:
    then = build.resolver((eff[1],))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state

        def creatures(player: str) -> int:
            return sum(1 for o in state.battlefield(player) if characteristics(state, o.oid).is_creature)
        mine = creatures(res.controller)
        more = [p for p in player_targets(state) if opponents(state, res.controller, p) and creatures(p) > mine]
        if more:
            res.d.note("if check", f"{why}: {more[0]} controls more creatures than {res.controller} ({creatures(more[0])}"
                       f" to {mine}), so it happens (608.2c)", "608.2c", res.controller, res.controller)
            then(res, item)
        else:
            res.d.note("if check", f"{why}: no opponent controls more creatures than {res.controller} ({mine}), so "
                       "nothing more happens (608.2c)", "608.2c", res.controller, res.controller)
    return step


@targets("if an opponent controls more creatures")
def _if_outnumbered_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1],))


@transform("loyalty_on_each_colored_walker")
def _loyalty_on_each_colored_walker(c: list[Any]) -> IR:
    return ("loyalty counter on each planeswalker you control of color", str(c[0]))


@instruction("loyalty counter on each planeswalker you control of color")
def _loyalty_on_each_step(eff: IR) -> Step:
    color = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        for obj in state.battlefield(res.controller):
            chars = characteristics(state, obj.oid)
            if "Planeswalker" in chars.types and color in chars.colors:  # its colour now (105.2, 613.1e)
                res.add_counters(obj, "loyalty", 1, "122.1")
    return step
