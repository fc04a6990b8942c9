"""Quiz questions in judge-exam form, every option checked by the engine.

A question is a scenario plus claims, the way ``Predict(options=...)`` takes them: a *board*
(a function that sets up the board and plays the actions up to the question's moment, and the
step asked about, returning the :class:`~mtgrules.play.timeline.Timeline`) and options, each an
outcome with a claim the engine tests on a played timeline. The right option's claim must hold
on the question's board. Each wrong option names one way its board differs (one keyword of the
board function, with a phrase saying it: ``wrong("N gains {G}", ..., "if N had a Swamp",
swamp=True)``), and its claim must hold on that board and not on the question's. So a wrong
option is never a guess typed in: it is what the engine plays elsewhere, and the explanation
says where. A question the engine doesn't bear out is refused as it is made (:class:`QuizError`).

Judge exams' conventions: the active player is "A" and the nonactive player "N" (``N1``,
``N2`` ... in a multiplayer game), only what the question describes exists (so each question
shows its board described by the kit from the game state itself, :func:`board_lines`), and a
question has five options, or asks to select all that apply; either way it is scored all or
nothing.

Why here and not with the lessons: the widget (``mtgrules.widgets.quiz``) shows these values and
widgets come before lessons in the layer order, while the lessons' own quizzes (their boards and
claims) live in ``mtgrules.lessons.quizzes``, one module per lesson, named like it. Standard
library only, like the engine it calls.
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.catalog import rules_index
from mtgrules.core.errors import BadValue, MtgRulesError, NotInGame
from mtgrules.core.mana import pool_text
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.core.wording import counted
from mtgrules.play.timeline import Timeline

__all__ = ["QuizError", "Change", "Option", "right", "wrong", "Question", "Verdict", "Quiz", "Attempt",
           "board_lines", "parse_answer", "ACTIVE", "NONACTIVE", "QUIZ_PLAYERS", "FIVE"]

ACTIVE = "A"
NONACTIVE = "N"
QUIZ_PLAYERS = (ACTIVE, NONACTIVE)
"""The players of a two-player quiz board, as judge exams name them: A is active, N is not."""

FIVE = 5
"""How many options a one-answer question has (judge exams)."""
SELECT_ALL = range(4, 7)
"""How many statements a select-all-that-apply question may have."""

LABELS = "123456"
"""Options are numbered, not lettered: the players are already A and N."""

Claim = Callable[[Timeline], bool]
"""A claim about a played board: true when the option is what happened."""


class QuizError(BadValue):
    """A quiz question the engine doesn't bear out, or one written wrongly: its right answer is
    not what the engine plays on its board, a wrong option is not what it plays on the board
    named for it (or is the right answer again), an option count or rule number that isn't one.
    Raised as the question is made, so a learner never meets it. A ``ValueError`` too."""


# ---------------------------------------------------------------- options
@dataclass(frozen=True)
class Change:
    """One named way a wrong option's board differs from the question's: the board function's
    ``keyword`` set to ``value``, said as ``phrase`` ("if Fervor were on the battlefield")."""

    phrase: str
    keyword: str
    value: Any

    def code(self) -> str:
        return f"{self.keyword}={self.value!r}"


@dataclass(frozen=True)
class Option:
    """One option: its text and the claim the engine tests. ``change`` is None for a right option,
    else the one way the board on which the engine plays this option differs."""

    text: str
    claim: Claim
    change: Change | None = None

    @property
    def is_right(self) -> bool:
        return self.change is None


def right(text: str, claim: Claim) -> Option:
    """A right option: ``claim`` must hold on the question's own board."""
    return Option(_text(text, "an option's text"), _claim(claim, text))


def wrong(text: str, claim: Claim, phrase: str, **change: Any) -> Option:
    """A wrong option: ``claim`` must hold on the question's board changed in exactly one way, the
    board function's keyword given here (``swamp=True``), said as ``phrase`` ("if N had a Swamp")."""
    text = _text(text, "an option's text")
    if len(change) != 1:
        given = ", ".join(change) or "none"
        raise QuizError(f"wrong option {text!r:.60}: name exactly one way its board differs, as one keyword of the "
                        f"board function (such as haste=True), not {given}")
    ((keyword, value),) = change.items()
    return Option(text, _claim(claim, text), Change(_text(phrase, f"the phrase of wrong option {text!r:.40}"),
                                                    keyword, value))


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise QuizError(f"{what} is a sentence (text), not {value!r:.40}")
    return " ".join(value.split())


def _claim(claim: Any, text: str) -> Claim:
    if not callable(claim):
        raise QuizError(f"option {text!r:.60}: its claim is a function of the played timeline that says True when "
                        f"the option is what happened (such as facts.pt('Grizzly Bears', '4/2')), not "
                        f"{type(claim).__name__}")
    return claim  # type: ignore[no-any-return]


# ---------------------------------------------------------------- the board, as the question says it
def board_lines(state: GameState) -> list[str]:
    """The board a question starts from, in words, read from the game state: whose turn and step,
    then each player's life, permanents (tapped, counters, attached, arrived this turn), hand,
    graveyard, library and mana pool. Judge exams assume only what a question describes exists,
    and this is the description the engine plays, so it can't leave anything out."""
    lines = [f"It is {state.active}'s turn ({state.step.phrase})."]
    for p in state.players:
        parts = []
        mine = [o for o in state.objects if o.zone is Zone.BATTLEFIELD and o.controller == p.name]
        if mine:
            parts.append("Battlefield: " + "; ".join(_grouped([_permanent(state, o) for o in mine])))
        for zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE):
            held = [o for o in state.objects if o.zone is zone and (o.zone_player or o.owner) == p.name]
            if held:
                parts.append(f"{zone.value.capitalize()}: " + ", ".join(_grouped([_owned(o, p.name) for o in held])))
        library = [o for o in state.objects if o.zone is Zone.LIBRARY and (o.zone_player or o.owner) == p.name]
        if library:
            names = sorted({o.card for o in library})
            parts.append(f"Library: {counted(len(library), 'card')}"
                         + (f" ({', '.join(names)})" if len(names) <= 3 else ""))
        if p.pool:
            parts.append(f"Mana pool: {pool_text(p.pool)}")
        said = ". ".join(parts) if parts else "No permanents and no cards"
        lines.append(f"{p.name} ({p.life} life). {said}.")
    return lines


def _grouped(names: list[str]) -> list[str]:
    """Equal descriptions once each, with a count: ``["Forest", "Forest", "Bears"]`` -> ``["Forest (×2)", "Bears"]``."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [name if n == 1 else f"{name} (×{n})" for name, n in counts.items()]


def _owned(o: GameObject, holder: str) -> str:
    return o.card if o.owner == holder else f"{o.card} (owned by {o.owner})"


def _permanent(state: GameState, o: GameObject) -> str:
    notes = []
    if o.is_token:
        notes.append("a token")
    if o.owner != o.controller:
        notes.append(f"owned by {o.owner}")
    if o.tapped:
        notes.append("tapped")
    if o.control_since and o.control_since == state.turn:
        notes.append(f"came under {o.controller}'s control this turn")
    for kind, n in o.counters:
        if n:
            notes.append(counted(n, f"{kind} counter"))
    for key, value in o.chosen:
        notes.append(f"chose {key} {value}")
    if o.attached_to is not None:
        notes.append(f"attached to {state.obj(o.attached_to).card}")
    return o.card + (f" ({', '.join(notes)})" if notes else "")


# ---------------------------------------------------------------- a question
class Question:
    """One question, checked by the engine as it is made.

    ``ask`` says the scenario and the question; ``board`` is a function (usually ``@played_once``)
    returning the question's timeline, called with no arguments for the question's own board and
    with one keyword for each wrong option's; ``options`` are :func:`right` and :func:`wrong`
    options (five with one right, or, with ``select_all``, four to six with at least one right);
    ``rules`` the rule numbers that decide it; ``why`` one or two sentences saying why the right
    answer is right. Options are shown in an order fixed by the question's text (the right one
    isn't always first), or as given with ``ordered`` (numbers in order)."""

    def __init__(self, ask: str, board: Callable[..., Timeline], options: Sequence[Option], *,
                 rules: Sequence[str], why: str, select_all: bool = False, ordered: bool = False,
                 name: str = "") -> None:
        self.ask = _text(ask, "a question's text")
        self.name = name or self.ask[:50]
        where = f"question {self.name!r}"
        self.why = _text(why, f"{where}: why")
        self.select_all = _flag(select_all, where, "select_all")
        ordered = _flag(ordered, where, "ordered")
        self.rules = _rules(rules, where)
        if not callable(board):
            raise QuizError(f"{where}: board is a function that plays the question's board and returns its "
                            f"timeline, not {type(board).__name__}")
        self.board = board
        given = list(options)
        _check_options(given, self.select_all, where)
        self.timeline = _play(board, {}, where, "its own board")
        _check_players(self.timeline, where)
        self.variants: dict[str, Timeline] = {}
        shown = given if ordered else sorted(given, key=lambda o: _shuffle_key(self.ask, o.text))
        self.options: tuple[Option, ...] = tuple(shown)
        self.labels: tuple[str, ...] = tuple(LABELS[i] for i in range(len(shown)))
        self._check(where)

    # ---- what the question is
    @property
    def answer(self) -> frozenset[str]:
        """The labels of the right options."""
        return frozenset(label for label, o in zip(self.labels, self.options, strict=True) if o.is_right)

    def option(self, label: str) -> Option:
        if label not in self.labels:
            raise QuizError(f"{label!r:.10} is not one of the options, {', '.join(self.labels)}")
        return self.options[self.labels.index(label)]

    def board_lines(self) -> list[str]:
        """The question's starting board in words (:func:`board_lines`)."""
        return board_lines(self.timeline[0].state)

    @property
    def instruction(self) -> str:
        return "Select all that apply." if self.select_all else "Choose one."

    def where(self, label: str) -> str:
        """Where the engine plays option ``label``, as a phrase: "what the engine plays on this
        board", or "... if N had a Swamp, not on this board" (for select all: "true ...")."""
        o = self.option(label)
        said = "true" if self.select_all else "what the engine plays"
        if o.change is None:
            return f"{said} on this board"
        return f"{said} {o.change.phrase}, not on this board"

    def explain(self, label: str) -> str:
        """Where the engine plays option ``label``, as a sentence: "Option 2 is what the engine plays ..."."""
        return f"Option {label} is {self.where(label)}."

    def grade(self, chosen: Iterable[str] | str) -> Verdict:
        """The verdict on an answer: an option's number, several (select all), or text such as ``"2"``
        or ``"1, 3"``."""
        labels = parse_answer(chosen, self) if isinstance(chosen, str) else frozenset(chosen)
        for label in labels:
            self.option(label)
        if not labels:
            raise QuizError("choose at least one option" if self.select_all else "choose one option")
        if not self.select_all and len(labels) != 1:
            raise QuizError(f"this question has one answer; choose one of {', '.join(self.labels)}, "
                            f"not {', '.join(sorted(labels))}")
        return Verdict(self, frozenset(labels), frozenset(labels) == self.answer)

    # ---- checked by the engine
    def _check(self, where: str) -> None:
        params = inspect.signature(self.board).parameters
        rights = [o for o in self.options if o.is_right]
        for label, o in zip(self.labels, self.options, strict=True):
            said = f"{where}, option {o.text!r:.70}"
            if o.change is None:
                if not _holds(o, self.timeline, said):
                    raise QuizError(f"{said} is given as right, but the engine doesn't play it on the question's "
                                    f"board: {_played(self.timeline)}")
                continue
            change = o.change
            param = params.get(change.keyword)
            if param is None or param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
                raise QuizError(f"{said}: the board function {_fn_name(self.board)} has no keyword "
                                f"{change.keyword!r}, so its board can't differ that way; its keywords are "
                                f"{', '.join(params) or 'none'}")
            if param.default is not param.empty and _same(param.default, change.value):
                raise QuizError(f"{said}: {change.code()} is the question's own board (the default), not a board "
                                "that differs")
            variant = _play(self.board, {change.keyword: change.value}, where, f"the board {change.phrase}")
            _check_players(variant, f"{said}, on the board {change.phrase}")
            self.variants[label] = variant
            # first where it should hold: an object it names must be there (else the name is a mistake);
            # on the question's board that object may be missing (a card only that board has), so false
            if not _holds(o, variant, said):
                raise QuizError(f"{said}: the engine doesn't play it on the board {change.phrase} "
                                f"({change.code()}): {_played(variant)}")
            if _holds(o, self.timeline, said, elsewhere=True):
                raise QuizError(f"{said} is given as wrong, but it is true of the question's board: it is a right "
                                f"answer ({_played(self.timeline)})")
            if not self.select_all and any(_holds(r, variant, said, elsewhere=True) for r in rights):
                raise QuizError(f"{said}: on the board {change.phrase} ({change.code()}) the engine plays the right "
                                f"answer {rights[0].text!r:.60} too, so this option is the right answer again, "
                                "not another outcome")

    def __repr__(self) -> str:
        return f"Question({self.name!r}, {len(self.options)} options, answer {''.join(sorted(self.answer))})"


def _flag(value: Any, where: str, name: str) -> bool:
    if not isinstance(value, bool):
        raise QuizError(f"{where}: {name} is True or False, not {value!r:.40}")
    return value


def _rules(rules: Any, where: str) -> tuple[str, ...]:
    if isinstance(rules, str) or not isinstance(rules, Sequence) or not rules:
        raise QuizError(f"{where}: rules is a list of the rule numbers that decide it, such as ('302.6',), "
                        f"not {rules!r:.40}")
    for number in rules:
        try:
            rules_index.cite(number)
        except (ValueError, TypeError) as err:
            raise QuizError(f"{where}: {err}") from None
    return tuple(rules)


def _check_options(options: list[Any], select_all: bool, where: str) -> None:
    if not all(isinstance(o, Option) for o in options):
        odd = next(o for o in options if not isinstance(o, Option))
        raise QuizError(f"{where}: each option is made by right(...) or wrong(...), not {odd!r:.40}")
    rights = sum(o.is_right for o in options)
    if select_all:
        if len(options) not in SELECT_ALL or not rights:
            raise QuizError(f"{where}: a select-all-that-apply question has {SELECT_ALL.start} to "
                            f"{SELECT_ALL.stop - 1} statements, at least one of them right; this one has "
                            f"{len(options)}, {rights} right")
    elif len(options) != FIVE or rights != 1:
        raise QuizError(f"{where}: a question has {FIVE} options, exactly one of them right (or select_all=True); "
                        f"this one has {len(options)}, {rights} right")
    seen: set[str] = set()
    for o in options:
        key = o.text.casefold()
        if key in seen:
            raise QuizError(f"{where}: two options read {o.text!r:.60}; each option must be a different outcome")
        seen.add(key)


def _check_players(t: Timeline, where: str) -> None:
    """Judge exams' names: A and N (or N1, N2, ...), A the active player at the question's moment
    (the board's last step; a board may start in N's turn and play on into A's)."""
    names = t[0].state.player_names
    others = [n for n in names if n != ACTIVE]
    two = len(names) == 2 and others == [NONACTIVE]
    many = len(names) > 2 and others == [f"{NONACTIVE}{i}" for i in range(1, len(names))]
    active = t.state.active
    if active != ACTIVE or not (two or many):
        raise QuizError(f"{where}: a quiz board names its players as judge exams do: the active player A and the "
                        f"nonactive player N (N1, N2, ... with more players), A's turn at the question's moment; "
                        f"this board has {', '.join(names)} with {active} active (Scenario(..., players=QUIZ_PLAYERS))")


def _play(board: Callable[..., Timeline], change: dict[str, Any], where: str, which: str) -> Timeline:
    try:
        t = board(**change)
    except MtgRulesError as err:
        raise QuizError(f"{where}: {which} can't be played: {err}") from None
    if not isinstance(t, Timeline):
        raise QuizError(f"{where}: the board function returns the played Timeline, not {type(t).__name__}")
    return t


def _holds(o: Option, t: Timeline, said: str, elsewhere: bool = False) -> bool:
    """Whether the option's claim is true of ``t``. ``elsewhere``: a right option tried on a wrong
    option's board, where an object it names may not exist (another land): then it is false."""
    try:
        return bool(o.claim(t))
    except NotInGame:
        if elsewhere:
            return False
        raise QuizError(f"{said}: its claim names an object that board doesn't have") from None
    except MtgRulesError as err:
        raise QuizError(f"{said}: its claim can't be tested on that board: {err}") from None


def _played(t: Timeline) -> str:
    """What the engine played at the question's moment, for a refusal's message."""
    last = t[-1]
    return f"its last step is “{last.title()}”: {last.narration()}"


def _fn_name(fn: Callable[..., Any]) -> str:
    return getattr(fn, "__qualname__", repr(fn))


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _shuffle_key(ask: str, text: str) -> str:
    """A fixed, text-derived order: the same every run, and not the order the teacher typed."""
    return hashlib.sha256(f"{ask}\n{text}".encode()).hexdigest()


def parse_answer(text: str, question: Question) -> frozenset[str]:
    """Option numbers from what a learner types: ``"2"``, ``"1, 3"``, ``"1 3"``, ``"13"``."""
    cleaned = "".join(ch for ch in text if not (ch.isspace() or ch in ",;/&+."))
    if not cleaned or not cleaned.isdigit() or not cleaned.isascii():
        raise QuizError(f"answer with the number of an option ({', '.join(question.labels)})"
                        + (", or several numbers such as 1, 3" if question.select_all else "")
                        + f", not {text!r:.20}")
    unknown = sorted(set(cleaned) - set(question.labels))
    if unknown:
        raise QuizError(f"{', '.join(unknown)}: no option has that number here; the options are "
                        f"{', '.join(question.labels)}")
    return frozenset(cleaned)


# ---------------------------------------------------------------- answers
@dataclass(frozen=True)
class Verdict:
    """An answer to a question: the labels chosen and whether they are exactly the right ones."""

    question: Question
    chosen: frozenset[str]
    right: bool

    @property
    def headline(self) -> str:
        q = self.question
        answer = "; ".join(f"{label} ({q.option(label).text})" for label in sorted(q.answer))
        return ("Right." if self.right else "Not quite.") + f" The answer: {answer}."

    def lines(self) -> list[str]:
        """The explanation: each option with where the engine plays it (chosen ones marked), then why."""
        q = self.question
        out = []
        for label, o in zip(q.labels, q.options, strict=True):
            mark = "you chose it; " if label in self.chosen else ""
            out.append(f"{label}. {o.text} ({mark}{'right' if o.is_right else 'wrong'}): {q.where(label)}.")
        return out


@dataclass
class Attempt:
    """A learner's way through a quiz: each question answered once, and the score."""

    quiz: Quiz
    verdicts: dict[int, Verdict]

    def __init__(self, quiz: Quiz) -> None:
        self.quiz = quiz
        self.verdicts = {}

    def answer(self, number: int, chosen: Iterable[str] | str) -> Verdict:
        """Answer question ``number`` (from 1), once: a judge exam takes no second answer."""
        if number in self.verdicts:
            raise QuizError(f"question {number} is answered already ({', '.join(sorted(self.verdicts[number].chosen))})")
        verdict = self.quiz.question(number).grade(chosen)
        self.verdicts[number] = verdict
        return verdict

    @property
    def right(self) -> int:
        return sum(v.right for v in self.verdicts.values())

    @property
    def score(self) -> str:
        """``"3 of 4 answered right (5 questions)"``."""
        return (f"{self.right} of {len(self.verdicts)} answered right"
                + (f" ({counted(len(self.quiz), 'question')})" if len(self.verdicts) < len(self.quiz) else ""))


class Quiz:
    """A lesson's quiz: its questions in order. ``lesson`` names the notebook (``"01-mana"``)."""

    def __init__(self, title: str, questions: Sequence[Question], lesson: str = "") -> None:
        self.title = _text(title, "a quiz's title")
        self.lesson = lesson
        self.questions = tuple(questions)
        if not all(isinstance(q, Question) for q in self.questions) or not self.questions:
            raise QuizError(f"quiz {self.title!r:.60}: questions is a list of Question values, at least one")

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.questions)

    def question(self, number: int) -> Question:
        """Question ``number``, counted from 1 as a quiz numbers them."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self):
            raise QuizError(f"this quiz has questions 1 to {len(self)}, not {number!r:.20}")
        return self.questions[number - 1]

    def key(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """The answer key: (number, the right labels, the deciding rules) for each question."""
        return [(n, ", ".join(sorted(q.answer)), q.rules) for n, q in enumerate(self.questions, 1)]

    def __repr__(self) -> str:
        return f"Quiz({self.title!r}, {counted(len(self), 'question')})"
