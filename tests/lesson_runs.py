"""Each lesson notebook run once per test session (in-process, as the handouts run them), shared
by the tests that read what the lessons show."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mtgrules.classroom import notebook

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@cache
def outputs(name: str) -> tuple[tuple[dict, notebook.Output | None], ...]:
    """(cell, what it showed) for every cell of ``notebooks/<name>.ipynb``."""
    return tuple(notebook.run_cells(notebook.read(NOTEBOOKS / f"{name}.ipynb"), name))
