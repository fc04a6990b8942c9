"""Each lesson's quiz, one module per lesson named like it (``mana`` for ``01-mana``,
``start_here`` for ``00-start-here``), each with a ``quiz()`` function that plays and checks its
questions. A new lesson's quiz is one more module here: its boards and its questions as data.

    from mtgrules.lessons.quizzes import quiz_for
    quiz_for(1)          # or "01", "01-mana": the Quiz of lesson 01
"""

from __future__ import annotations

import importlib
from typing import Any

from mtgrules.catalog.lessons import lesson_names
from mtgrules.catalog.quiz import Quiz, QuizError

__all__ = ["quiz_for", "quiz_module", "module_name", "lessons_with_quizzes"]


def module_name(lesson: str) -> str:
    """The quiz module of a lesson notebook: ``"02-tap-untap-and-x"`` -> ``"tap_untap_and_x"``."""
    return lesson.split("-", 1)[1].replace("-", "_") if "-" in lesson else lesson


def _lesson(which: Any) -> str:
    """The lesson notebook's name from a number (1, "01", "1") or its name ("01-mana")."""
    names = lesson_names()
    if isinstance(which, bool) or not isinstance(which, int | str):
        raise QuizError(f"a lesson is named by its number (such as 1 or '01') or its name, not {which!r:.30}")
    text = str(which).strip()
    if text in names:
        return text
    if text.isdigit():
        found = [n for n in names if n.split("-", 1)[0] == f"{int(text):02d}"]
        if found:
            return found[0]
        raise QuizError(f"there is no lesson {text}; the lessons are {', '.join(n[:2] for n in names)}")
    raise QuizError(f"there is no lesson {text!r:.40}; name one by its number (such as 01) or as {names[1]!r}")


def quiz_module(name: str, lesson: str = "") -> Any:
    """The quiz module ``mtgrules.lessons.quizzes.<name>``; a name no module has is a QuizError."""
    if not isinstance(name, str) or not name.isidentifier():
        raise QuizError(f"a quiz is named by its module, such as 'mana', not {name!r:.40}")
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{__name__}.{name}":
            raise
        raise QuizError(f"{'lesson ' + lesson if lesson else 'the kit'} has no quiz {name!r} yet (a module "
                        f"mtgrules.lessons.quizzes.{name} with a quiz() function)") from None


def quiz_for(which: Any) -> Quiz:
    """The quiz of a lesson, played and checked: ``quiz_for(1)``, ``quiz_for("01-mana")``."""
    lesson = _lesson(which)
    quiz: Quiz = quiz_module(module_name(lesson), lesson).quiz()
    return quiz


def lessons_with_quizzes() -> list[str]:
    """The lessons, in order, that have a quiz module."""
    found = []
    for lesson in lesson_names():
        try:
            importlib.import_module(f"{__name__}.{module_name(lesson)}")
        except ModuleNotFoundError:
            continue
        found.append(lesson)
    return found
