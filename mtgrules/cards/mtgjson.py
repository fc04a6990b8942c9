"""Card data read from MTGJSON v5: a set file or AtomicCards, checked field by field.

The kit ships four core sets (``data/sets/``, trimmed MTGJSON set files); a teacher can add any
other set file or AtomicCards downloaded from MTGJSON (:func:`import_cards`). Both go through one
reader, :func:`read_file`, which keeps only the facts the kit plays from (name, cost, type line,
text, P/T, loyalty, colours, keywords, layout, rulings) and ignores every other field, so a full
download and a trimmed copy of the same set read the same.

Why so strict: a card whose power is the number 2 instead of the text "2", or whose cost is
``{2}{W`` would otherwise surface as a wrong play in a lesson, far from the file that caused it.
So a malformed file is refused as a whole with a :class:`CardDataError` naming the card and the
field, and nothing of it is kept. A name that two sources print differently (another cost, other
text) is refused too unless the caller says which source wins (``prefer=``); an identical
reprint just adds its set code to the card's ``sets``.

A card with several faces (split, adventure, transform, modal_dfc, meld, flip, ...) is read face
by face, each under its own face name, with ``name`` holding the whole card's name ("Fire // Ice")
and ``side`` the face's letter. Whether the kit plays such a card is the compiler's business; the
data only says what is printed.
"""

from __future__ import annotations

import gc
import json
import os
import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import date
from pathlib import Path
from typing import Any, Literal

from mtgrules.core.errors import CardDefError

__all__ = [
    "CardDataError", "CardDataWarning", "CardFile", "CardLibrary", "OracleCard", "Ruling",
    "KNOWN_LAYOUTS", "kit_cards", "read_file", "user_cards_dir",
]

Prefer = Literal["kit", "file"]

KNOWN_LAYOUTS = frozenset({
    "normal", "split", "flip", "transform", "modal_dfc", "meld", "leveler", "class", "case", "saga",
    "adventure", "mutate", "prototype", "battle", "planar", "scheme", "vanguard", "token",
    "double_faced_token", "emblem", "augment", "host", "aftermath", "reversible_card", "art_series",
})
"""The layouts MTGJSON v5 gives. A card with another layout is still read as printed (a newer
MTGJSON may add one); :attr:`CardFile.unknown_layouts` lists them so an import can say so."""

NOT_GAME_CARDS = frozenset({"art_series"})
"""Layouts that aren't cards one plays with (an art card's back is another card's picture): left
out of a file's cards and listed in :attr:`CardFile.skipped`."""

MULTI_FACE = frozenset({"split", "flip", "transform", "modal_dfc", "meld", "adventure", "aftermath",
                        "reversible_card", "double_faced_token"})
"""Layouts whose card has more than one face, each read as its own :class:`OracleCard`."""

COLOR_LETTERS = ("W", "U", "B", "R", "G")


class CardDataError(CardDefError):
    """A card data file the kit can't read as it is: the message names the file, the card and the
    field, and nothing of the file is kept. A kind of :class:`~mtgrules.core.errors.CardDefError`
    (a card defined wrongly), so code that catches that, or ``MtgRulesError``, catches this."""

    def __init__(self, message: str, *, source: str = "", card: str | None = None,
                 field: str | None = None) -> None:
        self.source = source
        self.card = card
        self.field = field
        where = ", ".join(part for part in (
            source, f"card {card!r}" if card else "", f"field {field!r}" if field else "") if part)
        super().__init__(f"{where}: {message}" if where else message)


class CardDataWarning(UserWarning):
    """An imported file, stored earlier, that can't be read now: it is left out, and this says so."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """One official (Gatherer) ruling on a card: its date ("YYYY-MM-DD") and words."""

    date: str
    text: str


@dataclass(frozen=True, slots=True)
class OracleCard:
    """One card (or one face of a multi-faced card) as its Oracle text prints it.

    Values are kept as MTGJSON gives them: power ``"*"`` or ``"1+*"`` stays text, colours are
    letters ("W", "U", ...), ``text`` keeps its line breaks and reminder text. ``types`` never
    holds "Token" (``is_token`` says that). ``sets`` are the set codes the card was read from."""

    name: str
    mana_cost: str
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...]
    keywords: tuple[str, ...]
    layout: str
    is_token: bool
    is_funny: bool
    has_flavor_text: bool
    rulings: tuple[Ruling, ...]
    sets: tuple[str, ...]
    face_name: str | None = None
    side: str | None = None

    @property
    def key(self) -> str:
        """The name the kit looks it up by: the face's name for one face of a multi-faced card."""
        return self.face_name or self.name

    def facts(self) -> tuple[Any, ...]:
        """The rules facts: two sources agree on a card when these are equal (its sets, rulings
        and flavor-text flag may differ between printings)."""
        return tuple(getattr(self, f) for f in FACT_FIELDS)


FACT_FIELDS = ("name", "face_name", "side", "mana_cost", "type_line", "supertypes", "types", "subtypes", "text",
               "power", "toughness", "loyalty", "defense", "colors", "color_indicator", "keywords", "layout",
               "is_token")
"""What makes two printings the same card for the rules. ``is_funny``, ``has_flavor_text``,
``rulings`` and ``sets`` may differ from printing to printing, or between two downloads."""


@dataclass(frozen=True)
class CardFile:
    """What one MTGJSON file holds, read and checked.

    ``cards`` maps each name (a face's own name for a multi-faced card) to its card; a name printed
    in several versions within the file (an Un-set's variants) maps to the first (lowest collector
    number, as the kit's trimmed sets keep), and ``variants`` holds every version of it."""

    cards: dict[str, OracleCard]
    tokens: tuple[OracleCard, ...]
    source: str
    kind: Literal["set", "atomic"] = "set"
    code: str | None = None
    set_name: str | None = None
    variants: dict[str, tuple[OracleCard, ...]] = field(default_factory=dict)
    skipped: tuple[tuple[str, str], ...] = ()
    unknown_layouts: tuple[tuple[str, str], ...] = ()
    meta: dict[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------- checking one entry
_MANA_SYMBOL = re.compile(r"\d+|½|∞|[WUBRGCSXYZ]|H[WUBRG]|[WUBRGC2]/[WUBRGP](?:/P)?")
_COST = re.compile(r"(?:\{[^{}]*\})*")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _shown(value: Any) -> str:
    text = repr(value)
    return f"{text[:39]}… ({type(value).__name__})" if len(text) > 40 else f"{text} ({type(value).__name__})"


class _Entry:
    """One card entry of a file, read field by field; every complaint names the card and field."""

    def __init__(self, raw: Any, source: str, where: str) -> None:
        self.source = source
        if not isinstance(raw, dict):
            raise CardDataError(f"each card must be a JSON object, not {_shown(raw)}", source=source, card=where)
        self.raw = raw
        name = raw.get("name")
        if name is None:
            raise CardDataError("the card has no name", source=source, card=where, field="name")
        if not isinstance(name, str) or not name.strip():
            raise CardDataError(f"must be the card's name as text, not {_shown(name)}", source=source, card=where,
                                field="name")
        self.name = name
        face = raw.get("faceName")
        self.label = face if isinstance(face, str) and face else name

    def fail(self, name: str, message: str) -> CardDataError:
        return CardDataError(message, source=self.source, card=self.label, field=name)

    def text(self, name: str, default: str | None = None, required: bool = False) -> str | None:
        value = self.raw.get(name)
        if value is None:
            if required:
                raise self.fail(name, "is missing")
            return default
        if not isinstance(value, str):
            raise self.fail(name, f"must be text, not {_shown(value)}")
        return value

    def words(self, name: str, required: bool = False) -> tuple[str, ...]:
        value = self.raw.get(name)
        if value is None:
            if required:
                raise self.fail(name, "is missing")
            return ()
        if not isinstance(value, list) or not all(isinstance(w, str) and w for w in value):
            raise self.fail(name, f"must be a list of words, not {_shown(value)}")
        return tuple(value)

    def flag(self, name: str) -> bool | None:
        value = self.raw.get(name)
        if value is not None and not isinstance(value, bool):
            raise self.fail(name, f"must be true or false, not {_shown(value)}")
        return value

    def colors(self, name: str) -> tuple[str, ...]:
        letters = self.words(name)
        wrong = [c for c in letters if c not in COLOR_LETTERS]
        if wrong:
            raise self.fail(name, f"{wrong[0]!r} is not a colour letter; MTGJSON writes W, U, B, R, G")
        return letters

    def mana_cost(self) -> str:
        cost = self.text("manaCost", "") or ""
        if not _COST.fullmatch(cost):
            raise self.fail("manaCost", f"{cost!r} is not a mana cost: symbols in braces, such as {{2}}{{W}}{{W}}")
        for symbol in re.findall(r"\{([^{}]*)\}", cost):
            if not _MANA_SYMBOL.fullmatch(symbol):
                raise self.fail("manaCost", f"{{{symbol}}} in {cost!r} is not a mana symbol (107.4)")
        return cost

    def rulings(self) -> tuple[Ruling, ...]:
        value = self.raw.get("rulings")
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.fail("rulings", f"must be a list of {{date, text}} objects, not {_shown(value)}")
        out = []
        for i, r in enumerate(value):
            if not isinstance(r, dict) or not isinstance(r.get("text"), str) or not isinstance(r.get("date"), str):
                raise self.fail("rulings", f"ruling {i + 1} must be an object with a text \"date\" and \"text\", "
                                           f"not {_shown(r)}")
            if not _DATE.fullmatch(r["date"]) or not _real_date(r["date"]):
                raise self.fail("rulings", f"ruling {i + 1}'s date {r['date']!r} is not a date written YYYY-MM-DD")
            out.append(Ruling(r["date"], r["text"]))
        return tuple(out)

    def card(self, sets: tuple[str, ...], in_tokens: bool) -> OracleCard:
        layout = self.text("layout", required=True) or ""
        if not layout:
            raise self.fail("layout", "is empty")
        types = self.words("types", required=True)
        face = self.text("faceName")
        if face is not None and not face.strip():
            raise self.fail("faceName", "is empty")
        flavor = self.flag("hasFlavorText")
        if flavor is None:  # a full MTGJSON file has the flavor text itself, not the flag
            flavor = bool(self.text("flavorText", ""))
        is_token = in_tokens and layout != "emblem" or "Token" in types or layout in ("token", "double_faced_token")
        return OracleCard(
            name=self.name, mana_cost=self.mana_cost(), type_line=self.text("type", required=True) or "",
            supertypes=self.words("supertypes"), types=tuple(t for t in types if t != "Token"),
            subtypes=self.words("subtypes"), text=self.text("text", "") or "",
            power=self.text("power"), toughness=self.text("toughness"), loyalty=self.text("loyalty"),
            defense=self.text("defense"), colors=self.colors("colors"),
            color_indicator=self.colors("colorIndicator"), keywords=self.words("keywords"), layout=layout,
            is_token=is_token, is_funny=bool(self.flag("isFunny")), has_flavor_text=flavor,
            rulings=self.rulings(), sets=sets, face_name=face, side=self.text("side"))

    def number(self) -> tuple[int, str]:
        """Collector-number order: "2" before "10", and "12★" after "12"."""
        number = self.raw.get("number")
        if number is not None and not isinstance(number, str):
            raise self.fail("number", f"must be text, not {_shown(number)}")
        digits = re.match(r"\d+", number or "")
        return (int(digits.group(0)) if digits else 10**9, number or "")


def _real_date(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- reading a file
def read_file(path: str | os.PathLike[str]) -> CardFile:
    """Read an MTGJSON v5 set file (``{"meta", "data": {"code", "cards", "tokens"}}``) or AtomicCards
    (``{"meta", "data": {name: [face, ...]}}``), telling them apart by shape.

    Every card is checked before anything is returned, so a file with one bad card gives a
    :class:`CardDataError` naming it and nothing else."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            raw = json.load(f)
    except OSError as e:
        raise CardDataError(f"can't be read ({e.strerror or e})", source=str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CardDataError(f"is not JSON ({e})", source=str(path)) from None
    return read_data(raw, str(path))


def read_data(raw: Any, where: str = "card data") -> CardFile:
    """:func:`read_file` for JSON already parsed (``where`` names it in messages)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("data"), dict):
        raise CardDataError("is not an MTGJSON v5 file: expected an object with \"meta\" and \"data\"", source=where)
    given = raw.get("meta")
    meta: dict[str, Any] = given if isinstance(given, dict) else {}
    version = meta["version"] if isinstance(meta.get("version"), str) else "?"
    data = raw["data"]
    if "cards" in data or "code" in data:
        return _read_set(data, version, where, meta)
    if data and all(isinstance(v, dict) and "cards" in v for v in data.values()):
        raise CardDataError("is AllPrintings (every set at once); import one set file, or AtomicCards, instead",
                            source=where)
    return _read_atomic(data, version, where, meta)


def _plain_meta(meta: Mapping[str, Any]) -> dict[str, str]:
    return {k: v for k, v in meta.items() if isinstance(v, str)}


def _read_set(data: dict[str, Any], version: str, where: str, meta: Mapping[str, Any]) -> CardFile:
    code, set_name = data.get("code"), data.get("name")
    if not isinstance(code, str) or not code.strip():
        raise CardDataError(f"data.code must be the set's code as text, not {_shown(code)}", source=where,
                            field="code")
    source = f"MTGJSON {version}, set {code}" + (f" ({set_name})" if isinstance(set_name, str) else "")
    problems_at = f"{where} ({source})" if where != source else where
    cards_raw, tokens_raw = data.get("cards"), data.get("tokens", [])
    for key, value in (("cards", cards_raw), ("tokens", tokens_raw)):
        if not isinstance(value, list):
            raise CardDataError(f"data.{key} must be a list of cards, not {_shown(value)}", source=problems_at,
                                field=key)
    assert isinstance(cards_raw, list) and isinstance(tokens_raw, list)
    entries = [_Entry(c, problems_at, f"data.cards[{i}]") for i, c in enumerate(cards_raw)]
    entries.sort(key=_Entry.number)  # stable: the lowest collector number first, as the trimmed sets keep
    read = [(e, e.card((code,), False)) for e in entries]
    tokens = [_Entry(t, problems_at, f"data.tokens[{i}]").card((code,), True) for i, t in enumerate(tokens_raw)]
    found = _collect(read, tokens, source, "set", code, _plain_meta(meta))
    return replace(found, set_name=set_name) if isinstance(set_name, str) else found


def _read_atomic(data: dict[str, Any], version: str, where: str, meta: Mapping[str, Any]) -> CardFile:
    source = f"MTGJSON {version}, AtomicCards"
    problems_at = f"{where} ({source})"
    read: list[tuple[_Entry, OracleCard]] = []
    for name, faces in data.items():
        if not isinstance(faces, list) or not faces:
            raise CardDataError(f"must be a list of the card's faces, not {_shown(faces)}", source=problems_at,
                                card=name)
        for i, face in enumerate(faces):
            entry = _Entry(face, problems_at, f"{name}[{i}]")
            if entry.name != name:
                raise CardDataError(f"is {entry.name!r}, under the key {name!r}", source=problems_at,
                                    card=entry.label, field="name")
            read.append((entry, entry.card((), False)))
    return _collect(read, [], source, "atomic", None, _plain_meta(meta))


def _collect(read: list[tuple[_Entry, OracleCard]], tokens: list[OracleCard], source: str,
             kind: Literal["set", "atomic"], code: str | None, meta: dict[str, str]) -> CardFile:
    cards: dict[str, OracleCard] = {}
    versions: dict[str, list[OracleCard]] = {}
    skipped: list[tuple[str, str]] = []
    unknown: list[tuple[str, str]] = []
    for entry, c in read:
        if c.layout in NOT_GAME_CARDS:
            skipped.append((c.key, f"layout {c.layout!r} is not a card one plays with"))
            continue
        if c.layout not in KNOWN_LAYOUTS:
            unknown.append((c.key, c.layout))
        if c.layout in MULTI_FACE and c.face_name is None and " // " in c.name:
            raise entry.fail("faceName", f"is missing: a {c.layout} card is read face by face")
        held = cards.get(c.key)
        if held is None:
            cards[c.key] = c
            versions[c.key] = [c]
        elif not any(v.facts() == c.facts() for v in versions[c.key]):
            versions[c.key].append(c)
        else:  # the same card printed again (a showcase frame): its rulings may add to the first's
            cards[c.key] = _merged(held, c) if held.facts() == c.facts() else held
    kept_tokens: list[OracleCard] = []
    for t in tokens:
        same = next((i for i, k in enumerate(kept_tokens) if k.facts() == t.facts()), None)
        if same is None:
            kept_tokens.append(t)
        else:
            kept_tokens[same] = _merged(kept_tokens[same], t)
    return CardFile(cards=cards, tokens=tuple(kept_tokens), source=source, kind=kind, code=code,
                    variants={k: tuple(v) for k, v in versions.items() if len(v) > 1},
                    skipped=tuple(skipped), unknown_layouts=tuple(unknown), meta=meta)


def _merged(held: OracleCard, other: OracleCard) -> OracleCard:
    """One card read twice with the same rules facts: its set codes and rulings joined, in order."""
    sets = tuple(dict.fromkeys(held.sets + other.sets))
    rulings = held.rulings + tuple(r for r in other.rulings if r not in held.rulings)
    if sets == held.sets and rulings == held.rulings:
        return held
    return replace(held, sets=sets, rulings=tuple(sorted(rulings, key=lambda r: r.date)))


def _first_difference(a: OracleCard, b: OracleCard) -> str:
    for name in FACT_FIELDS:
        if getattr(a, name) != getattr(b, name):
            return name
    return ""


# ---------------------------------------------------------------- merging sources
@dataclass
class CardLibrary:
    """The cards of several files, merged: identical reprints become one card with all their set
    codes; a name two sources print differently is refused unless ``prefer`` says which wins."""

    cards: dict[str, OracleCard] = field(default_factory=dict)
    tokens: tuple[OracleCard, ...] = ()
    sources: list[str] = field(default_factory=list)
    _by_full_name: dict[str, list[str]] = field(default_factory=dict, repr=False)

    def get(self, name: str) -> OracleCard | None:
        """The card called ``name``; for a multi-faced card's whole name ("Fire // Ice"), its
        first face (side "a"). None if no source holds it."""
        found = self.cards.get(name)
        if found is None and isinstance(name, str):
            keys = self._by_full_name.get(name)
            if keys:
                return self.cards[keys[0]]
        return found

    def faces(self, name: str) -> tuple[OracleCard, ...]:
        """Every face of the card ``name`` (a face's name or the whole name), side a first."""
        c = self.get(name)
        if c is None:
            return ()
        return tuple(self.cards[k] for k in self._by_full_name.get(c.name, [c.key]))

    def names(self) -> list[str]:
        """Every name :meth:`get` answers, in the order the sources gave them."""
        return list(self.cards)

    def differences(self, more: CardFile) -> list[tuple[str, str]]:
        """(name, first differing MTGJSON field) for each name ``more`` prints differently from
        this library: the names a merge needs ``prefer`` for."""
        out = []
        for key, c in more.cards.items():
            held = self.cards.get(key)
            if held is not None and held.facts() != c.facts():
                differs = _first_difference(held, c)
                out.append((key, _MTGJSON_FIELD.get(differs, differs)))
        return out

    def merged_with(self, more: CardFile, prefer: Prefer | None = None) -> CardLibrary:
        """A new library holding this one's cards and ``more``'s. Refused, with nothing changed, if
        a name in both is printed differently and ``prefer`` ("kit": keep what this library
        holds; "file": take ``more``'s) doesn't say which wins."""
        if prefer not in (None, "kit", "file"):
            raise CardDataError(f"prefer must be \"kit\" or \"file\" (or None), not {_shown(prefer)}")
        cards = dict(self.cards)
        for key, c in more.cards.items():
            held = cards.get(key)
            if held is None:
                cards[key] = c
            elif held.facts() == c.facts():
                cards[key] = _merged(held, c)
            elif prefer is None:
                differs = _first_difference(held, c)
                raise CardDataError(
                    f"is printed differently here ({differs}: {getattr(c, differs)!r}) than in "
                    f"{_sources_of(held, self.sources)} ({getattr(held, differs)!r}); say which wins: "
                    "prefer=\"kit\" keeps the card the kit holds, prefer=\"file\" takes this file's "
                    "(python -m mtgrules cards import FILE --prefer kit|file)",
                    source=more.source, card=key, field=_MTGJSON_FIELD.get(differs, differs))
            elif prefer == "file":
                cards[key] = c
        tokens = list(self.tokens)
        for t in more.tokens:
            same = next((i for i, k in enumerate(tokens) if k.facts() == t.facts()), None)
            if same is None:
                tokens.append(t)
            else:
                tokens[same] = _merged(tokens[same], t)
        out = CardLibrary(cards=cards, tokens=tuple(tokens), sources=[*self.sources, more.source])
        out._index()
        return out

    def _index(self) -> None:
        full: dict[str, list[str]] = {}
        for key, c in self.cards.items():
            if c.face_name is not None:
                full.setdefault(c.name, []).append(key)
        for keys in full.values():
            keys.sort(key=lambda k: self.cards[k].side or "")
        self._by_full_name = full


_MTGJSON_FIELD = {"face_name": "faceName", "mana_cost": "manaCost", "type_line": "type", "color_indicator":
                  "colorIndicator", "is_token": "types"}
"""A fact's MTGJSON field name, for messages about a file."""


def _sources_of(c: OracleCard, sources: list[str]) -> str:
    if c.sets:
        return "set " + ", ".join(c.sets)
    return sources[-1] if sources else "the kit"


def merge(files: Iterable[CardFile], prefer: Prefer | None = None) -> CardLibrary:
    """The library of ``files`` in order (later files give way unless ``prefer="file"``)."""
    lib = CardLibrary()
    for f in files:
        lib = lib.merged_with(f, prefer)
    return lib


# ---------------------------------------------------------------- the kit's cards
KIT_SETS = ("10E", "M19", "M20", "M21")
"""The sets the kit ships, in the order they are merged (oldest first)."""


def kit_set_paths() -> list[Path]:
    """The shipped set files (package data)."""
    here = Path(__file__).resolve().parent / "data" / "sets"
    return [here / f"{code}.json" for code in KIT_SETS]


def user_cards_dir() -> Path:
    """Where imported card files are kept for later sessions: ``$MTGRULES_CARDS_DIR``, or
    ``mtgrules/cards`` under the user's data folder (``$XDG_DATA_HOME``, ~/.local/share)."""
    given = os.environ.get("MTGRULES_CARDS_DIR")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mtgrules" / "cards"


_LOCK = threading.Lock()
_KIT: list[CardLibrary] = []


def kit_cards() -> CardLibrary:
    """The shipped four sets plus the files the user imported, read once per process, on the
    first call (``import mtgrules`` reads none of it)."""
    if not _KIT:
        with _LOCK:
            if not _KIT:
                _KIT.append(_load_kit())
    return _KIT[0]


def _load_kit() -> CardLibrary:
    from mtgrules.cards.imports import load_with_imports  # the user's folder is read here, not at import
    was = gc.isenabled()
    gc.disable()  # reading makes ~100,000 objects, all kept: collections while reading would only walk them
    try:
        return load_with_imports()
    finally:
        if was:
            gc.enable()


def _set_kit(lib: CardLibrary) -> None:
    """Replace this process's library (after an import)."""
    with _LOCK:
        _KIT[:] = [lib]


def reset_kit_cards() -> None:
    """Forget this process's library, so the next :func:`kit_cards` reads the files again (tests)."""
    with _LOCK:
        _KIT.clear()


def card_fields() -> tuple[str, ...]:
    """The fields of :class:`OracleCard` (for tables and tests)."""
    return tuple(f.name for f in fields(OracleCard))
