""""[Do something] unless [a player pays ...]" and "You may [pay a cost]. If you do, ...": a cost a
player may pay as the instruction is followed (118.12, 118.12a): mana, a discard or a sacrifice.

"Counter target spell unless its controller pays {4}" means "Its controller may pay {4}. If they
don't, counter it" (118.12a). The payment is a cost paid while the spell or ability resolves
(118.12), so the player chooses whether to pay then, with the choice ``"may"`` (``"yes"`` or
``"no"``), never by default; a payment they can't make can't be chosen (118.3, 608.2d), and then
nobody is asked. The mana is paid from their pool, after the mana abilities they choose to
activate (608.2g), as any cost paid during resolution is (``keyword_actions.pay_mana_now``).
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
from mtgrules.core.mana import parse_cost, pay
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.discard import discard
from mtgrules.rules.keyword_actions import mana_sources, pay_mana_now
from mtgrules.rules.layers import characteristics
from mtgrules.rules.optional import may
from mtgrules.rules.sacrifice import candidates, choose_sacrifice, sacrifice


def could_pay(d: Draft, player: str, cost: str) -> bool:
    """Whether ``player`` could pay ``cost`` now: from their pool, or with mana abilities they
    could activate first (608.2g). A payment that can't be made can't be chosen (118.3)."""
    try:
        pay(d.player(player).pool, parse_cost(cost), frozenset({"ability"}), None)
        return True
    except IllegalAction:
        return bool(mana_sources(d, player))


def pays(d: Draft, chooser: Chooser, player: str, cost: str, why: str, otherwise: str) -> bool:
    """Whether ``player`` pays ``cost`` for ``why`` (choice ``"may"``); if they do, the mana is
    paid now (118.12). ``otherwise`` is what happens if they don't ("counter Shock"), for the
    question's words."""
    if not may(d, chooser, player, f"pay {cost} (else: {otherwise})", why, possible=could_pay(d, player, cost)):
        d.note("if check", f"{why}: {player} doesn't pay {cost}, so: {otherwise} (118.12a)", "118.12a", player, player)
        return False
    pay_mana_now(d, chooser, player, cost, why)
    d.note("if check", f"{why}: {player} pays {cost}, so the rest doesn't happen (118.12a)", "118.12a", player, player)
    return True


def discards(d: Draft, chooser: Chooser, player: str, test: Callable[[GameState, GameObject], bool], words: str,
             why: str, otherwise: str) -> bool:
    """Whether ``player`` discards ``words`` ("a creature card") for ``why``, a cost paid as the
    instruction is followed (118.12a; choice ``"may"``, then which card: ``"discard"``, 701.9b).
    With no such card in hand it can't be chosen (118.3), and nobody is asked."""
    hand = [o.oid for o in d.view().in_zone(Zone.HAND, player) if test(d.view(), o)]
    if not may(d, chooser, player, f"discard {words} (else: {otherwise})", why, possible=bool(hand)):
        d.note("if check", f"{why}: {player} doesn't discard {words}, so: {otherwise} (118.12a)", "118.12a",
               player, player)
        return False
    state = d.view()
    oid: int = chooser.choose("discard", player, hand, "701.9b",
                              sentence=f"{player} must choose {words} to discard (701.9b), from "
                                       f"{', '.join(f'{characteristics(state, h).name} ({h})' for h in hand)}: "
                                       "give discard=<id>")
    discard(d, player, oid, why)
    return True


def sacrifices(d: Draft, chooser: Chooser, player: str, test: Callable[[GameState, GameObject], bool], words: str,
               why: str, otherwise: str | None = None) -> bool:
    """Whether ``player`` sacrifices ``words`` ("another creature") for ``why``: "You may sacrifice
    ... If you do, ..." is a cost paid as the ability resolves (118.12; choice ``"may"``, then
    which: ``"sacrifice"``, 701.21a). With none to sacrifice it can't be chosen (118.3). For
    "[...] unless that player sacrifices ...", ``otherwise`` is what happens if they don't (118.12a)."""
    question = f"sacrifice {words}" + (f" (else: {otherwise})" if otherwise else "")
    if not may(d, chooser, player, question, why, possible=bool(candidates(d.view(), player, test))):
        if otherwise:
            d.note("if check", f"{why}: {player} doesn't sacrifice {words}, so: {otherwise} (118.12a)", "118.12a",
                   player, player)
        else:
            d.note("if check", f"{why}: {player} doesn't sacrifice {words}, so what \"If you do\" says doesn't "
                   "happen (118.12)", "118.12", player, player)
        return False
    oid = choose_sacrifice(d, chooser, player, test, words.removeprefix("another ").removeprefix("a "))
    if oid is None:  # never: it was possible
        return False
    sacrifice(d, player, oid, why)
    return True


WHICH_COST = "which cost"
"""The choice keyword (``which_cost=...``) for one of two costs a text offers (118.12)."""


def pays_one_of(d: Draft, chooser: Chooser, player: str, creature: Callable[[GameState, GameObject], bool],
                why: str) -> bool:
    """"You may sacrifice a creature or discard a creature card. If you do, ...": whether
    ``player`` pays one of the two costs as the ability resolves (118.12): ``"may"`` first, then,
    when both could be paid, which (``"which cost"``). A cost that can't be paid can't be chosen
    (118.3). ``creature`` tells a creature permanent, and a creature card, from the rest."""
    state = d.view()
    can_sacrifice = bool(candidates(state, player, creature))
    cards = [o.oid for o in state.in_zone(Zone.HAND, player) if creature(state, o)]
    sacrifice_words, discard_words = "sacrifice a creature", "discard a creature card"
    if not may(d, chooser, player, f"{sacrifice_words} or {discard_words}", why,
               possible=can_sacrifice or bool(cards)):
        d.note("if check", f"{why}: {player} pays neither cost, so what \"If you do\" says doesn't happen (118.12)",
               "118.12", player, player)
        return False
    options = [w for w, ok in ((sacrifice_words, can_sacrifice), (discard_words, bool(cards))) if ok]

    def words(value: object) -> object:
        if isinstance(value, str):
            found = [o for o in options if o.startswith(value.lower().strip())] if value.strip() else []
            return found[0] if len(found) == 1 else value
        return value
    which = options[0] if len(options) == 1 else chooser.choose(
        WHICH_COST, player, options, "118.12", normalize=words,
        sentence=f"{player} chose to pay a cost for {why} and must say which (118.12): give "
                 f"which_cost=\"{sacrifice_words}\" or which_cost=\"{discard_words}\"")
    if which == sacrifice_words:
        oid = choose_sacrifice(d, chooser, player, creature, "creature")
        if oid is None:  # never: it was possible
            return False
        sacrifice(d, player, oid, why)
        return True
    state = d.view()
    card: int = cards[0] if len(cards) == 1 else chooser.choose(
        "discard", player, cards, "701.9b",
        sentence=f"{player} must choose a creature card to discard (701.9b), from "
                 f"{', '.join(f'{characteristics(state, h).name} ({h})' for h in cards)}: give discard=<id>")
    discard(d, player, card, why)
    return True
