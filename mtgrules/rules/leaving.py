"""A player leaving a multiplayer game (800.4): the game goes on without them.

When a player leaves (loses) and the game goes on, everything they own leaves the game with
them; then abilities they control on the stack cease to exist; then anything they still control
is exiled (800.4a). Who holds priority, and who gets it when the active player has left, is
:func:`priority_holder` (800.4a, 800.4j).
"""

from __future__ import annotations

from mtgrules.core.carddef import card
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.look_back import trigger_source
from mtgrules.rules.teams import next_in_turn_order
from mtgrules.rules.zones import move


def leave_game(d: Draft, name: str) -> None:
    """``name`` has left the game: their objects go with them (800.4a)."""
    state = d.view()
    d.note("leaves", f"{name} has left the game, and everything {name} owns leaves with them", "800.4a", name, name)
    owned = {o.oid for o in state.objects if o.owner == name}
    stack = [i for i in state.stack if not (i.kind == "spell" and i.source.oid in owned)]
    for item in [i for i in stack if i.kind != "spell" and i.controller == name]:
        d.note("ceases to exist", f"{item.label} was controlled by {name}, so it ceases to exist", "800.4a",
               item.source.oid, card(trigger_source(state, item.source.oid, item.data).card).name)
    stack = [i for i in stack if i.kind == "spell" or i.controller != name]
    with d.one_event():  # everything the player owns leaves at once; "then" the rest is exiled (800.4a)
        for oid in sorted(owned):
            obj = d.obj(oid)
            d.remove_object(oid, "800.4a", f"{obj.card} leaves the game with its owner, {name}")
    still = [i for i in stack if i.kind == "spell" and i.controller == name]
    d.set_scalar("800.4a", stack=tuple(i for i in stack if i not in still))
    for o in d.view().objects:
        if o.controller == name and o.zone in (Zone.BATTLEFIELD, Zone.STACK):
            move(d, o.oid, Zone.EXILE, "800.4a", f"{o.card} was still controlled by {name}, so it is exiled")


def priority_holder(state: GameState) -> tuple[str, str] | None:
    """If priority names a player who has left the game, who gets it instead and why: the next
    player in turn order still in the game (800.4a), also when the active player has left and
    would receive priority (800.4j). None when nothing needs to change."""
    holder = state.priority
    if holder is None or not state.player(holder).lost:
        return None
    rule = "800.4j" if holder == state.active else "800.4a"
    return rule, next_in_turn_order(state, holder)
