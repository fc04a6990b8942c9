"""A card's Oracle text compiled into a :class:`CardDef`, line by line, nothing guessed.

Each line of the text is one ability (113.2; on an instant or sorcery, the lines that are no
ability of their own are together the spell's instructions, 113.3a). A line is played whole when
a template of the grammar matches it and every part of it can be built; otherwise it is marked
"not played" with the reason, as a hand-written card's ``not_played`` lines are, and the views
show it so. A spell's instructions are one ability: if one of their lines can't be played, none
of them is, so a spell never resolves doing half of what it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.cards.mtgjson import OracleCard
from mtgrules.cards.oracle import topics  # noqa: F401  (each topic registers its builders)
from mtgrules.cards.oracle.build import CannotBuild, ability, spell_ability
from mtgrules.cards.oracle.ir_cache import lookup
from mtgrules.cards.oracle.normalize import normalize, oracle_lines, without_reminder
from mtgrules.cards.oracle.parse import IR, NotATemplate, parse
from mtgrules.core.abilities import Ability, EntersWith
from mtgrules.core.carddef import SUPERTYPES, CardDef, _another_ability
from mtgrules.core.errors import CardDefError
from mtgrules.core.keywords import Keyword

NO_TEMPLATE = "no template of the kit's Oracle grammar matches it yet"
SPELL_WHOLE = "the spell's other instructions aren't played yet, and a spell is never played in part (608.2c)"
_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_PLAYED_LAYOUTS = ("normal", "token")


OracleFacts = OracleCard
"""What the compiler reads of a card: the reader's record (``mtgrules.cards.mtgjson``)."""


@dataclass(frozen=True)
class LineStatus:
    """One printed line: played, and by which template, or not, and why."""

    line: str
    played: bool
    how: str  # the kind of template that plays it ("triggered", "keywords", ...), or the reason it isn't
    ir: IR | None = None


@dataclass(frozen=True)
class Compiled:
    """A compiled card: its definition and what became of each printed line."""

    card: CardDef
    lines: tuple[LineStatus, ...]

    @property
    def status(self) -> str:
        """"played" (every line), "partly played" or "not played" (no line played)."""
        played = [s.played for s in self.lines]
        if all(played):
            return "played"
        return "partly played" if any(played) else "not played"


def _number(value: str | None) -> int | None:
    """A printed power or toughness as a whole number; "*" and the like are set by an ability
    (208.2a), 0 until the kit plays it."""
    if value is None:
        return None
    return int(value) if value.lstrip("-").isdigit() else 0


def parse_line(line: str, name: str) -> IR:
    """The IR of one printed line of the card ``name`` (NotATemplate if none matches)."""
    norm = normalize(line, name)
    if not norm:
        raise NotATemplate("the line is reminder text only (207.2)")
    known = lookup(norm)  # the kit's own lines, parsed when the grammar last changed (ir_cache.py)
    if isinstance(known, str):
        raise NotATemplate(known)
    return parse(norm) if known is None else known


def bulleted(lines: list[str]) -> dict[int, list[int]]:
    """The lines followed by bulleted ones ("Choose one —" and its modes, 700.2): each such line's
    index with those of its bullets. The grammar reads the line and its bullets as one ability."""
    groups: dict[int, list[int]] = {}
    i = 0
    while i < len(lines):
        j = i + 1
        while j < len(lines) and lines[j].startswith("•"):
            j += 1
        if j > i + 1 and not lines[i].startswith("•"):
            groups[i] = list(range(i + 1, j))
        i = max(j, i + 1)
    return groups


def ability_texts(lines: list[str]) -> list[tuple[str, list[int]]]:
    """Each ability's text with the indexes of the printed lines it is made of: a line, or a line
    with the bulleted lines under it (700.2)."""
    groups = bulleted(lines)
    bullets = {b for g in groups.values() for b in g}
    return [("\n".join([line, *(lines[b] for b in groups.get(i, ()))]), [i, *groups.get(i, ())])
            for i, line in enumerate(lines) if i not in bullets]


def compile_card(facts: OracleFacts) -> Compiled:
    """``facts`` as a CardDef whose every line is played or marked not played, with the reason."""
    lines = oracle_lines(facts.text)
    is_spell = bool(set(facts.types) & {"Instant", "Sorcery"})
    statuses: dict[int, LineStatus] = {}
    keywords: set[Keyword] = set()
    built: list[tuple[int, Ability]] = []
    spell_lines: list[int] = []
    spell_effects: list[IR] = []

    if facts.layout not in _PLAYED_LAYOUTS:
        for i, line in enumerate(lines):
            statuses[i] = LineStatus(line, False, f"a card of the {facts.layout!r} layout isn't played yet")
        lines_done = True
    else:
        lines_done = False
    for text, own in ability_texts(lines) if not lines_done else ():
        i, line = own[0], lines[own[0]]  # bulleted lines are read with the line above them
        try:
            ir = parse_line(text, facts.name)
            kind, value = ability(ir, text, is_spell)
        except (NotATemplate, CannotBuild) as e:
            reason = NO_TEMPLATE if isinstance(e, NotATemplate) and "reminder" not in str(e) else str(e)
            for k in own:
                statuses[k] = LineStatus(lines[k], False, reason)
            if is_spell and not _another_ability(line):
                spell_lines.extend(own)  # part of the spell's instructions, not played
            continue
        if kind == "keywords":
            keywords.update(value)
            statuses[i] = LineStatus(line, True, "keywords", ir)
        elif kind == "spell":
            spell_lines.extend(own)
            spell_effects.extend(value)
            for k in own:
                statuses[k] = LineStatus(lines[k], True, "spell", ir if k == i else None)
        else:  # one ability, or the several one line makes (an Aura's bonus and its quoted ability, 613.6)
            built.extend((i, v) for v in (value if kind == "abilities" else (value,)))
            for k in own:
                statuses[k] = LineStatus(lines[k], True, ir[0] if k == i else "mode", ir if k == i else None)

    if "Planeswalker" in facts.types and facts.loyalty is not None and facts.loyalty.isdigit():
        n = int(facts.loyalty)  # its printed loyalty: it enters with that many loyalty counters (306.5b)
        built.append((-1, EntersWith(f"(Loyalty {n}: it enters with {n} loyalty counters, 306.5b.)",
                                     counters=(("loyalty", n),))))

    spell = spell_target = None
    if spell_lines:
        whole = all(statuses[i].played for i in spell_lines)
        try:
            if whole:
                spell, spell_target = spell_ability(tuple(spell_effects))
        except CannotBuild as e:
            whole = False
            for i in spell_lines:
                statuses[i] = LineStatus(lines[i], False, str(e))
        if not whole:
            for i in spell_lines:
                if statuses[i].played:
                    statuses[i] = LineStatus(lines[i], False, SPELL_WHOLE)
            spell = spell_target = None

    cdef = _definition(facts, lines, statuses, keywords, built, spell, spell_target)
    return Compiled(cdef, tuple(statuses[i] for i in range(len(lines))))


def _definition(facts: OracleFacts, lines: list[str], statuses: dict[int, LineStatus], keywords: set[Keyword],
                built: list[tuple[int, Ability]], spell: Any, spell_target: Any) -> CardDef:
    """The CardDef; an ability the card's own checks refuse is marked not played instead, with
    the check's sentence as its reason (so a compiler mistake shows, and never plays wrongly)."""
    def make(abilities: list[tuple[int, Ability]]) -> CardDef:
        marked = tuple((lines[i], s.how) for i, s in statuses.items() if not s.played)
        return CardDef(
            facts.name, facts.mana_cost, frozenset(facts.types), frozenset(facts.subtypes),
            frozenset(s for s in facts.supertypes if s in SUPERTYPES), power=_number(facts.power),
            toughness=_number(facts.toughness), oracle=facts.text, flavor_text=facts.has_flavor_text,
            keywords=frozenset(keywords), abilities=tuple(a for _, a in abilities), spell=spell,
            spell_target=spell_target, source=_source(facts), not_played=_unique(marked), token=facts.is_token,
            color_indicator=frozenset(_LETTERS[c] for c in facts.color_indicator if c in _LETTERS))
    try:
        return make(built)
    except CardDefError:
        if spell is not None:  # the spell's own targets refused: its lines are marked, never played in part
            try:
                make([])
            except CardDefError as refused:
                for i, status in list(statuses.items()):
                    if status.played and status.how == "spell":
                        statuses[i] = LineStatus(lines[i], False, str(refused))
                spell = spell_target = None
        kept: list[tuple[int, Ability]] = []
        for i, ab in built:
            try:
                make([*kept, (i, ab)])
                kept.append((i, ab))
            except CardDefError as e:
                if i < 0:
                    raise
                statuses[i] = LineStatus(lines[i], False, str(e))
        return make(kept)


def _unique(marked: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """One mark per line text (a card may print the same line twice)."""
    seen: dict[str, str] = {}
    for line, why in marked:
        seen.setdefault(line, why)
    return tuple(seen.items())


def _source(facts: OracleFacts) -> str:
    return "MTGJSON " + "/".join(facts.sets) if facts.sets else "MTGJSON"


def plain(line: str) -> str:
    """A line without reminder text, for reports."""
    return without_reminder(line)
