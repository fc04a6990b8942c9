"""The state of a step laid out to fit a notebook's width (1366 px with the file browser open, or a
projector at 150 % zoom): players first, then the objects a step changed, the rest behind a toggle.

The full state table (:func:`mtgrules.views.state_table`) has sixteen columns, one per fact, which
is right for tests and diffs but too wide to read in a notebook: life, pool and hand were cut off
on the right. This view is built from the same table and the same change mask, so it highlights
exactly the same cells; it only arranges them:

* a **players** table first, with life, pool and hand as its first columns;
* the **objects** table without the columns that are empty for every object, with controller and
  zone in one "zone" column ("Alice's battlefield"), and the owner only when it differs;
* the rows a step **changed** first; the whole objects table behind a "show all" toggle.
"""

from __future__ import annotations

import html

import pandas as pd

from mtgrules.core.state import GameState
from mtgrules.views import tables
from mtgrules.views.html_table import html_table
from mtgrules.views.tables import _mask, state_table

PLAYER_COLUMNS = ("life", "pool", "hand", "library", "notes")
OBJECT_COLUMNS = ("name", "type", "zone", "owner", "tapped", "P/T", "counters", "damage", "combat", "notes")
# The fitted tables' own style, scoped to them (two classes deep, so a notebook's own table style
# doesn't override it): padding, left alignment, room for the notes.
CSS = """<style>
.mtg-fit { max-width: 100%; overflow-x: auto; font-size: 92%; }
.mtg-fit table { margin: 0.15em 0 0.4em 0; border-collapse: collapse; }
.mtg-fit table.mtg-fit-table th, .mtg-fit table.mtg-fit-table td { padding: 1px 6px; text-align: left;
  vertical-align: top; max-width: 18em; overflow-wrap: break-word; }
.mtg-fit table.mtg-fit-table td.mtg-notes { max-width: 30em; min-width: 12em; }
.mtg-fit table.mtg-fit-table caption { text-align: left; font-weight: 600; padding: 2px 0; }
.mtg-fit details > summary { cursor: pointer; color: #1d4f91; margin: 0.2em 0; }
.mtg-fit .mtg-gone { color: #555; margin: 0.2em 0; }
</style>"""


def _player_view(table: pd.DataFrame) -> pd.DataFrame:
    return table.loc[table["kind"] == "player", list(PLAYER_COLUMNS)]


def _object_view(table: pd.DataFrame) -> pd.DataFrame:
    """Objects and stack items, with the controller folded into the zone and the owner kept only
    where it differs from the controller."""
    rows = table.loc[table["kind"] != "player"].copy()
    on_field = rows["zone"] == "battlefield"
    rows.loc[on_field, "zone"] = rows.loc[on_field, "controller"].map(lambda c: f"{c}'s battlefield")
    rows.loc[rows["kind"] == "stack", "zone"] = "stack"
    rows["owner"] = [o if o and c and o != c else "" for o, c in zip(rows["owner"], rows["controller"], strict=True)]
    # The row label already names each object ("#3 Forest"); a stack item's text goes to its notes.
    stack = rows["kind"] == "stack"
    rows.loc[stack, "notes"] = [f"{n}; {x}" if x else n for n, x in zip(rows.loc[stack, "name"],
                                                                         rows.loc[stack, "notes"], strict=True)]
    rows["name"] = ["" if kind == "stack" or str(label).endswith(f" {name}") else name
                    for label, kind, name in zip(rows.index, rows["kind"], rows["name"], strict=True)]
    return rows[list(OBJECT_COLUMNS)]


def _drop_empty(view: pd.DataFrame, keep: tuple[str, ...] = ()) -> list[str]:
    """The columns with something to show (in the view given, usually the whole table)."""
    return [c for c in view.columns if c in keep or any(v != "" and v is not None for v in view[c])]


def _styled(view: pd.DataFrame, mask: pd.DataFrame, new_rows: set[str]) -> str:
    """One fitted table as HTML, written directly (:mod:`mtgrules.views.html_table`) rather than
    through a pandas Styler: a step shows two or three of these tables, on every Next. A changed
    cell carries its highlight as an inline style, read now, so the colours in force
    (:mod:`mtgrules.classroom.palette`) apply."""
    css = tables.highlight_css(mask.to_numpy(), [label in new_rows for label in view.index])
    return html_table(view, css, table_class="mtg-fit-table", column_classes={"notes": "mtg-notes"})


def fit_html(after: GameState, before: GameState | None = None, caption: str = "",
             gone_label: str = "Gone since the step before") -> str:
    """The state ``after`` as narrow tables, with what changed since ``before`` highlighted and
    first. Without ``before`` (the start), every object is shown and nothing is highlighted."""
    new_table = state_table(after)
    old_table = state_table(before) if before is not None else new_table
    mask = _mask(old_table, new_table)
    new_rows = set(new_table.index[~new_table.index.isin(old_table.index)]) if before is not None else set()

    players = _player_view(new_table)
    pcols = _drop_empty(players, keep=("life", "pool", "hand"))
    pmask = mask.loc[players.index, pcols]
    parts = [CSS, '<div class="mtg-fit">']
    if caption:
        parts.append(f"<div><b>{html.escape(caption)}</b></div>")
    parts.append(_styled(players[pcols], pmask, new_rows))

    objects = _object_view(new_table)
    ocols = _drop_empty(objects)
    # A changed cell in a folded column (controller) marks the folded-into column (zone).
    omask = mask.loc[objects.index].copy()
    omask["zone"] = omask["zone"] | omask["controller"]
    omask["notes"] = omask["notes"] | (omask["name"] & (objects["name"] == ""))
    omask = omask[ocols]
    changed = [label for label in objects.index if omask.loc[label].any() or label in new_rows]
    if len(objects):
        if before is not None and changed:
            first = objects.loc[changed, ocols]
            parts.append(_styled(first, omask.loc[changed], new_rows))
            rest = len(objects) - len(changed)
            if rest:
                parts.append(f"<details><summary>Show all {len(objects)} objects ({rest} unchanged)</summary>"
                             f"{_styled(objects[ocols], omask, new_rows)}</details>")
        elif before is not None:
            parts.append(f"<details><summary>Nothing on the board changed: show all {len(objects)} objects"
                         f"</summary>{_styled(objects[ocols], omask, new_rows)}</details>")
        else:
            parts.append(_styled(objects[ocols], omask, new_rows))
    if before is not None:
        gone = tables.gone_rows(old_table, new_table)
        if gone:
            parts.append(f'<p class="mtg-gone">{html.escape(gone_label)}: {html.escape("; ".join(gone))}</p>')
    parts.append("</div>")
    return "".join(parts)
