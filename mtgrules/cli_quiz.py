"""``python -m mtgrules quiz NN``: a lesson's quiz in a terminal, for self-study without Jupyter.

Each question is printed with its board in words and its numbered options; the answer is read
from standard input (one number, or several separated by commas for "select all that apply"),
scored all or nothing, and explained: where the engine plays each option, why, the rules, and
the steps of the question's board. ``--answers`` prints the answer key instead of asking. The
questions are the same values the notebook widget and the handouts show.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import TextIO

from mtgrules.core.errors import MtgRulesError


def _wrap(text: str, width: int, indent: str = "") -> str:
    from mtgrules.cli import terminal_text
    return textwrap.fill(terminal_text(text), width, initial_indent=indent,
                         subsequent_indent=" " * len(indent) + "  ")


def question_text(quiz: object, number: int, width: int) -> str:
    """Question ``number`` as the terminal shows it: the question, the board, what to choose, the options."""
    from mtgrules.catalog.quiz import Quiz
    assert isinstance(quiz, Quiz)
    q = quiz.question(number)
    lines = [f"Question {number} of {len(quiz)}", _wrap(q.ask, width), "The board as it starts (nothing else exists):"]
    lines += [_wrap(line, width, "  - ") for line in q.board_lines()]
    lines.append(q.instruction)
    lines += [_wrap(f"{label}. {o.text}", width, "  ") for label, o in zip(q.labels, q.options, strict=True)]
    return "\n".join(lines)


def explanation_text(verdict: object, width: int, steps: bool = True) -> str:
    """A verdict as the terminal shows it: right or not, each option and where the engine plays it,
    why, the rules, and the question board's steps."""
    from mtgrules.catalog.quiz import Verdict
    from mtgrules.cli import steps_text
    assert isinstance(verdict, Verdict)
    q = verdict.question
    lines = [verdict.headline]
    for label, o in zip(q.labels, q.options, strict=True):
        mark = "right" if o.is_right else "wrong"
        yours = ", your choice" if label in verdict.chosen else ""
        lines.append(_wrap(f"{label}. {o.text} ({mark}{yours}): {q.where(label)}.", width, "  "))
    lines.append(_wrap(f"Why: {q.why}", width))
    lines.append(f"Rules: {', '.join('CR ' + r for r in q.rules)}")
    if steps:
        lines.append("")
        lines.append(steps_text(q.timeline, width))
    return "\n".join(lines)


def key_text(quiz: object, width: int) -> str:
    """The answer key: each question with its options, then the answer, why and the rules."""
    from mtgrules.catalog.quiz import Quiz
    assert isinstance(quiz, Quiz)
    out = [quiz.title + " — answer key", ""]
    for n, q in enumerate(quiz, 1):
        out.append(question_text(quiz, n, width))
        answer = " and ".join(sorted(q.answer))
        out.append(f"Answer: {answer}")
        for label in q.labels:
            out.append(_wrap(q.explain(label), width, "  "))
        out.append(_wrap(f"Why: {q.why}", width))
        out.append(f"Rules: {', '.join('CR ' + r for r in q.rules)}")
        out.append("")
    return "\n".join(out)


def run(quiz: object, stdin: TextIO, stdout: TextIO, width: int, steps: bool = True) -> int:
    """Ask every question on ``stdout``, read the answers from ``stdin``; print the score. A line
    that is no answer is refused with a sentence and asked again; at the end of input the quiz
    stops with the score so far."""
    from mtgrules.catalog.quiz import Attempt, Quiz, QuizError
    assert isinstance(quiz, Quiz)
    attempt = Attempt(quiz)
    print(_wrap(f"{quiz.title}: {len(quiz)} questions in judge-exam form. A is the active player and N the "
                "nonactive player; only what a question describes exists. Answer with an option's number "
                "(several, separated by commas, where a question says to select all that apply). Each answer "
                "is scored all or nothing.", width), file=stdout)
    for n in range(1, len(quiz) + 1):
        print("", file=stdout)
        print(question_text(quiz, n, width), file=stdout)
        while True:
            print("Your answer: ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if not line:
                print("", file=stdout)
                print(f"Stopped at question {n}: {attempt.score}.", file=stdout)
                return 0
            try:
                verdict = attempt.answer(n, line.strip())
            except QuizError as err:
                print(f"  {err}", file=stdout)
                continue
            break
        print(explanation_text(verdict, width, steps), file=stdout)
    print("", file=stdout)
    print(f"Score: {attempt.right} of {len(quiz)}.", file=stdout)
    return 0


def cmd_quiz(args: argparse.Namespace) -> int:
    from mtgrules.cli import _columns, message_line
    from mtgrules.lessons.quizzes import quiz_for
    width = max(40, min(100, _columns() - 2))
    try:
        quiz = quiz_for(args.lesson)
    except MtgRulesError as err:
        print(message_line(f"mtgrules quiz: {err}"), file=sys.stderr)
        return 2
    if args.answers:
        print(key_text(quiz, width))
        return 0
    return run(quiz, sys.stdin, sys.stdout, width, steps=not args.no_steps)


def add_quiz_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    s = sub.add_parser("quiz", help="take a lesson's quiz in the terminal (answers read from standard input)",
                       description="Ask a lesson's quiz one question at a time: each question's board in words, "
                                   "its numbered options, then your answer (a number, or several separated by "
                                   "commas for 'select all that apply'), scored all or nothing and explained "
                                   "by the engine: where it plays each option, why, the rules, and the steps of "
                                   "the board. Every option is checked by the engine.")
    s.add_argument("lesson", metavar="LESSON", help="the lesson by number (1 or 01) or name (01-mana)")
    s.add_argument("--answers", action="store_true", help="print the answer key instead of asking")
    s.add_argument("--no-steps", action="store_true", help="don't print the board's steps after each answer")
    s.set_defaults(run=cmd_quiz)
