"""Discarding (701.9): a card moves from its owner's hand to that player's graveyard (701.9a).

By default the player who discards chooses which card (701.9b; choice ``"discard"``, an id or a
card's name); "at random" is chosen by the game, seeded from it like a shuffle. Cards a player
discards because of one instruction ("discards two cards") are discarded at the same time, so
abilities that trigger on each discard all see them (603.2c). Every discard, the cleanup step's
too (514.1), records a ``"discarded"`` event naming the player, which "whenever an opponent
discards a card" listens for.
"""

from __future__ import annotations

from mtgrules.core.choices import Chooser
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft
from mtgrules.rules.layers import characteristics
from mtgrules.rules.library import card_words, seeded
from mtgrules.rules.zones import move


def discarded(d: Draft, oid: int, player: str, rule: str) -> None:
    """Record that ``player`` discarded the card ``oid`` (it has just moved to the graveyard)."""
    d.emit(Event(EventKind.DISCARDED, oid, d.obj(oid).card, "discarded by", None, player, rule))


def discard(d: Draft, player: str, oid: int, why: str, rule: str = "701.9a") -> None:
    """``player`` discards the card ``oid`` from their hand: it goes to its owner's graveyard (701.9a)."""
    name = characteristics(d.view(), oid).name
    move(d, oid, Zone.GRAVEYARD, rule, f"{why}: {player} discards {name}")
    discarded(d, oid, player, rule)


def discard_cards(d: Draft, chooser: Chooser, player: str, n: int, why: str, *, at_random: bool = False) -> list[int]:
    """``player`` discards ``n`` cards, all at once: their choice (701.9b; choice ``"discard"``,
    asked once per card), or at random. With ``n`` or fewer cards in hand they discard them all,
    with nothing to choose; with none, nothing happens. Returns the ids discarded."""
    state = d.view()
    hand = [o.oid for o in state.in_zone(Zone.HAND, player)]
    if not hand:
        d.note("nothing", f"{why}: {player} has no cards in hand to discard", "701.9a", player, player)
        return []
    if len(hand) <= n:
        chosen = hand
        if len(hand) < n:
            d.note("nothing", f"{why}: {player} is told to discard {n} cards and has {len(hand)}, so discards "
                   "them all", "701.9a", player, player)
    elif at_random:
        chosen = seeded(d, player, "discard").sample(hand, n)
        d.note("at random", f"{why}: {player} discards {card_words(state, chosen)} at random", "701.9b", player, player)
    else:
        chosen = []
        for k in range(n):
            left = [oid for oid in hand if oid not in chosen]
            more = f" ({k + 1} of {n})" if n > 1 else ""
            sentence = (f"{player} must choose a card to discard{more} (701.9b), from {card_words(state, left)}: "
                        "give discard=<id>" + (" once per card, as a list" if n > 1 else ""))

            def named(value: object, left: list[int] = left) -> object:
                if isinstance(value, str):
                    return next((oid for oid in left if characteristics(state, oid).name.lower() == value.lower()),
                                value)
                return value
            offered: dict[str, int] = {}  # legal_actions tries one card of each name
            for oid in left:
                offered.setdefault(characteristics(state, oid).name, oid)
            chosen.append(chooser.choose("discard", player, left, "701.9b", normalize=named,
                                         offered=list(offered.values()), sentence=sentence))
    with d.one_event():  # discarded at the same time (608.2c, 603.2c)
        for oid in chosen:
            discard(d, player, oid, why)
    return chosen
