"""A refusal is shown as its sentence followed by its rule: "Refused: <reason> (CR <rule>)". A
reason that itself ends with a rule in parentheses reads as two citations back to back, such as
"... so it can't attack (508.1a) (CR 302.6)", and the learner can't tell which rule refused the
action. The rule a reason leans on belongs inside the sentence, next to what it says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mtgrules import Scenario, Step, declare_attackers
from mtgrules.core.errors import IllegalAction
from mtgrules.play.verbs import go_to
from mtgrules.rules.engine import apply

PACKAGE = Path(__file__).resolve().parents[1] / "mtgrules"
ENDS_WITH_A_RULE = re.compile(r"\((?:[^()]*, )?\d{3}\.\d+[a-z]?\)\s*$")


def _reason_endings() -> list[tuple[str, str]]:
    """(place, last words) of every reason written as a literal in a Reason(...) or IllegalAction(...)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    in ("Reason", "IllegalAction") and len(node.args) >= 2):
                continue
            text = node.args[1]
            last = text.values[-1] if isinstance(text, ast.JoinedStr) and text.values else text
            if isinstance(last, ast.Constant) and isinstance(last.value, str):
                found.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", last.value))
    return found


def test_the_scan_finds_the_kits_refusals():
    assert len(_reason_endings()) > 50  # 72 when this test was written


def test_no_refusal_reason_ends_with_a_rule_of_its_own():
    ending = [(place, text[-60:]) for place, text in _reason_endings() if ENDS_WITH_A_RULE.search(text)]
    assert not ending, ending


def test_a_summoning_sick_attacker_is_refused_with_each_rule_once():
    s = Scenario("Elves just arrived", players=["Alice", "Bob"], step="combat")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    t = go_to(s.timeline(), Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction) as refusal:
        apply(t.state, declare_attackers("Alice", {elves: "Bob"}))
    assert refusal.value.rule == "302.6"
    assert not ENDS_WITH_A_RULE.search(refusal.value.reason), refusal.value.reason
    assert "(508.1a)" in refusal.value.reason
