"""The meanings of the kit's own card lines, parsed once when the grammar changes and shipped with
the kit (``ir_cache.json``), so compiling all four sets doesn't run the Earley parser 1,800 times.

Why it can be trusted: the file is keyed by a hash of everything that decides a line's meaning
(the grammar, the normaliser, the core transformer and every topic module). A kit whose key
differs reads nothing from the file and parses every line itself; ``tests/test_card_coverage.py``
fails when the file is stale, and ``python -m mtgrules.cards.oracle.docs`` writes it again. A
line whose meaning doesn't survive JSON exactly (``from_json(to_json(ir)) == ir``) is never
cached. A teacher's imported card, whose lines aren't in the file, is parsed as it always was.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from typing import Any

from mtgrules.cards.oracle.registry import IR

_SOURCES = ("grammar.lark", "normalize.py", "parse.py", "registry.py")
NOT_A_TEMPLATE = "not a template"


def key() -> str:
    """A hash of every file that decides what a line means."""
    root = resources.files("mtgrules.cards.oracle")
    h = hashlib.sha256()
    names = list(_SOURCES) + sorted(f"topics/{p.name}" for p in root.joinpath("topics").iterdir()
                                    if p.name.endswith(".py"))
    for name in names:
        part = root
        for piece in name.split("/"):
            part = part.joinpath(piece)
        h.update(name.encode() + b"\0" + part.read_bytes() + b"\0")
    return h.hexdigest()


def to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"an IR part of kind {type(value).__name__} isn't cached")


def from_json(value: Any) -> Any:
    return tuple(from_json(v) for v in value) if isinstance(value, list) else value


@cache
def cached_lines() -> dict[str, Any]:
    """``{normalised line: IR as JSON, or [NOT_A_TEMPLATE, reason]}`` when the file matches this kit."""
    try:
        data = json.loads(resources.files("mtgrules.cards.oracle").joinpath("ir_cache.json").read_text("utf-8"))
    except FileNotFoundError:
        return {}
    if not isinstance(data, dict) or data.get("key") != key():
        return {}
    lines = data.get("lines")
    return lines if isinstance(lines, dict) else {}


def lookup(normalised: str) -> IR | str | None:
    """The cached IR of a line, its NotATemplate reason (a str), or None if it isn't cached."""
    found = cached_lines().get(normalised)
    if found is None:
        return None
    if isinstance(found, list) and found[:1] == [NOT_A_TEMPLATE]:
        return str(found[1])
    ir: IR = from_json(found)
    return ir


def build(lines: list[str]) -> dict[str, Any]:
    """The file's contents for these normalised lines, parsed now."""
    from mtgrules.cards.oracle.parse import NotATemplate, parse

    out: dict[str, Any] = {}
    for line in sorted(set(lines)):
        try:
            ir = parse(line)
        except NotATemplate as e:
            out[line] = [NOT_A_TEMPLATE, str(e)]
            continue
        try:
            encoded = to_json(ir)
        except TypeError:
            continue
        if from_json(encoded) == ir:
            out[line] = encoded
    return {"key": key(), "lines": out}
