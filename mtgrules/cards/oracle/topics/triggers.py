"""The templates of trigger events and intervening "if"s (grammar.lark, section "triggers").

A line of this section is ``("event triggered", event, condition, effects)``: its trigger event
(603.2), its intervening "if" or None (603.4), and its instructions. The events this section adds
are built here with the matchers of ``rules/trigger_events.py`` and ``rules/step_triggers.py``;
an event of the core's grammar ("when ~ enters", "whenever ~ attacks") with an intervening "if"
is built by the core and given the condition, so both read the event the same way.

An "if" is never dropped: a condition the kit can't check raises ``CannotBuild`` and the line is
marked not played, with the reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild, one_target, resolver
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, targets, transform
from mtgrules.cards.oracle.topics.library import _can_pay_now
from mtgrules.core.abilities import Resolution, TriggeredAbility
from mtgrules.core.events import EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import ObjRef, StackItem, Zone
from mtgrules.core.turns import Step
from mtgrules.rules.creature_types import CREATURE_TYPES
from mtgrules.rules.delayed import create_delayed
from mtgrules.rules.discard import discard_cards
from mtgrules.rules.keyword_actions import draw_cards, pay_mana_now
from mtgrules.rules.life import lose_life
from mtgrules.rules.look_back import dies
from mtgrules.rules.optional import may
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.targeting import player_targets
from mtgrules.rules.trigger_events import (
    Condition,
    Newcomer,
    a_creature_with_attacks,
    a_player_casts,
    an_opponent_draws_a_card,
    becomes_blocked_by_a_creature,
    blocks_a_creature_with,
    combat_damage_to_a_player,
    damage_to_an_opponent,
    enters,
    source_is_untapped,
    you_control,
    you_control_planeswalker_of,
    you_draw_a_card,
)

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
_TYPE_OF = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
            "planeswalker": "Planeswalker"}


def _number(word: Any) -> int:
    text = str(word)
    return int(text) if text.isdigit() else _NUMBER_WORDS[text]


def _tokens(c: list[Any]) -> list[str]:
    """The words a rule kept (its named terminals), as text."""
    return [str(x) for x in c if x is not None and not isinstance(x, tuple)]


# ---------------------------------------------------------------- lines
@transform("more_triggered")
def _more_triggered(c: list[Any]) -> IR:
    return ("event triggered", c[0], None, c[1])


@transform("if_triggered")
def _if_triggered(c: list[Any]) -> IR:
    return ("event triggered", c[0], c[1], c[2])


@transform("player_triggered")
def _player_triggered(c: list[Any]) -> IR:
    return ("event triggered", c[0], c[1] if len(c) > 2 else None, (c[-1],))


@transform("blocked_by_triggered")
def _blocked_by_triggered(c: list[Any]) -> IR:
    return ("event triggered", ("becomes blocked by a creature",), None, tuple(c[1:]))


# ---------------------------------------------------------------- events (603.2)
def _event(*words: Any) -> Any:
    return lambda c: tuple(words)


transform("trg_your_combat")(_event("at beginning", Step.BEGIN_COMBAT.value, "your"))
transform("trg_each_end_step")(_event("at beginning", Step.END.value, "each"))
transform("trg_your_draw_step")(_event("at beginning", Step.DRAW.value, "your"))
transform("trg_each_players_draw_step")(_event("at beginning", Step.DRAW.value, "each player"))
transform("trg_you_draw")(_event("you draw a card"))
transform("trg_opponent_draws")(_event("an opponent draws a card"))
transform("trg_self_damage_to_opponent")(_event("deals damage to an opponent"))
transform("trg_self_combat_damage_to_player")(_event("combat damage to a player", "self"))
transform("trg_equipped_combat_damage_to_player")(_event("combat damage to a player", "equipped"))
transform("trg_put_into_graveyard")(_event("put into a graveyard from the battlefield"))
transform("trg_a_flier_attacks")(_event("a creature with attacks", "flying"))
transform("trg_blocks_a_flier")(_event("blocks a creature with", "flying"))
transform("trg_another_creature_enters")(_event("one enters", "another", "anyone's", (), "creature", None))


@transform("trg_a_player_casts_color")
def _a_player_casts(c: list[Any]) -> IR:
    return ("a player casts", str(c[0]))


@transform("trg_yours_enters")
def _yours_enters(c: list[Any]) -> IR:
    article, adjectives, noun, with_ = c[0]
    return ("one enters", article, "yours", adjectives, noun, with_)


@transform("entering_creature")
def _entering_creature(c: list[Any]) -> IR:
    words = _tokens(c)
    with_ = next((x for x in c if isinstance(x, tuple)), None)
    return ("another" if words[0] == "another" else "a", tuple(words[1:]), "creature", with_)


@transform("entering_subtype")
def _entering_subtype(c: list[Any]) -> IR:
    words = _tokens(c)
    return ("another" if words[0] == "another" else "a", tuple(words[1:-1]), words[-1], None)


@transform("with_keyword")
def _with_keyword(c: list[Any]) -> IR:
    return ("with", str(c[0]))


# ---------------------------------------------------------------- intervening "if"s (603.4)
@transform("control_with")
def _control_with(c: list[Any]) -> IR:
    return ("power at least", int(str(c[0])))


@transform("if_you_control")
def _if_you_control(c: list[Any]) -> IR:
    return ("you control", 1, False, str(c[0]), c[1] if len(c) > 1 else None)


@transform("if_you_control_another")
def _if_you_control_another(c: list[Any]) -> IR:
    return ("you control", 1, True, str(c[0]), c[1] if len(c) > 1 else None)


@transform("if_you_control_n")
def _if_you_control_n(c: list[Any]) -> IR:
    return ("you control", _number(c[0]), False, str(c[1]).removesuffix("s"), None)


@transform("if_you_control_walker")
def _if_you_control_walker(c: list[Any]) -> IR:
    return ("you control a planeswalker of", str(c[0]))


@transform("if_self_untapped")
def _if_self_untapped(c: list[Any]) -> IR:
    return ("self untapped",)


def _condition(ir: IR | None) -> Condition | None:
    if ir is None:
        return None
    if ir[0] == "you control":
        _, n, other, kind, with_ = ir
        return you_control(n, _TYPE_OF[kind], with_[1] if with_ else None, other=other)
    if ir[0] == "you control a planeswalker of":
        return you_control_planeswalker_of(ir[1].capitalize())
    return source_is_untapped


# ---------------------------------------------------------------- "that player", "that creature" (608.2h)
@transform("trg_that_player_draws")
def _that_player_draws(c: list[Any]) -> IR:
    return ("trigger player draws", 1)


@transform("trg_damage_that_player")
def _damage_that_player(c: list[Any]) -> IR:
    return ("damage to trigger player", c[1])


@transform("trg_that_player_discards_at_random")
def _that_player_discards_at_random(c: list[Any]) -> IR:
    return ("trigger player discards at random", 1)


@instruction("trigger player discards at random")
def _trigger_player_discards_at_random(eff: IR) -> Any:
    """"that player discards a card at random": the player the trigger names (701.9b), chosen by
    the game's seeded randomness, never by a player."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        who = _named_player(res, item, why)
        if who is not None:
            discard_cards(res.d, res.chooser, who, n, why, at_random=True)
    return step


@transform("trg_destroy_that_creature")
def _destroy_that_creature(c: list[Any]) -> IR:
    return ("destroy trigger creature",)


@transform("trg_that_creatures_controller_loses")
def _that_creatures_controller_loses(c: list[Any]) -> IR:
    return ("trigger creature's controller loses", c[0])


def _named_player(res: Resolution, item: StackItem, why: str, key: str = "player") -> str | None:
    """The player the trigger names, or None (noted) if they have left the game (800.4a)."""
    who = item.get(key)
    if not isinstance(who, str) or who not in player_targets(res.state):
        res.d.note("nothing", f"{why}: the player it names has left the game", "800.4a")
        return None
    return who


@instruction("trigger player draws")
def _trigger_player_draws(eff: IR) -> Any:
    """The player the trigger names (whose draw step it is) draws (121.1)."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        who = _named_player(res, item, why)
        if who is not None:
            draw_cards(res.d, who, n)
    return step


@instruction("damage to trigger player")
def _damage_trigger_player(eff: IR) -> Any:
    """"~ deals N damage to that player": the player the trigger names (120.3)."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        who = _named_player(res, item, why)
        if who is not None:
            res.damage(who, n)
    return step


@instruction("destroy trigger creature")
def _destroy_trigger_creature(eff: IR) -> Any:
    """"destroy that creature": the creature the trigger names, if it is still that object on the
    battlefield (400.7: one that left and came back is a new object) (701.8a)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        ref = item.get("creature")
        obj = next((o for o in res.state.battlefield() if isinstance(ref, ObjRef) and o.ref == ref), None)
        if obj is None:
            res.d.note("nothing", f"{why}: that creature is no longer on the battlefield", "400.7")
            return
        res.destroy(obj)
    return step


@instruction("trigger creature's controller loses")
def _trigger_creatures_controller_loses(eff: IR) -> Any:
    """"that creature's controller loses N life": its controller now, or as it last existed on the
    battlefield if it has left (608.2h) (119.3)."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        ref = item.get("creature")
        obj = next((o for o in res.state.battlefield() if isinstance(ref, ObjRef) and o.ref == ref), None)
        who = obj.controller if obj is not None else item.get("controller")
        if not isinstance(who, str) or who not in player_targets(res.state):
            res.d.note("nothing", f"{why}: that creature's controller has left the game", "800.4a")
            return
        lose_life(res.d, who, n, why)
    return step


# ---------------------------------------------------------------- the ability
_KEYWORDS = {"flying": Keyword.FLYING, "defender": Keyword.DEFENDER}


def _newcomer(ev: IR) -> Newcomer:
    _, article, whose, adjectives, noun, with_ = ev
    colors = frozenset(a for a in adjectives if a != "nontoken")
    creature_type = None
    if noun != "creature":
        creature_type = noun.capitalize()
        if creature_type not in CREATURE_TYPES:
            raise CannotBuild(f"\"{noun}\" is not a creature type (205.3m), and the kit reads a permanent that "
                              "enters only by its creature type")
    keyword = power = None
    if with_ is not None:
        if with_[1] in _KEYWORDS:
            keyword = _KEYWORDS[with_[1]]
        else:
            power = ("at least" if with_[1] == "power at least" else "at most", int(with_[2]))
    return Newcomer(other=article == "another", yours=whose == "yours", creature_type=creature_type,
                    nontoken="nontoken" in adjectives, colors=colors, keyword=keyword, power=power)


@ability_kind("event triggered")
def _event_triggered(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """A triggered ability from its event, its intervening "if" and its instructions."""
    if is_spell_card:
        raise CannotBuild("a triggered ability of an instant or sorcery isn't built yet")
    event, condition_ir, effects = ir[1], ir[2], ir[3]
    condition = _condition(condition_ir)
    kind = event[0]
    target = one_target(effects)
    resolve = resolver(effects)
    ability: TriggeredAbility
    if kind == "at beginning":
        ability = TriggeredAbility(line, STEP_BEGINS, at_beginning_of(Step(event[1]), event[2]), resolve,
                                   target=target)
    elif kind == "you draw a card":
        ability = TriggeredAbility(line, EventKind.ZONE_CHANGE, you_draw_a_card, resolve, target=target)
    elif kind == "deals damage to an opponent":
        ability = TriggeredAbility(line, EventKind.DAMAGE_DEALT, damage_to_an_opponent, resolve, target=target)
    elif kind == "an opponent draws a card":
        ability = TriggeredAbility(line, EventKind.ZONE_CHANGE, an_opponent_draws_a_card, resolve, target=target)
    elif kind == "becomes blocked by a creature":
        ability = TriggeredAbility(line, EventKind.BLOCKS, becomes_blocked_by_a_creature, resolve, target=target)
    elif kind == "combat damage to a player":
        ability = TriggeredAbility(line, EventKind.COMBAT_DAMAGE, combat_damage_to_a_player(event[1] == "equipped"),
                                   resolve, target=target)
    elif kind == "put into a graveyard from the battlefield":  # 700.4's words, for any permanent
        ability = TriggeredAbility(line, EventKind.ZONE_CHANGE, dies, resolve, target=target, looks_back=True)
    elif kind == "a player casts":
        ability = TriggeredAbility(line, EventKind.CAST, a_player_casts(frozenset({event[1]})), resolve,
                                   target=target)
    elif kind == "a creature with attacks":
        ability = TriggeredAbility(line, EventKind.ATTACKS, a_creature_with_attacks(_KEYWORDS[event[1]]), resolve,
                                   target=target)
    elif kind == "blocks a creature with":
        ability = TriggeredAbility(line, EventKind.BLOCKS, blocks_a_creature_with(_KEYWORDS[event[1]]), resolve,
                                   target=target)
    elif kind == "one enters":
        ability = TriggeredAbility(line, EventKind.ZONE_CHANGE, enters(_newcomer(event)), resolve, target=target)
    else:  # an event of the core's grammar: the core builds it, this adds its "if"
        built = build.ability(("triggered", event, effects), line, is_spell_card)[1]
        if not isinstance(built, TriggeredAbility):
            raise CannotBuild(f"the trigger event {event!r} has no builder")
        ability = built
    if condition is not None:
        if ability.looks_back:
            raise CannotBuild("an intervening \"if\" on a leaves-the-battlefield ability isn't played yet (603.10a)")
        ability = replace(ability, condition=condition)
    return "ability", ability


@transform("trg_may_have_self_deal")
def _may_have_self_deal(c: list[Any]) -> IR:
    """"you may have ~ deal N damage to ...": the core's "you may have it deal" (603.5)."""
    return ("may", ("damage", c[1], c[2]), None)


@transform("trg_you_may_gain")
def _you_may_gain(c: list[Any]) -> IR:
    """"you may gain N life": the core's "you gain N life", as an optional instruction (603.5, 119.3)."""
    return ("may", ("life", ("you",), c[0]), None)


@transform("trg_each_opponent_mills")
def _each_opponent_mills(c: list[Any]) -> IR:
    return ("mill", ("each opponent",), c[0])


@transform("trg_target_opponent_mills")
def _target_opponent_mills(c: list[Any]) -> IR:
    return ("mill", ("target opponent",), c[0])


# ---------------------------------------------------------------- reflexive triggers (603.12)
REFLEXIVE_RULE = "603.12"


@transform("trg_may_pay_when_you_do")
def _may_pay_when_you_do(c: list[Any]) -> IR:
    return ("reflexive pay", c[0][1], c[1])


@targets("reflexive pay")
def _reflexive_targets(eff: IR) -> list[Any]:
    """None: the reflexive ability's targets are its own, chosen as it is put on the stack (603.3d)."""
    return []


@instruction("reflexive pay")
def _reflexive_pay(eff: IR) -> Any:
    """"You may pay {2}{R}. When you do, ...": if the controller pays, a reflexive triggered ability
    is made (603.12, following the rules of delayed triggers, 603.7) and triggers on the payment
    at once; it goes on the stack the next time a player would receive priority, with its targets
    chosen then (603.3d). Not paying makes nothing."""
    cost, effect = eff[1], eff[2]
    effect_target = one_target((effect,))
    effect_resolve = resolver((effect,))

    def paid_now(state: Any, source: Any, ev: Any) -> bool:
        return ev.kind is EventKind.CHOSEN and ev.rule == REFLEXIVE_RULE

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        if not may(res.d, res.chooser, player, f"pay {cost}", why, possible=_can_pay_now(res.d, player, cost)):
            res.d.note("nothing", f"{why}: {player} didn't pay, so the \"when you do\" ability doesn't trigger",
                       REFLEXIVE_RULE, player, player)
            return
        pay_mana_now(res.d, res.chooser, player, cost, why)
        source = res.state.obj(item.source.oid)
        reflexive = TriggeredAbility(f"{item.label}: when {player} does", EventKind.CHOSEN, paid_now, effect_resolve,
                                     target=effect_target)
        create_delayed(res.d, reflexive, source, player, why)
        res.d.note(EventKind.CHOSEN, f"{why}: {player} pays {cost}", REFLEXIVE_RULE, player, player)
    return step


# ---------------------------------------------------------------- "sacrifice ~" (701.21a)
@transform("trg_sacrifice_self")
def _sacrifice_self(c: list[Any]) -> IR:
    return ("sacrifice self",)


@instruction("sacrifice self")
def _sacrifice_self_step(eff: IR) -> Any:
    """The ability's controller sacrifices its source, if it is still that permanent and they still
    control it (701.21a: a player can sacrifice only a permanent they control; 400.7)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.BATTLEFIELD or src.controller != res.controller:
            res.d.note("nothing", f"{why}: {res.controller} doesn't control it on the battlefield now, so it isn't "
                       "sacrificed", "701.21a", res.controller, res.controller)
            return
        sacrifice(res.d, res.controller, src.oid, why)
    return step
