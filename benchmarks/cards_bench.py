"""The card data: reading the four sets, searching every card in the BoardEditor, and the memory
a kernel holds once the sets are loaded.

"Keystroke" is what the editor's card box runs in the kernel for each character typed
(``BoardEditor._searched``: the best matches among every card's name, put in the box's list, and
the card panel once the name is whole), timed over the prefixes of a few names as a learner types
them. The memory figures come from fresh interpreters, so nothing earlier in the run is counted:
one that only imports the kit and one that also reads the four sets (and, when a card source such
as the Oracle compiler is installed, compiles every card by looking it up).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPED = ("Chandra's Flame Wave", "grizzly bears", "ugin spirit", "Colossal Dreadmaw", "serra angel", "zzz")


def _all_names_searchable() -> str:
    """Make sure the search sees every card of the data: without a card source over the data
    (before the Oracle compiler is installed) the data's names are added for the measurement."""
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.core import carddef
    data = [n for n, c in kit_cards().cards.items() if c.face_name is None]
    if len(set(data) - set(carddef.all_card_names())) > 0:
        carddef.NAME_SOURCES.append(lambda: data)
        return " (the data's names added: no card source installed)"
    return ""


def keystrokes(repeats: int = 5) -> list:
    from run import Result

    from mtgrules.cards.mtgjson import kit_cards, reset_kit_cards
    from mtgrules.core.carddef import all_card_names
    from mtgrules.widgets import BoardEditor
    from mtgrules.widgets.card_search import search_names

    loads = []
    for _ in range(3):
        reset_kit_cards()
        start = time.perf_counter()
        kit_cards()
        loads.append(1000 * (time.perf_counter() - start))
    load = statistics.median(loads)
    note = _all_names_searchable()
    names = len(all_card_names())
    e = BoardEditor()
    e.search.value = "x"  # widgets and the name index made
    from mtgrules.core.carddef import CARD_POOL
    pool = sorted(CARD_POOL)  # 0.1's hand-written pool, the whole search before the card data
    times, search_only, pool_only = [], [], []
    for _ in range(repeats):
        for typed in TYPED:
            for n in range(1, len(typed) + 1):
                start = time.perf_counter()
                e.search.value = typed[:n]
                times.append(time.perf_counter() - start)
                start = time.perf_counter()
                search_names(typed[:n])
                search_only.append(time.perf_counter() - start)
                start = time.perf_counter()
                search_names(typed[:n], pool)
                pool_only.append(time.perf_counter() - start)
                search_names(typed[:n])  # the index back to every card
    times.sort()
    return [
        Result("reading the four sets (kit_cards(), first call in a process; median of 3)", load, "ms"),
        Result(f"names searched{note}", names, "cards"),
        Result("BoardEditor card box, one keystroke (median)", 1000 * statistics.median(times), "ms", "<= 50 ms"),
        Result("BoardEditor card box, one keystroke (95th percentile)", 1000 * times[int(0.95 * len(times))], "ms",
               "<= 50 ms"),
        Result("search_names alone, one keystroke (median)", 1000 * statistics.median(search_only), "ms"),
        Result(f"ratio: search_names over every card / over the {len(pool)}-card pool",
               statistics.median(search_only) / statistics.median(pool_only), "×"),
    ]


_MEASURE = r"""
import gc, json, sys, tracemalloc
def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:")) / 1024
tracemalloc.start()
import mtgrules, mtgrules.cards
gc.collect()
out = {"rss_before": rss(), "traced_before": tracemalloc.get_traced_memory()[0] / 2**20}
if sys.argv[1] != "none":
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.core import carddef
    lib = kit_cards()
    compiled = 0
    if sys.argv[1] == "compiled" and carddef.CARD_SOURCES:
        for name, c in lib.cards.items():
            try:
                carddef.card(name)
                compiled += 1
            except Exception:
                pass
    out["compiled"] = compiled
gc.collect()
out["rss_after"] = rss()
out["traced_after"] = tracemalloc.get_traced_memory()[0] / 2**20
print(json.dumps(out))
"""


def _measure(what: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", _MEASURE, what], capture_output=True, text=True, cwd=ROOT,
                          check=True, timeout=300)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def memory() -> list:
    from run import Result

    bare, loaded, compiled = _measure("none"), _measure("data"), _measure("compiled")
    rss = loaded["rss_after"] - bare["rss_after"]
    traced = loaded["traced_after"] - loaded["traced_before"]
    out = [
        Result("kernel memory with the four sets read, over one without (RSS)", rss, "MB", "<= 40 MB"),
        Result("the same, Python objects allocated and kept (tracemalloc)", traced, "MB", "<= 40 MB"),
    ]
    if compiled.get("compiled"):
        out.append(Result(f"with all {compiled['compiled']:.0f} cards compiled too, over one without (RSS)",
                          compiled["rss_after"] - bare["rss_after"], "MB", "<= 40 MB"))
    return out


bench_keystrokes = keystrokes
bench_memory = memory
