"""A scripted answer that no question of the action takes is refused, never ignored.

A learner who writes ``target="Bob"`` where the ability asks ``target_player=``, misspells a
keyword, or answers a question that doesn't arise in this game would otherwise see the action
go through as if they had written nothing, and take the wrong lesson from it."""

from __future__ import annotations

import pytest
from combat_support import refuse

from mtgrules import IllegalAction, MissingChoice, Scenario, activate, apply, cast, pass_priority
from mtgrules.play.verbs import resolve_top


def test_an_answer_to_a_question_never_asked_is_refused_and_the_state_kept():
    s = Scenario("A Forest with an answer it doesn't need")
    forest = s.add("Forest", "Alice")
    err = refuse(s.state(), activate("Alice", forest, colour="G"), "117.1")
    assert "colour='G'" in err.reason and "never asked" in err.reason and "no question" in err.reason


def test_target_where_target_player_is_meant_is_refused_not_ignored():
    """Jace Beleren's +2 makes each player draw: it asks nothing, so ``target="Bob"`` is refused."""
    s = Scenario("Jace", step="main1")
    jace = s.add("Jace Beleren", "Alice")
    for p in ("Alice", "Bob"):
        s.add("Forest", p, zone="library")
    err = refuse(s.state(), activate("Alice", jace, target="Bob"), "117.1")
    assert "target='Bob'" in err.reason


def test_the_refusal_names_the_questions_the_action_did_ask():
    """Reflecting Pool with an Exotic Orchard-like choice of two types asks ``type``; an extra
    ``sacrifice=`` answer is refused, and the message says what was asked."""
    s = Scenario("Pool and Swamp")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Swamp", "Alice")
    s.add("Forest", "Alice")
    with pytest.raises(IllegalAction) as info:
        apply(s.state(), activate("Alice", pool, type="B", sacrifice=3))
    assert info.value.rule == "117.1" and "sacrifice=3" in info.value.reason and "type" in info.value.reason


def test_an_answer_the_action_asks_for_is_still_taken():
    s = Scenario("Pool and Swamp")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Swamp", "Alice")
    s.add("Forest", "Alice")
    with pytest.raises(MissingChoice):
        apply(s.state(), activate("Alice", pool))
    new, _ = apply(s.state(), activate("Alice", pool, type="B"))
    assert [m.type.value for m in new.player("Alice").pool] == ["B"]


def test_an_answer_for_a_spell_resolution_goes_with_the_pass_that_resolves_it():
    """An answer given when casting is refused if casting doesn't ask it; given with the pass
    that resolves the spell (``resolve_top``), it is taken."""
    s = Scenario("Giant Growth")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    refuse(s.state(), cast("Alice", growth, targets=(bears,), fight=True), "117.1")
    t = s.timeline().do(cast("Alice", growth, targets=(bears,)))
    refuse(t.state, pass_priority("Alice", fight=True), "117.1")
    resolve_top(t)
    assert t.state.stack == ()
