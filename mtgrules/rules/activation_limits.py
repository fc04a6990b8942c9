"""Activation instructions that limit when an ability may be activated (602.1b, 602.5).

* "Activate only as a sorcery." (602.5d): only when its controller could cast a sorcery, in their
  main phase with the stack empty (307.1), though the ability isn't a sorcery.
* "Activate only once each turn." (602.5b): the permanent keeps the turn in which the ability was
  last activated (``GameObject.activated_on``, by the ability's number among the card's
  abilities); the limit stays with the object whoever controls it, and a permanent that leaves
  and comes back is a new object that hasn't activated it (400.7).

``engine.check_activation`` asks :func:`check_limits`, so ``legal_actions`` never lists a refused
activation; ``engine`` records the activation with :func:`record` before the cost is paid.
"""

from __future__ import annotations

from mtgrules.core.abilities import ActivatedAbility
from mtgrules.core.carddef import card
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.layers import characteristics
from mtgrules.rules.stack import sorcery_timing


def number_of(obj: GameObject, ab: ActivatedAbility) -> int | None:
    """The ability's number among its card's abilities (None for one given by another object)."""
    return next((i for i, own in enumerate(card(obj.card).abilities) if own is ab), None)


def check_limits(state: GameState, player: str, obj: GameObject, ab: ActivatedAbility) -> None:
    """Refuse an activation its own instructions forbid now (602.5b, 602.5d); change nothing."""
    if ab.sorcery_speed and not sorcery_timing(state, player):
        why = ("the stack isn't empty" if state.stack and state.step.is_main and state.active == player
               else f"this is not {player}'s main phase with an empty stack")
        raise IllegalAction("602.5d", f"{characteristics(state, obj.oid).name}'s “{ab.text}” may be activated only "
                            f"as a sorcery could be cast, and {why}")
    if ab.once_each_turn:
        number = number_of(obj, ab)
        if number is not None and (number, state.turn) in obj.activated_on:
            raise IllegalAction("602.5b", f"{characteristics(state, obj.oid).name}'s “{ab.text}” may be activated "
                                "only once each turn, and it was already activated this turn")


def record(d: Draft, obj: GameObject, ab: ActivatedAbility) -> None:
    """Remember that the once-each-turn ability was activated this turn (602.5b)."""
    if not ab.once_each_turn:
        return
    number = number_of(obj, ab)
    if number is None:
        return
    kept = tuple(p for p in d.obj(obj.oid).activated_on if p[0] != number) + ((number, d.turn),)
    d.update(obj.oid, "602.5b", activated_on=kept)
