"""A lesson's quiz in JupyterLab (Debian's Chromium): the quiz cell of lesson 01 runs, a question
is answered, the verdict cites its rule and a Walkthrough of the question's board appears; the
walk-through of a wrong option's board opens too. At 1366x768 and at 1920x1080 with 150 % zoom,
nothing in the quiz scrolls sideways.

Set ``MTGRULES_QUIZ_SHOTS`` to a folder to keep a screenshot of each screen there."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_browser import (  # noqa: F401
    PAGE_TIMEOUT,
    REPO,
    RUN_TIMEOUT,
    SCREENS,
    _explained,
    _jupyter_env,
    _run_all,
    browser,
    start_lab,
)

LESSON = REPO / "notebooks" / "01-mana.ipynb"

QUIZ_FITS_JS = """(quiz) => {
  const area = quiz.closest('.jp-OutputArea-output') || quiz.parentElement;
  const wide = Array.from(quiz.querySelectorAll('*')).filter(
      e => e.getBoundingClientRect().right > area.getBoundingClientRect().right + 1 && e.offsetParent !== null);
  return {areaScroll: area.scrollWidth - area.clientWidth,
          wide: wide.slice(0, 5).map(e => e.className + ': ' + (e.innerText || '').slice(0, 60))};
}"""


def _quiz_notebook(folder: Path) -> str:
    """A notebook of the lesson's own quiz cells (its heading, the Quiz cell), so the test runs the
    cell a learner runs without waiting for the rest of the lesson."""
    nb = json.loads(LESSON.read_text())
    cells = [c for c in nb["cells"] if "Quiz(quiz_for" in "".join(c["source"]) or "## Quiz" in "".join(c["source"])]
    assert len(cells) == 2, "lesson 01 ends with a quiz heading and a Quiz(...) cell"
    nb["cells"] = cells
    (folder / "quiz.ipynb").write_text(json.dumps(nb))
    return "quiz.ipynb"


def test_a_quiz_question_answered_in_jupyterlab(browser, tmp_path):  # noqa: F811
    env = _jupyter_env(tmp_path / "jupyter")
    folder = tmp_path / "lesson"
    folder.mkdir()
    notebook = _quiz_notebook(folder)
    shots = os.environ.get("MTGRULES_QUIZ_SHOTS")
    lab = start_lab(folder, notebook, env, tmp_path)
    try:
        for screen, (viewport, scale) in SCREENS.items():
            context = browser.new_context(viewport=viewport, device_scale_factor=scale)
            context.set_default_timeout(PAGE_TIMEOUT)
            page = context.new_page()
            try:
                with _explained(page, lab, tmp_path):
                    _run_all(page, lab, notebook, file_browser=True)
                    quiz = page.locator(".mtg-quiz").first
                    quiz.locator(".mtg-quiz-question").first.wait_for(state="visible", timeout=RUN_TIMEOUT)
                    assert "Question 1 of 5" in quiz.locator(".mtg-quiz-progress").first.inner_text()
                    assert "nothing else exists" in quiz.locator(".mtg-quiz-question").first.inner_text()
                    # choose option 3 ({G}{G}: wrong) and answer
                    quiz.locator(".mtg-quiz-option input").nth(2).check()
                    quiz.locator(".mtg-quiz-answer").first.click()
                    result = quiz.locator(".mtg-quiz-result").first
                    page.wait_for_function("el => el.innerText.includes('The answer')", arg=result.element_handle())
                    text = result.inner_text()
                    assert "Not quite." in text and "CR 106.12b" in text, text
                    assert "if N didn't control Heartbeat of Spring" in text, text
                    walk = quiz.locator(".mtg-quiz-walk .mtg-walkthrough").first
                    walk.locator(".mtg-table table").first.wait_for(state="attached", timeout=PAGE_TIMEOUT)
                    assert "Step 1 of 1" in walk.locator(".mtg-step").first.inner_text()
                    assert "Score: 0 of 1 answered right" in quiz.locator(".mtg-quiz-progress").first.inner_text()
                    fits = page.evaluate(QUIZ_FITS_JS, quiz.element_handle())
                    assert fits["areaScroll"] <= 1, f"{screen}: the quiz scrolls sideways: {fits}"
                    if shots:
                        Path(shots).mkdir(parents=True, exist_ok=True)
                        quiz.locator(".mtg-quiz-question").first.scroll_into_view_if_needed()
                        page.screenshot(path=str(Path(shots) / f"quiz-answered-{screen}.png"))
                        walk.scroll_into_view_if_needed()
                        page.screenshot(path=str(Path(shots) / f"quiz-walkthrough-{screen}.png"))
                    # the board where the wrong option happens
                    choice = quiz.locator(".mtg-quiz-board-choice select").first
                    choice.select_option(label="Option 3's board: if N didn't control Heartbeat of Spring")
                    page.wait_for_function(
                        "el => el.innerText.includes(\"option 3's board\")",
                        arg=quiz.locator(".mtg-quiz-walk").first.element_handle())
                    # on to question 2: one question at a time
                    quiz.locator(".mtg-quiz-next").first.click()
                    page.wait_for_function("el => el.innerText.includes('Question 2 of 5')",
                                           arg=quiz.locator(".mtg-quiz-progress").first.element_handle())
                    # the kernel's updates arrive one widget at a time: the verdict is cleared just after
                    page.wait_for_function("el => el.innerText.trim() === ''",
                                           arg=quiz.locator(".mtg-quiz-result").first.element_handle())
                    if shots:
                        quiz.locator(".mtg-quiz-question").first.scroll_into_view_if_needed()
                        page.screenshot(path=str(Path(shots) / f"quiz-question-{screen}.png"))
                    # question 4 asks to select all that apply: one checkbox per statement
                    for n in (3, 4):
                        quiz.locator(".mtg-quiz-next").first.click()
                        page.wait_for_function(f"el => el.innerText.includes('Question {n} of 5')",
                                               arg=quiz.locator(".mtg-quiz-progress").first.element_handle())
                    page.wait_for_function("el => el.innerText.includes('Select all that apply')",
                                           arg=quiz.locator(".mtg-quiz-question").first.element_handle())
                    quiz.locator(".mtg-quiz-option input[type=checkbox]").nth(3).wait_for(state="attached")
                    assert quiz.locator(".mtg-quiz-option input[type=checkbox]").count() == 4
                    fits = page.evaluate(QUIZ_FITS_JS, quiz.element_handle())
                    assert fits["areaScroll"] <= 1, f"{screen}: the select-all question scrolls sideways: {fits}"
                    if shots:
                        quiz.locator(".mtg-quiz-question").first.scroll_into_view_if_needed()
                        page.screenshot(path=str(Path(shots) / f"quiz-select-all-{screen}.png"))
            finally:
                context.close()
                lab.remember_children()
    finally:
        lab.stop()


@pytest.fixture(autouse=True)
def _lesson_untouched():
    saved = LESSON.read_bytes()
    yield
    assert LESSON.read_bytes() == saved, "the browser test changed the lesson"
