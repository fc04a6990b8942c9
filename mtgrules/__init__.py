"""mtgrules: a small Magic: The Gathering rules engine for teaching rulings step by step.

The engine (this package's top level) imports only the standard library. The views in
``mtgrules.views`` (pandas, matplotlib) and the widgets in ``mtgrules.widgets`` (ipywidgets)
are imported separately, so the engine stays light and testable on its own.
"""

from .actions import Activate, CastSpell, PassPriority, activate, cast, pass_priority
from .advance import Advance, advance_to, answer_with
from .blocking import legal_blocks, why_cant_block
from .choices import ChoiceRequest, Chooser
from .combat import DeclareAttackers, DeclareBlockers, declare_attackers, declare_blockers, why_cant_attack
from .could_produce import could_produce, could_produce_all, explain_could_produce
from .engine import apply
from .errors import IllegalAction, MissingChoice, ScenarioError
from .events import Event
from .layers import characteristics, explain
from .legal import legal_actions
from .mana import ManaType
from .objects import GameObject, ObjRef, Player, Zone
from .scenario import Scenario
from .state import GameState
from .timeline import Frame, Timeline
from .turns import Step

__all__ = [
    "Advance", "advance_to", "answer_with", "Activate", "CastSpell", "PassPriority", "activate", "cast", "pass_priority", "ChoiceRequest", "Chooser",
    "could_produce", "could_produce_all", "explain_could_produce", "apply", "IllegalAction", "MissingChoice",
    "ScenarioError", "Event", "characteristics", "explain", "legal_actions", "ManaType", "GameObject",
    "ObjRef", "Player", "Zone", "Scenario", "GameState", "Frame", "Timeline", "Step",
    "DeclareAttackers", "DeclareBlockers", "declare_attackers", "declare_blockers", "why_cant_attack",
    "why_cant_block", "legal_blocks",
]
