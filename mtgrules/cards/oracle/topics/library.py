"""The library family of templates: scry (701.22), search and shuffle (701.23, 701.24), looking
at and revealing the top cards (701.20), discard (701.9), returning cards from a graveyard, and
the optional "you may ..." with its "If you do, ..." (603.5, 608.2d).

The grammar's section "library, discard, "you may"" holds the templates; this module turns them
into IR (``@transform``), follows them as their spell or ability resolves (``@instruction``),
names the targets the core can't find by itself (``@targets``) and builds the discard trigger
(``@ability_kind``). The rules themselves are in ``rules/library.py``, ``rules/discard.py`` and
``rules/optional.py``: each choice is the player's, asked by keyword, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mtgrules.cards.oracle import build
from mtgrules.cards.oracle.build import CannotBuild
from mtgrules.cards.oracle.registry import IR, ability_kind, instruction, targets, transform
from mtgrules.core.abilities import Resolution, Target, TriggeredAbility
from mtgrules.core.carddef import card
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.wording import counted
from mtgrules.rules.discard import discard_cards
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.keyword_actions import draw_cards, mana_sources, pay_mana_now
from mtgrules.rules.layers import characteristics
from mtgrules.rules.library import (
    CardTest,
    card_words,
    choose_order,
    library_top,
    look_at,
    pick,
    put_on_bottom,
    put_on_top,
    random_order,
    reveal,
    scry,
    search,
    shuffle_library,
)
from mtgrules.rules.life import lose_life
from mtgrules.rules.optional import may
from mtgrules.rules.stack import enters_battlefield, mana_value
from mtgrules.rules.targeting import opponents, player_targets
from mtgrules.rules.zones import move

Step = Callable[[Resolution, StackItem, str], None]
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
_COLORS = {"white", "blue", "black", "red", "green"}


def _number(word: Any) -> int:
    text = str(word)
    return int(text) if text.isdigit() else _NUMBER_WORDS[text]


def _words(c: list[Any]) -> str:
    return " ".join(str(x) for x in c)


# ---------------------------------------------------------------- transforms: grammar -> IR
@transform("scry")
def _scry(c: list[Any]) -> IR:
    return ("scry", int(str(c[0])))


@transform("scry_then_reveal")
def _scry_then_reveal(c: list[Any]) -> IR:
    return ("scry then reveal", int(str(c[0])), c[1])


@transform("cultivate")
def _cultivate(c: list[Any]) -> IR:
    return ("search several", "cultivate", None)


@transform("two_creatures_with_different_names")
def _two_different(c: list[Any]) -> IR:
    return ("search several", "two creatures with different names", None)


@transform("any_number_named")
def _any_number_named(c: list[Any]) -> IR:
    return ("search several", "any number named", c[0])


@transform("telling_time")
def _telling_time(c: list[Any]) -> IR:
    return ("telling time",)


@transform("target_opponent_discards")
def _opponent_discards(c: list[Any]) -> IR:
    return ("discard", ("target opponent",), c[0], "chosen")


@transform("target_player_discards")
def _player_discards(c: list[Any]) -> IR:
    return ("discard", ("target player",), c[0], "chosen")


@transform("you_discard")
def _you_discard(c: list[Any]) -> IR:
    return ("discard", ("you",), c[0], "chosen")


@transform("you_discard_at_random")
def _you_discard_at_random(c: list[Any]) -> IR:
    return ("discard", ("you",), c[0], "at random")


@transform("draw_then_discard")
def _then(c: list[Any]) -> IR:
    return ("then", c[0], c[1])


@transform("you_also_draw")
def _you_draw(c: list[Any]) -> IR:
    return ("draw", ("you",), c[0])


@transform("you_may")
def _may(c: list[Any]) -> IR:
    return ("may", c[0], None)


@transform("you_may_if_you_do")
def _may_if(c: list[Any]) -> IR:
    return ("may", c[0], c[1])


@transform("you_may_have_it_deal")
def _may_deal(c: list[Any]) -> IR:
    return ("may", ("damage", c[0], c[1]), None)


@transform("you_may_pay_if_you_do")
def _may_pay(c: list[Any]) -> IR:
    return ("may pay", c[0][1], c[1])


@transform("search")
def _search(c: list[Any]) -> IR:
    spec, *rest = c
    revealed = "reveal" in rest
    return ("search", spec, revealed, rest[-1])


@transform("search_reveal")
def _search_reveal(c: list[Any]) -> str:
    return "reveal"


@transform("search_it")
def _search_it(c: list[Any]) -> str:
    return "it"


@transform("search_to", "card_quality")
def _plain_words(c: list[Any]) -> str:
    return _words(c)


@transform("any_card")
def _any_card(c: list[Any]) -> IR:
    return ("card", "any")


@transform("basic_land_card")
def _basic_land(c: list[Any]) -> IR:
    return ("card", "basic land")


@transform("look_card")
def _look_card(c: list[Any]) -> IR:
    qualities = tuple(x for x in c if isinstance(x, str))
    power = next((x for x in c if isinstance(x, int)), None)
    return ("card", qualities, power)


@transform("card_power")
def _card_power(c: list[Any]) -> int:
    return int(str(c[0]))


@transform("creature_card_mana_value_at_least")
def _mv_at_least(c: list[Any]) -> IR:
    return ("card", "creature with mana value at least", int(str(c[0])))


@transform("card_named")
def _card_named(c: list[Any]) -> IR:
    return ("card", "named", tuple(c))


@transform("card_name")
def _card_name(c: list[Any]) -> str:
    return " ".join(str(x) for x in c).replace(" ,", ",")  # "chandra, flame's catalyst", or "~"


@transform("search_library_and_graveyard")
def _search_both(c: list[Any]) -> IR:
    return ("search library and graveyard", c[0])


@transform("look_and_take")
def _look_and_take(c: list[Any]) -> IR:
    return ("look", _number(c[0]), c[1], str(c[2]))


@transform("may_reveal_into_hand")
def _may_reveal_into_hand(c: list[Any]) -> IR:
    return ("may reveal into hand", c[0])


@transform("may_put_onto_battlefield_tapped")
def _may_put_tapped(c: list[Any]) -> IR:
    return ("may put onto the battlefield tapped", c[0])


@transform("look_count")
def _look_count(c: list[Any]) -> int:
    return _number(c[0])


@transform("look_and_put_into_hand")
def _look_put(c: list[Any]) -> IR:
    return ("look put into hand", _number(c[0]), c[1], str(c[2]))


@transform("look_and_put_back")
def _look_put_back(c: list[Any]) -> IR:
    return ("look put back", _number(c[0]))


@transform("look_at_top_card_may_take")
def _look_top_card(c: list[Any]) -> IR:
    return ("look at top card", c[0])


@transform("reveal_and_take_all")
def _reveal_take_all(c: list[Any]) -> IR:
    return ("reveal take all", _number(c[0]), str(c[1]).capitalize(), str(c[2]))


@transform("reanimate")
def _reanimate(c: list[Any]) -> IR:
    return ("graveyard to battlefield", str(c[0]), False)


@transform("reanimate_tapped")
def _reanimate_tapped(c: list[Any]) -> IR:
    return ("graveyard to battlefield", str(c[0]), True)


@transform("raise_dead_more")
def _raise_dead_more(c: list[Any]) -> IR:
    return ("graveyard to hand", str(c[0]), "your")


@transform("return_from_a_graveyard")
def _from_a_graveyard(c: list[Any]) -> IR:
    return ("graveyard to hand", str(c[0]), "a")


@transform("exile_from_a_graveyard")
def _exile_from_a_graveyard(c: list[Any]) -> IR:
    return ("graveyard exile", str(c[0]), "a")


@transform("put_on_top_of_library")
def _put_on_top(c: list[Any]) -> IR:
    return ("put into library", c[0], "top")


@transform("put_on_bottom_of_library")
def _put_on_bottom(c: list[Any]) -> IR:
    return ("put into library", c[0], "bottom")


@transform("discard_trigger")
def _discard_trigger(c: list[Any]) -> IR:
    return ("discard trigger", c[0])


@transform("that_player_loses")
def _that_player_loses(c: list[Any]) -> IR:
    return ("that player loses", c[0])


@transform("damage_to_that_player")
def _damage_that_player(c: list[Any]) -> IR:
    return ("damage to that player", c[1])


# ---------------------------------------------------------------- card descriptions
_TYPES = {"creature": "Creature", "land": "Land", "artifact": "Artifact", "enchantment": "Enchantment",
          "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker"}


def _is_basic_land(state: GameState, obj: GameObject) -> bool:
    """A basic land card (205.4a: the supertype basic), by its characteristics where it is."""
    chars = characteristics(state, obj.oid)
    return chars.is_land and "Basic" in chars.supertypes


def _creature_named_otherwise(taken: set[str]) -> CardTest:
    """A creature card whose name is none of ``taken`` ("with different names", 201.2b)."""
    def test(state: GameState, obj: GameObject) -> bool:
        chars = characteristics(state, obj.oid)
        return chars.is_creature and chars.name not in taken
    return test


_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})  # 110.4a


def card_test(spec: IR) -> tuple[CardTest, str, bool]:
    """A card description as a test of a card (in a library or graveyard, by its characteristics
    there), its words, and whether it states a quality (701.23b) rather than asking for "a card"."""
    kind = spec[1]
    if kind == "any":
        return (lambda state, obj: True), "a card", False
    if kind == "basic land":
        return _is_basic_land, "a basic land card", True
    if kind == "permanent":  # a card of a permanent type (110.4a; topics/followups.py)
        return (lambda state, obj: bool(characteristics(state, obj.oid).types & _PERMANENT_TYPES)), \
            "a permanent card", True
    if kind == "creature with mana value at least":
        n = spec[2]

        def big(state: GameState, obj: GameObject) -> bool:  # mana value off the stack: X is 0 (202.3e)
            return characteristics(state, obj.oid).is_creature and mana_value(state, obj.oid) >= n
        return big, f"a creature card with mana value {n} or greater", True
    if kind == "named":
        names = spec[2]

        wanted = {n.lower() for n in names}

        def named(state: GameState, obj: GameObject) -> bool:
            return characteristics(state, obj.oid).name.lower() in wanted
        return named, "a card named " + " or ".join(names), True
    qualities, power = spec[1], spec[2]

    def one(q: str) -> CardTest:
        if q in _COLORS:  # a coloured card: its colour where it is (105.2)
            return lambda state, obj: q in characteristics(state, obj.oid).colors
        wanted = _TYPES[q]
        return lambda state, obj: wanted in characteristics(state, obj.oid).types
    parts = [one(q) for q in qualities]

    def test(state: GameState, obj: GameObject) -> bool:
        if not any(t(state, obj) for t in parts):
            return False
        return power is None or (characteristics(state, obj.oid).power or 0) <= power
    words = f"a {' or '.join(qualities)} card" + (f" with power {power} or less" if power is not None else "")
    return test, words, True


def _with_self_name(spec: IR, res: Resolution, item: StackItem) -> IR:
    """"a card named ~" names the card this ability is printed on (the text names a card by its
    name, not this object, 201.5): ~ becomes that name. Other names are written as the card prints
    them (the grammar reads lower case), so a question says "Chandra, Flame's Catalyst"."""
    if spec[1] != "named":
        return spec
    printed = card(res.state.obj(item.source.oid).card)

    def as_printed(name: str) -> str:
        if name == "~":
            return printed.name
        found = re.search(re.escape(name), printed.oracle, flags=re.IGNORECASE)
        return found.group(0) if found else name
    return ("card", "named", tuple(as_printed(n) for n in spec[2]))


# ---------------------------------------------------------------- instructions
@instruction("scry")
def _scry_step(eff: IR) -> Step:
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        scry(res.d, res.chooser, res.controller, n, why)
    return step


@instruction("scry then reveal")
def _scry_then_reveal_step(eff: IR) -> Step:
    n, spec = eff[1], eff[2]
    test, words, _quality = card_test(spec)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        scry(res.d, res.chooser, player, n, why)
        top = library_top(res.state, player, 1)
        if not top:
            res.d.note("nothing", f"{why}: {player}'s library is empty: there is no card to reveal", "701.20a",
                       player, player)
            return
        reveal(res.d, player, [top[0].oid], why)
        if test(res.state, top[0]):
            draw_cards(res.d, player, 1)  # the card revealed is the card drawn (its ruling)
        else:
            res.d.note("nothing", f"{why}: {res.name(top[0].oid)} isn't {words}, so {player} draws nothing and it stays "
                       "on top", "608.2c", player, player)
    return step


def _discarders(res: Resolution, who: str) -> list[str]:
    return [res.controller] if who == "you" else res.target_players()


@instruction("discard")
def _discard_step(eff: IR) -> Step:
    who, n, how = eff[1][0], eff[2], eff[3]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for player in _discarders(res, who):
            discard_cards(res.d, res.chooser, player, n, why, at_random=how == "at random")
    return step


@instruction("then")
def _then_step(eff: IR) -> Step:
    first, second = build.resolver((eff[1],)), build.resolver((eff[2],))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        first(res, item)
        second(res, item)
    return step


# The instructions "you may" can wrap: what the player is asked, and whether it is possible now (608.2d).
_MAY_KINDS = ("draw", "discard", "destroy", "bounce", "damage", "graveyard to hand", "graveyard to battlefield",
              "graveyard exile", "return from graveyard", "search", "search library and graveyard", "search several",
              "life", "pump")


def _may_words(eff: IR, res: Resolution, item: StackItem) -> str:
    """What the player may do, in words, with the targets named as they are now."""
    kind = eff[0]
    objs = [o for o in res.any_targets() if not isinstance(o, str)]
    what = card_words(res.state, [o.oid for o in objs]) if objs else "the target"
    if kind == "draw":
        return f"draw {counted(eff[2], 'card')}".replace("draw 1 card", "draw a card")
    if kind == "discard":
        return "discard a card" if eff[2] == 1 else f"discard {eff[2]} cards"
    if kind == "life":  # "you may gain 1 life" (119.3)
        return f"gain {eff[2]} life"
    if kind == "destroy":
        return f"destroy {what}"
    if kind == "pump":  # "you may have target creature get +2/+0 until end of turn" (topics/followups.py)
        return f"have {what} get {eff[2][0]:+d}/{eff[2][1]:+d} until end of turn"
    if kind == "bounce":
        return f"return {what} to its owner's hand"
    if kind == "damage":
        to = what if objs else ", ".join(t for t in res.any_targets() if isinstance(t, str)) or "the target"
        return f"have {res.name(item.source.oid)} deal {eff[1]} damage to {to}"
    if kind in ("graveyard to hand", "return from graveyard"):
        return f"return {what} to its owner's hand"
    if kind == "graveyard to battlefield":
        return f"return {what} to the battlefield" + (" tapped" if eff[2] else "")
    if kind == "graveyard exile":
        return f"exile {what}"
    if kind == "search several":
        if eff[1] == "cultivate":
            return "search their library for up to two basic land cards"
        if eff[1] == "two creatures with different names":
            return "search their library for up to two creature cards with different names"
        named = _with_self_name(("card", "named", (eff[2],)), res, item)[2][0]
        return f"search their library for any number of cards named {named}"
    words = card_test(_with_self_name(eff[1], res, item))[1]
    if kind == "search":
        return f"search their library for {words}"
    return f"search their library and/or graveyard for {words}"


def _possible(eff: IR, res: Resolution) -> bool:
    """Whether the wrapped instruction can be done now (608.2d): discarding needs a card in hand;
    drawing never is impossible (121.3); a searched zone may always be searched (701.23g)."""
    if eff[0] == "discard" and eff[1] == ("you",):
        return bool(res.state.in_zone(Zone.HAND, res.controller))
    return True


@instruction("may")
def _may_step(eff: IR) -> Step:
    inner, then = eff[1], eff[2]
    if inner[0] not in _MAY_KINDS or (inner[0] in ("discard", "life") and inner[1] != ("you",)) \
            or (inner[0] == "life" and inner[2] <= 0) \
            or (inner[0] == "pump" and (inner[1][0] != "target" or inner[3])):
        raise CannotBuild(f"\"you may\" around the instruction {inner[0]!r} isn't played yet")
    follow = build.resolver((inner,))
    after = build.resolver((then,)) if then is not None else None

    def step(res: Resolution, item: StackItem, why: str) -> None:
        if may(res.d, res.chooser, res.controller, _may_words(inner, res, item), why, possible=_possible(inner, res)):
            follow(res, item)
            if after is not None:  # "If you do, ...": only when the player did (608.2c)
                after(res, item)
        elif after is not None:
            res.d.note("nothing", f"{why}: {res.controller} didn't, so what \"If you do\" says doesn't happen",
                       "608.2c", res.controller, res.controller)
    return step


@instruction("may pay")
def _may_pay_step(eff: IR) -> Step:
    cost, then = eff[1], eff[2]
    after = build.resolver((then,))

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        payable = _can_pay_now(res.d, player, cost)
        if not may(res.d, res.chooser, player, f"pay {cost}", why, possible=payable):
            res.d.note("nothing", f"{why}: {player} didn't pay, so what \"If you do\" says doesn't happen",
                       "608.2c", player, player)
            return
        pay_mana_now(res.d, res.chooser, player, cost, why)
        after(res, item)
    return step


def _can_pay_now(d: Draft, player: str, cost: str) -> bool:
    """Whether ``player`` could pay ``cost`` now, from their pool or after activating mana
    abilities (608.2g); a payment that can't be made can't be chosen (608.2d)."""
    from mtgrules.core.errors import IllegalAction
    from mtgrules.core.mana import parse_cost
    from mtgrules.core.mana import pay as pay_from

    try:
        pay_from(d.player(player).pool, parse_cost(cost), frozenset({"ability"}), None)
        return True
    except IllegalAction:
        return bool(mana_sources(d, player))


def _onto_battlefield(res: Resolution, obj: GameObject, tapped: bool, rule: str, text: str) -> None:
    """Put a card onto the battlefield under this spell's or ability's controller (110.2a), tapped
    if the text says so (110.5b); a land put there isn't a land played (305.4)."""
    enters_battlefield(res.d, res.chooser, obj, res.controller, None, rule=rule, text=text, tapped=tapped)


@instruction("search")
def _search_step(eff: IR) -> Step:
    spec, revealed, to = eff[1], eff[2], eff[3]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        test, words, quality = card_test(_with_self_name(spec, res, item))
        player = res.controller
        found = search(res.d, res.chooser, player, [(Zone.LIBRARY, player)], test, words, why, quality=quality)
        if found is not None:
            name = res.name(found.oid)
            if revealed:
                reveal(res.d, player, [found.oid], why)
            if to == "into your hand":
                move(res.d, found.oid, Zone.HAND, "701.23a", f"{why}: {player} puts {name} into their hand")
            else:
                tapped = to.endswith("tapped")
                _onto_battlefield(res, found, tapped, "110.2a", f"{why}: {player} puts {name} onto the battlefield"
                                  + (" tapped" if tapped else ""))
        shuffle_library(res.d, player, why)  # the found card is out of it already (701.24b)
    return step


@instruction("search several")
def _search_several_step(eff: IR) -> Step:
    how, name = eff[1], eff[2]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        library = [(Zone.LIBRARY, player)]
        found: list[int] = []
        if how == "any number named":  # one question per card found, until "nothing" or none is left (701.23b)
            spec = _with_self_name(("card", "named", (name,)), res, item)
            test, words, _q = card_test(spec)
            while (got := search(res.d, res.chooser, player, library, test, words, why, exclude=found,
                                 again=bool(found))) is not None:
                found.append(got.oid)
        else:  # up to two: two questions, the second among the cards the first left (701.23b)
            for _ in range(2):
                if how == "cultivate":
                    test, words = _is_basic_land, "a basic land card"
                else:
                    test = _creature_named_otherwise({characteristics(res.state, o).name for o in found})
                    words = "a creature card" + (" with a different name" if found else "")
                got = search(res.d, res.chooser, player, library, test, words, why, exclude=found, again=bool(found))
                if got is None:
                    break
                found.append(got.oid)
        reveal(res.d, player, found, why)
        if how == "cultivate" and found:
            # two found: one onto the battlefield, the player's choice; one found: onto the battlefield (its ruling)
            land = pick(res.d, res.chooser, player, found, None, "the land to put onto the battlefield tapped",
                        optional=False, why=why) if len(found) > 1 else found[0]
            assert land is not None
            _onto_battlefield(res, res.d.obj(land), True, "110.2a",
                              f"{why}: {player} puts {res.name(land)} onto the battlefield tapped")
            found = [o for o in found if o != land]
        for oid in found:
            move(res.d, oid, Zone.HAND, "701.23a", f"{why}: {player} puts {res.name(oid)} into their hand")
        shuffle_library(res.d, player, why)
    return step


@instruction("telling time")
def _telling_time_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        left = [o.oid for o in library_top(res.state, player, 3)]
        look_at(res.d, player, left, why)
        # with fewer than three cards, the instructions are followed in order for those there are (its ruling)
        for purpose in ("hand", "top", "bottom"):
            if not left:
                break
            words = {"hand": "a card to put into their hand", "top": "a card to put on top of their library",
                     "bottom": "a card to put on the bottom of their library"}[purpose]
            oid = pick(res.d, res.chooser, player, left, None, words, optional=False, why=why)
            assert oid is not None
            left.remove(oid)
            if purpose == "hand":
                move(res.d, oid, Zone.HAND, "608.2c", f"{why}: {player} puts {res.name(oid)} into their hand")
            elif purpose == "top":
                put_on_top(res.d, [oid], "")
                res.d.note("library order", f"{why}: {player} puts {card_words(res.state, [oid])} on top of their "
                           "library", "401.4", player, player)
            else:
                put_on_bottom(res.d, [oid], "")
                res.d.note("library order", f"{why}: {player} puts {card_words(res.state, [oid])} on the bottom of "
                           "their library", "401.4", player, player)
    return step


SEARCH_ZONES = ("library", "graveyard", "library and graveyard")


@instruction("search library and graveyard")
def _search_both_step(eff: IR) -> Step:
    spec = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        test, words, quality = card_test(_with_self_name(spec, res, item))
        player = res.controller
        sentence = (f"{player} may search their library, their graveyard or both for {words} and must choose "
                    "where (701.23a): give search_in=\"library\", \"graveyard\" or \"library and graveyard\"")
        where = res.chooser.choose("search in", player, list(SEARCH_ZONES), "701.23a", sentence=sentence)
        zones = ([(Zone.LIBRARY, player)] if "library" in where else []) + (
            [(Zone.GRAVEYARD, pile) for pile in graveyards_of(res.state, player)] if "graveyard" in where else [])
        found = search(res.d, res.chooser, player, zones, test, words, why, quality=quality)
        if found is not None:
            reveal(res.d, player, [found.oid], why)
            move(res.d, found.oid, Zone.HAND, "701.23a", f"{why}: {player} puts {res.name(found.oid)} into their hand")
        if "library" in where:  # "If you search your library this way, shuffle" (701.24a)
            shuffle_library(res.d, player, why)
    return step


def _rest_to_bottom(res: Resolution, player: str, rest: list[int], order: str, why: str) -> None:
    """"Put the rest on the bottom of your library in a random order / in any order" (401.4)."""
    if not rest:
        return
    if order == "a random order":
        placed = random_order(res.d, rest, player)
        text = f"{why}: {player} puts {card_words(res.state, placed)} on the bottom of their library in a random order"
    else:
        placed = list(choose_order(res.chooser, res.state, player, rest, "bottom order", "on the bottom"))
        text = f"{why}: {player} puts {card_words(res.state, placed)} on the bottom of their library in the order chosen"
    put_on_bottom(res.d, placed, "")
    res.d.note("library order", text, "401.4", player, player)


@instruction("look")
def _look_step(eff: IR) -> Step:
    n, (take, spec), order = eff[1], eff[2], eff[3]
    test, words, _quality = card_test(spec)

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        top = [o.oid for o in library_top(res.state, player, n)]
        look_at(res.d, player, top, why)
        chosen = pick(res.d, res.chooser, player, top, test, words, optional=True, why=why) if top else None
        if chosen is not None:
            name = res.name(chosen)
            if take == "may reveal into hand":
                reveal(res.d, player, [chosen], why)
                move(res.d, chosen, Zone.HAND, "701.20a", f"{why}: {player} puts {name} into their hand")
            else:
                _onto_battlefield(res, res.d.obj(chosen), True, "110.2a",
                                  f"{why}: {player} puts {name} onto the battlefield tapped")
        _rest_to_bottom(res, player, [o for o in top if o != chosen], order, why)
    return step


@instruction("look put into hand")
def _look_put_step(eff: IR) -> Step:
    n, count, order = eff[1], eff[2], eff[3]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        top = [o.oid for o in library_top(res.state, player, n)]
        look_at(res.d, player, top, why)
        taken: list[int] = []
        for _ in range(min(count, len(top))):
            left = [o for o in top if o not in taken]
            got = pick(res.d, res.chooser, player, left, None, "a card to put into their hand", optional=False, why=why)
            assert got is not None  # "put one of them": not optional, and there is one
            taken.append(got)
        for oid in taken:
            move(res.d, oid, Zone.HAND, "608.2c", f"{why}: {player} puts {res.name(oid)} into their hand")
        _rest_to_bottom(res, player, [o for o in top if o not in taken], order, why)
    return step


@instruction("look put back")
def _look_put_back_step(eff: IR) -> Step:
    n = eff[1]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        top = [o.oid for o in library_top(res.state, player, n)]
        look_at(res.d, player, top, why)
        placed = choose_order(res.chooser, res.state, player, top, "top order", "back on top")
        put_on_top(res.d, placed, "")
        if top:
            res.d.note("library order", f"{why}: {player} puts {card_words(res.state, placed)} back on top of their "
                       "library (top first)", "401.4", player, player)
    return step


@instruction("look at top card")
def _look_top_card_step(eff: IR) -> Step:
    test, words, _quality = card_test(eff[1])

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        top = library_top(res.state, player, 1)
        if not top:
            res.d.note("nothing", f"{why}: {player}'s library is empty: there is no card to look at", "701.20e",
                       player, player)
            return
        oid = top[0].oid
        look_at(res.d, player, [oid], why)
        name = res.name(oid)
        if not test(res.state, top[0]):
            res.d.note("nothing", f"{why}: {name} isn't {words}, so it stays on top", "608.2c", player, player)
            return
        if may(res.d, res.chooser, player, f"reveal {name} and put it into their hand", why):
            reveal(res.d, player, [oid], why)
            move(res.d, oid, Zone.HAND, "701.20a", f"{why}: {player} puts {name} into their hand")
    return step


@instruction("reveal take all")
def _reveal_take_all_step(eff: IR) -> Step:
    n, subtype, order = eff[1], eff[2], eff[3]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        player = res.controller
        top = [o.oid for o in library_top(res.state, player, n)]
        reveal(res.d, player, top, why)
        taken = [o for o in top if subtype in characteristics(res.state, o).subtypes]
        for oid in taken:
            move(res.d, oid, Zone.HAND, "701.20a", f"{why}: {player} puts {res.name(oid)} into their hand")
        _rest_to_bottom(res, player, [o for o in top if o not in taken], order, why)
    return step


_GRAVEYARD_KINDS: dict[str, frozenset[str] | None] = {
    "card": None, "creature card": frozenset({"Creature"}), "artifact card": frozenset({"Artifact"}),
    "enchantment card": frozenset({"Enchantment"}), "instant or sorcery card": frozenset({"Instant", "Sorcery"}),
    "instant card": frozenset({"Instant"}), "sorcery card": frozenset({"Sorcery"}), "land card": frozenset({"Land"}),
    "artifact or enchantment card": frozenset({"Artifact", "Enchantment"}),
    "creature or land card": frozenset({"Creature", "Land"}),
    "permanent card": frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}),
}


def graveyard_card_target(kind: str, whose: str) -> Target:
    """"target creature card from your graveyard" (a graveyard of its controller's: their own,
    or every one while they hold them, Graveyard Busybody) or "from a graveyard" (any) (115.1)."""
    kinds = _GRAVEYARD_KINDS[kind]

    def legal(state: GameState, player: str, obj: GameObject) -> bool:
        if obj.zone is not Zone.GRAVEYARD:
            return False
        if whose == "your" and obj.zone_player not in graveyards_of(state, player):
            return False
        return kinds is None or bool(characteristics(state, obj.oid).types & kinds)
    return Target(f"target {kind}", legal, frozenset({Zone.GRAVEYARD}))  # the text's own words (115.1)


@targets("graveyard to hand", "graveyard exile")
def _graveyard_targets(eff: IR) -> list[Any]:
    return [graveyard_card_target(eff[1], eff[2])]


@targets("graveyard to battlefield")
def _reanimate_targets(eff: IR) -> list[Any]:
    return [graveyard_card_target(eff[1], "your")]


@targets("may")
def _may_targets(eff: IR) -> list[Any]:
    return build._targets_of(tuple(e for e in eff[1:] if e is not None))


@targets("may pay")
def _may_pay_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[2],))


@targets("then")
def _then_targets(eff: IR) -> list[Any]:
    return build._targets_of((eff[1], eff[2]))


@instruction("graveyard to hand")
def _to_hand_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            move(res.d, obj.oid, Zone.HAND, "400.7", f"{why}: {res.name(obj.oid)} returns to its owner's hand")
    return step


@instruction("graveyard exile")
def _exile_step(eff: IR) -> Step:
    def step(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            move(res.d, obj.oid, Zone.EXILE, "406.2", f"{why}: {res.name(obj.oid)} is exiled from a graveyard")
    return step


@instruction("graveyard to battlefield")
def _reanimate_step(eff: IR) -> Step:
    tapped = eff[2]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            _onto_battlefield(res, obj, tapped, "110.2a", f"{why}: {res.name(obj.oid)} returns to the battlefield "
                              f"under {res.controller}'s control" + (" tapped" if tapped else ""))
    return step


@instruction("put into library")
def _put_into_library_step(eff: IR) -> Step:
    where = eff[2]

    def step(res: Resolution, item: StackItem, why: str) -> None:
        for obj in res.targets():
            name, owner = res.name(obj.oid), obj.owner
            text = f"{why}: {name} is put on {'top' if where == 'top' else 'the bottom'} of {owner}'s library"
            moved = move(res.d, obj.oid, Zone.LIBRARY, "400.3", text)  # a new object, on top (400.7)
            if where == "bottom" and moved.zone is Zone.LIBRARY:  # a token stays out and ceases to exist (111.8)
                put_on_bottom(res.d, [obj.oid], "", "401.4")
    return step


# ---------------------------------------------------------------- the discard trigger (603.2, 701.9a)
def _opponent_discarded(state: GameState, src: GameObject, ev: Event) -> bool | list[Any]:
    """"Whenever an opponent discards a card": once per card an opponent of its controller discards."""
    who = ev.after
    if ev.attribute != "discarded by" or not isinstance(who, str) or not opponents(state, src.controller, who):
        return False
    return [(("player", who),)]


@ability_kind("discard trigger")
def _discard_trigger_ability(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    if is_spell_card:
        raise CannotBuild("a triggered ability of an instant or sorcery isn't built yet")
    effect = ir[1]
    n = effect[1]

    def resolve(res: Resolution, item: StackItem) -> None:
        who = item.get("player")
        if not isinstance(who, str) or who not in player_targets(res.state):
            res.d.note("nothing", f"{item.label}: the player who discarded has left the game", "800.4a")
            return
        if effect[0] == "that player loses":
            lose_life(res.d, who, n, item.label)
        else:
            res.damage(who, n)
    return "ability", TriggeredAbility(line, EventKind.DISCARDED.value, _opponent_discarded, resolve)
