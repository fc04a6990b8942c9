"""Rules topic "amounts and target phrases": the templates of grammar.lark's section of that name.

* A pain land's "{T}: Add {W} or {U}. ~ deals 1 damage to you.": one mana ability whose damage is
  dealt as it resolves, off the stack (605.1a, 605.3b), through ``ManaAbility.then``.
* "target player or planeswalker" / "target opponent or planeswalker" as one target (115.1).
* One instruction with two amounts: "... to any target and 3 damage to you", "... to target creature
  and 2 damage to that creature's controller", "... to target player and 1 damage to each creature
  that player controls" (120.3, 608.2c).
* Amounts counted as the instruction is followed (608.2h): "+1/+1 until end of turn for each
  creature you control", "damage ... equal to the number of Mountains you control", "... equal to
  the number of cards in that player's hand" (``rules/amounts.py`` counts).
* Target phrases: a list of card types or subtypes ("artifact, enchantment, or land"), two types
  ("artifact or land"), "with mana value N or less" (202.3), a spell of either colour (105.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, target_kind, targets, transform
from mtgrules.core.abilities import AnyColor, Cost, Fixed, ManaAbility, Resolution, Target
from mtgrules.core.choices import Chooser
from mtgrules.core.mana import ManaType
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.amounts import Counted, UnknownCount, cards_in_hand, count_controlled, counted_kind
from mtgrules.rules.combat.damage import deal_damage
from mtgrules.rules.combat.state import attack_of, attack_target
from mtgrules.rules.keyword_actions import draw_cards
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.life import gain_life, lose_life
from mtgrules.rules.stack import mana_value
from mtgrules.rules.targeting import opponents
from mtgrules.rules.tokens import create_tokens

Step = Callable[[Resolution, StackItem, str], None]
_TARGETED = ("target", "any target", "target player", "target opponent", "player or planeswalker")


def _ints(c: list[Any]) -> list[int]:
    return [x for x in c if type(x) is int]


def _tuples(c: list[Any]) -> list[IR]:
    return [x for x in c if isinstance(x, tuple)]


def _token(c: list[Any], kind: str) -> str:
    from lark import Token
    return next(str(x) for x in c if isinstance(x, Token) and x.type == kind)


def _pt(c: list[Any]) -> tuple[int, int]:
    p, t = _token(c, "PT").split("/")
    return int(p), int(t)


# ---------------------------------------------------------------- a pain land (605.1a, 605.3b)
@transform("pain_mana")
def _pain_mana(c: list[Any]) -> IR:
    return ("pain mana", c[0], _ints(c)[-1])


@ability_kind("pain mana")
def _pain_land(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"{T}: Add {W} or {U}. ~ deals 1 damage to you.": it could add mana and has no target, so it
    is a mana ability, damage and all (605.1a); it resolves at once (605.3b), the land dealing the
    damage to the player who activated it (120.3)."""
    if is_spell_card:
        raise CannotBuild("a mana ability printed on an instant or sorcery isn't an ability it has")
    produced, n = ir[1], ir[2]
    if produced[0] == "fixed":
        makes: Fixed | AnyColor = Fixed(tuple(ManaType(t) for t in produced[1]))
    elif produced[0] == "one of":
        makes = AnyColor(among=tuple(ManaType(t) for t in produced[1]))
    else:
        makes = AnyColor()

    def hurt(d: Draft, chooser: Chooser, player: str, source: GameObject) -> None:
        deal_damage(d, source.oid, player, n, combat=False, chooser=chooser)
    return "ability", ManaAbility(Cost.of(tap=True), makes, line, then=hurt)


# ---------------------------------------------------------------- a player or planeswalker (115.1)
@transform("player_or_planeswalker")
def _player_or_planeswalker(c: list[Any]) -> IR:
    return ("player or planeswalker", "target player or planeswalker")


@transform("opponent_or_planeswalker")
def _opponent_or_planeswalker(c: list[Any]) -> IR:
    return ("player or planeswalker", "target opponent or planeswalker")


def _is_planeswalker(state: GameState, player: str, obj: GameObject) -> bool:
    return on_battlefield(state, obj) and "Planeswalker" in characteristics(state, obj.oid).types


@target_kind("player or planeswalker")
def _player_or_planeswalker_target(part: IR) -> Target:
    """"target player or planeswalker": one target, a player or a planeswalker on the battlefield;
    "target opponent or planeswalker": an opponent, or any planeswalker (115.1)."""
    words = part[1]
    if words == "target opponent or planeswalker":
        return Target(words, _is_planeswalker, frozenset(Zone), players=opponents)
    return Target(words, _is_planeswalker, frozenset(Zone), players=lambda state, controller, name: True)


def _must_target(recipient: IR) -> None:
    if recipient[0] not in _TARGETED:
        raise CannotBuild(f"this amount of damage to {recipient[0]} isn't played yet")


# ---------------------------------------------------------------- two amounts, one instruction (120.3)
@transform("damage_and_you")
def _damage_and_you(c: list[Any]) -> IR:
    first, second = _ints(c)
    return ("damage and you", first, _tuples(c)[0], second)


@instruction("damage and you")
def _damage_and_you_step(eff: IR) -> Step:
    """"~ deals 2 damage to any target and 3 damage to you": the target is dealt the first amount
    and the ability's controller the second (120.3); a spell or ability whose only target is gone
    doesn't resolve, so it deals neither (608.2b)."""
    first, to, second = eff[1], eff[2], eff[3]
    _must_target(to)

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for t in res.any_targets():
            res.damage(t, first)
        res.damage(res.controller, second)
    return deal


@transform("damage_and_controller")
def _damage_and_controller(c: list[Any]) -> IR:
    first, second = _ints(c)
    return ("damage and controller", first, _tuples(c)[0], second)


@instruction("damage and controller")
def _damage_and_controller_step(eff: IR) -> Step:
    """"~ deals 4 damage to target creature and 2 damage to that creature's controller": its
    controller as the spell resolves (608.2c), each dealt its amount (120.3)."""
    first, target, second = eff[1], eff[2], eff[3]
    if target[0] != "target" or target[2] != "creature":
        raise CannotBuild("\"that creature's controller\" needs the target to be a creature")

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            controller = obj.controller
            res.damage(obj, first)
            res.damage(controller, second)
    return deal


@transform("damage_player_and_creatures")
def _damage_player_and_creatures(c: list[Any]) -> IR:
    first, second = _ints(c)
    return ("damage player and creatures", first, ("target player",), second)


@instruction("damage player and creatures")
def _damage_player_and_creatures_step(eff: IR) -> Step:
    """"~ deals 3 damage to target player and 1 damage to each creature that player controls":
    the creatures that player controls as it resolves, all dealt damage at once with the player
    (120.3, 608.2c)."""
    first, second = eff[1], eff[3]

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            state = res.state
            theirs = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and o.controller == player
                      and characteristics(state, o.oid).is_creature]
            res.damage(player, first)
            for obj in theirs:
                res.damage(obj, second)
    return deal


# ---------------------------------------------------------------- counted as it resolves (608.2h)
def _counted(word: str, plural: bool) -> Counted:
    try:
        return counted_kind(word, plural)
    except UnknownCount:
        raise CannotBuild(f"\"{word}\" is no card type or subtype the kit can count") from None


@transform("pump_target_for_each")
def _pump_target_for_each(c: list[Any]) -> IR:
    return ("pump for each", _tuples(c)[0], _pt(c), _token(c, "COUNTED_ONE"))


@transform("pump_self_for_each")
def _pump_self_for_each(c: list[Any]) -> IR:
    return ("pump for each", ("self",), _pt(c), _token(c, "COUNTED_ONE"))


@instruction("pump for each")
def _pump_for_each(eff: IR) -> Step:
    """"gets +1/+1 until end of turn for each creature you control": the count is taken once, as
    the instruction is followed (608.2h), and the change is locked in then (611.2c, 613.4c)."""
    subject, (p, t), what = eff[1], eff[2], _counted(eff[3], plural=False)

    def pump(res: Resolution, item: StackItem, why: str) -> None:
        n = count_controlled(res.state, res.controller, what)
        if subject[0] == "self":
            src = res.source()
            objs = [src] if src is not None and src.zone is Zone.BATTLEFIELD else []
        else:
            objs = res.targets()
        for obj in objs:
            if n:
                res.pump(obj, p * n, t * n, "613.4c",
                         f"{why}: {p * n:+d}/{t * n:+d} until end of turn ({n} × {p:+d}/{t:+d}, one for each "
                         f"{what.words} {res.controller} controls)")
    return pump


@transform("damage_equal_count")
def _damage_equal_count(c: list[Any]) -> IR:
    return ("damage equal count", _tuples(c)[0], _token(c, "COUNTED_MANY"))


@instruction("damage equal count")
def _damage_equal_count_step(eff: IR) -> Step:
    """"deals damage to target creature equal to the number of Mountains you control": counted
    as the spell or ability resolves (608.2h), then dealt (120.3)."""
    to, what = eff[1], _counted(eff[2], plural=True)
    _must_target(to)

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        n = count_controlled(res.state, res.controller, what)
        for t in res.any_targets():
            res.damage(t, n)
    return deal


@transform("damage_equal_hand")
def _damage_equal_hand(c: list[Any]) -> IR:
    return ("damage equal hand", ("target player",))


@instruction("damage equal hand")
def _damage_equal_hand_step(eff: IR) -> Step:
    """"~ deals damage to target player equal to the number of cards in that player's hand": that
    player's hand as the spell resolves (608.2h)."""
    def deal(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            res.damage(player, cards_in_hand(res.state, player))
    return deal


# ---------------------------------------------------------------- target phrases (115.1, 202.3, 105.2)
@transform("with_mana_value_at_most")
def _mv_at_most(c: list[Any]) -> IR:
    return ("with", "mana value at most", int(str(c[0])))


@transform("with_mana_value")
def _mv_exactly(c: list[Any]) -> IR:
    return ("with", "mana value", int(str(c[0])))


def _mana_value_test(extra: IR) -> build.Test:
    """"with mana value 3 or less": the permanent's mana value now (202.3), read from its mana cost."""
    kind, n = extra[1], extra[2]
    if kind == "mana value at most":
        return lambda state, player, obj: mana_value(state, obj.oid) <= n
    return lambda state, player, obj: mana_value(state, obj.oid) == n


for _kind in ("mana value at most", "mana value"):
    build.EXTRA_TESTS[_kind] = _mana_value_test
build.EXTRA_WORDS.update({
    "mana value at most": lambda e: f"with mana value {e[2]} or less",
    "mana value": lambda e: f"with mana value {e[2]}",
})


# ---------------------------------------------------------------- "up to one target", "each of up to two" (601.2c)
@transform("up_to_one_target")
def _up_to_one_target(c: list[Any]) -> IR:
    words = [x for x in c if isinstance(x, str)]
    extra = tuple(_tuples(c))
    return ("target", tuple(words[:-1]), words[-1], (*extra, (build.UP_TO, 1, "one", words[-1])))


@transform("each_of_up_to")
def _each_of_up_to(c: list[Any]) -> IR:
    """"each of up to two target creatures": one counter on each of those chosen (601.2c, 122.1)."""
    return c[0]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- "where X is ..." (107.3, 608.2h)
@transform("where_x")
def _where_x(c: list[Any]) -> IR:
    *effects, amount = c
    return (("where x", tuple(effects), amount),)


@transform("x_draw")
def _x_draw(c: list[Any]) -> IR:
    return ("x draw",)


@transform("x_lose")
def _x_lose(c: list[Any]) -> IR:
    return ("x life", "you", -1)


@transform("x_counters")
def _x_counters(c: list[Any]) -> IR:
    return ("x counters", _token(c, "COUNTER_KIND"), _tuples(c)[0])


@transform("x_pump_self")
def _x_pump_self(c: list[Any]) -> IR:
    return ("x pump self",)


@transform("x_count_controlled")
def _x_count_controlled(c: list[Any]) -> IR:
    return ("count controlled", _token(c, "COUNTED_MANY"))


@transform("x_life_total")
def _x_life_total(c: list[Any]) -> IR:
    return ("life total",)


def _x_value(amount: IR) -> Callable[[Resolution], int]:
    """How the sentence's X is worked out, from the game as the sentence is followed (608.2h)."""
    kind = amount[0]
    if kind == "count controlled":
        what = _counted(amount[1], plural=True)
        return lambda res: count_controlled(res.state, res.controller, what)
    if kind == "life total":  # a negative total makes X 0: no negative number of counters (107.1b)
        return lambda res: max(0, res.state.player(res.controller).life)
    raise CannotBuild(f"X as {kind} isn't counted yet")


def _x_step(eff: IR) -> Callable[[Resolution, StackItem, str, int], None]:
    kind = eff[0]
    if kind == "x draw":
        def draw(res: Resolution, item: StackItem, why: str, x: int) -> None:
            draw_cards(res.d, res.controller, x)
        return draw
    if kind == "x life":  # "you lose X life" (119.3)
        def life(res: Resolution, item: StackItem, why: str, x: int) -> None:
            lose_life(res.d, res.controller, x, why)
        return life
    if kind == "x counters":
        counter_kind = eff[1]

        def counters(res: Resolution, item: StackItem, why: str, x: int) -> None:
            for obj in res.targets():
                if x:
                    res.add_counters(obj, counter_kind, x, "122.1")
        return counters
    if kind == "x pump self":
        def pump(res: Resolution, item: StackItem, why: str, x: int) -> None:
            src = res.source()
            if src is not None and src.zone is Zone.BATTLEFIELD and x:
                res.pump(src, x, x, "613.4c", f"{why}: +{x}/+{x} until end of turn (X is {x})")
        return pump
    raise CannotBuild(f"the instruction {kind!r} with X isn't played yet")


@targets("where x")
def _where_x_targets(eff: IR) -> list[Target]:
    return [t for inner in eff[1] for t in build._targets_in(inner)]


@instruction("where x")
def _where_x_step(eff: IR) -> Step:
    """"You draw X cards and you lose X life, where X is the number of Zombies you control": X is
    counted once, as the sentence is followed (608.2h), and each instruction uses that number."""
    inner, value = eff[1], _x_value(eff[2])
    steps = [_x_step(e) for e in inner]
    if sum(len(build._targets_in(e)) for e in inner) > 1:
        raise CannotBuild("a \"where X is\" sentence with two targets isn't played yet")

    def follow(res: Resolution, item: StackItem, why: str) -> None:
        x = value(res)
        for step in steps:
            step(res, item, f"{why} (X is {x})", x)
    return follow


# ---------------------------------------------------------------- X as announced (107.3a)
@transform("pump_all_x")
def _pump_all_x(c: list[Any]) -> IR:
    return ("pump all x", (1, -1))


@instruction("pump all x")
def _pump_all_x_step(eff: IR) -> Step:
    """"All creatures get +X/-X until end of turn": X as announced for the spell (107.3a), locked to
    the creatures on the battlefield as it resolves (611.2c, 613.4c)."""
    sp, st = eff[1]

    def pump(res: Resolution, item: StackItem, why: str) -> None:
        x = item.x
        state = res.state
        for obj in [o for o in state.objects if o.zone is Zone.BATTLEFIELD and characteristics(state, o.oid).is_creature]:
            if x:
                res.pump(obj, sp * x, st * x, "613.4c", f"{why}: {sp * x:+d}/{st * x:+d} until end of turn (X is {x})")
    return pump


# ---------------------------------------------------------------- damage equal to a creature's power (120.3)
@transform("target_deals_its_power")
def _target_deals_its_power(c: list[Any]) -> IR:
    biter, victim = _tuples(c)
    return ("bite", biter, victim)


@instruction("bite")
def _bite(eff: IR) -> Step:
    """"Target creature you control deals damage equal to its power to target creature you don't
    control": the first creature is the source of the damage (120.3), its power as the spell
    resolves (608.2h); if either target is illegal then, no damage is dealt (608.2b; the card's
    ruling)."""
    if eff[1][0] != "target" or eff[1][2] != "creature":
        raise CannotBuild("only a creature deals damage equal to its power")

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        biters, victims = res.for_slots(0, 1).targets(), res.for_slots(1, 1).targets()
        if not biters or not victims:
            return
        biter, victim = biters[0], victims[0]
        power = characteristics(res.state, biter.oid).power or 0
        if power > 0 and victim.zone is Zone.BATTLEFIELD:
            deal_damage(res.d, biter.oid, victim.oid, power, combat=False, chooser=res.chooser)
    return deal


@transform("self_deals_its_power")
def _self_deals_its_power(c: list[Any]) -> IR:
    return ("damage its power", _tuples(c)[0])


@instruction("damage its power")
def _damage_its_power(eff: IR) -> Step:
    """"It deals damage equal to its power to target creature or planeswalker": the source's power
    as it last existed on the battlefield if it has left (a sacrifice paid for it, 608.2h, 113.7a)."""
    to = eff[1]
    _must_target(to)

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        power = max(0, res.last_known().power or 0)
        for t in res.any_targets():
            res.damage(t, power)
    return deal


# ---------------------------------------------------------------- "up to two target creatures can't be blocked" (509.1b)
@transform("up_to_cant_be_blocked")
def _up_to_cant_be_blocked(c: list[Any]) -> IR:
    return ("pump", c[0], (0, 0), ("can't be blocked",))


# ---------------------------------------------------------------- either colour, a spell (105.2, 115.1)
@transform("counter_either_color")
def _counter_either_color(c: list[Any]) -> IR:
    return ("counter", ("spell of colors", tuple(str(x) for x in c)))


@target_kind("spell of colors")
def _spell_of_colors(part: IR) -> Target:
    """"target red or green spell": a spell on the stack that is either colour now (105.2, 115.1)."""
    wanted = frozenset(part[1])

    def legal(state: GameState, player: str, obj: GameObject) -> bool:
        return obj.zone is Zone.STACK and bool(characteristics(state, obj.oid).colors & wanted)
    return Target(f"target {' or '.join(part[1])} spell", legal, frozenset({Zone.STACK}))


@transform("damage_player_and_their_creatures")
def _damage_player_and_their_creatures(c: list[Any]) -> IR:
    n = _ints(c)[0]
    return ("damage player and creatures", n, ("target player",), n)


# ---------------------------------------------------------------- "whenever ~ attacks, it gets ... for each" (508.3a)
@transform("attacks_pump_for_each")
def _attacks_pump_for_each(c: list[Any]) -> IR:
    return ("triggered", ("attacks",), (("pump for each", ("self",), _pt(c), _token(c, "COUNTED_ONE")),))


# ---------------------------------------------------------------- cards of its own name in your graveyard (201.2)
def _named_in_graveyard(res: Resolution) -> int:
    """Cards in the controller's graveyard with the name of this spell or ability's source (201.2),
    counted as the instruction is followed (608.2h)."""
    name = res.last_known().name
    return sum(1 for o in res.state.objects if o.zone is Zone.GRAVEYARD and o.zone_player == res.controller
               and characteristics(res.state, o.oid).name == name)


@transform("tokens_for_each_named")
def _tokens_for_each_named(c: list[Any]) -> IR:
    return ("tokens for each named", _tuples(c)[0])


@instruction("tokens for each named")
def _tokens_for_each_named_step(eff: IR) -> Step:
    """"Create a 2/2 black Zombie creature token for each card named ~ in your graveyard" (111.1, 608.2h)."""
    tokens = eff[1]
    name, per = build.token_definition(tokens), tokens[1]

    def create(res: Resolution, item: StackItem, why: str) -> None:
        n = _named_in_graveyard(res) * per
        if n:
            create_tokens(res.d, name, res.controller, why, n)
    return create


@transform("draw_then_draw_named")
def _draw_then_draw_named(c: list[Any]) -> IR:
    return ("draw then draw named",)


@instruction("draw then draw named")
def _draw_then_draw_named_step(eff: IR) -> Step:
    """"Draw a card, then draw cards equal to the number of cards named ~ in your graveyard": the
    count is taken after the first draw, as that part is followed (608.2c, 608.2h); the spell itself
    is on the stack then, not in the graveyard."""
    def draw(res: Resolution, item: StackItem, why: str) -> None:
        draw_cards(res.d, res.controller, 1)
        n = _named_in_graveyard(res)
        if n:
            draw_cards(res.d, res.controller, n)
    return draw


# ---------------------------------------------------------------- life equal to what was just moved (608.2h)
@transform("then_life_equal")
def _then_life_equal(c: list[Any]) -> IR:
    effect = _tuples(c)[0]
    return (("then life equal", effect, _token(c, "LIFE_WHO"), _token(c, "PT_WORD")),)


@targets("then life equal")
def _then_life_targets(eff: IR) -> list[Target]:
    return build._targets_in(eff[1])


@instruction("then life equal")
def _then_life_equal_step(eff: IR) -> Step:
    """"Exile target colorless creature. You gain life equal to its power.": the first instruction
    is followed, then the life is the creature's power (or toughness) as it last existed on the
    battlefield (608.2h); a negative value gains nothing (107.1b). "Its controller" is who controlled
    it then. If the target was illegal, the spell doesn't resolve, and no one gains life (608.2b)."""
    inner, who, stat = eff[1], eff[2], eff[3]
    found = build._targets_in(inner)
    if len(found) != 1 or found[0].up_to or inner[1][0] != "target" or inner[1][2] != "creature":
        raise CannotBuild("\"life equal to its power\" after an instruction that isn't about one target creature")
    first = build._effect_step(inner)

    def follow(res: Resolution, item: StackItem, why: str) -> None:
        was = [(obj.ref, obj.controller) for obj in res.targets()]
        first(res, item, why)
        for ref, controller in was:
            chars = res.last_known(ref)
            n = (chars.power if stat == "power" else chars.toughness) or 0
            if n > 0:
                gain_life(res.d, res.controller if who == "you gain" else controller, n, why)
    return follow


# ---------------------------------------------------------------- what it attacks (506.4c, 508.3a)
@transform("damage_what_it_attacks")
def _damage_what_it_attacks(c: list[Any]) -> IR:
    return ("damage what it attacks", _ints(c)[0])


@instruction("damage what it attacks")
def _damage_what_it_attacks_step(eff: IR) -> Step:
    """"It deals 1 damage to the player or planeswalker it's attacking": read as it resolves; a
    creature no longer attacking, or attacking a planeswalker that has left, attacks nothing then
    (506.4c), and no damage is dealt. The damage isn't combat damage (the card's ruling, 120.3)."""
    n = eff[1]

    def deal(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        attack = attack_of(res.state, src.oid) if src is not None else None
        what = attack_target(res.state, attack) if attack is not None else None
        if what is not None:
            res.damage(what, n)
    return deal
