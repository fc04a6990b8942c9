"""Choices players make, scripted or answered by a callback, never guessed (like a strict client).

The engine asks :meth:`Chooser.choose` with the kind of choice, the player, the options and the
rule that gives the player the choice. The answer comes from the action's scripted choices, then
from the callback; if neither answers, the action is refused with :class:`MissingChoice`.
A choice with exactly one option is no choice at all and is taken without asking; but a
scripted answer that names something else is refused, whatever the number of options, since
silently giving the learner something other than what they asked for would teach a wrong rule.
Such an answer may be meant for a later question of the same kind (a queue of answers), so it is
refused only if no later question takes it. An answer that no question took at all is never
dropped silently: a misspelt keyword (a kind no question of the kit asks) is refused, and an
answer of a real kind that this action didn't ask is named in the step's narration as not used.
The engine calls :meth:`Chooser.check_all_used` once the action is done.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.core.choice_kinds import CHOICE_KINDS, RETIRED, Namer, missing_sentence, no_names, options_in_words
from mtgrules.core.errors import IllegalAction, MissingChoice

KNOWN_KINDS = CHOICE_KINDS.keys()
"""The kinds of question the kit's rules and cards ask, as registered in ``choice_kinds`` (a live
view: a card that registers a kind of its own adds it; ``tests/test_unused_answers.py`` checks the
source asks no other): a scripted answer of another kind can only be a misspelling."""


def refuse_unknown_kinds(answers: Iterable[tuple[str, Any]], where: str = "") -> None:
    """Refuse (117.1) the answers, as (kind, answer), of a kind no question of the kit asks: a
    misspelt keyword, which no question could ever take, so it is never ignored. ``where`` says
    what it was given to; the refusal names the nearest real keyword. The one check for a single
    action (``Chooser``) and for the verbs that pass for the learner (``go_to``, ``resolve_top``)."""
    unknown = [(kind, value) for kind, value in answers if kind not in KNOWN_KINDS]
    if not unknown:
        return
    retired = next(((kind, value) for kind, value in unknown if kind in RETIRED), None)
    if retired is not None:  # a keyword the kit used to take: say what to write now
        kind, value = retired
        raise IllegalAction("117.1", f"the answer {kind.replace(' ', '_')}={value!r:.60}{where} is no longer taken: "
                            f"{RETIRED[kind]}")
    given = ", ".join(f"{kind.replace(' ', '_')}={value!r:.60}" for kind, value in unknown)
    near = [k.replace(" ", "_") for kind, _ in unknown for k in difflib.get_close_matches(kind, KNOWN_KINDS, n=1)]
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise IllegalAction("117.1", f"the answer {given}{where} names no question the kit asks, so it is refused "
                        f"rather than ignored; check its name{hint}")


@dataclass(frozen=True)
class ChoiceRequest:
    """What a callback is asked: who chooses, what kind of choice, among what, and why."""

    kind: str
    player: str
    options: Sequence[Any]  # a tuple, or a lazy sequence when there are very many
    rule: str


Callback = Callable[[ChoiceRequest], Any]


class Chooser:
    """Answers choices from a script (a value or a sequence per kind) or a callback."""

    def __init__(self, scripted: dict[str, Any] | None = None, callback: Callback | None = None) -> None:
        self.scripted = {k: list(v) if isinstance(v, list) else [v] for k, v in (scripted or {}).items()}
        self.callback = callback
        self.made: list[tuple[str, str, Any]] = []
        self.passed_over: dict[str, tuple[str, Any, tuple[Any, ...], str]] = {}
        self.lone: set[str] = set()  # kinds whose answer met a lone option naming it (used up, not "made")
        # Names an object id in a missing choice's options ("3 (Grizzly Bears)"); the engine gives
        # one that reads the game being played, and without one the ids stay bare.
        self.name: Namer = no_names

    def check_all_used(self) -> list[tuple[str, Any]]:
        """The scripted answers no question of the action took, as (kind, answer), for the engine
        to show in the step's narration; never ignored without a word. An answer of a kind no
        question of the kit asks (a misspelt keyword) is refused, and so is one answer more than
        the questions of its kind that were asked. An answer of a kind the kit does ask, given to an
        action that didn't ask it (``color=`` on a pass that resolves nothing, a resolving spell's
        ``card=`` given as it is cast), is not used, and the narration says so."""
        self.check_passed_over()
        asked = sorted({k for k, _p, _v in self.made} | set(self.passed_over) | self.lone)
        refuse_unknown_kinds(((kind, queue[0]) for kind, queue in self.scripted.items() if queue),
                             f" (this action asked about: {', '.join(asked)})" if asked else " (this action asked "
                             "no question)")
        unused: list[tuple[str, Any]] = []
        for kind, queue in self.scripted.items():
            if not queue:
                continue
            if kind in asked:  # asked, but fewer times than answers were given
                raise IllegalAction("117.1", f"the scripted answer {kind.replace(' ', '_')}={queue[0]!r:.60} is one "
                                    f"more than the {kind} questions this action asked, so it is refused rather "
                                    "than ignored; leave it out")
            unused.extend((kind, value) for value in queue)
        return unused

    def check_passed_over(self) -> None:
        """Refuse a scripted answer that met a question with one other option and that no later
        question took: it would otherwise be silently replaced by that option."""
        for kind, (player, value, options, rule) in self.passed_over.items():
            if any(v is value for v in self.scripted.get(kind, ())):
                self._refuse(kind, player, value, options, rule)

    def _refuse(self, kind: str, player: str, value: Any, options: Sequence[Any], rule: str) -> None:
        only = (f"the only option is {options_in_words(kind, options, self.name)}" if len(options) == 1
                else f"the options are {options_in_words(kind, options, self.name)}")
        raise IllegalAction(rule, f"{value!r:.60} is not a possible {kind} for {player}; {only}")

    def choose(self, kind: str, player: str, options: Sequence[Any], rule: str, *,
               normalize: Callable[[Any], Any] | None = None, offered: Sequence[Any] | None = None,
               sentence: str | None = None, question: str | None = None) -> Any:
        """One answer among ``options``. ``options`` may be a lazy sequence that answers ``len``
        and ``in`` without listing itself; ``normalize`` turns what a player wrote ("R") into the
        option's own form ("{R}"); ``offered`` and ``sentence`` go into a :class:`MissingChoice`,
        whose sentence otherwise says the kind's question (or ``question``, this one's own words:
        "whether to pay {2}{G}") and each option in words (``choice_kinds``)."""
        if not isinstance(options, Sequence):
            options = tuple(options)
        if not options:
            raise IllegalAction(rule, f"{player} has nothing to choose for {kind}")
        if len(options) == 1:
            queue = self.scripted.get(kind)
            if queue and _among(_normalized(queue[0], normalize), options):
                queue.pop(0)  # the answer given is the only option: it is used up here
                self.lone.add(kind)
            elif queue:  # something there isn't, unless a later question of this kind takes it
                self.passed_over.setdefault(kind, (player, queue[0], tuple(options), rule))
            return options[0]
        value = self._answer(kind, player, options, rule, offered=offered, sentence=sentence, question=question)
        if normalize is not None:
            value = normalize(value)
        if not _among(value, options):
            self._refuse(kind, player, value, options, rule)
        self.made.append((kind, player, value))
        return value

    def choose_order(self, kind: str, player: str, items: Sequence[str], rule: str,
                     alike: Callable[[str], Any] | None = None) -> tuple[str, ...]:
        """An order of ``items`` (distinct names), asked in a form that grows linearly: the answer
        is the item that comes next, asked again until one is left, or the whole order at once as
        a tuple. A missing answer lists the items still to place, never every permutation; the
        options ``legal_actions`` tries are one order per item (that item last, the rest as listed).
        Items with the same ``alike`` key are copies of one thing: once only copies are left, their
        order is no choice."""
        remaining = list(items)
        order: list[str] = []
        while len(remaining) > 1 and (alike is None or len({alike(x) for x in remaining}) > 1):
            lasts = list({(alike or str)(x): x for x in reversed(remaining)}.values())[::-1]  # one per kind
            offered = [tuple(x for x in remaining if x != last) + (last,) for last in lasts]
            keyword = kind.replace(" ", "_")
            sentence = (f"{player} must choose {kind} ({keyword}=...): which of {remaining!r} comes next (or a "
                        "tuple naming each once, in order), and no choice was given")
            value = self._answer(kind, player, tuple(remaining), rule, offered=offered, sentence=sentence)
            if isinstance(value, tuple | list) and len(value) == len(remaining) and set(value) == set(remaining):
                order.extend(value)
                remaining = []
                break
            if value not in remaining:
                raise IllegalAction(rule, f"{value!r} is not a possible {kind} for {player}: name one of "
                                    f"{remaining!r}, or all of them once each, in order")
            order.append(value)
            remaining.remove(value)
        order.extend(remaining)
        if len(order) > 1:
            self.made.append((kind, player, tuple(order)))
        return tuple(order)

    def take_scripted(self, kind: str) -> Any:
        """The next scripted answer of ``kind`` if one was given (taken from the queue), else None:
        for a choice that turned out to have one option, so a script that said otherwise can be
        refused rather than ignored."""
        queue = self.scripted.get(kind)
        return queue.pop(0) if queue else None

    def _answer(self, kind: str, player: str, options: Sequence[Any], rule: str, *,
                offered: Sequence[Any] | None = None, sentence: str | None = None,
                question: str | None = None) -> Any:
        queue = self.scripted.get(kind)
        if queue:
            return queue.pop(0)
        if self.callback is not None:
            listed = tuple(options) if len(options) <= 1000 else options  # a huge lazy sequence stays lazy
            value = self.callback(ChoiceRequest(kind, player, listed, rule))
            if value is not None or _among(None, options):
                return value
            # None is the callback's "no answer" (answer_with's, for a question its table doesn't hold):
            # a missing choice, not "None is not a possible color"
        # A misspelling of this very kind, most likely: refused, not advised alongside the right keyword.
        refuse_unknown_kinds(((other, waiting[0]) for other, waiting in self.scripted.items() if waiting),
                             f" (it asked about: {kind})")
        listed = options if not isinstance(options, tuple) else list(options)
        raise MissingChoice(kind, player, listed, rule, offered=offered,
                            sentence=sentence or missing_sentence(kind, player, listed, self.name, question))


def _normalized(value: Any, normalize: Callable[[Any], Any] | None) -> Any:
    if normalize is None:
        return value
    try:
        return normalize(value)
    except (TypeError, ValueError, AttributeError, KeyError, IllegalAction):
        # not in a form this question's option takes (a normalizer may refuse it outright, as a
        # damage division naming other blockers is refused): not among the options, so it is left
        # for a later question of the same kind, or reported as passed over
        return value


def _among(value: Any, options: Sequence[Any]) -> bool:
    """Whether ``value`` is one of ``options`` (a lazy sequence answers ``in`` itself), where
    True and False are never taken for the numbers 1 and 0."""
    try:
        if value not in options:
            return False
    except (TypeError, ValueError):  # a value that can't even be compared is not among them
        return False
    return not isinstance(value, bool) or any(isinstance(o, bool) and o == value for o in options)
