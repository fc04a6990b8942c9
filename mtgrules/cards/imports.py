"""Card files a user adds to the kit, kept for later sessions.

``import_cards(path)`` reads an MTGJSON set file or AtomicCards (:func:`~mtgrules.cards.mtgjson.read_file`,
so a broken file is refused whole), checks it against the cards the kit already holds (a name
printed differently is refused unless ``prefer`` says which wins), and only then stores a trimmed
copy, holding just the facts the reader keeps, in the user's card folder
(:func:`~mtgrules.cards.mtgjson.user_cards_dir`), with the choice of ``prefer`` noted beside it.
Every later ``kit_cards()`` reads those copies after the kit's own sets, in the order they were
imported. The copy is trimmed so that an AtomicCards download of a hundred megabytes costs a
later session what its rules facts cost, not the file's prices and translations.

The folder holds ``imports.json`` (the list, in order) and one ``NAME.json`` per file. Both are
written to a temporary name and then renamed, so an interrupted import leaves the folder as it
was.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from mtgrules.cards.mtgjson import (
    CardDataError,
    CardDataWarning,
    CardFile,
    CardLibrary,
    OracleCard,
    Prefer,
    _set_kit,
    kit_set_paths,
    merge,
    read_data,
    read_file,
    user_cards_dir,
)

MANIFEST = "imports.json"
"""The list of imported files, in the user's card folder."""


@dataclass(frozen=True)
class StoredImport:
    """One imported file as the manifest records it."""

    file: str
    prefer: Prefer | None
    source: str
    imported_from: str
    imported_on: str


def stored_imports(folder: Path | None = None) -> list[StoredImport]:
    """The files imported so far, in order. A manifest that can't be read is reported with a
    :class:`CardDataWarning` and treated as empty (the kit's own sets still load)."""
    folder = folder or user_cards_dir()
    path = folder / MANIFEST
    if not path.exists():
        return []
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        out = [StoredImport(file=e["file"], prefer=e.get("prefer"), source=e.get("source", ""),
                            imported_from=e.get("imported_from", ""), imported_on=e.get("imported_on", ""))
               for e in raw["imports"]]
        for e in out:
            if not isinstance(e.file, str) or Path(e.file).name != e.file or e.prefer not in (None, "kit", "file"):
                raise ValueError(f"entry {e.file!r}")
    except (OSError, ValueError, KeyError, TypeError) as e:
        warnings.warn(f"{path} can't be read ({e}); the cards imported there are left out until it is fixed "
                      "or removed", CardDataWarning, stacklevel=2)
        return []
    return out


def load_with_imports(folder: Path | None = None) -> CardLibrary:
    """The kit's four sets, then each stored import with the ``prefer`` it was imported with. A
    stored file that no longer reads or merges is left out with a :class:`CardDataWarning`."""
    folder = folder or user_cards_dir()
    lib = merge(read_file(p) for p in kit_set_paths())
    for entry in stored_imports(folder):
        try:
            lib = lib.merged_with(read_file(folder / entry.file), entry.prefer)
        except CardDataError as e:
            warnings.warn(f"the imported card file {folder / entry.file} is left out: {e}", CardDataWarning,
                          stacklevel=2)
    return lib


def import_cards(path: str | os.PathLike[str], prefer: Prefer | None = None) -> CardFile:
    """Check an MTGJSON set file or AtomicCards and keep it for this and later sessions.

    Nothing is stored, and this process's cards are unchanged, if the file is refused: a
    malformed file, or a name it prints differently from the kit's cards (the four sets and the
    earlier imports) while ``prefer`` is None. ``prefer="kit"`` keeps the kit's card for such a
    name, ``prefer="file"`` takes the file's. Importing the same set (or AtomicCards) again
    replaces the earlier import. Returns what the file holds.

    A card already looked up in this process (``card(name)``) stays as it was until the kernel
    restarts."""
    if prefer not in (None, "kit", "file"):
        raise CardDataError(f"prefer must be \"kit\" or \"file\" (or None), not {prefer!r}")
    where = user_cards_dir()
    read = read_file(path)
    stored_name = _stored_name(read)
    earlier = [e for e in stored_imports(where) if e.file != stored_name]
    lib = merge(read_file(p) for p in kit_set_paths())
    for entry in earlier:
        try:
            lib = lib.merged_with(read_file(where / entry.file), entry.prefer)
        except CardDataError:
            continue  # left out at load too (load_with_imports warns)
    merged = lib.merged_with(read, prefer)  # refused here, before anything is written
    trimmed = trimmed_form(read)
    if not _same(read_data(trimmed, str(path)), read):  # never store a copy that reads differently
        raise CardDataError("can't be stored: its trimmed copy would not read the same (please report this)",
                            source=read.source)
    try:
        where.mkdir(parents=True, exist_ok=True)
        _write_json(where / stored_name, trimmed)
        entry = StoredImport(file=stored_name, prefer=prefer, source=read.source,
                             imported_from=str(Path(path).resolve()), imported_on=date.today().isoformat())
        _write_json(where / MANIFEST, {"imports": [vars(e) for e in [*earlier, entry]]})
    except OSError as e:
        raise CardDataError(f"can't be stored in {where} ({e.strerror or e}); set MTGRULES_CARDS_DIR to a folder "
                            "you can write", source=read.source) from None
    _set_kit(merged)  # the same as the next session's kit_cards(): the kit's sets, the earlier imports, this file
    return read


def forget_import(name: str) -> StoredImport:
    """Remove an imported file (by its stored name, "X21.json", or set code, "X21") from later
    sessions and from this process's cards."""
    where = user_cards_dir()
    entries = stored_imports(where)
    wanted = name if name.endswith(".json") else f"{_safe(name)}.json"
    found = next((e for e in entries if e.file == wanted), None)
    if found is None:
        held = ", ".join(e.file.removesuffix(".json") for e in entries) or "none"
        raise CardDataError(f"no imported card file is called {name!r}; the imports are: {held}")
    _write_json(where / MANIFEST, {"imports": [vars(e) for e in entries if e is not found]})
    (where / found.file).unlink(missing_ok=True)
    _set_kit(load_with_imports(where))
    return found


# ---------------------------------------------------------------- the trimmed copy
def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text) or "cards"


def _stored_name(read: CardFile) -> str:
    return f"{_safe(read.code)}.json" if read.kind == "set" and read.code else "AtomicCards.json"


def _face(c: OracleCard, number: int | None) -> dict[str, Any]:
    """One card in MTGJSON's names and shapes, holding only what the reader keeps."""
    out: dict[str, Any] = {"name": c.name, "layout": c.layout, "type": c.type_line,
                           "types": (["Token"] if c.is_token else []) + list(c.types)}
    optional = {"faceName": c.face_name, "side": c.side, "manaCost": c.mana_cost or None, "text": c.text or None,
                "power": c.power, "toughness": c.toughness, "loyalty": c.loyalty, "defense": c.defense}
    out.update({k: v for k, v in optional.items() if v is not None})
    for key, words in (("supertypes", c.supertypes), ("subtypes", c.subtypes), ("colors", c.colors),
                       ("colorIndicator", c.color_indicator), ("keywords", c.keywords)):
        if words:
            out[key] = list(words)
    if c.is_funny:
        out["isFunny"] = True
    out["hasFlavorText"] = c.has_flavor_text
    if c.rulings:
        out["rulings"] = [{"date": r.date, "text": r.text} for r in c.rulings]
    if number is not None:
        out["number"] = str(number)
    return out


def _every_version(read: CardFile) -> list[OracleCard]:
    """Each card then the other versions of a name, in the order the reader keeps them."""
    out = list(read.cards.values())
    for key, versions in read.variants.items():
        out += [v for v in versions if v is not read.cards[key]]
    return out


def trimmed_form(read: CardFile) -> dict[str, Any]:
    """The file as MTGJSON JSON again, with only the facts the kit reads (what is stored)."""
    meta = {**read.meta, "source": read.source, "trimmed_by": "mtgrules (the facts mtgrules.cards.mtgjson reads)"}
    if read.kind == "set":
        cards = [_face(c, i + 1) for i, c in enumerate(_every_version(read))]
        data: dict[str, Any] = {"code": read.code, "cards": cards,
                                "tokens": [_face(t, i + 1) for i, t in enumerate(read.tokens)]}
        if read.set_name:
            data["name"] = read.set_name
        return {"meta": meta, "data": data}
    atomic: dict[str, list[dict[str, Any]]] = {}
    for c in _every_version(read):
        atomic.setdefault(c.name, []).append(_face(c, None))
    return {"meta": meta, "data": atomic}


def _same(a: CardFile, b: CardFile) -> bool:
    return (a.cards, a.tokens, a.variants, a.source) == (b.cards, b.tokens, b.variants, b.source)


def _write_json(path: Path, data: Any) -> None:
    with _replacing(path) as f:
        json.dump(data, f, ensure_ascii=False, indent=None, separators=(",", ":"))


@contextmanager
def _replacing(path: Path) -> Iterator[Any]:
    """Write ``path`` through a temporary file renamed over it: all of it or none."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            yield f
        os.chmod(tmp, 0o644)  # a data file like any other (mkstemp makes it private)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
