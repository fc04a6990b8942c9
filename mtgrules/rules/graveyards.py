"""Whose graveyards are whose: every player's own pile, and Graveyard Busybody's borrowing.

Graveyard Busybody (Unstable, a silver-bordered card) says "All graveyards are also your
graveyards." Un-cards are outside the Comprehensive Rules (100.7), so its five official rulings
are the specification here. How the kit reads them:

* **The piles never move.** Each player keeps one graveyard pile, the zone ``(graveyard,
  owner)`` that objects record in ``zone`` and ``zone_player``. A card put into a graveyard goes
  to its owner's pile (400.3, 404.1) even while someone else "has" that pile (GB-1); the piles
  stay separate (GB-2).
* **Having a graveyard is separate from owning a pile.** While a player controls a Graveyard
  Busybody on the battlefield, that player has every graveyard, and no other player has one:
  GB-5 says the losing Busybody goes to "the graveyard that player used to have" and is a 0/0
  (it counts the cards in *no* graveyards), and GB-4 says "Only you can use abilities of cards in
  graveyards". So "your graveyard" means, for that player, any or all of the piles, and for the
  others, nothing at all. Without a Busybody everyone has exactly their own pile.
* **The newest Busybody wins** (GB-5): when Busybodies are controlled by different players, the
  controller of the one with the latest timestamp (the one that entered most recently) has all
  the graveyards. Two Busybodies under one player simply agree.
* **Counting reads all your graveyards together; an effect on one graveyard touches one**
  (GB-2). A "shuffle your graveyard into your library" effect asks the player which of their
  graveyards (a choice of kind ``"graveyard"``, naming the pile's owner), and every card goes to
  its *owner's* library (GB-3, 400.3). A cost of exiling cards "from your graveyard" can take
  them from any graveyard the player has (GB-4, see ``costs.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState, derived_from
from mtgrules.rules import hooks
from mtgrules.rules.library import shuffle_library
from mtgrules.rules.zones import move

if TYPE_CHECKING:
    from mtgrules.core.choices import Chooser

def graveyard_holder(state: GameState) -> str | None:
    """The player who has every graveyard because an effect says so (Graveyard Busybody), or None."""
    return next((h for rule in hooks.GRAVEYARD_HOLDERS if (h := rule(state)) is not None), None)


derived_from("graveyard holder")  # the holder rules may read any part of the game


def graveyards_of(state: GameState, player: str) -> list[str]:
    """Whose piles count as ``player``'s graveyards, named by their owners.

    Their own pile alone normally; every pile (their own first) while they hold the graveyards;
    none while another player does (the graveyard they "used to have", GB-5)."""
    holder = state.cached("graveyard holder", lambda: graveyard_holder(state))
    if holder is None:
        return [player]
    if holder != player:
        return []
    return [player] + [p.name for p in state.players if p.name != player]


def cards_in_your_graveyards(state: GameState, player: str) -> list[GameObject]:
    """Every card in every graveyard ``player`` has, pile by pile (GB-2: counts use the total)."""
    return [o for owner in graveyards_of(state, player) for o in state.in_zone(Zone.GRAVEYARD, owner)]


# ---------------------------------------------------------------- effects on one graveyard
def shuffle_graveyard_into_library(d: Draft, chooser: Chooser, player: str, why: str) -> None:
    """"Shuffle your graveyard into your library" (GB-2, GB-3).

    One graveyard is touched: ``player`` chooses which of theirs (kind ``"graveyard"``, the pile
    owner's name). Each card goes to its owner's library (400.3), not necessarily ``player``'s.
    Then ``player``'s library is shuffled even if nothing went into it (701.24d), and so is every
    library that received a card."""
    state = d.view()
    options = graveyards_of(state, player)
    if not options:
        d.note("no graveyard", f"{why}: {player} has no graveyard now: {graveyard_holder(state)} has them all, so no cards are shuffled in",
               "100.7", player, player)
        _shuffle_libraries(d, [player], why)
        return
    pile = chooser.choose("graveyard", player, options, "100.7")
    if len(options) > 1:
        d.note("graveyard chosen", f"{player} chooses {pile}'s graveyard, one of {player}'s "
               f"{len(options)} graveyards; only that one is shuffled in (Graveyard Busybody)",
               "100.7", player, player)
    libraries = [player]
    for obj in state.in_zone(Zone.GRAVEYARD, pile):
        where = "" if obj.owner == player else f" (its owner's library, not {player}'s)"
        move(d, obj.oid, Zone.LIBRARY, "400.3", f"{obj.card} is shuffled from {pile}'s graveyard into "
             f"{obj.owner}'s library{where}")
        libraries.append(obj.owner)
    _shuffle_libraries(d, list(dict.fromkeys(libraries)), why)


def _shuffle_libraries(d: Draft, owners: list[str], why: str) -> None:
    """Randomise each library's order from the game's seed, so a replay shuffles the same way."""
    for owner in owners:
        shuffle_library(d, owner, why)
