"""The templates of the grammar's section "planeswalkers, "unless", regenerate", each played by a
real card from the kit's sets (topics/walkers.py; rules/unless.py, rules/regenerate.py)."""

from __future__ import annotations

import pytest
from test_oracle_templates import board, cited, fully_compiled, plays

from mtgrules import Scenario, activate, cast, pass_priority, play_land
from mtgrules.core.errors import MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def zone_of(t, oid):
    return t.state.obj(oid).zone


def bob_casts_then_alice_responds(counterspell: str, alice_mana: str, bob_mana: str = "CG", bob_extra: str = ""):
    """Bob (active) casts Grizzly Bears; Alice holds ``counterspell`` and ``alice_mana``; Bob has
    ``bob_extra`` left in his pool after paying {1}{G}."""
    s = Scenario("unless", players=["Alice", "Bob"], step="main1", active="Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="hand")
    spell = s.add(counterspell, "Alice", zone="hand" if counterspell != "Spiketail Hatchling" else "battlefield")
    s.mana("Bob", bob_mana + bob_extra)
    s.mana("Alice", alice_mana)
    t = s.timeline()
    t.do(cast("Bob", bears))
    t.do(pass_priority("Bob"))
    return t, bears, spell


# ---------------------------------------------------------------- "unless" (118.12a)
@pytest.mark.rule("118.12a")
@plays("counter_unless_pays", card_name="Convolute")
def test_counter_unless_its_controller_pays_convolute_countered_when_bob_declines():
    fully_compiled("Convolute")
    t, bears, convolute = bob_casts_then_alice_responds("Convolute", "CCU", bob_extra="CCCC")
    t.do(cast("Alice", convolute, targets=(bears,)))
    resolve_top(t, may="no")  # Bob could pay {4}, and chooses not to
    assert zone_of(t, bears) is Zone.GRAVEYARD and cited(t, "701.6a")


@pytest.mark.rule("118.12")
def test_convolute_bob_pays_four_and_his_spell_stays_on_the_stack():
    t, bears, convolute = bob_casts_then_alice_responds("Convolute", "CCU", bob_extra="CCCC")
    t.do(cast("Alice", convolute, targets=(bears,)))
    resolve_top(t, may="yes")
    assert zone_of(t, bears) is Zone.STACK and not t.state.player("Bob").pool  # paid as Convolute resolved
    resolve_top(t)
    assert zone_of(t, bears) is Zone.BATTLEFIELD


@pytest.mark.rule("118.3")
def test_convolute_bob_cant_pay_so_he_isnt_asked_and_it_is_countered():
    t, bears, convolute = bob_casts_then_alice_responds("Convolute", "CCU")
    t.do(cast("Alice", convolute, targets=(bears,)))
    resolve_top(t)  # no "may" answer needed: Bob has no mana and nothing to make it with
    assert zone_of(t, bears) is Zone.GRAVEYARD


@pytest.mark.rule("118.12a")
def test_convolute_asks_bob_not_alice_and_says_the_choice_keyword():
    t, bears, convolute = bob_casts_then_alice_responds("Convolute", "CCU", bob_extra="CCCC")
    t.do(cast("Alice", convolute, targets=(bears,)))
    before = t.state
    with pytest.raises(MissingChoice) as err:
        resolve_top(t)
    assert err.value.kind == "may" and err.value.player == "Bob"
    assert t.state == before  # nothing half-played


@pytest.mark.rule("701.6a")
def test_miscast_counters_only_an_instant_or_sorcery_spell():
    fully_compiled("Miscast")
    c = fully_compiled("Miscast")
    assert c is not None
    s = Scenario("miscast", players=["Alice", "Bob"], step="main1", active="Bob")
    bolt = s.add("Shock", "Bob", zone="hand")
    miscast = s.add("Miscast", "Alice", zone="hand")
    s.mana("Bob", "R")
    s.mana("Alice", "U")
    t = s.timeline()
    t.do(cast("Bob", bolt, targets=("Alice",)))
    t.do(pass_priority("Bob"))
    t.do(cast("Alice", miscast, targets=(bolt,)))
    resolve_top(t)  # Bob can't pay {3}
    assert zone_of(t, bolt) is Zone.GRAVEYARD and t.state.player("Alice").life == 20


@pytest.mark.rule("602.2")
def test_spiketail_hatchling_sacrifices_itself_to_counter_unless_paid():
    fully_compiled("Spiketail Hatchling")
    t, bears, hatchling = bob_casts_then_alice_responds("Spiketail Hatchling", "", bob_extra="C")
    t.do(activate("Alice", hatchling, 0, targets=(bears,)))
    assert zone_of(t, hatchling) is Zone.GRAVEYARD  # sacrificed as a cost (118.3)
    resolve_top(t, may="yes")
    assert zone_of(t, bears) is Zone.STACK


@pytest.mark.rule("701.21a")
@plays("sacrifice_unless_you_pay", card_name="Rupture Spire")
def test_sacrifice_it_unless_you_pay_rupture_spire():
    fully_compiled("Rupture Spire")
    s, (spire,) = board(("Rupture Spire", "hand"))
    t = s.timeline()
    t.do(play_land("Alice", spire))
    assert t.state.stack  # its enters trigger (603.3)
    resolve_top(t)  # it entered tapped and Alice has no mana: she can't pay, so it is sacrificed
    assert zone_of(t, spire) is Zone.GRAVEYARD and cited(t, "701.21a")


@pytest.mark.rule("118.12")
def test_rupture_spire_kept_when_alice_pays_one():
    s, (spire,) = board(("Rupture Spire", "hand"), mana="C")
    t = s.timeline()
    t.do(play_land("Alice", spire))
    resolve_top(t, may="yes")
    assert zone_of(t, spire) is Zone.BATTLEFIELD and not t.state.player("Alice").pool


# ---------------------------------------------------------------- regeneration (701.19, 614.8)
def shielded_skeletons(mana: str = "BR", *more: tuple[str, str]):
    """Drudge Skeletons on Alice's battlefield, its {B} ability activated and resolved (a shield)."""
    fully_compiled("Drudge Skeletons")
    s, (skeletons, *rest) = board(("Drudge Skeletons", "battlefield"), *more, mana=mana)
    t = s.timeline()
    t.do(activate("Alice", skeletons, 0))
    resolve_top(t)
    assert len(t.state.regeneration) == 1 and cited(t, "701.19a")
    return t, skeletons, rest


@pytest.mark.rule("614.8")
@plays("regenerate_self", card_name="Drudge Skeletons")
def test_regenerate_drudge_skeletons_survives_lethal_damage_tapped_and_undamaged():
    t, skeletons, (shock,) = shielded_skeletons("BR", ("Shock", "hand"))
    t.do(cast("Alice", shock, targets=(skeletons,)))
    resolve_top(t)  # 2 damage, lethal: the state-based action would destroy it (704.5g)
    now = t.state.obj(skeletons)
    assert now.zone is Zone.BATTLEFIELD and now.tapped and now.damage == 0
    assert not t.state.regeneration and cited(t, "614.8")  # the shield is used up (614.5)


@pytest.mark.rule("701.19a")
def test_a_regeneration_shield_replaces_destroy_murder_once_only():
    t, skeletons, (murder, murder2) = shielded_skeletons("BCBBCBB", ("Murder", "hand"), ("Murder", "hand"))
    t.do(cast("Alice", murder, targets=(skeletons,), pay="CBB"))
    resolve_top(t)
    assert zone_of(t, skeletons) is Zone.BATTLEFIELD
    t.do(cast("Alice", murder2, targets=(skeletons,), pay="CBB"))
    resolve_top(t)  # no shield left: destroyed (701.8a)
    assert zone_of(t, skeletons) is Zone.GRAVEYARD


@pytest.mark.rule("701.19c")
@plays("destroy_no_regeneration", card_name="Wrath of God")
def test_wrath_of_god_they_cant_be_regenerated():
    fully_compiled("Wrath of God")
    t, skeletons, (wrath,) = shielded_skeletons("BCCWW", ("Wrath of God", "hand"))
    t.do(cast("Alice", wrath))
    resolve_top(t)
    assert zone_of(t, skeletons) is Zone.GRAVEYARD


@pytest.mark.rule("701.8a")
def test_shatterstorm_destroys_all_artifacts_ignoring_shields_but_only_artifacts():
    fully_compiled("Shatterstorm")
    t, skeletons, (storm, stone) = shielded_skeletons("BCCRR", ("Shatterstorm", "hand"), ("Mind Stone", "battlefield"))
    t.do(cast("Alice", storm))
    resolve_top(t)
    assert zone_of(t, stone) is Zone.GRAVEYARD and zone_of(t, skeletons) is Zone.BATTLEFIELD
    assert len(t.state.regeneration) == 1  # the creature's shield is unused


@pytest.mark.rule("514.2")
def test_an_unused_shield_ends_with_the_turn():
    from mtgrules import advance_to
    t, skeletons, _ = shielded_skeletons("B")
    advance_to(t, "upkeep", "Bob")
    assert not t.state.regeneration and zone_of(t, skeletons) is Zone.BATTLEFIELD


@pytest.mark.rule("303.4")
@plays("regenerate_enchanted", card_name="Regeneration")
def test_regeneration_aura_regenerates_the_enchanted_creature():
    fully_compiled("Regeneration")
    s, (aura, bears, shock) = board(("Regeneration", "hand"), ("Grizzly Bears", "battlefield"), ("Shock", "hand"),
                                    mana="CGGR")
    t = s.timeline()
    t.do(cast("Alice", aura, targets=(bears,), pay="CG"))
    resolve_top(t)
    t.do(activate("Alice", aura, 0))
    resolve_top(t)
    t.do(cast("Alice", shock, targets=(bears,)))
    resolve_top(t)
    assert zone_of(t, bears) is Zone.BATTLEFIELD and t.state.obj(bears).tapped


# ---------------------------------------------------------------- loyalty lines (606)
@pytest.mark.rule("611.2c")
@plays("group_pump_until_end_of_turn", card_name="Chandra, Novice Pyromancer")
def test_elementals_you_control_get_until_end_of_turn_chandra_novice_pyromancer():
    from mtgrules import characteristics
    fully_compiled("Chandra, Novice Pyromancer")
    s, (chandra, fire, bears, theirs) = board(("Chandra, Novice Pyromancer", "battlefield"),
                                              ("Fire Elemental", "battlefield"), ("Grizzly Bears", "battlefield"),
                                              ("Earth Elemental", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", chandra, "[+1]"))
    assert t.state.obj(chandra).counter("loyalty") == 6  # 5, +1 as the cost (606.4)
    resolve_top(t)
    assert characteristics(t.state, fire).pt() == "7/4"
    assert characteristics(t.state, bears).pt() == "2/2" and characteristics(t.state, theirs).pt() == "4/5"


@pytest.mark.rule("605.1a")
@plays("loyalty_mana", card_name="Chandra, Novice Pyromancer")
def test_loyalty_ability_adds_mana_as_it_resolves_chandra_novice_pyromancer():
    s, (chandra,) = board(("Chandra, Novice Pyromancer", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", chandra, "[−1]"))
    assert t.state.stack and not t.state.player("Alice").pool  # not a mana ability: it uses the stack (605.1a)
    resolve_top(t)
    assert [m.type.value for m in t.state.player("Alice").pool] == ["R", "R"] and cited(t, "106.4")
    assert t.state.obj(chandra).counter("loyalty") == 4


# ---------------------------------------------------------------- optional costs paid on resolution (118.12)
@pytest.mark.rule("118.12a")
@plays("sacrifice_unless_you_discard", card_name="Hidden Horror")
def test_hidden_horror_sacrificed_unless_alice_discards_a_creature_card():
    fully_compiled("Hidden Horror")
    s, (horror, bolt, bears) = board(("Hidden Horror", "hand"), ("Shock", "hand"), ("Grizzly Bears", "hand"),
                                     mana="BBCC")
    t = s.timeline()
    t.do(cast("Alice", horror))
    resolve_top(t)
    resolve_top(t, may="yes", discard=bears)  # only the creature card may be discarded
    assert zone_of(t, horror) is Zone.BATTLEFIELD and zone_of(t, bears) is Zone.GRAVEYARD
    assert zone_of(t, bolt) is Zone.HAND


@pytest.mark.rule("118.3")
def test_hidden_horror_without_a_creature_card_is_sacrificed_without_a_question():
    s, (horror, bolt) = board(("Hidden Horror", "hand"), ("Shock", "hand"), mana="BBCC")
    t = s.timeline()
    t.do(cast("Alice", horror))
    resolve_top(t)
    resolve_top(t)  # a Shock isn't a creature card: discarding one is impossible, so no "may"
    assert zone_of(t, horror) is Zone.GRAVEYARD and zone_of(t, bolt) is Zone.HAND


@pytest.mark.rule("608.2c")
@plays("counter_unless_pays_more_with_flier", card_name="Lofty Denial")
def test_lofty_denial_asks_four_with_a_flier_and_one_without():
    fully_compiled("Lofty Denial")
    for flier, bob_extra, countered in ((False, "C", False), (True, "C", True), (True, "CCCC", False)):
        s = Scenario("lofty", players=["Alice", "Bob"], step="main1", active="Bob")
        bears = s.add("Grizzly Bears", "Bob", zone="hand")
        denial = s.add("Lofty Denial", "Alice", zone="hand")
        if flier:
            s.add("Snapping Drake", "Alice", zone="battlefield")
        s.mana("Bob", "CG" + bob_extra)
        s.mana("Alice", "CU")
        t = s.timeline()
        t.do(cast("Bob", bears, pay="CG"))
        t.do(pass_priority("Bob"))
        t.do(cast("Alice", denial, targets=(bears,)))
        # Bob can pay {1} but not {4} with one mana left: with a flier, he can't pay and isn't asked
        resolve_top(t, **({} if flier and bob_extra == "C" else {"may": "yes"}))
        assert (zone_of(t, bears) is Zone.GRAVEYARD) is countered, (flier, bob_extra)


@pytest.mark.rule("118.12")
@plays("may_sacrifice_if_you_do", card_name="Brawl-Bash Ogre")
def test_brawl_bash_ogre_may_sacrifice_another_creature_for_plus_two():
    from combat_support import pass_until

    from mtgrules import Step, characteristics, declare_attackers
    fully_compiled("Brawl-Bash Ogre")
    s, (ogre, bears) = board(("Brawl-Bash Ogre", "battlefield"), ("Grizzly Bears", "battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [ogre]))
    resolve_top(t, may="yes")  # the only other creature: no "sacrifice" question
    assert zone_of(t, bears) is Zone.GRAVEYARD and characteristics(t.state, ogre).pt() == "5/5"


@pytest.mark.rule("118.12")
def test_brawl_bash_ogre_declines_and_gets_nothing():
    from combat_support import pass_until

    from mtgrules import Step, characteristics, declare_attackers
    s, (ogre, bears) = board(("Brawl-Bash Ogre", "battlefield"), ("Grizzly Bears", "battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [ogre]))
    resolve_top(t, may="no")
    assert zone_of(t, bears) is Zone.BATTLEFIELD and characteristics(t.state, ogre).pt() == "3/3"


# ---------------------------------------------------------------- emblems (114)
@pytest.mark.rule("114.4")
@plays("loyalty_emblem", "emblem_ability", card_name="Vivien Reid")
def test_you_get_an_emblem_vivien_reid_works_from_the_command_zone():
    from test_oracle_templates import line_played

    from mtgrules import characteristics
    line_played("Vivien Reid", "[−8]")
    s = Scenario("emblem", players=["Alice", "Bob"], step="main1")
    vivien = s.add("Vivien Reid", "Alice", counters={"loyalty": 8})
    bears = s.add("Grizzly Bears", "Alice")
    theirs = s.add("Grizzly Bears", "Bob")
    later = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "CG")
    t = s.timeline()
    t.do(activate("Alice", vivien, "[−8]"))
    resolve_top(t)
    emblems = t.state.in_zone(Zone.COMMAND)
    assert len(emblems) == 1 and emblems[0].owner == emblems[0].controller == "Alice"  # 114.2
    assert zone_of(t, vivien) is Zone.GRAVEYARD  # no loyalty left (704.5i); the emblem stays (114.5)
    chars = characteristics(t.state, bears)
    assert chars.pt() == "4/4" and {"vigilance", "trample", "indestructible"} <= set(chars.keywords)
    assert characteristics(t.state, theirs).pt() == "2/2"
    t.do(cast("Alice", later))
    resolve_top(t)
    now = next(o for o in t.state.battlefield("Alice") if o.card == "Grizzly Bears" and o.oid != bears)
    assert characteristics(t.state, now.oid).pt() == "4/4"  # a static ability: it applies to newcomers (611.3a)


@pytest.mark.rule("114.2")
@plays("loyalty_emblem_each_opponent", "this_emblem_deals_damage_to_you", card_name="Chandra, Awakened Inferno")
def test_each_opponent_gets_an_emblem_chandra_awakened_inferno():
    from test_oracle_templates import line_played, pass_to_upkeep_trigger
    line_played("Chandra, Awakened Inferno", "[+2]")
    s, (chandra,) = board(("Chandra, Awakened Inferno", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", chandra, "[+2]"))
    resolve_top(t)
    (emblem,) = t.state.in_zone(Zone.COMMAND)
    assert emblem.controller == "Bob"
    assert emblem.zone_player is None  # the command zone is shared: only hands, libraries and graveyards are a player's
    pass_to_upkeep_trigger(t)  # Bob's upkeep: his emblem triggers from the command zone (114.4)
    assert t.state.active == "Bob"
    resolve_top(t)
    assert t.state.player("Bob").life == 19 and t.state.player("Alice").life == 20


@pytest.mark.rule("701.19c")
@plays("destroy_all_theirs", card_name="Plague Wind")
def test_plague_wind_destroys_only_the_creatures_alice_doesnt_control_regenerated_or_not():
    fully_compiled("Plague Wind")
    s = Scenario("plague wind", players=["Alice", "Bob"], step="main1")
    wind = s.add("Plague Wind", "Alice", zone="hand")
    mine = s.add("Grizzly Bears", "Alice")
    skeletons = s.add("Drudge Skeletons", "Bob")
    s.mana("Alice", "CCCCCCCBB")
    s.mana("Bob", "B")
    t = s.timeline()
    t.do(cast("Alice", wind))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", skeletons, 0))  # Bob regenerates in response: no help (701.19c)
    resolve_top(t)
    assert t.state.regeneration
    resolve_top(t)
    assert zone_of(t, skeletons) is Zone.GRAVEYARD and zone_of(t, mine) is Zone.BATTLEFIELD


@pytest.mark.rule("701.19c")
@plays("damage_no_regeneration", card_name="Incinerate")
def test_incinerate_a_creature_dealt_damage_this_way_cant_be_regenerated_this_turn():
    fully_compiled("Incinerate")
    t, skeletons, (incinerate,) = shielded_skeletons("BCR", ("Incinerate", "hand"))
    t.do(cast("Alice", incinerate, targets=(skeletons,)))
    resolve_top(t)  # lethal damage, and its shield doesn't apply this turn
    assert zone_of(t, skeletons) is Zone.GRAVEYARD


@pytest.mark.rule("614.8")
def test_incinerate_to_a_player_leaves_shields_alone():
    t, skeletons, (incinerate, shock) = shielded_skeletons("BCRR", ("Incinerate", "hand"), ("Shock", "hand"))
    t.do(cast("Alice", incinerate, targets=("Bob",), pay="CR"))
    resolve_top(t)
    t.do(cast("Alice", shock, targets=(skeletons,)))
    resolve_top(t)
    assert t.state.player("Bob").life == 17 and zone_of(t, skeletons) is Zone.BATTLEFIELD


@pytest.mark.rule("118.12a")
@plays("damage_unless_sacrifice", card_name="Demanding Dragon")
def test_demanding_dragon_opponent_sacrifices_or_takes_five():
    fully_compiled("Demanding Dragon")
    for answer in ("yes", "no"):
        s, (dragon, bears) = board(("Demanding Dragon", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCCRR")
        t = s.timeline()
        t.do(cast("Alice", dragon))
        resolve_top(t)
        assert t.state.stack and t.state.stack[-1].targets == ("Bob",)  # its trigger targets the only opponent
        resolve_top(t, may=answer)
        assert (zone_of(t, bears) is Zone.GRAVEYARD) is (answer == "yes")
        assert t.state.player("Bob").life == (20 if answer == "yes" else 15)


@pytest.mark.rule("118.3")
def test_demanding_dragon_with_no_creature_to_sacrifice_deals_five_without_asking():
    s, (dragon,) = board(("Demanding Dragon", "hand"), mana="CCCRR")
    t = s.timeline()
    t.do(cast("Alice", dragon))
    resolve_top(t)
    resolve_top(t)
    assert t.state.player("Bob").life == 15


@plays("end_the_turn", card_name="Time Stop")
def test_time_stop_end_the_turn_is_marked_not_played_with_its_reason():
    from mtgrules.cards.oracle.source import compiled
    c = compiled("Time Stop")
    assert c.status == "not played" and "End the turn" in c.lines[0].how and "cleanup step" in c.lines[0].how


@pytest.mark.rule("118.12")
@plays("may_sacrifice_or_discard_if_you_do", card_name="Crypt Lurker")
def test_crypt_lurker_pays_one_of_two_costs_then_draws():
    fully_compiled("Crypt Lurker")
    for which in ("sacrifice a creature", "discard"):
        s, (lurker, bears, card) = board(("Crypt Lurker", "hand"), ("Grizzly Bears", "battlefield"),
                                         ("Grizzly Bears", "hand"), mana="CCCB")
        t = s.timeline()
        t.do(cast("Alice", lurker))
        resolve_top(t)
        hand = len(t.state.in_zone(Zone.HAND, "Alice"))
        with pytest.raises(MissingChoice) as err:
            resolve_top(t, may="yes")
        assert err.value.kind == "which cost"
        resolve_top(t, may="yes", which_cost=which, sacrifice=bears)
        if which == "discard":
            assert zone_of(t, card) is Zone.GRAVEYARD and zone_of(t, bears) is Zone.BATTLEFIELD
        else:
            assert zone_of(t, bears) is Zone.GRAVEYARD and zone_of(t, card) is Zone.HAND
        assert len(t.state.in_zone(Zone.HAND, "Alice")) == hand + (0 if which == "discard" else 1)  # drew one


@pytest.mark.rule("118.3")
def test_crypt_lurker_may_sacrifice_itself_when_it_is_the_only_cost_it_can_pay():
    s, (lurker, spell) = board(("Crypt Lurker", "hand"), ("Shock", "hand"), mana="CCCB")
    t = s.timeline()
    t.do(cast("Alice", lurker))
    resolve_top(t)
    with pytest.raises(MissingChoice) as err:
        resolve_top(t)
    assert err.value.kind == "may"
    resolve_top(t, may="yes")  # no creature card in hand: only "sacrifice a creature", and only itself
    assert zone_of(t, next(o.oid for o in t.state.objects if o.card == "Crypt Lurker")) is Zone.GRAVEYARD
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 2  # the Shock and the card drawn


# ---------------------------------------------------------------- modes of "choose one —" (700.2)
@pytest.mark.rule("701.10e")
@plays("double_counters_self", card_name="Voracious Hydra")
def test_voracious_hydra_doubles_its_counters():
    from mtgrules import characteristics
    s, (hydra,) = board(("Voracious Hydra", "hand"), mana="CCCGG")
    t = s.timeline()
    t.do(cast("Alice", hydra, x=3))
    resolve_top(t, mode="Double the number")
    resolve_top(t)
    assert t.state.obj(hydra).counter("+1/+1") == 6 and characteristics(t.state, hydra).pt() == "6/7"


@pytest.mark.rule("701.14a")
@plays("self_fights", card_name="Voracious Hydra")
def test_voracious_hydra_fights_a_creature_alice_doesnt_control():
    s, (hydra, ogre) = board(("Voracious Hydra", "hand"), ("Brawl-Bash Ogre", "bob:battlefield"), mana="CCCGG")
    t = s.timeline()
    t.do(cast("Alice", hydra, x=3))
    resolve_top(t, mode="Voracious Hydra fights", target=ogre)
    resolve_top(t)
    assert zone_of(t, ogre) is Zone.GRAVEYARD  # 3 damage to a 3/3 (704.5g)
    assert t.state.obj(hydra).damage == 3 and zone_of(t, hydra) is Zone.BATTLEFIELD  # a 3/4 dealt 3


@pytest.mark.rule("611.2c")
def test_pestilent_haze_all_creatures_get_minus_two():
    fully_compiled("Pestilent Haze")
    s, (haze, bears, ogre) = board(("Pestilent Haze", "hand"), ("Grizzly Bears", "battlefield"),
                                   ("Brawl-Bash Ogre", "bob:battlefield"), mana="CBB")
    t = s.timeline()
    t.do(cast("Alice", haze, mode="All creatures get"))
    resolve_top(t)
    from mtgrules import characteristics
    assert zone_of(t, bears) is Zone.GRAVEYARD and characteristics(t.state, ogre).pt() == "1/1"


@pytest.mark.rule("609.3")
def test_pestilent_haze_removes_two_loyalty_counters_from_each_planeswalker():
    s, (haze, chandra, vivien) = board(("Pestilent Haze", "hand"), ("Chandra, Novice Pyromancer", "battlefield"),
                                       ("Vivien Reid", "bob:battlefield"), mana="CBB")
    t = s.timeline()
    t.do(cast("Alice", haze, mode="Remove two"))
    resolve_top(t)
    assert t.state.obj(chandra).counter("loyalty") == 3 and t.state.obj(vivien).counter("loyalty") == 3


@pytest.mark.rule("701.10e")
@plays("counters_then_double", card_name="Invigorating Surge")
def test_invigorating_surge_puts_a_counter_then_doubles():
    fully_compiled("Invigorating Surge")
    s = Scenario("surge", players=["Alice", "Bob"], step="main1")
    surge = s.add("Invigorating Surge", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1})
    s.mana("Alice", "CCG")
    t = s.timeline()
    t.do(cast("Alice", surge, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(bears).counter("+1/+1") == 4  # 1, +1, then doubled


@pytest.mark.rule("614.8")
def test_a_blocking_creature_that_regenerates_is_removed_from_combat():
    from combat_support import pass_until

    from mtgrules import Step, declare_attackers, declare_blockers
    from mtgrules.rules.combat.state import is_blocking
    s = Scenario("regenerate in combat", players=["Alice", "Bob"], step="combat")
    ogre = s.add("Fire Elemental", "Alice")
    skeletons = s.add("Drudge Skeletons", "Bob")
    swamp = s.add("Swamp", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [ogre]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {skeletons: ogre}))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", swamp, 0))
    t.do(activate("Bob", skeletons, 0))
    resolve_top(t)
    assert t.state.regeneration and is_blocking(t.state, skeletons)
    t = pass_until(t, Step.COMBAT_DAMAGE)
    now = t.state.obj(skeletons)
    assert now.zone is Zone.BATTLEFIELD and now.tapped and now.damage == 0 and not is_blocking(t.state, skeletons)
    assert cited(t, "506.4")


@pytest.mark.rule("608.2c")
@plays("then_if_outnumbered", card_name="Garruk, Unleashed")
def test_garruk_unleashed_gets_a_loyalty_counter_only_when_outnumbered():
    from test_oracle_templates import line_played
    line_played("Garruk, Unleashed", "[−2]")
    for bobs, expected in ((1, 2), (2, 3)):  # 4 loyalty, -2; +1 when Bob has more creatures than Alice's Beast
        s = Scenario("garruk", players=["Alice", "Bob"], step="main1")
        garruk = s.add("Garruk, Unleashed", "Alice")
        for _ in range(bobs):
            s.add("Grizzly Bears", "Bob")
        t = s.timeline()
        t.do(activate("Alice", garruk, "[−2]"))
        resolve_top(t)
        assert [o.card for o in t.state.battlefield("Alice") if o.card != "Garruk, Unleashed"] == ["Beast Token"]
        assert t.state.obj(garruk).counter("loyalty") == expected, bobs


@pytest.mark.rule("105.2")
@plays("loyalty_on_each_colored_walker", card_name="Chandra, Acolyte of Flame")
def test_chandra_acolyte_puts_a_loyalty_counter_on_each_red_planeswalker_alice_controls():
    from test_oracle_templates import line_played
    line_played("Chandra, Acolyte of Flame", "[0]: Put a loyalty")
    s = Scenario("acolyte", players=["Alice", "Bob"], step="main1")
    acolyte = s.add("Chandra, Acolyte of Flame", "Alice")
    novice = s.add("Chandra, Novice Pyromancer", "Alice")
    vivien = s.add("Vivien Reid", "Alice")
    theirs = s.add("Chandra, Novice Pyromancer", "Bob")
    t = s.timeline()
    t.do(activate("Alice", acolyte, "[0]: Put a loyalty"))
    resolve_top(t)
    assert t.state.obj(acolyte).counter("loyalty") == 5 and t.state.obj(novice).counter("loyalty") == 6
    assert t.state.obj(vivien).counter("loyalty") == 5 and t.state.obj(theirs).counter("loyalty") == 5
