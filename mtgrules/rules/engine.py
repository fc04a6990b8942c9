"""The engine's front door: apply an action to a state, list the legal actions.

``apply`` never changes the state it is given. It edits a draft, and if the action is illegal
the draft is dropped, so a refusal leaves the caller's state exactly as it was (733 / 732 in
the 2026-01-16 file: an illegal action is reversed). After each action, state-based actions are
checked and waiting triggers go on the stack before anyone gets priority (117.5).
"""

from __future__ import annotations

from mtgrules.core.abilities import ActivatedAbility, ManaAbility
from mtgrules.core.actions import Action, Activate, CastSpell, PassPriority, PlayLand, call_text
from mtgrules.core.choices import Callback, Chooser
from mtgrules.core.errors import ActionTypeError, IllegalAction, MissingChoice
from mtgrules.core.events import Event
from mtgrules.core.mana import pay, pool_text
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.rules import hooks
from mtgrules.rules.activation import find_ability
from mtgrules.rules.activation_limits import check_limits
from mtgrules.rules.activation_limits import record as record_activation
from mtgrules.rules.costs import check_cost
from mtgrules.rules.derived import characteristic_events
from mtgrules.rules.layers import characteristics
from mtgrules.rules.leaving import priority_holder
from mtgrules.rules.loyalty import check_loyalty_timing
from mtgrules.rules.mana.abilities import activate_mana_ability
from mtgrules.rules.sba import check_state_based_actions
from mtgrules.rules.stack import activate_ability, cast_spell, check_cast, check_targets, resolve_top
from mtgrules.rules.teams import game_over, may_act, next_priority, passes_needed
from mtgrules.rules.triggers import collect_new_triggers, put_triggers_on_stack
from mtgrules.rules.turn_loop import advance_step


def apply(state: GameState, action: Action, callback: Callback | None = None) -> tuple[GameState, list[Event]]:
    """Apply ``action``; return the new state and the events, or raise :class:`IllegalAction`.
    A :class:`MissingChoice` names the call that gives the choice (``pass_priority('Bob', pay=1)``)."""
    if not isinstance(action, Action):
        raise ActionTypeError("117.1", f"an action is made with activate(), cast(), pass_priority() and "
                              f"the like, not {type(action).__name__}")
    try:
        return _apply(state, action, callback)
    except MissingChoice as need:
        raise need.given_on(call_text(action, **{need.keyword: need.example})) from None


def _apply(state: GameState, action: Action, callback: Callback | None) -> tuple[GameState, list[Event]]:
    chooser = Chooser(dict(getattr(action, "choices", ())), callback)
    check(state, action)
    d = Draft(state)
    chooser.name = lambda oid: _object_name(d, oid)  # a missing choice says "3 (Grizzly Bears)"
    d.chooser = chooser  # for the order of replacement effects on a move (616.1, rules.replacement)
    if isinstance(action, PassPriority):
        _pass(d, chooser, action)
    elif isinstance(action, CastSpell):
        cast_spell(d, chooser, action)
        _keep_priority(d, action.player)
    elif isinstance(action, Activate):
        _activate(d, chooser, action)
    else:
        handler = hooks.ACTION_HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("117.1", f"the engine doesn't know the action {type(action).__name__}")
        handler(d, chooser, action)
    settle(d, chooser)
    unused = chooser.check_all_used()
    top = state.stack[-1] if unused and state.stack and isinstance(action, PassPriority) else None
    if top is not None and any(item.sid == top.sid for item in d.scalars["stack"]):
        top = None  # this pass resolved nothing
    for kind, value in unused:  # an answer no question took is said, never dropped silently
        keyword = kind.replace(" ", "_")
        why = (f"{top.label} asked no {kind} question as it resolved" if top is not None else  # resolve_top's pass
               f"{action.player}'s action asked no {kind} question (what a spell or ability asks as it resolves "
               f"goes with the pass that resolves it, as resolve_top(t, {keyword}=...) does)")
        d.note("nothing happens", f"the scripted answer {keyword}={value!r:.60} wasn't used: {why}", "117.1",
               action.player, action.player)
    new = d.freeze()
    new._cache["settled"] = True  # state-based actions and triggers are done: see legal.quiet
    return new, d.events + characteristic_events(state, new)


def _object_name(d: Draft, oid: int) -> str:
    """The card an object id is, in the game being played (one that has left it too), for the
    options of a choice; "" for an id that names nothing."""
    obj = d.objects.get(oid) or d.gone.get(oid)
    return obj.card if obj is not None else ""


def check(state: GameState, action: Action) -> None:
    """Every refusal ``apply`` makes before it changes anything: who may act (117.1), then the
    action's own checks (the card, timing, targets and costs of a spell; the source, targets
    and costs of an ability; a declaration's legality). ``apply`` runs this first, and
    ``legal_actions`` runs exactly this to sort candidates, so the two can't disagree; choices
    and what happens once the action is taken are left to ``apply``."""
    _check_priority(state, action)
    if isinstance(action, CastSpell):
        check_cast(state, action)
    elif isinstance(action, Activate):
        check_activation(state, action)
    elif not isinstance(action, PassPriority):
        own = hooks.ACTION_CHECKS.get(type(action))
        if own is not None:
            own(state, action)


def check_activation(state: GameState, a: Activate) -> tuple[GameObject, ManaAbility | ActivatedAbility]:
    """The source, the ability, its targets and its cost (602.2, 605.3a); nothing is paid.
    Checked once per state and action (``legal_actions`` checks first, ``apply`` finds it done)."""
    return state.checked("activation", a, _check_activation)


def _check_activation(state: GameState, a: Activate) -> tuple[GameObject, ManaAbility | ActivatedAbility]:
    try:
        obj = state.obj(a.source)
    except KeyError:
        raise IllegalAction("602.2", f"there is no object with id {a.source}") from None
    # by its number among the activated abilities, or its text; a number or text that names none
    # is refused listing those there are (and any printed text the kit doesn't play)
    _number, ab = find_ability(state, obj, a.ability)
    if obj.zone is not Zone.BATTLEFIELD or obj.controller != a.player:
        raise IllegalAction("602.2", f"only the controller of {obj.card} on the battlefield can "
                            "activate its abilities")
    if a.x and not ab.cost.mana.x_count:  # the same refusal as for a spell without X (107.3)
        raise IllegalAction("107.3", f"this ability of {obj.card} has no X in its cost, so X can't be chosen")
    if a.hybrid and not ab.cost.mana.hybrid:
        raise IllegalAction("107.4e", f"this ability of {obj.card} has no hybrid symbols in its cost, "
                            "so no halves can be chosen")
    if ab.cost.loyalty is not None:  # when a loyalty ability may be activated (606.3)
        check_loyalty_timing(state, a.player, obj, characteristics(state, obj.oid).name)
    if isinstance(ab, ActivatedAbility):
        check_limits(state, a.player, obj, ab)  # "Activate only as a sorcery", "only once each turn" (602.5)
        check_targets(state, a.player, ab.target, a.targets, f"{characteristics(state, obj.oid).name}'s ability",
                      source=characteristics(state, obj.oid))
    elif a.targets:  # a mana ability never targets; a target given is refused, not ignored
        raise IllegalAction("605.1a", f"{characteristics(state, obj.oid).name}'s “{ab.text}” is a mana ability, "
                            "and a mana ability has no targets, so none can be chosen")
    check_cost(state, a.player, obj, ab.cost)
    mana = ab.cost.mana  # X was refused above unless the cost has one (107.3)
    if mana.x_count:
        mana = mana.with_x(a.x)
    if not mana.is_empty:  # a mana ability's cost is paid like any other (605.3, 602.2b)
        pay(state.player(a.player).pool, mana, frozenset({"ability"}), a.hybrid)
    return obj, ab




def _check_priority(state: GameState, action: Action) -> None:
    needs_priority = action.needs_priority
    if state._cache.get(("may act", action.player, needs_priority)):  # found so for an earlier action
        return
    if action.player not in state.player_names:
        raise IllegalAction("102.1", f"there is no player named {action.player!r:.40} in this game; the players "
                            f"are {', '.join(state.player_names)}")
    if game_over(state):
        raise IllegalAction("104.1", "the game is over, so no one can act")
    if state.player(action.player).lost:
        raise IllegalAction("800.4", f"{action.player} has left the game, and the game goes on without them")
    if needs_priority and not may_act(state, action.player):
        for explain in hooks.WAITING if state.priority is None else ():
            waiting = explain(state)
            if waiting is not None:
                raise IllegalAction(*waiting)
        holder = state.priority or "no one"
        raise IllegalAction(_priority_rule(state, action), f"{action.player} doesn't have priority "
                            f"({holder} does), so they can't act now")
    state._cache[("may act", action.player, needs_priority)] = True


def _priority_rule(state: GameState, action: Action) -> str:
    """The rule that asks for priority for this very action, so a learner reads the one that
    speaks of it: casting a spell (117.1a), activating an ability (117.1b), a mana ability
    (117.1d), a loyalty ability (606.3), passing (117.3d), playing a land (305.1); 117.1 for any
    other. An ability that can't be found yet is refused later (602.2); here it is one to activate."""
    if isinstance(action, CastSpell):
        return "117.1a"
    if isinstance(action, PassPriority):
        return "117.3d"
    if isinstance(action, PlayLand):
        return "305.1"
    if not isinstance(action, Activate):
        return "117.1"
    try:
        _number, ab = find_ability(state, state.obj(action.source), action.ability)
    except (KeyError, IllegalAction):
        return "117.1b"
    if isinstance(ab, ManaAbility):
        return "117.1d"
    if isinstance(ab, ActivatedAbility) and ab.cost.loyalty is not None:
        return "606.3"
    return "117.1b"


def _keep_priority(d: Draft, player: str) -> None:
    """After casting or activating, the same player receives priority again (117.3c)."""
    d.set_scalar("117.3c", priority=player, passes=0)


def _activate(d: Draft, chooser: Chooser, a: Activate) -> None:
    obj, ab = check_activation(d.view(), a)
    if isinstance(ab, ManaAbility):
        activate_mana_ability(d, chooser, a.player, obj, ab, a.x, a.hybrid)  # no stack, no priority change (605.3b)
        d.set_scalar("117.4", passes=0)  # but it is an action: passes before it no longer count (117.4)
    else:
        record_activation(d, obj, ab)  # before its cost may move the permanent (602.5b)
        activate_ability(d, chooser, a, obj, ab)
        _keep_priority(d, a.player)


def _pass(d: Draft, chooser: Chooser, a: PassPriority) -> None:
    """Pass; once every player (every team, 805.5) has passed in a row, resolve or end the step (117.4)."""
    state = d.view()
    passes = d.passes + 1
    pool = d.player(a.player).pool  # a player passing with mana in their pool announces it (117.3d)
    said = f" with {pool_text(pool)} in their mana pool" if pool else ""
    d.note("pass", f"{a.player} passes priority{said}", "117.3d", a.player, a.player)
    if passes < passes_needed(state):
        d.set_scalar("117.3d", priority=next_priority(state, a.player), passes=passes)
        return
    if d.stack:
        resolve_top(d, chooser)
        d.set_scalar("117.3b", priority=d.active, passes=0)
    else:
        advance_step(d, chooser)


def settle(d: Draft, chooser: Chooser) -> None:
    """Before a player receives priority: state-based actions, then triggers (117.5), each
    player ordering their own (603.3b)."""
    while True:
        for hook in hooks.SETTLE_HOOKS:
            hook(d)
        collect_new_triggers(d)
        before = len(d.events)
        check_state_based_actions(d, chooser)
        if len(d.events) == before:
            break
    put_triggers_on_stack(d, chooser)
    if game_over(d.view()):  # the game ends immediately (104.1): no one receives priority
        _announce_result(d)
        d.set_scalar("104.1", "the game is over, so no one receives priority", priority=None)
        return
    moved = priority_holder(d.view())
    if moved is not None:  # the player who would get priority has left the game (800.4a, 800.4j)
        rule, player = moved
        d.set_scalar(rule, f"{d.priority} has left the game, so {player} receives priority instead",
                     priority=player)


def _announce_result(d: Draft) -> None:
    """Say how the game ended: the players still in it win (104.2a; as a team, 104.2c), or, when
    everyone remaining lost at once, it is a draw (104.4a; 104.4d between teams)."""
    state = d.view()
    teams = any(p.team != p.name for p in state.players)
    left = [p.name for p in state.players if not p.lost]
    if not left:
        d.note("game over", "every player still in the game lost at the same time, so the game is a draw",
               "104.4d" if teams else "104.4a")
    elif teams:  # each player of the winning team wins, even one who had already lost (104.2c)
        team = state.player(left[0]).team
        winners = [p.name for p in state.players if p.team == team]
        d.note("game over", f"{' and '.join(left)}'s team is the only one left in the game, so "
               f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} the game", "104.2c")
    else:
        d.note("game over", f"{left[0]} wins the game: every opponent has left it", "104.2a")
