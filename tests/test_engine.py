"""The engine core: refusals that leave the state alone, priority, choices, immutability, replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import pool, refused

from mtgrules import MissingChoice, Scenario, ScenarioError, activate, apply, cast, legal_actions, pass_priority
from mtgrules.catalog.rules_index import RULES
from mtgrules.core.actions import PassPriority
from mtgrules.core.mana import ManaType


def _board():
    s = Scenario("engine")
    ids = {name: s.add(name, "Alice") for name in ("Forest", "Llanowar Elves", "Reflecting Pool")}
    ids["Bears"] = s.add("Grizzly Bears", "Alice", zone="hand")
    ids["Maniac"] = s.add("Tattermunge Maniac", "Alice", zone="hand")
    return s, ids


def test_paying_a_cost_without_enough_mana_is_refused():
    s, ids = _board()
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", ids["Bears"]), "118.3")


def test_an_action_by_a_player_without_priority_is_refused():
    s, ids = _board()
    err = refused(s.state(), pass_priority("Bob"), "117.3d")
    assert "Bob" in err.reason and "Alice" in err.reason


def test_a_hybrid_cost_paid_with_the_wrong_colour_is_refused():
    s, ids = _board()
    s.mana("Alice", "U")
    refused(s.state(), cast("Alice", ids["Maniac"], hybrid="U"), "107.4e")
    s2, ids2 = _board()
    s2.mana("Alice", "G")
    state, _ = apply(s2.state(), cast("Alice", ids2["Maniac"], hybrid="G"))
    assert pool(state, "Alice") == []


def test_a_needed_choice_that_is_missing_is_an_error_not_a_default():
    s = Scenario()
    zig = s.add("Ancient Ziggurat", "Alice")
    with pytest.raises(MissingChoice) as info:
        apply(s.state(), activate("Alice", zig))
    assert info.value.kind == "color" and len(info.value.options) == 5


def test_a_callback_can_answer_choices():
    s = Scenario()
    zig = s.add("Ancient Ziggurat", "Alice")
    state, _ = apply(s.state(), activate("Alice", zig), callback=lambda req: "R")
    assert state.player("Alice").pool[0].type is ManaType.R


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s, ids = _board()
    before = s.state()
    after, events = apply(before, activate("Alice", ids["Forest"]))
    assert not before.obj(ids["Forest"]).tapped and after.obj(ids["Forest"]).tapped
    assert before.player("Alice").pool == () and events


def test_every_event_names_a_rule_the_kit_knows():
    s, ids = _board()
    t = s.timeline()
    t.do(activate("Alice", ids["Forest"])).do(activate("Alice", ids["Reflecting Pool"]))
    t.do(cast("Alice", ids["Bears"]))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    for frame in t:
        for e in frame.events:
            assert e.rule in RULES, f"{e.kind} cites unknown rule {e.rule}"


def test_legal_actions_lists_only_what_apply_accepts():
    s, ids = _board()
    s.add("Llanowar Elves", "Alice", sick=True)
    actions = legal_actions(s.state())
    assert PassPriority("Alice") in actions
    sources = {getattr(a, "source", None) for a in actions}
    assert ids["Forest"] in sources and ids["Llanowar Elves"] in sources
    assert all(getattr(a, "card", None) != ids["Bears"] for a in actions), "no mana yet for Grizzly Bears"
    for a in actions:
        apply(s.state(), a)


def test_replaying_recorded_actions_gives_an_equal_state():
    s, ids = _board()
    t = s.timeline()
    t.do(activate("Alice", ids["Forest"])).do(activate("Alice", ids["Llanowar Elves"])).do(cast("Alice", ids["Bears"]))
    t.attempt(activate("Alice", ids["Forest"]))
    assert t.replay().state == t.state


def test_a_malformed_scenario_says_what_and_where():
    with pytest.raises(ScenarioError, match=r"cards\[1\].*unknown field"):
        Scenario.from_dict({"cards": [{"card": "Forest"}, {"card": "Forest", "tapd": True}]})
    with pytest.raises(ScenarioError, match="did you mean 'Forest'"):
        Scenario.from_dict({"cards": [{"card": "Forrest"}]})
    with pytest.raises(ScenarioError, match="zone 'battlefeld'"):
        Scenario().add("Forest", "Alice", zone="battlefeld")
    with pytest.raises(ScenarioError, match="'Carol' is not a player"):
        Scenario().add("Forest", "Carol")
    with pytest.raises(ScenarioError, match=r"card #2 \('Utopia Sprawl'\).*chosen="):
        s = Scenario()
        s.add("Utopia Sprawl", "Alice", attached_to=s.add("Forest", "Alice"))


def test_every_rule_number_in_the_package_is_in_the_index():
    root = Path(__file__).resolve().parents[1] / "mtgrules"
    pattern = re.compile(r"""["'](\d{3}(?:\.\d+[a-z]?)?)["']""")
    cited = {m for f in root.rglob("*.py") for m in pattern.findall(f.read_text())}
    assert cited, "the scan found no citations at all"
    unknown = sorted(c for c in cited if c not in RULES)
    assert not unknown, f"rule numbers cited but not in rules_index.RULES: {unknown}"
