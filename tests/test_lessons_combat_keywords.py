"""Lesson 08's scenarios end where the lesson says, and its questions are engine-made."""

from __future__ import annotations

from mtgrules.core.objects import Zone
from mtgrules.lessons import combat_keywords as lesson
from mtgrules.widgets import WhatIf


def oid(state, card: str) -> int:
    return next(o.oid for o in state.objects if o.card == card)


def test_every_scenario_plays_without_a_refusal_and_ends_with_an_empty_stack():
    for name, build in lesson.SCENARIOS.items():
        t = build()
        assert all(f.refused is None for f in t), name
        assert t.state.stack == (), name


def test_tour_the_ace_deals_no_second_damage_and_the_knight_gains_life():
    t = lesson.tour()
    assert t.state.player("Bob").life == 18 and t.state.player("Alice").life == 22
    assert lesson.ace_second_strike(t[lesson.second_damage_step(t)]) == \
        "Fencing Ace deals no damage in the second combat damage step"
    assert lesson.ace_second_strike(lesson.tour_ace_unblocked()[lesson.second_damage_step(t)]) == \
        "Fencing Ace deals 1 damage to Bob"


def test_first_strike_given_late_or_early_kills_the_knight_in_a_different_step():
    late, early = lesson.lunge_late(), lesson.lunge_early()
    for t in (late, early):
        assert t.state.obj(oid(t.state, "Knight of Meadowgrain")).zone is Zone.GRAVEYARD
        assert t.state.player("Bob").life == 22 and t.state.obj(oid(t.state, "Craw Wurm")).damage == 2
    def step_of_wurm_damage(t):
        frame = next(f for f in t for e in f.events if e.kind == "combat damage" and e.name == "Craw Wurm")
        return frame.state.step.value
    assert step_of_wurm_damage(late) == "combat damage"               # 702.7c: no first strike as it began
    assert step_of_wurm_damage(early) == "first-strike combat damage"  # first strike before damage began


def test_the_tours_what_if_the_corpse_blocks_the_ace_and_both_die():
    t = lesson.tour()
    w = WhatIf(t, lesson.before_blocks(t), lesson.corpse_blocks_ace(t))
    assert all(r is None for r in w.refusals)
    state = w.branch.state
    assert state.obj(oid(state, "Fencing Ace")).zone is Zone.GRAVEYARD
    assert state.obj(oid(state, "Walking Corpse")).zone is Zone.GRAVEYARD


def test_the_three_questions_offer_engine_outcomes():
    for q, right in ((lesson.question_double_strike, "Fencing Ace deals no damage in the second combat damage step"),
                     (lesson.question_trample_deathtouch, "Bob loses 1 life"),
                     (lesson.question_indestructible, "The blocker survives with 1 damage marked on it")):
        p = q()
        assert p.correct == right and len(p.options) >= 2


def test_the_indestructible_question_names_no_creature_in_its_options():
    """The wrong option's board blocks with Grizzly Bears: an option "Grizzly Bears is destroyed"
    under "What happens to the blocker?" (it asked about the Myr) gave the answer away."""
    p = lesson.question_indestructible()
    assert sorted(p.options) == ["The blocker is destroyed", "The blocker survives with 1 damage marked on it"]
    assert "Myr" not in " ".join(p.options) and "Bears" not in " ".join(p.options)


def test_neyith_zetalpa_and_two_headed_giant_life():
    assert lesson.neyith_zetalpa().state.player("Bob").life == 8
    t = lesson.lifelink_two_headed_giant()
    assert [p.life for p in t.state.players] == [32, 32, 28, 28]
