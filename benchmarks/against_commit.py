"""The engine figures against the code of an earlier commit, measured in the same run.

``python benchmarks/against_commit.py [COMMIT]`` checks COMMIT out into a temporary git worktree
and times the same workloads with that code and with this checkout, alternating between them
(so a change in the machine's load touches both): ``legal_actions`` per call on the scripted
game of ``same_game.py`` and random legal play on the mana board of ``run.py``. The workload
scripts are this checkout's, run against either package. The scripted game is played with its
land drops made by the scenario (``LAND_DROP_IS_AN_ACTION = False``), as the earlier code had
no ``play_land``.

The default commit is the code as it was when the speed work began (issue 15): its
``legal_actions`` tried every candidate with a full ``apply``. Within one run, ``run.py``
compares with ``legal_actions_reference``, the same try-everything algorithm running on
today's (faster) engine; this script compares with the earlier engine as a whole.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
BEFORE_SPEED_WORK = "6ddde53"

CHILD = r"""
import json, sys, time
import same_game as sg
import run
from mtgrules import legal_actions
sg.LAND_DROP_IS_AN_ACTION = False
game = sg.record_game()
sg.replay(game, legal_actions)  # warm the card caches
_, in_legal, calls, _ = sg.replay(game, legal_actions)
run._random_play(legal_actions, 50, 1, 50)
total, in_apply, played = run._random_play(legal_actions, 400, 1, 50)
print(json.dumps({"legal_ms": 1000 * in_legal / calls, "play": played / total, "apply": played / in_apply}))
"""


def measure(code: Path) -> dict[str, float]:
    """One measurement of the package in ``code`` (a checkout), in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=code, capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": f"{code}:{HERE}", "PATH": "/usr/bin:/bin"})
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def bench_against(commit: str = BEFORE_SPEED_WORK, repeats: int = 3) -> list:
    """The figures for ``benchmarks/run.py``: medians of ``repeats`` alternating measurements."""
    from run import Result  # benchmarks/run.py puts this folder on the path

    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(old), commit], check=True)
        try:
            runs: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
            for _ in range(repeats):
                runs["before"].append(measure(old))
                runs["now"].append(measure(ROOT))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=True)

    def med(side: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[side])

    short = commit[:7]
    return [Result(f"legal_actions per call, code of {short}", med("before", "legal_ms"), "ms"),
            Result("legal_actions per call, this code", med("now", "legal_ms"), "ms"),
            Result(f"legal_actions speed-up over the code of {short}", med("before", "legal_ms") / med("now", "legal_ms"),
                   "×", ">= 8×"),
            Result(f"random play, legal_actions + apply, code of {short}", med("before", "play"), "actions/s"),
            Result("random play, legal_actions + apply, this code", med("now", "play"), "actions/s", ">= 5,000"),
            Result(f"random play, apply alone, code of {short}", med("before", "apply"), "actions/s"),
            Result("random play, apply alone, this code", med("now", "apply"), "actions/s", ">= 15,000")]


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    from run import text_table

    print(text_table({"engine: against an earlier commit": bench_against(*sys.argv[1:2])}))
