"""How long one walkthrough step takes: a Next click until the widgets hold the new HTML.

Measured in the kernel (no browser), on the mana lesson's tour. "Not shown before" is a step's
first visit: its table, narration, events and, with the board, picture are rendered. "Cached" is a
revisit (Prev, then Next again): the stored values are only copied into the widgets. The
engine's own caches are warm in both, as they are in a lesson (playing the step computed them).
"""

from __future__ import annotations

import statistics
import time


def _click_times(w, cached: bool, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        for i in range(1, len(w.timeline)):
            w.go(i - 1)
            if cached:
                w.view(i)  # make sure step i is stored
            else:
                w.clear_cache()
            start = time.perf_counter()
            w.next_button.click()
            times.append(time.perf_counter() - start)
            if w.step != i:
                raise RuntimeError(f"Next went to step {w.step}, not {i}")
    return times


def walkthrough_step(repeats: int = 15) -> list:
    from run import Result  # the benchmark script's record type

    from mtgrules.lessons.mana import mana_tour
    from mtgrules.widgets import Walkthrough

    results = []
    for label, board in (("", False), (", with the board picture", True)):
        w = Walkthrough(mana_tour(), board=board)
        _click_times(w, cached=False, repeats=1)  # warm imports and the engine's caches
        cold = 1000 * statistics.median(_click_times(w, cached=False, repeats=repeats))
        warm = 1000 * statistics.median(_click_times(w, cached=True, repeats=repeats))
        target = "<= 50 ms" if board else "< 100 ms"
        results += [Result(f"Next click, step not shown before{label}", cold, "ms", target),
                    Result(f"Next click, step shown before (cached){label}", warm, "ms", "< 5 ms")]
    return results


bench_walkthrough_step = walkthrough_step
