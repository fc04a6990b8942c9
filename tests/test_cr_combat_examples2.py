"""Combat, second pass against the Comprehensive Rules (2026-01-16 text): what
tests/test_cr_combat_examples.py, test_combat.py, test_keywords.py and test_damage_division.py
leave out.

506.4 (a combatant that stops being a creature), 510.1a (power below 0), 510.4 (no first-strike
step once the only first striker has left), 702.4e/702.7d (first strike and double strike on one
creature), 702.7b (first strike against double strike), 702.15b with trample and with a
planeswalker, 702.2c with trample at a planeswalker, 702.17 (reach is no evasion), 800.4e (an
attacker whose defending player has left the game) and Two-Headed Giant combat (805.10d, 810.9)
with trample and menace. Made-up creatures ("CR2 ...") are registered here when no pool card has
the keyword combination a rule needs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import pass_until, refuse
from helpers import murder_in_hand

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    activate,
    cast,
    concede,
    declare_attackers,
    declare_blockers,
    pass_priority,
)
from mtgrules.cards import CardDef, Effect, register
from mtgrules.core.keywords import Keyword as K

C = frozenset({"Creature"})
THREE = ["Alice", "Bob", "Carol"]
TWO_HEADED = dict(players=["Alice", "Andy", "Bob", "Bea"], game_format="two-headed giant",
                  teams={"Alice": "A", "Andy": "A", "Bob": "B", "Bea": "B"})

register(
    CardDef("CR2 Lifelink Trampler", "{4}", C, power=5, toughness=5,
            keywords=frozenset({K.TRAMPLE, K.LIFELINK}), source="CR test card (not a real card)"),
    replace=True,
)


# ---------------------------------------------------------------- helpers
def to_blocks(s: Scenario, attacks, blocks=None, by: str = "Bob") -> Timeline:
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers(t.state.active, attacks))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.combat.awaiting:
        t.do(declare_blockers(by, blocks or {}))
    return t


def fight(s: Scenario, attacks, blocks=None, *, upto: Step = Step.END_COMBAT, **choices) -> Timeline:
    return pass_until(to_blocks(s, attacks, blocks), upto, **choices)


def events(t: Timeline, kind: str | None = None):
    return [e for f in t for e in f.events if kind is None or e.kind == kind]


def hits(t: Timeline) -> list[tuple[int, str, int]]:
    """(source, recipient's name, amount) of each combat damage event."""
    return [(e.obj, e.before, e.after) for e in events(t, "combat damage") if e.attribute == "damage"]


def zone(t: Timeline, oid: int) -> str:
    return t.state.obj(oid).zone.value


def life(t: Timeline, who: str) -> int:
    return t.state.player(who).life


def with_effects(t: Timeline, oid: int, *changes: Effect) -> Timeline:
    """``t``'s last state with ``changes`` applied to ``oid`` (as a resolved spell would leave them)."""
    state = t.state
    new = tuple(replace(c, affected=(state.obj(oid).ref,), timestamp=state.timestamp) for c in changes)
    return Timeline(replace(state, effects=state.effects + new), "after the change")


def without_effects(t: Timeline, oid: int) -> Timeline:
    """``t``'s last state with every effect on ``oid`` gone (as when an effect's duration ends)."""
    state = t.state
    ref = state.obj(oid).ref
    kept = tuple(e for e in state.effects if not e.affected or ref not in e.affected)
    return Timeline(replace(state, effects=kept), "the effect has ended")


def animated_state(t: Timeline, forest: int) -> Timeline:
    return with_effects(t, forest,
                        Effect("4", "the Forest becomes a creature", "613.1d", add_types=frozenset({"Creature"})),
                        Effect("7b", "the Forest is 3/3", "613.4b", set_pt=(3, 3)))


# ---------------------------------------------------------------- 510.1a: power below 0
@pytest.mark.rule("510.1a")
def test_a_creature_with_power_below_0_assigns_no_combat_damage_attacking_or_blocking():
    """510.1a: "Creatures that would assign 0 or less damage this way don't assign combat damage
    at all" -- a Bears at -1/2 neither hurts the player nor its blocker."""
    s = Scenario("negative power", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    wall = s.add("Wall of Wood", "Bob")
    t = to_blocks(s, [bears, corpse], {wall: corpse})
    shrink = Effect("7c", "gets -3/-0", "613.4c", delta=(-3, 0))
    t = pass_until(with_effects(t, bears, shrink), Step.END_COMBAT)
    assert life(t, "Bob") == 20
    assert hits(t) == [(corpse, "Wall of Wood", 2)]
    assert [e.rule for e in events(t, "no damage") if e.obj == bears] == ["510.1a"]


# ---------------------------------------------------------------- 510.4: the first-strike step
@pytest.mark.rule("510.4")
def test_no_first_strike_step_when_the_only_first_striker_left_before_combat_damage():
    """510.4: the extra step happens only "if at least one attacking or blocking creature has
    first strike ... as the combat damage step begins". The Knight is murdered in the declare
    blockers step, so there is one combat damage step and the Bears deal their damage in it."""
    s = Scenario("first striker gone", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    _, cast_murder = murder_in_hand(s, "Bob")
    t = to_blocks(s, [knight, bears])
    t.do(pass_priority("Alice"))
    cast_murder(t, knight)
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert zone(t, knight) == "graveyard"
    t = pass_until(t, Step.END_COMBAT)
    steps = [e.after for e in events(t, "step begins")]
    assert Step.FIRST_STRIKE_DAMAGE.value not in steps and Step.COMBAT_DAMAGE.value in steps
    assert life(t, "Bob") == 18 and life(t, "Alice") == 20


# ---------------------------------------------------------------- 702.4e, 702.7d, 702.7b
@pytest.mark.rule("702.4b")
def test_a_creature_with_first_strike_and_double_strike_deals_damage_twice_not_three_times():
    """702.4b: double strike deals damage in both steps; first strike on the same creature adds
    nothing (it already deals first-strike damage), and 702.4e/702.7d make repeats redundant."""
    s = Scenario("first and double strike", step="combat")
    ace = s.add("Fencing Ace", "Alice")   # 1/1 double strike
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)
    both = Effect("6", "gains first strike and double strike", "613.1f",
                  add_keywords=frozenset({K.FIRST_STRIKE, K.DOUBLE_STRIKE}))
    t = fight_from(with_effects(t, ace, both), [ace])
    assert life(t, "Bob") == 18
    assert [a for _, _, a in hits(t)] == [1, 1]


def fight_from(t: Timeline, attacks, blocks=None, **choices) -> Timeline:
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers(t.state.active, attacks))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.combat.awaiting:
        t.do(declare_blockers("Bob", blocks or {}))
    return pass_until(t, Step.END_COMBAT, **choices)


@pytest.mark.rule("702.7b")
def test_a_double_striker_blocked_by_a_first_striker_both_strike_in_the_first_step():
    """702.7b/702.4b: in the first step every creature with first strike or double strike deals
    damage at once. The 1/1 Ace and the 2/2 Knight hit each other; the Ace dies before its second
    hit, and the Knight's lifelink gains Bob 2."""
    s = Scenario("double strike vs first strike", step="combat")
    ace = s.add("Fencing Ace", "Alice")
    knight = s.add("Knight of Meadowgrain", "Bob")
    t = fight(s, [ace], {knight: ace}, upto=Step.FIRST_STRIKE_DAMAGE)
    assert zone(t, ace) == "graveyard" and t.state.obj(knight).damage == 1 and life(t, "Bob") == 22
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.obj(knight).damage == 1 and zone(t, knight) == "battlefield"
    assert len(hits(t)) == 2


# ---------------------------------------------------------------- 702.15b with trample, planeswalkers
@pytest.mark.rule("702.15b")
def test_a_lifelink_trampler_gains_all_the_damage_it_deals_to_the_blocker_and_the_player():
    s = Scenario("lifelink trample", step="combat")
    lt = s.add("CR2 Lifelink Trampler", "Alice")   # 5/5
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [lt], {bears: lt}, damage_division=((bears, 2), ("Bob", 3)))
    assert life(t, "Bob") == 17 and life(t, "Alice") == 25 and zone(t, bears) == "graveyard"


@pytest.mark.rule("702.15b")
def test_lifelink_damage_to_a_planeswalker_gains_life_too():
    s = Scenario("lifelink at a planeswalker", step="combat")
    child = s.add("Child of Night", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {child: jace}))
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Alice") == 22 and life(t, "Bob") == 20
    assert t.state.obj(jace).counter("loyalty") == 1


@pytest.mark.rule("702.2c")
def test_deathtouch_trample_at_a_planeswalker_needs_1_on_the_blocker_and_the_rest_goes_to_it():
    s = Scenario("deathtouch trample at a planeswalker", step="combat")
    basilisk = s.add("Practice Basilisk", "Alice")   # 3/3 deathtouch, trample
    jace = s.add("Jace Beleren", "Bob")              # 3 loyalty
    spider = s.add("Giant Spider", "Bob")            # 2/4
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {basilisk: jace}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {spider: basilisk}))
    t = pass_until(t, Step.END_COMBAT, damage_division=((spider, 1), (jace, 2)))
    assert zone(t, spider) == "graveyard" and t.state.obj(jace).counter("loyalty") == 1
    assert life(t, "Bob") == 20


# ---------------------------------------------------------------- 702.17: reach is no evasion
@pytest.mark.rule("702.17b")
def test_a_creature_with_reach_may_be_blocked_by_a_creature_without_flying_or_reach():
    """Reach lets a creature block fliers (702.17b); it doesn't restrict who blocks it."""
    s = Scenario("reach attacks", step="combat")
    spider = s.add("Giant Spider", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [spider], {bears: spider})
    assert t.state.obj(spider).damage == 2 and zone(t, bears) == "graveyard" and life(t, "Bob") == 20


# ---------------------------------------------------------------- 506.4: it stops being a creature
@pytest.mark.rule("506.4")
def test_an_attacker_that_stops_being_a_creature_is_removed_from_combat_and_its_blocker_deals_nothing():
    """506.4: a permanent is removed from combat if it's "an attacking or blocking creature that
    ... stops being a creature". The animated Forest's effects end after blocks: it leaves combat,
    deals no damage, and the Bears blocking it assign none (510.1d)."""
    s = Scenario("animation ends", step="combat")
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = animated_state(pass_until(s.timeline(), Step.BEGIN_COMBAT), forest)
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [forest]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {bears: forest}))
    t = pass_until(without_effects(t, forest), Step.END_COMBAT)
    assert hits(t) == [] and life(t, "Bob") == 20 and t.state.obj(bears).damage == 0
    assert [e.rule for e in events(t, "removed from combat") if e.obj == forest] == ["506.4"]
    assert [e.rule for e in events(t, "no damage") if e.obj == bears] == ["510.1d"]


@pytest.mark.rule("702.19d")
def test_a_trampler_whose_blocker_stopped_being_a_creature_assigns_all_its_damage_to_the_player():
    """506.4 removes the blocker that stopped being a creature; the trampler stays blocked
    (509.1h) and 702.19d sends all its damage to the player. A non-trampler beside it, blocked by
    the same kind of blocker, assigns none (510.1c)."""
    s = Scenario("blocker animation ends", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    forest = s.add("Forest", "Bob")
    swamp = s.add("Swamp", "Bob")
    t = pass_until(s.timeline(), Step.BEGIN_COMBAT)
    t = animated_state(t, forest)
    t = with_effects(t, swamp,
                     Effect("4", "the Swamp becomes a creature", "613.1d", add_types=frozenset({"Creature"})),
                     Effect("7b", "the Swamp is 3/3", "613.4b", set_pt=(3, 3)))
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [maw, bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {forest: maw, swamp: bears}))
    t = without_effects(without_effects(t, forest), swamp)
    t = pass_until(t, Step.END_COMBAT)
    assert hits(t) == [(maw, "Bob", 6)] and life(t, "Bob") == 14
    assert [e.rule for e in events(t, "no damage") if e.obj == bears] == ["510.1c"]


# ---------------------------------------------------------------- 800.4e: the defending player left
def _alice_attacks_bob_and_carol(bob_blocks: bool):
    s = Scenario("Bob leaves", players=THREE, step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")   # 6/6 trample
    child = s.add("Child of Night", "Alice")    # 2/1 lifelink
    bears = s.add("Grizzly Bears", "Alice")
    bobs = s.add("Grizzly Bears", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {maw: "Bob", child: "Bob", bears: "Carol"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    while t.state.combat.awaiting:
        who = t.state.combat.awaiting[0][1]
        t.do(declare_blockers(who, {bobs: maw} if who == "Bob" and bob_blocks else {}))
    t.do(concede("Bob"))
    return t, maw, child, bears


@pytest.mark.rule("800.4e")
@pytest.mark.parametrize("bob_blocked", [False, True])
def test_combat_damage_to_a_player_who_has_left_the_game_is_not_assigned(bob_blocked):
    """800.4e: "If combat damage would be assigned to a player who has left the game, that damage
    isn't assigned." Bob concedes after blocks: the unblocked lifelinker assigns nothing (so no
    life is gained), and the trampler whose blocker left with Bob (800.4a) assigns none to him
    either (702.19d would send it to the player). Carol is still dealt her damage."""
    t, maw, child, bears = _alice_attacks_bob_and_carol(bob_blocked)
    assert t.state.player("Bob").lost
    t = pass_until(t, Step.END_COMBAT)
    assert hits(t) == [(bears, "Carol", 2)]
    assert life(t, "Carol") == 18 and life(t, "Alice") == 20
    notes = [e for e in events(t) if e.rule == "800.4e"]
    assert {e.obj for e in notes} == {maw, child}


# ---------------------------------------------------------------- Two-Headed Giant combat (805.10)
@pytest.mark.rule("805.10d")
def test_in_two_headed_giant_a_menace_attacker_may_be_blocked_by_one_creature_of_each_defender():
    """805.10d: the defending team has one combined block, so a creature of Bob and one of Bea
    together satisfy menace (702.111b)."""
    s = Scenario("2HG menace", step="combat", **TWO_HEADED)
    brute = s.add("Boggart Brute", "Alice")   # 3/2 menace
    bobs = s.add("Grizzly Bears", "Bob")
    beas = s.add("Walking Corpse", "Bea")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {brute: "Bea"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    refuse(t.state, declare_blockers("Bob", {bobs: brute}), "702.111b")
    t.do(declare_blockers("Bob", {bobs: brute, beas: brute}))
    t = pass_until(t, Step.END_COMBAT, damage_division=((bobs, 2), (beas, 1)))
    assert zone(t, brute) == "graveyard" and zone(t, bobs) == "graveyard" and zone(t, beas) == "battlefield"
    assert life(t, "Bob") == life(t, "Bea") == 30


@pytest.mark.rule("702.19b")
def test_in_two_headed_giant_trample_excess_goes_to_the_player_attacked_not_the_teammate():
    """702.19b: the excess goes to "the player ... the creature is attacking" -- Bob, not his
    teammate Bea, whose creature blocked (805.10d). The team's shared life drops (810.9) and
    lifelink gains Alice's team the whole 5 (702.15b)."""
    s = Scenario("2HG trample", step="combat", **TWO_HEADED)
    lt = s.add("CR2 Lifelink Trampler", "Andy")   # 5/5 trample, lifelink
    beas = s.add("Grizzly Bears", "Bea")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {lt: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bea", {beas: lt}))
    t.do(pass_priority(t.state.priority))
    refuse(t.state, pass_priority(t.state.priority, damage_division=((beas, 2), ("Bea", 3))), "702.19b")
    t = pass_until(t, Step.END_COMBAT, damage_division=((beas, 2), ("Bob", 3)))
    assert life(t, "Bob") == life(t, "Bea") == 27
    assert life(t, "Alice") == life(t, "Andy") == 35
    assert zone(t, beas) == "graveyard"


# ---------------------------------------------------------------- 510.4: entering attacking late
@pytest.mark.rule("510.4")
def test_a_creature_put_onto_the_battlefield_attacking_after_the_first_step_deals_damage_in_the_second():
    """510.4: the second step's damage is dealt by the creatures "that had neither first strike
    nor double strike as the first combat damage step began" -- which includes one that wasn't in
    combat then. The Ambush's Soldier, made after first-strike damage, hits Bob for 1 (it was
    never blocked: blockers were declared before it came, 509.1h/508.4)."""
    s = Scenario("ambush after first strike", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    t = fight(s, [knight], upto=Step.FIRST_STRIKE_DAMAGE)
    assert life(t, "Bob") == 18
    t.do(activate("Alice", plains))
    t.do(cast("Alice", ambush))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    soldier = next(o.oid for o in t.state.battlefield("Alice") if o.card == "Soldier Token")
    t = pass_until(t, Step.END_COMBAT)
    assert life(t, "Bob") == 17
    assert [(src, amount) for src, who, amount in hits(t) if who == "Bob"] == [(knight, 2), (soldier, 1)]


# ---------------------------------------------------------------- 506.4: its controller changes
@pytest.mark.rule("506.4")
def test_a_blocker_whose_controller_changes_is_removed_from_combat_and_deals_no_damage():
    """506.4: a permanent is removed from combat "if its controller changes". (No card of the kit
    changes control; the state is edited as such an effect would leave it.) The Bears it blocked
    stay blocked (509.1h) and assign no damage (510.1c)."""
    s = Scenario("control change", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    t = to_blocks(s, [bears], {corpse: bears})
    state = t.state
    stolen = replace(state, objects=tuple(replace(o, controller="Alice") if o.oid == corpse else o
                                          for o in state.objects))
    t = pass_until(Timeline(stolen, "Alice gains control of the Corpse"), Step.END_COMBAT)
    assert hits(t) == [] and life(t, "Bob") == 20
    assert [e.rule for e in events(t, "removed from combat") if e.obj == corpse] == ["506.4"]
    assert [e.rule for e in events(t, "no damage") if e.obj == bears] == ["510.1c"]


# ---------------------------------------------------------------- 800.4a: the attacking player left
@pytest.mark.rule("800.4a")
def test_when_the_attacking_player_leaves_their_attackers_leave_and_the_blockers_deal_no_damage():
    """800.4a: Alice's creatures leave the game with her; Bob's blocker is then blocking nothing
    and assigns no damage (510.1d), and the turn goes on without her (800.4j)."""
    s = Scenario("Alice leaves", players=THREE, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    while t.state.combat.awaiting:
        who = t.state.combat.awaiting[0][1]
        t.do(declare_blockers(who, {corpse: bears} if who == "Bob" else {}))
    t.do(concede("Alice"))
    t = pass_until(t, Step.END_COMBAT)
    assert hits(t) == [] and t.state.obj(corpse).damage == 0 and zone(t, corpse) == "battlefield"
    assert [e.rule for e in events(t, "no damage") if e.obj == corpse] == ["510.1d"]


@pytest.mark.rule("800.4")
def test_a_player_who_has_left_the_game_cannot_be_attacked():
    """800.4, 508.1b: only an opponent still in the game is a defending player; one who has
    conceded has left the game, and the refusal says so, naming who may be attacked."""
    s = Scenario("attack a player who left", players=THREE, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    t.do(concede("Bob"))
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    why = refuse(t.state, declare_attackers("Alice", {bears: "Bob"}), "800.4")
    assert "Bob has left the game" in why.reason and "Carol" in why.reason
