"""Lesson 00, a newcomer's first page (issue 26 §2): its first output is the kit's short error
block, its list of lessons is made from the lesson files, and its first prediction explains the
pool an option shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lesson_runs
from helpers import committed_notebook

from mtgrules import IllegalAction, Scenario, activate
from mtgrules.lessons.static import expected, lesson_files, lessons_markdown, static_cells

REPO = Path(__file__).resolve().parents[1]
LESSON = REPO / "notebooks" / "00-start-here.ipynb"


def test_the_first_output_is_the_short_error_block_not_a_repr():
    first = next(out for cell, out in lesson_runs.outputs("00-start-here")
                 if cell["cell_type"] == "code" and out is not None and (out.value is not None or out.printed))
    assert isinstance(first.value, IllegalAction)
    shown = first.value._repr_html_()
    assert 'class="mtg-error"' in shown and "Rule: CR 302.6" in shown
    assert "mtgrules.core.errors" not in shown and "IllegalAction(" not in shown
    assert "word-break:normal" in shown      # not wrapped mid-word, as the repr was


def test_an_error_shown_as_a_value_is_escaped():
    s = Scenario("x", players=["<img src=x onerror=alert(1)>", "Bob"])
    elves = s.add("Llanowar Elves", "<img src=x onerror=alert(1)>", sick=True)
    refusal = s.timeline().attempt(activate("<img src=x onerror=alert(1)>", elves))
    assert "<img" not in refusal._repr_html_() and "&lt;img" in refusal._repr_html_()


def test_the_list_of_lessons_is_generated_and_names_every_lesson():
    nb = committed_notebook(LESSON)
    (index, tag), = [(i, t) for i, t in static_cells(nb) if t.startswith("list:")]
    table = "".join(nb["cells"][index]["source"])
    assert table == expected(tag) == lessons_markdown(LESSON.parent)
    for path in lesson_files(LESSON.parent):
        assert f"[{path.stem[:2]}]({path.name})" in table
    assert "[09](09-your-own-walk-through.ipynb)" in table and "| MANA-1 … MANA-6 |" in table
    assert "NEY-5" in table.split("[08]", 1)[1].split("\n", 1)[0]   # lesson 08 quotes NEY-5
    prose = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown" and c is not nb["cells"][index])
    assert "| 07 Graveyard Busybody |" not in prose, "a hand-typed list of lessons is back"


def test_a_new_lesson_appears_in_the_list_and_a_learners_notebook_does_not(tmp_path, monkeypatch):
    from mtgrules.catalog import lessons
    for name in ("00-start-here", "01-mana"):
        (tmp_path / f"{name}.ipynb").write_text((REPO / "notebooks" / f"{name}.ipynb").read_text())
    extra = {"cells": [{"cell_type": "markdown", "id": "x", "metadata": {}, "source": "# Lesson 10 — Layers\n"}],
             "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    for name in ("10-layers", "01-mana-Copy1"):
        (tmp_path / f"{name}.ipynb").write_text(json.dumps(extra))
    monkeypatch.setattr(lessons, "LESSONS", (*lessons.LESSONS, lessons.Lesson("10-layers")))
    table = lessons_markdown(tmp_path)
    assert re.search(r"^\| \[10\]\(10-layers\.ipynb\) \| Layers \| — \|$", table, flags=re.M), table
    assert "Copy1" not in table and "[01](01-mana.ipynb)" in table


def test_the_first_prediction_says_what_the_pool_holds():
    from mtgrules.lessons.tap_untap_and_x import question_sick_elves
    p = question_sick_elves()
    options = " ".join(p.options)
    assert "{R}{R}{G}{G}" in options
    question = p.question_text
    assert "{R}{R}{G}" in question and "Fervor" in question and "haste" in question
