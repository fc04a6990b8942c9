"""A handout page in a real browser with the network cut off: it steps, reveals an answer, and
prints with no table wider than the page.

Debian's Chromium at /usr/bin/chromium, driven by Playwright. Every request that is not a local
file (or an inline data: URI) is aborted and recorded, and the test asserts there were none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import offline_page

from mtgrules.classroom import handouts

REPO = Path(__file__).resolve().parents[1]
LESSON = "04-must-be-blocked"
# A4 is 210 mm wide and the handout's print margins are 12 mm a side: 186 mm at 96 px per inch.
PRINT_WIDTH_PX = round(186 / 25.4 * 96)
TIMEOUT = 30_000

# Each table's right edge, and whether its own box (or any box around it) is cut off or scrolls.
OVERFLOWS_JS = """(width) => {
  const out = [];
  document.querySelectorAll('table').forEach((t, i) => {
    if (!t.offsetParent) return;  // not displayed in this medium
    const r = t.getBoundingClientRect();
    if (r.right > width + 1 || t.scrollWidth > t.clientWidth + 1) {
      out.push({i, right: r.right, scroll: t.scrollWidth, client: t.clientWidth, text: t.innerText.slice(0, 60)});
    }
    for (let p = t.parentElement; p && p !== document.body; p = p.parentElement) {
      if (p.scrollWidth > p.clientWidth + 1 && getComputedStyle(p).overflowX !== 'visible') {
        out.push({i, box: p.className, scroll: p.scrollWidth, client: p.clientWidth});
        break;
      }
    }
  });
  return out;
}"""


@pytest.fixture(scope="module")
def page_path(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    handouts.build_site(REPO / "notebooks", out, lessons=[LESSON], progress=False)
    return out / f"{LESSON}.html"


@pytest.fixture
def browser_page():
    with offline_page(1280, 900, TIMEOUT) as (page, blocked):
        yield page, blocked


def test_handout_steps_reveals_and_prints_offline(page_path, browser_page, tmp_path):
    page, blocked = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_path.as_uri())

    # Step: Next changes the table shown, the slider follows, Prev comes back.
    stepper = page.locator(".mtg-stepper").first
    current = stepper.locator(".mtg-step.mtg-current")
    assert current.count() == 1 and current.get_attribute("data-step") == "0"
    first_table = current.locator(".mtg-full").inner_text()
    assert stepper.locator(".mtg-prev").is_disabled()
    stepper.locator(".mtg-next").click()
    stepper.locator(".mtg-next").click()
    current = stepper.locator(".mtg-step.mtg-current")
    assert current.get_attribute("data-step") == "2"
    assert stepper.locator(".mtg-slider").input_value() == "2"
    second_table = current.locator(".mtg-full").inner_text()
    assert second_table != first_table
    assert re.search(r"CR \d{3}", current.locator(".mtg-narration").inner_text())
    assert stepper.locator(".mtg-step:visible").count() == 1  # one step on screen at a time
    # What the step changed is on screen without scrolling sideways (the full table is wider).
    changed = current.locator(".mtg-changed table")
    assert changed.is_visible()
    box = changed.bounding_box()
    assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"], box
    stepper.locator(".mtg-prev").click()
    assert stepper.locator(".mtg-step.mtg-current").get_attribute("data-step") == "1"

    # Reveal: the answer is hidden until its toggle is pressed.
    question = page.locator(".mtg-question").first
    answer = question.locator(".mtg-answer")
    assert not answer.locator("p").first.is_visible()
    answer.locator(":scope > summary").click()  # the answer's own toggle, not a table's inside it
    assert answer.locator("p").first.is_visible()
    assert "The answer:" in answer.inner_text()

    # Print: every step shown, no table wider than the page, and a PDF comes out.
    pdf = tmp_path / "handout.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", data)) > 1

    page.set_viewport_size({"width": PRINT_WIDTH_PX, "height": 1100})
    page.emulate_media(media="print")
    steps = page.locator(".mtg-step")
    assert steps.count() == page.locator(".mtg-step:visible").count()  # all steps, numbered by label
    assert page.locator(".mtg-controls:visible").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PRINT_WIDTH_PX
    too_wide = page.evaluate(OVERFLOWS_JS, PRINT_WIDTH_PX)
    assert too_wide == [], too_wide
    # The board and the changed rows come before the narration of each printed step.
    order = page.evaluate("""() => {
        const s = document.querySelector('.mtg-step:not([data-same-board]):not([data-step="0"])');
        const top = (q) => s.querySelector(q).getBoundingClientRect().top;
        return [top('.mtg-board'), top('.mtg-changed'), top('.mtg-narration')]; }""")
    assert order[0] < order[2] and order[1] < order[2], order
    # A printed board spans the page: beside the table its labels shrank to about 3 pt, too small to read.
    widths = page.evaluate("() => [...document.querySelectorAll('.mtg-step .mtg-board img')]"
                           ".filter(i => i.offsetParent).map(i => i.getBoundingClientRect().width)")
    assert widths and min(widths) >= 0.9 * PRINT_WIDTH_PX, widths

    assert errors == []
    assert blocked == [], f"the handout asked the network for {blocked}"


@pytest.mark.slow
def test_every_handout_page_prints_within_the_page(tmp_path_factory, browser_page):
    """The whole site (about a minute to build): every page loads offline without a script error,
    and printed, no table is wider than the page."""
    out = tmp_path_factory.mktemp("site")
    handouts.build_site(REPO / "notebooks", out, progress=False)
    page, blocked = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    pages = sorted(out.glob("*.html"))
    assert len(pages) >= 9  # the index and every lesson
    for path in pages:
        page.emulate_media(media="screen")
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(path.as_uri())
        page.set_viewport_size({"width": PRINT_WIDTH_PX, "height": 1100})
        page.emulate_media(media="print")
        assert page.evaluate("document.documentElement.scrollWidth") <= PRINT_WIDTH_PX, path.name
        too_wide = page.evaluate(OVERFLOWS_JS, PRINT_WIDTH_PX)
        assert too_wide == [], (path.name, too_wide)
    assert errors == []
    assert blocked == []
