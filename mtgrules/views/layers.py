"""The layer view: for one object, every continuous effect that applies to it, in the order applied.

It reads like a step table: one row per step of the layers (613.1), each citing its rule, with
the layer and sublayer, the effect's source and timestamp (613.7), whether it waited for another
effect and why (613.8), and the object's values after it: types, colour, abilities, power and
toughness, controller. The first row is the object as printed (613.1 starts there); a cell that
the step changed is highlighted as a step table highlights a change. An effect that would have
reached the object but ceased to exist (its source lost the ability, 613.6) has a row of its own
saying so, with no values.

The engine works all of this out (``rules.layers.layer_trace``, plain data); this module only
renders it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from mtgrules.core.colors import color_words
from mtgrules.core.effects import LAYER_NAMES, Chars
from mtgrules.core.errors import WrongThing
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.rules.layers import Applied, LayerTrace, layer_trace
from mtgrules.views.html_table import html_table
from mtgrules.views.tables import TABLE_CLASS, TABLE_CSS, ViewTable, highlight_css, object_label, type_line

LAYER_COLUMNS: tuple[str, ...] = ("layer", "effect", "source", "timestamp", "depends on", "types", "colour",
                                  "abilities", "P/T", "controller", "rule")
"""The columns of ``layers_table``."""
VALUE_COLUMNS = ("types", "colour", "abilities", "P/T", "controller")
_ORDER = ("1a", "2", "3", "4", "-", "5", "6", "7a", "7b", "7c", "7d")


def _oid(state: GameState, obj: object) -> int:
    """The id of ``obj``: an id, or the object itself; anything else is refused in one sentence."""
    if isinstance(obj, GameObject):
        return obj.oid
    if isinstance(obj, bool) or not isinstance(obj, int):
        raise WrongThing(f"layers_table needs an object of the game, by its id (such as 3) or the object "
                         f"itself, not {obj!r:.40} ({type(obj).__name__})")
    state.obj(obj)  # "no object with id 12 in this game"
    return obj


def abilities_text(c: Chars) -> str:
    """Its keywords, then its other abilities by their text, or "—" for none."""
    words = sorted(c.keywords) + [str(getattr(ab, "text", type(ab).__name__)) for ab in c.abilities]
    return "; ".join(words) or "—"


def _values(c: Chars, controller: str) -> tuple[str, str, str, str, str]:
    return (type_line(c), color_words(c.colors), abilities_text(c), c.pt() if c.is_creature else "—", controller)


def _layer_text(layer: str) -> str:
    if layer == "-":
        return "— (a rule)"
    return f"{layer} ({LAYER_NAMES[layer]})"


def _source_text(state: GameState, source: int | None) -> str:
    if source is None:
        return "—"
    try:
        return object_label(source, state.obj(source).card)
    except KeyError:
        return f"#{source} (no longer in the game)"


def _depends_text(step: Applied) -> str:
    if not step.depends_on:
        return "—"
    return step.why


def layer_rows(state: GameState, trace: LayerTrace) -> tuple[list[tuple[Any, ...]], list[str]]:
    """The rows of the layer view, and a label for each: "printed", then 1, 2, ... per step."""
    rows: list[tuple[Any, ...]] = [("— (printed)", "the card as printed", "—", "—", "—",
                                    *_values(trace.printed, trace.controller), "613.1")]
    labels = ["printed"]
    ceased = sorted(trace.ceased, key=lambda c: _ORDER.index(c.layer))
    for k, step in enumerate(trace.steps, 1):
        while ceased and _ORDER.index(ceased[0].layer) < _ORDER.index(step.layer):
            rows.append(_ceased_row(ceased.pop(0)))
            labels.append("—")
        cda = " (characteristic-defining ability)" if step.cda and step.layer != "7a" else ""
        rows.append((_layer_text(step.layer), step.description + cda, _source_text(state, step.source),
                     "—" if step.timestamp is None else step.timestamp, _depends_text(step),
                     *_values(step.chars, step.controller), step.rule))
        labels.append(str(k))
    for c in ceased:
        rows.append(_ceased_row(c))
        labels.append("—")
    return rows, labels


def _ceased_row(c: Any) -> tuple[Any, ...]:
    return (_layer_text(c.layer), f"{c.description} (doesn't apply)", "—", "—", c.why, "", "", "", "", "", c.rule)


def layers_table(state: GameState, obj: int | GameObject) -> ViewTable:
    """Every continuous effect that applies to ``obj`` (an id or the object), in the order the
    layers apply them (613.1-613.8), with the object's values after each; the first row is the
    card as printed. Use ``layers_html`` for the same table with its changes highlighted."""
    oid = _oid(state, obj)
    rows, labels = layer_rows(state, layer_trace(state, oid))
    return ViewTable(rows, index=pd.Index(labels, dtype=object, name="step"), columns=list(LAYER_COLUMNS),
                     dtype=object)


def layers_css(table: pd.DataFrame) -> np.ndarray:
    """Each cell's highlight: a value that differs from the row before (of the rows with values)."""
    changed = np.zeros(table.shape, dtype=bool)
    cols = [list(table.columns).index(c) for c in VALUE_COLUMNS]
    last = None
    for i, row in enumerate(table.itertuples(index=False, name=None)):
        if row[cols[0]] == "":  # an effect that doesn't apply: nothing changed
            continue
        if last is not None:
            for j in cols:
                changed[i, j] = row[j] != last[j]
        last = row
    return highlight_css(changed, [])


def layers_caption(state: GameState, obj: int | GameObject) -> str:
    oid = _oid(state, obj)
    o = state.obj(oid)
    return (f"The layers for {object_label(oid, o.card)}: each continuous effect in the order applied (613.1), "
            "by timestamp within a layer (613.7), dependency first (613.8)")


LAYERS_CLASS = "mtg-layers"
_SCOPE = f"table.{TABLE_CLASS}.{LAYERS_CLASS}"
LAYERS_CSS = (f"<style>\n{_SCOPE} td, {_SCOPE} th {{ line-height: 1.35; padding: 3px 6px; vertical-align: top; }}\n"
              f"{_SCOPE} td.mtg-layer-effect {{ min-width: 14em; }}\n"
              f"{_SCOPE} td.mtg-layer-layer, {_SCOPE} td.mtg-layer-rule {{ white-space: nowrap; }}\n</style>")
"""The layer view's own spacing: rows of one or two lines, the effect wide enough to read."""


def layers_html(state: GameState, obj: int | GameObject) -> str:
    """``layers_table`` as HTML, each changed value highlighted, under a caption naming the object.
    To fit a notebook, a column that says the same in every row is left out and said once in the
    caption instead: "no effect here waits for another" when none depends on another (613.8), the
    colour, the abilities or the controller when no effect changes them; source and timestamp
    share one column. Types and P/T are always shown."""
    table = layers_table(state, obj)
    css = layers_css(table)
    caption = layers_caption(state, obj)
    shown = table.copy()
    shown["source"] = [src if ts == "—" else f"{src} ({ts})" for src, ts in zip(shown["source"], shown["timestamp"],
                                                                             strict=True)]
    drop = ["timestamp"]
    if all(v in ("—", "") for v in shown["depends on"]):
        drop.append("depends on")
        caption += "; no effect here waits for another"
    for column, said in (("colour", "its colour doesn't change ({})"),
                         ("abilities", "its abilities don't change ({})"), ("controller", "{} controls it throughout")):
        values = {v for v in shown[column] if v}
        if len(values) == 1:
            drop.append(column)
            value = values.pop()
            caption += "; " + said.format("none" if value == "—" and column == "abilities" else value)
    keep = [j for j, c in enumerate(shown.columns) if c not in drop]
    shown = shown.iloc[:, keep].rename(columns={"source": "source (timestamp)"})
    classes = {"effect": "mtg-layer-effect", "layer": "mtg-layer-layer", "rule": "mtg-layer-rule"}
    return TABLE_CSS + LAYERS_CSS + html_table(shown, css[:, keep], caption, table_class=f"{TABLE_CLASS} {LAYERS_CLASS}",
                                               column_classes=classes)
