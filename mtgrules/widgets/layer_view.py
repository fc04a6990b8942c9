"""LayerView: the layer view of one object, with a menu to look at another.

``LayerView(state, obj)`` shows ``views.layers_table`` for ``obj`` (an id or the object; by
default the first permanent): every continuous effect that applies to it in the order the layers
apply them, each row citing its rule, and the object's values after each, the changed cells
highlighted. The menu lists the objects of the state (permanents first; libraries are hidden, as
in the state table). The BoardEditor and the Walkthrough open one for the card chosen there.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from mtgrules.core.errors import WrongThing
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.views.layers import layers_html
from mtgrules.views.tables import object_label

from .shown import FillWhenShown, placeholder, shown_count


def object_options(state: GameState) -> list[tuple[str, int]]:
    """(label, id) for each object a learner can ask about: permanents first, then the other
    zones' cards (not libraries, which are hidden), each in id order."""
    shown = [o for o in state.objects if o.zone is not Zone.LIBRARY]
    shown.sort(key=lambda o: (o.zone is not Zone.BATTLEFIELD, o.oid))
    return [(object_label(o.oid, o.card) + ("" if o.zone is Zone.BATTLEFIELD else f" ({o.zone.value})"), o.oid)
            for o in shown]


class LayerView(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information
    """The layer view of ``obj`` in ``state`` (``menu=False`` hides its object menu, for a widget
    that has its own). From Python: ``.select(oid)``, ``.oid``, and the
    parts ``picker`` (the object menu) and ``table`` (an ``HTML`` widget holding the table),
    each with a CSS class ``mtg-layer-...`` for browser tests."""

    PARTS = frozenset({"header", "picker", "table"})

    def __init__(self, state: GameState, obj: int | GameObject | None = None, *, menu: bool = True) -> None:
        if not isinstance(state, GameState):
            raise WrongThing(f"LayerView needs a game state (t.state, or a scenario's s.state()), not "
                             f"{type(state).__name__}")
        self.state = state
        options = object_options(state)
        if obj is None:
            if not options:
                raise WrongThing("LayerView needs an object to show, and this game has none outside the libraries")
            obj = options[0][1]
        if isinstance(obj, GameObject):
            obj = obj.oid
        if isinstance(obj, bool) or not isinstance(obj, int):
            raise WrongThing(f"LayerView shows an object by its id (such as 3) or the object itself, not {obj!r:.40}")
        state.obj(obj)  # "no object with id 12 in this game"
        self._oid = obj
        self._menu = menu
        self._options = options if any(v == obj for _l, v in options) else [*options, (f"#{obj}", obj)]
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-layer-view",))
        self._fill_when_shown(self._build)

    @property
    def oid(self) -> int:
        """The id of the object shown."""
        return self._oid

    def _build(self) -> None:
        self.header = widgets.HTML("<b>The layers</b>: each continuous effect on the object, in the order applied")
        self.header.add_class("mtg-layer-title")
        self.picker = widgets.Dropdown(options=self._options, value=self._oid, description="Object",
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.picker.add_class("mtg-layer-picker")
        self.table = widgets.HTML(layers_html(self.state, self._oid))
        self.table.add_class("mtg-layer-table")
        self.table.layout = widgets.Layout(width="100%", max_width="100%", overflow="auto", margin="0")  # no 2 px past the cell
        self.picker.observe(self._on_pick, names="value")
        if not self._menu:  # opened from a widget with its own card menu
            self.picker.layout.display = "none"
        self.children = [self.header, self.picker, self.table]

    def _on_pick(self, change: dict[str, Any]) -> None:
        self._oid = change["new"]
        self.table.value = layers_html(self.state, self._oid)

    def select(self, obj: int | GameObject) -> LayerView:
        """Show the layers of another object of the same state."""
        oid = obj.oid if isinstance(obj, GameObject) else obj
        if isinstance(oid, bool) or not isinstance(oid, int):
            raise WrongThing(f"select takes an object's id (such as 3) or the object, not {obj!r:.40}")
        self.state.obj(oid)
        if not any(v == oid for _l, v in self._options):
            self._options = [*self._options, (f"#{oid}", oid)]
            if self.filled:
                self.picker.options = self._options
        self._oid = oid
        if self.filled:
            self.picker.value = oid
            self.table.value = layers_html(self.state, oid)
        return self

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return f"LayerView of object {self._oid} (run the notebook with a kernel to see it)"
