"""Choices players make, scripted or answered by a callback, never guessed (like a strict client).

The engine asks :meth:`Chooser.choose` with the kind of choice, the player, the options and the
rule that gives the player the choice. The answer comes from the action's scripted choices, then
from the callback; if neither answers, the action is refused with :class:`MissingChoice`.
A choice with exactly one option is no choice at all and is taken without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.core.errors import IllegalAction, MissingChoice, options_text


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

    def choose(self, kind: str, player: str, options: Sequence[Any], rule: str, *,
               normalize: Callable[[Any], Any] | None = None, offered: Sequence[Any] | None = None,
               sentence: str | None = None) -> Any:
        """One answer among ``options``. ``options`` may be a lazy sequence that answers ``len``
        and ``in`` without listing itself; ``normalize`` turns what a player wrote ("R") into the
        option's own form ("{R}"); ``offered`` and ``sentence`` go into a :class:`MissingChoice`."""
        if not isinstance(options, Sequence):
            options = tuple(options)
        if len(options) == 1:
            return options[0]
        if not options:
            raise IllegalAction(rule, f"{player} has nothing to choose for {kind}")
        value = self._answer(kind, player, options, rule, offered=offered, sentence=sentence)
        if normalize is not None:
            value = normalize(value)
        if value not in options:
            raise IllegalAction(rule, f"{value!r} is not a possible {kind} for {player}; "
                                f"the options are {options_text(options)}")
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
            sentence = (f"{player} must choose {kind}: which of {remaining!r} comes next (or a tuple naming each "
                        "once, in order), and no choice was given")
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
                offered: Sequence[Any] | None = None, sentence: str | None = None) -> Any:
        queue = self.scripted.get(kind)
        if queue:
            return queue.pop(0)
        if self.callback is not None:
            listed = tuple(options) if len(options) <= 1000 else options  # a huge lazy sequence stays lazy
            return self.callback(ChoiceRequest(kind, player, listed, rule))
        raise MissingChoice(kind, player, options if not isinstance(options, tuple) else list(options), rule,
                            offered=offered, sentence=sentence)
