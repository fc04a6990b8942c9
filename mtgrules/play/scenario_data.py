"""Reading a scenario file: the one reader behind the BoardEditor's "Load JSON" and
``python -m mtgrules walk``.

A file a teacher saved is bytes from somewhere: another editor, another machine, a log passed by
mistake. Before ``Scenario.from_dict`` checks the board, this module turns those bytes into plain
JSON data, or refuses them in one sentence (a :class:`ScenarioError`) without guessing:

* bytes that aren't UTF-8 are refused, naming the encoding they look like (UTF-16, Latin-1 or
  Windows-1252), never decoded with letters replaced (a UTF-8 byte-order mark is allowed);
* a file longer than ``MAX_CHARS``, or with more than ``MAX_CARDS`` cards, is refused before it is
  built (a class's boards are a few thousand characters; a wrong file would only freeze the
  kernel), and a file on disk is read no further than that, so ``/dev/zero`` is refused at once;
* a field given twice in one mapping is refused (JSON readers keep the last one unseen);
* NaN and Infinity, numbers of more than ``MAX_DIGITS`` digits, and nesting deeper than the
  reader goes are refused.

Only JSON's own values come out (``json.loads``, never ``eval``). Both readers share every check
here, so the same file gets the same sentence in the editor and on the command line.
"""

from __future__ import annotations

import codecs
import json
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mtgrules.core.errors import ScenarioError
from mtgrules.play.scenario_input import shown

MAX_CHARS = 200_000
MAX_CARDS = 400
"""A file longer than this, or with more cards, is refused before it is built."""
MAX_BYTES = 4 * MAX_CHARS
"""The most a file on disk is read (UTF-8 takes at most four bytes a character)."""
MAX_DIGITS = 20
"""A whole number in a file has at most this many digits (a seed of 2**64 has 20): more is no
board's number, and Python can't even print a number of 4,300 digits."""

_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))
_SAVE_AS_UTF8 = "save it again as UTF-8 (the kit reads scenario files as UTF-8 only)"


def decode(raw: bytes) -> str:
    """The text of a file's bytes, which must be UTF-8; anything else is refused, naming the
    encoding it looks like, so no letter is ever replaced without a word."""
    if not isinstance(raw, bytes | bytearray | memoryview):
        raise ScenarioError(f"a scenario file is read from bytes, not {shown(raw)}")
    raw = bytes(raw)
    if raw.startswith(codecs.BOM_UTF8):  # some Windows editors begin UTF-8 with one; it is still UTF-8
        raw = raw[len(codecs.BOM_UTF8):]
    for bom, name in _BOMS:
        if raw.startswith(bom):
            raise ScenarioError(f"it is {name} text, not UTF-8 text (it begins with {name}'s byte-order mark); "
                                f"{_SAVE_AS_UTF8}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        at = err.start
        raise ScenarioError(f"it is not UTF-8 text: byte {at} ({raw[at]:#04x}) isn't UTF-8"
                            f"{_looks_like(raw, at)}; {_SAVE_AS_UTF8}") from None


def _looks_like(raw: bytes, at: int) -> str:
    """Which encoding the bytes look like, as words for the refusal ("" if none is likely)."""
    head = raw[:200]
    if len(head) >= 4 and head.count(0) * 3 >= len(head):  # every other byte 0: two-byte text
        return "; it looks like UTF-16 text without a byte-order mark"
    byte = raw[at:at + 1]
    try:
        letter, name = byte.decode("cp1252"), "Windows-1252 or Latin-1"
    except UnicodeDecodeError:  # five bytes Windows-1252 leaves out
        letter, name = byte.decode("latin-1"), "Latin-1"
    if not letter.isprintable():
        return ""
    return f"; it looks like {name} text, where that byte is {letter!r}"


def read_text(text: Any, what: str = "board") -> Any:
    """The plain data in a file's text, or a :class:`ScenarioError` saying why it isn't JSON the
    kit reads. ``what`` names the file in the sentences ("board", "scenario")."""
    if not isinstance(text, str):
        raise ScenarioError(f"a {what} file is read as text, not {shown(text)}")
    if len(text) > MAX_CHARS:
        raise ScenarioError(f"it is {len(text):,} characters long, more than the {MAX_CHARS:,} a {what} may have")
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant, parse_int=_whole,
                          parse_float=_finite)
    except RecursionError:
        raise ScenarioError(f"it nests lists or mappings too deeply to be a {what}") from None
    except json.JSONDecodeError as err:
        raise ScenarioError(f"it isn't JSON ({err.msg} at line {err.lineno}, column {err.colno})") from None
    cards = data.get("cards") if isinstance(data, Mapping) else None
    if isinstance(cards, list) and len(cards) > MAX_CARDS:
        raise ScenarioError(f"it has {len(cards):,} cards, more than the {MAX_CARDS} a {what} may have")
    return data


def read_bytes(raw: Any, what: str = "board") -> Any:
    """:func:`read_text` of :func:`decode`: an uploaded file's plain data."""
    if isinstance(raw, bytes | bytearray | memoryview) and len(raw) > MAX_BYTES:
        raise ScenarioError(f"it is more than {MAX_BYTES:,} bytes long, more than the {MAX_CHARS:,} characters "
                            f"a {what} may have")
    return read_text(decode(raw), what)


def read_file(path: Path | str, what: str = "scenario") -> Any:
    """The plain data in a file on disk, read no further than a file may be long."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as err:
        raise ScenarioError(f"it can't be read: {err.strerror or type(err).__name__}") from None
    return read_bytes(raw, what)


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A mapping from its pairs, refusing a key given twice (the later one would win unseen)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        counts = Counter(k for k, _ in pairs)
        twice = sorted(k for k, n in counts.items() if n > 1)
        names = ", ".join(repr(k)[:42] for k in twice[:5])
        raise ScenarioError(f"the field(s) {names} are given twice in one mapping")
    return out


def _no_constant(name: str) -> Any:
    raise ScenarioError(f"{name} is not a number JSON has; write a whole number")


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ScenarioError(f"it holds a number of {len(digits.lstrip('-')):,} digits, more than the {MAX_DIGITS} "
                            "any number in a scenario needs")
    return int(digits)


def _finite(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise ScenarioError(f"it holds a number too large to read ({digits[:20]}…)")
    return value
