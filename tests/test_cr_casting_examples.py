"""An independent check of casting, mana, costs, lands, turn structure and state-based actions
against the Comprehensive Rules (the 2026-01-16 text, whose numbers the kit's edition keeps).

Each test restates one rule (or one of its worked examples) as a small board from the kit's pool
and checks what the engine does: zones, numbers, pools, who gets priority, and the rule each
event or refusal cites. A test marked ``xfail(strict=True)`` records a place where the engine
still disagrees with the rules.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import pool, refused

from mtgrules import (
    IllegalAction,
    Scenario,
    ScenarioError,
    activate,
    apply,
    cast,
    legal_actions,
    pass_priority,
    play_land,
)
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.layers import characteristics
from mtgrules.rules.stack import mana_value


def _rules(t, kind=None):
    """Every (kind, rule) recorded from the start of ``t``."""
    return [(e.kind, e.rule) for f in t for e in f.events if kind is None or e.kind == kind]


def _zone(state, oid):
    return state.obj(oid).zone


# ---------------------------------------------------------------- mana (106, 605)
@pytest.mark.rule("605.3b")
def test_a_mana_ability_resolves_at_once_and_keeps_priority_where_it_was():
    """605.3b: a mana ability doesn't use the stack; the player who had priority keeps it."""
    s = Scenario("tap a Forest")
    forest = s.add("Forest", "Alice")
    t = s.timeline().do(activate("Alice", forest))
    assert t.state.stack == () and pool(t.state, "Alice") == ["G"]
    assert t.state.priority == "Alice" and t.state.obj(forest).tapped


@pytest.mark.rule("106.4")
def test_unspent_mana_empties_as_the_step_ends():
    """106.4 / 500.5: each pool empties at the end of each step and phase."""
    s = Scenario("floating mana")
    forest = s.add("Forest", "Alice")
    t = s.timeline().do(activate("Alice", forest)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.BEGIN_COMBAT
    assert pool(t.state, "Alice") == []
    assert ("mana emptied", "106.4") in _rules(t)


@pytest.mark.rule("106.4")
def test_mana_stays_while_the_step_goes_on():
    """Mana added in a step can pay a cost later in the same step, after a spell resolves."""
    s = Scenario("mana across a resolution")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears2 = s.add("Grizzly Bears", "Alice", zone="hand")
    t = s.timeline()
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", growth, targets=(bears,)))
    resolve_top(t)
    assert pool(t.state, "Alice") == ["G", "G"]
    t.do(cast("Alice", bears2))
    assert pool(t.state, "Alice") == []


@pytest.mark.rule("106.6")
def test_restricted_mana_cant_pay_for_an_instant():
    """Ancient Ziggurat's mana may be spent only to cast a creature spell (106.6)."""
    s = Scenario("Ziggurat")
    zig = s.add("Ancient Ziggurat", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    refused(state, cast("Alice", growth, targets=(bears,)), "106.6")


@pytest.mark.rule("106.6")
def test_restricted_mana_pays_for_a_creature_spell():
    s = Scenario("Ziggurat")
    zig = s.add("Ancient Ziggurat", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="hand")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    state, _ = apply(state, cast("Alice", elves))
    assert _zone(state, elves) is Zone.STACK and pool(state, "Alice") == []


@pytest.mark.rule("106.12b")
def test_mana_reflection_doubles_what_a_land_is_tapped_for():
    s = Scenario("Mana Reflection")
    s.add("Mana Reflection", "Alice")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G"]


@pytest.mark.rule("106.12a")
def test_heartbeat_of_spring_adds_its_mana_at_once():
    """A triggered mana ability (605.1b) resolves right away, not on the stack (605.4a)."""
    s = Scenario("Heartbeat")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G"] and state.stack == ()


@pytest.mark.rule("107.5")
def test_a_tapped_land_cant_be_tapped_for_mana_again():
    s = Scenario("tapped Forest")
    forest = s.add("Forest", "Alice", tapped=True)
    refused(s.state(), activate("Alice", forest), "107.5")


@pytest.mark.rule("302.6")
def test_a_summoning_sick_mana_creature_cant_tap_for_mana():
    s = Scenario("sick Elves")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    refused(s.state(), activate("Alice", elves), "302.6")


@pytest.mark.rule("117.3d")
def test_passing_priority_doesnt_empty_the_pool():
    """117.3d: passing with mana in the pool announces it; the pool empties only at the step's end."""
    s = Scenario("pass with mana")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    state, _ = apply(state, pass_priority("Alice"))
    assert state.priority == "Bob" and pool(state, "Alice") == ["G"]


# ---------------------------------------------------------------- costs and X (107.3, 107.4, 202.3)
@pytest.mark.rule("107.3m")
def test_hangarback_walker_x_two_costs_four_and_enters_with_two_counters():
    s = Scenario("Hangarback X=2")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "GGGG")
    t = s.timeline().do(cast("Alice", walker, x=2))
    assert pool(t.state, "Alice") == []
    assert mana_value(t.state, walker) == 4  # on the stack X is the chosen value (202.3e)
    resolve_top(t)
    assert t.state.obj(walker).counter("+1/+1") == 2
    assert mana_value(t.state, walker) == 0  # on the battlefield X is 0 (107.3g, 202.3e)


@pytest.mark.rule("704.5f")
def test_hangarback_walker_x_zero_is_cast_for_nothing_and_dies_as_a_0_0():
    """X may be 0; {X}{X} with X=0 costs nothing (118.3a: a player can always pay 0 mana). The 0/0
    goes to the graveyard as state-based actions are checked (704.5f), and makes no Thopter."""
    s = Scenario("Hangarback X=0")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    t = s.timeline().do(cast("Alice", walker, x=0))
    assert _zone(t.state, walker) is Zone.STACK
    resolve_top(t)
    assert _zone(t.state, walker) is Zone.GRAVEYARD
    assert any(r == "704.5f" for _, r in _rules(t))
    resolve_top(t)  # its dies trigger: no counters, no Thopters
    assert not [o for o in t.state.battlefield() if o.card == "Thopter Token"]


@pytest.mark.rule("107.1b")
def test_x_cant_be_negative():
    s = Scenario("negative X")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "GG")
    with pytest.raises(Exception) as info:
        apply(s.state(), cast("Alice", walker, x=-1))
    assert getattr(info.value, "rule", None) in ("107.1b", "107.1")


@pytest.mark.rule("118.3")
def test_x_too_big_for_the_pool_is_refused():
    s = Scenario("big X")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "GGG")
    refused(s.state(), cast("Alice", walker, x=2), "118.3")


@pytest.mark.rule("107.3")
def test_x_for_a_spell_without_x_is_refused():
    s = Scenario("X on bears")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GGGG")
    refused(s.state(), cast("Alice", bears, x=2), "107.3")


@pytest.mark.rule("202.3e")
def test_exponential_growth_mana_value_counts_x_only_on_the_stack():
    s = Scenario("Exponential Growth")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "RRRRR")
    assert mana_value(s.state(), growth) == 2
    state, _ = apply(s.state(), cast("Alice", growth, x=3, targets=(bears,)))
    assert mana_value(state, growth) == 5


@pytest.mark.rule("701.10b")
def test_exponential_growth_doubles_x_times():
    s = Scenario("Exponential Growth resolves")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "RRRR")
    t = resolve_top(s.timeline().do(cast("Alice", growth, x=2, targets=(bears,))))
    assert characteristics(t.state, bears).power == 8  # 2 doubled twice


@pytest.mark.rule("202.3e")
def test_a_graveyard_card_with_x_has_mana_value_counting_x_as_zero():
    """Order of Whiteclay may return Hangarback Walker ({X}{X}: mana value 0 in a graveyard) but not
    Craw Wurm (mana value 6)."""
    s = Scenario("Whiteclay")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    walker = s.add("Hangarback Walker", "Alice", zone="graveyard")
    wurm = s.add("Craw Wurm", "Alice", zone="graveyard")
    s.mana("Alice", "WWW")
    refused(s.state(), activate("Alice", order, targets=(wurm,)), "115.1")
    state, _ = apply(s.state(), activate("Alice", order, targets=(walker,)))
    assert state.stack


@pytest.mark.rule("107.4e")
def test_hybrid_r_g_is_paid_with_either_half():
    for half, mana in (("R", "R"), ("G", "G")):
        s = Scenario("Tattermunge")
        maniac = s.add("Tattermunge Maniac", "Alice", zone="hand")
        s.mana("Alice", mana)
        state, _ = apply(s.state(), cast("Alice", maniac, hybrid=half))
        assert _zone(state, maniac) is Zone.STACK and pool(state, "Alice") == []


@pytest.mark.rule("107.4e")
def test_hybrid_r_g_cant_be_paid_with_blue():
    s = Scenario("Tattermunge")
    maniac = s.add("Tattermunge Maniac", "Alice", zone="hand")
    s.mana("Alice", "U")
    with pytest.raises(Exception) as info:
        apply(s.state(), cast("Alice", maniac, hybrid="U"))
    assert getattr(info.value, "rule", None) == "107.4e"


@pytest.mark.rule("107.4e")
def test_a_hybrid_cost_with_no_half_named_says_the_keyword_that_names_it():
    """The half paid for each hybrid symbol is the player's to say (107.4e, 601.2b); a cast that
    doesn't say is refused with the keyword that says it and an example."""
    s = Scenario("Tattermunge")
    maniac = s.add("Tattermunge Maniac", "Alice", zone="hand")
    s.mana("Alice", "R")
    before = s.state()
    with pytest.raises(IllegalAction, match=r"hybrid=, one letter each, for example hybrid='R'") as info:
        apply(before, cast("Alice", maniac))
    assert info.value.rule == "107.4e"
    assert apply(before, cast("Alice", maniac, hybrid="R"))[0].stack


@pytest.mark.rule("118.3")
def test_wrong_colours_cant_pay_murder():
    s = Scenario("Murder with green")
    murder = s.add("Murder", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "GGG")
    refused(s.state(), cast("Alice", murder, targets=(bears,)), "118.3")


@pytest.mark.rule("601.2h")
def test_no_partial_payment():
    """601.2h: partial payments are not allowed; nothing moves when the cost can't be paid fully."""
    s = Scenario("Murder short")
    murder = s.add("Murder", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "BB")
    refused(s.state(), cast("Alice", murder, targets=(bears,)), "118.3")


@pytest.mark.rule("107.6")
def test_pili_pala_untap_ability_needs_it_tapped_and_its_mana():
    s = Scenario("Pili-Pala")
    pala = s.add("Pili-Pala", "Alice")
    s.mana("Alice", "GG")
    refused(s.state(), activate("Alice", pala), "107.6")
    s2 = Scenario("Pili-Pala tapped")
    pala2 = s2.add("Pili-Pala", "Alice", tapped=True)
    s2.mana("Alice", "GG")
    state, _ = apply(s2.state(), activate("Alice", pala2, color="U"))
    assert pool(state, "Alice") == ["U"] and not state.obj(pala2).tapped and state.stack == ()


# ---------------------------------------------------------------- casting and timing (601, 117)
@pytest.mark.rule("117.3c")
def test_the_caster_receives_priority_after_casting():
    s = Scenario("cast")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    state, _ = apply(s.state(), cast("Alice", bears))
    assert state.priority == "Alice" and _zone(state, bears) is Zone.STACK


@pytest.mark.rule("117.3b")
def test_the_active_player_receives_priority_after_a_resolution():
    """Bob casts Giant Growth in Alice's turn; after it resolves, Alice (active) gets priority."""
    s = Scenario("Bob's instant")
    bears = s.add("Grizzly Bears", "Bob")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    s.mana("Bob", "G")
    t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", growth, targets=(bears,)))
    assert t.state.priority == "Bob"
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert t.state.stack == () and t.state.priority == "Alice"
    assert characteristics(t.state, bears).pt() == "5/5"


@pytest.mark.rule("117.4")
def test_both_passing_with_an_empty_stack_ends_the_step():
    s = Scenario("end main 1")
    t = s.timeline().do(pass_priority("Alice"))
    assert t.state.step is Step.MAIN1 and t.state.priority == "Bob"
    t.do(pass_priority("Bob"))
    assert t.state.step is Step.BEGIN_COMBAT and t.state.priority == "Alice"


@pytest.mark.rule("117.4")
def test_passes_dont_count_across_an_action():
    """117.4: all players must pass "without taking any actions in between"."""
    s = Scenario("pass, act, pass")
    bears = s.add("Grizzly Bears", "Bob")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    s.mana("Bob", "G")
    t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", growth, targets=(bears,)))
    t.do(pass_priority("Bob"))
    assert t.state.stack, "Alice's earlier pass doesn't count: she must pass again"
    assert t.state.priority == "Alice"


def test_a_sorcery_speed_spell_is_refused_while_the_stack_is_not_empty():
    s = Scenario("bears in response")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    more = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GGG")
    state, _ = apply(s.state(), cast("Alice", growth, targets=(bears,)))
    err = refused(state, cast("Alice", more), "117.1a")
    assert "stack" in err.reason


@pytest.mark.rule("307.1")
def test_a_sorcery_is_refused_outside_a_main_phase():
    s = Scenario("sorcery in upkeep", step="upkeep")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    refused(s.state(), cast("Alice", blood), "307.1")


@pytest.mark.rule("117.1a")
def test_a_creature_spell_is_refused_in_the_opponents_turn():
    """117.1a: a noninstant spell only in your own main phase; 302.1 says the same for creatures.
    307.1 is about sorcery cards, so it isn't the rule to cite for a creature."""
    s = Scenario("bears in Alice's turn")
    bears = s.add("Grizzly Bears", "Bob", zone="hand")
    s.mana("Bob", "GG")
    state, _ = apply(s.state(), pass_priority("Alice"))
    refused(state, cast("Bob", bears), "117.1a")


@pytest.mark.rule("702.8a")
def test_flash_creature_in_the_opponents_turn():
    s = Scenario("Viper")
    viper = s.add("Ambush Viper", "Bob", zone="hand")
    s.mana("Bob", "GG")
    state, _ = apply(s.state(), pass_priority("Alice"))
    state, _ = apply(state, cast("Bob", viper))
    assert _zone(state, viper) is Zone.STACK


@pytest.mark.rule("117.1a")
def test_without_priority_nothing_can_be_cast():
    s = Scenario("Bob without priority")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    s.mana("Bob", "G")
    refused(s.state(), cast("Bob", growth, targets=(bears,)), "117.1a")


@pytest.mark.rule("115.1")
def test_a_targeted_spell_needs_its_target():
    s = Scenario("Giant Growth without a target")
    s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    with pytest.raises(Exception) as info:
        apply(s.state(), cast("Alice", growth))
    assert getattr(info.value, "rule", None) is not None


@pytest.mark.rule("702.11b")
def test_an_opponents_hexproof_creature_cant_be_targeted():
    s = Scenario("Gladecover Scout")
    scout = s.add("Gladecover Scout", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    refused(s.state(), cast("Alice", murder, targets=(scout,)), "702.11b")


# ---------------------------------------------------------------- resolving (608)
@pytest.mark.rule("608.2b")
def test_giant_growth_with_its_target_gone_doesnt_resolve():
    """Alice casts Giant Growth on her Bears; Bob murders the Bears in response. Giant Growth doesn't
    resolve: it is removed from the stack and put into its owner's graveyard (608.2b)."""
    s = Scenario("fizzle")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "G").mana("Bob", "BBB")
    t = s.timeline().do(cast("Alice", growth, targets=(bears,))).do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(bears,)))
    resolve_top(t)
    assert _zone(t.state, bears) is Zone.GRAVEYARD
    resolve_top(t)
    assert _zone(t.state, growth) is Zone.GRAVEYARD and t.state.stack == ()
    assert ("fizzles", "608.2b") in _rules(t, "fizzles")
    assert t.state.priority == "Alice"


@pytest.mark.rule("608.3b")
def test_an_aura_spell_with_its_target_gone_goes_to_the_graveyard():
    """Utopia Sprawl's target (a Forest) stops being legal; the Aura spell doesn't resolve (608.3b)."""
    s = Scenario("Sprawl fizzles")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    state, _ = apply(s.state(), cast("Alice", sprawl, targets=(forest,)))
    # the Forest leaves (no card in the pool removes a land, so the board is edited)
    objs = tuple(dataclasses.replace(o, zone=Zone.GRAVEYARD, zone_player="Alice", zcc=o.zcc + 1)
                 if o.oid == forest else o for o in state.objects)
    state = dataclasses.replace(state, objects=objs)
    state, events = apply(state, pass_priority("Alice"))
    state, events = apply(state, pass_priority("Bob"))
    assert _zone(state, sprawl) is Zone.GRAVEYARD
    assert any(e.rule == "608.3b" for e in events)


@pytest.mark.rule("608.2n")
def test_an_instant_goes_to_the_graveyard_as_it_finishes_resolving():
    s = Scenario("resolve")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(bears,))))
    assert _zone(t.state, growth) is Zone.GRAVEYARD
    assert characteristics(t.state, bears).pt() == "5/5"


@pytest.mark.rule("608.3a")
def test_a_creature_spell_enters_under_its_casters_control():
    s = Scenario("bears resolve")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = resolve_top(s.timeline().do(cast("Alice", bears)))
    assert _zone(t.state, bears) is Zone.BATTLEFIELD and t.state.obj(bears).controller == "Alice"


# ---------------------------------------------------------------- lands (305)
@pytest.mark.rule("305.1")
def test_playing_a_land_uses_no_stack_and_keeps_priority():
    s = Scenario("land")
    forest = s.add("Forest", "Alice", zone="hand")
    state, _ = apply(s.state(), play_land("Alice", forest))
    assert _zone(state, forest) is Zone.BATTLEFIELD and state.stack == () and state.priority == "Alice"


@pytest.mark.rule("305.2b")
def test_a_second_land_is_refused():
    s = Scenario("two lands")
    a = s.add("Forest", "Alice", zone="hand")
    b = s.add("Island", "Alice", zone="hand")
    state, _ = apply(s.state(), play_land("Alice", a))
    refused(state, play_land("Alice", b), "305.2b")


@pytest.mark.rule("305.2a")
def test_the_land_count_resets_next_turn():
    s = Scenario("next turn")
    a = s.add("Forest", "Alice", zone="hand")
    b = s.add("Island", "Alice", zone="hand")
    c = s.add("Island", "Bob", zone="hand")
    for _ in range(10):
        s.add("Island", "Alice", zone="library")
        s.add("Island", "Bob", zone="library")
    t = s.timeline().do(play_land("Alice", a))
    go_to(t, Step.MAIN1, "Bob")
    t.do(play_land("Bob", c))
    go_to(t, Step.MAIN1, "Alice")
    t.do(play_land("Alice", b))
    assert _zone(t.state, b) is Zone.BATTLEFIELD


@pytest.mark.rule("305.3")
def test_no_land_in_the_opponents_turn():
    s = Scenario("Bob's land in Alice's turn")
    island = s.add("Island", "Bob", zone="hand")
    state, _ = apply(s.state(), pass_priority("Alice"))
    refused(state, play_land("Bob", island), "305.3")


@pytest.mark.rule("305.1")
def test_no_land_while_the_stack_is_not_empty():
    s = Scenario("land in response")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    forest = s.add("Forest", "Alice", zone="hand")
    s.mana("Alice", "G")
    state, _ = apply(s.state(), cast("Alice", growth, targets=(bears,)))
    refused(state, play_land("Alice", forest), "305.1")


@pytest.mark.rule("305.1")
def test_no_land_outside_a_main_phase():
    s = Scenario("land in upkeep", step="upkeep")
    forest = s.add("Forest", "Alice", zone="hand")
    refused(s.state(), play_land("Alice", forest), "305.1")


@pytest.mark.rule("305.9")
def test_a_land_is_never_cast():
    s = Scenario("cast a Forest")
    forest = s.add("Forest", "Alice", zone="hand")
    refused(s.state(), cast("Alice", forest), "305.9")
    assert not any(getattr(a, "card", None) == forest and type(a).__name__ == "CastSpell"
                   for a in legal_actions(s.state()))


# ---------------------------------------------------------------- state-based actions (704)
@pytest.mark.rule("704.5a")
def test_a_player_at_zero_life_loses():
    s = Scenario("0 life", life=0)
    state, events = apply(s.state(), pass_priority("Alice"))
    assert state.player("Alice").lost and state.player("Bob").lost  # both at once (704.3, 104.4a)
    assert {e.rule for e in events if e.obj in ("Alice", "Bob") and e.attribute == "lost"} == {"704.5a"}


@pytest.mark.rule("704.5b")
def test_drawing_from_an_empty_library_loses_at_the_next_check():
    """Bob's library is empty; in his draw step he draws from it and loses when SBAs are checked."""
    s = Scenario("empty library", step="end")
    s.add("Island", "Alice", zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    while not t.state.player("Bob").lost and t.state.priority is not None:
        t.do(pass_priority(t.state.priority))
    assert t.state.player("Bob").lost
    assert ("empty library", "121.4") in _rules(t)
    assert any(r == "704.5b" for _, r in _rules(t))


@pytest.mark.rule("103.8a")
def test_the_starting_player_skips_the_first_draw():
    s = Scenario("turn 1", turn=1, step="upkeep")
    s.add("Island", "Alice", zone="library")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.MAIN1
    assert not t.state.in_zone(Zone.HAND, "Alice")


@pytest.mark.rule("103.8c")
def test_in_a_three_player_game_the_starting_player_draws():
    s = Scenario("turn 1, three players", players=["Alice", "Bob", "Cara"], turn=1, step="upkeep")
    s.add("Island", "Alice", zone="library")
    t = s.timeline()
    while t.state.step is Step.UPKEEP:
        t.do(pass_priority(t.state.priority))
    assert t.state.step is Step.DRAW and len(t.state.in_zone(Zone.HAND, "Alice")) == 1


@pytest.mark.rule("704.5g")
def test_lethal_damage_from_a_fight_destroys_the_creature():
    """Somberwald Stag (4/3) fights Grizzly Bears (2/2): the Bears are destroyed (704.5g); the Stag
    keeps 2 damage until cleanup (514.2)."""
    s = Scenario("Stag fights")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "GGGGG")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    t = resolve_top(t, fight=True)  # its only possible target is the Bears
    assert _zone(t.state, bears) is Zone.GRAVEYARD
    assert t.state.obj(stag).damage == 2
    assert any(r == "704.5g" for _, r in _rules(t))
    go_to(t, Step.UPKEEP, "Bob")
    assert t.state.obj(stag).damage == 0


@pytest.mark.rule("704.5h")
def test_deathtouch_damage_from_a_fight_destroys_the_stag():
    s = Scenario("Stag fights Rats")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    rats = s.add("Typhoid Rats", "Bob")
    s.mana("Alice", "GGGGG")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    t = resolve_top(t, fight=True)
    assert _zone(t.state, rats) is Zone.GRAVEYARD and _zone(t.state, stag) is Zone.GRAVEYARD
    assert any(r == "704.5h" for _, r in _rules(t))


@pytest.mark.rule("704.5i")
def test_a_planeswalker_with_no_loyalty_goes_to_the_graveyard():
    s = Scenario("Jace at 0")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 0})
    state, events = apply(s.state(), pass_priority("Alice"))
    assert _zone(state, jace) is Zone.GRAVEYARD and any(e.rule == "704.5i" for e in events)


@pytest.mark.rule("704.5j")
def test_the_legend_rule_lets_the_controller_choose():
    s = Scenario("two Neyiths")
    a = s.add("Neyith of the Dire Hunt", "Alice")
    b = s.add("Neyith of the Dire Hunt", "Alice", zone="hand")
    s.mana("Alice", "GGGG")
    t = s.timeline().do(cast("Alice", b))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", legend_rule=b))
    assert _zone(t.state, a) is Zone.GRAVEYARD and _zone(t.state, b) is Zone.BATTLEFIELD
    assert any(r == "704.5j" for _, r in _rules(t))


@pytest.mark.rule("704.5j")
def test_the_legend_rule_ignores_legends_of_different_controllers():
    s = Scenario("Neyiths on both sides")
    a = s.add("Neyith of the Dire Hunt", "Alice")
    b = s.add("Neyith of the Dire Hunt", "Bob")
    state, _ = apply(s.state(), pass_priority("Alice"))
    assert _zone(state, a) is Zone.BATTLEFIELD and _zone(state, b) is Zone.BATTLEFIELD


@pytest.mark.rule("704.5q")
def test_plus_and_minus_counters_annihilate():
    """704.5q: a permanent with +1/+1 and -1/-1 counters loses N of each, N the smaller number."""
    s = Scenario("counters")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 3, "-1/-1": 1})
    state, events = apply(s.state(), pass_priority("Alice"))
    obj = state.obj(walker)
    assert obj.counter("+1/+1") == 2 and obj.counter("-1/-1") == 0
    assert any(e.rule == "704.5q" for e in events)


@pytest.mark.rule("704.5q")
def test_annihilated_counters_change_what_a_dies_trigger_counts():
    """Hangarback Walker with two +1/+1 counters and one -1/-1 counter is a 1/1; after 704.5q it has
    one +1/+1 counter, so when it dies it makes one Thopter, not two."""
    s = Scenario("Walker with both counters")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 2, "-1/-1": 1})
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline().do(cast("Alice", murder, targets=(walker,)))  # SBAs were checked before priority
    resolve_top(t)
    resolve_top(t)  # the dies trigger
    assert len([o for o in t.state.battlefield() if o.card == "Thopter Token"]) == 1


# ---------------------------------------------------------------- turn structure (500-514)
@pytest.mark.rule("502.3")
def test_the_active_player_untaps_only_their_own_permanents():
    s = Scenario("untap", step="end")
    mine = s.add("Forest", "Alice", tapped=True)
    theirs = s.add("Forest", "Bob", tapped=True)
    for _ in range(3):
        s.add("Island", "Bob", zone="library")
    t = go_to(s.timeline(), Step.UPKEEP, "Bob")
    assert not t.state.obj(theirs).tapped and t.state.obj(mine).tapped


@pytest.mark.rule("504.1")
def test_the_active_player_draws_in_the_draw_step():
    s = Scenario("draw", step="end")
    card_ = s.add("Island", "Bob", zone="library")
    t = go_to(s.timeline(), Step.DRAW, "Bob")
    assert _zone(t.state, card_) is Zone.HAND
    assert any(r == "504.1" for _, r in _rules(t))


@pytest.mark.rule("514.1")
def test_cleanup_discards_down_to_seven():
    s = Scenario("nine cards", step="end")
    hand = [s.add("Island", "Alice", zone="hand") for _ in range(9)]
    s.add("Island", "Bob", zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob", discard=[hand[0], hand[1]]))
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 7
    assert [_zone(t.state, h) for h in hand[:2]] == [Zone.GRAVEYARD, Zone.GRAVEYARD]


@pytest.mark.rule("514.2")
def test_until_end_of_turn_effects_end_in_cleanup():
    s = Scenario("Giant Growth ends", step="end")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.add("Island", "Bob", zone="library")
    s.mana("Alice", "G")
    t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(bears,))))
    assert characteristics(t.state, bears).pt() == "5/5"
    go_to(t, Step.UPKEEP, "Bob")
    assert characteristics(t.state, bears).pt() == "2/2"


@pytest.mark.rule("500.5")
def test_mana_doesnt_survive_into_the_next_turn():
    s = Scenario("end step mana", step="end")
    forest = s.add("Forest", "Alice")
    s.add("Island", "Bob", zone="library")
    t = s.timeline().do(activate("Alice", forest))
    go_to(t, Step.UPKEEP, "Bob")
    assert pool(t.state, "Alice") == []


# ---------------------------------------------------------------- more off-path attempts
@pytest.mark.rule("115.1")
def test_giant_growth_cant_target_a_land():
    s = Scenario("Giant Growth on a Forest")
    forest = s.add("Forest", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", growth, targets=(forest,)), "115.1")


@pytest.mark.rule("602.2")
def test_only_the_controller_activates_a_permanents_ability():
    s = Scenario("Bob's Forest")
    forest = s.add("Forest", "Bob")
    refused(s.state(), activate("Alice", forest), "602.2")


@pytest.mark.rule("601.3")
def test_a_card_in_the_graveyard_cant_be_cast():
    s = Scenario("Giant Growth from the graveyard")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="graveyard")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", growth, targets=(bears,)), "601.3")


@pytest.mark.rule("305.1")
def test_a_land_in_the_graveyard_cant_be_played():
    s = Scenario("Forest from the graveyard")
    forest = s.add("Forest", "Alice", zone="graveyard")
    refused(s.state(), play_land("Alice", forest), "305.1")


@pytest.mark.rule("117.1d")
def test_no_mana_ability_without_priority_or_a_payment():
    """605.3a: a mana ability is activated while holding priority or while paying; Alice has neither
    while Bob holds priority."""
    s = Scenario("Alice taps while Bob has priority")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), pass_priority("Alice"))
    refused(state, activate("Alice", forest), "117.1d")


@pytest.mark.rule("117.4")
def test_a_mana_ability_between_passes_is_an_action():
    """Alice passes; Bob taps a Forest for mana and passes. Bob took an action after Alice passed,
    so the players haven't all passed in succession (117.4): Alice gets priority again."""
    s = Scenario("mana between passes")
    forest = s.add("Forest", "Bob")
    state, _ = apply(s.state(), pass_priority("Alice"))
    state, _ = apply(state, activate("Bob", forest))
    state, _ = apply(state, pass_priority("Bob"))
    assert state.step is Step.MAIN1 and state.priority == "Alice"


@pytest.mark.rule("608.2b")
def test_a_triggered_ability_whose_target_is_gone_doesnt_resolve():
    """Somberwald Stag's trigger targets Bob's Bears; Bob murders his own Bears in response. The
    trigger doesn't resolve (608.2b), so the Stag fights nothing and takes no damage."""
    s = Scenario("Stag trigger fizzles")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "GGGGG").mana("Bob", "BBB")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    assert t.state.stack and t.state.stack[-1].targets[0].oid == bears
    t.do(pass_priority("Alice")).do(cast("Bob", murder, targets=(bears,)))
    resolve_top(t)
    resolve_top(t)  # no fight to answer for: the trigger doesn't resolve
    assert t.state.stack == () and t.state.obj(stag).damage == 0
    assert ("fizzles", "608.2b") in _rules(t, "fizzles")


@pytest.mark.rule("514.3a")
def test_a_creature_dying_in_cleanup_gives_the_active_player_priority():
    """Grizzly Bears with two -1/-1 counters survive the turn as 3/3 under Giant Growth. In cleanup
    the effect ends (514.2), the Bears are 0/0 and die (704.5f): so the active player gets priority
    in that cleanup step, and another cleanup step follows (514.3a)."""
    s = Scenario("cleanup death", step="end")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.add("Island", "Bob", zone="library")
    s.mana("Alice", "G")
    t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(bears,))))
    # no card in the pool puts -1/-1 counters, so the board is edited: two on the 5/5 Bears
    objs = tuple(dataclasses.replace(o, counters=(("-1/-1", 2),)) if o.oid == bears else o for o in t.state.objects)
    t = Timeline(dataclasses.replace(t.state, objects=objs), "cleanup death")
    assert characteristics(t.state, bears).pt() == "3/3"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert _zone(t.state, bears) is Zone.GRAVEYARD
    assert t.state.step is Step.CLEANUP and t.state.priority == "Alice"
    assert ("cleanup priority", "514.3a") in _rules(t, "cleanup priority")
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP


@pytest.mark.rule("107.4e")
def test_a_hybrid_cost_with_only_one_possible_half():
    """With only {R} in the pool, {R/G} can only be paid with red; the engine either pays it or asks
    which half (601.2b), never silently defaults to a half that can't be paid."""
    s = Scenario("Tattermunge with red only")
    maniac = s.add("Tattermunge Maniac", "Alice", zone="hand")
    s.mana("Alice", "R")
    try:
        state, _ = apply(s.state(), cast("Alice", maniac))
    except Exception as err:  # a refusal or a missing choice must name a rule and say how to answer
        assert getattr(err, "rule", None) in ("107.4e", "601.2b")
    else:
        assert _zone(state, maniac) is Zone.STACK and pool(state, "Alice") == []


@pytest.mark.rule("106.12a")
def test_heartbeat_copies_the_type_the_land_actually_produced():
    """Infernal Darkness replaces the Forest's {G} with {B} (106.12b); Heartbeat of Spring then adds one
    mana of a type that land produced: {B} (106.12a)."""
    s = Scenario("Darkness and Heartbeat")
    s.add("Infernal Darkness", "Bob")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["B", "B"]


@pytest.mark.rule("106.12b")
def test_mana_reflection_doesnt_double_heartbeats_extra_mana():
    """Mana Reflection doubles what the tapped Forest produces; Heartbeat's extra mana comes from a
    triggered ability, not from tapping a permanent, so it isn't doubled: {G}{G}{G}."""
    s = Scenario("Reflection and Heartbeat")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G", "G"]


@pytest.mark.rule("106.7")
def test_exotic_orchard_with_no_opposing_lands_produces_nothing():
    s = Scenario("Orchard alone")
    orchard = s.add("Exotic Orchard", "Alice")
    state, events = apply(s.state(), activate("Alice", orchard))
    assert pool(state, "Alice") == [] and state.obj(orchard).tapped
    s = Scenario("Orchard and a Forest")
    s.add("Forest", "Bob")
    orchard = s.add("Exotic Orchard", "Alice")
    refused(s.state(), activate("Alice", orchard, color="U"), "106.7")
    state, _ = apply(s.state(), activate("Alice", orchard))
    assert pool(state, "Alice") == ["G"]


@pytest.mark.rule("118.3")
def test_vivid_crag_cant_remove_a_counter_it_doesnt_have():
    s = Scenario("Crag without counters")
    crag = s.add("Vivid Crag", "Alice")  # put on the battlefield by the scenario, so no counters
    refused(s.state(), activate("Alice", crag, 1, color="U"), "118.3")
    state, _ = apply(s.state(), activate("Alice", crag, 0))
    assert pool(state, "Alice") == ["R"]


@pytest.mark.rule("704.5d")
def test_a_created_token_that_leaves_the_battlefield_ceases_to_exist():
    """Raise the Alarm's Soldiers are tokens (111.1); one that dies ceases to exist (704.5d)."""
    s = Scenario("Soldier murdered")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "WWBBB")
    t = resolve_top(s.timeline().do(cast("Alice", alarm, pay="WW")))
    soldier = next(o.oid for o in t.state.battlefield() if o.card == "Soldier Token")
    resolve_top(t.do(cast("Alice", murder, targets=(soldier,))))
    assert soldier not in {o.oid for o in t.state.objects}
    assert any(r == "704.5d" for _, r in _rules(t))


@pytest.mark.rule("704.5d")
def test_a_scenario_token_that_leaves_the_battlefield_ceases_to_exist():
    """111.1, 704.5d: a token definition put on the battlefield by a scenario is a token, not a
    card; Murdered, it ceases to exist. It can't be set up in another zone at all (111.7)."""
    with pytest.raises(ScenarioError, match=r"a token exists only on the battlefield .*\(111.7\)"):
        Scenario("a token in hand").add("Soldier Token", "Alice", zone="hand")
    s = Scenario("Thopter murdered")
    thopter = s.add("Thopter Token", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    state, _ = apply(s.state(), cast("Alice", murder, targets=(thopter,)))
    state, _ = apply(state, pass_priority("Alice"))
    state, events = apply(state, pass_priority("Bob"))
    assert thopter not in {o.oid for o in state.objects}
    assert any(e.rule == "704.5d" for e in events)


@pytest.mark.rule("117.1a")
def test_a_creature_and_a_land_in_the_second_main_phase():
    s = Scenario("main 2", step="main2")
    forest = s.add("Forest", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "G")
    state, _ = apply(s.state(), play_land("Alice", forest))
    state, _ = apply(state, activate("Alice", forest))
    state, _ = apply(state, cast("Alice", bears))
    assert _zone(state, bears) is Zone.STACK


@pytest.mark.parametrize(("step", "caster", "why"), [
    ("upkeep", "Alice", "this is the upkeep step"),
    ("main1", "Bob", "it is Alice's turn"),
])
def test_a_creature_cast_at_the_wrong_time_is_refused_saying_what_is_wrong_now(step, caster, why):
    """117.1a: a creature spell needs its controller's main phase and an empty stack; the refusal
    says which of them is missing here, not only the rule."""
    s = Scenario("Wrong time", step=step)
    bears = s.add("Grizzly Bears", caster, zone="hand")
    s.mana(caster, "GG")
    state = s.state()
    if caster == "Bob":
        state, _ = apply(state, pass_priority("Alice"))
    with pytest.raises(IllegalAction) as info:
        apply(state, cast(caster, bears))
    assert info.value.rule == "117.1a" and info.value.reason.endswith(why)
