"""Over My Dead Bodies off the lesson path: what "target creature" reaches, and whose graveyard
may block in Two-Headed Giant.

Regressions: Somberwald Stag's "fight target creature you don't control" couldn't target a
blocking graveyard card (the trigger was removed for lack of a target), though Giant Growth and
Murder could (OMDB-4, OMDB-8); and in Two-Headed Giant a card in the attacked player's teammate's
graveyard could block a graveyard attacker (OMDB-6; 805.10e: the defending player is the one it attacks).
"""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import (
    CastSpell,
    Scenario,
    Step,
    Zone,
    activate,
    advance_to,
    declare_attackers,
    declare_blockers,
    pass_priority,
    why_cant_block,
)

OMDB = "Over My Dead Bodies"


def _stag_against_a_graveyard_blocker():
    s = Scenario("Stag vs a graveyard blocker", turn=2, step="combat")
    s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    plains = [s.add("Plains", "Alice") for _ in range(2)]
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    advance_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    for p in plains:
        t.do(activate("Alice", p))
    t.do(CastSpell("Alice", charge))   # as it resolves, the Stag enters attacking; its ETB triggers
    t.do(pass_priority("Alice")).do(pass_priority("Bob", card=stag))
    return t, stag, corpse


@pytest.mark.ruling("OMDB-4")
def test_the_stags_fight_can_target_a_blocking_graveyard_card():
    t, stag, corpse = _stag_against_a_graveyard_blocker()
    assert not [e for e in t[-1].events if e.kind == "no target"]
    [trigger] = [i for i in t.state.stack if i.kind == "trigger"]
    assert [r.oid for r in trigger.targets] == [corpse]
    t.do(pass_priority("Alice")).do(pass_priority("Bob", fight=True))
    fights = [e for e in t[-1].events if e.kind == "fight"]
    assert len(fights) == 1 and fights[0].after == (stag, corpse), "they fight (701.14a)"
    hits = {(e.name, e.before, e.after) for e in t[-1].events if e.kind == "noncombat damage"}
    assert ("Somberwald Stag", "Walking Corpse", 4) in hits
    assert t.state.obj(corpse).zone is Zone.GRAVEYARD, "destroyed by lethal damage, it stays where it is"


def test_a_graveyard_card_not_in_combat_is_still_no_target():
    s = Scenario("Stag, a dead card", turn=2, step="main1")
    s.add(OMDB, "Alice")
    s.add("Walking Corpse", "Bob", zone="graveyard")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    s.mana("Alice", "GGGGG")
    t = s.timeline()
    t.do(CastSpell("Alice", stag)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert [e.rule for e in t[-1].events if e.kind == "no target"] == ["603.3d"]


TWO_HG = dict(players=["Alice", "Andy", "Bob", "Bea"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"},
              game_format="two-headed giant")


def _two_headed_giant_graveyard_attack():
    s = Scenario("2HG graveyard combat", step="combat", **TWO_HG)
    s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    beas = s.add("Walking Corpse", "Bea", zone="graveyard")
    bobs = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    advance_to(t, Step.DECLARE_BLOCKERS)
    return t, bears, beas, bobs


@pytest.mark.ruling("OMDB-6")
@pytest.mark.rule("805.10e")
def test_two_headed_giant_only_the_attacked_players_graveyard_blocks():
    t, bears, beas, bobs = _two_headed_giant_graveyard_attack()
    why = why_cant_block(t.state, beas, bears)
    assert why is not None and "805.10e" in why.text and "Bob" in why.text
    assert why_cant_block(t.state, bobs, bears) is None
    refused(t.state, declare_blockers("Bob", {beas: bears}), "509.1b")
    t.do(declare_blockers("Bob", {bobs: bears}))
