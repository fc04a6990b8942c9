"""Mana edge cases found by checking the mana modules against the CR: each test states its rule."""

from __future__ import annotations

import pytest
from helpers import pool, refused

from mtgrules import MissingChoice, Scenario, activate, apply, cast, legal_actions
from mtgrules.core.actions import Activate


def test_X_cannot_be_chosen_negative():
    """107.1b: a player can't choose a negative number, so X = -1 can't make a spell cheaper."""
    s = Scenario("negative X")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "CC")
    err = refused(s.state(), cast("Alice", walker, x=-1), "107.1b")
    assert "negative" in err.reason


def test_the_payer_chooses_restricted_or_unrestricted_mana():
    """106.6 / 601.2h: which mana pays a cost is the payer's choice. Paying {G} for a creature spell
    with Ancient Ziggurat's creature-only {G} keeps the Forest's {G} free, so Giant Growth can still
    be cast afterwards. The two ways leave different pools, so the engine asks rather than picks."""
    s = Scenario("restricted first")
    forest = s.add("Forest", "Alice")
    zig = s.add("Ancient Ziggurat", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="hand")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))          # unrestricted {G} first in the pool
    state, _ = apply(state, activate("Alice", zig, color="G"))      # then the creature-only {G}
    with pytest.raises(MissingChoice) as need:
        apply(state, cast("Alice", elves))
    assert need.value.kind == "pay" and len(need.value.options) == 2
    restricted = next(o for o in need.value.options if "(" in o)
    state, _ = apply(state, cast("Alice", elves, pay=restricted))
    left = state.player("Alice").pool
    assert len(left) == 1 and left[0].restriction is None, "the creature-only {G} paid for the creature"
    state, _ = apply(state, cast("Alice", growth, targets=(bears,)))
    assert pool(state, "Alice") == []


def test_two_copies_of_one_replacement_effect_ask_no_order():
    """616.1 / 614.5: two Mana Reflections each double the mana once (x4). Their two orders are the
    same order, so there is nothing to choose and no choice may be demanded."""
    s = Scenario("two Mana Reflections")
    s.add("Mana Reflection", "Alice")
    s.add("Mana Reflection", "Alice")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G"] * 4
    forest_taps = [a for a in legal_actions(s.state()) if isinstance(a, Activate) and a.source == forest]
    assert len(forest_taps) == 1, "one way to tap the Forest, not one per identical order"
