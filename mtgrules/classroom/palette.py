"""Highlight colours that stay distinct under the common colour blindnesses.

The views colour a changed cell yellow and a new row green, which look alike to many readers with
red-green colour blindness. For the projector and the handouts the kit uses two colours from
Okabe and Ito's palette, orange and sky blue, and gives each a shape too: a changed cell is
underlined, a new row is outlined. The views read their colours when they draw a table, so the
palette is switched for as long as a presentation or a handout build needs it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

CHANGED_CSS = "background-color: #f9d38a; font-weight: bold; box-shadow: inset 0 -4px 0 #d55e00"
NEW_ROW_CSS = "background-color: #b9def5; font-weight: bold; box-shadow: inset 0 0 0 2px #0072b2"


def _tables() -> Any:  # the module, whose two names are checked below
    from mtgrules.views import tables
    if not hasattr(tables, "CHANGED_CSS") or not hasattr(tables, "NEW_ROW_CSS"):
        raise RuntimeError("mtgrules.views.tables no longer names CHANGED_CSS / NEW_ROW_CSS: update "
                           "mtgrules/classroom/palette.py")
    return tables


def use_palette() -> None:
    """Switch this process's highlight colours for good (a presentation kernel)."""
    tables = _tables()
    tables.CHANGED_CSS, tables.NEW_ROW_CSS = CHANGED_CSS, NEW_ROW_CSS


@contextlib.contextmanager
def palette() -> Iterator[None]:
    """Switch the highlight colours for a block, then put the views' own back."""
    tables = _tables()
    saved = tables.CHANGED_CSS, tables.NEW_ROW_CSS
    tables.CHANGED_CSS, tables.NEW_ROW_CSS = CHANGED_CSS, NEW_ROW_CSS
    try:
        yield
    finally:
        tables.CHANGED_CSS, tables.NEW_ROW_CSS = saved
