"""Back-references and lines of several sentences: "Exile target creature. Its controller creates a
token.", "Tap ~. It gains indestructible until end of turn.", "Exile target player's graveyard."

A sentence that names what an earlier one touched ("its controller", "it") is read together with
that sentence, as one instruction (the grammar's section "references"), so it never stands alone
referring to nothing. The instructions are followed in the order written (608.2c); what the later
sentence reads of the object is read as the object last existed on the battlefield when it has
left (608.2h): "its controller" of an exiled creature is the player who controlled it as it left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild, token_definition
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, targets, transform
from mtgrules.core.abilities import Resolution, Target, TriggeredAbility
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.rules.discard import discard, discard_cards
from mtgrules.rules.layers import characteristics
from mtgrules.rules.library import look_at, pick, reveal, shuffle_library
from mtgrules.rules.life import gain_life, lose_life
from mtgrules.rules.look_back import dies
from mtgrules.rules.targeting import opponents
from mtgrules.rules.teams import apnap_order
from mtgrules.rules.tokens import create_tokens
from mtgrules.rules.zones import move

Step = Callable[[Resolution, StackItem, str], None]

THEN_ITS_CONTROLLER = "then its controller"
THEN_IT_GAINS = "then it gains"
THEN_IT_LOSES = "then it loses"


# ---------------------------------------------------------------- transforms: grammar -> IR
@transform("then_its_controller")
def _then_its_controller(c: list[Any]) -> IR:
    return (THEN_ITS_CONTROLLER, c[0], c[1])


@transform("its_controller_creates")
def _its_controller_creates(c: list[Any]) -> IR:
    from mtgrules.cards.oracle.parse import _transformer  # the core's reading of a token's words (111.3)

    made: IR = _transformer().tokens(c)
    return made


@transform("its_controller_gains")
def _its_controller_gains(c: list[Any]) -> IR:
    return ("life", c[0])


@transform("its_controller_loses")
def _its_controller_loses(c: list[Any]) -> IR:
    return ("life", -c[0])


@transform("its_controller_gains_its")
def _its_controller_gains_its(c: list[Any]) -> IR:
    return ("life equal to its", str(c[0]))


@transform("then_it_gains")
def _then_it_gains(c: list[Any]) -> IR:
    return (THEN_IT_GAINS, c[0], tuple(c[1]))


@transform("tap_self")
def _tap_self(c: list[Any]) -> IR:
    return ("tap self",)


@transform("exile_target_graveyard")
def _exile_target_graveyard(c: list[Any]) -> IR:
    return ("exile graveyard", ("target player",))


# ---------------------------------------------------------------- what the earlier sentence touched
def _one_object_target(first: IR, words: str) -> Target:
    """The one target of the earlier sentence that a back-reference names: "its controller" and
    "it" refer to one object (608.2c), so an earlier sentence with no target, several, or a player
    or spell for a target isn't read this way."""
    found = build._targets_of((first,))
    if len(found) != 1:
        raise CannotBuild(f"\"{words}\" after a sentence with {len(found)} targets: the kit reads it only after one "
                          "target object (608.2c)")
    spec = found[0]
    if spec.players is not None or spec.zones == frozenset({Zone.STACK}):
        raise CannotBuild(f"\"{words}\" naming a player or a spell isn't played yet")
    if spec.count > 1:
        raise CannotBuild(f"\"{words}\" after \"up to {spec.count} targets\" names several objects, which isn't "
                          "played yet")
    return spec


@targets(THEN_ITS_CONTROLLER, THEN_IT_GAINS, THEN_IT_LOSES)
def _earlier_targets(eff: IR) -> list[Target]:
    return build._targets_of((eff[1],))


def _touched(res: Resolution) -> list[tuple[GameObject, ObjRef]]:
    """The earlier sentence's target, as it is before that sentence is followed: still legal, the
    same object (608.2b, 400.7)."""
    return [(o, ObjRef(o.oid, o.zcc)) for o in res.targets()]


# ---------------------------------------------------------------- instructions (608.2c)
@instruction(THEN_ITS_CONTROLLER)
def _then_its_controller_step(eff: IR) -> Step:
    """"<instruction to target ...>. Its controller <does>.": the target's controller as it last
    existed on the battlefield, if it left (608.2h); that player creates the token (111.2) or gains
    or loses the life (119.3)."""
    first, then = eff[1], eff[2]
    _one_object_target(first, "its controller")
    first_step = build._effect_step(first)
    token = token_definition(then) if then[0] == "tokens" else None

    def step(res: Resolution, item: StackItem, why: str) -> None:
        touched = _touched(res)
        first_step(res, item, why)
        for was, ref in touched:
            now = res.state.resolve_ref(ref)
            controller = now.controller if now is not None and now.zone is Zone.BATTLEFIELD else was.controller
            if token is not None:
                create_tokens(res.d, token, controller, why, then[1])
            elif then[0] == "life":
                (gain_life if then[1] > 0 else lose_life)(res.d, controller, abs(then[1]), why)
            else:
                chars = res.last_known(ref)  # as it last existed on the battlefield (608.2h)
                n = chars.toughness if then[1] == "toughness" else chars.power
                if n is not None and n > 0:
                    gain_life(res.d, controller, n, why)
    return step


@instruction(THEN_IT_GAINS, THEN_IT_LOSES)
def _then_it_gains_step(eff: IR) -> Step:
    """"<instruction>. It gains K until end of turn.": "it" is the earlier sentence's one target,
    or this permanent when that sentence names only ~; a layer 6 effect locked to that object
    (611.2c, 613.1f), which does nothing if it has left the battlefield (400.7)."""
    first, granted = eff[1], eff[2]
    loses = eff[0] == THEN_IT_LOSES  # "That permanent loses indestructible until end of turn." (613.1f)
    on_self = not build._targets_of((first,)) and _names_self(first)
    if not on_self:
        _one_object_target(first, "that permanent" if loses else "it")
    first_step = build._effect_step(first)
    words = ("loses " if loses else "") + " and ".join(granted)
    keywords = frozenset(Keyword(k) for k in granted)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        touched = [] if on_self else _touched(res)
        first_step(res, item, why)
        if on_self:
            src = res.source()
            objs = [src] if src is not None and src.zone is Zone.BATTLEFIELD else []
        else:
            objs = [o for _, ref in touched if (o := res.state.resolve_ref(ref)) is not None
                    and o.zone is Zone.BATTLEFIELD]
        for obj in objs:
            e6 = Effect("6", f"{why}: {words} until end of turn", "613.1f", item.source.oid, res.d.new_timestamp(),
                        affected=(ObjRef(obj.oid, obj.zcc),), until_end_of_turn=True,
                        add_keywords=frozenset() if loses else keywords, remove_keywords=keywords if loses else frozenset())
            res.d.set_scalar("613.1f", effects=res.d.effects + (e6,))
    return step


def _names_self(first: IR) -> bool:
    """Whether the earlier sentence is about this permanent only ("tap ~", "put a counter on ~")."""
    return first[0] in ("tap self", "untap self") or (first[0] == "counters" and first[-1] == ("self",))


@instruction("tap self")
def _tap_self_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()  # a new object if it left and came back: not "this" permanent (400.7)
        if src is None or src.zone is not Zone.BATTLEFIELD:
            res.d.note("nothing", f"{why}: its permanent is no longer on the battlefield, so nothing is tapped", "400.7")
        elif not src.tapped:
            res.d.update(src.oid, "701.26a", f"{why}: {res.name(src.oid)} is tapped", tapped=True)
    return step


@instruction("exile graveyard")
def _exile_graveyard_step(eff: IR) -> Step:
    """"Exile target player's graveyard": every card in it is exiled, at once (406.2, 404.1)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            cards = res.state.in_zone(Zone.GRAVEYARD, player)
            if not cards:
                res.d.note("nothing", f"{why}: {player}'s graveyard is empty, so nothing is exiled", "406.2")
                continue
            with res.d.one_event():
                for card in cards:
                    move(res.d, card.oid, Zone.EXILE, "406.2", f"{why}: {card.card} is exiled from {player}'s graveyard")
    return step


# ---------------------------------------------------------------- a player's hand (701.20, 701.9b)
@transform("hand_player")
def _hand_player(c: list[Any]) -> IR:
    return (" ".join(str(x) for x in c),)


@transform("hand_kinds")
def _hand_kinds(c: list[Any]) -> tuple[str, ...]:
    return tuple(str(x)[3:] for x in c)  # "noncreature" -> "creature": the types the card must not have


@transform("hand_card")
def _hand_card(c: list[Any]) -> tuple[str, ...]:
    return c[0] if c else ()


@transform("reveal_choose_discard")
def _reveal_choose_discard(c: list[Any]) -> IR:
    return ("hand discard", c[0], c[1], "reveal")


@transform("look_choose_discard")
def _look_choose_discard(c: list[Any]) -> IR:
    return ("hand discard", ("target player",), c[0], "look")


@transform("look_at_hand")
def _look_at_hand(c: list[Any]) -> IR:
    return ("look at hand", ("target player",))


@transform("reveal_exile_all")
def _reveal_exile_all(c: list[Any]) -> IR:
    return ("hand exile all", c[0], c[1])


def _not_of_types(state: Any, obj: GameObject, without: tuple[str, ...]) -> bool:
    types = characteristics(state, obj.oid).types
    return not any(t.capitalize() in types for t in without)


def _kind_words(without: tuple[str, ...]) -> str:
    return "a " + ", ".join(f"non{t}" for t in without) + " card" if without else "a card"


@instruction("hand discard")
def _hand_discard_step(eff: IR) -> Step:
    """"Target opponent reveals their hand. You choose a noncreature, nonland card from it. That
    player discards that card.": the hand is shown to all (701.20a), or to you only for "look at"
    (701.20e); you choose the card (choice ``pick``, 608.2d), and that player discards it: another
    player choosing is one of the ways 701.9b allows."""
    without, how = eff[2], eff[3]
    description = _kind_words(without)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            hand = [o.oid for o in res.state.in_zone(Zone.HAND, player)]
            if how == "reveal":
                reveal(res.d, player, hand, why)
            else:
                look_at(res.d, res.controller, hand, why)
            if not hand:
                res.d.note("nothing", f"{why}: {player} has no cards in hand", "701.9a", player, player)
                continue
            chosen = pick(res.d, res.chooser, res.controller, hand,
                          lambda state, obj: _not_of_types(state, obj, without), description, optional=False, why=why)
            if chosen is not None:
                discard(res.d, player, chosen, why, "701.9b")
    return step


@instruction("look at hand")
def _look_at_hand_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            hand = [o.oid for o in res.state.in_zone(Zone.HAND, player)]
            if hand:
                look_at(res.d, res.controller, hand, why)
            else:
                res.d.note("look", f"{why}: {res.controller} looks at {player}'s hand, which is empty", "701.20e",
                           player, player)
    return step


@instruction("hand exile all")
def _hand_exile_all_step(eff: IR) -> Step:
    """"... reveals their hand. Exile all noncreature, nonland cards from that player's hand and
    graveyard.": every such card of both zones is exiled at once (701.20a, 406.2)."""
    without = eff[2]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            state = res.state
            hand = [o.oid for o in state.in_zone(Zone.HAND, player)]
            reveal(res.d, player, hand, why)
            doomed = [o for zone in (Zone.HAND, Zone.GRAVEYARD) for o in state.in_zone(zone, player)
                      if _not_of_types(state, o, without)]
            if not doomed:
                res.d.note("nothing", f"{why}: {player} has no {_kind_words(without)[2:]} in hand or graveyard",
                           "406.2", player, player)
                continue
            with res.d.one_event():
                for card in doomed:
                    move(res.d, card.oid, Zone.EXILE, "406.2", f"{why}: {card.card} is exiled from {player}'s "
                         f"{card.zone.value}")
    return step


# ---------------------------------------------------------------- losing an ability, shuffling (611.2c, 701.24)
@transform("then_that_loses")
def _then_that_loses(c: list[Any]) -> IR:
    return (THEN_IT_LOSES, c[0], tuple(c[-1]))


@transform("shuffle_graveyard_into_library")
def _shuffle_graveyard_into_library(c: list[Any]) -> IR:
    return ("shuffle graveyard into library", ("target player",))


@transform("shuffle_self_into_library")
def _shuffle_self_into_library(c: list[Any]) -> IR:
    return ("shuffle self into library",)


@instruction("shuffle graveyard into library")
def _shuffle_graveyard_step(eff: IR) -> Step:
    """"Target player shuffles their graveyard into their library": every card of it goes to its
    owner's library, and that library is shuffled (701.24a); an empty graveyard still shuffles (701.24d)."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in res.target_players():
            cards = res.state.in_zone(Zone.GRAVEYARD, player)
            with res.d.one_event():
                for card in cards:
                    move(res.d, card.oid, Zone.LIBRARY, "701.24a", f"{why}: {card.card} is shuffled into "
                         f"{card.owner}'s library")
            for owner in dict.fromkeys([player, *(c.owner for c in cards)]):
                shuffle_library(res.d, owner, why)
    return step


@instruction("shuffle self into library")
def _shuffle_self_step(eff: IR) -> Step:
    """"Shuffle ~ into its owner's library": this card, on the stack as it resolves, goes into its
    owner's library, which is then shuffled (701.24a); a card that has left the stack already (400.7)
    stays where it is."""
    def step(res: Resolution, item: StackItem, why: str) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.STACK:
            res.d.note("nothing", f"{why}: the card is no longer on the stack, so it isn't shuffled into a library",
                       "400.7")
            return
        move(res.d, src.oid, Zone.LIBRARY, "701.24a", f"{why}: {src.card} is shuffled into {src.owner}'s library")
        shuffle_library(res.d, src.owner, why)
    return step


# ---------------------------------------------------------------- each player, each opponent (101.4)
@transform("each_opponent_discards")
def _each_opponent_discards(c: list[Any]) -> IR:
    return ("each opponent discards", c[0])


@transform("each_player_loses")
def _each_player_loses(c: list[Any]) -> IR:
    return ("each player loses", c[0])


@instruction("each opponent discards")
def _each_opponent_discards_step(eff: IR) -> Step:
    """"Each opponent discards two cards": each opponent, in APNAP order (101.4), chooses and
    discards their own (701.9b; choice ``discard``)."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in apnap_order(res.state):
            if opponents(res.state, res.controller, player):
                discard_cards(res.d, res.chooser, player, n, why)
    return step


@instruction("each player loses")
def _each_player_loses_step(eff: IR) -> Step:
    """"Each player loses 2 life": every player in the game, the controller too (119.3)."""
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in apnap_order(res.state):
            lose_life(res.d, player, n, why)
    return step


# ---------------------------------------------------------------- "if it was a creature card" (608.2c)
THEN_IF_IT_WAS = "then if it was"


@transform("then_if_it_was")
def _then_if_it_was(c: list[Any]) -> IR:
    return (THEN_IF_IT_WAS, c[0], str(c[1]).capitalize(), tuple(c[2:]))


@targets(THEN_IF_IT_WAS)
def _if_it_was_targets(eff: IR) -> list[Target]:
    return build._targets_of((eff[1],))


@instruction(THEN_IF_IT_WAS)
def _then_if_it_was_step(eff: IR) -> Step:
    """"Exile target card from a graveyard. If it was a creature card, <instructions>.": "it" is the
    earlier sentence's one target, and its card type is read as it was before that sentence moved it
    (608.2h); the later instructions are followed only if it had that type."""
    first, card_type, then = eff[1], eff[2], eff[3]
    found = build._targets_of((first,))
    if len(found) != 1 or found[0].count > 1 or found[0].players is not None:
        raise CannotBuild("\"if it was a ... card\" after a sentence without exactly one target card isn't played yet")
    if build._targets_of(then):
        raise CannotBuild("instructions with targets of their own after \"if it was a ... card\" aren't played yet")
    first_step = build._effect_step(first)
    then_steps = [build._effect_step(e) for e in then]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        had = [card_type in characteristics(res.state, o.oid).types for o in res.targets()]
        first_step(res, item, why)
        if not any(had):
            res.d.note("nothing", f"{why}: it wasn't a {card_type.lower()} card, so nothing more happens", "608.2c")
            return
        for then_step in then_steps:
            then_step(res, item, why)
    return step


# ---------------------------------------------------------------- "it gets an additional ... for each" (608.2h)
THEN_IT_GETS_MORE = "then it gets more"


@transform("then_it_gets_for_each_named")
def _then_it_gets_for_each_named(c: list[Any]) -> IR:
    p, t = str(c[1]).split("/")
    return (THEN_IT_GETS_MORE, c[0], (int(p), int(t)))


@targets(THEN_IT_GETS_MORE)
def _it_gets_more_targets(eff: IR) -> list[Target]:
    return build._targets_of((eff[1],))


@instruction(THEN_IT_GETS_MORE)
def _then_it_gets_more_step(eff: IR) -> Step:
    """"<instruction>. It gets an additional +2/+2 until end of turn for each card named ~ in your
    graveyard.": the cards are counted once, as the instruction is followed (608.2h), and the
    earlier sentence's one target gets that many times +2/+2 (a layer 7c effect, 613.4c, 611.2c)."""
    first, (p, t) = eff[1], eff[2]
    _one_object_target(first, "it")
    first_step = build._effect_step(first)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        touched = _touched(res)
        first_step(res, item, why)
        name = characteristics(res.state, item.source.oid).name
        n = sum(1 for o in res.state.in_zone(Zone.GRAVEYARD, res.controller)
                if characteristics(res.state, o.oid).name == name)
        if n == 0:
            res.d.note("nothing", f"{why}: there is no card named {name} in {res.controller}'s graveyard, so no "
                       "additional bonus", "608.2h")
            return
        for _, ref in touched:
            obj = res.state.resolve_ref(ref)
            if obj is not None and obj.zone is Zone.BATTLEFIELD:
                res.pump(obj, p * n, t * n, "613.4c", f"{why}: an additional {p * n:+d}/{t * n:+d} until end of turn "
                         f"({n} card{'s' if n > 1 else ''} named {name})")
    return step


# ---------------------------------------------------------------- "when ~ dies, return it" (400.7e)
@transform("dies_return_it_to_hand")
def _dies_return_it_to_hand(c: list[Any]) -> IR:
    return ("dies return it", "hand")


@ability_kind("dies return it")
def _dies_return_it(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"When ~ dies, return it to its owner's hand.": a leaves-the-battlefield trigger (700.4, 603.10a)
    whose "it" is the card ~ became in the graveyard (400.7e); if that card has left the graveyard by
    the time the ability resolves, it is a new object again, and nothing returns (400.7)."""
    if is_spell_card:
        raise CannotBuild("a triggered ability of an instant or sorcery isn't built yet")

    def resolve(res: Resolution, item: StackItem) -> None:
        why = item.label
        went = ObjRef(item.source.oid, item.source.zcc + 1)  # the card it became as it died (400.7e)
        card = res.state.resolve_ref(went)
        if card is None or card.zone is not Zone.GRAVEYARD:
            res.d.note("nothing", f"{why}: the card is no longer in the graveyard it went to, so nothing returns",
                       "400.7")
            return
        move(res.d, card.oid, Zone.HAND, "400.7e", f"{why}: {card.card} returns to its owner's hand")
    return "ability", TriggeredAbility(line, "zone change", dies, resolve, looks_back=True)
