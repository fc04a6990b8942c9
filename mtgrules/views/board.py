"""A picture of the board: one band per player, cards as labelled rectangles, the stack on the right.

Drawn with matplotlib's object API (a ``Figure`` with an Agg canvas, never pyplot), so it works
headless and a lesson that draws a hundred boards doesn't pile up open figures. Every card patch
carries a ``gid`` ("card-<oid>"), so tests and widgets can find a card and ask whether it is
rotated (tapped) or where it sits.

The notebooks, the presentation and the handouts show it as SVG (``board_svg``): sharp at any size
(a projector, a handout's enlarged board, a browser's zoom), with its text as text. In large print
(``font_px``, the presentation) the cards are drawn wide enough that every label is at least that
size where the picture is shown at ``width_px``, and each player's hand, library, graveyard and
exile are said under the player's name instead of in a column of their own.
"""

from __future__ import annotations

import io
import math
import re
import textwrap
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice

import PIL.Image
from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import FancyArrowPatch, Rectangle
from matplotlib.textpath import TextToPath

from mtgrules.core.carddef import NOT_PLAYED, card, unplayed_lines
from mtgrules.core.effects import Chars
from mtgrules.core.mana import Mana, number_text, pool_text
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import all_characteristics
from mtgrules.views.tables import combat_pairs, counters_text

PIL.Image.preinit()  # the image formats PIL loads on its first save: part of loading, not of a picture

CARD_W, CARD_H = 1.0, 1.4          # a card, in board units (portrait)
SLOT = CARD_H + 0.2                 # square slot: a tapped (turned) card fits it too
PER_ROW = 6                         # more permanents than this wrap onto another row
MIN_COLS = 4
HEADER_H = 0.6                      # the player's name, life and pool
SIDE_W = 4.2                        # hand, library, graveyard, exile
STACK_W = 3.4
TITLE_H = 0.7
MARGIN = 0.2
FIG_WIDTH_IN = 12.0
LINE_EM = 1.3                       # line height, in ems
MIN_FONT = 3.5
LEGIBLE_FONT = 6.5                  # points: the labels start here at least (9 px at 100 dpi), shrinking only to fit
_MEASURE = TextToPath()

DRAWN_PER_PLAYER = 24               # cards drawn in a player's band at most (four rows of six)
NAME_CHARS = 40                     # a player's name, a card's name, a stack item, at most, in the picture
TITLE_CHARS = 100
LISTED_IN_ZONE = 12                 # names listed for a graveyard or exile; the rest are counted
LISTED_ON_STACK = 10                # stack items drawn; the rest are counted
"""The picture is a fixed-size drawing, so what it shows is bounded; the tables and narration
show everything in full. A player with more than ``DRAWN_PER_PLAYER`` permanents has alike ones
(same card, status and role in combat) stacked as one card marked "×N", as a table of tokens
would be; if there are still more, the last card says how many more the table lists. A name past
``NAME_CHARS`` is cut with "…" in the picture (a learner's own long name stays whole everywhere
else): 500 creatures took 3-4 s to draw and a 30,000-character name 5 s, each text artist being
measured and drawn."""

COLOURS = {"land": "#e8dcc0", "creature": "#d5ecd0", "other": "#d8e2f0", "tapped": "#c9c9c9",
           "attack": "#c0392b", "block": "#2c6fbb"}
BAND_COLOURS = ("#f4f4f8", "#fbf7ee")  # players' bands alternate


@dataclass
class _Layout:
    """Where everything goes, in board units (y grows upwards)."""

    cols: int
    width: float
    height: float
    bands: dict[str, tuple[float, float]] = field(default_factory=dict)   # player -> (y0, y1)
    rows: dict[str, int] = field(default_factory=dict)
    side_w: float = SIDE_W             # the zones column (0 in large print: the zones go under the name)
    stack_w: float = STACK_W
    title_h: float = TITLE_H
    header: dict[str, float] = field(default_factory=dict)  # player -> the height of the name (and zones) line(s)
    zone_text: dict[str, str] = field(default_factory=dict)  # large print: the zones, wrapped, under the name

    @property
    def field_w(self) -> float:
        return MARGIN + self.cols * SLOT

    @property
    def stack_x(self) -> float:
        return self.field_w + self.side_w


def _permanents(state: GameState, player: str, chars: dict[int, Chars]) -> list[GameObject]:
    """A player's permanents, creatures first, then other non-lands, then lands (as on a table)."""
    def rank(o: GameObject) -> tuple[int, int]:
        c = chars[o.oid]
        return (0 if c.is_creature else 2 if c.is_land else 1, o.seq)
    return sorted(state.battlefield(player), key=rank)


def _short(text: str, limit: int = NAME_CHARS) -> str:
    """``text`` cut to ``limit`` characters with "…", for the picture only."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass(frozen=True)
class _Card:
    """One card drawn in a band: a permanent, several alike ones stacked (``count``), or the
    box that counts the permanents not drawn (``more``, with ``members`` empty)."""

    obj: GameObject
    members: tuple[int, ...]
    more: int = 0

    @property
    def count(self) -> int:
        return len(self.members)


def _drawn(state: GameState, perms: list[GameObject], chars: dict[int, Chars]) -> list[_Card]:
    """The cards a band draws: each permanent, or, past ``DRAWN_PER_PLAYER``, alike permanents
    stacked (the same label, face and combat arrows), and at most ``DRAWN_PER_PLAYER`` cards,
    the last counting what isn't drawn."""
    if len(perms) <= DRAWN_PER_PLAYER:
        return [_Card(o, (o.oid,)) for o in perms]
    attacks, blocks = combat_pairs(state)
    role: dict[int, tuple[object, ...]] = {}
    for a, t in attacks:
        role[a] = (*role.get(a, ()), "attacks", t)
    for b, a in blocks:
        role[b] = (*role.get(b, ()), "blocks", a)
        role[a] = (*role.get(a, ()), "blocked by", b)
    attached = {o.attached_to for o in state.battlefield() if o.attached_to is not None}
    groups: dict[object, list[GameObject]] = {}
    for o in perms:
        key: object = o.oid if o.oid in attached else (  # something attached to it: its own card
            o.card, chars[o.oid].pt(), o.tapped, o.counters, o.damage, o.attached_to, role.get(o.oid, ()))
        groups.setdefault(key, []).append(o)
    cards = [_Card(g[0], tuple(x.oid for x in g)) for g in groups.values()]
    if len(cards) <= DRAWN_PER_PLAYER:
        return cards
    kept = cards[:DRAWN_PER_PLAYER - 1]
    rest = sum(c.count for c in cards[DRAWN_PER_PLAYER - 1:])
    return [*kept, _Card(cards[DRAWN_PER_PLAYER - 1].obj, (), more=rest)]


def _layout(state: GameState, perms: dict[str, list[_Card]], title: str | None,
            large: _LargePrint | None = None) -> _Layout:
    most = max((len(v) for v in perms.values()), default=0)
    if large is None:
        cols = max(MIN_COLS, min(PER_ROW, most))
        lay = _Layout(cols, MARGIN + cols * SLOT + SIDE_W + STACK_W, 0.0)
    else:
        cols = max(1, min(PER_ROW, most, large.cols))
        lay = _Layout(cols, MARGIN + cols * SLOT + large.stack_w, 0.0, side_w=0.0, stack_w=large.stack_w,
                      title_h=large.title_h, zone_text=dict(large.zone_text))
    y = 0.0
    for name in state.player_names:                    # the first player sits at the bottom
        rows = max(1, math.ceil(len(perms[name]) / cols))
        header = HEADER_H if large is None else large.header[name]
        top = y + header + rows * SLOT + MARGIN
        lay.bands[name], lay.rows[name], lay.header[name] = (y, top), rows, header
        y = top
    lay.height = y + (lay.title_h if title else 0.0)
    return lay


_REUSED: dict[tuple[float, float], tuple[Figure, Axes]] = {}
"""For ``board_png``: one figure per picture size, emptied and drawn again for each board
(making a figure and its axes costs more than drawing a board). Never handed out."""


def _axes(ax: Axes | None, lay: _Layout, width_in: float = FIG_WIDTH_IN,
          reuse: bool = False) -> tuple[Figure, Axes]:
    size = (width_in, round(width_in * lay.height / lay.width, 3))
    if ax is None and reuse and size in _REUSED:
        fig, ax = _REUSED[size]
        for artist in [*ax.patches, *ax.texts]:
            artist.remove()
    elif ax is None:
        fig = Figure(figsize=size)
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        if reuse:
            if len(_REUSED) >= 8:
                _REUSED.pop(next(iter(_REUSED)))
            _REUSED[size] = fig, ax
    ax.set_xlim(0, lay.width)
    ax.set_ylim(0, lay.height)
    ax.set_aspect("equal")
    ax.axis("off")
    return _figure(ax), ax


def _figure(ax: Axes) -> Figure:
    """The figure the board is drawn on: a figure's own axes, not a subfigure's."""
    fig = ax.figure
    assert isinstance(fig, Figure), "draw the board on a figure's axes, not a subfigure's"
    return fig


def _points_per_unit(ax: Axes, lay: _Layout) -> float:
    """How many typographic points one board unit spans, so text can be sized to fit cards."""
    fig_w, fig_h = _figure(ax).get_size_inches()
    pos = ax.get_position()
    points: float = 72.0 * min(fig_w * pos.width / lay.width, fig_h * pos.height / lay.height)
    return points


@lru_cache(maxsize=8192)
def _text_width(text: str, size: float) -> float:
    """The width of one line in points, measured from the font itself (no renderer needed)."""
    width, _, _ = _MEASURE.get_text_width_height_descent(text, FontProperties(size=size), ismath=False)
    return width


def _wrap(line: str, width_pt: float, font: float) -> list[str] | None:
    """Greedy word wrap by measured width; None if some word is wider than the box on its own."""
    out: list[str] = []
    current = ""
    for word in line.split():
        if _text_width(word, font) > width_pt:
            return None
        trial = f"{current} {word}" if current else word
        if _text_width(trial, font) <= width_pt:
            current = trial
        else:
            out.append(current)
            current = word
    return out + ([current] if current else [])


def _fit(lines: Iterable[str], width_pt: float, height_pt: float, font: float,
         floor: float = MIN_FONT) -> tuple[str, float]:
    """Wrap ``lines`` to a box, shrinking the font (not below ``floor``) until the text fits
    without splitting a word."""
    lines = [ln for ln in lines if ln]
    floor = min(floor, font)
    while font > floor:
        wrapped = [w for ln in lines if (w := _wrap(ln, width_pt, font)) is not None]
        if len(wrapped) == len(lines):  # no word wider than the box
            flat = [x for w in wrapped for x in w]
            if len(flat) * font * LINE_EM <= height_pt:
                return "\n".join(flat), font
        font = max(floor, round(font * 0.9, 2))
    if floor > MIN_FONT:  # large print: the floor is the point; wrap at it, even if the box overflows
        wrapped = [w for ln in lines if (w := _wrap(ln, width_pt, font)) is not None]
        if len(wrapped) == len(lines):
            return "\n".join(x for w in wrapped for x in w), font
    per_line = max(4, int(width_pt / (font * 0.62)))            # last resort: split long words
    return "\n".join(w for ln in lines for w in textwrap.wrap(ln, per_line)), font


def _card_lines(state: GameState, obj: GameObject, c: Chars, count: int = 1) -> list[str]:
    lines = [_short(c.name) + (f" ×{count:,}" if count > 1 else "")]
    if c.is_creature:
        lines.append(c.pt())
    if obj.counters:
        lines.append(counters_text(obj.counters))
    if obj.damage:
        lines.append(f"damage {obj.damage}")
    if obj.attached_to is not None:
        try:
            lines.append(f"on {_short(state.obj(obj.attached_to).card)}")
        except KeyError:
            pass
    if unplayed_lines(card(obj.card)):
        lines.append(f"(text {NOT_PLAYED})")
    return lines


def _face(c: Chars, tapped: bool) -> str:
    if tapped:
        return COLOURS["tapped"]
    return COLOURS["creature"] if c.is_creature else COLOURS["land"] if c.is_land else COLOURS["other"]


def _draw_card(ax: Axes, state: GameState, obj: GameObject, c: Chars, centre: tuple[float, float],
               ppu: float, font: float, attacking: bool, count: int = 1, floor: float = MIN_FONT) -> None:
    """One card: a rectangle turned 90° about its centre if tapped, with its label inside
    (``count`` alike permanents stacked: "×N" after the name)."""
    x, y = centre
    rect = Rectangle((x - CARD_W / 2, y - CARD_H / 2), CARD_W, CARD_H, angle=90 if obj.tapped else 0,
                     rotation_point="center", facecolor=_face(c, obj.tapped),
                     edgecolor=COLOURS["attack"] if attacking else "#444444", linewidth=2.0 if attacking else 0.8)
    rect.set_gid(f"card-{obj.oid}")
    ax.add_patch(rect)
    w, h = (CARD_H, CARD_W) if obj.tapped else (CARD_W, CARD_H)
    text, size = _fit(_card_lines(state, obj, c, count), (w - 0.12) * ppu, (h - 0.12) * ppu, font, floor)
    ax.text(x, y, text, ha="center", va="center", fontsize=size, gid=f"label-{obj.oid}", linespacing=1.1)


def _draw_more(ax: Axes, centre: tuple[float, float], ppu: float, font: float, more: int, owner: str) -> None:
    """The last card of a full band: how many permanents the picture doesn't draw."""
    x, y = centre
    ax.add_patch(Rectangle((x - CARD_W / 2, y - CARD_H / 2), CARD_W, CARD_H, facecolor="#ffffff",
                           edgecolor="#444444", linewidth=0.8, linestyle="--", gid=f"more-{owner}"))
    text, size = _fit([f"+{more:,} more", "(see the table)"], (CARD_W - 0.12) * ppu, (CARD_H - 0.12) * ppu, font)
    ax.text(x, y, text, ha="center", va="center", fontsize=size, linespacing=1.1)


def _draw_band(ax: Axes, state: GameState, name: str, lay: _Layout, shade: str, font: float) -> tuple[float, float]:
    """The player's band and header; returns the point arrows aimed at the player end on."""
    y0, y1 = lay.bands[name]
    ax.add_patch(Rectangle((0, y0), lay.stack_x, y1 - y0, facecolor=shade, edgecolor="#999999",
                           linewidth=0.6, gid=f"band-{name}"))
    p = state.player(name)
    flags = [t for t, on in (("active", state.active == name), ("priority", state.priority == name),
                             ("lost", p.lost)) if on]
    header = (f"{_short(name)} — life {number_text(p.life)} — pool {_pool(p.pool)}"
              + (f"  ({', '.join(flags)})" if flags else ""))
    if name not in lay.zone_text:
        ax.text(MARGIN, y1 - HEADER_H / 2, header, ha="left", va="center", fontsize=font * 1.2,
                fontweight="bold", gid=f"header-{name}")
        return (lay.field_w / 2, y1 - HEADER_H / 2)
    # large print: the name line, then the zones under it (the zones column is left out)
    line = font * 1.2 * LINE_EM / _points_per_unit(ax, lay)
    ax.text(MARGIN, y1 - 0.15 * line - line / 2, header, ha="left", va="center", fontsize=font * 1.2,
            fontweight="bold", gid=f"header-{name}")
    ax.text(MARGIN, y1 - 0.15 * line - line, lay.zone_text[name], ha="left", va="top", fontsize=font,
            gid=f"zones-{name}", linespacing=LINE_EM)
    return (lay.field_w / 2, y1 - 0.15 * line - line / 2)


def _pool(pool: tuple[Mana, ...]) -> str:
    """The pool as a learner writes it, or, past a dozen units, counted by type ("{R}×15,002")."""
    if len(pool) <= 12:
        return pool_text(pool)
    counts = Counter(m.label() for m in pool)
    return " ".join(f"{label}×{n:,}" for label, n in counts.items())


def _names(objs: list[GameObject]) -> str:
    """A zone's cards by name; past ``LISTED_IN_ZONE`` cards, each name once with how many
    ("Grizzly Bears ×20"), at most ``LISTED_IN_ZONE`` names, then how many cards more."""
    if len(objs) <= LISTED_IN_ZONE:
        return ", ".join(_short(o.card) for o in objs) or "—"
    counts = Counter(o.card for o in objs)
    shown = [f"{_short(name)}" + (f" ×{n:,}" if n > 1 else "") for name, n in islice(counts.items(), LISTED_IN_ZONE)]
    rest = sum(n for _, n in islice(counts.items(), LISTED_IN_ZONE, None))
    return ", ".join(shown) + (f", and {rest:,} more" if rest else "")


def _zone_lines(state: GameState, name: str) -> tuple[list[str], list[GameObject]]:
    """Hand and library as counts, graveyard and exile as names; and the objects named."""
    hand = len(state.in_zone(Zone.HAND, name))
    library = len(state.in_zone(Zone.LIBRARY, name))
    graveyard = state.in_zone(Zone.GRAVEYARD, name)
    exile = [o for o in state.in_zone(Zone.EXILE) if o.owner == name]
    return ([f"Hand: {hand}, library: {library}",
             f"Graveyard ({len(graveyard):,}): " + _names(graveyard),
             f"Exile ({len(exile):,}): " + _names(exile)], graveyard + exile)


def _zone_panel(ax: Axes, state: GameState, name: str, lay: _Layout, ppu: float, font: float) -> dict[int, tuple[float, float]]:
    """Hand and library as counts, graveyard and exile as names; returns where each name is."""
    y0, y1 = lay.bands[name]
    lines, named = _zone_lines(state, name)
    if name in lay.zone_text:  # large print: said under the player's name by _draw_band
        header = lay.header[name]
        return {o.oid: (MARGIN + 0.3, y1 - header + 0.2) for o in named}
    x = lay.field_w + 0.1
    text, size = _fit(lines, (SIDE_W - 0.2) * ppu, (y1 - y0 - HEADER_H - 0.1) * ppu, font)
    ax.text(x, y1 - HEADER_H, text, ha="left", va="top", fontsize=size, gid=f"zones-{name}")
    anchor = (x + 0.3, y1 - HEADER_H - 0.4)
    return {o.oid: anchor for o in named}


def _draw_stack(ax: Axes, state: GameState, lay: _Layout, ppu: float, font: float) -> None:
    """The stack as a column, top item at the top, each box tagged "stack-<sid>"."""
    x0, top = lay.stack_x + 0.1, _bands_top(lay) - 0.1
    ax.add_patch(Rectangle((lay.stack_x, 0), lay.stack_w, _bands_top(lay), facecolor="#fcfcfc", edgecolor="#999999",
                           linewidth=0.6, gid="stack-column"))
    ax.text(x0, top, "Stack (top first)" if state.stack else "Stack: empty", ha="left", va="top",
            fontsize=font * 1.1, fontweight="bold")
    items = list(reversed(state.stack))
    if not items:
        return
    if len(items) > LISTED_ON_STACK:
        ax.text(x0, MARGIN, f"and {len(items) - LISTED_ON_STACK + 1:,} more below", ha="left", va="bottom",
                fontsize=font)
        items = items[:LISTED_ON_STACK - 1]
    if lay.zone_text:  # large print: each box as tall as its label at the font, never smaller print
        _draw_stack_large(ax, items, lay, x0, top - 1.4 * font * LINE_EM / ppu, ppu, font)
        return
    avail = top - 0.5 - MARGIN
    box_h = min(1.2, avail / len(items) - 0.1)
    for i, item in enumerate(items):
        y = top - 0.5 - (i + 1) * (box_h + 0.1)
        ax.add_patch(Rectangle((x0, y), lay.stack_w - 0.3, box_h, facecolor="#fff4d6", edgecolor="#7a5c00",
                               linewidth=0.8, gid=f"stack-{item.sid}"))
        label = f"{_short(item.label)} ({_short(item.controller)})" + (f", X={number_text(item.x)}" if item.x else "")
        text, size = _fit([label], (lay.stack_w - 0.5) * ppu, (box_h - 0.1) * ppu, font)
        ax.text(x0 + 0.1, y + box_h / 2, text, ha="left", va="center", fontsize=size)


def _draw_stack_large(ax: Axes, items: list[StackItem], lay: _Layout, x0: float, y: float, ppu: float, font: float) -> None:
    width = (lay.stack_w - 0.5) * ppu
    for item in items:
        label = f"{_short(item.label)} ({_short(item.controller)})" + (f", X={number_text(item.x)}" if item.x else "")
        text, size = _fit([label], width, 1e9, font, floor=font)
        box_h = (text.count("\n") + 1) * size * LINE_EM / ppu + 0.2
        y -= box_h + 0.1
        ax.add_patch(Rectangle((x0, y), lay.stack_w - 0.3, box_h, facecolor="#fff4d6", edgecolor="#7a5c00",
                               linewidth=0.8, gid=f"stack-{item.sid}"))
        ax.text(x0 + 0.1, y + box_h / 2, text, ha="left", va="center", fontsize=size, linespacing=LINE_EM)


def _bands_top(lay: _Layout) -> float:
    return max((y1 for _, y1 in lay.bands.values()), default=0.0)


def _draw_combat(ax: Axes, state: GameState, where: dict[int, tuple[float, float]], players: dict[str, tuple[float, float]]) -> None:
    """Arrows from attackers to what they attack, and from blockers to what they block."""
    attacks, blocks = combat_pairs(state)
    arrows = [(a, t, COLOURS["attack"], f"attack-{a}") for a, t in attacks]
    arrows += [(b, a, COLOURS["block"], f"block-{b}-{a}") for b, a in blocks]
    drawn: set[tuple[tuple[float, float], tuple[float, float], str]] = set()
    for src, dst, colour, gid in arrows:
        start = where.get(src)
        end = players.get(dst) if isinstance(dst, str) else where.get(dst)
        if start is None or end is None or (start, end, colour) in drawn:  # stacked alike: one arrow
            continue
        drawn.add((start, end, colour))
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=14, color=colour,
                                     linewidth=1.8, shrinkA=12, shrinkB=12, gid=gid, zorder=5, alpha=0.85))


def draw_board(state: GameState, ax: Axes | None = None, title: str | None = None,
               width_in: float = FIG_WIDTH_IN) -> Figure:
    """Draw the board into ``ax`` (or a new figure ``width_in`` inches wide) and return the figure.
    Names and titles are drawn as plain text: matplotlib would read "$...$" in a player's name as
    TeX (and fail)."""
    with rc_context({"text.parse_math": False}):
        return _draw_board(state, ax, title, width_in)


def _draw_board(state: GameState, ax: Axes | None, title: str | None, width_in: float,
                reuse: bool = False, font_pt: float | None = None) -> Figure:
    """Draw the board; with ``font_pt`` in large print (see ``_LargePrint``), at most ``width_in``
    wide if it can be, and as wide as the cards its labels need."""
    chars = all_characteristics(state)
    perms = {p: _drawn(state, _permanents(state, p, chars), chars) for p in state.player_names}
    large = None if font_pt is None else _plan_large(state, perms, chars, width_in * 72.0, font_pt)
    lay = _layout(state, perms, title, large)
    if large is not None:
        width_in = round(lay.width * large.ppu / 72.0, 3)
    fig, ax = _axes(ax, lay, width_in, reuse)
    ppu = _points_per_unit(ax, lay)
    font = large.font if large is not None else max(LEGIBLE_FONT, min(9.0, ppu * CARD_W * 0.16))
    floor = font if large is not None else MIN_FONT
    attackers = {a for a, _ in combat_pairs(state)[0]}
    where: dict[int, tuple[float, float]] = {}
    players: dict[str, tuple[float, float]] = {}
    for k, name in enumerate(state.player_names):
        players[name] = _draw_band(ax, state, name, lay, BAND_COLOURS[k % 2], font)
        where.update(_zone_panel(ax, state, name, lay, ppu, font))
        y_top = lay.bands[name][1] - lay.header[name]
        for i, drawn in enumerate(perms[name]):
            row, col = divmod(i, lay.cols)
            centre = (MARGIN + (col + 0.5) * SLOT, y_top - (row + 0.5) * SLOT)
            if drawn.more:
                _draw_more(ax, centre, ppu, font, drawn.more, name)
                continue
            obj = drawn.obj
            where.update(dict.fromkeys(drawn.members, centre))
            _draw_card(ax, state, obj, chars[obj.oid], centre, ppu, font, obj.oid in attackers, drawn.count, floor)
    _draw_stack(ax, state, lay, ppu, font)
    _draw_combat(ax, state, where, players)
    if title:
        ax.text(lay.width / 2, lay.height - lay.title_h / 2, _short(title, TITLE_CHARS), ha="center", va="center",
                fontsize=font * 1.5, fontweight="bold", gid="title")
    return fig


def board_png(state: GameState, dpi: int = 100, title: str | None = None, width_px: int | None = None) -> bytes:
    """The board as PNG bytes (what Jupyter shows for a state, and what a printable page embeds).

    ``width_px`` draws it exactly as wide as it will be shown, so nothing shrinks the labels
    after they were sized to fit their cards."""
    width_in = FIG_WIDTH_IN if width_px is None else width_px / dpi
    with rc_context({"text.parse_math": False}):  # names are plain text, never TeX (see draw_board)
        fig = _draw_board(state, None, title, width_in, reuse=True)  # a reused figure: see _REUSED
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 1})  # flat colours: light is enough
    return buf.getvalue()


# ---------------------------------------------------------------- SVG, and large print
def board_svg(state: GameState, title: str | None = None, width_px: int | None = None,
              font_px: float | None = None) -> bytes:
    """The board as SVG bytes (what the notebooks, the presentation and the handouts show): sharp
    at any size, its text kept as text (escaped by matplotlib's SVG writer), and the same bytes
    for the same board (no date, fixed ids), so a handout stores a repeated board once.

    Shown ``width_px`` CSS pixels wide (its natural width: 96 CSS pixels to the inch), the labels
    keep the size they were fitted at. ``font_px`` draws it in large print: every card label at
    least that many CSS pixels high at its natural width, the board as wide as that needs and
    ``width_px`` at most if it can be (the presentation: card text as large as its body text)."""
    width_in = FIG_WIDTH_IN if width_px is None else width_px / 96.0
    font_pt = None if font_px is None else font_px * 0.75
    with rc_context({"text.parse_math": False, "svg.fonttype": "none", "svg.hashsalt": "mtgrules"}):
        fig = _draw_board(state, None, title, width_in, reuse=True, font_pt=font_pt)  # a reused figure: see _REUSED
        buf = io.BytesIO()
        fig.savefig(buf, format="svg", metadata={"Date": None})
    # A control character in a name (a player "A\x02lice") is not allowed in XML: the whole picture
    # would fail to load. Each is drawn as U+FFFD, the mark for a character that can't be shown.
    return _XML_FORBIDDEN.sub("\ufffd", buf.getvalue().decode("utf-8")).encode("utf-8")


_XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass
class _LargePrint:
    """A large-print board's measures: ``font`` (points) for every card label, ``ppu`` (points per
    board unit) wide enough for the longest word of any label at that font, as many columns as
    ``width_pt`` holds, the stack's column and the title in ems of the font, and each player's
    zones as lines under the name (``header`` is that block's height, in board units)."""

    font: float
    ppu: float
    cols: int
    stack_w: float
    title_h: float
    header: dict[str, float]
    zone_text: dict[str, str]


def _label_fits(lines: list[str], width_pt: float, height_pt: float, font: float) -> bool:
    wrapped = [_wrap(line, width_pt, font) for line in lines if line]
    return all(w is not None for w in wrapped) and sum(len(w or ()) for w in wrapped) * font * LINE_EM <= height_pt


def _plan_large(state: GameState, perms: dict[str, list[_Card]], chars: dict[int, Chars],
                width_pt: float, font: float) -> _LargePrint:
    labels = [(["+0 more", "(see the table)"] if c.more else _card_lines(state, c.obj, chars[c.obj.oid], c.count),
               c.obj.tapped and not c.more) for cards in perms.values() for c in cards]
    words = [w for lines, _ in labels for line in lines for w in line.split()] or ["Forest"]
    need = max(_text_width("Grizzly", font), *(_text_width(w, font) for w in words))
    ppu = need / (CARD_W - 0.12)
    for _ in range(20):  # wider cards until every label fits at the font, turned (tapped) or not
        if all(_label_fits(lines, ((CARD_H if t else CARD_W) - 0.12) * ppu, ((CARD_W if t else CARD_H) - 0.12) * ppu,
                           font) for lines, t in labels):
            break
        ppu *= 1.08
    # the column holds its bold heading and labels of about ten ems a line
    stack_w = max(10 * font, 1.15 * _text_width("Stack (top first)", font * 1.1)) / ppu + 0.5
    most = max((len(v) for v in perms.values()), default=0)
    cols = max(1, min(PER_ROW, int((width_pt / ppu - MARGIN - stack_w) // SLOT)))
    shown = max(1, min(cols, most))
    text_w = (MARGIN + shown * SLOT - 2 * MARGIN) * ppu
    line, name_line = font * LINE_EM, font * 1.2 * LINE_EM
    header: dict[str, float] = {}
    zone_text: dict[str, str] = {}
    for name in state.player_names:
        lines, _named = _zone_lines(state, name)
        wrapped = _wrap(" · ".join(lines), text_w, font) or textwrap.wrap(" · ".join(lines), max(8, int(text_w / (font * 0.62))))
        zone_text[name] = "\n".join(wrapped)
        header[name] = (1.15 * name_line + len(wrapped) * line + 0.3 * line) / ppu
    return _LargePrint(font, ppu, cols, stack_w, 1.5 * name_line / ppu, header, zone_text)

