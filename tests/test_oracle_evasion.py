"""Protection, hexproof from, shroud, evasion and "whenever you cast", played by real cards.

Each template of the grammar's evasion section has a card here (the meta-test of
``test_oracle_templates`` counts them), and each rules topic is played on a board of real cards
from the kit's sets: Baneslayer Angel and Paladin en-Vec for protection (702.16, all of DEBT),
Garruk's Harbinger for "hexproof from" (702.11d), Pincher Beetles for shroud (702.18), Bog Wraith
for landwalk (702.14), Severed Legion for fear (702.36), Stalking Tiger for "can't be blocked by
more than one creature", Mistral Singer for prowess (702.108) and Guttersnipe for "whenever you
cast" (601.2i).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import pass_until, refuse
from test_oracle_templates import cast_and_resolve, cited, fully_compiled, line_played, plays

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_blocks,
    pass_priority,
    why_cant_block,
)
from mtgrules.cards.oracle.source import compiled
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top


# ---------------------------------------------------------------- boards
def duel(alice: list[str], bob: list[str], *, step: str = "main1", alice_hand: list[str] = (),
         bob_hand: list[str] = (), mana: str = "", bob_mana: str = "", active: str = "Alice"):
    """Alice's and Bob's permanents (and hands), each a list of card names; their ids in order."""
    s = Scenario("evasion", players=["Alice", "Bob"], step=step, active=active)
    ids = [s.add(n, "Alice") for n in alice] + [s.add(n, "Bob") for n in bob]
    ids += [s.add(n, "Alice", zone="hand") for n in alice_hand] + [s.add(n, "Bob", zone="hand") for n in bob_hand]
    for p in ("Alice", "Bob"):
        for _ in range(5):
            s.add("Forest", p, zone="library")
    if mana:
        s.mana("Alice", mana)
    if bob_mana:
        s.mana("Bob", bob_mana)
    return s, ids


def attack(s: Scenario, *attackers: int) -> Timeline:
    """Alice attacks Bob with ``attackers``; the timeline waits for Bob's blocks."""
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", list(attackers)))
    return pass_until(t, Step.DECLARE_BLOCKERS)


def bobs_turn_to_act(t: Timeline) -> Timeline:
    """Alice passes priority in her main phase, so Bob may cast an instant (117.3d)."""
    return t.do(pass_priority("Alice"))


# ================================================================ protection (702.16): DEBT
@pytest.mark.rule("702.16g")
@plays("protection_from", "and_from", card_name="Baneslayer Angel")
def test_baneslayer_angel_has_two_protection_abilities():
    fully_compiled("Baneslayer Angel")
    s, (angel,) = duel(["Baneslayer Angel"], [])
    kws = characteristics(s.state(), angel).keywords
    assert {Keyword.PROTECTION_FROM_DEMONS, Keyword.PROTECTION_FROM_DRAGONS} <= kws
    assert {Keyword.FLYING, Keyword.FIRST_STRIKE, Keyword.LIFELINK} <= kws


@pytest.mark.rule("702.16e")
def test_damage_from_a_dragon_to_baneslayer_angel_is_prevented_not_dealt():
    """Hellkite Punisher (6/6) attacks; Baneslayer Angel blocks it. Her first strike deals 5 (Bob
    gains 5, lifelink); the Dragon's 6 back is prevented (702.16e): no damage is marked on her."""
    fully_compiled("Baneslayer Angel")
    s, (dragon, angel) = duel(["Hellkite Punisher"], ["Baneslayer Angel"])
    t = attack(s, dragon)
    t.do(declare_blockers("Bob", {angel: dragon}))
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(angel).zone is Zone.BATTLEFIELD and t.state.obj(angel).damage == 0
    assert t.state.obj(dragon).damage == 5
    assert t.state.player("Bob").life == 25  # lifelink: her damage was dealt (702.15b)
    assert cited(t, "702.16e")
    assert not any(e.kind == "combat damage" and e.obj == dragon for f in t for e in f.events)  # never dealt


@pytest.mark.rule("702.16e")
def test_prevented_damage_has_no_lifelink_a_protected_blocker_takes_nothing():
    """Daybreak Chaplain (white, lifelink) attacks; Unchained Berserker (protection from white)
    may block it (702.16f restricts only blocking a creature *with* protection). The Chaplain's
    damage is prevented, so Alice gains no life (615.1: prevented damage isn't dealt)."""
    s, (chaplain, berserker) = duel(["Daybreak Chaplain"], ["Unchained Berserker"])
    t = attack(s, chaplain)
    assert why_cant_block(t.state, berserker, chaplain) is None
    t.do(declare_blockers("Bob", {berserker: chaplain}))
    pass_until(t, Step.END_COMBAT)
    assert t.state.obj(berserker).damage == 0 and t.state.player("Alice").life == 20  # no life gained
    assert t.state.obj(chaplain).damage == 1  # the Berserker's 1 was dealt: it has no lifelink, nor protection


@pytest.mark.rule("702.16f")
def test_baneslayer_angel_attacking_cant_be_blocked_by_a_dragon():
    s, (angel, dragon, drake) = duel(["Baneslayer Angel"], ["Shivan Dragon", "Snapping Drake"])
    t = attack(s, angel)
    why = why_cant_block(t.state, dragon, angel)
    assert why is not None and why.rule == "702.16f" and "Dragon" in why.text
    assert why_cant_block(t.state, drake, angel) is None  # a flying Drake may block her
    assert all(dragon not in d for d in legal_blocks(t.state, "Bob").declarations())
    refuse(t.state, declare_blockers("Bob", {dragon: angel}), "702.16f")


@pytest.mark.rule("702.16b")
def test_paladin_en_vec_cant_be_targeted_by_a_red_or_black_spell():
    fully_compiled("Paladin en-Vec")
    s, (paladin, bears, shock, murder) = duel(["Paladin en-Vec", "Grizzly Bears"], [],
                                              bob_hand=["Shock", "Murder"], bob_mana="RBBC")
    t = bobs_turn_to_act(s.timeline())
    refused = refuse(t.state, cast("Bob", shock, targets=(paladin,)), "702.16b")
    assert "protection from red" in refused.reason
    refuse(t.state, cast("Bob", murder, targets=(paladin,)), "702.16b")
    t.do(cast("Bob", shock, targets=(bears,)))  # the Bears have no protection


@pytest.mark.rule("702.16e")
def test_an_untargeted_red_sweeper_deals_no_damage_to_paladin_en_vec():
    """Pyroclasm deals 2 damage to each creature: the Bears die; Paladin en-Vec's is prevented."""
    s, (paladin, bears, pyro) = duel(["Paladin en-Vec", "Grizzly Bears"], [], alice_hand=["Pyroclasm"], mana="RC")
    t = cast_and_resolve(s, pyro)
    assert t.state.obj(paladin).zone is Zone.BATTLEFIELD and t.state.obj(paladin).damage == 0
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert cited(t, "702.16e")


@pytest.mark.rule("702.16c")
def test_a_white_aura_cant_enchant_a_creature_with_protection_from_white():
    """Pacifism can't target Unchained Berserker (702.16b, 303.4a); and a Pacifism already on a
    creature that gains protection from white goes to the graveyard as a state-based action
    (702.16c, 704.5m)."""
    s, (berserker, bears, pacifism) = duel(["Unchained Berserker", "Grizzly Bears"], [], bob_hand=["Pacifism"],
                                           bob_mana="CW", active="Bob")
    t = s.timeline()
    refuse(t.state, cast("Bob", pacifism, targets=(berserker,)), "702.16b")
    t.do(cast("Bob", pacifism, targets=(bears,)))
    resolve_top(t)
    aura = next(o for o in t.state.objects if o.card == "Pacifism")
    assert aura.zone is Zone.BATTLEFIELD and aura.attached_to == bears
    gains = Effect("6", "gains protection from white", "702.16c", timestamp=t.state.timestamp,
                   affected=(t.state.obj(bears).ref,), add_keywords=frozenset({Keyword.PROTECTION_FROM_WHITE}))
    t2 = Timeline(replace(t.state, effects=t.state.effects + (gains,)), "the Bears gain protection from white")
    t2.do(pass_priority(t2.state.priority))
    assert t2.state.obj(aura.oid).zone is Zone.GRAVEYARD
    moved = [e for f in t2 for e in f.events if e.rule == "704.5m"]
    assert moved and "protection from white" in moved[0].text and "702.16c" in moved[0].text


@pytest.mark.rule("704.5m")
def test_a_scenario_refuses_an_aura_on_a_creature_with_protection_from_it():
    from mtgrules.core.errors import ScenarioError
    s = Scenario("protection", players=["Alice", "Bob"])
    berserker = s.add("Unchained Berserker", "Alice")
    with pytest.raises(ScenarioError, match="protection from white"):
        s.add("Pacifism", "Bob", attached_to=berserker)
    assert [o.card for o in s.state().objects] == ["Unchained Berserker"]  # nothing of it kept
    s.add("Pacifism", "Bob", attached_to=s.add("Grizzly Bears", "Alice"))


@pytest.mark.rule("702.16a")
def test_protection_from_multicolored_and_from_planeswalkers_read_the_source():
    """Basri's Lieutenant: a multicolored creature can't block it; a monocolored one can (105.2b)."""
    line_played("Basri's Lieutenant", "Vigilance, protection from multicolored")
    s, (lieutenant, bears) = duel(["Basri's Lieutenant"], ["Grizzly Bears"])
    t = attack(s, lieutenant)
    assert why_cant_block(t.state, bears, lieutenant) is None
    line_played("Sparkhunter Masticore", "Protection from planeswalkers")
    assert Keyword.PROTECTION_FROM_PLANESWALKERS in compiled("Sparkhunter Masticore").card.keywords


# ================================================================ hexproof from (702.11d)
@pytest.mark.rule("702.11d")
@plays("hexproof_from", card_name="Garruk's Harbinger")
def test_garruks_harbinger_hexproof_from_black():
    line_played("Garruk's Harbinger", "Hexproof from black")
    s, (harbinger, murder, shock) = duel(["Garruk's Harbinger"], [], bob_hand=["Murder", "Shock"], bob_mana="CBBR")
    t = bobs_turn_to_act(s.timeline())
    refused = refuse(t.state, cast("Bob", murder, targets=(harbinger,)), "702.11d")
    assert "hexproof from black" in refused.reason
    t.do(cast("Bob", shock, targets=(harbinger,)))  # a red spell may target it
    # its controller's own black spell may target it: only opponents' are kept out
    s, (harbinger, murder) = duel(["Garruk's Harbinger"], [], alice_hand=["Murder"], mana="CBB")
    s.timeline().do(cast("Alice", murder, targets=(harbinger,)))


# ================================================================ shroud (702.18)
@pytest.mark.rule("702.18a")
def test_pincher_beetles_shroud_even_its_controller_cant_target_it():
    fully_compiled("Pincher Beetles")
    s, (beetles, growth) = duel(["Pincher Beetles"], [], alice_hand=["Giant Growth"], mana="G")
    refuse(s.state(), cast("Alice", growth, targets=(beetles,)), "702.18a")


@pytest.mark.rule("702.18a")
def test_robe_of_mirrors_gives_shroud_after_it_resolves():
    fully_compiled("Robe of Mirrors")
    s, (bears, robe, growth) = duel(["Grizzly Bears"], [], alice_hand=["Robe of Mirrors", "Giant Growth"], mana="CUG")
    t = cast_and_resolve(s, robe, targets=(bears,))
    assert Keyword.SHROUD in characteristics(t.state, bears).keywords
    refuse(t.state, cast("Alice", growth, targets=(bears,)), "702.18a")


# ================================================================ landwalk, fear, intimidate
@pytest.mark.rule("702.14c")
def test_bog_wraith_swampwalk_unblockable_while_bob_controls_a_swamp():
    fully_compiled("Bog Wraith")
    s, (wraith, bears, swamp) = duel(["Bog Wraith"], ["Grizzly Bears", "Swamp"])
    t = attack(s, wraith)
    why = why_cant_block(t.state, bears, wraith)
    assert why is not None and why.rule == "702.14c" and "Swamp" in why.text
    assert legal_blocks(t.state, "Bob").count() == 1  # only "no blocks"
    s, (wraith, bears, forest) = duel(["Bog Wraith"], ["Grizzly Bears", "Forest"])
    t = attack(s, wraith)
    assert why_cant_block(t.state, bears, wraith) is None  # no Swamp: it may be blocked


@pytest.mark.rule("702.14c")
def test_alices_own_swamp_doesnt_matter_only_the_defending_players():
    s, (wraith, swamp, bears) = duel(["Bog Wraith", "Swamp"], ["Grizzly Bears"])
    t = attack(s, wraith)
    assert why_cant_block(t.state, bears, wraith) is None


@pytest.mark.rule("702.36b")
def test_severed_legion_fear_blocked_only_by_black_or_artifact_creatures():
    fully_compiled("Severed Legion")
    s, (legion, bears, corpse, golem) = duel(["Severed Legion"], ["Grizzly Bears", "Walking Corpse",
                                                                   "Field Creeper"])
    t = attack(s, legion)
    assert why_cant_block(t.state, bears, legion).rule == "702.36b"
    assert why_cant_block(t.state, corpse, legion) is None  # black
    assert why_cant_block(t.state, golem, legion) is None  # an artifact creature


@pytest.mark.rule("702.13b")
def test_intimidate_a_teachers_creature_is_blocked_only_by_a_shared_color_or_an_artifact():
    """No card in the kit's sets has intimidate; a teacher's does (the keyword is played)."""
    name = "Practice Intimidator"
    from mtgrules.core.carddef import CARD_POOL
    if name not in CARD_POOL:
        register(CardDef(name, "{1}{R}", frozenset({"Creature"}), power=2, toughness=1, oracle="Intimidate",
                         keywords=frozenset({Keyword.INTIMIDATE}), source="a teacher's card (test)"))
    s, (bully, bears, goblin, sable) = duel([name], ["Grizzly Bears", "Raging Goblin", "Field Creeper"])
    t = attack(s, bully)
    assert why_cant_block(t.state, bears, bully).rule == "702.13b"  # green shares no colour with red
    assert why_cant_block(t.state, goblin, bully) is None  # red
    assert why_cant_block(t.state, sable, bully) is None  # an artifact creature


# ================================================================ "can't be blocked" and its kin (509.1b)
@pytest.mark.rule("509.1b")
@plays("self_cant_be_blocked", card_name="Phantom Warrior")
def test_phantom_warrior_cant_be_blocked():
    fully_compiled("Phantom Warrior")
    s, (warrior, bears) = duel(["Phantom Warrior"], ["Grizzly Bears"])
    t = attack(s, warrior)
    assert why_cant_block(t.state, bears, warrior).rule == "509.1b"
    refuse(t.state, declare_blockers("Bob", {bears: warrior}), "509.1b")


@pytest.mark.rule("509.1b")
@plays("self_one_blocker_at_most", card_name="Stalking Tiger")
def test_stalking_tiger_cant_be_blocked_by_more_than_one_creature():
    fully_compiled("Stalking Tiger")
    s, (tiger, bears, corpse) = duel(["Stalking Tiger"], ["Grizzly Bears", "Walking Corpse"])
    t = attack(s, tiger)
    options = legal_blocks(t.state, "Bob")
    assert options.count() == 3  # no block, the Bears alone, the Corpse alone
    assert sorted(map(sorted, (d.keys() for d in options.declarations()))) == [[], [bears], [corpse]]
    verdict = options.check({bears: tiger, corpse: tiger})
    assert not verdict.legal and verdict.rule == "509.1b" and "more than one" in verdict.reason
    refuse(t.state, declare_blockers("Bob", {bears: tiger, corpse: tiger}), "509.1b")
    t.do(declare_blockers("Bob", {bears: tiger}))


@pytest.mark.rule("702.111b")
def test_menace_and_at_most_one_blocker_together_mean_it_cant_be_blocked():
    """Boggart Brute (menace) given "can't be blocked by more than one creature": no legal block."""
    s, (brute, bears, corpse) = duel(["Boggart Brute"], ["Grizzly Bears", "Walking Corpse"])
    t = attack(s, brute)
    one = Effect("6", "can't be blocked by more than one creature", "509.1b", timestamp=t.state.timestamp,
                 affected=(t.state.obj(brute).ref,), add_keywords=frozenset({Keyword.CANT_BE_BLOCKED_BY_MORE_THAN_ONE}))
    state = replace(t.state, effects=t.state.effects + (one,))
    assert legal_blocks(state, "Bob").count() == 1  # only "no blocks"


@pytest.mark.rule("509.1b")
@plays("self_blocks_only_fliers", card_name="Cloud Elemental")
def test_cloud_elemental_can_block_only_creatures_with_flying():
    fully_compiled("Cloud Elemental")
    s, (bears, drake, cloud) = duel(["Grizzly Bears", "Snapping Drake"], ["Cloud Elemental"])
    t = attack(s, bears, drake)
    assert why_cant_block(t.state, cloud, bears).rule == "509.1b"
    assert why_cant_block(t.state, cloud, drake) is None


@pytest.mark.rule("509.1b")
@plays("self_cant_be_blocked_by_walls", card_name="Juggernaut")
def test_juggernaut_cant_be_blocked_by_walls():
    fully_compiled("Juggernaut")
    s, (jugg, wall, bears) = duel(["Juggernaut"], ["Wall of Wood", "Grizzly Bears"])
    t = attack(s, jugg)
    assert why_cant_block(t.state, wall, jugg).rule == "509.1b"
    assert why_cant_block(t.state, bears, jugg) is None


@pytest.mark.rule("509.1b")
@plays("self_walls_and_fliers_only", card_name="Elven Riders")
def test_elven_riders_blocked_only_by_walls_and_fliers():
    fully_compiled("Elven Riders")
    s, (riders, wall, drake, bears, spider) = duel(["Elven Riders"], ["Wall of Wood", "Snapping Drake",
                                                                      "Grizzly Bears", "Giant Spider"])
    t = attack(s, riders)
    assert why_cant_block(t.state, wall, riders) is None
    assert why_cant_block(t.state, drake, riders) is None
    assert why_cant_block(t.state, bears, riders).rule == "509.1b"
    assert why_cant_block(t.state, spider, riders).rule == "509.1b"  # reach isn't flying


@pytest.mark.rule("509.1b")
@plays("self_cant_be_blocked_by_color", card_name="Plague Mare")
def test_plague_mare_cant_be_blocked_by_white_creatures():
    fully_compiled("Plague Mare")
    s, (mare, angel, bears) = duel(["Plague Mare"], ["Serra Angel", "Grizzly Bears"])
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [mare]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, angel, mare).rule == "509.1b"
    assert why_cant_block(t.state, bears, mare) is None


@pytest.mark.rule("509.1b")
@plays("enchanted_pump_unblockable", card_name="Aether Tunnel")
def test_aether_tunnel_enchanted_creature_cant_be_blocked():
    fully_compiled("Aether Tunnel")
    s, (bears, corpse, tunnel) = duel(["Grizzly Bears"], ["Walking Corpse"], alice_hand=["Aether Tunnel"], mana="CU")
    t = cast_and_resolve(s, tunnel, targets=(bears,))
    assert characteristics(t.state, bears).pt() == "3/2"
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, corpse, bears).rule == "509.1b"


@pytest.mark.rule("509.1b")
@plays("enchanted_pump_fliers_only", card_name="Treetop Bracers")
def test_treetop_bracers_blocked_only_by_fliers_not_by_reach():
    fully_compiled("Treetop Bracers")
    s, (bears, drake, spider, bracers) = duel(["Grizzly Bears"], ["Snapping Drake", "Giant Spider"],
                                              alice_hand=["Treetop Bracers"], mana="CG")
    t = cast_and_resolve(s, bracers, targets=(bears,))
    assert characteristics(t.state, bears).pt() == "3/3"
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, drake, bears) is None
    assert why_cant_block(t.state, spider, bears).rule == "509.1b"


@pytest.mark.rule("509.1b")
@plays("target_cant_be_blocked", card_name="Suspicious Bookcase")
def test_suspicious_bookcase_target_creature_cant_be_blocked_this_turn():
    fully_compiled("Suspicious Bookcase")
    s, (case, bears, corpse) = duel(["Suspicious Bookcase", "Grizzly Bears"], ["Walking Corpse"], mana="CCC")
    t = s.timeline()
    t.do(activate("Alice", case, targets=(bears,)))
    resolve_top(t)
    assert Keyword.CANT_BE_BLOCKED in characteristics(t.state, bears).keywords
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert why_cant_block(t.state, corpse, bears).rule == "509.1b"


@pytest.mark.rule("514.2")
@plays("self_cant_be_blocked_this_turn", card_name="Frilled Sea Serpent")
def test_frilled_sea_serpent_unblockable_until_the_turn_ends():
    fully_compiled("Frilled Sea Serpent")
    s, (serpent,) = duel(["Frilled Sea Serpent"], [], mana="CCCCCUU")
    t = s.timeline()
    t.do(activate("Alice", serpent))
    resolve_top(t)
    assert Keyword.CANT_BE_BLOCKED in characteristics(t.state, serpent).keywords
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", []))
    t = pass_until(t, Step.END)
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))  # to cleanup and Bob's turn: the effect ends
    assert Keyword.CANT_BE_BLOCKED not in characteristics(t.state, serpent).keywords


@pytest.mark.rule("115.1")
@plays("with_power_at_most", card_name="Crafty Pathmage")
def test_crafty_pathmage_targets_only_a_creature_with_power_2_or_less():
    fully_compiled("Crafty Pathmage")
    s, (mage, bears, dragon) = duel(["Crafty Pathmage", "Grizzly Bears", "Shivan Dragon"], [])
    refuse(s.state(), activate("Alice", mage, targets=(dragon,)), "115.1")
    s.timeline().do(activate("Alice", mage, targets=(bears,)))


@pytest.mark.rule("509.1a")
@plays("self_blocks_an_additional", card_name="Ghastbark Twins")
def test_ghastbark_twins_blocking_two_is_marked_not_played_with_its_reason():
    c = compiled("Ghastbark Twins")
    line = next(x for x in c.lines if x.line.startswith("Ghastbark Twins can block"))
    assert not line.played and "509.1a" in line.how and "more than one attacker" in line.how
    line_played("Ghastbark Twins", "Trample")


@pytest.mark.rule("510.1d")
@plays("yours_block_an_additional", card_name="High Ground")
def test_high_ground_is_marked_not_played_with_its_reason():
    c = compiled("High Ground")
    assert c.status == "not played" and "510.1d" in c.lines[0].how


# ================================================================ prowess and "whenever you cast" (601.2i)
@pytest.mark.rule("702.108a")
@plays("prowess", card_name="Mistral Singer")
def test_mistral_singer_prowess_a_noncreature_spell_gives_plus_one():
    fully_compiled("Mistral Singer")
    s, (singer, bears, shock, cub) = duel(["Mistral Singer", "Grizzly Bears"], [], alice_hand=["Shock", "Grizzly Bears"],
                                          mana="RCG")
    t = s.timeline()
    assert characteristics(t.state, singer).pt() == "2/2"
    t.do(cast("Alice", shock, targets=("Bob",)))
    assert [i.kind for i in t.state.stack] == ["spell", "trigger"]  # the trigger goes on above the spell (601.2i)
    resolve_top(t)
    assert characteristics(t.state, singer).pt() == "3/3"
    resolve_top(t)
    t.do(cast("Alice", cub))  # a creature spell: no trigger
    assert [i.kind for i in t.state.stack] == ["spell"]


@pytest.mark.rule("702.108a")
def test_an_opponents_spell_doesnt_trigger_prowess():
    s, (singer, shock) = duel(["Mistral Singer"], [], bob_hand=["Shock"], bob_mana="R")
    t = bobs_turn_to_act(s.timeline())
    t.do(cast("Bob", shock, targets=(singer,)))
    assert [i.kind for i in t.state.stack] == ["spell"]


@pytest.mark.rule("601.2i")
@plays("cast_triggered", "cast_kind", card_name="Guttersnipe")
def test_guttersnipe_whenever_you_cast_an_instant_or_sorcery():
    fully_compiled("Guttersnipe")
    s, (snipe, shock) = duel(["Guttersnipe"], [], alice_hand=["Shock"], mana="R")
    t = s.timeline()
    t.do(cast("Alice", shock, targets=("Bob",)))
    resolve_top(t)  # the trigger: 2 to each opponent
    assert t.state.player("Bob").life == 18
    resolve_top(t)  # Shock
    assert t.state.player("Bob").life == 16


@pytest.mark.rule("601.2i")
def test_spellgorger_weird_a_noncreature_spell_puts_a_counter():
    fully_compiled("Spellgorger Weird")
    s, (weird, bears, aura) = duel(["Spellgorger Weird", "Grizzly Bears"], [], alice_hand=["Holy Strength"], mana="W")
    t = s.timeline()
    t.do(cast("Alice", aura, targets=(bears,)))  # an Aura spell is a noncreature spell
    resolve_top(t)
    assert t.state.obj(weird).counter("+1/+1") == 1


@pytest.mark.rule("105.2")
@plays("cast_color", card_name="Quirion Dryad")
def test_quirion_dryad_a_spell_of_another_color_but_not_green():
    fully_compiled("Quirion Dryad")
    s, (dryad, shock, growth) = duel(["Quirion Dryad"], [], alice_hand=["Shock", "Giant Growth"], mana="RG")
    t = s.timeline()
    t.do(cast("Alice", growth, targets=(dryad,)))
    assert [i.kind for i in t.state.stack] == ["spell"]  # green: nothing
    resolve_top(t)
    t.do(cast("Alice", shock, targets=("Bob",)))
    resolve_top(t)
    assert t.state.obj(dryad).counter("+1/+1") == 1


@pytest.mark.rule("102.2")
@plays("cast_on_their_turn", card_name="Brineborn Cutthroat")
def test_brineborn_cutthroat_only_a_spell_cast_on_an_opponents_turn():
    fully_compiled("Brineborn Cutthroat")
    s, (cutthroat, bears, shock) = duel(["Brineborn Cutthroat"], ["Grizzly Bears"], alice_hand=["Shock", "Shock"][:1],
                                        mana="R", active="Bob")
    t = s.timeline().do(pass_priority("Bob"))
    t.do(cast("Alice", shock, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(cutthroat).counter("+1/+1") == 1
    s, (cutthroat, shock) = duel(["Brineborn Cutthroat"], [], alice_hand=["Shock"], mana="R")
    t = s.timeline()
    t.do(cast("Alice", shock, targets=("Bob",)))  # on her own turn: nothing
    assert [i.kind for i in t.state.stack] == ["spell"]


@pytest.mark.rule("601.2c")
@plays("cast_targeting_self", card_name="Gnarlback Rhino")
def test_gnarlback_rhino_a_spell_that_targets_it_draws_a_card():
    fully_compiled("Gnarlback Rhino")
    s, (rhino, bears, growth, growth2) = duel(["Gnarlback Rhino", "Grizzly Bears"], [],
                                              alice_hand=["Giant Growth", "Giant Growth"], mana="GG")
    t = s.timeline()
    t.do(cast("Alice", growth, targets=(bears,)))
    assert [i.kind for i in t.state.stack] == ["spell"]  # another target: nothing
    resolve_top(t)
    t.do(cast("Alice", growth2, targets=(rhino,)))
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1  # drew one


def test_every_rule_this_topic_cites_is_indexed():
    from mtgrules.catalog.rules_index import RULES
    for kw in Keyword:
        assert kw.rule in RULES, kw


def test_a_protection_keyword_an_effect_grants_is_refused_if_misspelt():
    with pytest.raises(ValueError, match="protection from demon"):
        Effect("6", "gains protection", "613.1f", add_keywords=frozenset({"protection from demon"}))
