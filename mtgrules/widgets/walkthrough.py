"""Walkthrough: step through a timeline with Prev / Next / Play.

Each step shows a label, the narration with its rules, the state table with the cells that step
changed highlighted, the step's events and, optionally, a picture of the board. Everything is
rendered into ``HTML``/``Image`` widget values (never printed), and each step is rendered once
and cached, so going back shows exactly what was shown before and stepping stays instant.
In a kernel nothing is rendered until a front end shows the widget (:mod:`.shown`).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from mtgrules.core.errors import NoSuchStep, WrongThing
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline

from . import render
from .shown import FillWhenShown, placeholder, shown_count


@dataclass(frozen=True)
class StepView:
    """Everything shown for one step, rendered once."""

    label: str
    narration: str
    table: str
    events: str
    picture: bytes = b""


class Walkthrough(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """A step-through of ``timeline``: ``Walkthrough(t)`` in a cell shows it.

    ``board=True`` adds a picture of the board for each step. From Python: ``.next()``,
    ``.prev()``, ``.go(i)`` and ``.step``; the child widgets are attributes (``next_button``,
    ``prev_button``, ``slider``, ``play``, ``label``, ``narration``, ``table``, ``events``,
    ``picture``), each with a CSS class ``mtg-...`` for browser tests and styling. In a kernel
    the step is rendered when a front end first shows the widget; ``.fill()`` renders it now.
    """

    PARTS = frozenset({"header", "prev_button", "next_button", "play", "slider", "link", "label", "narration",
                       "table", "events", "picture", "layers_pick", "layers_button", "layers_panel"})

    def __init__(self, timeline: Timeline | Scenario, board: bool = False, *, start: int = 0,
                 interval: int = 1500, title: str | None = None, fold_passes: bool = False) -> None:
        if isinstance(timeline, Scenario):
            timeline = timeline.timeline()  # just the starting board, until actions are played
        if not isinstance(timeline, Timeline):
            raise WrongThing(f"Walkthrough needs a Timeline (for example Scenario(...).timeline()), "
                            f"not {type(timeline).__name__}")
        if not isinstance(interval, int) or isinstance(interval, bool) or interval < 1:
            # checked now: in a kernel the Play control is made at the first view, where the error would look like the kit's
            raise WrongThing(f"Walkthrough's interval is the time between steps in milliseconds, a whole number "
                            f"above 0, such as 1500, not {interval!r:.40}")
        for name, flag in (("board", board), ("fold_passes", fold_passes)):
            if not isinstance(flag, bool):  # "no" would be read as yes
                raise WrongThing(f"Walkthrough's {name} is True or False, not {flag!r:.40} ({type(flag).__name__})")
        self.timeline = timeline
        self.board = board
        self.fold_passes = fold_passes
        self._cache: dict[int, StepView] = {}
        self.frames = self._shown_frames()
        self._length = len(timeline)  # the steps taken in: later ones wait for refresh()
        self._interval = interval
        self._heading = title if title is not None else timeline.title
        self._position = self._index(start)
        # Until something shows it, the walk-through is a box holding one line of text: its ~35
        # child widgets (each a message to the front end) are made by the first view (see .shown).
        # The class goes in with the first message: add_class after it would be one more message.
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-walkthrough",))
        self._fill_when_shown(self._build)

    def _build(self) -> None:
        """Make the controls and the step's widgets, and show the current step."""
        last = self.last
        heading = self._heading
        self.header = _html("mtg-title", f"<h4 style='margin:0.2em 0'>{render.esc(heading)}</h4>" if heading else "")
        self.prev_button = widgets.Button(description="Prev", icon="step-backward", tooltip="Previous step",
                                          layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(description="Next", icon="step-forward", tooltip="Next step",
                                          button_style="primary", layout=widgets.Layout(width="auto"))
        self.play = widgets.Play(value=self._position, min=0, max=last, step=1, interval=self._interval,
                                 repeat=False, description="Play", show_repeat=False)
        self.slider = widgets.IntSlider(value=self._position, min=0, max=last, step=1, description="Step",
                                        readout=not self.fold_passes, layout=widgets.Layout(width="260px"))
        # The link lives in the browser: Play moves the slider without a round trip to the kernel,
        # and the slider's change comes back to the kernel, which renders the step.
        self.link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.label = _html("mtg-step")
        self.narration = _html("mtg-narration")
        self.table = _html("mtg-table")
        # Keep the table inside the page's width so its own box scrolls sideways (not the widget).
        self.table.layout = widgets.Layout(width="100%", max_width="100%", overflow="auto")
        self.events = _html("mtg-events")
        # Drawn at the width it is shown (render.PICTURE_PX), so its labels keep the size they were fitted at.
        self.picture = widgets.Image(format=render.PICTURE_FORMAT, layout=widgets.Layout(width=f"{render.PICTURE_PX}px",
                                                                         max_width="100%"))
        self.picture.add_class("mtg-picture")
        if not self.board:
            self.picture.layout.display = "none"

        for w, css in ((self.prev_button, "mtg-prev"), (self.next_button, "mtg-next"),
                       (self.play, "mtg-play"), (self.slider, "mtg-slider")):
            w.add_class(css)
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button.on_click(lambda _b: self.next())
        self.slider.observe(self._on_slider, names="value")

        controls = widgets.HBox([self.prev_button, self.play, self.slider, self.next_button],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        controls.add_class("mtg-controls")
        body = widgets.HBox([self.table, self.picture],
                            layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        layers = self._layers_row()
        # The table right under the step label, the narration after it: the row a step changed stays on
        # screen after Next, even on a 768 px high screen (the narration can run to several lines).
        self._show(self._position)
        self.children = [self.header, controls, self.label, body, self.narration, self.events, layers,
                         self.layers_panel]

    def _layers_row(self) -> widgets.HBox:
        """A card menu and a Layers button: the layer view of that card at the step shown (613)."""
        self.layers_pick = widgets.Dropdown(options=[], description="Card", layout=widgets.Layout(width="auto"))
        self.layers_button = widgets.Button(description="Layers", icon="bars", layout=widgets.Layout(width="auto"),
                                            tooltip="Every continuous effect on the card chosen, in the order the "
                                                    "layers apply them (613)")
        self.layers_panel = widgets.VBox([])
        for w, css in ((self.layers_pick, "mtg-layers-pick"), (self.layers_button, "mtg-layers-button"),
                       (self.layers_panel, "mtg-layers-panel")):
            w.add_class(css)
        self.layers_button.on_click(lambda _b: self.open_layers())
        return widgets.HBox([self.layers_pick, self.layers_button], layout=widgets.Layout(align_items="center"))

    def open_layers(self, obj: int | None = None) -> Any:
        """Show the layer view (``LayerView``) of ``obj``, or of the card chosen in the menu, at the
        step shown; it follows the steps until closed with ``close_layers()``."""
        from .layer_view import LayerView
        self.fill()
        state = self.timeline[self.frame].state
        if obj is not None:
            self.layers_pick.value = obj
        view = LayerView(state, self.layers_pick.value, menu=False).fill()
        self.layers_panel.children = [view]
        return view

    def close_layers(self) -> None:
        self.layers_panel.children = []

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return (f"Walkthrough of “{self.timeline.title}”, {self.last} steps "
                "(run the notebook with a kernel to step through it)")

    @property
    def heading(self) -> str:
        """The title shown above the steps: ``title=`` if given, else the timeline's (a handout keeps it)."""
        return self._heading

    # ---- stepping
    @property
    def step(self) -> int:
        """The position of the step shown (0 is the start); with ``fold_passes`` steps where a
        player only passed priority are skipped, so this can differ from the frame index."""
        return self._position

    @property
    def frame(self) -> int:
        """The timeline frame shown."""
        return self.frames[self.step]

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def _shown_frames(self) -> list[int]:
        return [f.index for f in self.timeline if f.index == 0 or not (self.fold_passes and f.is_quiet)]

    def _index(self, i: int) -> int:
        if isinstance(i, bool) or not hasattr(type(i), "__index__"):  # True is not step 1, nor "1" or 1.5 a step
            raise WrongThing(f"a walk-through's step is a whole number such as 2, not {i!r:.40} ({type(i).__name__})")
        i = operator.index(i)  # a numpy integer from a table's index is a whole number too
        n = len(self.frames)
        if not -n <= i < n:  # the number as given: -9 is not "step -7"
            raise NoSuchStep(f"step {i} is outside this walkthrough (0..{n - 1}, or -1..-{n} from the end)")
        return i + n if i < 0 else i

    def go(self, i: int) -> Walkthrough:
        """Show frame ``i`` (negative counts from the end, like a list index)."""
        i = self._index(i)
        if not self.filled:
            self._position = i  # shown (and rendered) when something first shows the widget
        elif self.slider.value == i:
            self._show(i)  # the slider won't report an unchanged value
        else:
            self.slider.value = i  # _on_slider renders it
        return self

    def next(self) -> Walkthrough:
        return self.go(min(self.step + 1, self.last))

    def prev(self) -> Walkthrough:
        return self.go(max(self.step - 1, 0))

    # ---- rendering
    def view(self, i: int) -> StepView:
        """The rendered view of frame ``i``, from the cache when it was shown before."""
        cached = self._cache.get(i)
        if cached is None:
            index = self.frames[i]
            frame = self.timeline[index]
            before = self.frames[i - 1] if i > 0 else None
            cached = StepView(
                label=render.step_label(self._as_taken_in(), index, self.last),
                narration=render.narration_html(frame),
                table=render.step_table_html(self.timeline, index, before),
                events=render.events_html(frame),
                picture=self.picture_of(frame.state) if self.board else b"",
            )
            self._cache[i] = cached
        return cached

    def picture_of(self, state: Any) -> bytes:
        """The board picture of a step (SVG, ``render.board_picture``); the projector's draws it in large print."""
        return render.board_picture(state)

    def _as_taken_in(self) -> Timeline:
        """The timeline as the walk-through took it in: a step played on it since (shown after
        ``refresh()``) must not turn "Step 1 of 1" into "Step 1 of 2" beside a disabled Next."""
        if len(self.timeline) == self._length:
            return self.timeline
        taken = self.timeline.copy()
        taken.frames = taken.frames[: self._length]
        return taken

    def clear_cache(self) -> None:
        """Forget the rendered steps (to time a cold render, or after the views changed)."""
        self._cache.clear()

    def refresh(self) -> Walkthrough:
        """Take in steps played on the timeline since the walkthrough was made; stay on this step."""
        self._cache.clear()
        self.frames = self._shown_frames()
        self._length = len(self.timeline)
        if self.filled:
            self.play.max = self.slider.max = self.last
        return self.go(min(self.step, self.last))

    def _on_slider(self, change: dict[str, Any]) -> None:
        self._show(change["new"])

    def _show(self, i: int) -> None:
        self._position = i
        self.prev_button.disabled = i <= 0
        self.next_button.disabled = i >= self.last
        v = self.view(i)
        self.label.value = v.label
        self.narration.value = v.narration
        self.table.value = v.table
        self.events.value = v.events
        if self.board:
            self.picture.value = v.picture
        self._update_layers()

    def _update_layers(self) -> None:
        """The card menu lists the step's objects (set again only when they change); an open
        layer view follows to the step shown."""
        from .layer_view import object_options
        state = self.timeline[self.frame].state
        options = object_options(state)
        if list(self.layers_pick.options) != options:
            keep = self.layers_pick.value
            self.layers_pick.options = options
            if any(v == keep for _l, v in options):
                self.layers_pick.value = keep
        if self.layers_panel.children and self.layers_pick.value is not None:
            self.open_layers()


def _html(css: str, value: str = "") -> widgets.HTML:
    w = widgets.HTML(value=value)
    w.add_class(css)
    return w
