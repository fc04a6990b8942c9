"""Variants of the Un-set rulings OMDB-1..9 (Over My Dead Bodies), GB-1..5 (Graveyard Busybody)
and CTG-1..3 (Call to the Grave): the same ruling deciding a board other than the lesson's, as an
outside reviewer would try it (the other player, three players, Two-Headed Giant, tokens, several
copies, an effect arriving mid-combat, the other order of events). Un-set cards are outside the CR
(100.7): their rulings are the specification, and the normal rules fill in the rest."""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, refuse, resolve_top
from helpers import murder_in_hand

from mtgrules import (
    Scenario,
    Step,
    activate,
    advance_to,
    answer_with,
    apply,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    pass_priority,
    why_cant_attack,
    why_cant_block,
)
from mtgrules.core.objects import Zone
from mtgrules.rules.combat.state import attack_of, is_attacking, is_blocking
from mtgrules.rules.graveyards import cards_in_your_graveyards, graveyard_holder, graveyards_of

OMDB = "Over My Dead Bodies"
BB = "Graveyard Busybody"
CTG = "Call to the Grave"


def pt(state, x) -> str:
    return characteristics(state, x).pt()


def events(t, kind: str):
    return [e for f in t for e in kinds(f.events, kind)]


def combat_board(*, active: str = "Alice", omdb_for: str | None = "Alice",
                 players=("Alice", "Bob")) -> Scenario:
    s = Scenario("variant", players=list(players), turn=2, active=active, step="combat")
    if omdb_for:
        s.add(OMDB, omdb_for)
    return s


def to_attackers(s: Scenario):
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)



def alice_attacks_bob_who_blocks(s: Scenario, attacker, blocker):
    """Alice's ``attacker`` attacks Bob and Bob blocks it with ``blocker``: the timeline just
    after blocks are declared, in the declare blockers step."""
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {attacker: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {blocker: attacker}))
    return t

# ================================================================ OMDB-1
@pytest.mark.ruling("OMDB-1")
def test_omdb1_murder_on_one_of_two_graveyard_attackers_the_other_still_deals_damage():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Alice", zone="graveyard")
    _, cast_murder = murder_in_hand(s, "Bob")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob", corpse: "Bob"}))
    t.do(pass_priority("Alice"))
    cast_murder(t, bears)
    zcc = t.state.obj(bears).zcc
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(bears).zcc == zcc
    assert not is_attacking(t.state, bears) and is_attacking(t.state, corpse)
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18          # only the Corpse's 2


@pytest.mark.ruling("OMDB-1")
def test_omdb1_murdered_graveyard_attacker_deals_no_damage_and_its_graveyard_blocker_survives():
    """The attacker is removed from combat after blocks: the blocker is dealt no damage, so
    undeathtouch exiles nothing; the blocker deals no damage either (no attacker to deal it to)."""
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    _, cast_murder = murder_in_hand(s, "Bob")
    t = alice_attacks_bob_who_blocks(s, bears, corpse)
    t.do(pass_priority("Alice"))
    cast_murder(t, bears)
    resolve_top(t)
    assert not is_attacking(t.state, bears) and t.state.obj(bears).zone is Zone.GRAVEYARD
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(corpse).zone is Zone.GRAVEYARD
    assert t.state.player("Bob").life == 20


@pytest.mark.ruling("OMDB-1")
def test_omdb1_on_bobs_turn_alices_murder_on_bobs_graveyard_attacker():
    s = combat_board(active="Bob", omdb_for="Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    _, cast_murder = murder_in_hand(s, "Alice")
    t = to_attackers(s)
    t.do(declare_attackers("Bob", {bears: "Alice"}))
    t.do(pass_priority("Bob"))
    cast_murder(t, bears)
    zcc = t.state.obj(bears).zcc
    resolve_top(t)
    assert (t.state.obj(bears).zone, t.state.obj(bears).zone_player, t.state.obj(bears).zcc) == \
        (Zone.GRAVEYARD, "Bob", zcc)
    assert [e.rule for e in kinds(t[-1].events, "removed from combat")] == ["506.4"]
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Alice").life == 20


# ================================================================ OMDB-2
@pytest.mark.ruling("OMDB-2")
def test_omdb2_bobs_graveyard_card_attacks_alices_planeswalker():
    s = combat_board(active="Bob", omdb_for="Bob")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 3})
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = to_attackers(s)
    assert why_cant_attack(t.state, bears, jace) is None
    t.do(declare_attackers("Bob", {bears: jace}))
    assert attack_of(t.state, bears).target == t.state.obj(jace).ref
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(jace).counter("loyalty") == 1 and t.state.player("Alice").life == 20


@pytest.mark.ruling("OMDB-2")
def test_omdb2_three_players_the_planeswalkers_controller_blocks_from_their_graveyard():
    s = combat_board(players=("Alice", "Bob", "Carol"))
    jace = s.add("Jace Beleren", "Carol", counters={"loyalty": 3})
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    bobs = s.add("Walking Corpse", "Bob", zone="graveyard")
    carols = s.add("Walking Corpse", "Carol", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: jace}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, bobs, bears) is not None
    assert why_cant_block(t.state, carols, bears) is None


@pytest.mark.ruling("OMDB-2")
def test_omdb2_a_graveyard_card_and_a_battlefield_creature_split_between_player_and_planeswalker():
    s = combat_board()
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    goblin = s.add("Raging Goblin", "Alice")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: jace, goblin: "Bob"}))
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(jace).counter("loyalty") == 1 and t.state.player("Bob").life == 19


# ================================================================ OMDB-3
@pytest.mark.ruling("OMDB-3")
def test_omdb3_a_declaration_with_a_zero_toughness_card_among_others_is_refused_whole():
    s = combat_board()
    walker = s.add("Hangarback Walker", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = to_attackers(s)
    refuse(t.state, declare_attackers("Alice", {bears: "Bob", walker: "Bob"}), "704.5f")
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert is_attacking(t.state, bears) and not is_attacking(t.state, walker)


@pytest.mark.ruling("OMDB-3")
def test_omdb3_bobs_zero_toughness_card_cant_attack_on_his_turn():
    s = combat_board(active="Bob", omdb_for="Bob")
    walker = s.add("Hangarback Walker", "Bob", zone="graveyard")
    t = to_attackers(s)
    refuse(t.state, declare_attackers("Bob", {walker: "Alice"}), "704.5f")


@pytest.mark.ruling("OMDB-3")
def test_omdb3_a_zero_toughness_blocker_would_be_a_1_1_zombie_under_its_controllers_lord():
    """The kit's reading of the check (as for attackers): with Bob's Lord of the Accursed, Bob's
    Walker would be a 1/1 Zombie he controls once blocking, so it may block."""
    s = combat_board()
    s.add("Lord of the Accursed", "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    walker = s.add("Hangarback Walker", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, walker, bears) is None
    t.do(declare_blockers("Bob", {walker: bears}))
    assert pt(t.state, walker) == "1/1" and is_blocking(t.state, walker)


# ================================================================ OMDB-4
@pytest.mark.ruling("OMDB-4")
def test_omdb4_two_lords_give_plus_two_to_a_graveyard_attacker():
    s = combat_board()
    s.add("Lord of the Accursed", "Alice")
    s.add("Lord of the Accursed", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = to_attackers(s)
    assert pt(t.state, bears) == "2/2"
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert pt(t.state, bears) == "4/4"
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 16


@pytest.mark.ruling("OMDB-4")
def test_omdb4_bobs_lord_pumps_bobs_graveyard_attacker_on_his_turn():
    s = combat_board(active="Bob", omdb_for="Bob")
    s.add("Lord of the Accursed", "Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Bob", {bears: "Alice"}))
    assert pt(t.state, bears) == "3/3"
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Alice").life == 17


@pytest.mark.ruling("OMDB-4")
def test_omdb4_a_lord_arriving_mid_combat_pumps_a_graveyard_attacker_at_once():
    """"treated as if they are creature cards on the battlefield": a lord put onto the battlefield
    (Practice Charge) while the card attacks pumps it at once."""
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    lord = s.add("Lord of the Accursed", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    plains = [s.add("Plains", "Alice") for _ in range(2)]
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert pt(t.state, bears) == "2/2"
    for p in plains:
        t.do(activate("Alice", p))
    t.do(cast("Alice", charge))
    resolve_top(t)
    assert t.state.obj(lord).zone is Zone.BATTLEFIELD
    assert pt(t.state, bears) == "3/3"


# ================================================================ OMDB-5
@pytest.mark.ruling("OMDB-5")
def test_omdb5_bobs_graveyard_flyer_is_blocked_by_alices_graveyard_reach_card_only():
    s = combat_board(active="Bob", omdb_for="Bob")
    angel = s.add("Serra Angel", "Bob", zone="graveyard")
    mage = s.add("Lorehold Pledgemage", "Alice", zone="graveyard")     # reach
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    live_spider = s.add("Giant Spider", "Alice")
    t = to_attackers(s)
    t.do(declare_attackers("Bob", {angel: "Alice"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Alice", {bears: angel}), "702.9b")
    refuse(t.state, declare_blockers("Alice", {live_spider: angel}), "509.1b")
    t.do(declare_blockers("Alice", {mage: angel}))
    assert is_blocking(t.state, mage)


@pytest.mark.ruling("OMDB-5")
def test_omdb5_a_graveyard_defender_cant_attack():
    s = combat_board()
    wall = s.add("Wall of Wood", "Alice", zone="graveyard")
    t = to_attackers(s)
    assert why_cant_attack(t.state, wall, "Bob") is not None
    refuse(t.state, declare_attackers("Alice", {wall: "Bob"}), "702.3b")


@pytest.mark.ruling("OMDB-5")
def test_omdb5_a_graveyard_card_that_cant_block_cant_block_from_the_graveyard():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    piker = s.add("Goblin Piker", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    err = refuse(t.state, declare_blockers("Bob", {piker: bears}), "509.1b")
    assert "Goblin Piker can't block" in err.reason   # refused for its own ability, not for being in a graveyard


@pytest.mark.ruling("OMDB-5")
def test_omdb5_a_graveyard_card_that_attacks_each_combat_must_attack():
    """Tattermunge Maniac "attacks each combat if able": in Alice's graveyard under her enchantment
    it has haste and is able to attack, so declaring no attackers breaks the requirement (508.1d)."""
    s = combat_board()
    maniac = s.add("Tattermunge Maniac", "Alice", zone="graveyard")
    t = to_attackers(s)
    refuse(t.state, declare_attackers("Alice", {}), "508.1d")
    t.do(declare_attackers("Alice", {maniac: "Bob"}))
    assert is_attacking(t.state, maniac)


# ================================================================ OMDB-6
@pytest.mark.ruling("OMDB-6")
def test_omdb6_on_bobs_turn_alices_battlefield_creature_cant_block_but_her_graveyard_card_can():
    s = combat_board(active="Bob", omdb_for="Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    live = s.add("Walking Corpse", "Alice")
    dead = s.add("Walking Corpse", "Alice", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Bob", {bears: "Alice"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Alice", {live: bears}), "509.1b")
    t.do(declare_blockers("Alice", {dead: bears}))
    assert is_blocking(t.state, dead) and attack_of(t.state, bears).blocked


@pytest.mark.ruling("OMDB-6")
def test_omdb6_a_graveyard_card_cant_block_an_attacking_token():
    """Practice Ambush puts a Soldier token onto the battlefield attacking: it is not a card in a
    graveyard, so Bob's graveyard card can't block it, and his battlefield creature can."""
    s = combat_board()
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    dead = s.add("Walking Corpse", "Bob", zone="graveyard")
    live = s.add("Grizzly Bears", "Bob")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(activate("Alice", plains)).do(cast("Alice", ambush))
    resolve_top(t)
    token = next(o.oid for o in t.state.battlefield("Alice") if o.is_token)
    assert is_attacking(t.state, token)
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {dead: token}), "509.1b")
    refuse(t.state, declare_blockers("Bob", {live: bears}), "509.1b")
    t.do(declare_blockers("Bob", {dead: bears, live: token}))
    assert is_blocking(t.state, dead) and is_blocking(t.state, live)


@pytest.mark.ruling("OMDB-6")
def test_omdb6_two_graveyard_cards_block_one_graveyard_attacker_and_both_are_exiled_by_it():
    s = combat_board()
    maw = s.add("Colossal Dreadmaw", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {maw: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {bears: maw, corpse: maw}))
    assert is_blocking(t.state, bears) and is_blocking(t.state, corpse)


# ================================================================ OMDB-7
def _naturalize_mid_combat(t, caster: str, omdb: int, nat: int, forests) -> None:
    for f in forests:
        t.do(activate(caster, f))
    t.do(cast(caster, nat, targets=(omdb,)))
    resolve_top(t)


@pytest.mark.ruling("OMDB-7")
def test_omdb7_bobs_enchantment_leaves_on_his_turn_and_his_battlefield_attacker_stays():
    s = combat_board(active="Bob", omdb_for=None)
    omdb = s.add(OMDB, "Bob")
    dead = s.add("Grizzly Bears", "Bob", zone="graveyard")
    live = s.add("Raging Goblin", "Bob")
    nat = s.add("Naturalize", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(2)]
    t = to_attackers(s)
    t.do(declare_attackers("Bob", {dead: "Alice", live: "Alice"}))
    t.do(pass_priority("Bob"))
    _naturalize_mid_combat(t, "Alice", omdb, nat, forests)
    assert not is_attacking(t.state, dead) and is_attacking(t.state, live)
    assert [e.obj for e in kinds(t[-1].events, "removed from combat")] == [dead]
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Alice").life == 19          # the Goblin's 1 only


@pytest.mark.ruling("OMDB-7")
def test_omdb7_it_leaves_before_blocks_so_graveyard_cards_are_just_dead_in_the_blockers_step():
    """The other order: the enchantment leaves in the declare attackers step. Alice's graveyard
    attacker leaves combat and deals nothing; in the declare blockers step Bob's graveyard card
    is just dead and can't be declared as a blocker (509.1a), while the Goblin still connects."""
    s = combat_board(omdb_for=None)
    omdb = s.add(OMDB, "Alice")
    live = s.add("Raging Goblin", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    dead = s.add("Walking Corpse", "Bob", zone="graveyard")
    nat = s.add("Naturalize", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {live: "Bob", bears: "Bob"}))
    t.do(pass_priority("Alice"))
    _naturalize_mid_combat(t, "Bob", omdb, nat, forests)
    assert not is_attacking(t.state, bears) and is_attacking(t.state, live)
    pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {dead: live}), "509.1a")
    refuse(t.state, declare_blockers("Bob", {dead: bears}), "509.1a")
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 19


@pytest.mark.ruling("OMDB-7")
def test_omdb7_it_leaves_after_blocks_and_the_battlefield_attacker_blocked_by_nothing_else_deals_damage():
    """Both sides had graveyard combatants: all leave combat at once; a battlefield attacker that
    was not blocked still deals its damage."""
    s = combat_board(omdb_for=None)
    omdb = s.add(OMDB, "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    goblin = s.add("Raging Goblin", "Alice")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    nat = s.add("Naturalize", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(2)]
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob", goblin: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    _naturalize_mid_combat(t, "Alice", omdb, nat, forests)
    assert {e.obj for e in kinds(t[-1].events, "removed from combat")} == {bears, corpse}
    assert is_attacking(t.state, goblin)
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 19
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(corpse).zone is Zone.GRAVEYARD


# ================================================================ OMDB-8
@pytest.mark.ruling("OMDB-8")
def test_omdb8_practice_lunge_gives_a_graveyard_attacker_first_strike_and_power():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    lunge = s.add("Practice Lunge", "Alice", zone="hand")
    lands = [s.add("Mountain", "Alice") for _ in range(2)]
    t = alice_attacks_bob_who_blocks(s, bears, corpse)
    for land in lands:
        t.do(activate("Alice", land))
    t.do(cast("Alice", lunge, targets=(bears,)))
    resolve_top(t)
    assert pt(t.state, bears) == "5/2" and "first strike" in characteristics(t.state, bears).keywords
    pass_until(t, Step.END_COMBAT)
    # first strike: the blocker is exiled before it could strike back
    assert t.state.obj(corpse).zone is Zone.EXILE and t.state.obj(bears).zone is Zone.GRAVEYARD


@pytest.mark.ruling("OMDB-8")
def test_omdb8_the_defender_targets_the_attackers_graveyard_card():
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    forest = s.add("Forest", "Bob")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", forest)).do(cast("Bob", growth, targets=(bears,)))
    resolve_top(t)
    assert pt(t.state, bears) == "5/5"
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 15


# ================================================================ OMDB-9
@pytest.mark.ruling("OMDB-9")
def test_omdb9_the_defenders_bell_triggers_for_a_graveyard_attacker_and_blocker():
    s = combat_board()
    s.add("Practice Bell", "Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert [e.name for e in kinds(t[-1].events, "trigger")] == ["Practice Bell"]
    pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    assert [e.name for e in kinds(t[-1].events, "trigger")] == ["Practice Bell"]
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 22


@pytest.mark.ruling("OMDB-9")
def test_omdb9_two_graveyard_attackers_trigger_the_bell_once_each():
    s = combat_board()
    s.add("Practice Bell", "Alice")
    a = s.add("Grizzly Bears", "Alice", zone="graveyard")
    b = s.add("Walking Corpse", "Alice", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {a: "Bob", b: "Bob"}))
    assert len(kinds(t[-1].events, "trigger")) == 2


@pytest.mark.ruling("OMDB-9")
def test_omdb9_neyith_draws_when_a_graveyard_attacker_becomes_blocked():
    s = combat_board()
    s.add("Neyith of the Dire Hunt", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice", zone="library")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    hand = len(t.state.in_zone(Zone.HAND, "Alice"))
    t.do(declare_blockers("Bob", {corpse: bears}))
    assert [e.name for e in kinds(t[-1].events, "trigger")] == ["Neyith of the Dire Hunt"]
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == hand + 1


@pytest.mark.ruling("OMDB-9")
def test_omdb9_a_graveyard_attackers_own_melee_triggers_in_a_three_player_game():
    """Wings of the Guard's melee is "Whenever this creature attacks": attacking from the graveyard
    triggers it (OMDB-9), and it works on the card as if on the battlefield (OMDB-5, combat-relevant
    abilities work): Alice attacked Bob and Carol, so it gets +2/+2 for the combat. Before the fix
    the kit listened only to permanents, so nothing triggered."""
    s = combat_board(players=("Alice", "Bob", "Carol"))
    wings = s.add("Wings of the Guard", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Carol"}))
    assert [e.name for e in kinds(t[-1].events, "trigger")] == ["Wings of the Guard"]
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"
    pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 17 and t.state.player("Carol").life == 18
    advance_to(t, Step.MAIN2)
    assert pt(t.state, wings) == "1/1"                 # just a card again after combat


# ================================================================ CTG
def _sacrifices(t):
    return [e for f in t for e in f.events
            if e.kind == "zone change" and e.attribute == "zone" and e.rule == "701.21a"]


def _upkeep(s: Scenario, player: str, **kw):
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, player, **kw)
    return t


@pytest.mark.ruling("CTG-1")
def test_ctg1_two_copies_both_trigger_and_each_does_nothing_for_a_player_with_only_zombies():
    s = Scenario("two copies", turn=2, active="Alice", step="end")
    s.add(CTG, "Alice")
    s.add(CTG, "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    s.add("Grizzly Bears", "Alice")
    t = _upkeep(s, "Bob", choose=answer_with(
        {"trigger order": ("Call to the Grave (Bob) #1", "Call to the Grave (Bob) #2")}))
    assert [i.get("player") for i in t.state.stack] == ["Bob", "Bob"]
    resolve_top(t)
    resolve_top(t)
    assert [e.obj for e in events(t, "nothing to sacrifice")] == ["Bob", "Bob"]
    assert t.state.obj(corpse).zone is Zone.BATTLEFIELD and not _sacrifices(t)


@pytest.mark.ruling("CTG-1")
def test_ctg1_the_only_non_zombie_dies_in_response_so_the_player_does_nothing():
    """The other order: Bob's Bears are Murdered with the trigger on the stack; when it resolves
    Bob controls only a Zombie, so he does nothing (the check is made on resolution)."""
    s = Scenario("response", turn=2, active="Alice", step="end")
    s.add(CTG, "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    _, cast_murder = murder_in_hand(s, "Alice")
    t = _upkeep(s, "Bob")
    t.do(pass_priority("Bob"))
    cast_murder(t, bears)
    resolve_top(t)                                     # Murder
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    resolve_top(t)                                     # Call to the Grave's trigger
    assert [e.obj for e in kinds(t[-1].events, "nothing to sacrifice")] == ["Bob"]
    assert t.state.obj(corpse).zone is Zone.BATTLEFIELD and not _sacrifices(t)


@pytest.mark.ruling("CTG-1")
def test_ctg1_three_players_carol_with_no_creatures_does_nothing_and_no_one_else_sacrifices():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=2, active="Bob", step="end")
    s.add(CTG, "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    elves = s.add("Llanowar Elves", "Alice")
    s.add("Forest", "Carol")
    t = _upkeep(s, "Carol")
    assert [i.get("player") for i in t.state.stack] == ["Carol"]
    resolve_top(t)
    assert [e.obj for e in kinds(t[-1].events, "nothing to sacrifice")] == ["Carol"]
    assert t.state.obj(bears).zone is Zone.BATTLEFIELD and t.state.obj(elves).zone is Zone.BATTLEFIELD


def _2hg(ctg_for: str, cards: dict[str, list[str]], active: str = "Bob"):
    s = Scenario("2HG", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
                 game_format="two-headed giant", turn=2, active=active, step="end")
    s.add(CTG, ctg_for)
    ids = {(p, n): s.add(n, p) for p, names in cards.items() for n in names}
    return s, ids


@pytest.mark.ruling("CTG-2")
def test_ctg2_in_its_controllers_own_team_upkeep_it_triggers_for_each_teammate():
    s, ids = _2hg("Alice", {"Alice": ["Grizzly Bears"], "Andy": ["Llanowar Elves"], "Bob": ["Raging Goblin"]})
    order = ("Call to the Grave (Andy)", "Call to the Grave (Alice)")
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, "Alice", choose=answer_with({"trigger order": order}))
    assert sorted(i.get("player") for i in t.state.stack) == ["Alice", "Andy"]
    assert all(i.controller == "Alice" for i in t.state.stack)
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(ids[("Alice", "Grizzly Bears")]).zone is Zone.GRAVEYARD
    assert t.state.obj(ids[("Andy", "Llanowar Elves")]).zone is Zone.GRAVEYARD
    assert t.state.obj(ids[("Bob", "Raging Goblin")]).zone is Zone.BATTLEFIELD
    assert len(_sacrifices(t)) == 2


@pytest.mark.ruling("CTG-2")
def test_ctg2_a_teammate_with_only_zombies_does_nothing_the_other_sacrifices():
    s, ids = _2hg("Bob", {"Alice": ["Walking Corpse"], "Andy": ["Grizzly Bears"]})
    order = ("Call to the Grave (Andy)", "Call to the Grave (Alice)")
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, "Alice", choose=answer_with({"trigger order": order}))
    assert len(t.state.stack) == 2
    resolve_top(t)
    resolve_top(t)
    assert [e.obj for e in events(t, "nothing to sacrifice")] == ["Alice"]
    assert t.state.obj(ids[("Alice", "Walking Corpse")]).zone is Zone.BATTLEFIELD
    assert t.state.obj(ids[("Andy", "Grizzly Bears")]).zone is Zone.GRAVEYARD


@pytest.mark.ruling("CTG-2")
def test_ctg2_for_contrast_a_three_player_free_for_all_triggers_once_per_upkeep():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=2, active="Alice", step="end")
    s.add(CTG, "Alice")
    s.add("Grizzly Bears", "Bob")
    s.add("Grizzly Bears", "Carol")
    t = _upkeep(s, "Bob")
    assert [i.get("player") for i in t.state.stack] == ["Bob"]


def _end_step_board(active: str = "Alice", copies: int = 1):
    s = Scenario("end step", turn=2, active=active, step="main2")
    ctgs = [s.add(CTG, "Alice") for _ in range(copies)]
    return s, ctgs


@pytest.mark.ruling("CTG-3")
def test_ctg3_on_the_opponents_end_step_it_triggers_and_is_sacrificed():
    s, (ctg,) = _end_step_board(active="Bob")
    t = s.timeline()
    assert advance_to(t, Step.END)
    assert [e.after for e in kinds(t[-1].events, "if check")] == [True]
    resolve_top(t)
    assert t.state.obj(ctg).zone is Zone.GRAVEYARD


def _both():
    """An answer for the order of the two copies' triggers (a fresh one each time: answers are used up)."""
    return answer_with({"trigger order": ("Call to the Grave #1", "Call to the Grave #2")})


@pytest.mark.ruling("CTG-3")
def test_ctg3_two_copies_both_sacrificed_and_a_token_in_response_saves_both():
    s, ctgs = _end_step_board(copies=2)
    t = s.timeline()
    assert advance_to(t, Step.END, choose=_both())
    assert len(t.state.stack) == 2
    resolve_top(t)
    resolve_top(t)
    assert all(t.state.obj(c).zone is Zone.GRAVEYARD for c in ctgs)

    s, ctgs = _end_step_board(copies=2)
    plains = [s.add("Plains", "Bob") for _ in range(2)]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    t = s.timeline()
    assert advance_to(t, Step.END, choose=_both())
    t.do(pass_priority("Alice"))
    for p in plains:
        t.do(activate("Bob", p))
    t.do(cast("Bob", alarm))
    resolve_top(t)                                     # two Soldier tokens enter
    resolve_top(t)
    resolve_top(t)
    assert all(t.state.obj(c).zone is Zone.BATTLEFIELD for c in ctgs)
    assert [c.after for c in events(t, "if check")] == [True, True, False, False]


@pytest.mark.ruling("CTG-3")
def test_ctg3_a_token_alone_on_the_battlefield_stops_the_trigger():
    s, (ctg,) = _end_step_board()
    plains = [s.add("Plains", "Bob") for _ in range(2)]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    for p in plains:
        t.do(activate("Bob", p))
    t.do(cast("Bob", alarm))
    resolve_top(t)
    assert advance_to(t, Step.END)
    assert not t.state.stack and [e.after for e in kinds(t[-1].events, "if check")] == [False]
    assert t.state.obj(ctg).zone is Zone.BATTLEFIELD


# ================================================================ GB
def _busy_pt(state) -> str:
    bb = next(o for o in state.battlefield() if o.card == BB)
    return pt(state, bb.oid)


@pytest.mark.ruling("GB-1")
def test_gb1_innocent_blood_each_sacrificed_card_and_the_spell_go_to_their_owners_graveyards():
    s = Scenario("Innocent Blood", turn=3, step="main1")
    s.add(BB, "Alice")
    s.add("Llanowar Elves", "Alice", zone="graveyard")      # the Busybody starts 1/1
    bears = s.add("Grizzly Bears", "Alice")
    goblin = s.add("Raging Goblin", "Bob")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    swamp = s.add("Swamp", "Alice")
    t = s.timeline()
    t.do(activate("Alice", swamp)).do(cast("Alice", blood))
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob", sacrifice=bears))          # Alice chooses her Bears, not her Busybody
    for oid, owner in ((bears, "Alice"), (goblin, "Bob"), (blood, "Alice")):
        assert (t.state.obj(oid).zone, t.state.obj(oid).zone_player) == (Zone.GRAVEYARD, owner)
    assert _busy_pt(t.state) == "3/3"                        # Elves, Bears, Goblin: all her graveyards


@pytest.mark.ruling("GB-1")
def test_gb1_three_players_carols_creature_dies_into_carols_graveyard_under_bobs_busybody():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=3, step="main1")
    s.add(BB, "Bob")
    s.add("Llanowar Elves", "Bob", zone="graveyard")
    bears = s.add("Grizzly Bears", "Carol")
    murder, cast_murder = murder_in_hand(s, "Alice")
    t = s.timeline()
    cast_murder(t, bears)
    resolve_top(t)
    assert (t.state.obj(bears).zone, t.state.obj(bears).zone_player) == (Zone.GRAVEYARD, "Carol")
    assert (t.state.obj(murder).zone, t.state.obj(murder).zone_player) == (Zone.GRAVEYARD, "Alice")
    assert sorted(graveyards_of(t.state, "Bob")) == ["Alice", "Bob", "Carol"]
    assert _busy_pt(t.state) == "2/2"                        # Elves and Bears


@pytest.mark.ruling("GB-2")
def test_gb2_three_players_the_busybody_counts_all_three_graveyards():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=3, step="main1")
    s.add(BB, "Carol")
    s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Llanowar Elves", "Bob", zone="graveyard")
    s.add("Raging Goblin", "Carol", zone="graveyard")
    s.add("Island", "Bob", zone="graveyard")                 # no flavor text
    state = s.state()
    assert sorted(graveyards_of(state, "Carol")) == ["Alice", "Bob", "Carol"]
    assert _busy_pt(state) == "3/3"
    assert len(cards_in_your_graveyards(state, "Carol")) == 4
    assert graveyards_of(state, "Alice") == [] and len(cards_in_your_graveyards(state, "Alice")) == 0


@pytest.mark.ruling("GB-2")
def test_gb2_three_players_shuffling_one_graveyard_leaves_the_other_two():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=3, step="main1")
    s.add(BB, "Alice")
    cane = s.add("Feldon's Cane", "Alice")
    a = s.add("Grizzly Bears", "Alice", zone="graveyard")
    b = s.add("Llanowar Elves", "Bob", zone="graveyard")
    c = s.add("Raging Goblin", "Carol", zone="graveyard")
    t = s.timeline().do(activate("Alice", cane)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    t.do(pass_priority("Carol", graveyard="Bob"))
    assert (t.state.obj(b).zone, t.state.obj(b).zone_player) == (Zone.LIBRARY, "Bob")
    assert t.state.obj(a).zone is Zone.GRAVEYARD and t.state.obj(c).zone is Zone.GRAVEYARD
    assert _busy_pt(t.state) == "2/2"


@pytest.mark.ruling("GB-3")
def test_gb3_bobs_busybody_bob_shuffles_alices_graveyard_into_alices_library():
    s = Scenario("Bob's Busybody", turn=3, active="Bob", step="main1")
    s.add(BB, "Bob")
    cane = s.add("Feldon's Cane", "Bob")
    mine = s.add("Raging Goblin", "Bob", zone="graveyard")
    hers = [s.add("Grizzly Bears", "Alice", zone="graveyard"), s.add("Llanowar Elves", "Alice", zone="graveyard")]
    t = s.timeline().do(activate("Bob", cane)).do(pass_priority("Bob")).do(pass_priority("Alice", graveyard="Alice"))
    for oid in hers:
        assert (t.state.obj(oid).zone, t.state.obj(oid).zone_player) == (Zone.LIBRARY, "Alice")
    assert not t.state.in_zone(Zone.LIBRARY, "Bob") or all(o.owner == "Bob" for o in t.state.in_zone(Zone.LIBRARY, "Bob"))
    assert t.state.obj(mine).zone is Zone.GRAVEYARD


@pytest.mark.ruling("GB-3")
def test_gb3_three_players_a_borrowed_pile_holding_two_owners_cards_splits_between_their_libraries():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=3, step="main1")
    s.add(BB, "Alice")
    cane = s.add("Feldon's Cane", "Alice")
    carols = s.add("Raging Goblin", "Carol", zone="graveyard")
    bobs_in_carols = s.add("Llanowar Elves", "Bob", zone="graveyard", zone_player="Carol")
    t = s.timeline().do(activate("Alice", cane)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    t.do(pass_priority("Carol", graveyard="Carol"))
    assert (t.state.obj(carols).zone, t.state.obj(carols).zone_player) == (Zone.LIBRARY, "Carol")
    assert (t.state.obj(bobs_in_carols).zone, t.state.obj(bobs_in_carols).zone_player) == (Zone.LIBRARY, "Bob")
    assert not [o for o in t.state.in_zone(Zone.LIBRARY, "Alice") if o.owner != "Alice"]


@pytest.mark.ruling("GB-4")
def test_gb4_bobs_busybody_bob_pays_from_alices_graveyard_and_alice_cant_pay_at_all():
    s = Scenario("Bob's Busybody", turn=3, active="Bob", step="main1")
    s.add(BB, "Bob")
    s.add("Raging Goblin", "Bob", zone="graveyard")          # so the Busybody is a 1/1 and stays
    bobs_mage = s.add("Lorehold Pledgemage", "Bob")
    alices_mage = s.add("Lorehold Pledgemage", "Alice")
    island = s.add("Island", "Alice", zone="graveyard")
    s.mana("Bob", "RWRW")
    s.mana("Alice", "RWRW")
    state = s.state()
    alices_turn_to_act, _ = apply(state, pass_priority("Bob"))
    refuse(alices_turn_to_act, activate("Alice", alices_mage, exile=island), "118.3")
    new, _ = apply(state, activate("Bob", bobs_mage, exile=island))
    assert new.obj(island).zone is Zone.EXILE


@pytest.mark.ruling("GB-4")
def test_gb4_three_players_the_cost_takes_a_card_from_a_third_players_graveyard():
    s = Scenario("three", players=["Alice", "Bob", "Carol"], turn=3, step="main1")
    s.add(BB, "Alice")
    mage = s.add("Lorehold Pledgemage", "Alice")
    island = s.add("Island", "Carol", zone="graveyard")
    s.mana("Alice", "RWRW")
    t = s.timeline().do(activate("Alice", mage, exile=island))
    assert t.state.obj(island).zone is Zone.EXILE
    resolve_top(t)
    assert pt(t.state, mage) == "3/3"


@pytest.mark.ruling("GB-4")
def test_gb4_order_of_whiteclay_returns_a_card_from_a_borrowed_graveyard_under_its_activators_control():
    s = Scenario("Whiteclay", turn=3, step="main1")
    s.add(BB, "Alice")
    s.add("Raging Goblin", "Alice", zone="graveyard")       # keeps the Busybody alive
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Bob", zone="graveyard")
    s.mana("Alice", "WWW")
    t = s.timeline().do(activate("Alice", order, targets=(elves,)))
    resolve_top(t)
    back = next(o for o in t.state.battlefield() if o.card == "Llanowar Elves")
    assert (back.owner, back.controller) == ("Bob", "Alice")


@pytest.mark.ruling("GB-5")
def test_gb5_three_players_three_busybodies_the_newest_wins_the_others_go_to_their_own_piles():
    s2 = Scenario("three Busybodies, Carol's last", players=["Alice", "Bob", "Carol"], turn=3,
                  active="Carol", step="main1")
    a, b = s2.add(BB, "Alice"), s2.add(BB, "Bob")
    s2.add("Grizzly Bears", "Alice", zone="graveyard")
    s2.add("Llanowar Elves", "Carol", zone="graveyard")
    c = s2.add(BB, "Carol", zone="hand")
    s2.mana("Carol", "UUUUUU")
    t2 = s2.timeline().do(cast("Carol", c))
    resolve_top(t2)
    assert graveyard_holder(t2.state) == "Carol"
    assert [o.oid for o in t2.state.battlefield() if o.card == BB] == [c]
    assert (t2.state.obj(a).zone, t2.state.obj(a).zone_player) == (Zone.GRAVEYARD, "Alice")
    assert (t2.state.obj(b).zone, t2.state.obj(b).zone_player) == (Zone.GRAVEYARD, "Bob")
    assert graveyards_of(t2.state, "Alice") == [] and graveyards_of(t2.state, "Bob") == []
    assert pt(t2.state, c) == "2/2"                          # Bears, Elves (Busybodies have no flavor text)


@pytest.mark.ruling("OMDB-6")
def test_omdb6_two_headed_giant_only_the_attacked_players_graveyard_blocks():
    """"can be blocked only by creature cards in the defending player's graveyard": in Two-Headed
    Giant each attacker's defending player is the player it attacks (805.10e), so Beth's graveyard
    card can't block a card attacking Bob, though Bob's can; and the reverse for Andy's attacker."""
    s = Scenario("2HG", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
                 game_format="two-headed giant", turn=2, active="Alice", step="combat")
    s.add(OMDB, "Alice")
    alices = s.add("Grizzly Bears", "Alice", zone="graveyard")
    andys = s.add("Grizzly Bears", "Andy", zone="graveyard")
    bobs = s.add("Walking Corpse", "Bob", zone="graveyard")
    beths = s.add("Walking Corpse", "Beth", zone="graveyard")
    t = to_attackers(s)
    t.do(declare_attackers("Alice", {alices: "Bob", andys: "Beth"}))
    assert is_attacking(t.state, alices) and is_attacking(t.state, andys)
    pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, beths, alices).rule == "509.1b"
    assert why_cant_block(t.state, bobs, andys).rule == "509.1b"
    assert why_cant_block(t.state, bobs, alices) is None and why_cant_block(t.state, beths, andys) is None


@pytest.mark.ruling("OMDB-8")
def test_omdb8_an_ability_arriving_mid_combat_targets_a_blocking_graveyard_card_and_only_that_one():
    """Gruul Ragebeast is put onto the battlefield attacking after blocks (Practice Charge); its
    "fights target creature an opponent controls" can target Bob's blocking graveyard card, not
    the Corpse beside it that isn't in combat (just a card), so the blocker is its only target."""
    s = combat_board()
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    blocker = s.add("Walking Corpse", "Bob", zone="graveyard")
    idle = s.add("Walking Corpse", "Bob", zone="graveyard")
    beast = s.add("Gruul Ragebeast", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    plains = [s.add("Plains", "Alice") for _ in range(2)]
    t = alice_attacks_bob_who_blocks(s, bears, blocker)
    for p in plains:
        t.do(activate("Alice", p))
    t.do(cast("Alice", charge))
    resolve_top(t)
    assert is_attacking(t.state, beast)
    assert [r.oid for r in t.state.stack[-1].targets] == [blocker]
    assert idle not in [r.oid for r in t.state.stack[-1].targets]
    resolve_top(t)                                     # the fight: 6 damage to a blocking graveyard card
    assert t.state.obj(blocker).zone is Zone.GRAVEYARD and not is_blocking(t.state, blocker)
    assert t.state.obj(idle).zone is Zone.GRAVEYARD
