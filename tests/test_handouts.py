"""The handout site without a browser: what each page holds, what it leaves out, and that it
links nothing outside the site. (tests/test_handouts_browser.py clicks through a page.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import lesson_runs
import pytest

from mtgrules.classroom import handouts, notebook
from mtgrules.lessons import must_be_blocked, tap_untap_and_x
from mtgrules.lessons.static import timeline_for
from mtgrules.widgets import Walkthrough

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


class NoPictures(handouts.Pictures):
    """Tests of the HTML need no drawn boards (drawing is most of a page's cost)."""

    def uri(self, state) -> str:
        return "boards/not-drawn.png"


class Links(HTMLParser):
    """Every URL a page would fetch or link to."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.urls.append(value)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    handouts.build_site(NOTEBOOKS, out, lessons=["02"], progress=False)
    return out


def test_the_site_has_an_index_and_the_lesson(site):
    assert (site / "index.html").exists()
    page = (site / "02-tap-untap-and-x.html").read_text()
    assert "<title>Lesson 2" in page
    assert 'href="02-tap-untap-and-x.html"' in (site / "index.html").read_text()


def test_nothing_is_fetched_from_outside_the_site(site):
    for page in site.glob("*.html"):
        parser = Links()
        parser.feed(page.read_text())
        assert parser.urls, page
        for url in parser.urls:
            assert not re.match(r"^[a-z]+:", url) or url.startswith(("data:image/png;base64,",
                                                                     "data:image/svg+xml;base64,")), (page.name, url)
            if not url.startswith(("data:", "#")):
                assert (site / url).exists(), (page.name, url)


def test_every_walkthrough_is_a_stepper_with_every_step(site):
    page = (site / "02-tap-untap-and-x.html").read_text()
    steppers = page.count('class="mtg-stepper"')
    # Three Walkthrough widgets; the static tables that repeat them are left out, the one that
    # stands alone (a refused untap) becomes a stepper too.
    assert steppers == 4
    t = tap_untap_and_x.tap_symbol()
    section = page.split('class="mtg-stepper"')[1]
    assert section.count('class="mtg-step"') == len(t)  # this walk-through folds nothing
    assert "Press <b>Next</b>" in section


def test_questions_hide_their_answer_behind_a_toggle(site):
    page = (site / "02-tap-untap-and-x.html").read_text()
    questions = re.findall(r'<div class="mtg-question".*?</details></div>', page, flags=re.S)
    assert len(questions) == 2
    for q in questions:
        text, answer = q.split("<details", 1)
        assert '<ol class="mtg-options" type="A">' in text
        assert "<summary>Reveal the answer</summary>" in answer
        assert "The answer: <b>" in answer and "CR " in answer
    assert '<section class="mtg-answer-key"><h2>Answers</h2>' in page


def test_code_is_folded_away_and_escaped(site):
    page = (site / "02-tap-untap-and-x.html").read_text()
    assert '<details class="mtg-code"><summary>The code</summary><pre><code>tap = lesson.tap_symbol()' in page
    assert "print(&quot;mana value on the stack:" in page


def test_cells_for_notebook_users_are_left_out(site):
    page = (site / "02-tap-untap-and-x.html").read_text()
    assert "Without a kernel" not in page
    assert "Run the cells" not in page


def test_text_from_the_notebooks_is_escaped():
    assert handouts.markdown_html("a <script>alert(1)</script> **b**") == \
        "<p>a &lt;script&gt;alert(1)&lt;/script&gt; <strong>b</strong></p>\n"
    page = handouts.Page("t", NoPictures())
    t = must_be_blocked.tour()
    t.title = "<img src=x onerror=alert(1)>"
    html = page.stepper(t)
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_stepper_folds_passes_like_the_widget():
    t = must_be_blocked.tour()
    page = handouts.Page("t", NoPictures())
    html = page.stepper(t, fold_passes=True)
    assert html.count('class="mtg-step"') == len(Walkthrough(t, fold_passes=True).frames)
    assert "only passed priority are left out" in html


def test_changed_rows_keep_only_what_changed():
    t = tap_untap_and_x.tap_symbol()
    html = handouts.changed_rows_html(t[0].state, t[1].state, "Step 1")
    assert "#1 Forest" in html or "Forest" in html
    assert "Llanowar Elves" not in html  # not changed by tapping the Forest
    assert ">tapped<" in html and ">owner<" not in html


def test_only_metadata_matches_the_widgets():
    """A static table is marked ``only: no-kernel`` exactly when a Walkthrough in the same
    notebook shows the same timeline (then the handouts and the presentation leave it out)."""
    for path in notebook.lesson_notebooks(NOTEBOOKS):
        nb = notebook.read(path)
        shown = [out.value.timeline for _cell, out in lesson_runs.outputs(path.stem)
                 if out is not None and isinstance(out.value, Walkthrough)]
        for cell in nb["cells"]:
            info = notebook.meta(cell)
            if "static" in info:
                t = timeline_for(info["static"])
                repeated = any(s.title == t.title and len(s) == len(t) and s.state == t.state for s in shown)
                assert (notebook.only(cell) == "no-kernel") == repeated, (path.name, info["static"])


def test_run_instructions_are_marked_for_notebook_users_only():
    for path in notebook.lesson_notebooks(NOTEBOOKS):
        for cell in notebook.read(path)["cells"]:
            if "Run the cells" in notebook.source(cell) or "Run All Cells" in notebook.source(cell):
                assert notebook.only(cell) == "notebook", path.name


def test_find_lesson_by_number_or_name():
    assert notebook.find_lesson(NOTEBOOKS, "4").stem == "04-must-be-blocked"
    assert notebook.find_lesson(NOTEBOOKS, "04-must-be-blocked").stem == "04-must-be-blocked"
    with pytest.raises(FileNotFoundError, match="the lessons are"):
        notebook.find_lesson(NOTEBOOKS, "99")


def test_a_walkthrough_board_is_full_width_opens_on_its_own_and_says_so(site):
    """The board stood beside the table at a third of the page, its card names about 5 px high
    (issue 26 §2): it is an SVG across the page, a link opens it alone, and a caption says so."""
    page = (site / "02-tap-untap-and-x.html").read_text()
    board = page.split('class="mtg-step"', 1)[1].split('<figure class="mtg-board">', 1)[1].split("</figure>", 1)[0]
    link = re.match(r'<a href="(boards/[0-9a-f]+\.svg)" target="_blank"[^>]*><img [^>]*src="\1"></a>'
                    r'<figcaption class="mtg-enlarge">([^<]+)</figcaption>', board)
    assert link, board
    assert "zoom in" in link.group(2) and "Click the board" in link.group(2)
    assert (site / link.group(1)).read_bytes().startswith(b"<?xml") and b"<svg" in (site / link.group(1)).read_bytes()
    assert ".mtg-board { flex: 0 0 100%;" in handouts.asset("handout.css")


def test_a_table_cell_is_shown_whole_not_cut_at_fifty_characters():
    import pandas as pd
    note = "Bob has no graveyard now: Alice controls the only Graveyard Busybody, so every graveyard is hers"
    html = handouts.Page("t", NoPictures()).value(pd.DataFrame({"notes": [note]}))
    assert note in html
