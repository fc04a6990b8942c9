"""Trigger conditions of the form "at the beginning of [step]" (603.2b), for card modules.

The turn loop records an event of kind :data:`STEP_BEGINS` (its ``after`` is the step's value)
as each step begins; :func:`at_beginning_of` builds the ``matches`` function of a
:class:`~mtgrules.core.abilities.TriggeredAbility` that listens for it.

``whose`` says which steps count:

* ``"each"`` -- every such step, whoever's turn it is ("at the beginning of the end step");
* ``"your"`` -- only on its controller's turn (their team's turn under shared team turns);
* ``"each player"`` -- every such step, once for each player whose step it is: one trigger in a
  two-player game, one per teammate in a Two-Headed Giant team's turn (805.4d). Each trigger
  carries ``("player", name)`` so its effect knows who "that player" is;
* ``"each opponent"`` -- as "each player", counting only its controller's opponents.
"""

from __future__ import annotations

from mtgrules.core.abilities import EventMatch, TriggerData
from mtgrules.core.events import Event
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step, parse_step
from mtgrules.rules.teams import in_game, turn_mates

STEP_BEGINS = "step begins"
WHOSE = ("each", "your", "each player", "each opponent")


def at_beginning_of(step: Step | str, whose: str = "each") -> EventMatch:
    """The ``matches`` function for "at the beginning of [whose] [step]"."""
    if whose not in WHOSE:
        raise ValueError(f"whose must be one of {WHOSE}, not {whose!r}")
    step = parse_step(step)  # "upkeep" reads as Step.UPKEEP; "upkep" is refused, not a trigger that never fires

    def matches(state: GameState, src: GameObject, ev: Event) -> bool | list[TriggerData]:
        if ev.kind != STEP_BEGINS or ev.after != step.value:
            return False
        players = [p for p in turn_mates(state, state.active) if p in in_game(state)]
        if whose == "each":
            return True
        if whose == "your":
            return src.controller in players
        if whose == "each opponent":
            players = [p for p in players if p in state.opponents(src.controller)]
        return [(("player", p),) for p in players]

    return matches
