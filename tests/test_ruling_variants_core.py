"""Variants of the core rulings on boards the lessons don't use: other cards of the pool, the
other player, three or four players, Two-Headed Giant, tokens, two copies, effects arriving
mid-combat and the other order of events. Each test asserts what its ruling says."""

from __future__ import annotations

import pytest
from combat_support import hand, kinds, library, pass_answering, pass_until, refuse, resolve_top
from helpers import murder_in_hand, neyith_board, pool, refused, to_blockers

from mtgrules import (
    IllegalAction,
    Scenario,
    Step,
    activate,
    apply,
    cast,
    characteristics,
    could_produce_all,
    declare_attackers,
    declare_blockers,
    legal_blocks,
    pass_priority,
)
from mtgrules.core.mana import ManaType
from mtgrules.core.objects import Zone
from mtgrules.rules.combat.state import attack_of, blockers_of
from mtgrules.rules.stack import mana_value

THREE = ["Alice", "Bob", "Carol"]
FOUR = ["Alice", "Bob", "Carol", "Dana"]


def two_headed_giant(title: str, step: str) -> Scenario:
    """A Two-Headed Giant game: Alice and Ann (team A) against Bob and Bea (team B)."""
    return Scenario(title, players=["Alice", "Ann", "Bob", "Bea"], game_format="two-headed giant",
                    teams={"Alice": "A", "Ann": "A", "Bob": "B", "Bea": "B"}, step=step)


def pt(state, oid) -> str:
    return characteristics(state, oid).pt()


# ================================================================= MANA-1 (106.5)
@pytest.mark.ruling("MANA-1")
def test_fellwar_stone_with_no_opponent_land_adds_nothing_but_taps():
    s = Scenario("MANA-1 Fellwar")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Forest", "Alice")  # Alice's own land is not an opponent's
    state, events = apply(s.state(), activate("Alice", stone))
    assert state.obj(stone).tapped and pool(state, "Alice") == []
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.ruling("MANA-1")
def test_two_reflecting_pools_alone_produce_nothing():
    s = Scenario("MANA-1 two pools")
    first = s.add("Reflecting Pool", "Alice")
    s.add("Reflecting Pool", "Alice")
    s.add("Island", "Bob")  # Bob's land is not a land Alice controls
    state, events = apply(s.state(), activate("Alice", first))
    assert state.obj(first).tapped and pool(state, "Alice") == []
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.ruling("MANA-1")
def test_bobs_orchard_is_undefined_when_alice_has_no_lands_in_three_player():
    s = Scenario("MANA-1 three players", players=THREE)
    orchard = s.add("Exotic Orchard", "Bob")
    state = apply(s.state(), pass_priority("Alice"))[0]
    state, events = apply(state, activate("Bob", orchard))
    assert pool(state, "Bob") == [] and [e.rule for e in kinds(events, "no mana")] == ["106.5"]
    s.add("Mountain", "Carol")  # Carol is Bob's opponent too
    state = apply(s.state(), pass_priority("Alice"))[0]
    state, _ = apply(state, activate("Bob", orchard))
    assert pool(state, "Bob") == ["R"]


# ================================================================= MANA-2 (106.6)
@pytest.mark.ruling("MANA-2")
def test_restricted_red_is_still_red_so_it_cant_pay_green():
    s = Scenario("MANA-2 type")
    zig = s.add("Ancient Ziggurat", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", zig, color="R"))
    assert [m.type for m in state.player("Alice").pool] == [ManaType.R]
    err = refused(state, cast("Alice", elves), "118.3")  # a creature spell, but {G} needs green
    assert "{R}" in err.reason


@pytest.mark.ruling("MANA-2")
def test_restricted_mana_pays_an_artifact_creature_spell():
    s = Scenario("MANA-2 walker")
    zig = s.add("Ancient Ziggurat", "Alice")
    forest = s.add("Forest", "Alice")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", zig, color="W"))
    state, _ = apply(state, activate("Alice", forest))
    state, _ = apply(state, cast("Alice", walker, x=1))
    assert pool(state, "Alice") == [] and state.stack[-1].label.startswith("Hangarback Walker")


@pytest.mark.ruling("MANA-2")
def test_reflecting_pool_copies_the_type_not_the_restriction():
    s = Scenario("MANA-2 reflected")
    s.add("Ancient Ziggurat", "Alice")
    lone_pool = s.add("Reflecting Pool", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    state, _ = apply(s.state(), activate("Alice", lone_pool, type="G"))
    unit = state.player("Alice").pool[0]
    assert unit.type is ManaType.G and unit.restriction is None
    state, _ = apply(state, cast("Alice", growth, targets=(bears,)))
    assert pool(state, "Alice") == []


# ================================================================= MANA-3 (106.7)
@pytest.mark.ruling("MANA-3")
def test_orchard_sees_every_opponent_in_a_four_player_game():
    s = Scenario("MANA-3 four", players=FOUR)
    orchard = s.add("Exotic Orchard", "Alice")
    s.add("Island", "Bob", tapped=True)  # tapped: costs are ignored
    s.add("Mountain", "Carol")
    s.add("Forest", "Alice")  # her own land doesn't count
    assert could_produce_all(s.state())[orchard] == {ManaType.U, ManaType.R}


@pytest.mark.ruling("MANA-3")
def test_fellwar_stone_sees_a_replacement_on_the_opponents_land():
    s = Scenario("MANA-3 darkness")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Island", "Bob")
    assert could_produce_all(s.state())[stone] == {ManaType.U}
    s.add("Infernal Darkness", "Alice")  # Alice's enchantment changes Bob's Island too
    answer = could_produce_all(s.state())
    assert answer[stone] == {ManaType.B}
    state, _ = apply(s.state(), activate("Alice", stone, color="B"))
    assert pool(state, "Alice") == ["B"]


@pytest.mark.ruling("MANA-3")
def test_colorless_only_counts_as_nothing_for_a_colour_reflector():
    s = Scenario("MANA-3 wastes")
    orchard = s.add("Exotic Orchard", "Alice")
    s.add("Wastes", "Bob")  # {C} is a type but not a colour: Orchard can't define one
    assert could_produce_all(s.state())[orchard] == frozenset()
    state, events = apply(s.state(), activate("Alice", orchard))
    assert pool(state, "Alice") == [] and [e.rule for e in kinds(events, "no mana")] == ["106.5"]


# ================================================================= MANA-4 (106.12)
@pytest.mark.ruling("MANA-4")
def test_mana_reflection_doubles_a_creature_tapped_for_mana():
    s = Scenario("MANA-4 elves")
    s.add("Mana Reflection", "Alice")
    elves = s.add("Llanowar Elves", "Alice")
    state, _ = apply(s.state(), activate("Alice", elves))
    assert pool(state, "Alice") == ["G", "G"]


@pytest.mark.ruling("MANA-4")
def test_pili_pala_Q_is_not_tapping_for_mana():
    s = Scenario("MANA-4 pili")
    s.add("Mana Reflection", "Alice")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.mana("Alice", "CC")
    state, _ = apply(s.state(), activate("Alice", pili, color="U"))
    assert pool(state, "Alice") == ["U"]


@pytest.mark.ruling("MANA-4")
def test_an_opponents_mana_reflection_doesnt_double_your_mana():
    s = Scenario("MANA-4 other player")
    s.add("Mana Reflection", "Bob")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Swamp", "Bob")
    state, _ = apply(s.state(), activate("Alice", stone))
    assert pool(state, "Alice") == ["B"]


# ================================================================= MANA-5 (106.12a)
@pytest.mark.ruling("MANA-5")
def test_heartbeat_copies_the_type_a_reflecting_pool_produced():
    s = Scenario("MANA-5 pool")
    s.add("Heartbeat of Spring", "Alice")
    lone_pool = s.add("Reflecting Pool", "Bob")
    s.add("Island", "Bob")
    state = apply(s.state(), pass_priority("Alice"))[0]
    state, events = apply(state, activate("Bob", lone_pool))
    assert pool(state, "Bob") == ["U", "U"]
    assert [e.rule for e in kinds(events, "trigger")] == ["106.12a"]


@pytest.mark.ruling("MANA-5")
def test_heartbeat_ignores_a_creature_and_an_artifact_tapped_for_mana():
    s = Scenario("MANA-5 not a land")
    s.add("Heartbeat of Spring", "Alice")
    elves = s.add("Llanowar Elves", "Alice")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Plains", "Bob")
    state, events = apply(s.state(), activate("Alice", elves))
    assert pool(state, "Alice") == ["G"] and not kinds(events, "trigger")
    state, events = apply(state, activate("Alice", stone))
    assert pool(state, "Alice") == ["G", "W"] and not kinds(events, "trigger")


@pytest.mark.ruling("MANA-5")
def test_utopia_sprawl_doesnt_add_when_the_forest_produced_nothing_green():
    s = Scenario("MANA-5 sprawl")
    forest = s.add("Forest", "Alice")
    s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    s.add("Infernal Darkness", "Bob")  # the Forest is tapped for {B}, still mana: Sprawl triggers
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["B", "R"]


# ================================================================= MANA-6 (106.12b)
@pytest.mark.ruling("MANA-6")
def test_two_mana_reflections_and_heartbeat():
    s = Scenario("MANA-6 two reflections")
    s.add("Mana Reflection", "Alice")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    state, events = apply(s.state(), activate("Alice", forest))
    added = kinds(events, "mana added")
    assert added[0].rule == "106.12b"
    assert pool(state, "Alice") == ["G"] * 5  # x4 in one event, then Heartbeat's one (a trigger)


@pytest.mark.ruling("MANA-6")
def test_infernal_darkness_then_reflection_on_an_elf():
    s = Scenario("MANA-6 elf")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")  # lands only: the Elves still make {G}
    elves = s.add("Llanowar Elves", "Alice")
    state, events = apply(s.state(), activate("Alice", elves))
    assert pool(state, "Alice") == ["G", "G"]
    assert len(kinds(events, "mana added")) == 1


# ================================================================= XETB-1 (107.3m)
@pytest.mark.ruling("XETB-1")
def test_X_zero_walker_enters_with_no_counters_and_dies():
    s = Scenario("XETB-1 zero")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    state, _ = apply(s.state(), cast("Alice", walker, x=0))
    for player in ("Alice", "Bob"):
        state, _ = apply(state, pass_priority(player))
    assert state.obj(walker).zone is Zone.GRAVEYARD  # 0/0 (704.5f)
    assert not [o for o in state.battlefield("Alice") if o.card == "Thopter Token"]


@pytest.mark.ruling("XETB-1")
def test_bobs_walker_uses_his_spells_X():
    s = Scenario("XETB-1 Bob", active="Bob")
    walker = s.add("Hangarback Walker", "Bob", zone="hand")
    s.mana("Bob", "CCCC")
    state, _ = apply(s.state(), cast("Bob", walker, x=2))
    assert mana_value(state, walker) == 4
    for player in ("Bob", "Alice"):
        state, _ = apply(state, pass_priority(player))
    assert state.obj(walker).counter("+1/+1") == 2 and mana_value(state, walker) == 0
    assert pt(state, walker) == "2/2"


# ================================================================= TAP-1 (107.5, 302.6)
@pytest.mark.ruling("TAP-1")
def test_an_opponents_fervor_gives_your_creature_no_haste():
    s = Scenario("TAP-1 Bob's Fervor")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    s.add("Fervor", "Bob")
    refused(s.state(), activate("Alice", elves), "302.6")


@pytest.mark.ruling("TAP-1")
def test_a_tapped_creature_cant_pay_T_even_with_haste():
    s = Scenario("TAP-1 tapped elf")
    elves = s.add("Llanowar Elves", "Alice", tapped=True)
    s.add("Fervor", "Alice")
    refused(s.state(), activate("Alice", elves), "107.5")


@pytest.mark.ruling("TAP-1")
def test_a_noncreature_artifact_that_just_arrived_can_tap():
    s = Scenario("TAP-1 stone")
    stone = s.add("Fellwar Stone", "Alice", sick=True)
    s.add("Forest", "Bob")
    state, _ = apply(s.state(), activate("Alice", stone))
    assert state.obj(stone).tapped and pool(state, "Alice") == ["G"]
    refused(state, activate("Alice", stone), "107.5")


# ================================================================= UNTAP-1 (107.6, 302.6)
@pytest.mark.ruling("UNTAP-1")
def test_an_untapped_pili_pala_cant_pay_Q():
    s = Scenario("UNTAP-1 pili")
    pili = s.add("Pili-Pala", "Alice")
    s.mana("Alice", "CC")
    refused(s.state(), activate("Alice", pili, color="G"), "107.6")


@pytest.mark.ruling("UNTAP-1")
def test_an_opponents_fervor_doesnt_lift_the_Q_restriction():
    s = Scenario("UNTAP-1 Bob's Fervor")
    pili = s.add("Pili-Pala", "Alice", tapped=True, sick=True)
    s.add("Fervor", "Bob")
    s.mana("Alice", "CC")
    refused(s.state(), activate("Alice", pili, color="G"), "302.6")


@pytest.mark.ruling("UNTAP-1")
def test_Q_can_be_paid_once_then_the_permanent_is_untapped():
    s = Scenario("UNTAP-1 twice")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.mana("Alice", "CCCC")
    state, _ = apply(s.state(), activate("Alice", pili, color="G"))
    refused(state, activate("Alice", pili, color="G"), "107.6")


# ================================================================= MEL (702.121a)
def at_attackers(s: Scenario):
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)



def ambush_in_hand(s: Scenario):
    """Practice Ambush in Alice's hand with a Plains to pay for it: a token that enters the
    battlefield attacking mid-combat. Returns ``cast_ambush(t)``, which taps the Plains and casts it."""
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")

    def cast_ambush(t) -> None:
        t.do(activate("Alice", plains))
        t.do(cast("Alice", ambush))

    return cast_ambush


def wings_attack_bob_with_ambush_in_hand(s: Scenario):
    """Alice's Wings of the Guard attacks Bob, Practice Ambush in her hand: (timeline, Wings, cast_ambush)."""
    wings = s.add("Wings of the Guard", "Alice")
    cast_ambush = ambush_in_hand(s)
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    return t, wings, cast_ambush

@pytest.mark.ruling("MEL-1")
def test_four_players_three_opponents_attacked():
    s = Scenario("MEL-1 four", players=FOUR, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    a, b = s.add("Grizzly Bears", "Alice"), s.add("Soldier Token", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", a: "Carol", b: "Dana"}))
    resolve_top(t)
    assert pt(t.state, wings) == "4/4"


@pytest.mark.ruling("MEL-1")
def test_two_wings_each_count_every_opponent_attacked():
    s = Scenario("MEL-1 two copies", players=THREE, step="combat")
    first = s.add("Wings of the Guard", "Alice")
    second = s.add("Wings of the Guard", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {first: "Bob", second: "Carol"},
                                     trigger_order=("Wings of the Guard #1", "Wings of the Guard #2")))
    assert len(t.state.stack) == 2
    resolve_top(t)
    resolve_top(t)
    assert pt(t.state, first) == pt(t.state, second) == "3/3"


@pytest.mark.ruling("MEL-1")
def test_two_headed_giant_counts_only_opponents_you_attacked():
    s = two_headed_giant("MEL-1 2HG", step="combat")
    wings = s.add("Wings of the Guard", "Ann")
    bears = s.add("Grizzly Bears", "Ann")
    alices = s.add("Grizzly Bears", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Bea", alices: "Bea"}))
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"  # Ann attacked Bob and Bea
    s2 = two_headed_giant("MEL-1 2HG b", step="combat")
    wings = s2.add("Wings of the Guard", "Ann")
    alices = [s2.add("Grizzly Bears", "Alice") for _ in range(2)]
    t = at_attackers(s2)
    t.do(declare_attackers("Alice", {wings: "Bob", alices[0]: "Bea", alices[1]: "Bob"}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # Alice's attack on Bea is not Ann's


@pytest.mark.ruling("MEL-2")
def test_removal_after_melee_resolved_doesnt_shrink_the_bonus():
    s = Scenario("MEL-2 after", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    _, cast_murder = murder_in_hand(s, "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Carol"}))
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"
    t.do(pass_priority("Alice"))
    cast_murder(t, bears)
    t.do(pass_priority("Bob")).do(pass_priority("Carol")).do(pass_priority("Alice"))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert pt(t.state, wings) == "3/3"


@pytest.mark.ruling("MEL-2")
def test_the_only_creature_attacking_an_opponent_is_a_token_that_dies_in_response():
    s = Scenario("MEL-2 token", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    token = s.add("Soldier Token", "Alice")
    _, cast_murder = murder_in_hand(s, "Carol")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", token: "Carol"}))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    cast_murder(t, token)
    t.do(pass_priority("Carol")).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert all(o.oid != token for o in t.state.objects if o.zone is Zone.BATTLEFIELD)
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"


@pytest.mark.ruling("MEL-3")
def test_a_planeswalker_of_a_third_player_is_not_that_player():
    s = Scenario("MEL-3 three", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    jace = s.add("Jace Beleren", "Carol", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: jace}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # Bob only; attacking Carol's Jace isn't attacking Carol
    assert t.state.combat.attacked_by("Alice") == ("Bob",)


@pytest.mark.ruling("MEL-3")
def test_wings_at_a_planeswalker_counts_the_players_others_attacked():
    s = Scenario("MEL-3 other", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: jace, bears: "Carol"}))
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # triggered attacking Jace; Carol counts


@pytest.mark.ruling("MEL-4")
def test_a_token_entering_attacking_after_melee_resolved_changes_nothing():
    s = Scenario("MEL-4 after", players=THREE, step="combat")
    t, wings, cast_ambush = wings_attack_bob_with_ambush_in_hand(s)
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"
    cast_ambush(t)
    resolve_top(t, attack_target="Carol")
    assert t.state.stack == ()
    assert pt(t.state, wings) == "2/2"
    assert t.state.combat.attacked_by("Alice") == ("Bob",)


@pytest.mark.ruling("MEL-4")
def test_a_second_wings_entering_attacking_doesnt_trigger_nor_count():
    s = Scenario("MEL-4 second", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    other = s.add("Wings of the Guard", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    lands = [s.add("Plains", "Alice") for _ in range(2)]
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    for land in lands:
        t.do(activate("Alice", land))
    t.do(cast("Alice", charge))  # on top of the first melee
    resolve_top(t, attack_target="Carol")
    assert attack_of(t.state, other).declared is False
    assert len(t.state.stack) == 1  # only the declared Wings's melee
    resolve_top(t)
    assert pt(t.state, wings) == "2/2" and pt(t.state, other) == "1/1"


# ================================================================= NEY (Neyith of the Dire Hunt)
def target_at_begin_combat(t, target) -> None:
    """Pass up to the beginning of combat, answering Neyith's trigger's target with ``target``."""
    while t.state.step is not Step.BEGIN_COMBAT:
        pass_answering(t, t.state.priority, {"target": target})


def tap_and_pay_once(t, forests) -> None:
    """Tap Alice's ``forests`` for mana, then pass until the stack is empty, paying {2}{G} once."""
    for f in forests:
        t.do(activate("Alice", f))
    while t.state.stack:
        pass_answering(t, t.state.priority, {"pay": 1})


def marked(title: str, **board):
    """Neyith's beginning-of-combat ability paid on Alice's first creature."""
    s, ids = neyith_board(title, **board)
    target = ids["alice"][0]
    t = s.timeline()
    target_at_begin_combat(t, target)
    assert len(t.state.stack) == 1
    tap_and_pay_once(t, ids["forests"][:3])
    return t, ids, target


@pytest.mark.ruling("NEY-1")
def test_a_flier_that_no_creature_can_block_is_not_blocked():
    t, ids, angel = marked("NEY-1 flier", alice=("Serra Angel",), bob=("Grizzly Bears", "Walking Corpse"))
    t = to_blockers(t, [angel])
    options = legal_blocks(t.state, "Bob")
    assert options.max_obeyed == 0 and list(options.declarations()) == [{}]
    assert t.state.priority == "Alice"  # nothing to wait for: no creature of Bob's can block it
    assert attack_of(t.state, angel).blocked is False


@pytest.mark.ruling("NEY-1")
def test_a_flier_must_be_blocked_by_the_one_creature_with_reach():
    t, ids, angel = marked("NEY-1 reach", alice=("Serra Angel",), bob=("Grizzly Bears", "Giant Spider"))
    t = to_blockers(t, [angel])
    bears, spider = ids["bob"]
    options = legal_blocks(t.state, "Bob")
    assert options.max_obeyed == 1
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    assert list(options.declarations()) == [{spider: angel}]
    t.do(declare_blockers("Bob", {spider: angel}))


@pytest.mark.ruling("NEY-1")
def test_a_defender_can_still_be_required_to_block():
    t, ids, bears = marked("NEY-1 walls", alice=("Grizzly Bears",), bob=("Wall of Wood",))
    t = to_blockers(t, [bears])
    assert legal_blocks(t.state, "Bob").max_obeyed == 1  # a Wall can block: defender only stops attacking
    refuse(t.state, declare_blockers("Bob"), "509.1c")


@pytest.mark.ruling("NEY-2")
def test_an_opponents_fight_with_your_creature_draws_you_a_card():
    s = Scenario("NEY-2 Bob's fight", step="main1", active="Bob")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    stag = s.add("Somberwald Stag", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(5)]
    library(s, "Alice")
    t = s.timeline()
    for f in forests:
        t.do(activate("Bob", f))
    t.do(cast("Bob", stag))
    t.do(pass_priority("Bob")).do(pass_priority("Alice", target=bears))
    resolve_top(t, fight=True)
    assert kinds(t[-1].events, "fight")
    assert len(t.state.stack) == 1 and "fight or become blocked" in t.state.stack[0].label
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


@pytest.mark.ruling("NEY-2")
def test_blocking_and_dealing_combat_damage_is_not_fighting():
    s = Scenario("NEY-2 blocker", step="combat", active="Bob")
    s.add("Neyith of the Dire Hunt", "Alice")
    spider = s.add("Giant Spider", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    library(s, "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Bob", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Alice", {spider: bears}))
    t = pass_until(t, Step.END_COMBAT)
    events = [e for f in t for e in f.events]
    assert kinds(events, "combat damage") and not kinds(events, "fight")
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert hand(t.state, "Alice") == []  # Alice's Spider blocked; it wasn't blocked, nor fought


@pytest.mark.ruling("NEY-3")
def test_in_three_player_only_the_attacked_player_chooses_the_blocker():
    t, ids, bears = marked("NEY-3 three", bob=("Walking Corpse", "Giant Spider"), players=("Alice", "Bob", "Carol"))
    t = to_blockers(t, {bears: "Bob"})
    corpse, spider = ids["bob"]
    refuse(t.state, declare_blockers("Carol", {corpse: bears}), "509.1a")
    t.do(declare_blockers("Bob", {spider: bears}))
    assert [b.oid for b in blockers_of(t.state, bears)] == [spider]


@pytest.mark.ruling("NEY-4")
def test_one_attacker_blocked_by_two_draws_one_card():
    s = Scenario("NEY-4 double block", step="combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    wurm = s.add("Craw Wurm", "Alice")
    corpse, spider = s.add("Walking Corpse", "Bob"), s.add("Giant Spider", "Bob")
    library(s, "Alice")
    t = to_blockers(s.timeline(), [wurm])
    t.do(declare_blockers("Bob", {corpse: wurm, spider: wurm}))
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


@pytest.mark.ruling("NEY-4")
def test_neyith_and_a_token_blocked_together_draw_one_card():
    s = Scenario("NEY-4 token", step="combat")
    neyith = s.add("Neyith of the Dire Hunt", "Alice")
    token = s.add("Soldier Token", "Alice")
    corpse, spider = s.add("Walking Corpse", "Bob"), s.add("Giant Spider", "Bob")
    library(s, "Alice")
    t = to_blockers(s.timeline(), [neyith, token])
    t.do(declare_blockers("Bob", {corpse: token, spider: neyith}))
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


@pytest.mark.ruling("NEY-5")
def test_x_is_the_pumped_power_when_the_pump_came_first():
    s, ids = neyith_board("NEY-5 pump first", forests=4)
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = ids["alice"][0]
    t = s.timeline()
    t.do(activate("Alice", ids["forests"][3]))
    t.do(cast("Alice", growth, targets=(bears,)))
    resolve_top(t)
    assert pt(t.state, bears) == "5/5"
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    for f in ids["forests"][:3]:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", pay=1))
    assert pt(t.state, bears) == "10/5"
    assert [e.delta for e in t.state.effects if e.rule == "701.10b"] == [(5, 0)]


@pytest.mark.ruling("NEY-5")
def test_doubling_zero_power_gives_nothing():
    t, ids, myr = marked("NEY-5 zero", alice=("Darksteel Myr",))
    assert pt(t.state, myr) == "0/1"


@pytest.mark.ruling("NEY-6")
def test_three_payments_are_refused_too():
    s, ids = neyith_board("NEY-6 three", forests=9)
    bears = ids["alice"][0]
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    for f in ids["forests"]:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice"))
    refuse(t.state, pass_priority("Bob", pay=3), "608.2c")
    t.do(pass_priority("Bob", pay=1))
    assert pt(t.state, bears) == "4/2"


@pytest.mark.ruling("NEY-7")
def test_menace_target_three_possible_blockers_two_or_three_block():
    t, ids, brute = marked("NEY-7 three", alice=("Boggart Brute",),
                           bob=("Walking Corpse", "Grizzly Bears", "Giant Spider"))
    t = to_blockers(t, [brute])
    corpse, bears, spider = ids["bob"]
    options = legal_blocks(t.state)
    refuse(t.state, declare_blockers("Bob", {spider: brute}), "702.111b")
    assert options.check({corpse: brute, bears: brute}).legal
    assert options.check({corpse: brute, bears: brute, spider: brute}).legal
    assert not options.check({}).legal


@pytest.mark.ruling("NEY-7")
def test_menace_target_with_a_second_creature_that_cant_block():
    t, ids, brute = marked("NEY-7 piker", alice=("Boggart Brute",), bob=("Walking Corpse", "Goblin Piker"))
    t = to_blockers(t, [brute])
    assert legal_blocks(t.state).max_obeyed == 0
    t.do(declare_blockers("Bob"))
    assert attack_of(t.state, brute).blocked is False


@pytest.mark.ruling("NEY-8")
def test_the_other_creature_may_block_another_attacker_or_nothing():
    t, ids, bears = marked("NEY-8 two", alice=("Grizzly Bears", "Soldier Token"),
                           bob=("Walking Corpse", "Giant Spider"))
    token = ids["alice"][1]
    t = to_blockers(t, [bears, token])
    corpse, spider = ids["bob"]
    options = legal_blocks(t.state)
    assert options.check({spider: bears}).legal
    assert options.check({spider: bears, corpse: token}).legal
    assert options.check({spider: bears, corpse: bears}).legal
    assert options.check({corpse: token, spider: token}).rule == "509.1c"


# ================================================================= more boards
@pytest.mark.ruling("MANA-3")
def test_reflecting_pool_sees_a_crag_with_no_counters_left():
    s = Scenario("MANA-3 empty crag")
    lone_pool = s.add("Reflecting Pool", "Alice")
    s.add("Vivid Crag", "Alice", tapped=True)  # no charge counters: the cost can't be paid, ignored
    assert could_produce_all(s.state())[lone_pool] == {ManaType.W, ManaType.U, ManaType.B, ManaType.R,
                                                       ManaType.G}
    state, _ = apply(s.state(), activate("Alice", lone_pool, type="U"))
    assert pool(state, "Alice") == ["U"]


@pytest.mark.ruling("MANA-1")
def test_fellwar_stone_facing_only_wastes_adds_nothing():
    s = Scenario("MANA-1 wastes")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Wastes", "Bob")
    state, events = apply(s.state(), activate("Alice", stone))
    assert state.obj(stone).tapped and pool(state, "Alice") == []
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.ruling("NEY-1")
def test_two_headed_giant_a_teammates_creature_must_block():
    s = two_headed_giant("NEY-1 2HG", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Walking Corpse", "Bob", tapped=True)
    spider = s.add("Giant Spider", "Bea")
    library(s, "Alice")
    t = s.timeline()
    target_at_begin_combat(t, bears)
    tap_and_pay_once(t, forests)
    t = to_blockers(t, {bears: "Bob"})
    assert t.state.combat.awaiting  # Bea's Spider can block an attacker of Bob's (805.10d)
    who = t.state.combat.awaiting[0][1]
    refuse(t.state, declare_blockers(who), "509.1c")
    t.do(declare_blockers(who, {spider: bears}))
    assert [b.oid for b in blockers_of(t.state, bears)] == [spider]


@pytest.mark.ruling("NEY-8")
def test_culling_mark_and_neyith_together_the_maximum_is_obeyed():
    s, ids = neyith_board("NEY-8 culling", alice=("Grizzly Bears", "Craw Wurm"), forests=6)
    mark = s.add("Culling Mark", "Alice", zone="hand")
    bears, wurm = ids["alice"]
    corpse = ids["bob"][0]
    t = s.timeline()
    for f in ids["forests"][3:]:
        t.do(activate("Alice", f))
    t.do(cast("Alice", mark, targets=(corpse,)))
    resolve_top(t)
    target_at_begin_combat(t, bears)
    tap_and_pay_once(t, ids["forests"][:3])
    t = to_blockers(t, [bears, wurm])
    options = legal_blocks(t.state)
    assert options.max_obeyed == 2  # blocking the Bears obeys both requirements
    assert options.check({corpse: wurm}).rule == "509.1c"  # only one of two obeyed
    assert options.check({corpse: bears}).legal


@pytest.mark.ruling("NEY-7")
def test_menace_target_with_a_wall_and_a_spider_both_must_block():
    t, ids, brute = marked("NEY-7 wall", alice=("Boggart Brute",), bob=("Wall of Wood", "Giant Spider"))
    t = to_blockers(t, [brute])
    wall, spider = ids["bob"]
    assert list(legal_blocks(t.state).declarations()) == [{wall: brute, spider: brute}]
    refuse(t.state, declare_blockers("Bob", {wall: brute}), "702.111b")


@pytest.mark.ruling("MEL-4")
def test_a_token_entering_attacking_triggers_no_attack_trigger():
    s = Scenario("MEL-4 bell", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    s.add("Practice Bell", "Alice")
    cast_ambush = ambush_in_hand(s)
    t = at_attackers(s)
    t.do(declare_attackers("Alice", [wings], trigger_order=("Wings of the Guard", "Practice Bell")))
    n = len(t.state.stack)
    assert n == 2  # melee and the Bell for Wings
    cast_ambush(t)
    resolve_top(t)
    assert len(t.state.stack) == n  # the token attacks without having attacked: nothing triggers


@pytest.mark.ruling("MEL-2")
def test_an_opponent_who_concedes_before_melee_resolves_still_counts():
    from mtgrules import concede
    s = Scenario("MEL-2 concede", players=FOUR, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Carol"}))
    t.do(concede("Carol"))  # Carol leaves the game; her attacker is removed from combat (800.4a)
    assert t.state.player("Carol").lost and len(t.state.stack) == 1
    resolve_top(t)
    assert pt(t.state, wings) == "3/3"


@pytest.mark.ruling("MEL-1")
def test_bobs_wings_on_bobs_turn_counts_alice_and_carol():
    s = Scenario("MEL-1 Bob", players=THREE, active="Bob", step="combat")
    wings = s.add("Wings of the Guard", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Bob", {wings: "Alice", bears: "Alice"}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"


@pytest.mark.ruling("MANA-6")
def test_reflection_doubles_the_forest_not_the_sprawls_trigger():
    s = Scenario("MANA-6 sprawl")
    s.add("Mana Reflection", "Alice")
    forest = s.add("Forest", "Alice")
    s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "U"})
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G", "U"]


@pytest.mark.ruling("MANA-5")
def test_heartbeat_adds_one_mana_of_the_type_after_reflection_doubled_it():
    s = Scenario("MANA-5 reflected heartbeat")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    state, events = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G", "G"]
    assert [e.rule for e in kinds(events, "trigger")] == ["106.12a"]


@pytest.mark.ruling("TAP-1")
def test_a_walker_cast_this_turn_cant_pay_T_until_haste():
    s = Scenario("TAP-1 walker")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "CCC")
    state, _ = apply(s.state(), cast("Alice", walker, x=1))
    for player in ("Alice", "Bob"):
        state, _ = apply(state, pass_priority(player))
    assert state.obj(walker).zone is Zone.BATTLEFIELD
    refused(state, activate("Alice", walker, "{1}, {T}"), "302.6")


@pytest.mark.ruling("NEY-1")
def test_three_players_a_non_defending_player_cant_block_the_target():
    s, ids = neyith_board("NEY-1 three", alice=("Grizzly Bears", "Craw Wurm"), bob=("Walking Corpse",),
                          players=("Alice", "Bob", "Carol"))
    bears, wurm = ids["alice"]
    t = s.timeline()
    target_at_begin_combat(t, bears)
    tap_and_pay_once(t, ids["forests"])
    t = to_blockers(t, {bears: "Carol", wurm: "Bob"})  # Carol has no creature
    corpse = ids["bob"][0]
    options = legal_blocks(t.state, "Bob")
    assert options.max_obeyed == 0  # Bob can't block what attacks Carol
    refuse(t.state, declare_blockers("Bob", {corpse: bears}), "509.1a")  # also 802.4a
    t.do(declare_blockers("Bob"))
    assert attack_of(t.state, bears).blocked is False


@pytest.mark.ruling("MANA-3")
def test_a_ring_of_reflectors_becomes_defined_by_one_forest():
    s = Scenario("MANA-3 ring")
    mine = s.add("Exotic Orchard", "Alice")
    their_pool = s.add("Reflecting Pool", "Bob")
    theirs = s.add("Exotic Orchard", "Bob")
    answer = could_produce_all(s.state())
    assert answer[mine] == answer[their_pool] == answer[theirs] == frozenset()
    s.add("Forest", "Alice")
    answer = could_produce_all(s.state())
    assert answer[theirs] == {ManaType.G}  # sees the Forest
    assert answer[their_pool] == {ManaType.G}  # sees Bob's Orchard
    assert answer[mine] == {ManaType.G}  # sees Bob's Pool and Orchard


@pytest.mark.ruling("MANA-1")
def test_a_lone_reflecting_pool_under_infernal_darkness_still_adds_nothing():
    s = Scenario("MANA-1 darkness")
    lone_pool = s.add("Reflecting Pool", "Alice")
    s.add("Infernal Darkness", "Bob")  # replaces the type of mana produced; none is produced
    state, events = apply(s.state(), activate("Alice", lone_pool))
    assert state.obj(lone_pool).tapped and pool(state, "Alice") == []
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.ruling("TAP-1")
def test_fervor_arriving_mid_turn_lets_the_new_elves_tap():
    s = Scenario("TAP-1 late Fervor")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    fervor = s.add("Fervor", "Alice", zone="hand")
    s.mana("Alice", "CCR")
    state = s.state()
    refused(state, activate("Alice", elves), "302.6")
    state, _ = apply(state, cast("Alice", fervor))
    for player in ("Alice", "Bob"):
        state, _ = apply(state, pass_priority(player))
    state, _ = apply(state, activate("Alice", elves))
    assert state.obj(elves).tapped and pool(state, "Alice") == ["G"]


@pytest.mark.ruling("UNTAP-1")
def test_fervor_lets_a_new_order_of_whiteclay_pay_Q():
    s = Scenario("UNTAP-1 Fervor")
    order = s.add("Order of Whiteclay", "Alice", tapped=True, sick=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.add("Fervor", "Alice")
    s.mana("Alice", "WWG")
    state, _ = apply(s.state(), activate("Alice", order, targets=(elves,)))
    assert not state.obj(order).tapped


@pytest.mark.ruling("MEL-3")
def test_two_headed_giant_planeswalker_and_its_teammate():
    s = two_headed_giant("MEL-3 2HG", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wings: jace, bears: "Bea"}))
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # Bea counts; Jace (and so Bob) doesn't


@pytest.mark.ruling("NEY-7")
def test_menace_gained_after_neyith_resolved_still_needs_two_blockers():
    s, ids = neyith_board("NEY-7 lord", alice=("Walking Corpse", "Lord of the Accursed"),
                          bob=("Grizzly Bears", "Giant Spider"))
    swamps = [s.add("Swamp", "Alice") for _ in range(2)]
    corpse, lord = ids["alice"]
    t = s.timeline()
    target_at_begin_combat(t, corpse)
    tap_and_pay_once(t, ids["forests"])
    assert pt(t.state, corpse) == "6/3"  # 3/3 with the Lord, doubled: +3/+0 (NEY-5)
    for sw in swamps:
        t.do(activate("Alice", sw))
    t.do(activate("Alice", lord))  # all Zombies gain menace, after the requirement was made
    resolve_top(t)
    t = to_blockers(t, [corpse])
    bears, spider = ids["bob"]
    refuse(t.state, declare_blockers("Bob", {spider: corpse}), "702.111b")
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    t.do(declare_blockers("Bob", {spider: corpse, bears: corpse}))
    assert len(blockers_of(t.state, corpse)) == 2


@pytest.mark.ruling("NEY-5")
def test_exponential_growth_after_neyith_doubles_the_doubled_power():
    s, ids = neyith_board("NEY-5 exponential", forests=3)
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    mountains = [s.add("Mountain", "Alice") for _ in range(3)]
    bears = ids["alice"][0]
    t = s.timeline()
    target_at_begin_combat(t, bears)
    tap_and_pay_once(t, ids["forests"])
    assert pt(t.state, bears) == "4/2"
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", []))
    t = pass_until(t, Step.MAIN2)
    for m in mountains:
        t.do(activate("Alice", m))
    t.do(cast("Alice", growth, targets=(bears,), x=1))
    resolve_top(t)
    assert pt(t.state, bears) == "8/2"  # X for this doubling is 4; Neyith's +2 stays +2
    assert sorted(e.delta for e in t.state.effects if e.rule == "701.10b") == [(2, 0), (4, 0)]


@pytest.mark.ruling("MANA-4")
def test_a_T_ability_with_another_cost_is_still_tapping_for_mana():
    s = Scenario("MANA-4 crag")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    crag = s.add("Vivid Crag", "Alice", counters={"charge": 2})
    state, events = apply(s.state(), activate("Alice", crag, 1, color="U"))
    assert state.obj(crag).counter("charge") == 1
    assert pool(state, "Alice") == ["U", "U", "U"]  # doubled by Reflection, one more from Heartbeat
    assert [e.rule for e in kinds(events, "trigger")] == ["106.12a"]


@pytest.mark.ruling("MANA-6")
def test_reflection_has_nothing_to_double_when_no_mana_is_produced():
    s = Scenario("MANA-6 nothing")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Alice")
    lone_pool = s.add("Reflecting Pool", "Alice")
    state, events = apply(s.state(), activate("Alice", lone_pool))
    assert pool(state, "Alice") == [] and not kinds(events, "trigger")
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.ruling("NEY-2")
def test_a_fight_that_doesnt_happen_isnt_fighting():
    s = Scenario("NEY-2 no fight", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(5)]
    corpse = s.add("Walking Corpse", "Bob")
    _, cast_murder = murder_in_hand(s, "Bob")
    library(s, "Alice")
    t = s.timeline()
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", stag))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=corpse))  # the Stag's trigger targets
    t.do(pass_priority("Alice"))
    cast_murder(t, stag)  # the Stag leaves before its trigger resolves
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert t.state.obj(stag).zone is Zone.GRAVEYARD
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob", fight=True))  # Alice chooses to have it fight; it can't (701.14b)
    events = [e for f in t for e in f.events]
    assert not kinds(events, "fight")  # 701.14b: neither fights
    assert t.state.obj(corpse).zone is Zone.BATTLEFIELD
    assert t.state.stack == () and hand(t.state, "Alice") == []  # Neyith didn't trigger


def test_cr_509_1c_example_blocks_if_able_and_a_plain_creature_against_menace():
    """509.1c's example: one creature 'blocks if able', another has no abilities; a creature with
    menace attacks: both must block it (one alone breaks menace or the requirement)."""
    s = Scenario("509.1c example", step="main1")
    brute = s.add("Boggart Brute", "Alice")
    mark = s.add("Culling Mark", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    corpse = s.add("Walking Corpse", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    t = s.timeline()
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", mark, targets=(corpse,)))
    resolve_top(t)
    t = to_blockers(t, [brute])
    refuse(t.state, declare_blockers("Bob", {corpse: brute}), "702.111b")
    refuse(t.state, declare_blockers("Bob", {bears: brute}), "702.111b")
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    assert list(legal_blocks(t.state).declarations()) == [{corpse: brute, bears: brute}]


def two_headed_giant_blocks(blocks_for):
    s = two_headed_giant("NEY-4 2HG", step="combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    mine, hers = s.add("Grizzly Bears", "Alice"), s.add("Craw Wurm", "Ann")
    corpse, spider = s.add("Walking Corpse", "Bob"), s.add("Giant Spider", "Bea")
    library(s, "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {mine: "Bob", hers: "Bea"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    who = t.state.combat.awaiting[0][1]
    t.do(declare_blockers(who, blocks_for(mine, hers, corpse, spider)))
    return t


@pytest.mark.ruling("NEY-4")
def test_two_headed_giant_a_teammates_blocked_creature_isnt_yours():
    t = two_headed_giant_blocks(lambda mine, hers, corpse, spider: {spider: hers})
    assert t.state.stack == ()  # Ann's Wurm became blocked; Neyith counts only Alice's creatures


@pytest.mark.ruling("NEY-4")
def test_two_headed_giant_one_combined_block_draws_one_card():
    t = two_headed_giant_blocks(lambda mine, hers, corpse, spider: {corpse: mine, spider: hers})
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


@pytest.mark.ruling("MANA-2")
def test_creature_spell_mana_cant_pay_a_creatures_ability():
    s = Scenario("MANA-2 ability")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    zig = s.add("Ancient Ziggurat", "Alice")
    s.mana("Alice", "WW")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    err = refused(state, activate("Alice", order, targets=(elves,)), "106.6")
    assert "restricted" in err.reason


@pytest.mark.ruling("MEL-4")
def test_two_headed_giant_token_entering_attacking_the_other_head_isnt_counted():
    s = two_headed_giant("MEL-4 2HG", step="combat")
    t, wings, cast_ambush = wings_attack_bob_with_ambush_in_hand(s)
    cast_ambush(t)
    for wrong in ("Ann", "Alice"):  # not a defending player (508.4)
        with pytest.raises(IllegalAction) as info:
            resolve_top(t, attack_target=wrong)
        assert info.value.rule.startswith("508.4"), info.value
    resolve_top(t, attack_target="Bea")
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"  # only Bob: the token that entered attacking Bea never attacked


@pytest.mark.ruling("MEL-4")
def test_a_token_cant_enter_attacking_a_player_who_conceded():
    from mtgrules import concede
    s = Scenario("MEL-4 conceded", players=FOUR, step="combat")
    t, wings, cast_ambush = wings_attack_bob_with_ambush_in_hand(s)
    cast_ambush(t)
    t.do(concede("Carol"))
    with pytest.raises(IllegalAction) as info:
        resolve_top(t, attack_target="Carol")
    assert info.value.rule.startswith("508.4"), info.value
    resolve_top(t, attack_target="Dana")
    resolve_top(t)
    assert pt(t.state, wings) == "2/2"


@pytest.mark.ruling("MANA-3")
def test_a_sprawled_forest_could_produce_only_green():
    """106.7 looks at abilities of the permanent itself and replacement effects: Utopia Sprawl's
    extra mana comes from the Aura's triggered ability, so Bob's Forest still could produce only {G}."""
    s = Scenario("MANA-3 sprawl")
    orchard = s.add("Exotic Orchard", "Alice")
    forest = s.add("Forest", "Bob")
    s.add("Utopia Sprawl", "Bob", attached_to=forest, chosen={"color": "U"})
    s.add("Heartbeat of Spring", "Bob")  # a trigger too, not a replacement
    answer = could_produce_all(s.state())
    assert answer[forest] == {ManaType.G}
    assert answer[orchard] == {ManaType.G}
    refused(s.state(), activate("Alice", orchard, color="U"), "106.7")


@pytest.mark.ruling("NEY-3")
def test_two_headed_giant_the_defending_team_picks_either_heads_creature():
    s = two_headed_giant("NEY-3 2HG", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    corpse, spider = s.add("Walking Corpse", "Bob"), s.add("Giant Spider", "Bea")
    library(s, "Alice")
    t = s.timeline()
    target_at_begin_combat(t, bears)
    tap_and_pay_once(t, forests)
    t = to_blockers(t, {bears: "Bea"})
    who = t.state.combat.awaiting[0][1]
    assert who in ("Bob", "Bea")
    refuse(t.state, declare_blockers("Alice", {corpse: bears}), "509.1a")
    first, _ = apply(t.state, declare_blockers(who, {corpse: bears}))  # Bob's Corpse for Bea (805.10d)
    second, _ = apply(t.state, declare_blockers(who, {spider: bears}))
    assert [b.oid for b in blockers_of(first, bears)] == [corpse]
    assert [b.oid for b in blockers_of(second, bears)] == [spider]


@pytest.mark.ruling("NEY-6")
def test_three_players_paying_twice_is_refused_and_the_pool_kept():
    s, ids = neyith_board("NEY-6 three", forests=6, players=("Alice", "Bob", "Carol"))
    bears = ids["alice"][0]
    t = s.timeline()
    target_at_begin_combat(t, bears)
    for f in ids["forests"]:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    err = refuse(t.state, pass_priority("Carol", pay=2), "608.2c")
    assert "at most once" in err.reason
    t.do(pass_priority("Carol", pay=1))
    assert len(t.state.player("Alice").pool) == 3 and pt(t.state, bears) == "4/2"
