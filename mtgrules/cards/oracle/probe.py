"""The deletion probe: drop each word of a played line in turn and parse again. If the meaning
(the IR) is unchanged, the grammar let that word go by unread, and a card saying something a
little different would be played as though it didn't. Each finding is fixed in the grammar, or
listed with its reason in ``probe_known.json``, which the test reads."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources

from mtgrules.cards.oracle.compiler import Compiled
from mtgrules.cards.oracle.normalize import normalize
from mtgrules.cards.oracle.parse import NotATemplate, parse


def ignored_words(line: str, name: str) -> list[str]:
    """The words of a played line whose removal leaves its meaning as it was."""
    norm = normalize(line, name)
    try:
        meaning = parse(norm)
    except NotATemplate:
        return []
    words = norm.split(" ")
    found = []
    for i, word in enumerate(words):
        shorter = " ".join(words[:i] + words[i + 1:])
        try:
            if parse(shorter) == meaning:
                found.append(word)
        except NotATemplate:
            continue
    return found


def probe(cards: Iterable[Compiled]) -> dict[str, list[str]]:
    """``{"Card: line": [ignored words]}`` over every played line of the compiled cards."""
    out: dict[str, list[str]] = {}
    for c in cards:
        for status in c.lines:
            if status.played:
                words = ignored_words(status.line, c.card.name)
                if words:
                    out[f"{c.card.name}: {status.line}"] = words
    return out


def known() -> dict[str, str]:
    """Findings kept on purpose: ``{"Card: line": "why the dropped word doesn't change the meaning"}``."""
    text = resources.files("mtgrules.cards.oracle").joinpath("probe_known.json").read_text(encoding="utf-8")
    data: dict[str, str] = json.loads(text)
    return data
