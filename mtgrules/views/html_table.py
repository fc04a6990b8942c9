"""Tables written as HTML directly: the step tables, state tables and timeline tables a notebook shows.

pandas' Styler renders each table through a Jinja template after deep-copying itself: 2.5 to 5 ms
for one of the kit's tables on this machine, and a lesson shows six to ten of them, about a third
of what the lesson itself adds to its kernel's time (docs/benchmarks.md). These tables need only
what this module writes: escaped cells and labels, an inline highlight per cell, a caption and the
views' padding, rendered in a tenth of the time (0.4 against 4.0 ms for a ten-row step
table; 0.8 against 4.4 ms built and rendered). The markup keeps the Styler's cell classes (``data
row0 col1``, ``row_heading level0 row0``, ``col_heading level0 col1``), so a page's own CSS and the
browser tests find the same cells either way. A table to style further or export is still a
pandas Styler: :func:`mtgrules.views.highlight`, ``StepTable.styler``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd


def cell_text(value: object) -> str:
    """A cell's text as the views show it (a float to six places, as pandas' Styler does), escaped:
    every cell and label is game text (card and player names) that may hold markup."""
    text = f"{value:.6f}" if isinstance(value, float) else str(value)
    return html.escape(text, quote=True)


def scoped_css(styles: Sequence[Mapping[str, str]], scope: str) -> str:
    """A ``<style>`` block for Styler-style ``set_table_styles`` entries, each selector put under
    ``scope`` (``table.mtg-view-table.mtg-view-table``), so the rules reach these tables and nothing else on the page."""
    rules = []
    for entry in styles:
        selector = ", ".join(f"{scope} {part.strip()}" for part in entry["selector"].split(","))
        rules.append(f"{selector} {{ {entry['props']} }}")
    return "<style>\n" + "\n".join(rules) + "\n</style>"


def html_table(view: pd.DataFrame, css: np.ndarray | None = None, caption: str = "", *,
               table_class: str = "mtg-view-table", column_classes: Mapping[str, str] | None = None,
               index: bool = True) -> str:
    """``view`` as one HTML table: every cell, label and the caption escaped; ``css[i, j]`` (text,
    "" for none) is cell (i, j)'s inline style; ``column_classes`` adds a class to a column's cells;
    ``index=False`` leaves out the row labels."""
    columns = [str(c) for c in view.columns]
    extra = [f" {column_classes[c]}" if column_classes and c in column_classes else "" for c in columns]
    name = view.index.name
    corner = (f'<th class="index_name level0" >{cell_text(name)}</th>' if name is not None
              else '<th class="blank level0" >&nbsp;</th>')
    blank = corner if index else ""
    head = "".join(f'<th class="col_heading level0 col{j}" >{cell_text(c)}</th>' for j, c in enumerate(columns))
    rows = []
    for i, (label, values) in enumerate(zip(view.index, view.itertuples(index=False, name=None), strict=True)):
        tds = []
        for j, value in enumerate(values):
            style = css[i, j] if css is not None else ""
            attr = f' style="{html.escape(style, quote=True)}"' if style else ""
            tds.append(f'<td class="data row{i} col{j}{extra[j]}"{attr} >{cell_text(value)}</td>')
        th = f'<th class="row_heading level0 row{i}" >{cell_text(label)}</th>' if index else ""
        rows.append(f"<tr>{th}{''.join(tds)}</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f'<table class="{table_class}">{cap}<thead><tr>{blank}{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')

