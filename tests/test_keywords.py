"""Keywords are a closed, typed set, and each one the kit accepts is played by its rule.

One plain test per keyword (no ruling IDs: these are rules, not seed rulings), each naming the
rule it checks, plus the regression test for Tattermunge Maniac's requirement (508.1d).
"""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, refuse

from mtgrules import Scenario, Step, declare_attackers, legal_actions
from mtgrules.cards import CardDef, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.rules.layers import characteristics

C = frozenset({"Creature"})


# ---------------------------------------------------------------- a closed set
def test_an_unknown_keyword_is_refused_when_the_card_is_defined_and_the_known_ones_are_listed():
    with pytest.raises(ValueError) as info:
        CardDef("Teacher's Knight", "{1}{W}", C, power=2, toughness=2, keywords=frozenset({"double strke"}))
    message = str(info.value)
    assert "'double strke'" in message and "Teacher's Knight" in message
    for k in Keyword:
        assert repr(k.value) in message


def test_a_keyword_given_as_a_bare_string_is_refused_not_split_into_letters():
    with pytest.raises(TypeError):
        CardDef("Flier", "{1}{U}", C, power=1, toughness=1, keywords="flying")


def test_keywords_written_as_text_become_typed_members():
    knight = CardDef("Practice Knight", "{1}{W}", C, power=2, toughness=2, keywords=frozenset({"first strike"}))
    assert knight.keywords == {Keyword.FIRST_STRIKE}
    assert all(isinstance(k, Keyword) for k in knight.keywords)


def test_an_effect_granting_an_unknown_keyword_is_refused():
    with pytest.raises(ValueError, match="unknown keyword 'shroud'"):
        Effect("6", "gains shroud", "613.1f", add_keywords=frozenset({"shroud"}))


def test_restrictions_and_requirements_are_keywords_of_the_same_kind():
    for text in ("can't block", "can't attack", "attacks each combat if able", "blocks each combat if able",
                 "must be blocked if able", "menace", "flying", "reach", "haste", "undeathtouch"):
        assert Keyword(text).rule


# ---------------------------------------------------------------- Tattermunge Maniac (508.1d)
def test_tattermunge_maniac_must_attack_when_able_508_1d():
    """Regression (repro 04): the Maniac's "attacks each combat if able" was text only, so an empty
    declaration was accepted and proposed."""
    s = Scenario("Maniac", step="combat")
    maniac = s.add("Tattermunge Maniac", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert Keyword.ATTACKS_EACH_COMBAT in characteristics(t.state, maniac).keywords
    refuse(t.state, declare_attackers("Alice"), "508.1d")
    offered = legal_actions(t.state)
    assert offered and all(dict(a.attacks).get(maniac) == "Bob" for a in offered)
    t.do(declare_attackers("Alice", [maniac]))
    assert kinds(t.frames[-1].events, "attacks")


def test_tattermunge_maniac_that_cant_attack_is_no_requirement_508_1d():
    """A requirement counts only where it can be obeyed: a tapped Maniac stays home legally."""
    s = Scenario("Maniac tapped", step="combat")
    s.add("Tattermunge Maniac", "Alice", tapped=True)
    s.add("Grizzly Bears", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice"))
    assert t.state.combat.attacks == ()
