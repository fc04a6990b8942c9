"""Rules topic "casting and activating": each template of grammar.lark's section of that name,
played by a real card of the kit's sets, compiled from its printed text, and asserting what the
rules say happens: additional costs (118.8, 601.2h), sacrifice, discard and life in activation
costs (118.3, 602.2b), activation limits (602.5b, 602.5d), cost changes (601.2f), "can't be
countered" (101.2, 113.6g), modal spells and triggers (700.2), X (107.3a), and spells with more
than one target (115.3, 601.2c) that resolve with some of them illegal (608.2b)."""

from __future__ import annotations

import pytest
from combat_support import pass_until
from helpers import refused
from test_oracle_templates import board, fully_compiled, line_played, plays

from mtgrules import (
    MissingChoice,
    Scenario,
    Step,
    activate,
    apply,
    cast,
    characteristics,
    declare_attackers,
    pass_priority,
)
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def zone(t, oid) -> Zone:
    return t.state.obj(oid).zone


def cited(t, rule: str) -> bool:
    return any(e.rule == rule for f in t for e in f.events)


def tokens_named(state, name: str) -> list:
    return [o for o in state.objects if o.card.startswith(name) and o.zone is Zone.BATTLEFIELD]


# ---------------------------------------------------------------- additional costs (118.8, 601.2h)
@pytest.mark.rule("118.8")
@plays("additional_cost", "sacrifice_other", "sacrifice_count", card_name="Bone Splinters")
def test_bone_splinters_sacrifices_a_creature_as_it_is_cast():
    fully_compiled("Bone Splinters")
    s, (spell, bears, foe) = board(("Bone Splinters", "hand"), ("Grizzly Bears", "battlefield"),
                                   ("Goblin Piker", "bob:battlefield"), mana="B")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(foe,)))  # one creature to sacrifice: no choice to make
    assert zone(t, bears) is Zone.GRAVEYARD and cited(t, "701.21a")  # paid as it was cast, before it resolves
    resolve_top(t)
    assert zone(t, foe) is Zone.GRAVEYARD


@pytest.mark.rule("118.3")
def test_bone_splinters_cant_be_cast_without_a_creature_to_sacrifice():
    s, (spell, foe) = board(("Bone Splinters", "hand"), ("Goblin Piker", "bob:battlefield"), mana="B")
    refused(s.state(), cast("Alice", spell, targets=(foe,)), "118.3")


@pytest.mark.rule("601.2h")
def test_which_creature_to_sacrifice_is_the_casters_choice():
    s, (spell, bears, elf, foe) = board(("Bone Splinters", "hand"), ("Grizzly Bears", "battlefield"),
                                        ("Llanowar Elves", "battlefield"), ("Goblin Piker", "bob:battlefield"),
                                        mana="B")
    with pytest.raises(MissingChoice) as need:
        apply(s.state(), cast("Alice", spell, targets=(foe,)))
    assert need.value.kind == "sacrifice" and set(need.value.options) == {bears, elf}
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(foe,), sacrifice=elf))
    assert zone(t, elf) is Zone.GRAVEYARD and zone(t, bears) is Zone.BATTLEFIELD


@pytest.mark.rule("701.9a")
@plays("discard_cost", card_name="Tormenting Voice")
def test_tormenting_voice_discards_a_card_then_draws_two():
    fully_compiled("Tormenting Voice")
    s, (spell, other) = board(("Tormenting Voice", "hand"), ("Grizzly Bears", "hand"), mana="RR")
    t = s.timeline()
    t.do(cast("Alice", spell))  # its only other card is discarded: the spell itself is on the stack (601.2a)
    assert zone(t, other) is Zone.GRAVEYARD
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 2


@pytest.mark.rule("118.3")
def test_tormenting_voice_cant_discard_itself():
    s, (spell,) = board(("Tormenting Voice", "hand"), mana="RR")
    refused(s.state(), cast("Alice", spell), "118.3")


# ---------------------------------------------------------------- activation costs (118.3, 602.2b)
@pytest.mark.rule("701.21a")
@plays("paid_activated", "paid_cost", "sacrifice_self", card_name="Mind Stone")
def test_mind_stone_is_sacrificed_to_draw_a_card():
    fully_compiled("Mind Stone")
    s, (stone,) = board(("Mind Stone", "battlefield"), mana="C")
    t = s.timeline()
    t.do(activate("Alice", stone, 1))
    assert zone(t, stone) is Zone.GRAVEYARD and t.state.obj(stone).tapped is False  # a new object (400.7)
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1


@pytest.mark.rule("608.2h")
def test_mogg_fanatic_deals_its_damage_after_it_is_sacrificed():
    fully_compiled("Mogg Fanatic")
    s, (fanatic,) = board(("Mogg Fanatic", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", fanatic, targets=("Bob",)))
    assert zone(t, fanatic) is Zone.GRAVEYARD
    resolve_top(t)
    assert t.state.player("Bob").life == 19


@pytest.mark.rule("118.3")
def test_goblin_trashmaster_sacrifices_a_goblin_and_only_a_goblin():
    line_played("Goblin Trashmaster", "Sacrifice a Goblin")
    s, (master, bears, relic) = board(("Goblin Trashmaster", "battlefield"), ("Grizzly Bears", "battlefield"),
                                      ("Ornithopter", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", master, targets=(relic,)))  # itself is the only Goblin it can sacrifice
    assert zone(t, master) is Zone.GRAVEYARD and zone(t, bears) is Zone.BATTLEFIELD
    resolve_top(t)
    assert zone(t, relic) is Zone.GRAVEYARD


@pytest.mark.rule("119.4")
@plays("life_cost", "as_a_sorcery", card_name="Bloodsoaked Altar")
def test_bloodsoaked_altar_pays_life_discards_sacrifices_and_makes_a_demon():
    fully_compiled("Bloodsoaked Altar")
    s, (altar, bears, card_) = board(("Bloodsoaked Altar", "battlefield"), ("Grizzly Bears", "battlefield"),
                                     ("Shock", "hand"))
    t = s.timeline()
    t.do(activate("Alice", altar))
    assert t.state.player("Alice").life == 18 and zone(t, card_) is Zone.GRAVEYARD and zone(t, bears) is Zone.GRAVEYARD
    resolve_top(t)
    demons = tokens_named(t.state, "Demon")
    assert len(demons) == 1 and characteristics(t.state, demons[0].oid).pt() == "5/5"


@pytest.mark.rule("602.5d")
def test_bloodsoaked_altar_is_activated_only_as_a_sorcery():
    s, (altar, bears, card_) = board(("Bloodsoaked Altar", "battlefield"), ("Grizzly Bears", "battlefield"),
                                     ("Shock", "hand"), step="upkeep")
    refused(s.state(), activate("Alice", altar), "602.5d")


@pytest.mark.rule("119.4")
def test_life_cant_be_paid_beyond_the_life_total():
    s = Scenario("altar", players=["Alice", "Bob"], life=1)
    altar = s.add("Bloodsoaked Altar", "Alice")
    s.add("Grizzly Bears", "Alice")
    s.add("Shock", "Alice", zone="hand")
    refused(s.state(), activate("Alice", altar), "119.4")


@pytest.mark.rule("602.5b")
@plays("limited_activated", "once_each_turn", card_name="Rootwalla")
def test_rootwalla_pumps_only_once_each_turn():
    fully_compiled("Rootwalla")
    s, (lizard,) = board(("Rootwalla", "battlefield"), mana="GGGG")
    t = s.timeline()
    t.do(activate("Alice", lizard))
    resolve_top(t)
    assert characteristics(t.state, lizard).pt() == "4/4"
    refused(t.state, activate("Alice", lizard), "602.5b")


# ---------------------------------------------------------------- cost changes (601.2f)
@pytest.mark.rule("601.2f")
@plays("own_cost_change", "control_flier", card_name="Winged Words")
def test_winged_words_costs_one_less_with_a_flier():
    fully_compiled("Winged Words")
    s, (words, bird) = board(("Winged Words", "hand"), ("Ornithopter", "battlefield"), mana="UU")
    t = s.timeline()
    t.do(cast("Alice", words))  # {2}{U} less {1}: two mana pay it
    assert cited(t, "601.2f") and not t.state.player("Alice").pool
    s2, (words2,) = board(("Winged Words", "hand"), mana="UU")
    refused(s2.state(), cast("Alice", words2), "118.3")  # no flier: the full {2}{U}


@pytest.mark.rule("118.7a")
@plays("outnumbered", card_name="Avatar of Might")
def test_avatar_of_might_costs_six_less_when_outnumbered_by_four():
    fully_compiled("Avatar of Might")
    s, (avatar, *_bobs) = board(("Avatar of Might", "hand"), *[("Grizzly Bears", "bob:battlefield")] * 4, mana="GG")
    t = s.timeline()
    t.do(cast("Alice", avatar))  # {6}{G}{G} less {6}: only the generic part goes (118.7a)
    assert zone(t, avatar) is Zone.STACK
    s2, (avatar2, *_few) = board(("Avatar of Might", "hand"), *[("Grizzly Bears", "bob:battlefield")] * 3, mana="GG")
    refused(s2.state(), cast("Alice", avatar2), "118.3")


@pytest.mark.rule("601.2f")
@plays("others_cost_change", "spell_group", "spell_with_flying", "cast_by_you", card_name="Warden of Evos Isle")
def test_warden_of_evos_isle_makes_flying_creature_spells_cost_less():
    fully_compiled("Warden of Evos Isle")
    s, (warden, other, bears) = board(("Warden of Evos Isle", "battlefield"), ("Warden of Evos Isle", "hand"),
                                      ("Grizzly Bears", "hand"), mana="UU")
    t = s.timeline()
    t.do(cast("Alice", other))  # {2}{U} less {1}
    assert zone(t, other) is Zone.STACK
    s2, (_warden, bears2) = board(("Warden of Evos Isle", "battlefield"), ("Grizzly Bears", "hand"), mana="G")
    refused(s2.state(), cast("Alice", bears2), "118.3")  # no flying: the full {1}{G}


@pytest.mark.rule("601.2f")
def test_vryn_wingmare_taxes_noncreature_spells_of_both_players():
    fully_compiled("Vryn Wingmare")
    s, (_mare, shock) = board(("Vryn Wingmare", "bob:battlefield"), ("Shock", "hand"), mana="R")
    refused(s.state(), cast("Alice", shock, targets=("Bob",)), "118.3")  # {R} plus {1}
    s2, (_mare2, shock2) = board(("Vryn Wingmare", "bob:battlefield"), ("Shock", "hand"), mana="RR")
    t = s2.timeline()
    t.do(cast("Alice", shock2, targets=("Bob",)))
    assert not t.state.player("Alice").pool


@pytest.mark.rule("601.2f")
@plays("cast_by_opponents", card_name="Aura of Silence")
def test_aura_of_silence_taxes_only_its_controllers_opponents():
    fully_compiled("Aura of Silence")
    s, (_aura, thopter) = board(("Aura of Silence", "bob:battlefield"), ("Ornithopter", "hand"))
    refused(s.state(), cast("Alice", thopter), "118.3")  # {0} plus {2}
    s2, (_aura2, thopter2) = board(("Aura of Silence", "battlefield"), ("Ornithopter", "hand"))
    t = s2.timeline()
    t.do(cast("Alice", thopter2))  # her own Aura: no tax
    assert zone(t, thopter2) is Zone.STACK


@pytest.mark.rule("601.2f")
@plays("spell_targets_self", card_name="Boreal Elemental")
def test_boreal_elemental_taxes_spells_that_target_it():
    fully_compiled("Boreal Elemental")
    s, (elemental, shock) = board(("Boreal Elemental", "bob:battlefield"), ("Shock", "hand"), mana="R")
    refused(s.state(), cast("Alice", shock, targets=(elemental,)), "118.3")  # {R} plus {2}
    t = s.timeline()
    t.do(cast("Alice", shock, targets=("Bob",)))  # another target: {R}
    assert t.state.stack


# ---------------------------------------------------------------- can't be countered (101.2, 113.6g)
@pytest.mark.rule("101.2")
@plays("cant_be_countered", card_name="Fry")
def test_lightning_mare_cant_be_countered():
    line_played("Lightning Mare", "This spell can't be countered.")
    line_played("Fry", "This spell can't be countered.")
    s, (mare, cancel) = board(("Lightning Mare", "hand"), ("Cancel", "bob:hand"), mana="RR")
    s.mana("Bob", "UUU")
    t = s.timeline()
    t.do(cast("Alice", mare)).do(pass_priority("Alice"))
    t.do(cast("Bob", cancel, targets=(mare,)))  # still a legal target: it just isn't countered
    resolve_top(t)
    assert zone(t, cancel) is Zone.GRAVEYARD and zone(t, mare) is Zone.STACK and cited(t, "101.2")
    resolve_top(t)
    assert zone(t, mare) is Zone.BATTLEFIELD


# ---------------------------------------------------------------- modes (700.2)
@pytest.mark.rule("700.2a")
@plays("modal_spell", "choose_one", "mode", card_name="Reckless Air Strike")
def test_reckless_air_strike_does_what_its_chosen_mode_says():
    fully_compiled("Reckless Air Strike")
    s, (strike, thopter) = board(("Reckless Air Strike", "hand"), ("Ornithopter", "bob:battlefield"), mana="R")
    with pytest.raises(MissingChoice) as need:  # both modes could target the Ornithopter
        apply(s.state(), cast("Alice", strike, targets=(thopter,)))
    assert need.value.kind == "mode" and "Destroy target artifact." in need.value.options
    t = s.timeline()
    t.do(cast("Alice", strike, mode="Destroy target artifact.", targets=(thopter,)))
    resolve_top(t)
    assert zone(t, thopter) is Zone.GRAVEYARD and not cited(t, "120.3")  # destroyed, not dealt damage


@pytest.mark.rule("700.2c")
def test_a_mode_whose_targets_cant_be_chosen_cant_be_chosen():
    s, (strike, bears) = board(("Reckless Air Strike", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="R")
    refused(s.state(), cast("Alice", strike, mode="Destroy target artifact.", targets=()), "700.2a")
    refused(s.state(), cast("Alice", strike, targets=(bears,)), "700.2a")  # no flier, no artifact: no mode


@pytest.mark.rule("700.2")
def test_a_mode_is_named_by_a_start_of_its_words():
    s, (strike, thopter) = board(("Reckless Air Strike", "hand"), ("Ornithopter", "bob:battlefield"), mana="R")
    t = s.timeline()
    t.do(cast("Alice", strike, mode="Reckless Air Strike deals", targets=(thopter,)))
    resolve_top(t)
    assert zone(t, thopter) is Zone.GRAVEYARD  # 3 damage to a 0/2 flier (704.5g)
    refused(s.state(), cast("Alice", strike, mode="Counter target spell.", targets=(thopter,)), "700.2")


@pytest.mark.rule("603.3c")
@plays("modal_triggered", card_name="Trufflesnout")
def test_trufflesnouts_mode_is_chosen_as_its_trigger_goes_on_the_stack():
    fully_compiled("Trufflesnout")
    s, (boar,) = board(("Trufflesnout", "hand"), mana="GGG")
    t = s.timeline()
    t.do(cast("Alice", boar))
    resolve_top(t, mode="You gain 4 life.")  # it enters; its trigger goes on the stack with the mode chosen
    resolve_top(t)
    assert t.state.player("Alice").life == 24 and characteristics(t.state, boar).pt() == "2/2"


@pytest.mark.rule("700.2")
@plays("destroy_artifacts_and_enchantments", card_name="Cleansing Nova")
def test_cleansing_nova_destroys_artifacts_and_enchantments_not_creatures():
    fully_compiled("Cleansing Nova")
    s, (nova, bears, stone, aura) = board(("Cleansing Nova", "hand"), ("Grizzly Bears", "battlefield"),
                                          ("Mind Stone", "bob:battlefield"), ("Aura of Silence", "bob:battlefield"),
                                          mana="WWWWW")
    t = s.timeline()
    t.do(cast("Alice", nova, mode="Destroy all artifacts and enchantments."))
    resolve_top(t)
    assert zone(t, stone) is Zone.GRAVEYARD and zone(t, aura) is Zone.GRAVEYARD and zone(t, bears) is Zone.BATTLEFIELD


@pytest.mark.rule("404.1")
@plays("exile_graveyard_card", card_name="Return to Nature")
def test_return_to_nature_exiles_a_card_from_a_graveyard():
    fully_compiled("Return to Nature")
    s, (nature, dead) = board(("Return to Nature", "hand"), ("Grizzly Bears", "bob:graveyard"), mana="GG")
    t = s.timeline()
    t.do(cast("Alice", nature, mode="Exile target card", targets=(dead,)))
    resolve_top(t)
    assert zone(t, dead) is Zone.EXILE


# ---------------------------------------------------------------- X (107.3a)
@pytest.mark.rule("107.3a")
@plays("damage_x", card_name="Blaze")
def test_blaze_deals_the_x_announced():
    fully_compiled("Blaze")
    s, (blaze,) = board(("Blaze", "hand"), mana="RRRR")
    t = s.timeline()
    t.do(cast("Alice", blaze, x=3, targets=("Bob",)))
    resolve_top(t)
    assert t.state.player("Bob").life == 17


@pytest.mark.rule("107.3k")
def test_ballista_squads_x_is_chosen_as_it_is_activated():
    fully_compiled("Ballista Squad")
    s = Scenario("ballista", players=["Alice", "Bob"], active="Bob", step="combat")
    squad, bears = s.add("Ballista Squad", "Alice"), s.add("Grizzly Bears", "Bob")
    plains = [s.add("Plains", "Alice") for _ in range(3)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Bob", [bears])).do(pass_priority("Bob"))
    for land in plains:  # mana empties between steps (106.4): made now
        t.do(activate("Alice", land))
    refused(t.state, activate("Alice", squad, x=3, targets=(bears,)), "118.3")  # {3}{W} from three mana
    t.do(activate("Alice", squad, x=2, targets=(bears,)))
    resolve_top(t)
    assert zone(t, bears) is Zone.GRAVEYARD


# ---------------------------------------------------------------- several targets (115.3, 601.2c, 608.2b)
@pytest.mark.rule("601.2c")
@plays("bounce_up_to", "up_to_targets", card_name="Captivating Gyre")
def test_captivating_gyre_returns_up_to_three_creatures():
    fully_compiled("Captivating Gyre")
    s, (gyre, a, b, c) = board(("Captivating Gyre", "hand"), ("Grizzly Bears", "bob:battlefield"),
                               ("Goblin Piker", "bob:battlefield"), ("Raging Goblin", "bob:battlefield"), mana="UUUUUU")
    refused(s.state(), cast("Alice", gyre, targets=(a, a)), "115.3")
    t = s.timeline()
    t.do(cast("Alice", gyre, targets=(a, b)))  # two of "up to three"
    resolve_top(t)
    assert zone(t, a) is Zone.HAND and zone(t, b) is Zone.HAND and zone(t, c) is Zone.BATTLEFIELD


@pytest.mark.rule("608.2b")
def test_captivating_gyre_still_returns_the_targets_that_are_legal():
    s, (gyre, a, b, unsummon) = board(("Captivating Gyre", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                      ("Goblin Piker", "bob:battlefield"), ("Unsummon", "bob:hand"), mana="UUUUUU")
    s.mana("Bob", "U")
    t = s.timeline()
    t.do(cast("Alice", gyre, targets=(a, b))).do(pass_priority("Alice"))
    t.do(cast("Bob", unsummon, targets=(a,)))  # Bob saves the Bears himself: a new object in his hand (400.7)
    resolve_top(t)
    resolve_top(t)
    assert zone(t, b) is Zone.HAND and zone(t, gyre) is Zone.GRAVEYARD
    assert any(e.rule == "608.2b" and "Grizzly Bears" in e.text for e in t[-1].events)


@pytest.mark.rule("608.2b")
@plays("damage_three_targets", card_name="Cone of Flame")
def test_cone_of_flame_needs_three_different_targets_and_keeps_its_split():
    fully_compiled("Cone of Flame")
    s, (cone, bears, piker) = board(("Cone of Flame", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                    ("Goblin Piker", "bob:battlefield"), mana="RRRRR")
    refused(s.state(), cast("Alice", cone, targets=("Bob", "Bob", bears)), "115.3")  # each must be different
    t = s.timeline()
    t.do(cast("Alice", cone, targets=(piker, "Bob", bears)))  # 1 to the Piker, 2 to Bob, 3 to the Bears
    resolve_top(t)
    assert t.state.player("Bob").life == 18 and zone(t, bears) is Zone.GRAVEYARD and zone(t, piker) is Zone.GRAVEYARD


@pytest.mark.rule("608.2b")
def test_cone_of_flame_with_a_target_gone_deals_the_others_their_own_amounts():
    """Its ruling (2014-07-18): "If one or two of Cone of Flame's targets are illegal when it
    resolves, you can't change how much damage will be dealt to the remaining legal targets"."""
    s, (cone, bears, piker, unsummon) = board(("Cone of Flame", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                              ("Goblin Piker", "bob:battlefield"), ("Unsummon", "bob:hand"),
                                              mana="RRRRR")
    s.mana("Bob", "U")
    t = s.timeline()
    t.do(cast("Alice", cone, targets=(bears, "Bob", piker))).do(pass_priority("Alice"))
    t.do(cast("Bob", unsummon, targets=(bears,)))
    resolve_top(t)
    resolve_top(t)  # the Bears' 1 isn't moved to anyone else: Bob takes 2, the Piker 3
    assert t.state.player("Bob").life == 18 and zone(t, piker) is Zone.GRAVEYARD


@pytest.mark.rule("115.3")
@plays("pump_two_targets", card_name="Rookie Mistake")
def test_rookie_mistake_needs_two_creatures_and_pumps_each_its_own_way():
    """Its ruling (2020-06-23): "You can't cast Rookie Mistake unless you choose two creatures as targets"."""
    fully_compiled("Rookie Mistake")
    s, (mistake, bears, piker) = board(("Rookie Mistake", "hand"), ("Grizzly Bears", "battlefield"),
                                       ("Goblin Piker", "bob:battlefield"), mana="U")
    refused(s.state(), cast("Alice", mistake, targets=(bears,)), "601.2c")
    refused(s.state(), cast("Alice", mistake, targets=(bears, bears)), "115.3")
    t = s.timeline()
    t.do(cast("Alice", mistake, targets=(bears, piker)))
    resolve_top(t)
    assert characteristics(t.state, bears).pt() == "2/4" and characteristics(t.state, piker).pt() == "0/1"


@pytest.mark.rule("115.6")
@plays("raise_dead_up_to", card_name="Soul Salvage")
def test_soul_salvage_returns_up_to_two_creature_cards():
    fully_compiled("Soul Salvage")
    s, (salvage, a, b) = board(("Soul Salvage", "hand"), ("Grizzly Bears", "graveyard"),
                               ("Goblin Piker", "graveyard"), mana="BBB")
    t = s.timeline()
    t.do(cast("Alice", salvage, targets=(a, b)))
    resolve_top(t)
    assert zone(t, a) is Zone.HAND and zone(t, b) is Zone.HAND
    s2, (salvage2,) = board(("Soul Salvage", "hand"), mana="BBB")
    t2 = s2.timeline()
    t2.do(cast("Alice", salvage2))  # zero targets chosen: it isn't targeted, and it resolves (115.6)
    resolve_top(t2)
    assert zone(t2, salvage2) is Zone.GRAVEYARD


@pytest.mark.rule("608.2h")
@plays("damage_sacrificed_power", card_name="Thud")
def test_thud_deals_the_power_the_sacrificed_creature_had():
    fully_compiled("Thud")
    s, (thud, ogre) = board(("Thud", "hand"), ("Rootwalla", "battlefield"), mana="RGGG")
    t = s.timeline()
    t.do(activate("Alice", ogre, pay="GG"))  # Rootwalla is 4/4 until end of turn
    resolve_top(t)
    t.do(cast("Alice", thud, targets=("Bob",)))  # sacrificed as it is cast, a 4/4 then
    resolve_top(t)
    assert t.state.player("Bob").life == 16


@pytest.mark.rule("120.3")
@plays("damage_x_fliers_and_players", card_name="Hurricane")
def test_hurricane_deals_x_to_each_flier_and_each_player():
    fully_compiled("Hurricane")
    s, (storm, bird, bears) = board(("Hurricane", "hand"), ("Warden of Evos Isle", "bob:battlefield"),
                                    ("Grizzly Bears", "bob:battlefield"), mana="GGG")
    t = s.timeline()
    t.do(cast("Alice", storm, x=2))
    resolve_top(t)
    assert zone(t, bird) is Zone.GRAVEYARD and zone(t, bears) is Zone.BATTLEFIELD
    assert t.state.player("Alice").life == 18 and t.state.player("Bob").life == 18


@pytest.mark.rule("605.1a")
@plays("paid_mana", card_name="Catalyst Elemental")
def test_catalyst_elemental_is_sacrificed_for_two_red_mana():
    fully_compiled("Catalyst Elemental")
    s, (elemental,) = board(("Catalyst Elemental", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", elemental))  # a mana ability: no stack (605.3a)
    assert zone(t, elemental) is Zone.GRAVEYARD and [m.type.value for m in t.state.player("Alice").pool] == ["R", "R"]


@pytest.mark.rule("700.2")
def test_a_start_that_names_two_modes_is_refused_saying_so():
    s, (nature, stone) = board(("Return to Nature", "hand"), ("Mind Stone", "bob:battlefield"), mana="GG")
    err = refused(s.state(), cast("Alice", nature, mode="Destroy target", targets=(stone,)), "700.2")
    assert "more than one mode" in err.reason
