"""Keywords are a closed, typed set, and each one the kit accepts is played by its rule.

One plain test per keyword (no ruling IDs: these are rules, not seed rulings), each naming the
rule it checks, plus the regression test for Tattermunge Maniac's requirement (508.1d).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import kinds, pass_until, refuse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules import (
    MissingChoice,
    Scenario,
    Step,
    Timeline,
    activate,
    cast,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)
from mtgrules.cards import CardDef, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.rules.layers import all_characteristics, characteristics

C = frozenset({"Creature"})


# ---------------------------------------------------------------- a closed set
def test_an_unknown_keyword_is_refused_when_the_card_is_defined_and_the_known_ones_are_listed():
    with pytest.raises(ValueError) as info:
        CardDef("Teacher's Knight", "{1}{W}", C, power=2, toughness=2, keywords=frozenset({"double strke"}))
    message = str(info.value)
    assert "'double strke'" in message and "Teacher's Knight" in message
    for k in Keyword:
        assert repr(k.value) in message


def test_a_keyword_given_as_a_bare_string_is_refused_not_split_into_letters():
    with pytest.raises(TypeError):
        CardDef("Flier", "{1}{U}", C, power=1, toughness=1, keywords="flying")


def test_keywords_written_as_text_become_typed_members():
    knight = CardDef("Practice Knight", "{1}{W}", C, power=2, toughness=2, keywords=frozenset({"first strike"}))
    assert knight.keywords == {Keyword.FIRST_STRIKE}
    assert all(isinstance(k, Keyword) for k in knight.keywords)


def test_an_effect_granting_an_unknown_keyword_is_refused():
    with pytest.raises(ValueError, match="unknown keyword 'banding'"):
        Effect("6", "gains banding", "613.1f", add_keywords=frozenset({"banding"}))


def test_restrictions_and_requirements_are_keywords_of_the_same_kind():
    for text in ("can't block", "can't attack", "attacks each combat if able", "blocks each combat if able",
                 "must be blocked if able", "menace", "flying", "reach", "haste", "undeathtouch"):
        assert Keyword(text).rule


# ---------------------------------------------------------------- Tattermunge Maniac (508.1d)
def test_tattermunge_maniac_must_attack_when_able_508_1d():
    """Regression (repro 04): the Maniac's "attacks each combat if able" was text only, so an empty
    declaration was accepted and proposed."""
    s = Scenario("Maniac", step="combat")
    maniac = s.add("Tattermunge Maniac", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert Keyword.ATTACKS_EACH_COMBAT in characteristics(t.state, maniac).keywords
    refuse(t.state, declare_attackers("Alice"), "508.1d")
    offered = legal_actions(t.state)
    assert offered and all(dict(a.attacks).get(maniac) == "Bob" for a in offered)
    t.do(declare_attackers("Alice", [maniac]))
    assert kinds(t.frames[-1].events, "attacks")


def test_tattermunge_maniac_that_cant_attack_is_no_requirement_508_1d():
    """A requirement counts only where it can be obeyed: a tapped Maniac stays home legally."""
    s = Scenario("Maniac tapped", step="combat")
    s.add("Tattermunge Maniac", "Alice", tapped=True)
    s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice"))
    assert t.state.combat.attacks == ()


# ---------------------------------------------------------------- helpers
def fight(s: Scenario, attacks, blocks=None, *, upto: Step = Step.END_COMBAT, **choices):
    """Play ``s`` from the beginning of combat: Alice attacks, Bob blocks, passes until ``upto``;
    ``choices`` are scripted on every pass (``damage_division=...``)."""
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attacks))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    if t.state.combat.awaiting:
        t.do(declare_blockers("Bob", blocks or {}))
    return pass_until(t, upto, **choices)


def steps_begun(t) -> list[str]:
    return [e.after for f in t for e in f.events if e.kind == "step begins"]


def rules_of(t, kind: str) -> list[str]:
    return [e.rule for f in t for e in f.events if e.kind == kind]


def zone(t, oid):
    return t.state.obj(oid).zone.value


# ---------------------------------------------------------------- first strike and double strike
@pytest.mark.rule("702.7b")
def test_first_strike_deals_damage_in_its_own_step_first_510_4():
    s = Scenario("first strike", step="combat")
    knight = s.add("Knight of Meadowgrain", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [knight], {bears: knight})
    assert Step.FIRST_STRIKE_DAMAGE.value in steps_begun(t)
    assert zone(t, bears) == "graveyard"
    assert t.state.obj(knight).damage == 0  # the Bears died before the regular step: no damage back
    assert "510.4" in rules_of(t, "first strike")  # the Bears waited for the second step, and died first


def test_without_first_strike_there_is_one_combat_damage_step_and_nothing_said_about_another():
    s = Scenario("no first strike", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = fight(s, [bears])
    assert Step.FIRST_STRIKE_DAMAGE.value not in steps_begun(t)
    assert not [e for f in t for e in f.events if "first-strike" in e.text]


@pytest.mark.rule("702.4b")
def test_double_strike_deals_damage_in_both_steps():
    s = Scenario("double strike", step="combat")
    ace = s.add("Fencing Ace", "Alice")
    t = fight(s, [ace])
    assert t.state.player("Bob").life == 18
    assert len([e for f in t for e in f.events if e.kind == "combat damage"]) == 2


@pytest.mark.rule("510.1c")
def test_a_double_striker_whose_blocker_died_in_the_first_step_deals_no_second_damage():
    s = Scenario("double strike, blocker dead", step="combat")
    ace = s.add("Fencing Ace", "Alice")
    goblin = s.add("Raging Goblin", "Bob")
    t = fight(s, [ace], {goblin: ace})
    assert zone(t, goblin) == "graveyard"
    assert t.state.player("Bob").life == 20  # blocked, no blocker left, no trample (510.1c)
    assert zone(t, ace) == "battlefield"


@pytest.mark.rule("702.7c")
def test_first_strike_given_after_the_first_step_still_lets_it_deal_damage_in_the_second():
    s = Scenario("first strike given late", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    strike = s.add("Practice Lunge", "Alice", zone="hand")
    mountains = [s.add("Mountain", "Alice") for _ in range(2)]
    knight = s.add("Knight of Meadowgrain", "Bob")
    t = fight(s, [wurm], {knight: wurm}, upto=Step.FIRST_STRIKE_DAMAGE)
    assert t.state.obj(wurm).damage == 2 and t.state.player("Bob").life == 22  # first strike, lifelink
    for m in mountains:
        t.do(activate("Alice", m))
    t.do(cast("Alice", strike, targets=(wurm,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))  # Practice Lunge resolves: 9/4 first strike
    assert Keyword.FIRST_STRIKE in characteristics(t.state, wurm).keywords
    t = pass_until(t, Step.END_COMBAT)
    assert zone(t, knight) == "graveyard"  # the Wurm had no first strike as the first step began
    assert t.state.obj(wurm).damage == 2   # the Knight had first strike then: no second damage


def test_first_strike_given_before_damage_moves_the_damage_to_the_first_step():
    s = Scenario("first strike given early", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    strike = s.add("Practice Lunge", "Alice", zone="hand")
    mountains = [s.add("Mountain", "Alice") for _ in range(2)]
    knight = s.add("Knight of Meadowgrain", "Bob")
    t = fight(s, [wurm], {knight: wurm}, upto=Step.DECLARE_BLOCKERS)
    for m in mountains:
        t.do(activate("Alice", m))
    t.do(cast("Alice", strike, targets=(wurm,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    t = pass_until(t, Step.COMBAT_DAMAGE)
    assert zone(t, knight) == "graveyard" and t.state.obj(wurm).damage == 2  # both struck first, at once


# ---------------------------------------------------------------- trample
@pytest.mark.rule("702.19b")
def test_trample_assigns_lethal_to_the_blocker_and_the_rest_to_the_player():
    s = Scenario("trample", step="combat")
    maw = s.add("Colossal Dreadmaw", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = fight(s, [maw], {bears: maw}, upto=Step.DECLARE_BLOCKERS)
    with pytest.raises(MissingChoice) as info:  # no default split: the choice is Alice's, under 702.19b
        pass_until(t.branch(len(t) - 1), Step.END_COMBAT)
    assert info.value.rule == "702.19b"
    too_little = ((bears, 1), ("Bob", 5))
    assert too_little not in info.value.options
    t.do(pass_priority(t.state.priority))  # the first pass; the second ends the step and damage is assigned
    refuse(t.state, pass_priority(t.state.priority, damage_division=((bears, 1), ("Bob", 5))), "702.19b")
    t = pass_until(t, Step.END_COMBAT, damage_division=(("Bob", 4), (bears, 2)))  # any order of the pairs
    assert t.state.player("Bob").life == 16 and zone(t, bears) == "graveyard"


def test_trample_splits_are_counted_and_checked_without_being_listed():
    """702.19b's splits, listed lazily: the same set as brute force on small boards, and a 30-power
    trampler with six blockers is counted and checked without building its 425,579 splits."""
    from itertools import product

    from mtgrules.rules.combat.damage import TrampleDivisions
    for power, lethal in ((3, [(1, 1), (2, 1)]), (6, [(1, 2)]), (5, [(1, 2), (2, 2)]), (1, [(1, 2)])):
        splits = TrampleDivisions(power, lethal, "Bob")
        brute = [a for a in product(range(power + 1), repeat=len(lethal) + 1) if sum(a) == power
                 and not (a[-1] and any(n < need for n, (_, need) in zip(a, lethal, strict=False)))]
        assert len(splits) == len(brute) == len(set(splits))
        assert sorted(tuple(n for _, n in v) for v in splits) == sorted(brute)
    big = TrampleDivisions(30, [(i, 2) for i in range(6)], "Bob")
    assert len(big) == 425_579
    assert ((0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), ("Bob", 18)) in big
    assert ((0, 1), (1, 3), (2, 2), (3, 2), (4, 2), (5, 2), ("Bob", 18)) not in big


@pytest.mark.rule("702.2c")
def test_trample_with_deathtouch_needs_only_1_damage_per_blocker():
    s = Scenario("trample and deathtouch", step="combat")
    basilisk = s.add("Practice Basilisk", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = fight(s, [basilisk], {bears: basilisk, corpse: basilisk},
              damage_division=((bears, 1), (corpse, 1), ("Bob", 1)))
    assert zone(t, bears) == zone(t, corpse) == "graveyard"
    assert {e.obj for f in t for e in f.events if e.rule == "704.5h" and e.attribute == "zone"} == {bears, corpse}
    assert t.state.player("Bob").life == 19


@pytest.mark.rule("702.19d")
def test_a_double_striker_with_trample_whose_blocker_died_hits_the_player_with_all_of_it():
    s = Scenario("Zetalpa", step="combat")
    zetalpa = s.add("Zetalpa, Primal Dawn", "Alice")  # 4/8 flying, double strike, trample
    spider = s.add("Giant Spider", "Bob")  # 2/4 reach
    t = fight(s, [zetalpa], {spider: zetalpa}, damage_division=((spider, 4), ("Bob", 0)))
    assert zone(t, spider) == "graveyard"
    assert t.state.player("Bob").life == 16  # the second strike: no blocker left, all 4 to Bob


# ---------------------------------------------------------------- deathtouch
@pytest.mark.rule("702.2b")
def test_deathtouch_destroys_a_creature_it_damages():
    s = Scenario("deathtouch", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    rats = s.add("Typhoid Rats", "Bob")
    t = fight(s, [wurm], {rats: wurm})
    assert zone(t, wurm) == zone(t, rats) == "graveyard"
    assert {e.obj for f in t for e in f.events if e.rule == "704.5h" and e.attribute == "zone"} == {wurm}


# ---------------------------------------------------------------- lifelink
@pytest.mark.rule("702.15b")
def test_lifelink_gains_its_controller_the_damage_dealt():
    s = Scenario("lifelink", step="combat")
    child = s.add("Child of Night", "Alice")
    t = fight(s, [child])
    assert t.state.player("Alice").life == 22 and t.state.player("Bob").life == 18


@pytest.mark.rule("810.9")
def test_lifelink_in_two_headed_giant_the_team_gains():
    s = Scenario("2HG lifelink", players=["Alice", "Ann", "Bob", "Bea"], game_format="two-headed giant",
                 teams={"Alice": "A", "Ann": "A", "Bob": "B", "Bea": "B"}, step="combat")
    child = s.add("Child of Night", "Ann")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {child: "Bob"}))
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Alice").life == t.state.player("Ann").life == 32
    assert t.state.player("Bob").life == t.state.player("Bea").life == 28


# ---------------------------------------------------------------- vigilance and defender
@pytest.mark.rule("702.20b")
def test_vigilance_attacks_without_tapping():
    s = Scenario("vigilance", step="combat")
    angel = s.add("Serra Angel", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = fight(s, [angel, bears], upto=Step.DECLARE_BLOCKERS)
    assert not t.state.obj(angel).tapped and t.state.obj(bears).tapped


@pytest.mark.rule("702.3b")
def test_defender_cant_attack_but_blocks():
    s = Scenario("defender", step="combat")
    wall = s.add("Wall of Wood", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    refuse(t.state, declare_attackers("Alice", [wall]), "702.3b")
    s2 = Scenario("defender blocks", step="combat")
    bears = s2.add("Grizzly Bears", "Alice")
    wall = s2.add("Wall of Wood", "Bob")
    t = fight(s2, [bears], {wall: bears})
    assert zone(t, wall) == "battlefield" and t.state.obj(wall).damage == 2


# ---------------------------------------------------------------- indestructible
@pytest.mark.rule("702.12b")
def test_indestructible_ignores_lethal_damage_deathtouch_and_destroy():
    s = Scenario("indestructible", step="combat")
    rats = s.add("Typhoid Rats", "Alice")
    myr = s.add("Darksteel Myr", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    swamps = [s.add("Swamp", "Alice") for _ in range(3)]
    t = fight(s, [rats], {myr: rats})
    assert zone(t, myr) == "battlefield" and t.state.obj(myr).damage == 1  # lethal and deathtouch
    assert "702.12b" in rules_of(t, "indestructible")
    assert not t.state.obj(myr).deathtouched
    t = pass_until(t, Step.MAIN2)
    for sw in swamps:
        t.do(activate("Alice", sw))
    t.do(cast("Alice", murder, targets=(myr,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert zone(t, myr) == "battlefield"


# ---------------------------------------------------------------- hexproof and flash
@pytest.mark.rule("702.11b")
def test_hexproof_refuses_an_opponents_target_but_not_its_controllers():
    s = Scenario("hexproof", step="main1")
    scout = s.add("Gladecover Scout", "Bob")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    mine = s.add("Giant Growth", "Bob", zone="hand")
    s.mana("Alice", "G").mana("Bob", "G")
    t = s.timeline()
    refuse(t.state, cast("Alice", growth, targets=(scout,)), "702.11b")
    t.do(pass_priority("Alice"))
    t.do(cast("Bob", mine, targets=(scout,)))
    assert t.state.stack


@pytest.mark.rule("702.8a")
def test_flash_is_cast_any_time_an_instant_could_be():
    s = Scenario("flash", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    viper = s.add("Ambush Viper", "Bob", zone="hand")
    other = s.add("Grizzly Bears", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t.do(pass_priority("Alice"))
    for f in forests:
        t.do(activate("Bob", f))
    refuse(t.state, cast("Bob", other), "117.1a")
    t.do(cast("Bob", viper))
    assert t.state.stack


@pytest.mark.rule("702.2d")
def test_deathtouch_works_from_a_graveyard_combatant():
    """Over My Dead Bodies lets creature cards in graveyards attack and block; a deathtouch card's
    damage counts wherever it is dealt from (702.2d). Undeathtouch (the card's own replacement)
    would exile the blocker first, so here an effect takes undeathtouch away from the Rats."""
    s = Scenario("deathtouch from a graveyard", step="combat")
    s.add("Over My Dead Bodies", "Alice")
    rats = s.add("Typhoid Rats", "Alice", zone="graveyard")
    wurm = s.add("Craw Wurm", "Bob", zone="graveyard")
    plain = Effect("6", "the Rats lose undeathtouch", "613.1f", timestamp=10_000,
                   applies=lambda st, o, c: o.oid == rats, remove_keywords=frozenset({Keyword.UNDEATHTOUCH}))
    t = Timeline(replace(s.state(), effects=(plain,)), "702.2d")
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [rats]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {wurm: rats}))
    t = pass_until(t, Step.END_COMBAT)
    assert [e.rule for f in t for e in f.events if e.kind == "deathtouch" and e.obj == wurm][:1] == ["702.2b"]
    assert any(e.rule == "704.5h" and e.obj == wurm for f in t for e in f.events)  # removed from combat by it
    assert zone(t, wurm) == "graveyard"   # it stays in its owner's graveyard (OMDB-1's reading)
    assert zone(t, rats) == "exile"       # the Wurm still has undeathtouch


# ---------------------------------------------------------------- random combats with keywords
KEYWORD_CREATURES = ["Grizzly Bears", "Knight of Meadowgrain", "Fencing Ace", "Colossal Dreadmaw", "Typhoid Rats",
                     "Vampire Nighthawk", "Child of Night", "Serra Angel", "Wall of Wood", "Darksteel Myr",
                     "Gladecover Scout", "Zetalpa, Primal Dawn", "Practice Basilisk", "Giant Spider", "Boggart Brute"]

keyword_boards = st.fixed_dictionaries({
    "alice": st.lists(st.sampled_from(KEYWORD_CREATURES), min_size=1, max_size=3),
    "bob": st.lists(st.sampled_from(KEYWORD_CREATURES), max_size=3),
})


def _keyword_invariants(before, frame) -> None:
    """What every combat with keywords keeps, checked on one step of the timeline."""
    events = frame.events
    chars = all_characteristics(before)
    for e in events:
        if e.attribute == "zone" and e.before == Zone.BATTLEFIELD and e.rule in ("704.5g", "704.5h", "701.8"):
            assert Keyword.INDESTRUCTIBLE not in chars[e.obj].keywords, f"{e.name} has indestructible: {e.text}"
    dealt: dict[int, int] = {}
    for e in events:
        if e.kind == "combat damage" and e.attribute == "damage":
            dealt[e.obj] = dealt.get(e.obj, 0) + e.after
    for source, total in dealt.items():  # damage dealt equals damage assigned: all of its power
        assert total == chars[source].power, f"{chars[source].name} dealt {total}, power {chars[source].power}"
    marked = sum(e.after - e.before for e in events if e.kind == "damage" and e.rule == "120.3e")
    lost = sum(e.before - e.after for e in events if e.kind == "life" and e.rule == "120.3a")
    assert sum(dealt.values()) == marked + lost, "every point of combat damage is marked or lost as life"
    gained: dict[str, int] = {}
    for e in events:
        if e.kind == "life" and e.rule == "702.15b":
            gained[e.obj] = gained.get(e.obj, 0) + (e.after - e.before)
    lifelinked: dict[str, int] = {}
    for source, total in dealt.items():
        if Keyword.LIFELINK in chars[source].keywords:
            who = before.obj(source).controller
            lifelinked[who] = lifelinked.get(who, 0) + total
    assert gained == lifelinked, (gained, lifelinked)


def _random_keyword_combat(board, picks) -> None:
    s = Scenario("random keyword combat", step="combat")
    for name in board["alice"]:
        s.add(name, "Alice")
    for name in board["bob"]:
        s.add(name, "Bob")
    t = s.timeline()
    for pick in picks:
        if t.state.step is Step.MAIN2:
            break
        actions = legal_actions(t.state)
        assert actions
        before = t.state
        t.do(actions[pick % len(actions)])
        _keyword_invariants(before, t[-1])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=keyword_boards, picks=st.lists(st.integers(0, 10_000), min_size=30, max_size=30))
def test_random_combats_with_keywords_keep_the_invariants(board, picks):
    _random_keyword_combat(board, picks)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=keyword_boards, picks=st.lists(st.integers(0, 10_000), min_size=30, max_size=30))
def test_random_combats_with_keywords_keep_the_invariants_many(board, picks):
    _random_keyword_combat(board, picks)


@pytest.mark.rule("702.11b")
def test_hexproof_keeps_an_opponents_creature_out_of_trigger_targets_and_legal_actions():
    s = Scenario("hexproof and a trigger", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    scout = s.add("Gladecover Scout", "Bob")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline()
    offered = [a for a in legal_actions(t.state) if getattr(a, "card", None) == growth]
    assert offered and all(scout not in a.targets for a in offered)
    t.do(pass_priority("Alice"))
    refuse(t.state, pass_priority("Bob", target=scout), "702.11b")  # hexproof, as for a spell (603.3d targets as 601.2c)
    t.do(pass_priority("Bob", target=bears))
    assert t.state.stack[-1].targets[0].oid == bears


def _between_the_steps(attacker: str, blocker: str, change: Effect) -> Timeline:
    """Play ``attacker`` blocked by ``blocker`` to the first-strike step, then add ``change`` (an
    effect as a resolved spell would leave it) and play on to the end of combat."""
    s = Scenario("between the damage steps", step="combat")
    att = s.add(attacker, "Alice")
    blk = s.add(blocker, "Bob")
    t = fight(s, [att], {blk: att}, upto=Step.FIRST_STRIKE_DAMAGE)
    state = t.state
    eff = replace(change, affected=(state.obj(att).ref,), timestamp=state.timestamp)
    t = Timeline(replace(state, effects=state.effects + (eff,)), "after the change")
    return pass_until(t, Step.END_COMBAT)


@pytest.mark.rule("702.4d")
def test_double_strike_given_to_a_first_striker_after_the_first_step_deals_damage_again():
    gains = Effect("6", "gains double strike", "613.1f", add_keywords=frozenset({Keyword.DOUBLE_STRIKE}))
    t = _between_the_steps("Knight of Meadowgrain", "Darksteel Myr", gains)  # the Myr survives both hits
    myr = next(o for o in t.state.objects if o.card == "Darksteel Myr")
    assert myr.damage == 4 and t.state.player("Alice").life == 24


@pytest.mark.rule("702.4c")
def test_double_strike_lost_after_the_first_step_deals_no_second_damage():
    loses = Effect("6", "loses double strike", "613.1f", remove_keywords=frozenset({Keyword.DOUBLE_STRIKE}))
    t = _between_the_steps("Fencing Ace", "Darksteel Myr", loses)
    myr = next(o for o in t.state.objects if o.card == "Darksteel Myr")
    assert myr.damage == 1


@pytest.mark.rule("208.3a")
def test_a_land_animated_into_a_creature_gets_the_power_and_toughness_set_for_it():
    """Layer 4 makes the Forest a creature, so the layer 7b effect that sets it to 3/3 applies
    (613.4b); a +1/+1 on a land that stays a land does nothing, however it was made (208.3a)."""
    from mtgrules.rules.layers import characteristics
    s = Scenario("an animated land")
    forest = s.add("Forest", "Alice")
    swamp = s.add("Swamp", "Alice")
    state = s.state()
    ref, other = state.obj(forest).ref, state.obj(swamp).ref
    effects = (Effect("4", "the Forest becomes a creature", "613.1d", affected=(ref,),
                      add_types=frozenset({"Creature"})),
               Effect("7b", "the Forest is 3/3", "613.4b", affected=(ref,), set_pt=(3, 3)),
               Effect("7c", "the Forest gets +1/+1", "613.4c", affected=(ref,), delta=(1, 1)),
               Effect("7c", "the Swamp gets +1/+1", "613.4c", affected=(other,), delta=(1, 1)))
    animated = replace(state, effects=effects)
    assert characteristics(animated, forest).pt() == "4/4" and characteristics(animated, forest).is_creature
    assert characteristics(animated, swamp).pt() == ""
