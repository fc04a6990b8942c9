"""Amounts and target phrases, played by real cards from the kit's sets.

Each template of the grammar's section "amounts and target phrases" has a card here (the
meta-test of ``test_oracle_templates`` counts them): the pain lands' mana ability with damage
(605.1a, 605.3b), "target player or planeswalker" (115.1), two amounts in one instruction (120.3),
counts taken as an instruction is followed (608.2h), and target phrases: a list of card types, mana
value (202.3) and "that's white or blue" (105.2).
"""

from __future__ import annotations

import pytest
from test_oracle_templates import board, cast_and_resolve, fully_compiled, line_played, plays

from mtgrules import activate, cast, characteristics
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def life(t, player: str) -> int:
    return t.state.player(player).life


def graveyard(t, player: str) -> list[str]:
    return [o.card for o in t.state.in_zone(Zone.GRAVEYARD, player)]


# ---------------------------------------------------------------- a pain land (605.1a, 605.3b)
@pytest.mark.rule("605.3b")
@plays("pain_mana", card_name="Adarkar Wastes")
def test_pain_land_adds_the_mana_and_deals_its_damage_at_once_adarkar_wastes():
    """"{T}: Add {W} or {U}. ~ deals 1 damage to you." is one mana ability (605.1a): activating it
    adds the mana and deals the damage at once, with nothing put on the stack (605.3b)."""
    fully_compiled("Adarkar Wastes")
    s, (land,) = board(("Adarkar Wastes", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", land, "{T}: Add {W} or {U}", choices={"color": "U"}))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["U"]
    assert life(t, "Alice") == 19 and not t.state.stack
    assert any(e.rule == "120.3" and "Adarkar Wastes deals 1" in e.text for f in t for e in f.events)


@pytest.mark.rule("605.1a")
def test_pain_land_damage_comes_with_mana_paid_for_a_spell_battlefield_forge():
    """Tapped to pay for a spell, the pain land still deals its damage: it is the same ability."""
    fully_compiled("Battlefield Forge")
    s, (land, spell, bear) = board(("Battlefield Forge", "battlefield"), ("Shock", "hand"),
                                   ("Grizzly Bears", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", land, "{T}: Add {R} or {W}", choices={"color": "R"}))
    t.do(cast("Alice", spell, targets=(bear,)))
    resolve_top(t)
    assert life(t, "Alice") == 19 and graveyard(t, "Bob") == ["Grizzly Bears"]


# ---------------------------------------------------------------- a player or planeswalker (115.1)
@pytest.mark.rule("115.1")
@plays("player_or_planeswalker", card_name="Lava Axe")
def test_target_player_or_planeswalker_lava_axe():
    fully_compiled("Lava Axe")
    s, (axe, walker, bear) = board(("Lava Axe", "hand"), ("Liliana, the Necromancer", "bob:battlefield"),
                                   ("Grizzly Bears", "bob:battlefield"), mana="CCCCR")
    with pytest.raises(IllegalAction):  # a creature is neither a player nor a planeswalker (115.1)
        s.timeline().do(cast("Alice", axe, targets=(bear,)))
    t = cast_and_resolve(s, axe, targets=("Bob",))
    assert life(t, "Bob") == 15
    t = cast_and_resolve(s, axe, targets=(walker,))  # 5 damage removes its 4 loyalty counters (120.3c, 704.5i)
    assert life(t, "Bob") == 20 and "Liliana, the Necromancer" in graveyard(t, "Bob")


@pytest.mark.rule("115.1")
@plays("opponent_or_planeswalker", card_name="Sorcerer of the Fang")
def test_target_opponent_or_planeswalker_sorcerer_of_the_fang():
    fully_compiled("Sorcerer of the Fang")
    s, (sorcerer,) = board(("Sorcerer of the Fang", "battlefield"), mana="CCCCCB")
    with pytest.raises(IllegalAction):  # Alice is no opponent of her own
        s.timeline().do(activate("Alice", sorcerer, 0, targets=("Alice",)))
    t = s.timeline()
    t.do(activate("Alice", sorcerer, 0, targets=("Bob",)))
    resolve_top(t)
    assert life(t, "Bob") == 18


@pytest.mark.rule("603.3d")
def test_enters_trigger_deals_damage_to_target_player_or_planeswalker_viashino_pyromancer():
    fully_compiled("Viashino Pyromancer")
    s, (viashino,) = board(("Viashino Pyromancer", "hand"), mana="CR")
    t = cast_and_resolve(s, viashino, target="Bob")  # the trigger's target, chosen as it is put on the stack
    resolve_top(t)
    assert life(t, "Bob") == 18


# ---------------------------------------------------------------- two amounts, one instruction (120.3)
@pytest.mark.rule("120.3")
@plays("damage_and_you", card_name="Orcish Artillery")
def test_damage_to_any_target_and_to_you_orcish_artillery():
    fully_compiled("Orcish Artillery")
    s, (orc, bear) = board(("Orcish Artillery", "battlefield"), ("Grizzly Bears", "bob:battlefield"))
    t = s.timeline()
    t.do(activate("Alice", orc, 0, targets=(bear,)))
    resolve_top(t)
    assert graveyard(t, "Bob") == ["Grizzly Bears"] and life(t, "Alice") == 17


@pytest.mark.rule("120.3")
@plays("damage_and_controller", card_name="Chandra's Outrage")
def test_damage_to_target_creature_and_its_controller_chandras_outrage():
    fully_compiled("Chandra's Outrage")
    s, (spell, giant) = board(("Chandra's Outrage", "hand"), ("Hill Giant", "bob:battlefield"), mana="CCRR")
    t = cast_and_resolve(s, spell, targets=(giant,))
    assert graveyard(t, "Bob") == ["Hill Giant"] and life(t, "Bob") == 18 and life(t, "Alice") == 20


@pytest.mark.rule("120.3")
@plays("damage_player_and_creatures", card_name="Radiating Lightning")
def test_damage_to_target_player_and_each_creature_they_control_radiating_lightning():
    fully_compiled("Radiating Lightning")
    s, (spell, elf, mine) = board(("Radiating Lightning", "hand"), ("Llanowar Elves", "bob:battlefield"),
                                  ("Llanowar Elves", "battlefield"), mana="CCCR")
    t = cast_and_resolve(s, spell, targets=("Bob",))
    assert life(t, "Bob") == 17 and graveyard(t, "Bob") == ["Llanowar Elves"]
    assert t.state.obj(mine).zone is Zone.BATTLEFIELD and t.state.obj(mine).damage == 0  # not Bob's


# ---------------------------------------------------------------- counted as it resolves (608.2h)
@pytest.mark.rule("608.2h")
@plays("pump_target_for_each", card_name="Might of the Masses")
def test_pump_for_each_creature_you_control_might_of_the_masses():
    fully_compiled("Might of the Masses")
    s, (spell, bear, *_rest) = board(("Might of the Masses", "hand"), ("Grizzly Bears", "battlefield"),
                                     ("Llanowar Elves", "battlefield"), ("Hill Giant", "battlefield"),
                                     ("Grizzly Bears", "bob:battlefield"), mana="G")
    t = cast_and_resolve(s, spell, targets=(bear,))
    assert characteristics(t.state, bear).pt() == "5/5"  # three creatures of Alice's, Bob's not counted


@pytest.mark.rule("608.2h")
@plays("pump_self_for_each", card_name="Creeping Trailblazer")
def test_pump_self_for_each_elemental_you_control_creeping_trailblazer():
    line_played("Creeping Trailblazer", "{2}{R}{G}")
    s, (blazer, bear) = board(("Creeping Trailblazer", "battlefield"), ("Grizzly Bears", "battlefield"),
                              mana="CCRG")
    base = characteristics(s.state(), blazer).pt()
    t = s.timeline()
    t.do(activate("Alice", blazer, "{2}{R}{G}"))
    resolve_top(t)
    p, th = (int(x) for x in base.split("/"))
    assert characteristics(t.state, blazer).pt() == f"{p + 1}/{th + 1}"  # only itself is an Elemental


@pytest.mark.rule("608.2h")
@plays("damage_equal_count", card_name="Spitting Earth")
def test_damage_equal_to_the_number_of_mountains_you_control_spitting_earth():
    fully_compiled("Spitting Earth")
    s, (spell, giant, *_lands) = board(("Spitting Earth", "hand"), ("Hill Giant", "bob:battlefield"),
                                       ("Mountain", "battlefield"), ("Mountain", "battlefield"),
                                       ("Mountain", "bob:battlefield"), mana="CR")
    t = cast_and_resolve(s, spell, targets=(giant,))
    assert t.state.obj(giant).damage == 2  # Alice's two Mountains; Bob's isn't hers


@pytest.mark.rule("608.2h")
@plays("damage_equal_hand", card_name="Sudden Impact")
def test_damage_equal_to_the_cards_in_that_players_hand_sudden_impact():
    fully_compiled("Sudden Impact")
    s, (spell, *_cards) = board(("Sudden Impact", "hand"), ("Forest", "bob:hand"), ("Forest", "bob:hand"),
                                ("Island", "bob:hand"), mana="CCCR")
    t = cast_and_resolve(s, spell, targets=("Bob",))
    assert life(t, "Bob") == 17


# ---------------------------------------------------------------- target phrases (115.1, 202.3, 105.2)
@pytest.mark.rule("202.3")
@plays("with_mana_value_at_most", card_name="Eliminate")
def test_target_with_mana_value_3_or_less_eliminate():
    fully_compiled("Eliminate")
    s, (spell, giant, bear) = board(("Eliminate", "hand"), ("Hill Giant", "bob:battlefield"),
                                    ("Grizzly Bears", "bob:battlefield"), mana="CB")
    with pytest.raises(IllegalAction):  # Hill Giant's {3}{R}: mana value 4 (202.3)
        s.timeline().do(cast("Alice", spell, targets=(giant,)))
    t = cast_and_resolve(s, spell, targets=(bear,))  # {1}{G}: mana value 2
    assert graveyard(t, "Bob") == ["Grizzly Bears"]


@pytest.mark.rule("202.3")
@plays("with_mana_value", card_name="Isolate")
def test_target_permanent_with_mana_value_1_isolate():
    fully_compiled("Isolate")
    s, (spell, elf, bear) = board(("Isolate", "hand"), ("Llanowar Elves", "bob:battlefield"),
                                  ("Grizzly Bears", "bob:battlefield"), mana="W")
    with pytest.raises(IllegalAction):  # Grizzly Bears has mana value 2
        s.timeline().do(cast("Alice", spell, targets=(bear,)))
    t = cast_and_resolve(s, spell, targets=(elf,))
    assert [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Llanowar Elves"]


@pytest.mark.rule("105.2")
@plays("thats_either_color", card_name="Fry")
def test_target_thats_white_or_blue_fry():
    fully_compiled("Fry")
    s, (spell, bear, angel) = board(("Fry", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                    ("Serra Angel", "bob:battlefield"), mana="CR")
    with pytest.raises(IllegalAction):  # green is neither white nor blue
        s.timeline().do(cast("Alice", spell, targets=(bear,)))
    t = cast_and_resolve(s, spell, targets=(angel,))
    assert graveyard(t, "Bob") == ["Serra Angel"]


@pytest.mark.rule("115.1")
def test_target_artifact_enchantment_or_land_creeping_mold():
    fully_compiled("Creeping Mold")
    s, (spell, bear, land, anthem) = board(("Creeping Mold", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                           ("Island", "bob:battlefield"), ("Glorious Anthem", "bob:battlefield"),
                                           mana="CCGG")
    with pytest.raises(IllegalAction):  # a creature is none of the three
        s.timeline().do(cast("Alice", spell, targets=(bear,)))
    t = cast_and_resolve(s, spell, targets=(land,))
    assert graveyard(t, "Bob") == ["Island"]
    t = cast_and_resolve(s, spell, targets=(anthem,))
    assert graveyard(t, "Bob") == ["Glorious Anthem"]


# ---------------------------------------------------------------- "up to one", "each of up to two" (601.2c)
@pytest.mark.rule("601.2c")
@plays("up_to_one_target", card_name="Sorin, Vampire Lord")
def test_up_to_one_target_may_be_none_sorin_vampire_lord():
    line_played("Sorin, Vampire Lord", "[+1]")
    s, (sorin, bear) = board(("Sorin, Vampire Lord", "battlefield"), ("Grizzly Bears", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", sorin, 0, targets=(bear,)))
    resolve_top(t)
    assert characteristics(t.state, bear).pt() == "4/2"
    t = s.timeline()
    t.do(activate("Alice", sorin, 0, targets=()))  # "up to one": none chosen, and it still resolves (115.6)
    resolve_top(t)
    assert characteristics(t.state, bear).pt() == "2/2" and t.state.obj(sorin).counter("loyalty") == 5


@pytest.mark.rule("122.1")
@plays("each_of_up_to", card_name="Ajani, Adversary of Tyrants")
def test_a_counter_on_each_of_up_to_two_target_creatures_ajani_adversary_of_tyrants():
    line_played("Ajani, Adversary of Tyrants", "[+1]")
    s, (ajani, bear, elf) = board(("Ajani, Adversary of Tyrants", "battlefield"), ("Grizzly Bears", "battlefield"),
                                  ("Llanowar Elves", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", ajani, 0, targets=(bear, elf)))
    resolve_top(t)
    assert t.state.obj(bear).counter("+1/+1") == 1 and t.state.obj(elf).counter("+1/+1") == 1


# ---------------------------------------------------------------- "where X is" (107.3, 608.2h) and X (107.3a)
@pytest.mark.rule("608.2h")
@plays("where_x", "x_draw", "x_lose", "x_count_controlled", card_name="Graveborn Muse")
def test_where_x_is_the_number_of_zombies_you_control_graveborn_muse():
    from test_oracle_templates import pass_to_upkeep_trigger

    from mtgrules import Scenario
    fully_compiled("Graveborn Muse")
    s = Scenario("muse", players=["Alice", "Bob"], step="end")
    s.add("Graveborn Muse", "Bob")  # Alice's turn ends; the next upkeep is Bob's
    s.add("Diregraf Ghoul", "Bob")  # a second Zombie of Bob's
    s.add("Diregraf Ghoul", "Alice")  # Alice's Zombie isn't Bob's
    for p in ("Alice", "Bob"):
        for _ in range(4):
            s.add("Forest", p, zone="library")
    t = pass_to_upkeep_trigger(s.timeline())
    hand = len(t.state.in_zone(Zone.HAND, "Bob"))
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Bob")) == hand + 2 and life(t, "Bob") == 18


@pytest.mark.rule("107.3")
@plays("x_counters", "x_life_total", card_name="Ajani, Wise Counselor")
def test_where_x_is_your_life_total_ajani_wise_counselor():
    from mtgrules import Scenario
    fully_compiled("Ajani, Wise Counselor")
    s = Scenario("ajani", players=["Alice", "Bob"], step="main1")
    ajani = s.add("Ajani, Wise Counselor", "Alice", counters={"loyalty": 9})  # enough for [-9]
    bear = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    t.do(activate("Alice", ajani, "[−9]", targets=(bear,)))
    resolve_top(t)
    assert t.state.obj(bear).counter("+1/+1") == 20  # Alice's life total as it resolves


@pytest.mark.rule("613.4c")
@plays("x_pump_self", card_name="Loxodon Lifechanter")
def test_gets_x_x_where_x_is_your_life_total_loxodon_lifechanter():
    line_played("Loxodon Lifechanter", "{5}{W}")
    s, (lox,) = board(("Loxodon Lifechanter", "battlefield"), mana="CCCCCW")
    t = s.timeline()
    t.do(activate("Alice", lox, "{5}{W}"))
    resolve_top(t)
    assert characteristics(t.state, lox).pt() == "24/26"  # a 4/6, +20/+20


@pytest.mark.rule("107.3a")
@plays("pump_all_x", card_name="Flowstone Slide")
def test_all_creatures_get_plus_x_minus_x_flowstone_slide():
    fully_compiled("Flowstone Slide")
    s, (slide, giant, elf) = board(("Flowstone Slide", "hand"), ("Hill Giant", "battlefield"),
                                   ("Llanowar Elves", "bob:battlefield"), mana="CCCCRR")
    t = s.timeline()
    t.do(cast("Alice", slide, x=2))
    resolve_top(t)
    assert characteristics(t.state, giant).pt() == "5/1" and graveyard(t, "Bob") == ["Llanowar Elves"]


# ---------------------------------------------------------------- damage equal to a creature's power (120.3)
@pytest.mark.rule("120.3")
@plays("target_deals_its_power", card_name="Rabid Bite")
def test_target_creature_deals_damage_equal_to_its_power_rabid_bite():
    fully_compiled("Rabid Bite")
    s, (bite, giant, bear) = board(("Rabid Bite", "hand"), ("Hill Giant", "battlefield"),
                                   ("Grizzly Bears", "bob:battlefield"), mana="CG")
    with pytest.raises(IllegalAction):  # the first target must be Alice's creature (115.1)
        s.timeline().do(cast("Alice", bite, targets=(bear, giant)))
    t = cast_and_resolve(s, bite, targets=(giant, bear))
    assert graveyard(t, "Bob") == ["Grizzly Bears"] and t.state.obj(giant).damage == 0  # one-sided: no fight
    assert any(e.rule == "120.3" and e.text.startswith("Hill Giant deals 3") for f in t for e in f.events)


@pytest.mark.rule("608.2b")
def test_rabid_bite_deals_no_damage_when_its_first_target_is_gone():
    """The card's official ruling (2019-07-12): "If either creature is an illegal target as Rabid Bite
    tries to resolve, the creature you control won't deal damage": the biter bounced in response,
    the other creature is unharmed."""
    fully_compiled("Rabid Bite")
    s, (bite, giant, bear, unsummon) = board(("Rabid Bite", "hand"), ("Hill Giant", "battlefield"),
                                             ("Grizzly Bears", "bob:battlefield"), ("Unsummon", "hand"), mana="CGU")
    t = s.timeline()
    t.do(cast("Alice", bite, targets=(giant, bear), pay="CG"))
    t.do(cast("Alice", unsummon, targets=(giant,)))
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(bear).zone is Zone.BATTLEFIELD and t.state.obj(bear).damage == 0


@pytest.mark.rule("608.2h")
@plays("self_deals_its_power", card_name="Heartfire Immolator")
def test_sacrificed_source_deals_damage_equal_to_its_last_power_heartfire_immolator():
    fully_compiled("Heartfire Immolator")
    s, (immolator, giant) = board(("Heartfire Immolator", "battlefield"), ("Hill Giant", "bob:battlefield"),
                                  mana="R")
    t = s.timeline()
    t.do(activate("Alice", immolator, 0, targets=(giant,)))  # sacrificed as the cost is paid
    assert t.state.obj(immolator).zone is not Zone.BATTLEFIELD
    resolve_top(t)
    assert t.state.obj(giant).damage == 2  # its power as it last existed on the battlefield (608.2h)


# ---------------------------------------------------------------- more target phrases
@pytest.mark.rule("509.1b")
@plays("up_to_cant_be_blocked", card_name="Ghostform")
def test_up_to_two_target_creatures_cant_be_blocked_ghostform():
    from mtgrules.core.keywords import Keyword
    fully_compiled("Ghostform")
    s, (spell, bear, elf, giant) = board(("Ghostform", "hand"), ("Grizzly Bears", "battlefield"),
                                         ("Llanowar Elves", "battlefield"), ("Hill Giant", "battlefield"), mana="CU")
    t = cast_and_resolve(s, spell, targets=(bear, elf))
    assert Keyword.CANT_BE_BLOCKED in characteristics(t.state, bear).keywords
    assert Keyword.CANT_BE_BLOCKED in characteristics(t.state, elf).keywords
    assert Keyword.CANT_BE_BLOCKED not in characteristics(t.state, giant).keywords


@pytest.mark.rule("205.3")
def test_target_list_of_subtypes_animal_sanctuary():
    fully_compiled("Animal Sanctuary")
    s, (sanctuary, cat, bear) = board(("Animal Sanctuary", "battlefield"), ("Ajani's Pridemate", "battlefield"),
                                      ("Grizzly Bears", "battlefield"), mana="CC")
    with pytest.raises(IllegalAction):  # a Bear is none of Bird, Cat, Dog, Goat, Ox or Snake
        s.timeline().do(activate("Alice", sanctuary, "{2}, {T}", targets=(bear,)))
    t = s.timeline()
    t.do(activate("Alice", sanctuary, "{2}, {T}", targets=(cat,)))
    resolve_top(t)
    assert t.state.obj(cat).counter("+1/+1") == 1


# ---------------------------------------------------------------- either colour, two types, more counts
@pytest.mark.rule("105.2")
def test_target_green_or_white_creature_deathmark():
    fully_compiled("Deathmark")
    s, (spell, giant, bear) = board(("Deathmark", "hand"), ("Hill Giant", "bob:battlefield"),
                                    ("Grizzly Bears", "bob:battlefield"), mana="B")
    with pytest.raises(IllegalAction):  # red is neither green nor white
        s.timeline().do(cast("Alice", spell, targets=(giant,)))
    t = cast_and_resolve(s, spell, targets=(bear,))
    assert graveyard(t, "Bob") == ["Grizzly Bears"]


@pytest.mark.rule("105.2")
@plays("counter_either_color", card_name="Flashfreeze")
def test_counter_target_red_or_green_spell_flashfreeze():
    fully_compiled("Flashfreeze")
    s, (freeze, shock, opt) = board(("Flashfreeze", "hand"), ("Shock", "bob:hand"), ("Opt", "bob:hand"))
    s.mana("Bob", "RU")
    s.mana("Alice", "CU")
    t = s.timeline()
    from mtgrules import pass_priority
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", opt))
    with pytest.raises(IllegalAction):  # a blue spell is neither red nor green
        t.do(cast("Alice", freeze, targets=(opt,)))
    resolve_top(t, scry=())
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", shock, targets=("Alice",)))
    t.do(pass_priority("Bob"))
    t.do(cast("Alice", freeze, targets=(shock,)))
    resolve_top(t)
    assert "Shock" in graveyard(t, "Bob") and life(t, "Alice") == 20 and not t.state.stack


@pytest.mark.rule("205.2a")
def test_target_artifact_or_land_demolish():
    fully_compiled("Demolish")
    s, (spell, bear, land) = board(("Demolish", "hand"), ("Grizzly Bears", "bob:battlefield"),
                                   ("Island", "bob:battlefield"), mana="CCCR")
    with pytest.raises(IllegalAction):  # a creature is neither (115.1)
        s.timeline().do(cast("Alice", spell, targets=(bear,)))
    t = cast_and_resolve(s, spell, targets=(land,))
    assert graveyard(t, "Bob") == ["Island"]


@pytest.mark.rule("120.3")
@plays("damage_player_and_their_creatures", card_name="Chandra, Flame's Fury")
def test_ten_damage_to_target_player_and_each_creature_they_control_chandra_flames_fury():
    from mtgrules import Scenario
    fully_compiled("Chandra, Flame's Fury")
    s = Scenario("chandra", players=["Alice", "Bob"], step="main1")
    chandra = s.add("Chandra, Flame's Fury", "Alice", counters={"loyalty": 8})
    giant, mine = s.add("Hill Giant", "Bob"), s.add("Hill Giant", "Alice")
    t = s.timeline()
    t.do(activate("Alice", chandra, "[−8]", targets=("Bob",)))
    resolve_top(t)
    assert life(t, "Bob") == 10 and t.state.obj(giant).zone is Zone.GRAVEYARD
    assert t.state.obj(mine).zone is Zone.BATTLEFIELD


@pytest.mark.rule("608.2h")
@plays("attacks_pump_for_each", card_name="Lavakin Brawler")
def test_whenever_it_attacks_it_gets_plus_one_for_each_elemental_lavakin_brawler():
    from combat_support import pass_until

    from mtgrules import Step, declare_attackers
    fully_compiled("Lavakin Brawler")
    s, (brawler, other, bear) = board(("Lavakin Brawler", "battlefield"), ("Creeping Trailblazer", "battlefield"),
                                      ("Grizzly Bears", "battlefield"))
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [brawler]))
    resolve_top(t)
    # a 2/4, 3/4 with the Trailblazer's "Other Elementals you control get +1/+0"; then +1/+0 for each of
    # the two Elementals (itself and the Trailblazer), counted as the trigger resolves
    assert characteristics(t.state, brawler).pt() == "5/4"


@pytest.mark.rule("608.2h")
@plays("tokens_for_each_named", card_name="Undead Servant")
def test_a_token_for_each_card_of_its_name_in_your_graveyard_undead_servant():
    fully_compiled("Undead Servant")
    s, (servant, *_dead) = board(("Undead Servant", "hand"), ("Undead Servant", "graveyard"),
                                 ("Undead Servant", "graveyard"), ("Undead Servant", "bob:graveyard"), mana="CCCB")
    t = cast_and_resolve(s, servant)
    resolve_top(t)
    zombies = [o for o in t.state.battlefield("Alice") if o.is_token]
    assert len(zombies) == 2 and all(characteristics(t.state, z.oid).pt() == "2/2" for z in zombies)


@pytest.mark.rule("608.2h")
@plays("draw_then_draw_named", card_name="Frantic Inventory")
def test_draw_then_draw_for_each_card_of_its_name_frantic_inventory():
    fully_compiled("Frantic Inventory")
    s, (spell, *_dead) = board(("Frantic Inventory", "hand"), ("Frantic Inventory", "graveyard"),
                               ("Frantic Inventory", "graveyard"), mana="CU")
    t = cast_and_resolve(s, spell)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 3  # one, then two for the two in the graveyard


# ---------------------------------------------------------------- life equal to what was moved (608.2h)
@pytest.mark.rule("608.2h")
@plays("then_life_equal", card_name="Infernal Reckoning")
def test_gain_life_equal_to_the_exiled_creatures_power_infernal_reckoning():
    """The card's ruling (2018-07-13): the power as the creature last existed on the battlefield."""
    fully_compiled("Infernal Reckoning")
    s, (spell, golem, bear) = board(("Infernal Reckoning", "hand"), ("Juggernaut", "bob:battlefield"),
                                    ("Grizzly Bears", "bob:battlefield"), mana="B")
    with pytest.raises(IllegalAction):  # a green creature isn't colorless (105.2c)
        s.timeline().do(cast("Alice", spell, targets=(bear,)))
    t = cast_and_resolve(s, spell, targets=(golem,))
    assert [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Juggernaut"] and life(t, "Alice") == 25


@pytest.mark.rule("608.2h")
def test_its_controller_gains_life_equal_to_its_toughness_condemn():
    """The card's ruling (2010-08-15): the toughness as it last existed on the battlefield; its
    controller, not Condemn's, gains the life."""
    from combat_support import pass_until

    from mtgrules import Scenario, Step, declare_attackers, pass_priority
    fully_compiled("Condemn")
    s = Scenario("condemn", players=["Bob", "Alice"], step="main1")  # Bob's turn: his Giant attacks
    giant = s.add("Hill Giant", "Bob")
    condemn = s.add("Condemn", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Forest", p, zone="library")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Bob", [giant]))
    t.do(pass_priority("Bob"))
    t.do(activate("Alice", plains, 0))
    t.do(cast("Alice", condemn, targets=(giant,)))
    resolve_top(t)
    assert life(t, "Bob") == 23 and life(t, "Alice") == 20
    assert "Hill Giant" in [o.card for o in t.state.in_zone(Zone.LIBRARY, "Bob")]


@pytest.mark.rule("506.4c")
@plays("damage_what_it_attacks", card_name="Scorch Spitter")
def test_damage_to_the_player_it_is_attacking_scorch_spitter():
    from combat_support import pass_until

    from mtgrules import Step, declare_attackers
    fully_compiled("Scorch Spitter")
    s, (spitter,) = board(("Scorch Spitter", "battlefield"))
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [spitter]))
    resolve_top(t)
    assert life(t, "Bob") == 19
    assert any(e.rule == "120.3" and "noncombat" in e.text for f in t for e in f.events)  # the card's ruling
