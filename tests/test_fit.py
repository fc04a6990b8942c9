"""The step table that fits a notebook: players first (life, pool, hand), empty columns dropped,
words not booleans, changed rows first with the whole table behind a toggle; folded steps are
labelled by what happened."""

from __future__ import annotations

import re

from mtgrules import Scenario, activate, pass_priority
from mtgrules.views import state_table
from mtgrules.views.fit import fit_html
from mtgrules.widgets import Walkthrough
from mtgrules.widgets.render import headline


def _headers(html: str) -> list[list[str]]:
    """The column headers of each table, in order."""
    return [re.findall(r'class="col_heading level0 col\d+" >([^<]*)<', t) for t in html.split("<table")[1:]]


def _board():
    s = Scenario("fit")
    forest = s.add("Forest", "Alice")
    for _ in range(5):
        s.add("Grizzly Bears", "Bob")
    s.add("Llanowar Elves", "Alice", zone="hand")
    return s.timeline().do(activate("Alice", forest)), forest


def test_players_come_first_with_life_pool_and_hand():
    t, _ = _board()
    html = fit_html(t.state, t[0].state)
    assert _headers(html)[0][:3] == ["life", "pool", "hand"]
    assert html.index(">Alice<") < html.index("Forest")


def test_empty_columns_are_dropped_and_tapped_is_a_word():
    t, forest = _board()
    html = fit_html(t.state, t[0].state)
    objects = _headers(html)[1]
    assert "counters" not in objects and "damage" not in objects and "combat" not in objects
    assert "tapped" in objects and ">tapped<" in html and "True" not in html and "False" not in html
    assert state_table(t.state).at[f"#{forest} Forest", "tapped"] == "tapped"


def test_changed_rows_first_and_the_whole_table_behind_a_toggle():
    t, forest = _board()
    html = fit_html(t.state, t[0].state)
    first, _, rest = html.partition("<details>")
    assert f"#{forest} Forest" in first and "Grizzly Bears" not in first
    assert "Show all 7 objects (6 unchanged)" in rest and rest.count("Grizzly Bears") == 5


def test_the_walkthrough_table_is_the_fitted_one():
    t, _ = _board()
    w = Walkthrough(t)
    w.next()
    assert 'class="mtg-fit"' in w.table.value and "<details>" in w.table.value


def test_a_pass_is_labelled_by_what_it_led_to():
    s = Scenario("label")
    s.add("Forest", "Alice")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert headline(t[1]) == "Alice passes priority"          # only priority moved
    assert headline(t[2]).startswith("Bob passes priority: ") and "step" in headline(t[2])
    w = Walkthrough(t, fold_passes=True)
    w.go(-1)
    assert "beginning of combat step" in w.label.value.lower()


def test_predict_takes_teacher_written_options_the_engine_checks():
    import pytest

    from mtgrules.lessons.must_be_blocked import two_blocked
    from mtgrules.widgets import Predict
    t = two_blocked()
    step = t.find("creatures become blocked")

    def neyith_triggers(n):
        return lambda f: sum(1 for e in f.events if e.kind == "trigger" and e.name == "Neyith of the Dire Hunt") == n

    p = Predict(t, step, "How many cards will Alice draw?",
                options={"One card": neyith_triggers(1), "Two cards, one per blocked creature": neyith_triggers(2)},
                rules=("603.2c",))
    assert p.correct == "One card" and len(p.options) == 2
    p.choose("Two cards, one per blocked creature").reveal()
    assert "isn't what happens here" in p.result.value and "CR 603.2c" in p.result.value
    with pytest.raises(ValueError, match="2 options are"):       # a "wrong" option that is true too
        Predict(t, step, options={"One card": neyith_triggers(1), "Neyith triggers": lambda f: True})
    with pytest.raises(ValueError, match="none of the options"):
        Predict(t, step, options={"Three": neyith_triggers(3), "Four": neyith_triggers(4)})


def test_the_walkthrough_board_is_drawn_at_the_width_it_is_shown():
    import re

    from mtgrules.widgets.render import PICTURE_PX
    t, _ = _board()
    w = Walkthrough(t, board=True)
    svg = bytes(w.picture.value).decode()
    width_pt = float(re.search(r'<svg [^>]*width="([\d.]+)pt"', svg).group(1))  # 96 CSS px to 72 pt
    assert w.picture.format == "svg+xml" and round(width_pt * 96 / 72) == PICTURE_PX
    assert w.picture.layout.width == f"{PICTURE_PX}px"


def test_game_text_is_escaped_in_the_fitted_tables():
    evil = "<img src=x onerror=alert(1)>"
    s = Scenario("escape", players=[evil, "Bob"])
    forest = s.add("Forest", evil)
    t = s.timeline().do(activate(evil, forest))
    html = fit_html(t.state, t[0].state, caption=evil)
    assert "<img" not in html and "&lt;img" in html
