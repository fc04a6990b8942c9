"""Views of games for lessons: pandas tables, highlighted changes and a matplotlib board.

This subpackage may import pandas and matplotlib; the engine (``mtgrules`` itself) must not, so
the engine reaches these functions only through lazy imports in ``GameState._repr_html_`` and
friends.
"""

from mtgrules.views.board import board_png, board_svg, draw_board
from mtgrules.views.layers import LAYER_COLUMNS, layers_html, layers_table
from mtgrules.views.tables import (
    COLUMNS,
    ViewTable,
    changes_table,
    combat_note,
    could_produce_table,
    diff,
    escaped,
    frame_table,
    highlight,
    highlight_mask,
    state_html,
    state_table,
    steps_table,
    timeline_html,
)

__all__ = [
    "COLUMNS", "LAYER_COLUMNS", "board_png", "board_svg", "changes_table", "combat_note", "could_produce_table",
    "diff", "draw_board", "escaped", "frame_table", "highlight", "highlight_mask", "layers_html", "layers_table",
    "state_html", "state_table", "steps_table", "timeline_html", "ViewTable",
]
