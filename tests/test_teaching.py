"""docs/teaching.md polls the class with each lesson's predictions: its answers must be the
engine's, so a change in the engine (or a reworded question) shows up here."""

from __future__ import annotations

import html
import re
from pathlib import Path

import lesson_runs

from mtgrules.classroom import notebook
from mtgrules.widgets import Predict

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "teaching.md"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_prediction_is_in_the_guide_with_the_engines_answer():
    guide = GUIDE.read_text()
    for path in notebook.lesson_notebooks(REPO / "notebooks"):
        title = notebook.lesson_title(notebook.read(path))
        assert f"## {title}" in guide, f"the guide has no section for {title!r}"
        section = _flat(guide.split(f"## {title}", 1)[1].split("\n## ", 1)[0])
        for _cell, out in lesson_runs.outputs(path.stem):
            if out is None or not isinstance(out.value, Predict):
                continue
            w = out.value
            question = html.unescape(re.sub(r"<[^>]+>", "", w.question.value)).removeprefix("Predict: ").strip()
            assert _flat(question) in section, f"{path.stem}: the guide doesn't ask {question!r}"
            rules = ", ".join(w.deciding_rules)
            assert f"**Answer:** {w.correct} (CR {rules})" in section, \
                f"{path.stem}: the guide's answer to {question!r} is not the engine's: {w.correct} (CR {rules})"


def test_the_guide_covers_the_three_ways_to_run_a_class():
    guide = GUIDE.read_text()
    for needed in ("make lab", "nbgitpuller", "make handouts", "make present LESSON=04",
                   "deploy/jupyterhub/jupyterhub_config.py"):
        assert needed in guide, needed


def _step_cited(pattern: str) -> int:
    """The step number the guide cites where ``pattern`` (a regex with one group) matches."""
    found = re.search(pattern, _flat(GUIDE.read_text()))
    assert found, f"the guide no longer says {pattern!r}"
    return int(found.group(1))


def test_the_fervor_what_if_step_the_guide_cites_is_where_the_elves_tap():
    from mtgrules.lessons import tap_untap_and_x
    from mtgrules.widgets import WhatIf
    tap = tap_untap_and_x.tap_symbol()
    branch = WhatIf(tap, 2, tap_untap_and_x.haste_what_if(tap)).branch
    step = _step_cited(r'"Fervor first" gives haste and the Elves tap \(step (\d+)\)')
    title = branch[step].title()
    assert "Llanowar Elves" in title and "refused" not in title, title


def test_the_fight_draw_step_the_guide_cites_is_where_alice_draws():
    from mtgrules.lessons import must_be_blocked
    t = must_be_blocked.fight_draws()
    step = _step_cited(r"Alice draws at step (\d+)")
    assert "draws a card" in t[step].narration()
