"""State-based actions (704): checked whenever a player would receive priority (704.3), all
applicable ones at once, repeated until none apply."""

from __future__ import annotations

from .layers import all_characteristics
from .objects import Zone
from .state import Draft
from .zones import move


def check_state_based_actions(d: Draft) -> None:
    """Perform 704.5a, 704.5f, 704.5g and 704.5i until nothing more happens."""
    while True:
        state = d.view()
        chars = all_characteristics(state)
        losers = [p.name for p in state.players if not p.lost and p.life <= 0]
        zero = [o for o in state.battlefield() if chars[o.oid].is_creature and chars[o.oid].toughness <= 0]
        lethal = [o for o in state.battlefield() if chars[o.oid].is_creature
                  and 0 < chars[o.oid].toughness <= o.damage]
        walkers = [o for o in state.battlefield() if "Planeswalker" in chars[o.oid].types
                   and o.counter("loyalty") <= 0 and o not in zero and o not in lethal]
        if not (losers or zero or lethal or walkers):
            return
        for name in losers:
            d.update_player(name, "704.5a", f"{name} has 0 or less life and loses the game", lost=True)
        for o in zero:
            move(d, o.oid, Zone.GRAVEYARD, "704.5f",
                 f"{chars[o.oid].name} has toughness {chars[o.oid].toughness} and goes to its owner's graveyard")
        for o in lethal:
            move(d, o.oid, Zone.GRAVEYARD, "704.5g",
                 f"{chars[o.oid].name} has lethal damage marked on it and is destroyed")
        for o in walkers:
            move(d, o.oid, Zone.GRAVEYARD, "704.5i",
                 f"{chars[o.oid].name} has no loyalty counters left and goes to its owner's graveyard")
