"""The kit's lessons are listed in one place (``mtgrules.catalog.lessons``), and everything that
names them reads that list: nbmake (through the root ``conftest.py``), the lesson checks
(``helpers.lesson_paths``), ``python -m mtgrules lessons``, the handout index, the README's table.
A learner's own notebook saved in ``notebooks/`` is none of these, so it never breaks ``make test``."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import committed_text, lesson_paths

from mtgrules.catalog.lessons import LESSONS, lesson_names, rulings_by_lesson
from mtgrules.classroom import notebook
from mtgrules.cli import main

REPO = Path(__file__).resolve().parents[1]
# What JupyterLab names a learner's notebooks: a new one, and a lesson duplicated.
LEARNERS = ("Untitled.ipynb", "01-mana-Copy1.ipynb", "10-my-own-board.ipynb")


def test_every_kit_notebook_is_listed_and_every_listed_lesson_exists():
    held = subprocess.run(["git", "ls-files", "notebooks/*.ipynb"], cwd=REPO, capture_output=True, text=True,
                          check=False)
    if held.returncode == 0 and held.stdout.strip():  # a git checkout: what the kit commits
        committed = sorted(Path(line).stem for line in held.stdout.split())
    else:  # an unpacked copy: what it ships
        committed = sorted(p.stem for p in (REPO / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    assert committed == list(lesson_names()), "add the new lesson to mtgrules/catalog/lessons.py (LESSONS)"
    assert all(p.exists() for p in lesson_paths())


def _learner_folder(tmp_path: Path) -> Path:
    """A copy of the kit's layout: the root conftest, two lessons, and a learner's notebooks."""
    shutil.copy(REPO / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "notebooks").mkdir()
    for name in ("00-start-here", "01-mana"):
        shutil.copy(REPO / "notebooks" / f"{name}.ipynb", tmp_path / "notebooks")
    for name in LEARNERS:
        (tmp_path / "notebooks" / name).write_text('{"cells": [], "not": "a lesson"}')
    return tmp_path


def test_nbmake_runs_the_listed_lessons_and_no_learners_notebook(tmp_path):
    kit = _learner_folder(tmp_path)
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "--nbmake", "-p", "no:cacheprovider",
                          "notebooks"], cwd=kit, capture_output=True, text=True, timeout=120,
                         env={**_env(), "PYTHONPATH": str(REPO)}, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    collected = sorted(line.split("::")[0] for line in run.stdout.splitlines() if "::" in line)
    assert collected == ["notebooks/00-start-here.ipynb", "notebooks/01-mana.ipynb"]


def _env() -> dict[str, str]:
    import os
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}


def test_the_kits_folder_lists_its_lessons_and_a_teachers_folder_its_own(tmp_path, monkeypatch, capsys):
    kit = _learner_folder(tmp_path) / "notebooks"
    monkeypatch.setattr(notebook, "KIT_NOTEBOOKS", kit.resolve())
    assert [p.name for p in notebook.lesson_notebooks(kit)] == ["00-start-here.ipynb", "01-mana.ipynb"]
    assert main(["lessons", "--notebooks", str(kit)]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert "01-mana-Copy1" not in listed and "10-my-own-board" not in listed
    # A teacher's own folder of lessons is read as it is (handouts --notebooks THAT-FOLDER).
    monkeypatch.setattr(notebook, "KIT_NOTEBOOKS", REPO / "notebooks")
    assert "10-my-own-board.ipynb" in [p.name for p in notebook.lesson_notebooks(kit)]


def _readme_rulings() -> dict[str, set[str]]:
    """The README's lesson table: each notebook with the ruling ids its last column gives
    (``MANA-1 … MANA-6`` is every id between)."""
    found: dict[str, set[str]] = {}
    for name, cell in re.findall(r"^\| `(\d\d-[a-z0-9-]+)` \|.*\| ([^|]*) \|$", committed_text(REPO / "README.md"), re.M):
        ids = set(re.findall(r"\b[A-Z]+-\d+\b", cell))
        for prefix, first, last in re.findall(r"\b([A-Z]+)-(\d+) … \1-(\d+)\b", cell):
            ids |= {f"{prefix}-{i}" for i in range(int(first), int(last) + 1)}
        found[name] = ids
    return found


def test_the_readme_table_gives_each_lesson_the_rulings_the_kit_lists():
    readme = _readme_rulings()
    assert list(readme) == list(lesson_names()), "the README's lesson table and LESSONS list different lessons"
    for name, ids in rulings_by_lesson().items():
        assert readme[name] == set(ids), f"{name}: the README gives {sorted(readme[name])}, the kit {ids}"


def test_lesson_08_lists_ney_5_like_the_readme(capsys):
    assert rulings_by_lesson()["08-combat-keywords"] == ["NEY-5"]
    assert main(["lessons"]) == 0
    lines = dict(line.split(maxsplit=1) for line in capsys.readouterr().out.splitlines())
    assert lines["08-combat-keywords"].strip() == "NEY-5"
    assert notebook.lessons_by_notebook()["08-combat-keywords"] == ["NEY-5"]  # the handout index's column


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.again], ids=lambda lesson: lesson.name)
def test_a_ruling_a_lesson_comes_back_to_is_in_that_lesson(lesson):
    text = committed_text(REPO / "notebooks" / f"{lesson.name}.ipynb")
    for ruling_id in lesson.again:
        assert ruling_id in text, f"{lesson.name} never mentions {ruling_id}"
