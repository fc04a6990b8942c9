"""Events: every change to a game state, each naming the rule that caused it.

The tables and the narration are built only from events, so an event must say what changed
(``attribute``), on what (``obj``/``name``), from what to what, and under which rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One change. ``obj`` is an object id (int), a player's name (str) or ``None`` for the game."""

    kind: str
    obj: int | str | None
    name: str
    attribute: str
    before: Any
    after: Any
    rule: str
    text: str = ""

    def describe(self) -> str:
        """A short sentence for narration: the text if given, else a generic one."""
        if self.text:
            if self.text.rstrip(". ").endswith(f"({self.rule})"):
                return self.text  # the sentence already names its rule
            return f"{self.text} ({self.rule})"
        return f"{self.name}: {self.attribute} {self.before!r} → {self.after!r} ({self.rule})"
