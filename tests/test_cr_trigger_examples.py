"""An independent check of triggered abilities, the stack, layers, replacement effects and the
non-combat keywords against the Comprehensive Rules (edition 2026-01-16 on hand), one small
scenario per rule. A passing test records agreement; a strict xfail records a disagreement.

The made-up cards below are registered for these tests only (their ``source`` says so)."""

from __future__ import annotations

import pytest
from combat_support import pass_until
from helpers import refused

from mtgrules import (
    IllegalAction,
    MissingChoice,
    Scenario,
    Step,
    activate,
    apply,
    cast,
    characteristics,
    pass_priority,
    play_land,
)
from mtgrules.cards import CardDef, Effect, EntersWith, Keyword, register
from mtgrules.cards.builders import creature_target
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top

INSTANT = frozenset({"Instant"})
TEST = "made up for tests/test_cr_trigger_examples.py (not a real Magic card)"


def _shrink(res, item):
    """Layer 7b: target creature has base power and toughness 0/1 until end of turn."""
    for obj in res.targets():
        eff = Effect("7b", "Practice Shrink: 0/1", "613.4b", item.source.oid, res.d.new_timestamp(),
                     affected=(obj.ref,), set_pt=(0, 1), until_end_of_turn=True)
        res.d.set_scalar("613.4b", effects=res.d.effects + (eff,))


def _veil(res, item):
    """Layer 6: target creature gains hexproof until end of turn."""
    for obj in res.targets():
        eff = Effect("6", "Practice Veil: hexproof", "702.11b", item.source.oid, res.d.new_timestamp(),
                     affected=(obj.ref,), add_keywords=frozenset({Keyword.HEXPROOF}), until_end_of_turn=True)
        res.d.set_scalar("613.1f", effects=res.d.effects + (eff,))


def _weaken(res, item):
    for obj in res.targets():
        res.pump(obj, -1, -1, "613.4c", "Practice Weakness: -1/-1 until end of turn")


register(
    CardDef("Practice Shrink", "{U}", INSTANT, oracle="Target creature has base power and toughness 0/1 until "
            "end of turn.", spell=_shrink, spell_target=creature_target(), source=TEST),
    CardDef("Practice Veil", "{G}", INSTANT, oracle="Target creature gains hexproof until end of turn.",
            spell=_veil, spell_target=creature_target(), source=TEST),
    CardDef("Practice Weakness", "{B}", INSTANT, oracle="Target creature gets -1/-1 until end of turn.",
            spell=_weaken, spell_target=creature_target(), source=TEST),
)


def _pt(t, oid):
    return characteristics(t.state, oid).pt()


def _events(t, kind=None):
    return [e for f in t for e in f.events if kind is None or e.kind == kind]


def _to_step(t, step):
    """Pass until ``step`` begins, stopping there even with triggers on the stack."""
    for _ in range(40):
        if t.state.step is step:
            return t
        t.do(pass_priority(t.state.priority))
    raise AssertionError(f"never reached {step}")


def _stack_resolve(t, **choices):
    while t.state.stack:
        resolve_top(t, **choices)
    return t


# ---------------------------------------------------------------- 613: layers
@pytest.mark.rule("613.4c")
def test_a_pump_applies_after_a_later_set_effect_7b_before_7c():
    """613.4b-c: a set-P/T effect applies in 7b and a pump in 7c whatever their timestamps, so a
    Giant Growth that resolved first still counts after a "becomes 0/1"."""
    s = Scenario("7b then 7c")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1})
    growth = s.add("Giant Growth", "Alice", zone="hand")
    shrink = s.add("Practice Shrink", "Alice", zone="hand")
    s.mana("Alice", "GU")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", growth, targets=(bears,))))
    assert _pt(t, bears) == "6/6"
    resolve_top(t.do(cast("Alice", shrink, targets=(bears,))))
    assert _pt(t, bears) == "4/5", "0/1 (7b), then +3/+3 and the +1/+1 counter (7c)"


@pytest.mark.rule("611.2c")
def test_a_resolved_pump_is_locked_to_its_object_and_a_lord_is_not():
    """611.2c / 611.3a: Giant Growth's affected set is fixed as it resolves; Lord of the Accursed's
    static bonus applies to a Zombie that arrives later."""
    s = Scenario("locked in")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice", zone="hand")
    s.mana("Alice", "BB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", corpse)))
    assert _pt(t, corpse) == "3/3" and _pt(t, lord) == "2/3"


@pytest.mark.rule("514.2")
def test_until_end_of_turn_effects_and_damage_end_in_the_cleanup_step():
    s = Scenario("cleanup", step="main2")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", growth, targets=(bears,))))
    assert _pt(t, bears) == "5/5"
    t = pass_until(t, Step.UPKEEP)
    assert _pt(t, bears) == "2/2" and not t.state.effects
    assert any(e.rule == "514.2" for e in _events(t))


@pytest.mark.rule("613.7")
def test_two_set_effects_apply_in_timestamp_order():
    """613.7b: within 7b, the later effect wins; the pump (7c) applies on top."""
    s = Scenario("timestamps")
    bears = s.add("Grizzly Bears", "Alice")
    shrink = s.add("Practice Shrink", "Alice", zone="hand")
    weak = s.add("Practice Weakness", "Alice", zone="hand")
    s.mana("Alice", "UB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", weak, targets=(bears,))))
    resolve_top(t.do(cast("Alice", shrink, targets=(bears,))))
    # 0/1 (7b) then -1/-1 (7c): 0 toughness, so it dies (704.5f)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert any(e.rule == "704.5f" for e in _events(t))


# ---------------------------------------------------------------- 302.6 and haste
@pytest.mark.rule("302.6")
def test_a_creature_returned_this_turn_cant_use_its_tap_ability_until_it_has_haste():
    s = Scenario("returned", step="main1")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "CWW")
    t = s.timeline()
    resolve_top(t.do(activate("Alice", order, targets=(elves,))))
    assert t.state.obj(elves).zone is Zone.BATTLEFIELD
    refused(t.state, activate("Alice", elves), "302.6")


@pytest.mark.rule("702.10")
def test_haste_from_a_static_ability_applies_to_creatures_already_there():
    """611.3a: Fervor's haste reaches a creature that arrived this turn before Fervor did."""
    s = Scenario("fervor", step="main1")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    fervor = s.add("Fervor", "Alice", zone="hand")
    s.mana("Alice", "RRR")
    t = s.timeline()
    refused(t.state, activate("Alice", elves), "302.6")
    resolve_top(t.do(cast("Alice", fervor)))
    t.do(activate("Alice", elves))
    assert t.state.obj(elves).tapped


# ---------------------------------------------------------------- hexproof, flash
@pytest.mark.rule("702.11b")
def test_a_target_that_gains_hexproof_makes_the_trigger_do_nothing_608_2b():
    """Somberwald Stag's enter trigger targets Bob's Bears; Bob gives the Bears hexproof in
    response; as the trigger resolves its only target is illegal, so it does nothing (608.2b)."""
    s = Scenario("veil", step="main1")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    veil = s.add("Practice Veil", "Bob", zone="hand")
    s.mana("Alice", "GGGGG").mana("Bob", "G")
    t = s.timeline()
    t.do(cast("Alice", stag))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    assert t.state.stack and "Somberwald" in t.state.stack[-1].label
    t.do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", veil, targets=(bears,))))
    n = len(t)
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert not t.state.stack
    assert t.state.obj(bears).damage == 0 and t.state.obj(stag).damage == 0
    assert any(e.rule == "608.2b" for f in list(t)[n:] for e in f.events)


@pytest.mark.rule("117.1a")
def test_a_creature_without_flash_cant_be_cast_in_the_opponents_turn():
    s = Scenario("no flash", active="Bob")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline().do(pass_priority("Bob"))
    refused(t.state, cast("Alice", bears), "117.1a")


# ---------------------------------------------------------------- indestructible
@pytest.mark.rule("702.12b")
def test_indestructible_doesnt_stop_zero_toughness_or_sacrifice():
    s = Scenario("indestructible")
    myr = s.add("Darksteel Myr", "Alice")
    other = s.add("Darksteel Myr", "Bob")
    weak = s.add("Practice Weakness", "Alice", zone="hand")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "BB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", weak, targets=(myr,))))
    assert t.state.obj(myr).zone is Zone.GRAVEYARD
    assert any(e.rule == "704.5f" for e in _events(t))
    resolve_top(t.do(cast("Alice", blood)))
    assert t.state.obj(other).zone is Zone.GRAVEYARD, "a sacrifice isn't a destruction (701.21a)"


@pytest.mark.rule("704.5j")
def test_the_legend_rule_ignores_indestructible_and_the_loser_dies():
    s = Scenario("legend")
    z1 = s.add("Zetalpa, Primal Dawn", "Alice")
    z2 = s.add("Zetalpa, Primal Dawn", "Alice", zone="hand")
    s.mana("Alice", "WWWWWWWW")
    t = s.timeline().do(cast("Alice", z2))
    resolve_top(t, legend_rule=z2)
    assert t.state.obj(z1).zone is Zone.GRAVEYARD
    assert any(e.rule == "704.5j" for e in _events(t))


@pytest.mark.rule("704.5j")
def test_the_legend_rule_is_per_controller():
    s = Scenario("legends of two players")
    mine = s.add("Zetalpa, Primal Dawn", "Alice")
    theirs = s.add("Zetalpa, Primal Dawn", "Bob")
    t = s.timeline().do(pass_priority("Alice"))
    assert t.state.obj(mine).zone is Zone.BATTLEFIELD and t.state.obj(theirs).zone is Zone.BATTLEFIELD


# ---------------------------------------------------------------- 603: triggers
@pytest.mark.rule("603.3b")
def test_active_players_triggers_go_on_the_stack_first_and_resolve_last():
    """Alice (active) and Bob each control Call to the Grave: at Alice's upkeep both trigger;
    Alice's goes on the stack first (APNAP, 101.4), so Bob's resolves first."""
    s = Scenario("apnap", step="end", active="Bob")
    s.add("Call to the Grave", "Alice")
    s.add("Call to the Grave", "Bob")
    s.add("Grizzly Bears", "Alice")
    s.add("Raging Goblin", "Alice")
    t = _to_step(s.timeline(), Step.UPKEEP)
    assert t.state.active == "Alice"
    assert [i.controller for i in t.state.stack] == ["Alice", "Bob"]


@pytest.mark.rule("603.3b")
def test_each_player_orders_only_their_own_triggers():
    """Alice (active) has two different triggers, Bob two: Alice is asked first, about hers only."""
    s = Scenario("orders", step="end", active="Bob")
    s.add("Call to the Grave", "Alice")
    s.add("Infernal Darkness", "Alice")
    s.add("Call to the Grave", "Bob")
    s.add("Call to the Grave", "Bob")
    s.add("Walking Corpse", "Alice")
    t = pass_until(s.timeline(), Step.END)
    state = t.state
    for _ in range(10):
        try:
            state, _ = apply(state, pass_priority(state.priority))
        except MissingChoice as need:
            assert need.kind == "trigger order" and need.player == "Alice"
            assert len(need.options) == 2 and all("Bob" not in str(o) for o in need.options)
            mine = tuple(need.options)
            break
    else:
        pytest.fail("no trigger order was asked")
    with pytest.raises(MissingChoice) as bob:
        apply(state, pass_priority(state.priority, trigger_order=mine))
    assert bob.value.player == "Bob" and not set(bob.value.options) & set(mine)
    with pytest.raises(IllegalAction):
        apply(state, pass_priority(state.priority, trigger_order=(mine[0], "Bob's trigger")))


@pytest.mark.rule("603.2c")
def test_one_event_with_two_creatures_entering_triggers_ragebeast_twice():
    """603.2c and 603.6a: Raise the Alarm puts two Soldiers onto the battlefield at once: Gruul
    Ragebeast triggers once for each, each trigger remembering its own Soldier."""
    s = Scenario("ragebeast")
    s.add("Gruul Ragebeast", "Alice")
    wurm = s.add("Craw Wurm", "Bob")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    s.mana("Alice", "WW")
    t = s.timeline().do(cast("Alice", alarm)).do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "trigger order" and need.value.player == "Alice" and len(need.value.options) == 2
    t.do(pass_priority("Bob", trigger_order=tuple(need.value.options), target=[wurm, wurm]))
    assert len([o for o in t.state.battlefield("Alice") if o.card == "Soldier Token"]) == 2
    assert len(t.state.stack) == 2
    _stack_resolve(t)
    assert t.state.obj(wurm).damage == 2, "each Soldier fought the Wurm"


@pytest.mark.rule("603.6a")
def test_ragebeast_sees_itself_enter():
    s = Scenario("ragebeast enters")
    beast = s.add("Gruul Ragebeast", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "RRRRRGG")
    t = s.timeline().do(cast("Alice", beast))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.obj(beast).damage == 2


@pytest.mark.rule("603.10a")
def test_a_sacrificed_hangarback_looks_back_for_its_counters():
    s = Scenario("hangarback sacrificed")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 2})
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", blood))
    resolve_top(t)
    assert t.state.obj(walker).zone is Zone.GRAVEYARD
    _stack_resolve(t)
    thopters = [o for o in t.state.battlefield("Alice") if o.card == "Thopter Token"]
    assert len(thopters) == 2


@pytest.mark.rule("603.10a")
def test_a_legendary_dies_to_the_legend_rule_and_its_dies_trigger_triggers():
    """The legend rule puts a permanent into the graveyard: that is dying (700.4)."""
    MOUSE = "When this creature dies, you gain 3 life."

    def _gain(res, item):
        from mtgrules.cards import gain_life
        gain_life(res.d, res.controller, 3, "Practice Legend")
    from mtgrules.cards import TriggeredAbility, dies
    register(CardDef("Practice Legend", "{1}", frozenset({"Creature"}), supertypes=frozenset({"Legendary"}),
                     power=1, toughness=1, oracle=MOUSE,
                     abilities=(TriggeredAbility(MOUSE, "zone change", dies, _gain, looks_back=True),), source=TEST))
    s = Scenario("legend dies")
    old = s.add("Practice Legend", "Alice")
    new = s.add("Practice Legend", "Alice", zone="hand")
    s.mana("Alice", "C")
    t = s.timeline().do(cast("Alice", new))
    resolve_top(t, legend_rule=new)
    assert t.state.obj(old).zone is Zone.GRAVEYARD
    _stack_resolve(t)
    assert t.state.player("Alice").life == 23


# ---------------------------------------------------------------- 614 / 616: replacement effects
@pytest.mark.rule("614.12")
def test_vivid_crag_enters_tapped_with_two_charge_counters_when_played():
    s = Scenario("crag")
    crag = s.add("Vivid Crag", "Alice", zone="hand")
    t = s.timeline().do(play_land("Alice", crag))
    o = t.state.obj(crag)
    assert o.zone is Zone.BATTLEFIELD and o.tapped and o.counter("charge") == 2


@pytest.mark.rule("616.1")
def test_the_controller_of_the_tapped_land_orders_two_mana_replacements():
    """Mana Reflection (Alice) and Infernal Darkness (Bob) both apply to Alice's Forest: Alice, who
    controls the affected object, chooses the order (616.1); either way she gets {B}{B}."""
    s = Scenario("two replacements")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    t = s.timeline()
    with pytest.raises(MissingChoice) as need:
        t.do(activate("Alice", forest))
    assert need.value.player == "Alice"


@pytest.mark.rule("106.12b")
def test_mana_reflection_doubles_the_land_not_heartbeat_of_spring():
    s = Scenario("reflection and heartbeat")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    t = s.timeline().do(activate("Alice", forest))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["G", "G", "G"]


GROWN = "This creature enters with two +1/+1 counters on it."
register(CardDef("Practice Sprout (triggers test)", "{1}{G}", frozenset({"Creature"}), power=0, toughness=0,
                 oracle=GROWN, abilities=(EntersWith(GROWN, counters=(("+1/+1", 2),)),), source=TEST))


@pytest.mark.rule("614.1c")
def test_a_creature_put_onto_the_battlefield_by_an_effect_enters_with_its_counters():
    """614.1c, 614.12: "enters with" replaces how the permanent enters however it gets there, so
    Order of Whiteclay returns a 0/0 that enters with two +1/+1 counters as a 2/2."""
    s = Scenario("returned with counters")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    sprout = s.add("Practice Sprout (triggers test)", "Alice", zone="graveyard")
    s.mana("Alice", "CWW")
    t = s.timeline()
    resolve_top(t.do(activate("Alice", order, targets=(sprout,))))
    assert t.state.obj(sprout).zone is Zone.BATTLEFIELD and _pt(t, sprout) == "2/2"


@pytest.mark.rule("107.3m")
def test_hangarback_returned_by_an_effect_has_x_zero_and_says_why():
    s = Scenario("returned hangarback")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    walker = s.add("Hangarback Walker", "Alice", zone="graveyard")
    s.mana("Alice", "CWW")
    t = s.timeline()
    resolve_top(t.do(activate("Alice", order, targets=(walker,))))
    said = [e.text for e in _events(t) if e.rule == "107.3m"]
    assert said and "wasn't cast" in said[0]
    assert t.state.obj(walker).zone is Zone.GRAVEYARD, "0/0 with no counters: it dies (704.5f)"
