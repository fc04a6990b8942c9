"""The rules engine: one module per rules topic, ``mana/`` and ``combat/`` as folders.

Importing this package imports every topic, so each one has added its hooks to
:mod:`mtgrules.rules.hooks` before a game is played.
"""

from mtgrules.rules import (  # noqa: F401
    cast_triggers,
    concede,
    control,
    costs,
    cumulative_upkeep,
    delayed,
    derived,
    discard,
    engine,
    equipment,
    evasion,
    graveyards,
    hooks,
    keyword_actions,
    lands,
    layers,
    leaving,
    legal,
    library,
    life,
    look_back,
    optional,
    prevention,
    protection,
    resolution,
    sacrifice,
    sba,
    stack,
    statics,
    step_triggers,
    teams,
    tokens,
    triggers,
    turn_loop,
    zones,
)
from mtgrules.rules.combat import blocking, damage, declare, state  # noqa: F401
from mtgrules.rules.mana import abilities, could_produce  # noqa: F401
