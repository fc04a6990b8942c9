"""Small helpers shared by the tests: build boards quickly and check refusals leave states alone."""

from __future__ import annotations

import copy

import pytest

from mtgrules import IllegalAction, apply


def refused(state, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and that ``state`` is unchanged."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule == rule, f"refused under {info.value.rule}, expected {rule}: {info.value.reason}"
    assert info.value.reason and not info.value.reason[0].islower()
    assert state == snapshot, "a refused action must leave the state exactly as it was"
    return info.value


def pool(state, player: str) -> list[str]:
    """The player's pool as a sorted list of type letters."""
    return sorted(m.type.value for m in state.player(player).pool)


def kinds(events, kind: str):
    return [e for e in events if e.kind == kind]
