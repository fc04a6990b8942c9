"""``python -m mtgrules walk`` as a terminal tool (issues 26 and 27): what a file holds never drives
the terminal, every error is one short line in the kit's words, a file of any size is refused
at once, a land can be played, the help's own example walks, and a walk that stops shows the
steps played before it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys

import pytest

from mtgrules.cli import MAX_MESSAGE, WALK_EXAMPLE, main, terminal_text

GOOD = {"cards": [{"card": "Forest"}, {"card": "Grizzly Bears"}, {"card": "Giant Growth", "zone": "hand"}]}


def walk(tmp_path, data, *args: str) -> tuple[int, str, str]:
    """Walk ``data`` (a dict as JSON, or the file's text or bytes) in-process."""
    path = tmp_path / "scenario.json"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["walk", str(path), *args])
    return code, out.getvalue(), err.getvalue()


def controls(text: str) -> list[str]:
    """The characters in ``text`` a terminal would act on instead of showing (newlines aside)."""
    return [ch for ch in text if not ch.isprintable() and ch != "\n"]


# ---------------------------------------------------------------- terminal escapes
ESCAPES = {"title": "\x1b[2J\x1b[31mHACKED\x1b[0m", "players": ["\x1b]0;pwned\x07Alice", "Bob\u202eevil"],
           "cards": [{"card": "Grizzly Bears", "controller": "\x1b]0;pwned\x07Alice"}],
           "actions": [{"do": "go_to", "step": "declare attackers"},
                       {"do": "attack", "player": "\x1b]0;pwned\x07Alice", "attackers": ["Grizzly Bears"]}]}


def test_walk_shows_control_characters_from_a_file_escaped_never_raw(tmp_path):
    """A title or name could clear the screen, recolour the terminal or set its window title."""
    code, out, err = walk(tmp_path, ESCAPES, "--state", "--all")
    assert code == 0, err
    assert controls(out) == [] and controls(err) == []
    assert out.splitlines()[0] == r"\x1b[2J\x1b[31mHACKED\x1b[0m"
    assert r"\x1b]0;pwned\x07Alice declares attackers: Grizzly Bears" in out
    assert r"Bob\u202eevil" in out  # a right-to-left override can't reorder what follows it
    final = out.split("Final state:")[1]
    assert r"\x1b]0;pwned\x07Alice" in final


def test_walk_error_lines_hold_no_control_characters(tmp_path):
    code, out, err = walk(tmp_path, {**GOOD, "actions": [{"do": "cast", "player": "Alice", "card": "\x1b[2Jx\nfake"}]})
    assert code == 2 and controls(err) == [] and err.count("\n") == 1


def test_terminal_text_keeps_printable_text_as_it_is():
    assert terminal_text("Zoë casts Giant Growth — {G}") == "Zoë casts Giant Growth — {G}"
    assert terminal_text("a\nb\tc\x9bd") == r"a\nb\tc\x9bd"


# ---------------------------------------------------------------- one short line in the kit's words
@pytest.mark.parametrize(("label", "data", "says"), [
    ("huge title", {"title": list(range(20000))}, "title must be text, not [0, 1, 2"),
    ("huge card name", {"cards": [{"card": "x" * 150_000}]}, "no card named"),
    ("targets null", {**GOOD, "actions": [{"do": "cast", "player": "Alice", "card": 3, "targets": None}]},
     "actions[0] 'targets' must be a list such as [\"Bob\"] or [\"Grizzly Bears\"], not null"),
    ("superscript id", {**GOOD, "actions": [{"do": "activate", "player": "Alice", "source": "#\u00b2"}]},
     "actions[0] source: no object is named '#²'"),
    ("a long id", {**GOOD, "actions": [{"do": "activate", "player": "Alice", "source": "#" + "9" * 5000}]},
     "no object is named '#999"),
    ("a source as a list", {**GOOD, "actions": [{"do": "activate", "player": "Alice", "source": [1] * 9000}]},
     "actions[0] source must be an object's id (such as 3 or \"#3\")"),
    ("choices not an object", {**GOOD, "actions": [{"do": "pass", "player": "Alice", "choices": ["x"] * 9000}]},
     "actions[0] 'choices' must be an object"),
    ("a choice named like go_to's step", {**GOOD, "actions": [{"do": "go_to", "step": "end", "choices": {"step": 1}}]},
     "The answer step=1 given in actions[0] 'choices' names no question the kit asks"),
    ("a choice named like attack's player", {**GOOD, "actions": [
        {"do": "go_to", "step": "declare attackers"},
        {"do": "attack", "player": "Alice", "attackers": ["Grizzly Bears"], "choices": {"player": "Bob"}}]},
     "The answer player='Bob' given in actions[1] 'choices' names no question the kit asks"),
    ("blocks as a list", {**GOOD, "actions": [{"do": "block", "player": "Bob", "blocks": [1, 2]}]},
     "'blocks' maps each blocker to the attacker it blocks"),
    ("attackers as a number", {**GOOD, "actions": [{"do": "attack", "player": "Alice", "attackers": 2}]},
     "'attackers' is a list, even of one: [2]"),
    ("go_to's player", {**GOOD, "actions": [{"do": "go_to", "step": "end", "player": 3}]},
     "actions[0] (go_to) 'player' must be a player's name, not 3 (a number)"),
    ("actions not a list", {**GOOD, "actions": {"do": "pass"}}, "'actions' must be a list of actions"),
    ("'do' as a list", {**GOOD, "actions": [{"do": ["cast"]}]}, "each action is an object whose 'do' is one of"),
    ("a list for a file", [1, 2], "a scenario file holds one JSON object"),
    ("null for a file", "null", "not null"),
])
def test_walk_says_what_is_wrong_in_one_short_line(tmp_path, label, data, says):
    """A wrong-typed field was echoed whole (a 690 KB line), and some refusals were Python's own
    words: "'NoneType' object is not iterable", "got multiple values for keyword argument 'x'",
    "invalid literal for int() with base 10: '²'"."""
    code, out, err = walk(tmp_path, data)
    assert code == 2
    assert err.startswith("mtgrules walk: ") and err.count("\n") == 1 and len(err) <= MAX_MESSAGE + 1, err[:200]
    assert says in err, err
    for python_words in ("NoneType", "object is not iterable", "got multiple values", "invalid literal",
                         "Traceback", "argument"):
        assert python_words not in err


def test_a_choice_named_like_an_argument_of_activate_is_a_refused_step_not_a_python_error(tmp_path):
    """``"choices": {"x": 1}`` was "activate() got multiple values for keyword argument 'x'"; as
    ``choices={"x": 1}`` in Python, it is an answer no question asks, refused with 117.1."""
    code, out, err = walk(tmp_path, {**GOOD, "actions": [{"do": "activate", "player": "Alice", "source": 1,
                                                          "choices": {"x": 1}}]})
    assert code == 0, err
    assert "Alice activates Forest — {T}: Add {G} — refused" in out and "117.1" in out


def test_walk_refuses_a_file_of_any_size_at_once(tmp_path):
    code, out, err = walk(tmp_path, json.dumps({"title": "x" * 300_000}))
    assert code == 2 and "more than the 200,000 a scenario may have" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_walk_dev_zero_is_refused_in_one_line_without_reading_it_all():
    """``walk /dev/zero`` read until a MemoryError; here under a 1 GB address-space limit."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))

    r = subprocess.run([sys.executable, "-m", "mtgrules", "walk", "/dev/zero"], capture_output=True, text=True,
                       timeout=120, preexec_fn=limit, check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    assert "more than the 200,000 characters a scenario may have" in r.stderr


def test_walk_names_a_missing_file_in_its_own_words(tmp_path):
    code = None
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["walk", str(tmp_path / "nowhere.json")])
    assert code == 2 and "it can't be read: No such file or directory" in err.getvalue()
    assert "Errno" not in err.getvalue()


# ---------------------------------------------------------------- playing a land
README_WALK = {"title": "Tapping for mana", "players": ["Alice", "Bob"], "step": "main1",
               "cards": [{"card": "Forest", "controller": "Alice", "zone": "hand"},
                         {"card": "Llanowar Elves", "controller": "Alice", "sick": True}],
               "actions": [{"do": "cast", "player": "Alice", "card": "Forest"},
                           {"do": "play_land", "player": "Alice", "card": "Forest"},
                           {"do": "activate", "player": "Alice", "source": "Forest"},
                           {"do": "activate", "player": "Alice", "source": "Llanowar Elves"}]}


@pytest.mark.rule("305.1")
def test_walk_plays_a_land_so_the_readmes_scenario_is_a_walk_file(tmp_path):
    """``{"do": "play_land"}`` was refused ("'do' is one of ..."), so README's "Writing a scenario"
    couldn't be written as a file: here it is, with the same refusals (305.9, 302.6)."""
    code, out, err = walk(tmp_path, README_WALK, "--state")
    assert code == 0, err
    assert "Alice casts Forest — refused" in out and "305.9" in out
    assert "2  Alice plays Forest" in out and "(305.1)" in out
    assert "3  Alice activates Forest" in out and "adds {G}" in out
    assert "4  Alice activates Llanowar Elves — {T}: Add {G} — refused" in out and "302.6" in out
    assert "lands played this turn: 1" in out.split("Final state:")[1]


def test_play_land_checks_its_fields(tmp_path):
    code, _, err = walk(tmp_path, {**README_WALK, "actions": [{"do": "play_land", "player": "Alice", "card": 7}]})
    assert code == 2 and "actions[0] card: there is no object #7" in err
    code, _, err = walk(tmp_path, {**README_WALK, "actions": [{"do": "play_land", "player": "Alice", "x": 1}]})
    assert code == 2 and "unknown field(s) ['x']" in err


# ---------------------------------------------------------------- the help's example
def _help() -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["walk", "--help"])
    return out.getvalue()


def test_the_example_in_walk_help_is_a_file_that_walks_without_a_refusal(tmp_path):
    """The help showed ``"choices": {"color": "G"}`` on a Forest, which asks no colour: the example
    a teacher copies must be one that works. The file is taken from the help's own text."""
    text = _help()
    example = re.search(r"^\{.*?\]\}$", text, flags=re.MULTILINE | re.DOTALL)
    assert example, text
    data = json.loads(example.group(0))
    assert data == WALK_EXAMPLE
    assert {a["do"] for a in data["actions"]} >= {"play_land", "activate", "cast", "pass", "go_to", "attack", "block"}
    assert any(a.get("choices") == {"color": "G"} for a in data["actions"])
    code, out, err = walk(tmp_path, example.group(0), "--all")
    assert code == 0, err
    assert "refused" not in out and "wasn't used" not in out
    assert "Vivid Crag adds {G} to Alice's pool" in out
    assert "Grizzly Bears: P/T 2/2 → 5/5" in out
    assert "Walking Corpse has lethal damage marked on it and is destroyed" in out


# ---------------------------------------------------------------- a walk that stops
LOSES = {"title": "Bob at 2", "life": 2, "cards": [{"card": "Grizzly Bears", "controller": "Alice"}],
         "actions": [{"do": "go_to", "step": "declare attackers"},
                     {"do": "attack", "player": "Alice", "attackers": ["Grizzly Bears"]},
                     {"do": "go_to", "step": "end"},
                     {"do": "pass", "player": "Alice"}]}


@pytest.mark.rule("704.5a")
def test_when_go_to_stops_because_a_player_lost_the_steps_before_are_shown(tmp_path):
    """Only the error was printed: not the attack, nor the damage that ended the game."""
    code, out, err = walk(tmp_path, LOSES, "--state")
    assert code == 2
    assert "Alice declares attackers: Grizzly Bears" in out
    assert "Bob has 0 or less life and loses the game (704.5a)" in out
    assert "State when the walk stopped:" in out
    assert err.startswith("mtgrules walk: actions[2] (go_to):") and "the game is over" in err


def test_when_an_action_cant_be_read_the_steps_before_it_are_shown(tmp_path):
    data = {**GOOD, "actions": [{"do": "activate", "player": "Alice", "source": "Forest"},
                                {"do": "cast", "player": "Alice", "card": "Giant Growth", "targets": "Grizzly Bears"}]}
    code, out, err = walk(tmp_path, data)
    assert code == 2 and "1  Alice activates Forest" in out
    assert "actions[1] 'targets' is a list, even of one" in err
