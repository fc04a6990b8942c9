"""Combatants that leave the game or stop existing (506.4, 800.4a): each test names its rule."""

from __future__ import annotations

from dataclasses import replace

from combat_support import kinds, pass_until

from mtgrules import Scenario, Step, Timeline, declare_attackers, declare_blockers, pass_priority
from mtgrules.rules.combat.state import attack_of, blockers_of, is_blocking

THREE = ["Alice", "Bob", "Carol"]


def _without(state, oid: int):
    """The state with object ``oid`` gone from the game, as when its owner leaves a multiplayer
    game and takes everything they own along (800.4a)."""
    return replace(state, objects=tuple(o for o in state.objects if o.oid != oid))


def test_506_4_a_combatant_that_left_the_game_is_removed_from_combat():
    s = Scenario("a blocker leaves the game", players=THREE, step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    spider = s.add("Giant Spider", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {wurm: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {spider: wurm}))
    t = Timeline(_without(t.state, spider), "the Spider has left the game")
    t.do(pass_priority("Alice"))
    assert not is_blocking(t.state, spider) and all(b.blocker.oid != spider for b in t.state.combat.blocks), \
        "506.4: a permanent that leaves the battlefield (here, the game) is removed from combat"
    assert [e.rule for e in kinds(t[-1].events, "removed from combat")] == ["506.4"]
    assert attack_of(t.state, wurm).blocked is True and not blockers_of(t.state, wurm), \
        "509.1h: the attacker stays blocked although its blocker is gone"


def test_506_4_800_4a_attackers_of_an_active_player_who_left_are_removed_from_combat():
    """Real play: Neyith's draw from an empty library makes Alice lose during the declare
    blockers step; she leaves the game with her attackers, and combat goes on without them."""
    s = Scenario("the active player leaves mid-combat", players=THREE, step="combat")
    neyith = s.add("Neyith of the Dire Hunt", "Alice")
    wurm = s.add("Craw Wurm", "Alice")
    spider = s.add("Giant Spider", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {wurm: "Bob", neyith: "Carol"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {spider: wurm}))
    t = pass_until(t, Step.END_COMBAT)  # Neyith's draw: Alice draws from an empty library and leaves
    assert t.state.player("Alice").lost
    assert not t.state.combat.attacks, "506.4: Alice's creatures left the battlefield, so they left combat"
    removed = kinds([e for f in t for e in f.events], "removed from combat")
    assert sorted(e.name for e in removed) == ["Craw Wurm", "Neyith of the Dire Hunt"]
    assert t.state.player("Bob").life == 20 and t.state.player("Carol").life == 20
