"""Cards whose printed text used to do nothing: Hangarback Walker's dies trigger, Lord of the
Accursed's activated ability, Utopia Sprawl as an Aura with "Enchant Forest", and Infernal
Darkness's cumulative upkeep. Each board restates a script that showed the defect."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import kinds, pool, refused

from mtgrules import Scenario, activate, apply, cast, characteristics, pass_priority
from mtgrules.core.errors import ScenarioError
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.triggers import collect_triggers
from mtgrules.rules.zones import move


def _thopters(state: GameState) -> list:
    return [o for o in state.objects if o.card == "Thopter Token" and o.zone is Zone.BATTLEFIELD]


# ---------------------------------------------------------------- Hangarback Walker
def _murdered_walker(counters: int) -> tuple[Timeline, int]:
    """Bob murders Alice's Hangarback Walker, which has ``counters`` +1/+1 counters (repro 05)."""
    s = Scenario("Hangarback dies")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": counters})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)
    return t, walker


def test_hangarback_dies_trigger_goes_on_the_stack_and_makes_a_thopter_per_counter():
    t, walker = _murdered_walker(2)
    assert t.state.obj(walker).zone is Zone.GRAVEYARD
    assert [item.kind for item in t.state.stack] == ["trigger"], "the dies trigger waits on the stack"
    assert t.state.stack[0].controller == "Alice"
    assert [e.rule for e in kinds(t[-1].events, "trigger")] == ["603.10a"], "it looked back in time"
    resolve_top(t)
    thopters = _thopters(t.state)
    assert len(thopters) == 2 and all(o.controller == "Alice" and o.is_token for o in thopters)
    for o in thopters:
        chars = characteristics(t.state, o.oid)
        assert chars.pt() == "1/1" and "flying" in chars.keywords
        assert chars.types == {"Artifact", "Creature"} and chars.subtypes == {"Thopter"}
    assert [e.rule for e in kinds(t[-1].events, "last known")] == ["608.2h"]


def test_hangarback_counts_its_counters_as_it_last_existed_not_the_cards_in_the_graveyard():
    """The card in the graveyard is a new object with no counters (400.7); the trigger reads the
    permanent's last known information (608.2h), here the counter its own ability added."""
    s = Scenario("Hangarback grows, then dies")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "C").mana("Bob", "BBB")
    t = s.timeline()
    t.do(activate("Alice", walker, "{1}, {T}"))
    resolve_top(t)
    assert t.state.obj(walker).counter("+1/+1") == 2
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)
    assert t.state.obj(walker).counters == (), "in the graveyard it is a new object without counters"
    resolve_top(t)
    assert len(_thopters(t.state)) == 2


def test_the_player_who_controlled_hangarback_as_it_died_gets_the_thopters():
    """It goes to its owner's graveyard and its owner controls the card there, but the trigger is
    controlled by the player who controlled the permanent as it left (603.3a, 603.10a)."""
    s = Scenario("Borrowed Hangarback")
    walker = s.add("Hangarback Walker", "Bob", owner="Alice", counters={"+1/+1": 1})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)
    assert t.state.obj(walker).zone_player == "Alice" and t.state.stack[0].controller == "Bob"
    resolve_top(t)
    assert [o.controller for o in _thopters(t.state)] == ["Bob"]


def test_hangarback_with_no_counters_dies_to_state_based_actions_and_makes_nothing():
    """Cast with X=0 it is 0/0 and dies as a state-based action (704.5f); it still dies, so the
    ability triggers, and creates zero Thopters."""
    s = Scenario("Hangarback X=0")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    t = s.timeline()
    t.do(cast("Alice", walker, x=0))
    resolve_top(t)
    assert t.state.obj(walker).zone is Zone.GRAVEYARD
    assert len(t.state.stack) == 1 and t.state.stack[0].kind == "trigger"
    resolve_top(t)
    assert _thopters(t.state) == [] and not t.state.stack


def test_leaving_the_battlefield_for_exile_is_not_dying():
    """"Dies" means put into a graveyard from the battlefield (700.4): exiled, no trigger."""
    s = Scenario("Hangarback exiled")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 3})
    for zone, expected in ((Zone.EXILE, 0), (Zone.HAND, 0), (Zone.GRAVEYARD, 1)):
        d = Draft(s.state())
        move(d, walker, zone, "400.7")
        collect_triggers(d, d.events)
        assert len(d.pending) == expected, zone


def test_a_hangarback_in_a_graveyard_does_not_trigger_when_another_creature_dies():
    s = Scenario("Only this creature")
    s.add("Hangarback Walker", "Alice", zone="graveyard")
    on_field = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    bears = s.add("Grizzly Bears", "Alice")
    d = Draft(s.state())
    move(d, bears, Zone.GRAVEYARD, "701.8")
    collect_triggers(d, d.events)
    assert d.pending == ()
    move(d, on_field, Zone.GRAVEYARD, "701.8")
    collect_triggers(d, d.events[-6:])
    assert len(d.pending) == 1 and d.pending[0].source.oid == on_field


# ---------------------------------------------------------------- Lord of the Accursed
def test_lord_of_the_accursed_gives_all_zombies_menace_until_end_of_turn():
    s = Scenario("Lord's ability")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    bears = s.add("Grizzly Bears", "Alice")
    s.mana("Alice", "BB")
    t = s.timeline()
    t.do(activate("Alice", lord))
    assert t.state.obj(lord).tapped and pool(t.state, "Alice") == []
    resolve_top(t)
    kw = {o: characteristics(t.state, o).keywords for o in (lord, corpse, bears)}
    assert "menace" in kw[lord] and "menace" in kw[corpse], "all Zombies, whoever controls them"
    assert "menace" not in kw[bears]
    assert all(e.until_end_of_turn for e in t.state.effects)


def test_lord_of_the_accursed_fixes_the_zombies_as_its_ability_resolves():
    """An effect from a resolved ability affects the objects it found as it began (611.2c)."""
    s = Scenario("Zombie arrives later")
    lord = s.add("Lord of the Accursed", "Alice")
    late = s.add("Walking Corpse", "Alice", zone="hand")
    s.mana("Alice", "BBBB")
    t = s.timeline()
    t.do(activate("Alice", lord))
    resolve_top(t)
    t.do(cast("Alice", late))
    resolve_top(t)
    assert "menace" not in characteristics(t.state, late).keywords


def test_lord_of_the_accursed_ability_needs_its_cost():
    s = Scenario("Lord without mana")
    lord = s.add("Lord of the Accursed", "Alice")
    s.mana("Alice", "B")
    refused(s.state(), activate("Alice", lord), "118.3")


# ---------------------------------------------------------------- Utopia Sprawl
def _sprawl_in_hand() -> tuple[Scenario, int, int, int]:
    s = Scenario("Sprawl from hand")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    forest = s.add("Forest", "Alice")
    island = s.add("Island", "Alice")
    s.mana("Alice", "G")
    return s, sprawl, forest, island


def test_an_aura_spell_needs_a_target_its_enchant_ability_allows():
    s, sprawl, _forest, island = _sprawl_in_hand()
    err = refused(s.state(), cast("Alice", sprawl), "303.4a")
    assert "a Forest" in err.reason
    refused(s.state(), cast("Alice", sprawl, targets=(island,)), "303.4a")


def test_utopia_sprawl_resolves_attached_to_the_forest_it_targeted():
    s, sprawl, forest, _island = _sprawl_in_hand()
    t = s.timeline()
    t.do(cast("Alice", sprawl, targets=(forest,)))
    resolve_top(t, color="R")
    obj = t.state.obj(sprawl)
    assert obj.zone is Zone.BATTLEFIELD and obj.attached_to == forest and obj.choice("color") == "R"
    assert "608.3c" in t[-1].rules
    t.do(activate("Alice", forest))
    assert pool(t.state, "Alice") == ["G", "R"]


def test_an_aura_attached_to_nothing_or_to_an_illegal_object_goes_to_the_graveyard():
    """704.5m, checked however the board came about (here edited past the scenario's checks)."""
    s = Scenario("Bad attachments")
    forest = s.add("Forest", "Alice")
    island = s.add("Island", "Alice")
    loose = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    wrong = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    good = s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "R"})
    start = s.state()
    objs = tuple(replace(o, attached_to=None) if o.oid == loose else
                 replace(o, attached_to=island) if o.oid == wrong else o for o in start.objects)
    state, events = apply(replace(start, objects=objs), activate("Alice", forest))
    assert state.obj(loose).zone is Zone.GRAVEYARD and state.obj(wrong).zone is Zone.GRAVEYARD
    assert state.obj(good).zone is Zone.BATTLEFIELD
    assert [e.rule for e in events if e.attribute == "zone"] == ["704.5m", "704.5m"]
    assert pool(state, "Alice") == ["G", "R"], "the legal Sprawl still adds its colour"
    state, _ = apply(state, activate("Alice", island))
    assert pool(state, "Alice") == ["G", "R", "U"], "the Island adds only {U}"


def test_a_scenario_cannot_attach_an_aura_illegally():
    s = Scenario("Sprawl on an Island")
    island = s.add("Island", "Alice")
    with pytest.raises(ScenarioError, match="Island.*isn't a Forest.*Enchant Forest"):
        s.add("Utopia Sprawl", "Alice", attached_to=island, chosen={"color": "R"})
    with pytest.raises(ScenarioError, match="must be attached"):
        s.add("Utopia Sprawl", "Alice", chosen={"color": "R"})
    in_hand = s.add("Forest", "Alice", zone="hand")
    with pytest.raises(ScenarioError, match="is in the hand"):
        s.add("Utopia Sprawl", "Alice", attached_to=in_hand, chosen={"color": "R"})
    with pytest.raises(ScenarioError, match="only a permanent can be attached"):
        s.add("Utopia Sprawl", "Alice", zone="hand", attached_to=island)


# ---------------------------------------------------------------- Infernal Darkness
def _darkness(swamps: int = 1, life: int | None = None, age: int = 0) -> tuple[Timeline, int, list[int]]:
    """Alice's Infernal Darkness as her upkeep begins; its cumulative upkeep is on the stack."""
    s = Scenario("Cumulative upkeep", turn=2, active="Bob", step="end", life=life)
    dark = s.add("Infernal Darkness", "Alice", counters={"age": age})
    lands = [s.add("Swamp", "Alice") for _ in range(swamps)]
    for p in ("Alice", "Bob"):
        for _ in range(6):
            s.add("Forest", p, zone="library")
    t = s.timeline()
    go_to(t, Step.UPKEEP, "Alice")
    assert [item.kind for item in t.state.stack] == ["trigger"], "it triggers as Alice's upkeep begins"
    return t, dark, lands


def test_cumulative_upkeep_adds_an_age_counter_and_asks_for_the_payment():
    t, dark, (swamp,) = _darkness()
    t.do(activate("Alice", swamp))
    resolve_top(t, cumulative_upkeep="pay")
    assert t.state.obj(dark).counter("age") == 1 and t.state.obj(dark).zone is Zone.BATTLEFIELD
    assert t.state.player("Alice").life == 19 and pool(t.state, "Alice") == []
    assert {"702.24a", "119.4", "118.3a"} <= set(t[-1].rules)


def test_cumulative_upkeep_payment_is_a_choice_never_a_default():
    t, _dark, (swamp,) = _darkness()
    t.do(activate("Alice", swamp))
    t.do(pass_priority("Alice"))
    err = t.attempt(pass_priority("Bob"))
    assert err is not None and err.rule == "702.24a" and "cumulative upkeep" in str(err)


def test_cumulative_upkeep_not_paid_sacrifices_the_permanent():
    t, dark, (swamp,) = _darkness()
    t.do(activate("Alice", swamp))
    resolve_top(t, cumulative_upkeep="don't pay")
    assert t.state.obj(dark).zone is Zone.GRAVEYARD and t.state.player("Alice").life == 20
    assert "701.21a" in t[-1].rules


def test_cumulative_upkeep_grows_and_a_payment_that_cant_be_made_whole_is_not_offered():
    """Second upkeep: two age counters ask {B}{B} and 2 life; one Swamp can't pay it all, and a
    partial payment isn't allowed (702.24a), so it is sacrificed without a question."""
    t, dark, (swamp,) = _darkness()
    t.do(activate("Alice", swamp))
    resolve_top(t, cumulative_upkeep="pay")
    go_to(t, Step.UPKEEP, "Alice")
    t.do(activate("Alice", swamp))
    resolve_top(t)
    assert t.state.obj(dark).zone is Zone.GRAVEYARD
    assert t.state.player("Alice").life == 19, "no life is paid for a payment that isn't made"


def test_cumulative_upkeep_life_needs_a_life_total_that_large():
    """119.4: with 1 life Alice may pay 1 life (and then loses, 704.5a); with 1 life she can't
    pay 2, so with an age counter already on it the permanent is sacrificed without a question."""
    t, _dark, (swamp,) = _darkness(life=1)
    t.do(activate("Alice", swamp))
    resolve_top(t, cumulative_upkeep="pay")
    assert t.state.player("Alice").lost
    t2, dark, swamps = _darkness(swamps=2, life=1, age=1)
    for swamp in swamps:
        t2.do(activate("Alice", swamp))
    resolve_top(t2)
    assert t2.state.obj(dark).zone is Zone.GRAVEYARD and t2.state.player("Alice").life == 1


def test_lord_of_the_accursed_reaches_graveyard_zombies_in_combat_under_over_my_dead_bodies():
    """Creature cards attacking from a graveyard are Zombies treated as on the battlefield
    (OMDB-1, OMDB-4), so "all Zombies" includes them; a Zombie card just lying there doesn't."""
    from mtgrules import declare_attackers

    s = Scenario("Menace for the dead", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    lord = s.add("Lord of the Accursed", "Alice")
    swamps = [s.add("Swamp", "Alice") for _ in range(2)]
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    idle = s.add("Walking Corpse", "Alice", zone="graveyard")
    s.add("Giant Spider", "Bob")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    for swamp in swamps:
        t.do(activate("Alice", swamp))
    t.do(activate("Alice", lord))
    resolve_top(t)
    assert "menace" in characteristics(t.state, bears).keywords
    assert "menace" not in characteristics(t.state, idle).keywords


def test_an_aura_spell_whose_target_is_gone_does_not_resolve_and_goes_to_the_graveyard(monkeypatch):
    """608.3b: the Aura spell's only target is illegal as it resolves, so it doesn't resolve; it
    never enters the battlefield unattached."""
    from mtgrules.cards import CARD_POOL, CardDef, Enchant, Target, creature_target

    collar = CardDef("Practice Collar", "{W}", frozenset({"Enchantment"}), frozenset({"Aura"}),
                     oracle="Enchant creature", abilities=(Enchant("Enchant creature", creature_target("a creature")),),
                     source="a test card (not a real Magic card)")
    assert isinstance(collar.cast_target, Target)
    monkeypatch.setitem(CARD_POOL, collar.name, collar)
    s = Scenario("Collar fizzles")
    aura = s.add("Practice Collar", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "W").mana("Bob", "BBB")
    t = s.timeline()
    t.do(cast("Alice", aura, targets=(bears,)))
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", murder, targets=(bears,)))
    resolve_top(t)
    resolve_top(t)
    assert t.state.obj(aura).zone is Zone.GRAVEYARD and "608.3b" in t[-1].rules
    assert "608.2b" not in t[-1].rules, "608.2 is for instants, sorceries and abilities; a permanent spell is 608.3"
    assert not [e for f in t for e in f.events if e.obj == aura and e.attribute == "zone"
                and e.after == Zone.BATTLEFIELD], "it never entered the battlefield"
