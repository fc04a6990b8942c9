"""Write ``docs/choices.md``, the table of every choice keyword, from the registry in
``mtgrules/core/choice_kinds.py``: ``python -m mtgrules.catalog.choices_doc`` (from the kit's
root; ``--print`` writes it to standard output instead). A test fails when the file differs."""

from __future__ import annotations

import sys
from pathlib import Path

from mtgrules.core.choice_kinds import markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "choices.md"


def main(argv: list[str]) -> int:
    if "--print" in argv:
        sys.stdout.write(markdown())
        return 0
    DOC.write_text(markdown(), encoding="utf-8")
    print(f"{DOC}: written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
