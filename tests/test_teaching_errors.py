"""Errors that teach: the kit's errors show in a notebook as one short block (the sentence, the
rule, and for a missing choice the keyword and the call that gives it), the traceback on demand."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, MissingChoice, Scenario, ScenarioError, activate, cast, pass_priority
from mtgrules.core.actions import call_text
from mtgrules.rules.combat.declare import declare_blockers


def _neyith_needs_pay():
    s = Scenario("Neyith asks whether Alice pays")
    s.add("Neyith of the Dire Hunt", "Alice")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    for f in forests:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice"))
    return t


def test_missing_choice_names_the_keyword_and_the_call_that_gives_it():
    t = _neyith_needs_pay()
    with pytest.raises(MissingChoice) as info:
        t.do(pass_priority("Bob"))
    err = info.value
    assert err.keyword == "pay"
    assert err.give_as == "pass_priority('Bob', pay=0)"
    assert "give it as pass_priority('Bob', pay=0)" in str(err)
    lines = err._render_traceback_()
    assert len(lines) <= 5
    text = "\n".join(lines)
    assert "CR 608.2c" in text and "pay=..." in text and "pass_priority('Bob', pay=0)" in text
    assert "Traceback" not in text and "File " not in text
    # the call it names works
    t.do(pass_priority("Bob", pay=1))


def test_missing_choice_on_an_activation_names_activate_with_its_keyword():
    s = Scenario("Two replacement effects")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    with pytest.raises(MissingChoice) as info:
        s.timeline().do(activate("Alice", forest))
    assert info.value.give_as.startswith(f"activate('Alice', {forest}, replacement_order=")


def test_illegal_action_renders_its_sentence_and_rule_only():
    s = Scenario("Sick elves")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    with pytest.raises(IllegalAction) as info:
        s.timeline().do(activate("Alice", elves))
    lines = info.value._render_traceback_()
    assert "CR 302.6" in lines[1] and info.value.reason in lines[0] and len(lines) == 3


def test_full_traceback_on_demand():
    s = Scenario("Sick elves")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    with pytest.raises(IllegalAction) as info:
        s.timeline().do(activate("Alice", elves))
    err = info.value
    assert "Traceback (most recent call last)" in err.full_traceback()
    IllegalAction.short_tracebacks = False
    try:
        assert any("Traceback" in line for line in err._render_traceback_())
    finally:
        IllegalAction.short_tracebacks = True


def test_scenario_error_is_short_too():
    with pytest.raises(ScenarioError) as info:
        Scenario("bad").add("Forrest", "Alice")
    lines = info.value._render_traceback_()
    assert "Forrest" in lines[0] and len(lines) == 2


def test_ipython_shows_the_short_block():
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    shown = []
    shell._showtraceback = lambda etype, value, stb: shown.append(stb)
    shell.run_cell("from mtgrules import Scenario, activate\n"
                   "s = Scenario('x'); e = s.add('Llanowar Elves', 'Alice', sick=True)\n"
                   "s.timeline().do(activate('Alice', e))")
    assert shown and len(shown[-1]) == 3 and "CR 302.6" in shown[-1][1]


def test_call_text_rewrites_each_kind_of_action():
    assert call_text(pass_priority("Bob"), pay=1) == "pass_priority('Bob', pay=1)"
    assert call_text(cast("Alice", 5, x=2, targets=(3,)), color="G") == "cast('Alice', 5, x=2, targets=(3,), color='G')"
    assert call_text(activate("Alice", 4, 1)) == "activate('Alice', 4, 1)"
    assert call_text(declare_blockers("Bob", {7: 3}), damage_division=(1, 2)) == \
        "declare_blockers('Bob', {7: 3}, damage_division=(1, 2))"


# ---- the cards lesson 4's exercises need (plain tests: no catalog ruling names them)
def test_gruul_ragebeast_makes_the_creature_that_entered_fight():
    from mtgrules import characteristics
    s = Scenario("Ragebeast")
    s.add("Gruul Ragebeast", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    elves = s.add("Llanowar Elves", "Bob")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))          # Bears resolve, trigger targets the Elves
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))          # the fight
    fights = [e for f in t for e in f.events if e.kind == "fight"]
    assert len(fights) == 1 and fights[0].after == (bears, elves) and fights[0].rule == "701.14a"
    assert t.state.obj(bears).damage == 1 and t.state.obj(elves).zone.value == "graveyard"
    assert characteristics(t.state, bears).power == 2


def test_exponential_growth_doubles_x_times_one_after_another():
    from mtgrules import characteristics
    s = Scenario("Exponential Growth")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    s.mana("Alice", "RRRR")
    t = s.timeline().do(cast("Alice", growth, x=2, targets=(bears,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert characteristics(t.state, bears).power == 8   # 2 -> 4 -> 8 (701.10b)
    assert [e.rule for e in t[-1].events if e.kind == "double power"] == ["701.10b", "701.10b"]


def test_the_verbs_name_themselves_as_where_a_choice_goes():
    from mtgrules import Step
    from mtgrules.play.verbs import go_to, resolve_top
    s = Scenario("Neyith")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline()
    with pytest.raises(RuntimeError, match=r"go_to\(<your timeline>, 'beginning of combat', target=<one of \["):
        go_to(t, Step.BEGIN_COMBAT)
    go_to(t, Step.BEGIN_COMBAT, target=bears)
    with pytest.raises(MissingChoice) as info:
        resolve_top(t)
    assert info.value.give_as == "resolve_top(<your timeline>, pay=0)"
    resolve_top(t, pay=0)
