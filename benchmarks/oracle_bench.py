"""The Oracle compiler's costs: ``import mtgrules`` (which must compile nothing), compiling all the
kit's cards, and the first ``card()`` of a compiled card. Each is measured in fresh interpreters,
so nothing an earlier section loaded is counted; the ratios are taken within this run, against
an interpreter that only starts (``python -c pass``) and against looking up a hand-written card."""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_IMPORT = "import time; t = time.perf_counter(); import mtgrules, sys; print(time.perf_counter() - t, 'lark' in sys.modules)"
_COMPILE_ALL = """
import time, mtgrules
from mtgrules.cards.mtgjson import kit_cards
from mtgrules.cards.oracle.compiler import compile_card
from mtgrules.cards.oracle.parse import _parser
lib = kit_cards(); t = time.perf_counter(); _parser(); grammar = time.perf_counter() - t
names = [n for n, c in lib.cards.items() if c.face_name is None]
t = time.perf_counter()
for n in names:
    compile_card(lib.get(n))
print(grammar, time.perf_counter() - t, len(names))
"""
_PARSE_ALL = """
import time, mtgrules
from mtgrules.cards.mtgjson import kit_cards
from mtgrules.cards.oracle.ir_cache import cached_lines
from mtgrules.cards.oracle.compiler import compile_card
cached_lines.cache_clear(); import mtgrules.cards.oracle.ir_cache as c; c.cached_lines = lambda: {}
lib = kit_cards(); names = [n for n, x in lib.cards.items() if x.face_name is None]
t = time.perf_counter()
for n in names:
    compile_card(lib.get(n))
print(time.perf_counter() - t)
"""
_FIRST_LOOKUP = """
import time, mtgrules
from mtgrules.cards import card
card("Forest"); t = time.perf_counter(); card("Llanowar Elves"); hand = time.perf_counter() - t
t = time.perf_counter(); card("Gallant Cavalry"); first = time.perf_counter() - t
t = time.perf_counter(); card("Venerable Monk"); second = time.perf_counter() - t
print(hand, first, second)
"""


def _run(code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return out.stdout.split()


def oracle(repeats: int = 5) -> list:
    from run import Result

    imports = [float(_run(_IMPORT)[0]) for _ in range(repeats)]
    lark_loaded = _run(_IMPORT)[1] == "True"
    grammar, compile_all, n = (float(x) for x in _run(_COMPILE_ALL))
    parse_all = float(_run(_PARSE_ALL)[0])
    hand, first, second = (float(x) for x in _run(_FIRST_LOOKUP))
    import_s = statistics.median(imports)
    return [
        Result("import mtgrules (fresh interpreter, median)", 1000 * import_s, "ms", "<= 150 ms, compiles nothing"),
        Result("lark loaded by import mtgrules (1 = yes)", float(lark_loaded), "", "0"),
        Result("building the grammar's parser (once per process)", 1000 * grammar, "ms"),
        Result(f"compiling all {n:.0f} cards of the four sets (lines read from ir_cache.json)", compile_all, "s",
               "<= 3 s"),
        Result("the same with every line parsed (no cache: a teacher's imported set)", parse_all, "s"),
        Result("parsing every line over reading it from the cache", parse_all / max(compile_all, 1e-9), "x"),
        Result("the first card() of a compiled card (data read, parser built)", 1000 * first, "ms"),
        Result("a second compiled card", 1000 * second, "ms"),
        Result("a second compiled card over a hand-written card's lookup", second / max(hand, 1e-9), "x"),
    ]
