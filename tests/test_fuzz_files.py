"""Hypothesis fuzzing of the ways a file reaches the kit: the BoardEditor's "Load JSON", and
``python -m mtgrules walk`` (its file reader and the actions a file holds).

(d) text and bytes into the BoardEditor (``load_json``, and ``load_file`` as "Load JSON" uploads):
    nothing escapes, a refused file changes nothing (the board, its JSON and its state stay), and
    an accepted one is shown (table and picture) and saves back to the same board;
(e) text and bytes into ``walk``'s reader and the whole command: only the kit's errors
    (``WalkError``, ``MtgRulesError``), exit 0 or 2, one short error line, no control character
    from the file reaching the terminal, and an accepted board walks and shows its state;
(f) fuzzed action entries walked on one board: only the kit's errors, every refused step leaves
    the state as it was, the walk stops with the steps before it kept unchanged, and every view
    of the walk renders.

The scenario data itself (``Scenario.from_dict``) and the action constructors are fuzzed in
``test_fuzz_input.py``. Each test runs a few examples in ``make test``, and its ``slow`` twin
2,000 (``make test-slow``, or ``pytest -m slow``; ``MTGRULES_FUZZ_EXAMPLES`` changes the number).
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mtgrules import MtgRulesError, Scenario
from mtgrules.cli import MAX_MESSAGE, WalkError, WalkStopped, load_scenario, main, play, state_text, steps_text
from mtgrules.play import scenario_data
from mtgrules.play.scenario_input import CARD_FIELDS, MAX_NUMBER, SCENARIO_FIELDS
from mtgrules.views import state_html, timeline_html
from mtgrules.widgets import BoardEditor

FAST = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=int(os.environ.get("MTGRULES_FUZZ_EXAMPLES", "2000")), deadline=None,
                suppress_health_check=list(HealthCheck))

# ---------------------------------------------------------------- what a file may hold
CARDS = ["Forest", "Grizzly Bears", "Jace Beleren", "Vivid Crag", "Walking Corpse", "Giant Growth", "Llanowar Elves"]
NOT_CARDS = ["Forrest", "", "Utopia Sprawl"]  # (Utopia Sprawl must be attached, and choose a colour)
KINDS = ["+1/+1", "-1/-1", "loyalty", "charge"]
NOT_KINDS = ["+1/+1 ", "\u22121/\u22121", "\uff0b1/\uff0b1", "loyalty\u200b", "flying", "Loyalty", "stun", "", "+2/+2"]
NAMES = ["Alice", "Bob", "Carol", "\x1b[2J", "Zo\u00eb", "Bob\u202e", "A\nB", "Alice "]
numbers = st.one_of(st.integers(-3, 30), st.sampled_from([0, 1, MAX_NUMBER, MAX_NUMBER + 1, 10**19, 10**25, -10**12]))
leaf = st.one_of(st.none(), st.booleans(), numbers, st.floats(allow_nan=False), st.text(max_size=8),
                 st.sampled_from([*CARDS, *NOT_CARDS, *NAMES, "hand", "library", "exile", "graveyard", "main1", "combat",
                                  "declare attackers", "G", "GG", "two-headed giant", "true"]))
value = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                    st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                     max_leaves=8)


def mostly(right: st.SearchStrategy[Any], wrong: st.SearchStrategy[Any] = value, odds: int = 8) -> st.SearchStrategy[Any]:
    """``right`` most of the time, ``wrong`` one time in ``odds``: most files are nearly right, so
    the boards get built and the actions played, and each can still hold any mistake."""
    return st.sampled_from([True] * (odds - 1) + [False]).flatmap(lambda ok: right if ok else wrong)


counters = st.dictionaries(mostly(st.sampled_from(KINDS), st.sampled_from(NOT_KINDS)), numbers, max_size=2)


@st.composite
def card_entries(draw: Any) -> dict[str, Any]:
    """A card entry: mostly fields of the right kind (so some boards are accepted), sometimes not."""
    entry: dict[str, Any] = {"card": draw(mostly(st.sampled_from(CARDS), st.sampled_from(NOT_CARDS), odds=12))}
    for field, right in (("controller", st.sampled_from(["Alice", "Bob"])),
                         ("zone", mostly(st.sampled_from(["battlefield", "hand", "library", "graveyard", "exile"]),
                                         st.just("stack"))),
                         ("tapped", st.booleans()), ("sick", st.booleans()), ("counters", counters),
                         ("attached_to", st.integers(0, 4)), ("chosen", st.just({"color": "G"})),
                         ("attacking", st.one_of(st.booleans(), st.sampled_from(["Bob", "Alice"])))):
        if draw(st.sampled_from([False, False, True])):
            entry[field] = draw(mostly(right))
    if draw(mostly(st.just(False), st.just(True), odds=20)):
        entry[draw(st.sampled_from([*CARD_FIELDS, "flying"]))] = draw(value)
    return entry


@st.composite
def boards(draw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["players"] = draw(mostly(st.just(["Alice", "Bob"]), st.one_of(
            st.lists(st.sampled_from(NAMES), min_size=1, max_size=4), value), odds=4))
    for field, right in (("title", st.text(max_size=10)), ("life", numbers), ("turn", numbers), ("seed", numbers),
                         ("step", st.sampled_from(["main1", "upkeep", "combat", "end", "tea"])),
                         ("mana", st.sampled_from([{"Alice": "GG"}, {"Alice": [{"symbols": "G", "source": "x"}]},
                                                   {"Bob": ["G"]}])),
                         ("lands_played", st.just({"Alice": 1}))):
        if draw(st.sampled_from([False, False, True])):
            data[field] = draw(mostly(right))
    data["cards"] = draw(st.lists(card_entries(), max_size=4))
    if draw(mostly(st.just(False), st.just(True), odds=20)):
        data[draw(st.sampled_from([*SCENARIO_FIELDS, "colour"]))] = draw(value)
    return data


@st.composite
def file_texts(draw: Any) -> str:
    """A board file's text: a board as JSON, or that text damaged (a field repeated, a cut, a
    stray character, NaN, a long number), or any text at all."""
    text = json.dumps(draw(boards()), ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["as it is"] * 11 + ["insert", "repeat", "cut", "odd number", "any text"]))
    if how == "insert" and len(text) > 2:
        at = draw(st.integers(1, len(text) - 1))
        return text[:at] + draw(st.text(max_size=3)) + text[at:]
    if how == "repeat":
        return text[:-1] + ', "life": 5, "life": 6}'
    if how == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if how == "odd number":
        return text[:-1] + draw(st.sampled_from([', "life": NaN}', ', "turn": 1' + "0" * 30 + "}", ', "life": 1e999}',
                                                 ', "seed": -0}', "}" * 3]))
    if how == "any text":
        return draw(st.text(max_size=30))
    return text


file_bytes = st.one_of(
    file_texts().map(lambda t: t.encode("utf-8")),
    st.tuples(file_texts(), st.sampled_from(["latin-1", "cp1252", "utf-16", "utf-16-le", "utf-32", "utf-8-sig"]))
    .map(lambda p: p[0].encode(p[1], errors="replace")),
    st.binary(max_size=40),
)


# ---------------------------------------------------------------- (d) the BoardEditor's "Load JSON"
_EDITOR: list[BoardEditor] = []
BASE = json.dumps({"title": "base", "cards": [{"card": "Grizzly Bears", "controller": "Alice", "attacking": True},
                                              {"card": "Forest", "controller": "Bob", "tapped": True}]})


def _editor() -> BoardEditor:
    """One editor for every example (making one costs more than loading a board into it)."""
    if not _EDITOR:
        _EDITOR.append(BoardEditor.from_json(BASE))
    return _EDITOR[0]


def _editor_loads(content: str | bytes) -> None:
    e = _editor()
    e.error = ""
    before, state = e.to_json(), e.scenario().state()
    if isinstance(content, bytes):
        e.load_file(content)
    else:
        e.load_json(content)
    event("refused" if e.error else "loaded")  # --hypothesis-show-statistics shows how many of each
    if e.error:  # refused: one sentence, and nothing changed
        assert e.error.startswith("That file isn't a board the kit can read: "), e.error
        assert "\n" not in e.error and len(e.error) < 600, e.error
        assert e.to_json() == before and e.scenario().state() == state
        return
    assert e.table.value and e.picture.value  # shown
    read = scenario_data.read_bytes(content) if isinstance(content, bytes) else scenario_data.read_text(content)
    # the board the file describes, and the one its saved JSON describes, is the board shown
    assert Scenario.from_dict(_without_marks(read)).state() == e.scenario().state()
    assert Scenario.from_dict(_without_marks(json.loads(e.to_json()))).state() == e.scenario().state()
    # the next example starts from this board (loading the first one again would draw it again)


def _without_marks(data: dict[str, Any]) -> dict[str, Any]:
    cards = [{k: v for k, v in c.items() if k != "attacking"} for c in data.get("cards", [])]
    return {**data, "cards": cards}


@FAST
@given(st.one_of(file_texts(), file_bytes))
def test_fuzz_d_board_editor_loads_only_a_board_and_a_refusal_changes_nothing(content):
    _editor_loads(content)


@pytest.mark.slow
@SLOW
@given(st.one_of(file_texts(), file_bytes))
def test_fuzz_d_board_editor_loads_only_a_board_and_a_refusal_changes_nothing_2000_examples(content):
    _editor_loads(content)


# ---------------------------------------------------------------- (e) walk's reader and the command
_FOLDER = Path(tempfile.mkdtemp(prefix="mtgrules-fuzz-walk-"))  # one file, written again for each example
atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)


def _write(content: str | bytes) -> Path:
    path = _FOLDER / "scenario.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def _safe_for_a_terminal(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


def _walk_file(content: str | bytes) -> None:
    path = _write(content)
    try:
        scenario, actions = load_scenario(path)
    except (WalkError, MtgRulesError):
        scenario = None
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["walk", str(path), "--state"])
    assert code in (0, 2)
    event(f"exit {code}")
    assert _safe_for_a_terminal(out.getvalue()) and _safe_for_a_terminal(err.getvalue())
    if code == 2:
        assert err.getvalue().startswith("mtgrules walk: ") and err.getvalue().count("\n") == 1
        assert len(err.getvalue()) <= MAX_MESSAGE + 1
    else:
        assert scenario is not None and err.getvalue() == "" and "Final state:" in out.getvalue()
        state_html(scenario.state())


@FAST
@given(st.one_of(file_texts(), file_bytes))
def test_fuzz_e_walk_reads_only_a_scenario_in_one_short_line(content):
    _walk_file(content)


@pytest.mark.slow
@SLOW
@given(st.one_of(file_texts(), file_bytes))
def test_fuzz_e_walk_reads_only_a_scenario_in_one_short_line_2000_examples(content):
    _walk_file(content)


# ---------------------------------------------------------------- (f) walk's actions
BOARD = {"title": "fuzzed walk", "life": 4,
         "cards": [{"card": "Forest", "controller": "Alice"}, {"card": "Vivid Crag", "controller": "Alice",
                                                                "counters": {"charge": 2}},
                   {"card": "Grizzly Bears", "controller": "Alice"}, {"card": "Forest", "controller": "Alice",
                                                                       "zone": "hand"},
                   {"card": "Giant Growth", "controller": "Alice", "zone": "hand"},
                   {"card": "Walking Corpse", "controller": "Bob"}, {"card": "Jace Beleren", "controller": "Bob"},
                   {"card": "Murder", "controller": "Bob", "zone": "hand"}],
         "mana": {"Bob": "BB"}}
refs = mostly(st.one_of(st.integers(1, 8), st.sampled_from(["Forest", "Grizzly Bears", "Walking Corpse", "Jace Beleren",
                                                            "Vivid Crag", "Giant Growth", "#3", "Bob"])),
              st.one_of(st.sampled_from([0, -1, 99, "#\u00b2", "#99", "Nobody", "Alice"]), value), odds=6)
who = mostly(st.sampled_from(["Alice", "Bob"]), odds=20)
answers = st.dictionaries(st.sampled_from(["color", "target", "x", "step", "player", "attacks", "sacrifice", "pay",
                                           "trigger order", "colour"]),
                          mostly(st.sampled_from(["G", "R", 3, 6, "Bob"])), max_size=2)


REQUIRED = {"player", "source", "card", "step"}


@st.composite
def action_entries(draw: Any) -> Any:
    do = draw(mostly(st.sampled_from(["activate", "cast", "play_land", "pass", "attack", "block", "go_to"]),
                     st.one_of(st.sampled_from(["exec", "Pass", ""]), value), odds=30))
    entry: dict[str, Any] = {"do": do}
    fields = {"activate": {"player": who, "source": refs, "ability": st.one_of(st.integers(0, 2), value),
                           "x": numbers, "targets": st.one_of(st.lists(refs, max_size=2), value),
                           "hybrid": st.one_of(st.sampled_from(["G", "RG"]), value)},
              "cast": {"player": who, "card": refs, "x": numbers, "targets": st.one_of(st.lists(refs, max_size=2), value)},
              "play_land": {"player": who, "card": refs},
              "pass": {"player": who},
              "attack": {"player": who, "attackers": st.one_of(st.lists(refs, max_size=2),
                                                               st.dictionaries(st.sampled_from(["Grizzly Bears", "3"]),
                                                                               refs, max_size=2), value)},
              "block": {"player": who, "blocks": st.one_of(st.dictionaries(refs.filter(lambda r: isinstance(r, str)),
                                                                           refs, max_size=2), value)},
              "go_to": {"step": mostly(st.sampled_from(["declare attackers", "declare blockers", "combat damage",
                                                        "end", "upkeep", "main2"]),
                                       st.one_of(st.just("tea time"), value)),
                        "player": st.one_of(st.none(), st.none(), who)},
              }.get(do if isinstance(do, str) else "", {"player": who})
    for name, strategy in fields.items():  # what each needs is there (mostly right); the rest now and then
        if name in REQUIRED or draw(st.sampled_from([False, False, True] if name != "hybrid" else [False] * 7 + [True])):
            entry[name] = draw(strategy)
    if draw(st.sampled_from([False, False, True])):
        entry["choices"] = draw(mostly(answers))
    if draw(mostly(st.just(False), st.just(True), odds=40)):
        entry["sauce"] = 1
    return draw(mostly(st.just(entry), value, odds=30))


def _walk_actions(entries: list[Any]) -> None:
    scenario = Scenario.from_dict(BOARD)
    stop: WalkStopped | None = None
    try:
        t = play(scenario, entries)
    except WalkStopped as err:
        stop, t = err, err.timeline
    event("stopped" if stop else "walked to the end")
    event(f"{sum(f.refused is None for f in t.frames[1:])} steps played, {sum(f.refused is not None for f in t.frames)} "
          "refused"[:30])
    for before, frame in zip(t.frames, t.frames[1:], strict=False):
        if frame.refused is not None:  # a refused step: the state exactly as it was
            assert frame.state == before.state, f"refused {frame.action!r} changed the state"
    if stop is not None:
        assert str(stop) and "Traceback" not in str(stop)
    text = steps_text(t, quiet=True)
    assert _safe_for_a_terminal(text)
    state_text(t.state)
    timeline_html(t)
    for frame in t.frames:
        frame.title()
        frame.narration()


@FAST
@given(st.lists(action_entries(), min_size=1, max_size=6))
def test_fuzz_f_walk_actions_raise_only_kit_errors_and_refusals_change_nothing(entries):
    _walk_actions(entries)


@pytest.mark.slow
@SLOW
@given(st.lists(action_entries(), min_size=1, max_size=6))
def test_fuzz_f_walk_actions_raise_only_kit_errors_and_refusals_change_nothing_2000_examples(entries):
    _walk_actions(entries)
