"""The catalog of rulings the kit teaches, loaded from ``mtgrules/catalog/data/rulings.json``.

Why a catalog: every ruling the kit was asked to teach has an ID (MANA-1, OMDB-4, NEY-7, ...).
Tests mark themselves with ``@pytest.mark.ruling("ID")``, lessons name the IDs they walk through,
and the catalog records for each ID the exact ruling text, where it comes from, the
Comprehensive Rules numbers it rests on and how far the kit has got with it (engine scenario,
test, lesson). A ruling the kit can't play yet stays in the catalog, marked not done.

Why validate on load: the JSON is edited by hand as work progresses. A missing field, a
duplicated ID or a mistyped rule number would otherwise surface later as a confusing error in a
notebook; here it stops the load with a ``ValueError`` naming the entry and the field.

This module uses only the standard library so that ``import mtgrules`` stays light.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from mtgrules.catalog import rules_index
from mtgrules.core.errors import MtgRulesError

__all__ = [
    "Ruling",
    "Status",
    "catalog_ids",
    "load_catalog",
    "parse_catalog",
    "ruling",
]

_DATA_PACKAGE = "mtgrules.catalog"
_ID_PATTERN = re.compile(r"[A-Z]+-[1-9][0-9]*")
_STATUS_FIELDS = ("engine", "test", "lesson")


@dataclass(frozen=True)
class Status:
    """How far the kit has got with one ruling.

    A ruling counts as done only when all three hold: the engine plays a scenario showing it
    (``engine``), a marked test asserts its outcome (``test``) and a lesson notebook walks
    through it (``lesson``).
    """

    engine: bool
    test: bool
    lesson: bool

    @property
    def done(self) -> bool:
        """True when scenario, test and lesson all exist."""
        return self.engine and self.test and self.lesson


@dataclass(frozen=True)
class Ruling:
    """One ruling the kit teaches, with its exact text and where it comes from.

    ``quote`` is the ruling paragraph exactly as published, curly quotes included, so lessons
    can show it verbatim. ``card`` is None for the general mana and symbol notes that are printed
    on every seed card's page. ``outside_cr`` is True for silver-bordered Unstable cards, which
    rule 100.7 places outside the Comprehensive Rules; their ``cr`` numbers are the rules the
    ruling leans on, not rules that govern it. ``lesson`` names the notebook once one exists.
    """

    id: str
    topic: str
    card: str | None
    seeds: tuple[str, ...]
    quote: str
    source: str
    cr: tuple[str, ...]
    outside_cr: bool
    shows: str
    status: Status
    lesson: str | None

    @property
    def citations(self) -> tuple[str, ...]:
        """The ruling's rule numbers formatted for display, e.g. ("CR 106.5",)."""
        return tuple(rules_index.cite(number) for number in self.cr)


_FIELDS = (
    "id",
    "topic",
    "card",
    "seeds",
    "quote",
    "source",
    "cr",
    "outside_cr",
    "shows",
    "status",
    "lesson",
)


def _fail(index: int, entry_id: object, field: str | None, problem: str) -> ValueError:
    who = f"rulings.json entry {index}"
    if isinstance(entry_id, str) and entry_id:
        who += f" ({entry_id})"
    where = f", field {field!r}" if field else ""
    return ValueError(f"{who}{where}: {problem}")


def _text(value: object, *, allow_none: bool = False) -> bool:
    if value is None:
        return allow_none
    return isinstance(value, str) and value.strip() != ""


def _string_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(_text(item) for item in value)


def _parse_entry(index: int, entry: object) -> Ruling:
    if not isinstance(entry, Mapping):
        raise _fail(index, None, None, f"expected an object, got {type(entry).__name__}")
    entry_id = entry.get("id")

    missing = [name for name in _FIELDS if name not in entry]
    if missing:
        raise _fail(index, entry_id, missing[0], f"missing (required fields: {', '.join(missing)})")
    unknown = sorted(set(entry) - set(_FIELDS))
    if unknown:
        raise _fail(index, entry_id, unknown[0], "unknown field (misspelt?)")

    if not isinstance(entry_id, str) or not _ID_PATTERN.fullmatch(entry_id):
        raise _fail(index, entry_id, "id", f"{entry_id!r} is not an ID like 'MANA-1'")
    for name in ("topic", "quote", "source", "shows"):
        if not _text(entry[name]):
            raise _fail(index, entry_id, name, "must be a non-empty string")
    for name in ("card", "lesson"):
        if not _text(entry[name], allow_none=True):
            raise _fail(index, entry_id, name, "must be a non-empty string or null")
    if not _string_list(entry["seeds"]):
        raise _fail(index, entry_id, "seeds", "must be a non-empty list of file names")
    if not isinstance(entry["outside_cr"], bool):
        raise _fail(index, entry_id, "outside_cr", "must be true or false")

    numbers = entry["cr"]
    if not _string_list(numbers):
        raise _fail(index, entry_id, "cr", "must be a non-empty list of rule numbers as strings")
    for number in numbers:
        if not rules_index.is_well_formed(number):
            raise _fail(index, entry_id, "cr", f"{number!r} is not a well-formed rule number")
        if number not in rules_index.RULES:
            raise _fail(
                index,
                entry_id,
                "cr",
                f"rule {number} is not in the kit's rules index (mtgrules.catalog.rules_index)",
            )

    status = entry["status"]
    if not isinstance(status, Mapping) or set(status) != set(_STATUS_FIELDS):
        raise _fail(index, entry_id, "status", f"must be an object with exactly {list(_STATUS_FIELDS)}")
    if not all(isinstance(status[name], bool) for name in _STATUS_FIELDS):
        raise _fail(index, entry_id, "status", "engine, test and lesson must be true or false")

    return Ruling(
        id=entry_id,
        topic=entry["topic"],
        card=entry["card"],
        seeds=tuple(entry["seeds"]),
        quote=entry["quote"],
        source=entry["source"],
        cr=tuple(numbers),
        outside_cr=entry["outside_cr"],
        shows=entry["shows"],
        status=Status(**{name: status[name] for name in _STATUS_FIELDS}),
        lesson=entry["lesson"],
    )


def parse_catalog(entries: Iterable[Any]) -> tuple[Ruling, ...]:
    """Validate raw catalog entries (the decoded JSON list) and build ``Ruling`` objects.

    Raises ``ValueError`` naming the entry (position and ID) and the field at fault. Exposed
    separately from ``load_catalog`` so the validation can be exercised on hand-made data.
    """
    if isinstance(entries, (str, bytes, Mapping)) or not isinstance(entries, Iterable):
        raise ValueError("rulings.json must hold a list of ruling entries")
    rulings: list[Ruling] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        parsed = _parse_entry(index, entry)
        if parsed.id in seen:
            raise _fail(index, parsed.id, "id", f"duplicate of entry {seen[parsed.id]}")
        seen[parsed.id] = index
        rulings.append(parsed)
    if not rulings:
        raise ValueError("rulings.json holds no rulings")
    return tuple(rulings)


@functools.cache
def load_catalog() -> tuple[Ruling, ...]:
    """All rulings, in the order of the kit's specification (RULINGS.md).

    Read once from the package data with importlib.resources, so it works from a source
    checkout, an installed wheel or a zip alike. The result is cached; it is immutable.
    """
    try:
        resource = resources.files(_DATA_PACKAGE) / "data" / "rulings.json"
    except NotADirectoryError:
        # An editable install made while mtgrules had no __init__.py registers it as a
        # namespace package, which importlib.resources on Python 3.11 can't read. The data
        # file sits next to this module either way.
        resource = Path(__file__).resolve().parent / "data" / "rulings.json"
    with resource.open("r", encoding="utf-8") as handle:
        raw = json.load(handle)
    return parse_catalog(raw)


@functools.cache
def _by_id() -> dict[str, Ruling]:
    return {entry.id: entry for entry in load_catalog()}


def catalog_ids() -> tuple[str, ...]:
    """Every ruling ID, in catalog order."""
    return tuple(entry.id for entry in load_catalog())


def ruling(ruling_id: str) -> Ruling:
    """Look up one ruling by its ID, e.g. ``ruling("NEY-5")``."""
    try:
        return _by_id()[ruling_id]
    except (KeyError, TypeError):
        near = difflib.get_close_matches(str(ruling_id).upper(), catalog_ids(), n=3)
        hint = f"did you mean {', '.join(repr(n) for n in near)}? " if near else ""
        raise UnknownRuling(f"no ruling {ruling_id!r} in the kit's catalog; {hint}known IDs: "
                            f"{', '.join(catalog_ids())}") from None


class UnknownRuling(MtgRulesError, KeyError):
    """``show_ruling("NEY-99")``: no such ruling. One sentence in a notebook, not a traceback through
    the catalog; still a ``KeyError``, as it was before."""

    def __str__(self) -> str:  # a KeyError's str() is the repr of its key: keep the sentence as written
        return str(self.args[0])
