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
