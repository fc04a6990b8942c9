"""Skip effects (614.1b, 614.10) and self-replacement effects (614.15) through ``rules.replacement``.

No card of the core sets that the kit plays has a "skip" line (Plagiarize's isn't played yet) or a
self-replacement line, so each is played by one of the kit's practice cards, labelled as such:
Practice Stillness ("Players skip their untap steps.") and Practice Scorch (2 damage to target
player, 4 instead if that player controls a Zombie)."""

from __future__ import annotations

import pytest

from mtgrules import Scenario, Step, cast
from mtgrules.core.carddef import card
from mtgrules.core.events import EventKind
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.replacement import StepStart, apply_replacements, skip


def _bobs_upkeep(stillnesses: int = 1):
    """Alice's Mountain and Bob's Forest are tapped; Bob has ``stillnesses`` Practice Stillness; the
    game goes on to Bob's upkeep."""
    s = Scenario("skip the untap step")
    for _ in range(stillnesses):
        s.add("Practice Stillness", "Bob")
    mountain = s.add("Mountain", "Alice", tapped=True)
    forest = s.add("Forest", "Bob", tapped=True)
    return go_to(s.timeline(), Step.UPKEEP, "Bob"), mountain, forest


def test_the_practice_cards_say_they_are_not_real_cards():
    for name in ("Practice Stillness", "Practice Scorch"):
        assert "not a real Magic card" in card(name).source


@pytest.mark.rule("614.1b")
def test_players_skip_their_untap_steps_so_nothing_untaps():
    """"Skip" is a replacement effect (614.1b): Bob's untap step is replaced with nothing, so his
    Forest stays tapped; the step never begins (no untap step event in his turn). Without Practice
    Stillness the same board untaps the Forest."""
    t, _mountain, forest = _bobs_upkeep()
    assert t.state.obj(forest).tapped and t.state.step is Step.UPKEEP and t.state.active == "Bob"
    events = t[-1].events
    skipped = [e for e in events if e.kind == "step skipped"]
    assert len(skipped) == 1 and skipped[0].rule == "614.10" and "Practice Stillness" in skipped[0].text
    assert not any(e.kind == EventKind.STEP_BEGINS and e.text == Step.UNTAP.value for e in events)
    plain, _m, plain_forest = _bobs_upkeep(stillnesses=0)
    assert not plain.state.obj(plain_forest).tapped


@pytest.mark.rule("614.10")
def test_two_skip_effects_on_one_step_skip_it_once_and_ask_nothing():
    """Two skip effects on one untap step: skipping is "instead of doing it, do nothing" (614.10),
    so either order gives the same, nothing is asked, and once one has replaced the step with
    nothing the other has nothing left to replace (616.1f)."""
    out = apply_replacements(None, "Bob", StepStart(Step.UNTAP, "Bob"),
                             [skip("Practice Stillness", key=1), skip("Practice Stillness", key=2)])
    assert out.event.skipped_by == "Practice Stillness" and out.used == ["Practice Stillness"]
    t, _mountain, forest = _bobs_upkeep(stillnesses=2)
    assert t.state.obj(forest).tapped
    assert len([e for e in t[-1].events if e.kind == "step skipped"]) == 1


@pytest.mark.rule("614.10a")
def test_a_skipped_untap_step_gives_no_one_priority_and_the_next_step_follows():
    """Nothing happens in a skipped step (614.10a): the game goes from Alice's cleanup straight to
    Bob's upkeep, and the first step of Bob's turn to begin is the upkeep."""
    t, _mountain, _forest = _bobs_upkeep()
    begun = [e.text for e in t[-1].events if e.kind == "step" and "Bob's turn" in e.text]
    assert begun and "upkeep" in begun[0]


def _scorch_bob(*, zombie: bool = True, furnace: bool = True):
    s = Scenario("a self-replacement effect and Furnace of Rath")
    if furnace:
        s.add("Furnace of Rath", "Alice")
    if zombie:
        s.add("Diregraf Ghoul", "Bob")  # a Zombie
    scorch = s.add("Practice Scorch", "Alice", zone="hand")
    s.mana("Alice", "R")
    return resolve_top(s.timeline().do(cast("Alice", scorch, targets=("Bob",))))


@pytest.mark.rule("614.15")
def test_a_self_replacement_effect_applies_before_furnace_of_rath():
    """Practice Scorch's "deals 4 damage instead" replaces part of its own effect (614.15), so it is
    applied first and Bob isn't asked an order (616.1a): 2 -> 4, then Furnace of Rath doubles it,
    8. (Furnace first would have made it 4, then 4: that order isn't offered.)"""
    t = _scorch_bob()
    assert t.state.player("Bob").life == 12
    said = [e.text for e in t[-1].events if e.kind == "damage replaced"]
    assert len(said) == 1 and "Practice Scorch then Furnace of Rath make it 8" in said[0]


@pytest.mark.rule("616.1a")
def test_each_effect_alone_makes_the_damage_4():
    assert _scorch_bob(furnace=False).state.player("Bob").life == 16  # the self-replacement only
    assert _scorch_bob(zombie=False).state.player("Bob").life == 16  # Furnace of Rath only
    assert _scorch_bob(zombie=False, furnace=False).state.player("Bob").life == 18
