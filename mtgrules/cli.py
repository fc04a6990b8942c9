"""The ``python -m mtgrules`` command line: list the lessons, search the rulings, build the handout
site, and walk a scenario described in a JSON file.

It is a thin front over the kit's own functions, so what it prints is what the lessons and tests
use. A scenario file is read as JSON data only (``json.load``): nothing in it is ever evaluated.
Each subcommand has its own ``--help``.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtgrules.classroom.notebook import lesson_notebooks, lessons_by_notebook
from mtgrules.core.errors import MtgRulesError
from mtgrules.core.wording import counted

if TYPE_CHECKING:
    from mtgrules.catalog.rulings import Ruling
    from mtgrules.core.state import GameState
    from mtgrules.play.scenario import Scenario
    from mtgrules.play.timeline import Timeline

# The notebooks folder of a source checkout, next to the package (a wheel has none).
DEFAULT_NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


class WalkError(ValueError):
    """A scenario file that can't be played: the message names the entry and field."""


# ---------------------------------------------------------------- lessons and rulings
def cmd_lessons(args: argparse.Namespace) -> int:
    notebooks = Path(args.notebooks)
    names = [p.stem for p in lesson_notebooks(notebooks)] if notebooks.is_dir() else []
    by_lesson = lessons_by_notebook()
    for name in sorted(set(names) | set(by_lesson)):
        ids = by_lesson.get(name, [])
        print(f"{name:32} {', '.join(ids) if ids else '—'}")
    return 0


def search_rulings(text: str = "") -> list[Ruling]:
    """Rulings whose id, topic, card, quote, source or rule numbers contain ``text`` (any case)."""
    from mtgrules.catalog.rulings import load_catalog
    needle = text.casefold()
    return [r for r in load_catalog()
            if needle in " ".join((r.id, r.topic, r.card or "", r.quote, r.source, " ".join(r.cr))).casefold()]


def cmd_rulings(args: argparse.Namespace) -> int:
    found = search_rulings(" ".join(args.text))
    width = max(40, min(100, _columns() - 4))
    for r in found:
        card = f" — {r.card}" if r.card else ""
        print(f"{r.id}{card}  (CR {', '.join(r.cr)}; lesson {r.lesson or '—'})")
        print(textwrap.fill(r.quote, width, initial_indent="    ", subsequent_indent="    "))
    if not found:
        print(f"no ruling mentions {' '.join(args.text)!r}", file=sys.stderr)
        return 1
    return 0


def _columns() -> int:
    import shutil
    return shutil.get_terminal_size((100, 24)).columns


# ---------------------------------------------------------------- handouts
def cmd_handouts(args: argparse.Namespace) -> int:
    from mtgrules.classroom.handouts import build_site
    try:
        index = build_site(Path(args.notebooks), Path(args.out), lessons=args.lesson or None,
                           progress=not args.quiet)
    except OSError as err:  # a lesson that doesn't exist, or a folder that can't be written
        print(f"mtgrules handouts: {err}", file=sys.stderr)
        return 2
    print(f"handouts written: {index}")
    return 0


# ---------------------------------------------------------------- present
def cmd_present(args: argparse.Namespace) -> int:
    import os

    from mtgrules.classroom.notebook import find_lesson
    from mtgrules.classroom.present import voila_command, voila_env, write_presentation
    try:
        path = find_lesson(Path(args.notebooks), args.lesson)
    except FileNotFoundError as err:
        print(f"mtgrules present: {err}", file=sys.stderr)
        return 2
    target = write_presentation(path, Path(args.out))
    if args.prepare_only:
        print(target)
        return 0
    cmd = voila_command(target, args.port, open_browser=not args.no_browser)
    print("running: " + " ".join(cmd), flush=True)
    os.execve(cmd[0], cmd, voila_env())  # Voila takes over this process; Ctrl-C stops it
    return 0  # not reached


# ---------------------------------------------------------------- walk
ACTION_FIELDS: dict[str, set[str]] = {
    "activate": {"player", "source", "ability", "x", "targets", "hybrid", "choices"},
    "cast": {"player", "card", "x", "targets", "hybrid", "choices"},
    "pass": {"player", "choices"},
    "attack": {"player", "attackers", "choices"},
    "block": {"player", "blocks", "choices"},
    "go_to": {"step", "player", "choices"},
}


def load_scenario(path: Path) -> tuple[Scenario, list[Any]]:
    """The scenario and its actions from a JSON file: the board as ``Scenario.from_dict`` reads it,
    plus an optional ``"actions"`` list (see ``walk --help``)."""
    from mtgrules.play.scenario import Scenario
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise WalkError(f"{path}: not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise WalkError(f"{path}: not UTF-8 text (byte {err.start}); save the scenario as UTF-8 JSON") from None
    except RecursionError:
        raise WalkError(f"{path}: lists or objects nested too deeply to read; a scenario is a few levels deep") from None
    except ValueError as err:  # an integer literal of thousands of digits (Python's int limit)
        raise WalkError(f"{path}: a number too large to read ({str(err).split(':')[0]})") from None
    if not isinstance(data, dict):
        raise WalkError(f"{path}: a scenario file holds one JSON object, not {type(data).__name__}")
    actions = data.pop("actions", [])
    if not isinstance(actions, list):
        raise WalkError(f"{path}: 'actions' must be a list")
    _check_types(data, path)
    return Scenario.from_dict(data), actions


# The JSON type each scenario field must have, so a quoted number or a list where a string belongs is
# named here rather than failing deep inside the engine (or being read as a truthy "yes").
SCENARIO_TYPES: dict[str, tuple[type, str]] = {
    "title": (str, "a string"), "players": (list, "a list of names"), "teams": (dict, "an object"),
    "turn": (int, "a whole number"), "active": (str, "a player's name"), "step": (str, "a step's name"),
    "format": (str, "a string"), "life": (int, "a whole number"), "seed": (int, "a whole number"),
    "cards": (list, "a list of objects"), "mana": (dict, 'an object such as {"Alice": "GG"}'),
}
CARD_TYPES: dict[str, tuple[type, str]] = {
    "card": (str, "a card's name"), "controller": (str, "a player's name"), "owner": (str, "a player's name"),
    "zone": (str, "a zone's name"), "tapped": (bool, "true or false"), "sick": (bool, "true or false"),
    "counters": (dict, 'an object such as {"+1/+1": 2}'), "attached_to": (int, "an object id"),
    "chosen": (dict, 'an object such as {"color": "G"}'),
}


def _check_type(value: Any, kind: tuple[type, str], where: str) -> None:
    expected, text = kind
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise WalkError(f"{where} must be {text}, not {json.dumps(value)}")


def _check_types(data: Mapping[str, Any], path: Path) -> None:
    """Each known field of the scenario and of its cards has the JSON type it needs."""
    for key, kind in SCENARIO_TYPES.items():
        if key in data:
            _check_type(data[key], kind, f"{path}: '{key}'")
    for i, entry in enumerate(data.get("cards", [])):
        for key, kind in CARD_TYPES.items():
            if isinstance(entry, Mapping) and key in entry:
                _check_type(entry[key], kind, f"{path}: cards[{i}] '{key}'")
    for i, name in enumerate(data.get("players", [])):
        _check_type(name, (str, "a player's name"), f"{path}: players[{i}]")
    for player, symbols in data.get("mana", {}).items():
        _check_type(symbols, (str, 'a string of mana symbols such as "GG"'), f"{path}: mana for {player!r}")


def _whole(entry: Mapping[str, Any], key: str, where: str) -> int:
    """A whole-number field of an action (``x``, ``ability``), 0 when absent."""
    value = entry.get(key, 0)
    _check_type(value, (int, "a whole number"), f"{where} '{key}'")
    return int(value)


def _target(state: GameState, value: Any, where: str) -> int | str:
    """A target: a player by name (115.1, as ``targets=("Bob",)`` names one), or an object as
    :func:`_ref` reads it. A name that is both a player's and a card's is refused as ambiguous."""
    players = {p.name for p in state.players}
    if isinstance(value, str) and value in players:
        if any(o.card == value for o in state.objects):
            raise WalkError(f"{where}: {value!r} names both a player and a card; name the card by its id (#n)")
        return value
    if isinstance(value, str) and not value.removeprefix("#").isdigit() and not any(o.card == value for o in state.objects):
        raise WalkError(f"{where}: no player or object is named {value!r}; the players are {', '.join(sorted(players))}")
    return _ref(state, value, where)


def _ref(state: GameState, value: Any, where: str) -> int:
    """An object named by its id (as the tables show it: ``#3``) or by a card name held by
    exactly one object."""
    if isinstance(value, bool):
        raise WalkError(f"{where}: {value!r} is not an object id or card name")
    if isinstance(value, int):
        if value not in {o.oid for o in state.objects}:
            raise WalkError(f"{where}: there is no object #{value}")
        return value
    if isinstance(value, str):
        text = value.removeprefix("#")
        if text.isdigit():
            return _ref(state, int(text), where)
        matches = [o.oid for o in state.objects if o.card == value]
        if len(matches) == 1:
            return int(matches[0])
        problem = "no object is" if not matches else f"{len(matches)} objects are"
        raise WalkError(f"{where}: {problem} named {value!r}; name it by its id (#n) instead")
    raise WalkError(f"{where}: {value!r} is not an object id or card name")


def _choices(entry: Mapping[str, Any], where: str) -> dict[str, Any]:
    choices = entry.get("choices", {})
    if not isinstance(choices, Mapping):
        raise WalkError(f"{where}: 'choices' must be an object")
    return {str(k).replace(" ", "_"): v for k, v in choices.items()}


def make_action(state: GameState, entry: Any, where: str) -> tuple[str, Any]:
    """One action (or ``go_to``) from its JSON entry; returns ("do", action) or ("go_to", kwargs)."""
    from mtgrules.core.actions import activate, cast, pass_priority
    from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
    if not isinstance(entry, Mapping) or entry.get("do") not in ACTION_FIELDS:
        raise WalkError(f"{where}: each action is an object whose 'do' is one of {sorted(ACTION_FIELDS)}")
    kind = entry["do"]
    extra = set(entry) - ACTION_FIELDS[kind] - {"do"}
    if extra:
        raise WalkError(f"{where} ({kind}): unknown field(s) {sorted(extra)}; "
                        f"expected some of {sorted(ACTION_FIELDS[kind])}")
    if kind != "go_to" and not isinstance(entry.get("player"), str):
        raise WalkError(f"{where} ({kind}): 'player' (a player's name) is required")
    choices = _choices(entry, where)
    if "hybrid" in entry:
        _check_type(entry["hybrid"], (str, 'a string of colours, such as "G"'), f"{where} 'hybrid'")
    for key in ("targets", "attackers"):
        if isinstance(entry.get(key), str | int):
            raise WalkError(f"{where} ({kind}): '{key}' is a list, even of one: [{json.dumps(entry[key])}]")
    targets = tuple(_target(state, t, f"{where} targets") for t in entry.get("targets", []))
    if kind == "activate":
        return "do", activate(entry["player"], _ref(state, entry.get("source"), f"{where} source"),
                              _whole(entry, "ability", where), x=_whole(entry, "x", where), targets=targets,
                              hybrid=entry.get("hybrid"), **choices)
    if kind == "cast":
        return "do", cast(entry["player"], _ref(state, entry.get("card"), f"{where} card"), x=_whole(entry, "x", where),
                          targets=targets, hybrid=entry.get("hybrid"), **choices)
    if kind == "pass":
        return "do", pass_priority(entry["player"], **choices)
    if kind == "attack":
        attackers = entry.get("attackers", [])
        if isinstance(attackers, Mapping):
            pairs = {_ref(state, k, f"{where} attackers"): v for k, v in attackers.items()}
            return "do", declare_attackers(entry["player"], pairs, **choices)
        return "do", declare_attackers(entry["player"], [_ref(state, a, f"{where} attackers") for a in attackers],
                                       **choices)
    if kind == "block":
        blocks = entry.get("blocks", {})
        if not isinstance(blocks, Mapping):
            raise WalkError(f"{where} (block): 'blocks' maps each blocker to the attacker it blocks")
        return "do", declare_blockers(entry["player"], {_ref(state, b, f"{where} blocker"): _ref(state, a, f"{where} attacker")
                                                        for b, a in blocks.items()}, **choices)
    if not isinstance(entry.get("step"), str):
        raise WalkError(f"{where} (go_to): 'step' (such as \"declare blockers\") is required")
    return "go_to", {"step": entry["step"], "player": entry.get("player"), **choices}


def play(scenario: Scenario, actions: Sequence[Any]) -> Timeline:
    """The timeline of a scenario with its actions played; a refused action becomes a refused
    step citing its rule, as in the lessons."""
    from mtgrules.play.verbs import go_to
    t = scenario.timeline()
    for i, entry in enumerate(actions):
        try:
            kind, value = make_action(t.state, entry, f"actions[{i}]")
        except WalkError:
            raise
        except (ValueError, TypeError) as err:  # a value the action's constructor can't read
            raise WalkError(f"actions[{i}]: {err}") from None
        if kind == "go_to":
            step = value.pop("step")
            player = value.pop("player")
            try:
                go_to(t, step, player, **value)
            except (RuntimeError, ValueError) as err:
                raise WalkError(f"actions[{i}] (go_to): {err}") from None
        else:
            t.attempt(value)
    return t


def steps_text(timeline: Timeline, width: int = 100, quiet: bool = False) -> str:
    """The step table as terminal text: each step's number and title, then what happened with
    its rules, wrapped to ``width``. Steps where a player only passed are folded unless ``quiet``."""
    lines = [timeline.title or "Scenario", ""]
    folded = 0
    for f in timeline:
        if f.index and f.is_quiet and not quiet:
            folded += 1
            continue
        lines.append(f"{f.index:>3}  {f.title()}")
        lines.append(textwrap.fill(f.narration(), width, initial_indent="     ", subsequent_indent="     "))
    if folded:
        lines.append(f"\n({counted(folded, 'step')} where a player only passed priority "
                     "left out; --all shows them)")
    return "\n".join(lines)


def cmd_walk(args: argparse.Namespace) -> int:
    try:
        scenario, actions = load_scenario(Path(args.scenario))
        t = play(scenario, actions)
    except (WalkError, MtgRulesError, OSError) as err:  # a refusal, a missing choice, a bad scenario
        print(f"mtgrules walk: {err}", file=sys.stderr)
        return 2
    print(steps_text(t, max(40, _columns() - 2), quiet=args.all))
    if args.state:
        import pandas as pd

        from mtgrules.views import state_table
        with pd.option_context("display.width", _columns(), "display.max_columns", None):
            print("\nFinal state:\n" + state_table(t.state).to_string())
    return 0


# ---------------------------------------------------------------- the parser
WALK_EPILOG = """\
The file is JSON: the board as Scenario.from_dict reads it ("title", "players", "step",
"cards": [{"card": "Forest", "controller": "Alice"}, ...], "mana", ...), plus an optional
"actions" list played in order. Objects are named by id (1 for the first card, as the tables
show "#1") or by a card name only one object has; a target may also be a player, by name
("targets": ["Bob"]). Actions:
  {"do": "activate", "player": "Alice", "source": "Forest", "ability": 0, "choices": {"color": "G"}}
  {"do": "cast", "player": "Alice", "card": "Giant Growth", "targets": ["Grizzly Bears"]}
  {"do": "pass", "player": "Bob"}
  {"do": "go_to", "step": "declare attackers"}
  {"do": "attack", "player": "Alice", "attackers": ["Grizzly Bears"]}
  {"do": "block", "player": "Bob", "blocks": {"Walking Corpse": "Grizzly Bears"}}
A refused action is shown as a refused step with its rule; the state is left unchanged."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m mtgrules",
                                description="The mtgrules teaching kit: lessons, rulings, handouts, scenarios.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("lessons", help="list the lessons with the rulings each teaches",
                       description="List the lesson notebooks with the ids of the rulings each walks through.")
    s.add_argument("--notebooks", default=str(DEFAULT_NOTEBOOKS), help="the notebooks folder (default: %(default)s)")
    s.set_defaults(run=cmd_lessons)

    s = sub.add_parser("rulings", help="search the rulings catalog",
                       description="Print the rulings whose id, card, topic, text, source or rule numbers "
                                   "contain TEXT (any case); all of them without TEXT.")
    s.add_argument("text", nargs="*", metavar="TEXT", help="words to look for, e.g. 'menace' or '509.1c'")
    s.set_defaults(run=cmd_rulings)

    s = sub.add_parser("handouts", help="build the static handout site (no kernel, no network needed)",
                       description="Build a static site: an index and one page per lesson with its prose, "
                                   "quoted rulings, step-through walk-throughs, board pictures and "
                                   "questions. The pages need no kernel and load nothing from the network.")
    s.add_argument("out", metavar="OUT", help="the folder to write (created if missing)")
    s.add_argument("--notebooks", default=str(DEFAULT_NOTEBOOKS), help="the notebooks folder (default: %(default)s)")
    s.add_argument("--lesson", action="append", metavar="NN",
                   help="build only this lesson, by number or name (repeatable)")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(run=cmd_handouts)

    s = sub.add_parser("present", help="show a lesson on a projector, through Voila",
                       description="Write a presentation copy of a lesson (no run-the-cells instructions, no "
                                   "tables meant for GitHub, live walk-throughs with boards, a projector "
                                   "theme) and serve it with Voila.")
    s.add_argument("lesson", metavar="LESSON", help="the lesson by number (04) or name (04-must-be-blocked)")
    s.add_argument("--notebooks", default=str(DEFAULT_NOTEBOOKS), help="the notebooks folder (default: %(default)s)")
    s.add_argument("--out", default="build/present", help="where the presentation copy goes (default: %(default)s)")
    s.add_argument("--port", type=int, help="Voila's port (default: Voila's own)")
    s.add_argument("--no-browser", action="store_true", help="don't open a browser")
    s.add_argument("--prepare-only", action="store_true", help="write the copy and print its path; don't start Voila")
    s.set_defaults(run=cmd_present)

    s = sub.add_parser("walk", help="print a scenario's step table from a JSON file",
                       description="Play a scenario described in a JSON file and print every step with "
                                   "what happened and the rules that say so.",
                       epilog=WALK_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("scenario", metavar="SCENARIO.json", help="the scenario file (JSON, never evaluated)")
    s.add_argument("--all", action="store_true", help="also show steps where a player only passed priority")
    s.add_argument("--state", action="store_true", help="print the final state table too")
    s.set_defaults(run=cmd_walk)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    result: int = args.run(args)
    return result
