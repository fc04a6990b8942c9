"""Static step tables written into lesson notebooks as Markdown, so a lesson reads without a
kernel (GitHub, nbviewer, print) even though notebooks are committed without outputs.

A Markdown cell whose metadata has ``{"mtgrules": {"static": "mana:mana_tour"}}`` holds the
table for the timeline that function builds. ``python -m mtgrules.lessons.static notebooks/*.ipynb``
rewrites those cells; a test fails if any cell differs from what the engine plays today.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from ..timeline import Timeline

HEADER = "| step | action | what happens (rule) |\n|---:|---|---|\n"


def steps_markdown(timeline: Timeline) -> str:
    """A Markdown table: one row per step, with the narration and the rules it cites."""
    rows = [f"| {f.index} | {_cell(f.title())} | {_cell(f.narration())} |" for f in timeline]
    title = f"**{timeline.title}** — every step\n\n" if timeline.title else ""
    return title + HEADER + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def timeline_for(key: str) -> Timeline:
    """``"mana:mana_tour"`` → the Timeline built by ``mtgrules.lessons.mana.mana_tour()``."""
    module, _, func = key.partition(":")
    if not module.isidentifier() or not func.isidentifier():
        raise ValueError(f"static cell key {key!r} must look like 'module:function'")
    return getattr(importlib.import_module(f"{__package__}.{module}"), func)()


def static_cells(nb: dict) -> list[tuple[int, str]]:
    """(cell index, key) for every static-table cell of a notebook."""
    return [(i, c["metadata"]["mtgrules"]["static"]) for i, c in enumerate(nb["cells"])
            if c["cell_type"] == "markdown" and "static" in c.get("metadata", {}).get("mtgrules", {})]


def stale_cells(path: Path) -> list[str]:
    """Keys of static cells whose text differs from what the engine plays now."""
    nb = json.loads(path.read_text())
    return [key for i, key in static_cells(nb)
            if "".join(nb["cells"][i]["source"]) != steps_markdown(timeline_for(key))]


def rewrite(path: Path) -> int:
    """Refresh every static cell of a notebook; return how many changed."""
    nb = json.loads(path.read_text())
    changed = 0
    for i, key in static_cells(nb):
        text = steps_markdown(timeline_for(key))
        if "".join(nb["cells"][i]["source"]) != text:
            nb["cells"][i]["source"] = text
            changed += 1
    if changed:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return changed


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"{arg}: {rewrite(Path(arg))} static table(s) rewritten")
