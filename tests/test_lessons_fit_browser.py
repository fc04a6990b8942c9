"""Every lesson's tables at 1366×768 in JupyterLab with the file browser open (issue 26 §2).

A newcomer at 1366 px saw lesson 00's state table end at "pool": hand, library and the notes
("summoning sick", which the prose had just pointed to) were cut off, and "Basic Land — Forest"
wrapped onto three lines. This test opens each lesson in one JupyterLab (no network: every request
that isn't to the local server is aborted), runs all its cells with the file browser open, and
measures every table a cell shows: none may end past its output area or make it scroll
sideways, each state table's "hand", "library" and "notes" headings (where it has them) must be
inside the area, and no type line may take more than two lines.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from test_browser import (
    ALL_RUN_JS,
    KERNEL_IDLE_JS,
    PAGE_TIMEOUT,
    REPO,
    RUN_TIMEOUT,
    _explained,
    _jupyter_env,
    browser,
    start_lab,
)

from mtgrules.catalog.lessons import lesson_names

__all__ = ["browser"]  # the Chromium fixture, shared with test_browser
# make test measures lessons 00 (a newcomer's first tables) and 06 (the most tables, 45); make
# test-slow the others too (about 17 s a lesson here). MTGRULES_FIT_LESSONS=00,04 measures those.
ALL_LESSONS = [f"notebooks/{name}.ipynb" for name in lesson_names()
               if not os.environ.get("MTGRULES_FIT_LESSONS") or name[:2] in os.environ["MTGRULES_FIT_LESSONS"].split(",")]
FIRST = [n for n in ALL_LESSONS if n[10:12] in ("00", "06")] or ALL_LESSONS[:1]
REST = [n for n in ALL_LESSONS if n not in FIRST]
SETS = [pytest.param(FIRST, id="00-and-06")] + ([pytest.param(REST, id="the-rest", marks=pytest.mark.slow)] if REST else [])
SCREEN = {"width": 1366, "height": 768}

MEASURE_JS = """() => {
  const out = {sidebar: 0, tables: 0, cut: [], scrolls: [], heads: [], types: []};
  const side = document.querySelector('#filebrowser');
  out.sidebar = side ? side.getBoundingClientRect().width : 0;
  for (const area of document.querySelectorAll('.jp-OutputArea-output')) {
    const ar = area.getBoundingClientRect();
    if (area.scrollWidth - area.clientWidth > 1) out.scrolls.push(area.innerText.slice(0, 80));
    for (const table of area.querySelectorAll('table')) {
      if (!table.getClientRects().length) continue;      // behind a closed "show all" toggle
      out.tables += 1;
      const r = table.getBoundingClientRect();
      const box = table.closest('.mtg-state-view, .mtg-fit, .mtg-table') || area;
      if (r.right > ar.right + 1 || box.scrollWidth - box.clientWidth > 1)
        out.cut.push({text: table.innerText.slice(0, 80), right: r.right, area: ar.right});
      for (const th of table.querySelectorAll('thead th')) {
        const name = th.innerText.trim();
        if (['hand', 'library', 'notes'].includes(name) && th.getBoundingClientRect().right > ar.right + 1)
          out.heads.push(name);
      }
      for (const td of table.querySelectorAll('td.mtg-type')) {
        const range = document.createRange();                // the text's lines, not the row's height
        range.selectNodeContents(td);
        const lines = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
        if (lines > 2) out.types.push([td.innerText, lines]);
      }
    }
  }
  return out;
}"""


def _open_and_run_all(page, lab, notebook: str, workspace: str) -> None:
    """Open ``notebook`` alone in a workspace of its own (so no lesson opened before comes back
    as a tab), wait for its kernel, open the file browser and choose Run > Run All Cells."""
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{notebook}") + "&reset", wait_until="domcontentloaded")
    page.locator(".jp-NotebookPanel").first.wait_for(state="visible")
    page.wait_for_function(KERNEL_IDLE_JS, timeout=RUN_TIMEOUT)
    if not page.locator("#filebrowser").first.is_visible():
        page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        page.locator("#filebrowser").first.wait_for(state="visible")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all'], "
                 "li.lm-Menu-item[data-command='notebook:run-all-cells']").first.click()


@pytest.mark.parametrize("lessons", SETS)
def test_every_lessons_tables_fit_1366_with_the_file_browser_open(lessons, browser, tmp_path):  # noqa: F811 (the fixture)
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(REPO, lessons[0], env, tmp_path)
    report, failures = [], []
    try:
        for notebook in lessons:
            context = browser.new_context(viewport=SCREEN)
            context.set_default_timeout(PAGE_TIMEOUT)
            context.route("**/*", lambda route: route.continue_()
                          if re.match(r"https?://127\.0\.0\.1[:/]", route.request.url) else route.abort())
            page = context.new_page()
            try:
                with _explained(page, lab, tmp_path):
                    _open_and_run_all(page, lab, notebook, f"fit{notebook[10:12]}")
                    page.wait_for_function(ALL_RUN_JS, timeout=RUN_TIMEOUT)
                    page.wait_for_function("() => !document.querySelector('.mtg-placeholder')", timeout=RUN_TIMEOUT)
                    time.sleep(1.0)  # the last widgets' tables arrive a moment after the last cell ran
                    m = page.evaluate(MEASURE_JS)
                assert m["sidebar"] > 150, f"{notebook}: the file browser isn't open ({m['sidebar']} px)"
                name = notebook.split("/")[1][:2]
                report.append(f"{name}: {m['tables']} tables")
                for what in ("cut", "scrolls", "heads", "types"):
                    if m[what]:
                        failures.append(f"{notebook} {what}: {m[what]}")
            finally:
                context.close()
                lab.remember_children()
    finally:
        lab.stop()
    print("\n1366x768, file browser open: " + ", ".join(report))
    assert not failures, "\n".join(failures)


# ---------------------------------------------------------------- the BoardEditor at 1366 px (issue 26 §3)
EDITOR_CUT_JS = """(ed) => Array.from(ed.querySelectorAll('.widget-label, button, a.mtg-editor-save-link'))
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.innerText.trim())"""


def test_the_board_editor_reads_whole_and_its_walkthrough_offers_something_to_do(browser, tmp_path):  # noqa: F811
    """Lesson 09's BoardEditor with the file browser open at 1366×768: no label or button is cut
    ("Chose col…", "Open a Walkth…"), the card settings are the first card's, "Save as JSON" is
    drawn as a control, and "Open a Walkthrough" offers the legal actions: one click plays one."""
    notebook = "notebooks/09-your-own-walk-through.ipynb"
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(REPO, notebook, env, tmp_path)
    context = browser.new_context(viewport=SCREEN)
    context.set_default_timeout(PAGE_TIMEOUT)
    context.route("**/*", lambda route: route.continue_()
                  if re.match(r"https?://127\.0\.0\.1[:/]", route.request.url) else route.abort())
    page = context.new_page()
    try:
        with _explained(page, lab, tmp_path):
            _open_and_run_all(page, lab, notebook, "editor")
            editor = page.locator(".mtg-board-editor").first
            editor.wait_for(state="visible", timeout=RUN_TIMEOUT)
            page.wait_for_function("(ed) => ed.innerText.includes('Settings of #1')", arg=editor.element_handle())
            assert page.evaluate(EDITOR_CUT_JS, editor.element_handle()) == []
            assert "Chosen colour" in editor.inner_text()
            save = editor.locator("a.mtg-editor-save-link").first
            assert save.evaluate("a => getComputedStyle(a).borderTopStyle") == "solid"
            editor.locator(".mtg-editor-walk").first.click()
            offer = editor.locator(".mtg-editor-offer").first
            offer.wait_for(state="visible")
            assert "no steps yet" in offer.inner_text()
            actions = offer.locator(".mtg-editor-legal-action")
            assert actions.count() >= 2, offer.inner_text()
            offer.locator(".mtg-editor-legal-action", has_text="activates Forest").first.click()
            page.wait_for_function("ed => (ed.querySelector('.mtg-editor-opened .mtg-walkthrough .mtg-step') || "
                                   "{innerText: ''}).innerText.includes('Step 1 of 1')", arg=editor.element_handle())
            assert "1 step played" in editor.locator(".mtg-editor-offer").first.inner_text()
            lab.remember_children()
    finally:
        context.close()
        lab.stop()
