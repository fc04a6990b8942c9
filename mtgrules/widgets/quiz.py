"""Quiz: a lesson's judge-exam questions, one at a time, with a score.

Each question shows its board in words (the kit's own description of the game state, so only
what is described exists), the question and its options; the learner chooses (one, or every
option that applies) and presses Answer. The answer is scored all or nothing and can't be
changed; the widget then shows the right answer, where the engine plays each option (this
board, or the board that differs in the one way the option names), why, the rules that decide
it, and a Walkthrough of the question's board. The board of any wrong option can be walked
through too, so a learner sees the game in which their answer would have been right.

The questions are values (:class:`mtgrules.catalog.quiz.Quiz`), played and checked by the engine
before the widget is made; the widget only shows them. From Python: ``.go(n)``, ``.next()``,
``.prev()``, ``.choose('2')`` (or several), ``.answer()``, ``.attempt`` (the verdicts) and
``.score``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from mtgrules.catalog.quiz import Attempt, Question, QuizError, Verdict
from mtgrules.catalog.quiz import Quiz as QuizValue
from mtgrules.core.errors import WrongThing

from . import render
from .shown import FillWhenShown, placeholder, shown_count
from .walkthrough import Walkthrough

QUIZ_STYLE = """<style>
.mtg-quiz-card { border-left: 4px solid #e69f00; background: #fff8e8; padding: 0.4em 0.9em; }
.mtg-quiz-card ul { margin: 0.2em 0 0.3em; padding-left: 1.3em; }
.mtg-quiz-options { list-style: none; padding-left: 0; }
.mtg-quiz-options li { margin: 0.15em 0; }
.mtg-quiz-right { color: #176b1c; }
.mtg-quiz-option .widget-label-basic, .mtg-quiz-option .widget-radio-box label { white-space: normal !important;
  overflow: visible !important; }
.mtg-quiz-wrong { color: #a40000; }
</style>"""


class Quiz(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """``Quiz(quiz)`` in a cell shows a lesson's quiz (``quiz`` from ``mtgrules.lessons.quizzes``,
    for example ``quiz_for(1)`` or a lesson module's ``quiz()``)."""

    PARTS = frozenset({"header", "progress", "question", "choices", "answer_button", "result", "board_choice",
                       "walk_box", "prev_button", "next_button", "restart_button"})

    def __init__(self, quiz: QuizValue) -> None:
        if not isinstance(quiz, QuizValue):
            raise WrongThing(f"Quiz shows a lesson's quiz, such as quiz_for(1) from mtgrules.lessons.quizzes, "
                            f"not {type(quiz).__name__}")
        self.quiz = quiz
        self.attempt = Attempt(quiz)
        self.number = 1
        self._walks: dict[tuple[int, str], Walkthrough] = {}
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-quiz",))
        self._fill_when_shown(self._build)

    def _build(self) -> None:
        self.header = widgets.HTML(
            f'{render.STYLE}{QUIZ_STYLE}<div class="mtg-box"><h4 style="margin:0.2em 0">{render.esc(self.quiz.title)}</h4>'
            f"{len(self.quiz)} questions in judge-exam form: A is the active player, N the nonactive player, "
            "and only what a question describes exists. Each answer is scored all or nothing. Every option "
            "is an outcome the engine plays: on this board, or on one that differs in the way the "
            "explanation names.</div>")
        self.progress = _html("mtg-quiz-progress")
        self.question = _html("mtg-quiz-question")
        self.choices = widgets.VBox([])
        self.choices.add_class("mtg-quiz-choices")
        self.answer_button = widgets.Button(description="Answer", icon="check", button_style="info")
        self.answer_button.add_class("mtg-quiz-answer")
        self.answer_button.on_click(lambda _b: self.answer())
        self.prev_button = widgets.Button(description="Previous", icon="arrow-left", layout=widgets.Layout(width="auto"))
        self.prev_button.add_class("mtg-quiz-prev")
        self.prev_button.on_click(lambda _b: self.prev())
        self.next_button = widgets.Button(description="Next question", icon="arrow-right", button_style="primary",
                                          layout=widgets.Layout(width="auto"))
        self.next_button.add_class("mtg-quiz-next")
        self.next_button.on_click(lambda _b: self.next())
        self.restart_button = widgets.Button(description="Start over", icon="refresh",
                                             layout=widgets.Layout(width="auto"))
        self.restart_button.add_class("mtg-quiz-restart")
        self.restart_button.on_click(lambda _b: self.restart())
        self.result = _html("mtg-quiz-result")
        self.board_choice = widgets.Dropdown(description="Walk through", style={"description_width": "initial"},
                                             layout=widgets.Layout(width="auto", max_width="100%"))
        self.board_choice.add_class("mtg-quiz-board-choice")
        self.board_choice.observe(self._on_board_choice, names="value")
        self.walk_box = widgets.VBox([])
        self.walk_box.add_class("mtg-quiz-walk")
        nav = widgets.HBox([self.prev_button, self.answer_button, self.next_button, self.restart_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        nav.add_class("mtg-quiz-nav")
        self.children = [self.header, self.progress, self.question, self.choices, nav, self.result,
                         self.board_choice, self.walk_box]
        self._show()

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return (f"Quiz: {self.quiz.title}, {len(self.quiz)} questions (run the notebook with a kernel to answer "
                "them, or python -m mtgrules quiz in a terminal)")

    # ---- where we are
    @property
    def current(self) -> Question:
        return self.quiz.question(self.number)

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the question shown, once it is answered."""
        return self.attempt.verdicts.get(self.number)

    @property
    def score(self) -> str:
        return self.attempt.score

    def go(self, number: int) -> Quiz:
        self.quiz.question(number)  # a QuizError for a number the quiz doesn't have
        self.number = number
        if self.filled:
            self._show()
        return self

    def next(self) -> Quiz:
        return self.go(min(self.number + 1, len(self.quiz)))

    def prev(self) -> Quiz:
        return self.go(max(self.number - 1, 1))

    def restart(self) -> Quiz:
        self.attempt = Attempt(self.quiz)
        return self.go(1)

    # ---- answering
    @property
    def chosen(self) -> frozenset[str]:
        """The options ticked for the question shown."""
        self.fill()
        q = self.current
        if q.select_all:
            return frozenset(label for label, box in zip(q.labels, self.choices.children, strict=True) if box.value)
        radio = self.choices.children[0]
        return frozenset() if radio.value is None else frozenset({radio.value.split(".", 1)[0]})

    def choose(self, *labels: str) -> Quiz:
        """Tick options by number (``choose("2")``, or ``choose("1", "3")`` for select all)."""
        self.fill()
        q = self.current
        for label in labels:
            q.option(label)  # a QuizError for a number that isn't an option
        if self.verdict is not None:
            raise QuizError(f"question {self.number} is answered already; a judge exam takes one answer "
                            "(Start over to take the quiz again)")
        if q.select_all:
            for label, box in zip(q.labels, self.choices.children, strict=True):
                box.value = label in labels
        else:
            if len(labels) != 1:
                raise QuizError(f"question {self.number} has one answer; choose one of {', '.join(q.labels)}")
            self.choices.children[0].value = _option_text(q, labels[0])
        return self

    def answer(self) -> Quiz:
        """Score the options ticked; with none, say so and score nothing."""
        self.fill()
        if self.verdict is not None:
            return self
        chosen = self.chosen
        if not chosen:
            self.result.value = (f'{render.STYLE}<div class="mtg-box"><i>Choose '
                                 f"{'the options that apply' if self.current.select_all else 'an option'} "
                                 "first.</i></div>")
            return self
        self.attempt.answer(self.number, chosen)
        self._show()
        return self

    # ---- drawing
    def _show(self) -> None:
        q, verdict = self.current, self.verdict
        answered = len(self.attempt.verdicts)
        done = " — quiz complete" if answered == len(self.quiz) else ""
        self.progress.value = (f'{render.STYLE}<div class="mtg-box"><b>Question {self.number} of {len(self.quiz)}</b>'
                               f" · Score: {render.esc(self.attempt.score)}{done}</div>")
        self.question.value = question_html(q, self.number)
        self.choices.children = self._choice_widgets(q, verdict)
        self.answer_button.disabled = verdict is not None
        self.prev_button.disabled = self.number == 1
        self.next_button.disabled = self.number == len(self.quiz)
        if verdict is None:
            self.result.value = ""
            self.board_choice.layout.display = "none"
            self.walk_box.children = []
            return
        self.result.value = verdict_html(verdict)
        boards = [("This question's board", "")]
        boards += [(f"Option {label}'s board: {q.option(label).change.phrase}", label)  # type: ignore[union-attr]
                   for label in q.labels if not q.option(label).is_right]
        self.board_choice.unobserve(self._on_board_choice, names="value")
        self.board_choice.options = boards
        self.board_choice.value = ""
        self.board_choice.observe(self._on_board_choice, names="value")
        self.board_choice.layout.display = None
        self._show_walk("")

    def _choice_widgets(self, q: Question, verdict: Verdict | None) -> list[Any]:
        chosen = verdict.chosen if verdict is not None else frozenset()
        locked = verdict is not None
        if q.select_all:
            boxes = []
            for label in q.labels:
                box = widgets.Checkbox(value=label in chosen, description=_option_text(q, label), indent=False,
                                       disabled=locked, layout=widgets.Layout(width="auto", max_width="100%"))
                box.add_class("mtg-quiz-option")
                boxes.append(box)
            return boxes
        picked = next(iter(chosen), None)
        radio = widgets.RadioButtons(options=[_option_text(q, label) for label in q.labels],
                                     value=None if picked is None else _option_text(q, picked), disabled=locked,
                                     layout=widgets.Layout(width="auto", max_width="100%"))
        radio.add_class("mtg-quiz-option")
        return [radio]

    def _on_board_choice(self, change: dict[str, Any]) -> None:
        self._show_walk(change["new"] or "")

    def _show_walk(self, label: str) -> None:
        key = (self.number, label)
        walk = self._walks.get(key)
        if walk is None:
            q = self.current
            timeline = q.timeline if not label else q.variants[label]
            title = (f"Question {self.number}: the board" if not label
                     else f"Question {self.number}, option {label}'s board: {q.option(label).change.phrase}")  # type: ignore[union-attr]
            walk = Walkthrough(timeline, title=title, fold_passes=True, start=-1)
            self._walks[key] = walk
        self.walk_box.children = [walk]


def _html(css: str) -> widgets.HTML:
    w = widgets.HTML("")
    w.add_class(css)
    return w


def _option_text(q: Question, label: str) -> str:
    return f"{label}. {q.option(label).text}"


def question_html(q: Question, number: int) -> str:
    """The question as the widget (and the handouts) show it: its number, the board in words, the
    question and what to choose; every piece of game text escaped."""
    board = "".join(f"<li>{render.esc(line)}</li>" for line in q.board_lines())
    return (f'{render.STYLE}{QUIZ_STYLE}<div class="mtg-box mtg-quiz-card"><b>Question {number}.</b> '
            f"{render.esc(q.ask)}<div><b>The board as it starts</b> (nothing else exists):<ul>{board}</ul></div>"
            f"<i>{render.esc(q.instruction)}</i></div>")


def verdict_html(verdict: Verdict) -> str:
    """The verdict: right or not, the answer, where each option is played, why, and the rules."""
    q = verdict.question
    css = "mtg-right" if verdict.right else "mtg-wrong"
    items = []
    for label, o in zip(q.labels, q.options, strict=True):
        mark = "✓" if o.is_right else "✗"
        yours = " <b>(your choice)</b>" if label in verdict.chosen else ""
        items.append(f'<li class="{"mtg-quiz-right" if o.is_right else "mtg-quiz-wrong"}">{mark} '
                     f"<b>{render.esc(label)}.</b> {render.esc(o.text)}{yours}: {render.esc(q.where(label))}.</li>")
    return (f'{render.STYLE}{QUIZ_STYLE}<div class="mtg-box"><span class="{css}">{render.esc(verdict.headline)}</span>'
            f'<ul class="mtg-quiz-options">{"".join(items)}</ul>'
            f"<p><b>Why:</b> {render.esc(q.why)}</p>"
            f"<p>The rules that decide it: {render.cite_all(list(q.rules))}.</p></div>")
