"""Loyalty abilities (606): the activated abilities with a loyalty symbol in their cost (606.2).

They follow the rules of other activated abilities (602.2: they go on the stack, and a player can
respond), with three more:

* when: only with priority, with an empty stack, in a main phase of your own turn, and only if no
  player has activated a loyalty ability of that permanent this turn (606.3). The permanent keeps
  the number of the turn it was last done in (``GameObject.loyalty_turn``), which a new object
  doesn't inherit (400.7);
* the cost puts on or removes that many loyalty counters, paid as it is activated (606.4, 601.2h);
* a negative cost needs at least that many loyalty counters (606.6). Paying −3 from 3 leaves 0,
  and the state-based actions put the planeswalker into its owner's graveyard before anyone gets
  priority (704.5i), while the ability waits on the stack.
"""

from __future__ import annotations

from mtgrules.core.abilities import loyalty_text
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.teams import is_active_player


def check_loyalty_timing(state: GameState, player: str, obj: GameObject, name: str) -> None:
    """Refuse a loyalty ability of ``obj`` outside the times 606.3 allows (priority is checked
    before, and that refusal names 606.3 too; the caller asks only for an ability with a loyalty
    symbol)."""
    if not is_active_player(state, player):
        raise IllegalAction("606.3", f"{name}'s loyalty abilities can be activated only during a main phase of "
                            f"{player}'s own turn, and it is {state.active}'s turn")
    if not state.step.is_main:
        raise IllegalAction("606.3", f"{name}'s loyalty abilities can be activated only during a main phase, "
                            f"and this is the {state.step.phrase}")
    if state.stack:
        raise IllegalAction("606.3", f"{name}'s loyalty abilities can be activated only while the stack is "
                            "empty, and it isn't")
    if obj.loyalty_turn == state.turn:
        raise IllegalAction("606.3", f"a loyalty ability of {name} has already been activated this turn, and "
                            "only one loyalty ability of a permanent can be activated each turn")


def check_loyalty_cost(obj: GameObject, loyalty: int, name: str) -> None:
    """A −N cost needs at least N loyalty counters (606.6)."""
    have = obj.counter("loyalty")
    if loyalty < 0 and have < -loyalty:
        raise IllegalAction("606.6", f"{name} has {have} loyalty, and a {loyalty_text(loyalty)} ability needs at "
                            f"least {-loyalty} loyalty counters to remove")


def pay_loyalty(d: Draft, obj: GameObject, loyalty: int, name: str) -> None:
    """Put on or remove the loyalty counters (606.4), and remember that a loyalty ability of this
    permanent was activated this turn (606.3)."""
    have = d.obj(obj.oid).counter("loyalty")
    after = have + loyalty
    if loyalty:
        change = f"{loyalty} loyalty counters are put on" if loyalty > 0 else f"{-loyalty} loyalty counters are removed from"
        if abs(loyalty) == 1:
            change = change.replace("counters are", "counter is")
        d.update(obj.oid, "606.4", f"{change} {name} to pay its {loyalty_text(loyalty)} cost "
                 f"(loyalty {have} → {after})", kind="loyalty",
                 counters=set_counter(d.obj(obj.oid).counters, "loyalty", after))
    d.update(obj.oid, "606.3", loyalty_turn=d.turn)
    d.note("loyalty activated", f"no other loyalty ability of {name} can be activated this turn", "606.3",
           obj.oid, name)
