"""Exercises the engine checks: ``check("04.4", 1)`` says right or wrong and cites the deciding rule.

In the spirit of a puzzle book's ``answer(...)`` cell: the learner writes an answer, the kit
plays the board and compares. The expected answer is never typed in. Each exercise's key is a
function that plays the board with the engine (they live together in
:mod:`mtgrules.lessons.solutions`, the teachers' answer key), so a change in the engine changes
the key, and a test answers each exercise both right and wrong.

An answer can be

* a **count** or a **value** (``check("04.4", 1)``: how many cards Alice draws),
* a **prediction** among words the exercise names (``check("05.1", "Alice")``),
* a **declaration** played on the exercise's board (``check("04.1", declarations)``),
* a **rule number** that decides a "why" question (``check("02.3", "302.6")``), or
* a **scenario** (a ``Timeline`` or ``Scenario``) meant to reproduce a ruling: the check plays it
  and looks for what the ruling says happens.

A wrong answer gets a hint and the rule to read, not the answer: the teacher has the key
(``solutions.key("04.4")``).
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgrules.core.errors import MtgRulesError

Judge = Callable[[Any], "tuple[bool, str]"]


class UnknownExercise(MtgRulesError, ValueError):
    """``check("5.1", ...)``: no exercise has that id. One sentence naming the likely one, shown in a
    notebook without the call stack (a ``ValueError`` too, as it was before)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: where it is, what it asks, its engine-computed key and how an answer is judged.

    ``key`` plays the board and returns the expected answer; ``judge`` (optional) decides an
    answer that isn't compared by equality with the key (a scenario, a declaration) and returns
    ``(right, sentence)``. ``rule`` is the deciding rule, cited in every reply; ``hint`` is said
    when the answer is wrong; ``board`` names the board the learner can see and edit."""

    id: str
    prompt: str
    rule: str
    key: Callable[[], Any]
    hint: str
    board: str = ""
    judge: Judge | None = None
    explain: str = ""
    accept: tuple[Any, ...] = field(default=())


@dataclass(frozen=True)
class Verdict:
    """The reply to an answer: right or wrong, the deciding rule, and a sentence.

    Truthy when right, so a test can ``assert check(...)``; shows itself as a short coloured
    block in a notebook."""

    exercise: str
    right: bool
    rule: str
    message: str
    given: Any = None

    def __bool__(self) -> bool:
        return self.right

    def __repr__(self) -> str:
        word = "Right" if self.right else "Not yet"
        return f"{word} ({self.exercise}): {self.message} (CR {self.rule})"

    def _repr_html_(self) -> str:
        colour, word = ("#176b1c", "Right!") if self.right else ("#a40000", "Not yet.")
        return (f'<div class="mtg-check" style="border-left:4px solid {colour};padding:4px 10px">'
                f'<b style="color:{colour}">{word}</b> <small>exercise {html.escape(self.exercise)}</small><br>'
                f"{html.escape(self.message)} "
                f'<span style="font-weight:600;color:#1d4f91;white-space:nowrap">CR {html.escape(self.rule)}</span>'
                "</div>")


EXERCISES: dict[str, Exercise] = {}
"""Every exercise the kit checks, by id ("lesson.number", e.g. "04.4"). Filled by ``solutions``."""


def exercise(ex: Exercise) -> Exercise:
    """Register an exercise (the solutions module calls this for each one)."""
    if ex.id in EXERCISES and EXERCISES[ex.id] != ex:
        raise ValueError(f"exercise {ex.id} is registered twice")
    EXERCISES[ex.id] = ex
    return ex


def _load() -> None:
    from mtgrules.lessons import solutions  # noqa: F401  (registers every exercise)


def get(exercise_id: str) -> Exercise:
    """The exercise ``exercise_id``; an :class:`UnknownExercise` naming the known ids if there is none."""
    _load()
    ex = EXERCISES.get(str(exercise_id))
    if ex is None:
        given = str(exercise_id)
        padded = f"0{given}" if isinstance(exercise_id, str | float) and given[:2].rstrip(".").isdigit() else ""
        if padded in EXERCISES:  # check(4.4, ...) or check("4.4", ...): the lesson is two digits, as text
            hint = f"did you mean {padded!r} (as text, with the lesson's two digits)? "
        elif (lesson := re.match(r"\s*(\d{1,2})\.\d", given)) and not exercises_of(lesson[1].zfill(2)):
            # check("08.1", ...): lesson 08 has no exercises, so "did you mean '07.1'" would mislead
            hint = f"lesson {lesson[1].zfill(2)} has no exercises to check; "
        else:
            near = difflib.get_close_matches(given, list(EXERCISES), n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
        raise UnknownExercise(f"there is no exercise {exercise_id!r}; {hint}exercises are {sorted(EXERCISES)}")
    return ex


def normalise(value: Any) -> Any:
    """Compare answers as a learner would write them: text without case, spaces or a "CR " prefix,
    numbers as numbers, lists as sets when order can't matter."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower().removeprefix("cr").strip().rstrip(".")
        return " ".join(text.split())
    if isinstance(value, list | tuple | set | frozenset):
        return frozenset(normalise(v) for v in value)
    if isinstance(value, dict):  # a declaration {blocker: attacker}: compared, not an unhashable-type crash
        return frozenset((normalise(k), normalise(v)) for k, v in value.items())
    return value


_RULE_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")
"""A Comprehensive Rules number such as "302.6" or "702.19b": an answer key of this shape is a rule."""


def _form_hint(expected: Any, answer: Any) -> str | None:
    """A right answer in the wrong form, said as such rather than judged wrong or silently read:
    ``"True"`` (text) for True, ``"9"`` (text) for a count, and ``302.6`` (a float, which would read 302.10 as 302.1) for a rule."""
    if isinstance(expected, bool) and isinstance(answer, str) and normalise(answer) in ("true", "false"):
        return f"Answer True or False without quotes: {answer!r} is text, not a yes or no."
    if (isinstance(expected, int | float) and not isinstance(expected, bool) and isinstance(answer, str)
            and re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", answer)):
        return f"Give the number without quotes ({answer.strip()}): {answer!r} is text, not a number."
    if (isinstance(expected, str) and _RULE_NUMBER.fullmatch(expected) and isinstance(answer, int | float)
            and not isinstance(answer, bool)):
        return f'Give the rule number as text, in quotes ("{answer}"): as a number, 302.10 would read as 302.1.'
    return None


NO_ANSWER = "There is no answer yet: put yours in place of the ... and run the cell again."


def check(exercise_id: str, answer: Any) -> Verdict:
    """Check ``answer`` to exercise ``exercise_id`` against what the engine plays.

    The lessons ship every exercise as ``answer = ...``: that is no answer yet, said as such,
    without the hint (nothing was tried) and without playing the board."""
    ex = get(exercise_id)
    if answer is Ellipsis:
        return Verdict(ex.id, False, ex.rule, NO_ANSWER, answer)
    if ex.judge is not None:
        try:
            right, sentence = ex.judge(answer)
        except Exception as err:  # a learner's board can be wrong in any way: say so, don't crash
            from mtgrules.core.errors import MtgRulesError
            if not isinstance(err, MtgRulesError | ValueError | TypeError):
                raise
            return Verdict(ex.id, False, ex.rule, f"The engine couldn't play your answer: {err}", answer)
        return Verdict(ex.id, right, ex.rule, sentence if right else f"{sentence} {ex.hint}".strip(), answer)
    expected = ex.key()
    accepted = {normalise(expected), *(normalise(a) for a in ex.accept)}
    hint = _form_hint(expected, answer)
    if hint is not None:
        return Verdict(ex.id, False, ex.rule, hint, answer)
    try:
        right = normalise(answer) in accepted
    except TypeError:  # an answer of a kind no key can equal (unhashable): not right, and no crash
        right = False
    if right:
        return Verdict(ex.id, True, ex.rule, ex.explain or f"The engine agrees: {expected}.", answer)
    return Verdict(ex.id, False, ex.rule, f"The engine plays it differently. {ex.hint}", answer)


def exercises_of(lesson: str) -> list[Exercise]:
    """The exercises of one lesson ("04"), in order."""
    _load()
    return [ex for ex_id, ex in sorted(EXERCISES.items()) if ex_id.split(".")[0] == lesson]
