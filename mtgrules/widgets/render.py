"""HTML pieces shared by the widgets: step labels, narration with rule citations, event lists.

Everything here returns plain strings (HTML fragments) so that the widgets only have to put
them into ``HTML.value``, and tests can read them without a browser. Every piece of text that
comes from the game is escaped. Tables and pictures come from :mod:`mtgrules.views`.
"""

from __future__ import annotations

import html
from enum import Enum
from typing import Any

from mtgrules.core.events import Event
from mtgrules.core.mana import Mana, pool_text
from mtgrules.core.state import GameState
from mtgrules.core.wording import counted
from mtgrules.play.timeline import Frame, Timeline

# Styles used by the widget HTML. They are scoped by the ``mtg-`` class names so they don't
# leak into the rest of a notebook, and are repeated in each fragment that needs them so a
# fragment reads the same wherever it is shown (JupyterLab, Voila, a static export).
STYLE = """<style>
.mtg-box { font-family: var(--jp-content-font-family, sans-serif); line-height: 1.4; }
.mtg-rule { font-weight: 600; white-space: nowrap; color: #1d4f91; }
.mtg-refused { color: #a40000; }
.mtg-event-list { margin: 0.2em 0; padding-left: 1.4em; font-size: 90%; }
.mtg-event-list code { font-size: 95%; }
.mtg-right { color: #176b1c; font-weight: 700; }
.mtg-wrong { color: #a40000; font-weight: 700; }
.mtg-diverge td, .mtg-diverge th { background: #ffe9a8; }
.mtg-columns { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
.mtg-columns > div { flex: 1 1 34em; min-width: 0; max-width: 100%; overflow-x: auto; }
</style>"""


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def fmt_value(value: Any) -> str:
    """A value from an event or a state, as a learner would write it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple | list):
        if all(isinstance(v, Mana) for v in value):
            return pool_text(tuple(value))
        if all(isinstance(v, tuple) and len(v) == 2 for v in value):
            return ", ".join(f"{fmt_value(k)}×{fmt_value(n)}" for k, n in value) or "—"
        return ", ".join(fmt_value(v) for v in value) or "—"
    return str(value)


def cite(rule: str) -> str:
    """A rule number as the widgets show it: ``CR 107.5``."""
    return f'<span class="mtg-rule">CR {esc(rule)}</span>'


def cite_all(rules: list[str]) -> str:
    return ", ".join(cite(r) for r in rules if r) or "—"


def step_label(timeline: Timeline, i: int, following: int | None = None) -> str:
    """``Start`` for frame 0, else ``Step 2 of 5: <title>``."""
    last = len(timeline) - 1
    frame = timeline[i]
    if i == 0:
        n = last if following is None else following
        count = f"{counted(n, 'step')} follow{'s' if n == 1 else ''}"
        if n != last:  # folded: the steps keep their numbers, so say why they jump (1, 3, 7 ... of last)
            count = (f"{n} of the {last} steps shown; the steps where a player only passes priority "
                     "are skipped, so the step numbers jump")
        text = f"<b>Start</b> — the position before any action ({count})"
    else:
        text = f"<b>Step {i} of {last}:</b> {esc(headline(frame))}"
    state = frame.state
    holder = f"{state.priority} has priority" if state.priority else "no one has priority"
    when = f"turn {state.turn}, {state.active}'s {state.step.phrase}; {holder}"
    return f'<div class="mtg-box">{text} <span style="color:#666">({esc(when)})</span></div>'


REVEAL = "Reveal the answer"
"""The control that shows a prediction's answer: the Predict button and the handouts' toggle both
carry this name, so a lesson's prose ("press **Reveal the answer**") is right in both."""

ROUTINE = frozenset({"pass", "priority"})
HEADLINE_CHARS = 90


def headline(frame: Frame, most: int = 2) -> str:
    """A step's title, and for a pass of priority what the pass led to ("Bob passes priority: the
    combat damage step begins; Grizzly Bears deals 4 damage to Bob"), so a folded walk-through
    labels each step by what happened, not by who passed."""
    from mtgrules.core.actions import PassPriority
    title = frame.title()
    if not isinstance(frame.action, PassPriority) or frame.refused is not None:
        return title
    told = [e.plain() if e.text else "" for e in frame.events if e.kind not in ROUTINE]
    told = [t if len(t) <= HEADLINE_CHARS else t[:HEADLINE_CHARS - 1].rstrip() + "…"
            for t in dict.fromkeys(t for t in told if t)]
    if not told:
        return title
    more = f" (and {len(told) - most} more)" if len(told) > most else ""
    return f"{title}: {'; '.join(told[:most])}{more}"


def event_sentence(event: Event) -> str:
    """One event as a sentence without its rule (the caller cites the rule)."""
    if event.text:
        return event.plain()
    return f"{event.name}: {event.attribute} {fmt_value(event.before)} → {fmt_value(event.after)}"


def narration_html(frame: Frame) -> str:
    """What happened in this step, in sentences, each citing its rule as ``CR x``."""
    if frame.action is None:
        # The handouts hide the "Press Next" sentence where there is no Next: on paper, without JavaScript.
        body = ('<p>The starting position.<span class="mtg-press-next"> Press <b>Next</b> to play the first '
                "step.</span></p>")
    elif frame.refused is not None:
        body = (f'<p class="mtg-refused">Refused: {esc(frame.refused.reason)} '
                f"({cite(frame.refused.rule)}). Nothing changes.</p>")
    else:
        sentences = [f"{esc(event_sentence(e))} ({cite(e.rule)})." for e in frame.events if e.text]
        body = f"<p>{' '.join(sentences)}</p>" if sentences else "<p>Nothing changes.</p>"
    return f'{STYLE}<div class="mtg-box mtg-narration-body">{body}</div>'


def events_html(frame: Frame) -> str:
    """The step's events as a small list: kind, object, change and rule."""
    if not frame.events:
        return '<div class="mtg-box"><i>No events.</i></div>'
    items = []
    for e in frame.events:
        if e.attribute:
            change = f"{esc(e.attribute)}: {esc(fmt_value(e.before))} → {esc(fmt_value(e.after))}"
        else:
            change = esc(e.text)
        who = f"{esc(e.name)} — " if e.name and e.name != "game" else ""
        items.append(f"<li><code>{esc(e.kind)}</code> {who}{change} ({cite(e.rule)})</li>")
    return (f'{STYLE}<div class="mtg-box"><b>Events</b>'
            f'<ul class="mtg-event-list">{"".join(items)}</ul></div>')


def step_table_html(timeline: Timeline, i: int, since: int | None = None) -> str:
    """The state after step ``i``, laid out to fit the notebook's width (:mod:`mtgrules.views.fit`):
    players first, then the objects changed since frame ``since`` (by default the step before),
    highlighted, with the full table behind a toggle."""
    from mtgrules.views.fit import fit_html
    if i == 0:
        return fit_html(timeline[0].state)
    start = i - 1 if since is None else since
    caption = "" if start == i - 1 else f"What changed over steps {start + 1}-{i}"
    return fit_html(timeline[i].state, timeline[start].state, caption)


PICTURE_PX = 800
"""How wide the walk-through shows the board: it is drawn at exactly this width, not shrunk."""
PICTURE_FORMAT = "svg+xml"
"""The board pictures' format in the widgets (``widgets.Image(format=...)``): SVG, sharp at any size."""


def board_picture(state: GameState, width_px: int = PICTURE_PX, font_px: float | None = None) -> bytes:
    """The board as the widgets show it: SVG drawn ``width_px`` wide (in large print with ``font_px``)."""
    from mtgrules.views import board_svg
    return board_svg(state, width_px=width_px, font_px=font_px)
