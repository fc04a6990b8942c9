"""``python -m mtgrules cards ...``: list the kit's card data, import an MTGJSON file, forget one.

Kept apart from :mod:`mtgrules.cli` so the card-data commands grow here; ``cli.parser`` only adds
this subcommand."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mtgrules.core.wording import counted

if TYPE_CHECKING:
    from mtgrules.cards.mtgjson import Ruling


def _plain(text: str) -> str:
    return text.casefold().replace("\u2019", "'")


def search_official_rulings(text: str = "") -> list[tuple[str, Ruling, tuple[str, ...]]]:
    """(card name, ruling, the card's sets) for each official ruling whose words or card name
    contain ``text`` (any case; a straight apostrophe matches Gatherer's curly one). The faces of
    one card share their rulings: each is given once."""
    from mtgrules.cards.mtgjson import kit_cards
    needle = _plain(text)
    out: list[tuple[str, Ruling, tuple[str, ...]]] = []
    seen: set[tuple[str, Ruling]] = set()
    for c in kit_cards().cards.values():
        in_name = needle in _plain(c.name)
        for r in c.rulings:
            if (in_name or needle in _plain(r.text)) and (c.name, r) not in seen:
                seen.add((c.name, r))
                out.append((c.name, r, c.sets))
    return out


def cmd_cards_list(args: argparse.Namespace) -> int:
    from mtgrules.cards.mtgjson import kit_cards
    lib = kit_cards()
    wanted = args.set.upper() if args.set else None
    shown = [c for c in lib.cards.values() if wanted is None or wanted in c.sets]
    if wanted is not None and not shown:
        codes = sorted({code for c in lib.cards.values() for code in c.sets})
        print(f"no card is from a set {args.set!r}; the sets are: {', '.join(codes)}", file=sys.stderr)
        return 1
    for c in shown:
        name = c.key if c.face_name is None else f"{c.key}  (face {c.side or '?'} of {c.name}, {c.layout})"
        print(f"{name:44} {c.mana_cost or '—':14} {c.type_line:40} {' '.join(c.sets) or '(AtomicCards)'}")
    print(f"{counted(len(shown), 'card')}" + (f" in {wanted}" if wanted else f" from {len(lib.sources)} files"),
          file=sys.stderr)
    return 0


def cmd_cards_import(args: argparse.Namespace) -> int:
    from mtgrules.cards.imports import import_cards
    from mtgrules.cards.mtgjson import CardDataError, kit_cards, read_file, user_cards_dir
    try:
        if args.prefer:  # say what the choice decides before it is made
            differs = kit_cards().differences(read_file(args.file))
        read = import_cards(args.file, prefer=args.prefer)
    except CardDataError as e:
        print(f"not imported: {e}", file=sys.stderr)
        return 1
    print(f"imported {read.source}: {counted(len(read.cards), 'card')}, {counted(len(read.tokens), 'token')}; "
          f"kept in {user_cards_dir()} for later sessions")
    if args.prefer and differs:
        winner = "this file's" if args.prefer == "file" else "the kit's"
        names = ", ".join(name for name, _ in differs[:5]) + (", ..." if len(differs) > 5 else "")
        print(f"{counted(len(differs), 'name')} printed differently: {winner} card is used ({names})")
    if read.variants:
        print(f"{counted(len(read.variants), 'name')} printed in several versions in the file: the first "
              f"(lowest collector number) is used ({', '.join(list(read.variants)[:5])})")
    if read.unknown_layouts:
        layouts = sorted({layout for _, layout in read.unknown_layouts})
        print(f"{counted(len(read.unknown_layouts), 'card')} with a layout the kit doesn't know "
              f"({', '.join(layouts)}): read as printed")
    if read.skipped:
        print(f"{counted(len(read.skipped), 'entry', 'entries')} left out: {read.skipped[0][1]}")
    return 0


def cmd_cards_imports(args: argparse.Namespace) -> int:
    from mtgrules.cards.imports import stored_imports
    from mtgrules.cards.mtgjson import user_cards_dir
    entries = stored_imports()
    for e in entries:
        prefer = f", prefer {e.prefer}" if e.prefer else ""
        print(f"{e.file.removesuffix('.json'):14} {e.source}  (imported {e.imported_on} from {e.imported_from}{prefer})")
    print(f"{counted(len(entries), 'file')} imported, in {user_cards_dir()}", file=sys.stderr)
    return 0


def cmd_cards_remove(args: argparse.Namespace) -> int:
    from mtgrules.cards.imports import forget_import
    from mtgrules.cards.mtgjson import CardDataError
    try:
        gone = forget_import(args.name)
    except CardDataError as e:
        print(str(e), file=sys.stderr)
        return 1
    print(f"removed {gone.source} ({gone.file})")
    return 0


def cmd_cards_coverage(args: argparse.Namespace) -> int:
    from mtgrules.cards.mtgjson import kit_cards
    from mtgrules.cards.oracle.coverage import report
    codes = sorted({code for c in kit_cards().cards.values() for code in c.sets})
    if args.set and args.set.upper() not in codes:
        print(f"no set {args.set!r} in the kit's card data; the sets are: {', '.join(codes)}", file=sys.stderr)
        return 1
    print(report(args.set, top=max(1, args.top)))
    return 0


def add_cards_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``cards`` subcommand and its own subcommands."""
    s = sub.add_parser("cards", help="the kit's card data: list it, import an MTGJSON file",
                       description="The cards the kit reads from MTGJSON: its four core sets (10E, M19, M20, "
                                   "M21) and any set file or AtomicCards you import.")
    cards = s.add_subparsers(dest="cards_command", required=True, metavar="ACTION")
    c = cards.add_parser("list", help="list the cards, or one set's", description="List every card: name, "
                         "mana cost, type line and the sets it was read from.")
    c.add_argument("--set", metavar="CODE", help="only the cards of this set, e.g. M21")
    c.set_defaults(run=cmd_cards_list)
    c = cards.add_parser("import", help="check an MTGJSON file and keep it for later sessions",
                         description="Check an MTGJSON v5 set file (e.g. M10.json from mtgjson.com) or "
                                     "AtomicCards.json, then keep a copy of its rules facts in your card folder "
                                     "($MTGRULES_CARDS_DIR, or ~/.local/share/mtgrules/cards), so every later "
                                     "session has its cards. A broken file is refused, naming the card and "
                                     "field. A card the file prints differently from the kit's (another "
                                     "cost, newer wording) is refused unless --prefer says which wins.")
    c.add_argument("file", metavar="FILE", help="the MTGJSON file (JSON, only read)")
    c.add_argument("--prefer", choices=("kit", "file"),
                   help="for a name printed differently: keep the kit's card, or take the file's")
    c.set_defaults(run=cmd_cards_import)
    c = cards.add_parser("imports", help="list the files imported so far",
                         description="List the imported files, in the order they are read.")
    c.set_defaults(run=cmd_cards_imports)
    c = cards.add_parser("remove", help="forget an imported file",
                         description="Remove an imported file, by its set code (or AtomicCards), from later "
                                     "sessions.")
    c.add_argument("name", metavar="CODE", help="the set code, as `cards imports` lists it")
    c.set_defaults(run=cmd_cards_remove)
    c = cards.add_parser("coverage", help="how many cards the Oracle compiler plays, per set",
                         description="For each set: the cards fully played, partly played (some lines marked "
                                     "'not played', with the reason) and not played, then the most common lines "
                                     "not played yet. docs/cards.md is this report.")
    c.add_argument("--set", metavar="CODE", help="only this set, e.g. M21")
    c.add_argument("--top", type=int, default=25, help="how many missing templates to list (default 25)")
    c.set_defaults(run=cmd_cards_coverage)
