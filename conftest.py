"""The kit's notebooks folder holds the kit's lessons and whatever a learner saves beside them
(``make lab`` opens it): nbmake runs only the lessons ``mtgrules.catalog.lessons`` lists.

A notebook named on the command line still runs (``pytest --nbmake notebooks/mine.ipynb``);
this only keeps the folder's other notebooks out of ``make test``."""

from __future__ import annotations

from pathlib import Path

KIT_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".ipynb" or collection_path.resolve().parent != KIT_NOTEBOOKS:
        return None  # not ours to decide
    from mtgrules.catalog.lessons import lesson_names
    return True if collection_path.stem not in lesson_names() else None
