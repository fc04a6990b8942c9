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

import numpy as np
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
    # The controller column is folded away: a zone that doesn't name whose it is says it
    # ("stack (Alice)" for her spell, "exile (Bob)").
    rows["zone"] = [z if not c or z.startswith(f"{c}'s ") else f"{z} ({c})"
                    for z, c in zip(rows["zone"], rows["controller"], strict=True)]
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
    # A changed cell in a folded column (controller) marks the folded-into column (zone).
    omask = mask.loc[objects.index].copy()
    omask["zone"] = omask["zone"] | omask["controller"]
    omask["notes"] = omask["notes"] | (omask["name"] & (objects["name"] == ""))
    # A column emptied by the step (the last tapped card untapped) stays, to show the change.
    ocols = _drop_empty(objects, keep=tuple(c for c in objects.columns if omask[c].any()))
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


# ---------------------------------------------------------------- a whole state table, as a notebook shows it
# ``state_table(...)``, ``t.state`` and ``frame_table(...)`` hold the sixteen columns of
# ``tables.COLUMNS``; shown in one HTML table they end at "pool" at 1366 px with JupyterLab's file
# browser open (hand, library and the notes cut off) and squeeze "Basic Land — Forest" onto three
# lines. A notebook shows them as the walk-through does: a players table and an objects table,
# each with only the columns it has something in, every row, the same highlights.
VIEW_CSS = """<style>
div.mtg-state-view { max-width: 100%; overflow-x: auto; }
div.mtg-state-view table.mtg-view-table.mtg-view-table { margin: 0.1em 0 0.5em 0; }
div.mtg-state-view table.mtg-view-table.mtg-view-table td.mtg-notes { min-width: 12em; max-width: 32em; }
div.mtg-state-view table.mtg-view-table.mtg-view-table td.mtg-type { min-width: 9.5em; }
div.mtg-state-view table.mtg-view-table.mtg-view-table td.mtg-zone { min-width: 7em; }
</style>"""
VIEW_CLASSES = {"notes": "mtg-notes", "type": "mtg-type", "zone": "mtg-zone"}


def is_state_table(table: pd.DataFrame) -> bool:
    """Whether ``table`` has the state table's columns, in order (a learner's slice has fewer)."""
    return [str(c) for c in table.columns] == list(tables.COLUMNS)


def state_view_html(table: pd.DataFrame, css: np.ndarray | None = None, caption: str = "") -> str:
    """A state table (all of ``tables.COLUMNS``) as two narrow tables under ``caption``: the
    players (life, pool, hand, library, notes) and the objects and stack items (controller folded
    into the zone, the owner only where it differs, empty columns left out). ``css[i, j]`` is the
    inline style of cell (i, j) of ``table``; a folded-away column's style goes to the one it was
    folded into, so every highlight stays on screen. A column emptied by the step (the last tapped
    card untapped) stays, to show its highlight; a new row's style, on all its cells, keeps none.

    Read from the table's values as plain lists, not through pandas' indexing (a lesson shows a
    state table on every Next: 14 ms that way, well under 1 ms this way)."""
    at = {c: j for j, c in enumerate(table.columns)}
    values = table.to_numpy(dtype=object)
    styles = np.full(values.shape, "", dtype=object) if css is None else np.asarray(css, dtype=object)
    labels = [str(label) for label in table.index]
    new_row = tables.NEW_ROW_CSS

    def kept(cells: list[tuple[object, str]], always: bool) -> bool:
        return always or any(v != "" and v is not None for v, _ in cells) or any(c and c != new_row for _, c in cells)

    def part(rows: list[int], columns: list[str], cells: dict[str, list[tuple[object, str]]], first: bool) -> str:
        shown = [c for c in columns if kept(cells[c], first and c in ("life", "pool", "hand"))]
        view = pd.DataFrame([[cells[c][k][0] for c in shown] for k in range(len(rows))],
                            index=pd.Index([labels[i] for i in rows], dtype=object), columns=shown, dtype=object)
        style = np.array([[cells[c][k][1] for c in shown] for k in range(len(rows))], dtype=object).reshape(
            len(rows), len(shown))
        return html_table(view, style, caption if first else "", table_class=tables.TABLE_CLASS,
                          column_classes=VIEW_CLASSES)

    kinds = values[:, at["kind"]]
    players = [i for i in range(len(labels)) if kinds[i] == "player"]
    pcells = {c: [(values[i, at[c]], styles[i, at[c]]) for i in players] for c in PLAYER_COLUMNS}
    parts = [tables.TABLE_CSS, VIEW_CSS, '<div class="mtg-state-view">',
             part(players, list(PLAYER_COLUMNS), pcells, True)]
    objects = [i for i in range(len(labels)) if kinds[i] != "player"]
    if objects:
        ocells: dict[str, list[tuple[object, str]]] = {c: [] for c in OBJECT_COLUMNS}
        for i in objects:
            row = {c: values[i, at[c]] for c in ("name", "kind", "type", "owner", "controller", "zone", "tapped",
                                                "P/T", "counters", "damage", "combat", "notes")}
            css_of = {c: styles[i, at[c]] for c in row}
            controller, name, kind = row["controller"], row["name"], row["kind"]
            zone = f"{controller}'s battlefield" if row["zone"] == "battlefield" else \
                "stack" if kind == "stack" else row["zone"]
            if controller and not str(zone).startswith(f"{controller}'s "):
                zone = f"{zone} ({controller})"  # the controller column is folded away
            owner = row["owner"] if row["owner"] and controller and row["owner"] != controller else ""
            notes = (f"{name}; {row['notes']}" if row["notes"] else name) if kind == "stack" else row["notes"]
            shown_name = "" if kind == "stack" or labels[i].endswith(f" {name}") else name
            folded = {"name": (shown_name, css_of["name"]), "type": (row["type"], css_of["type"]),
                      "zone": (zone, css_of["zone"] or css_of["controller"]), "owner": (owner, css_of["owner"]),
                      "notes": (notes, css_of["notes"] or (css_of["name"] if shown_name == "" else ""))}
            for c in OBJECT_COLUMNS:
                ocells[c].append(folded.get(c) or (row[c], css_of[c]))
        parts.append(part(objects, list(OBJECT_COLUMNS), ocells, False))
    parts.append("</div>")
    return "".join(parts)
