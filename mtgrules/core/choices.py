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

from mtgrules.core.errors import IllegalAction, MissingChoice


@dataclass(frozen=True)
class ChoiceRequest:
    """What a callback is asked: who chooses, what kind of choice, among what, and why."""

    kind: str
    player: str
    options: tuple[Any, ...]
    rule: str


Callback = Callable[[ChoiceRequest], Any]


class Chooser:
    """Answers choices from a script (a value or a sequence per kind) or a callback."""

    def __init__(self, scripted: dict[str, Any] | None = None, callback: Callback | None = None) -> None:
        self.scripted = {k: list(v) if isinstance(v, list) else [v] for k, v in (scripted or {}).items()}
        self.callback = callback
        self.made: list[tuple[str, str, Any]] = []

    def choose(self, kind: str, player: str, options: Sequence[Any], rule: str) -> Any:
        options = tuple(options)
        if len(options) == 1:
            return options[0]
        if not options:
            raise IllegalAction(rule, f"{player} has nothing to choose for {kind}")
        value = self._answer(kind, player, options, rule)
        if value not in options:
            raise IllegalAction(rule, f"{value!r} is not a possible {kind} for {player}; "
                                f"the options are {list(options)}")
        self.made.append((kind, player, value))
        return value

    def _answer(self, kind: str, player: str, options: tuple[Any, ...], rule: str) -> Any:
        queue = self.scripted.get(kind)
        if queue:
            return queue.pop(0)
        if self.callback is not None:
            return self.callback(ChoiceRequest(kind, player, options, rule))
        raise MissingChoice(kind, player, list(options), rule)
