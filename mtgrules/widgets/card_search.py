"""The BoardEditor's card search and card panel, over every card the kit can give.

``search_names(query)`` is what each keystroke in the editor's card box runs: the names of every
card (:func:`~mtgrules.core.carddef.all_card_names`: the hand-written pool and each card source)
that hold every word typed, in any order and any case, a straight apostrophe matching a curly
one; the best first (the name itself, then names that start with it, then names with a word that
does). The names are normalised once per list of names, so a keystroke costs a scan of short
strings, not a lookup of every card.

``card_panel_html(name)`` is what the editor shows for the card picked: its printed text, each
line marked played (and by what) or not played (and why), from ``card(name)`` and
:func:`~mtgrules.core.carddef.unplayed_lines`; and its official rulings with their dates. All of
it escaped: card text comes from data a user may have imported.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from mtgrules.core.carddef import (
    PLAYED_BY_RULES,
    CardDef,
    all_card_names,
    card,
    line_binding,
    oracle_lines,
    unplayed_lines,
)
from mtgrules.core.errors import MtgRulesError

MAX_SHOWN = 40
"""How many names the box offers at once: enough to scroll, few enough to send every keystroke."""

_WORD = re.compile(r"[a-z0-9]+")


def _plain(text: str) -> str:
    return text.casefold().replace("\u2019", "'").replace("'", "")


class _Index:
    """Every name, with its plain form (lower case, no apostrophes) and plain words, in order."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.plain = [_plain(n) for n in self.names]
        self.words = [tuple(_WORD.findall(p)) for p in self.plain]
        self.order = sorted(range(len(self.names)), key=lambda i: self.plain[i])
        self.known = frozenset(self.names)


_CACHE: list[_Index] = []
"""The last few name lists indexed, most recent first (every card's, and any a caller passed)."""


def _index(names: Sequence[str] | None) -> _Index:
    given = list(all_card_names() if names is None else names)
    held = next((ix for ix in _CACHE if ix.names == given), None)
    if held is None:
        held = _Index(given)
    _CACHE[:] = [held, *(ix for ix in _CACHE if ix is not held)][:4]
    return held


def is_card_name(name: object, names: Sequence[str] | None = None) -> bool:
    """Whether ``name`` is exactly the name of a card the kit can give."""
    return isinstance(name, str) and name in _index(names).known


def card_count(names: Sequence[str] | None = None) -> int:
    return len(_index(names).names)


def search_names(query: str, names: Sequence[str] | None = None, limit: int = MAX_SHOWN) -> list[str]:
    """The names (of every card, or of ``names``) holding every word of ``query``, best first;
    all names, alphabetically, for an empty query (at most ``limit``; ``limit=0``: no limit)."""
    index = _index(names)
    plain = _plain(query if isinstance(query, str) else "")
    words = _WORD.findall(plain)
    if not words:
        found = [index.names[i] for i in index.order]
        return found[:limit] if limit else found
    whole = " ".join(words)
    ranked: list[tuple[int, str, str]] = []
    for i in index.order:
        name_plain = index.plain[i]
        if not all(w in name_plain for w in words):
            continue
        if name_plain == plain.strip():
            rank = 0
        elif name_plain.startswith(plain.strip()) or name_plain.startswith(whole):
            rank = 1
        elif all(any(nw.startswith(w) for nw in index.words[i]) for w in words):
            rank = 2
        else:
            rank = 3
        ranked.append((rank, name_plain, index.names[i]))
    ranked.sort()
    found = [name for _, _, name in ranked]
    return found[:limit] if limit else found


# ---------------------------------------------------------------- the card panel
_PANEL_STYLE = """<style>
.mtg-card-panel{font-size:0.92em;line-height:1.35;max-width:46em}
.mtg-card-panel .mtg-card-head{font-weight:bold}
.mtg-card-panel ul{margin:0.2em 0 0.3em 1.2em;padding:0}
.mtg-card-panel .mtg-played{color:#1b5e20}
.mtg-card-panel .mtg-not-played{color:#8a1c1c}
.mtg-card-panel .mtg-ruling-date{color:#555;font-variant-numeric:tabular-nums}
</style>"""

_BOUND_BY = {"keyword": "a keyword", "spell": "the spell's effect", "TriggeredAbility": "a triggered ability",
             "ActivatedAbility": "an activated ability", "ManaAbility": "a mana ability",
             "StaticAbility": "a static ability", "Enchant": "the enchant ability", "EntersWith": "an enters ability",
             "ManaReplacement": "a replacement of mana", "Reflect": "a mana ability"}


def _type_line(c: CardDef) -> str:
    order = ("Artifact", "Kindred", "Enchantment", "Land", "Planeswalker", "Battle", "Creature", "Instant", "Sorcery")
    main = " ".join([*sorted(c.supertypes), *sorted(c.types, key=lambda t: (order.index(t) if t in order else 99, t))])
    return f"{main} — {' '.join(sorted(c.subtypes))}" if c.subtypes else main


def card_panel_html(name: str) -> str:
    """The card's text, which lines the kit plays, and its official rulings, as HTML (escaped)."""
    try:
        c = card(name)
    except (KeyError, MtgRulesError) as e:  # a name no source gives, or a card its source can't build
        said = e.args[0] if isinstance(e, KeyError) and e.args else e
        return f'{_PANEL_STYLE}<div class="mtg-card-panel">{html.escape(str(said))}</div>'
    esc = html.escape
    pt = f" {c.power}/{c.toughness}" if c.power is not None and c.toughness is not None else ""
    head = (f'<div class="mtg-card-head">{esc(c.name)} {esc(c.cost)}</div>'
            f"<div>{esc(_type_line(c))}{esc(pt)}</div>")
    unplayed = dict(unplayed_lines(c))
    lines = []
    for line in oracle_lines(c.oracle):
        if line in unplayed:
            lines.append(f'<li class="mtg-not-played">✗ {esc(line)} <i>(not played: {esc(unplayed[line])})</i></li>')
        else:
            bound = line_binding(c, line) or PLAYED_BY_RULES.get((c.name, line), "")
            by = _BOUND_BY.get(bound, bound)
            lines.append(f'<li class="mtg-played">✓ {esc(line)}' + (f" <i>(played: {esc(by)})</i>" if by else "")
                         + "</li>")
    text = f"<ul>{''.join(lines)}</ul>" if lines else "<div><i>No rules text.</i></div>"
    played = len(lines) - sum(1 for line in oracle_lines(c.oracle) if line in unplayed)
    summary = f"<div>Lines played by the kit: {played} of {len(lines)}.</div>" if lines else ""
    if c.rulings:
        items = "".join(f'<li><span class="mtg-ruling-date">{esc(d)}</span> {esc(t)}</li>' for d, t in c.rulings)
        rulings = f"<details><summary>Official rulings ({len(c.rulings)})</summary><ul>{items}</ul></details>"
    else:
        rulings = "<div><i>No official rulings.</i></div>"
    return f'{_PANEL_STYLE}<div class="mtg-card-panel">{head}{text}{summary}{rulings}</div>'
