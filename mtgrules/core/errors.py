"""The kit's error types.

Every refusal the engine makes is an :class:`IllegalAction` carrying the rule that forbids the
action and one plain sentence, so a learner can read *why* and a test can assert *which rule*.
Refusals are raised before any state is built, so the state the caller holds stays as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from itertools import islice


class IllegalAction(Exception):
    """An action the rules forbid. ``rule`` is a CR number, ``reason`` one sentence."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason[:1].upper() + reason[1:]
        super().__init__(f"{self.reason} (CR {rule})")


class MissingChoice(IllegalAction):
    """A choice the rules leave to a player was needed but none was supplied.

    The engine never picks a default for a player: a scenario must script the choice or
    provide a callback, like a strict game client that asks instead of guessing.

    ``options`` may be a lazy sequence (every way to divide 30 damage among six blockers is
    hundreds of thousands of answers): the message shows a handful and says how many there are.
    ``offered`` is what ``legal_actions`` tries, all the options unless the asker gives a bounded,
    representative set; ``sentence`` replaces the default message with one that says the form of
    the answer.
    """

    def __init__(self, kind: str, player: str, options: object, rule: str, *,
                 offered: object = None, sentence: str | None = None) -> None:
        self.kind = kind
        self.player = player
        self.options = options
        self.offered = options if offered is None else offered
        super().__init__(rule, sentence or f"{player} must choose {kind} from {options_text(options)}, and no "
                         "choice was given")


def options_text(options: object, limit: int = 6) -> str:
    """A list of options short enough to read: all of a few, else the first ``limit`` and a count."""
    if not isinstance(options, Sized) or not isinstance(options, Iterable):
        return repr(options)
    n = len(options)
    if n <= limit + 2:
        return repr(list(options))
    shown = [repr(option) for option in islice(options, limit)]
    return f"[{', '.join(shown)}, … ({n:,} in all)]"


class ScenarioError(ValueError):
    """A scenario is malformed; the message says what is wrong and where."""
