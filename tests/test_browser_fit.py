"""Tables that fit, measured in a real browser (Playwright + Debian's Chromium, JupyterLab):

* lessons 01, 04 and 05 at 1366×768 with the file browser open, and at 1920×1080 at 150 % zoom
  (1280×720 CSS pixels, device scale 1.5): no output area scrolls sideways because of the step
  table or the what-if; life, pool and hand are visible; after Next the changed row is on screen;
* the BoardEditor clicked through in JupyterLab: add a card, tap it, set a counter, copy the
  code, open a Walkthrough.

The servers, settings and clean-up are the ones of ``test_browser.py``.
"""

from __future__ import annotations

import re
import time

import pytest
from test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE_JS,
    PAGE_TIMEOUT,
    REPO,
    RUN_TIMEOUT,
    _explained,
    _jupyter_env,
    start_lab,
)

SCREENS = {"1366x768": ({"width": 1366, "height": 768}, 1), "1920x1080@150%": ({"width": 1280, "height": 720}, 1.5)}
LESSONS = ["notebooks/01-mana.ipynb", "notebooks/04-must-be-blocked.ipynb", "notebooks/05-call-to-the-grave.ipynb"]

MEASURE_JS = """() => {
  const out = {walk: [], whatif: [], sidebar: 0};
  const side = document.querySelector('#filebrowser');
  out.sidebar = side ? side.getBoundingClientRect().width : 0;
  const area = el => el.closest('.jp-OutputArea-output') || el.parentElement;
  for (const w of document.querySelectorAll('.mtg-walkthrough')) {
    const a = area(w), t = w.querySelector('.mtg-table');
    const heads = Array.from(w.querySelectorAll('.mtg-table th')).filter(h => ['life', 'pool', 'hand'].includes(h.innerText.trim()));
    const ar = a.getBoundingClientRect();
    out.walk.push({areaScroll: a.scrollWidth - a.clientWidth, tableScroll: t.scrollWidth - t.clientWidth,
                   heads: heads.map(h => h.innerText.trim()),
                   headsInside: heads.every(h => h.getBoundingClientRect().right <= ar.right + 1)});
  }
  for (const w of document.querySelectorAll('.mtg-whatif')) {
    const a = area(w);
    const cols = Array.from(w.querySelectorAll('.mtg-timeline')).map(c => c.getBoundingClientRect());
    out.whatif.push({areaScroll: a.scrollWidth - a.clientWidth,
                     inside: cols.every(c => c.right <= a.getBoundingClientRect().right + 1),
                     stacked: cols.length === 2 && cols[1].top >= cols[0].bottom - 1,
                     areaWidth: a.clientWidth});
  }
  return out;
}"""

CHANGED_ON_SCREEN_JS = """(walk) => {
  const cells = Array.from(walk.querySelectorAll('.mtg-table td, .mtg-table th')).filter(
      c => { const bg = getComputedStyle(c).backgroundColor; return bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent'; });
  if (!cells.length) return null;
  const r = cells[0].getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: innerHeight, w: innerWidth};
}"""


@pytest.fixture(scope="module")
def chromium():
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=PAGE_TIMEOUT)
        try:
            yield browser
        finally:
            browser.close()


def _open_and_run(page, lab, notebook: str) -> None:
    page.goto(lab.url(f"lab/tree/{notebook}"), wait_until="domcontentloaded")
    page.locator(".jp-NotebookPanel").first.wait_for(state="visible")
    page.wait_for_function(KERNEL_IDLE_JS, timeout=RUN_TIMEOUT)
    if not page.locator("#filebrowser").first.is_visible():      # the file browser open, as people work
        page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        page.locator("#filebrowser").first.wait_for(state="visible")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all'], "
                 "li.lm-Menu-item[data-command='notebook:run-all-cells']").first.click()
    page.locator(".mtg-walkthrough .mtg-next").first.wait_for(state="visible", timeout=RUN_TIMEOUT)
    page.locator(".mtg-whatif").first.wait_for(state="attached", timeout=RUN_TIMEOUT)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=RUN_TIMEOUT)     # every cell has run


@pytest.mark.parametrize("notebook", LESSONS, ids=[n.split("/")[1][:2] for n in LESSONS])
def test_step_table_and_whatif_fit(notebook, chromium, tmp_path):
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(REPO, notebook, env, tmp_path)
    report = []
    try:
        for screen, (viewport, scale) in SCREENS.items():
            context = chromium.new_context(viewport=viewport, device_scale_factor=scale)
            context.set_default_timeout(PAGE_TIMEOUT)
            page = context.new_page()
            try:
                with _explained(page, lab, tmp_path):
                    _open_and_run(page, lab, notebook)
                    m = page.evaluate(MEASURE_JS)
                    assert m["sidebar"] > 150, f"{screen}: the file browser isn't open ({m['sidebar']} px)"
                    for i, w in enumerate(m["walk"]):
                        assert w["areaScroll"] <= 1 and w["tableScroll"] <= 1, \
                            f"{screen}: walk-through {i} scrolls sideways: {w}"
                        assert w["heads"][:3] == ["life", "pool", "hand"] and w["headsInside"], f"{screen}: {w}"
                    for i, w in enumerate(m["whatif"]):
                        assert w["areaScroll"] <= 1 and w["inside"], f"{screen}: what-if {i} is cut: {w}"
                    walk = page.locator(".mtg-walkthrough").first
                    walk.locator(".mtg-next").first.scroll_into_view_if_needed()
                    walk.locator(".mtg-next").first.click()
                    page.wait_for_function("el => el.innerText.includes('Step ')",
                                           arg=walk.locator(".mtg-step").first.element_handle())
                    time.sleep(0.5)
                    spot = page.evaluate(CHANGED_ON_SCREEN_JS, walk.element_handle())
                    if spot is not None:
                        # On screen: the row starts in the viewport with at least its first line showing
                        # (a long stack item's text may wrap below it).
                        assert 0 <= spot["top"] and spot["top"] + 24 <= spot["h"] and spot["right"] <= spot["w"], \
                            f"{screen}: the changed row is off screen after Next: {spot}"
                    report.append(f"{screen}: file browser {m['sidebar']:.0f} px, "
                                  f"{len(m['walk'])} walk-throughs, {len(m['whatif'])} what-ifs "
                                  f"(stacked: {[w['stacked'] for w in m['whatif']]}, output width "
                                  f"{[w['areaWidth'] for w in m['whatif']]} px), changed cell at {spot}")
            finally:
                context.close()
                lab.remember_children()
    finally:
        lab.stop()
    print(f"\n{notebook}:\n  " + "\n  ".join(report))


def test_board_editor_clicked_through_in_jupyterlab(chromium, tmp_path):
    notebook = "notebooks/09-your-own-walk-through.ipynb"
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(REPO, notebook, env, tmp_path)
    context = chromium.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    page = context.new_page()
    try:
        with _explained(page, lab, tmp_path):
            page.goto(lab.url(f"lab/tree/{notebook}"), wait_until="domcontentloaded")
            page.locator(".jp-NotebookPanel").first.wait_for(state="visible")
            page.wait_for_function(KERNEL_IDLE_JS, timeout=RUN_TIMEOUT)
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).first.click()
            page.locator("li.lm-Menu-item[data-command='runmenu:run-all'], "
                         "li.lm-Menu-item[data-command='notebook:run-all-cells']").first.click()
            editor = page.locator(".mtg-board-editor").first
            editor.wait_for(state="visible", timeout=RUN_TIMEOUT)
            table = editor.locator(".mtg-editor-table").first
            search = editor.locator(".mtg-editor-search input").first       # add a card
            search.scroll_into_view_if_needed()
            search.fill("Craw Wurm")
            search.press("Enter")
            editor.locator(".mtg-editor-add").first.click()
            page.wait_for_function("el => el.innerText.includes('Craw Wurm')", arg=table.element_handle())
            editor.locator(".mtg-editor-tapped input").first.check()        # tap it
            page.wait_for_function("el => /Craw Wurm[\\s\\S]*tapped/.test(el.innerText)",
                                   arg=table.element_handle())
            n = editor.locator(".mtg-editor-counter-n input").first          # set a counter
            n.fill("2")
            n.press("Enter")
            editor.locator(".mtg-editor-counter").first.click()
            page.wait_for_function("el => el.innerText.includes('+1/+1×2')", arg=table.element_handle())
            editor.locator(".mtg-editor-copy").first.click()                # copy the code
            code = editor.locator(".mtg-editor-code textarea").first
            code.wait_for(state="visible")
            page.wait_for_function("el => el.value.includes(\"'Craw Wurm', 'Alice', tapped=True, counters={'+1/+1': 2}\")",
                                   arg=code.element_handle())
            editor.locator(".mtg-editor-walk").first.click()                # open a Walkthrough
            editor.locator(".mtg-editor-opened .mtg-walkthrough .mtg-table").first.wait_for(state="visible")
            assert "Craw Wurm" in editor.locator(".mtg-editor-opened .mtg-walkthrough").first.inner_text()
    finally:
        context.close()
        lab.stop()
