"""Charts for lessons that span several turns (matplotlib Figure API, no pyplot)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure


def creatures_over_time(rows: Sequence[Mapping[str, Any]], players: Sequence[str], title: str = "") -> Figure:
    """One line per player: creatures on the battlefield after each step; turns are shaded.

    ``rows`` are dicts with ``frame``, ``turn`` and a count per player name (as produced by
    ``lessons.call_to_the_grave.creature_counts``)."""
    fig = Figure(figsize=(8, 3.2), layout="tight")  # laid out as it is drawn, so a chart never shown costs less
    ax = fig.add_subplot()
    frames = [r["frame"] for r in rows]
    for name in players:
        ax.step(frames, [r[name] for r in rows], where="post", label=name, linewidth=2)
    _shade_turns(ax, rows)
    ax.set_xlabel("step of the timeline")
    ax.set_ylabel("creatures on the battlefield")
    # the stub types the base Locator; a linear axis's default locator is a MaxNLocator, which takes it
    ax.yaxis.get_major_locator().set_params(integer=True)  # type: ignore[call-arg]
    ax.legend(loc="lower left")
    ax.set_ylim(0, max((r[n] for r in rows for n in players), default=0) + 0.9)
    if title:
        ax.set_title(title)
    return fig


def _shade_turns(ax: Axes, rows: Sequence[Mapping[str, Any]]) -> None:
    """Alternate a light band per turn and label it, so "each upkeep" is visible."""
    starts: list[tuple[int, int]] = []
    for r in rows:
        if not starts or starts[-1][1] != r["turn"]:
            starts.append((r["frame"], r["turn"]))
    end = rows[-1]["frame"] if rows else 0
    for i, (start, turn) in enumerate(starts):
        stop = starts[i + 1][0] if i + 1 < len(starts) else end
        if i % 2:
            ax.axvspan(start, stop, color="0.93", zorder=0)
        ax.text((start + stop) / 2, 0.98, f"turn {turn}", transform=ax.get_xaxis_transform(),
                ha="center", va="top", fontsize=8, color="0.35")
