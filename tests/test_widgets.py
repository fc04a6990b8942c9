"""The lesson widgets, driven from Python: click the buttons, read the HTML widgets' values.

No browser here (tests/test_browser.py has one): an ipywidgets button's ``click()`` runs its
handlers in the kernel, and everything the widgets show is in ``HTML.value`` / ``Image.value``.
"""

from __future__ import annotations

import re

import pytest

from mtgrules import Scenario, activate
from mtgrules.widgets import Predict, Walkthrough, WhatIf, describe_outcome, outcome_options, outcomes
from mtgrules.widgets.predict import REFUSED

PNG = b"\x89PNG\r\n\x1a\n"
SVG = b"<?xml version="


# ---------------------------------------------------------------- boards
def mana_board(elves_sick: bool = True):
    s = Scenario("Tapping for mana")
    ids = {
        "forest": s.add("Forest", "Alice"),
        "elves": s.add("Llanowar Elves", "Alice", sick=elves_sick),
        "pool": s.add("Reflecting Pool", "Alice"),
        "reflection": s.add("Mana Reflection", "Alice"),
    }
    return s, ids


@pytest.fixture
def mana():
    """Forest, then the summoning-sick Elves (refused, 302.6), then Reflecting Pool, all doubled."""
    s, ids = mana_board()
    t = s.timeline()
    t.do(activate("Alice", ids["forest"]))
    t.attempt(activate("Alice", ids["elves"]))
    t.do(activate("Alice", ids["pool"]))
    return t, ids


def crag_timeline(color: str = "G"):
    """Vivid Crag's second mana ability asks for a colour, so its alternatives come from the engine."""
    s = Scenario("Vivid Crag")
    crag = s.add("Vivid Crag", "Alice", counters={"charge": 2})
    t = s.timeline()
    t.do(activate("Alice", crag, 1, color=color))
    return t, crag


# ---------------------------------------------------------------- reading the HTML
def highlighted_cells(table_html: str) -> set[tuple[str, str]]:
    """(row label, column) of every cell given a background colour: by a Styler's style rule
    (``#T_x_row0_col1 {background...}``) or, in the fitted step tables, by the cell's own style."""
    rows = {(t, r): v for t, r, v in re.findall(r'id="T_(\w+?)_level0_row(\d+)"[^>]*>([^<]*)<', table_html)}
    cols = {(t, c): v for t, c, v in re.findall(r'id="T_(\w+?)_level0_col(\d+)"[^>]*>([^<]*)<', table_html)}
    cells = set()
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", table_html):
        if "background" in body:
            for t, r, c in re.findall(r"#T_(\w+?)_row(\d+)_col(\d+)", selectors):
                cells.add((rows[t, r].strip(), cols[t, c].strip()))
    for table in table_html.split('<table class="mtg-fit-table">')[1:]:
        heads = re.findall(r'class="col_heading level0 col\d+" >([^<]*)<', table)
        for row in re.findall(r"<tr><th class=\"row_heading[^>]*>([^<]*)</th>(.*?)</tr>", table):
            label, tds = row
            for col, style in re.findall(r'<td class="data row\d+ col(\d+)[^"]*"( style="[^"]*")?', tds):
                if "background" in style:
                    cells.add((label.strip(), heads[int(col)].strip()))
    return cells


def rows_with_background(html: str, colour: str) -> set[int]:
    """Rows with a cell in ``colour``: by a Styler's style rule or by the cell's own style."""
    found = set()
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", html):
        if colour in body:
            found |= {int(r) for r in re.findall(r"_row(\d+)_col\d+", selectors)}
    found |= {int(r) for r, style in re.findall(r'<td class="data row(\d+) col\d+[^"]*" style="([^"]*)"', html)
              if colour in style}
    return found


def snapshot(w: Walkthrough) -> tuple:
    return (w.label.value, w.narration.value, w.table.value, w.events.value, bytes(w.picture.value))


# ---------------------------------------------------------------- Walkthrough
def test_start_shows_the_board_with_nothing_highlighted(mana):
    t, _ = mana
    w = Walkthrough(t)
    assert w.step == 0
    assert "Start" in w.label.value
    assert "<table" in w.table.value
    assert highlighted_cells(w.table.value) == set()
    assert w.prev_button.disabled and not w.next_button.disabled


def test_next_highlights_exactly_the_cells_the_step_changed(mana):
    t, _ = mana
    w = Walkthrough(t)
    w.next_button.click()
    assert w.step == 1
    assert "Step 1 of 3" in w.label.value
    assert highlighted_cells(w.table.value) == {("Alice", "pool"), ("#1 Forest", "tapped")}
    w.next_button.click()  # the refused Elves: nothing changes, nothing is highlighted
    assert highlighted_cells(w.table.value) == set()
    w.next_button.click()
    assert highlighted_cells(w.table.value) == {("Alice", "pool"), ("#3 Reflecting Pool", "tapped")}


def test_narration_cites_the_rule_of_each_step(mana):
    t, _ = mana
    w = Walkthrough(t)
    w.next_button.click()
    assert "CR 107.5" in w.narration.value  # tapping the Forest to pay {T}
    assert "CR 106.12b" in w.narration.value  # Mana Reflection doubles it
    assert "CR 302.6" not in w.narration.value
    w.next_button.click()
    assert "Refused" in w.narration.value and "CR 302.6" in w.narration.value
    assert "CR 107.5" not in w.narration.value


def test_events_list_the_step_changes_with_rules(mana):
    t, _ = mana
    w = Walkthrough(t)
    w.next_button.click()
    assert "<li>" in w.events.value
    assert "tapped" in w.events.value and "{G}{G}" in w.events.value
    assert "CR 107.5" in w.events.value


def test_prev_after_next_returns_exactly_the_earlier_view(mana):
    t, _ = mana
    w = Walkthrough(t, board=True)
    w.next_button.click()
    first = snapshot(w)
    w.next_button.click()
    assert snapshot(w) != first, "step 2 should look different from step 1"
    w.prev_button.click()
    assert w.step == 1
    assert snapshot(w) == first


def test_slider_and_play_drive_the_view(mana):
    t, _ = mana
    w = Walkthrough(t)
    assert (w.play.min, w.play.max) == (w.slider.min, w.slider.max) == (0, 3)
    assert w.link.source == (w.play, "value") and w.link.target == (w.slider, "value")
    w.slider.value = 3  # what Play does in the browser through the link
    assert w.step == 3
    assert "Step 3 of 3" in w.label.value
    assert "Reflecting Pool" in w.narration.value
    assert ("#3 Reflecting Pool", "tapped") in highlighted_cells(w.table.value)
    assert w.next_button.disabled and not w.prev_button.disabled


def test_go_next_prev_and_bounds(mana):
    t, _ = mana
    w = Walkthrough(t)
    assert w.go(-1).step == 3
    assert w.next().step == 3  # stays on the last step
    assert w.prev().prev().step == 1
    assert w.go(0).prev().step == 0
    with pytest.raises(IndexError):
        w.go(4)


def test_refresh_takes_in_steps_played_later(mana):
    t, ids = mana
    w = Walkthrough(t).go(-1)
    t.attempt(activate("Alice", ids["elves"]))  # the Elves again: step 4, refused again
    assert w.slider.max == 3
    w.refresh()
    assert (w.slider.max, w.play.max, w.step) == (4, 4, 3) and not w.next_button.disabled
    w.next_button.click()
    assert "Step 4 of 4" in w.label.value and "CR 302.6" in w.narration.value


def test_a_scenario_shows_its_starting_board():
    s, _ = mana_board()
    w = Walkthrough(s)
    assert w.slider.max == 0 and w.next_button.disabled and "<table" in w.table.value


def test_board_picture_is_an_svg_that_changes_with_the_step(mana):
    t, _ = mana
    w = Walkthrough(t, board=True)
    start = bytes(w.picture.value)
    assert start.startswith(SVG) and w.picture.format == "svg+xml"
    w.next()
    assert bytes(w.picture.value).startswith(SVG) and bytes(w.picture.value) != start
    plain = Walkthrough(t)
    assert bytes(plain.picture.value) == b"" and plain.picture.layout.display == "none"


def test_callbacks_print_nothing(mana, capsys):
    t, _ = mana
    w = Walkthrough(t, board=True)
    for _ in range(3):
        w.next_button.click()
    w.prev_button.click()
    w.slider.value = 0
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_widgets_carry_css_classes_for_browser_tests(mana):
    t, _ = mana
    w = Walkthrough(t, board=True)
    expected = {"mtg-walkthrough": w, "mtg-next": w.next_button, "mtg-prev": w.prev_button, "mtg-play": w.play,
                "mtg-slider": w.slider, "mtg-step": w.label, "mtg-narration": w.narration, "mtg-table": w.table,
                "mtg-events": w.events, "mtg-picture": w.picture}
    for css, widget in expected.items():
        assert css in widget._dom_classes, css
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


# ---------------------------------------------------------------- Predict
def test_outcome_options_come_from_the_engine(mana):
    t, ids = mana
    s, alt_ids = mana_board(elves_sick=False)
    alt = s.timeline().do(activate("Alice", alt_ids["forest"])).do(activate("Alice", alt_ids["elves"]))
    options = outcome_options(t, 2, [alt])
    assert options[0] == REFUSED
    assert options[1] == "Llanowar Elves tapped; Alice's pool: {G}{G}{G}{G}"
    assert len(options) == 2
    # An alternative with the same outcome as the real step is dropped, not shown twice.
    same = t.branch(1)
    same.attempt(activate("Alice", ids["elves"]))
    assert outcome_options(t, 2, [same, alt]) == options


def test_choice_alternatives_are_generated(mana):
    t, _ = crag_timeline("G")
    found = outcomes(t, 1)
    assert found[0].correct and found[0].text.endswith("Alice's pool: {G}")
    pools = sorted(o.text.rsplit(" ", 1)[1] for o in found)
    assert pools == ["{B}", "{G}", "{R}", "{U}", "{W}"]
    assert all(not o.correct for o in found[1:])


def test_describe_can_be_narrowed_to_chosen_attributes():
    t, _ = crag_timeline("U")
    assert describe_outcome(t[1], attributes=("pool",)) == "Alice's pool: {U}"
    p = Predict(t, 1, attributes=("pool",))
    assert p.correct == "Alice's pool: {U}"
    assert len(p.options) == 5


def elves_question(mana):
    t, _ = mana
    s, alt_ids = mana_board(elves_sick=False)
    alt = s.timeline().do(activate("Alice", alt_ids["forest"])).do(activate("Alice", alt_ids["elves"]))
    return Predict(t, 2, "Alice taps the Llanowar Elves she cast this turn. What happens?", alternatives=[alt])


def test_a_wrong_prediction_is_marked_wrong(mana):
    p = elves_question(mana)
    wrong = next(o for o in p.options if o != p.correct)
    p.choose(wrong)
    p.reveal_button.click()
    assert p.is_right is False
    assert "Not quite" in p.result.value and "Right!" not in p.result.value
    assert "CR 302.6" in p.result.value  # the rule that decides it
    assert "<table" in p.table.value


def test_the_right_prediction_is_marked_right(mana):
    p = elves_question(mana)
    assert p.correct == REFUSED and p.deciding_rules == ["302.6"]
    p.choose(p.correct).reveal()
    assert p.is_right is True
    assert "Right!" in p.result.value and "Not quite" not in p.result.value
    assert "CR 302.6" in p.result.value


def test_reveal_needs_a_choice_and_a_new_choice_hides_the_verdict(mana):
    p = elves_question(mana)
    p.reveal()
    assert "Choose an answer first" in p.result.value and p.table.value == ""
    p.choose(p.correct).reveal()
    assert "Right!" in p.result.value
    p.choose(next(o for o in p.options if o != p.correct))
    assert p.result.value == "" and p.table.value == ""


def test_a_question_without_alternatives_is_refused(mana):
    t, _ = mana
    with pytest.raises(ValueError, match="only one outcome"):
        Predict(t, 2)


def test_options_are_not_in_answer_first_order():
    t, _ = crag_timeline("U")
    p = Predict(t, 1)
    assert p.options == sorted(p.options)
    assert p.options[0] != p.correct


# ---------------------------------------------------------------- WhatIf
def test_whatif_another_colour_diverges_at_the_next_step(mana):
    t, crag = crag_timeline("G")
    w = WhatIf(t, 0, [activate("Alice", crag, 1, color="R")])
    assert w.divergence == 1
    assert len(w.branch) == 2 and w.branch[0] is t[0]
    diffs = {(r.object, r.column): (r.before, r.after) for r in w.differences.itertuples()}
    assert diffs == {("Alice", "pool"): ("{G}", "{R}")}
    html = w.comparison.value
    assert "step 1" in html
    final = html.split("the final state", 1)[1]
    assert ("Alice", "pool") in highlighted_cells(final)
    # The shared step (the start) is listed once, folded; each side's table begins at the divergence,
    # which is marked in both.
    assert "The 1 step before they diverge" in html
    assert rows_with_background(html, "#ffe9a8") == {0}


def test_whatif_folds_passes_and_stacks_when_narrow():
    from mtgrules.lessons import must_be_blocked as lesson
    from mtgrules.widgets.render import STYLE
    t = lesson.tour()
    w = WhatIf(t, lesson.blockers_step(t), lesson.other_blocker(t))
    columns = w.comparison.value.split('class="mtg-columns"', 1)[1]
    listed = {int(n) for n in re.findall(r'class="row_heading level0 row\d+" >(\d+)<', columns.split("final state")[0])}
    quiet = {f.index for f in t if f.is_quiet}
    assert listed and quiet and not listed & quiet
    assert listed == {f.index for f in t if f.index >= w.divergence and not f.is_quiet}
    assert "flex-wrap: wrap" in STYLE and "flex: 1 1 34em" in STYLE
    assert WhatIf(t, lesson.blockers_step(t), lesson.other_blocker(t), fold_passes=False).comparison.value != \
        w.comparison.value


def test_whatif_with_a_refused_alternative(mana):
    t, ids = mana
    # What if Alice had tried the Elves first, instead of the Forest?
    w = WhatIf(t, 0, [activate("Alice", ids["elves"])], labels=("Forest first", "Elves first"))
    assert w.branch[1].refused is not None and w.refusals[0].rule == "302.6"
    assert w.divergence == 1
    assert "CR 302.6" in w.comparison.value
    assert "Forest first" in w.comparison.value and "Elves first" in w.comparison.value
    diffs = {(r.object, r.column) for r in w.differences.itertuples()}
    assert ("#1 Forest", "tapped") in diffs and ("Alice", "pool") in diffs


def test_whatif_that_changes_nothing_has_no_divergence(mana):
    t, ids = mana
    w = WhatIf(t, 1, [activate("Alice", ids["elves"]), activate("Alice", ids["pool"])])
    assert w.divergence is None
    assert len(w.differences) == 0
    assert "never differ" in w.comparison.value


def test_folding_passes_skips_quiet_steps_and_highlights_across_them():
    from mtgrules.lessons import call_to_the_grave

    t = call_to_the_grave.end_step_creature_enters_in_response()
    quiet = [f.index for f in t if f.is_quiet]
    assert quiet, "this timeline has steps where a player only passes"
    w = Walkthrough(t, fold_passes=True)
    assert w.frames == [f.index for f in t if not f.is_quiet] and len(w.frames) + len(quiet) == len(t)
    w.go(w.last)
    assert w.frame == len(t) - 1 and f"Step {len(t) - 1} of {len(t) - 1}" in w.label.value
    assert "turn " in w.label.value and "end step" in w.label.value
    w.prev()
    assert w.frame == w.frames[-2]
