"""What the player with priority may do now, found by trying each candidate on a draft.

Candidates are built from the board (abilities of permanents they control, cards in hand, each
possible target, X and hybrid half), and each is kept only if the engine accepts it. When an
action needs a choice, every option is tried, so each legal action comes fully scripted; where
a choice has very many options it offers a bounded, representative set instead
(``MissingChoice.offered``): a damage division among many blockers gives lethal damage in blocker
order plus all to each blocker, a trigger order one order per trigger resolving first. Each way
of paying that leaves a different pool is offered (601.2h). Trying every candidate is simple and always agrees with ``apply``; boards in lessons are small.
"""

from __future__ import annotations

from itertools import product

from mtgrules.core.abilities import ActivatedAbility, ManaAbility, Target
from mtgrules.core.actions import Action, Activate, CastSpell, PassPriority, PlayLand
from mtgrules.core.carddef import card
from mtgrules.core.errors import IllegalAction, MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.rules import hooks
from mtgrules.rules.engine import apply
from mtgrules.rules.lands import check_play_land
from mtgrules.rules.teams import may_act

MAX_CHOICE_DEPTH = 4


def legal_actions(state: GameState) -> list[Action]:
    """Every action the player with priority could take now, each with its choices scripted."""
    for propose in hooks.PROPOSERS:  # a turn-based declaration the game is waiting for (combat)
        proposed = propose(state)
        if proposed is not None:
            return proposed
    player = state.priority
    if player is None:
        return []
    found: list[Action] = _accepted(state, PassPriority(player), depth=0)  # passing may need a choice
    for actor in _actors(state):
        for cand in _candidates(state, actor):
            found.extend(_accepted(state, cand, depth=0))
        for cand in land_candidates(state, actor):  # playing a land can need choices too (triggers)
            found.extend(_accepted(state, cand, depth=0))
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


legal_actions_reference = legal_actions


def _actors(state: GameState) -> list[str]:
    """The priority holder, or every player of the team holding priority (805.5)."""
    return [p for p in state.player_names if may_act(state, p)]


def _candidates(state: GameState, player: str) -> list[Action]:
    out: list[Action] = []
    for obj in state.battlefield(player):
        for i, ab in enumerate(card(obj.card).abilities):
            if isinstance(ab, ManaAbility | ActivatedAbility):
                target = ab.target if isinstance(ab, ActivatedAbility) else None
                for tgt, hyb in product(_targets(state, player, target), _halves(ab.cost.mana.hybrid)):
                    out.append(Activate(player, obj.oid, i, 0, tgt, hyb))
    pool = len(state.player(player).pool)
    for obj in state.in_zone(Zone.HAND, player):
        cdef = card(obj.card)
        if "Land" in cdef.types:  # played, never cast (305.9): see land_candidates
            continue
        xs = range(pool + 1) if cdef.mana_cost.x_count else (0,)
        for x, tgt, hyb in product(xs, _targets(state, player, cdef.cast_target), _halves(cdef.mana_cost.hybrid)):
            out.append(CastSpell(player, obj.oid, x, tgt, hyb))
    return out


def _targets(state: GameState, player: str, spec: Target | None) -> list[tuple[int, ...]]:
    if spec is None:
        return [()]
    return [(o.oid,) for o in state.objects if o.zone in spec.zones and spec.legal(state, player, o)]


def _halves(hybrid) -> list:
    if not hybrid:
        return [None]
    return [tuple(p) for p in product(*hybrid)]


def accepted(state: GameState, action: Action) -> list[Action]:
    """``action`` with each way of scripting the choices it needs, if the engine accepts it."""
    return _accepted(state, action, depth=0)


def _accepted(state: GameState, action: Action, depth: int) -> list[Action]:
    """The action itself if legal, or one copy per option of the choice it is missing."""
    try:
        apply(state, action)
        return [action]
    except MissingChoice as need:
        if depth >= MAX_CHOICE_DEPTH:
            return []
        out = []
        for option in need.offered:  # every option, or the bounded set the asker offers
            scripted = dict(action.choices)
            if need.kind in scripted:  # the same kind asked again: a queue of answers
                before = scripted[need.kind]
                scripted[need.kind] = [*(before if isinstance(before, list) else [before]), option]
            else:
                scripted[need.kind] = option
            out.extend(_accepted(state, _with_choices(action, scripted), depth + 1))
        return out
    except IllegalAction:
        return []


def _with_choices(action: Action, choices: dict) -> Action:
    from dataclasses import replace
    return replace(action, choices=tuple(sorted(choices.items())))
