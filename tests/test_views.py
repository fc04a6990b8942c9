"""The views: state tables, highlighted changes, step tables and the board picture."""

from __future__ import annotations

import html
import itertools
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

from mtgrules import ObjRef, Scenario, activate, cast, pass_priority, play_land  # noqa: E402
from mtgrules.views import (  # noqa: E402
    COLUMNS,
    board_png,
    changes_table,
    combat_note,
    could_produce_table,
    diff,
    draw_board,
    frame_table,
    highlight,
    highlight_mask,
    state_table,
    steps_table,
)
from mtgrules.views.tables import CHANGED_CSS, NEW_ROW_CSS  # noqa: E402


@pytest.fixture
def mana_board():
    """Alice: Forest, a summoning-sick Llanowar Elves, Reflecting Pool. Bob: Grizzly Bears in his graveyard."""
    s = Scenario("Tapping for mana")
    ids = {"forest": s.add("Forest", "Alice"), "elves": s.add("Llanowar Elves", "Alice", sick=True),
           "pool": s.add("Reflecting Pool", "Alice"), "bears": s.add("Grizzly Bears", "Bob", zone="graveyard")}
    return s, ids


def _styled_cells(styler) -> dict[tuple[str, str], str]:
    """(row label, column) -> the CSS the Styler computed for that cell, for styled cells only."""
    ctx = styler._compute().ctx
    data = styler.data
    return {(data.index[r], data.columns[c]): "; ".join(f"{k}: {v}" for k, v in props)
            for (r, c), props in ctx.items() if props}


def _card_patches(fig) -> dict[str, object]:
    ax = fig.axes[0]
    return {p.get_gid(): p for p in ax.patches if (p.get_gid() or "").startswith("card-")}


def _with_combat(state, combat):
    """The state with a combat value set, whether or not this checkout's GameState has the field."""
    object.__setattr__(state, "combat", combat)
    return state


def _data_extent(patch):
    """The patch's bounding box in data units, rotation included."""
    return patch.get_path().transformed(patch.get_patch_transform()).get_extents()


# ---------------------------------------------------------------- state_table
def test_state_table_has_a_row_per_player_and_object_in_a_stable_column_order(mana_board):
    s, ids = mana_board
    table = state_table(s.state())
    assert list(table.columns) == list(COLUMNS)
    assert list(table.index) == ["Alice", "Bob", "#1 Forest", "#2 Llanowar Elves", "#3 Reflecting Pool",
                                 "#4 Grizzly Bears"]
    assert list(table["kind"]) == ["player", "player", "object", "object", "object", "object"]
    assert table.at["#1 Forest", "zone"] == "battlefield"
    assert table.at["#4 Grizzly Bears", "zone"] == "Bob's graveyard"
    assert table.at["#1 Forest", "tapped"] == ""
    assert table.at["#2 Llanowar Elves", "P/T"] == "1/1"
    assert table.at["#1 Forest", "P/T"] == ""
    assert table.at["#4 Grizzly Bears", "P/T"] == "2/2"
    assert "summoning sick" in table.at["#2 Llanowar Elves", "notes"]
    assert "summoning sick" not in table.at["#1 Forest", "notes"]
    assert table.at["Alice", "life"] == 20 and table.at["Alice", "pool"] == "—"
    assert table.at["Alice", "zone"] == "" and table.at["Alice", "library"] == 0
    assert table.at["#2 Llanowar Elves", "type"] == "Creature — Druid Elf"
    assert table.at["#1 Forest", "type"] == "Basic Land — Forest"


def test_state_table_shows_tapped_counters_and_the_x_a_permanent_was_cast_with():
    s = Scenario("X spell")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.add("Forest", "Alice", tapped=True)
    s.mana("Alice", "GGGGGG")
    t = s.timeline()
    t.do(cast("Alice", walker, x=2)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    t.do(cast("Alice", bears)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    table = state_table(t.state)
    row = table.loc["#1 Hangarback Walker"]
    assert (row["counters"], row["P/T"]) == ("+1/+1×2", "2/2")
    assert "X was 2 on the stack" in row["notes"]
    assert "X was" not in table.at["#2 Grizzly Bears", "notes"]
    assert table.at["#3 Forest", "tapped"] == "tapped"


def test_state_table_lists_stack_items_top_first():
    s = Scenario("Casting")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears))
    table = state_table(t.state)
    stack_rows = table[table["kind"] == "stack"]
    assert len(stack_rows) == 1
    assert stack_rows.iloc[0]["name"] == "Grizzly Bears"
    assert stack_rows.iloc[0]["zone"] == "stack"
    assert "top of the stack" in stack_rows.iloc[0]["notes"]
    assert table.at["#1 Grizzly Bears", "zone"] == "stack"


# ---------------------------------------------------------------- highlight
def test_highlight_marks_exactly_the_cells_that_changed_when_a_forest_is_tapped(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    styled = _styled_cells(highlight(t[0].state, t[1].state))
    assert set(styled) == {("#1 Forest", "tapped"), ("Alice", "pool")}
    assert all("background-color" in css and "font-weight: bold" in css for css in styled.values())
    mask = highlight_mask(t[0].state, t[1].state)
    assert {(r, c) for r, c in itertools.product(mask.index, mask.columns) if mask.at[r, c]} == set(styled)


def test_highlight_marks_a_new_row_throughout_and_names_a_row_that_left():
    s = Scenario("Casting")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    cast_step = _styled_cells(highlight(t[0].state, t[1].state))
    stack_label = next(label for label in state_table(t[1].state).index if label.startswith("stack"))
    assert {c for r, c in cast_step if r == stack_label} == set(COLUMNS)
    assert cast_step[(stack_label, "name")] == NEW_ROW_CSS
    assert highlight_mask(t[0].state, t[1].state).loc[stack_label].all()
    assert ("#1 Grizzly Bears", "zone") in cast_step
    assert cast_step[("#1 Grizzly Bears", "zone")] == CHANGED_CSS
    resolved = highlight(t[2].state, t[3].state)
    assert stack_label in (resolved.caption or "")
    assert not any(r == stack_label for r, _ in _styled_cells(resolved))


def test_frame_table_highlights_a_step_against_the_one_before(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    assert _styled_cells(frame_table(t, 0).styler) == {}
    assert set(_styled_cells(frame_table(t, 1).styler)) == {("#1 Forest", "tapped"), ("Alice", "pool")}
    assert "Step 1" in frame_table(t, 1).caption
    html = frame_table(t, 1).to_html()
    assert "font-weight: bold" in html


class _Cells(HTMLParser):
    """Each body cell of an HTML table: (row label, column) -> (text, inline style)."""

    def __init__(self) -> None:
        super().__init__()
        self.columns: list[str] = []
        self.cells: dict[tuple[str, str], tuple[str, str]] = {}
        self.caption = ""
        self._row: list[tuple[str, str, str]] = []  # (tag, text, style) of the current row
        self._open: tuple[str, str] | None = None
        self._text = ""
        self._in_head = False

    def handle_starttag(self, tag, attrs):
        if tag == "thead":
            self._in_head = True
        elif tag in ("th", "td", "caption"):
            self._open, self._text = (tag, dict(attrs).get("style") or ""), ""

    def handle_data(self, data):
        if self._open:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "thead":
            self._in_head = False
        elif tag == "caption":
            self.caption, self._open = self._text, None
        elif tag in ("th", "td") and self._open:
            self._row.append((tag, self._text.strip(), self._open[1]))
            self._open = None
        elif tag == "tr":
            if self._in_head:
                self.columns = [text for _, text, _ in self._row[1:]]
            else:
                label = self._row[0][1]
                for column, (_, text, style) in zip(self.columns, self._row[1:], strict=True):
                    self.cells[(label, column)] = (text, style)
            self._row = []


def _cells_of(html: str) -> _Cells:
    parser = _Cells()
    parser.feed(html)
    return parser


def _folded_into(data: pd.DataFrame, label: str, column: str) -> str | None:
    """Where a notebook's state view (``fit.state_view_html``) shows cell (label, column) of a
    state table: the controller in the zone ("Alice's battlefield", "stack (Alice)"), a name the
    row label already says nowhere, a stack item's name in its notes, an owner only where it
    differs from the controller, the kind nowhere (players and objects have tables of their own)."""
    kind = data.at[label, "kind"]
    if column == "kind":
        return None
    if column == "controller":
        return "zone" if kind != "player" else None
    if column == "name":
        if kind == "stack":
            return "notes"
        return None if str(label).endswith(str(data.at[label, "name"])) else "name"
    if column == "owner" and data.at[label, "owner"] == data.at[label, "controller"]:
        return None
    return column


def _assert_view_shows_every_fact(data: pd.DataFrame, shown: _Cells, styled: dict | None = None) -> None:
    """Every filled cell of ``data`` is in the notebook's view (folded as ``_folded_into`` says),
    and every styled cell carries its style there."""
    for label in data.index:
        for column in data.columns:
            value = str(data.at[label, column])
            where = _folded_into(data, label, column)
            if value == "" or where is None:
                continue
            text, css = shown.cells[(str(label), where)]
            assert value in text, (label, column, value, text)
            if styled and (str(label), column) in styled:
                assert css == styled[(str(label), column)] or css, (label, column)


def test_a_step_table_shows_the_same_cells_and_highlights_as_its_styler():
    """The HTML a notebook shows (two narrow tables, written directly) and the pandas Styler of
    the same step agree: every fact of the table is shown, every cell the Styler marks is marked
    with the same CSS, the same caption, with a new row (the spell on the stack) and a row that
    left (named in the caption)."""
    s = Scenario("Casting <b>bold</b>")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    for i in range(len(t)):
        table = frame_table(t, i)
        direct, styler = _cells_of(table.to_html()), _cells_of(table.styler.to_html())
        assert styler.columns == list(COLUMNS)
        _assert_view_shows_every_fact(table.data, direct, _styled_cells(table.styler))
        marked = {k for k, (_, css) in direct.cells.items() if css}
        for label, column in _styled_cells(table.styler):
            where = _folded_into(table.data, label, column)
            if where is None or (table.data.at[label, column] == "" and _styled_cells(table.styler)[(label, column)]
                                 == NEW_ROW_CSS):
                continue  # an empty cell of a new row: its column may be left out, the row is marked
            assert (label, where) in marked, (i, label, column)
        assert table.caption in table.to_html().replace("&lt;", "<").replace("&gt;", ">")
    assert "<b>bold</b>" not in frame_table(t, 1).to_html()
    assert "Gone since the step before: stack #" in frame_table(t, 3).caption
    assert any(css == NEW_ROW_CSS for _, css in _cells_of(frame_table(t, 1).to_html()).cells.values())


def test_a_state_table_fits_a_notebook_as_a_players_table_and_an_objects_table():
    """A notebook shows a whole state table as the walk-through does (issue 26: at 1366 px with
    the file browser open one sixteen-column table ended at "pool"): players with life, pool,
    hand, library and notes; objects without the columns empty for all of them."""
    s = Scenario("First steps")
    forest = s.add("Forest", "Alice", zone="hand")
    s.add("Llanowar Elves", "Alice", sick=True)
    t = s.timeline().do(play_land("Alice", forest)).do(activate("Alice", forest))
    for html_text in (state_table(t.state)._repr_html_(), t.state._repr_html_(), frame_table(t, 2).to_html()):
        heads = re.findall(r'<thead><tr>(.*?)</tr></thead>', html_text)
        columns = [re.findall(r'col_heading[^>]*>([^<]*)<', h) for h in heads]
        assert columns[0] == ["life", "pool", "hand", "library", "notes"]
        assert columns[1] == ["type", "zone", "tapped", "P/T", "notes"], columns
        assert "summoning sick" in html_text and "Alice&#x27;s battlefield" in html_text
    plain = state_table(t.state)[["zone", "tapped"]]          # a learner's slice is shown as it is
    assert "mtg-state-view" not in plain._repr_html_() and "<th>tapped</th>" in plain._repr_html_()


_VIEW_TABLES = {
    "state_table": lambda t: state_table(t.state),
    "changes_table": changes_table,
    "steps_table": steps_table,
    "diff": lambda t: diff(t[0].state, t.state),
    "could_produce_table": lambda t: could_produce_table(t.state),
}


@pytest.mark.parametrize("view", sorted(_VIEW_TABLES))
def test_a_views_table_is_a_dataframe_that_a_notebook_shows_as_the_kits_own_table(mana_board, view):
    """The views' tables are DataFrames that a notebook shows with the kit's own writer (the
    views' class and padding, not pandas' "dataframe" table), cell for cell what pandas would show;
    the text form is pandas' own, and what is made from one is a plain DataFrame, free to change."""
    from IPython.core.formatters import DisplayFormatter

    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    table = _VIEW_TABLES[view](t)
    shown, _ = DisplayFormatter().format(table)
    assert 'class="mtg-view-table"' in shown["text/html"] and 'class="dataframe"' not in shown["text/html"]
    plain = pd.DataFrame(table)
    # pandas writes an index's name (steps_table's "step") on a header row of its own, the kit in the corner
    ours, theirs = _cells_of(shown["text/html"]), _cells_of(plain.rename_axis(index=None).to_html())
    if view == "state_table":  # shown as two narrow tables that fit a notebook, every fact kept
        _assert_view_shows_every_fact(table, ours)
    else:
        assert ours.columns == theirs.columns == [str(c) for c in table.columns] and ours.cells
        assert {k: text for k, (text, _) in ours.cells.items()} == {k: text for k, (text, _) in theirs.cells.items()}
    assert shown["text/plain"] == repr(plain)
    for made in (table.copy(), table.head(2), table[[table.columns[0]]], table.T):
        assert type(made) is pd.DataFrame


def test_a_state_table_handed_out_is_the_learners_to_change(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    table = state_table(t.state)
    table.at["#1 Forest", "tapped"] = "changed by a learner"
    assert state_table(t.state).at["#1 Forest", "tapped"] == "tapped"


# ---------------------------------------------------------------- changes, diff, steps
def test_changes_table_cites_the_rule_for_the_tap_and_for_the_mana(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    changes = changes_table(t)
    assert list(changes.columns) == ["step", "object", "attribute", "before", "after", "rule", "explanation"]
    tap = changes[(changes["object"] == "#1 Forest") & (changes["attribute"] == "tapped")]
    mana = changes[(changes["object"] == "Alice") & (changes["attribute"] == "pool")]
    assert list(tap["rule"]) == ["107.5"] and list(tap["after"]) == ["True"]
    assert list(mana["rule"]) == ["106.4"]
    assert (mana.iloc[0]["before"], mana.iloc[0]["after"]) == ("—", "{G}")
    assert set(changes["step"]) == {1}


def test_changes_table_keeps_notes_and_can_select_steps(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    t.attempt(activate("Alice", ids["elves"]))
    only_refusal = changes_table(t, steps=2)
    assert len(only_refusal) == 1
    row = only_refusal.iloc[0]
    assert (row["rule"], row["before"], row["after"]) == ("302.6", "", "")
    assert set(changes_table(t, steps=[1])["step"]) == {1}


def test_diff_of_identical_states_is_empty_and_of_a_tap_is_two_cells(mana_board):
    s, ids = mana_board
    start = s.state()
    assert diff(start, start).empty
    assert diff(start, s.state()).empty                      # equal values, different objects
    t = s.timeline().do(activate("Alice", ids["forest"]))
    d = diff(t[0].state, t[1].state)
    assert list(d.columns) == ["object", "column", "before", "after"]
    cells = {(r.object, r.column): (r.before, r.after) for r in d.itertuples()}
    assert cells == {("#1 Forest", "tapped"): ("", "tapped"), ("Alice", "pool"): ("—", "{G}")}


def test_steps_table_has_a_row_per_frame_including_a_refusal_and_its_rule(mana_board):
    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    err = t.attempt(activate("Alice", ids["elves"]))
    assert err is not None and err.rule == "302.6"
    steps = steps_table(t)
    assert list(steps.index) == [0, 1, 2]
    assert list(steps.columns) == ["action", "what changed", "rules"]
    assert steps.at[0, "action"] == "Start"
    assert steps.at[1, "rules"] == "107.5, 106.4"
    assert "302.6" in steps.at[2, "rules"] and "refused" in steps.at[2, "action"]
    assert "302.6" in steps.at[2, "what changed"]


def test_could_produce_table_shows_the_reflecting_pool_reading_the_forest(mana_board):
    s, _ = mana_board
    table = could_produce_table(s.state())
    row = table[table["permanent"] == "Reflecting Pool"].iloc[0]
    assert row["could produce"] == "{G}"
    assert len(table) == 3


# ---------------------------------------------------------------- combat hook
def test_combat_column_is_blank_without_combat_and_filled_from_the_combat_hook():
    s = Scenario("Combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    state = s.state()
    assert combat_note(state, state.obj(bears)) == ""
    assert set(state_table(state)["combat"]) == {""}
    attack = SimpleNamespace(attacker=state.obj(bears).ref, target="Bob")
    block = SimpleNamespace(blocker=state.obj(corpse).ref, attacker=state.obj(bears).ref)
    state = _with_combat(s.state(), SimpleNamespace(attacks=(attack,), blocks=(block,)))
    table = state_table(state)
    assert table.at["#1 Grizzly Bears", "combat"] == "attacking Bob, blocked by #2 Walking Corpse"
    assert table.at["#2 Walking Corpse", "combat"] == "blocking #1 Grizzly Bears"
    gids = {p.get_gid() for p in draw_board(state).axes[0].patches}
    assert {f"attack-{bears}", f"block-{corpse}-{bears}"} <= gids


def test_a_combatant_that_changed_zones_is_no_longer_shown_in_combat():
    s = Scenario("Stale reference")
    bears = s.add("Grizzly Bears", "Alice")
    state = s.state()
    stale = ObjRef(bears, state.obj(bears).zcc + 1)          # names a later object, not this one (400.7)
    state = _with_combat(s.state(), SimpleNamespace(attacks=(SimpleNamespace(attacker=stale, target="Bob"),),
                                                    blocks=()))
    assert combat_note(state, state.obj(bears)) == ""


def test_an_unexpected_combat_shape_reads_as_no_combat():
    s = Scenario("Odd combat")
    bears = s.add("Grizzly Bears", "Alice")
    state = _with_combat(s.state(), SimpleNamespace(attacks=42, blocks=None))
    assert combat_note(state, state.obj(bears)) == ""
    draw_board(state)


def test_the_combat_modules_own_value_is_read():
    combat_state = pytest.importorskip("mtgrules.rules.combat.state")
    s = Scenario("Real combat")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    state = s.state()
    combat = combat_state.Combat(("Alice",), (("Bob",),),
                                 attacks=(combat_state.Attack(state.obj(bears).ref, "Bob"),),
                                 blocks=(combat_state.Block(state.obj(corpse).ref, state.obj(bears).ref),))
    state = _with_combat(s.state(), combat)
    assert combat_note(state, state.obj(corpse)) == "blocking #1 Grizzly Bears"
    assert combat_note(state, state.obj(bears)) == "attacking Bob, blocked by #2 Walking Corpse"


# ---------------------------------------------------------------- the board
def test_a_tapped_card_is_drawn_turned_and_an_untapped_one_upright():
    s = Scenario("Board")
    forest = s.add("Forest", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice")
    patches = _card_patches(draw_board(s.state()))
    assert patches[f"card-{forest}"].get_angle() == 90
    assert patches[f"card-{elves}"].get_angle() == 0
    turned, upright = _data_extent(patches[f"card-{forest}"]), _data_extent(patches[f"card-{elves}"])
    assert turned.width > turned.height and upright.height > upright.width


TWELVE = ["Forest", "Llanowar Elves", "Reflecting Pool", "Hangarback Walker", "Lord of the Accursed",
          "Mana Reflection", "Grizzly Bears", "Walking Corpse", "Vivid Crag", "Exotic Orchard",
          "Fellwar Stone", "Swamp"]


def test_twelve_permanents_a_side_stay_legible():
    s = Scenario("Crowded")
    for player in ("Alice", "Bob"):
        for i, name in enumerate(TWELVE):
            s.add(name, player, tapped=i % 3 == 0,
                  counters={"+1/+1": 2, "charge": 1} if name == "Hangarback Walker" else None)
    fig = draw_board(s.state(), title="Twelve a side")
    cards = _card_patches(fig)
    assert len(cards) == 24
    boxes = {gid: _data_extent(p) for gid, p in cards.items()}
    for (ga, a), (gb, b) in itertools.combinations(boxes.items(), 2):
        overlap_w = min(a.x1, b.x1) - max(a.x0, b.x0)
        overlap_h = min(a.y1, b.y1) - max(a.y0, b.y0)
        assert overlap_w <= 0 or overlap_h <= 0, f"{ga} overlaps {gb}"
    ax = fig.axes[0]
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    assert all(x0 <= b.x0 and b.x1 <= x1 and y0 <= b.y0 and b.y1 <= y1 for b in boxes.values())
    renderer = fig.canvas.get_renderer()
    labels = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("label-")}
    for gid, patch in cards.items():
        text = labels["label-" + gid.removeprefix("card-")]
        inner, outer = text.get_window_extent(renderer), patch.get_window_extent(renderer)
        assert outer.x0 <= inner.x0 and inner.x1 <= outer.x1 and outer.y0 <= inner.y0 and inner.y1 <= outer.y1, \
            f"the label of {gid} spills out of its card"
        assert text.get_fontsize() >= 6, f"the label of {gid} is too small to read on a 12-inch board"
        name = s.state().obj(int(gid.removeprefix("card-"))).card
        assert set(name.split()) <= set(text.get_text().split()), f"the label of {gid} splits a word"


def test_board_png_is_a_png(mana_board):
    s, _ = mana_board
    assert board_png(s.state()).startswith(b"\x89PNG\r\n\x1a\n")


# ---------------------------------------------------------------- Jupyter display
def test_states_and_timelines_show_themselves_in_jupyter(mana_board):
    """A state shows as its table (HTML) and a timeline as its steps; a state's board picture is
    drawn only when asked for (``board_png``), not each time the state is shown."""
    from IPython.core.formatters import DisplayFormatter

    s, ids = mana_board
    t = s.timeline().do(activate("Alice", ids["forest"]))
    t.attempt(activate("Alice", ids["elves"]))
    html = t.state._repr_html_()
    assert all(name in html for name in ("Forest", "Llanowar Elves", "Reflecting Pool", "Grizzly Bears"))
    shown, _ = DisplayFormatter().format(t.state)
    assert sorted(shown) == ["text/html", "text/plain"]  # no board picture drawn unasked
    assert board_png(t.state).startswith(b"\x89PNG")
    steps = t._repr_html_()
    assert "302.6" in steps and "Start" in steps


def test_the_stack_is_drawn_as_a_column_with_one_box_per_item():
    s = Scenario("Stack")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    state = s.timeline().do(cast("Alice", bears)).state
    gids = {p.get_gid() for p in draw_board(state).axes[0].patches}
    assert {f"stack-{item.sid}" for item in state.stack} <= gids
    assert len(state.stack) == 1 and f"card-{bears}" not in gids      # a spell is on the stack, not the battlefield


def test_library_cards_are_counted_not_listed():
    s = Scenario("library")
    s.add("Forest", "Alice")
    for _ in range(3):
        s.add("Swamp", "Bob", zone="library")
    table = state_table(s.state())
    assert table.at["Bob", "library"] == 3 and table.at["Alice", "library"] == 0
    assert not any("Swamp" in label for label in table.index), "hidden cards get no rows"


def test_a_state_tables_long_cells_are_shown_whole_not_cut_at_pandas_fifty_characters():
    """pandas cuts a plain DataFrame's cells to 50 characters in a notebook ("Alice has every
    graveyard (Alic..."); the views' tables show the whole note, as the walk-through's tables do."""
    s = Scenario("a long note")
    s.add("Graveyard Busybody", "Alice")
    s.add("Grizzly Bears", "Bob", zone="graveyard")
    table = state_table(s.state())
    note = table.at["Alice", "notes"]
    assert len(note) > 50
    assert html.escape(note, quote=True) in table._repr_html_()
    assert html.escape(note, quote=True) not in pd.DataFrame(table)._repr_html_()
