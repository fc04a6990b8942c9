"""NEY-1 to NEY-8: Neyith of the Dire Hunt -- "must be blocked if able" (509.1c) with menace
(702.111b), fight (701.14), double power (701.10b-c), "one or more" triggers (603.2c) and an
optional payment made once as the ability resolves (608.2c)."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest
from combat_support import hand, kinds, library, pass_until, refuse, resolve_top
from helpers import neyith_board, to_blockers

from mtgrules import (
    Scenario,
    Step,
    Timeline,
    activate,
    apply,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_blocks,
    pass_priority,
)
from mtgrules.core.objects import Zone
from mtgrules.rules import hooks
from mtgrules.rules.combat.state import attack_of, blockers_of
from mtgrules.rules.layers import Effect


def pt(state, oid) -> str:
    return characteristics(state, oid).pt()


def trigger_targeting(s: Scenario, target: int):
    """Pass into the beginning of combat; Neyith's ability goes on the stack targeting ``target``."""
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=target))
    assert t.state.step is Step.BEGIN_COMBAT and len(t.state.stack) == 1
    assert [r.oid for r in t.state.stack[0].targets] == [target]
    return t


def pay_and_resolve(t, forests, **choices):
    for f in forests:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", **choices))
    return t


def doubled_and_marked(title: str, **board):
    """Neyith's ability paid: the first of Alice's creatures doubled and must be blocked."""
    s, ids = neyith_board(title, **board)
    target = ids["alice"][0]
    t = trigger_targeting(s, target)
    pay_and_resolve(t, ids["forests"], pay=1)
    assert [r.attacker.oid for r in t.state.combat.requirements] == [target]
    return t, ids, target


# ---------------------------------------------------------------- NEY-1
@pytest.mark.ruling("NEY-1")
def test_no_creature_can_block_so_the_target_is_not_blocked():
    t, ids, bears = doubled_and_marked("NEY-1 tapped", bob=(), bob_tapped=("Walking Corpse", "Giant Spider"))
    t = to_blockers(t, [bears])
    assert t.state.priority == "Alice"  # nothing to wait for: no creature of Bob's can block
    options = legal_blocks(t.state, "Bob")
    assert [r.kind for r in options.requirements] == ["blocked"]
    assert options.max_obeyed == 0  # the requirement is counted only where it can be obeyed
    assert list(options.declarations()) == [{}]
    assert attack_of(t.state, bears).blocked is False
    assert [e.rule for e in kinds(t[-1].events, "no blockers")] == ["509.1a"]


@pytest.mark.ruling("NEY-1")
def test_a_creature_that_cant_block_leaves_the_requirement_unobeyable():
    t, ids, bears = doubled_and_marked("NEY-1 piker", bob=("Goblin Piker",))
    t = to_blockers(t, [bears])
    assert legal_blocks(t.state).max_obeyed == 0
    assert attack_of(t.state, bears).blocked is False


@pytest.mark.ruling("NEY-1")
def test_a_cost_to_block_is_never_forced(monkeypatch):
    monkeypatch.setattr(hooks, "BLOCK_COSTS", [lambda state, blocker, attacker: "{1}"])
    t, ids, bears = doubled_and_marked("NEY-1 cost", bob=("Walking Corpse",))
    t = to_blockers(t, [bears])
    corpse = ids["bob"][0]
    options = legal_blocks(t.state)
    assert options.costs == {(corpse, bears): "{1}"}
    assert options.max_obeyed == 0  # blocking would obey it, but only by paying
    assert options.check({}).legal
    refuse(t.state, declare_blockers("Bob", {corpse: bears}), "118.3")  # it really costs {1}
    t.do(declare_blockers("Bob"))
    assert attack_of(t.state, bears).blocked is False


# ---------------------------------------------------------------- NEY-2
@pytest.mark.ruling("NEY-2")
def test_combat_damage_is_not_fighting():
    s = Scenario("NEY-2 combat", step="combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    library(s, "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.END_COMBAT)
    events = [e for f in t for e in f.events]
    assert kinds(events, "combat damage") and t.state.player("Bob").life == 18
    assert not kinds(events, "fight") and not kinds(events, "trigger")
    assert hand(t.state, "Alice") == []


@pytest.mark.ruling("NEY-2")
def test_a_fight_triggers_the_draw():
    s = Scenario("NEY-2 fight", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(5)]
    bears = s.add("Grizzly Bears", "Bob")
    library(s, "Alice")
    t = s.timeline()
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", stag))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))  # Stag enters; its trigger targets
    resolve_top(t, fight=True)
    fights = kinds(t[-1].events, "fight")
    assert len(fights) == 1 and fights[0].rule == "701.14a" and set(fights[0].after) == {stag, bears}
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert not kinds(t[-1].events, "combat damage")  # fight damage isn't combat damage (701.14d)
    assert len(t.state.stack) == 1 and "fight or become blocked" in t.state.stack[0].label
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


# ---------------------------------------------------------------- NEY-3
@pytest.mark.ruling("NEY-3")
def test_the_defending_player_chooses_which_creature_blocks():
    t, ids, bears = doubled_and_marked("NEY-3", bob=("Walking Corpse", "Giant Spider"))
    t = to_blockers(t, [bears])
    corpse, spider = ids["bob"]
    refuse(t.state, declare_blockers("Alice", {corpse: bears}), "509.1a")  # not Alice's choice
    first, _ = apply(t.state, declare_blockers("Bob", {corpse: bears}))
    second, _ = apply(t.state, declare_blockers("Bob", {spider: bears}))
    assert [b.oid for b in blockers_of(first, bears)] == [corpse]
    assert [b.oid for b in blockers_of(second, bears)] == [spider]


# ---------------------------------------------------------------- NEY-4
@pytest.mark.ruling("NEY-4")
def test_several_creatures_blocked_at_once_draw_one_card():
    s = Scenario("NEY-4", step="combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    wurm = s.add("Craw Wurm", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    spider = s.add("Giant Spider", "Bob")
    library(s, "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears, wurm]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears, spider: wurm}))
    assert [e.after for e in kinds(t[-1].events, "creatures become blocked")] == [(bears, wurm)]
    assert len(kinds(t[-1].events, "becomes blocked")) == 2
    assert len(t.state.stack) == 1  # one trigger for the one event
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest"]


@pytest.mark.ruling("NEY-4")
def test_a_later_event_the_same_turn_triggers_again():
    s = Scenario("NEY-4 again", step="combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(5)]
    corpse = s.add("Walking Corpse", "Bob")
    wall = s.add("Giant Spider", "Bob")
    library(s, "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [bears]))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    resolve_top(t)
    t = pass_until(t, Step.MAIN2)
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", stag))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=wall))
    resolve_top(t, fight=True)
    resolve_top(t)
    assert hand(t.state, "Alice") == ["Forest", "Forest"]


# ---------------------------------------------------------------- NEY-5
@pytest.mark.ruling("NEY-5")
def test_double_power_gives_plus_x_where_x_is_its_power():
    t, ids, bears = doubled_and_marked("NEY-5")
    assert pt(t.state, bears) == "4/2"  # +2/+0 (701.10b)
    notes = kinds([e for f in t for e in f.events], "double power")
    assert [e.rule for e in notes] == ["701.10b"]


@pytest.mark.ruling("NEY-5")
def test_a_later_pump_does_not_change_x():
    s, ids = neyith_board("NEY-5 pump", forests=4)
    growth = s.add("Giant Growth", "Alice", zone="hand")
    bears = ids["alice"][0]
    t = trigger_targeting(s, bears)
    pay_and_resolve(t, ids["forests"][:3], pay=1)
    assert pt(t.state, bears) == "4/2"
    t.do(activate("Alice", ids["forests"][3]))
    t.do(cast("Alice", growth, targets=(bears,)))
    resolve_top(t)
    assert pt(t.state, bears) == "7/5"  # 2 + 2 (fixed) + 3, not (2 + 3) * 2
    doubling = [e for e in t.state.effects if e.rule == "701.10b"]
    assert [e.delta for e in doubling] == [(2, 0)]


@pytest.mark.ruling("NEY-5")
def test_doubling_negative_power_gives_minus_x():
    s, ids = neyith_board("NEY-5 negative")
    bears = ids["alice"][0]
    t = trigger_targeting(s, bears)
    shrink = Effect("7c", "test: -3/-0", "613.4c", None, 0, affected=(t.state.obj(bears).ref,), delta=(-3, 0))
    state = replace(t.state, effects=t.state.effects + (shrink,))
    assert pt(state, bears) == "-1/2"
    t2 = Timeline(state, "negative power")
    pay_and_resolve(t2, ids["forests"], pay=1)
    assert pt(t2.state, bears) == "-2/2"  # -1/-0: X is how far below 0 it was (701.10c)
    assert [e.rule for e in kinds(t2[-1].events, "double power")] == ["701.10c"]


# ---------------------------------------------------------------- NEY-6
@pytest.mark.ruling("NEY-6")
def test_paying_twice_is_refused():
    s, ids = neyith_board("NEY-6", forests=6)
    bears = ids["alice"][0]
    t = trigger_targeting(s, bears)
    for f in ids["forests"]:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice"))
    err = refuse(t.state, pass_priority("Bob", pay=2), "608.2c")
    assert "at most once" in err.reason
    t.do(pass_priority("Bob", pay=1))
    assert len(t.state.player("Alice").pool) == 3  # six Forests' mana, {2}{G} paid once
    assert [e.delta for e in t.state.effects if e.rule == "701.10b"] == [(2, 0)]


@pytest.mark.ruling("NEY-6")
def test_one_target_only():
    s, ids = neyith_board("NEY-6 targets", alice=("Grizzly Bears", "Craw Wurm"))
    t = s.timeline()
    t.do(pass_priority("Alice"))
    refuse(t.state, pass_priority("Bob", target=tuple(ids["alice"])), "603.3d")


# ---------------------------------------------------------------- NEY-7
@pytest.mark.ruling("NEY-7")
def test_menace_target_needs_two_blockers_when_two_can_block():
    t, ids, brute = doubled_and_marked("NEY-7", alice=("Boggart Brute",), bob=("Walking Corpse", "Grizzly Bears"))
    t = to_blockers(t, [brute])
    corpse, bears = ids["bob"]
    options = legal_blocks(t.state)
    assert options.max_obeyed == 1
    refuse(t.state, declare_blockers("Bob", {corpse: brute}), "702.111b")
    refuse(t.state, declare_blockers("Bob"), "509.1c")
    assert list(options.declarations()) == [{corpse: brute, bears: brute}]
    t.do(declare_blockers("Bob", {corpse: brute, bears: brute}))
    assert len(blockers_of(t.state, brute)) == 2


@pytest.mark.ruling("NEY-7")
def test_menace_target_with_one_possible_blocker_need_not_be_blocked():
    t, ids, brute = doubled_and_marked("NEY-7 one", alice=("Boggart Brute",), bob=("Walking Corpse",),
                                       bob_tapped=("Grizzly Bears",))
    t = to_blockers(t, [brute])
    corpse = ids["bob"][0]
    options = legal_blocks(t.state)
    assert options.max_obeyed == 0
    refuse(t.state, declare_blockers("Bob", {corpse: brute}), "702.111b")
    assert list(options.declarations()) == [{}]
    t.do(declare_blockers("Bob"))
    assert attack_of(t.state, brute).blocked is False


# ---------------------------------------------------------------- NEY-8
@pytest.mark.ruling("NEY-8")
def test_only_one_blocker_is_required_the_others_are_free():
    t, ids, bears = doubled_and_marked("NEY-8", alice=("Grizzly Bears", "Craw Wurm"),
                                       bob=("Walking Corpse", "Giant Spider", "Grizzly Bears"))
    wurm = ids["alice"][1]
    t = to_blockers(t, [bears, wurm])
    corpse, spider, bob_bears = ids["bob"]
    options = legal_blocks(t.state)
    assert options.check({corpse: bears}).legal
    assert options.check({corpse: bears, spider: wurm}).legal
    assert options.check({corpse: bears, spider: bears}).legal
    assert options.check({corpse: bears, spider: wurm, bob_bears: wurm}).legal
    assert options.check({spider: wurm}).rule == "509.1c"
    # every legal declaration blocks the Bears with at least one creature, and any other
    # combination of the other blockers is allowed
    every = [dict((b, a) for b, a in zip(ids["bob"], combo, strict=True) if a is not None)
             for combo in product((None, bears, wurm), repeat=3)]
    legal = [blocks for blocks in every if options.check(blocks).legal]
    assert legal and all(bears in blocks.values() for blocks in legal)
    assert len(legal) == 3 ** 3 - 2 ** 3  # all but those leaving the Bears unblocked
    assert options.count() == len(legal) == len(list(options.declarations()))
