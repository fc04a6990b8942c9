"""The ``python -m mtgrules`` command line: list the lessons, search the rulings, build the handout
site, walk a scenario described in a JSON file, and take a lesson's quiz (``cli_quiz.py``).

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
    if not notebooks.is_dir():  # not the catalog's list as if the folder were fine
        print(f"mtgrules lessons: no folder {notebooks}", file=sys.stderr)
        return 2
    names = [p.stem for p in lesson_notebooks(notebooks)]
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
    from mtgrules.cli_cards import search_official_rulings
    text = " ".join(args.text)
    found = [] if args.official else search_rulings(text)
    width = max(40, min(100, _columns() - 4))
    for r in found:
        card = f" — {r.card}" if r.card else ""
        print(f"{r.id}{card}  (kit catalog; CR {', '.join(r.cr)}; lesson {r.lesson or '—'})")
        print(textwrap.fill(r.quote, width, initial_indent="    ", subsequent_indent="    "))
    official = [] if args.catalog or not (text or args.official) else search_official_rulings(text)
    for name, ruling, sets in official:
        print(f"{name} — Gatherer {ruling.date}  (official ruling; {' '.join(sets) or 'imported'})")
        print(textwrap.fill(ruling.text, width, initial_indent="    ", subsequent_indent="    "))
    print(f"{counted(len(found), 'kit catalog ruling')}, {counted(len(official), 'official ruling')}"
          + ("" if text or args.official else " (give TEXT, or --official, to search the official ones)"),
          file=sys.stderr)
    if not found and not official:
        print(f"no ruling mentions {text!r}", file=sys.stderr)
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
    except (OSError, MtgRulesError) as err:  # a lesson that isn't there or has a mistake; a folder not writable
        print(f"mtgrules handouts: {_said(err)}", file=sys.stderr)
        return 2
    print(f"handouts written: {index}")
    return 0


def _said(err: BaseException) -> str:
    """An error as one line: the kit's sentence, or an OS error as "<file>: <what the system said>"."""
    if isinstance(err, OSError) and err.strerror:
        return f"{err.filename}: {err.strerror}" if err.filename else err.strerror
    return str(err)


# ---------------------------------------------------------------- present
def cmd_present(args: argparse.Namespace) -> int:
    import os

    from mtgrules.classroom.notebook import find_lesson
    from mtgrules.classroom.present import voila_command, voila_env, write_presentation
    try:
        path = find_lesson(Path(args.notebooks), args.lesson)
        target = write_presentation(path, Path(args.out))
    except (OSError, MtgRulesError) as err:  # no such lesson, a lesson with a mistake, a folder not writable
        print(f"mtgrules present: {_said(err)}", file=sys.stderr)
        return 2
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
    "play_land": {"player", "card", "choices"},
    "pass": {"player", "choices"},
    "attack": {"player", "attackers", "choices"},
    "block": {"player", "blocks", "choices"},
    "go_to": {"step", "player", "choices"},
}
# The names the Python calls behind "attack", "block" and "go_to" take as arguments: a choice given
# one of these names would be read as that argument, so it is refused as the answer it isn't.
TAKEN_NAMES = {"attack": {"player", "attacks"}, "block": {"player", "blocks"}, "go_to": {"t", "step", "player"}}
MAX_MESSAGE = 400
"""An error line is at most this many characters: a value is shown shortened, never whole."""


def load_scenario(path: Path) -> tuple[Scenario, list[Any]]:
    """The scenario and its actions from a JSON file: the board as ``Scenario.from_dict`` reads it,
    plus an optional ``"actions"`` list (see ``walk --help``). The file is read by
    :mod:`mtgrules.play.scenario_data`, the reader the BoardEditor's "Load JSON" uses, so the
    same file gets the same checks (UTF-8 only, a bounded size, no field given twice)."""
    from mtgrules.play import scenario_data
    from mtgrules.play.scenario import Scenario
    try:
        data = scenario_data.read_file(path, "scenario")
    except MtgRulesError as err:
        raise WalkError(f"{path}: {err}") from None
    if not isinstance(data, dict):
        raise WalkError(f"{path}: a scenario file holds one JSON object ({{\"cards\": [...], ...}}), "
                        f"not {_json_kind(data)}")
    actions = data.pop("actions", [])
    if not isinstance(actions, list):
        raise WalkError(f"{path}: 'actions' must be a list of actions, not {_shown(actions)}")
    try:
        return Scenario.from_dict(data), actions
    except MtgRulesError as err:
        raise WalkError(f"{path}: {err}") from None


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words ("a list", "null")."""
    kinds = ((bool, "true or false"), (int | float, "a number"), (str, "a string"), (list, "a list"),
             (dict, "an object"))
    return next((name for kind, name in kinds if isinstance(value, kind)), "null")


def _shown(value: Any) -> str:
    """A wrong value from the file, as JSON writes it, shortened, with what it is: ``null (null)``,
    ``"2" (a string)``, never Python's ``None`` or ``NoneType``."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > 40:
        text = text[:39] + "…"
    kind = _json_kind(value)
    return text if kind == "null" else f"{text} ({kind})"


def _whole(entry: Mapping[str, Any], key: str, where: str) -> int:
    """A whole-number field of an action (``x``, ``ability``), 0 when absent."""
    value = entry.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise WalkError(f"{where} '{key}' must be a whole number, not {_shown(value)}")
    return value


def _ability(entry: Mapping[str, Any], where: str) -> int | str:
    """An activation's ``ability``: its number among the source's activated abilities (0 when
    absent), or its printed text or a start of it, as ``activate`` takes it."""
    value = entry.get("ability", 0)
    if isinstance(value, str):
        return value
    if not isinstance(value, int) or isinstance(value, bool):
        raise WalkError(f"{where} 'ability' must be a whole number, or the start of the ability's text such as "
                        f"\"{{T}}\", not {_shown(value)}")
    return value


def _target(state: GameState, value: Any, where: str) -> int | str:
    """A target: a player by name (115.1, as ``targets=("Bob",)`` names one), or an object as
    :func:`_ref` reads it. A name that is both a player's and a card's is refused as ambiguous."""
    players = {p.name for p in state.players}
    if isinstance(value, str) and value in players:
        if any(o.card == value for o in state.objects):
            raise WalkError(f"{where}: {value!r:.60} names both a player and a card; name the card by its id (#n)")
        return value
    if isinstance(value, str) and _id_text(value) is None and not any(o.card == value for o in state.objects):
        raise WalkError(f"{where}: no player or object is named {value!r:.60}; the players are "
                        f"{', '.join(sorted(players))}")
    return _ref(state, value, where)


def _id_text(value: str) -> int | None:
    """The id in ``"3"`` or ``"#3"`` (ASCII digits only: ``"#²"`` is no id), or None."""
    text = value.removeprefix("#")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None


def _ref(state: GameState, value: Any, where: str) -> int:
    """An object named by its id (as the tables show it: ``#3``) or by a card name held by
    exactly one object."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in {o.oid for o in state.objects}:
            raise WalkError(f"{where}: there is no object #{value}")
        return value
    if isinstance(value, str):
        oid = _id_text(value)
        if oid is not None:
            return _ref(state, oid, where)
        matches = [o.oid for o in state.objects if o.card == value]
        if len(matches) == 1:
            return int(matches[0])
        problem = "no object is" if not matches else f"{len(matches)} objects are"
        raise WalkError(f"{where}: {problem} named {value!r:.60}; name it by its id (#n) instead")
    raise WalkError(f"{where} must be an object's id (such as 3 or \"#3\") or the name of a card only one "
                    f"object has, not {_shown(value)}")


def _choices(entry: Mapping[str, Any], kind: str, where: str) -> dict[str, Any]:
    """The scripted answers of an action. For the calls that take answers as keywords, an answer
    named like one of their own arguments is refused as a question the kit never asks (117.1)."""
    from mtgrules.core.choices import refuse_unknown_kinds
    choices = entry.get("choices", {})
    if not isinstance(choices, Mapping):
        raise WalkError(f"{where} 'choices' must be an object such as {{\"color\": \"G\"}}, not {_shown(choices)}")
    keywords = {str(k).replace(" ", "_"): v for k, v in choices.items()}
    taken = [(k, v) for k, v in keywords.items() if k in TAKEN_NAMES.get(kind, ())]
    refuse_unknown_kinds(taken, f" given in {where} 'choices'")
    return keywords


def _listed(entry: Mapping[str, Any], key: str, where: str, example: str) -> list[Any]:
    value = entry.get(key, [])
    if isinstance(value, str | int) and not isinstance(value, bool):
        raise WalkError(f"{where} '{key}' is a list, even of one: [{json.dumps(value)[:60]}]")
    if not isinstance(value, list):
        raise WalkError(f"{where} '{key}' must be a list such as {example}, not {_shown(value)}")
    return value


def make_action(state: GameState, entry: Any, where: str) -> tuple[str, Any]:
    """One action (or ``go_to``) from its JSON entry; returns ("do", action) or ("go_to", kwargs).
    Every field is checked for its JSON type here, in one sentence naming the entry and field."""
    from mtgrules.core.actions import activate, cast, pass_priority, play_land
    from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
    if not isinstance(entry, Mapping) or not isinstance(entry.get("do"), str) or entry["do"] not in ACTION_FIELDS:
        raise WalkError(f"{where}: each action is an object whose 'do' is one of {sorted(ACTION_FIELDS)}")
    kind = entry["do"]
    extra = set(entry) - ACTION_FIELDS[kind] - {"do"}
    if extra:
        raise WalkError(f"{where} ({kind}): unknown field(s) {sorted(extra)}; "
                        f"expected some of {sorted(ACTION_FIELDS[kind])}")
    if kind == "go_to" and entry.get("player") is not None and not isinstance(entry.get("player"), str):
        raise WalkError(f"{where} (go_to) 'player' must be a player's name, not {_shown(entry['player'])}")
    if kind != "go_to" and not isinstance(entry.get("player"), str):
        raise WalkError(f"{where} ({kind}): 'player' (a player's name) is required")
    player: str = entry.get("player") or ""
    choices = _choices(entry, kind, where)
    hybrid = entry.get("hybrid")
    if hybrid is not None and not isinstance(hybrid, str):
        raise WalkError(f"{where} 'hybrid' must be a string of colours, such as \"G\", not {_shown(hybrid)}")
    if kind in ("activate", "cast"):
        targets = tuple(_target(state, t, f"{where} targets")
                        for t in _listed(entry, "targets", where, '["Bob"] or ["Grizzly Bears"]'))
        x = _whole(entry, "x", where)
        if kind == "activate":
            return "do", activate(player, _ref(state, entry.get("source"), f"{where} source"),
                                  _ability(entry, where), x=x, targets=targets, hybrid=hybrid,
                                  choices=choices)
        return "do", cast(player, _ref(state, entry.get("card"), f"{where} card"), x=x, targets=targets,
                          hybrid=hybrid, choices=choices)
    if kind == "play_land":
        return "do", play_land(player, _ref(state, entry.get("card"), f"{where} card"), choices=choices)
    if kind == "pass":
        return "do", pass_priority(player, choices=choices)
    if kind == "attack":
        attackers = entry.get("attackers", [])
        if isinstance(attackers, Mapping):
            pairs = {_ref(state, k, f"{where} attackers"): _target(state, v, f"{where} attackers[{k!r:.40}]")
                     for k, v in attackers.items()}
            return "do", declare_attackers(player, pairs, **choices)
        listed = _listed(entry, "attackers", where, '["Grizzly Bears"] or {"Grizzly Bears": "Bob"}')
        return "do", declare_attackers(player, [_ref(state, a, f"{where} attackers") for a in listed], **choices)
    if kind == "block":
        blocks = entry.get("blocks", {})
        if not isinstance(blocks, Mapping):
            raise WalkError(f"{where} (block): 'blocks' maps each blocker to the attacker it blocks, such as "
                            f"{{\"Walking Corpse\": \"Grizzly Bears\"}}, not {_shown(blocks)}")
        return "do", declare_blockers(player, {_ref(state, b, f"{where} blocker"): _ref(state, a, f"{where} attacker")
                                               for b, a in blocks.items()}, **choices)
    if not isinstance(entry.get("step"), str):
        raise WalkError(f"{where} (go_to): 'step' (such as \"declare blockers\") is required")
    return "go_to", {"step": entry["step"], "player": entry.get("player"), **choices}


class WalkStopped(WalkError):
    """An action the walk couldn't play (a file's mistake, or ``go_to`` stopping because the game
    is over): ``timeline`` holds the steps played before it, which are shown with the error."""

    def __init__(self, message: str, timeline: Timeline) -> None:
        super().__init__(message)
        self.timeline = timeline


def play(scenario: Scenario, actions: Sequence[Any]) -> Timeline:
    """The timeline of a scenario with its actions played; a refused action becomes a refused
    step citing its rule, as in the lessons. An action that can't be played at all raises
    :class:`WalkStopped`, holding the steps played before it."""
    from mtgrules.play.verbs import go_to
    t = scenario.timeline()
    for i, entry in enumerate(actions):
        where = f"actions[{i}]"
        try:
            kind, value = make_action(t.state, entry, where)
            if kind == "go_to":
                step, player = value.pop("step"), value.pop("player")
                try:
                    go_to(t, step, player, **value)
                except (MtgRulesError, RuntimeError, ValueError) as err:  # the game is over, a step misnamed
                    raise WalkStopped(f"{where} (go_to): {err}", _to_the_end(t, step, player, value)) from None
            else:
                t.attempt(value)
        except WalkStopped:
            raise
        except WalkError as err:
            raise WalkStopped(str(err), t) from None
        except MtgRulesError as err:  # a value an action's constructor refuses, in its own words
            raise WalkStopped(f"{where}: {err}", t) from None
    return t


def _to_the_end(t: Timeline, step: str, player: str | None, answers: Mapping[str, Any]) -> Timeline:
    """``t`` with the passes ``go_to`` took back played again, when they ended the game: go_to
    leaves nothing half-played, but a walk shows how its game ended (the damage, the player who
    lost, 104.3) before saying why it stopped. Otherwise ``t`` as it is."""
    from mtgrules.play.advance import advance_to, answer_with
    from mtgrules.rules.teams import game_over
    probe = t.copy()
    try:
        table = {kind.replace("_", " "): answer for kind, answer in answers.items()}
        advance_to(probe, step, player, choose=answer_with(table) if table else None)
    except (MtgRulesError, RuntimeError, ValueError, TypeError):
        return t
    return probe if game_over(probe.state) and not game_over(t.state) else t


def terminal_text(text: str) -> str:
    """Game text made safe for a terminal: every control or invisible formatting character (ESC,
    which starts the sequences that clear a screen, recolour it or set its title; a newline inside
    a name; a right-to-left override) is shown escaped, as Python writes it (``\\x1b``), so a
    file's names can't drive the terminal or fake a line of output."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def message_line(text: str) -> str:
    """An error as one terminal line of at most ``MAX_MESSAGE`` characters."""
    line = terminal_text(text)
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE - 1] + "…"


def steps_text(timeline: Timeline, width: int = 100, quiet: bool = False) -> str:
    """The step table as terminal text: each step's number and title, then what happened with
    its rules, wrapped to ``width``. Steps where a player only passed are folded unless ``quiet``.
    The game's text (names, titles) is shown through :func:`terminal_text`."""
    lines = [terminal_text(timeline.title or "Scenario"), ""]
    folded = 0
    for f in timeline:
        if f.index and f.is_quiet and not quiet:
            folded += 1
            continue
        lines.append(f"{f.index:>3}  {terminal_text(f.title())}")
        lines.append(textwrap.fill(terminal_text(f.narration()), width, initial_indent="     ",
                                   subsequent_indent="     "))
    if folded:
        lines.append(f"\n({counted(folded, 'step')} where a player only passed priority "
                     "left out; --all shows them)")
    return "\n".join(lines)


def state_text(state: GameState) -> str:
    """The final state table as terminal text, its names shown through :func:`terminal_text`."""
    import pandas as pd

    from mtgrules.views import state_table
    table = pd.DataFrame(state_table(state))
    safe = table.map(lambda v: terminal_text(v) if isinstance(v, str) else v)
    safe.index = [terminal_text(str(i)) for i in table.index]
    safe.columns = [terminal_text(str(c)) for c in table.columns]
    with pd.option_context("display.width", _columns(), "display.max_columns", None):
        text: str = safe.to_string()
    return text


def cmd_walk(args: argparse.Namespace) -> int:
    try:
        scenario, actions = load_scenario(Path(args.scenario))
        t = play(scenario, actions)
    except WalkStopped as err:  # the steps played before it, then why the walk stopped
        print(steps_text(err.timeline, max(40, _columns() - 2), quiet=args.all))
        if args.state:
            print("\nState when the walk stopped:\n" + state_text(err.timeline.state))
        sys.stdout.flush()
        print(message_line(f"mtgrules walk: {err}"), file=sys.stderr)
        return 2
    except (WalkError, MtgRulesError) as err:  # a file that can't be read, a bad scenario
        print(message_line(f"mtgrules walk: {err}"), file=sys.stderr)
        return 2
    print(steps_text(t, max(40, _columns() - 2), quiet=args.all))
    if args.state:
        print("\nFinal state:\n" + state_text(t.state))
    return 0


# ---------------------------------------------------------------- the parser
WALK_EXAMPLE: dict[str, Any] = {
    "title": "Giant Growth on a blocked attacker", "players": ["Alice", "Bob"], "step": "main1",
    "cards": [{"card": "Grizzly Bears", "controller": "Alice"},
              {"card": "Vivid Crag", "controller": "Alice", "counters": {"charge": 2}},
              {"card": "Forest", "controller": "Alice", "zone": "hand"},
              {"card": "Giant Growth", "controller": "Alice", "zone": "hand"},
              {"card": "Walking Corpse", "controller": "Bob"}],
    "actions": [{"do": "play_land", "player": "Alice", "card": "Forest"},
                {"do": "go_to", "step": "declare attackers"},
                {"do": "attack", "player": "Alice", "attackers": ["Grizzly Bears"]},
                {"do": "go_to", "step": "declare blockers"},
                {"do": "block", "player": "Bob", "blocks": {"Walking Corpse": "Grizzly Bears"}},
                {"do": "activate", "player": "Alice", "source": "Vivid Crag", "ability": "{T}, Remove",
                 "choices": {"color": "G"}},
                {"do": "cast", "player": "Alice", "card": "Giant Growth", "targets": ["Grizzly Bears"]},
                {"do": "pass", "player": "Alice"},
                {"do": "pass", "player": "Bob"},
                {"do": "go_to", "step": "end"}],
}
"""The example file ``walk --help`` prints; ``tests/test_cli.py`` walks the help's own text."""


def _example_text(example: Mapping[str, Any]) -> str:
    """The example file as JSON a reader can follow: one card or action a line."""
    head = ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in example.items() if k not in ("cards", "actions"))
    cards = ",\n  ".join(json.dumps(c) for c in example["cards"])
    actions = ",\n  ".join(json.dumps(a) for a in example["actions"])
    return f'{{{head},\n "cards": [\n  {cards}],\n "actions": [\n  {actions}]}}'


WALK_EPILOG = f"""\
The file is JSON: the board as Scenario.from_dict reads it ("title", "players", "step",
"cards": [{{"card": "Forest", "controller": "Alice"}}, ...], "mana", ...), plus an optional
"actions" list played in order. Objects are named by id (1 for the first card, as the tables
show "#1") or by a card name only one object has; a target may also be a player, by name
("targets": ["Bob"]). An action's "do" is one of {", ".join(ACTION_FIELDS)};
its "choices" answer the questions it asks, such as {{"color": "G"}} for mana of any colour
(every keyword: docs/choices.md). An activation's "ability" is its number among the source's
activated abilities, from 0, or the start of its printed text, such as "{{T}}". For example, this file (save it as example.json, then: python -m mtgrules walk example.json):

{_example_text(WALK_EXAMPLE)}

A refused action is shown as a refused step with its rule; the state is left unchanged. An
action that can't be played at all stops the walk: the steps before it are shown, then why."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m mtgrules",
                                description="The mtgrules teaching kit: lessons, rulings, handouts, scenarios.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("lessons", help="list the lessons with the rulings each teaches",
                       description="List the lesson notebooks with the ids of the rulings each walks through.")
    s.add_argument("--notebooks", default=str(DEFAULT_NOTEBOOKS), help="the notebooks folder (default: %(default)s)")
    s.set_defaults(run=cmd_lessons)

    s = sub.add_parser("rulings", help="search the rulings: the kit's catalog and the official ones",
                       description="Print the rulings whose id, card, topic, text, source or rule numbers "
                                   "contain TEXT (any case): the kit's catalog (the rulings its lessons teach "
                                   "and its tests prove, marked 'kit catalog'; all of them without TEXT) and "
                                   "the official Gatherer rulings of the cards in its card data (marked "
                                   "'official ruling', with the date), by words or card name.")
    s.add_argument("text", nargs="*", metavar="TEXT", help="words to look for, e.g. 'menace' or '509.1c'")
    only = s.add_mutually_exclusive_group()
    only.add_argument("--catalog", action="store_true", help="only the kit's catalog")
    only.add_argument("--official", action="store_true", help="only the official rulings (all of them without TEXT)")
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

    from mtgrules.cli_cards import add_cards_parser
    add_cards_parser(sub)
    from mtgrules.cli_quiz import add_quiz_parser
    add_quiz_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    result: int = args.run(args)
    return result
