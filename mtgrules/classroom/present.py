"""Presentation mode: a lesson on a projector, through Voila.

``python -m mtgrules present 04`` (or ``make present LESSON=04``) writes a presentation copy of
the lesson and serves it with Voila, which runs it and shows only the outputs. The copy is made
from the cells' metadata (see :mod:`mtgrules.classroom.notebook`):

* cells marked ``only: notebook`` ("Run the cells from the top") and ``only: no-kernel`` (the
  static tables that repeat a walk-through, for GitHub) are left out;
* a static table that stands alone becomes a live walk-through of the same timeline;
* each Markdown cell carries the HTML the handouts make of it (raw HTML escaped, ``javascript:``
  links replaced), which the kit's Voila template shows instead of nbconvert's rendering, which
  passes raw HTML and scripts through: the projector trusts a lesson's Markdown no more than a
  handout does;
* a hidden first cell sets the projector theme: larger type, and highlights that differ by shape
  as well as by colour (orange underlined for a changed cell, blue outlined for a new row: told
  apart under the common colour blindnesses, never red against green alone). Every walk-through
  shows its board, under the step's narration and what it changed: an SVG in large print, every
  card label at least as large as the body text (``BODY_PX``), the tables after it.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from mtgrules.classroom import notebook
from mtgrules.classroom.handouts import changed_rows_html, markdown_html
from mtgrules.classroom.palette import use_palette
from mtgrules.widgets import Walkthrough, render
from mtgrules.widgets.walkthrough import StepView

BODY_PX = 21
"""The presentation's body text, in CSS pixels (``THEME_CSS``); the board's card labels are drawn at
least this large."""
BOARD_PX = 1200
"""How wide the presentation's board may be drawn: a 1920×1080 projector at 150 % shows a page
1280 CSS pixels wide, and the board keeps its natural size (never shrunk below its print)."""

THEME_CSS = """
body, .jp-Notebook, .jp-RenderedHTMLCommon { font-size: 21px !important; line-height: 1.45; }
.jp-RenderedHTMLCommon h1 { font-size: 2.0em; } .jp-RenderedHTMLCommon h2 { font-size: 1.6em; }
.jp-RenderedHTMLCommon table, .widget-html-content table { font-size: 17px !important; }
.mtg-changed { margin-bottom: 14px; } .mtg-changed table { font-size: 21px !important; }
.mtg-changed caption { font-size: 21px; }
.widget-html-content, .widget-label, .widget-button, .widget-radio-box label, .widget-dropdown select,
.widget-readout { font-size: 20px !important; }
.widget-button { height: auto !important; padding: 6px 18px !important; }
.mtg-box { font-size: 20px; }
.mtg-rule { color: #0b3c8c !important; }
.mtg-right { color: #0072b2 !important; } .mtg-right::before { content: "\\2714  "; }
.mtg-wrong { color: #d55e00 !important; } .mtg-wrong::before { content: "\\2718  "; }
/* the step's narration and what it changed, then the board (large print, at its natural size), then the tables */
.mtg-walkthrough > .mtg-narration { order: 3; } .mtg-walkthrough > .mtg-events { order: 5; }
.mtg-walkthrough > .widget-hbox:has(> .mtg-picture) { order: 4; flex-direction: column !important;
  flex-wrap: nowrap !important; gap: 12px; }
.mtg-walkthrough .mtg-picture { order: -1; width: auto !important; max-width: 100% !important;
  height: auto !important; align-self: flex-start; }
.mtg-walkthrough .mtg-table { width: 100% !important; }
.mtg-walkthrough .widget-slider { min-width: 320px; }
"""


class ProjectorWalkthrough(Walkthrough):
    """A Walkthrough for the projector: the board by default, in large print (every card label at
    least ``BODY_PX``), and under the narration the rows and columns the step changed, so the key
    cells are on screen without scrolling sideways."""

    def __init__(self, timeline: Any, board: bool = True, **kwargs: Any) -> None:
        super().__init__(timeline, board, **kwargs)

    def picture_of(self, state: Any) -> bytes:
        return render.board_picture(state, width_px=BOARD_PX, font_px=BODY_PX)

    def view(self, i: int) -> StepView:
        cached = self._cache.get(i)
        if cached is None:
            cached = super().view(i)
            if i > 0:
                before, after = self.timeline[self.frames[i - 1]].state, self.timeline[self.frames[i]].state
                changed = changed_rows_html(before, after, "What changed")
                cached = replace(cached, narration=f'{cached.narration}<div class="mtg-changed">{changed}</div>')
                self._cache[i] = cached
        return cached


class _Style:
    """The theme as an output Voila shows (a style element, nothing visible)."""

    def _repr_html_(self) -> str:
        return f"<style>{THEME_CSS}</style>"


def projector() -> _Style:
    """What the hidden first cell of a presentation runs."""
    use_palette()
    return _Style()


def _code(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "code", "id": cell_id, "metadata": {"mtgrules": {"presentation": True}},
            "execution_count": None, "outputs": [], "source": text.splitlines(keepends=True)}


def presentation_notebook(nb: dict[str, Any]) -> dict[str, Any]:
    """The presentation copy of a lesson notebook."""
    out = copy.deepcopy(nb)
    cells = []
    for i, cell in enumerate(out["cells"]):
        if notebook.only(cell) is not None:
            continue
        key = notebook.meta(cell).get("static")
        if key is not None:
            cells.append(_code(f"present-{i}", "from mtgrules.lessons.static import timeline_for\n"
                                               f"Walkthrough(timeline_for({key!r}), fold_passes=True)"))
        elif cell.get("cell_type") == "markdown":
            # Shown by the kit's template as the handouts show it (raw HTML escaped), not as nbconvert
            # renders it (raw HTML, scripts included, passed through).
            cell.setdefault("metadata", {}).setdefault("mtgrules", {})["markdown_html"] = markdown_html(
                notebook.source(cell))
            cells.append(cell)
        else:
            cells.append(cell)
    theme = _code("present-theme", "from mtgrules.classroom.present import ProjectorWalkthrough as Walkthrough\n"
                                   "from mtgrules.classroom.present import projector\nprojector()")
    first_code = next((n for n, c in enumerate(cells) if c["cell_type"] == "code"), len(cells) - 1)
    cells.insert(first_code + 1, theme)  # after the lesson's imports, so Walkthrough is the projector's
    out["cells"] = cells
    return out


def write_presentation(path: Path, folder: Path) -> Path:
    """Write the presentation copy of the lesson at ``path`` into ``folder``; return its path. A
    notebook with a mistake is refused (:class:`~mtgrules.classroom.notebook.NotebookError`) before
    anything is written; a folder that can't be made is an ``OSError``."""
    nb = notebook.read(path)
    notebook.check_roles(nb, path)
    copy_of = presentation_notebook(nb)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / path.name
    target.write_text(json.dumps(copy_of, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


# The kit's Voila template (Voila's lab page without the style sheets it links from a CDN), found
# through JUPYTER_PATH: see voila_env.
TEMPLATE = "mtgrules-present"
JUPYTER_DIR = Path(__file__).resolve().parent / "jupyter"


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment Voila runs in: ``base`` (the current one by default) with the kit's
    template folder first on JUPYTER_PATH, so ``--template=mtgrules-present`` is found and a
    classroom without internet loads nothing from outside."""
    import os
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(JUPYTER_DIR), env.get("JUPYTER_PATH", "")) if p)
    return env


REFILL_DELAY = 8
"""Seconds Voila waits, after a page takes the prepared kernel, before preparing the next one."""
PREPARED_KERNEL = ("--preheat_kernel=True", f"--VoilaKernelManager.fill_delay={REFILL_DELAY}")
"""Voila's settings that let a projector audience wait for the lesson's front end only.

Without them Voila starts a kernel when the page is asked for, runs every cell, and only then sends
the page's end and its JavaScript: kernel start, pandas, matplotlib and ipywidgets, then the
lesson, all while the audience looks at a spinner. With a preheated kernel Voila does all that as
it starts, before anyone asks, and hands the finished page to the first browser that does (one
that asks sooner takes the half-run kernel, which is never slower). Then it prepares one more for
a reload or a second screen: ``REFILL_DELAY`` seconds later, so that the refill (the whole lesson
again) doesn't take the two cores from the page being drawn. ``benchmarks/voila_bench.py``
measures both openings."""


def voila_command(target: Path, port: int | None = None, open_browser: bool = True) -> list[str]:
    """Voila serving ``target``; run it with :func:`voila_env`, which finds the template."""
    import sys
    cmd = [sys.executable, "-m", "voila", str(target), "--strip_sources=True", "--theme=light",
           f"--template={TEMPLATE}", *PREPARED_KERNEL]
    if port is not None:
        cmd.append(f"--port={port}")
    if not open_browser:
        cmd.append("--no-browser")
    return cmd
