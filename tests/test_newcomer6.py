"""What a newcomer saw off the lesson path in JupyterLab (browser walk 6), pinned in Python."""

from __future__ import annotations

from mtgrules import Scenario, pass_priority
from mtgrules.widgets import Walkthrough


def _one_pass():
    s = Scenario("one pass", turn=2, step="main1")
    s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    return t


def test_start_label_says_one_step_follows_in_good_english():
    w = Walkthrough(_one_pass())
    w.fill()
    assert "(1 step follows)" in w.label.value


def test_folded_start_label_explains_why_the_step_numbers_jump():
    """Lesson 05's first walk-through: "20 steps follow" on Start, then "Step 3 of 38" after Next.
    The numbers are the timeline's (frame_table and the lesson text use them), so Start says so."""
    from mtgrules.lessons import call_to_the_grave as lesson
    cycle = lesson.turn_cycle()
    w = Walkthrough(cycle, fold_passes=True)
    w.fill()
    shown, total = w.last, len(cycle) - 1
    assert shown < total
    assert f"{shown} of the {total} steps shown" in w.label.value
    assert "skipped" in w.label.value
    w.next()
    assert f"of {total}:" in w.label.value


def _shown_in_ipython(err: BaseException) -> list[str]:
    """What IPython prints for ``err``: its ``_render_traceback_`` if it has one (a short block)."""
    render = getattr(err, "_render_traceback_", None)
    assert render is not None, f"{type(err).__name__} would be shown as the whole call stack"
    return render()


def test_a_misspelt_exercise_id_is_one_short_sentence():
    """``check('5.1', ...)`` in lesson 05 printed a 25-line ValueError traceback through check.py."""
    import pytest

    from mtgrules.lessons.check import check
    with pytest.raises(ValueError, match="did you mean '05.1'") as caught:
        check("5.1", "Alice")
    lines = _shown_in_ipython(caught.value)
    assert len(lines) <= 3 and "did you mean '05.1'" in lines[0]


def test_resolve_top_on_an_empty_stack_is_one_short_sentence():
    """``resolve_top(t)`` run twice (a cell run again) printed a RuntimeError traceback through verbs.py."""
    import pytest

    from mtgrules.play.verbs import resolve_top
    t = _one_pass()
    with pytest.raises(RuntimeError, match="nothing is on the stack") as caught:
        resolve_top(t)
    assert len(_shown_in_ipython(caught.value)) <= 3


def test_go_to_a_step_it_cannot_reach_is_one_short_sentence():
    import pytest

    from mtgrules import Step
    from mtgrules.play.verbs import go_to
    s = Scenario("Neyith asks for a target at the beginning of combat")
    s.add("Neyith of the Dire Hunt", "Alice")
    s.add("Grizzly Bears", "Alice")
    with pytest.raises(RuntimeError, match="stopped before") as caught:
        go_to(s.timeline(), Step.BEGIN_COMBAT)
    assert len(_shown_in_ipython(caught.value)) <= 3


def test_a_count_given_as_text_is_told_its_form_not_judged_wrong():
    """Lesson 06's exercise 06.1 asks how many declarations are legal: ``answer = "9"`` (in quotes,
    as the other answers of the lesson are names) was told "The engine plays it differently"."""
    from mtgrules.lessons.check import check
    from mtgrules.lessons.solutions import key
    right = key("06.1")
    assert isinstance(right, int)
    verdict = check("06.1", str(right))
    assert not verdict.right and "without quotes" in verdict.message
    wrong = check("06.1", str(right + 1))          # the form is said whatever the value: nothing given away
    assert "without quotes" in wrong.message
    assert check("06.1", right).right


def test_blocks_explorer_with_no_possible_blocker_does_not_ask_to_pick():
    """Lesson 06's last exercise board in a BlocksExplorer: Bob has no creature, yet the explorer
    said "Pick what each creature blocks" over no dropdown at all (a dead end)."""
    from mtgrules import Step, declare_attackers
    from mtgrules.play.verbs import go_to
    from mtgrules.widgets import BlocksExplorer
    s = Scenario("a graveyard attacker, nothing to block it", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = go_to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    explorer = BlocksExplorer(t.state)
    explorer.fill()
    assert not explorer.dropdowns
    assert "Pick what each creature blocks" not in explorer.intro.value
    assert "Bob controls no creature that could block" in explorer.intro.value


def test_a_card_of_ones_own_defined_wrongly_is_one_short_sentence():
    """Lesson 09's own card with ``power="3"`` printed a TypeError traceback through the
    dataclass's generated ``__init__``; still a TypeError (and a ValueError for a wrong type word)."""
    import pytest

    from mtgrules.cards import CardDef
    with pytest.raises(TypeError, match="power must be a whole number") as caught:
        CardDef("Practice Bad", "{2}{R}", frozenset({"Creature"}), frozenset({"Ogre"}), power="3", toughness=2)
    assert len(_shown_in_ipython(caught.value)) <= 3
    with pytest.raises(ValueError, match="is not a card type") as caught:
        CardDef("Practice Bad", "{2}{R}", frozenset({"Creatur"}), frozenset(), power=3, toughness=2)
    assert len(_shown_in_ipython(caught.value)) <= 3


def test_an_unknown_ruling_id_is_one_short_sentence_with_the_near_ones():
    """``show_ruling("NEY-99")`` in lesson 09 printed a KeyError traceback through the catalog."""
    import pytest

    from mtgrules.lessons.show import show_ruling
    with pytest.raises(KeyError) as caught:
        show_ruling("ney-7 ")
    lines = _shown_in_ipython(caught.value)
    assert len(lines) <= 3 and "did you mean 'NEY-7'" in lines[0] and not lines[0].split(": ", 1)[1].startswith('"')


def test_state_table_given_a_timeline_says_t_state_without_internal_names():
    """``state_table(tour)`` in lesson 08 ended its sentence "a timeline has no 'cached'": an
    internal method no learner typed. A field a learner types (``t.players``) is still named."""
    import pytest

    from mtgrules.core.errors import WrongThing
    from mtgrules.views import state_table
    t = _one_pass()
    with pytest.raises(WrongThing) as caught:
        state_table(t)
    assert "t.state" in str(caught.value) and "cached" not in str(caught.value)
    with pytest.raises(WrongThing, match="a timeline has no 'players'"):
        t.players  # noqa: B018  (the attribute read is the test)


def test_checking_an_exercise_of_a_lesson_without_exercises_says_so():
    """``check("08.1", ...)`` (lesson 08 had no exercises) answered "did you mean '07.1'?"; lesson 09
    has none (it is the teacher's own walk-through)."""
    import pytest

    from mtgrules.lessons.check import UnknownExercise, check, exercises_of
    assert not exercises_of("09")
    with pytest.raises(UnknownExercise, match="lesson 09 has no exercises to check") as caught:
        check("09.1", "x")
    assert "08.1" not in str(caught.value).split("exercises are")[0]
    with pytest.raises(UnknownExercise, match="did you mean '05.1'"):
        check("5.1", "Alice")


def test_whatif_final_differences_are_headed_by_the_timelines_not_before_and_after():
    """Lesson 05's what-if: "Where the final states differ" had columns "before" and "after", so
    "#4 Raise the Alarm, zone: before Bob's graveyard, after Bob's hand" read as the card going back
    to the hand. The columns are the two timelines' final states: headed by their labels."""
    import re

    from mtgrules.lessons import call_to_the_grave as lesson
    from mtgrules.widgets import WhatIf
    response = lesson.end_step_creature_enters_in_response()
    w = WhatIf(response, response.find(title="Bob activates") - 1, [pass_priority("Bob")],
               labels=("Bob casts Raise the Alarm", "Bob passes"))
    part = w.render().split("Where the final states differ", 1)[1]
    heads = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", part)]
    assert heads[-2:] == ["Bob casts Raise the Alarm", "Bob passes"], heads
    assert list(w.differences.columns)[-2:] == ["before", "after"]  # the table itself is unchanged
