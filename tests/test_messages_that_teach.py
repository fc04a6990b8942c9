"""Messages that confuse instead of teach (issue 26, section 4), each with the sentence it says now:
a refused attacker after the game declared none, the line under an uncaught error, the missing
choice of Neyith's payment, step names as they are spoken, and ``s.add`` with its arguments swapped."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mtgrules import (
    IllegalAction,
    MissingChoice,
    MtgRulesError,
    Scenario,
    ScenarioError,
    Step,
    declare_attackers,
    pass_priority,
)
from mtgrules.core.errors import UnknownName
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.engine import apply

REPO = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- a summoning-sick attacker
@pytest.mark.rule("302.6")
def test_a_sick_attacker_is_told_the_game_declared_none_because_nothing_could_attack():
    """It was "... and it has no haste; and attackers have already been declared this combat", though
    no one declared any: the game went on without a declaration (508.1a), nothing being able to attack."""
    s = Scenario("Elves just arrived", step="combat")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    t = go_to(s.timeline(), Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction) as refusal:
        apply(t.state, declare_attackers("Alice", {elves: "Bob"}))
    assert refusal.value.rule == "302.6"
    assert refusal.value.reason == (
        "Llanowar Elves can't attack (508.1a): it hasn't been under Alice's control continuously since their most "
        "recent turn began, and it has no haste; as this declare attackers step began, Alice had no creature that "
        "could attack, so the game declared no attackers for them, and attackers are declared only once a combat")
    assert "already been declared" not in refusal.value.reason


@pytest.mark.rule("508.1")
def test_attackers_declared_again_say_who_declared_what():
    s = Scenario("Bears", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.DECLARE_ATTACKERS
    none = t.copy().do(declare_attackers("Alice", {}))
    with pytest.raises(IllegalAction, match=r"^Alice declared no attackers this combat, and attackers are declared "
                                            r"only once a combat \(CR 508\.1\)$"):
        apply(none.state, declare_attackers("Alice", {bears: "Bob"}))
    some = t.copy().do(declare_attackers("Alice", {bears: "Bob"}))
    with pytest.raises(IllegalAction, match=r"^Attackers have already been declared this combat \(CR 508\.1\)$"):
        apply(some.state, declare_attackers("Alice", {bears: "Bob"}))


# ---------------------------------------------------------------- the line under an uncaught error
def test_the_short_block_ends_with_what_works_for_an_error_nobody_caught():
    with pytest.raises(ScenarioError) as caught:
        Scenario("bad").add("Forrest", "Alice")
    last = caught.value._render_traceback_()[-1]
    assert "%tb in the next cell shows the full traceback" in last
    assert "err" not in last and "caught" not in last


def test_in_ipython_an_uncaught_error_is_short_and_percent_tb_shows_it_whole():
    """The hint is true: in IPython the error shows as the short block, and %tb then shows the whole
    traceback (IPython asks the error again, once it is no longer being handled). Run in its own
    process, so no IPython shell is left behind for the other tests."""
    script = textwrap.dedent("""
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        shell.run_cell("from mtgrules import Scenario\\nScenario('x').add('Forrest', 'Alice')")
        print("----")
        shell.run_cell("%tb")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)
    shown, _, again = run.stdout.partition("----")
    assert "ScenarioError" in shown and "no card named 'Forrest'" in shown
    assert "Traceback" not in shown and "(%tb in the next cell shows the full traceback)" in shown
    assert "Traceback (most recent call last)" in again and "scenario_input.py" in again, run.stdout + run.stderr


# ---------------------------------------------------------------- a missing choice, in words
def _neyith_waits():
    s = Scenario("Neyith")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    t = go_to(s.timeline(), Step.BEGIN_COMBAT, target=bears)
    return t


@pytest.mark.rule("608.2c")
def test_neyiths_payment_names_its_options_in_words_and_no_variable_the_kit_cant_know():
    my_game = _neyith_waits()
    with pytest.raises(MissingChoice) as caught:
        resolve_top(my_game)
    err = caught.value
    assert err.reason == ("Alice chooses whether to pay {2}{R/G} as Neyith's ability resolves: pay=1 pays it (the "
                          "target's power doubles, and it must be blocked this combat if able), pay=0 doesn't (nothing "
                          "else happens); no choice was given")
    assert err.give_as == "resolve_top(<your timeline>, pay=0)"
    lines = err._render_traceback_()
    assert lines[2] == "Give the choice with the keyword pay=..., for example resolve_top(<your timeline>, pay=0)"
    assert "resolve_top(t," not in "\n".join(lines)
    resolve_top(my_game, pay=0)  # the call it names works, on a timeline with another name


def test_a_missing_choice_on_a_pass_names_the_options_too():
    t = _neyith_waits()
    t.do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as caught:
        t.do(pass_priority("Bob"))
    assert "pay=1 pays it" in caught.value.reason and "pay=0 doesn't" in caught.value.reason
    assert caught.value.give_as == "pass_priority('Bob', pay=0)"


def test_go_to_names_no_variable_either():
    s = Scenario("Neyith")
    s.add("Neyith of the Dire Hunt", "Alice")
    s.add("Grizzly Bears", "Alice")
    with pytest.raises(MtgRulesError, match=r"answer it here: go_to\(<your timeline>, 'beginning of combat', "
                                            r"target=<one of \["):
        go_to(s.timeline(), Step.BEGIN_COMBAT)


# ---------------------------------------------------------------- steps by their spoken names
@pytest.mark.parametrize("said", ["declare attackers", "declare attacker", "Declare Attackers", "declare_attackers",
                                  "declare-attackers", "  declare   attackers ", "declare attackers step",
                                  Step.DECLARE_ATTACKERS])
def test_go_to_takes_a_step_by_its_spoken_name(said):
    s = Scenario("Bears", step="main1")
    s.add("Grizzly Bears", "Alice")
    t = go_to(s.timeline(), said)
    assert t.state.step is Step.DECLARE_ATTACKERS


@pytest.mark.parametrize("said, step", [("upkeep step", Step.UPKEEP), ("precombat main phase", Step.MAIN1),
                                        ("main2", Step.MAIN2), ("end of turn", Step.END), ("end step", Step.END),
                                        ("first strike damage", Step.FIRST_STRIKE_DAMAGE),
                                        ("declare blocker", Step.DECLARE_BLOCKERS)])
def test_other_spoken_names(said, step):
    from mtgrules.core.turns import parse_step
    assert parse_step(said) is step


@pytest.mark.parametrize("said, hint", [("declare atackers", "(did you mean 'declare attackers'?)"),
                                        ("lunch", ""), ("main", "(did you mean 'main2' or 'main1'?)"),
                                        ("upkep", "(did you mean 'upkeep'?)")])
def test_an_unknown_step_is_refused_with_the_kits_error_and_a_did_you_mean(said, hint):
    s = Scenario("Bears", step="main1")
    t = s.timeline()
    with pytest.raises(UnknownName) as caught:
        go_to(t, said)
    text = caught.value.reason
    assert text.startswith(f"unknown step {said!r}{' ' + hint if hint else ''}; the steps are: untap, upkeep, draw, "
                           "precombat main, beginning of combat, declare attackers, declare blockers"), text
    assert "declare_attackers" not in text  # the names as spoken, as the command line writes them
    assert isinstance(caught.value, ValueError) and len(t) == 1  # nothing was played


# ---------------------------------------------------------------- s.add with its arguments swapped
def test_add_with_the_player_first_says_the_order():
    s = Scenario("x")
    with pytest.raises(ScenarioError) as caught:
        s.add("Alice", "Forest")
    assert str(caught.value) == ("scenario 'x', card #1 ('Alice'): 'Alice' is a player, not a card: add takes the "
                                 "card's name first and its controller second, as in add('Forest', 'Alice')")
    with pytest.raises(ScenarioError, match=r"'Bob' is a player, not a card: .* as in add\('Forest', 'Bob'\) for a "
                                            r"Forest Bob controls"):
        s.add("Bob")
    assert s.add("Forest", "Alice") == 1  # nothing was added by the refusals
