"""What-if: branch a timeline at a step, play other actions, and compare the two side by side.

The branch keeps frames ``0..at`` of the original and plays the alternative actions after them;
an alternative the engine refuses becomes a refusal frame citing its rule, as the learner would
meet it. The comparison shows both timelines' steps with the first step where their states
differ marked, and the cells of the final states that differ highlighted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from mtgrules.core.actions import Action
from mtgrules.core.errors import BadValue, IllegalAction, MissingChoice, WrongThing
from mtgrules.core.wording import counted
from mtgrules.play.timeline import Frame, Timeline

from . import render
from .shown import FillWhenShown, placeholder, shown_count

if TYPE_CHECKING:
    import pandas as pd

DIVERGE_CSS = "background-color: #ffe9a8; font-weight: 600"


def first_divergence(a: Timeline, b: Timeline) -> int | None:
    """The first step index whose states differ. When one timeline is a prefix of the other,
    the step where only one of them goes on; ``None`` when they are the same."""
    common = min(len(a), len(b))
    for i in range(common):
        if a[i].state != b[i].state:
            return i
    return None if len(a) == len(b) else common


class WhatIf(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """``WhatIf(t, at, [action, ...])``: what if, after step ``at``, these actions were played?

    ``.timeline`` is the timeline as it was when the what-if was made (a copy: steps played on it
    since don't reach the comparison), ``.branch`` the new timeline, ``.refusals`` the refusal (or
    None) of each alternative action, ``.divergence`` the first step where the states differ (None
    if they never do), ``.differences`` the table of cells that differ in the final states, and
    ``.comparison`` the HTML widget showing it all. The branch is played as the widget is made (so a refusal
    or a bad step shows in the cell); in a kernel the comparison is rendered when a front end
    first shows the widget, and ``.fill()`` (or asking for ``.comparison``) renders it now.
    """

    PARTS = frozenset({"comparison"})

    def __init__(self, timeline: Timeline, at: int, alternative_actions: Iterable[Action],
                 labels: Sequence[str] = ("As played", "What if"), *, title: str | None = None,
                 fold_passes: bool = True) -> None:
        # The timeline as it is now: the branch, the divergence and the refusals are worked out
        # now, while the comparison is rendered on first view, by when the learner may have played
        # on in ``timeline`` (a half-old, half-new comparison otherwise). Frames are shared.
        if not isinstance(timeline, Timeline):
            raise WrongThing(f"WhatIf branches a Timeline (for example Scenario(...).timeline() with actions played), "
                            f"not {type(timeline).__name__}")
        if not isinstance(fold_passes, bool):  # "no" would be read as yes
            raise WrongThing(f"WhatIf's fold_passes is True or False, not {fold_passes!r:.40} ({type(fold_passes).__name__})")
        self.timeline = timeline.copy()
        self.fold_passes = fold_passes
        self.at = at
        if isinstance(labels, str) or not isinstance(labels, Iterable):  # "ab" would be read as two labels
            raise WrongThing(f"labels is a pair of names, such as (\"As played\", \"What if\"), not {labels!r:.40}")
        self.labels = tuple(labels)
        if len(self.labels) != 2 or not all(isinstance(label, str) for label in self.labels):
            raise BadValue(f"labels must name the two timelines with two texts, got {labels!r}")
        if isinstance(alternative_actions, str | bytes | Action) or not isinstance(alternative_actions, Iterable):
            raise WrongThing("alternative_actions must be a list of actions, such as [pass_priority(\"Bob\")], "
                            f"not {type(alternative_actions).__name__} {alternative_actions!r:.40}")
        self.branch = timeline.branch(at, title=title or f"{timeline.title} — {self.labels[1].lower()}")
        self.refusals: list[IllegalAction | MissingChoice | None] = [self.branch.attempt(a) for a in alternative_actions]
        self.divergence = first_divergence(timeline, self.branch)
        self._differences: pd.DataFrame | None = None
        # Until a front end shows it, the box holds the shared placeholder: its comparison widget
        # (three messages with its layout and style) is made by the first view (see .shown).
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-whatif",))
        self._fill_when_shown(self._show_comparison)

    def _show_comparison(self) -> None:
        self.comparison = widgets.HTML(self.render(), _dom_classes=("mtg-comparison",))
        self.children = [self.comparison]

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return (f"What if: “{self.labels[0]}” against “{self.labels[1]}” "
                "(run the notebook with a kernel to compare them)")

    @property
    def differences(self) -> pd.DataFrame:
        """The cells that differ between the two final states (a table, computed when first asked)."""
        if self._differences is None:
            from mtgrules.views import diff
            self._differences = diff(self.timeline.state, self.branch.state)
        return self._differences

    def _shown(self, t: Timeline) -> list[Frame]:
        """The steps listed: passes after which only priority moved are folded away (the start
        and the divergence step always stay)."""
        return [f for f in t if not (self.fold_passes and f.is_quiet) or f.index in (0, self.divergence)]

    def _common(self) -> int:
        """How many steps the two timelines share before they diverge (shown once, not twice)."""
        return self.divergence if self.divergence is not None else min(len(self.timeline), len(self.branch))

    def render(self) -> str:
        """The comparison as one HTML fragment (also usable without widgets)."""
        from mtgrules.views import steps_table
        from mtgrules.views.tables import table_html
        a, b = self.timeline, self.branch
        common = self._common()
        shared = [f for f in self._shown(a) if f.index < common]
        before = (f"<details><summary>The {counted(common, 'step')} before they diverge, the same "
                  f"in both</summary>{table_html(steps_table(shared))}</details>") if shared else ""
        columns = "".join(
            f'<div class="mtg-timeline"><b>{render.esc(label)}</b>'
            f"{_marked_steps(steps_table([f for f in self._shown(t) if f.index >= common]), self.divergence)}</div>"
            for label, t in zip(self.labels, (a, b), strict=True))
        if self.divergence is None:
            summary = "The two timelines never differ: the alternative changes nothing."
        else:
            i = self.divergence
            sides = []
            for label, t in zip(self.labels, (a, b), strict=True):
                what = render.esc(t[i].title()) if i < len(t) else "<i>(no such step)</i>"
                sides.append(f"{render.esc(label)}: {what}")
            summary = f"The timelines diverge at <b>step {i}</b> — " + "; ".join(sides) + "."
        refused = "".join(
            f'<li class="mtg-refused">Refused: {render.esc(r.reason)} ({render.cite(r.rule)})</li>'
            for r in self.refusals if r is not None)
        from mtgrules.views.fit import fit_html
        final = fit_html(b.state, a.state, gone_label=f"Only in “{self.labels[0]}”")
        # The columns named by the timelines: "before" and "after" read as time ("Raise the Alarm:
        # before Bob's graveyard, after Bob's hand"), but they are the two final states side by side.
        named = self.differences.rename(columns={"before": self.labels[0], "after": self.labels[1]})
        differences = (table_html(named, index=False) if len(self.differences)
                       else "<p>None: the two final states are the same.</p>")
        return (f'{render.STYLE}<div class="mtg-box">'
                f"<p>{summary}</p>" + (f"<ul>{refused}</ul>" if refused else "") +
                f'{before}<div class="mtg-columns">{columns}</div>'
                f"<p><b>{render.esc(self.labels[1])}: the final state</b>, with the cells that differ from "
                f"“{render.esc(self.labels[0])}” highlighted</p>{final}"
                f"<p><b>Where the final states differ</b></p>{differences}</div>")


def _marked_steps(table: Any, divergence: int | None) -> str:
    """A steps table with the row of the divergence step highlighted, written as the views write
    their tables (escaped, the views' padding), not through a pandas Styler (a few ms each)."""
    import numpy as np

    from mtgrules.views.tables import table_html
    css = np.full(table.shape, "", dtype=object)
    if divergence is not None:
        css[np.asarray(table.index == divergence), :] = DIVERGE_CSS
    return table_html(table, css=css)
