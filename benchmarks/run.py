"""Benchmarks for the kit, all printed by one run: ``python benchmarks/run.py``.

Each section is a function that measures something and returns its figures; ``SECTIONS`` lists
them in order. To add a section, write a function returning ``list[Result]`` and append
``(name, function)`` to ``SECTIONS``. ``--only TEXT`` runs the sections whose name contains TEXT;
``--write-docs`` rewrites each measured section's block in ``docs/benchmarks.md`` (blocks of
other sections are left alone, so sections can be re-measured one at a time).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mtgrules import GameState, PassPriority, Scenario, activate, apply, legal_actions

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "benchmarks.md"
MACHINE_NOTE = f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}"


@dataclass(frozen=True)
class Result:
    """One measured figure, with the unit it is in and, if it has one, the target it aims at."""

    figure: str
    value: float
    unit: str
    target: str = ""

    def value_text(self) -> str:
        if self.unit == "ms":
            return f"{self.value:.2f}"
        return f"{self.value:,.0f}" if self.value >= 100 else f"{self.value:.2f}"


Section = tuple[str, Callable[[], list[Result]]]


# ---------------------------------------------------------------- boards
def mana_board() -> GameState:
    """Lands, Llanowar Elves, Reflecting Pool and Mana Reflection, plus spells to cast."""
    s = Scenario("benchmark board")
    for name in ("Forest", "Forest", "Swamp", "Llanowar Elves", "Reflecting Pool", "Mana Reflection"):
        s.add(name, "Alice")
    for name in ("Forest", "Island", "Llanowar Elves", "Reflecting Pool"):
        s.add(name, "Bob")
    s.add("Grizzly Bears", "Alice", zone="hand")
    s.add("Giant Growth", "Alice", zone="hand")
    s.add("Giant Growth", "Bob", zone="hand")
    return s.state()


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    """Median wall time of fn() in ms, after one warm-up call (caches, imports)."""
    fn()                                                   # warm caches and imports first
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


# ---------------------------------------------------------------- sections
def _random_play(legal: Callable[[GameState], list], actions: int, seed: int, limit: int) -> tuple[float, float, int]:
    """Seconds in total and in ``apply`` for ``actions`` random legal actions on the mana board."""
    rng = random.Random(seed)
    start = state = mana_board()
    played = since_reset = 0
    apply_time = 0.0
    began = time.perf_counter()
    while played < actions:
        options = legal(state)
        if since_reset >= limit or not any(not isinstance(a, PassPriority) for a in options):
            state, since_reset = start, 0
            continue
        action = rng.choice(options)
        t0 = time.perf_counter()
        state, _ = apply(state, action)
        apply_time += time.perf_counter() - t0
        played += 1
        since_reset += 1
    return time.perf_counter() - began, apply_time, played


def engine_random_play(actions: int = 400, seed: int = 1, limit: int = 50, repeats: int = 7) -> list[Result]:
    """Random legal play: choose among ``legal_actions`` with a seeded RNG and apply the choice.

    The game restarts from the board when only passing is left or after ``limit`` actions, so
    the figure measures mana abilities and casting rather than empty turns. The same play with
    ``legal_actions_reference`` (the try-every-candidate implementation) is timed in the same
    run: both list the same actions, so the seeded choices are the same. Each is played
    ``repeats`` times, alternating, and the medians are reported (one burst of load on a shared
    machine would otherwise decide the figure). The fastest of the runs is reported beside them:
    this machine's speed moves by a third from minute to minute, and the fastest run is the one
    least slowed by anything else (the targets are judged on the medians).
    """
    from mtgrules.rules.legal import legal_actions_reference

    _random_play(legal_actions, 50, seed, limit)  # warm the card caches
    runs, ref_runs = [], []
    for _ in range(repeats):
        runs.append(_random_play(legal_actions, actions, seed, limit))
        ref_runs.append(_random_play(legal_actions_reference, actions, seed, limit)[0])
    total = statistics.median(r[0] for r in runs)
    in_apply = statistics.median(r[1] for r in runs)
    played = runs[0][2]
    ref_total = statistics.median(ref_runs)
    return [Result("actions per second (legal_actions + apply)", played / total, "actions/s", ">= 5,000"),
            Result("actions per second (apply alone)", played / in_apply, "actions/s", ">= 15,000"),
            Result(f"actions per second, fastest of the {repeats} runs (legal_actions + apply)",
                   played / min(r[0] for r in runs), "actions/s"),
            Result(f"actions per second, fastest of the {repeats} runs (apply alone)",
                   played / min(r[1] for r in runs), "actions/s"),
            Result("actions per second (legal_actions_reference + apply)", played / ref_total, "actions/s"),
            Result("speed-up of random play over the reference", ref_total / total, "×"),
            Result("actions played", played, "actions")]


def crowded_board() -> GameState:
    """Twelve permanents a side, the most a lesson board is expected to hold."""
    s = Scenario("crowded benchmark board")
    names = ("Forest", "Llanowar Elves", "Reflecting Pool", "Hangarback Walker", "Lord of the Accursed",
             "Mana Reflection", "Grizzly Bears", "Walking Corpse", "Vivid Crag", "Exotic Orchard",
             "Fellwar Stone", "Swamp")
    for player in ("Alice", "Bob"):
        for name in names:
            s.add(name, player)
    return s.state()


def highlighted_table(repeats: int = 60) -> list[Result]:
    """One step's highlighted state table as HTML: as a notebook shows it (``frame_table``'s
    StepTable, written directly) and as a pandas Styler (``highlight``), next to the bare table.

    The same two states are rendered each time, so their characteristics cache is warm, as it
    is in a walk-through (the engine computed them while playing the step).
    """
    from mtgrules.views import highlight, state_table
    from mtgrules.views.tables import StepTable

    results = []
    for label, board in (("", mana_board()), (", 12 a side", crowded_board())):
        before = board
        after, _ = apply(before, activate("Alice", 1))
        direct = median_ms(lambda b=before, a=after: StepTable.between(b, a).to_html(), repeats)
        marked = median_ms(lambda b=before, a=after: highlight(b, a).to_html(), repeats)
        bare = median_ms(lambda a=after: state_table(a).to_html(), repeats)
        results += [Result(f"StepTable.between(before, after).to_html(), as frame_table shows it{label}", direct,
                           "ms", "< 20 ms"),
                    Result(f"highlight(before, after).to_html(), the same table as a Styler{label}", marked, "ms"),
                    Result(f"state_table(after).to_html(){label}", bare, "ms"),
                    Result(f"ratio Styler / written directly{label}", marked / direct, "×")]
    return results


def _shown_in_a_notebook() -> list[Result]:
    from display_bench import shown_in_a_notebook
    return shown_in_a_notebook()


def _damage_division() -> list[Result]:
    from combat_bench import bench_damage_division
    return bench_damage_division()


def _notebook_ratios() -> list[Result]:
    from notebooks_bench import notebook_ratios
    return notebook_ratios()


def _warm_run_all() -> list[Result]:
    from notebooks_bench import warm_run_all
    return warm_run_all()


def _voila_first_walkthrough() -> list[Result]:
    from voila_bench import first_walkthrough
    return first_walkthrough()


def _walkthrough_step() -> list[Result]:
    from widgets_bench import walkthrough_step
    return walkthrough_step()


def _same_game() -> list[Result]:
    from same_game import bench_same_game
    return bench_same_game()


def _legal_blocks() -> list[Result]:
    from combat_bench import bench_legal_blocks
    return bench_legal_blocks()


def _against_before() -> list[Result]:
    from against_commit import bench_against
    return bench_against()


def _card_search() -> list[Result]:
    from cards_bench import keystrokes
    return keystrokes()


def _card_memory() -> list[Result]:
    from cards_bench import memory
    return memory()


def _refusing_huge_x() -> list[Result]:
    from input_bench import refusing_huge_x
    return refusing_huge_x()


def _blowups() -> list[Result]:
    from blowups_bench import blowups
    return blowups()


def _oracle() -> list[Result]:
    from oracle_bench import oracle
    return oracle()


SECTIONS: list[Section] = [
    ("engine: the same scripted 10-turn game", _same_game),
    ("engine: random legal play", engine_random_play),
    ("engine: against the code before the speed work", _against_before),
    ("views: highlighted table for one step", highlighted_table),
    ("views: a table or a state shown in a notebook", _shown_in_a_notebook),
    ("combat: legal_blocks", _legal_blocks),
    ("combat: dividing damage among many blockers", _damage_division),
    ("lessons: notebook run time over imports-only", _notebook_ratios),
    ("lessons: Run All in a warm kernel over imports-only", _warm_run_all),
    ("lessons: Voila's first walk-through over imports-only", _voila_first_walkthrough),
    ("widgets: one walkthrough step", _walkthrough_step),
    ("input: refusing a huge X", _refusing_huge_x),
    ("input: what hung a kernel (issue 27, section 2)", _blowups),
    ("cards: reading the sets and searching every card", _card_search),
    ("cards: a kernel's memory with the four sets loaded", _card_memory),
    ("cards: the Oracle compiler", _oracle),
]


# ---------------------------------------------------------------- output
def run(sections: Sequence[Section]) -> dict[str, list[Result]]:
    return {name: fn() for name, fn in sections}


def text_table(results: dict[str, list[Result]]) -> str:
    rows = [(name, r.figure, r.value_text(), r.unit, r.target) for name, rs in results.items() for r in rs]
    head = ("section", "figure", "value", "unit", "target")
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]

    def line(row: Sequence[object]) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()

    return "\n".join([line(head), line(["-" * w for w in widths]), *map(line, rows)])


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def markdown_block(name: str, results: list[Result], today: str) -> str:
    rows = "\n".join(f"| {r.figure} | {r.value_text()} | {r.unit} | {r.target} |" for r in results)
    return (f"<!-- bench:{_slug(name)} -->\n### {name}\n\nMeasured {today} on {MACHINE_NOTE} "
            f"(`python benchmarks/run.py --write-docs`).\n\n| figure | value | unit | target |\n"
            f"|---|---|---|---|\n{rows}\n<!-- /bench:{_slug(name)} -->")


DOCS_HEADER = """# Benchmarks

Figures measured by `benchmarks/run.py`. `python benchmarks/run.py --write-docs` rewrites the
blocks of the sections it ran and leaves the other blocks as they were. Times are medians; each
block names the machine and date it was measured on.
"""


def write_docs(results: dict[str, list[Result]], path: Path = DOCS) -> None:
    """Replace (or append) each measured section's block, keeping everything else in the file."""
    text = path.read_text() if path.exists() else DOCS_HEADER
    today = datetime.date.today().isoformat()
    for name, rs in results.items():
        slug = _slug(name)
        block = markdown_block(name, rs, today)
        pattern = re.compile(rf"<!-- bench:{slug} -->.*?<!-- /bench:{slug} -->", re.S)
        text = pattern.sub(lambda _, b=block: b, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + block
    path.write_text(text.rstrip("\n") + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], help="run sections whose name contains this")
    parser.add_argument("--write-docs", action="store_true", help=f"rewrite these sections in {DOCS}")
    args = parser.parse_args(argv)
    chosen = [s for s in SECTIONS if not args.only or any(o.lower() in s[0].lower() for o in args.only)]
    if not chosen:
        parser.error(f"no section matches {args.only}; sections are {[n for n, _ in SECTIONS]}")
    results = run(chosen)
    print(f"Benchmarks on {MACHINE_NOTE}\n")
    print(text_table(results))
    if args.write_docs:
        write_docs(results)
        print(f"\nwrote {DOCS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
