"""Lesson notebooks: committed without outputs, thin (they only call the package), complete
(the lesson anatomy), and their generated Markdown matches what the engine and catalog say now.
nbmake runs them in `make test`; these checks read them as git holds them (staged, else committed),
so a lesson run and autosaved in JupyterLab, outputs and all, never makes `make test` fail."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import committed_notebook, lesson_paths

from mtgrules.catalog.rulings import load_catalog
from mtgrules.lessons.static import expected, static_cells

NOTEBOOKS = lesson_paths()  # the kit's lessons, listed; never a learner's notebook saved beside them
LESSONS = [p for p in NOTEBOOKS if not p.name.startswith("00-")]


def cells(path: Path, kind: str) -> list[str]:
    nb = committed_notebook(path)
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def test_there_are_lessons():
    assert {p.name for p in NOTEBOOKS} >= {"00-start-here.ipynb", "01-mana.ipynb", "02-tap-untap-and-x.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs_and_with_a_kernel(path):
    nb = committed_notebook(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3", "without kernelspec JupyterLab asks for a kernel"
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None, \
                f"{path.name}: strip outputs before committing (nbstripout)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_hold_no_logic(path):
    for src in cells(path, "code"):
        tree = ast.parse(src)
        for node in ast.walk(tree):
            assert not isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Lambda), \
                f"{path.name}: define functions in the package, not in a notebook"
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                assert all(n.split(".")[0] == "mtgrules" for n in names), f"{path.name} imports {names}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_generated_cells_match_the_engine(path):
    nb = committed_notebook(path)
    stale = [tag for i, tag in static_cells(nb) if "".join(nb["cells"][i]["source"]) != expected(tag)]
    assert not stale, f"run: python -m mtgrules.lessons.static {path}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lessons_follow_the_anatomy(path):
    text = "\n".join(cells(path, "markdown"))
    code = "\n".join(cells(path, "code"))
    nb = committed_notebook(path)
    tags = [tag for _, tag in static_cells(nb)]
    assert "You will learn" in text and "## Summary" in text and "Exercises" in text
    quotes_a_rule = re.search(r"^> .+\n(?:>.*\n)*\nSource: Comprehensive Rules", text, flags=re.M)  # a rules lesson
    assert any(t.startswith("ruling:") for t in tags) or "show_ruling(" in code or quotes_a_rule, "quote the ruling"
    assert any(t.startswith("static:") for t in tags), "a static table of every step"
    for widget in ("Walkthrough(", "WhatIf("):
        assert widget in code, f"{path.name} has no {widget[:-1]}"
    assert "Predict(" in code or "question" in code, f"{path.name} asks no predict-then-reveal question"
    assert "board(" in code and "state_table(" in code or "frame_table(" in code


def test_catalog_lessons_are_the_notebooks_that_quote_them():
    """The catalog names the lesson that teaches a ruling; a later lesson may quote it again
    (lesson 08 comes back to NEY-5 with a double striker)."""
    quoted: dict[str, set[str]] = {}
    for path in NOTEBOOKS:
        for _, tag in static_cells(committed_notebook(path)):
            if tag.startswith("ruling:"):
                quoted.setdefault(tag.removeprefix("ruling:"), set()).add(path.name)
    for r in load_catalog():
        assert r.status.lesson == (r.id in quoted), f"{r.id}: lesson status disagrees with the notebooks"
        if r.status.lesson:
            assert r.lesson in quoted[r.id], f"{r.id}: catalog says {r.lesson}, quoted in {sorted(quoted[r.id])}"


def test_lesson_questions_are_engine_made_predictions():
    import importlib
    import pkgutil

    import mtgrules.lessons as lessons
    from mtgrules.widgets import Predict
    found = 0
    for info in pkgutil.iter_modules(lessons.__path__):
        module = importlib.import_module(f"mtgrules.lessons.{info.name}")
        for name in dir(module):
            if name.startswith("question_") and callable(getattr(module, name)):
                p = getattr(module, name)()
                assert isinstance(p, Predict) and len(p.options) >= 2 and p.correct in p.options, name
                assert p.deciding_rules, f"{name} names no rule"
                found += 1
    assert found >= 5
