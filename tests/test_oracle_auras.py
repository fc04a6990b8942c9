"""The auras topic, played by real cards from the kit's four core sets: what an Aura or
Equipment gives the creature it is attached to (613.6: one effect, each part in its layer), an
ability granted in quotation marks (613.1f), lands that become creatures until end of turn
(205.1b), and instructions for every creature of a kind.

Each template of the grammar's "auras" section has a test here (``@plays``).
"""

from __future__ import annotations

import pytest
from combat_support import pass_until, refuse
from test_oracle_templates import board, cast_and_resolve, fully_compiled, line_played, plays

from mtgrules import (
    Step,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)
from mtgrules.cards.oracle.normalize import normalize
from mtgrules.cards.oracle.source import compiled
from mtgrules.cards.oracle.topics.auras import GRANTED_TRIGGER
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def enchant(name: str, *others: tuple[str, str], mana: str):
    """Alice casts the Aura ``name`` on her Grizzly Bears; returns the timeline, aura and bears."""
    s, (aura, bears, *rest) = board((name, "hand"), ("Grizzly Bears", "battlefield"), *others, mana=mana)
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert t.state.obj(aura).attached_to == bears
    return t, aura, bears, rest


# ---------------------------------------------------------------- what the attached creature gets
@pytest.mark.rule("613.1f")
@plays("attached_pump_quoted", card_name="Arcane Teachings")
def test_arcane_teachings_gives_a_bonus_and_a_pinging_ability_the_creature_activates():
    fully_compiled("Arcane Teachings")
    t, aura, bears, _ = enchant("Arcane Teachings", mana="RRR")
    assert characteristics(t.state, bears).pt() == "4/4"  # +2/+2 (613.4c)
    # the granted "{T}: This creature deals 1 damage to any target." is the creature's own (613.1f, 602.1)
    t.do(activate("Alice", bears, "{T}", targets=("Bob",)))
    resolve_top(t)
    assert t.state.player("Bob").life == 19
    assert t.state.obj(bears).tapped
    # the Aura has no such ability of its own
    refuse(t.state, activate("Alice", aura, 0, targets=("Bob",)), "602.1")


@pytest.mark.rule("613.1f")
def test_the_granted_ability_ends_with_the_aura_hard_cover():
    """Hard Cover's "{T}: Draw a card, then discard a card." is the creature's only while the Aura
    is attached: with the Aura destroyed, the creature has no activated ability (613.1f, 611.3a)."""
    fully_compiled("Hard Cover")
    t, aura, bears, (naturalize,) = enchant("Hard Cover", ("Naturalize", "hand"), mana="UGG")

    def can_activate(state) -> bool:
        return any(type(a).__name__ == "Activate" and a.source == bears for a in legal_actions(state))

    assert characteristics(t.state, bears).pt() == "2/4"
    assert can_activate(t.state)
    t.do(cast("Alice", naturalize, targets=(aura,)))
    resolve_top(t)
    assert t.state.obj(aura).zone is Zone.GRAVEYARD
    assert characteristics(t.state, bears).pt() == "2/2" and not can_activate(t.state)


@pytest.mark.rule("613.1f")
@plays("attached_quoted", card_name="Gauntlets of Light")
def test_gauntlets_of_light_gives_an_untap_ability():
    line_played("Gauntlets of Light", "Enchanted creature has")
    c = compiled("Gauntlets of Light")
    assert c is not None and c.status == "partly played"  # its other line is marked, not played in part


@pytest.mark.rule("205.1b")
@plays("attached_pump_grant_type", "attached_subject", card_name="Demonic Embrace")
def test_demonic_embrace_is_a_demon_in_addition_with_flying_and_plus_three_plus_one():
    line_played("Demonic Embrace", "Enchanted creature gets +3/+1")
    t, aura, bears, _ = enchant("Demonic Embrace", mana="BBB")
    chars = characteristics(t.state, bears)
    assert chars.pt() == "5/3"                                # 613.4c
    assert "flying" in chars.keywords                         # 613.1f
    assert {"Bear", "Demon"} <= set(chars.subtypes)           # in addition to its other types (205.1b)


@pytest.mark.rule("509.1a")
@plays("attached_pump_cant_block", card_name="Maniacal Rage")
def test_maniacal_rage_gets_plus_two_and_cant_block():
    fully_compiled("Maniacal Rage")
    s, (aura, bears, attacker) = board(("Maniacal Rage", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                       ("Grizzly Bears", "battlefield"), mana="RR")
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert characteristics(t.state, bears).pt() == "4/4"
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [attacker]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: attacker}), "509.1b")


# ---------------------------------------------------------------- lands that become creatures
@pytest.mark.rule("205.1b")
@plays("animate_land", "animate_with", card_name="Faerie Conclave")
def test_faerie_conclave_becomes_a_blue_faerie_flier_and_is_still_a_land():
    fully_compiled("Faerie Conclave")
    s, (conclave,) = board(("Faerie Conclave", "battlefield"), mana="UU")
    t = s.timeline()
    before = characteristics(t.state, conclave)
    assert not before.is_creature
    t.do(activate("Alice", conclave, "{1}{U}"))
    resolve_top(t)
    chars = characteristics(t.state, conclave)
    assert chars.is_creature and "Land" in chars.types            # still a land (205.1b)
    assert "Faerie" in chars.subtypes and chars.pt() == "2/1"      # 613.1d, 613.4b
    assert chars.colors == frozenset({"blue"})                    # 613.1e
    assert "flying" in chars.keywords                             # 613.1f
    # until end of turn: in the next turn it is a land alone again (514.2)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", []))
    later = pass_until(t, Step.UPKEEP)
    assert not characteristics(later.state, conclave).is_creature


# ---------------------------------------------------------------- every creature of a kind
@pytest.mark.rule("701.26a")
@plays("tap_all_without_flying", card_name="Deluge")
def test_deluge_taps_every_creature_without_flying():
    fully_compiled("Deluge")
    s, (spell, bears, angel, theirs) = board(("Deluge", "hand"), ("Grizzly Bears", "battlefield"),
                                             ("Serra Angel", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                             mana="UUU")
    t = cast_and_resolve(s, spell)
    assert t.state.obj(bears).tapped and t.state.obj(theirs).tapped
    assert not t.state.obj(angel).tapped


@pytest.mark.rule("400.3")
@plays("bounce_all_creatures", card_name="Evacuation")
def test_evacuation_returns_every_creature_to_its_owners_hand():
    fully_compiled("Evacuation")
    s, (spell, bears, theirs, forest) = board(("Evacuation", "hand"), ("Grizzly Bears", "battlefield"),
                                              ("Grizzly Bears", "bob:battlefield"), ("Forest", "battlefield"),
                                              mana="UUUUU")
    t = cast_and_resolve(s, spell)
    hands = {p: [o.card for o in t.state.in_zone(Zone.HAND, p)] for p in ("Alice", "Bob")}
    assert hands["Alice"] == ["Grizzly Bears"] and hands["Bob"] == ["Grizzly Bears"]
    assert any(o.card == "Forest" and o.zone is Zone.BATTLEFIELD for o in t.state.objects)  # no creature


@pytest.mark.rule("611.2c")
@plays("pump_attacking", card_name="Trumpet Blast")
def test_trumpet_blast_pumps_the_creatures_attacking_as_it_resolves():
    fully_compiled("Trumpet Blast")
    s, (spell, a, b) = board(("Trumpet Blast", "hand"), ("Grizzly Bears", "battlefield"),
                             ("Grizzly Bears", "battlefield"))
    mountains = [s.add("Mountain", "Alice") for _ in range(3)]
    t = s.timeline()
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [a]))
    for m in mountains:
        t.do(activate("Alice", m, 0))
    t.do(cast("Alice", spell))
    resolve_top(t)
    assert characteristics(t.state, a).pt() == "4/2"   # attacking: +2/+0 (613.4c)
    assert characteristics(t.state, b).pt() == "2/2"   # not attacking


# ---------------------------------------------------------------- what stays marked
def test_a_granted_triggered_ability_is_marked_not_played_infernal_scarring():
    c = compiled("Infernal Scarring")
    assert c is not None
    line = next(s for s in c.lines if s.line.startswith("Enchanted creature gets +2/+0"))
    assert not line.played and line.how == GRANTED_TRIGGER


@pytest.mark.rule("702.36b")
def test_a_card_named_for_a_keyword_keeps_the_keyword_fear():
    """The Aura Fear's "Enchanted creature has fear.": the lower-case keyword is the keyword, not
    the card's name (201.4 names the card with its capitals)."""
    assert normalize("Enchanted creature has fear.", "Fear") == "enchanted creature has fear."
    assert normalize("Fear deals 1 damage.", "Fear") == "~ deals 1 damage."
    fully_compiled("Fear")
    s, (aura, bears) = board(("Fear", "hand"), ("Grizzly Bears", "battlefield"), mana="BB")
    t = cast_and_resolve(s, aura, targets=(bears,))
    assert "fear" in characteristics(t.state, bears).keywords


# ---------------------------------------------------------------- colours of a target, "until end of turn," first
@pytest.mark.rule("105.2")
def test_a_target_of_either_colour_deathmark():
    """"Destroy target green or white creature.": a green creature or a white one, nothing else."""
    fully_compiled("Deathmark")
    s, (spell, bears, angel, goblin) = board(("Deathmark", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                             ("Serra Angel", "bob:battlefield"), ("Raging Goblin", "bob:battlefield"),
                                             mana="B")
    refuse(s.state(), cast("Alice", spell, targets=(goblin,)), "115.1")  # red: not a legal target
    t = cast_and_resolve(s, spell, targets=(angel,))
    assert t.state.obj(angel).zone is Zone.GRAVEYARD


@pytest.mark.rule("105.2c")
def test_a_colorless_target_is_one_with_no_colour():
    from mtgrules.cards.oracle.build import permanent_target
    s, (bears, wand) = board(("Grizzly Bears", "battlefield"), ("Transmogrifying Wand", "battlefield"))
    target = permanent_target(("target", ("colorless",), "artifact", ()))
    state = s.state()
    assert target.legal(state, "Alice", state.obj(wand))
    assert not permanent_target(("target", ("colorless",), "creature", ())).legal(state, "Alice", state.obj(bears))


@pytest.mark.rule("611.2a")
def test_until_end_of_turn_first_reads_as_until_end_of_turn_last_heroic_reinforcements():
    fully_compiled("Heroic Reinforcements")
    s, (spell, bears) = board(("Heroic Reinforcements", "hand"), ("Grizzly Bears", "battlefield"), mana="RRRW")
    t = cast_and_resolve(s, spell)
    soldiers = [o for o in t.state.objects if o.card == "Soldier" or "Soldier" in characteristics(t.state, o.oid).subtypes]
    assert len(soldiers) == 2
    for oid in [bears, *(o.oid for o in soldiers)]:
        chars = characteristics(t.state, oid)
        assert "haste" in chars.keywords
    assert characteristics(t.state, bears).pt() == "3/3"


# ---------------------------------------------------------------- characteristic-defining abilities
@pytest.mark.rule("613.4a")
@plays("cda_line", "cda_pt", "cda_yours", card_name="Nightmare")
def test_nightmare_counts_the_swamps_its_controller_controls_in_every_zone():
    fully_compiled("Nightmare")
    s, (nightmare, swamp, swamp2, theirs) = board(("Nightmare", "battlefield"), ("Swamp", "battlefield"),
                                                 ("Swamp", "battlefield"), ("Swamp", "bob:battlefield"))
    assert characteristics(s.state(), nightmare).pt() == "2/2"   # Alice's two Swamps, not Bob's
    s2, (in_hand, _s) = board(("Nightmare", "hand"), ("Swamp", "battlefield"))
    assert characteristics(s2.state(), in_hand).pt() == "1/1"    # it functions in every zone (604.3)


@pytest.mark.rule("604.3")
@plays("cda_power", card_name="Ironroot Warlord")
def test_ironroot_warlord_power_counts_creatures_and_toughness_is_printed():
    fully_compiled("Ironroot Warlord")
    s, (warlord, _b) = board(("Ironroot Warlord", "battlefield"), ("Grizzly Bears", "battlefield"))
    chars = characteristics(s.state(), warlord)
    assert chars.power == 2 and chars.toughness == 5   # itself and the Bears; toughness as printed


@pytest.mark.rule("613.4a")
@plays("cda_creature_cards_everywhere", card_name="Mortivore")
def test_mortivore_counts_creature_cards_in_every_graveyard():
    line_played("Mortivore", "Mortivore's power")
    s, (mortivore, _a, _b, _c) = board(("Mortivore", "battlefield"), ("Grizzly Bears", "graveyard"),
                                       ("Grizzly Bears", "bob:graveyard"), ("Shock", "graveyard"))
    assert characteristics(s.state(), mortivore).pt() == "2/2"


@pytest.mark.rule("613.4a")
@plays("cda_instants_sorceries_yours", card_name="Enigma Drake")
def test_enigma_drake_counts_instants_and_sorceries_in_its_owners_graveyard():
    fully_compiled("Enigma Drake")
    s, (drake, _a, _b, _c) = board(("Enigma Drake", "battlefield"), ("Shock", "graveyard"),
                                   ("Divination", "graveyard"), ("Shock", "bob:graveyard"))
    chars = characteristics(s.state(), drake)
    assert chars.power == 2 and chars.toughness == 4


@pytest.mark.rule("613.4a")
def test_scion_of_the_wild_counts_a_land_that_layer_four_made_a_creature():
    """The count is made as layer 7a applies, after layer 4 (613.1, 613.4a): a Faerie Conclave
    that became a creature until end of turn is one of the creatures Scion of the Wild counts."""
    fully_compiled("Scion of the Wild")
    s, (scion, conclave) = board(("Scion of the Wild", "battlefield"), ("Faerie Conclave", "battlefield"), mana="UU")
    t = s.timeline()
    assert characteristics(t.state, scion).pt() == "1/1"
    t.do(activate("Alice", conclave, "{1}{U}"))
    resolve_top(t)
    assert characteristics(t.state, scion).pt() == "2/2"
    from mtgrules.rules.layers import layer_trace
    rows = [st for st in layer_trace(t.state, scion).steps if st.layer == "7a"]
    assert rows and rows[0].chars.pt() == "2/2" and rows[0].effect.set_pt == (2, 2)  # the layer view shows the count


@pytest.mark.rule("613.4")
def test_an_amount_is_only_for_power_and_toughness_layers_and_stands_alone():
    from mtgrules.core.effects import Effect
    from mtgrules.core.errors import EffectError

    def two(*_a):
        return (2, 2)

    Effect("7a", "counts", "613.4a", amount=two, cda=True)
    for bad in (dict(layer="6", amount=two), dict(layer="7b", amount=two, set_pt=(1, 1)),
                dict(layer="7c", amount="two")):
        with pytest.raises(EffectError):
            Effect(description="bad", rule="613.4", **bad)


# ---------------------------------------------------------------- costs that exile the source or remove a counter
@pytest.mark.rule("118.3")
@plays("exile_self_cost", card_name="Hanged Executioner")
def test_hanged_executioner_exiles_itself_to_exile_a_creature():
    fully_compiled("Hanged Executioner")
    s, (executioner, theirs) = board(("Hanged Executioner", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                     mana="WWWW")
    t = s.timeline()
    t.do(activate("Alice", executioner, "{3}{W}", targets=(theirs,)))
    assert t.state.obj(executioner).zone is Zone.EXILE   # paid as the ability is activated (602.2b)
    resolve_top(t)
    assert t.state.obj(theirs).zone is Zone.EXILE


@pytest.mark.rule("118.3")
@plays("remove_counter_cost", card_name="Barkhide Troll")
def test_barkhide_troll_removes_its_counter_for_hexproof_and_has_none_left_for_a_second():
    fully_compiled("Barkhide Troll")
    s, (troll,) = board(("Barkhide Troll", "hand"), mana="GGGG")
    t = s.timeline()
    t.do(cast("Alice", troll))
    resolve_top(t)
    assert t.state.obj(troll).counter("+1/+1") == 1       # it enters with one (614.1c)
    t.do(activate("Alice", troll, "{1}"))
    assert t.state.obj(troll).counter("+1/+1") == 0
    resolve_top(t)
    assert "hexproof" in characteristics(t.state, troll).keywords
    refuse(t.state, activate("Alice", troll, "{1}"), "118.3")  # no counter left to remove


@pytest.mark.rule("613.4c")
@plays("pump_enchanted", card_name="Firebreathing")
def test_firebreathing_pumps_the_creature_it_enchants():
    fully_compiled("Firebreathing")
    t, aura, bears, _ = enchant("Firebreathing", mana="RRR")
    t.do(activate("Alice", aura, "{R}"))
    resolve_top(t)
    t.do(activate("Alice", aura, "{R}"))
    resolve_top(t)
    assert characteristics(t.state, bears).pt() == "4/2"


@pytest.mark.rule("105.2")
@plays("thats_either_color", card_name="Noxious Grasp")
def test_noxious_grasp_takes_a_creature_or_planeswalker_thats_green_or_white():
    fully_compiled("Noxious Grasp")
    s, (spell, bears, goblin) = board(("Noxious Grasp", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                      ("Raging Goblin", "bob:battlefield"), mana="BB")
    refuse(s.state(), cast("Alice", spell, targets=(goblin,)), "115.1")
    t = cast_and_resolve(s, spell, targets=(bears,))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.player("Alice").life == 21


@pytest.mark.rule("613.6")
def test_gets_and_gains_is_one_effect_with_one_timestamp_mighty_leap_and_heroic_reinforcements():
    """"Target creature gets +2/+2 and gains flying until end of turn." is one continuous effect:
    its layer 6 and layer 7c parts share a timestamp (613.6, 613.7); and "creatures you control get
    +1/+1 and gain haste" is one effect for all of them, not one per creature."""
    fully_compiled("Mighty Leap")
    s, (spell, bears) = board(("Mighty Leap", "hand"), ("Grizzly Bears", "battlefield"), mana="WW")
    t = cast_and_resolve(s, spell, targets=(bears,))
    stamps = {e.timestamp for e in t.state.effects if e.source == spell}
    assert len(stamps) == 1 and {e.layer for e in t.state.effects if e.source == spell} == {"6", "7c"}
    s2, (reinforce, a, b) = board(("Heroic Reinforcements", "hand"), ("Grizzly Bears", "battlefield"),
                                  ("Grizzly Bears", "battlefield"), mana="RRRW")
    t2 = cast_and_resolve(s2, reinforce)
    mine = [e for e in t2.state.effects if e.source == reinforce]
    assert len({e.timestamp for e in mine}) == 1 and len(mine) == 2
    assert all(len(e.affected or ()) == 4 for e in mine)  # the two Bears and the two new Soldiers


@pytest.mark.rule("607.2d")
@plays("self_protection_chosen_color", card_name="Voice of All")
def test_voice_of_all_has_protection_from_the_color_chosen_as_it_entered():
    fully_compiled("Voice of All")
    s, (voice, shock) = board(("Voice of All", "hand"), ("Shock", "bob:hand"), mana="WWWW")
    t = s.timeline()
    t.do(cast("Alice", voice))
    resolve_top(t, color="R")
    assert "protection from red" in characteristics(t.state, voice).keywords
    assert "protection from blue" not in characteristics(t.state, voice).keywords
    t.do(pass_priority("Alice"))
    refuse(t.state, cast("Bob", shock, targets=(voice,)), "702.16b")  # red can't target it (DEBT)


# ---------------------------------------------------------------- static bonuses "for each"
@pytest.mark.rule("613.4c")
@plays("static_per", "static_pump_per", "per_yours", card_name="Blanchwood Armor")
def test_blanchwood_armor_counts_its_controllers_forests_at_each_moment():
    fully_compiled("Blanchwood Armor")
    t, aura, bears, (f1, f2, theirs) = enchant("Blanchwood Armor", ("Forest", "battlefield"), ("Forest", "battlefield"),
                                               ("Forest", "bob:battlefield"), mana="GGG")
    assert characteristics(t.state, bears).pt() == "4/4"   # two Forests of Alice's, not Bob's


@pytest.mark.rule("611.3a")
@plays("per_on_battlefield", card_name="Yavimaya Enchantress")
def test_yavimaya_enchantress_counts_every_enchantment_on_the_battlefield():
    fully_compiled("Yavimaya Enchantress")
    s, (ench, _a, _b) = board(("Yavimaya Enchantress", "battlefield"), ("Glorious Anthem", "battlefield"),
                              ("Glorious Anthem", "bob:battlefield"))
    # 2/2; +1/+1 for each of the two enchantments, whoever controls them; +1/+1 from Alice's Anthem
    assert characteristics(s.state(), ench).pt() == "5/5"


@pytest.mark.rule("613.4c")
@plays("per_other_named_self", "deck_any_number", card_name="Relentless Rats")
def test_relentless_rats_count_the_other_rats_and_the_deck_rule_is_marked():
    from mtgrules.cards.oracle.topics.auras import DECK_RULE
    line_played("Relentless Rats", "Relentless Rats gets")
    c = compiled("Relentless Rats")
    assert c is not None and any(not s.played and s.how == DECK_RULE for s in c.lines)
    s, (a, b, c2, theirs) = board(("Relentless Rats", "battlefield"), ("Relentless Rats", "battlefield"),
                                  ("Relentless Rats", "battlefield"), ("Relentless Rats", "bob:battlefield"))
    assert characteristics(s.state(), a).pt() == "5/5"   # 2/2 and three other Rats (Bob's counts: "on the battlefield")


# ---------------------------------------------------------------- instructions for a group
@pytest.mark.rule("122.1")
@plays("auras_group_effect", "counter_on_each_yours", card_name="Basri's Solidarity")
def test_basris_solidarity_puts_a_counter_on_each_creature_its_caster_controls():
    fully_compiled("Basri's Solidarity")
    s, (spell, a, b, theirs) = board(("Basri's Solidarity", "hand"), ("Grizzly Bears", "battlefield"),
                                     ("Grizzly Bears", "battlefield"), ("Grizzly Bears", "bob:battlefield"), mana="WW")
    t = cast_and_resolve(s, spell)
    assert [t.state.obj(x).counter("+1/+1") for x in (a, b, theirs)] == [1, 1, 0]


@pytest.mark.rule("611.2c")
@plays("yours_gain_two", card_name="Heroic Intervention")
def test_heroic_intervention_covers_the_permanents_controlled_as_it_resolves():
    fully_compiled("Heroic Intervention")
    s, (spell, bears, forest, theirs) = board(("Heroic Intervention", "hand"), ("Grizzly Bears", "battlefield"),
                                              ("Forest", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                              mana="GG")
    t = cast_and_resolve(s, spell)
    for oid in (bears, forest):
        assert {"hexproof", "indestructible"} <= set(characteristics(t.state, oid).keywords)
    assert "hexproof" not in characteristics(t.state, theirs).keywords


@pytest.mark.rule("609.3")
@plays("pump_all_creatures", "remove_loyalty_each", card_name="Pestilent Haze")
def test_pestilent_haze_either_mode():
    fully_compiled("Pestilent Haze")
    s, (haze, bears, theirs, walker) = board(("Pestilent Haze", "hand"), ("Grizzly Bears", "battlefield"),
                                             ("Grizzly Bears", "bob:battlefield"),
                                             ("Chandra, Acolyte of Flame", "bob:battlefield"), mana="BBB")
    t = s.timeline()
    t.do(cast("Alice", haze, mode="All creatures"))
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(theirs).zone is Zone.GRAVEYARD  # 0/0 (704.5f)
    s2, (haze2, walker2) = board(("Pestilent Haze", "hand"), ("Chandra, Acolyte of Flame", "bob:battlefield"),
                                 mana="BBB")
    loyalty = s2.state().obj(walker2).counter("loyalty")
    assert loyalty == 4  # Chandra, Acolyte of Flame's printed loyalty (306.5b)
    t2 = s2.timeline()
    t2.do(cast("Alice", haze2, mode="Remove two"))
    resolve_top(t2)
    after = t2.state.obj(walker2)
    assert after.counter("loyalty") == 2
