"""Every extension point of the rules engine, typed, in one place.

A rules topic or a card that changes how the game works adds a small function to one of these
lists (or maps) when its module is imported. ``import mtgrules`` imports every rules module and
the whole card pool, so the lists are complete before any game is played: the engine's rules
never change because a card was looked up later.

Each hook says what it answers. The engine reads them; nothing else writes them at run time
(tests may swap one with ``monkeypatch``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from mtgrules.core.choices import Chooser
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step

if TYPE_CHECKING:
    from mtgrules.core.actions import Action
    from mtgrules.core.effects import Chars
    from mtgrules.core.events import Event
    from mtgrules.rules.combat.blocking import Reason, Requirement
    from mtgrules.rules.replacement import DamageEvent, Replacement, StepStart, ZoneMove

Players = tuple[str, ...]
Recipient = str | int  # a player's name, or an object id

# ---------------------------------------------------------------- the engine (rules/engine.py)
ActionHandler = Callable[[Draft, Chooser, Any], None]
ACTION_HANDLERS: dict[type, ActionHandler] = {}
"""Action types other than casting, activating and passing (declarations): ``handler(d, chooser, action)``."""

ActionCheck = Callable[[GameState, Any], object]  # what it returns is the checker's own business
ACTION_CHECKS: dict[type, ActionCheck] = {}
"""For an action type in ``ACTION_HANDLERS``: raise ``IllegalAction`` if the action is refused,
changing nothing. ``apply`` runs it before the handler and ``legal_actions`` runs it to sort
candidates (``engine.check``), so both judge with one checker."""

CandidateSource = Callable[[GameState, str], "Iterable[Action]"]
CANDIDATES: list[CandidateSource] = []
"""Actions a player who may act now might take, before any check (``legal_actions`` keeps those
``engine.check`` accepts): abilities to activate, cards to cast. A new kind of action adds one."""

QuietRule = Callable[[GameState, Any], "list[Action] | None"]
QUIET_ACTIONS: dict[type, QuietRule] = {}
"""For an action type: once ``engine.check`` accepted the action on a quiet state
(``legal.quiet_state``), the copies ``apply`` is sure to accept, one per answer to a choice it
asks (usually ``[action]``), or None if only a full ``apply`` can tell. Types with no rule here
are tried with a full ``apply`` by ``legal_actions`` (always right, only slower)."""

SettleHook = Callable[[Draft], None]
SETTLE_HOOKS: list[SettleHook] = []
"""Run before each check of state-based actions, e.g. removing creatures that left from combat (506.4).
A hook must change nothing on a state it already settled (``legal_actions`` relies on it)."""

WaitingRule = Callable[[GameState], "tuple[str, str] | None"]
WAITING: list[WaitingRule] = []
"""``(rule, sentence)`` when no one has priority because the game waits for a turn-based choice."""

Proposer = Callable[[GameState], "list[Action] | None"]
PROPOSERS: list[Proposer] = []
"""The candidate actions while the game waits for something other than priority (combat
declarations); ``legal_actions`` judges them like every other candidate."""

ExtraLandPlays = Callable[[GameState, str], int]
EXTRA_LAND_PLAYS: list[ExtraLandPlays] = []
"""How many lands beyond the one per turn an effect lets this player play this turn (305.2)."""

# ---------------------------------------------------------------- turns (rules/turn_loop.py)
UntapRule = Callable[[GameState, GameObject], "str | None"]
UNTAP_RULES: list[UntapRule] = []
"""Why this permanent doesn't untap during its controller's untap step, as a sentence, or None
(502.3: "effects can keep one or more of a player's permanents from untapping")."""

AlsoUntaps = Callable[[GameState], "list[str]"]
ALSO_UNTAP: list[AlsoUntaps] = []
"""Players who aren't active but untap the permanents they control during this untap step, because
an effect says so ("Untap all permanents you control during each other player's untap step.", 502.3)."""

ManaKept = Callable[[GameState, str], bool]
MANA_KEPT: list[ManaKept] = []
"""True when an effect says this player doesn't lose unspent mana as steps and phases end (106.4)."""

HandSizeRule = Callable[[GameState, str], bool]
NO_MAXIMUM_HAND_SIZE: list[HandSizeRule] = []
"""True when an effect says this player has no maximum hand size (402.2), so cleanup asks no discard (514.1)."""

StepSkip = Callable[["Draft | GameState", Step], "tuple[str, str] | None"]  # they only read
STEP_SKIPS: list[StepSkip] = []
"""``(rule, sentence)`` when a step is skipped (the first draw step, combat without attackers); an
empty sentence leaves it out silently, for a step this turn doesn't have (the first-strike step, 510.4)."""

SkipReplacement = Callable[["Draft | GameState", "StepStart"], "list[Replacement[StepStart]]"]  # they only read
SKIP_REPLACEMENTS: list[SkipReplacement] = []
"""Skip effects ("players skip their untap steps", 614.1b, 614.10): ``rule(d, start)`` returns one
``rules.replacement.Replacement`` per effect that would replace this step with nothing.
``rules.replacement.skipped_by_effects`` (a ``STEP_SKIPS`` rule) applies them."""

TurnBasedAction = Callable[[Draft, Chooser], None]
TURN_BASED: dict[Step, list[TurnBasedAction]] = {}
"""Turn-based actions (703) other modules add to a step, run as the step begins."""

STEP_ENDS: dict[Step, list[TurnBasedAction]] = {}
"""Turn-based actions other modules add to the end of a step, run as it ends, before unspent mana
empties (500.5) and before the next step begins: everything leaves combat as the end of combat step
ends (511.3). They ask no choices."""

QuietWhen = Callable[[GameState], bool]
QUIET_TURN_BASED: dict[TurnBasedAction, QuietWhen] = {}
"""For a turn-based action in ``TURN_BASED``: True when, starting from this state (the last pass
of the step before), it asks no choice. ``legal_actions`` lists a step-ending pass without
trying it only if every step it begins runs such actions; one not in here counts as asking."""

TriggerSource = Callable[[Draft, "list[Event]"], None]
TRIGGER_SOURCES: list[TriggerSource] = []
"""Triggered abilities that no card prints, heard with the rest: ``hear(d, events)`` adds to
``d.pending`` those the events trigger (delayed triggered abilities, 603.7). Asked each time the
engine checks new events for triggers."""

# ---------------------------------------------------------------- zones and graveyards
MoveNote = Callable[[Draft, GameObject, Zone, "str | None"], str]
MOVE_NOTES: list[MoveNote] = []
"""A clause to add to the sentence of a zone change (where a card landed, and why)."""

MoveReplacement = Callable[[Draft, "ZoneMove"], "list[Replacement[ZoneMove]]"]
MOVE_REPLACEMENTS: list[MoveReplacement] = []
"""Replacement effects on where an object would go ("if a card would be put into a graveyard,
exile it instead", 614.1a): ``rule(d, move)`` returns one ``rules.replacement.Replacement`` per
effect that applies to the move. ``zones.move`` applies them through ``rules.replacement`` (616.1:
the object's controller orders them, asked with the action's chooser). Every move asks them, so
a rule reads the draft's objects (``d.objects``) and makes no state unless its card is there."""

GraveyardHolder = Callable[[GameState], "str | None"]
GRAVEYARD_HOLDERS: list[GraveyardHolder] = []
"""The player who has every graveyard, if an effect says so (Graveyard Busybody); None otherwise."""

# ---------------------------------------------------------------- characteristics and resolution
OnBattlefieldRule = Callable[[GameState, GameObject], bool]
TREATED_AS_ON_BATTLEFIELD: list[OnBattlefieldRule] = []
"""Objects outside the battlefield that effects treat as on it (a graveyard combatant)."""

TargetRule = Callable[[GameState, str, GameObject, "Chars | None"], "tuple[str, str] | None"]
TARGET_RULES: list[TargetRule] = []
"""``(rule, sentence)`` if a spell or ability that ``player`` controls, whose source has the
characteristics given (the spell itself, or the ability's source; None when unknown), can't target
this object because of an ability the object has (protection, 702.16b; hexproof from a quality,
702.11d); None if it may. ``targeting.why_cant_target`` asks every rule, as a spell is cast, an
ability is activated or put on the stack, and again as it resolves (608.2b)."""

PlayerTargetRule = Callable[[GameState, str, str], "tuple[str, str] | None"]
PLAYER_TARGET_RULES: list[PlayerTargetRule] = []
"""``(rule, sentence)`` if a spell or ability that the first player controls can't target the
second player because of what that player has ("You have hexproof.", 702.11c; "You have shroud.",
702.18a); None if it may. Asked wherever a player is chosen as a target, and as it resolves."""

AttachRule = Callable[[GameState, GameObject, GameObject], "str | None"]
ATTACH_RULES: list[AttachRule] = []
"""Why this Aura or Equipment can't be attached to that permanent, as the end of a sentence
("..., which has protection from black (702.16c)"), or None. The state-based action for Auras
asks them (704.5m); Equipment should ask them too (702.16d)."""

DestroyRule = Callable[[Draft, GameObject, str], bool]
DESTROY_RULES: list[DestroyRule] = []
"""Return True when a rule handled "destroy" itself (701.8) for this object."""

# ---------------------------------------------------------------- combat (rules/combat/)
CombatantRule = Callable[[GameState, GameObject], bool]
COMBATANT_RULES: list[CombatantRule] = []
"""Who can be declared as an attacker or blocker (by default a creature on the battlefield)."""

CombatantExit = Callable[[GameState, GameObject], "str | None"]
COMBATANT_EXITS: list[CombatantExit] = []
"""Why a combatant no longer qualifies, in a sentence, or None (506.4)."""

AttackRestriction = Callable[[GameState, GameObject], "Reason | None"]
ATTACK_RESTRICTIONS: list[AttackRestriction] = []
"""Creatures that can't attack (508.1c)."""

DefenderIgnored = Callable[[GameState, GameObject], bool]
DEFENDER_IGNORED: list[DefenderIgnored] = []
"""True when an effect lets this creature attack as though it didn't have defender (702.3b)."""

BlockerRule = Callable[[GameState, GameObject, Players], "Reason | None"]
BLOCKER_RULES: list[BlockerRule] = []
"""May this creature block at all? (509.1a, 509.1b)"""

PairRule = Callable[[GameState, GameObject, GameObject, Players], "Reason | None"]
PAIR_RULES: list[PairRule] = []
"""May this creature block that attacker? (509.1a, 509.1b)"""

MinBlockersRule = Callable[[GameState, GameObject], "tuple[int, Reason] | None"]
MIN_BLOCKERS: list[MinBlockersRule] = []
"""How many creatures must block an attacker if any do (menace)."""

MaxBlockersRule = Callable[[GameState, GameObject], "tuple[int, Reason] | None"]
MAX_BLOCKERS: list[MaxBlockersRule] = []
"""The most creatures that may block an attacker ("can't be blocked by more than one creature", 509.1b)."""

RequirementSource = Callable[[GameState, Players, list[GameObject], list[GameObject]], "list[Requirement]"]
REQUIREMENT_SOURCES: list[RequirementSource] = []
"""The requirements that apply to a block declaration (509.1c)."""

BlockCostRule = Callable[[GameState, GameObject, GameObject], "str | None"]
BLOCK_COSTS: list[BlockCostRule] = []
"""A mana cost a player must pay to make a block (509.1d); never forced (509.1c)."""

CombatDamagePlan = list[tuple[int, Recipient, int]]
CombatDamageChange = Callable[[Draft, Chooser, CombatDamagePlan], CombatDamagePlan]
COMBAT_DAMAGE_CHANGES: list[CombatDamageChange] = []
"""Asked with the whole of a combat damage step's damage, (source, recipient, amount) as assigned,
before any of it is dealt (510.2): returns what is left to deal, having said what changed. For
effects that must see every source at once: a prevention shield hit by two sources chooses which
damage it prevents (615.7)."""

PreventionEffect = Callable[[Draft, "Chooser | None", GameState, int, "Chars | None", Recipient, int, bool], int]
PREVENTION_EFFECTS: list[PreventionEffect] = []
"""``rule(d, chooser, seen, source, source_chars, recipient, amount, combat)``: how much of this
damage is left once the prevention effects the rule plays have prevented what they prevent,
each said with its rule (615.1, 615.6). Asked by ``deal_damage`` before the damage is dealt;
what is prevented never happens (no damage marked, no life lost, no lifelink).
``rules.replacement`` treats each rule as one effect among the other replacement and
prevention effects on the event (616.1): it is probed on a scratch draft with no chooser (a rule
that prevents nothing changes nothing; one that would ask counts as applying)."""

DamageReplacement = Callable[[Draft, GameState, int, Recipient, int, bool], bool]
DAMAGE_REPLACEMENTS: list[DamageReplacement] = []
"""Return True when a replacement effect (614.1a) replaced this damage; it sees the state damage is dealt in.
Like ``DAMAGE_PREVENTIONS``, it goes through ``rules.replacement`` (616.1)."""

DamageModifier = Callable[[GameState, "DamageEvent"], "list[Replacement[DamageEvent]]"]
DAMAGE_MODIFIERS: list[DamageModifier] = []
"""The replacement effects that would change how much damage this event deals
("it deals double that damage instead", Furnace of Rath; 614.1a; a change of recipient
(Pariah) is not played): ``rule(seen, event)`` returns
one ``rules.replacement.Replacement`` per effect that applies, whose ``modify`` returns the changed
event. They are ordered with the hooks below by the affected player (616.1), each once (614.5)."""

DamagePrevention = Callable[[Draft, GameState, int, Recipient, int, bool, "Chars"], bool]
DAMAGE_PREVENTIONS: list[DamagePrevention] = []
"""Return True when a prevention effect (615.1) prevented all of this damage, having said so:
``rule(d, seen, source, recipient, amount, combat, source_chars)``, with the source's
characteristics as it deals the damage (its last known ones if it has left, 608.2h). Prevented
damage is never dealt: no damage is marked, no life is lost or gained (lifelink), no deathtouch
(615.1, 702.16e).

These hooks and ``DAMAGE_REPLACEMENTS`` go through one mechanism (``rules.replacement``): each is
first tried on a scratch copy of the draft to learn whether it would apply (so a hook that
answers False must change nothing); when two or more would, the affected player (or the
controller of the affected permanent) chooses which applies first, asked as the choice
"replacement order" (616.1), and the rest no longer apply to damage already handled (616.1f). A
hook is named in that choice by its ``label`` attribute (a card's name: give a callable object
one), else by the module that added it ("protection")."""
