"""Lesson 11's boards (``mtgrules.lessons.replacement_effects``) play what the lesson says they do:
each outcome the lesson teaches, and each wrong option of its Predict questions, is played here."""

from __future__ import annotations

import pytest

from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.lessons import replacement_effects as L


def _card(t, name):
    return next(o for o in t.state.objects if o.card == name)


@pytest.mark.rule("614.6")
def test_the_leyline_exiles_the_mummy_instead_so_it_never_dies_and_nothing_triggers():
    t = L.instead()
    assert _card(t, "Tattered Mummy").zone is Zone.EXILE and t.state.player("Alice").life == 20
    assert not any(e.kind == EventKind.TRIGGER for f in t for e in f.events)
    plain = L.no_leyline()  # the Predict's wrong option: the same Shock without the Leyline
    assert _card(plain, "Tattered Mummy").zone is Zone.GRAVEYARD and plain.state.player("Alice").life == 18


@pytest.mark.rule("616.1f")
def test_bob_orders_the_two_effects_on_his_weapon_and_the_what_if_plays_the_other_order():
    t = L.bob_orders()
    assert _card(t, "Legacy Weapon").zone is Zone.EXILE
    other = t.branch(L.order_branch(t))
    for action in L.other_order(t):
        other.do(action)
    assert _card(other, "Legacy Weapon").zone is Zone.LIBRARY
    assert _card(other, "Leyline of the Void").zone is Zone.BATTLEFIELD


@pytest.mark.rule("616.1")
def test_without_bobs_answer_the_pass_is_refused_and_nothing_changes():
    t = L.unanswered()
    assert t[-1].refused is not None and t[-1].refused.rule == "616.1" and t[-1].state is t[-2].state


@pytest.mark.rule("615.7")
def test_the_order_of_the_shield_and_furnace_of_rath_decides_bobs_life():
    assert L.shield_first().state.player("Bob").life == 18
    assert L.furnace_first().state.player("Bob").life == 17


@pytest.mark.rule("614.15")
def test_the_self_replacement_comes_first():
    assert L.self_replacement().state.player("Bob").life == 12
    assert L.scorch_without_a_zombie().state.player("Bob").life == 16


@pytest.mark.rule("614.1d")
def test_bloodfell_caves_enters_tapped_and_its_trigger_resolves_after():
    t = L.enters_tapped()
    assert _card(t, "Bloodfell Caves").tapped and t.state.player("Alice").life == 21
    refused = next(f for f in t if f.refused is not None)
    assert refused.refused.rule == "107.5"


@pytest.mark.rule("614.1b")
def test_practice_stillness_skips_bobs_untap_step():
    t = L.skipped_untap()
    assert t.state.active == "Bob" and _card(t, "Forest").tapped and _card(t, "Mountain").tapped


def test_the_predict_questions_have_the_engines_answers():
    p = L.question_instead()
    assert p.correct == "the Mummy goes to exile, and nothing triggers" and len(p.options) == 2
    q = L.question_order()
    assert q.correct == "Bob goes to 18 life" and "Bob goes to 17 life" in q.options


def test_the_lines_a_pool_rule_plays_are_not_shown_as_not_played():
    """Leyline of the Void's "exile it instead" has no Oracle template, but a rule of the card pool
    plays it (``hooks.MOVE_REPLACEMENTS``): the lesson's starting position must not call it "not
    played". Its opening-hand line, which the kit truly doesn't play, still is."""
    start = L.instead()[0].narration()
    assert "exile it instead.” (not played" not in start and "opening hand" in start and "not played" in start
    assert "Legacy Weapon:" not in L.bob_orders()[0].narration()  # both its lines are played
    assert "not played" not in L.shield_first()[0].narration()


def test_every_line_said_to_be_played_by_a_pool_rule_is_a_line_of_that_card():
    """A mistyped line in ``PLAYED_BY_RULES`` would quietly change nothing: each must be printed."""
    from mtgrules.core.carddef import PLAYED_BY_RULES, card, oracle_lines, unplayed_lines
    assert PLAYED_BY_RULES
    for name, line in PLAYED_BY_RULES:
        assert line in oracle_lines(card(name).oracle), (name, line)
        assert line not in dict(unplayed_lines(card(name)))
