"""Predict-then-reveal: the learner picks an outcome for a step, then sees the step played.

The options are never typed in. The right one describes what the engine did at the step; the
wrong ones describe what the engine does on alternative timelines: the ones the lesson passes
in (``alternatives=[branch, ...]``, for example a branch where the creature isn't summoning
sick) and, automatically, the same action with each other answer to its choices (another
colour, another order of replacement effects). Options that read the same are shown once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from mtgrules.core.actions import Action, with_choices
from mtgrules.core.errors import BadValue, IllegalAction, MissingChoice, NoSuchStep, WrongThing
from mtgrules.core.state import GameState
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED
from mtgrules.rules.engine import apply

from . import render
from .shown import FillWhenShown, placeholder, shown_count

# The attributes an option talks about by default: what a player sees change on the table.
OUTCOME_ATTRIBUTES = ("pool", "tapped", "P/T", "counters", "damage", "zone", "controller", "life", "lost",
                      "types", "colors", "keywords")

TEACHER_WRONG = "in no game the engine played: a teacher's option it checked is false"

MAX_CHOICES = 6  # how many choices deep the automatic alternatives look




def describe_outcome(frame: Frame, attributes: Sequence[str] = OUTCOME_ATTRIBUTES) -> str:
    """A short summary of a step's result: the refusal and its rule, or the final value of each
    chosen attribute that changed, e.g. ``Forest tapped; Alice's pool: {G}{G}``."""
    if frame.refused is not None:
        return REFUSED
    last: dict[tuple[Any, str], Any] = {}
    names: dict[tuple[Any, str], str] = {}
    for e in frame.events:
        if e.attribute in attributes:
            key = (e.obj, e.attribute)
            last.pop(key, None)  # keep the order of the last change
            last[key] = e.after
            names[key] = e.name
    parts = [_phrase(names[key], key[1], value) for key, value in last.items()]
    return "; ".join(parts) if parts else "Nothing changes"


def _phrase(name: str, attribute: str, value: Any) -> str:
    if attribute == "tapped":
        return f"{name} {'tapped' if value else 'untapped'}"
    if attribute == "pool":
        return f"{name}'s pool: {render.fmt_value(value)}"
    if attribute == "life":
        return f"{name}'s life: {value}"
    if attribute == "lost":
        return f"{name} {'loses the game' if value else 'is still in the game'}"
    if attribute == "zone":
        return f"{name} → {render.fmt_value(value)}"
    if attribute == "P/T":
        return f"{name} is {render.fmt_value(value)}"
    return f"{name} {attribute}: {render.fmt_value(value)}"


@dataclass(frozen=True)
class Outcome:
    """One possible result of a step: its option text, the frame it comes from, and where that
    frame was played (``"as played"``, an alternative timeline's title, or a choice)."""

    text: str
    frame: Frame
    origin: str
    correct: bool = False


def choice_variants(state: GameState, action: Action, max_depth: int = MAX_CHOICES) -> list[tuple[Action, str]]:
    """The action with every combination of answers to the choices it asks for, each fully
    scripted, with a phrase naming the answers (``"color G"``). Found by playing the action
    without its scripted choices and following each option the engine asks about."""
    if not hasattr(action, "choices"):
        return []
    bare = with_choices(action, {})
    found: list[tuple[Action, str]] = []
    todo: list[list[tuple[str, Any]]] = [[]]
    while todo:
        answers = todo.pop(0)
        candidate = _scripted(bare, answers)
        try:
            apply(state, candidate)
        except MissingChoice as need:
            if len(answers) < max_depth:
                todo.extend(answers + [(need.kind, option)] for option in need.offered)  # bounded
            continue
        except IllegalAction:
            pass  # a choice the engine refuses is still an outcome: the refusal
        if answers:
            found.append((candidate, ", ".join(f"{kind} {render.fmt_value(v)}" for kind, v in answers)))
    return found


def _scripted(action: Action, answers: list[tuple[str, Any]]) -> Action:
    queues: dict[str, list[Any]] = {}
    for kind, value in answers:
        queues.setdefault(kind, []).append(value)
    return with_choices(action, dict(queues))


def outcomes(timeline: Timeline, step: int, alternatives: Iterable[Timeline] = (), *,
             describe: Callable[[Frame], str] | None = None, attributes: Sequence[str] | None = None,
             auto: bool = True) -> list[Outcome]:
    """The distinct outcomes of ``timeline[step]``: first the real one, then those of each
    alternative timeline's frame ``step``, then (with ``auto``) those of the same action with
    other answers to its choices. Outcomes whose text repeats an earlier one are dropped.

    ``describe`` turns a frame into text; by default :func:`describe_outcome`, limited to
    ``attributes`` when given (for example ``("pool",)`` for a question about mana)."""
    describe = _text_of(_describer(describe, attributes))
    _check_played_step(timeline, step)
    if isinstance(alternatives, Timeline) or not isinstance(alternatives, Iterable):  # a lone timeline's frames
        raise WrongThing(f"alternatives is a list of timelines, such as [t.branch({step - 1})], "
                        f"not {type(alternatives).__name__}")
    alternatives = list(alternatives)
    for n, alt in enumerate(alternatives, 1):
        if not isinstance(alt, Timeline):
            raise WrongThing(f"alternative {n} is a {type(alt).__name__}, not a Timeline; each alternative is a timeline "
                            f"played on from a branch, such as t.branch({step - 1}) after an .attempt(...)")
    real = timeline[step]
    found = [Outcome(describe(real), real, "as played", correct=True)]
    for n, alt in enumerate(alternatives, 1):
        if len(alt) <= step:
            raise BadValue(f"alternative timeline {n} ({alt.title!r}) has no step {step}; "
                             f"it has steps 0..{len(alt) - 1}")
        found.append(Outcome(describe(alt[step]), alt[step], f"in the alternative “{alt.title or n}”"))
    if auto and real.action is not None:
        for action, answers in choice_variants(timeline[step - 1].state, real.action):
            branch = timeline.branch(step - 1)
            branch.attempt(action)
            found.append(Outcome(describe(branch[-1]), branch[-1], f"if the choice were {answers}"))
    distinct: dict[str, Outcome] = {}
    for o in found:
        distinct.setdefault(o.text, o)
    return list(distinct.values())


def outcome_options(timeline: Timeline, step: int, alternatives: Iterable[Timeline] = (), *,
                    describe: Callable[[Frame], str] | None = None, attributes: Sequence[str] | None = None,
                    auto: bool = True) -> list[str]:
    """The option texts of :func:`outcomes`; the first is the right answer."""
    return [o.text for o in outcomes(timeline, step, alternatives, describe=describe, attributes=attributes,
                                     auto=auto)]


def _check_played_step(timeline: Timeline, step: int) -> None:
    """A prediction asks about a played step of a timeline: anything else is named here, not met
    as "object of type 'Scenario' has no len()" or a comparison of text with a number."""
    if not isinstance(timeline, Timeline):
        raise WrongThing(f"Predict asks about a step of a Timeline (for example Scenario(...).timeline() with "
                        f"actions played), not {type(timeline).__name__}")
    if not isinstance(step, int) or isinstance(step, bool):  # True would ask about step 1
        raise WrongThing(f"a prediction needs a played step, as a number such as 2, not {step!r:.40} "
                        f"({type(step).__name__})")
    if not 1 <= step < len(timeline):
        raise NoSuchStep(f"a prediction needs a played step: 1..{len(timeline) - 1}, not {step}")


def _text_of(describe: Callable[[Frame], str]) -> Callable[[Frame], str]:
    """``describe``, checked to give option text: a list would fail deep down as unhashable, and a
    number or None would be shown as an option nobody wrote."""
    def checked(frame: Frame) -> str:
        text = describe(frame)
        if not isinstance(text, str):
            raise WrongThing(f"describe must return the option's text (a str); for step {frame.index} it returned "
                            f"{type(text).__name__} {text!r:.40}")
        return text
    return checked


def _describer(describe: Callable[[Frame], str] | None, attributes: Sequence[str] | None) -> Callable[[Frame], str]:
    if describe is not None and attributes is not None:
        raise BadValue("give either describe= or attributes=, not both")
    if describe is not None and not callable(describe):
        raise WrongThing(f"describe is a function from a frame to text, not {type(describe).__name__}")
    if describe is not None:
        return describe
    if isinstance(attributes, str):  # "pool" would be read letter by letter
        raise WrongThing(f"attributes is a list of names, such as [{attributes!r}], not the str {attributes!r:.40}")
    chosen = tuple(attributes) if attributes is not None else OUTCOME_ATTRIBUTES
    return lambda frame: describe_outcome(frame, chosen)


def deciding_rules(frame: Frame) -> list[str]:
    """The rules a step turns on: a refusal's rule, else the rules its events cite, leaving out
    priority and paying mana, which every step has. A lesson may name them with ``rules=``."""
    if frame.refused is not None:
        return [frame.refused.rule]
    routine = ("117", "118.3a")
    found = [r for r in frame.rules if not r.startswith(routine)]
    return found or frame.rules


def teacher_outcomes(timeline: Timeline, step: int, options: Mapping[str, Callable[[Frame], bool]]) -> list[Outcome]:
    """Options a teacher wrote, each with a claim the engine tests on the step it played
    (``{"Alice draws two cards": lambda f: drawn(f) == 2, ...}``): exactly one claim must hold,
    and it is the right answer; every other option is confirmed to differ from what happened.
    A classic wrong answer can be offered this way, and can never be secretly right."""
    _check_played_step(timeline, step)
    if not isinstance(options, Mapping):
        raise WrongThing("options maps each option's text to a claim the engine checks, such as "
                        f"{{\"Alice draws two cards\": lambda f: ...}}, not {type(options).__name__}")
    for text, claim in options.items():
        if not isinstance(text, str) or not callable(claim):
            raise WrongThing(f"option {text!r:.40}: each option is text with a claim, a function of the step's "
                            f"frame that says True when the option is what happened, not {type(claim).__name__}")
    frame = timeline[step]
    true = [text for text, claim in options.items() if claim(frame)]
    if len(true) != 1:
        said = "none of the options is" if not true else f"{len(true)} options are ({', '.join(map(repr, true))})"
        raise BadValue(f"step {step} ({frame.title()}): {said} true of what the engine played; "
                         "exactly one option must describe it")
    return [Outcome(text, frame, "as played" if text == true[0] else TEACHER_WRONG,
                    correct=text == true[0]) for text in [true[0], *(t for t in options if t != true[0])]]


def _rules_given(rules: Sequence[str]) -> list[str]:
    """A lesson's ``rules=``, each a number in the kit's index: the reveal cites them to the learner
    as the rule that decides, so "302.6" must not be read digit by digit nor a typo shown as a rule."""
    from mtgrules.catalog import rules_index
    if isinstance(rules, str):
        raise WrongThing(f"rules is a list of rule numbers, such as [{rules!r}], not the str {rules!r:.40}")
    given = list(rules)
    for number in given:
        rules_index.cite(number)  # ValueError naming the number that is malformed or not indexed
    return given


class Predict(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """A question placed before ``timeline[step]``: choose an outcome, then press Reveal the answer.

    ``alternatives`` are timelines (usually ``timeline.branch(step - 1)`` with another action or
    choice played) whose step ``step`` gives a wrong option. ``describe`` turns a frame into
    option text (default :func:`describe_outcome`, limited to ``attributes`` if given). Or the
    teacher writes the options: ``options={"text": claim}`` (see :func:`teacher_outcomes`); the
    engine checks that exactly the right one is true of the step. From Python: ``.options``, ``.correct``,
    ``.choose(text)``, ``.reveal()``, ``.is_right`` and the ``.result`` HTML widget. The options
    are worked out as the widget is made; in a kernel its child widgets are made when a front
    end first shows it (:mod:`.shown`).
    """

    PARTS = frozenset({"question", "choices", "reveal_button", "result", "table"})

    def __init__(self, timeline: Timeline, step: int, question: str | None = None, *,
                 alternatives: Iterable[Timeline] = (), describe: Callable[[Frame], str] | None = None,
                 attributes: Sequence[str] | None = None, auto: bool = True,
                 rules: Sequence[str] | None = None,
                 options: Mapping[str, Callable[[Frame], bool]] | None = None) -> None:
        if not isinstance(auto, bool):  # "no" would be read as yes
            raise WrongThing(f"Predict's auto is True or False, not {auto!r:.40} ({type(auto).__name__})")
        _check_played_step(timeline, step)  # before anything reads timeline[step]
        self.timeline = timeline
        self.deciding_rules = _rules_given(rules) if rules is not None else deciding_rules(timeline[step])
        self.step = step
        if options is not None:
            self.outcomes = teacher_outcomes(timeline, step, options)
        else:
            self.outcomes = outcomes(timeline, step, alternatives, describe=describe, attributes=attributes,
                                     auto=auto)
        if len(self.outcomes) < 2:
            raise BadValue(f"step {step} ({timeline[step].title()}) has only one outcome here, "
                             f"{self.outcomes[0].text!r}; pass alternatives=[a branch with another "
                             f"action or choice] so there is something to choose between")
        self.correct = self.outcomes[0].text
        # Sorted so the right answer is not always first, and the order is the same every run.
        self.options = sorted(o.text for o in self.outcomes)
        frame = timeline[step]
        self.question_text = question or f"What happens when {frame.title().removesuffix(' — refused').rstrip('.')}?"
        # The class goes in with the first message: add_class after it would be one more message.
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-predict",))
        self._fill_when_shown(self._build)

    def _build(self) -> None:
        self.question = widgets.HTML(f'<div class="mtg-box"><b>Predict:</b> {render.esc(self.question_text)}</div>')
        self.question.add_class("mtg-question")
        self.choices = widgets.RadioButtons(options=self.options, value=None,
                                            layout=widgets.Layout(width="max-content"))
        self.choices.add_class("mtg-choices")
        # Named like the handouts' toggle, so the lessons' "press Reveal the answer" holds in both;
        # as wide as its words (a Button's default width cuts them off).
        self.reveal_button = widgets.Button(description=render.REVEAL, icon="eye", button_style="info",
                                            layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("mtg-reveal")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.result = widgets.HTML("")
        self.result.add_class("mtg-result")
        self.table = widgets.HTML("")
        self.table.add_class("mtg-predict-table")  # not "mtg-table": that one is the walkthrough's
        self.choices.observe(self._on_choice, names="value")
        self.children = [self.question, self.choices, self.reveal_button, self.result, self.table]

    def __repr__(self) -> str:
        """What a notebook saved without its widgets shows for this output (text/plain)."""
        return f"Predict: {self.question_text} (run the notebook with a kernel to answer)"

    @property
    def chosen(self) -> str | None:
        if not self.filled:
            return None  # nothing can have been chosen in options not yet shown
        chosen: str | None = self.choices.value
        return chosen

    @property
    def is_right(self) -> bool | None:
        """None until an option is chosen."""
        return None if self.chosen is None else self.chosen == self.correct

    def choose(self, option: str) -> Predict:
        if option not in self.options:
            raise BadValue(f"{option!r} is not one of the options {self.options}")
        self.choices.value = option
        return self

    def _on_choice(self, _change: dict[str, Any]) -> None:
        # A new choice hides an earlier reveal, so the verdict always matches the choice shown.
        self.result.value = ""
        self.table.value = ""

    def reveal(self) -> Predict:
        frame = self.timeline[self.step]
        if self.chosen is None:
            self.result.value = '<div class="mtg-box"><i>Choose an answer first.</i></div>'
            return self
        if self.is_right:
            verdict = '<span class="mtg-right">Right!</span>'
        else:
            picked = next(o for o in self.outcomes if o.text == self.chosen)
            where = ("The engine checked it: that isn't what happens here." if picked.origin == TEACHER_WRONG
                     else f"What you chose is what happens {render.esc(picked.origin)}.")
            verdict = f'<span class="mtg-wrong">Not quite.</span> {where}'
        self.result.value = (
            f'{render.STYLE}<div class="mtg-box">{verdict} The answer: <b>{render.esc(self.correct)}</b>.'
            f"<br>The rule that decides it: {render.cite_all(self.deciding_rules)}.</div>"
            f"{render.narration_html(frame)}")
        self.table.value = render.step_table_html(self.timeline, self.step)
        return self
