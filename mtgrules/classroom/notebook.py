"""Reading the lesson notebooks: which cells are for whom, and running their code in-process.

Cells carry their role in metadata under ``"mtgrules"``:

* ``{"static": "module:function"}`` -- a generated step table (see :mod:`mtgrules.lessons.static`);
* ``{"ruling": "ID"}`` -- a generated ruling quote;
* ``{"only": "notebook"}`` -- instructions for someone running the cells themselves ("Run the
  cells from the top"): hidden in the presentation and the handouts, which run them for you;
* ``{"only": "no-kernel"}`` -- text and tables that stand in for widgets where no kernel runs
  (GitHub): hidden wherever the widgets, or the handouts' own steppers, are shown.

The runner executes the kit's own lesson notebooks the way a kernel would (as ``jupyter
nbconvert --execute`` does); point it only at notebooks you trust.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Cell = dict[str, Any]
Notebook = dict[str, Any]

ONLY_NOTEBOOK = "notebook"
ONLY_NO_KERNEL = "no-kernel"
ONLY_VALUES = (ONLY_NOTEBOOK, ONLY_NO_KERNEL)


def meta(cell: Cell) -> dict[str, Any]:
    """The kit's metadata of a cell (empty when it has none)."""
    found = cell.get("metadata", {}).get("mtgrules", {})
    return found if isinstance(found, dict) else {}


def source(cell: Cell) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def only(cell: Cell) -> str | None:
    """``"notebook"``, ``"no-kernel"`` or None (shown everywhere)."""
    value = meta(cell).get("only")
    if value is not None and value not in ONLY_VALUES:
        raise ValueError(f"cell metadata mtgrules.only must be one of {ONLY_VALUES}, not {value!r}")
    return value


def read(path: Path) -> Notebook:
    nb: Notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return nb


def lesson_title(nb: Notebook, fallback: str = "") -> str:
    """The text of the notebook's first heading ("Lesson 4 — ..."), without the ``#``."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in source(cell).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return fallback


def lessons_by_notebook() -> dict[str, list[str]]:
    """Each of the kit's lessons with the ids of the rulings it walks through (``catalog.lessons``)."""
    from mtgrules.catalog.lessons import rulings_by_lesson
    return dict(sorted(rulings_by_lesson().items()))


# The kit's own notebooks folder in a source checkout, next to the package (a wheel has none).
KIT_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def lesson_notebooks(folder: Path) -> list[Path]:
    """The lesson notebooks of a folder, in order. In the kit's own folder these are the lessons
    ``catalog.lessons`` lists, whatever else a learner saved beside them; in any other folder
    (a teacher's own lessons), every ``NN-name.ipynb``."""
    folder = Path(folder)
    if folder.resolve() == KIT_NOTEBOOKS:
        from mtgrules.catalog.lessons import lesson_names
        return [p for p in (folder / f"{name}.ipynb" for name in lesson_names()) if p.exists()]
    return sorted(folder.glob("[0-9][0-9]-*.ipynb"))


def find_lesson(folder: Path, wanted: str) -> Path:
    """A lesson by number (``4``, ``04``) or name (``04-must-be-blocked``)."""
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        wanted = str(wanted)
    if not isinstance(wanted, str):
        raise TypeError(f"a lesson is named by its number (4 or \"04\") or name, not {wanted!r:.40}")
    for path in lesson_notebooks(folder):
        number = path.stem.split("-", 1)[0]
        if wanted in (path.stem, path.name) or (wanted.isdigit() and int(wanted) == int(number)):
            return path
    names = ", ".join(p.stem for p in lesson_notebooks(folder)) or "none"
    raise FileNotFoundError(f"no lesson {wanted!r} in {folder}; the lessons are: {names}")


@dataclass
class Output:
    """What one code cell showed: the value of its last expression (or None) and what it printed."""

    value: Any = None
    printed: str = ""


@dataclass
class Runner:
    """Runs code cells one after another in one namespace, like a kernel session."""

    namespace: dict[str, Any] = field(default_factory=lambda: {"__name__": "__lesson__"})

    def run(self, code: str, name: str = "<cell>") -> Output:
        tree = ast.parse(code, filename=name)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        assert last is None or isinstance(last, ast.Expr)
        out = io.StringIO()
        value = None
        with contextlib.redirect_stdout(out):
            if tree.body:
                exec(compile(tree, name, "exec"), self.namespace)  # noqa: S102 (the kit's own lesson code)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, "eval"), self.namespace)  # noqa: S307
        return Output(value, out.getvalue())


def run_cells(nb: Notebook, name: str = "lesson") -> Iterator[tuple[Cell, Output | None]]:
    """Each cell with what it showed (None for Markdown cells), code run in order."""
    runner = Runner()
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            yield cell, None
        elif "raises-exception" in cell.get("metadata", {}).get("tags", ()):
            # A cell meant to show an error (Jupyter's tag, which nbmake honours too): its error is
            # what it shows.
            try:
                yield cell, runner.run(source(cell), f"<{name} cell {i}>")
            except Exception as err:  # noqa: BLE001 (the cell says it raises)
                yield cell, Output(err)
        else:
            yield cell, runner.run(source(cell), f"<{name} cell {i}>")
