"""Helpers for the combat tests: play a timeline to a step, and check refusals leave states alone."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, MissingChoice, Step, Timeline, apply, pass_priority
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top  # noqa: F401  (re-exported for the tests)


def refuse(state, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule``, with a sentence, and ``state`` is unchanged."""
    before = state
    snapshot = (state.players, state.objects, state.stack, state.effects, state.combat, state.priority, state.step)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule == rule, f"refused under {info.value.rule}, expected {rule}: {info.value.reason}"
    assert info.value.reason
    assert state == before
    assert (state.players, state.objects, state.stack, state.effects, state.combat, state.priority,
            state.step) == snapshot
    return info.value


def pass_until(t: Timeline, step: Step, **last_choices) -> Timeline:
    """Pass priority for whoever has it until ``step`` begins (or the game waits for a declaration
    in it). ``last_choices`` answer what a pass on the way asks (trigger targets, payments, a
    damage division), each given to the pass that asks it: the engine refuses an answer to a
    question an action doesn't ask."""
    for _ in range(200):
        if t.state.step is step and t.state.stack == ():
            return t
        holder = t.state.priority
        assert holder is not None, f"the game waits for a declaration in the {t.state.step.value} step"
        pass_answering(t, holder, last_choices)
    raise AssertionError(f"{step.value} never began")


def pass_answering(t: Timeline, player: str, answers: dict) -> Timeline:
    """``player`` passes, with the answers of ``answers`` that the pass asks for and no others."""
    given: dict = {}
    while True:
        try:
            return t.do(pass_priority(player, **given))
        except MissingChoice as need:
            keyword = need.kind.replace(" ", "_")
            if keyword not in answers or keyword in given:
                raise
            given[keyword] = answers[keyword]


def hand(state, player: str) -> list[str]:
    return sorted(o.card for o in state.in_zone(Zone.HAND, player))


def library(s, player: str, n: int = 5) -> None:
    """Give ``player`` a small library so draws have something to take."""
    for _ in range(n):
        s.add("Forest", player, zone="library")


def kinds(events, kind: str):
    return [e for e in events if e.kind == kind]
