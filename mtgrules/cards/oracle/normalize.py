"""Oracle text as the grammar reads it: reminder text gone, the card's own name as "~", lower case.

Why a separate step: the grammar should describe templates, not the ways a card can name itself.
The data is the April 2022 Oracle wording ("When Inspiring Cleric enters the battlefield") and
teachers will type the current one ("When this creature enters"); both become "when ~ enters".
"""

from __future__ import annotations

import re
from functools import cache

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_WORDS = ("this creature", "this enchantment", "this artifact", "this land", "this permanent",
               "this planeswalker", "this equipment", "this aura", "this vehicle")


@cache
def _keyword_words() -> frozenset[str]:
    """The keyword abilities' names, lower case (702)."""
    from mtgrules.core.keywords import Keyword

    return frozenset(k.value.lower() for k in Keyword)


def self_names(name: str) -> list[str]:
    """The ways a card's text names the card itself (201.5): its full name and, for a legendary
    card with a comma, the part before the comma ("Chandra" for "Chandra, Novice Pyromancer");
    and the 2024 wording, "this creature" and the like. Longest first, so a name that holds a
    shorter one is replaced whole."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ", 1)[0])
    return sorted(set(names), key=len, reverse=True) + list(_SELF_WORDS)


def without_reminder(line: str) -> str:
    """The line with its reminder text removed (reminder text is not rules text, 207.2)."""
    return _REMINDER.sub("", line).strip()


def normalize(line: str, name: str) -> str:
    """One Oracle line as the grammar reads it."""
    text = without_reminder(line).replace("\u2212", "-").replace("\u2014", "-")
    for own in self_names(name):
        # A card named for a keyword (the Aura "Fear": "Enchanted creature has fear.") names
        # itself only with its capitals; the keyword in the text is lower case (702.36).
        flags = 0 if own.lower() in _keyword_words() else re.IGNORECASE
        text = re.sub(rf"(?<![\w']){re.escape(own)}(?![\w'])", "~", text, flags=flags)
        # "Nightmare's power and toughness are each ..." (a characteristic-defining ability, 604.3)
        text = re.sub(rf"(?<![\w']){re.escape(own)}(?='s (power|toughness)\b)", "~", text, flags=flags)
    text = re.sub(r"\s+", " ", text).strip().lower()
    return text


def oracle_lines(text: str) -> list[str]:
    """A card's text as its lines (paragraphs), blank ones dropped: each line is one ability or,
    on an instant or sorcery, part of the spell's instructions (113.2, 113.3a)."""
    return [line.strip() for line in text.splitlines() if line.strip()]
