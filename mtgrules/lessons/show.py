"""Small displayable pieces for lessons: a ruling quoted from the catalog, with its source
and the rules it rests on. Everything here is built from the kit's own data."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TYPE_CHECKING

from mtgrules.catalog.rules_index import EDITION, title
from mtgrules.catalog.rulings import ruling

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from mtgrules.core.state import GameState
    from mtgrules.widgets.picture import Picture


class RulingBox:
    """Shows one ruling: the quoted text, the card, the source and date, and the CR rules."""

    def __init__(self, ruling_id: str) -> None:
        self.ruling = ruling(ruling_id)

    def _repr_html_(self) -> str:
        r = self.ruling
        rules = "".join(f"<li><b>CR {html.escape(n)}</b>: {html.escape(title(n))}</li>" for n in r.cr)
        card = f" — {html.escape(r.card)}" if r.card else ""
        outside = ("<p><i>This card is from an Un-set, which the Comprehensive Rules don't cover "
                   "(CR 100.7): the official rulings are the specification here.</i></p>") if r.outside_cr else ""
        return (f"<div class='mtg-ruling' style='border-left:4px solid #6a5acd;padding:6px 12px'>"
                f"<p><b>{html.escape(r.id)}</b>{card}</p>"
                f"<blockquote>{html.escape(r.quote)}</blockquote>"
                f"<p><small>Source: {html.escape(r.source)}. Rules cited from the Comprehensive Rules "
                f"effective {EDITION}.</small></p>{outside}<ul>{rules}</ul></div>")

    def __repr__(self) -> str:
        return f"{self.ruling.id}: {self.ruling.quote}\n  ({self.ruling.source}; CR {', '.join(self.ruling.cr)})"


def show_ruling(ruling_id: str) -> RulingBox:
    return RulingBox(ruling_id)


def catalog_table() -> pd.DataFrame:
    """All rulings with their status, as a pandas table (imported here, not by the engine)."""
    import pandas as pd

    from mtgrules.catalog.rulings import load_catalog
    rows = [{"id": r.id, "topic": r.topic, "card": r.card or "—", "CR": ", ".join(r.cr),
             "engine": "✔" if r.status.engine else "·", "test": "✔" if r.status.test else "·",
             "lesson": r.lesson or "·"} for r in load_catalog()]
    return pd.DataFrame(rows).set_index("id")


def board(state: GameState, title: str | None = None) -> Picture:
    """The board picture (SVG, sharp at any size), drawn when the notebook first shows it (the
    Figure API needs no pyplot)."""
    from mtgrules.views import board_svg
    from mtgrules.widgets.picture import Picture
    _check_state(state, "board")  # now: in a kernel the drawing waits for the first view, and its error would look like the kit's
    return Picture(lambda: board_svg(state, title=title), f"the board{f', {title}' if title else ''}", format="svg+xml")


def _check_state(state: object, what: str) -> None:
    """A game state, or a TypeError saying which one to pass instead of the thing given."""
    from mtgrules.core.state import GameState
    if isinstance(state, GameState):
        return
    hint = {"Timeline": "pass t.state (the state now) or t[i].state (after step i)",
            "Scenario": "pass s.state() (the starting board) or a timeline's t.state"}.get(type(state).__name__,
                                                                                           "pass t.state")
    raise TypeError(f"{what} shows a game state, not {type(state).__name__}: {hint}")


def figure(fig: Figure) -> Picture:
    """A matplotlib Figure as a picture, drawn when the notebook first shows it, without pyplot."""
    import io

    from matplotlib.figure import Figure

    from mtgrules.widgets.picture import Picture
    if not isinstance(fig, Figure):
        raise TypeError(f"figure shows a matplotlib Figure (such as Figure() or plt.figure()), not {type(fig).__name__}")

    def draw() -> bytes:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100)
        return buf.getvalue()
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    return Picture(draw, f"a chart: {titles[0]}" if titles else "a chart")


class _Html:
    """A piece of HTML a notebook displays as such."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return self.text


def could_produce_view(boards: Iterable[tuple[str, GameState]]) -> _Html:
    """"What could each permanent produce right now, and why" for several (title, state) boards,
    each under its own heading, with no text cut short."""
    from mtgrules.views import could_produce_table
    from mtgrules.views.tables import table_html
    if not isinstance(boards, Iterable) or isinstance(boards, str):
        raise TypeError(f"could_produce_view takes a list of (title, state) pairs, not {type(boards).__name__}")
    boards = list(boards)
    for n, pair in enumerate(boards, 1):
        if not (isinstance(pair, tuple | list) and len(pair) == 2):
            raise TypeError(f"board {n} of could_produce_view is {type(pair).__name__}; each board is a pair "
                            f"(title, state), such as (\"Before\", t.state)")
        if not isinstance(pair[0], str):
            raise TypeError(f"board {n} of could_produce_view has the title {pair[0]!r:.40}; a title is text")
        _check_state(pair[1], f"could_produce_view's board {n}")
    parts = [f"<h4>{html.escape(title)}</h4>" + table_html(could_produce_table(state), index=False)
             for title, state in boards]
    return _Html("".join(parts))
