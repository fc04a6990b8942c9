"""How much of the kit's card data the compiler plays: per set, the cards played, partly played
and not played, and the templates most often missing. The kit prints this about itself
(``python -m mtgrules cards coverage``), ``docs/cards.md`` is made from it, and a test keeps any
card's status from getting worse (``tests/data/card_status.json``)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mtgrules.cards.oracle.compiler import Compiled
from mtgrules.cards.oracle.normalize import normalize
from mtgrules.core.carddef import CARD_POOL

STATUSES = ("played", "partly played", "not played")
RANK = {"played": 2, "partly played": 1, "not played": 0}


@dataclass(frozen=True)
class SetCoverage:
    code: str
    counts: dict[str, int]
    total: int

    def share(self, status: str = "played") -> float:
        return self.counts.get(status, 0) / self.total if self.total else 0.0


def shape(line: str, name: str) -> str:
    """A line's template shape, for counting what's missing: numbers as N, the card as ~."""
    return re.sub(r"\b\d+\b", "N", normalize(line, name))


def card_statuses() -> dict[str, str]:
    """Every card of the kit's data with its status; a hand-written pool card is "hand-written"."""
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.cards.oracle.source import compiled

    out = {}
    for name in kit_cards().names():
        if name in CARD_POOL and CARD_POOL[name].source and not CARD_POOL[name].source.startswith("MTGJSON"):
            out[name] = "hand-written"
            continue
        c = compiled(name)
        out[name] = c.status if c is not None else "not played"
    return out


def all_compiled() -> list[Compiled]:
    """Every card of the kit's data, compiled (for reports and the probe)."""
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.cards.oracle.source import compiled

    return [c for name in kit_cards().names() if (c := compiled(name)) is not None]


def report(set_code: str | None = None, top: int = 25) -> str:
    """The coverage table as Markdown: one row per set, then the most common missing shapes."""
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.cards.oracle.source import compiled

    lib = kit_cards()
    statuses = card_statuses()
    codes = sorted({s for c in lib.cards.values() for s in c.sets})
    if set_code is not None:
        codes = [c for c in codes if c == set_code.upper()]
    rows = ["| set | cards | played | partly played | not played | hand-written |", "|---|---|---|---|---|---|"]
    names_in: dict[str, list[str]] = {code: [n for n, c in lib.cards.items() if code in c.sets] for code in codes}
    every = sorted({n for ns in names_in.values() for n in ns})
    for code, names in [*names_in.items(), ("all", every)]:
        counts = Counter(statuses[n] for n in names)
        total = len(names)
        cells = [f"{counts[s]} ({counts[s] / total:.0%})" if total else "0" for s in (*STATUSES, "hand-written")]
        rows.append(f"| {code} | {total} | " + " | ".join(cells) + " |")
    missing: Counter[str] = Counter()
    for n in every:
        c = compiled(n)
        if c is None or statuses[n] == "hand-written":
            continue
        for s in c.lines:
            if not s.played:
                missing[shape(s.line, n)] += 1
    lines = ["", f"The {top} most common lines not played yet (numbers as N, the card's name as ~):", "",
             "| lines | template |", "|---|---|"]
    lines += [f"| {v} | `{k}` |" for k, v in missing.most_common(top)]
    hand = sorted(n for n, s in statuses.items() if s == "hand-written")
    lines += ["", "Hand-written on purpose (the kit's own Python definition is used, not the compiled text): "
              + (", ".join(hand) if hand else "none") + "."]
    return "\n".join(rows + lines)


def worse(before: dict[str, str], now: dict[str, str]) -> list[str]:
    """Cards whose status went down since ``before`` (the ratchet)."""
    rank = {**RANK, "hand-written": 2}
    return sorted(n for n, s in before.items() if n in now and rank[now[n]] < rank[s])


def names_of(cards: Iterable[Compiled]) -> list[str]:
    return [c.card.name for c in cards]
