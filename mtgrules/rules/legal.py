"""What the player with priority may do now, each action with its choices scripted.

Candidates come from the rules that allow them (``hooks.CANDIDATES``: abilities of permanents
the player controls, cards in hand, each possible target, X and hybrid half; the combat
declarations from ``hooks.PROPOSERS``). Each candidate is judged by ``engine.check``, the very
checks ``apply`` runs before it changes anything, so the two can't disagree.

Passing the check is not always the end of it: taking the action may ask a choice (the colour
of mana, the order of triggers, a sacrifice as a trigger resolves) or lead somewhere only a full
``apply`` can see (a step ending, the top of the stack resolving). So a checked candidate is
kept at once only when it is *quiet*: the state came out of ``apply`` (state-based actions and
triggers are done), no card in the game has a triggered ability or a "tapped for mana"
replacement, and the action's type has a rule in ``hooks.QUIET_ACTIONS`` saying it asks nothing
here. Every other candidate is tried with a full ``apply`` as before, one copy per option of each
choice it asks. ``legal_actions_reference`` tries every candidate that way; the tests check that
both give the same list and that ``apply`` accepts every listed action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain, product
from typing import Any, NamedTuple

from mtgrules.core.abilities import (
    ActivatedAbility,
    AnyColor,
    CostChange,
    EntersWith,
    Fixed,
    GrantsAbility,
    ManaAbility,
    ManaReplacement,
    Target,
    TargetSpec,
    TriggeredAbility,
    target_slots,
)
from mtgrules.core.actions import (
    Action,
    Activate,
    CastSpell,
    PassPriority,
    PlayLand,
    built,
    scripted_choices,
    with_choice,
    with_choices,
)
from mtgrules.core.carddef import POOL_CHANGES, CardDef, card, read_once
from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction, MissingChoice, WrongThing
from mtgrules.core.mana import ManaCost, ManaType, payments
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState, derived_from
from mtgrules.core.turns import ORDER, Step
from mtgrules.rules import hooks
from mtgrules.rules.activation import activated_abilities, find_ability
from mtgrules.rules.costs import additional_costs, total_cost
from mtgrules.rules.engine import apply, check, settle
from mtgrules.rules.lands import check_play_land, lands_allowed, may_play_land_now
from mtgrules.rules.layers import abilities_may_change, ability_card, ability_kinds
from mtgrules.rules.mana.abilities import type_choice
from mtgrules.rules.mana.could_produce import replacements_for
from mtgrules.rules.modes import MODE, modal_of, slots_of_modes
from mtgrules.rules.modes import allowed as allowed_modes
from mtgrules.rules.modes import answer_of as mode_answer
from mtgrules.rules.stack import at_instant_speed, sorcery_timing
from mtgrules.rules.targeting import legal_player_targets
from mtgrules.rules.targets import choices as target_choices
from mtgrules.rules.teams import may_act, passes_needed, shared_team_turns
from mtgrules.rules.turn_loop import MAX_HAND_SIZE

MAX_CHOICE_DEPTH = 4


def legal_actions(state: GameState) -> list[Action]:
    """Every action the player with priority could take now, each with its choices scripted."""
    if not isinstance(state, GameState):  # None or a scenario would fail deep inside as a missing attribute
        given = "None" if state is None else f"a {type(state).__name__}"
        raise WrongThing(f"legal_actions reads a game state, and was given {given}: pass t.state (the state now) "
                         "or t[i].state (the state after step i)")
    return _legal(state, accepted)


def legal_actions_reference(state: GameState) -> list[Action]:
    """The same list, found as the kit first did: every candidate, unfiltered, tried with a full
    ``apply``. Kept to check the fast one against and to time it in the benchmarks."""
    for propose in hooks.PROPOSERS:
        proposed = propose(state)
        if proposed is not None:
            return [ok for cand in proposed for ok in tried(state, cand)]
    player = state.priority
    if player is None:
        return []
    found: list[Action] = tried(state, PassPriority(player))
    for actor in _actors(state):
        for cand in _reference_candidates(state, actor):
            found.extend(tried(state, cand))
        # lands were listed by their check alone; tried like the rest, so that a play that
        # leads to a choice (two dies triggers as a 0/0 leaves) is listed with it scripted
        found.extend(ok for cand in land_candidates(state, actor) for ok in tried(state, cand))
        for source in hooks.CANDIDATES:  # kinds of action added since come last, as in legal_actions
            if source is not own_candidates:
                found.extend(ok for cand in source(state, actor) for ok in tried(state, cand))
    return found


def land_candidates(state: GameState, player: str) -> list[Action]:
    """Playing each land card in ``player``'s hand, where the rules allow it now (305.1, 305.2);
    a land is never offered as a spell (305.9)."""
    out: list[Action] = []
    for obj in state.in_zone(Zone.HAND, player):
        if "Land" in card(obj.card).types:
            try:
                check_play_land(state, PlayLand(player, obj.oid))
            except IllegalAction:
                continue
            out.append(PlayLand(player, obj.oid))
    return out


def _legal(state: GameState, judge: Callable[[GameState, Action], list[Action]]) -> list[Action]:
    for propose in hooks.PROPOSERS:  # a turn-based declaration the game is waiting for (combat)
        proposed = propose(state)
        if proposed is not None:
            return [ok for cand in proposed for ok in judge(state, cand)]
    player = state.priority
    if player is None:
        return []
    found: list[Action] = judge(state, _pass(player))  # passing may need a choice
    for actor in _actors(state):
        for source in hooks.CANDIDATES:
            for cand in source(state, actor):
                found.extend(judge(state, cand))
    return found


def _reference_candidates(state: GameState, player: str) -> list[Action]:
    """The first implementation's candidates: every ability and every card but lands, whatever
    the timing or the state of the permanent."""
    out: list[Action] = []
    for obj in state.battlefield(player):
        for i, (_printed, ab) in enumerate(card(obj.card).activated()):  # numbered as activate numbers them
            if isinstance(ab, ManaAbility | ActivatedAbility):
                target = ab.target if isinstance(ab, ActivatedAbility) else None
                for tgt, hyb in product(_targets(state, player, target), _halves(ab.cost.mana.hybrid)):
                    out.append(Activate(player, obj.oid, i, 0, tgt, hyb))
    pool = len(state.player(player).pool)
    for obj in state.in_zone(Zone.HAND, player):
        cdef = card(obj.card)
        if "Land" in cdef.types:  # played, never cast (305.9): see land_candidates
            continue
        more = _most_reduction(state, player, obj.oid, cdef) if CostChange in ability_kinds(state) else 0
        xs = x_values(cdef.mana_cost, pool + more) if cdef.mana_cost.x_count else (0,)
        for x, (tgt, said), hyb in product(xs, _spell_choices(state, player, cdef), _halves(cdef.mana_cost.hybrid)):
            out.append(CastSpell(player, obj.oid, x, tgt, hyb, said))
    return out


def _actors(state: GameState) -> list[str]:
    """The priority holder, or every player of the team holding priority (805.5)."""
    if not shared_team_turns(state):  # only the holder (117.1): no need to ask of each player
        return [state.priority] if state.priority is not None else []
    return [p for p in state.player_names if may_act(state, p)]


# ---------------------------------------------------------------- candidates
def own_candidates(state: GameState, player: str) -> list[Action]:
    """What ``player`` might do with their own permanents and hand: activate an ability, cast a
    spell, play a land (in that order), from one reading of their hand and battlefield."""
    sources = _sources(state, player)
    return [*activations(state, player, sources), *casts(state, player, sources), *lands(state, player, sources)]


def activations(state: GameState, player: str, sources: _Sources) -> list[Action]:
    """Each activated or mana ability of each permanent ``player`` controls, with each target
    and each way to pay its hybrid symbols."""
    out: list[Action] = []
    obj = state.obj
    for oid, (i, ab, target, halves), ready in sources.abilities:
        tapped = obj(oid).tapped
        if (ab.cost.tap and tapped) or (ab.cost.untap and not tapped):
            continue  # the cost can't be paid (107.5, 107.6): no need to ask the check
        if ready:
            out.extend(ready)
            continue
        for tgt, hyb in product(_targets(state, player, target), halves):
            out.append(built(Activate, player=player, source=oid, ability=i, targets=tgt, hybrid=hyb))
    return out


ActivationFacts = tuple[int, ManaAbility | ActivatedAbility, TargetSpec | None, list[tuple[ManaType, ...] | None]]


def _abilities(name: str) -> list[ActivationFacts]:
    """A card's activated and mana abilities, each with its number among them (as ``activate``
    numbers them, ``rules/activation.py``), target and ways to pay its hybrid symbols (read once
    per card definition)."""
    return read_once(name, "activations", lambda cdef: [
        (i, ab, ab.target if isinstance(ab, ActivatedAbility) else None, _halves(ab.cost.mana.hybrid))
        for i, (_printed, ab) in enumerate(cdef.activated())])


class _Sources(NamedTuple):
    """What a player's candidates are made from that reads only which objects there are and
    where (ids, cards, zones, controllers): kept from state to state until an "objects" edit,
    so the passes that make up most of a game don't read hand and battlefield again."""

    abilities: tuple[tuple[int, ActivationFacts, tuple[Action, ...]], ...]
    """Per activated ability of a permanent the player controls: the permanent's id, the
    ability's facts and, for an ability without a target, its candidates ready built."""
    spells: tuple[tuple[int, str, float], ...]
    """The cards in the player's hand that may be cast: id, name, fewest mana to cast it."""
    cheapest: float
    """The fewest mana any of ``spells`` needs (infinity with none)."""
    lands: tuple[Action, ...]
    """Playing each land card in the player's hand."""


derived_from("legal sources", frozenset({"objects"}))  # ids and card names, not objects: tapping keeps it


def _sources(state: GameState, player: str) -> _Sources:
    per_player: dict[tuple[str, int], _Sources] = state.cached("legal sources", dict)
    key = (player, POOL_CHANGES[0])  # a card registered anew is read anew
    found = per_player.get(key)
    if found is None:
        found = per_player[key] = _read_sources(state, player)
    return found


def _read_sources(state: GameState, player: str) -> _Sources:
    version = POOL_CHANGES[0]
    abilities = tuple(chain.from_iterable(_permanent_entries(player, o.oid, o.card, version)
                                          for o in state.battlefield(player)))
    spells, lands = [], []
    for o in state.in_zone(Zone.HAND, player):
        least = _least_mana(o.card)
        if least == float("inf"):
            lands.append(_land_play(player, o.oid))
        else:
            spells.append((o.oid, o.card, least))
    return _Sources(abilities, tuple(spells), min((least for _oid, _name, least in spells), default=float("inf")),
                    tuple(lands))


@lru_cache(maxsize=4096)
def _permanent_entries(player: str, oid: int, name: str, version: int) -> tuple[
        tuple[int, ActivationFacts, tuple[Action, ...]], ...]:
    """``_Sources.abilities`` for one permanent: the same for every state in which ``player``
    controls it under this name (``version`` counts card registrations, so a card registered
    anew is read anew); kept across states and games, as the same ids come back in each game."""
    return tuple((oid, facts, tuple(built(Activate, player=player, source=oid, ability=facts[0], targets=(),
                                          hybrid=hyb) for hyb in facts[3]) if facts[2] is None else ())
                 for facts in _abilities(name))


@lru_cache(maxsize=4096)
def _land_play(player: str, oid: int) -> Action:
    return built(PlayLand, player=player, card=oid)


@lru_cache(maxsize=256)
def _pass(player: str) -> Action:
    """Passing priority, built once per player name (it is a candidate at every priority point)."""
    return built(PassPriority, player=player)


def casts(state: GameState, player: str, sources: _Sources) -> list[Action]:
    """Each card in ``player``'s hand, with each X the mana in their pool could pay, each target
    and each way to pay its hybrid symbols."""
    out: list[Action] = []
    pool = len(state.player(player).pool)
    cheaper = CostChange in ability_kinds(state)  # a reduction may make a spell cost less than its mana value
    if sources.cheapest > pool and not cheaper:  # each symbol is paid with one mana from the pool (601.2h):
        return out                                # no card can be, so no need to ask
    sorcery_time: bool | None = None  # the same for every card, asked once and only if needed
    for oid, name, least in sources.spells:
        if least == float("inf") or (least > pool and not cheaper):  # lands are played, never cast (305.9)
            continue
        cdef = card(name)
        if not at_instant_speed(cdef):
            if sorcery_time is None:
                sorcery_time = sorcery_timing(state, player)
            if not sorcery_time:
                continue  # not at this time (307.1): no need to ask the check
        cost = cdef.mana_cost
        xs = x_values(cost, pool + (_most_reduction(state, player, oid, cdef) if cheaper else 0))
        if not xs:
            continue
        for x, (tgt, said), hyb in product(xs, _spell_choices(state, player, cdef), _halves(cost.hybrid)):
            out.append(built(CastSpell, player=player, card=oid, x=x, targets=tgt, hybrid=hyb, choices=said))
    return out


def _most_reduction(state: GameState, player: str, oid: int, cdef: CardDef) -> int:
    """The most generic mana the cost reductions in force could take off this spell (601.2f), so
    that the values of X listed are those the pool could pay once they apply."""
    cost, _changes = total_cost(state, player, state.obj(oid), cdef, 0)
    return max(0, cdef.mana_cost.mana_value(0) - cost.mana_value(0))


LISTED_X = 16
"""Up to this many values of X are all listed for a spell; past it, a spread of them (``x_values``)."""


def x_values(cost: ManaCost, pool: int) -> list[int]:
    """The values of X listed for a spell with this cost and ``pool`` mana in the pool: X is the
    caster's to announce (601.2b, 107.3a), and each mana symbol is paid with one mana (601.2h),
    so only an X whose cost is at most the pool's size can be paid. Each such X, when there are at
    most ``LISTED_X``; else 0, 1, 2, 4, 8, ... and the largest the pool pays. Every other X is as
    legal when the player gives it (``cast(..., x=5)``); listing every X of a pool of 15,000 mana
    would list 15,000 casts, each with its ways to pay. A cost without X: X is 0 (107.3)."""
    least = cost.mana_value(0)
    if least > pool:
        return []
    if not cost.x_count:
        return [0]
    most = (pool - least) // cost.x_count
    if most < LISTED_X:
        return list(range(most + 1))
    spread = [0, *(1 << k for k in range(most.bit_length()) if 1 << k < most)]
    return [*spread, most]


def _least_mana(name: str) -> float:
    """The fewest mana that could cast the card (its mana value with X = 0), or infinity for a
    land, which is never cast (read once per card definition)."""
    return read_once(name, "least mana", lambda cdef: float("inf") if "Land" in cdef.types
                     else cdef.mana_cost.mana_value(0))


def _targets(state: GameState, player: str, spec: TargetSpec | None) -> list[tuple[int | str, ...]]:
    """Each object and each player (by name, 115.1) the spec may target, or for several instances
    of "target", each way of choosing them, bounded (``targets.choices``); the check judges each."""
    if spec is None:
        return [()]
    if isinstance(spec, Target) and spec.count == 1 and not spec.up_to:
        objects: list[tuple[int | str, ...]] = [(o.oid,) for o in state.objects
                                                if o.zone in spec.zones and spec.legal(state, player, o)]
        return objects + [(p,) for p in legal_player_targets(state, player, spec)]
    return target_choices(state, player, target_slots(spec))


def _spell_choices(state: GameState, player: str, cdef: CardDef) -> list[tuple[tuple[int | str, ...],
                                                                               tuple[tuple[str, Any], ...]]]:
    """Each way of choosing a spell's modes (700.2a) and targets, with the scripted mode answer
    it needs: one per mode that can be chosen now for a modal spell, else its targets alone."""
    modal = modal_of(cdef.spell)
    if modal is None:
        return [(t, ()) for t in _targets(state, player, cdef.cast_target)]
    out: list[tuple[tuple[int | str, ...], tuple[tuple[str, Any], ...]]] = []
    for sel in allowed_modes(state, player, modal):
        answer = ((MODE, mode_answer(modal, sel)),)
        out.extend((t, answer) for t in target_choices(state, player, slots_of_modes(modal, sel)))
    return out


def _halves(hybrid: tuple[tuple[ManaType, ManaType], ...]) -> list[tuple[ManaType, ...] | None]:
    if not hybrid:
        return [None]
    return [tuple(p) for p in product(*hybrid)]


def lands(state: GameState, player: str, sources: _Sources) -> list[Action]:
    """Playing each land card in ``player``'s hand (305.1) when the timing allows a land play at all
    and the player has one left this turn (the check's own tests); the check says whether this one
    may be played."""
    lands = sources.lands
    if not lands or not may_play_land_now(state, player) or (
            state.player(player).lands_played >= lands_allowed(state, player)):
        return []  # no time for a land play, or none left this turn (305.1, 305.2): no need to ask
    return list(lands)


hooks.CANDIDATES.append(own_candidates)


def granted_candidates(state: GameState, player: str) -> list[Action]:
    """Each activated ability another permanent gives a permanent ``player`` controls ("Equipped
    creature has '{T}: ...'", 613.1f), numbered after the printed ones, as ``activate`` numbers
    them, and each one a permanent has from a copy effect (707.2) or a basic land type (305.7);
    nothing to do (and nothing read) when no card in the game grants one and no effect changes
    abilities."""
    changing = abilities_may_change(state)
    if GrantsAbility not in ability_kinds(state) and not changing:
        return []
    out: list[Action] = []
    for obj in state.battlefield(player):
        own = card(obj.card)
        start = len(own.activated()) if not changing or ability_card(state, obj) is own else 0
        for k, ab in enumerate(activated_abilities(state, obj)[start:], start):
            target = ab.target if isinstance(ab, ActivatedAbility) else None
            for tgt, hyb in product(_targets(state, player, target), _halves(ab.cost.mana.hybrid)):
                out.append(built(Activate, player=player, source=obj.oid, ability=k, targets=tgt, hybrid=hyb))
    return out


hooks.CANDIDATES.append(granted_candidates)


# ---------------------------------------------------------------- judging a candidate
def accepted(state: GameState, action: Action) -> list[Action]:
    """``action`` with each way of scripting the choices it needs, if the engine accepts it:
    the shared check first, then a full ``apply`` only if the action might ask or refuse later."""
    try:
        check(state, action)
    except MissingChoice:
        return tried(state, action)
    except IllegalAction:
        return []
    scripted = without_trial(state, action)
    return tried(state, action) if scripted is None else scripted


def tried(state: GameState, action: Action) -> list[Action]:
    """``action`` with each way of scripting its choices, found by trying it with ``apply``."""
    return _tried(state, action, depth=0)


def _tried(state: GameState, action: Action, depth: int) -> list[Action]:
    """The action itself if legal, or one copy per option of the choice it is missing."""
    try:
        apply(state, action)
        return [action]
    except MissingChoice as need:
        if depth >= MAX_CHOICE_DEPTH:
            return []
        out = []
        for option in need.offered:  # every option, or the bounded set the asker offers
            scripted = scripted_choices(action)
            if need.kind in scripted:  # the same kind asked again: a queue of answers
                before = scripted[need.kind]
                scripted[need.kind] = [*(before if isinstance(before, list) else [before]), option]
            else:
                scripted[need.kind] = option
            out.extend(_tried(state, with_choices(action, scripted), depth + 1))
        return out
    except IllegalAction:
        return []


# ---------------------------------------------------------------- quiet actions
def without_trial(state: GameState, action: Action) -> list[Action] | None:
    """Once ``engine.check`` accepted ``action``: the copies ``apply`` is sure to accept, one per
    answer to a choice it asks (usually just ``action``), or None if only a trial can tell."""
    if getattr(action, "choices", ()) or not quiet_state(state):
        return None
    rule = hooks.QUIET_ACTIONS.get(type(action))
    return None if rule is None else rule(state, action)


def quiet(state: GameState, action: Action) -> bool:
    """Whether ``apply`` is sure to accept ``action`` as it is, given that ``engine.check`` did."""
    return without_trial(state, action) == [action]


def quiet_state(state: GameState) -> bool:
    """The state came out of ``apply`` with nothing waiting, and no card in the game has a
    triggered ability: so an action that ends no step triggers nothing (cached per state)."""
    found: bool | None = state._cache.get("quiet")  # asked for every candidate: no closure to build
    if found is None:
        found = state._cache["quiet"] = not (state.pending or TriggeredAbility in ability_kinds(state)) and (
            bool(state._cache.get("settled")) or _settles_to_itself(state))
    return found


def _any_mana_replacement(state: GameState) -> bool:
    """Whether some card in the game has a "tapped for mana" replacement."""
    return ManaReplacement in ability_kinds(state)


def _settles_to_itself(state: GameState) -> bool:
    """For a state ``apply`` didn't make (a scenario's, an edited one): settling it as ``apply``
    does before priority (117.5) changes nothing and asks nothing."""
    d = Draft(state)
    try:
        settle(d, Chooser())
    except (IllegalAction, MissingChoice):
        return False
    return not d.events


def _quiet_pass(state: GameState, action: PassPriority) -> list[Action] | None:
    """Passing asks nothing when priority just moves on (117.3d); when it is the last pass in a
    row, when the top of the stack is a plain permanent spell (608.3), or when the steps that
    begin before anyone gets priority run only turn-based actions known to ask nothing."""
    if state.passes + 1 < passes_needed(state):
        return [action]
    if state.stack:
        return [action] if _quiet_resolution(state) else None
    return [action] if _quiet_steps(state) else None


def _quiet_resolution(state: GameState) -> bool:
    """A permanent spell with no targets, no "enters with" and no legend rule to face: it just
    enters the battlefield."""
    item = state.stack[-1]
    if item.kind != "spell" or item.targets:
        return False
    cdef = card(state.obj(item.source.oid).card)
    return (cdef.is_permanent_card and cdef.cast_target is None and "Legendary" not in cdef.supertypes
            and "Aura" not in cdef.subtypes and not any(isinstance(ab, EntersWith) for ab in cdef.abilities))


def _quiet_steps(state: GameState) -> bool:
    """The steps that end and begin before a player gets priority run only turn-based actions
    (``hooks.STEP_ENDS``, ``hooks.TURN_BASED``) that ``hooks.QUIET_TURN_BASED`` says ask nothing
    here, and cleanup (514.1, 514.2) only when no one has more than seven cards in hand and no
    effect is about to end. A step a ``hooks.STEP_SKIPS`` rule skips now
    doesn't begin (508.8); in the next turn skips aren't judged, so one step more is checked.
    The skip rules only read, so they are asked about the state itself."""
    step, steps, new_turn = state.step, [], False
    while True:
        step = ORDER[(ORDER.index(step) + 1) % len(ORDER)]
        new_turn = new_turn or step is Step.UNTAP
        if not new_turn and any(rule(state, step) is not None for rule in hooks.STEP_SKIPS):
            continue
        steps.append(step)
        if step not in (Step.UNTAP, Step.CLEANUP):
            break
    if new_turn:
        steps.append(ORDER[(ORDER.index(step) + 1) % len(ORDER)])
    if Step.CLEANUP in steps and (state.effects or any(
            len(state.in_zone(Zone.HAND, p)) > MAX_HAND_SIZE for p in state.player_names)):
        return False
    ending = (action for s in (state.step, *steps[:-1]) for action in hooks.STEP_ENDS.get(s, ()))  # 511.3
    beginning = (action for s in steps for action in hooks.TURN_BASED.get(s, ()))
    return all(hooks.QUIET_TURN_BASED.get(action, _asks)(state) for action in chain(ending, beginning))


def _asks(state: GameState) -> bool:
    return False


def _quiet_activation(state: GameState, action: Activate) -> list[Action] | None:
    """A mana ability with at most one "tapped for mana" replacement to apply (so no order to
    choose, 616.1), listed once per type it may be asked to pick; or an ability whose cost asks
    nothing. Not for a creature in combat (tapping a combatant is left to ``apply``)."""
    obj = state.obj(action.source)
    if state.combat is not None and _in_combat(state, obj.oid):
        return None
    _number, ab = find_ability(state, obj, action.ability)  # engine.check accepted it: an activated ability
    if ab.cost.asks or not ab.cost.mana.is_empty:  # which cards, permanents or mana: choices
        return None
    if not isinstance(ab, ManaAbility):
        return [action]
    if _any_mana_replacement(state) and len(replacements_for(state, obj, ab)) > 1:
        return None
    if isinstance(ab.produces, Fixed):
        return [action]
    if isinstance(ab.produces, AnyColor) and ab.produces.amount != 1:
        return None
    kind, _rule, values = type_choice(state, obj, ab)
    if len(values) <= 1:
        return [action]
    return [with_choice(action, kind, v) for v in values]


def _in_combat(state: GameState, oid: int) -> bool:
    combat = state.combat
    assert combat is not None  # asked only during combat
    return any(a.attacker.oid == oid for a in combat.attacks) or any(b.blocker.oid == oid for b in combat.blocks)


def _quiet_cast(state: GameState, action: CastSpell) -> list[Action] | None:
    """Once checked, casting asks only how to pay, when two ways of paying leave different pools
    (601.2h): listed once per way the payment offers (``Payments.offered``: every way, or a few
    that show the choice when there are many), from the same ``payments`` the payment asks about."""
    obj = state.obj(action.card)
    cdef = card(obj.card)
    if modal_of(cdef.spell) is not None or any(extra.cost.asks for extra in additional_costs(cdef)):
        return None  # a mode, a sacrifice or a discard to choose: only a trial can tell (601.2b, 601.2h)
    kinds = frozenset({"spell"} | {f"{t.lower()} spell" for t in cdef.types})
    cost, _changes = total_cost(state, action.player, obj, cdef, action.x, action.targets)
    ways = payments(state.player(action.player).pool, cost, kinds, action.hybrid)
    offered = ways.offered()
    if len(offered) <= 1:
        return [action]
    return [with_choice(action, "pay", label) for label in offered]


def _quiet_land(state: GameState, action: PlayLand) -> list[Action] | None:
    """Playing a land asks nothing, unless a legendary one may meet the legend rule (704.5j)."""
    return None if "Legendary" in card(state.obj(action.card).card).supertypes else [action]


hooks.QUIET_ACTIONS.update({PassPriority: _quiet_pass, Activate: _quiet_activation, CastSpell: _quiet_cast,
                            PlayLand: _quiet_land})
