"""The card pool against its Oracle text: each line played as printed, in current wording.

One test per card group where the audit found a line played wrongly or a text out of date; each
fails for the defect it guards (see the docstrings)."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, Scenario, cast
from mtgrules.core.carddef import card, line_binding
from mtgrules.play.verbs import resolve_top


# ---------------------------------------------------------------- combat cards: Gruul Ragebeast
def _team_board() -> tuple[Scenario, int, int, int]:
    """Two-Headed Giant: A and B against C and D. A has Gruul Ragebeast and casts Grizzly Bears;
    B (A's teammate) has Craw Wurm, C (an opponent) has Walking Corpse."""
    s = Scenario("Ragebeast among teams", players=["A", "B", "C", "D"],
                 teams={"A": "x", "B": "x", "C": "y", "D": "y"}, game_format="two-headed giant", step="main1")
    s.add("Gruul Ragebeast", "A")
    bears = s.add("Grizzly Bears", "A", zone="hand")
    mate = s.add("Craw Wurm", "B")
    foe = s.add("Walking Corpse", "C")
    s.mana("A", "GG")
    return s, bears, mate, foe


def test_gruul_ragebeast_cannot_target_a_teammates_creature():
    """"target creature an opponent controls": a teammate is not an opponent (102.3), so in
    Two-Headed Giant the Wurm of A's teammate is no legal target (115.1, 603.3d); the kit used to
    read the line as "a creature you don't control" and let A target it."""
    s, bears, mate, foe = _team_board()
    t = s.timeline().do(cast("A", bears))
    with pytest.raises(IllegalAction) as refused:
        resolve_top(t, target=mate)
    assert refused.value.rule == "603.3d"
    resolve_top(t, target=foe)
    assert [i.kind for i in t.state.stack] == ["trigger"]


def test_somberwald_stag_may_still_target_a_teammates_creature():
    """"target creature you don't control" does include a teammate's creature: the Stag's line is
    not the Ragebeast's, and the two are kept apart."""
    s = Scenario("Stag among teams", players=["A", "B", "C", "D"],
                 teams={"A": "x", "B": "x", "C": "y", "D": "y"}, game_format="two-headed giant", step="main1")
    stag = s.add("Somberwald Stag", "A", zone="hand")
    mate = s.add("Craw Wurm", "B")
    s.add("Walking Corpse", "C")
    s.mana("A", "GGGGG")
    t = s.timeline().do(cast("A", stag))
    resolve_top(t, target=mate)
    assert [i.kind for i in t.state.stack] == ["trigger"]


# ---------------------------------------------------------------- creatures: current Oracle wording
def test_tattermunge_maniac_refers_to_itself_as_this_creature():
    """Current Oracle wording names the card "this creature" (as Goblin Piker's line already does);
    the line is still played by its keyword."""
    cdef = card("Tattermunge Maniac")
    assert cdef.oracle == "This creature attacks each combat if able."
    assert line_binding(cdef, cdef.oracle) == "keyword"
