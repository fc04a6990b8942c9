"""The ``python -m mtgrules`` command line: each subcommand, its help, and scenario files read as
JSON data only."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mtgrules.cli import main

TAPPING = {
    "title": "Tapping for mana", "players": ["Alice", "Bob"], "step": "main1",
    "cards": [{"card": "Forest", "controller": "Alice"},
              {"card": "Llanowar Elves", "controller": "Alice", "sick": True}],
    "actions": [{"do": "activate", "player": "Alice", "source": "Forest"},
                {"do": "activate", "player": "Alice", "source": 2}],
}


def write(tmp_path, data) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


@pytest.mark.parametrize("command", [[], ["lessons"], ["rulings"], ["handouts"], ["present"], ["walk"]])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m mtgrules")
    if command:
        assert command[0] in out.splitlines()[0]


def test_module_entry_point_runs():
    result = subprocess.run([sys.executable, "-m", "mtgrules", "rulings", "NEY-7"], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("NEY-7 — Neyith of the Dire Hunt")
    assert "menace" in result.stdout


def test_lessons_lists_each_notebook_with_its_rulings(capsys):
    assert main(["lessons"]) == 0
    lines = dict(line.split(maxsplit=1) for line in capsys.readouterr().out.splitlines())
    assert lines["04-must-be-blocked"].split(", ") == [f"NEY-{i}" for i in range(1, 9)]
    assert lines["00-start-here"].strip() == "—"


def test_rulings_searches_quote_and_rule_numbers(capsys):
    assert main(["rulings", "509.1c"]) == 0
    out = capsys.readouterr().out
    assert "NEY-7" in out and "NEY-8" in out
    assert "MANA-1" not in out
    assert main(["rulings", "no ruling says this"]) == 1


def test_walk_prints_each_step_and_the_refusal_with_its_rule(tmp_path, capsys):
    assert main(["walk", write(tmp_path, TAPPING)]) == 0
    out = capsys.readouterr().out
    assert "1  Alice activates Forest" in out
    assert "(107.5)" in out
    assert "2  Alice activates Llanowar Elves — {T}: Add {G} — refused" in out
    assert "302.6" in out


def test_walk_state_prints_the_final_table(tmp_path, capsys):
    assert main(["walk", "--state", write(tmp_path, TAPPING)]) == 0
    out = capsys.readouterr().out
    final = out.split("Final state:")[1]
    assert "#1 Forest" in final and "summoning sick" in final


def test_walk_combat_by_card_names(tmp_path, capsys):
    data = {"title": "A block", "players": ["Alice", "Bob"], "step": "main1",
            "cards": [{"card": "Grizzly Bears", "controller": "Alice"},
                      {"card": "Walking Corpse", "controller": "Bob"}],
            "actions": [{"do": "go_to", "step": "declare attackers"},
                        {"do": "attack", "player": "Alice", "attackers": ["Grizzly Bears"]},
                        {"do": "go_to", "step": "declare blockers"},
                        {"do": "block", "player": "Bob", "blocks": {"Walking Corpse": "#1"}}]}
    assert main(["walk", write(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "Bob declares blockers: Walking Corpse blocks Grizzly Bears" in out
    assert "refused" not in out
    # A plain list attacks the only thing there is: the title names no target, not a dangling arrow.
    assert "Alice declares attackers: Grizzly Bears\n" in out


@pytest.mark.parametrize(("data", "message"), [
    ("not json {", "it isn't JSON (Expecting value at line 1, column 1)"),
    ([1, 2], "one JSON object"),
    ({**TAPPING, "actions": [{"do": "exec", "player": "Alice"}]}, "'do' is one of"),
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": "Island"}]}, "no object is named"),
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": 9}]}, "no object #9"),
    ({**TAPPING, "actions": [{"do": "pass", "player": "Alice", "sauce": 1}]}, "unknown field(s) ['sauce']"),
    ({**TAPPING, "cards": [{"card": "Forrest"}]}, "Forrest"),
    ({**TAPPING, "actions": [{"do": "go_to", "step": "tea time"}]}, "actions[0] (go_to)"),
    # A teacher's slips of JSON type: named as one sentence, never a traceback or a truthy "yes".
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": "Forest", "x": "two"}]},
     "actions[0] 'x' must be a whole number"),
    # Read by Scenario.from_dict, as the BoardEditor reads them: the same sentence in both.
    ({**TAPPING, "mana": {"Alice": ["G"]}}, "mana for 'Alice': mana must be symbols such as \"GG\" or a list"),
    ({**TAPPING, "turn": "2"}, "turn must be a whole number, not '2' (str)"),
    ({**TAPPING, "life": "20"}, "life must be a whole number, not '20' (str)"),
    ({**TAPPING, "cards": [{"card": "Forest", "tapped": "yes"}]},
     "cards[0] ('Forest'): tapped must be true or false, not 'yes' (str)"),
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": "Forest", "targets": "Forest"}]},
     "'targets' is a list, even of one"),
    ({**TAPPING, "players": ["Alice", 3]}, "players[1] must be a player's name"),
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": "Forest", "hybrid": 5}]},
     "actions[0] 'hybrid' must be a string"),
    ({**TAPPING, "actions": [{"do": "activate", "player": "Alice", "source": "Forest", "hybrid": "Q"}]},
     "actions[0]: Hybrid must be capital mana letters"),
])
def test_walk_says_what_is_wrong_with_a_file(tmp_path, capsys, data, message):
    assert main(["walk", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgrules walk:")
    assert message in err


def test_walk_never_evaluates_the_file(tmp_path, capsys):
    marker = tmp_path / "evaluated"
    data = {**TAPPING, "title": f"__import__('pathlib').Path({str(marker)!r}).touch()"}
    assert main(["walk", write(tmp_path, data)]) == 0
    assert not marker.exists()
    assert "__import__" in capsys.readouterr().out  # shown as text, as written


def test_handouts_names_a_lesson_that_does_not_exist(tmp_path, capsys):
    assert main(["handouts", str(tmp_path / "site"), "--lesson", "99", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgrules handouts: no lesson '99'") and "04-must-be-blocked" in err



def _ember_walk(target: str) -> dict:
    """A walk in which Alice casts a made-up "2 damage to any target" instant at ``target``."""
    from mtgrules.cards import CardDef, any_target, register
    text = "Practice Ember deals 2 damage to any target."
    register(CardDef("Practice Ember", "{R}", frozenset({"Instant"}), oracle=text, spell_target=any_target(),
                     spell=lambda res, item: [res.damage(t, 2) for t in res.any_targets()],
                     source="a test card (not a real Magic card)"), replace=True)
    return {"title": "Ember", "players": ["Alice", "Bob"], "step": "main1",
            "cards": [{"card": "Practice Ember", "controller": "Alice", "zone": "hand"},
                      {"card": "Mountain", "controller": "Alice"}],
            "actions": [{"do": "activate", "player": "Alice", "source": "Mountain"},
                        {"do": "cast", "player": "Alice", "card": "Practice Ember", "targets": [target]}]}


@pytest.mark.parametrize(("target", "code", "said"), [
    ("Bob", 0, "targeting Bob"), ("Zed", 2, "no player or object is named 'Zed'; the players are Alice, Bob")])
def test_walk_targets_a_player_by_name(tmp_path, capsys, target, code, said):
    """115.1: a spell that may target a player is given the player's name in 'targets', as
    targets=("Bob",) is in Python; the walk looked it up as a card and said no object is named Bob."""
    from helpers import pool_restored
    with pool_restored():
        assert main(["walk", write(tmp_path, _ember_walk(target))]) == code
    out = capsys.readouterr()
    assert said in out.out + out.err
