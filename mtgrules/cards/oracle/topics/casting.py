"""Rules topic "casting and activating": the templates of grammar.lark's section of that name.

* Additional costs (118.8, 601.2h): "As an additional cost to cast this spell, sacrifice a
  creature / discard a card." become an ``AdditionalCost``.
* Activation costs that sacrifice, discard or pay life (118.3, 602.2b), and the activation
  instructions "Activate only once each turn." (602.5b) and "Activate only as a sorcery." (602.5d).
* Cost increases and reductions (601.2f, 118.7a), as ``CostChange`` abilities.
* "This spell can't be countered." (101.2, 113.6g) as ``CantBeCountered``.
* Modal spells and triggered abilities (700.2): the line and its bulleted modes become a
  ``Modal`` whose modes each have their own instructions and targets (700.2c).
* Instructions: X damage (107.3a), "up to N target ..." (601.2c), a card in a graveyard as a
  target, and "destroy all artifacts and enchantments".

The engine side is in ``rules/modes.py``, ``rules/costs.py``, ``rules/targets.py`` and
``rules/activation_limits.py``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from mtgrules.cards.builders import tap_for
from mtgrules.cards.oracle.build import CannotBuild, ability, one_target, resolver
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, spell_kind, target_kind, transform
from mtgrules.core.abilities import (
    ActivatedAbility,
    AdditionalCost,
    CantBeCountered,
    Cost,
    CostChange,
    Modal,
    Mode,
    Resolution,
    Sacrifice,
    Target,
    TriggeredAbility,
)
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.stack import SACRIFICED
from mtgrules.rules.targeting import opponents, player_targets

_NUMBERS = {"a": 1, "an": 1, "another": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _tokens(c: list[Any]) -> list[str]:
    from lark import Token
    return [str(x) for x in c if isinstance(x, Token)]


# ---------------------------------------------------------------- costs (118.3, 118.8, 602.2b)
@transform("sacrifice_self")
def _sacrifice_self(c: list[Any]) -> IR:
    return ("sacrifice self",)


@transform("sacrifice_count")
def _sacrifice_count(c: list[Any]) -> str:
    return " ".join(_tokens(c)) or str(c[0])


@transform("sacrifice_other")
def _sacrifice_other(c: list[Any]) -> IR:
    count, kind = c[0], str(c[-1])
    return ("sacrifice", _number(count), kind.rstrip("s"), count == "another")


@transform("discard_cost")
def _discard_cost(c: list[Any]) -> IR:
    return ("discard", 1)


@transform("life_cost")
def _life_cost(c: list[Any]) -> IR:
    return ("life", int(str(c[0])))


@transform("paid_cost")
def _paid_cost(c: list[Any]) -> IR:
    return tuple(c)


@transform("once_each_turn")
def _once(c: list[Any]) -> str:
    return "once each turn"


@transform("as_a_sorcery")
def _sorcery(c: list[Any]) -> str:
    return "as a sorcery"


@transform("paid_activated", "limited_activated")
def _paid_activated(c: list[Any]) -> IR:
    return ("paid activated", c[0], c[1], tuple(x for x in c[2:] if isinstance(x, str)))


@transform("additional_cost")
def _additional_cost(c: list[Any]) -> IR:
    return ("additional cost", c[0])


_SACRIFICE_KINDS = {"creature": ("Creature", None), "artifact": ("Artifact", None), "land": ("Land", None),
                    "goblin": (None, "Goblin")}


def _sacrifice(part: IR) -> Sacrifice:
    """"Sacrifice a creature", "another creature", "two artifacts", "a Goblin" (701.21a)."""
    _, n, kind, other = part
    card_type, subtype = _SACRIFICE_KINDS[kind]
    words = f"{'another' if other else 'a' if n == 1 else str(n)} {kind if n == 1 else kind + 's'}"
    if kind == "goblin":
        words = words.replace("goblin", "Goblin")

    def test(state: GameState, player: str, obj: GameObject) -> bool:
        chars = characteristics(state, obj.oid)
        return (card_type is None or card_type in chars.types) and (subtype is None or subtype in chars.subtypes)
    return Sacrifice(words, test, n, other)


def cost_of(parts: IR) -> Cost:
    """An activation or additional cost from its parts: mana, {T}, and those of this topic."""
    mana = "".join(p[1] for p in parts if p[0] == "mana")
    sacrifices = [p for p in parts if p[0] == "sacrifice"]
    if len(sacrifices) > 1:
        raise CannotBuild("a cost that sacrifices two kinds of permanent isn't played yet")
    if sum(1 for p in parts if p[0] == "discard") > 1:
        raise CannotBuild("a cost that discards twice isn't played yet")
    removed = [p[1] for p in parts if p[0] == "remove counter"]
    if len(removed) > 1:
        raise CannotBuild("a cost that removes two kinds of counter isn't played yet")
    return Cost.of(mana, tap=any(p[0] == "tap" for p in parts),
                   remove_counter=removed[0] if removed else None,
                   exile_self=any(p[0] == "exile self" for p in parts),
                   sacrifice_self=any(p[0] == "sacrifice self" for p in parts),
                   sacrifice=_sacrifice(sacrifices[0]) if sacrifices else None,
                   discard=sum(p[1] for p in parts if p[0] == "discard"),
                   life=sum(p[1] for p in parts if p[0] == "life"))


@ability_kind("additional cost")
def _build_additional_cost(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    return "ability", AdditionalCost(line, cost_of((ir[1],)))


@transform("paid_mana")
def _paid_mana(c: list[Any]) -> IR:
    return ("paid mana", c[0], c[1])


@ability_kind("paid mana")
def _build_paid_mana(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """A mana ability whose cost sacrifices, discards or pays life (605.1a, 118.3)."""
    _, parts, produced = ir
    if produced[0] != "fixed":
        raise CannotBuild("a mana ability with such a cost that adds a choice of mana isn't played yet")
    plain = tap_for(*produced[1], text=line)
    return "ability", dataclasses.replace(plain, cost=cost_of(parts))


@ability_kind("paid activated")
def _build_paid_activated(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    _, parts, effects, limits = ir
    return "ability", ActivatedAbility(cost_of(parts), line, resolver(effects), target=one_target(effects),
                                       sorcery_speed="as a sorcery" in limits,
                                       once_each_turn="once each turn" in limits)


# ---------------------------------------------------------------- cost changes (601.2f)
@transform("control_flier")
def _control_flier(c: list[Any]) -> IR:
    return ("you control a flier",)


@transform("outnumbered")
def _outnumbered(c: list[Any]) -> IR:
    return ("outnumbered", _number(str(c[0])))


@transform("spell_with_flying")
def _spell_flying(c: list[Any]) -> IR:
    return ("with flying",)


@transform("cast_by_you")
def _by_you(c: list[Any]) -> IR:
    return ("cast by", "you")


@transform("cast_by_opponents")
def _by_opponents(c: list[Any]) -> IR:
    return ("cast by", "opponents")


@transform("spell_targets_self")
def _targets_self(c: list[Any]) -> IR:
    return ("that target", "self")


@transform("spell_group")
def _spell_group(c: list[Any]) -> IR:
    kinds = tuple(t for t in _tokens(c) if t != "spells")
    return ("spells", kinds, tuple(x for x in c if isinstance(x, tuple)))


def _amount(c: list[Any]) -> int:
    tokens = [x for x in _tokens(c)]
    generic = int(next(t for t in tokens if t.startswith("{"))[1:-1])
    return generic if "more" in tokens else -generic


@transform("own_cost_change")
def _own_cost_change(c: list[Any]) -> IR:
    return ("cost change", "own", _amount(c), next(x for x in c if isinstance(x, tuple)))


@transform("others_cost_change")
def _others_cost_change(c: list[Any]) -> IR:
    return ("cost change", "others", _amount(c), c[0])


def _own_condition(cond: IR) -> Any:
    """The condition of "This spell costs {N} less to cast if ..." (601.2f)."""
    if cond[0] == "you control a flier":
        def flier(state: GameState, source: GameObject, caster: str, spell: GameObject,
                  targets: tuple[ObjRef | int | str, ...]) -> bool:
            return any(characteristics(state, o.oid).is_creature
                       and Keyword.FLYING in characteristics(state, o.oid).keywords for o in state.battlefield(caster))
        return flier
    more = cond[1]

    def outnumbered(state: GameState, source: GameObject, caster: str, spell: GameObject,
                    targets: tuple[ObjRef | int | str, ...]) -> bool:
        def creatures(p: str) -> int:
            return sum(1 for o in state.battlefield(p) if characteristics(state, o.oid).is_creature)
        mine = creatures(caster)
        return any(opponents(state, caster, p) and creatures(p) >= mine + more for p in state.player_names
                   if not state.player(p).lost)
    return outnumbered


_TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "instant": "Instant",
               "sorcery": "Sorcery"}


def _group_test(group: IR) -> Any:
    """Which spells a permanent's "[kind] spells [quality] [caster] cost ..." reaches (601.2f)."""
    _, kinds, parts = group

    def applies(state: GameState, source: GameObject, caster: str, spell: GameObject,
                targets: tuple[ObjRef | int | str, ...]) -> bool:
        if not on_battlefield(state, source):  # a permanent's static ability (604.1)
            return False
        chars = characteristics(state, spell.oid)
        if kinds and not any(_is_kind(chars, k) for k in kinds):
            return False
        for part in parts:
            if part[0] == "with flying" and Keyword.FLYING not in chars.keywords:
                return False
            if part[0] == "cast by" and (caster == source.controller) is not (part[1] == "you"):
                return False
            if part[0] == "cast by" and part[1] == "opponents" and not opponents(state, caster, source.controller):
                return False
            if part[0] == "that target" and not any(
                    (t.oid if isinstance(t, ObjRef) else t) == source.oid for t in targets):
                return False
        return True
    return applies


def _is_kind(chars: Any, word: str) -> bool:
    if word == "noncreature":
        return not chars.is_creature
    if word == "legendary":
        return "Legendary" in chars.supertypes
    return _TYPE_WORDS[word] in chars.types


@ability_kind("cost change")
def _build_cost_change(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    _, whose, amount, what = ir
    if whose == "own":
        return "ability", CostChange(line, amount, _own_condition(what), own=True)
    return "ability", CostChange(line, amount, _group_test(what))


# ---------------------------------------------------------------- can't be countered (101.2, 113.6g)
@transform("cant_be_countered")
def _cant_be_countered(c: list[Any]) -> IR:
    return ("can't be countered",)


@ability_kind("can't be countered")
def _build_cant_be_countered(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    return "ability", CantBeCountered(line)


# ---------------------------------------------------------------- modes (700.2)
@transform("choose_one")
def _choose_one(c: list[Any]) -> IR:
    return (1, 1)


@transform("mode")
def _mode(c: list[Any]) -> IR:
    return tuple(c[0])


@transform("modal_spell")
def _modal_spell(c: list[Any]) -> IR:
    return ("modal spell", c[0], tuple(c[1:]))


@transform("modal_triggered")
def _modal_triggered(c: list[Any]) -> IR:
    return ("modal triggered", c[0], c[1], tuple(c[2:]))


def _lines(line: str, modes: int) -> tuple[str, tuple[str, ...]]:
    """The line that says how many to choose and the bulleted mode lines, as printed."""
    printed = [part.strip() for part in line.split("\n") if part.strip()]
    if len(printed) != modes + 1:
        raise CannotBuild("a modal ability's modes are each a bulleted line of their own (700.2)")
    return printed[0], tuple(printed[1:])


def _modal(header: str, counts: IR, modes: IR, texts: tuple[str, ...]) -> Modal:
    built = tuple(Mode(text, resolver(effects), one_target(effects)) for text, effects in zip(texts, modes,
                                                                                               strict=True))
    return Modal(header, built, counts[0], counts[1])


@ability_kind("modal spell")
def _build_modal_spell(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    if not is_spell_card:
        raise CannotBuild("modes on a permanent card that are no ability of their own")
    header, texts = _lines(line, len(ir[2]))
    return "spell", (("modal", header, ir[1], ir[2], texts),)


@spell_kind("modal")
def _modal_spell_ability(eff: IR) -> tuple[Any, Any]:
    _, header, counts, modes, texts = eff
    return _modal(header, counts, modes, texts), None


@ability_kind("modal triggered")
def _build_modal_triggered(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    _, event, counts, modes = ir
    header, texts = _lines(line, len(modes))
    kind, plain = ability(("triggered", event, ()), header, is_spell_card)  # the trigger, its effect to come
    assert kind == "ability" and isinstance(plain, TriggeredAbility)
    return "ability", dataclasses.replace(plain, resolve=_modal(header, counts, modes, texts), target=None)


# ---------------------------------------------------------------- instructions (608.2c)
@transform("damage_x")
def _damage_x(c: list[Any]) -> IR:
    return ("damage x", c[-1])


@instruction("damage x")
def _deal_x(eff: IR) -> Any:
    """"~ deals X damage to any target": X as announced for the spell or ability (107.3a)."""
    to = eff[1]
    if to[0] not in ("target", "any target", "target player", "target opponent"):
        raise CannotBuild("X damage to other than a target isn't played yet")

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for t in res.any_targets():
            res.damage(t, item.x)
    return deal


@transform("up_to_targets")
def _up_to_targets(c: list[Any]) -> IR:
    from lark import Token
    word = str(c[0])
    adjectives = tuple(x for x in c[1:] if isinstance(x, str) and not isinstance(x, Token))
    plural = next(str(x) for x in c if isinstance(x, Token) and x.type == "TARGET_NOUNS")
    if plural.startswith("nonland "):  # "nonland permanents": the adjective is part of the noun's words
        adjectives, plural = (*adjectives, "nonland"), plural.removeprefix("nonland ")
    extra = tuple(x for x in c if isinstance(x, tuple))
    return ("target", adjectives, plural[:-1], (*extra, ("up to", _number(word), word, plural)))


@transform("bounce_up_to")
def _bounce_up_to(c: list[Any]) -> IR:
    return ("bounce", c[0])


@transform("raise_dead_up_to")
def _raise_dead_up_to(c: list[Any]) -> IR:
    word, plural = str(c[0]), str(c[1])
    return ("return from graveyard", plural.replace("cards", "card"), ("up to", _number(word), word, plural))


@transform("exile_graveyard_card")
def _exile_graveyard_card(c: list[Any]) -> IR:
    return ("exile", ("graveyard card",))


@target_kind("graveyard card")
def _graveyard_card(part: IR) -> Target:
    """"target card from a graveyard": a card in any player's graveyard (115.1, 404)."""
    return Target("target card from a graveyard", lambda state, player, obj: obj.zone is Zone.GRAVEYARD,
                  frozenset({Zone.GRAVEYARD}))


@transform("destroy_artifacts_and_enchantments")
def _destroy_both(c: list[Any]) -> IR:
    return ("destroy all of", ("Artifact", "Enchantment"))


@instruction("destroy all of")
def _destroy_all_of(eff: IR) -> Any:
    """"Destroy all artifacts and enchantments": every permanent of either type, at once (701.8a)."""
    kinds = frozenset(eff[1])

    def destroy(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        doomed = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).types & kinds]
        with res.d.one_event():
            for obj in doomed:
                res.destroy(obj)
    return destroy


@transform("pump_two_targets")
def _pump_two_targets(c: list[Any]) -> IR:
    from lark import Token
    first, pts = c[0], [str(x) for x in c if isinstance(x, Token) and x.type == "PT"]
    words = [x for x in c[1:] if isinstance(x, str) and not isinstance(x, Token)]
    extra = tuple(x for x in c[1:] if isinstance(x, tuple))
    second = ("target", tuple(words[:-1]), words[-1], (*extra, ("distinct", "another target")))
    return ("pump pair", first, _pt(pts[0]), second, _pt(pts[1]))


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


@instruction("pump pair")
def _pump_pair(eff: IR) -> Any:
    """"Until end of turn, target creature gets +0/+2 and another target creature gets -2/-0": each
    target its own change (613.4c), a target found illegal left alone (608.2b)."""
    changes = (eff[2], eff[4])

    def pump(res: Resolution, item: StackItem, why: str) -> None:
        for k, (p, t) in enumerate(changes):
            for obj in res.for_slots(k, 1).targets():
                res.pump(obj, p, t, "613.4c", f"{why}: {p:+d}/{t:+d} until end of turn")
    return pump


@transform("damage_three_targets")
def _damage_three(c: list[Any]) -> IR:
    a, b, n = (x for x in c if isinstance(x, int))
    return ("damage three", (a, b, n), ("any target",), ("any target", ("distinct", "another target")),
            ("any target", ("distinct", "a third target")))


@instruction("damage three")
def _damage_three_step(eff: IR) -> Any:
    """"1 damage to any target, 2 damage to another target, and 3 damage to a third target": three
    different targets (115.3), each dealt its own amount; one found illegal is dealt nothing, and
    the others what the text gives them (608.2b)."""
    amounts = eff[1]

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for k, n in enumerate(amounts):
            for t in res.for_slots(k, 1).any_targets():
                res.damage(t, n)
    return deal


@transform("damage_x_fliers_and_players")
def _damage_x_fliers(c: list[Any]) -> IR:
    return ("damage x each", "creature with flying and each player")


@instruction("damage x each")
def _damage_x_each(eff: IR) -> Any:
    """"X damage to each creature with flying and each player": dealt at once (120.3), X as
    announced (107.3a)."""
    def deal(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        fliers: list[GameObject | str] = [
            o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).is_creature
            and Keyword.FLYING in characteristics(state, o.oid).keywords]
        for r in [*fliers, *player_targets(state)]:
            res.damage(r, item.x)
    return deal


@transform("damage_sacrificed_power")
def _damage_sacrificed_power(c: list[Any]) -> IR:
    return ("damage sacrificed power", c[-1])


@instruction("damage sacrificed power")
def _damage_sacrificed(eff: IR) -> Any:
    """"Damage equal to the sacrificed creature's power": its power as it last existed on the
    battlefield, when it was sacrificed to cast the spell (608.2h, 601.2h)."""
    def deal(res: Resolution, item: StackItem, why: str) -> None:
        paid = item.get(SACRIFICED)
        power = max(0, paid[0][1].power) if isinstance(paid, tuple) and paid else 0
        for t in res.any_targets():
            res.damage(t, power)
    return deal
