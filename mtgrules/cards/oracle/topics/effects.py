"""Group effects, "for each" amounts, sacrifice as an effect, and a permanent's own untap and
return to hand.

The grammar's section "group effects, "for each", sacrifice, self bounce" holds the templates;
this module turns them into IR (``@transform``), follows them as they resolve (``@instruction``)
and builds the group statics (``@ability_kind``). Who is in a group is ``rules/groups.py``; the
sacrifices are ``rules/sacrifice.py`` (each player chooses their own, in APNAP order, 101.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle.build import CannotBuild, one_target, resolver
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, transform
from mtgrules.core.abilities import Resolution, StaticAbility, TriggeredAbility
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.creature_types import creature_type
from mtgrules.rules.death_triggers import Dier, creature_dies
from mtgrules.rules.groups import Group, group_words, in_group, in_group_of
from mtgrules.rules.layers import characteristics
from mtgrules.rules.life import gain_life, lose_life
from mtgrules.rules.sacrifice import each_player_sacrifices
from mtgrules.rules.targeting import opponents, player_targets
from mtgrules.rules.zones import move

Step = Callable[[Resolution, StackItem, str], None]
_COLORS = {"white", "blue", "black", "red", "green"}
_WHOSE = {None: "any", "you control": "you", "your opponents control": "opponents"}


# ---------------------------------------------------------------- transforms: grammar -> IR
def _whose(c: list[Any]) -> str:
    words = next((" ".join(str(t) for t in x.children) for x in c if hasattr(x, "children")), None)
    return _WHOSE[words]


def _quality(word: str, creatures: bool) -> tuple[str, str]:
    """What a group's word names: a colour, "non" a colour, or a creature type (singular before
    "creatures", plural on its own: "Elf creatures", "Elves"). Anything else is kept as it is
    printed, and the builder refuses it with the reason (a word is never guessed at)."""
    if creatures and word in _COLORS:
        return ("color", word)
    if creatures and word.startswith("non") and word[3:] in _COLORS:
        return ("noncolor", word[3:])
    kind = creature_type(word, plural=not creatures)
    return ("type", kind) if kind else ("unknown", word)


@transform("group_other_creatures")
def _other_creatures(c: list[Any]) -> IR:
    return ("group", True, ("creature",), _whose(c))


def _group_kind(c: list[Any]) -> IR:
    word = str(c[0])
    creatures = any(str(x) == "creatures" for x in c[1:] if not hasattr(x, "children"))
    return ("group", None, _quality(word, creatures), _whose(c))


@transform("group_other_kind")
def _other_kind(c: list[Any]) -> IR:
    ir = _group_kind(c)
    return ("group", True, ir[2], ir[3])


@transform("group_kind")
def _plain_kind(c: list[Any]) -> IR:
    ir = _group_kind(c)
    return ("group", False, ir[2], ir[3])


@transform("group_tokens")
def _tokens(c: list[Any]) -> IR:
    return ("group", False, ("token",), _whose(c))


@transform("group_pump")
def _group_pump(c: list[Any]) -> IR:
    return ("group static", c[0], _pt(str(c[1])), ())


@transform("group_grant")
def _group_grant(c: list[Any]) -> IR:
    return ("group static", c[0], (0, 0), tuple(c[1]))


@transform("group_pump_grant")
def _group_pump_grant(c: list[Any]) -> IR:
    return ("group static", c[0], _pt(str(c[1])), tuple(c[2]))


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


@transform("grant_yours")
def _grant_yours(c: list[Any]) -> IR:
    return ("pump", ("yours",), (0, 0), tuple(c[0]))


@transform("target_cant_block")
def _target_cant_block(c: list[Any]) -> IR:
    return ("pump", c[0], (0, 0), (Keyword.CANT_BLOCK.value,))


@transform("untap_self")
def _untap_self(c: list[Any]) -> IR:
    return ("untap self",)


@transform("bounce_self")
def _bounce_self(c: list[Any]) -> IR:
    return ("bounce self",)


@transform("gain_for_each")
def _gain_for_each(c: list[Any]) -> IR:
    return ("life for each", ("you",), c[0], str(c[1]))


@transform("each_loses_for_each")
def _each_loses_for_each(c: list[Any]) -> IR:
    return ("life for each", ("each player",), -c[0], "creature they control")


@transform("target_opponent_sacrifices")
def _target_opponent_sacrifices(c: list[Any]) -> IR:
    return ("sacrifice", ("target opponent",))


@transform("each_opponent_sacrifices")
def _each_opponent_sacrifices(c: list[Any]) -> IR:
    return ("sacrifice", ("each opponent",))


# ---------------------------------------------------------------- group statics (604.2, 613)
def group_of(ir: IR) -> Group:
    """The IR of a group as the engine's :class:`Group`, or CannotBuild with the reason."""
    if ir[0] == "group union":  # "Skeletons you control and other Zombies you control" (topics/statics.py)
        return Group(other=False, quality=("union",), whose="any", members=tuple(group_of(g) for g in ir[1:]))
    _, other, quality, whose, *extra = ir
    if quality[0] == "unknown":
        raise CannotBuild(f"{quality[1]!r} is no colour or creature type (205.3m) the kit reads in a group yet")
    return Group(other=bool(other), quality=quality, whose=whose, extra=tuple(extra[0]) if extra else ())


@ability_kind("group static")
def _group_static(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Other Goblins you control get +1/+1 and have mountainwalk.": a static ability (604.2)
    whose effects apply to whichever permanents are in the group at each moment (611.3a), the
    bonus in layer 7c (613.4c) and the keywords in layer 6 (613.1f)."""
    if is_spell_card:
        raise CannotBuild("a static ability of an instant or sorcery isn't built yet")
    group = group_of(ir[1])
    (p, t), granted = ir[2], ir[3]
    keywords = frozenset(Keyword(k) for k in granted)

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return in_group(st, source, obj, chars, group)
        out = []
        if (p, t) != (0, 0):
            out.append(Effect("7c", line, "613.4c", source.oid, source.timestamp, applies=applies, delta=(p, t)))
        if keywords:
            out.append(Effect("6", line, "613.1f", source.oid, source.timestamp, applies=applies,
                              add_keywords=keywords))
        return out
    return "ability", StaticAbility(line, effects)


# ---------------------------------------------------------------- instructions (608.2c)
@instruction("untap self")
def _untap_self_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()  # a new object if it left and came back: not "this" permanent (400.7)
        if src is None or src.zone is not Zone.BATTLEFIELD:
            res.d.note("nothing", f"{why}: its permanent is no longer on the battlefield, so nothing untaps", "400.7")
        elif src.tapped:
            res.d.update(src.oid, "701.26b", f"{why}: {res.name(src.oid)} untaps", tapped=False)
    return step


@instruction("bounce self")
def _bounce_self_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.BATTLEFIELD:
            res.d.note("nothing", f"{why}: its permanent is no longer on the battlefield, so nothing returns "
                       "to its owner's hand", "400.7")
            return
        move(res.d, src.oid, Zone.HAND, "400.7", f"{why}: {res.name(src.oid)} returns to its owner's hand")
    return step


def _count(res: Resolution, player: str, what: str) -> int:
    """How many of ``what`` there are as the instruction is followed: counted once (608.2h)."""
    state = res.state
    if what == "card in your graveyard":
        return sum(1 for o in state.objects if o.zone is Zone.GRAVEYARD and o.owner == player)
    fliers = what.endswith("with flying")
    return sum(1 for o in state.battlefield(player)
               if (chars := characteristics(state, o.oid)).is_creature
               and (not fliers or Keyword.FLYING in chars.keywords))


@instruction("life for each")
def _life_for_each_step(eff: IR) -> Step:
    who, n, what = eff[1][0], eff[2], eff[3]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        players = [res.controller] if who == "you" else player_targets(res.state)
        counts = {p: _count(res, res.controller if who == "you" else p, what) for p in players}
        for p in players:
            amount = abs(n) * counts[p]
            because = f"{why}: {abs(n)} for each {what}, and {p} counts {counts[p]} as it resolves (608.2h)"
            if amount:
                (gain_life if n > 0 else lose_life)(res.d, p, amount, because)
            else:
                res.d.note("nothing", f"{because}: no life changes", "608.2h", p, p)
    return step


@instruction("sacrifice")
def _sacrifice_step(eff: IR) -> Step:
    who = eff[1][0]

    def is_creature(state: GameState, obj: GameObject) -> bool:
        return characteristics(state, obj.oid).is_creature

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        if who == "target opponent":
            players = res.target_players()
        elif who == "each other player":
            players = [p for p in player_targets(state) if p != res.controller]
        else:  # each opponent
            players = [p for p in player_targets(state) if opponents(state, res.controller, p)]
        if players:
            each_player_sacrifices(res.d, res.chooser, is_creature, "creature", players=players, why=why)
    return step


# ---------------------------------------------------------------- another creature dies (700.4, 603.10a)
@transform("another_creature_dies")
def _another_dies(c: list[Any]) -> IR:
    return ("dier", True, False, False, None)


@transform("a_creature_you_control_dies")
def _yours_dies(c: list[Any]) -> IR:
    return ("dier", False, True, False, None)


@transform("a_nontoken_creature_you_control_dies")
def _nontoken_yours_dies(c: list[Any]) -> IR:
    return ("dier", False, True, True, None)


@transform("a_type_you_control_dies")
def _type_yours_dies(c: list[Any]) -> IR:
    return ("dier", False, True, False, str(c[-1]))


@transform("dies_triggered")
def _dies_triggered(c: list[Any]) -> IR:
    return ("dies triggered", c[0], c[1])


@transform("each_other_player_sacrifices")
def _each_other_player_sacrifices(c: list[Any]) -> IR:
    return ("sacrifice", ("each other player",))


@ability_kind("dies triggered")
def _dies_trigger(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Whenever [another / a ... you control] creature dies, ...": a leaves-the-battlefield
    ability, which looks back in time (603.10a) at the creature as it last existed (608.2h)."""
    if is_spell_card:
        raise CannotBuild("a triggered ability of an instant or sorcery isn't built yet")
    _, other, yours, nontoken, word = ir[1]
    kind = None
    if word is not None:
        kind = creature_type(word)
        if kind is None:
            raise CannotBuild(f"{word!r} is no creature type (205.3m)")
    effects = ir[2]
    who = Dier(other=other, yours=yours, nontoken=nontoken, creature_type=kind)
    return "ability", TriggeredAbility(line, "zone change", creature_dies(who), resolver(effects),
                                       target=one_target(effects), looks_back=True)


# ---------------------------------------------------------------- a group until end of turn (611.2c)
@transform("group_gain_until_end_of_turn")
def _group_gain(c: list[Any]) -> IR:
    return ("group pump", c[0], (0, 0), tuple(c[1]))


@instruction("group pump")
def _group_pump_step(eff: IR) -> Step:
    """"Knights you control gain double strike until end of turn.": the creatures in the group as
    the instruction is followed, and only those (611.2c: a Knight arriving later doesn't gain it),
    until the cleanup step (514.2)."""
    group = group_of(eff[1])
    (p, t), granted = eff[2], eff[3]
    keywords = frozenset(Keyword(k) for k in granted)
    words = f"{group_words(group)} gain {' and '.join(granted)} until end of turn"

    def step(res: Resolution, item: StackItem, why: str) -> None:
        state = res.state
        members = [o for o in state.objects if o.zone is Zone.BATTLEFIELD
                   and in_group_of(state, item.source.oid, res.controller, o, characteristics(state, o.oid), group)]
        for obj in members:
            if (p, t) != (0, 0):
                res.pump(obj, p, t, "613.4c", f"{why}: {words}")
            if keywords:
                eff6 = Effect("6", f"{why}: {words}", "613.1f", item.source.oid, res.d.new_timestamp(),
                              affected=(ObjRef(obj.oid, obj.zcc),), add_keywords=keywords, until_end_of_turn=True)
                res.d.set_scalar("613.1f", effects=res.d.effects + (eff6,))
        if not members:
            res.d.note("nothing", f"{why}: there are no {group_words(group)}, so nothing gains anything", "611.2c")
    return step
