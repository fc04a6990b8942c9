"""Profile the same-game workload: ``python benchmarks/profile_same_game.py [--reference]``.

Replays the scripted game of ``same_game.py`` asking ``legal_actions`` at every point a player
acts (``--reference``: the try-every-candidate reference) and applying each action, under
``cProfile``; prints the ten functions with the most time of their own. The before/after tables
in ``docs/benchmarks.md`` come from this script.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from same_game import record_game, replay  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", action="store_true", help="profile legal_actions_reference")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args(argv)
    from mtgrules.rules import legal
    ask = getattr(legal, "legal_actions_reference", legal.legal_actions) if args.reference else legal.legal_actions
    game = record_game()
    replay(game, ask)  # warm imports and the card caches
    prof = cProfile.Profile()
    prof.enable()
    replay(game, ask)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    print(f"total {stats.total_tt * 1000:.0f} ms under cProfile, {game.actions} actions")
    print("| function | calls | own ms | total ms |\n|---|---|---|---|")
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[: args.top]
    root = str(Path(__file__).resolve().parents[1]) + "/"
    for (file, line, name), (_cc, nc, tt, ct, _callers) in rows:
        where = f"{file.replace(root, '')}:{line}({name})" if file != "~" else name
        print(f"| `{where}` | {nc} | {tt * 1000:.0f} | {ct * 1000:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
