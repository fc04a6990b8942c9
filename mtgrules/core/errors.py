"""The kit's error types.

Every refusal the engine makes is an :class:`IllegalAction` carrying the rule that forbids the
action and one plain sentence, so a learner can read *why* and a test can assert *which rule*.
Refusals are raised before any state is built, so the state the caller holds stays as it was.
"""

from __future__ import annotations


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
    """

    def __init__(self, kind: str, player: str, options: object, rule: str) -> None:
        self.kind = kind
        self.player = player
        self.options = options
        super().__init__(rule, f"{player} must choose {kind} from {options!r}, and no choice was given")


class ScenarioError(ValueError):
    """A scenario is malformed; the message says what is wrong and where."""
