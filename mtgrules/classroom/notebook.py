"""Reading the lesson notebooks: which cells are for whom, and running their code in-process.

Cells carry their role in metadata under ``"mtgrules"``:

* ``{"static": "module:function"}`` -- a generated step table (see :mod:`mtgrules.lessons.static`);
* ``{"ruling": "ID"}`` -- a generated ruling quote;
* ``{"casting": "module:function"}`` -- a generated table of the substeps of casting a spell
  (601.2a-i), shown as the Markdown it holds;
* ``{"layers": "module:function"}`` -- a generated layer view of one object (613), shown as the
  Markdown it holds;
* ``{"quiz": "module"}`` -- a lesson's quiz printed as Markdown (with ``only: no-kernel``: the
  ``Quiz`` widget asks it where a kernel runs);
* ``{"only": "notebook"}`` -- instructions for someone running the cells themselves ("Run the
  cells from the top"): hidden in the presentation and the handouts, which run them for you;
* ``{"only": "no-kernel"}`` -- text and tables that stand in for widgets where no kernel runs
  (GitHub): hidden wherever the widgets, or the handouts' own steppers, are shown.

The runner executes the kit's own lesson notebooks the way a kernel would (as ``jupyter
nbconvert --execute`` does); point it only at notebooks you trust.

A teacher's notebook with a mistake (not JSON, a cell whose metadata names a ruling or a board the
kit doesn't have, a cell whose code fails) is refused with :class:`NotebookError`, one sentence
naming the notebook and the cell, so ``python -m mtgrules handouts`` prints one line, not the
builder's call stack.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from mtgrules.core.errors import MtgRulesError

Cell = dict[str, Any]
Notebook = dict[str, Any]

ONLY_NOTEBOOK = "notebook"
ONLY_NO_KERNEL = "no-kernel"
ONLY_VALUES = (ONLY_NOTEBOOK, ONLY_NO_KERNEL)


class NotebookError(MtgRulesError, ValueError):
    """A lesson notebook the kit can't read or run. The sentence names the notebook, the cell
    (counted from 1, top to bottom, as a teacher counts them) and what went wrong; a cell's own
    error is the cause (``err.__cause__``), with its traceback."""


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


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
    """A notebook file, checked to be one: JSON, an object whose "cells" is a list of objects,
    each with its text and metadata in the form Jupyter writes. Anything else is a
    :class:`NotebookError` naming the file and the cell; a file that can't be opened is an ``OSError``."""
    try:
        nb = json.loads(Path(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError as err:
        raise NotebookError(f"{path}: not UTF-8 text (byte {err.start}); a notebook is saved as UTF-8 JSON") from None
    except json.JSONDecodeError as err:
        raise NotebookError(f"{path}: not valid JSON ({err.msg} at line {err.lineno}, column {err.colno}); "
                            "a notebook is a JSON file, as Jupyter saves it") from None
    except RecursionError:
        raise NotebookError(f"{path}: lists or objects nested too deeply to be a notebook") from None
    if not isinstance(nb, dict):
        raise NotebookError(f"{path}: a notebook is a JSON object with a list of \"cells\", not {_json_type(nb)}")
    cells = nb.get("cells")
    if not isinstance(cells, list):
        raise NotebookError(f"{path}: a notebook's \"cells\" is a list of cells, not {_json_type(cells)}")
    for n, cell in enumerate(cells, 1):
        _check_cell(cell, f"{path}, cell {n}")
    return nb


def _check_cell(cell: Any, where: str) -> None:
    """One cell in the form Jupyter writes: an object with a cell_type, its text as a string or a
    list of strings, and metadata (the kit's under "mtgrules") as objects."""
    if not isinstance(cell, dict):
        raise NotebookError(f"{where}: a cell is a JSON object, not {_json_type(cell)}")
    if not isinstance(cell.get("cell_type"), str):
        raise NotebookError(f"{where}: a cell's \"cell_type\" is \"markdown\" or \"code\", not "
                            f"{_json_type(cell.get('cell_type'))}")
    text = cell.get("source", "")
    if not (isinstance(text, str) or (isinstance(text, list) and all(isinstance(line, str) for line in text))):
        raise NotebookError(f"{where}: a cell's \"source\" is its text, a string or a list of strings")
    info = cell.get("metadata", {})
    if not isinstance(info, dict) or not isinstance(info.get("mtgrules", {}), dict):
        raise NotebookError(f"{where}: a cell's \"metadata\" (and the kit's part of it, \"mtgrules\") is a JSON object")


def check_roles(nb: Notebook, path: Path | str) -> None:
    """The kit's metadata of every cell names what the kit has: an ``only`` it knows, a ruling in
    its catalog, a lesson board (``static``) that exists. Checked before anything runs, so a mistake
    is named with its cell rather than met halfway through a build."""
    from mtgrules.catalog.rulings import ruling
    from mtgrules.lessons.static import check_key
    for n, cell in enumerate(nb.get("cells", []), 1):
        where = f"{path}, cell {n}"
        try:
            only(cell)
        except ValueError as err:
            raise NotebookError(f"{where}: {err}") from None
        info = meta(cell)
        try:
            if "ruling" in info:
                ruling(info["ruling"])
            for generated in ("static", "casting", "layers"):
                if generated in info:
                    check_key(info[generated])
            if "quiz" in info:
                from mtgrules.lessons.quizzes import quiz_module
                quiz_module(info["quiz"])
        except (MtgRulesError, ValueError, LookupError) as err:
            raise NotebookError(f"{where}: {err}") from None


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


def run_cells(nb: Notebook, name: str = "lesson", where: str = "") -> Iterator[tuple[Cell, Output | None]]:
    """Each cell with what it showed (None for Markdown cells), code run in order. A cell whose
    code fails (and isn't tagged to) stops the run with :class:`NotebookError`, naming the cell by
    ``where`` (the notebook's path; ``name`` by default) and the line of the cell that failed."""
    runner = Runner()
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            yield cell, None
            continue
        code, filename = source(cell), f"<{name} cell {i}>"
        if "raises-exception" in cell.get("metadata", {}).get("tags", ()):
            # A cell meant to show an error (Jupyter's tag, which nbmake honours too): its error is
            # what it shows.
            try:
                out = runner.run(code, filename)
            except Exception as err:  # noqa: BLE001 (the cell says it raises)
                out = Output(err)
        else:
            try:
                out = runner.run(code, filename)
            except Exception as err:  # the cell's own error, said as the cell's, not the runner's stack
                raise NotebookError(f"{where or name}, cell {i + 1}: {cell_failure(err, filename)}") from err
        yield cell, out


def cell_failure(err: BaseException, filename: str) -> str:
    """What went wrong in a cell, in a sentence: the error and the line of the cell it came from."""
    if isinstance(err, SyntaxError) and err.filename == filename:
        return (f"the cell's code doesn't parse: {err.msg} (line {err.lineno}, column {err.offset} of the cell)")
    line = None
    tb: TracebackType | None = err.__traceback__
    while tb is not None:  # the last line of the cell's own code on the way to the error
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    at = f" (line {line} of the cell)" if line is not None else ""
    message = str(err).splitlines()[0][:300] if str(err) else ""
    return f"the cell raised {type(err).__name__}{': ' + message if message else ''}{at}"
