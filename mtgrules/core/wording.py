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


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """``n`` as an ordinal for a sentence: "second" for 2, up to "tenth", then "11th", "22nd"...
    Two like things made in one step ("a Soldier Token is created", twice) are told apart by it,
    so a learner doesn't read the same sentence twice and wonder whether it is a repeat."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
