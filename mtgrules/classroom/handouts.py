"""The handout site: every lesson as a page that steps through its walk-throughs with no kernel
and no network, prints as numbered steps, and asks its questions with an answer to reveal.

Why plain pages and not the widgets' own HTML export: a Walkthrough renders each step in the
kernel when it is asked for, and a Predict checks an answer in the kernel, so an export of the
widget state holds only the step that was on screen. Exporting them would also need the widget
manager, require.js and the controls bundle served from local copies. Instead each step is
rendered here once, with the same functions the widgets use (:mod:`mtgrules.widgets.render`,
:mod:`mtgrules.views`), and a few lines of JavaScript show one step at a time; without
JavaScript, or on paper, every step is shown in order.

Everything is local: the style sheet and the script inline, the board pictures as SVG files
under ``boards/`` (each board once; data URIs for a page built in memory), shown full width with a
link that opens the board alone, to enlarge as far as a reader likes.
Text this module writes itself is escaped; tables and narration come from the views, which
escape game text.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from mtgrules.classroom import notebook
from mtgrules.classroom.palette import palette
from mtgrules.core.state import GameState
from mtgrules.core.wording import counted
from mtgrules.play.timeline import Timeline
from mtgrules.widgets import render

ASSETS = resources.files("mtgrules.classroom") / "assets"


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


# ---------------------------------------------------------------- pieces
class Pictures:
    """Board pictures (SVG: sharp at any size, on screen and on paper) written once each as
    ``boards/<hash>.svg`` under the site folder (a state repeats when players only pass, and lessons
    share boards); pages link them relatively. Without a folder (a page built in memory) they are
    inlined as data URIs instead."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self._cache: dict[Any, str] = {}
        self.drawn = 0

    def uri(self, state: GameState) -> str:
        try:
            key: Any = state
            hash(key)
        except TypeError:
            key = id(state)
        found = self._cache.get(key)
        if found is None:
            from mtgrules.views import board_svg
            data = board_svg(state)
            self.drawn += 1
            if self.folder is None:
                found = "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")
            else:
                name = hashlib.sha256(data).hexdigest()[:16] + ".svg"
                (self.folder / "boards").mkdir(parents=True, exist_ok=True)
                (self.folder / "boards" / name).write_bytes(data)
                found = f"boards/{name}"
            self._cache[key] = found
        return found


ENLARGE_NOTE = "Click the board to open it on its own: it is a drawing, so zoom in as far as you like."


def _enlargeable(picture: str, alt: str) -> str:
    """A board picture, full width, that opens on its own when clicked, and says so (its labels
    were about 5 px high when it stood beside the table at 1366 px). A data: URI can't be opened
    in a tab, so an inline picture stays a plain image."""
    img = f'<img alt="{esc(alt)}" src="{esc(picture)}">'
    if picture.startswith("data:"):
        return img
    return (f'<a href="{esc(picture)}" target="_blank" title="Open the board on its own, to enlarge it">{img}</a>'
            f'<figcaption class="mtg-enlarge">{esc(ENLARGE_NOTE)}</figcaption>')


def _strip_style(fragment: str) -> str:
    """Narration fragments repeat the widgets' style block; the page carries it once."""
    return fragment.replace(render.STYLE, "")


def changed_rows_html(before: GameState, after: GameState, caption: str) -> str:
    """The state table cut down to what changed: the rows with a change (new rows included) and
    the columns with a change, highlighted as the views do. Rows that left are named in the
    caption by :func:`mtgrules.views.highlight`. It is what a printed step shows first."""
    from mtgrules.views import highlight, highlight_mask, state_table
    mask = highlight_mask(before, after)
    rows = mask.any(axis=1).to_numpy()
    styler = highlight(before, after, caption)
    if not rows.any():
        gone = styler.caption if styler.caption != html.escape(caption) else ""  # the views escape captions
        return f'<p class="mtg-nochange">{gone or "Nothing on the table changed."}</p>'
    table = state_table(after)
    new = ~table.index.isin(state_table(before).index)
    keep = [c for c in table.columns
            if mask.loc[rows & ~new, c].any() or (table.loc[new, c].astype(str) != "").any()]
    styler = styler.hide([label for label, r in zip(mask.index, rows, strict=True) if not r], axis="index")
    styler = styler.hide([c for c in table.columns if c not in keep], axis="columns")
    return stable_html(styler)


_PLACEHOLDER_UUID = "mtgrulesuuid"


def stable_html(styler: Any) -> str:
    """A Styler's HTML, the same bytes for the same table on every build. pandas names a Styler's
    table (and scopes its CSS) by a random id, ``T_ab12c``, so a rebuilt site would differ everywhere;
    the id here is a hash of the table itself: the same for the same table, different for tables
    that differ (their CSS never reaches each other's cells on one page)."""
    text = str(styler.set_uuid(_PLACEHOLDER_UUID).to_html())
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return text.replace(f"T_{_PLACEHOLDER_UUID}", f"T_{digest}")


def shown_frames(timeline: Timeline, fold_passes: bool) -> list[int]:
    """Frame indices a stepper shows: all, or (folding) the start and every step that did more
    than pass priority -- the same choice as the Walkthrough widget and the static tables."""
    return [f.index for f in timeline if f.index == 0 or not (fold_passes and f.is_quiet)]


@dataclass
class Page:
    """A lesson page under construction: its body, its questions (for the printed answer key)
    and the timelines already shown as steppers (a duplicate static table is then left out)."""

    title: str
    pictures: Pictures
    parts: list[str] = field(default_factory=list)
    answers: list[tuple[str, str]] = field(default_factory=list)
    shown: list[Timeline] = field(default_factory=list)
    steppers: int = 0
    quiz_key: list[str] = field(default_factory=list)
    quiz_questions: int = 0

    def already_shown(self, t: Timeline) -> bool:
        return any(s.title == t.title and len(s) == len(t) and s.state == t.state for s in self.shown)

    # ---- walk-throughs
    def stepper(self, timeline: Timeline, fold_passes: bool = True, heading: str | None = None) -> str:
        """A walk-through: Prev / slider / Next over pre-rendered steps. On screen one step shows at
        a time; in print (or without JavaScript) every step, numbered, picture and changes first."""
        self.shown.append(timeline)
        self.steppers += 1
        frames = shown_frames(timeline, fold_passes)
        last = len(frames) - 1
        folded = len(timeline) - len(frames)
        title = heading if heading is not None else timeline.title
        steps = []
        previous_picture = ""
        for pos, index in enumerate(frames):
            frame = timeline[index]
            before = frames[pos - 1] if pos else None
            picture = self.pictures.uri(frame.state)
            # On paper a board that looks as it did a step before is left out (the screen keeps it).
            same = ' data-same-board="1"' if picture == previous_picture else ""
            previous_picture = picture
            if before is None:
                changed = ""
            else:
                caption = f"Step {index}: what changed"
                changed = changed_rows_html(timeline[before].state, frame.state, caption)
            steps.append(
                f'<li class="mtg-step" data-step="{pos}" data-frame="{index}"{same}>'
                f'<div class="mtg-step-label">{render.step_label(timeline, index, last)}</div>'
                f'<div class="mtg-narration">{_strip_style(render.narration_html(frame))}</div>'
                f'<div class="mtg-step-body">'
                f'<figure class="mtg-board">{_enlargeable(picture, f"The board after step {index}")}</figure>'
                f'<div class="mtg-changed">{changed}</div>'
                f'<div class="mtg-full">{render.step_table_html(timeline, index, before)}</div>'
                f"</div></li>")
        note = (f'<p class="mtg-folded">{counted(folded, "step")} where a player only passed '
                f"priority {'are' if folded != 1 else 'is'} left out.</p>") if folded else ""
        number = self.steppers
        return (f'<section class="mtg-stepper" id="walk-{number}" data-last-frame="{len(timeline) - 1}" '
                f'aria-label="{esc(title or "Walk-through")}">'
                f'<h3 class="mtg-walk-title">{esc(title or "Walk-through")}</h3>{note}'
                f'<div class="mtg-controls">'
                f'<button type="button" class="mtg-prev" aria-label="Previous step">&#9664; Prev</button>'
                f'<input type="range" class="mtg-slider" min="0" max="{last}" value="0" step="1" '
                f'aria-label="Step">'
                f'<button type="button" class="mtg-next" aria-label="Next step">Next &#9654;</button>'
                f'<span class="mtg-count" aria-live="polite"></span></div>'
                f'<ol class="mtg-steps" start="0">{"".join(steps)}</ol></section>')

    # ---- questions
    def question(self, widget: Any) -> str:
        """A Predict widget as a question: the options, and the answer behind a toggle."""
        t, step = widget.timeline, widget.step
        number = len(self.answers) + 1
        options = "".join(f"<li>{esc(o)}</li>" for o in widget.options)
        rules = render.cite_all(widget.deciding_rules)
        answer = (f'<p>The answer: <b>{esc(widget.correct)}</b>. The rule that decides it: {rules}.</p>'
                  f'{_strip_style(render.narration_html(t[step]))}'
                  f'{render.step_table_html(t, step)}')
        self.answers.append((f"Question {number}", f"{esc(widget.correct)} ({rules})"))
        return (f'<div class="mtg-question" id="question-{number}">'
                f'<p class="mtg-question-text"><span class="mtg-qnum">Question {number}.</span> '
                f'{_question_text(widget)}</p>'
                f'<ol class="mtg-options" type="A">{options}</ol>'
                f'<details class="mtg-answer"><summary>{render.REVEAL}</summary>{answer}</details></div>')

    # ---- the quiz
    def quiz(self, quiz: Any) -> str:
        """A lesson's quiz as a question sheet: each question with its board in words and numbered
        options, no answers. The answers (where the engine plays each option, why, the rules and the
        board's steps) go to the page's quiz key, a section of its own after a page break."""
        from mtgrules.widgets.quiz import QUIZ_STYLE, question_html
        sheet = []
        for n, q in enumerate(quiz, 1):
            number = self.quiz_questions + n
            options = "".join(f"<li>{esc(label)}. {esc(o.text)}</li>" for label, o in zip(q.labels, q.options, strict=True))
            sheet.append(f'<div class="mtg-quiz-question" id="quiz-{number}">'
                         f'{_strip_style(question_html(q, n)).replace(QUIZ_STYLE, "")}'
                         f'<ul class="mtg-quiz-sheet-options">{options}</ul></div>')
            self.quiz_key.append(_quiz_answer(q, n))
        self.quiz_questions += len(quiz)
        return (f'<section class="mtg-quiz-sheet"><h2>{esc(quiz.title)}</h2>'
                '<p>Judge-exam form: A is the active player and N the nonactive player, and only what a question '
                "describes exists. Each question has one answer, or asks you to select all that apply; each is "
                "scored all or nothing. The answers are on a page of their own at the end.</p>"
                f'{"".join(sheet)}</section>')

    # ---- everything else a cell can show
    def output(self, out: notebook.Output) -> str:
        parts = []
        if out.printed:
            parts.append(f'<pre class="mtg-printed">{esc(out.printed)}</pre>')
        if out.value is not None:
            parts.append(self.value(out.value))
        return "".join(parts)

    def value(self, value: Any) -> str:
        from mtgrules.widgets import BlocksExplorer, LayerView, Predict, Quiz, Walkthrough, WhatIf
        from mtgrules.widgets.picture import Picture
        if isinstance(value, Picture):
            return (f'<figure class="mtg-figure"><img alt="{html.escape(value.about, quote=True)}" '
                    f'src="data:image/{value.format};base64,{base64.b64encode(value.png()).decode("ascii")}"></figure>')
        if isinstance(value, Walkthrough):
            return self.stepper(value.timeline, value.fold_passes, value.heading)
        if isinstance(value, Predict):
            return self.question(value)
        if isinstance(value, Quiz):
            return self.quiz(value.quiz)
        if isinstance(value, WhatIf):
            return f'<div class="mtg-whatif mtg-scroll">{value.render()}</div>'
        if isinstance(value, LayerView):  # the table it shows, for its object (the menu needs a kernel)
            from mtgrules.views.layers import layers_html
            return f'<div class="mtg-layers mtg-scroll">{layers_html(value.state, value.oid)}</div>'
        if isinstance(value, BlocksExplorer):
            return (f'<div class="mtg-explorer">{value.intro.value}'
                    '<p class="mtg-kernel-note">In the notebook you choose each blocker and the engine checks '
                    'the declaration. Try it on paper: which declarations are legal?</p>'
                    f'<figure class="mtg-board">{_enlargeable(self.pictures.uri(value.state), "The board")}'
                    "</figure></div>")
        if isinstance(value, Timeline):
            return self.stepper(value)
        png = getattr(value, "_repr_png_", None)
        if png is not None:
            data = png()
            data = data if isinstance(data, bytes) else base64.b64decode(data)
            return (f'<figure class="mtg-figure"><img alt="A picture from the lesson" '
                    f'src="data:image/png;base64,{base64.b64encode(data).decode("ascii")}"></figure>')
        rich = getattr(value, "_repr_html_", None)
        if rich is not None:
            import pandas as pd
            from pandas.io.formats.style import Styler
            if isinstance(value, Styler):  # its own HTML has a random id: the same table, other bytes
                rich = lambda: stable_html(value)  # noqa: E731
            # pandas cuts a plain DataFrame's long cell to 50 characters ("Alice has every graveyard
            # (Alic..."); a handout, on paper above all, has no way to show the rest, so it shows it
            # whole, as the views' own tables (ViewTable) are shown in a notebook too.
            with pd.option_context("display.max_colwidth", None, "display.max_rows", None,
                                   "display.max_columns", None):
                return f'<div class="mtg-scroll">{rich()}</div>'
        from ipywidgets import Widget
        if isinstance(value, Widget):
            return '<p class="mtg-kernel-note">(An interactive widget: open the notebook to use it.)</p>'
        return f'<pre class="mtg-printed">{esc(repr(value))}</pre>'


def _quiz_answer(q: Any, number: int) -> str:
    """One quiz question's answer for the key: the answer, each option with where the engine plays
    it, why, the rules, and the steps of the question's board (steps where a player only passed
    are left out)."""
    answer = "; ".join(f"{label} ({q.option(label).text})" for label in sorted(q.answer))
    where = "".join(f"<li>{esc(q.explain(label))}</li>" for label in q.labels)
    steps = "".join(f"<li><b>{esc(render.headline(f))}</b>{_strip_style(render.narration_html(f))}</li>"
                    for f in q.timeline if f.index and not f.is_quiet)
    return (f'<li class="mtg-quiz-answer-item"><b>Question {number}: {esc(answer)}.</b> '
            f'<ul class="mtg-quiz-where">{where}</ul><p><b>Why:</b> {esc(q.why)} '
            f"The rules that decide it: {render.cite_all(list(q.rules))}.</p>"
            f'<details class="mtg-quiz-steps-box" open><summary>The board, step by step</summary>'
            f'<ol class="mtg-quiz-steps">{steps}</ol></details></li>')


def _question_text(widget: Any) -> str:
    """The question as the widget asks it, without its "Predict:" prefix (already escaped HTML)."""
    text = widget.question.value
    return str(text).replace('<div class="mtg-box"><b>Predict:</b> ', "", 1).removesuffix("</div>")


# ---------------------------------------------------------------- markdown
def markdown_html(text: str) -> str:
    """Markdown to HTML with raw HTML escaped, not passed through."""
    import mistune
    md = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])
    return str(md(text))


# ---------------------------------------------------------------- pages and the site
@dataclass(frozen=True)
class Lesson:
    path: Path
    title: str

    @property
    def slug(self) -> str:
        return self.path.stem

    @property
    def page(self) -> str:
        return f"{self.slug}.html"


def lesson_page(path: Path, pictures: Pictures | None = None) -> tuple[str, Page]:
    """The HTML body of one lesson, and the page record (questions, steppers)."""
    from mtgrules.lessons.show import show_ruling
    from mtgrules.lessons.static import timeline_for
    nb = notebook.read(path)
    notebook.check_roles(nb, path)
    page = Page(notebook.lesson_title(nb, path.stem), pictures or Pictures())
    for cell, out in notebook.run_cells(nb, path.stem, where=str(path)):
        if notebook.only(cell) is not None:
            continue
        info = notebook.meta(cell)
        if "ruling" in info:
            page.parts.append(f'<div class="mtg-quoted">{show_ruling(info["ruling"])._repr_html_()}</div>')
        elif "static" in info:
            t = timeline_for(info["static"])
            if not page.already_shown(t):
                page.parts.append(page.stepper(t, fold_passes=True))
        elif cell.get("cell_type") == "markdown":
            page.parts.append(f'<div class="mtg-prose">{markdown_html(notebook.source(cell))}</div>')
        elif out is not None:
            # The code stays folded away (and off paper); what it shows is the lesson.
            code = (f'<details class="mtg-code"><summary>The code</summary>'
                    f"<pre><code>{esc(notebook.source(cell))}</code></pre></details>")
            page.parts.append(f'<div class="mtg-output">{code}{page.output(out)}</div>')
    return "".join(page.parts), page


def document(title: str, body: str, nav: str = "") -> str:
    """A complete page: inline style and script, nothing fetched."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(title)}</title>{render.STYLE}<style>{asset('handout.css')}</style></head>"
            f"<body><header class=\"mtg-nav\">{nav}</header><main>{body}</main>"
            f"<script>{asset('handout.js')}</script></body></html>\n")


def _answer_key(page: Page) -> str:
    key = ""
    if page.answers:
        items = "".join(f"<li><b>{esc(q)}</b>: {a}</li>" for q, a in page.answers)
        key = f'<section class="mtg-answer-key"><h2>Answers</h2><ol>{items}</ol></section>'
    if page.quiz_key:
        key += (f'<section class="mtg-quiz-key" id="quiz-answers"><h2>Quiz answers</h2>'
                f'<p>Every answer is what the engine plays on the question\'s board; every wrong option is what it '
                f'plays on a board that differs in the one way named.</p><ol class="mtg-quiz-key-list">'
                f'{"".join(page.quiz_key)}</ol></section>')
    return key


def _nav(lessons: Sequence[Lesson], i: int) -> str:
    links = ['<a href="index.html">All lessons</a>']
    if i > 0:
        links.append(f'<a href="{esc(lessons[i - 1].page)}" rel="prev">&larr; {esc(lessons[i - 1].title)}</a>')
    if i + 1 < len(lessons):
        links.append(f'<a href="{esc(lessons[i + 1].page)}" rel="next">{esc(lessons[i + 1].title)} &rarr;</a>')
    return " · ".join(links)


def index_page(lessons: Sequence[Lesson], counts: dict[str, tuple[int, int, int]]) -> str:
    from mtgrules.catalog.rules_index import EDITION
    rulings = notebook.lessons_by_notebook()
    rows = []
    for lesson in lessons:
        walks, questions, quiz = counts.get(lesson.slug, (0, 0, 0))
        ids = ", ".join(rulings.get(lesson.slug, [])) or "—"
        rows.append(f'<tr><td><a href="{esc(lesson.page)}">{esc(lesson.title)}</a></td><td>{esc(ids)}</td>'
                    f"<td>{walks}</td><td>{questions}</td><td>{quiz or '—'}</td></tr>")
    body = ("<h1>mtgrules handouts</h1>"
            "<p>Each lesson of the kit as a page that needs no installation, no kernel and no network. "
            "Step through each walk-through with <b>Prev</b>, <b>Next</b> or the slider (or the arrow keys); "
            "answer each question before you reveal its answer. Printed, a page lays every walk-through out "
            "as numbered steps with the board and the rows that changed first, and ends with the answers; a "
            "lesson's quiz prints as a question sheet, with its answers on a page of their own.</p>"
            f"<p>Rules are cited from the Comprehensive Rules effective {esc(EDITION)}.</p>"
            '<table class="mtg-index"><thead><tr><th>lesson</th><th>rulings</th><th>walk-throughs</th>'
            f'<th>questions</th><th>quiz</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    return document("mtgrules handouts", body)


def build_site(notebooks: Path, out: Path, lessons: Iterable[str] | None = None, progress: bool = True) -> Path:
    """Write ``index.html`` and one page per lesson into ``out``; return the index path. Every
    lesson is read and its cells' metadata checked before anything is written, so a notebook with
    a mistake stops the build with a :class:`~mtgrules.classroom.notebook.NotebookError` naming it."""
    from tqdm import tqdm
    notebooks, out = Path(notebooks), Path(out)
    if isinstance(lessons, str | int) and not isinstance(lessons, bool):  # "04" is one lesson, not lessons 0 and 4
        lessons = [str(lessons)]
    paths = ([notebook.find_lesson(notebooks, w) for w in lessons] if lessons
             else notebook.lesson_notebooks(notebooks))
    if not paths:
        raise FileNotFoundError(f"no lesson notebooks (NN-name.ipynb) in {notebooks}")
    read = {p: notebook.read(p) for p in paths}
    for p, nb in read.items():
        notebook.check_roles(nb, p)
    out.mkdir(parents=True, exist_ok=True)
    chosen = [Lesson(p, notebook.lesson_title(read[p], p.stem)) for p in paths]
    counts: dict[str, tuple[int, int, int]] = {}
    pictures = Pictures(out)
    bar = tqdm(chosen, desc="handouts", unit="lesson", disable=not progress)
    for i, lesson in enumerate(bar):
        bar.set_postfix_str(lesson.slug)
        with palette():
            body, page = lesson_page(lesson.path, pictures)
        counts[lesson.slug] = (page.steppers, len(page.answers), page.quiz_questions)
        (out / lesson.page).write_text(document(lesson.title, body + _answer_key(page), _nav(chosen, i)),
                                       encoding="utf-8")
    index = out / "index.html"
    index.write_text(index_page(chosen, counts), encoding="utf-8")
    return index
