"""How long each lesson takes to run, relative to a notebook that only imports what it imports.

Both notebooks run on a fresh python3 kernel of the same kind, in the same run, alternating, so
machine noise hits both alike; kernel start-up is left out of both timings. The ratio is what
the lessons add on top of loading pandas, matplotlib and ipywidgets. Aim: at most 1.3. Each
lesson kernel's peak RSS is read from the kernel after its cells ran.

For scale, two more notebooks are timed with them: the twin followed by as many empty cells
(``pass``) as the lesson has code cells after the first, and the twin followed by as many cells
that each show a one-line result (``1``). The first ratio is the floor a lesson of that many cells
can reach however fast its cells are (each cell is a round trip to the kernel); the second adds
what ipykernel spends on one output per cell (formatting it, flushing the output streams, sending
the message), which every lesson cell that shows something pays before any of the kit's work.
Both are reported beside the ratio, never instead of it.

Before timing, the kit's bytecode is compiled (``compileall``): what a pip install does, and what a
kernel does itself on first import unless ``PYTHONDONTWRITEBYTECODE`` is set, as it is on this
machine. Without it, every module whose ``.pyc`` is missing or older than its source is compiled
again in every kernel: in both notebooks for the imports, which flatters the ratio, and in the
lesson alone for the modules it imports later (the answer key, ~7 ms), which penalises it.

The ratio is the median lesson time over the median twin time. Each lesson run is also divided by
the twin run made just before it, and the lowest and highest of those pair ratios are reported: on
this shared two-core machine the twin alone moves by a third from run to run, and the spread says
how far a single ratio can be trusted.

Inside every run the kernel also clocks its own time in each cell (IPython's ``pre_run_cell`` to
``post_run_cell``: running the cell and formatting its result, not the messages around it). The
sum over a lesson's cells after the imports is the kit's work plus IPython's share per cell, and
moves far less from run to run than the wall times; the same sum for the cells showing ``1`` is
IPython's share alone.

The lessons are the ones the catalog lists (``mtgrules.catalog.lessons``), so a lesson added there
is timed without touching this file, and a learner's notebook saved in ``notebooks/`` is not.

"Run All in a warm kernel" (its own section): Run All twice in one kernel, the second timed, which
is what a teacher waits for on running a lesson again: the imports and the kit's caches are loaded,
so it is the lesson's cells alone. It is set beside the imports-only twin on a started kernel in
the same run, and the first Run All of that kernel (imports included) is reported with it. Like
every figure here it is the kernel's side: a front end drawing the outputs is not in it (the
walk-throughs fill on their first view, see ``mtgrules.widgets.shown``, and the Voila section
times that in a browser).
"""

from __future__ import annotations

import ast
import compileall
import copy
import json
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def imports_only(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A notebook with one code cell holding every import statement of ``nb``."""
    lines = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            for node in ast.parse(cell.source).body:
                if isinstance(node, ast.Import | ast.ImportFrom):
                    lines.append(ast.unparse(node))
    out = nbformat.v4.new_notebook(metadata=nb.metadata)
    out.cells = [nbformat.v4.new_code_cell("\n".join(dict.fromkeys(lines)))]
    return out


def empty_cells(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The imports-only twin of ``nb`` followed by one empty cell for each further code cell of ``nb``."""
    out = imports_only(nb)
    n = sum(cell.cell_type == "code" for cell in nb.cells)
    out.cells += [nbformat.v4.new_code_cell("pass") for _ in range(n - 1)]
    return out


def shown_cells(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The imports-only twin of ``nb`` followed by one cell showing ``1`` for each further code cell of ``nb``."""
    out = imports_only(nb)
    n = sum(cell.cell_type == "code" for cell in nb.cells)
    out.cells += [nbformat.v4.new_code_cell("1") for _ in range(n - 1)]
    return out


# Run before the timed cells, in every notebook alike: time each cell inside the kernel, from
# IPython's pre_run_cell to its post_run_cell event (compiling, running and formatting the cell's
# result; not the messages around it). A few microseconds a cell. Once the kit's play modules are
# loaded (by a lesson's imports, never by this cell: that would shorten the timed imports), the
# engine's ``apply`` as the timelines and verbs call it is clocked too: the time the lesson spends
# playing its boards, the least work a lesson can do.
CELL_CLOCK = """
import sys as _mtg_sys, time as _mtg_t
_mtg_cells = []
_mtg_play = [0.0]
def _mtg_clock_apply():
    for name in ("mtgrules.play.timeline", "mtgrules.play.verbs"):
        mod = _mtg_sys.modules.get(name)
        if mod is not None and not getattr(mod.apply, "_mtg_clocked", False):
            def run(*args, _inner=mod.apply, **kwargs):
                start = _mtg_t.perf_counter()
                try:
                    return _inner(*args, **kwargs)
                finally:
                    _mtg_play[0] += _mtg_t.perf_counter() - start
            run._mtg_clocked = True
            mod.apply = run
def _mtg_pre(info):
    _mtg_clock_apply()
    _mtg_cells.append(-_mtg_t.perf_counter())
def _mtg_post(result):
    _mtg_cells[-1] += _mtg_t.perf_counter()
get_ipython().events.register("pre_run_cell", _mtg_pre)
get_ipython().events.register("post_run_cell", _mtg_post)
"""
PROBE = """import json, resource
print(json.dumps({"rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "cells": _mtg_cells[:-1],
                  "play": _mtg_play[0]}))"""
"""Asked of the kernel after the timed cells: its peak RSS, the clock's list (less this cell) and the
time spent playing boards."""


def execute_seconds(nb: nbformat.NotebookNode) -> float:
    """Seconds to run every cell, kernel start-up excluded."""
    return execute(nb).seconds


@dataclass(frozen=True)
class Run:
    """One notebook run: wall seconds for every cell (kernel start-up excluded), the kernel's peak
    RSS in MB, the seconds the kernel spent inside the cells after the first (the imports), and
    the seconds of those spent playing boards (the engine's ``apply``, see ``CELL_CLOCK``)."""

    seconds: float
    peak_mb: float
    in_kernel_after_imports: float
    playing: float = 0.0


def execute(nb: nbformat.NotebookNode) -> Run:
    """Run every code cell of ``nb`` on a fresh kernel; the clock and the probe run untimed."""
    nb = copy.deepcopy(nb)
    lesson_cells = list(enumerate(nb.cells))
    clock, probe = nbformat.v4.new_code_cell(CELL_CLOCK), nbformat.v4.new_code_cell(PROBE)
    nb.cells += [clock, probe]  # nbclient writes each executed cell back into the notebook by index
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        client.execute_cell(clock, len(nb.cells) - 2)
        start = time.perf_counter()
        for i, cell in lesson_cells:
            if cell.cell_type == "code":
                client.execute_cell(cell, i)
        seconds = time.perf_counter() - start
        client.execute_cell(probe, len(nb.cells) - 1)
        text = "".join(o.get("text", "") for o in probe.outputs if o.get("output_type") == "stream")
        found = json.loads(text)
        # ru_maxrss is in kB on Linux. The clock's list: the imports cell first, the probe last.
        return Run(seconds, found["rss"] / 1024, sum(found["cells"][1:]), found["play"])


def fresh_bytecode() -> None:
    """Compile every module of the kit that has no up-to-date ``.pyc`` (see the module's docstring)."""
    import mtgrules
    compileall.compile_dir(Path(mtgrules.__file__).parent, quiet=1)


def lesson_paths() -> list[Path]:
    """The kit's lessons as the catalog lists them (``mtgrules.catalog.lessons``), not every notebook
    in the folder: a learner's own notebook saved beside them is not the kit's to time."""
    from mtgrules.catalog.lessons import lesson_names
    return [NOTEBOOKS / f"{name}.ipynb" for name in lesson_names()]


def run_all_twice(nb: nbformat.NotebookNode) -> tuple[float, float]:
    """Seconds for Run All on a started kernel, then for Run All again in that same (now warm) kernel.

    The second is what a teacher waits for after running the lesson once: the imports are loaded
    and the kit's caches are filled, so it is the lesson's own cells. Kernel start-up is left out."""
    nb = copy.deepcopy(nb)
    cells = [(i, cell) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"]
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    times = []
    with client.setup_kernel():
        for _ in range(2):
            start = time.perf_counter()
            for i, cell in cells:
                client.execute_cell(cell, i)
            times.append(time.perf_counter() - start)
    return times[0], times[1]


def warm_run_all(repeats: int = 5) -> list:
    """Run All of each lesson in a warm kernel (the second Run All in one kernel), beside the
    imports-only twin run on a started kernel, alternating in the same run (see the module's
    docstring). Aim: every lesson at or under 3 s in a warm kernel."""
    from run import Result  # the benchmark script's record type
    fresh_bytecode()
    results = []
    for path in lesson_paths():
        lesson = nbformat.read(path, as_version=4)
        baseline = imports_only(lesson)
        first_t, warm_t, base_t = [], [], []
        for _ in range(repeats):
            base_t.append(execute_seconds(baseline))
            first, warm = run_all_twice(lesson)
            first_t.append(first)
            warm_t.append(warm)
        base = statistics.median(base_t)
        pairs = [w / b for w, b in zip(warm_t, base_t, strict=True)]
        results += [Result(f"{path.name}: Run All in a warm kernel / imports only", statistics.median(warm_t) / base, "×"),
                    Result(f"{path.name}: Run All in a warm kernel / imports only, lowest and highest of the "
                           f"{repeats} pairs", min(pairs), f"× to {max(pairs):.2f} ×"),
                    Result(f"{path.name}: Run All on a started kernel / imports only",
                           statistics.median(first_t) / base, "×"),
                    Result(f"{path.name}: Run All in a warm kernel", statistics.median(warm_t) * 1000, "ms",
                           "<= 3,000 ms"),
                    Result(f"{path.name}: Run All on a started kernel", statistics.median(first_t) * 1000, "ms"),
                    Result(f"{path.name}: imports only, on a started kernel", base * 1000, "ms")]
    return results


def notebook_ratios(repeats: int = 7) -> list:
    from run import Result  # the benchmark script's record type
    fresh_bytecode()
    results = []
    for path in lesson_paths():
        lesson = nbformat.read(path, as_version=4)
        baseline = imports_only(lesson)
        floor = empty_cells(lesson)
        outputs = shown_cells(lesson)
        lesson_t, base_t, floor_t, outputs_t, rss, kit_k, outputs_k, play_k = [], [], [], [], [], [], [], []
        for _ in range(repeats):
            base_t.append(execute_seconds(baseline))
            run = execute(nbformat.read(path, as_version=4))
            lesson_t.append(run.seconds)
            rss.append(run.peak_mb)
            kit_k.append(run.in_kernel_after_imports)
            play_k.append(run.playing)
            floor_t.append(execute_seconds(floor))
            shown = execute(outputs)
            outputs_t.append(shown.seconds)
            outputs_k.append(shown.in_kernel_after_imports)
        ratio = statistics.median(lesson_t) / statistics.median(base_t)
        pairs = [lt / bt for lt, bt in zip(lesson_t, base_t, strict=True)]  # each lesson run over the twin run beside it
        cells = len(floor.cells) - 1
        results += [Result(f"{path.name}: run / imports only", ratio, "×", "<= 1.3"),
                    Result(f"{path.name}: run / imports only, lowest and highest of the {repeats} pairs",
                           min(pairs), f"× to {max(pairs):.2f} ×"),
                    Result(f"{path.name}: floor, imports + {cells} empty cells / imports only",
                           statistics.median(floor_t) / statistics.median(base_t), "×"),
                    Result(f"{path.name}: floor with outputs, imports + {cells} cells showing 1 / imports only",
                           statistics.median(outputs_t) / statistics.median(base_t), "×"),
                    Result(f"{path.name}: lowest reachable, floor with outputs + playing the boards / imports only",
                           (statistics.median(outputs_t) + statistics.median(play_k)) / statistics.median(base_t), "×"),
                    Result(f"{path.name}: run", statistics.median(lesson_t) * 1000, "ms"),
                    Result(f"{path.name}: imports only", statistics.median(base_t) * 1000, "ms"),
                    Result(f"{path.name}: in the kernel, the {cells} cells after the imports",
                           statistics.median(kit_k) * 1000, "ms"),
                    Result(f"{path.name}: in the kernel, of which playing the boards",
                           statistics.median(play_k) * 1000, "ms"),
                    Result(f"{path.name}: in the kernel, the {cells} cells showing 1",
                           statistics.median(outputs_k) * 1000, "ms"),
                    Result(f"{path.name}: kernel peak RSS", max(rss), "MB")]
    return results
