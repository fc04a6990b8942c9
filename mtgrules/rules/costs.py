"""Paying activation costs: {T} (107.5), {Q} (107.6), removing counters, mana (118), exiling the
source (406.2), exiling cards from your graveyard, which can be any graveyard you have
while you control Graveyard Busybody (see ``graveyards.py``), and loyalty (606.4, ``loyalty.py``).

Every check runs before anything is paid, and each refusal names the rule that forbids it.
"""

from __future__ import annotations

from itertools import islice

from mtgrules.core.abilities import Cost
from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction, options_text
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import Mana, ManaCost, ManaType, pay, payments, pool_text, read_payment
from mtgrules.core.objects import GameObject, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.graveyards import cards_in_your_graveyards, graveyard_holder, graveyards_of
from mtgrules.rules.layers import characteristics
from mtgrules.rules.loyalty import check_loyalty_cost, pay_loyalty
from mtgrules.rules.zones import move


def continuous_control(state: GameState, obj: GameObject) -> bool:
    """Has ``obj`` been under its controller's control since their most recent turn began?"""
    return obj.control_since < state.player(obj.controller).turn_began or obj.control_since == 0


def sickness_blocks(state: GameState, obj: GameObject) -> bool:
    """True if 302.6 forbids this creature's {T}/{Q} abilities (haste lifts it: 702.10)."""
    chars = characteristics(state, obj.oid)
    return chars.is_creature and Keyword.HASTE not in chars.keywords and not continuous_control(state, obj)


def check_cost(state: GameState, player: str, obj: GameObject, cost: Cost) -> None:
    """Refuse if ``cost`` can't be paid now; pay nothing."""
    if cost.tap and obj.tapped:
        raise IllegalAction("107.5", f"{_name(state, obj)} is already tapped, and a tapped permanent can't be "
                            "tapped again to pay a {T} cost")
    if cost.untap and not obj.tapped:
        raise IllegalAction("107.6", f"{_name(state, obj)} is already untapped, and an untapped permanent can't be "
                            "untapped again to pay a {Q} cost")
    if (cost.tap or cost.untap) and sickness_blocks(state, obj):
        symbol = "{T}" if cost.tap else "{Q}"
        since = "this turn began" if obj.control_since == state.turn else f"turn {obj.control_since}"
        raise IllegalAction("302.6", f"{_name(state, obj)} has been under {player}'s control only since {since}; "
                            f"a creature's {symbol} ability needs continuous control since "
                            f"{player}'s most recent turn began")
    if cost.loyalty is not None:
        check_loyalty_cost(obj, cost.loyalty, _name(state, obj))
    if cost.remove_counter and obj.counter(cost.remove_counter) < 1:
        raise IllegalAction("118.3", f"{_name(state, obj)} has no {cost.remove_counter} counter to remove")
    n = cost.exile_from_graveyard
    if n and len(cards_in_your_graveyards(state, player)) < n:
        raise IllegalAction("118.3", f"{_name(state, obj)}'s cost exiles {_cards(n)} from {player}'s graveyard, and "
                            f"{_graveyards_text(state, player)}")


def _name(state: GameState, obj: GameObject) -> str:
    """The name a refusal gives the permanent (its characteristics', as an effect may rename it);
    looked up only when there is a refusal to word."""
    return characteristics(state, obj.oid).name


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _graveyards_text(state: GameState, player: str) -> str:
    """Why there aren't enough cards: how many are in which of the player's graveyards."""
    piles = graveyards_of(state, player)
    if not piles:
        return (f"{player} has no graveyard: {graveyard_holder(state)} controls the newest Graveyard "
                "Busybody and has them all")
    have = len(cards_in_your_graveyards(state, player))
    where = f"{player}'s graveyard" if len(piles) == 1 else f"{player}'s {len(piles)} graveyards together"
    return f"{where} {'hold' if len(piles) > 1 else 'holds'} {have or 'no cards'}"


def choose_graveyard_cards(state: GameState, chooser: Chooser, player: str, n: int) -> list[int]:
    """The ``n`` cards ``player`` picks, one at a time (choice kind ``"exile"``), from any of their
    graveyards; when exactly ``n`` are there, there is nothing to choose (each is a lone option:
    an answer naming it is used up, in whatever order the answers name them, and one naming
    another card refused)."""
    options = [o.oid for o in cards_in_your_graveyards(state, player)]
    if len(options) <= n:
        forced: list[int] = []
        for _ in options:
            left = [oid for oid in options if oid not in forced]
            queue = chooser.scripted.get("exile")
            named = queue[0] if queue and any(queue[0] == oid for oid in left) else left[0]
            forced.append(chooser.choose("exile", player, [named], "601.2h"))
        return forced
    picked: list[int] = []
    for _ in range(n):
        picked.append(chooser.choose("exile", player, [o for o in options if o not in picked], "601.2h"))
    return picked


def pay_cost(d: Draft, player: str, obj: GameObject, cost: Cost, paying_for: frozenset[str],
             x: int = 0, hybrid: tuple[ManaType, ...] | None = None, chooser: Chooser | None = None) -> None:
    """Pay every part of ``cost``. The caller has checked it on this same state before any edit
    (``engine.check_activation`` runs ``check_cost``), so nothing is paid in part (601.2h).
    ``chooser`` answers the choices a cost needs (which cards to exile from a graveyard)."""
    state = d.view()
    exiled = choose_graveyard_cards(state, chooser or Chooser(), player, cost.exile_from_graveyard) \
        if cost.exile_from_graveyard else []
    mana = cost.mana.with_x(x)
    spent, rest = (choose_payment(chooser or Chooser(), player, state.player(player).pool, mana, paying_for, hybrid)
                   if not mana.is_empty else ((), None))
    name = characteristics(state, obj.oid).name
    if cost.loyalty is not None:
        pay_loyalty(d, obj, cost.loyalty, name)
    if cost.tap:
        d.update(obj.oid, "107.5", f"{name} is tapped to pay a {{T}} cost", tapped=True)
    if cost.untap:
        d.update(obj.oid, "107.6", f"{name} is untapped to pay a {{Q}} cost", tapped=False)
    if cost.remove_counter:
        n = d.obj(obj.oid).counter(cost.remove_counter)
        d.update(obj.oid, "118.3", f"a {cost.remove_counter} counter is removed from {name}",
                 counters=set_counter(d.obj(obj.oid).counters, cost.remove_counter, n - 1))
    if spent:
        assert rest is not None  # a payment was chosen, so the pool left after it is known
        spend_mana(d, player, spent, rest, mana.text)
    for oid in exiled:
        card = d.obj(oid)
        borrowed = f", one of {player}'s graveyards (Graveyard Busybody)" if card.zone_player != player else ""
        move(d, oid, Zone.EXILE, "406.2", f"{card.card} is exiled from {card.zone_player}'s graveyard"
             f"{borrowed} to pay {name}'s cost")
    if cost.exile_self:
        move(d, obj.oid, Zone.EXILE, "406.2", f"{name} is exiled to pay its own cost")


def choose_payment(chooser: Chooser, player: str, pool: tuple[Mana, ...], cost: ManaCost,
                   paying_for: frozenset[str], hybrid: tuple[ManaType, ...] | None = None,
                   kind: str = "pay") -> tuple[tuple[Mana, ...], tuple[Mana, ...]]:
    """The mana ``player`` spends on ``cost``, and what stays in the pool. The player pays
    (601.2h, 118.3a): when two ways of paying leave different pools (paying {1} with {G} or with
    {R}), they choose with ``pay="R"`` (choice kind ``"pay"``); the engine goes ahead alone only
    when every way leaves the same pool, restrictions included. Refuses if nothing can pay.
    ``kind`` names the choice where "pay" already means something else (a resolving ability's
    "you may pay", answered 0 or 1)."""
    spent, rest = pay(pool, cost, paying_for, hybrid)  # refuses with 118.3 or 106.6
    ways = payments(pool, cost, paying_for, hybrid)
    first_two = list(islice(ways, 2))
    if len(first_two) <= 1:  # one way or none: asked of the first two, never counted
        said = chooser.take_scripted(kind)  # nothing to choose, but a different payment was asked for
        labels = first_two if said is not None else []
        if said is not None and read_payment(said, labels) not in labels:
            raise IllegalAction("601.2h", f"{player} can't pay {cost.text or 'the cost'} with {said!r}: the "
                                f"only way to pay it from {pool_text(pool)} is {labels[0] if labels else 'nothing'}")
        return spent, rest
    first = first_two[0]
    key = kind.replace(" ", "_")
    sentence = (f"{player} must choose how to pay {cost.text or 'the cost'}: the mana to spend, one of "
                f"{options_text(ways)}; give it as {key}={first!r} (or just its symbols, such as "
                f"{key}={_letters(first)!r}), and no choice was given")
    label = chooser.choose(kind, player, ways, "601.2h", normalize=ways.read, offered=ways.offered(),
                           sentence=sentence)
    units = ways.units(label)
    used = {m.uid for m in units}
    return units, tuple(m for m in pool if m.uid not in used)


def _letters(label: str) -> str:
    return "".join(ch for ch in label if ch in "WUBRGC") if "(" not in label else label


def spend_mana(d: Draft, player: str, spent: tuple[Mana, ...], rest: tuple[Mana, ...], what: str) -> None:
    """Remove paid mana from the pool, as one event (118.3a)."""
    d.update_player(player, "118.3a", f"{player} spends {pool_text(spent)} to pay {what}",
                    kind="mana spent", pool=rest)
