"""The BoardEditor's card box in JupyterLab (Debian's Chromium): typing part of a name offers the
matching cards in the box's list, and the whole name shows the card panel with its rulings."""

from __future__ import annotations

from test_browser import REPO, RUN_TIMEOUT, _explained, _jupyter_env, _run_all, browser, start_lab  # noqa: F401

OPTIONS_JS = """([input, wanted]) => {
    const list = document.getElementById(input.getAttribute('list'));
    return !!list && Array.from(list.options).some(o => o.value === wanted);
}"""


def test_typing_in_the_card_box_offers_the_matching_cards_and_shows_the_card(browser, tmp_path):  # noqa: F811
    notebook = "notebooks/09-your-own-walk-through.ipynb"
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(REPO, notebook, env, tmp_path)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        with _explained(page, lab, tmp_path):
            _run_all(page, lab, notebook)
            editor = page.locator(".mtg-board-editor").first
            editor.wait_for(state="visible", timeout=RUN_TIMEOUT)
            search = editor.locator(".mtg-editor-search input").first
            search.scroll_into_view_if_needed()
            search.press_sequentially("spider gi", delay=60)          # words in any order, as one types
            page.wait_for_function(OPTIONS_JS, arg=[search.element_handle(), "Giant Spider"])
            panel = editor.locator(".mtg-editor-card-info").first
            assert "Reach" not in panel.inner_text()                  # no card until the name is whole
            search.fill("Giant Spider")
            page.wait_for_function("el => el.innerText.includes('Official rulings (1)')", arg=panel.element_handle())
            assert "Reach" in panel.inner_text() and "played: a keyword" in panel.inner_text()
    finally:
        context.close()
        lab.stop()
