"""Interactions of the two Un-set cards (Over My Dead Bodies, Graveyard Busybody) that their
rulings imply but don't spell out, checked as an independent reviewer would: combat keywords on
graveyard combatants, the enchantment leaving mid-combat, two enchantments, the Busybody beside
it, and more than two players. Un-set cards are outside the CR (100.7): the rulings are the
specification, and the normal rules fill in what they leave out."""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, refuse, resolve_top

from mtgrules import (
    Scenario,
    Step,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    pass_priority,
    why_cant_block,
)
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.rules.combat.state import is_attacking, is_blocking

OMDB = "Over My Dead Bodies"


def board(players=("Alice", "Bob")) -> Scenario:
    s = Scenario("OMDB interactions", players=list(players), turn=2, step="combat")
    s.add(OMDB, "Alice")
    return s


def attack(s: Scenario, attackers: dict, blocks: dict | None = None, who: str = "Bob"):
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attackers))
    if blocks:
        pass_until(t, Step.DECLARE_BLOCKERS)
        t.do(declare_blockers(who, blocks))
    return t


def events(t, kind: str):
    return [e for f in t for e in kinds(f.events, kind)]


# ---------------------------------------------------------------- keywords on a graveyard attacker
def test_unblocked_graveyard_lifelinker_deals_first_strike_damage_and_its_owner_gains_life():
    s = board()
    knight = s.add("Knight of Meadowgrain", "Alice", zone="graveyard")   # 2/2 first strike, lifelink
    t = attack(s, {knight: "Bob"})
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18 and t.state.player("Alice").life == 22
    assert t.state.obj(knight).zone is Zone.GRAVEYARD
    assert [e.rule for e in events(t, "life")] == ["120.3a", "702.15b"]   # the table says why each life total moved


def test_unblocked_graveyard_double_striker_deals_damage_twice():
    s = board()
    ace = s.add("Fencing Ace", "Alice", zone="graveyard")                # 1/1 double strike
    t = attack(s, {ace: "Bob"})
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18


def test_graveyard_first_striker_exiles_its_graveyard_blocker_before_it_strikes_back():
    """Undeathtouch in the first-strike step: the blocker is exiled instead of being dealt damage,
    so it has left combat (400.7) and deals no regular damage; the Knight stays, and no damage was
    dealt, so lifelink gains nothing (120.3f needs damage dealt)."""
    s = board()
    knight = s.add("Knight of Meadowgrain", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = attack(s, {knight: "Bob"}, {bears: knight})
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(bears).zone is Zone.EXILE
    assert t.state.obj(knight).zone is Zone.GRAVEYARD
    assert t.state.player("Alice").life == 20 and t.state.player("Bob").life == 20


def test_graveyard_deathtouch_attacker_blocked_by_graveyard_card_exiles_it_rather_than_destroying():
    s = board()
    rats = s.add("Typhoid Rats", "Alice", zone="graveyard")
    walls = s.add("Wall of Wood", "Bob", zone="graveyard")                # 0/3
    t = attack(s, {rats: "Bob"}, {walls: rats})
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(walls).zone is Zone.EXILE
    assert not [e for e in events(t, "combat damage") if e.obj == walls and e.attribute == "damage"]


def test_graveyard_trampler_assigns_lethal_to_its_graveyard_blocker_and_the_rest_tramples_over():
    s = board()
    maw = s.add("Colossal Dreadmaw", "Alice", zone="graveyard")          # 6/6 trample
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = attack(s, {maw: "Bob"}, {bears: maw})
    t.do(pass_priority(t.state.priority))     # the second pass ends the step and damage is assigned
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 1), ("Bob", 5))), "702.19b")
    pass_until(t, Step.END_COMBAT, damage_division=((bears, 2), ("Bob", 4)))
    assert t.state.player("Bob").life == 16
    assert t.state.obj(bears).zone is Zone.EXILE


def test_graveyard_menace_attacker_needs_two_graveyard_blockers():
    s = board()
    brute = s.add("Boggart Brute", "Alice", zone="graveyard")            # 3/2 menace
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {brute: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: brute}), "702.111b")
    t.do(declare_blockers("Bob", {bears: brute, corpse: brute}))
    assert is_blocking(t.state, bears) and is_blocking(t.state, corpse)


def test_graveyard_flyer_cant_be_blocked_by_graveyard_ground_creature():
    s = board()
    angel = s.add("Serra Angel", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {angel: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, bears, angel).rule == "702.9b"


def test_graveyard_vigilance_attacker_doesnt_tap():
    s = board()
    angel = s.add("Serra Angel", "Alice", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {angel: "Bob"}))
    assert not t.state.obj(angel).tapped


def test_a_graveyard_blocker_with_deathtouch_and_lifelink_gains_nothing_against_a_graveyard_attacker():
    """Bob's graveyard Nighthawk blocks Alice's graveyard Bears: each would deal damage to a creature
    card, so each is exiled instead; no damage is dealt, so no life is gained."""
    s = board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    hawk = s.add("Vampire Nighthawk", "Bob", zone="graveyard")
    t = attack(s, {bears: "Bob"}, {hawk: bears})
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(bears).zone is Zone.EXILE and t.state.obj(hawk).zone is Zone.EXILE
    assert t.state.player("Bob").life == 20


# ---------------------------------------------------------------- OMDB leaves mid-combat
def test_omdb_leaving_after_first_strike_damage_stops_the_regular_damage():
    """Knight (first strike) and Bears attack from Alice's graveyard, unblocked. After first-strike
    damage, Bob destroys Over My Dead Bodies: the Bears are just dead again (OMDB-7) and deal no
    regular damage (510.1: only attacking creatures assign it)."""
    s = Scenario("OMDB leaves between damage steps", turn=2, step="combat")
    omdb = s.add(OMDB, "Alice")
    knight = s.add("Knight of Meadowgrain", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    nat = s.add("Naturalize", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    t = attack(s, {knight: "Bob", bears: "Bob"})
    pass_until(t, Step.FIRST_STRIKE_DAMAGE)
    assert t.state.player("Bob").life == 18
    t.do(pass_priority("Alice"))
    for f in forests:
        t.do(activate("Bob", f))
    t.do(cast("Bob", nat, targets=(omdb,)))
    resolve_top(t)
    assert not is_attacking(t.state, bears) and not is_attacking(t.state, knight)
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18
    assert t.state.player("Alice").life == 22


def test_two_omdbs_one_leaves_and_the_graveyard_attacker_stays_in_combat():
    s = Scenario("two OMDBs", turn=2, step="combat")
    first = s.add(OMDB, "Alice")
    s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    nat = s.add("Naturalize", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    t = attack(s, {bears: "Bob"})
    t.do(pass_priority("Alice"))
    for f in forests:
        t.do(activate("Bob", f))
    t.do(cast("Bob", nat, targets=(first,)))
    resolve_top(t)
    assert is_attacking(t.state, bears)
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18


def test_an_opponents_omdb_lets_both_sides_use_graveyards():
    """The first ability has no "you": with Bob's Over My Dead Bodies, Alice's graveyard cards may attack
    (if they have haste by some other way, or have been in her graveyard since her turn began)."""
    s = Scenario("Bob's OMDB", turn=2, step="combat")
    s.add(OMDB, "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = attack(s, {bears: "Bob"}, {corpse: bears})
    assert is_attacking(t.state, bears) and is_blocking(t.state, corpse)
    assert Keyword.HASTE not in characteristics(t.state, bears).keywords
    assert Keyword.HASTE in characteristics(t.state, corpse).keywords


# ---------------------------------------------------------------- lords and Fervor
def test_fervor_gives_haste_to_a_graveyard_attacker_while_in_combat_only():
    s = Scenario("Fervor", turn=2, step="combat")
    s.add(OMDB, "Bob")                                  # not Alice's: her cards get no haste from it
    s.add("Fervor", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert Keyword.HASTE not in characteristics(t.state, bears).keywords
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert Keyword.HASTE in characteristics(t.state, bears).keywords


def test_lord_of_the_accursed_pumps_an_opponents_graveyard_blocker_only_for_its_controller():
    s = board()
    s.add("Lord of the Accursed", "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = attack(s, {bears: "Bob"}, {corpse: bears})
    assert characteristics(t.state, corpse).pt() == "3/3"
    assert characteristics(t.state, bears).pt() == "2/2"


# ---------------------------------------------------------------- three players
def test_three_players_a_graveyard_attacker_attacking_carol_is_blocked_from_carols_graveyard():
    s = board(players=("Alice", "Bob", "Carol"))
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    bobs = s.add("Walking Corpse", "Bob", zone="graveyard")
    carols = s.add("Walking Corpse", "Carol", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Carol"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, bobs, bears) is not None
    assert why_cant_block(t.state, carols, bears) is None


# ---------------------------------------------------------------- Busybody beside OMDB
def test_busybody_pt_follows_cards_leaving_a_graveyard_by_undeathtouch():
    """Alice's Busybody counts the flavor-text cards in every graveyard (GB-2). Two such cards are
    exiled by undeathtouch in combat: it shrinks with them and, at 0/0, dies (704.5f) into Alice's graveyard."""
    s = board()
    busy = s.add("Graveyard Busybody", "Alice")
    ace = s.add("Fencing Ace", "Alice", zone="graveyard")              # flavor text
    knight = s.add("Knight of Meadowgrain", "Bob", zone="graveyard")   # flavor text
    t = attack(s, {ace: "Bob"}, {knight: ace})
    assert characteristics(t.state, busy).pt() == "2/2"
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(ace).zone is Zone.EXILE and t.state.obj(knight).zone is Zone.EXILE
    assert t.state.obj(busy).zone is Zone.GRAVEYARD
    assert [e.rule for e in events(t, "zone change") if e.obj == busy and e.attribute == "zone"] == ["704.5f"]


@pytest.mark.xfail(strict=True, reason=(
    "OMDB-4 says OMDB 'allows you to attack or block with creature cards in your graveyard' and OMDB-6 that a "
    "graveyard attacker 'can be blocked only by creature cards in the defending player's graveyard'; GB-5 says "
    "the newest Busybody's controller 'has all the graveyards' and the other player only 'used to have' one "
    "(the kit itself says 'Bob has no graveyard now'). Engine: Bob still blocks with a card in the pile he "
    "used to have, because _possible_combatant checks zone_player == owner, not graveyards_of(player)"))
def test_with_alices_busybody_bob_has_no_graveyard_to_block_from():
    s = board()
    s.add("Graveyard Busybody", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, corpse, bears) is not None


def test_busybody_doesnt_make_the_opponents_graveyard_cards_attack_for_the_busybodys_controller():
    """Kit reading: a card in a graveyard has no controller but its owner (108.4a), so Bob's cards
    in Bob's pile still attack and block for Bob, even while Alice "has" that graveyard."""
    s = board()
    s.add("Graveyard Busybody", "Alice")
    bobs = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    refuse(t.state, declare_attackers("Alice", {bobs: "Bob"}), "508.1a")
