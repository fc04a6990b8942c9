"""Findings of a review of the mana modules against the CR: each test states the rule it checks."""

from __future__ import annotations

from helpers import refused

from mtgrules import Scenario, cast


def test_X_cannot_be_chosen_negative():
    """107.1b: a player can't choose a negative number, so X = -1 can't make a spell cheaper."""
    s = Scenario("negative X")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "CC")
    err = refused(s.state(), cast("Alice", walker, x=-1), "107.1b")
    assert "negative" in err.reason

