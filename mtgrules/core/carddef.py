"""Card data (name, cost, types, P/T, Oracle text, flavor-text flag) plus ability objects,
and the pool of cards that scenarios draw from by name.

These are values the rules read; the card author's front door is :mod:`mtgrules.cards`."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from mtgrules.core.abilities import (
    Ability,
    ActivatedAbility,
    Enchant,
    ManaAbility,
    Modal,
    Resolver,
    TargetSpec,
    TriggeredAbility,
    check_target_spec,
    target_slots,
)
from mtgrules.core.colors import color_set, cost_colors
from mtgrules.core.errors import CardDefError
from mtgrules.core.keywords import Keyword, keyword_set
from mtgrules.core.mana import ManaCost, parse_cost

CARD_TYPES = frozenset({"Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
                        "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard"})
"""The card types (205.2a), as the ``types`` of a definition spell them."""
__all__ = ["CARD_POOL", "CardDef", "CardDefError", "card", "register"]  # CardDefError kept here for authors

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World"})
"""The supertypes (205.4a), spelt as the rules read them (the legend rule looks for "Legendary")."""


def _shown(value: Any) -> str:
    """A wrong value for a message: short, with its type, so "2" and 2 look different."""
    text = repr(value)
    return f"{text[:39]}… ({type(value).__name__})" if len(text) > 40 else f"{text} ({type(value).__name__})"


_TARGETS = re.compile(r"(?<!\bthat )\btargets?\b(?! of\b)", re.IGNORECASE)
"""The word "target" as a spell or ability uses it (115.1), not "becomes the target of" nor the
verb of "a spell that targets this creature" (what another spell chose, 601.2c)."""


_MAY_BE_PLAYER = re.compile(r"\bany target\b|\btarget (?:player|opponent)s?\b"
                            r"|\btarget [^.]*?\bor (?:player|opponent)\b", re.IGNORECASE)
"""A "target" the rules let be a player: "any target" (115.4), "target player", "target opponent",
and the older wording "target creature or player" (115.1)."""
_OTHER_TARGET = re.compile(r"\bany other target\b|\bother target (?:player|opponent)\b", re.IGNORECASE)
""""Any other target": other than the source itself (115.4), which a Target's test can't see."""


def _check_target_text(name: str, what: str, text: str, spec: TargetSpec | None, player: bool) -> None:
    """Refuse a target spec that the text doesn't ask for, or a "target" the spec doesn't give;
    and a spec that can't choose the player the text may name, or that may choose a player the
    text doesn't name (only permanents are legal targets unless the text says otherwise, 115.2).
    A spec of several instances of "target" (115.3) is checked instance by instance."""
    slots = target_slots(spec)
    says = bool(_TARGETS.search(text))
    other = _OTHER_TARGET.search(text)
    if other:
        raise CardDefError(f"{name}: {what} says \"{other.group(0)}\", which excludes its own source (115.4), and "
                           "a Target's test can't see which object that is; mark the line not_played")
    may_be_player = _MAY_BE_PLAYER.search(text) if says and not player else None
    if may_be_player and slots and all(s.players is None for s in slots):
        phrase = may_be_player.group(0)
        rule = "115.4" if "any" in phrase.lower() else "115.1"
        raise CardDefError(f"{name}: {what} says \"{phrase}\", which may be a player ({rule}), but its Target "
                           f"({slots[0].description!r}) can choose only objects; give any_target(), player_target() "
                           "or opponent_target() (or a Target with players=), or mark the line not_played")
    for s in slots:
        if s.players is not None and not re.search(r"\bany\b|\bplayers?\b|\bopponents?\b|"
                                                    r"\b(?:another|second|third|other) targets?\b", s.description,
                                                    re.IGNORECASE):  # "another target" too (115.4)
            raise CardDefError(f"{name}: {what} gives a Target ({s.description!r}) that may choose a player, but "
                               "its words name no player, and only permanents are legal targets unless the text "
                               "says otherwise (115.2); drop players=, or give the text's own words")
    if says and not slots and not player:
        raise CardDefError(f"{name}: {what} says \"target\" but no target is given, so nothing could be chosen; "
                           "give spell_target= (or target=) a Target whose description is the text's target "
                           "(\"target creature\"), or mark the line not_played")
    if slots and not says:
        raise CardDefError(f"{name}: {what} doesn't say \"target\", but a target ({slots[0].description!r}) is "
                           "given; remove it, or write the text that targets")
    for s in slots:
        wanted = s.description.lower()
        if wanted.startswith(("target ", "any target", "another target", "up to ")) and wanted not in text.lower():
            raise CardDefError(f"{name}: {what} doesn't say {s.description!r} (115.1), so that target's test "
                               "would not be what the text asks for; give the Target the text's own words, "
                               "e.g. Target(\"target nonblack creature\", test) or creature_target(\"target nonblack "
                               "creature\", also=test)")


@dataclass(frozen=True)
class CardDef:
    """One card as printed (its Oracle text) plus the ability objects that make it play.

    ``spell`` resolves an instant or sorcery; ``spell_target`` says what it targets.
    ``source`` names the set the Oracle text is quoted from.

    Every line of ``oracle`` must be played or say that it isn't: a line is *bound* when an
    ability's text, the card's keywords or (for an instant or sorcery) its ``spell`` plays it
    (see :func:`line_binding`), and ``not_played`` holds ``(line, reason)`` for each line the kit
    knowingly doesn't play, so the views can mark it "(not played by this kit)". A line that is
    neither is shown as not played too (:func:`unplayed_lines`), and the pool's test refuses it.

    ``keywords`` are members of :class:`~mtgrules.core.keywords.Keyword` (plain strings are
    converted); an unknown one is refused here, when the card is defined, with the list of the
    keywords the kit plays.

    ``token=True`` marks the definition of a token an effect creates ("Soldier Token", 111.3, 111.4),
    not a card: a scenario puts it on the battlefield as a token, and nowhere else (111.7).

    A card is the colours of the mana symbols in its ``cost`` (202.2); ``color_indicator`` names
    more colours as words, such as ``frozenset({"green"})`` for Dryad Arbor (204.2, 202.2e). A token
    has no mana cost, so its ``color_indicator`` holds the colours the effect that creates it names
    ("two 1/1 white Soldier creature tokens", 111.3); a token left without one is colorless.

    ``rulings`` holds the card's official (Gatherer) rulings as ``(date, text)`` pairs, the date
    written "YYYY-MM-DD". They aren't rules facts, so two definitions that differ only in them are
    equal. A definition written without them gets those of the kit's card data when :func:`card`
    first looks it up (see :data:`RULINGS_SOURCES`).
    """

    name: str
    cost: str
    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    oracle: str = ""
    flavor_text: bool = False
    keywords: frozenset[Keyword] = frozenset()
    abilities: tuple[Ability, ...] = ()
    spell: Resolver | None = None
    spell_target: TargetSpec | None = None
    source: str = ""
    not_played: tuple[tuple[str, str], ...] = ()
    token: bool = False
    color_indicator: frozenset[str] = frozenset()
    rulings: tuple[tuple[str, str], ...] = dataclasses.field(default=(), compare=False)

    def __post_init__(self) -> None:
        self._check_kinds()
        try:  # an unknown keyword would play as nothing at all: refused as the card is defined
            object.__setattr__(self, "keywords", keyword_set(self.keywords, f"card {self.name!r}"))
        except (TypeError, ValueError) as e:
            raise CardDefError(str(e)) from None
        try:  # a cost the kit can't pay is refused here, not when a learner first casts the card
            parse_cost(self.cost)
        except ValueError as e:
            raise CardDefError(f"{self.name}: {e}") from None
        lines = oracle_lines(self.oracle)
        for entry in self.not_played:
            if not (isinstance(entry, tuple) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
                raise CardDefError(f"{self.name}: not_played holds (line, reason) pairs of strings, got {entry!r}")
            if entry[0] not in lines:
                raise CardDefError(f"{self.name}: not_played names {entry[0]!r}, which is not a line of its "
                                 f"Oracle text {lines}")
            if not entry[1].strip():
                raise CardDefError(f"{self.name}: not_played needs a reason for {entry[0]!r}")
        self._check_spell()
        self._check_targets()
        self._check_ability_texts(lines)

    def _check_ability_texts(self, lines: list[str]) -> None:
        """Each ability's text is a line of the Oracle text (reminder text aside), when there is one:
        an ability whose text has a typo would play while its printed line is shown as not played.
        A note in parentheses (Jace's printed loyalty, 306.5b) isn't Oracle text and is let be."""
        if not lines:
            return
        printed = set(lines) | {_without_reminder(line) for line in lines}
        modal = [self.spell] + [getattr(ab, "resolve", None) for ab in self.abilities]
        for m in (mode for r in modal if isinstance(r, Modal) for mode in r.modes):
            if m.text not in printed:  # a mode is a line of its own (700.2)
                raise CardDefError(f"{self.name}: the mode text {m.text!r} is not a line of its Oracle text; give "
                                   "each Mode its bulleted line's exact words")
        for ab in self.abilities:
            text = getattr(ab, "text", "")
            if (text not in printed and _without_reminder(text) not in printed
                    and not (text.startswith("(") and text.endswith(")"))):
                raise CardDefError(f"{self.name}: the ability text {text!r} is not a line of its Oracle text, so "
                                   "that line would be shown as not played while the ability plays; give the "
                                   "ability the line's exact words")

    def _check_spell(self) -> None:
        """A permanent card resolves by entering the battlefield (608.3), so a ``spell`` or a
        ``spell_target`` on it would never be used: refused rather than silently ignored."""
        if self.is_permanent_card and (self.spell is not None or self.spell_target is not None):
            field = "spell" if self.spell is not None else "spell_target"
            raise CardDefError(f"{self.name}: {field} is only for an instant or sorcery (a permanent spell "
                               "resolves by entering the battlefield, 608.3); write an enters ability as a "
                               "TriggeredAbility, or an Aura's target as Enchant(...)")

    def _check_targets(self) -> None:
        """What a spell or ability targets matches the text that says "target" (115.1): a text
        that says "target" with nothing to choose would resolve doing nothing, a target the text
        doesn't name would be asked for anyway, and a "target creature" test under a text that
        says "target nonblack creature" would let a black creature be chosen."""
        check_target_spec(self.name, self.spell_target)
        if isinstance(self.spell, Modal):  # each mode targets what its own line says (700.2c)
            if self.spell_target is not None:
                raise CardDefError(f"{self.name}: a modal spell's targets are its modes' own (700.2c); give each "
                                   "Mode its target, not spell_target")
            for mode in self.spell.modes:
                _check_target_text(self.name, f"the mode {mode.text!r}", mode.text, mode.target, False)
        elif self.spell is not None and self.types & {"Instant", "Sorcery"}:
            marked = {line for line, _ in self.not_played}
            spell_text = " ".join(line for line in oracle_lines(self.oracle) if not _another_ability(line)
                                  and line not in marked
                                  and not any(getattr(a, "text", None) == line for a in self.abilities))
            _check_target_text(self.name, "its spell text", spell_text, self.spell_target, False)
        for ab in self.abilities:
            if isinstance(ab, TriggeredAbility) and isinstance(ab.resolve, Modal):
                for mode in ab.resolve.modes:
                    _check_target_text(self.name, f"the mode {mode.text!r}", mode.text, mode.target, False)
            elif isinstance(ab, ActivatedAbility | TriggeredAbility):  # a keyword by what it means ("Equip {1}", 702.6a)
                _check_target_text(self.name, f"the ability {ab.text!r}", getattr(ab, "means", ab.text), ab.target,
                                   getattr(ab, "target_player", False))

    def _check_kinds(self) -> None:
        """Each field holds the kind of value the rules read, checked as the card is defined: a
        string where a set belongs would be read letter by letter, and a wrong kind would fail
        only when a learner first plays the card. A set or list of words is kept as a frozenset,
        a list of abilities as a tuple."""
        if not isinstance(self.name, str) or not self.name.strip():
            raise CardDefError(f"name must be the card's name as text, not {_shown(self.name)}")
        where = f"card {self.name!r}"
        for field in ("cost", "oracle", "source"):
            if not isinstance(getattr(self, field), str):
                raise CardDefError(f"{where}: {field} must be text, not {_shown(getattr(self, field))}")
        for field in ("types", "subtypes", "supertypes"):
            value = getattr(self, field)
            if (isinstance(value, str) or not isinstance(value, set | frozenset | list | tuple)
                    or not all(isinstance(w, str) and w for w in value)):
                raise CardDefError(f"{where}: {field} must be a set of words such as frozenset({{'Creature'}}), "
                                f"not {_shown(value)}")
            object.__setattr__(self, field, frozenset(value))
        unknown = sorted(self.types - CARD_TYPES)
        if unknown:
            raise CardDefError(f"{where}: {unknown[0]!r} is not a card type; the card types are "
                             f"{', '.join(sorted(CARD_TYPES))}")
        unknown = sorted(self.supertypes - SUPERTYPES)  # "legendary" would escape the legend rule (704.5j)
        if unknown:
            raise CardDefError(f"{where}: {unknown[0]!r} is not a supertype; the supertypes are "
                             f"{', '.join(sorted(SUPERTYPES))} (205.4a)")
        try:  # a colour misspelled would leave the card colorless, silently
            object.__setattr__(self, "color_indicator", color_set(self.color_indicator, f"{where}: color_indicator"))
        except ValueError as e:
            raise CardDefError(str(e)) from None
        for field in ("flavor_text", "token"):  # "no" is true to Python: it would make a token of a card
            if not isinstance(getattr(self, field), bool):
                raise CardDefError(f"{where}: {field} must be True or False, not {_shown(getattr(self, field))}")
        if self.spell is not None and not callable(self.spell):
            raise CardDefError(f"{where}: spell must be a function that resolves the spell (or None), "
                            f"not {_shown(self.spell)}")
        for field in ("power", "toughness"):
            value = getattr(self, field)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise CardDefError(f"{where}: {field} must be a whole number (or None), not {_shown(value)}")
        if "Creature" in self.types and (self.power is None or self.toughness is None):  # else 0/0 (208.5), unsaid
            raise CardDefError(f"{where}: a creature card has its power and toughness printed (208.1); give power= "
                             "and toughness= (0 for a printed 0 or for a * that a characteristic-defining "
                             "ability sets, 208.2a)")
        if not isinstance(self.abilities, tuple | list) or not all(isinstance(a, Ability) for a in self.abilities):
            raise CardDefError(f"{where}: abilities must be ability values (TriggeredAbility(...), ...) in a tuple, "
                            f"not {_shown(self.abilities)}")
        object.__setattr__(self, "abilities", tuple(self.abilities))
        if (isinstance(self.rulings, str) or not isinstance(self.rulings, tuple | list)
                or not all(isinstance(r, tuple | list) and len(r) == 2 and all(isinstance(x, str) for x in r)
                           and re.fullmatch(r"\d{4}-\d{2}-\d{2}", r[0]) for r in self.rulings)):
            raise CardDefError(f"{where}: rulings must be (date, text) pairs such as (\"2020-06-23\", \"...\"), "
                               f"the date written YYYY-MM-DD, not {_shown(self.rulings)}")
        object.__setattr__(self, "rulings", tuple((r[0], r[1]) for r in self.rulings))

    @property
    def mana_cost(self) -> ManaCost:
        return parse_cost(self.cost)

    @property
    def colors(self) -> frozenset[str]:
        """The printed colours: those of the mana symbols in its cost, hybrid symbols giving both
        (202.2c, 202.2d), and each colour its colour indicator names (202.2e, 204.2)."""
        return cost_colors(self.cost) | self.color_indicator

    @property
    def is_permanent_card(self) -> bool:
        return not self.types & {"Instant", "Sorcery"}

    @property
    def enchant(self) -> Enchant | None:
        """The enchant ability, if the card is an Aura that has one (702.5a)."""
        return next((a for a in self.abilities if isinstance(a, Enchant)), None)

    @property
    def cast_target(self) -> TargetSpec | None:
        """What casting it targets: an instant's or sorcery's ``spell_target``, or an Aura spell's
        target, defined by its enchant ability (303.4a, 115.1b). A modal spell's targets are its
        chosen modes' (``rules.modes.spell_targets``)."""
        if self.spell_target is not None:
            return self.spell_target
        return None if self.enchant is None else self.enchant.target

    def mana_abilities(self) -> list[tuple[int, ManaAbility]]:
        return [(i, a) for i, a in enumerate(self.abilities) if isinstance(a, ManaAbility)]

    def activated(self) -> list[tuple[int, ActivatedAbility | ManaAbility]]:
        return [(i, a) for i, a in enumerate(self.abilities)
                if isinstance(a, ActivatedAbility | ManaAbility)]


# ---------------------------------------------------------------- printed text, played or marked
NOT_PLAYED = "not played by this kit"
"""The words every view uses to mark printed text that does nothing in the kit."""

UNBOUND_REASON = "no ability of this card's definition plays it"
"""The reason shown for a line that is neither bound nor marked (a teacher's card, say)."""

_REMINDER = re.compile(r"\s*\([^()]*\)\s*$")


def oracle_lines(oracle: str) -> list[str]:
    """The Oracle text's lines (paragraphs), blank ones dropped."""
    return [line.strip() for line in oracle.splitlines() if line.strip()]


def _keyword_names(cdef: CardDef) -> set[str]:
    """The card's keywords as lower-case words, whether kept as strings or as enum members."""
    return {str(getattr(k, "value", k)).lower() for k in cdef.keywords}


def _without_reminder(line: str) -> str:
    """A line without its reminder text: "Reach (This creature can ...)" -> "Reach";
    a line that is all reminder, like a basic land's "({T}: Add {G}.)", loses its parentheses."""
    if line.startswith("(") and line.endswith(")"):
        return line[1:-1].strip()
    return _REMINDER.sub("", line).strip()


def _quality_keywords(part: str) -> list[str]:
    """"protection from black and from red" as the two keywords it is (702.16g; "hexproof from",
    702.11f); any other part of a keyword line as itself."""
    for head in ("protection from ", "hexproof from "):
        if part.startswith(head) and " and from " in part:
            return [head + q for q in part[len(head):].split(" and from ")]
    return [part]


PLAYED_BY_RULES: dict[tuple[str, str], str] = {}
"""``(card name, line) -> what plays it``: a printed line no ability of the card's definition
plays, but a rule of the kit's card pool does, through a hook of the engine (Leyline of the Void's
"exile it instead", played by ``hooks.MOVE_REPLACEMENTS``). The compiled card still marks such a
line not played (the Oracle grammar has no template for it, and the coverage report counts it so),
but the views don't show it as not played (:func:`unplayed_lines`): the game plays it. Filled with
:func:`played_by_rule` as the pool module is imported."""


def played_by_rule(name: str, line: str, by: str) -> None:
    """Say that ``line`` of the card ``name`` is played by ``by`` (a rule of the card pool, in a few
    words), not by an ability of its definition: see :data:`PLAYED_BY_RULES`."""
    PLAYED_BY_RULES[(name, line)] = by


def line_binding(cdef: CardDef, line: str) -> str | None:
    """What plays ``line`` of the card's Oracle text, in a few words, or None if nothing does.

    * an ability whose text is the line (reminder text aside, on either);
    * keywords: "Flying", "Flying, haste", and a keyword ability written as a sentence about the
      card itself ("This creature can't block.", "<name> attacks each combat if able.");
    * the spell ability of an instant or sorcery with a ``spell`` (113.3a: its text is
      instructions followed as it resolves, unless the line is another kind of ability).
    """
    plain = _without_reminder(line)
    for ab in cdef.abilities:
        text = getattr(ab, "text", None)
        if text in (line, plain) or (isinstance(text, str) and _without_reminder(text) == plain):
            return type(ab).__name__
        modal = getattr(ab, "resolve", None)
        if isinstance(modal, Modal) and any(m.text in (line, plain) for m in modal.modes):
            return "Mode"  # a mode of a modal ability, bulleted under it (700.2)
    words = _keyword_names(cdef)
    parts = [k for w in plain.rstrip(".").split(",") for k in _quality_keywords(w.strip().lower())]
    if parts and all(parts) and all(w in words for w in parts):
        return "keyword"
    sentence = plain.rstrip(".").lower()
    for subject in ("this creature ", "this permanent ", f"{cdef.name.lower()} "):
        if sentence.startswith(subject) and sentence[len(subject):] in words:
            return "keyword"
    if cdef.spell is not None and cdef.types & {"Instant", "Sorcery"} and not _another_ability(plain):
        return "spell"
    return None


_SPELL_KEYWORDS = ("affinity", "aftermath", "awaken", "bargain", "buyback", "casualty", "cipher", "cleave",
                   "convoke", "cycling", "delve", "demonstrate", "devoid", "emerge", "entwine", "escalate",
                   "escape", "flash", "flashback", "foretell", "fuse", "gift", "harmonize", "improvise",
                   "jump-start", "kicker", "madness", "mayhem", "miracle", "multikicker", "overload", "plot",
                   "rebound", "replicate", "retrace", "ripple", "spectacle", "splice", "split second", "spree",
                   "storm", "surge", "suspend")
"""Keyword abilities printed on instants and sorceries (702): each is a static, activated or
triggered ability of its own, never part of the spell ability (113.3a)."""
_ABILITY_SHAPES = re.compile(r"^(when|whenever|this spell|as an additional cost|you may cast this spell|"
                             r"[^.:\"]*\{[^}]*\}[^.:\"]*:\s)", re.IGNORECASE)


def _another_ability(line: str) -> bool:
    """Whether a line of an instant's or sorcery's text is an activated ("{cost}: effect"),
    triggered ("When...", "Whenever..."), static ("This spell costs...", an additional
    cost) or keyword ability ("Flashback {2}{U}", "Swampcycling {2}") rather than instructions
    followed as it resolves (113.3a): a ``spell`` doesn't play such a line. "At the beginning of
    the next end step, ..." is left to the spell: on an instant it is a delayed trigger the spell
    creates (603.7a)."""
    plain = _without_reminder(line).lower()
    first = plain.split(" ", 1)[0].rstrip(",")
    return bool(_ABILITY_SHAPES.match(plain)) or plain.startswith(_SPELL_KEYWORDS) and (
        first in _SPELL_KEYWORDS or first.endswith("cycling") or plain.startswith("split second"))


def unbound_lines(cdef: CardDef) -> list[str]:
    """Lines of the Oracle text that nothing plays and ``not_played`` doesn't mark."""
    marked = {line for line, _ in cdef.not_played}
    return [line for line in oracle_lines(cdef.oracle) if line not in marked and line_binding(cdef, line) is None]


def unplayed_lines(cdef: CardDef) -> list[tuple[str, str]]:
    """(line, reason) for each line of printed text the kit doesn't play: the marked ones (less those
    a rule of the card pool plays, :data:`PLAYED_BY_RULES`), then any that nothing binds. The views show these with :data:`NOT_PLAYED`."""
    marked = [(line, why) for line, why in cdef.not_played if (cdef.name, line) not in PLAYED_BY_RULES]
    return marked + [(line, UNBOUND_REASON) for line in unbound_lines(cdef)]


def not_played_text(cdef: CardDef) -> str:
    """One sentence naming the printed lines the kit doesn't play and why, or "" if it plays all:
    “…” / “…” (not played by this kit: the reason). Shared by the views."""
    by_reason: dict[str, list[str]] = {}
    for line, reason in unplayed_lines(cdef):
        by_reason.setdefault(reason, []).append(f"“{line}”")
    return "; ".join(f"{' / '.join(lines)} ({NOT_PLAYED}: {reason})" for reason, lines in by_reason.items())


def stale_marks(cdef: CardDef) -> list[str]:
    """Lines marked as not played that an ability or keyword now plays: the mark is out of date."""
    return [line for line, _ in cdef.not_played if line_binding(cdef, line) is not None]


CARD_POOL: dict[str, CardDef] = {}
"""Every card a scenario can name, by name. ``import mtgrules`` fills it with the kit's pool."""


def register(*cards: CardDef, replace: bool = False) -> None:
    """Add cards to the pool, before or after the kit's own cards load.

    Registering a definition equal to the one already held is a no-op, so re-running the module
    or cell that defines it is harmless. A *different* card under a name already taken is refused
    unless ``replace=True`` (for a notebook cell being edited and re-run); all cards are checked
    before any is added.
    """
    given: dict[str, CardDef] = {}
    for c in cards:
        if not isinstance(c, CardDef):
            raise CardDefError(f"register() takes CardDef values, not {type(c).__name__}")
        stale = stale_marks(c)  # shown as "not played by this kit" while the card plays it: a wrong lesson
        if stale:
            raise CardDefError(f"{c.name}: not_played marks {stale[0]!r}, which {line_binding(c, stale[0])} plays; "
                             "remove the mark")
        if given.setdefault(c.name, c) != c:  # the later one would silently win
            raise CardDefError(f"two different cards named {c.name!r} are given in one register() call; "
                             "give one of them")
        held = CARD_POOL.get(c.name)
        if held is not None and held != c and not replace:
            raise CardDefError(f"a different card named {c.name!r} is already registered; "
                             "pass replace=True to replace it")
    for c in cards:
        held = CARD_POOL.get(c.name)
        if held is not c:
            CARD_POOL[c.name] = c
            if held is not None:  # a new name changes nothing worked out before (a card compiled on first use)
                POOL_CHANGES[0] += 1


POOL_CHANGES = [0]
"""How many times a card was replaced (a new name changes no answer): whatever is worked out once per card name
(``rules.layers`` keeps each card's printed characteristics) is read again when this moves."""


CardSource = Callable[[str], "CardDef | None"]
"""A place cards come from besides the pool: given a name, a definition (made on first use) or None."""

CARD_SOURCES: list[CardSource] = []
"""Where :func:`card` looks for a name the pool doesn't hold, in order: ``mtgrules.cards`` adds the
Oracle-text compiler over the kit's card data here, so a card is compiled the first time it is asked
for (``import mtgrules`` compiles nothing). A definition a source gives is registered in the pool."""

NAME_SOURCES: list[Callable[[], list[str]]] = []
"""The names each card source can give, for searches and "did you mean" (read only when asked)."""


def all_card_names() -> list[str]:
    """Every card name :func:`card` can give: the pool's, then those of each card source."""
    names = dict.fromkeys(CARD_POOL)
    for more in NAME_SOURCES:
        names.update(dict.fromkeys(more()))
    return list(names)


RULINGS_SOURCES: list[Callable[[str], tuple[tuple[str, str], ...]]] = []
"""Where a card's official rulings come from when its definition gives none: given a name, its
``(date, text)`` pairs, or ``()``. ``mtgrules.cards`` adds the kit's card data here (read on the
first lookup, never at ``import mtgrules``)."""

_RULINGS_SEEN: dict[str, CardDef] = {}
"""The definition :func:`card` last gave for each name, its rulings attached: so the sources are
asked once per definition, and a definition registered again is asked again."""


def _with_rulings(name: str, cdef: CardDef) -> CardDef:
    """``cdef`` with the rulings a source holds for it, put in the pool in its place (an equal
    definition, so nothing the rules worked out from it changes)."""
    found: tuple[tuple[str, str], ...] = ()
    if not cdef.rulings:
        for source in RULINGS_SOURCES:
            found = source(name)
            if found:
                break
    if found:
        cdef = dataclasses.replace(cdef, rulings=found)
        if CARD_POOL.get(name) is not None:
            CARD_POOL[name] = cdef
    _RULINGS_SEEN[name] = cdef
    return cdef


def card(name: str) -> CardDef:
    """The card called ``name``; an unknown name suggests the closest known ones."""
    try:
        found = CARD_POOL[name]
    except KeyError:
        for source in CARD_SOURCES:
            given = source(name) if isinstance(name, str) else None
            if given is not None:
                register(given)
                return _with_rulings(name, given)
        near = difflib.get_close_matches(str(name), all_card_names(), n=3)
        hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
        raise KeyError(f"no card named {name!r} in the kit's card pool{hint}") from None
    if _RULINGS_SEEN.get(name) is not found:
        return _with_rulings(name, found)
    return found


T = TypeVar("T")
_READ: dict[tuple[str, str], tuple[CardDef, Any]] = {}


def read_once(name: str, what: str, read: Callable[[CardDef], T]) -> T:
    """``read(card(name))``, worked out once per card definition and kept under ``what``: facts
    the engine asks of a card on every state (its activated abilities, its mana abilities). A card
    replaced with ``register`` is a new definition, so it is read again."""
    cdef = card(name)
    held = _READ.get((name, what))
    if held is None or held[0] is not cdef:
        held = _READ[(name, what)] = (cdef, read(cdef))
    found: T = held[1]
    return found

