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
            return f"{self.plain()} ({self.rule})"
        return f"{self.name}: {self.attribute} {self.before!r} → {self.after!r} ({self.rule})"

    def plain(self) -> str:
        """The sentence without its rule and final stop, starting with a capital letter, so
        views can add the rule once in their own style."""
        text = self.text.strip().rstrip(".").strip()
        suffix = f"({self.rule})"
        if text.endswith(suffix):
            text = text[: -len(suffix)].rstrip(" .;,")
        return text[:1].upper() + text[1:]
