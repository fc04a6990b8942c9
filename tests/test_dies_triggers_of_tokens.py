"""A token with a "when this creature dies" ability: it is put into a graveyard, its ability
triggers, and only then does it cease to exist (111.7, 704.5d). The ability looks back in time
(603.10a) and resolves from the token's last known information (608.2h, 113.7a)."""

from __future__ import annotations

from dataclasses import replace

from mtgrules import Scenario, activate, apply, cast, pass_priority
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import resolve_top


def _as_token(state: GameState, oid: int, **changes) -> GameState:
    """The same board with ``oid`` a token (a Hangarback Walker token, as a copy effect makes)."""
    return replace(state, objects=tuple(replace(o, is_token=True, **changes) if o.oid == oid else o
                                        for o in state.objects))


def _thopters(state: GameState) -> list:
    return [o for o in state.objects if o.card == "Thopter Token" and o.zone is Zone.BATTLEFIELD]


def test_a_token_destroyed_by_a_spell_triggers_its_dies_ability_and_then_ceases_to_exist():
    s = Scenario("Token Hangarback murdered")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 2})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = Timeline(_as_token(s.state(), walker), "Token Hangarback murdered")
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)
    assert walker not in {o.oid for o in t.state.objects}, "the token ceased to exist (704.5d)"
    assert [item.kind for item in t.state.stack] == ["trigger"]
    resolve_top(t)
    assert len(_thopters(t.state)) == 2 and not t.state.stack


def test_a_token_dying_to_a_state_based_action_still_triggers_before_it_ceases_to_exist():
    """Lethal damage puts it into the graveyard (704.5g); the next check removes it (704.5d),
    but its dies ability triggered on the first event (111.7)."""
    s = Scenario("Token Hangarback with lethal damage")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    forest = s.add("Forest", "Alice")
    state, events = apply(_as_token(s.state(), walker, damage=1), activate("Alice", forest))
    assert walker not in {o.oid for o in state.objects}
    assert [item.kind for item in state.stack] == ["trigger"], "the dies ability triggered"
    assert [e.rule for e in events if e.kind == "trigger"] == ["603.10a"]
    t = Timeline(state, "Token Hangarback with lethal damage")
    resolve_top(t)
    assert len(_thopters(t.state)) == 1
