"""OMDB-1 to OMDB-9: Over My Dead Bodies (Unstable, outside the CR by 100.7), whose rulings are the
specification: creature cards attack and block from graveyards as though on the battlefield.

Most tests play the lesson's own boards (``mtgrules.lessons.over_my_dead_bodies``), so what the
lesson shows is what is proven; refusals are checked on the state before the refused step, which
must come back unchanged."""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, refuse, resolve_top
from helpers import murder_in_hand

from mtgrules import (
    Scenario,
    Step,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_blocks,
    pass_priority,
    why_cant_attack,
    why_cant_block,
)
from mtgrules.core.objects import Zone
from mtgrules.lessons import over_my_dead_bodies as lesson
from mtgrules.rules.combat.declare import possible_attackers
from mtgrules.rules.combat.state import attack_of, is_attacking, is_blocking

OMDB = "Over My Dead Bodies"


def oid(t, name: str, owner: str | None = None) -> int:
    """The id of the card called ``name`` (owned by ``owner``) on a timeline's starting board."""
    return next(o.oid for o in t[0].state.objects if o.card == name and owner in (None, o.owner))


def frame_where(t, kind: str, name: str):
    """The first frame with an event of ``kind`` about ``name``."""
    return next(f for f in t if any(e.kind == kind and e.name == name for e in f.events))


def pt(state, x) -> str:
    return characteristics(state, x).pt()


def at_declare_attackers(s: Scenario):
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)


def board(*, omdb_for: str | None = "Alice", players=("Alice", "Bob")) -> Scenario:
    s = Scenario("OMDB test", players=list(players), turn=2, step="combat")
    if omdb_for:
        s.add(OMDB, omdb_for)
    return s


# ---------------------------------------------------------------- the card itself
def test_creature_cards_in_graveyards_are_zombies_with_undeathtouch_and_yours_have_haste():
    s = board()
    mine = s.add("Grizzly Bears", "Alice", zone="graveyard")
    theirs = s.add("Grizzly Bears", "Bob", zone="graveyard")
    land = s.add("Forest", "Alice", zone="graveyard")
    live = s.add("Grizzly Bears", "Alice")
    state = s.state()
    for x in (mine, theirs):
        assert "Zombie" in characteristics(state, x).subtypes
        assert "undeathtouch" in characteristics(state, x).keywords
    assert "haste" in characteristics(state, mine).keywords          # "your graveyard": Alice's
    assert "haste" not in characteristics(state, theirs).keywords
    assert "Zombie" not in characteristics(state, land).subtypes      # not a creature card
    assert "Zombie" not in characteristics(state, live).subtypes      # on the battlefield


def test_your_graveyard_for_haste_follows_graveyard_busybody():
    """With a Graveyard Busybody, "your graveyard" is every graveyard its controller has (GB rulings)."""
    for busybody_for, bobs_card_has_haste, alices_card_has_haste in (("Alice", True, True), ("Bob", False, False)):
        s = board()
        s.add("Graveyard Busybody", busybody_for)
        alices = s.add("Grizzly Bears", "Alice", zone="graveyard")
        bobs = s.add("Grizzly Bears", "Bob", zone="graveyard")
        state = s.state()
        assert ("haste" in characteristics(state, bobs).keywords) is bobs_card_has_haste
        assert ("haste" in characteristics(state, alices).keywords) is alices_card_has_haste


def test_without_the_enchantment_a_graveyard_card_is_just_a_card():
    s = board(omdb_for=None)
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Raging Goblin", "Alice")
    t = at_declare_attackers(s)
    assert "Zombie" not in characteristics(t.state, bears).subtypes
    refuse(t.state, declare_attackers("Alice", {bears: "Bob"}), "508.1a")


def test_haste_matters_a_card_that_died_this_turn_under_an_opponents_enchantment_cant_attack():
    s = board(omdb_for="Bob")
    fresh = s.add("Grizzly Bears", "Alice", zone="graveyard", sick=True)  # put there this turn
    old = s.add("Walking Corpse", "Alice", zone="graveyard")
    t = at_declare_attackers(s)
    refuse(t.state, declare_attackers("Alice", {fresh: "Bob"}), "302.6")
    t.do(declare_attackers("Alice", {old: "Bob"}))
    assert is_attacking(t.state, old)


def test_undeathtouch_exiles_instead_of_dealing_damage_and_both_sides_count_at_once():
    t = lesson.tour()
    bears, corpse, goblin = oid(t, "Grizzly Bears"), oid(t, "Walking Corpse"), oid(t, "Raging Goblin")
    damage = next(f for f in t if kinds(f.events, "combat damage"))
    assert t.state.obj(bears).zone is Zone.EXILE and t.state.obj(corpse).zone is Zone.EXILE
    assert [e.rule for e in damage.events if e.kind == "zone change" and e.attribute == "zone"] == ["614.1a", "614.1a"]
    assert [(e.name, e.after) for e in kinds(damage.events, "combat damage")] == [("Raging Goblin", 1)]
    assert t.state.player("Bob").life == 19                           # damage to a player isn't replaced
    assert t.state.obj(goblin).zone is Zone.GRAVEYARD


def test_after_combat_a_graveyard_card_has_no_status():
    t = lesson.lord_of_the_accursed()
    bears = oid(t, "Grizzly Bears")
    during = next(f for f in t if is_attacking(f.state, bears)).state
    assert during.obj(bears).tapped
    assert t.state.step is Step.MAIN2 and not t.state.obj(bears).tapped
    assert any(e.rule == "110.5" for f in t for e in f.events)


# ---------------------------------------------------------------- OMDB-1
@pytest.mark.ruling("OMDB-1")
def test_murder_on_an_attacking_graveyard_card_leaves_it_in_the_graveyard_out_of_combat():
    t = lesson.murder_an_attacker()
    bears = oid(t, "Grizzly Bears")
    before, after = t[lesson.MURDER_STEP - 1].state, t[lesson.MURDER_STEP].state
    assert is_attacking(before, bears)
    assert after.obj(bears).zone is Zone.GRAVEYARD and after.obj(bears).zone_player == "Alice"
    assert after.obj(bears).zcc == before.obj(bears).zcc               # the same card: it never moved
    assert not is_attacking(after, bears)
    events = t[lesson.MURDER_STEP].events
    assert [e.rule for e in kinds(events, "removed from combat")] == ["506.4"]
    assert not [e for e in kinds(events, "zone change") if e.obj == bears]
    assert t.state.player("Bob").life == 20                          # it dealt no combat damage


@pytest.mark.ruling("OMDB-1")
def test_murder_on_a_blocking_graveyard_card_removes_it_from_combat_too():
    s = board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    _, cast_murder = murder_in_hand(s, "Alice")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    cast_murder(t, corpse)
    zcc = t.state.obj(corpse).zcc
    resolve_top(t)
    assert t.state.obj(corpse).zone is Zone.GRAVEYARD and t.state.obj(corpse).zcc == zcc
    assert not is_blocking(t.state, corpse)
    assert attack_of(t.state, bears).blocked is True                  # the attacker stays blocked (509.1h)


def test_for_contrast_murder_on_the_battlefield_moves_the_creature():
    t = lesson.murder_an_attacker(on_battlefield=True)
    bears = oid(t, "Grizzly Bears")
    before, after = t[lesson.MURDER_STEP - 1].state, t[lesson.MURDER_STEP].state
    assert after.obj(bears).zone is Zone.GRAVEYARD and after.obj(bears).zcc == before.obj(bears).zcc + 1
    assert lesson.fate(t[lesson.MURDER_STEP]) != lesson.fate(lesson.murder_an_attacker()[lesson.MURDER_STEP])


# ---------------------------------------------------------------- OMDB-2
@pytest.mark.ruling("OMDB-2")
def test_a_graveyard_card_attacks_a_planeswalker():
    t = lesson.attack_a_planeswalker()
    bears, jace = oid(t, "Grizzly Bears"), oid(t, "Jace Beleren")
    declared = frame_where(t, "attacks", "Grizzly Bears")
    assert why_cant_attack(t[declared.index - 1].state, bears, jace) is None
    assert attack_of(declared.state, bears).target == t[0].state.obj(jace).ref
    assert declared.state.obj(bears).zone is Zone.GRAVEYARD
    assert t.state.obj(jace).counter("loyalty") == 1                  # 2 damage from the graveyard card
    assert t.state.player("Bob").life == 20


# ---------------------------------------------------------------- OMDB-3
@pytest.mark.ruling("OMDB-3")
def test_a_zero_toughness_graveyard_card_cant_be_declared_as_an_attacker():
    t = lesson.zero_toughness()
    walker = oid(t, "Hangarback Walker")
    state = t[lesson.DECLARE_STEP - 1].state
    assert pt(state, walker) == "0/0"
    err = refuse(state, declare_attackers("Alice", {walker: "Bob"}), "704.5f")
    assert "toughness 0" in err.reason
    assert walker not in [o.oid for o in possible_attackers(state)]
    assert t[lesson.DECLARE_STEP].refused is not None
    assert not any(is_attacking(f.state, walker) for f in t)


@pytest.mark.ruling("OMDB-3")
def test_a_zero_toughness_graveyard_card_cant_be_declared_as_a_blocker():
    s = board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    walker = s.add("Hangarback Walker", "Bob", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {walker: bears}), "704.5f")
    assert why_cant_block(t.state, walker, bears).rule == "704.5f"
    t.do(declare_blockers("Bob", {corpse: bears}))


def test_the_check_reads_the_card_as_it_would_be_once_attacking():
    """The kit's reading of OMDB-3: with Lord of the Accursed, the Walker would be a 1/1 Zombie
    Alice controls once it attacks, so state-based actions wouldn't remove it."""
    t = lesson.zero_toughness(lord=True)
    walker = oid(t, "Hangarback Walker")
    assert t[lesson.DECLARE_STEP].refused is None
    assert pt(t[lesson.DECLARE_STEP].state, walker) == "1/1"
    assert lesson.declaration(t[lesson.DECLARE_STEP]) != lesson.declaration(lesson.zero_toughness()[lesson.DECLARE_STEP])


# ---------------------------------------------------------------- OMDB-4
@pytest.mark.ruling("OMDB-4")
def test_lord_of_the_accursed_pumps_graveyard_attackers_while_in_combat():
    t = lesson.lord_of_the_accursed()
    bears, corpse = oid(t, "Grizzly Bears"), oid(t, "Walking Corpse")
    before = t[2].state
    assert "Zombie" in characteristics(before, bears).subtypes and pt(before, bears) == "2/2"
    attacking = frame_where(t, "attacks", "Grizzly Bears").state
    assert pt(attacking, bears) == "3/3"
    assert pt(attacking, corpse) == "2/2"                    # a Zombie in her graveyard, but not in combat
    assert t.state.player("Bob").life == 17
    assert pt(t.state, bears) == "2/2"                       # after combat: just a card again


@pytest.mark.ruling("OMDB-4")
def test_the_lord_pumps_only_the_zombies_its_controller_controls():
    s = board()
    s.add("Lord of the Accursed", "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert pt(t.state, bears) == "2/2"                       # Alice controls her graveyard card, not Bob


@pytest.mark.ruling("OMDB-4")
def test_the_lord_pumps_blocking_graveyard_cards_too():
    """"all your attacking *and blocking* graveyard creatures ... would get +1/+1 while in combat"."""
    s = board()
    s.add("Lord of the Accursed", "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert pt(t.state, corpse) == "2/2"                      # a Zombie, but not yet in combat
    t.do(declare_blockers("Bob", {corpse: bears}))
    assert pt(t.state, corpse) == "3/3" and pt(t.state, bears) == "2/2"


def test_without_the_lord_the_same_attack_stays_2_2():
    t = lesson.lord_of_the_accursed(lord=False)
    assert pt(frame_where(t, "attacks", "Grizzly Bears").state, oid(t, "Grizzly Bears")) == "2/2"


# ---------------------------------------------------------------- OMDB-5
@pytest.mark.ruling("OMDB-5")
def test_a_flying_graveyard_attacker_is_blocked_only_by_graveyard_flyers_or_reach():
    s = board()
    pala = s.add("Pili-Pala", "Alice", zone="graveyard")
    spider = s.add("Giant Spider", "Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    dead_spider = s.add("Giant Spider", "Bob", zone="graveyard")
    dead_pala = s.add("Pili-Pala", "Bob", zone="graveyard")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {pala: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: pala}), "702.9b")
    refuse(t.state, declare_blockers("Bob", {spider: pala}), "509.1b")
    legal = legal_blocks(t.state, "Bob").legal()
    assert {b for d in legal for b in d} == {dead_spider, dead_pala}   # alone or together


@pytest.mark.ruling("OMDB-5")
def test_the_lesson_board_blocks_with_the_graveyard_spider():
    t = lesson.flying_attacker()
    pala, dead_spider = oid(t, "Pili-Pala"), [o.oid for o in t[0].state.objects
                                              if o.card == "Giant Spider" and o.zone is Zone.GRAVEYARD][0]
    assert [f.refused.rule for f in t if f.refused] == ["509.1b", "702.9b"]
    blocked = frame_where(t, "blocks", "Giant Spider").state
    assert is_blocking(blocked, dead_spider) and attack_of(blocked, pala).blocked


# ---------------------------------------------------------------- OMDB-6
@pytest.mark.ruling("OMDB-6")
def test_a_battlefield_creature_cant_block_a_graveyard_attacker_but_a_defenders_graveyard_card_can():
    t = lesson.graveyard_blockers()
    bears, goblin = oid(t, "Grizzly Bears"), oid(t, "Raging Goblin")
    spider, corpse = oid(t, "Giant Spider"), oid(t, "Walking Corpse")
    state = t[lesson.BLOCK_TRY_STEP - 1].state
    refuse(state, declare_blockers("Bob", {spider: bears}), "509.1b")
    refuse(state, declare_blockers("Bob", {corpse: goblin}), "509.1b")   # a graveyard card blocks only graveyard attackers
    assert why_cant_block(state, corpse, bears) is None
    blocked = frame_where(t, "blocks", "Walking Corpse").state
    assert is_blocking(blocked, corpse) and is_blocking(blocked, spider)


@pytest.mark.ruling("OMDB-6")
def test_only_the_defending_players_graveyard_blocks():
    s = board(players=("Alice", "Bob", "Carol"))
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    carols = s.add("Walking Corpse", "Carol", zone="graveyard")
    bobs = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, carols, bears).rule == "509.1a"      # not attacking Carol
    assert why_cant_block(t.state, bobs, bears) is None
    refuse(t.state, declare_blockers("Bob", {carols: bears}), "509.1a")


# ---------------------------------------------------------------- OMDB-7
@pytest.mark.ruling("OMDB-7")
def test_when_the_enchantment_leaves_every_graveyard_combatant_leaves_combat_at_once():
    t = lesson.enchantment_leaves()
    cards = {oid(t, "Grizzly Bears", "Alice"), oid(t, "Walking Corpse"), oid(t, "Grizzly Bears", "Bob")}
    omdb = oid(t, OMDB)
    leaves = next(f for f in t if any(e.kind == "zone change" and e.obj == omdb for e in f.events))
    before = t[leaves.index - 1].state
    assert all(is_attacking(before, x) or is_blocking(before, x) for x in cards)
    removed = kinds(leaves.events, "removed from combat")
    assert {e.obj for e in removed} == cards and {e.rule for e in removed} == {"506.4"}
    assert not any(is_attacking(leaves.state, x) or is_blocking(leaves.state, x) for x in cards)
    assert all(leaves.state.obj(x).zone is Zone.GRAVEYARD for x in cards)
    assert "Zombie" not in characteristics(leaves.state, oid(t, "Grizzly Bears", "Alice")).subtypes
    assert t.state.player("Bob").life == 20
    assert not [e for f in t for e in kinds(f.events, "combat damage") if e.attribute == "damage"]


# ---------------------------------------------------------------- OMDB-8
@pytest.mark.ruling("OMDB-8")
def test_giant_growth_targets_an_attacking_graveyard_card_and_its_pt_changes():
    t = lesson.giant_growth()
    bears, corpse, growth = oid(t, "Grizzly Bears"), oid(t, "Walking Corpse"), oid(t, "Giant Growth")
    refused = next(f for f in t if f.refused)
    refuse(t[refused.index - 1].state, cast("Alice", growth, targets=(corpse,)), "115.1")   # not in combat
    cast_frame = next(f for f in t if f.action is not None and f.refused is None
                      and getattr(f.action, "card", None) == growth)
    assert cast_frame.state.stack[-1].targets == (t[0].state.obj(bears).ref,)
    pumped = frame_where(t, "P/T", "Grizzly Bears")
    assert [(e.before, e.after) for e in kinds(pumped.events, "P/T")] == [("2/2", "5/5")]
    assert t.state.player("Bob").life == 15


@pytest.mark.ruling("OMDB-8")
def test_giant_growth_targets_a_blocking_graveyard_card_too():
    """"You can target attacking *or blocking* creature cards in graveyards with spells like Giant Growth"."""
    s = board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    forest = s.add("Forest", "Bob")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    t = at_declare_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice"))
    refuse(t.state, cast("Bob", growth, targets=(corpse,)), "115.1")    # not blocking yet
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", forest)).do(cast("Bob", growth, targets=(corpse,)))
    assert t.state.stack[-1].targets == (t[0].state.obj(corpse).ref,)
    resolve_top(t)
    assert pt(t.state, corpse) == "5/5"


# ---------------------------------------------------------------- OMDB-9
@pytest.mark.ruling("OMDB-9")
def test_attacking_and_blocking_from_graveyards_trigger_whenever_a_creature_attacks_or_blocks():
    t = lesson.attack_and_block_triggers()
    attack = frame_where(t, "attacks", "Grizzly Bears")
    assert [e.name for e in kinds(attack.events, "trigger")] == ["Practice Bell"]
    assert attack.state.stack and attack.state.stack[-1].label.startswith("Practice Bell")
    block = frame_where(t, "blocks", "Walking Corpse")
    assert [e.name for e in kinds(block.events, "trigger")] == ["Practice Bell"]
    assert t.state.player("Alice").life == 22
