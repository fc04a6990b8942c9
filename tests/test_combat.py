"""Combat (506-511): declaring attackers and blockers, restrictions and requirements (509.1c),
combat damage, removal from combat, and random legal combats."""

from __future__ import annotations

import time
from dataclasses import replace
from itertools import product

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
    apply,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
    legal_blocks,
    pass_priority,
    why_cant_attack,
    why_cant_block,
)
from mtgrules.catalog.rules_index import RULES
from mtgrules.core.objects import Zone
from mtgrules.rules.combat.state import MustBeBlocked, attack_of, attacks, blockers_of, is_attacking


def at_attackers(s: Scenario):
    """Play from the scenario's step to the declare attackers step, where the game waits."""
    return pass_until(s.timeline(), Step.DECLARE_ATTACKERS)


def at_blockers(s: Scenario, attacks):
    t = at_attackers(s)
    t.do(declare_attackers("Alice", attacks))
    return pass_until(t, Step.DECLARE_BLOCKERS)


# ---------------------------------------------------------------- the CR's own 509.1c example
def cr_example():
    """Bob controls one creature that "blocks if able" (Culling Mark's effect) and one with no
    abilities; a creature with menace attacks him."""
    s = Scenario("509.1c example", step="main1")
    brute = s.add("Boggart Brute", "Alice")
    mark = s.add("Culling Mark", "Alice", zone="hand")
    for _ in range(3):
        s.add("Forest", "Alice")
    eager = s.add("Grizzly Bears", "Bob")
    plain = s.add("Walking Corpse", "Bob")
    t = s.timeline()
    for forest in [o.oid for o in t.state.battlefield("Alice") if o.card == "Forest"]:
        t.do(activate("Alice", forest))
    t.do(cast("Alice", mark, targets=(eager,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))  # Culling Mark resolves
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [brute]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    return t, brute, eager, plain


def test_cr_509_1c_example_has_exactly_one_legal_declaration():
    t, brute, eager, plain = cr_example()
    options = legal_blocks(t.state)
    assert "blocks each combat if able" in characteristics(t.state, eager).keywords
    assert [r.kind for r in options.requirements] == ["blocks"]
    assert options.max_obeyed == 1
    assert list(options.declarations()) == [{eager: brute, plain: brute}]
    assert options.count() == 1
    legal = [blocks for blocks, verdict in options.candidates() if verdict.legal]
    assert legal == [{eager: brute, plain: brute}]


def test_cr_509_1c_example_explains_each_illegal_choice():
    t, brute, eager, plain = cr_example()
    options = legal_blocks(t.state)
    only_first = options.check({eager: brute})
    only_second = options.check({plain: brute})
    neither = options.check({})
    assert (only_first.legal, only_first.rule) == (False, "702.111b")
    assert (only_second.legal, only_second.rule) == (False, "702.111b")
    assert only_second.obeyed == 0 and only_first.obeyed == 1
    assert (neither.legal, neither.rule, neither.obeyed, neither.possible) == (False, "509.1c", 0, 1)
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    refuse(t.state, declare_blockers("Bob", {eager: brute}), "702.111b")
    t.do(declare_blockers("Bob", {eager: brute, plain: brute}))
    assert [b.oid for b in blockers_of(t.state, brute)] == [eager, plain]


# ---------------------------------------------------------------- refusals, state unchanged
def test_summoning_sick_creature_cannot_attack():
    s = Scenario("sick", step="combat")
    bears = s.add("Grizzly Bears", "Alice", sick=True)
    goblin = s.add("Raging Goblin", "Alice", sick=True)  # haste
    t = at_attackers(s)
    err = refuse(t.state, declare_attackers("Alice", [bears]), "302.6")
    assert "haste" in err.reason
    assert why_cant_attack(t.state, bears).rule == "302.6"
    assert why_cant_attack(t.state, goblin) is None
    t.do(declare_attackers("Alice", [goblin]))
    assert is_attacking(t.state, goblin)


def test_tapped_creature_cannot_block():
    s = Scenario("tapped blocker", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    tapped = s.add("Walking Corpse", "Bob", tapped=True)
    s.add("Giant Spider", "Bob")
    t = at_blockers(s, [bears])
    err = refuse(t.state, declare_blockers("Bob", {tapped: bears}), "509.1a")
    assert "tapped" in err.reason
    assert why_cant_block(t.state, tapped) == ("509.1a", err.reason)


def test_non_flyer_cannot_block_a_flyer_but_reach_can():
    s = Scenario("flying", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    spider = s.add("Giant Spider", "Bob")
    t = at_blockers(s, [wings])
    err = refuse(t.state, declare_blockers("Bob", {bears: wings}), "702.9b")
    assert "flying" in err.reason and "reach" in err.reason
    assert why_cant_block(t.state, bears, wings).rule == "702.9b"
    assert why_cant_block(t.state, bears).rule == "702.9b"  # it can block nothing that attacks
    assert why_cant_block(t.state, spider, wings) is None
    t.do(declare_blockers("Bob", {spider: wings}))
    assert attack_of(t.state, wings).blocked is True


def test_one_creature_cannot_block_a_menace_attacker():
    s = Scenario("menace", step="combat")
    brute = s.add("Boggart Brute", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = at_blockers(s, [brute])
    err = refuse(t.state, declare_blockers("Bob", {bears: brute}), "702.111b")
    assert "two or more" in err.reason
    assert why_cant_block(t.state, bears, brute) is None  # alone it is the declaration that fails
    t.do(declare_blockers("Bob", {bears: brute, corpse: brute}))


def test_a_declaration_obeying_fewer_requirements_than_possible_is_refused():
    t, brute, eager, plain = cr_example()
    err = refuse(t.state, declare_blockers("Bob"), "509.1c")
    assert "obeys 0" in err.reason and "1 can be obeyed" in err.reason


def test_cant_block_is_a_restriction():
    s = Scenario("can't block", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    piker = s.add("Goblin Piker", "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.COMBAT_DAMAGE)  # Bob has nothing that can block: no declaration awaited
    assert kinds([e for f in t for e in f.events], "no blockers")
    assert why_cant_block(replace(t.state, step=Step.DECLARE_BLOCKERS), piker).rule == "509.1b"


def test_other_refusals_name_their_rules():
    s = Scenario("refusals", players=["Alice", "Bob", "Carol"], step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    wurm = s.add("Craw Wurm", "Alice")
    bob_bears = s.add("Grizzly Bears", "Bob")
    carol_corpse = s.add("Walking Corpse", "Carol")
    t = at_attackers(s)
    refuse(t.state, pass_priority("Alice"), "508.1")
    refuse(t.state, declare_attackers("Bob", [bob_bears]), "508.1a")
    refuse(t.state, declare_attackers("Alice", {bob_bears: "Carol"}), "508.1a")
    refuse(t.state, declare_attackers("Alice", [bears]), "508.1b")  # two opponents: say which
    refuse(t.state, declare_attackers("Alice", {bears: "Alice"}), "508.1b")
    t.do(declare_attackers("Alice", {bears: "Bob", wurm: "Carol"}))
    refuse(t.state, declare_attackers("Alice", {}), "508.1")
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert t.state.combat.awaiting == (("blockers", "Bob"), ("blockers", "Carol"))
    refuse(t.state, declare_blockers("Carol", {carol_corpse: wurm}), "802.4")  # APNAP order
    refuse(t.state, declare_blockers("Bob", {bob_bears: wurm}), "509.1a")  # the Wurm attacks Carol
    refuse(t.state, declare_blockers("Alice", {bears: wurm}), "509.1a")
    t.do(declare_blockers("Bob", {bob_bears: bears}))
    refuse(t.state, declare_blockers("Bob"), "509.1")
    t.do(declare_blockers("Carol"))
    assert t.state.priority == "Alice" and t.state.combat.awaiting == ()


# ---------------------------------------------------------------- declaring and dealing damage
def test_attacking_taps_triggers_and_no_attack_skips_steps():
    s = Scenario("attack", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attackers(s)
    _, events = apply(t.state, declare_attackers("Alice", [bears]))
    assert [e.rule for e in events if e.attribute == "tapped"] == ["508.1f"]
    assert [(e.obj, e.rule) for e in kinds(events, "attacks")] == [(bears, "508.1m")]
    t.do(declare_attackers("Alice"))  # attack with nothing instead
    assert not t.state.obj(bears).tapped
    t = pass_until(t, Step.END_COMBAT)
    skipped = [e for f in t for e in f.events if e.kind == "step skipped"]
    assert [e.rule for e in skipped] == ["508.8", "508.8"]


def test_no_possible_attacker_means_no_wait():
    s = Scenario("nothing to attack with", step="combat")
    s.add("Grizzly Bears", "Alice", tapped=True)
    t = pass_until(s.timeline(), Step.END_COMBAT)
    assert t.state.step is Step.END_COMBAT


def test_unblocked_damage_blocked_division_and_state_based_actions():
    s = Scenario("damage", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    spider = s.add("Giant Spider", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    t = at_blockers(s, [wurm, bears])
    t.do(declare_blockers("Bob", {spider: wurm, corpse: wurm}))
    t.do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "damage division" and need.value.rule == "510.1c"
    assert len(need.value.options) == 7  # 6 damage split between two blockers: 6-0 ... 0-6
    t.do(pass_priority("Bob", damage_division=((spider, 4), (corpse, 2))))
    state = t.state
    assert state.player("Bob").life == 18  # the unblocked Bears (510.1b)
    assert state.obj(spider).zone is Zone.GRAVEYARD and state.obj(corpse).zone is Zone.GRAVEYARD  # 704.5g
    to_wurm = [e.after for e in kinds(t[-1].events, "combat damage") if e.before == "Craw Wurm"]
    assert to_wurm == [2, 2]  # each blocker deals its power to the Wurm (510.1d), all at once (510.2)
    assert state.obj(wurm).zone is Zone.GRAVEYARD  # 4 damage on a 6/4
    assert [a.attacker.oid for a in attacks(state)] == [bears]  # the dead Wurm left combat (506.4)
    rules = {e.rule for e in t[-1].events}
    assert {"510.1c", "510.2", "120.3e", "120.3a", "704.5g", "506.4"} <= rules


def test_planeswalker_is_attacked_damaged_and_dies():
    s = Scenario("planeswalker", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wurm: jace}))
    assert attack_of(t.state, wurm).target == t.state.obj(jace).ref
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 20
    assert t.state.obj(jace).zone is Zone.GRAVEYARD
    assert {"120.3c", "704.5i"} <= {e.rule for f in t for e in f.events}


def test_an_attacker_whose_planeswalker_left_attacks_nothing_but_can_be_blocked():
    s = Scenario("506.4c", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    bears = s.add("Grizzly Bears", "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {wurm: jace}))
    gone = tuple(replace(o, zone=Zone.GRAVEYARD, zone_player="Bob", zcc=o.zcc + 1) if o.oid == jace else o
                 for o in t.state.objects)  # Jace leaves the battlefield (no card in the kit does it)
    t = pass_until(Timeline(replace(t.state, objects=gone), "Jace is gone"), Step.DECLARE_BLOCKERS)
    assert is_attacking(t.state, wurm) and legal_blocks(t.state).options[bears] == (wurm,)
    t.do(declare_blockers("Bob"))
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 20  # unblocked, but attacking nothing: no damage (510.1b)


def test_two_headed_giant_teams_attack_and_block_as_one():
    s = Scenario("2HG combat", players=["Alice", "Ann", "Bob", "Bea"], game_format="two-headed giant",
                 teams={"Alice": "A", "Ann": "A", "Bob": "B", "Bea": "B"}, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    wings = s.add("Wings of the Guard", "Ann")
    spider = s.add("Giant Spider", "Bea")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", {bears: "Bob", wings: "Bea"}))  # one combined attack (805.10b)
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    assert t.state.combat.awaiting == (("blockers", "Bob"),)
    assert t.state.combat.attacked_by("Ann") == ("Bea",)
    t.do(declare_blockers("Bea", {spider: bears}))  # Bea's creature blocks an attacker of Bob's (805.10d)
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == t.state.player("Bea").life == 28  # Wings 2/2 after melee; shared life


def test_removed_from_combat_when_it_leaves_the_battlefield():
    s = Scenario("removed", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    for _ in range(3):
        s.add("Swamp", "Bob")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", [bears]))
    t.do(pass_priority("Alice"))
    for sw in [o.oid for o in t.state.battlefield("Bob") if o.card == "Swamp"]:
        t.do(activate("Bob", sw))
    t.do(cast("Bob", murder, targets=(bears,)))
    t.do(pass_priority("Bob")).do(pass_priority("Alice"))
    assert not attacks(t.state)
    assert [e.rule for e in kinds(t[-1].events, "removed from combat")] == ["506.4"]
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 20


def test_an_attacker_stays_blocked_when_its_blocker_leaves():
    s = Scenario("stays blocked", step="combat")
    wurm = s.add("Craw Wurm", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    for _ in range(3):
        s.add("Swamp", "Alice")
    t = at_blockers(s, [wurm])
    t.do(declare_blockers("Bob", {bears: wurm}))
    for sw in [o.oid for o in t.state.battlefield("Alice") if o.card == "Swamp"]:
        t.do(activate("Alice", sw))
    t.do(cast("Alice", murder, targets=(bears,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert attack_of(t.state, wurm).blocked is True and not blockers_of(t.state, wurm)
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 20  # a blocked creature with no blockers deals no damage
    assert "510.1c" in {e.rule for f in t for e in f.events if e.kind == "no damage"}


def test_combat_ends_when_the_end_of_combat_step_ends():
    s = Scenario("end", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = at_attackers(s)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.combat is not None and is_attacking(t.state, bears)
    t = pass_until(t, Step.MAIN2)
    assert t.state.combat is None
    assert [e.rule for e in kinds(t[-1].events, "combat ends")] == ["511.3"]


def test_legal_actions_propose_the_declarations_while_the_game_waits():
    s = Scenario("proposals", step="combat")
    s.add("Grizzly Bears", "Alice")
    s.add("Boggart Brute", "Alice")
    s.add("Walking Corpse", "Bob")
    s.add("Giant Spider", "Bob")
    t = at_attackers(s)
    attacks_ = legal_actions(t.state)
    assert len(attacks_) == 4 and all(apply(t.state, a) for a in attacks_)
    t.do(attacks_[-1])
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    blocks_ = legal_actions(t.state)
    assert len(blocks_) == legal_blocks(t.state).count()
    for a in blocks_:
        apply(t.state, a)


def test_every_rule_the_combat_engine_cites_is_indexed():
    t, *_ = cr_example()
    for frame in t:
        for e in frame.events:
            assert e.rule in RULES, (e.rule, e.text)


# ---------------------------------------------------------------- legal_blocks is smart and fast
def board(n_attackers: int, n_blockers: int):
    """Alice attacks with n creatures (one with menace, one that must be blocked); Bob has n."""
    s = Scenario(f"{n_attackers}x{n_blockers}", step="combat")
    names = ["Boggart Brute", "Grizzly Bears", "Craw Wurm", "Wings of the Guard", "Walking Corpse"]
    attackers = [s.add(names[i % len(names)], "Alice") for i in range(n_attackers)]
    blockers_ = [s.add(["Giant Spider", "Grizzly Bears", "Walking Corpse"][i % 3], "Bob") for i in range(n_blockers)]
    t = at_attackers(s)
    t.do(declare_attackers("Alice", attackers))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    state = t.state
    combat = replace(state.combat, requirements=(MustBeBlocked(state.obj(attackers[1]).ref, "test"),))
    return replace(state, combat=combat), attackers, blockers_


def brute_force(options):
    """Every candidate over the blockers' allowed attackers, judged one by one."""
    legal = []
    choices = [(None, *options.options[b]) for b in options.blockers]
    for combo in product(*choices):
        blocks = {b: a for b, a in zip(options.blockers, combo, strict=True) if a is not None}
        if options.check(blocks).legal:
            legal.append(blocks)
    return legal


@pytest.mark.parametrize("n", [2, 3, 4])
def test_smart_listing_matches_brute_force(n):
    state, attackers, _ = board(n, n)
    options = legal_blocks(state)
    listed = list(options.declarations())
    assert sorted(map(sorted, map(dict.items, listed))) == sorted(map(sorted, map(dict.items, brute_force(options))))
    assert options.count() == len(listed)
    assert options.check(options.best).legal


def test_eight_by_eight_is_fast():
    state, attackers, blockers_ = board(8, 8)
    start = time.perf_counter()
    options = legal_blocks(state)
    count = options.count()
    first = list(options.declarations(limit=200))
    elapsed = time.perf_counter() - start
    assert options.max_obeyed == 1 and count > 1000 and len(first) == 200
    assert all(options.check(b).legal for b in first)
    assert elapsed < 2.0, elapsed


# ---------------------------------------------------------------- random legal combats
CREATURES = ["Grizzly Bears", "Walking Corpse", "Boggart Brute", "Wings of the Guard", "Giant Spider",
             "Goblin Piker", "Craw Wurm", "Raging Goblin"]

combat_boards = st.fixed_dictionaries({
    "alice": st.lists(st.tuples(st.sampled_from(CREATURES), st.booleans(), st.booleans()), min_size=1, max_size=4),
    "bob": st.lists(st.tuples(st.sampled_from(CREATURES), st.booleans()), max_size=4),
    "jace": st.booleans(),
})


def _invariants(state):
    oids = [o.oid for o in state.objects]
    assert len(oids) == len(set(oids)), "each object appears once"
    for o in state.objects:
        assert isinstance(o.zone, Zone), "each object is in exactly one zone"
    combat = state.combat
    if combat is not None:
        for a in attacks(state):
            obj = state.obj(a.attacker.oid)
            assert obj.zone is Zone.BATTLEFIELD and obj.controller in combat.attacking_players
        for b in combat.blocks:
            obj = state.resolve_ref(b.blocker)
            assert obj is not None and obj.zone is Zone.BATTLEFIELD
    for p in state.players:
        assert p.life <= 20


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=combat_boards, picks=st.lists(st.integers(0, 10_000), min_size=40, max_size=40))
def test_random_legal_attacks_and_blocks(board, picks):
    s = Scenario("random combat", step="combat")
    for name, sick, tapped in board["alice"]:
        s.add(name, "Alice", sick=sick, tapped=tapped)
    for name, tapped in board["bob"]:
        s.add(name, "Bob", tapped=tapped)
    if board["jace"]:
        s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = s.timeline()
    for pick in picks:
        if t.state.step is Step.MAIN2:
            break
        actions = legal_actions(t.state)
        assert actions, "someone can always act: pass, or make the declaration the game waits for"
        t.do(actions[pick % len(actions)])
        _invariants(t.state)
    assert t.replay().state == t.state


def test_declaring_a_creature_that_never_could_attack_says_why_after_the_declaration_too():
    """With no creature able to attack, the declaration is made for the player (508.1a: none). A
    learner who then names the tapped Bears is told it is tapped, not just that attackers were
    declared; an attacker named again is told only that (508.1)."""
    s = Scenario("a tapped Bears", turn=2, step="main1")
    tapped = s.add("Grizzly Bears", "Alice", tapped=True)
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    err = refuse(t.state, declare_attackers("Alice", {tapped: "Bob"}), "508.1a")
    assert "is tapped" in err.reason and "so the game declared no attackers for them" in err.reason
    s = Scenario("one attacks", turn=2, step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    refuse(t.state, declare_attackers("Alice", {bears: "Bob"}), "508.1")
