"""What showing a table or a state costs in a notebook: the work IPython asks of an object each
time a cell ends with it (``DisplayFormatter.format``: every format the object offers).

Two readings of each, both in this run:
- *first in a fresh process*: a child Python that imports the kit, builds the board and times
  the first show, as a learner's first table in a new kernel (pandas loads its HTML writer then);
- *after that*: the median of many shows in this process.

The before-and-after pairs are a view's table as the kit shows it (``ViewTable``, written by
:mod:`mtgrules.views.html_table`) against the same table as a plain DataFrame (pandas' own HTML
and text), and a game state (its table) against the board picture it used to draw as well.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from run import Result, crowded_board, median_ms

ROOT = Path(__file__).resolve().parents[1]

_FIRST_SHOW = """
import json, sys, time
sys.path.insert(0, {bench!r})
from IPython.core.formatters import DisplayFormatter
import pandas as pd
from run import crowded_board
from mtgrules.views import board_png, state_table
state = crowded_board()
show = DisplayFormatter().format
table = state_table(state)
what = {{"kit": lambda: show(table), "pandas": lambda: show(pd.DataFrame(table)),
         "state": lambda: show(state), "picture": lambda: board_png(state)}}[sys.argv[1]]
start = time.perf_counter()
what()
print(json.dumps((time.perf_counter() - start) * 1000))
"""


def _first_show_ms(what: str, repeats: int) -> float:
    """Median over ``repeats`` fresh processes of the first show of ``what``."""
    times = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, "-c", _FIRST_SHOW.format(bench=str(ROOT / "benchmarks")), what],
                             capture_output=True, text=True, check=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
        times.append(json.loads(out.stdout.strip().splitlines()[-1]))
    times.sort()
    return times[len(times) // 2]


def shown_in_a_notebook(repeats: int = 60, fresh: int = 5) -> list[Result]:
    import pandas as pd
    from IPython.core.formatters import DisplayFormatter

    from mtgrules.views import board_png, state_table

    state = crowded_board()
    show = DisplayFormatter().format
    table = state_table(state)
    plain = pd.DataFrame(table)
    kit, theirs = median_ms(lambda: show(table), repeats), median_ms(lambda: show(plain), repeats)
    shown_state = median_ms(lambda: show(state), repeats)
    picture = median_ms(lambda: board_png(state), max(repeats // 4, 5))
    first = {what: _first_show_ms(what, fresh) for what in ("kit", "pandas", "state", "picture")}
    return [
        Result("state table shown, first in a fresh process: as the kit shows it (ViewTable)", first["kit"], "ms"),
        Result("state table shown, first in a fresh process: as pandas shows a DataFrame", first["pandas"], "ms"),
        Result("state table shown, after that: as the kit shows it", kit, "ms"),
        Result("state table shown, after that: as pandas shows a DataFrame", theirs, "ms"),
        Result("ratio pandas / kit, after the first", theirs / kit, "×"),
        Result("a game state shown (its table), first in a fresh process", first["state"], "ms"),
        Result("a game state shown (its table), after that", shown_state, "ms"),
        Result("its board picture (board_png), which showing a state also drew before, first in a fresh process",
               first["picture"], "ms"),
        Result("its board picture (board_png), after that", picture, "ms"),
    ]
