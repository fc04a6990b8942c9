"""Errors with the kit's own voice (issue 27, section 4): the public verbs raise the kit's errors,
every kit error has ``rule`` and ``reason``, the handouts and presentation commands say a
teacher's notebook mistake in one line, the handouts are the same bytes on every build, and the
presentation shows a lesson's Markdown as the handouts do (raw HTML escaped)."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
from pathlib import Path

import pytest

from mtgrules import IllegalAction, MtgRulesError, Scenario, ScenarioError, activate, advance_to, cast, characteristics
from mtgrules.core.errors import BadValue, NoSuchStep, NotInGame, UnknownName, WrongThing
from mtgrules.play.verbs import go_to

REPO = Path(__file__).resolve().parents[1]


def _forest_timeline():
    s = Scenario("x")
    s.add("Forest", "Alice")
    return s.timeline()


def _calls():
    """Each call of public_verbs_raise_plain_python_errors.py, with the kit's error it now raises and
    the Python error it used to be (still a base, so an older ``except`` catches it)."""
    from mtgrules import could_produce, legal_actions
    from mtgrules.views import frame_table
    from mtgrules.widgets import Predict, Walkthrough
    t = _forest_timeline()
    return {
        "go_to(t, 'lunch')": (lambda: go_to(t, "lunch"), UnknownName, ValueError),
        "go_to(t, 'end', 5)": (lambda: go_to(t, "end", 5), UnknownName, ValueError),
        "advance_to(t, 'nowhere')": (lambda: advance_to(t, "nowhere"), UnknownName, ValueError),
        "t[99]": (lambda: t[99], NoSuchStep, IndexError),
        "t['x']": (lambda: t["x"], WrongThing, TypeError),
        "t.find('fight')": (lambda: t.find("fight"), NoSuchStep, LookupError),
        "t.find('bogus')": (lambda: t.find("bogus"), UnknownName, ValueError),
        "t.branch(99)": (lambda: t.branch(99), NoSuchStep, IndexError),
        "frame_table(t, 'x')": (lambda: frame_table(t, "x"), WrongThing, TypeError),
        "frame_table(t, 99)": (lambda: frame_table(t, 99), NoSuchStep, IndexError),
        "characteristics(t.state, 99)": (lambda: characteristics(t.state, 99), NotInGame, KeyError),
        "could_produce(t.state, 99)": (lambda: could_produce(t.state, 99), NotInGame, KeyError),
        "t.state.player('Zed')": (lambda: t.state.player("Zed"), NotInGame, KeyError),
        "legal_actions(None)": (lambda: legal_actions(None), WrongThing, TypeError),
        "Walkthrough(5)": (lambda: Walkthrough(5), WrongThing, TypeError),
        "Predict(t, 0)": (lambda: Predict(t, 0), NoSuchStep, IndexError),
        "Predict(t, 'x')": (lambda: Predict(t, "x"), WrongThing, TypeError),
    }


@pytest.mark.parametrize("label", list(_calls()))
def test_the_public_verbs_raise_the_kits_errors(label):
    call, kit_error, python_error = _calls()[label]
    with pytest.raises(MtgRulesError) as caught:
        call()
    err = caught.value
    assert isinstance(err, kit_error) and isinstance(err, python_error), type(err).__mro__
    lines = err._render_traceback_()  # the short block a notebook shows, not the call stack
    assert len(lines) <= 3 and not any("Traceback" in line for line in lines), lines
    assert err.reason and str(err).startswith(err.reason[:20])


def test_a_key_error_of_the_kit_reads_as_its_sentence_not_a_quoted_key():
    with pytest.raises(NotInGame) as caught:
        characteristics(_forest_timeline().state, 99)
    assert str(caught.value) == "no object with id 99 in this game"


def test_predict_refuses_a_claim_with_the_kits_error():
    from mtgrules.widgets import Predict
    t = _forest_timeline()
    forest = t.state.objects[0].oid
    t.do(activate("Alice", forest))
    with pytest.raises(BadValue):
        Predict(t, 1, describe=lambda f: "x", attributes=["tapped"])


# ---------------------------------------------------------------- .rule and .reason on every error
def test_every_kind_of_kit_error_has_a_rule_and_a_reason():
    """scenario_error_has_no_rule.py: one handler reports a bad scenario as it reports a refusal."""
    caught = []
    for make in (lambda: Scenario("x", turn=0), lambda: Scenario("x").timeline().do(cast("Alice", 99)),
                 lambda: Scenario("x", players=["A", "B"], game_format="multiplayer"),
                 lambda: go_to(_forest_timeline(), "lunch")):
        with pytest.raises(MtgRulesError) as info:
            make()
        caught.append(info.value)
    scenario, refusal, cited, unknown = caught
    assert isinstance(scenario, ScenarioError) and scenario.rule == "" and "turn" in scenario.reason
    assert scenario.reason == str(scenario)
    assert isinstance(refusal, IllegalAction) and refusal.rule and refusal.reason in str(refusal)
    assert isinstance(cited, ScenarioError) and cited.rule == "800.1" and "(CR 800.1)" in cited.reason
    assert unknown.rule == "" and unknown.reason.startswith("unknown step 'lunch'")


def test_a_scenario_error_takes_the_rule_its_sentence_cites():
    err = ScenarioError("scenario 'x': a multiplayer game begins with more than two players (CR 800.1), not 2")
    assert (err.rule, err.reason) == ("800.1", str(err))
    assert ScenarioError("an Aura attached illegally goes to the graveyard (704.5m)").rule == "704.5m"


# ---------------------------------------------------------------- handouts and present, one line each
def _nb(cells):
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


_IDS = itertools.count(1)


def _md(text, meta=None):
    return {"cell_type": "markdown", "id": f"cell-{next(_IDS)}", "metadata": meta or {}, "source": text}


def _code(text):
    return {"cell_type": "code", "id": f"cell-{next(_IDS)}", "metadata": {}, "source": text, "outputs": [],
            "execution_count": None}


MISTAKES = {
    "not JSON": ("{", r"not valid JSON \(Expecting property name"),
    "cell raises": (_nb([_md("# L"), _code("x = 1\n1/0")]),
                    r"cell 2: the cell raised ZeroDivisionError: division by zero \(line 2 of the cell\)"),
    "syntax error": (_nb([_md("# L"), _code("def (")]), r"cell 2: the cell's code doesn't parse: invalid syntax"),
    "unknown ruling": (_nb([_md("# L"), _md("x", {"mtgrules": {"ruling": "NOPE-1"}})]),
                       r"cell 2: no ruling 'NOPE-1' in the kit's catalog"),
    "unknown static": (_nb([_md("# L"), _md("x", {"mtgrules": {"static": "nope:nope"}})]),
                       r"cell 2: static cell key 'nope:nope': the kit has no lesson module mtgrules\.lessons\.nope"),
    "bad only": (_nb([_md("# L"), _md("x", {"mtgrules": {"only": "sometimes"}})]),
                 r"cell 2: cell metadata mtgrules\.only must be one of"),
    "cells not a list": ({"cells": "nope"}, r"a notebook's \"cells\" is a list of cells, not a string"),
    "a list": ([], r"a notebook is a JSON object with a list of \"cells\", not a list"),
    "a cell not an object": (_nb([_md("# L"), 3]), r"cell 2: a cell is a JSON object, not a number"),
}


@pytest.mark.parametrize("label", list(MISTAKES))
def test_handouts_say_a_notebook_mistake_in_one_line(label, tmp_path, capsys):
    """handouts_present_tracebacks.py: one line naming the notebook and the cell, and exit 2."""
    from mtgrules.cli import main
    content, said = MISTAKES[label]
    folder = tmp_path / "lessons"
    folder.mkdir()
    lesson = folder / "01-lesson.ipynb"
    lesson.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    assert main(["handouts", str(tmp_path / "out"), "--notebooks", str(folder), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith(f"mtgrules handouts: {lesson}"), err
    assert re.search(said, err), err
    if "cell 2: the cell" not in err:  # a mistake in the notebook itself is found before anything is written
        assert not (tmp_path / "out").exists()


def test_present_says_a_notebook_mistake_and_an_unwritable_folder_in_one_line(tmp_path, capsys):
    from mtgrules.cli import main
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01-lesson.ipynb").write_text(json.dumps(MISTAKES["bad only"][0]), encoding="utf-8")
    assert main(["present", "01", "--notebooks", str(folder), "--prepare-only", "--out", str(tmp_path / "p")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("mtgrules present: ") and "cell 2: cell metadata mtgrules.only" in err, err
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["present", "04", "--prepare-only", "--out", str(blocker / "present")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"mtgrules present: {blocker / 'present'}: Not a directory", err


def test_lessons_refuses_a_missing_folder(tmp_path, capsys):
    from mtgrules.cli import main
    missing = tmp_path / "nowhere"
    assert main(["lessons", "--notebooks", str(missing)]) == 2
    out = capsys.readouterr()
    assert out.err.strip() == f"mtgrules lessons: no folder {missing}" and out.out == ""


# ---------------------------------------------------------------- the same bytes on every build
def test_a_changed_rows_table_is_the_same_bytes_each_time():
    """handouts_not_byte_reproducible.py: pandas gives a Styler a random id; the handouts don't."""
    from mtgrules.classroom.handouts import changed_rows_html
    s = Scenario("x")
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline().do(activate("Alice", forest))
    first = changed_rows_html(t[0].state, t[1].state, "Step 1: what changed")
    assert first == changed_rows_html(t[0].state, t[1].state, "Step 1: what changed")
    other = changed_rows_html(t[0].state, t[1].state, "Step 2: what changed")
    ids = {re.search(r'<table id="(T_[0-9a-f]+)"', html).group(1) for html in (first, other)}
    assert len(ids) == 2, "two different tables on one page keep their CSS apart"
    assert bears  # the board has more than the changed row


def test_a_lesson_page_is_the_same_bytes_each_time(tmp_path):
    from mtgrules.classroom.handouts import Pictures, lesson_page
    lesson = tmp_path / "01-lesson.ipynb"
    lesson.write_text(json.dumps(_nb([
        _md("# Lesson"),
        _code("from mtgrules import Scenario, activate\nfrom mtgrules.views import highlight\n"
              "s = Scenario('x'); f = s.add('Forest', 'Alice'); t = s.timeline().do(activate('Alice', f))\nt"),
        _code("highlight(t[0].state, t[1].state, 'a styled table')")])), encoding="utf-8")
    first, _ = lesson_page(lesson, Pictures())
    second, _ = lesson_page(lesson, Pictures())
    assert "a styled table" in first and re.search(r"T_[0-9a-f]{12}", first)
    assert first == second


# ---------------------------------------------------------------- Markdown on the projector
MARKDOWN = 'Hi <img src=x onerror="alert(1)"> [x](javascript:alert(2)) <script>alert(3)</script>'


def _voila_page(nb: dict) -> str:
    """The presentation copy rendered through the kit's Voila template, as Voila renders it (its
    exporter, the kit's template), without a server: Markdown cells need no kernel."""
    import nbformat
    from voila.exporter import VoilaExporter
    from voila.paths import collect_template_paths

    from mtgrules.classroom.present import TEMPLATE, voila_env
    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = voila_env()["JUPYTER_PATH"]
    try:
        paths = collect_template_paths(["voila", "nbconvert"], TEMPLATE)
    finally:
        if saved is None:
            os.environ.pop("JUPYTER_PATH", None)
        else:
            os.environ["JUPYTER_PATH"] = saved
    node = nbformat.reads(json.dumps(nb), as_version=4)
    exporter = VoilaExporter(template_paths=paths, template_name=TEMPLATE, base_url="/")
    exporter.exclude_input = True
    context = {"frontend": "voila", "main_js": "voila.js", "kernel_start": lambda nb: "kernel",
               "cell_generator": lambda nb, kernel: [c for c in nb.cells if c.cell_type == "markdown"],
               "notebook_execute": None, "progressive_rendering": False}

    async def render() -> str:
        parts = []
        async for html, _ in exporter.generate_from_notebook_node(
                node, {"base_url": "/", "theme": "light", "metadata": {"name": "x"}}, extra_context=context,
                page_config={}):
            parts.append(html)
        return "".join(parts)
    return asyncio.run(render())


def test_the_presentation_shows_markdown_as_the_handouts_do():
    """voila_presentation_runs_markdown_html.py: nbconvert passes a Markdown cell's raw HTML (and
    its scripts) through; the presentation shows it escaped, the very HTML the handouts show."""
    pytest.importorskip("voila")
    from mtgrules.classroom.handouts import markdown_html
    from mtgrules.classroom.present import presentation_notebook
    copy = presentation_notebook(_nb([_md("# A lesson"), _md(MARKDOWN), _code("1 + 1")]))
    markdown = [c for c in copy["cells"] if c["cell_type"] == "markdown"]
    assert [c["metadata"]["mtgrules"]["markdown_html"] for c in markdown] == \
        [markdown_html("# A lesson"), markdown_html(MARKDOWN)]
    page = _voila_page(copy)
    assert markdown_html(MARKDOWN) in page
    assert "<img src=x" not in page and "javascript:alert" not in page and "<script>alert(3)" not in page
    assert page.count("jp-RenderedHTMLCommon jp-RenderedMarkdown") == 2  # the theme's selectors still apply
    # A Markdown cell the kit didn't prepare is shown as text, never as its raw HTML.
    bare = _voila_page(_nb([_md(MARKDOWN)]))
    assert "&lt;img src=x" in bare and "<img src=x" not in bare and "<script>alert(3)" not in bare


def test_the_lesson_itself_is_left_as_it_was():
    from mtgrules.classroom import notebook
    from mtgrules.classroom.present import presentation_notebook
    nb = notebook.read(REPO / "notebooks" / "04-must-be-blocked.ipynb")
    before = json.dumps(nb, sort_keys=True)
    presentation_notebook(nb)
    assert json.dumps(nb, sort_keys=True) == before
