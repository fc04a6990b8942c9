"""The kit's lessons, listed: the notebooks in ``notebooks/`` that the kit ships, tests and lists.

Why a list and not the folder: ``make lab`` opens ``notebooks/``, and a learner saves their own
notebooks there (JupyterLab's ``Untitled.ipynb``, or ``01-mana-Copy1.ipynb`` from "Duplicate").
Those are the learner's, not the kit's: nbmake and the anatomy tests run the lessons named here
and nothing beside them, and ``python -m mtgrules lessons`` and the handout site list these.

Why the rulings are here too: the catalog names the one lesson that teaches each ruling; a later
lesson may come back to it (lesson 08 doubles a double striker's power, NEY-5 again). The rulings
a lesson walks through are the catalog's for it plus the ones it comes back to, read from this
one place by the command line, the handout index and a test of the README's table.

Standard library only, like the rest of the catalog.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LESSONS", "Lesson", "lesson_names", "rulings_by_lesson"]


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook: ``name`` is its file name without ``.ipynb``; ``again`` holds the
    rulings another lesson teaches that this one walks through again (or uses as its example)."""

    name: str
    again: tuple[str, ...] = ()


LESSONS: tuple[Lesson, ...] = (
    Lesson("00-start-here"),
    Lesson("01-mana"),
    Lesson("02-tap-untap-and-x"),
    Lesson("03-melee"),
    Lesson("04-must-be-blocked"),
    Lesson("05-call-to-the-grave"),
    Lesson("06-over-my-dead-bodies"),
    Lesson("07-graveyard-busybody"),
    Lesson("08-combat-keywords", again=("NEY-5",)),
    Lesson("09-your-own-walk-through", again=("NEY-7",)),
    Lesson("10-casting-a-spell"),
    Lesson("11-replacement-effects"),
    Lesson("12-layers"),
    Lesson("13-priority-and-state-based-actions"),
)
"""Every lesson, in order. A new lesson notebook is added here, or the tests don't run it."""


def lesson_names() -> tuple[str, ...]:
    """The lessons' notebook names, in order (``"00-start-here"``, ...)."""
    return tuple(lesson.name for lesson in LESSONS)


def rulings_by_lesson() -> dict[str, list[str]]:
    """Each lesson with the ids of the rulings it walks through: those the catalog says it
    teaches, in catalog order, then those it comes back to."""
    from mtgrules.catalog.rulings import load_catalog
    found: dict[str, list[str]] = {lesson.name: [] for lesson in LESSONS}
    for r in load_catalog():
        if r.lesson:
            found.setdefault(r.lesson.removesuffix(".ipynb"), []).append(r.id)
    for lesson in LESSONS:
        found[lesson.name].extend(i for i in lesson.again if i not in found[lesson.name])
    return found
