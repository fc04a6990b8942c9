"""Tables of a game state, of a step's changes, and of a whole timeline, as pandas objects.

Every table is built from a state or from events, never from anything a view remembers, so the
same functions serve the walk-through widget, the static lesson tables and the tests. Rows are
labelled so that the same object keeps the same label from one step to the next ("#3 Forest"
keeps its id when it changes zones), which is what lets two tables be lined up and compared.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from enum import Enum
from numbers import Integral
from typing import Any

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler  # every table view ends as one: loaded with the views

from mtgrules.cards.unstable.graveyard_busybody import whose_text
from mtgrules.core.carddef import card, not_played_text
from mtgrules.core.colors import color_words
from mtgrules.core.effects import Chars
from mtgrules.core.errors import NoSuchStep, WrongThing
from mtgrules.core.events import Event
from mtgrules.core.mana import Mana, pool_text
from mtgrules.core.objects import GameObject, ObjRef, Player, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.core.subtypes import CREATURE_TYPES
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.rules.costs import continuous_control
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.layers import all_characteristics, printed
from mtgrules.rules.mana.could_produce import explain_could_produce
from mtgrules.rules.teams import is_active_player
from mtgrules.views.html_table import html_table, scoped_css

COLUMNS: tuple[str, ...] = ("name", "kind", "type", "owner", "controller", "zone", "tapped", "P/T", "counters",
                            "damage", "combat", "life", "pool", "hand", "library", "notes")
# Cell padding and left alignment for every table the views render, so columns never run together.
TABLE_STYLES = [{"selector": "th, td", "props": "padding: 2px 8px; text-align: left; vertical-align: top;"},
                {"selector": f"td.col{len(COLUMNS) - 1}", "props": "min-width: 16em;"},  # notes: don't squeeze
                {"selector": "caption", "props": "text-align: left; font-weight: 600; padding: 2px 0;"}]
CHANGE_COLUMNS: tuple[str, ...] = ("step", "object", "attribute", "before", "after", "rule", "explanation")
DIFF_COLUMNS: tuple[str, ...] = ("object", "column", "before", "after")
STEP_COLUMNS: tuple[str, ...] = ("action", "what changed", "rules")
COULD_PRODUCE_COLUMNS: tuple[str, ...] = ("permanent", "controller", "could produce", "abilities",
                                          "replacement effects")

TABLE_CLASS = "mtg-view-table"
# The class twice: JupyterLab right-aligns output cells with ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon
# td`` (two classes and a tag), which outranks ``table.mtg-view-table td`` (one class, two tags), so
# the cells came out right-aligned with JupyterLab's padding. Two classes and two tags win.
TABLE_SCOPE = f"table.{TABLE_CLASS}.{TABLE_CLASS}"
TABLE_CSS = scoped_css(TABLE_STYLES, TABLE_SCOPE)
"""The views' padding for the tables written directly (``table_html``), scoped to them."""

CHANGED_CSS = "background-color: #ffe58a; font-weight: bold"
NEW_ROW_CSS = "background-color: #c8f0c8; font-weight: bold"


# ---------------------------------------------------------------- escaping
def escaped(table: pd.DataFrame | Styler, caption: str | None = None) -> Styler:
    """A Styler that shows every cell, row label, column label and the caption as literal text.

    Names and titles come from scenario data a teacher may have been handed, and pandas' Styler
    does not escape by default: without this a player called ``<img onerror=...>`` would run its
    script in the learner's page. Every HTML table the kit renders goes through here."""
    styler = table if isinstance(table, Styler) else table.style
    styler = (styler.format(escape="html").format_index(escape="html", axis=0)
              .format_index(escape="html", axis=1))
    return styler.set_caption(html.escape(caption)) if caption else styler


# ---------------------------------------------------------------- labels and small texts
def object_label(oid: int, name: str) -> str:
    """The row label of an object: its id first, so it stays put when the card moves (400.7)."""
    return f"#{oid} {name}"


def stack_label(item: StackItem) -> str:
    """The row label of a stack item: by its id, since two items can share a label."""
    return f"stack #{item.sid}"


def counters_text(counters: Iterable[tuple[str, int]]) -> str:
    """Counters as a learner writes them: "+1/+1×2, charge×1"."""
    return ", ".join(f"{kind}×{n}" for kind, n in counters)


def zone_text(obj: GameObject) -> str:
    """The zone, naming whose it is for the zones a player owns ("Alice's graveyard")."""
    if obj.zone_player:
        return f"{obj.zone_player}'s {obj.zone.value}"
    return obj.zone.value


def _label_of(state: GameState, oid: int) -> str:
    try:
        return object_label(oid, state.obj(oid).card)
    except KeyError:
        return f"#{oid}"


# ---------------------------------------------------------------- combat (read defensively)
def _live(state: GameState, x: Any) -> Any:
    """An object id for a reference still naming the same object, None for a stale one (400.7).

    A player's name (an attack on a player) and a plain id pass through unchanged.
    """
    if isinstance(x, ObjRef):
        return x.oid if state.resolve_ref(x) is not None else None
    return x


def _records(state: GameState, items: Any, first: str, second: str) -> list[tuple[Any, Any]]:
    """(first, second) from each record, dropping records whose first object left combat."""
    pairs = [(_live(state, getattr(r, first)), _live(state, getattr(r, second))) for r in items or ()]
    return [(a, b) for a, b in pairs if a is not None]


def combat_pairs(state: GameState) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
    """(attacks, blocks) as (attacker id, player name or object id) and (blocker id, attacker id).

    Read by duck typing from ``state.combat``: records with ``attacker``/``target`` in
    ``attacks`` and ``blocker``/``attacker`` in ``blocks`` (as :mod:`mtgrules.rules.combat.state`
    keeps them), so the views need not import the combat module. No combat, or a combat value of
    another shape, reads as "no combat": a change there can never break a table or a board.
    """
    combat = getattr(state, "combat", None)
    if combat is None:
        return [], []
    try:
        return (_records(state, getattr(combat, "attacks", ()), "attacker", "target"),
                _records(state, getattr(combat, "blocks", ()), "blocker", "attacker"))
    except (TypeError, AttributeError):
        return [], []


def combat_note(state: GameState, obj: GameObject) -> str:
    """What an object is doing in combat ("attacking Bob", "blocking #4 Grizzly Bears"), or ""."""
    attacks, blocks = combat_pairs(state)
    parts = [f"attacking {_target_text(state, t)}" for a, t in attacks if a == obj.oid]
    parts += [f"blocking {_target_text(state, a)}" for b, a in blocks if b == obj.oid]
    parts += [f"blocked by {_target_text(state, b)}" for b, a in blocks if a == obj.oid]
    return ", ".join(parts)


def _target_text(state: GameState, target: Any) -> str:
    if target is None:
        return "nothing (what it attacked has left)"
    return _label_of(state, target) if isinstance(target, int) else str(target)


# ---------------------------------------------------------------- the state table
class ViewTable(pd.DataFrame):  # type: ignore[misc]  # pandas has no type stubs here
    """What the views' table functions return (``state_table``, ``changes_table``, ``steps_table``,
    ``diff``, ``could_produce_table``): a pandas DataFrame in every way but one, how a notebook
    shows it.

    A notebook shows it as HTML written by the kit (:mod:`mtgrules.views.html_table`), drawn like
    every other table of the kit, with the views' padding, not in pandas' own style. That is also
    half the time: 0.5 ms for a lesson's state table against pandas' 1 ms (1 against 2 to 2.5 ms
    for the first table in a kernel, as pandas loads its HTML writer then). The text form
    (``print``, a terminal, a PDF export) stays pandas' own. Anything made from it (a copy, a
    slice, a sum) is a plain DataFrame, shown as pandas shows one.
    """

    @property
    def _constructor(self) -> Any:  # what pandas makes from it: a plain DataFrame
        return pd.DataFrame

    def _repr_html_(self) -> str:
        from mtgrules.views.fit import is_state_table, state_view_html
        if is_state_table(self):  # a whole state table: two narrow tables that fit a notebook's width
            return state_view_html(self)
        return table_html(self)


def state_table(state: GameState) -> ViewTable:
    """One row per player, per object and per stack item, with the columns of ``COLUMNS``.

    Cells that don't apply to a row are "" (not NaN) so that two tables compare cell by cell and
    a learner sees blanks, not "NaN". Built once per state (a walk-through compares each state
    with the one before and the one after) and handed out as a copy, free to change.
    """
    return ViewTable(state.cached("state table", lambda: _state_table(state)), copy=True)


def _state_table(state: GameState) -> pd.DataFrame:
    chars = all_characteristics(state)
    labels: list[str] = []
    rows: list[tuple[Any, ...]] = []
    for p in state.players:
        labels.append(p.name)
        rows.append(_player_row(state, p))
    for obj in sorted(state.objects, key=lambda o: o.oid):
        if obj.zone is Zone.LIBRARY:
            continue  # hidden and ordered: each player's row counts them instead
        labels.append(object_label(obj.oid, obj.card))
        rows.append(_object_row(state, obj, chars[obj.oid]))
    for depth, item in enumerate(reversed(state.stack)):
        labels.append(stack_label(item))
        rows.append(_stack_row(state, item, depth))
    return pd.DataFrame(rows, index=pd.Index(labels, dtype=object), columns=list(COLUMNS), dtype=object)


def _player_row(state: GameState, p: Player) -> tuple[Any, ...]:
    hand = sum(1 for o in state.objects if o.zone is Zone.HAND and o.zone_player == p.name)
    library = sum(1 for o in state.objects if o.zone is Zone.LIBRARY and o.zone_player == p.name)
    # under shared team turns each player of the active team is an active player (805.4a, 805.9)
    notes = [text for text, flag in (("active player", is_active_player(state, p.name) or state.active == p.name),
                                     ("has lost the game", p.lost)) if flag]
    if p.team != p.name:
        notes.append(f"team {p.team}")
    if p.lands_played:  # 305.2a: what "one land per turn" is compared with
        notes.append(f"lands played this turn: {p.lands_played}")
    if graveyards_of(state, p.name) != [p.name]:   # Graveyard Busybody moved whose graveyards are whose
        notes.append(whose_text(state, p.name))
    return (p.name, "player", "", "", "", "", "", "", "", "", "", p.life, pool_text(p.pool), hand, library,
            ", ".join(notes))


def _object_row(state: GameState, obj: GameObject, chars: Chars) -> tuple[Any, ...]:
    return (chars.name, "object", type_line(chars), obj.owner, obj.controller, zone_text(obj),
            "tapped" if obj.tapped else "",   # a word, not a boolean: blank when untapped
            chars.pt() if chars.is_creature else "",
            counters_text(obj.counters),
            obj.damage if obj.damage else "",
            combat_note(state, obj), "", "", "", "", object_notes(state, obj, chars))


def type_line(chars: Chars) -> str:
    """The current type line, e.g. "Creature — Zombie" (computed, so a Zombie-maker shows)."""
    order = ("Legendary", "Basic", "Artifact", "Enchantment", "Land", "Planeswalker", "Creature", "Instant", "Sorcery")
    kinds = sorted(chars.supertypes | chars.types, key=lambda t: (order.index(t) if t in order else 99, t))
    sub = " ".join(sorted(chars.subtypes))
    if CREATURE_TYPES <= chars.subtypes:  # changeling and its kin (702.73a): some 290 words, said as what they are
        sub = " ".join(["every creature type", *sorted(chars.subtypes - CREATURE_TYPES)])
    return " ".join(kinds) + (f" — {sub}" if sub else "")


def object_notes(state: GameState, obj: GameObject, chars: Chars) -> str:
    """Status a learner needs but that has no column: sickness, X, attachments, choices, and the
    types and colours effects changed."""
    notes = ["token"] if obj.is_token else []
    if obj.zone is Zone.BATTLEFIELD and chars.is_creature and not continuous_control(state, obj):
        notes.append("summoning sick" + (" (has haste)" if "haste" in chars.keywords else ""))
    if obj.spell_x is not None and card(obj.card).mana_cost.x_count:   # the engine stores 0 for every spell
        notes.append(f"X was {obj.spell_x} on the stack")
    if obj.attached_to is not None:
        notes.append(f"attached to {_label_of(state, obj.attached_to)}")
    notes += [f"chosen {key}: {value}" for key, value in obj.chosen]
    if chars.keywords:
        notes.append(", ".join(sorted(chars.keywords)))
    base = printed(obj)
    if (chars.types, chars.subtypes) != (base.types, base.subtypes):
        subtypes = sorted(chars.subtypes) if not CREATURE_TYPES <= chars.subtypes else \
            ["every creature type", *sorted(chars.subtypes - CREATURE_TYPES)]
        notes.append("is now " + " ".join(sorted(chars.types) + subtypes))
    if chars.colors != base.colors:  # a colour an effect changed (613.1e); printed colours go unsaid
        notes.append(f"is now {color_words(chars.colors)} (was {color_words(base.colors)})")
    unplayed = not_played_text(card(obj.card))
    if unplayed:
        notes.append(unplayed)
    return ", ".join(notes)


def _stack_row(state: GameState, item: StackItem, depth: int) -> tuple[Any, ...]:
    notes = [item.kind, "top of the stack" if depth == 0 else f"{depth} below the top"]
    if item.x:
        notes.append(f"X={item.x}")
    if item.targets:
        notes.append("targeting " + ", ".join(t if isinstance(t, str) else _label_of(state, t.oid)
                                              for t in item.targets))  # a player by name (115.1)
    return (item.label, "stack", item.kind, "", item.controller, "stack", "", "", "", "", "", "", "", "", "",
            ", ".join(notes))


# ---------------------------------------------------------------- comparing two tables
def _aligned(before: pd.DataFrame, after: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Both tables on the union of their rows (after's order first); a missing row is all ""."""
    index = after.index.append(before.index.difference(after.index, sort=False))
    return (before.reindex(index, fill_value=""), after.reindex(index, fill_value=""))


def _differs(before: pd.DataFrame, after: pd.DataFrame) -> np.ndarray:
    """Cell-by-cell inequality of two aligned tables, by Python ``!=`` on each pair of values.

    Compared as Python objects, not through pandas' type coercion, so False and "" differ.
    """
    a, b = before.to_numpy(), after.to_numpy()
    return np.array([[x != y for x, y in zip(ra, rb, strict=True)] for ra, rb in zip(a, b, strict=True)],
                    dtype=bool).reshape(a.shape)


def highlight_mask(state_before: GameState, state_after: GameState) -> pd.DataFrame:
    """True for each cell of ``state_table(state_after)`` that differs from the step before.

    A row that is new (a spell put on the stack) is True throughout.
    """
    return _mask(state_table(state_before), state_table(state_after))


def _mask(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    old = before.reindex(after.index, fill_value="")
    mask = pd.DataFrame(_differs(old, after), index=after.index, columns=after.columns)
    new_rows = ~after.index.isin(before.index)
    mask.loc[new_rows, :] = True
    return mask


def diff(state_a: GameState, state_b: GameState) -> ViewTable:
    """The cells of the state table that differ between two states: object, column, before, after.

    Rows present in only one state are compared with a blank row, so only their filled cells
    appear.
    """
    a, b = _aligned(state_table(state_a), state_table(state_b))
    rows = [(a.index[i], a.columns[j], a.iat[i, j], b.iat[i, j]) for i, j in np.argwhere(_differs(a, b))]
    return ViewTable(rows, columns=list(DIFF_COLUMNS), dtype=object)


def highlight_css(changed: np.ndarray, new_rows: Any) -> np.ndarray:
    """Each cell's inline CSS: the changed cells', and the whole of each new row's, in the colours
    in force now (a palette switched for a block stays with the tables made in it)."""
    css = np.where(changed, CHANGED_CSS, "").astype(object)
    css[new_rows, :] = NEW_ROW_CSS
    return css


def gone_rows(before: pd.DataFrame, after: pd.DataFrame) -> list[str]:
    """The rows of ``before`` missing from ``after`` (a resolved stack item), as "label (name)":
    they can't be coloured in the new table, so the views name them."""
    return [f"{label} ({before.at[label, 'name']})" for label in before.index.difference(after.index, sort=False)]


def highlight(state_before: GameState, state_after: GameState, caption: str | None = None,
              gone_label: str = "Gone since the step before") -> Styler:
    """The state table of ``state_after`` with changed cells and new rows coloured and bold.

    Rows that disappeared (a resolved stack item) can't be coloured in the new table, so they
    are named in the caption instead: nothing that changed goes unseen. A pandas Styler, to style
    further or export; a notebook shows the same table faster as :func:`frame_table`'s ``StepTable``.
    """
    return StepTable.between(state_before, state_after, caption, gone_label).styler


class StepTable:
    """One step's state table, its changed cells and new rows marked, and its caption.

    A notebook shows it as HTML written directly (:mod:`mtgrules.views.html_table`), a few times
    faster than a pandas Styler renders the same table; ``styler`` is that Styler, ``data`` the
    table itself. The highlight colours are read when the table is made, so a palette switched
    for a block (:mod:`mtgrules.classroom.palette`) stays with the tables made in it.
    """

    def __init__(self, data: pd.DataFrame, css: np.ndarray, caption: str) -> None:
        self.data = data
        self.css = css  # inline CSS per cell of ``data``, "" for a cell left as it was
        self.caption = caption

    @classmethod
    def between(cls, state_before: GameState, state_after: GameState, caption: str | None = None,
                gone_label: str = "Gone since the step before") -> StepTable:
        """The table of ``state_after`` marked against ``state_before``; rows that left are named
        in the caption."""
        before, after = state_table(state_before), state_table(state_after)
        css = highlight_css(_mask(before, after).to_numpy(), ~after.index.isin(before.index))
        gone = gone_rows(before, after)
        text = ". ".join(t for t in (caption, (f"{gone_label}: " + "; ".join(gone)) if gone else "") if t)
        return cls(after, css, text)

    @classmethod
    def of(cls, state: GameState, caption: str = "") -> StepTable:
        """The table of ``state`` with nothing marked (a timeline's start)."""
        table = state_table(state)
        return cls(table, np.full(table.shape, "", dtype=object), caption)

    @property
    def styler(self) -> Styler:
        """The same table as a pandas Styler: the same cells, highlights and caption (escaped)."""
        styles = pd.DataFrame(self.css, index=self.data.index, columns=self.data.columns)
        styler = self.data.style.apply(lambda _: styles, axis=None).set_table_styles(TABLE_STYLES)
        return escaped(styler, self.caption)

    def to_html(self) -> str:
        """The step as a notebook shows it: a players table and an objects table that fit its
        width (:func:`mtgrules.views.fit.state_view_html`), with the same highlights."""
        from mtgrules.views.fit import state_view_html
        return state_view_html(self.data, self.css, self.caption)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __repr__(self) -> str:
        changed = int((self.css != "").any(axis=1).sum())
        return f"<StepTable: {self.caption or 'a state'}; {len(self.data)} rows, {changed} marked>"


def frame_table(timeline: Timeline, i: int) -> StepTable:
    """Step ``i`` of a timeline as a highlighted table (step 0, the start, has nothing to mark);
    ``-1`` is the last step. A step that isn't one is refused as ``Timeline.branch`` refuses it."""
    if not isinstance(i, Integral) or isinstance(i, bool | np.bool_):  # True is not step 1
        raise WrongThing(f"frame_table needs a step number such as 2, not {i!r:.40} ({type(i).__name__})")
    i = int(i)
    if not -len(timeline) <= i < len(timeline):
        raise NoSuchStep(f"step {i} is outside this timeline (0..{len(timeline) - 1})")
    i = range(len(timeline))[i]
    frame = timeline[i]
    caption = f"Step {i}: {frame.title()}"
    if frame.refused is not None:
        caption += f" ({frame.refused.reason.rstrip('.')}; CR {frame.refused.rule}; nothing changes)"
    if i == 0:
        return StepTable.of(frame.state, caption)
    return StepTable.between(timeline[i - 1].state, frame.state, caption)


# ---------------------------------------------------------------- events and steps
def _frames(timeline_or_frames: Timeline | Frame | Iterable[Frame]) -> list[Frame]:
    if isinstance(timeline_or_frames, Frame):
        return [timeline_or_frames]
    return list(timeline_or_frames)


def changes_table(timeline_or_frames: Timeline | Frame | Iterable[Frame],
                  steps: int | Iterable[int] | None = None) -> ViewTable:
    """One row per event of each chosen step: what changed, from what to what, under which rule.

    Events that change nothing (a check, a trigger, a refusal) are kept with blank before/after:
    they are part of the explanation.
    """
    wanted = None if steps is None else ({steps} if isinstance(steps, int) else set(steps))
    rows = [(f.index, event_object(e), e.attribute, value_text(e.attribute, e.before),
             value_text(e.attribute, e.after), e.rule, e.text or e.describe())
            for f in _frames(timeline_or_frames) if wanted is None or f.index in wanted for e in f.events]
    return ViewTable(rows, columns=list(CHANGE_COLUMNS), dtype=object)


def event_object(event: Event) -> str:
    """The row label the event is about, matching ``state_table``'s index where it can."""
    if isinstance(event.obj, int):
        return object_label(event.obj, event.name)
    return event.obj if isinstance(event.obj, str) else "game"


def value_text(attribute: str, value: Any) -> str:
    """A before/after value as text: a pool as {G}{G}, counters as +1/+1×2, nothing as ""."""
    if value is None:
        return ""
    if attribute == "pool" or (isinstance(value, tuple) and value and all(isinstance(m, Mana) for m in value)):
        return pool_text(value)
    if attribute == "counters":
        return counters_text(value) or "none"
    if attribute == "chosen":
        return ", ".join(f"{k}: {v}" for k, v in value)
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ", ".join(value_text("", v) for v in value)
    return str(value)


def steps_table(timeline: Timeline | Iterable[Frame]) -> ViewTable:
    """Every step on one page, for reading a lesson without a kernel: action, narration, rules."""
    frames = _frames(timeline)
    rows = [(f.title(), f.narration(), ", ".join(f.rules)) for f in frames]
    index = pd.Index([f.index for f in frames], name="step")
    return ViewTable(rows, index=index, columns=list(STEP_COLUMNS), dtype=object)


def could_produce_table(state: GameState) -> ViewTable:
    """What each permanent with a mana ability could produce (106.7), and which effects say so."""
    return ViewTable(explain_could_produce(state), columns=list(COULD_PRODUCE_COLUMNS), dtype=object)


# ---------------------------------------------------------------- HTML for Jupyter
def state_summary(state: GameState) -> str:
    """One line about the whole game: turn, step, who is active, who holds priority."""
    prio = f"{state.priority} has priority" if state.priority else "nobody has priority"
    return f"Turn {state.turn}, {state.step.phrase}; {state.active} is the active player; {prio}."


def table_html(table: pd.DataFrame, caption: str = "", css: np.ndarray | None = None, *,
               index: bool = True) -> str:
    """One of the views' tables as HTML with the views' padding (``TABLE_STYLES``), written
    directly (:mod:`mtgrules.views.html_table`); every cell, label and the caption escaped."""
    return TABLE_CSS + html_table(table, css, caption, table_class=TABLE_CLASS, index=index)


def state_html(state: GameState) -> str:
    """The HTML Jupyter shows for a state: its table (as two narrow tables that fit a notebook,
    :func:`mtgrules.views.fit.state_view_html`) under a one-line summary."""
    from mtgrules.views.fit import state_view_html
    return state_view_html(state_table(state), caption=state_summary(state))


def timeline_html(timeline: Timeline) -> str:
    """The HTML Jupyter shows for a timeline: the table of every step."""
    return table_html(steps_table(timeline), timeline.title)
