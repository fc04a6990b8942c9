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
