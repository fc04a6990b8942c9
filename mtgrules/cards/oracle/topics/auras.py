"""What an Aura or Equipment gives the permanent it is attached to, lands that become creatures
until end of turn, and instructions for every creature of a kind.

An Aura's "Enchanted creature gets +3/+1, has flying, and is a Demon in addition to its other
types." is one effect in three layers (613.6): the type in layer 4 (613.1d, 205.1b), the ability in
layer 6 (613.1f), the bonus in layer 7c (613.4c), each with the Aura's timestamp, applying to
whatever the Aura is attached to at the moment (611.3a, 303.4, 301.5a). An ability in quotation
marks is granted whole ("has "{T}: ..."", 613.1f): it is read with the same grammar as a printed
line, and a quoted ability the kit can't build leaves the whole line not played.

A land's "~ becomes a 2/1 blue Faerie creature with flying until end of turn. It's still a land."
is one effect in four layers from the ability's resolution (611.2a): creature type and card type
added, keeping the land's own (205.1b), colour set (613.1e), flying (613.1f), 2/1 set (613.4b).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, transform
from mtgrules.core.abilities import ActivatedAbility, GrantsAbility, ManaAbility, Resolution, StaticAbility
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, StackItem, Zone, set_counter
from mtgrules.core.state import GameState
from mtgrules.rules.combat.state import is_attacking
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.zones import move

Step = Callable[[Resolution, StackItem, str], None]

GRANTED_TRIGGER = ("a triggered ability in quotation marks that an Aura or Equipment grants isn't built yet "
                   "(the kit grants activated and mana abilities, 613.1f)")


def _pt(text: Any) -> tuple[int, int]:
    p, t = str(text).split("/")
    return int(p), int(t)


def _quoted(token: Any) -> IR:
    """The IR of the ability inside the quotation marks, read as a line of its own."""
    from mtgrules.cards.oracle.parse import parse

    return ("quoted", str(token)[1:-1].strip(), parse(str(token)[1:-1].strip()))


# ---------------------------------------------------------------- transforms: grammar -> IR
@transform("attached_subject")
def _subject(c: list[Any]) -> str:
    return " ".join(str(x) for x in c)


@transform("attached_pump_quoted")
def _attached_pump_quoted(c: list[Any]) -> IR:
    return ("attached", c[0], _pt(c[1]), (), (), _quoted(c[2]))


@transform("attached_quoted")
def _attached_quoted(c: list[Any]) -> IR:
    return ("attached", str(c[0]), (0, 0), (), (), _quoted(c[1]))


@transform("attached_pump_grant_type")
def _attached_pump_grant_type(c: list[Any]) -> IR:
    subject, pt, kws, subtype = c
    return ("attached", subject, _pt(pt), tuple(kws), (str(subtype).capitalize(),), None)


@transform("attached_pump_cant_block")
def _attached_pump_cant_block(c: list[Any]) -> IR:
    return ("attached", c[0], _pt(c[1]), (Keyword.CANT_BLOCK.value,), (), None)


@transform("animate_with")
def _animate_with(c: list[Any]) -> IR:
    return ("with", *c[0])


@transform("animate_land")
def _animate_land(c: list[Any]) -> IR:
    pt, color, *rest = [x for x in c if getattr(x, "type", "") != "SELF"]
    subtypes = tuple(str(x).capitalize() for x in rest if not isinstance(x, tuple))
    kws = next((x[1:] for x in rest if isinstance(x, tuple)), ())
    return ("animate land", _pt(pt), str(color), subtypes, kws)


@transform("tap_all_without_flying")
def _tap_all(c: list[Any]) -> IR:
    return ("tap all", "creatures without flying")


@transform("bounce_all_creatures")
def _bounce_all(c: list[Any]) -> IR:
    return ("bounce all", "creatures")


@transform("pump_attacking")
def _pump_attacking(c: list[Any]) -> IR:
    return ("pump attacking", _pt(c[0]))


# ---------------------------------------------------------------- abilities
def _attached(source: GameObject) -> Callable[[GameState, GameObject, Chars], bool]:
    """The permanent ``source`` is attached to, while both are on the battlefield (301.5a, 303.4)."""
    def applies(st: GameState, obj: GameObject, _chars: Chars) -> bool:
        return source.attached_to == obj.oid and on_battlefield(st, obj)
    return applies


def _granted(quoted: IR, line: str) -> ActivatedAbility | ManaAbility:
    """The ability in quotation marks, built as a printed line is; "this creature" in it is the
    permanent that has it (113.7a), so a quote naming the Aura itself is refused."""
    _, text, ir = quoted
    raw = line[line.index('"') + 1:line.rindex('"')]
    if "~" in text and not re.search(r"\bthis (creature|land|permanent)\b", raw, re.IGNORECASE):
        raise CannotBuild("the quoted ability names the Aura or Equipment itself, which the kit doesn't read yet")
    kind, granted = build.ability(ir, raw, False)
    if kind == "ability" and isinstance(granted, ActivatedAbility | ManaAbility):
        return granted
    if kind == "ability":
        raise CannotBuild(GRANTED_TRIGGER)
    raise CannotBuild("the quoted text isn't an activated ability the kit builds")


@ability_kind("attached")
def _attached_static(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """The parts of one effect on the attached permanent, each in its layer (613.6)."""
    if is_spell_card:
        raise CannotBuild("an Aura's or Equipment's static ability on an instant or sorcery isn't played")
    _, subject, (p, t), kws, subtypes, quoted = ir
    keywords = frozenset(Keyword(k) for k in kws)
    grant = _granted(quoted, line) if quoted is not None else None
    parts = (p, t) != (0, 0) or keywords or subtypes

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        applies = _attached(source)
        out: list[Effect] = []
        if subtypes:
            out.append(Effect("4", f"{line}: a {', '.join(subtypes)} in addition to its other types", "205.1b",
                              source.oid, source.timestamp, applies=applies, add_subtypes=frozenset(subtypes)))
        return out + build.grant_and_pump(line, source, applies, keywords, (p, t))

    made: list[Any] = [StaticAbility(line, effects)] if parts else []
    if grant is not None:
        made.append(GrantsAbility(line, grant))
    return ("abilities", tuple(made)) if len(made) > 1 else ("ability", made[0])


# ---------------------------------------------------------------- instructions
@instruction("animate land")
def _animate(ir: IR) -> Step:
    """The ability's source becomes a creature until end of turn and is still a land (205.1b):
    one effect, its parts in layers 4, 5, 6 and 7b (613.6), locked to this object (611.2c)."""
    _, (p, t), color, subtypes, kws = ir
    keywords = frozenset(Keyword(k) for k in kws)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or not on_battlefield(res.state, src):
            return  # it left the battlefield: nothing becomes a creature (608.2b's spirit, 400.7)
        parts: list[dict[str, Any]] = [
            {"layer": "4", "add_types": frozenset({"Creature"}), "add_subtypes": frozenset(subtypes),
             "rule": "205.1b"},
            {"layer": "5", "set_colors": frozenset({color}), "rule": "613.1e"}]
        if keywords:
            parts.append({"layer": "6", "add_keywords": keywords, "rule": "613.1f"})
        parts.append({"layer": "7b", "set_pt": (p, t), "rule": "613.4b"})
        res.continuous(src, f"{why}: a {p}/{t} creature until end of turn, still a land", *parts,
                       until_end_of_turn=True)
    return step


@instruction("tap all")
def _tap_all_step(ir: IR) -> Step:
    """"Tap all creatures without flying." (701.26a: only untapped ones are tapped)"""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        for obj in [o for o in state.objects if o.zone is Zone.BATTLEFIELD and not o.tapped]:
            chars = characteristics(state, obj.oid)
            if chars.is_creature and Keyword.FLYING not in chars.keywords:
                res.d.update(obj.oid, "701.26a", f"{why}: {res.name(obj.oid)} becomes tapped", tapped=True)
    return step


@instruction("bounce all")
def _bounce_all_step(ir: IR) -> Step:
    """"Return all creatures to their owners' hands." (400.3): all at once, one event (603.10a)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        leaving = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).is_creature]
        with res.d.one_event():
            for obj in leaving:
                move(res.d, obj.oid, Zone.HAND, "400.3", f"{why}: {res.name(obj.oid)} returns to its owner's hand")
    return step


@instruction("pump attacking")
def _pump_attacking_step(ir: IR) -> Step:
    """"Attacking creatures get +2/+0 until end of turn.": the creatures attacking as it resolves,
    locked in (611.2c), the bonus in layer 7c (613.4c)."""
    _, (p, t) = ir

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        for obj in [o for o in state.objects if o.zone is Zone.BATTLEFIELD and is_attacking(state, o.oid)]:
            res.pump(obj, p, t, "613.4c", f"{why}: {res.name(obj.oid)} gets {p:+d}/{t:+d} until end of turn")
    return step


# ---------------------------------------------------------------- characteristic-defining abilities
_CDA_TYPES = {"creatures": ("Creature", None), "lands": ("Land", None), "artifacts": ("Artifact", None),
              "swamps": ("Land", "Swamp"), "forests": ("Land", "Forest"), "islands": ("Land", "Island"),
              "mountains": ("Land", "Mountain"), "plains": ("Land", "Plains")}


@transform("cda_yours")
def _cda_yours(c: list[Any]) -> IR:
    return ("yours", str(c[0]))


@transform("cda_creature_cards_everywhere")
def _cda_creature_cards(c: list[Any]) -> IR:
    return ("cards in graveyards", "all", ("Creature",))


@transform("cda_instants_sorceries_yours")
def _cda_instants_sorceries(c: list[Any]) -> IR:
    return ("cards in graveyards", "yours", ("Instant", "Sorcery"))


@transform("cda_pt")
def _cda_pt(c: list[Any]) -> IR:
    return ("cda", "power and toughness", c[-1])


@transform("cda_power")
def _cda_power(c: list[Any]) -> IR:
    return ("cda", "power", c[-1])


def _count(state: GameState, source: GameObject, what: IR, chars: Mapping[int, Chars],
           controller: Callable[[int], str]) -> int:
    """The number a characteristic-defining ability counts, from the objects as the layers have
    made them when it applies (613.4a): their types after layer 4, their controllers after layer 2."""
    if what[0] == "yours":
        card_type, subtype = _CDA_TYPES[what[1]]
        you = controller(source.oid) if source.zone is Zone.BATTLEFIELD else source.owner
        return sum(1 for obj in state.objects if obj.zone is Zone.BATTLEFIELD and controller(obj.oid) == you
                   and card_type in chars[obj.oid].types and (subtype is None or subtype in chars[obj.oid].subtypes))
    _, whose, kinds = what
    return sum(1 for obj in state.objects if obj.zone is Zone.GRAVEYARD
               and (whose == "all" or obj.owner == source.owner) and bool(set(kinds) & chars[obj.oid].types))


@ability_kind("cda")
def _cda(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"~'s power and toughness are each equal to ...": a characteristic-defining ability, which
    functions in every zone (604.3) and applies in layer 7a, before other P/T effects (613.4a)."""
    _, which, what = ir

    def amount(state: GameState, obj: GameObject, chars: Mapping[int, Chars],
               controller: Callable[[int], str]) -> tuple[int, int | None]:
        n = _count(state, obj, what, chars, controller)
        return (n, n) if which == "power and toughness" else (n, None)

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        return [Effect("7a", line, "613.4a", source.oid, source.timestamp, affected=(source.ref,),
                       amount=amount, cda=True)]
    return "ability", StaticAbility(line, effects, zones=frozenset(Zone))


# ---------------------------------------------------------------- costs, the enchanted creature, colour tests
@transform("exile_self_cost")
def _exile_self_cost(c: list[Any]) -> IR:
    return ("exile self",)


@transform("remove_counter_cost")
def _remove_counter_cost(c: list[Any]) -> IR:
    return ("remove counter", next(str(x) for x in c if getattr(x, "type", "") in ("COUNTER_KIND", "NAMED_COUNTER")))


@transform("thats_either_color")
def _thats_either_color(c: list[Any]) -> IR:
    return ("with", "either color", tuple(str(x) for x in c))


@transform("pump_enchanted")
def _pump_enchanted(c: list[Any]) -> IR:
    return ("pump enchanted", _pt(c[0]))


@instruction("pump enchanted")
def _pump_enchanted_step(ir: IR) -> Step:
    """"Enchanted creature gets +1/+0 until end of turn.": the creature the Aura enchants as the
    ability resolves (303.4, 611.2c), if it still enchants one."""
    _, (p, t) = ir

    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or src.attached_to is None or not on_battlefield(res.state, src):
            return
        host = res.state.obj(src.attached_to)
        if host.zone is Zone.BATTLEFIELD:
            res.pump(host, p, t, "613.4c", f"{why}: {res.name(host.oid)} gets {p:+d}/{t:+d} until end of turn")
    return step


# ---------------------------------------------------------------- the chosen colour
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
@transform("self_protection_chosen_color")
def _self_protection_chosen(c: list[Any]) -> IR:
    return ("protection from chosen color",)


@ability_kind("protection from chosen color")
def _protection_chosen(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"~ has protection from the chosen color.": the colour its "as ~ enters" ability chose
    (607.2d), read at each moment (611.3a); none chosen, no protection."""
    if is_spell_card:
        raise CannotBuild("a permanent's static ability on an instant or sorcery isn't played")

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        letter = dict(source.chosen).get("color")
        if letter is None:
            return []
        color = _COLOR_NAMES[str(letter)]
        return [Effect("6", f"{line} ({color})", "702.16a", source.oid, source.timestamp, affected=(source.ref,),
                       add_keywords=frozenset({Keyword(f"protection from {color}")}))]
    return "ability", StaticAbility(line, effects)


# ---------------------------------------------------------------- static bonuses "for each"
@transform("per_yours")
def _per_yours(c: list[Any]) -> IR:
    return ("yours", str(c[0]) + ("" if str(c[0]) == "plains" else "s"))


@transform("per_on_battlefield")
def _per_on_battlefield(c: list[Any]) -> IR:
    return ("on the battlefield", str(c[0]).capitalize())


@transform("per_other_named_self")
def _per_other_named(c: list[Any]) -> IR:
    return ("other named self",)


@transform("static_pump_per")
def _static_pump_per(c: list[Any]) -> IR:
    subject = "self" if getattr(c[0], "type", "") == "SELF" else "enchanted creature"
    pt = next(x for x in c if getattr(x, "type", "") == "PT")
    return ("static per", subject, _pt(pt), c[-1])


def _per_count(state: GameState, source: GameObject, what: IR, chars: Mapping[int, Chars],
               controller: Callable[[int], str]) -> int:
    """How many of ``what`` there are as layer 7c applies (613.4c): types after layer 4, controllers
    after layer 2, names after layer 1 (a copy's name is the copied card's, 707.2)."""
    if what[0] == "yours":
        return _count(state, source, what, chars, controller)
    here = [o for o in state.objects if o.zone is Zone.BATTLEFIELD]
    if what[0] == "on the battlefield":
        return sum(1 for o in here if what[1] in chars[o.oid].types)
    name = chars[source.oid].name
    return sum(1 for o in here if o.oid != source.oid and chars[o.oid].is_creature and chars[o.oid].name == name)


@ability_kind("static per")
def _static_per(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"gets +1/+1 for each ...": a layer 7c bonus whose size is counted as it applies (613.4c),
    to the permanent itself or to the creature the Aura enchants (303.4), at each moment (611.3a)."""
    if is_spell_card:
        raise CannotBuild("a permanent's static ability on an instant or sorcery isn't played")
    _, subject, (p, t), what = ir

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        counted_for = source  # what "you" and "named ~" mean: the permanent with the ability

        def amount(st: GameState, obj: GameObject, chars: Mapping[int, Chars],
                   controller: Callable[[int], str]) -> tuple[int, int]:
            n = _per_count(st, counted_for, what, chars, controller)
            return (p * n, t * n)
        if subject == "self":
            return [Effect("7c", line, "613.4c", source.oid, source.timestamp, affected=(source.ref,), amount=amount)]
        return [Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=_attached(source), amount=amount)]
    return "ability", StaticAbility(line, effects)


DECK_RULE = ("a rule for building a deck (100.2a); the kit plays games on boards, not from decks, so the line "
             "has nothing to do here")


@transform("deck_any_number")
def _deck_any_number(c: list[Any]) -> IR:
    return ("deck rule", "any number named self")


@ability_kind("deck rule")
def _deck_rule(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    raise CannotBuild(DECK_RULE)


# ---------------------------------------------------------------- instructions for a group
def _yours_on_battlefield(res: Resolution, creatures_only: bool) -> list[GameObject]:
    state = res.state
    return [o for o in state.objects if o.zone is Zone.BATTLEFIELD and o.controller == res.controller
            and (not creatures_only or characteristics(state, o.oid).is_creature)]


@transform("counter_on_each_yours")
def _counter_on_each_yours(c: list[Any]) -> IR:
    return ("counter on each yours", str(c[0]))


@instruction("counter on each yours")
def _counter_on_each_step(ir: IR) -> Step:
    """"Put a +1/+1 counter on each creature you control." (122.1): the creatures as it resolves."""
    kind = ir[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for obj in _yours_on_battlefield(res, creatures_only=True):
            res.add_counters(obj, kind, 1, "122.1")
    return step


@transform("yours_gain_two")
def _yours_gain_two(c: list[Any]) -> IR:
    return ("permanents yours gain", (str(c[0]), str(c[1])))


@instruction("permanents yours gain")
def _yours_gain_step(ir: IR) -> Step:
    """"Permanents you control gain hexproof and indestructible until end of turn.": one layer 6
    effect locked to the permanents its controller controls as it resolves (611.2c, 613.1f)."""
    granted = frozenset(Keyword(k) for k in ir[1])

    def step(res: Resolution, item: StackItem, why: str) -> None:
        objs = _yours_on_battlefield(res, creatures_only=False)
        if objs:
            eff = Effect("6", f"{why}: {' and '.join(ir[1])} until end of turn", "613.1f", item.source.oid,
                         res.d.new_timestamp(), affected=tuple(o.ref for o in objs), add_keywords=granted,
                         until_end_of_turn=True)
            res.d.set_scalar("611.2c", effects=res.d.effects + (eff,))
    return step


@transform("pump_all_creatures")
def _pump_all_creatures(c: list[Any]) -> IR:
    return ("pump all creatures", _pt(c[0]))


@instruction("pump all creatures")
def _pump_all_step(ir: IR) -> Step:
    """"All creatures get -2/-2 until end of turn.": one layer 7c effect locked to the creatures on
    the battlefield as it resolves (611.2c, 613.4c)."""
    _, (p, t) = ir

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        objs = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).is_creature]
        if objs:
            eff = Effect("7c", f"{why}: {p:+d}/{t:+d} until end of turn", "613.4c", item.source.oid,
                         res.d.new_timestamp(), affected=tuple(o.ref for o in objs), delta=(p, t),
                         until_end_of_turn=True)
            res.d.set_scalar("611.2c", effects=res.d.effects + (eff,))
    return step


@transform("remove_loyalty_each")
def _remove_loyalty_each(c: list[Any]) -> IR:
    from mtgrules.cards.oracle.parse import _number

    return ("remove loyalty each", _number(str(c[0])))


@instruction("remove loyalty each")
def _remove_loyalty_step(ir: IR) -> Step:
    """"Remove two loyalty counters from each planeswalker.": from each as many as it has, up to
    two (609.3); one with none left goes to its owner's graveyard as a state-based action (704.5i)."""
    n = ir[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        for obj in [o for o in state.objects if o.zone is Zone.BATTLEFIELD
                    and "Planeswalker" in characteristics(state, o.oid).types]:
            have = res.d.obj(obj.oid).counter("loyalty")
            gone = min(n, have)
            if gone:
                res.d.update(obj.oid, "609.3", f"{why}: {gone} loyalty counter{'s' * (gone != 1)} removed from "
                             f"{res.name(obj.oid)}", counters=set_counter(res.d.obj(obj.oid).counters, "loyalty",
                                                                          have - gone))
    return step
