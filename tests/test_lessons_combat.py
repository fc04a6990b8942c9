"""The combat lessons' scenarios (lessons 03 and 04) show what their rulings say: each function's
timeline ends where the lesson claims, and the question helpers describe it the way the lesson
asks. (The rulings themselves are proven by tests/test_rulings_melee.py and test_rulings_neyith.py.)"""

from __future__ import annotations

import pytest
from combat_support import hand, kinds

from mtgrules import characteristics, legal_blocks
from mtgrules.core.objects import Zone
from mtgrules.lessons import melee
from mtgrules.lessons import must_be_blocked as neyith
from mtgrules.rules.combat.state import attack_of, blockers_of
from mtgrules.widgets import WhatIf, outcome_options


def oid(state, card: str, player: str | None = None) -> int:
    return next(o.oid for o in state.objects if o.card == card and (player is None or o.controller == player))


# ---------------------------------------------------------------- melee
@pytest.mark.parametrize(("scenario", "pt", "bonus"), [
    (melee.two_opponents, "3/3", "+2/+2"),
    (melee.one_opponent, "2/2", "+1/+1"),
    (melee.attacker_removed, "3/3", "+2/+2"),
    (melee.lone_attacker, "2/2", "+1/+1"),
    (melee.planeswalker_only, "1/1", "+0/+0"),
    (melee.player_instead, "2/2", "+1/+1"),
    (melee.token_enters_attacking, "2/2", "+1/+1"),
    (melee.declared_at_carol, "3/3", "+2/+2"),
], ids=lambda x: getattr(x, "__name__", str(x)))
def test_each_melee_board_ends_with_the_bonus_the_lesson_names(scenario, pt, bonus):
    t = scenario()
    assert melee.wings_pt(t) == pt
    assert melee.melee_bonus(t[-1]) == f"Wings of the Guard gets {bonus} and is {pt}"
    assert t.state.stack == ()


def test_mel2_the_bears_left_combat_before_melee_resolved():
    t = melee.attacker_removed()
    bears = oid(t.state, "Grizzly Bears")
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert [e.rule for e in kinds(t[12].events, "removed from combat")] == ["506.4"]
    assert t.state.combat.attacked_by("Alice") == ("Bob", "Carol")


def test_mel2_what_if_bob_lets_melee_resolve_changes_nothing_for_wings():
    t = melee.attacker_removed()
    w = WhatIf(t, 5, melee.attacker_removed_what_if())
    assert w.refusals == [None, None]
    assert melee.wings_pt(w.branch) == "3/3"


def test_mel3_melee_triggers_for_a_planeswalker_attack():
    t = melee.planeswalker_only()
    assert melee.melee_bonus(t[3]) == "Melee triggers"


def test_mel4_the_token_attacks_carol_but_was_never_declared():
    t = melee.token_enters_attacking()
    token = oid(t.state, "Soldier Token")
    attack = attack_of(t.state, token)
    assert attack.target == "Carol" and attack.declared is False
    assert t.state.combat.attacked_by("Alice") == ("Bob",)


def test_melee_predictions_have_two_options():
    for played, other in ((melee.two_opponents(), melee.one_opponent()),
                          (melee.attacker_removed(), melee.lone_attacker()),
                          (melee.planeswalker_only(), melee.player_instead()),
                          (melee.token_enters_attacking(), melee.declared_at_carol())):
        options = outcome_options(played, len(played) - 1, [other], describe=melee.melee_bonus, auto=False)
        assert len(options) == 2


# ---------------------------------------------------------------- Neyith
def test_tour_bob_blocks_alice_draws_once_and_both_die():
    t = neyith.tour()
    assert hand(t.state, "Alice") == ["Forest"]
    assert t.state.obj(oid(t.state, "Walking Corpse")).zone is Zone.GRAVEYARD
    assert t.state.obj(oid(t.state, "Grizzly Bears")).zone is Zone.GRAVEYARD
    i = neyith.blockers_step(t)
    assert blockers_of(t[i + 1].state, oid(t.state, "Grizzly Bears")) != []


def test_ney3_the_spider_may_block_instead():
    t = neyith.tour()
    w = WhatIf(t, neyith.blockers_step(t), neyith.other_blocker(t))
    assert w.refusals == [None] * 7
    assert w.branch.state.obj(oid(t.state, "Giant Spider")).zone is Zone.GRAVEYARD
    assert hand(w.branch.state, "Alice") == ["Forest"]


def test_ney1_nothing_can_block_so_the_doubled_bears_hit_bob():
    t = neyith.nobody_can_block()
    assert t.state.player("Bob").life == 16
    assert [e.rule for e in kinds(t[12].events, "no blockers")] == ["509.1a"]


def test_ney2_combat_damage_draws_nothing_and_a_fight_draws_one():
    t = neyith.combat_damage_no_draw()
    assert t.state.player("Bob").life == 18 and hand(t.state, "Alice") == []
    assert not kinds([e for f in t for e in f.events], "fight")
    fight = neyith.fight_draws()
    assert kinds(fight[10].events, "fight") and hand(fight.state, "Alice") == ["Forest"]


def test_ney4_describes_one_trigger_for_two_blocked_creatures():
    assert neyith.cards_drawn(neyith.two_blocked()[10]) == \
        "Grizzly Bears and Craw Wurm become blocked; Neyith triggers once: one card"
    assert neyith.cards_drawn(neyith.one_blocked()[10]) == "Grizzly Bears becomes blocked; Neyith triggers once: one card"
    assert neyith.cards_drawn(neyith.no_block()[10]) == "Nothing becomes blocked; Neyith doesn't trigger"
    assert hand(neyith.two_blocked().state, "Alice") == ["Forest"]


def test_ney5_doubling_is_fixed_and_can_be_negative():
    assert neyith.pt_of(neyith.pump_after_doubling(), "Grizzly Bears") == "7/5"
    assert neyith.pt_of(neyith.pump_before_doubling(), "Grizzly Bears") == "10/5"
    t = neyith.negative_power()
    assert characteristics(t[0].state, oid(t.state, "Grizzly Bears")).pt() == "-1/2"
    assert neyith.pt_of(t, "Grizzly Bears") == "-2/2"
    assert [e.rule for e in kinds(t[7].events, "double power")] == ["701.10c"]


def test_ney6_the_second_payment_is_refused():
    t = neyith.pay_twice()
    assert t[10].refused is not None and t[10].refused.rule == "608.2c"
    assert neyith.pt_of(t, "Grizzly Bears") == "4/2"


def test_ney7_one_blocker_and_no_blocker_are_refused_two_are_accepted():
    t = neyith.menace_target()
    assert [neyith.block_outcome(t[i]) for i in (13, 14)] == ["Refused — CR 702.111b", "Refused — CR 509.1c"]
    assert neyith.block_outcome(t[15]).startswith("Accepted: Walking Corpse blocks Boggart Brute")
    alone = neyith.menace_one_able()
    assert neyith.block_outcome(alone[14]) == "Accepted: no blockers, so Boggart Brute is unblocked"


def test_ney8_one_blocker_is_enough():
    t = neyith.only_one_required()
    assert t[-1].refused is None
    board = neyith.only_one_required_board()
    assert neyith.required_blocks(board) == 1
    assert legal_blocks(board.state).count() == 19


def test_the_explorer_board_waits_for_bob():
    t = neyith.explorer_board()
    assert t.state.combat.awaiting == (("blockers", "Bob"),)
    assert legal_blocks(t.state).count() == 13
