"""The inputs that hung a kernel (issue 27, section 2), each timed now (CPU time, median of three)
beside the figure the issue measured before the fix. Each took from seconds to many minutes; the aim is an answer in 1 s or
less. The old figures are quoted from issue 27 (the turn-3 tester's runs, on a 2-core machine
shared with other jobs), not measured again: the code they measured would take minutes here.
"""

from __future__ import annotations

import itertools
import json
import os
import statistics
import string
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AIM = "<= 1,000 ms"
SOURCE = "issue 27"


def _median_s(run: Callable[[], float], repeats: int) -> float:
    """Median of the seconds ``run()`` reports (it times only its own work, not its set-up)."""
    run()  # warm caches and imports
    return statistics.median(run() for _ in range(repeats))


def _timed(work: Callable[[], object]) -> float:
    """CPU seconds of ``work()``: the issue's figures are mostly CPU seconds, and on a 2-core
    machine shared by several jobs the wall time says more about the other jobs (the BoardEditor
    click is 0.2 s of CPU and was 0.8 s of wall time while the test suite ran beside it)."""
    start = time.process_time()
    work()
    return time.process_time() - start


# ---------------------------------------------------------------- the boards
def _walker_in_hand(pool: str):
    from mtgrules import Scenario
    s = Scenario("an {X}{X} creature and a mixed pool", step="main1")
    s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", pool)
    return s.state()


def _legal_actions(pool: str) -> float:
    from mtgrules import legal_actions
    from mtgrules.core import mana
    state = _walker_in_hand(pool)  # a fresh state, and the ways to pay forgotten: nothing kept from an earlier run
    mana._payments.cache_clear()
    return _timed(lambda: legal_actions(state))


def _exponential_growth(x: int) -> float:
    from mtgrules import Scenario, cast, pass_priority
    s = Scenario("Exponential Growth", step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    s.mana("Alice", "R" * (x + 2))
    t = s.timeline().do(cast("Alice", growth, x=x, targets=(bears,)))
    return _timed(lambda: t.do(pass_priority("Alice")).do(pass_priority("Bob")))


def _many_keys() -> str:
    """The issue's file: as many distinct one- to three-character keys as fit in a board file."""
    from mtgrules.widgets.board_editor import MAX_JSON_CHARS
    alphabet = string.ascii_letters + string.digits
    parts, total = [], 2
    for key in ("".join(t) for n in (1, 2, 3) for t in itertools.product(alphabet, repeat=n)):
        part = f'"{key}":0'
        if total + len(part) + 1 > MAX_JSON_CHARS:
            break
        parts.append(part)
        total += len(part) + 1
    return "{" + ",".join(parts) + "}"


def _refuse_many_keys(text: str) -> float:
    from mtgrules.widgets import BoardEditor
    editor = BoardEditor()
    seconds = _timed(lambda: editor.load_json(text))
    assert editor.error, "the file was meant to be refused"
    return seconds


def _editor_click(editor) -> float:
    editor.select(3)
    return _timed(lambda: setattr(editor.tapped, "value", not editor.tapped.value))


def _editor_at_its_limit():
    from mtgrules.widgets import BoardEditor
    from mtgrules.widgets.board_editor import MAX_CARDS
    editor = BoardEditor()
    editor.fill()
    cards = [{"card": "Grizzly Bears", "controller": "Bob" if i % 2 else "Alice", "counters": {"+1/+1": i + 1}}
             for i in range(MAX_CARDS)]  # all different: nothing stacks in the picture
    editor.load_json(json.dumps({"title": "400 cards", "cards": cards}))
    assert not editor.error
    return editor


def _combat(n: int) -> tuple[float, float]:
    from mtgrules import Scenario, Step, declare_attackers, legal_actions
    from mtgrules.play.verbs import go_to
    s = Scenario("a big combat", step="main1")
    attackers = [s.add("Grizzly Bears", "Alice") for _ in range(n)]
    for _ in range(n):
        s.add("Grizzly Bears", "Bob")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attackers))
    reach = _timed(lambda: go_to(t, Step.DECLARE_BLOCKERS))
    return reach, _timed(lambda: legal_actions(t.state))


def _tokens(n: int) -> tuple[float, float]:
    from mtgrules import Scenario, cast, pass_priority
    from mtgrules.play.verbs import resolve_top
    from mtgrules.views import board_png
    s = Scenario("thopters", step="main1")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": n})
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)  # Murder: the Walker dies
    trigger = _timed(lambda: resolve_top(t))
    return trigger, _timed(lambda: board_png(t.state))


PEAK_SCRIPT = """
import resource, sys
sys.path.insert(0, sys.argv[1])
from blowups_bench import _tokens
_tokens(10_000)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _tokens_peak_mb() -> float:
    """Peak memory of a fresh process that makes 10,000 Thopters and draws the board (imports
    included: about 100 MB of it is the kit, pandas and matplotlib loading)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", PEAK_SCRIPT, str(ROOT / "benchmarks")], capture_output=True,
                         text=True, check=True, env=env, timeout=600)
    return int(out.stdout.split()[-1]) / 1024  # ru_maxrss is in KiB on Linux


def _picture_of_500() -> float:
    from mtgrules import Scenario
    from mtgrules.views import board_png
    s = Scenario("500 creatures")
    for i in range(500):
        s.add("Grizzly Bears", "Alice" if i % 2 else "Bob")
    state = s.state()
    return _timed(lambda: board_png(state))


def _picture_of_a_long_name() -> float:
    from mtgrules import Scenario
    from mtgrules.views import board_png
    name = "A" * 30_000
    s = Scenario("a long name", players=[name, "Bob"])
    s.add("Forest", name)
    state = s.state()
    return _timed(lambda: board_png(state))


# ---------------------------------------------------------------- the section
def blowups(repeats: int = 3) -> list:
    from run import Result  # the benchmark script's record type

    def pair(figure: str, seconds: float, before_ms: float, before_text: str, unit: str = "ms") -> list:
        now = seconds if unit == "MB" else 1000 * seconds
        return [Result(figure, now, unit, AIM if unit == "ms" else "well under 1,000 MB"),
                Result(f"{figure}: before ({SOURCE}: {before_text})", before_ms, unit)]

    keys = _many_keys()
    editor = _editor_at_its_limit()
    results: list = []
    results += pair("legal_actions, Hangarback Walker with 20 mana of five colours",
                    _median_s(lambda: _legal_actions("WUBRG" * 4), repeats), 5_000, "5 to 8 s")
    results += pair("legal_actions, the same with 25 mana", _median_s(lambda: _legal_actions("WUBRG" * 5), repeats),
                    37_000, "37 s")
    results += pair("legal_actions, the same with 50 mana", _median_s(lambda: _legal_actions("WUBRG" * 10), repeats),
                    200_000, "more than 200 s")
    results += pair("Exponential Growth resolving, X = 1,600", _median_s(lambda: _exponential_growth(1_600), repeats),
                    9_400, "9.4 s")
    results += pair("Exponential Growth resolving, X = 15,000",
                    _median_s(lambda: _exponential_growth(15_000), repeats), 400_000, "more than 400 s")
    results += pair(f"BoardEditor.load_json refusing a {len(keys):,}-character file of {keys.count(':'):,} keys",
                    _median_s(lambda: _refuse_many_keys(keys), repeats), 11_000, "11 to 46 s")
    results += pair("BoardEditor at 400 cards: one 'tapped' click", _median_s(lambda: _editor_click(editor), repeats),
                    2_000, "2 to 3 s")
    combat = [_combat(250) for _ in range(repeats)]
    results += pair("250 attackers v 250 blockers: go_to(declare blockers)",
                    statistics.median(c[0] for c in combat), 13_000, "13 s")
    results += pair("250 attackers v 250 blockers: legal_actions there",
                    statistics.median(c[1] for c in combat), 13_000, "13 s")
    tokens = [_tokens(10_000) for _ in range(repeats)]
    results += pair("10,000 Thopter tokens: the dies trigger resolving", statistics.median(t[0] for t in tokens),
                    35_000, "35 s")
    results += pair("10,000 Thopter tokens: board_png", statistics.median(t[1] for t in tokens), 57_000, "57 s")
    results += pair("10,000 Thopter tokens: peak memory of a fresh process", _tokens_peak_mb(), 1_400, "1.4 GB",
                    unit="MB")
    results += pair("board_png of 500 creatures", _median_s(_picture_of_500, repeats), 3_000, "3 to 4 s")
    results += pair("board_png with a 30,000-character player name", _median_s(_picture_of_a_long_name, repeats),
                    5_000, "about 5 s")
    return results


if __name__ == "__main__":  # python benchmarks/blowups_bench.py: this section alone
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from run import text_table
    print(text_table({"input: what hung a kernel (issue 27, section 2)": blowups()}))
