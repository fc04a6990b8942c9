"""Combat damage and the combat keywords, checked against the Comprehensive Rules (2026-01-16 text).

An independent review: one scenario per rule (and per worked "Example:" the kit's cards can
express) of 510 (combat damage step), 506.4 (removed from combat), 509.1h (blocked stays
blocked), 702.2 deathtouch, 702.4 double strike, 702.7 first strike, 702.9/702.17 flying and
reach, 702.12 indestructible, 702.15 lifelink, 702.19 trample, 702.20 vigilance and 702.111
menace. Each test checks the numbers (who is dealt how much, life totals, life gained, which
creatures die) and the rule each event cites.

Where a CR example needs something the kit can't express it is noted in the test's docstring
(a creature that blocks two attackers, protection). Made-up creatures ("CR ...") are registered
here when no pool card has the keyword combination a rule needs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import pass_until, refuse

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    activate,
    cast,
    declare_attackers,
    declare_blockers,
    pass_priority,
)
from mtgrules.cards import CardDef, Effect, register
from mtgrules.core.keywords import Keyword as K
from mtgrules.rules.layers import characteristics

C = frozenset({"Creature"})

register(
    # 510.1c's example, with vanilla stand-ins of the same size (the real cards have other text).
    CardDef("CR Regrower", "{3}{G}", C, power=4, toughness=3, source="CR test stand-in (not a real card)"),
    CardDef("CR Spawn", "{2}{B}", C, power=2, toughness=3, source="CR test stand-in (not a real card)"),
    CardDef("CR Hunter", "{W}", C, power=1, toughness=1, source="CR test stand-in (not a real card)"),
    CardDef("CR Double Trampler", "{4}", C, power=4, toughness=4,
            keywords=frozenset({K.DOUBLE_STRIKE, K.TRAMPLE}), source="CR test card (not a real card)"),
    CardDef("CR Double Lifelinker", "{2}", C, power=2, toughness=2,
            keywords=frozenset({K.DOUBLE_STRIKE, K.LIFELINK}), source="CR test card (not a real card)"),
    CardDef("CR Wall", "{2}", C, power=0, toughness=6, source="CR test card (not a real card)"),
    CardDef("CR Reaching Myr", "{3}", C, power=0, toughness=1,
            keywords=frozenset({K.INDESTRUCTIBLE, K.REACH}), source="CR test card (not a real card)"),
    CardDef("CR Double Basilisk", "{3}", C, power=2, toughness=2,
            keywords=frozenset({K.DOUBLE_STRIKE, K.TRAMPLE, K.DEATHTOUCH}), source="CR test card (not a real card)"),
)


# ---------------------------------------------------------------- helpers
def to_blocks(s: Scenario, attacks, blocks=None, **attack_choices) -> Timeline:
    """From the beginning of combat: Alice attacks, Bob declares ``blocks``; stops in the declare
    blockers step with priority (nothing assigned yet)."""
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attacks, **attack_choices))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.combat.awaiting:
        t.do(declare_blockers("Bob", blocks or {}))
    return t


def fight(s: Scenario, attacks, blocks=None, *, upto: Step = Step.END_COMBAT, **choices) -> Timeline:
    return pass_until(to_blocks(s, attacks, blocks), upto, **choices)


def events(t: Timeline, kind: str | None = None):
    return [e for f in t for e in f.events if kind is None or e.kind == kind]


def damage_dealt(t: Timeline) -> list[tuple[str, str, int, str]]:
    """(source, recipient, amount, rule) for each combat damage event that marks or costs life."""
    return [(e.name, e.before if isinstance(e.before, str) else e.before, e.after, e.rule)
            for e in events(t, "combat damage") if e.attribute == "damage"]


def zone(t: Timeline, oid: int) -> str:
    return t.state.obj(oid).zone.value


def life(t: Timeline, who: str) -> int:
    return t.state.player(who).life


def to_damage(t: Timeline) -> Timeline:
    """Pass once in the step before damage, so the next pass makes the game assign damage."""
    return t.do(pass_priority(t.state.priority))


def with_effect(t: Timeline, oid: int, change: Effect) -> Timeline:
    """``t``'s last state with ``change`` applied to ``oid`` (as a resolved spell would leave it)."""
    state = t.state
    eff = replace(change, affected=(state.obj(oid).ref,), timestamp=state.timestamp)
    return Timeline(replace(state, effects=state.effects + (eff,)), "after the change")


# ---------------------------------------------------------------- 510.1a: power 0 assigns nothing
@pytest.mark.rule("510.1a")
def test_a_creature_with_0_power_assigns_no_combat_damage():
    s = Scenario("0 power", step="combat")
    myr = s.add("Darksteel Myr", "Alice")  # 0/1, unblocked
    bears = s.add("Grizzly Bears", "Alice")
    wall = s.add("Wall of Wood", "Bob")     # 0/3 blocks the Bears
    t = fight(s, [myr, bears], {wall: bears})
    assert life(t, "Bob") == 20
    assert t.state.obj(bears).damage == 0 and t.state.obj(wall).damage == 2
    notes = [e for e in events(t, "no damage")]
    assert {e.obj for e in notes} == {myr, wall} and {e.rule for e in notes} == {"510.1a"}


# ---------------------------------------------------------------- 510.1b: unblocked
@pytest.mark.rule("510.1b")
def test_an_unblocked_creature_damages_the_player_it_attacks_and_its_loss_cites_120_3a():
    s = Scenario("unblocked", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = fight(s, [bears])
    assert life(t, "Bob") == 18
    assert [(e.obj, e.after, e.rule) for e in events(t, "combat damage") if e.attribute == "damage"] == \
        [(bears, 2, "510.2")]
    assert [e.rule for e in events(t, "life") if e.obj == "Bob"] == ["120.3a"]


@pytest.mark.rule("120.3c")
def test_an_unblocked_creature_attacking_a_planeswalker_removes_loyalty_not_life():
    s = Scenario("planeswalker", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {maw: jace}))
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Bob") == 20
    assert zone(t, jace) == "graveyard"   # 6 damage removed its 3 loyalty counters (704.5i)
    assert any(e.rule == "120.3c" and e.obj == jace for e in events(t))


# ---------------------------------------------------------------- 510.1c: dividing among blockers
def _regrower(split=None):
    s = Scenario("510.1c example", step="combat")
    regrower = s.add("CR Regrower", "Alice")
    spawn = s.add("CR Spawn", "Bob")
    hunter = s.add("CR Hunter", "Bob")
    t = to_blocks(s, [regrower], {spawn: regrower, hunter: regrower})
    return t, regrower, spawn, hunter


@pytest.mark.rule("510.1c")
@pytest.mark.parametrize("to_spawn, to_hunter", [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)])
def test_510_1c_example_every_listed_division_of_the_regrowers_4_damage_is_legal(to_spawn, to_hunter):
    """CR 510.1c's example: a 4/3 blocked by a 2/3 and a 1/1 may assign 4/0, 1/3, 2/2, 3/1 or
    0/4 (Hunter/Spawn) -- any division, no damage assignment order in this edition."""
    t, regrower, spawn, hunter = _regrower()
    t = pass_until(t, Step.END_COMBAT, damage_division=((spawn, to_spawn), (hunter, to_hunter)))
    dealt = {(e.obj, e.before): e.after for e in events(t, "combat damage") if e.attribute == "damage"}
    assert dealt.get((regrower, "CR Spawn"), 0) == to_spawn
    assert dealt.get((regrower, "CR Hunter"), 0) == to_hunter
    assert (zone(t, spawn) == "graveyard") == (to_spawn >= 3)
    assert (zone(t, hunter) == "graveyard") == (to_hunter >= 1)
    assert zone(t, regrower) == "graveyard"  # 2 + 1 = 3 damage, dealt at the same time (510.2)


@pytest.mark.rule("510.1c")
@pytest.mark.parametrize("bad", [
    "three", "five", "player", "negative", "one blocker only",
])
def test_an_illegal_division_among_blockers_is_refused_and_the_state_kept(bad):
    t, regrower, spawn, hunter = _regrower()
    t = to_damage(t)
    division = {
        "three": ((spawn, 2), (hunter, 1)),
        "five": ((spawn, 3), (hunter, 2)),
        "player": ((spawn, 2), (hunter, 1), ("Bob", 1)),   # no trample: nothing to Bob
        "negative": ((spawn, 5), (hunter, -1)),
        "one blocker only": ((spawn, 4),),
    }[bad]
    refuse(t.state, pass_priority(t.state.priority, damage_division=division), "510.1c")


@pytest.mark.rule("510.1c")
def test_a_single_blocker_gets_all_the_damage_without_a_choice():
    s = Scenario("one blocker", step="combat")
    wurm = s.add("Craw Wurm", "Alice")   # 6/4
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [wurm], {bears: wurm})
    assert [(e.obj, e.before, e.after) for e in events(t, "combat damage") if e.attribute == "damage"] == \
        [(wurm, "Grizzly Bears", 6), (bears, "Craw Wurm", 2)]
    assert life(t, "Bob") == 20 and zone(t, bears) == "graveyard" and t.state.obj(wurm).damage == 2


# ---------------------------------------------------------------- 509.1h, 510.1c: blocker removed
def _murder_the_blocker(attacker: str, blocker: str):
    s = Scenario("blocker removed", step="combat")
    att = s.add(attacker, "Alice")
    blk = s.add(blocker, "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    swamps = [s.add("Swamp", "Alice") for _ in range(3)]
    t = to_blocks(s, [att], {blk: att})
    for sw in swamps:
        t.do(activate("Alice", sw))
    t.do(cast("Alice", murder, targets=(blk,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert zone(t, blk) == "graveyard"
    return t, att, blk


@pytest.mark.rule("509.1h")
def test_a_blocked_creature_whose_blocker_was_destroyed_stays_blocked_and_deals_no_damage():
    t, wurm, _ = _murder_the_blocker("Craw Wurm", "Grizzly Bears")
    assert t.state.combat.attacks[0].blocked  # 509.1h: it remains blocked
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Bob") == 20
    assert [e.rule for e in events(t, "no damage") if e.obj == wurm] == ["510.1c"]


@pytest.mark.rule("702.19d")
def test_a_blocked_trampler_whose_blocker_was_destroyed_assigns_all_its_damage_to_the_player():
    t, maw, _ = _murder_the_blocker("Colossal Dreadmaw", "Grizzly Bears")
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Bob") == 14
    assert [e.rule for e in events(t, "trample") if e.obj == maw] == ["702.19d"]


@pytest.mark.rule("510.1d")
def test_a_blocker_whose_attacker_was_destroyed_assigns_no_damage():
    s = Scenario("attacker removed", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    murder = s.add("Murder", "Bob", zone="hand")
    swamps = [s.add("Swamp", "Bob") for _ in range(3)]
    t = to_blocks(s, [bears], {corpse: bears})
    t.do(pass_priority("Alice"))
    for sw in swamps:
        t.do(activate("Bob", sw))
    t.do(cast("Bob", murder, targets=(bears,)))
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert zone(t, bears) == "graveyard"
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.obj(corpse).damage == 0 and life(t, "Alice") == 20
    assert not [e for e in events(t, "combat damage") if e.attribute == "damage"]
    assert [e.rule for e in events(t, "no damage") if e.obj == corpse] == ["510.1d"]
    assert any(e.rule == "506.4" and e.obj == bears for e in events(t, "removed from combat"))


# ---------------------------------------------------------------- 510.2: dealt simultaneously
@pytest.mark.rule("510.2")
def test_combat_damage_is_dealt_at_once_so_both_creatures_die_and_lifelink_still_counts():
    s = Scenario("trade", step="combat")
    child = s.add("Child of Night", "Alice")   # 2/1 lifelink
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [child], {bears: child})
    assert zone(t, child) == zone(t, bears) == "graveyard"
    assert life(t, "Alice") == 22
    assert {e.rule for e in events(t) if e.attribute == "zone" and e.obj in (child, bears)} == {"704.5g"}


# ---------------------------------------------------------------- 510.4, 702.7: first strike
@pytest.mark.rule("702.7b")
def test_first_strike_kills_a_deathtouch_blocker_before_it_deals_damage():
    s = Scenario("first strike vs deathtouch", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")   # 2/2 first strike, lifelink
    rats = s.add("Typhoid Rats", "Bob")                # 1/1 deathtouch
    t = fight(s, [knight], {rats: knight})
    assert zone(t, rats) == "graveyard" and zone(t, knight) == "battlefield"
    assert t.state.obj(knight).damage == 0 and life(t, "Alice") == 22
    steps = [e.after for e in events(t, "step begins")]
    assert Step.FIRST_STRIKE_DAMAGE.value in steps and Step.COMBAT_DAMAGE.value in steps


@pytest.mark.rule("510.4")
def test_a_first_strike_blocker_also_makes_a_first_strike_step():
    s = Scenario("first strike blocker", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    knight = s.add("Knight of Meadowgrain", "Bob")
    t = fight(s, [bears], {knight: bears})
    assert zone(t, bears) == "graveyard" and t.state.obj(knight).damage == 0
    assert life(t, "Bob") == 22


@pytest.mark.rule("702.7c")
def test_first_strike_removed_after_the_first_step_does_not_let_it_deal_damage_again():
    """702.7c: "Removing first strike from a creature after it has already dealt combat damage in
    the first combat damage step won't allow it to also assign combat damage in the second"."""
    s = Scenario("first strike removed", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")
    wall = s.add("CR Wall", "Bob")   # 0/6 survives
    t = fight(s, [knight], {wall: knight}, upto=Step.FIRST_STRIKE_DAMAGE)
    assert t.state.obj(wall).damage == 2
    loses = Effect("6", "loses first strike", "613.1f", remove_keywords=frozenset({K.FIRST_STRIKE}))
    t = pass_until(with_effect(t, knight, loses), Step.END_COMBAT)
    assert K.FIRST_STRIKE not in characteristics(t.state, knight).keywords
    assert t.state.obj(wall).damage == 2 and life(t, "Alice") == 22
    assert "702.7c" in [e.rule for e in events(t, "first strike") if e.obj == knight]


@pytest.mark.rule("702.4c")
def test_double_strike_removed_after_the_first_step_is_told_702_4c_even_with_first_strike_left():
    """702.4c: "Removing double strike from a creature during the first combat damage step will stop
    it from assigning combat damage in the second"; the note names that rule, whether or not the
    creature still has first strike."""
    for left in (frozenset(), frozenset({K.FIRST_STRIKE})):
        s = Scenario("double strike removed", step="combat")
        ace = s.add("Fencing Ace", "Alice")
        wall = s.add("CR Wall", "Bob")
        t = fight(s, [ace], {wall: ace}, upto=Step.FIRST_STRIKE_DAMAGE)
        loses = Effect("6", "loses double strike", "613.1f", add_keywords=left,
                       remove_keywords=frozenset({K.DOUBLE_STRIKE}))
        t = pass_until(with_effect(t, ace, loses), Step.END_COMBAT)
        assert t.state.obj(wall).damage == 1
        assert [e.rule for e in events(t, "first strike") if e.obj == ace] == ["702.4c"]


@pytest.mark.rule("510.4")
def test_a_creature_without_strike_that_gains_double_strike_after_the_first_step_deals_damage_once():
    """510.4: in the second step assign "those that had neither ... as well as those that currently
    have double strike" -- one creature, one assignment, not two."""
    s = Scenario("double strike gained late", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")   # makes the first-strike step
    bears = s.add("Grizzly Bears", "Alice")
    t = fight(s, [knight, bears], upto=Step.FIRST_STRIKE_DAMAGE)
    assert life(t, "Bob") == 18
    gains = Effect("6", "gains double strike", "613.1f", add_keywords=frozenset({K.DOUBLE_STRIKE}))
    t = pass_until(with_effect(t, bears, gains), Step.END_COMBAT)
    assert life(t, "Bob") == 16   # the Bears hit once, in the second step
    assert len([e for e in events(t, "combat damage") if e.obj == bears and e.attribute == "damage"]) == 1


# ---------------------------------------------------------------- 702.4: double strike
@pytest.mark.rule("702.4b")
def test_double_strike_against_a_2_2_both_die_in_the_second_step():
    s = Scenario("Ace vs Bears", step="combat")
    ace = s.add("Fencing Ace", "Alice")   # 1/1 double strike
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [ace], {bears: ace}, upto=Step.FIRST_STRIKE_DAMAGE)
    assert t.state.obj(bears).damage == 1 and zone(t, ace) == "battlefield"
    t = pass_until(t, Step.END_COMBAT)
    assert zone(t, ace) == zone(t, bears) == "graveyard"


@pytest.mark.rule("702.15b")
def test_double_strike_with_lifelink_gains_life_in_each_step():
    s = Scenario("double lifelink", step="combat")
    dl = s.add("CR Double Lifelinker", "Alice")
    t = fight(s, [dl])
    assert life(t, "Bob") == 16 and life(t, "Alice") == 24
    assert [e.rule for e in events(t, "life") if e.obj == "Alice"] == ["702.15b", "702.15b"]


@pytest.mark.rule("702.4c")
def test_double_strike_removed_during_the_first_step_stops_the_second_even_with_first_strike_left():
    s = Scenario("double strike to first strike", step="combat")
    ace = s.add("Fencing Ace", "Alice")
    t = fight(s, [ace], upto=Step.FIRST_STRIKE_DAMAGE)
    change = Effect("6", "loses double strike, gains first strike", "613.1f",
                    remove_keywords=frozenset({K.DOUBLE_STRIKE}), add_keywords=frozenset({K.FIRST_STRIKE}))
    t = pass_until(with_effect(t, ace, change), Step.END_COMBAT)
    assert life(t, "Bob") == 19


# ---------------------------------------------------------------- 702.19: trample
@pytest.mark.rule("702.19b")
def test_trample_counts_damage_already_marked_on_the_blocker():
    """702.19b: "take into account damage already marked on the creature". The 0/6 wall has 4
    damage from the first strike, so 2 more is lethal and the other 2 may go to Bob."""
    s = Scenario("trample and marked damage", step="combat")
    dt = s.add("CR Double Trampler", "Alice")
    wall = s.add("CR Wall", "Bob")
    t = fight(s, [dt], {wall: dt}, upto=Step.FIRST_STRIKE_DAMAGE, damage_division=((wall, 4), ("Bob", 0)))
    assert t.state.obj(wall).damage == 4
    t = to_damage(t)
    refuse(t.state, pass_priority(t.state.priority, damage_division=((wall, 1), ("Bob", 3))), "702.19b")
    t = pass_until(t, Step.END_COMBAT, damage_division=((wall, 2), ("Bob", 2)))
    assert zone(t, wall) == "graveyard" and life(t, "Bob") == 18


@pytest.mark.rule("702.19b")
def test_trample_over_a_blocker_that_already_has_lethal_damage_needs_no_more_damage_to_it():
    """702.19b counts damage already marked, and lethal damage is "damage greater than or equal to
    a creature's toughness" (glossary). An indestructible 0/1 with 1 damage marked from the first
    strike already has lethal damage: the double striker's second hit may all go to the player."""
    s = Scenario("trample over a marked indestructible", step="combat")
    dt = s.add("CR Double Trampler", "Alice")
    myr = s.add("CR Reaching Myr", "Bob")   # 0/1 indestructible
    t = fight(s, [dt], {myr: dt}, upto=Step.FIRST_STRIKE_DAMAGE, damage_division=((myr, 1), ("Bob", 3)))
    assert t.state.obj(myr).damage == 1 and life(t, "Bob") == 17 and zone(t, myr) == "battlefield"
    t = pass_until(t, Step.END_COMBAT, damage_division=((myr, 0), ("Bob", 4)))
    assert life(t, "Bob") == 13 and t.state.obj(myr).damage == 1


@pytest.mark.rule("702.2c")
def test_deathtouch_trample_over_a_marked_indestructible_blocker_needs_no_more_damage_to_it():
    s = Scenario("deathtouch trample over a marked indestructible", step="combat")
    db = s.add("CR Double Basilisk", "Alice")   # 2/2 double strike, trample, deathtouch
    myr = s.add("CR Reaching Myr", "Bob")
    t = fight(s, [db], {myr: db}, upto=Step.FIRST_STRIKE_DAMAGE, damage_division=((myr, 1), ("Bob", 1)))
    assert life(t, "Bob") == 19 and zone(t, myr) == "battlefield"
    t = pass_until(t, Step.END_COMBAT, damage_division=((myr, 0), ("Bob", 2)))
    assert life(t, "Bob") == 17


@pytest.mark.rule("702.19b")
def test_trample_may_assign_more_than_lethal_to_the_blocker():
    s = Scenario("trample, generous", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [maw], {bears: maw}, damage_division=((bears, 5), ("Bob", 1)))
    assert life(t, "Bob") == 19 and zone(t, bears) == "graveyard"


@pytest.mark.rule("702.19b")
def test_trample_with_two_blockers_needs_lethal_on_each_before_the_player():
    s = Scenario("trample, two blockers", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")   # 6/6
    bears = s.add("Grizzly Bears", "Bob")
    spider = s.add("Giant Spider", "Bob")       # 2/4
    t = to_damage(to_blocks(s, [maw], {bears: maw, spider: maw}))
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 2), (spider, 3), ("Bob", 1))),
           "702.19b")
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 1), (spider, 4), ("Bob", 1))),
           "702.19b")
    # all of it to one blocker (not lethal to the other) is legal: nothing goes to Bob then
    t2 = pass_until(t.branch(len(t) - 1), Step.END_COMBAT, damage_division=((bears, 0), (spider, 6), ("Bob", 0)))
    assert zone(t2, spider) == "graveyard" and zone(t2, bears) == "battlefield" and life(t2, "Bob") == 20
    t = pass_until(t, Step.END_COMBAT, damage_division=((bears, 2), (spider, 4), ("Bob", 0)))
    assert zone(t, spider) == zone(t, bears) == "graveyard" and life(t, "Bob") == 20


@pytest.mark.rule("702.2c")
def test_deathtouch_trample_still_needs_1_on_each_blocker_before_the_player():
    s = Scenario("deathtouch trample, one missed", step="combat")
    basilisk = s.add("Practice Basilisk", "Alice")   # 3/3 deathtouch, trample
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = to_damage(to_blocks(s, [basilisk], {bears: basilisk, corpse: basilisk}))
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 0), (corpse, 1), ("Bob", 2))),
           "702.19b")


@pytest.mark.rule("702.2b")
def test_deathtouch_without_trample_divides_1_to_each_blocker_and_kills_both():
    s = Scenario("deathtouch, two blockers", step="combat")
    hawk = s.add("Vampire Nighthawk", "Alice")   # 2/3 flying, deathtouch, lifelink
    spider = s.add("Giant Spider", "Bob")        # 2/4 reach
    angel = s.add("Serra Angel", "Bob")          # 4/4 flying
    t = fight(s, [hawk], {spider: hawk, angel: hawk}, damage_division=((spider, 1), (angel, 1)))
    assert zone(t, spider) == zone(t, angel) == zone(t, hawk) == "graveyard"
    assert life(t, "Alice") == 22   # lifelink: 2 damage dealt in all
    assert {e.obj for e in events(t) if e.rule == "704.5h" and e.attribute == "zone"} == {spider, angel}


@pytest.mark.rule("702.19a")
def test_trample_does_nothing_for_a_blocker():
    s = Scenario("trample blocking", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    maw = s.add("Colossal Dreadmaw", "Bob")
    t = fight(s, [bears], {maw: bears})
    assert life(t, "Alice") == 20 and zone(t, bears) == "graveyard"


@pytest.mark.rule("702.19f")
def test_trample_attacking_a_planeswalker_tramples_over_to_it_never_to_its_controller():
    s = Scenario("trample at a planeswalker", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {maw: jace}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {bears: maw}))
    t = to_damage(t)
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 2), ("Bob", 4))), "702.19b")
    t = pass_until(t, Step.END_COMBAT, damage_division=((bears, 2), (jace, 4)))
    assert life(t, "Bob") == 20 and zone(t, jace) == "graveyard" and zone(t, bears) == "graveyard"


# ---------------------------------------------------------------- 702.15: lifelink
@pytest.mark.rule("702.15b")
def test_lifelink_gains_the_damage_dealt_not_the_blockers_toughness():
    s = Scenario("lifelink overkill", step="combat")
    child = s.add("Child of Night", "Alice")   # 2/1 lifelink
    goblin = s.add("Raging Goblin", "Bob")     # 1/1
    t = fight(s, [child], {goblin: child})
    assert life(t, "Alice") == 22


@pytest.mark.rule("702.15b")
def test_lifelink_on_a_blocker_gains_its_controller_life():
    s = Scenario("lifelink blocker", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    child = s.add("Child of Night", "Bob")
    t = fight(s, [bears], {child: bears})
    assert life(t, "Bob") == 22 and life(t, "Alice") == 20


@pytest.mark.rule("702.15e")
def test_two_lifelink_sources_are_two_life_gain_events():
    s = Scenario("two lifelinkers", step="combat")
    a = s.add("Child of Night", "Alice")
    b = s.add("Child of Night", "Alice")
    t = fight(s, [a, b])
    gains = [e for e in events(t, "life") if e.obj == "Alice"]
    assert [e.after - e.before for e in gains] == [2, 2] and {e.rule for e in gains} == {"702.15b"}
    assert life(t, "Alice") == 24 and life(t, "Bob") == 16


# ---------------------------------------------------------------- 702.12: indestructible
@pytest.mark.rule("702.12b")
def test_indestructible_survives_lethal_combat_damage():
    s = Scenario("indestructible vs lethal", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    myr = s.add("Darksteel Myr", "Bob")
    t = fight(s, [wurm], {myr: wurm})
    assert zone(t, myr) == "battlefield" and t.state.obj(myr).damage == 6
    assert "702.12b" in [e.rule for e in events(t, "indestructible")]


# ---------------------------------------------------------------- evasion: flying, reach, menace
@pytest.mark.rule("702.9b")
def test_flying_is_blocked_only_by_flying_or_reach_and_a_flier_blocks_a_ground_creature():
    s = Scenario("flying", step="combat")
    angel = s.add("Serra Angel", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [angel]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: angel}), "702.9b")
    s2 = Scenario("reach", step="combat")
    angel2 = s2.add("Serra Angel", "Alice")
    spider = s2.add("Giant Spider", "Bob")
    t2 = fight(s2, [angel2], {spider: angel2})
    assert zone(t2, spider) == "graveyard" and t2.state.obj(angel2).damage == 2
    s3 = Scenario("flier blocks", step="combat")
    bears3 = s3.add("Grizzly Bears", "Alice")
    angel3 = s3.add("Serra Angel", "Bob")
    t3 = fight(s3, [bears3], {angel3: bears3})
    assert zone(t3, bears3) == "graveyard"


@pytest.mark.rule("702.111b")
def test_menace_needs_two_blockers():
    s = Scenario("menace", step="combat")
    brute = s.add("Boggart Brute", "Alice")   # 3/2 menace
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [brute]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bears: brute}), "702.111b")
    t.do(declare_blockers("Bob", {bears: brute, corpse: brute}))
    t = pass_until(t, Step.END_COMBAT, damage_division=((bears, 2), (corpse, 1)))
    assert zone(t, brute) == zone(t, bears) == "graveyard" and zone(t, corpse) == "battlefield"


@pytest.mark.rule("702.20b")
def test_vigilance_attacker_stays_untapped_and_can_still_be_dealt_damage():
    s = Scenario("vigilance", step="combat")
    angel = s.add("Serra Angel", "Alice")
    spider = s.add("Giant Spider", "Bob")
    t = fight(s, [angel], {spider: angel}, upto=Step.DECLARE_BLOCKERS)
    assert not t.state.obj(angel).tapped
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.obj(angel).damage == 2 and zone(t, spider) == "graveyard"


# ---------------------------------------------------------------- 506.4b: tapping doesn't remove
@pytest.mark.rule("506.4b")
def test_a_blocker_tapped_after_blocks_stays_in_combat_and_deals_its_damage():
    s = Scenario("tapped blocker", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    t = to_blocks(s, [bears], {corpse: bears})
    state = t.state
    tapped = replace(state, objects=tuple(replace(o, tapped=True) if o.oid == corpse else o
                                          for o in state.objects))
    t = pass_until(Timeline(tapped, "the Corpse is tapped"), Step.END_COMBAT)
    assert zone(t, bears) == zone(t, corpse) == "graveyard"


# ---------------------------------------------------------------- first strike with several blockers
@pytest.mark.rule("510.1d")
def test_a_blocker_whose_attacker_a_first_striking_blocker_killed_deals_no_damage():
    s = Scenario("two blockers, one first strike", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    knight = s.add("Knight of Meadowgrain", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = fight(s, [bears], {knight: bears, corpse: bears}, damage_division=((knight, 2), (corpse, 0)))
    assert zone(t, bears) == "graveyard"
    assert t.state.obj(knight).damage == 0 and t.state.obj(corpse).damage == 0  # the Bears never struck
    assert [e.rule for e in events(t, "no damage") if e.obj == corpse] == ["510.1d"]
    assert life(t, "Bob") == 22


@pytest.mark.rule("702.4b")
def test_a_double_striker_divides_its_second_hit_among_the_blockers_still_there():
    s = Scenario("double strike, two blockers", step="combat")
    dl = s.add("CR Double Lifelinker", "Alice")   # 2/2 double strike, lifelink
    goblin = s.add("Raging Goblin", "Bob")        # 1/1
    hunter = s.add("CR Hunter", "Bob")            # 1/1
    t = fight(s, [dl], {goblin: dl, hunter: dl}, upto=Step.FIRST_STRIKE_DAMAGE,
              damage_division=((goblin, 2), (hunter, 0)))
    assert zone(t, goblin) == "graveyard" and zone(t, hunter) == "battlefield" and life(t, "Alice") == 22
    t = to_damage(t)
    # the Goblin is gone: a division naming it is no division of the damage among the blockers now
    refuse(t.state, pass_priority(t.state.priority, damage_division=((goblin, 1), (hunter, 1))), "510.1c")
    t = pass_until(t, Step.END_COMBAT)   # one blocker left: all of it goes to the Hunter, no choice
    assert zone(t, hunter) == "graveyard" and t.state.obj(dl).damage == 1   # the Hunter struck back
    assert life(t, "Alice") == 24 and life(t, "Bob") == 20


@pytest.mark.rule("702.9b")
def test_a_flier_with_menace_needs_two_blockers_that_each_fly_or_have_reach():
    register(CardDef("CR Flying Menace", "{3}", C, power=3, toughness=3, keywords=frozenset({K.FLYING, K.MENACE}),
                     source="CR test card (not a real card)"))
    s = Scenario("flying and menace", step="combat")
    fm = s.add("CR Flying Menace", "Alice")
    spider = s.add("Giant Spider", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    angel = s.add("Serra Angel", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [fm]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {spider: fm, bears: fm}), "702.9b")
    refuse(t.state, declare_blockers("Bob", {spider: fm}), "702.111b")
    t = pass_until(t.do(declare_blockers("Bob", {spider: fm, angel: fm})), Step.END_COMBAT,
                   damage_division=((spider, 3), (angel, 0)))
    assert zone(t, fm) == "graveyard" and t.state.obj(spider).damage == 3


# ---------------------------------------------------------------- the rules the notes cite
@pytest.mark.rule("510.4")
def test_a_first_striker_that_keeps_first_strike_is_told_510_4_not_702_7c_in_the_second_step():
    """510.4 (and 702.7b) say who assigns damage in the second step; 702.7c is only about first
    strike given or removed after the first step, so a creature that kept it is told 510.4."""
    s = Scenario("first strike kept", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")
    t = fight(s, [knight])
    assert life(t, "Bob") == 18
    second = [e.rule for e in events(t, "first strike") if e.obj == knight]
    assert second and set(second) <= {"510.4", "702.7b"}


@pytest.mark.rule("702.19d")
def test_a_trampler_attacking_a_planeswalker_with_its_blocker_gone_assigns_all_to_the_planeswalker():
    """702.19d: "its damage is assigned to the defending player and/or planeswalker as though all
    blocking creatures have been assigned lethal damage" -- here, to the planeswalker it attacks
    (702.19f: none of it to the planeswalker's controller)."""
    s = Scenario("trample at a planeswalker, blocker gone", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    swamps = [s.add("Swamp", "Alice") for _ in range(3)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {maw: jace}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {bears: maw}))
    for sw in swamps:
        t.do(activate("Alice", sw))
    t.do(cast("Alice", murder, targets=(bears,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Bob") == 20 and zone(t, jace) == "graveyard"
    hits = [(e.obj, e.before, e.after) for e in events(t, "combat damage") if e.attribute == "damage"]
    assert hits == [(maw, "Jace Beleren", 6)]
