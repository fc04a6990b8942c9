"""Static abilities with a condition ("as long as ...") and the statics that change a rule of the
game (untapping, hand size, land plays, "must be blocked if able"), played by real cards.

Each template of the grammar's section "statics" has a card here (the meta-test of
``test_oracle_templates`` counts them). Each test plays the card on a small board and checks the
outcome both ways: with the condition true and false (611.3a: checked at every moment).
"""

from __future__ import annotations

import pytest
from test_oracle_templates import board, fully_compiled, plays

from mtgrules import Scenario, Step, apply, characteristics, pass_priority, play_land
from mtgrules.cards.oracle.compiler import parse_line
from mtgrules.cards.oracle.source import compiled
from mtgrules.core.errors import IllegalAction
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone


def pt(state, oid: int) -> str:
    return characteristics(state, oid).pt()


def kws(state, oid: int) -> set[str]:
    return {str(k) for k in characteristics(state, oid).keywords}


def _libraries(s: Scenario, n: int = 5) -> None:
    for p in s.players:
        for _ in range(n):
            s.add("Forest", p, zone="library")


# ---------------------------------------------------------------- "as long as" (611.3a)
@pytest.mark.rule("611.3a")
@plays("statics_line", "self_gets_while", "static_condition", "cond_you_control", card_name="Vivien's Crocodile")
def test_vivien_s_crocodile_gets_the_bonus_only_while_a_vivien_is_there():
    fully_compiled("Vivien's Crocodile")
    s, (croc,) = board(("Vivien's Crocodile", "battlefield"))
    assert pt(s.state(), croc) == "3/3"
    s, (croc, vivien, theirs) = board(("Vivien's Crocodile", "battlefield"), ("Vivien, Arkbow Ranger", "battlefield"),
                                      ("Vivien, Arkbow Ranger", "bob:battlefield"))
    assert pt(s.state(), croc) == "4/4"  # +1/+1 in layer 7c (613.4c)
    s, (croc, theirs) = board(("Vivien's Crocodile", "battlefield"), ("Vivien, Arkbow Ranger", "bob:battlefield"))
    assert pt(s.state(), croc) == "3/3", "an opponent's Vivien isn't one you control"


@pytest.mark.rule("613.1f")
@plays("self_has_while", card_name="Arisen Gorgon")
def test_arisen_gorgon_has_deathtouch_while_you_control_a_liliana():
    fully_compiled("Arisen Gorgon")
    s, (gorgon,) = board(("Arisen Gorgon", "battlefield"))
    assert "deathtouch" not in kws(s.state(), gorgon)
    s, (gorgon, _liliana) = board(("Arisen Gorgon", "battlefield"), ("Liliana, Death Mage", "battlefield"))
    assert "deathtouch" in kws(s.state(), gorgon)


@pytest.mark.rule("611.3a")
@plays("while_self_has", "cond_your_turn", card_name="Daggersail Aeronaut")
def test_daggersail_aeronaut_flies_on_its_controller_s_turn_only():
    fully_compiled("Daggersail Aeronaut")
    s, (mine, theirs) = board(("Daggersail Aeronaut", "battlefield"), ("Daggersail Aeronaut", "bob:battlefield"))
    st = s.state()
    assert "flying" in kws(st, mine) and "flying" not in kws(st, theirs)  # Alice's turn


@pytest.mark.rule("613.4c")
@plays("while_self_gets_has", card_name="Aerial Engineer")
def test_aerial_engineer_needs_an_artifact_you_control():
    fully_compiled("Aerial Engineer")
    s, (eng,) = board(("Aerial Engineer", "battlefield"))
    assert pt(s.state(), eng) == "2/4" and "flying" not in kws(s.state(), eng)
    s, (eng, _star) = board(("Aerial Engineer", "battlefield"), ("Chromatic Star", "battlefield"))
    assert pt(s.state(), eng) == "4/4" and "flying" in kws(s.state(), eng)
    s, (eng, _star) = board(("Aerial Engineer", "battlefield"), ("Chromatic Star", "bob:battlefield"))
    assert pt(s.state(), eng) == "2/4"


@pytest.mark.rule("611.3a")
@plays("cond_life", card_name="Twinblade Paladin")
def test_twinblade_paladin_has_double_strike_at_25_life():
    fully_compiled("Twinblade Paladin")
    s = Scenario("paladin", life=25)
    paladin = s.add("Twinblade Paladin", "Alice")
    assert "double strike" in kws(s.state(), paladin)
    s = Scenario("paladin", life=24)
    paladin = s.add("Twinblade Paladin", "Alice")
    assert "double strike" not in kws(s.state(), paladin)


@pytest.mark.rule("611.3a")
@plays("cond_counter", card_name="Sigiled Contender")
def test_sigiled_contender_has_lifelink_with_a_counter():
    fully_compiled("Sigiled Contender")
    s = Scenario("contender")
    bare = s.add("Sigiled Contender", "Alice")
    grown = s.add("Sigiled Contender", "Alice", counters={"+1/+1": 1})
    st = s.state()
    assert "lifelink" not in kws(st, bare) and "lifelink" in kws(st, grown)


@pytest.mark.rule("611.3a")
@plays("while_self_gets", "cond_opponent_graveyard", card_name="Thieves' Guild Enforcer")
def test_thieves_guild_enforcer_counts_an_opponent_s_graveyard():
    line = "As long as an opponent has eight or more cards in their graveyard, Thieves' Guild Enforcer gets +2/+1 and has deathtouch."
    assert next(x for x in compiled("Thieves' Guild Enforcer").lines if x.line.startswith("As long")).played
    for mine, theirs, expected in ((0, 8, "3/2"), (0, 7, "1/1"), (8, 0, "1/1")):
        s = Scenario("enforcer")
        rogue = s.add("Thieves' Guild Enforcer", "Alice")
        for _ in range(mine):
            s.add("Forest", "Alice", zone="graveyard")
        for _ in range(theirs):
            s.add("Forest", "Bob", zone="graveyard")
        assert pt(s.state(), rogue) == expected, (mine, theirs)
    assert parse_line(line, "Thieves' Guild Enforcer")[1] == ("opponent graveyard at least", 8)
    # the plain "gets" form without keywords:
    assert parse_line("As long as it's your turn, Radha gets +1/+1.", "Radha") == \
        ("while", ("your turn",), (1, 1), ())


@pytest.mark.rule("611.3a")
@plays("cond_graveyard_kind", card_name="Elvish Reclaimer")
def test_elvish_reclaimer_counts_land_cards_in_your_graveyard():
    fully_compiled("Elvish Reclaimer")
    for lands, spells, expected in ((3, 0, "3/4"), (2, 5, "1/2")):
        s = Scenario("reclaimer")
        elf = s.add("Elvish Reclaimer", "Alice")
        for _ in range(lands):
            s.add("Forest", "Alice", zone="graveyard")
        for _ in range(spells):
            s.add("Shock", "Alice", zone="graveyard")
        assert pt(s.state(), elf) == expected


@pytest.mark.rule("613.1f")
def test_a_condition_reads_types_after_layer_4_kargan_dragonrider():
    """"As long as you control a Dragon": a creature type read as the layers made it (205.3m)."""
    fully_compiled("Kargan Dragonrider")
    s, (rider,) = board(("Kargan Dragonrider", "battlefield"))
    assert "flying" not in kws(s.state(), rider)
    s, (rider, _dragon) = board(("Kargan Dragonrider", "battlefield"), ("Shivan Dragon", "battlefield"))
    assert "flying" in kws(s.state(), rider)


def test_an_unknown_word_in_a_condition_is_marked_not_played():
    from mtgrules.cards.oracle.build import CannotBuild, ability
    with pytest.raises(CannotBuild):
        ability(parse_line("~ gets +1/+1 as long as you control a frobnitz.", "X"), "x", False)


# ---------------------------------------------------------------- untapping (502.3)
@pytest.mark.rule("502.3")
@plays("enchanted_doesnt_untap", card_name="Dehydration")
def test_dehydration_keeps_the_enchanted_creature_tapped():
    fully_compiled("Dehydration")
    s = Scenario("dehydration", turn=2, step="end", active="Bob")
    bear = s.add("Grizzly Bears", "Alice", tapped=True)
    other = s.add("Grizzly Bears", "Alice", tapped=True)
    s.add("Dehydration", "Bob", attached_to=bear)
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert t.state.active == "Alice" and t.state.step is Step.UPKEEP
    assert t.state.obj(bear).tapped and not t.state.obj(other).tapped


@pytest.mark.rule("502.3")
@plays("self_doesnt_untap", card_name="Colossus of Sardia")
def test_colossus_of_sardia_doesnt_untap():
    assert next(x for x in compiled("Colossus of Sardia").lines if "doesn't untap" in x.line).played
    s = Scenario("colossus", turn=2, step="end", active="Bob")
    colossus = s.add("Colossus of Sardia", "Alice", tapped=True)
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert t.state.active == "Alice" and t.state.obj(colossus).tapped


# ---------------------------------------------------------------- hand size (402.2) and lands (305.2)
@pytest.mark.rule("402.2")
@plays("no_maximum_hand_size", card_name="Reliquary Tower")
def test_reliquary_tower_no_discard_in_cleanup():
    fully_compiled("Reliquary Tower")
    s = Scenario("tower", turn=2, step="end")
    s.add("Reliquary Tower", "Alice")
    for _ in range(9):
        s.add("Swamp", "Alice", zone="hand")
        s.add("Swamp", "Bob", zone="hand")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob"
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 9  # 514.1 asks nothing of Alice
    # Bob has no Tower: on his turn he would discard; Alice's cards stay in every case
    assert not t.state.in_zone(Zone.GRAVEYARD, "Alice")


@pytest.mark.rule("305.2")
@plays("additional_lands", card_name="Azusa, Lost but Seeking")
def test_azusa_lets_you_play_three_lands():
    fully_compiled("Azusa, Lost but Seeking")
    s = Scenario("azusa")
    s.add("Azusa, Lost but Seeking", "Alice")
    lands = [s.add("Forest", "Alice", zone="hand") for _ in range(4)]
    _libraries(s)
    t = s.timeline()
    for land in lands[:3]:
        t.do(play_land("Alice", land))
    assert t.state.player("Alice").lands_played == 3
    with pytest.raises(IllegalAction) as refused:
        apply(t.state, play_land("Alice", lands[3]))
    assert refused.value.rule == "305.2b"


# ---------------------------------------------------------------- blocks (509.1c)
@pytest.mark.rule("509.1c")
@plays("self_must_be_blocked", card_name="Canopy Stalker")
def test_canopy_stalker_must_be_blocked_if_able():
    assert next(x for x in compiled("Canopy Stalker").lines if "must be blocked" in x.line).played
    s, (stalker,) = board(("Canopy Stalker", "battlefield"))
    assert Keyword.MUST_BE_BLOCKED in characteristics(s.state(), stalker).keywords


# ---------------------------------------------------------------- groups with more words (604.2, 611.3a)
@pytest.mark.rule("613.4c")
@plays("group_other_creatures_with", "group_with_keyword", card_name="Empyrean Eagle")
def test_empyrean_eagle_pumps_only_other_fliers_you_control():
    fully_compiled("Empyrean Eagle")
    s, (eagle, angel, bear, theirs) = board(("Empyrean Eagle", "battlefield"), ("Serra Angel", "battlefield"),
                                            ("Grizzly Bears", "battlefield"), ("Serra Angel", "bob:battlefield"))
    st = s.state()
    assert pt(st, eagle) == "2/3" and pt(st, angel) == "5/5"  # not itself: "other"
    assert pt(st, bear) == "2/2" and pt(st, theirs) == "4/4"


@pytest.mark.rule("613.8a")
def test_sephara_s_indestructible_reaches_a_creature_given_flying_first():
    """"Other creatures you control with flying have indestructible." reads flying, which another layer 6
    effect may give: it applies after that one (613.8a), whatever the timestamps."""
    line = next(x for x in compiled("Sephara, Sky's Blade").lines if x.line.startswith("Other creatures"))
    assert line.played
    s, (sephara, bear, flight) = board(("Sephara, Sky's Blade", "battlefield"), ("Grizzly Bears", "battlefield"),
                                       ("Shimmering Wings", "hand"), mana="U")
    from test_oracle_templates import cast_and_resolve
    assert "indestructible" not in kws(s.state(), bear)
    t = cast_and_resolve(s, flight, targets=(bear,))
    assert {"flying", "indestructible"} <= kws(t.state, bear)


@pytest.mark.rule("506.4")
@plays("group_attacking", card_name="Warded Battlements")
def test_warded_battlements_pumps_attacking_creatures():
    fully_compiled("Warded Battlements")
    from combat_support import pass_until

    from mtgrules import declare_attackers
    s, (walls, bear, other) = board(("Warded Battlements", "battlefield"), ("Grizzly Bears", "battlefield"),
                                    ("Grizzly Bears", "battlefield"), step="combat")
    t = s.timeline()
    pass_until(t, Step.DECLARE_ATTACKERS)
    assert pt(t.state, bear) == "2/2"
    t.do(declare_attackers("Alice", {bear: "Bob"}))
    assert pt(t.state, bear) == "3/2" and pt(t.state, other) == "2/2"


@pytest.mark.rule("122.1")
@plays("group_creatures_with", "group_with_counter", card_name="Pridemalkin")
def test_pridemalkin_gives_trample_to_creatures_with_a_counter():
    fully_compiled("Pridemalkin")
    s = Scenario("pridemalkin")
    s.add("Pridemalkin", "Alice")
    grown = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1})
    bare = s.add("Grizzly Bears", "Alice")
    st = s.state()
    assert "trample" in kws(st, grown) and "trample" not in kws(st, bare)


@pytest.mark.rule("611.3a")
@plays("group_union", card_name="Death Baron")
def test_death_baron_pumps_skeletons_and_other_zombies_once_each():
    fully_compiled("Death Baron")
    s, (baron, zombie, bear) = board(("Death Baron", "battlefield"), ("Diregraf Ghoul", "battlefield"),
                                     ("Grizzly Bears", "battlefield"))
    st = s.state()
    assert pt(st, baron) == "2/2", "Death Baron is a Zombie, but not an *other* Zombie"
    assert pt(st, zombie) == "3/3" and "deathtouch" in kws(st, zombie)
    assert pt(st, bear) == "2/2"


# ---------------------------------------------------------------- a player's hexproof and shroud (702.11c, 702.18a)
def _shock_at(controller_of_tower: str, keyword_card: str, caster: str, target: str):
    s = Scenario("player keyword", active=caster)
    s.add(keyword_card, controller_of_tower)
    shock = s.add("Shock", caster, zone="hand")
    s.mana(caster, "R")
    return s, shock


@pytest.mark.rule("702.18a")
@plays("you_have", card_name="True Believer")
def test_true_believer_no_one_can_target_you():
    from mtgrules import cast
    fully_compiled("True Believer")
    for caster in ("Alice", "Bob"):
        s, shock = _shock_at("Alice", "True Believer", caster, "Alice")
        with pytest.raises(IllegalAction) as refused:
            apply(s.state(), cast(caster, shock, targets=("Alice",)))
        assert refused.value.rule == "702.18a"
    s, shock = _shock_at("Alice", "True Believer", "Bob", "Bob")
    apply(s.state(), cast("Bob", shock, targets=("Bob",)))  # Bob has no shroud


@pytest.mark.rule("702.11c")
def test_leyline_of_sanctity_only_opponents_cant_target_you():
    from mtgrules import cast
    assert next(x for x in compiled("Leyline of Sanctity").lines if x.line.startswith("You have")).played
    s, shock = _shock_at("Alice", "Leyline of Sanctity", "Bob", "Alice")
    with pytest.raises(IllegalAction) as refused:
        apply(s.state(), cast("Bob", shock, targets=("Alice",)))
    assert refused.value.rule == "702.11c"
    s, shock = _shock_at("Alice", "Leyline of Sanctity", "Alice", "Alice")
    apply(s.state(), cast("Alice", shock, targets=("Alice",)))  # her own spell may


# ---------------------------------------------------------------- Auras and defender
@pytest.mark.rule("509.1b")
def test_maniacal_rage_pumps_and_stops_blocks():
    from test_oracle_templates import cast_and_resolve
    fully_compiled("Maniacal Rage")
    s, (aura, bear) = board(("Maniacal Rage", "hand"), ("Grizzly Bears", "battlefield"), mana="RR")
    t = cast_and_resolve(s, aura, targets=(bear,))
    assert pt(t.state, bear) == "4/4" and "can't block" in kws(t.state, bear)


def _attack_with(s: Scenario, attacker: int):
    from combat_support import pass_until

    from mtgrules import declare_attackers
    t = s.timeline()
    pass_until(t, Step.DECLARE_ATTACKERS)
    from mtgrules.rules.combat.state import is_attacking
    state = apply(t.state, declare_attackers("Alice", {attacker: "Bob"}))[0]
    return is_attacking(state, attacker)


@pytest.mark.rule("702.3b")
@plays("despite_defender", "cond_you_control_power", card_name="Drowsing Tyrannodon")
def test_drowsing_tyrannodon_attacks_beside_a_big_creature():
    fully_compiled("Drowsing Tyrannodon")
    s, (dino,) = board(("Drowsing Tyrannodon", "battlefield"), step="combat")
    with pytest.raises(IllegalAction) as refused:
        _attack_with(s, dino)
    assert refused.value.rule == "702.3b"
    s, (dino, _big) = board(("Drowsing Tyrannodon", "battlefield"), ("Colossal Dreadmaw", "battlefield"), step="combat")
    assert _attack_with(s, dino)


@pytest.mark.rule("702.3b")
@plays("equipped_despite_defender", card_name="Novice Knight")
def test_novice_knight_attacks_while_equipped():
    fully_compiled("Novice Knight")
    s, (knight,) = board(("Novice Knight", "battlefield"), step="combat")
    with pytest.raises(IllegalAction):
        _attack_with(s, knight)
    s = Scenario("knight", step="combat")
    knight = s.add("Novice Knight", "Alice")
    s.add("Short Sword", "Alice", attached_to=knight)
    _libraries(s)
    assert _attack_with(s, knight)


def test_a_condition_on_power_read_by_a_layer_effect_is_marked_not_played():
    from mtgrules.cards.oracle.build import CannotBuild, ability
    ir = parse_line("~ gets +1/+1 as long as you control a creature with power 4 or greater.", "X")
    with pytest.raises(CannotBuild, match="613.8a"):
        ability(ir, "x", False)


@pytest.mark.rule("103.6a")
@plays("opening_hand", card_name="Leyline of the Void")
def test_a_leyline_s_opening_hand_line_is_marked_with_its_reason():
    line = next(x for x in compiled("Leyline of the Void").lines if "opening hand" in x.line)
    assert not line.played and "103.6a" in line.how and "scenario" in line.how


# ---------------------------------------------------------------- turn-based actions changed (502.3, 106.4)
@pytest.mark.rule("502.3")
@plays("untap_in_others_steps", card_name="Seedborn Muse")
def test_seedborn_muse_untaps_its_controller_s_permanents_in_other_players_untap_steps():
    fully_compiled("Seedborn Muse")
    s = Scenario("muse", turn=2, step="end", active="Alice")
    s.add("Seedborn Muse", "Alice")
    forest = s.add("Forest", "Alice", tapped=True)
    bobs = s.add("Forest", "Bob", tapped=True)
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP
    assert not t.state.obj(forest).tapped and not t.state.obj(bobs).tapped


@pytest.mark.rule("106.4")
@plays("keep_unspent_mana", card_name="Upwelling")
def test_upwelling_keeps_unspent_mana_from_step_to_step():
    fully_compiled("Upwelling")
    for with_upwelling in (True, False):
        s = Scenario("upwelling", step="main1")
        if with_upwelling:
            s.add("Upwelling", "Bob")
        s.mana("Alice", "G")
        _libraries(s)
        t = s.timeline()
        t.do(pass_priority("Alice")).do(pass_priority("Bob"))
        assert t.state.step is not Step.MAIN1
        assert bool(t.state.player("Alice").pool) is with_upwelling


# ---------------------------------------------------------------- "all creatures able to block ~ do so" (509.1c)
def _block_verdict(s: Scenario, attacker: int, blocks: dict[int, int]):
    from combat_support import pass_until

    from mtgrules import declare_attackers, declare_blockers
    t = s.timeline()
    pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {attacker: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    return apply(t.state, declare_blockers("Bob", blocks))[0]


@pytest.mark.rule("509.1c")
@plays("lure_self", card_name="Prized Unicorn")
def test_prized_unicorn_every_creature_able_to_block_it_must():
    fully_compiled("Prized Unicorn")

    def game():
        s = Scenario("unicorn", step="combat")
        unicorn = s.add("Prized Unicorn", "Alice")
        bear = s.add("Grizzly Bears", "Alice")
        b1 = s.add("Grizzly Bears", "Bob")
        b2 = s.add("Grizzly Bears", "Bob")
        flier = s.add("Serra Angel", "Bob")
        _libraries(s)
        return s, unicorn, bear, b1, b2, flier

    s, unicorn, bear, b1, b2, flier = game()
    from combat_support import pass_until

    from mtgrules import declare_attackers, declare_blockers
    t = s.timeline()
    pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {unicorn: "Bob", bear: "Bob"}))
    pass_until(t, Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction) as refused:
        apply(t.state, declare_blockers("Bob", {b1: unicorn, b2: bear}))
    assert refused.value.rule == "509.1c"
    with pytest.raises(IllegalAction):
        apply(t.state, declare_blockers("Bob", {}))  # no blocks obeys none of the three requirements
    apply(t.state, declare_blockers("Bob", {b1: unicorn, b2: unicorn, flier: unicorn}))  # all three: legal


@pytest.mark.rule("509.1c")
@plays("lure_enchanted", card_name="Lure")
def test_lure_makes_the_enchanted_creature_the_one_to_block():
    fully_compiled("Lure")
    s = Scenario("lure", step="combat")
    bear = s.add("Grizzly Bears", "Alice")
    s.add("Lure", "Alice", attached_to=bear)
    wall = s.add("Wall of Wood", "Bob")
    _libraries(s)
    with pytest.raises(IllegalAction) as refused:
        _block_verdict(s, bear, {})
    assert refused.value.rule == "509.1c"
    assert _block_verdict(s, bear, {wall: bear}) is not None
