"""Every exercise in lessons 0 to 8 has a check the engine answers: each is answered right (with
the key the engine plays) and wrong, and the reply cites the deciding rule."""

from __future__ import annotations

import dataclasses
import re

import pytest
from helpers import committed_notebook, lesson_path

from mtgrules import Scenario, Step, declare_attackers
from mtgrules.lessons.check import EXERCISES, NO_ANSWER, Verdict, check, get
from mtgrules.lessons.solutions import key
from mtgrules.play.verbs import go_to
from mtgrules.rules.layers import characteristics

JUDGED = {"04.2", "06.4"}


def _ids() -> list[str]:
    get("00.1")  # loads the key
    return sorted(EXERCISES)


def _wrong(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, tuple):
        return (value[0] + 1, *value[1:])
    if isinstance(value, list):
        return value[:-1] or ["nobody"]
    return f"not {value}"


@pytest.mark.parametrize("exercise_id", [i for i in _ids() if i not in JUDGED])
def test_each_exercise_is_answered_right_and_wrong(exercise_id):
    ex = get(exercise_id)
    right = check(exercise_id, key(exercise_id))
    wrong = check(exercise_id, _wrong(key(exercise_id)))
    assert isinstance(right, Verdict) and right and right.rule == ex.rule
    assert not wrong and wrong.rule == ex.rule
    assert f"CR {ex.rule}" in wrong._repr_html_() and "Not yet" in wrong._repr_html_()
    assert str(key(exercise_id)) not in wrong.message or isinstance(key(exercise_id), bool | int)


def test_the_menace_declarations_are_judged_by_the_engine():
    legal = key("04.2")
    assert check("04.2", legal) and check("04.2", len(legal))
    assert not check("04.2", legal[:-1])            # one missing
    brute = next(iter(legal[0].values()))
    one_blocker = {next(iter(legal[0])): brute}
    verdict = check("04.2", [*legal, one_blocker])  # one that menace forbids
    assert not verdict and "isn't legal" in verdict.message


def test_a_scenario_showing_a_graveyard_attackers_own_static_ability_is_right():
    s = Scenario("The Lord attacks from the graveyard", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    lord = s.add("Lord of the Accursed", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {lord: "Bob", bears: "Bob"}))
    verdict = check("06.4", t)
    assert verdict and "113.6" in repr(verdict) and "static" in repr(verdict)
    assert characteristics(t.state, bears).power == 2  # the kit's reading: the Lord pumps no one from there
    from mtgrules.lessons.over_my_dead_bodies import tour
    assert not check("06.4", tour())                 # no card with a static ability of its own attacks
    assert not check("06.4", 3)                      # not a scenario: said, not raised


def test_a_graveyard_attackers_own_trigger_is_not_the_open_question_any_more():
    """Melee from a graveyard triggers (OMDB-5, OMDB-9), so a scenario showing only that isn't
    where the two readings of exercise 06.4 differ."""
    s = Scenario("Wings attacks from the graveyard", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    wings = s.add("Wings of the Guard", "Alice", zone="graveyard")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    assert any(e.kind == "trigger" and e.obj == wings for e in t[-1].events)
    assert not check("06.4", t)


def test_answers_are_read_as_a_learner_writes_them():
    assert check("02.3", "CR 302.6") and check("02.3", " 302.6. ")
    assert check("01.1", "{b}")
    assert check("06.3", ["Walking Corpse", "Raging Goblin"])   # order doesn't matter


def test_an_unknown_exercise_names_the_known_ones():
    with pytest.raises(ValueError, match="04.4"):
        check("04.9", 1)


@pytest.mark.parametrize("lesson", ["01", "02", "03", "04", "05", "06", "07", "08", "10", "11", "12", "13"])
def test_every_exercise_in_a_lesson_has_a_check(lesson):
    """The lesson's numbered exercises and the registered checks match one to one, and the
    lesson calls check() for each."""
    path = lesson_path(lesson)
    cells = committed_notebook(path)["cells"]
    text = "\n".join("".join(c["source"]) for c in cells)
    part = text[text.index("## Exercises"):].split("## Quiz")[0]  # the quiz after them numbers its questions
    numbered = re.findall(r"^(\d+)\. ", part, flags=re.M)
    registered = [i.split(".")[1].lstrip("0") for i in EXERCISES if i.startswith(lesson + ".")]
    assert numbered and sorted(numbered) == sorted(registered)
    for n in registered:
        assert f'check("{lesson}.{n}"' in text, f"{path.name} doesn't check exercise {lesson}.{n}"


@pytest.mark.parametrize("lesson", ["00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13"])
def test_every_lesson_shows_a_board_as_a_visible_scenario_cell(lesson):
    path = lesson_path(lesson)
    code = ["".join(c["source"]) for c in committed_notebook(path)["cells"] if c["cell_type"] == "code"]
    assert any("Scenario(" in src and ".add(" in src for src in code), f"{path.name} shows no board as code"


def _start(fn):
    def start():
        t = fn()
        t = t[0] if isinstance(t, tuple) else t
        return t[0].state
    return start


def _solution_boards() -> dict:
    from mtgrules.lessons import solutions as S
    return {"01.1": _start(S.mana1_with_swamp), "01.2": _start(lambda: S.tour_with_darkness()[1]),
            "01.3": _start(S.fellwar_facing_wastes), "02.1": _start(S.stolen_elves),
            "02.3": _start(S.pili_pala_cast), "03.1": _start(S.melee_one_bears_at_carol),
            "03.2": _start(S.two_wings), "03.3": _start(S.charge_wings), "03.4": _start(S.wings_at_jace),
            "04.2": _start(S.menace_three), "04.3": _start(S.wings_must_be_blocked_board),
            "04.4": _start(S.fight_then_blocked), "04.5": _start(S.doubled_twice_board),
            "05.2": _start(S.end_step_murder), "06.1": _start(S.omdb_tour_with_spider),
            "06.2": _start(S.lord_on_bobs_side_board), "06.3": _start(S.bob_has_omdb_board),
            "07.1": lambda: S.busybody_in_hand_board().state(), "07.3": lambda: S.haste_board().state(),
            "04.1": _start(S.explorer_board), "05.1": _start(S.two_headed_giant),
            "05.3": _start(S.end_step_response), "07.2": _start(S.busybody_duel),
            "08.1": lambda: S.knight_blocked_board().state(), "08.2": lambda: S.basilisk_myr_board().state(),
            "08.3": lambda: S.ace_myr_board().state(), "08.4": lambda: S.lunge_on_knight_board().state(),
            "08.5": lambda: S.nighthawk_board().state(),
            "10.1": _start(S.two_cast_triggers_board), "10.2": _start(S.bob_responds_board),
            "10.3": _start(S.casting_a_spell_tour), "10.4": _start(S.geyser_x2_board),
            "11.1": _start(S.leyline_mummy_board), "11.2": _start(S.furnace_shield_board),
            "11.3": _start(S.caves_board), "11.4": _start(S.scorch_board),
            "12.1": _start(S.staff_two_then_five), "12.2": _start(S.bears_fists_then_twist),
            "12.3": _start(S.flying_then_hush),
            "13.1": _start(lambda: S.pyroclasm_game("Alice")), "13.2": _start(S.checked_again_board),
            "13.3": _start(lambda: S.pyroclasm_game("Bob"))}


@pytest.mark.parametrize("exercise_id", sorted(_solution_boards()))
def test_the_key_plays_the_board_the_lesson_shows(exercise_id):
    """The learner's cell and the teacher's key build the same board, ids included, so an answer
    that names ids (a declaration) means the same thing to both."""
    lesson, n = exercise_id.split(".")
    path = lesson_path(lesson)
    cells = {c["id"]: "".join(c["source"]) for c in committed_notebook(path)["cells"]}
    scope: dict = {}
    exec(cells[f"{lesson}-ex0c"], scope)  # the exercises' own imports, and nothing else
    exec(cells[f"{lesson}-ex{int(n)}b"], scope)
    assert scope["s"].state() == _solution_boards()[exercise_id]()


@pytest.mark.parametrize("lesson", ["01", "02", "03", "04", "05", "06", "07", "08", "10", "11", "12", "13"])
def test_the_exercises_run_on_their_own_after_a_restart(lesson):
    """A learner who restarts the kernel and goes straight to the exercises runs their import
    cell (the section says to) and then each exercise cell in order: none may need a name that
    only the lesson's first cell imports (a NameError for Walkthrough or state_table, as lessons 05
    and 06 gave a newcomer)."""
    path = lesson_path(lesson)
    cells = committed_notebook(path)["cells"]
    start = next(i for i, c in enumerate(cells) if c.get("id") == f"{lesson}-ex0c")
    scope: dict = {}
    for c in cells[start:]:
        if c["cell_type"] == "code":
            exec("".join(c["source"]), scope)


def test_the_shipped_placeholder_is_no_answer_yet_and_plays_nothing(monkeypatch):
    """``answer = ...`` (how every lesson ships its exercises) is told apart from a wrong answer:
    no hint, no "the engine plays it differently", and the board isn't played for it."""
    for exercise_id in ("04.4", "06.4", "07.1"):
        ex = get(exercise_id)

        def unplayable(*_args):
            raise AssertionError("the board was played for a placeholder")
        monkeypatch.setitem(EXERCISES, exercise_id, dataclasses.replace(ex, key=unplayable,
                                                                         judge=unplayable if ex.judge else None))
        verdict = check(exercise_id, ...)
        assert not verdict and verdict.message == NO_ANSWER and ex.hint not in verdict.message
