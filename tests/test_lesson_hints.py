"""Lesson prose cites the rule that answers its exercise.

Regression: lesson 3's exercise 2 (two Wings of the Guard, one attacking Bob, one Carol) hinted
702.121b, which is about one creature with several instances of melee; each creature's own melee
triggering is 702.121a.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgrules import Scenario, Step, advance_to, characteristics, declare_attackers, pass_priority

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "03-melee.ipynb"


@pytest.mark.rule("702.121a")
def test_the_two_wings_exercise_hints_702_121a():
    cells = ["".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "markdown"]
    exercise = next(line for text in cells for line in text.splitlines() if "two Wings of the Guard" in line)
    hint_line = next(line for text in cells for line in text.splitlines()
                     if "what does each Wings get" in line)
    assert "702.121a" in hint_line and "702.121b" not in hint_line, (exercise, hint_line)


@pytest.mark.rule("702.121a")
def test_the_exercise_answer_two_triggers_each_plus_two():
    s = Scenario("two Wings", players=["Alice", "Bob", "Carol"], step="combat")
    w1, w2 = s.add("Wings of the Guard", "Alice"), s.add("Wings of the Guard", "Alice")
    t = s.timeline(callback=lambda req: req.options[0])
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {w1: "Bob", w2: "Carol"}))
    assert len(t.state.stack) == 2
    while t.state.stack:
        t.do(pass_priority(t.state.priority))
    assert characteristics(t.state, w1).pt() == characteristics(t.state, w2).pt() == "3/3"
