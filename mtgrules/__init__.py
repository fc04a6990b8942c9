"""mtgrules: a small Magic: The Gathering rules engine for teaching rulings step by step.

The layers, each importing only the ones before it (a test checks the order):

* ``core``    values only: the game state and its draft, objects, events, mana, cards, actions, errors;
* ``rules``   the rules engine, one module per rules topic, its extension points in ``rules.hooks``;
* ``cards``   the card author's front door and the kit's card pool;
* ``play``    scenarios, timelines and the verbs lessons use;
* ``catalog`` the rulings the kit teaches and the rule numbers it cites;
* ``views`` (pandas, matplotlib), ``widgets`` (ipywidgets) and ``lessons``, imported separately.

Importing this package loads the whole engine and the card pool, and no pandas, matplotlib or
ipywidgets, so the rules are complete before any game starts and the engine stays light.
"""

from mtgrules import (
    cards,  # noqa: F401,I001  (the kit's card pool registers itself)
    rules,  # noqa: F401  (every rules topic adds its hooks)
)
from mtgrules.core.actions import (
    Activate,
    CastSpell,
    PassPriority,
    PlayLand,
    activate,
    cast,
    pass_priority,
    play_land,
)
from mtgrules.core.choices import ChoiceRequest, Chooser
from mtgrules.core.errors import IllegalAction, MissingChoice, MtgRulesError, ScenarioError
from mtgrules.core.events import Event
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import ManaType
from mtgrules.core.objects import GameObject, ObjRef, Player, Zone
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step
from mtgrules.play.advance import Advance, advance_to, answer_with
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.rules.combat.blocking import legal_blocks, why_cant_block
from mtgrules.rules.combat.declare import (
    DeclareAttackers,
    DeclareBlockers,
    declare_attackers,
    declare_blockers,
    why_cant_attack,
)
from mtgrules.rules.concede import Concede, concede
from mtgrules.rules.engine import apply
from mtgrules.rules.layers import characteristics, explain
from mtgrules.rules.legal import legal_actions
from mtgrules.rules.mana.could_produce import could_produce, could_produce_all, explain_could_produce
from mtgrules.rules.stack import mana_value

__all__ = [
    "Activate", "Advance", "CastSpell", "ChoiceRequest", "Chooser", "Concede", "DeclareAttackers", "DeclareBlockers", "Event",
    "Frame", "GameObject", "GameState", "IllegalAction", "Keyword", "ManaType", "MissingChoice", "MtgRulesError",
    "ObjRef", "PassPriority", "Player", "PlayLand", "Scenario", "ScenarioError", "Step", "Timeline", "Zone",
    "activate", "advance_to", "answer_with",
    "apply", "cast", "characteristics", "concede", "could_produce", "could_produce_all", "declare_attackers",
    "declare_blockers", "explain", "explain_could_produce", "legal_actions", "legal_blocks", "mana_value",
    "pass_priority", "play_land", "why_cant_attack", "why_cant_block",
]

# The module names of 0.1, from before the package was laid out in layers (``mtgrules.abilities``
# is ``mtgrules.core.abilities``): a script written for them still imports, and is told the new
# name with a DeprecationWarning. Nothing is loaded until an old name is imported.
from mtgrules import old_names as _old_names  # noqa: E402

_old_names.install()
