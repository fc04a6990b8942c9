"""How long each lesson takes to run, relative to a notebook that only imports what it imports.

Both notebooks run on a fresh python3 kernel of the same kind, in the same run, alternating, so
machine noise hits both alike; kernel start-up is left out of both timings. The ratio is what
the lessons add on top of loading pandas, matplotlib and ipywidgets. Aim: under 1.5.
"""

from __future__ import annotations

import ast
import statistics
import time
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


def execute_seconds(nb: nbformat.NotebookNode) -> float:
    """Seconds to run every cell, kernel start-up excluded."""
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    with client.setup_kernel():
        start = time.perf_counter()
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                client.execute_cell(cell, i)
        return time.perf_counter() - start


def notebook_ratios(repeats: int = 3) -> list:
    from run import Result  # the benchmark script's record type
    results = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        lesson = nbformat.read(path, as_version=4)
        baseline = imports_only(lesson)
        lesson_t, base_t = [], []
        for _ in range(repeats):
            base_t.append(execute_seconds(baseline))
            lesson_t.append(execute_seconds(nbformat.read(path, as_version=4)))
        ratio = statistics.median(lesson_t) / statistics.median(base_t)
        results += [Result(f"{path.name}: run / imports only", ratio, "×", "< 1.5"),
                    Result(f"{path.name}: run", statistics.median(lesson_t) * 1000, "ms")]
    return results
