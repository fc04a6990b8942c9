"""The permanents family of templates: Equipment and equip (301.5, 702.6), counters with names
(122.1), prevention (615), delayed triggers (603.7), "as ~ enters, choose a color" (614.12), and
the control-changing lines the kit reads only to say why it doesn't play them (613.1b).

The grammar's section "permanents" holds the templates; this module turns them into IR
(``@transform``), builds the abilities (``@ability_kind``) and follows the instructions as their
spell or ability resolves (``@instruction``). The rules are in ``rules/equipment.py``,
``rules/prevention.py`` and ``rules/delayed.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild, token_definition
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, transform
from mtgrules.core.abilities import (
    ActivatedAbility,
    Cost,
    EntersWith,
    GrantsAbility,
    ManaAbility,
    Resolution,
    StaticAbility,
)
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.delayed import OBJECTS, create_delayed, sacrifice_them
from mtgrules.rules.equipment import attach, equip_ability, equipped_gets
from mtgrules.rules.layers import on_battlefield
from mtgrules.rules.look_back import LAST_KNOWN
from mtgrules.rules.prevention import PreventionAbility, Recipient, add_prevention, no_layer_effects
from mtgrules.rules.tokens import create_tokens

Step = Callable[[Resolution, StackItem, str], None]

CONTROL_AS_LONG_AS = ("a control-changing effect that lasts \"for as long as\" a condition holds (611.2b) isn't "
                      "built yet")
"""Why "gain control of target creature for as long as that creature is enchanted" isn't played."""



def _pt(text: Any) -> tuple[int, int]:
    p, t = str(text).split("/")
    return int(p), int(t)


# ---------------------------------------------------------------- transforms: grammar -> IR
@transform("equip")
def _equip(c: list[Any]) -> IR:
    return ("equip", c[0][1])


@transform("equipped_pump")
def _equipped_pump(c: list[Any]) -> IR:
    return ("equipped", _pt(c[0]), (), (), None)


@transform("equipped_pump_grant")
def _equipped_pump_grant(c: list[Any]) -> IR:
    return ("equipped", _pt(c[0]), tuple(c[1]), (), None)


@transform("equipped_pump_lose")
def _equipped_pump_lose(c: list[Any]) -> IR:
    return ("equipped", _pt(c[0]), (), (str(c[1]),), None)


@transform("equipped_unblockable_grant")
def _equipped_unblockable_grant(c: list[Any]) -> IR:
    return ("equipped", (0, 0), ("can't be blocked", *c[0]), (), None)


@transform("equipped_pump_one_blocker")
def _equipped_pump_one_blocker(c: list[Any]) -> IR:
    return ("equipped", _pt(c[0]), ("can't be blocked by more than one creature",), (), None)


@transform("equipped_has_ability")
def _equipped_has_ability(c: list[Any]) -> IR:
    return ("equipped has", c[0])


@transform("equipped_pump_per_counter")
def _equipped_pump_per_counter(c: list[Any]) -> IR:
    return ("equipped", _pt(c[0]), (), (), str(c[1]))


@transform("enters_with_named")
def _enters_with_named(c: list[Any]) -> IR:
    n, kind = [x for x in c if isinstance(x, int) or getattr(x, "type", "") == "NAMED_COUNTER"]
    return ("enters with named counters", n, str(kind))


@transform("as_enters_choose_color")
def _choose_color(c: list[Any]) -> IR:
    return ("as enters choose", "color")


@transform("as_enters_choose_type")
def _choose_type(c: list[Any]) -> IR:
    return ("as enters choose", "creature type")


@transform("chosen_type_pump")
def _chosen_type_pump(c: list[Any]) -> IR:
    return ("chosen type pump", _pt(c[0]))


@transform("prevent_to_self")
def _prevent_to_self(c: list[Any]) -> IR:
    return ("prevents", "to self")


@transform("prevent_enchanted")
def _prevent_enchanted(c: list[Any]) -> IR:
    return ("prevents", "to and by enchanted")


@transform("control_enchanted")
def _control_enchanted(c: list[Any]) -> IR:
    return ("control", "enchanted creature")


@transform("named_counters_self")
def _named_counters_self(c: list[Any]) -> IR:
    return ("named counters", c[0], str(c[1]))


@transform("prevent_all_combat")
def _prevent_all_combat(c: list[Any]) -> IR:
    return ("prevent all combat",)


@transform("prevent_next")
def _prevent_next(c: list[Any]) -> IR:
    return ("prevent next", int(str(c[0])), c[1])


@transform("tokens_then_attach")
def _tokens_then_attach(c: list[Any]) -> IR:
    return ("tokens then attach", c[0])


@transform("tokens_then_sacrifice")
def _tokens_then_sacrifice(c: list[Any]) -> IR:
    return ("tokens then sacrifice", c[0], (str(c[1]),), str(c[2]))


@transform("gain_control")
def _gain_control(c: list[Any]) -> IR:
    return ("gain control", c[0], c[1] if len(c) > 1 else "")


@transform("control_duration")
def _control_duration(c: list[Any]) -> str:
    return " ".join(str(x) for x in c)


@transform("opponent_gains_control")
def _opponent_gains_control(c: list[Any]) -> IR:
    return ("opponent gains control", ("target opponent",))


# ---------------------------------------------------------------- abilities (a line each)
def _permanent_only(is_spell_card: bool, what: str) -> None:
    if is_spell_card:
        raise CannotBuild(f"{what} on an instant or sorcery isn't an ability it could use")


@ability_kind("equip")
def _equip_ability(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Equip {1}" (702.6a)."""
    _permanent_only(is_spell_card, "an equip ability")
    return "ability", equip_ability(Cost.of(ir[1]), line)


@ability_kind("equipped")
def _equipped(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Equipped creature gets +N/+N [and has K | and loses K | for each X counter on ~]" (301.5a)."""
    _permanent_only(is_spell_card, "a static ability of an Equipment")
    (p, t), granted, lost, per = ir[1], ir[2], ir[3], ir[4]

    def count(state: GameState, source: GameObject) -> int:
        return source.counter(per) if per else 1
    return "ability", StaticAbility(line, equipped_gets(line, p, t, granted, lost, count if per else None))


@ability_kind("equipped has")
def _equipped_has(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Equipped creature has "[Cost]: [Effect.]"": an activated ability the Equipment gives the
    creature it is attached to (613.1f), the creature's controller's to activate (301.5d); "this
    creature" in it is that creature, the ability's source (113.7a)."""
    _permanent_only(is_spell_card, "a static ability of an Equipment")
    inner = line[line.index('"') + 1:line.rindex('"')]
    kind, granted = build.ability(ir[1], inner, False)
    if kind != "ability" or not isinstance(granted, ActivatedAbility | ManaAbility):
        raise CannotBuild("the quoted ability isn't an activated ability the kit builds")
    return "ability", GrantsAbility(line, granted)


@ability_kind("enters with named counters")
def _enters_with_named_counters(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"~ enters the battlefield with three charge counters on it." (614.1c, 122.6)"""
    _permanent_only(is_spell_card, "\"enters with\"")
    return "ability", EntersWith(line, counters=((ir[2], ir[1]),))


@ability_kind("as enters choose")
def _as_enters_choose(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"As ~ enters the battlefield, choose a color." (614.12a: chosen before it enters)"""
    _permanent_only(is_spell_card, "\"as ~ enters\"")
    if ir[1] == "color":
        return "ability", EntersWith(line, choose_color=True)
    return "ability", EntersWith(line, choose_creature_type=True)  # any of them (205.3m)


@ability_kind("chosen type pump")
def _chosen_type_pump_ability(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Creatures you control of the chosen type get +1/+1.": the type its "as ~ enters" ability
    chose (607.2d, linked abilities), read at each moment (611.3a); layer 7c (613.4c)."""
    _permanent_only(is_spell_card, "a static ability of a permanent")
    p, t = ir[1]

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        kind = dict(source.chosen).get("creature type")
        if kind is None:  # it chose none (it didn't enter the battlefield as the text says): none is boosted
            return []

        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return (obj.controller == source.controller and on_battlefield(st, obj) and chars.is_creature
                    and kind in chars.subtypes)
        return [Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies, delta=(p, t))]
    return "ability", StaticAbility(line, effects)


def _to_self(state: GameState, holder: GameObject, source: int, recipient: Recipient, combat: bool) -> bool:
    return recipient == holder.oid


def _to_and_by_enchanted(state: GameState, holder: GameObject, source: int, recipient: Recipient,
                         combat: bool) -> bool:
    host = holder.attached_to
    return host is not None and (recipient == host or source == host)


@ability_kind("prevents")
def _prevents(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Prevent all damage that would be dealt to ~." (a static prevention effect, 615.1a)"""
    _permanent_only(is_spell_card, "a static prevention effect")
    test = _to_self if ir[1] == "to self" else _to_and_by_enchanted
    return "ability", PreventionAbility(line, no_layer_effects, prevents=test)  # type: ignore[arg-type]


@ability_kind("control")
def _control(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"You control enchanted creature." (Persuasion): a layer 2 effect from a static ability
    (613.1b, 611.3a); while the Aura is on the battlefield attached to it, the Aura's controller
    controls the creature, and control goes back when it isn't (611.3a)."""
    _permanent_only(is_spell_card, "a static ability of an Aura")

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return source.attached_to == obj.oid and on_battlefield(st, obj)
        return [Effect("2", line, "613.1b", source.oid, source.timestamp, applies=applies,
                       set_controller=source.controller)]
    return "ability", StaticAbility(line, effects)


# ---------------------------------------------------------------- instructions (608.2c)
@instruction("named counters")
def _named_counters_step(eff: IR) -> Step:
    """"Put a charge counter on ~" (122.1): on this permanent, if it is still on the battlefield."""
    n, kind = eff[1], eff[2]

    def put(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is not None and src.zone is Zone.BATTLEFIELD:
            res.add_counters(src, kind, n, "122.1")
    return put


@instruction("prevent all combat")
def _prevent_all_combat_step(eff: IR) -> Step:
    """"Prevent all combat damage that would be dealt this turn." (615.1a, 615.3)"""
    def prevent(res: Resolution, item: StackItem, why: str) -> None:
        add_prevention(res.d, why, "Prevent all combat damage that would be dealt this turn.", item.source,
                       combat_only=True)
    return prevent


@instruction("prevent next")
def _prevent_next_step(eff: IR) -> Step:
    """"Prevent the next N damage that would be dealt to any target this turn." (a shield, 615.7)"""
    n = eff[1]
    if eff[2] != ("any target",):
        raise CannotBuild("a prevention shield on anything but \"any target\" isn't built yet")

    def shield(res: Resolution, item: StackItem, why: str) -> None:
        for t in res.any_targets():
            to: ObjRef | str = t if isinstance(t, str) else t.ref
            add_prevention(res.d, why, f"Prevent the next {n} damage that would be dealt to "
                           f"{t if isinstance(t, str) else res.name(t.oid)} this turn.", item.source, to=to, amount=n)
    return shield


@instruction("tokens then attach")
def _tokens_then_attach_step(eff: IR) -> Step:
    """"Create a 1/1 white Soldier creature token, then attach ~ to it." (111.1, 701.3a)"""
    tokens = eff[1]
    if tokens[1] != 1:
        raise CannotBuild("attaching to one of several tokens made at once isn't built yet")
    name = token_definition(tokens)

    def make_and_attach(res: Resolution, item: StackItem, why: str) -> None:
        made = create_tokens(res.d, name, res.controller, why, 1)
        src = res.source()
        if src is None:
            return  # the Equipment has left the battlefield: there is nothing to attach (701.3b)
        for token in made:
            if res.state.resolve_ref(token.ref) is not None:
                attach(res.d, src.oid, token.oid, why)
    return make_and_attach


_WHEN = {"the beginning of the next end step": "the next end step", "end of combat": "end of combat"}


@instruction("tokens then sacrifice")
def _tokens_then_sacrifice_step(eff: IR) -> Step:
    """"Create two 1/1 red Elemental creature tokens. They gain haste. Sacrifice them at the
    beginning of the next end step." The tokens gain the keyword with no stated duration, so for
    as long as they are on the battlefield (611.2a); the last sentence is a delayed triggered
    ability, made as the ability resolves (603.7a), that sacrifices those tokens (603.7c)."""
    tokens, granted, when = eff[1], eff[2], _WHEN[eff[3]]
    name, n = token_definition(tokens), tokens[1]
    text = f"Sacrifice them at {eff[3]}."
    delayed = sacrifice_them(text, when)
    keywords = frozenset(Keyword(k) for k in granted)

    def make(res: Resolution, item: StackItem, why: str) -> None:
        made = create_tokens(res.d, name, res.controller, why, n)
        refs = tuple(t.ref for t in made if res.state.resolve_ref(t.ref) is not None)
        if refs:
            gain = Effect("6", f"{why}: they gain {', '.join(granted)}", "613.1f", item.source.oid,
                          res.d.new_timestamp(), affected=refs, add_keywords=keywords)
            res.d.set_scalar("611.2a", effects=res.d.effects + (gain,))
        src = res.source()
        if src is None:
            was = item.get(LAST_KNOWN)
            src = was if isinstance(was, GameObject) else res.state.obj(item.source.oid)
        create_delayed(res.d, delayed, src, res.controller, why, ((OBJECTS, refs),))
    return make


@instruction("gain control")
def _gain_control_step(eff: IR) -> Step:
    """"Gain control of target permanent [until end of turn]." (Agent of Treachery): a layer 2
    effect locked to the target (613.1b, 611.2c), for as long as the text says (611.2a: with no
    duration, for the rest of the game)."""
    duration = eff[2]
    if duration not in ("", "until end of turn"):
        raise CannotBuild(CONTROL_AS_LONG_AS)
    until_end_of_turn = duration == "until end of turn"

    def steal(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            res.continuous(obj, f"{why}: {res.controller} controls {res.name(obj.oid)}"
                           + (" until end of turn" if until_end_of_turn else ""),
                           {"layer": "2", "set_controller": res.controller}, until_end_of_turn=until_end_of_turn)
    return steal


@instruction("opponent gains control")
def _opponent_gains_control_step(eff: IR) -> Step:
    """"Target opponent gains control of it." (Sleeper Agent): the permanent itself, for the rest
    of the game (613.1b, 611.2a), if it is still on the battlefield as the same object (400.7)."""
    def give(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.BATTLEFIELD:
            return
        for player in res.target_players():
            res.continuous(src, f"{why}: {player} controls {res.name(src.oid)}",
                           {"layer": "2", "set_controller": player})
    return give
