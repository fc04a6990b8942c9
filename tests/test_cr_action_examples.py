"""An independent check of keyword actions (701), zones and objects (400-406), tokens leaving
(111.7-111.8), damage and life (119-120), drawing (121) and planeswalkers (306, 606) against the
Comprehensive Rules (the 2026-01-16 text, whose numbers the kit's edition keeps).

Each test restates one rule, or one of its worked examples, as a small board from the kit's pool
and checks what the engine does: zones, owners, numbers, counters, life, loyalty, what is
remembered, and the rule each event or refusal cites. A test marked ``xfail(strict=True)`` records
a place where the engine still disagrees with the rules.
"""

from __future__ import annotations

import pytest
from helpers import refused

from mtgrules import IllegalAction, Scenario, activate, apply, cast, pass_priority
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.layers import characteristics


def _events(t, start: int = 0):
    return [e for f in list(t)[start:] for e in f.events]


def _rules(t, start: int = 0):
    return [e.rule for e in _events(t, start)]


# ---------------------------------------------------------------- destroy (701.8)
@pytest.mark.rule("701.8a")
def test_destroy_moves_a_permanent_to_its_owners_graveyard_not_its_controllers():
    """701.8a / 400.3: Alice controls Bob's Grizzly Bears; Murder puts them into Bob's graveyard."""
    s = Scenario("destroy a borrowed creature")
    bears = s.add("Grizzly Bears", "Alice", owner="Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", murder, targets=(bears,))))
    obj = t.state.obj(bears)
    assert obj.zone is Zone.GRAVEYARD and obj.zone_player == "Bob"
    assert obj.controller == "Bob"
    assert "701.8" in _rules(t)
    assert t.state.obj(murder).zone is Zone.GRAVEYARD and t.state.obj(murder).zone_player == "Alice"


@pytest.mark.rule("702.12b")
def test_murder_doesnt_destroy_an_indestructible_creature():
    s = Scenario("murder the myr")
    myr = s.add("Darksteel Myr", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", murder, targets=(myr,))))
    assert t.state.obj(myr).zone is Zone.BATTLEFIELD
    assert "702.12b" in _rules(t)


@pytest.mark.rule("115.1")
def test_a_creature_only_spell_cant_target_a_creature_card_in_a_graveyard():
    """Murder says "target creature": a creature is a permanent (110.4, 302), so a creature card in a
    graveyard isn't a legal target."""
    s = Scenario("murder a graveyard card")
    dead = s.add("Grizzly Bears", "Bob", zone="graveyard")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    with pytest.raises(IllegalAction):
        apply(s.state(), cast("Alice", murder, targets=(dead,)))


# ---------------------------------------------------------------- sacrifice (701.21)
@pytest.mark.rule("701.21a")
def test_innocent_blood_a_borrowed_creature_goes_to_its_owners_graveyard():
    s = Scenario("sacrifice a borrowed creature")
    bears = s.add("Grizzly Bears", "Alice", owner="Bob")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", blood)))
    obj = t.state.obj(bears)
    assert obj.zone is Zone.GRAVEYARD and obj.zone_player == "Bob"
    assert "701.21a" in _rules(t)


@pytest.mark.rule("701.21a")
def test_a_player_cant_choose_to_sacrifice_an_opponents_creature():
    """701.21a: "A player can't sacrifice ... something that's a permanent they don't control.\""""
    s = Scenario("sacrifice the opponent's creature")
    mine = [s.add("Grizzly Bears", "Alice") for _ in range(2)]
    theirs = s.add("Craw Wurm", "Bob")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", blood))
    t.do(pass_priority("Alice"))
    with pytest.raises(IllegalAction):
        apply(t.state, pass_priority("Bob", sacrifice=theirs))
    # a legal choice works
    resolve_top(t, sacrifice=mine[0])
    assert t.state.obj(mine[0]).zone is Zone.GRAVEYARD
    assert t.state.obj(theirs).zone is Zone.GRAVEYARD  # Bob's only creature
    assert t.state.obj(mine[1]).zone is Zone.BATTLEFIELD


@pytest.mark.rule("701.21a")
def test_sacrifice_isnt_destruction_so_indestructible_doesnt_help():
    s = Scenario("sacrifice the myr")
    myr = s.add("Darksteel Myr", "Bob")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", blood)))
    assert t.state.obj(myr).zone is Zone.GRAVEYARD
    assert "701.8" not in _rules(t)


# ---------------------------------------------------------------- fight (701.14)
MANA = {"Grizzly Bears": "GG", "Vampire Nighthawk": "BBB", "Wall of Wood": "G", "Typhoid Rats": "B"}


def _ragebeast_board(entering: str, bob_creature: str, *, extra_mana: str = ""):
    s = Scenario("fight on entering", step="main1")
    s.add("Gruul Ragebeast", "Alice")
    fighter = s.add(entering, "Alice", zone="hand")
    theirs = s.add(bob_creature, "Bob")
    s.mana("Alice", MANA[entering] + extra_mana)
    return s, fighter, theirs


def _enter_and_trigger(s, fighter, theirs):
    t = s.timeline().do(cast("Alice", fighter))
    resolve_top(t, target=theirs)
    assert t.state.stack, "Gruul Ragebeast's trigger is on the stack"
    return t


@pytest.mark.rule("701.14a")
def test_fight_each_deals_damage_equal_to_its_power_to_the_other():
    s, bears, brute = _ragebeast_board("Grizzly Bears", "Boggart Brute")
    t = _enter_and_trigger(s, bears, brute)
    resolve_top(t)
    # Bears 2/2 take 3 and die; Brute 3/2 takes 2 and dies
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert t.state.obj(brute).zone is Zone.GRAVEYARD
    assert "701.14a" in _rules(t)
    dmg = [e for e in _events(t) if e.kind == "noncombat damage"]
    assert sorted(e.after for e in dmg) == [2, 3]


@pytest.mark.rule("120.3f")
def test_fight_damage_from_a_deathtouch_lifelink_creature_kills_and_gains_life():
    """Vampire Nighthawk (2/3, deathtouch, lifelink) fights Craw Wurm (6/4): 2 damage from a
    deathtouch source destroys the Wurm (704.5h) and Alice gains 2 (120.3f) though it isn't combat."""
    s, hawk, wurm = _ragebeast_board("Vampire Nighthawk", "Craw Wurm")
    t = _enter_and_trigger(s, hawk, wurm)
    resolve_top(t)
    assert t.state.obj(wurm).zone is Zone.GRAVEYARD
    assert t.state.obj(hawk).zone is Zone.GRAVEYARD
    assert t.state.player("Alice").life == 22
    assert "704.5h" in _rules(t)


@pytest.mark.rule("120.3")
def test_a_zero_power_fighter_deals_no_damage():
    """120.8: a source that would deal 0 damage deals no damage at all."""
    s, wall, bears = _ragebeast_board("Wall of Wood", "Grizzly Bears")
    t = _enter_and_trigger(s, wall, bears)
    resolve_top(t)
    assert t.state.obj(wall).damage == 2 and t.state.obj(bears).damage == 0
    dmg = [e for e in _events(t) if e.kind == "noncombat damage"]
    assert len(dmg) == 1


@pytest.mark.rule("702.12b")
def test_deathtouch_fight_against_indestructible():
    s, rats, myr = _ragebeast_board("Typhoid Rats", "Darksteel Myr")
    t = _enter_and_trigger(s, rats, myr)
    resolve_top(t)
    assert t.state.obj(myr).zone is Zone.BATTLEFIELD
    assert t.state.obj(rats).zone is Zone.BATTLEFIELD  # the Myr has 0 power


@pytest.mark.rule("701.14b")
def test_if_the_fighter_has_left_neither_fights():
    """701.14b: the creature that entered is murdered in response; Bob's creature takes no damage."""
    s, bears, wurm = _ragebeast_board("Grizzly Bears", "Craw Wurm")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = _enter_and_trigger(s, bears, wurm)
    t.do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(bears,))))
    assert t.state.stack
    n = len(t)
    resolve_top(t)
    assert t.state.obj(wurm).damage == 0
    assert "701.14b" in _rules(t, n)


@pytest.mark.rule("514.2")
def test_damage_from_a_fight_and_a_pump_end_together_in_cleanup():
    """Bears pumped to 5/5 survive 3 damage from a fight; in cleanup the damage is removed and the
    +3/+3 ends at the same time (514.2), so the Bears live."""
    s, bears, brute = _ragebeast_board("Grizzly Bears", "Boggart Brute", extra_mana="G")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    t = _enter_and_trigger(s, bears, brute)
    resolve_top(t.do(cast("Alice", growth, targets=(bears,))))
    resolve_top(t)
    assert t.state.obj(bears).damage == 3 and t.state.obj(bears).zone is Zone.BATTLEFIELD
    go_to(t, Step.UPKEEP, "Bob")
    assert t.state.obj(bears).zone is Zone.BATTLEFIELD and t.state.obj(bears).damage == 0
    assert characteristics(t.state, bears).power == 2


# ---------------------------------------------------------------- planeswalkers (306, 606, 120.3c)
@pytest.mark.rule("306.5b")
def test_a_planeswalker_cast_from_hand_enters_with_its_printed_loyalty():
    s = Scenario("cast Jace", step="main1")
    jace = s.add("Jace Beleren", "Alice", zone="hand")
    s.mana("Alice", "UUU")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", jace)))
    assert t.state.obj(jace).zone is Zone.BATTLEFIELD
    assert t.state.obj(jace).counter("loyalty") == 3


@pytest.mark.rule("704.5i")
def test_a_planeswalker_with_no_loyalty_goes_to_its_owners_graveyard():
    s = Scenario("empty Jace")
    jace = s.add("Jace Beleren", "Alice", owner="Bob", counters={"loyalty": 0})
    s.add("Forest", "Alice")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    obj = t.state.obj(jace)
    assert obj.zone is Zone.GRAVEYARD and obj.zone_player == "Bob"
    assert "704.5i" in _rules(t)


def test_an_ability_number_that_is_not_an_activated_ability_is_refused_naming_the_ones_there_are():
    """Off the path: a learner asks for Jace's ability number 3, its "enters with" line. It must
    be refused, saying which numbers are its activated abilities, and leave the state alone."""
    s = Scenario("Jace 3", step="main1")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 3})
    state = s.state()
    err = refused(state, activate("Alice", jace, 3), "602.1")
    assert "0 (“+2: Each player draws a card.”)" in err.reason and "2 (“−10" in err.reason


# ---------------------------------------------------------------- tokens (111.7, 111.8, 704.5d)
@pytest.mark.rule("111.7")
def test_a_destroyed_token_goes_to_the_graveyard_then_ceases_to_exist():
    s = Scenario("murder a token", step="main1")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "WW").mana("Bob", "BBB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", alarm)))
    tokens = [o.oid for o in t.state.battlefield("Alice") if o.is_token]
    assert len(tokens) == 2
    t.do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(tokens[0],))))
    assert "704.5d" in _rules(t)
    assert all(o.oid != tokens[0] for o in t.state.objects), "the token has ceased to exist"
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Alice")) == 1  # Raise the Alarm only


# ---------------------------------------------------------------- 400.7: a new object
@pytest.mark.rule("400.7")
def test_a_creature_that_dies_and_returns_is_a_new_object_without_its_pump_or_counters():
    """Giant Growth's +3/+3 was locked to the Elves on the battlefield; after Murder and Order of
    Whiteclay the Elves return as a new object: 1/1, untapped, no counters, no damage."""
    s = Scenario("return as a new object", step="main1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", tapped=True, counters={"+1/+1": 1})
    growth = s.add("Giant Growth", "Alice", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "GBBBCWW")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", growth, targets=(elves,), pay="G")))
    assert characteristics(t.state, elves).power == 5
    resolve_top(t.do(cast("Alice", murder, targets=(elves,), pay="BBB")))
    assert t.state.obj(elves).zone is Zone.GRAVEYARD
    assert t.state.obj(elves).counters == ()
    resolve_top(t.do(activate("Alice", order, targets=(elves,))))
    obj = t.state.obj(elves)
    assert obj.zone is Zone.BATTLEFIELD and obj.controller == "Alice"
    assert not obj.tapped and obj.counters == () and obj.damage == 0
    assert characteristics(t.state, elves).power == 1


@pytest.mark.rule("115.1")
def test_order_of_whiteclay_cant_target_a_card_in_an_opponents_graveyard():
    s = Scenario("whiteclay targets Bob's card", step="main1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    bobs = s.add("Grizzly Bears", "Bob", zone="graveyard")
    s.mana("Alice", "CWW")
    with pytest.raises(IllegalAction):
        apply(s.state(), activate("Alice", order, targets=(bobs,)))


@pytest.mark.rule("115.1")
def test_order_of_whiteclay_cant_target_a_creature_on_the_battlefield_or_in_hand():
    s = Scenario("whiteclay targets the wrong zone", step="main1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    here = s.add("Grizzly Bears", "Alice")
    held = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "CWW")
    for oid in (here, held):
        with pytest.raises(IllegalAction):
            apply(s.state(), activate("Alice", order, targets=(oid,)))


@pytest.mark.rule("608.2b")
def test_whiteclay_does_nothing_if_its_target_left_the_graveyard():
    """The target card is shuffled away in response by Alice's own Feldon's Cane, so it isn't the
    same object any more (400.7) and the ability does nothing."""
    s = Scenario("target leaves the graveyard", step="main1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    cane = s.add("Feldon's Cane", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.mana("Alice", "CWW")
    t = s.timeline().do(activate("Alice", order, targets=(bears,)))
    resolve_top(t.do(activate("Alice", cane)))
    assert t.state.obj(bears).zone is Zone.LIBRARY
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.LIBRARY


# ---------------------------------------------------------------- shuffle, exile (701.24, 406)
@pytest.mark.rule("701.24a")
def test_feldons_cane_is_exiled_as_a_cost_and_shuffles_the_graveyard_in():
    s = Scenario("Feldon's Cane", step="main1")
    cane = s.add("Feldon's Cane", "Alice")
    dead = [s.add("Grizzly Bears", "Alice", zone="graveyard") for _ in range(2)]
    s.add("Forest", "Alice", zone="library")
    t = s.timeline().do(activate("Alice", cane))
    assert t.state.obj(cane).zone is Zone.EXILE
    resolve_top(t)
    assert len(t.state.in_zone(Zone.LIBRARY, "Alice")) == 3
    assert all(t.state.obj(o).zone is Zone.LIBRARY for o in dead)
    assert t.state.obj(cane).zone is Zone.EXILE


# ---------------------------------------------------------------- drawing (121)
@pytest.mark.rule("121.4")
def test_drawing_from_an_empty_library_loses_at_the_next_sba_check():
    s = Scenario("empty library", step="upkeep")
    s.add("Forest", "Alice")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.player("Alice").lost
    assert "121.4" in _rules(t) and "704.5b" in _rules(t)


@pytest.mark.rule("121.1")
def test_a_draw_takes_the_top_card_of_the_library():
    s = Scenario("draw the top card", step="upkeep")
    bottom = s.add("Forest", "Alice", zone="library")
    top = s.add("Mountain", "Alice", zone="library")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.DRAW
    drawn = [o.oid for o in t.state.in_zone(Zone.HAND, "Alice")]
    assert drawn in ([top], [bottom])
    assert t.state.obj(top).zone is Zone.HAND, "Scenario.add puts a later library card on top"


# ---------------------------------------------------------------- Graveyard Busybody around 400.3
@pytest.mark.rule("400.3")
def test_busybody_whiteclay_returns_bobs_card_under_alices_control_and_it_dies_into_bobs_graveyard():
    """With Graveyard Busybody, Bob's graveyard is also Alice's (GB rulings), so Order of Whiteclay
    may return Bob's Bears; they enter under Alice's control, the ability's controller. Murdered,
    they go to their owner's graveyard (400.3, 701.8a), Bob's."""
    s = Scenario("busybody whiteclay", step="main1")
    s.add("Graveyard Busybody", "Alice")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "CWW").mana("Bob", "BBB")
    t = s.timeline()
    resolve_top(t.do(activate("Alice", order, targets=(bears,))))
    obj = t.state.obj(bears)
    assert obj.zone is Zone.BATTLEFIELD and obj.controller == "Alice" and obj.owner == "Bob"
    t.do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(bears,))))
    obj = t.state.obj(bears)
    assert obj.zone is Zone.GRAVEYARD and obj.zone_player == "Bob"
