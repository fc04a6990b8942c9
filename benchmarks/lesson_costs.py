"""Where a lesson's time over its imports goes: ``python benchmarks/lesson_costs.py [NAME ...]``.

Each lesson runs in a fresh Python process, in an IPython shell (so each cell's result is
formatted for display, as in a kernel, without the kernel's messaging): first its import lines,
timed, then its other cells under ``cProfile``. Prints, per lesson, the import time, the time of
the other cells, and inside them the time spent in a few places (inclusive, so they overlap):
the engine (``apply``), pandas Styler rendering, the tables written directly, widget construction, board pictures and first
imports of modules the lesson's imports didn't load.

The widgets behave as in a kernel that nothing shows (as in ``notebooks_bench``): they render
their content on their first view (``mtgrules.widgets.shown``). The column "first views ms" is
what those first views cost afterwards (every widget a cell shows, filled as a front end's view
would), which a learner's kernel spends after the cells have run.

The last two columns come from a second fresh process that runs the same cells without the
profiler (which inflates Python-heavy code about twofold): their wall time, and the part of it
spent playing the lesson's boards (every action a timeline or a verb applies, clocked around the
engine's ``apply``). Playing the boards is the least a lesson can do; the benchmark's floor for
a lesson's number of cells plus that part, over its twin, is the lowest ratio the lesson can reach.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

PLACES = {
    "engine (apply)": ("mtgrules/rules/engine.py", "apply"),
    "Styler to_html": ("pandas/io/formats/style.py", "to_html"),
    "tables written directly": ("mtgrules/views/html_table.py", "html_table"),
    "widgets built": ("ipywidgets/widgets/widget.py", "__init__"),
    "board pictures": ("mtgrules/views/board.py", "_draw_board"),
    "PNG encoding": ("matplotlib/figure.py", "savefig"),
    "first imports": ("<frozen importlib._bootstrap>", "_find_and_load"),
}

CHILD = r"""
import cProfile, json, os, pstats, sys, time, nbformat
from IPython.core.interactiveshell import InteractiveShell
places = json.loads(sys.argv[2])
os.chdir(sys.argv[3])
nb = nbformat.read(sys.argv[1], as_version=4)
cells = [c.source for c in nb.cells if c.cell_type == "code"]
import ast
imports = "\n".join(dict.fromkeys(ast.unparse(n) for src in cells for n in ast.parse(src).body
                                  if isinstance(n, ast.Import | ast.ImportFrom)))
mode = sys.argv[4]
shell = InteractiveShell.instance()
shell.displayhook.write_output_prompt = lambda: None
shell.displayhook.write_format_data = lambda *a, **k: None
t = time.perf_counter(); shell.run_cell(imports); t_imp = time.perf_counter() - t
import mtgrules.widgets.shown as shown
shown.in_kernel = lambda: True  # as in a kernel: content rendered on the first view
if mode == "wall":  # no profiler: clock the engine's apply as the timelines and verbs call it
    import mtgrules.play.timeline as timeline, mtgrules.play.verbs as verbs
    played = [0.0]
    def clocked(apply):
        def run(*args, **kwargs):
            start = time.perf_counter()
            try:
                return apply(*args, **kwargs)
            finally:
                played[0] += time.perf_counter() - start
        return run
    timeline.apply, verbs.apply = clocked(timeline.apply), clocked(verbs.apply)
    t = time.perf_counter()
    for src in cells:
        shell.run_cell(src)
    print(json.dumps({"cells": time.perf_counter() - t, "boards": played[0]}))
    sys.exit()
prof = cProfile.Profile()
t = time.perf_counter()
prof.enable()
widgets = []
for src in cells:
    value = shell.run_cell(src).result
    if isinstance(value, shown.FillWhenShown):
        widgets.append(value)
prof.disable()
t_cells = time.perf_counter() - t
stats = pstats.Stats(prof).stats
t = time.perf_counter()
for w in widgets:
    w.fill()
out = {"imports": t_imp, "cells": t_cells, "first views": time.perf_counter() - t}
for label, (file, name) in places.items():
    out[label] = max((v[3] for (f, _l, n), v in stats.items() if f.endswith(file) and n == name), default=0.0)
print(json.dumps(out))
"""


def lesson_costs(path: Path) -> dict[str, float]:
    """The profiled figures, and the unprofiled ones (keys ``wall`` and ``boards``)."""
    def child(mode: str) -> dict[str, float]:
        done = subprocess.run([sys.executable, "-c", CHILD, str(path), json.dumps(PLACES), str(NOTEBOOKS), mode],
                              capture_output=True, text=True, check=True)
        found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        return found
    wall = child("wall")
    return {**child("profile"), "wall": wall["cells"], "boards": wall["boards"]}


def main(names: list[str]) -> int:
    paths = [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if not names or any(n in p.name for n in names)]
    head = ["lesson", "imports ms", "other cells ms", *PLACES, "first views ms", "other cells ms, unprofiled",
            "of which playing the boards ms"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for path in paths:
        c = lesson_costs(path)
        row = [path.stem, f"{1000 * c['imports']:.0f}", f"{1000 * c['cells']:.0f}",
               *(f"{1000 * c[p]:.0f}" for p in PLACES), f"{1000 * c['first views']:.0f}",
               f"{1000 * c['wall']:.0f}", f"{1000 * c['boards']:.0f}"]
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
