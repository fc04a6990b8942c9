"""Running a lesson never breaks `make test` or a later pull: the checks of what the kit commits
read the notebooks as git holds them, so outputs JupyterLab autosaves into the working copy are
the learner's business (nbgitpuller keeps them when it merges a new kit version)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
from helpers import committed_notebook, committed_text
from nbclient import NotebookClient

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "00-start-here.ipynb"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (tmp_path / "notebooks").mkdir()
    shutil.copy(LESSON, tmp_path / "notebooks" / LESSON.name)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "lesson")
    return tmp_path


def test_a_lesson_run_and_saved_still_passes_the_strip_check(repo: Path):
    path = repo / "notebooks" / LESSON.name
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(LESSON.parent)}}
                   ).execute()
    nbformat.write(nb, path)                       # what JupyterLab's autosave does
    saved = nbformat.read(path, as_version=4)
    assert any(c.get("outputs") for c in saved.cells if c.cell_type == "code"), "the run left no outputs"
    held = committed_notebook(path)                # what the strip check reads
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in held["cells"] if c["cell_type"] == "code")


def test_outside_git_the_file_itself_is_read(tmp_path: Path):
    copy = tmp_path / LESSON.name
    shutil.copy(LESSON, copy)
    assert committed_text(copy) == copy.read_text()
