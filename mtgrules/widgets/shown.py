"""Fill a widget's content when a front end first shows it, not when the cell builds it.

A walk-through's step table, board picture and a what-if's comparison cost milliseconds each to
render, and a widget that no front end ever shows (a notebook run by nbclient or nbmake, a tab
closed before the output arrived) needs none of them. ipywidgets' front end counts the views it
creates of a model when the model's ``_view_count`` is a number (``@jupyter-widgets/base``, in
JupyterLab, Voila and the classic notebook alike, with no extension of our own and nothing
fetched from the network): it adds one as a view is displayed and sends the count back. So in a
kernel the widget starts at ``_view_count=0``, shows a one-line placeholder, and renders its
content on the first count above zero.

Outside a kernel (tests, scripts, the handout builder) no front end can ever report a view, and
whoever made the widget is about to read its values, so the content is rendered at once.
Python code that wants the content in a kernel before any view calls ``fill()``; asking for one
of the widget's parts (``w.table``, ``w.next_button``) fills it too.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

PLACEHOLDER = ('<div class="mtg-box mtg-placeholder" style="color:#666"><i>The kernel draws this as it is shown '
               "(run the notebook to see it).</i></div>")
"""What a view shows before its content arrives: for a live kernel, for a blink; in a notebook
saved with its widget state but never shown, what the reader sees instead of the content."""


_placeholder: Any = None


def placeholder() -> Any:
    """The one ``HTML`` widget showing :data:`PLACEHOLDER`, shared by every widget not yet filled.

    A widget model may sit in any number of boxes, and this one is never changed: each widget
    swaps it out of its children when it fills. In a kernel every widget made is a message to the
    front end (about half a millisecond each here, with its layout and style); one shared
    placeholder spares three of them per walk-through, question or picture a lesson shows."""
    global _placeholder
    if _placeholder is None or _placeholder.comm is None:  # none yet, or closed (Widget.close_all)
        import ipywidgets as widgets
        _placeholder = widgets.HTML(PLACEHOLDER)
    return _placeholder


def in_kernel() -> bool:
    """True inside a running Jupyter kernel, where a front end may show a widget (or never)."""
    app = sys.modules.get("ipykernel.kernelapp")
    return bool(app is not None and app.IPKernelApp.initialized())


class FillWhenShown:
    """Mixin for a widget (its first base) whose content is rendered on first view.

    The widget calls ``self._fill_when_shown(render)`` at the end of its ``__init__``, after
    passing ``_view_count=shown_count()`` to the widget's own ``__init__`` (so the count is
    tracked from the widget's first message on). ``render`` puts the content in the child widgets.
    """

    filled: bool = False
    """Whether the content has been rendered (tests and benchmarks read it)."""

    PARTS: frozenset[str] = frozenset()
    """Attributes the fill makes (child widgets): asking for one before the first view fills."""

    _render_content: Callable[[], None] | None = None

    def __getattr__(self, name: str) -> Any:
        # Only reached for an attribute not found: a part asked for before anything showed the widget.
        if name in type(self).PARTS and not self.filled and self._render_content is not None:
            self.fill()
            return object.__getattribute__(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _fill_when_shown(self, render: Callable[[], None]) -> None:
        self._render_content = render
        if getattr(self, "_view_count", None) is None:  # not tracked: no kernel, render now
            self.fill()
            return
        self.observe(self._on_view_count, names="_view_count")  # HasTraits.observe, on the widget

    def _on_view_count(self, change: dict[str, Any]) -> None:
        if change["new"]:
            try:
                self.fill()
            except Exception as err:  # a front end's view asked: only the widget itself can show the error
                import ipywidgets as widgets
                self.children = [widgets.HTML(failed_html(err))]

    def fill(self) -> FillWhenShown:
        """Render the content now (once); later views show what it holds. If rendering raises, the
        widget is left unfilled (a later view or ``fill()`` tries again) and the error is raised:
        to the cell that called ``fill()``, or shown in the widget when a view asked for it."""
        if not self.filled and self._render_content is not None:
            self.filled = True
            try:
                self._render_content()
            except BaseException:
                self.filled = False
                raise
        return self


def failed_html(err: Exception) -> str:
    """What a widget shows when drawing it on its first view failed: the error, escaped, rather
    than the placeholder for good (the error would otherwise go only to the kernel's log)."""
    import html
    return ('<div class="mtg-box mtg-refused"><b>The kit could not draw this:</b> '
            f"{html.escape(type(err).__name__)}: {html.escape(str(err))}. Run the cell again; if this "
            "comes back, it is a fault in the kit worth reporting.</div>")


def shown_count() -> int | None:
    """The ``_view_count`` a new widget starts with: 0 (count the views) in a kernel, None
    (don't) elsewhere."""
    return 0 if in_kernel() else None


def freeze_what_is_loaded() -> None:
    """In a kernel, take every object alive now out of the garbage collector's generations
    (``gc.freeze``), once the widgets' imports are done.

    Those objects (pandas, matplotlib, ipywidgets and the kit, some 140,000 of them) live as long
    as the kernel, yet each full collection walks them all again: about 50 ms, at least once in
    every lesson and more often as a learner clicks on. Frozen, a full collection walks only
    what the lesson made since. Outside a kernel (tests, scripts) nothing is changed. Objects
    frozen are still freed when nothing refers to them; only a reference cycle among them that
    is already garbage would stay, and the imports leave next to none."""
    if in_kernel():
        gc.freeze()
