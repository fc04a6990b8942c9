"""Widgets render their content when a front end first shows them, not when a cell builds them.

In a kernel a Walkthrough or a WhatIf that nothing shows (nbclient, nbmake, a closed tab) must
draw no table and no board picture; the first view (ipywidgets' ``_view_count`` going above 0,
which the front end sends) renders it. Outside a kernel the content is rendered at once.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from mtgrules import Scenario, activate
from mtgrules.widgets import Walkthrough, WhatIf, shown
from mtgrules.widgets.shown import PLACEHOLDER


def _mana_timeline():
    s = Scenario("Forest and Reflecting Pool")
    forest = s.add("Forest", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    t = s.timeline()
    t.do(activate("Alice", forest))
    t.do(activate("Alice", pool, type="G"))
    return t, forest


def test_outside_a_kernel_the_content_is_rendered_at_once():
    t, _ = _mana_timeline()
    w = Walkthrough(t, board=True)
    assert w.filled and w._view_count is None
    assert "<table" in w.table.value and b"<svg" in bytes(w.picture.value)[:400]
    assert WhatIf(t, 0, []).filled


@pytest.fixture
def counted(monkeypatch):
    """Widgets made as in a kernel (views counted from 0), with every table and picture counted."""
    calls = {"table": 0, "picture": 0, "comparison": 0}
    from mtgrules.widgets import predict, render, walkthrough, whatif

    def counting(name, fn):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(walkthrough, "shown_count", lambda: 0)
    monkeypatch.setattr(whatif, "shown_count", lambda: 0)
    monkeypatch.setattr(predict, "shown_count", lambda: 0)
    monkeypatch.setattr(render, "step_table_html", counting("table", render.step_table_html))
    monkeypatch.setattr(render, "board_picture", counting("picture", render.board_picture))
    monkeypatch.setattr(WhatIf, "render", counting("comparison", WhatIf.render))
    return calls


def test_a_walkthrough_never_shown_draws_no_table_and_no_picture(counted):
    t, _ = _mana_timeline()
    w = Walkthrough(t, board=True)
    w.next()                                   # stepping from Python before any view renders nothing either
    assert counted == {"table": 0, "picture": 0, "comparison": 0}
    assert not w.filled and w.step == 1
    # Nothing but one line of text until a view: no buttons, slider, table or picture widgets yet.
    [only] = w.children
    assert only.value == PLACEHOLDER and "next_button" not in vars(w)


def test_widgets_not_yet_shown_share_one_placeholder_and_make_two_widgets_each(counted):
    """Each widget made in a kernel is a message to the front end: until its first view a
    walk-through or a question is its box and the box's layout, the placeholder is one for all."""
    from ipywidgets.widgets.widget import _instances

    from mtgrules.widgets import Predict
    t, _ = _mana_timeline()
    other = t.branch(0).do(activate("Alice", 2, type="G"))
    before = set(_instances)
    first, second = Walkthrough(t, board=True), Predict(t, 1, alternatives=[other])
    made = [w for key, w in _instances.items() if key not in before]
    assert first.children[0] is second.children[0]
    assert sorted(type(w).__name__ for w in made) == ["Layout", "Layout", "Predict", "Walkthrough"]
    first.fill()                                 # the shared placeholder is left as it was for the other
    assert second.children[0].value == PLACEHOLDER and second.children[0].comm is not None


def test_asking_for_a_part_before_any_view_renders_the_step(counted):
    t, _ = _mana_timeline()
    w = Walkthrough(t, board=True).go(2)
    assert "Step 2 of 2" in w.label.value and counted == {"table": 1, "picture": 1, "comparison": 0}
    assert w.filled and w.next_button.disabled and not w.prev_button.disabled and w.slider.value == 2
    with pytest.raises(AttributeError):
        w.no_such_part  # noqa: B018  # only the parts fill; anything else is still an AttributeError


def test_the_first_view_renders_the_current_step_once(counted):
    t, forest = _mana_timeline()
    w = Walkthrough(t, board=True)
    w.next()
    w.set_state({"_view_count": 1})            # what the front end sends as it displays the widget
    assert w.filled and counted["table"] == 1 and counted["picture"] == 1
    assert "Step 1 of 2" in w.label.value and f"#{forest} Forest" in w.table.value
    w.set_state({"_view_count": 2})            # a second view (another output, a reload) renders nothing new
    assert counted["table"] == 1
    w.next()                                   # Next renders the next step
    assert counted["table"] == 2 and "Step 2 of 2" in w.label.value


def test_a_whatif_never_shown_plays_its_branch_but_renders_no_comparison(counted):
    t, forest = _mana_timeline()
    w = WhatIf(t, 0, [activate("Alice", forest), activate("Alice", forest)])
    assert w.refusals[1] is not None and w.divergence == 2   # played: refusals and divergence are known
    [only] = w.children
    assert counted["comparison"] == 0 and only.value == PLACEHOLDER and not w.filled
    w.set_state({"_view_count": 1})
    assert counted["comparison"] == 1 and "diverge" in w.comparison.value
    assert w.fill() is w and counted["comparison"] == 1


def test_a_predict_never_shown_is_one_line_until_its_first_view(counted):
    from mtgrules.widgets import Predict
    t, forest = _mana_timeline()
    p = Predict(t, 1, "What does the Forest make?", alternatives=[t.branch(0).do(activate("Alice", 2, type="G"))])
    assert len(p.options) == 2 and p.chosen is None       # the options are worked out at once
    [only] = p.children
    assert only.value == PLACEHOLDER and not p.filled
    p.set_state({"_view_count": 1})
    assert [c.__class__.__name__ for c in p.children] == ["HTML", "RadioButtons", "Button", "HTML", "HTML"]
    p.choose(p.correct).reveal()
    assert p.is_right and "Right!" in p.result.value


def test_the_board_editor_and_blocks_explorer_are_made_by_their_first_view(monkeypatch, counted):
    from mtgrules import Step, declare_attackers
    from mtgrules.play.verbs import go_to
    from mtgrules.widgets import BlocksExplorer, BoardEditor, blocks, board_editor
    monkeypatch.setattr(blocks, "shown_count", lambda: 0)
    monkeypatch.setattr(board_editor, "shown_count", lambda: 0)
    s = Scenario("Bears attack", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Walking Corpse", "Bob")
    t = go_to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    go_to(t, Step.DECLARE_BLOCKERS)
    editor, explorer = BoardEditor(s), BlocksExplorer(t.state)
    for w in (editor, explorer):
        [only] = w.children
        assert only.value == PLACEHOLDER and not w.filled
    assert len(explorer.options.creatures) == 1        # the engine's options are there at once
    explorer.set_state({"_view_count": 1})
    assert len(explorer.dropdowns) == 1 and "Grizzly Bears" in explorer.intro.value
    editor.set_state({"_view_count": 1})
    assert len(editor.children) > 5 and "Grizzly Bears" in editor.table.value
    assert b"<svg" in bytes(editor.picture.value)[:400]


def test_fill_renders_without_a_view(counted):
    t, _ = _mana_timeline()
    w = Walkthrough(t)
    assert w.fill().filled and "<table" in w.table.value and counted["table"] == 1


KERNEL_CELLS = [
    """
    from mtgrules import Scenario, activate
    from mtgrules.widgets import Walkthrough, WhatIf, render
    drawn = []
    for name in ("step_table_html", "board_picture"):
        def counting(*args, _fn=getattr(render, name), _name=name, **kwargs):
            drawn.append(_name)
            return _fn(*args, **kwargs)
        setattr(render, name, counting)
    s = Scenario("Forest")
    forest = s.add("Forest", "Alice")
    t = s.timeline()
    t.do(activate("Alice", forest))
    """,
    "w = Walkthrough(t, board=True)\nw",
    "WhatIf(t, 0, [activate('Alice', forest)])",
    "import gc\nprint(drawn, w.filled, w._view_count, len(w.children), gc.get_freeze_count() > 0)",
]


def test_in_a_real_kernel_a_widget_nothing_shows_renders_nothing():
    """nbclient runs the cells in a kernel with no front end: the widgets are displayed (their
    outputs are in the notebook) but no view is made, so no table or picture is drawn."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(textwrap.dedent(c).strip()) for c in KERNEL_CELLS]
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(Path(__file__).parent)}}).execute()
    shown_widget = nb.cells[1].outputs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in shown_widget
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    # ... and the objects the imports made are out of the collector's way (frozen) in a kernel.
    assert printed.strip() == "[] False 0 1 True", printed


def test_in_kernel_is_false_here():
    import gc
    assert not shown.in_kernel() and shown.shown_count() is None
    shown.freeze_what_is_loaded()
    assert gc.get_freeze_count() == 0  # outside a kernel the collector is left as it is


def test_a_lesson_picture_is_drawn_when_first_shown(monkeypatch):
    """``board()`` and ``figure()`` in a lesson: as in a kernel, nothing is drawn until the front
    end counts a view; then the picture is drawn once. Outside a kernel it is drawn at once."""
    from mtgrules.lessons.show import board
    from mtgrules.views import board as board_view
    from mtgrules.widgets import picture

    drawn = []
    real = board_view.board_svg

    def counting(*args, **kwargs):
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(board_view, "board_svg", counting)
    monkeypatch.setattr("mtgrules.views.board_svg", counting)
    t, _ = _mana_timeline()
    monkeypatch.setattr(picture, "shown_count", lambda: 0)
    p = board(t.state, title="After")
    assert drawn == [] and not p.filled and PLACEHOLDER in p.children[0].value
    assert "the board, After" in repr(p)
    p._view_count = 1  # what the front end sends as it shows the picture
    assert drawn == [1] and b"<svg" in bytes(p.image.value)[:400] and p.image.format == "svg+xml"
    p._view_count = 2  # a second view of the same output draws nothing more
    assert drawn == [1]
    monkeypatch.setattr(picture, "shown_count", lambda: None)
    assert board(t.state).filled and drawn == [1, 1]


def test_a_widget_whose_first_view_fails_to_draw_says_so_and_can_try_again(counted, monkeypatch):
    """Drawing on the first view runs in a callback from the front end, whose errors go only to
    the kernel's log: the widget kept its placeholder for good. It now shows the error (escaped),
    stays unfilled, and draws once the fault is gone."""
    t, forest = _mana_timeline()
    w = WhatIf(t, 0, [activate("Alice", forest)])

    def broken(self):
        raise RuntimeError("no <b>table</b> today")
    monkeypatch.setattr(WhatIf, "render", broken)
    w.set_state({"_view_count": 1})
    [shown_now] = w.children
    assert "could not draw" in shown_now.value and "no &lt;b&gt;table&lt;/b&gt; today" in shown_now.value
    assert not w.filled
    with pytest.raises(RuntimeError):  # from Python the error reaches the cell that asked
        w.fill()
    monkeypatch.undo()
    assert w.fill().filled and "diverge" in w.comparison.value
