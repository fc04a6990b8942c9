"""Turn structure and priority, checked against the Comprehensive Rules (2026-01-16 text).

An independent review of 500-514 (steps and phases, mana emptying, untap, upkeep, draw, main
phases and lands, the combat steps as they come and go, end step, cleanup), 116-117 (special
actions, timing and priority) and 103.8 (the first turn). One small board per rule, checking who
holds priority, which steps begin and in which order, what moves where, and the rule each event or
refusal cites.

Not expressible in the kit (so not tested here): extra turns, phases and steps (500.7-500.10),
effects lasting "until" a step or "until end of combat" (500.4, 500.5a), phasing and day/night in
the untap step (502.1, 502.2), effects that keep permanents from untapping (502.3), Sagas and
Attractions in the main phase (505.4, 505.5), a maximum hand size other than seven (402.2),
"at the beginning of the next cleanup step" triggers (514.3a), mulligans (103.5) and the initiative
(725).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import refused

from mtgrules import (
    PlayLand,
    Scenario,
    ScenarioError,
    Step,
    Timeline,
    Zone,
    activate,
    advance_to,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
    play_land,
)
from mtgrules.cards import CardDef, Effect, register
from mtgrules.rules.zones import move

PUT_ENCHANTMENT = "CR Unfolding Charm (test)"


def _put_an_enchantment(res, _item) -> None:
    """Put the first enchantment card from the caster's hand onto the battlefield."""
    hand = [o.oid for o in res.d.view().in_zone(Zone.HAND, res.controller) if o.card == "Call to the Grave"]
    move(res.d, hand[0], Zone.BATTLEFIELD, "608.2", "an enchantment is put onto the battlefield",
         controller=res.controller)


register(CardDef(PUT_ENCHANTMENT, "{G}", frozenset({"Instant"}),
                 oracle="Put an enchantment card from your hand onto the battlefield.",
                 spell=_put_an_enchantment, source="CR test card (not a real card)"), replace=True)


def _libraries(s: Scenario, n: int = 3) -> None:
    for p in s.players:
        for _ in range(n):
            s.add("Swamp", p, zone="library")


def _bears_and_growth(title: str, bears_for: str, caster: str, **scenario):
    """Turn 2's first main phase: Grizzly Bears for ``bears_for`` and Giant Growth in ``caster``'s
    hand with {G} in their pool, to cast a spell and watch who gets priority around it.
    Returns (timeline, Bears, Giant Growth)."""
    s = Scenario(title, turn=2, step="main1", **scenario)
    bears = s.add("Grizzly Bears", bears_for)
    growth = s.add("Giant Growth", caster, zone="hand")
    s.mana(caster, "G")
    return s.timeline(), bears, growth


def _pumped_until_end_of_turn(s: Scenario, oid, title: str) -> Timeline:
    """The board with ``oid`` given +3/+3 until end of turn (layer 7c): a creature with two -1/-1
    counters then lives until cleanup ends the effect, and dies to a state-based action there."""
    start = s.state()
    pump = Effect("7c", "+3/+3 until end of turn", "613.4c", timestamp=99, affected=(start.obj(oid).ref,),
                  delta=(3, 3), until_end_of_turn=True)
    return Timeline(replace(start, effects=(pump,)), title)


def _events(t, start: int = 0):
    return [e for f in list(t)[start:] for e in f.events]


def _begun(events) -> list[str]:
    return [e.after for e in events if e.kind == "step begins"]


# ---------------------------------------------------------------- 500.1, 506.1, 508.8: the steps of a turn
@pytest.mark.rule("500.1")
def test_a_turn_with_an_attack_has_every_step_but_the_first_strike_one_in_order():
    """500.1, 501.1, 506.1, 512.1: untap, upkeep, draw, main, five combat steps, main, end, cleanup.
    With an attacker and no first strike there is one combat damage step (510.4)."""
    s = Scenario("a whole turn", turn=2, step="upkeep")
    bears = s.add("Grizzly Bears", "Alice")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert advance_to(t, Step.UPKEEP, "Bob", choose=lambda request: ())
    expected = [s.value for s in Step if s is not Step.FIRST_STRIKE_DAMAGE][2:] + ["untap", "upkeep"]
    assert _begun(_events(t)) == expected
    assert t.state.player("Bob").life == 18


@pytest.mark.rule("508.8")
def test_without_attackers_the_declare_blockers_and_combat_damage_steps_are_skipped():
    s = Scenario("508.8", turn=2, step="combat")
    s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    assert advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {}))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.END_COMBAT
    assert _begun(t[-1].events) == ["end of combat"]
    assert [e.rule for e in t[-1].events if e.kind == "step skipped"] == ["508.8", "508.8"]


@pytest.mark.rule("511.3")
def test_creatures_leave_combat_as_the_end_of_combat_step_ends_before_the_main_phase_begins():
    """511.3: "As soon as the end of combat step ends, all creatures ... are removed from combat.
    After the end of combat step ends, the combat phase is over and the postcombat main phase begins."
    The kit must say so in that order, not announce the main phase first."""
    s = Scenario("511.3", turn=2, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    assert advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert advance_to(t, Step.END_COMBAT)
    assert t.state.combat is not None, "still in combat during the end of combat step"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.MAIN2 and t.state.combat is None
    kinds = [e.kind for e in t[-1].events if e.kind in ("combat ends", "step begins")]
    assert kinds == ["combat ends", "step begins"]
    assert [e.rule for e in t[-1].events if e.kind == "combat ends"] == ["511.3"]


# ---------------------------------------------------------------- 500.2, 117.3b-d, 117.4
@pytest.mark.rule("500.2")
def test_a_step_doesnt_end_when_the_stack_becomes_empty_everyone_passes_again():
    t, bears, growth = _bears_and_growth("500.2", "Alice", "Alice")
    t.do(cast("Alice", growth, targets=(bears,))).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert not t.state.stack and t.state.step is Step.MAIN1, "the spell resolved; the phase goes on"
    assert t.state.priority == "Alice" and [e.rule for e in t[-1].events if e.kind == "priority"][-1] == "117.3b"
    t.do(pass_priority("Alice"))
    assert t.state.step is Step.MAIN1 and t.state.priority == "Bob"
    t.do(pass_priority("Bob"))
    assert t.state.step is Step.BEGIN_COMBAT


@pytest.mark.rule("117.3b")
def test_the_active_player_gets_priority_after_a_spell_another_player_cast_resolves():
    t, bears, growth = _bears_and_growth("117.3b", "Bob", "Bob")
    t.do(pass_priority("Alice")).do(cast("Bob", growth, targets=(bears,)))
    assert t.state.priority == "Bob", "117.3c: the caster receives priority again"
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert not t.state.stack and t.state.priority == "Alice", "117.3b: the active player, not the caster"


@pytest.mark.rule("117.3d")
def test_passing_gives_priority_to_the_next_player_in_turn_order():
    s = Scenario("117.3d", players=["Alice", "Bob", "Carol"], turn=2, step="main1", active="Bob")
    t = s.timeline()
    assert t.state.priority == "Bob"
    t.do(pass_priority("Bob"))
    assert t.state.priority == "Carol"
    t.do(pass_priority("Carol"))
    assert t.state.priority == "Alice" and t.state.step is Step.MAIN1
    refused(t.state, pass_priority("Bob"), "117.3d")
    t.do(pass_priority("Alice"))
    assert t.state.step is Step.BEGIN_COMBAT and t.state.priority == "Bob", "117.3a: the active player"


@pytest.mark.rule("117.3d")
def test_a_player_who_passes_with_mana_in_their_pool_announces_it():
    """117.3d: "If any mana is in that player's mana pool, they announce what mana is there.\""""
    s = Scenario("117.3d mana", turn=2, step="main1")
    s.mana("Alice", "GG")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    said = [e.text for e in t[-1].events if e.kind == "pass"]
    assert len(said) == 1 and "{G}{G}" in said[0]
    t.do(pass_priority("Bob"))
    assert "{" not in [e.text for e in t[-1].events if e.kind == "pass"][0], "Bob's pool is empty"


@pytest.mark.rule("117.4")
def test_all_three_players_must_pass_in_succession_before_a_spell_resolves():
    t, bears, growth = _bears_and_growth("117.4", "Alice", "Bob", players=["Alice", "Bob", "Carol"])
    t.do(pass_priority("Alice")).do(cast("Bob", growth, targets=(bears,)))
    t.do(pass_priority("Bob")).do(pass_priority("Carol"))
    assert len(t.state.stack) == 1 and t.state.priority == "Alice"
    t.do(pass_priority("Alice"))
    assert not t.state.stack and t.state.obj(bears).zone is Zone.BATTLEFIELD


@pytest.mark.rule("116.3")
def test_playing_a_land_after_others_passed_means_they_pass_again():
    """117.4 counts passes "without taking any actions in between"; playing a land is an action
    (116.2a), and its player receives priority afterward (116.3)."""
    s = Scenario("116.3", players=["Alice", "Bob", "Carol"], turn=2, step="main1")
    forest = s.add("Forest", "Alice", zone="hand")
    swamp = s.add("Swamp", "Bob")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(activate("Bob", swamp)).do(pass_priority("Bob")).do(pass_priority("Carol"))
    assert t.state.priority == "Alice" and t.state.step is Step.MAIN1
    t.do(play_land("Alice", forest))
    assert t.state.priority == "Alice"
    t.do(pass_priority("Alice"))
    assert t.state.step is Step.MAIN1 and t.state.priority == "Bob", "Bob and Carol must pass again"


# ---------------------------------------------------------------- 117.5, 503.1a
@pytest.mark.rule("117.5")
def test_state_based_actions_happen_before_the_next_player_receives_priority():
    s = Scenario("117.5", turn=2, step="main1")
    bears = s.add("Grizzly Bears", "Bob", counters={"-1/-1": 2})
    t = s.timeline()
    t.do(pass_priority("Alice"))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.priority == "Bob"
    died = [i for i, e in enumerate(t[-1].events) if e.obj == bears and e.rule == "704.5f"]
    assert died, "a creature with toughness 0 is put into its owner's graveyard (704.5f)"


@pytest.mark.rule("503.1a")
def test_upkeep_triggers_are_on_the_stack_when_the_active_player_first_gets_priority():
    s = Scenario("503.1a", turn=2, step="end")
    s.add("Call to the Grave", "Bob")
    s.add("Grizzly Bears", "Alice")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.UPKEEP, "Bob")
    assert t.state.priority == "Bob"
    assert [i.label for i in t.state.stack] == ["Call to the Grave: “At the beginning of each player's upkeep…” for Bob"]


# ---------------------------------------------------------------- 502: untap
@pytest.mark.rule("502.3")
def test_only_the_active_player_untaps_their_permanents():
    s = Scenario("502.3", turn=2, step="end")
    alices = s.add("Forest", "Alice")
    bobs = s.add("Forest", "Bob")
    _libraries(s)
    t = s.timeline()
    t.do(activate("Alice", alices)).do(pass_priority("Alice")).do(activate("Bob", bobs)).do(pass_priority("Bob"))
    t.do(pass_priority("Alice"))
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP
    assert t.state.obj(bobs).tapped is False and t.state.obj(alices).tapped is True
    assert [e.rule for e in t[-1].events if e.kind == "tapped"] == ["502.3"]


@pytest.mark.rule("502.4")
def test_no_one_receives_priority_in_the_untap_step():
    """502.4: the kit mustn't record the active player as receiving priority as the untap step
    begins; priority comes with the upkeep (503.1)."""
    s = Scenario("502.4", turn=2, step="end")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    priority = [(e.after, e.rule) for e in t[-1].events if e.kind == "priority"]
    assert priority == [(None, "514"), ("Bob", "503")], \
        "no one holds priority from the cleanup step until the upkeep begins"
    assert t.state.priority == "Bob" and t.state.step is Step.UPKEEP


@pytest.mark.rule("502.4")
def test_a_scenario_cant_start_in_the_untap_step():
    with pytest.raises(ScenarioError, match=r"502\.4"):
        Scenario("untap", step="untap")


@pytest.mark.rule("514.3")
def test_a_scenario_cant_start_in_the_cleanup_step():
    with pytest.raises(ScenarioError, match=r"514\.3"):
        Scenario("cleanup", step="cleanup")


@pytest.mark.rule("510.4")
def test_a_scenario_cant_start_in_a_first_strike_damage_step_without_a_combat():
    with pytest.raises(ScenarioError, match=r"508\.1"):
        Scenario("first strike", step="first strike")


@pytest.mark.rule("103.8a")
@pytest.mark.parametrize("fmt", ["two-player", "two-headed giant"])
def test_a_scenario_cant_start_in_the_starting_players_skipped_first_draw_step(fmt):
    teams = {} if fmt == "two-player" else dict(
        players=["Alice", "Andy", "Bob", "Beth"], teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
        game_format="two-headed giant")
    with pytest.raises(ScenarioError, match=r"103\.8[ab]"):
        Scenario("first draw", turn=1, step="draw", **teams)
    assert Scenario("second turn", turn=2, step="draw", **teams).state().step is Step.DRAW
    assert Scenario("3 players", players=["Alice", "Bob", "Carol"], turn=1, step="draw").state().step is Step.DRAW


# ---------------------------------------------------------------- 504: draw
@pytest.mark.rule("504.1")
def test_the_card_drawn_in_the_draw_step_can_be_cast_there_with_priority():
    """504.1, 504.2: the draw is a turn-based action done before the active player gets priority."""
    s = Scenario("504.1", turn=2, step="upkeep")
    bears = s.add("Grizzly Bears", "Alice")
    forest = s.add("Forest", "Alice")
    _libraries(s)
    growth = s.add("Giant Growth", "Alice", zone="library")  # added last: the top card
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.DRAW and t.state.priority == "Alice"
    assert t.state.obj(growth).zone is Zone.HAND
    assert [e.rule for e in t[-1].events if e.kind == "zone change"] == ["504.1"]
    t.do(activate("Alice", forest)).do(cast("Alice", growth, targets=(bears,)))
    assert [i.label for i in t.state.stack] == ["Giant Growth"]


@pytest.mark.rule("504.1")
def test_only_the_active_player_draws_in_the_draw_step():
    s = Scenario("504.1 only", turn=2, step="upkeep")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1 and not t.state.in_zone(Zone.HAND, "Bob")


# ---------------------------------------------------------------- 505, 305: main phases and lands
@pytest.mark.rule("305.2b")
def test_one_land_a_turn_counts_across_both_main_phases():
    """505.6b: "During either main phase" the active player may play a land if they haven't played
    one this turn."""
    s = Scenario("505.6b", turn=2, step="main1")
    first = s.add("Forest", "Alice", zone="hand")
    second = s.add("Forest", "Alice", zone="hand")
    t = s.timeline()
    t.do(play_land("Alice", first))
    assert advance_to(t, Step.MAIN2)
    refused(t.state, play_land("Alice", second), "305.2b")


@pytest.mark.rule("305.1")
def test_a_land_can_be_played_in_the_postcombat_main_phase():
    s = Scenario("505.1", turn=2, step="main2")
    forest = s.add("Forest", "Alice", zone="hand")
    t = s.timeline()
    t.do(play_land("Alice", forest))
    assert t.state.obj(forest).zone is Zone.BATTLEFIELD and t.state.priority == "Alice"


@pytest.mark.rule("305.1")
def test_a_land_cant_be_played_in_the_draw_step_even_with_an_empty_stack():
    s = Scenario("305.1", turn=2, step="draw")
    forest = s.add("Forest", "Alice", zone="hand")
    err = refused(s.state(), play_land("Alice", forest), "305.1")
    assert "draw step" in err.reason


# ---------------------------------------------------------------- 500.5, 106.4
@pytest.mark.rule("500.5")
def test_unspent_mana_empties_as_the_precombat_main_phase_ends():
    s = Scenario("500.5", turn=2, step="main1")
    forest = s.add("Forest", "Alice")
    t = s.timeline()
    t.do(activate("Alice", forest)).do(pass_priority("Alice"))
    assert t.state.player("Alice").pool, "mana stays while the phase goes on"
    t.do(pass_priority("Bob"))
    assert t.state.step is Step.BEGIN_COMBAT and not t.state.player("Alice").pool
    events = t[-1].events
    emptied = next(i for i, e in enumerate(events) if e.kind == "mana emptied")
    begins = next(i for i, e in enumerate(events) if e.kind == "step begins")
    assert emptied < begins, "the mana empties as the phase ends, before the next step begins"


# ---------------------------------------------------------------- 513: end step
@pytest.mark.rule("513.2")
def test_an_end_step_trigger_on_a_permanent_that_enters_during_the_end_step_waits_a_turn():
    """513.2: Call to the Grave put onto the battlefield during the end step, with no creatures
    around, doesn't sacrifice itself until the next turn's end step."""
    s = Scenario("513.2", turn=2, step="end")
    charm = s.add(PUT_ENCHANTMENT, "Alice", zone="hand")
    ctg = s.add("Call to the Grave", "Alice", zone="hand")
    s.mana("Alice", "G")
    _libraries(s)
    t = s.timeline()
    t.do(cast("Alice", charm)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.obj(ctg).zone is Zone.BATTLEFIELD and t.state.step is Step.END
    assert not t.state.stack, "the step doesn't back up"
    assert advance_to(t, Step.END, "Bob")
    assert [i.controller for i in t.state.stack] == ["Alice"], "it triggers in the next turn's end step"


# ---------------------------------------------------------------- 514: cleanup
@pytest.mark.rule("514.1")
def test_only_the_active_player_discards_to_hand_size():
    s = Scenario("514.1", turn=2, step="end")
    for _ in range(9):
        s.add("Swamp", "Bob", zone="hand")
    for _ in range(7):
        s.add("Swamp", "Alice", zone="hand")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP
    assert len(t.state.in_zone(Zone.HAND, "Bob")) == 9, "402.2: any number of cards may be in hand"
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 7, "seven is the maximum, not more than it"
    assert not t.state.in_zone(Zone.GRAVEYARD)


@pytest.mark.rule("514.3")
def test_normally_no_one_receives_priority_in_the_cleanup_step():
    s = Scenario("514.3", turn=2, step="end")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    events = t[-1].events
    cleanup = next(i for i, e in enumerate(events) if e.kind == "step begins" and e.after == "cleanup")
    untap = next(i for i, e in enumerate(events) if e.kind == "step begins" and e.after == "untap")
    given = [e for e in events[:untap] if e.kind == "priority" and e.after is not None]
    assert not [e for e in given if e.rule in ("514", "514.3")], "no priority given as cleanup begins"
    assert not [e for e in events[cleanup:untap] if e.kind == "cleanup priority"]


@pytest.mark.rule("514.3a")
def test_a_cleanup_with_state_based_actions_gives_the_active_player_priority_citing_514_3a():
    s = Scenario("514.3a", turn=2, step="end")
    bears = s.add("Grizzly Bears", "Alice", counters={"-1/-1": 2})
    _libraries(s)
    t = _pumped_until_end_of_turn(s, bears, "514.3a")
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.CLEANUP and t.state.priority == "Alice"
    given = [e for e in t[-1].events if e.kind == "priority" and e.after == "Alice"]
    assert given and given[-1].rule == "514.3a"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and _begun(t[-1].events)[:2] == ["cleanup", "untap"]


# ---------------------------------------------------------------- 103.1: whose turn is next
@pytest.mark.rule("103.1")
def test_the_next_turn_goes_to_the_next_player_in_turn_order_citing_103_1():
    """500.1 describes the phases of a turn; who takes the next turn is the turn order of 103.1."""
    s = Scenario("103.1", turn=2, step="end")
    _libraries(s)
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and t.state.turn == 3
    assert [e.rule for e in t[-1].events if e.kind == "active"] == ["103.1"]


@pytest.mark.rule("509.1")
def test_blocked_combat_goes_through_declare_blockers_and_damage_steps():
    s = Scenario("509", turn=2, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    t = s.timeline()
    assert advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    t.do(declare_blockers("Bob", {corpse: bears}))
    assert t.state.step is Step.DECLARE_BLOCKERS and t.state.priority == "Alice", "509.2"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(corpse).zone is Zone.GRAVEYARD
    assert t.state.step is Step.COMBAT_DAMAGE and t.state.priority == "Alice", "510.3"


# ---------------------------------------------------------------- 505.2: a main phase has no steps
@pytest.mark.rule("505.2")
def test_a_main_phase_is_called_a_phase_not_a_step():
    """505.2: "The main phase has no steps"; the narration and refusals mustn't call it one."""
    s = Scenario("505.2", turn=2, step="combat")
    forest = s.add("Forest", "Alice", zone="hand")
    t = s.timeline()
    assert advance_to(t, Step.MAIN2)
    said = [e.text for f in t for e in f.events if e.kind == "step" and e.text]
    assert "the postcombat main phase of Alice's turn begins" in [x[0].lower() + x[1:] for x in said]
    assert not [x for x in said if "main step" in x]
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    err = refused(t.state, play_land("Alice", forest), "305.1")
    assert "end step" in err.reason
    s = Scenario("attack in main 1", turn=2, step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    err = refused(s.state(), declare_attackers("Alice", {bears: "Bob"}), "508.1")
    assert "precombat main phase" in err.reason and "main step" not in err.reason


@pytest.mark.rule("514.3a")
def test_in_a_cleanup_step_with_priority_instants_may_be_cast_but_no_land_played():
    """514.3a: "Players may cast spells and activate abilities" then; a land still needs a main phase
    (305.1)."""
    s = Scenario("514.3a actions", turn=2, step="end")
    doomed = s.add("Grizzly Bears", "Alice", counters={"-1/-1": 2})
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Forest", "Alice")
    forest = s.add("Forest", "Alice", zone="hand")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    _libraries(s)
    t = _pumped_until_end_of_turn(s, doomed, "514.3a actions")
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.CLEANUP and t.state.priority == "Alice"
    assert not [a for a in legal_actions(t.state) if isinstance(a, PlayLand)]
    err = refused(t.state, play_land("Alice", forest), "305.1")
    assert "cleanup step" in err.reason
    land = next(o.oid for o in t.state.battlefield("Alice") if o.card == "Forest")
    t.do(activate("Alice", land)).do(cast("Alice", growth, targets=(bears,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.CLEANUP and not t.state.stack, "the spell resolved in the cleanup step"
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP
    assert characteristics(t.state, bears).pt() == "2/2", "the next cleanup step ended the Giant Growth (514.2)"


@pytest.mark.rule("502.4")
def test_advancing_to_the_untap_step_stops_after_the_pass_in_which_it_happened():
    s = Scenario("advance to untap", turn=2, step="main2")
    _libraries(s)
    t = s.timeline()
    assert advance_to(t, Step.UNTAP)
    assert t.state.active == "Bob" and t.state.step is Step.UPKEEP and t.state.priority == "Bob"
    assert "untap" in _begun(t[-1].events)
