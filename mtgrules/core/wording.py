"""Counts said in words for the narration a learner reads ("1 creature", "2 creatures").

The engine's events carry one sentence each, and a walk-through shows them as written: "1
creature(s) become attacking creatures" reads as a form, not as a sentence about the game.
"""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one: ``counted(1, "card")`` is "1 card",
    ``counted(3, "loyalty counter")`` "3 loyalty counters"; ``plural`` for nouns that don't
    take an s."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
