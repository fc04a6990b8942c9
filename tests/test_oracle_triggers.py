"""The triggers topic, played by real cards from the kit's four core sets: trigger events the
core grammar doesn't have (603.2, 603.6a, 603.10a) and intervening "if"s (603.4), checked as the
event happens and again as the ability resolves.

Each template of the grammar's "triggers" section has a test here (``@plays``), each asserting
what happens with its rule; and what must not trigger is shown not to.
"""

from __future__ import annotations

import pytest
from combat_support import pass_until
from test_oracle_templates import board, cast_and_resolve, fully_compiled, line_played, plays

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers, declare_blockers
from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


def triggers_of(t, name: str) -> list[str]:
    """The trigger notes of ``name`` in the whole timeline."""
    return [e.text for f in t for e in f.events if e.kind == EventKind.TRIGGER and e.name == name]


def if_checks(t, name: str) -> list[bool]:
    """The results of ``name``'s intervening "if" checks, in order (603.4)."""
    return [e.after for f in t for e in f.events if e.kind == EventKind.IF_CHECK and e.name == name]


def hand_size(t, player: str = "Alice") -> int:
    return len(t.state.in_zone(Zone.HAND, player))


def from_end_step(*cards: tuple[str, str]) -> tuple[Scenario, list[int]]:
    """Alice's end step, so the next turn (Bob's) begins from its untap step; (name, owner) each
    on the battlefield, and a few cards in each library."""
    s = Scenario("triggers", players=["Alice", "Bob"], step="end")
    ids = [s.add(name, owner) for name, owner in cards]
    for p in ("Alice", "Bob"):
        for _ in range(4):
            s.add("Forest", p, zone="library")
    return s, ids


def bob_main(t):
    """Play on from Alice's end step to Bob's precombat main phase, resolving nothing on the way
    (the stack is empty when each step ends, 500.2)."""
    return pass_until(t, Step.MAIN1)


# ---------------------------------------------------------------- "whenever a player casts" (601.2i)
@pytest.mark.rule("601.2i")
@plays("more_triggered", "trg_a_player_casts_color", "trg_you_may_gain", card_name="Angel's Feather")
def test_whenever_a_player_casts_a_white_spell_angels_feather():
    """Bob's Feather hears Alice's white spell ("a player", not "you") and he may gain 1 life."""
    fully_compiled("Angel's Feather")
    s, (_, alarm) = board(("Angel's Feather", "bob:battlefield"), ("Raise the Alarm", "hand"), mana="CW")
    t = s.timeline()
    t.do(cast("Alice", alarm))
    assert [i.kind for i in t.state.stack] == ["spell", "trigger"]  # on top of the spell (603.3)
    resolve_top(t, may="yes")
    assert t.state.player("Bob").life == 21  # 119.3


@pytest.mark.rule("105.2")
def test_a_green_spell_doesnt_trigger_angels_feather():
    s, (_, bears) = board(("Angel's Feather", "bob:battlefield"), ("Grizzly Bears", "hand"), mana="CG")
    t = s.timeline()
    t.do(cast("Alice", bears))
    assert [i.kind for i in t.state.stack] == ["spell"]


# ---------------------------------------------------------------- entering (603.6a)
@pytest.mark.rule("603.6a")
@plays("trg_yours_enters", "entering_subtype", card_name="Bishop of Wings")
def test_whenever_an_angel_enters_under_your_control_bishop_of_wings():
    fully_compiled("Bishop of Wings")
    s, (_, bears) = board(("Bishop of Wings", "battlefield"), ("Grizzly Bears", "hand"), mana="CG")
    assert not cast_and_resolve(s, bears).state.stack  # no Angel: nothing triggers
    s, (_, angel) = board(("Bishop of Wings", "battlefield"), ("Serra Angel", "hand"), mana="CCCWW")
    t = cast_and_resolve(s, angel)
    assert [i.kind for i in t.state.stack] == ["trigger"]
    resolve_top(t)
    assert t.state.player("Alice").life == 24


@pytest.mark.rule("603.6a")
@plays("entering_creature", "with_keyword", card_name="Waterkin Shaman")
def test_whenever_a_creature_with_flying_enters_waterkin_shaman():
    fully_compiled("Waterkin Shaman")
    s, (shaman, elemental) = board(("Waterkin Shaman", "battlefield"), ("Air Elemental", "hand"), mana="CCCUU")
    t = cast_and_resolve(s, elemental)
    resolve_top(t)
    assert characteristics(t.state, shaman).pt() == "3/2"  # 2/1 and +1/+1 until end of turn (613.4c)


@pytest.mark.rule("603.6a")
def test_another_blue_creature_enters_with_a_target_sages_row_denizen():
    """The trigger's target is chosen as it is put on the stack (603.3d): Bob mills two."""
    fully_compiled("Sage's Row Denizen")
    s, (_, elemental) = board(("Sage's Row Denizen", "battlefield"), ("Air Elemental", "hand"), mana="CCCUU")
    t = cast_and_resolve(s, elemental, target="Bob")
    resolve_top(t)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 2  # 701.17a


@pytest.mark.rule("603.6a")
@plays("trg_another_creature_enters", card_name="Soul Warden")
def test_whenever_another_creature_enters_anyones_soul_warden():
    """"Another creature", with no "under your control": Alice's creature triggers Bob's Warden."""
    fully_compiled("Soul Warden")
    s, (_, bears) = board(("Soul Warden", "bob:battlefield"), ("Grizzly Bears", "hand"), mana="CG")
    t = cast_and_resolve(s, bears)
    resolve_top(t)
    assert t.state.player("Bob").life == 21


# ---------------------------------------------------------------- drawing (121.1)
@pytest.mark.rule("121.2")
@plays("trg_you_draw", card_name="Lorescale Coatl")
def test_whenever_you_draw_a_card_once_per_card_lorescale_coatl():
    fully_compiled("Lorescale Coatl")
    s, (coatl, divination) = board(("Lorescale Coatl", "battlefield"), ("Divination", "hand"), mana="CCU")
    t = cast_and_resolve(s, divination)
    assert [i.kind for i in t.state.stack] == ["trigger", "trigger"]  # two cards drawn, two triggers
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(coatl).counter("+1/+1") == 2


@pytest.mark.rule("121.1")
def test_an_opponents_draw_doesnt_trigger_lorescale_coatl():
    s, (_, divination) = board(("Lorescale Coatl", "bob:battlefield"), ("Divination", "hand"), mana="CCU")
    t = cast_and_resolve(s, divination)
    assert not t.state.stack


# ---------------------------------------------------------------- combat damage to a player (510.2)
def attack_unblocked(t, attackers, **answers):
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", list(attackers)))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.priority is None:
        t.do(declare_blockers("Bob", {}))
    return pass_until(t, Step.END_COMBAT, **answers)


@pytest.mark.rule("510.2")
@plays("trg_self_combat_damage_to_player", card_name="Jeskai Elder")
def test_whenever_it_deals_combat_damage_to_a_player_jeskai_elder():
    fully_compiled("Jeskai Elder")
    s, (elder,) = board(("Jeskai Elder", "battlefield"), step="combat")
    t = attack_unblocked(s.timeline(), [elder], may="yes")
    assert t.state.player("Bob").life == 19
    assert len(triggers_of(t, "Jeskai Elder")) == 1
    # it drew a card, then discarded the one card in hand (121.1, 701.9a)
    assert hand_size(t) == 0 and len(t.state.in_zone(Zone.GRAVEYARD, "Alice")) == 1


@pytest.mark.rule("301.5")
@plays("trg_equipped_combat_damage_to_player", card_name="Rogue's Gloves")
def test_whenever_equipped_creature_deals_combat_damage_rogues_gloves():
    fully_compiled("Rogue's Gloves")
    s, (gloves, bears) = board(("Rogue's Gloves", "battlefield"), ("Grizzly Bears", "battlefield"), mana="CC")
    t = s.timeline()
    t.do(activate("Alice", gloves, "Equip", targets=(bears,)))
    resolve_top(t)
    t = attack_unblocked(t, [bears], may="yes")
    assert t.state.player("Bob").life == 18 and hand_size(t) == 1


# ---------------------------------------------------------------- leaving the battlefield (603.10a)
@pytest.mark.rule("603.10a")
@plays("trg_put_into_graveyard", card_name="Retributive Wand")
def test_when_put_into_a_graveyard_from_the_battlefield_retributive_wand():
    """An artifact that isn't a creature: its ability looks back to the Wand on the battlefield."""
    fully_compiled("Retributive Wand")
    s, (wand, naturalize) = board(("Retributive Wand", "battlefield"), ("Naturalize", "hand"), mana="CG")
    t = cast_and_resolve(s, naturalize, targets=(wand,), target="Bob")
    assert [i.kind for i in t.state.stack] == ["trigger"]
    resolve_top(t)
    assert t.state.player("Bob").life == 15  # "it deals 5 damage", as the Wand last existed (608.2h)


# ---------------------------------------------------------------- attacks and blocks (508.3a, 509.1g)
@pytest.mark.rule("508.3a")
@plays("trg_a_flier_attacks", card_name="Windreader Sphinx")
def test_whenever_a_creature_with_flying_attacks_windreader_sphinx():
    fully_compiled("Windreader Sphinx")
    s, (_, angel, bears) = board(("Windreader Sphinx", "battlefield"), ("Serra Angel", "battlefield"),
                                 ("Grizzly Bears", "battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [angel, bears]))
    assert [i.kind for i in t.state.stack] == ["trigger"]  # the Angel flies; the Bears don't
    resolve_top(t, may="yes")
    assert hand_size(t) == 1


@pytest.mark.rule("509.3b")
@plays("trg_blocks_a_flier", card_name="Netcaster Spider")
def test_whenever_it_blocks_a_creature_with_flying_netcaster_spider():
    fully_compiled("Netcaster Spider")
    s, (angel, spider) = board(("Serra Angel", "battlefield"), ("Netcaster Spider", "bob:battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [angel]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {spider: angel}))
    assert [i.kind for i in t.state.stack] == ["trigger"]
    resolve_top(t)
    assert characteristics(t.state, spider).pt() == "4/3"  # 2/3 and +2/+0 until end of turn


@pytest.mark.rule("509.1g")
def test_blocking_a_creature_without_flying_doesnt_trigger_netcaster_spider():
    s, (bears, spider) = board(("Grizzly Bears", "battlefield"), ("Netcaster Spider", "bob:battlefield"),
                               step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {spider: bears}))
    assert not t.state.stack


# ---------------------------------------------------------------- "at the beginning of" (603.2b)
@pytest.mark.rule("603.4")
@plays("if_triggered", "if_you_control", "control_with", card_name="Colossal Majesty")
def test_upkeep_if_you_control_a_creature_with_power_4_colossal_majesty():
    fully_compiled("Colossal Majesty")
    s, _ = from_end_step(("Colossal Majesty", "Bob"), ("Colossal Dreadmaw", "Bob"))
    t = bob_main(s.timeline())
    assert if_checks(t, "Colossal Majesty") == [True, True]  # as it triggers, and as it resolves
    assert hand_size(t, "Bob") == 2  # the draw step's card and the Majesty's


@pytest.mark.rule("603.4")
def test_upkeep_without_a_creature_with_power_4_doesnt_trigger_colossal_majesty():
    s, _ = from_end_step(("Colossal Majesty", "Bob"), ("Grizzly Bears", "Bob"))
    t = bob_main(s.timeline())
    assert if_checks(t, "Colossal Majesty") == [False] and not triggers_of(t, "Colossal Majesty")
    assert hand_size(t, "Bob") == 1


@pytest.mark.rule("603.4")
@plays("if_you_control_another", card_name="Turret Ogre")
def test_enters_if_you_control_another_creature_with_power_4_turret_ogre():
    """Turret Ogre has power 4 itself; "another" doesn't count it."""
    fully_compiled("Turret Ogre")
    s, (ogre,) = board(("Turret Ogre", "hand"), mana="CCCR")
    t = cast_and_resolve(s, ogre)
    assert if_checks(t, "Turret Ogre") == [False] and not t.state.stack
    s, (ogre, _) = board(("Turret Ogre", "hand"), ("Colossal Dreadmaw", "battlefield"), mana="CCCR")
    t = cast_and_resolve(s, ogre)
    resolve_top(t)
    assert t.state.player("Bob").life == 18


@pytest.mark.rule("603.2b")
@plays("trg_your_combat", "if_you_control_n", card_name="Leonin Vanguard")
def test_beginning_of_combat_if_you_control_three_creatures_leonin_vanguard():
    fully_compiled("Leonin Vanguard")
    s, (vanguard, _, _) = board(("Leonin Vanguard", "battlefield"), ("Grizzly Bears", "battlefield"),
                                ("Grizzly Bears", "battlefield"))
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)  # its trigger resolves on the way
    assert if_checks(t, "Leonin Vanguard") == [True, True]
    assert characteristics(t.state, vanguard).pt() == "2/2" and t.state.player("Alice").life == 21
    s, (vanguard, _) = board(("Leonin Vanguard", "battlefield"), ("Grizzly Bears", "battlefield"))
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)
    assert not t.state.stack and if_checks(t, "Leonin Vanguard") == [False]


@pytest.mark.rule("205.3j")
@plays("if_you_control_walker", card_name="Adherent of Hope")
def test_if_you_control_a_basri_planeswalker_adherent_of_hope():
    fully_compiled("Adherent of Hope")
    s, (adherent, _) = board(("Adherent of Hope", "battlefield"), ("Basri Ket", "battlefield"))
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)  # its trigger resolves on the way
    assert t.state.obj(adherent).counter("+1/+1") == 1
    s, (adherent, _) = board(("Adherent of Hope", "battlefield"), ("Teferi, Timeless Voyager", "battlefield"))
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)
    assert t.state.obj(adherent).counter("+1/+1") == 0  # a Teferi isn't a Basri planeswalker
    assert if_checks(t, "Adherent of Hope") == [False]


@pytest.mark.rule("504.1")
@plays("player_triggered", "trg_each_players_draw_step", "if_self_untapped", "trg_that_player_draws", card_name="Howling Mine")
def test_each_players_draw_step_if_untapped_that_player_draws_howling_mine():
    """Alice's Mine gives Bob, whose draw step it is, an additional card."""
    fully_compiled("Howling Mine")
    s, _ = from_end_step(("Howling Mine", "Alice"))
    t = bob_main(s.timeline())
    assert hand_size(t, "Bob") == 2 and hand_size(t, "Alice") == 0


@pytest.mark.rule("603.4")
def test_a_tapped_howling_mine_doesnt_trigger():
    s = Scenario("mine", players=["Alice", "Bob"], step="end")
    s.add("Howling Mine", "Alice", tapped=True)
    for p in ("Alice", "Bob"):
        for _ in range(4):
            s.add("Forest", p, zone="library")
    t = bob_main(s.timeline())
    assert hand_size(t, "Bob") == 1 and if_checks(t, "Howling Mine") == [False]


@pytest.mark.rule("513.1")
@plays("trg_each_end_step", card_name="Viashino Sandscout")
def test_at_the_beginning_of_the_end_step_viashino_sandscout():
    """"The end step" is each end step: Bob's Sandscout returns at the end of Alice's turn."""
    fully_compiled("Viashino Sandscout")
    s, (scout,) = board(("Viashino Sandscout", "bob:battlefield"))
    t = pass_until(s.timeline(), Step.END)  # its trigger resolves on the way
    assert len(triggers_of(t, "Viashino Sandscout")) == 1
    assert [o.card for o in t.state.in_zone(Zone.HAND, "Bob")] == ["Viashino Sandscout"]


@pytest.mark.rule("603.5")
@plays("trg_your_draw_step", "trg_may_have_self_deal", card_name="Razormane Masticore")
def test_at_the_beginning_of_your_draw_step_razormane_masticore():
    line_played("Razormane Masticore", "At the beginning of your draw step")
    s = Scenario("masticore", players=["Alice", "Bob"], step="end")
    s.add("Razormane Masticore", "Bob")
    bears = s.add("Grizzly Bears", "Alice")
    for p in ("Alice", "Bob"):
        for _ in range(4):
            s.add("Forest", p, zone="library")
    t = pass_until(s.timeline(), Step.DRAW, target=bears, may="yes")
    assert t.state.active == "Bob" and len(triggers_of(t, "Razormane Masticore")) == 1
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Alice")] == ["Grizzly Bears"]  # 3 damage, 704.5g


# ---------------------------------------------------------------- "that player", "that creature" (608.2h)
@pytest.mark.rule("120.3")
@plays("trg_opponent_draws", "trg_damage_that_player", card_name="Underworld Dreams")
def test_whenever_an_opponent_draws_damage_to_that_player_underworld_dreams():
    fully_compiled("Underworld Dreams")
    s, _ = from_end_step(("Underworld Dreams", "Alice"))
    t = bob_main(s.timeline())  # Bob draws in his draw step (504.1)
    assert t.state.player("Bob").life == 19 and t.state.player("Alice").life == 20


@pytest.mark.rule("121.1")
def test_your_own_draw_doesnt_trigger_underworld_dreams():
    s, (_, divination) = board(("Underworld Dreams", "battlefield"), ("Divination", "hand"), mana="CCU")
    t = cast_and_resolve(s, divination)
    assert not t.state.stack and t.state.player("Alice").life == 20


def blocked_by(s, attacker, blockers, **choices):
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [attacker]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {b: attacker for b in blockers}, **choices))
    return t


@pytest.mark.rule("509.3d")
@plays("blocked_by_triggered", "trg_destroy_that_creature", card_name="Sylvan Basilisk")
def test_becomes_blocked_by_a_creature_once_per_blocker_sylvan_basilisk():
    fully_compiled("Sylvan Basilisk")
    s, (basilisk, b1, b2) = board(("Sylvan Basilisk", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                                  ("Grizzly Bears", "bob:battlefield"), step="combat")
    t = blocked_by(s, basilisk, [b1, b2], trigger_order=("Sylvan Basilisk [1]", "Sylvan Basilisk [2]"))
    assert [i.kind for i in t.state.stack] == ["trigger", "trigger"]  # one for each blocker (509.3d)
    resolve_top(t)
    resolve_top(t)
    assert sorted(o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")) == ["Grizzly Bears", "Grizzly Bears"]


@pytest.mark.rule("119.3")
@plays("trg_that_creatures_controller_loses", card_name="Gloom Sower")
def test_becomes_blocked_that_creatures_controller_loses_gloom_sower():
    fully_compiled("Gloom Sower")
    s, (sower, bears) = board(("Gloom Sower", "battlefield"), ("Grizzly Bears", "bob:battlefield"), step="combat")
    t = blocked_by(s, sower, [bears])
    resolve_top(t)
    assert t.state.player("Bob").life == 18 and t.state.player("Alice").life == 22


@pytest.mark.rule("701.17a")
@plays("trg_each_opponent_mills", card_name="Psychic Corrosion")
def test_whenever_you_draw_each_opponent_mills_psychic_corrosion():
    fully_compiled("Psychic Corrosion")
    s, (_, divination) = board(("Psychic Corrosion", "battlefield"), ("Divination", "hand"), mana="CCU")
    t = cast_and_resolve(s, divination)
    resolve_top(t)
    resolve_top(t)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 4  # two cards drawn, two cards milled each


@pytest.mark.rule("701.17a")
@plays("trg_target_opponent_mills", card_name="Teferi's Tutelage")
def test_whenever_you_draw_target_opponent_mills_teferis_tutelage():
    fully_compiled("Teferi's Tutelage")
    s, (_, divination) = board(("Teferi's Tutelage", "battlefield"), ("Divination", "hand"), mana="CCU")
    for _ in range(4):
        s.add("Forest", "Bob", zone="library")
    t = cast_and_resolve(s, divination, target=["Bob", "Bob"])
    resolve_top(t)
    resolve_top(t)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 4


# ---------------------------------------------------------------- damage to an opponent (120.1)
@pytest.mark.rule("120.1")
@plays("trg_self_damage_to_opponent", card_name="Thieving Magpie")
def test_whenever_it_deals_damage_to_an_opponent_thieving_magpie():
    fully_compiled("Thieving Magpie")
    s, (magpie,) = board(("Thieving Magpie", "battlefield"), step="combat")
    t = attack_unblocked(s.timeline(), [magpie])
    assert t.state.player("Bob").life == 19 and hand_size(t) == 1


@pytest.mark.rule("120.1")
def test_damage_to_a_blocking_creature_doesnt_trigger_thieving_magpie():
    s, (magpie, spider) = board(("Thieving Magpie", "battlefield"), ("Giant Spider", "bob:battlefield"),
                                step="combat")
    t = blocked_by(s, magpie, [spider])
    t = pass_until(t, Step.END_COMBAT)
    assert not triggers_of(t, "Thieving Magpie") and hand_size(t) == 0


@pytest.mark.rule("701.9b")
@plays("trg_that_player_discards_at_random", card_name="Hypnotic Specter")
def test_damage_to_an_opponent_that_player_discards_at_random_hypnotic_specter():
    fully_compiled("Hypnotic Specter")
    s, (specter, _, _) = board(("Hypnotic Specter", "battlefield"), ("Grizzly Bears", "bob:hand"),
                               ("Shock", "bob:hand"), step="combat")
    t = attack_unblocked(s.timeline(), [specter])
    assert hand_size(t, "Bob") == 1 and len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 1


# ---------------------------------------------------------------- reflexive triggers (603.12)
@pytest.mark.rule("603.12")
@plays("trg_may_pay_when_you_do", card_name="Sparktongue Dragon")
def test_you_may_pay_when_you_do_sparktongue_dragon():
    """Paying makes the reflexive ability, which goes on the stack with its target chosen then
    (603.3d); it deals 3 damage to Bob."""
    fully_compiled("Sparktongue Dragon")
    s, (dragon,) = board(("Sparktongue Dragon", "hand"), mana="CCCRRCCR")
    t = s.timeline()
    t.do(cast("Alice", dragon, pay="RRCCC"))
    resolve_top(t)
    assert [i.kind for i in t.state.stack] == ["trigger"]
    resolve_top(t, may="yes", target="Bob")
    assert t.state.stack, "the reflexive ability waits on the stack (603.12)"
    resolve_top(t)
    assert t.state.player("Bob").life == 17 and t.state.player("Alice").pool == ()


@pytest.mark.rule("603.12")
def test_not_paying_makes_no_reflexive_ability_sparktongue_dragon():
    s, (dragon,) = board(("Sparktongue Dragon", "hand"), mana="CCCRRCCR")
    t = s.timeline()
    t.do(cast("Alice", dragon, pay="RRCCC"))
    resolve_top(t)
    resolve_top(t, may="no")
    assert not t.state.stack and t.state.player("Bob").life == 20


@pytest.mark.rule("701.21a")
@plays("trg_sacrifice_self", card_name="Spark Elemental")
def test_at_the_beginning_of_the_end_step_sacrifice_it_spark_elemental():
    fully_compiled("Spark Elemental")
    s, (spark,) = board(("Spark Elemental", "bob:battlefield"))  # Bob's: "the end step" is Alice's too
    t = pass_until(s.timeline(), Step.END)  # its trigger resolves on the way
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Spark Elemental"]
    assert not any(o.card == "Spark Elemental" for o in t.state.battlefield())
