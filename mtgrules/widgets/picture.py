"""Picture: an image (the board as SVG, a chart as PNG) drawn when a front end first shows it.

A lesson's pictures are matplotlib drawings; the first one in a kernel costs 60-100 ms (fonts,
glyphs), and a notebook run with no front end (nbclient, nbmake, a tab closed first) never needs
it. In a kernel the picture starts as a one-line placeholder and is drawn on the first view
(:mod:`.shown`); elsewhere (scripts, tests, the handout builder) it is drawn at once.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from mtgrules.core.errors import WrongThing

from .shown import FillWhenShown, placeholder, shown_count


class Picture(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """``Picture(draw, about)``: ``draw()`` returns the image's bytes (PNG, or SVG with
    ``format="svg+xml"``), ``about`` says what it shows (its alternative text, and what a notebook
    saved without widgets prints instead). ``.png()`` draws it (once) from Python, whatever its
    format; ``.image`` is the ``Image`` widget once drawn."""

    PARTS = frozenset({"image"})

    def __init__(self, draw: Callable[[], bytes], about: str, format: str = "png") -> None:  # noqa: A002 (Image's name)
        if not callable(draw):  # checked now: in a kernel it is called at the first view
            raise WrongThing(f"Picture draws with a function that returns PNG bytes, not {type(draw).__name__}")
        self._draw = draw
        self.format = format
        self._png: bytes | None = None
        self.about = about
        # The class goes in with the first message: add_class after it would be one more message.
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-picture",))
        self._fill_when_shown(self._show)

    def png(self) -> bytes:
        """The picture's PNG bytes, drawn on the first call."""
        if self._png is None:
            self._png = self._draw()
        return self._png

    def _show(self) -> None:
        self.image = widgets.Image(value=self.png(), format=self.format)
        self.image.add_class("mtg-picture-image")
        self.children = [self.image]

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return f"Picture: {self.about} (run the notebook with a kernel to see it)"
