"""The lessons' quizzes in judge-exam form: every question answered right and wrong, every option
checked by the engine, and a question the engine doesn't bear out refused as it is made."""

from __future__ import annotations

import io

import pytest

from mtgrules.catalog import claims as c
from mtgrules.catalog import rules_index
from mtgrules.catalog.lessons import lesson_names
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, QuizError, board_lines, right, wrong
from mtgrules.core.actions import activate
from mtgrules.core.errors import MtgRulesError, NotInGame
from mtgrules.lessons.played import played_once
from mtgrules.lessons.quizzes import lessons_with_quizzes, module_name, quiz_for, quiz_module
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline

QUIZZED = lessons_with_quizzes()


def _true_here(claim, timeline) -> bool:
    try:
        return bool(claim(timeline))
    except NotInGame:
        return False


def test_the_lessons_have_quizzes():
    assert {"01-mana", "02-tap-untap-and-x"} <= set(QUIZZED)


QUIZ_CELL_LESSONS = [*lesson_names()[:10], "10-casting-a-spell", "11-replacement-effects", "12-layers",
                     "13-priority-and-state-based-actions"]
"""The lessons whose notebook ends with its quiz: 00 to 09, then the newer ones as they get theirs."""


@pytest.mark.parametrize("lesson", QUIZ_CELL_LESSONS)
def test_lessons_end_with_their_quiz(lesson):
    """The quiz cell is the notebook's last code cell, and its Markdown version (for GitHub) ends it."""
    from helpers import committed_notebook, lesson_paths
    assert lesson in QUIZZED, f"{lesson} has no quiz module (mtgrules/lessons/quizzes/{module_name(lesson)}.py)"
    path = next(p for p in lesson_paths() if p.stem == lesson)
    cells = committed_notebook(path)["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert f"Quiz(quiz_for({int(lesson[:2])}))" in code[-1], f"{lesson}: the last code cell asks the quiz"
    meta = cells[-1].get("metadata", {}).get("mtgrules", {})
    assert meta == {"quiz": module_name(lesson), "only": "no-kernel"}, f"{lesson}: the quiz's Markdown comes last"


@pytest.mark.parametrize("lesson", QUIZZED)
def test_every_quiz_answered_through_the_widget(lesson):
    from mtgrules.widgets import Quiz as QuizWidget
    quiz = quiz_for(lesson)
    w = QuizWidget(quiz)
    for n, q in enumerate(quiz, 1):
        w.go(n)
        if n % 2:
            w.choose(*sorted(q.answer)).answer()
            assert w.verdict.right and "Right." in w.result.value
        else:
            label = next(label for label in q.labels if label not in q.answer)
            w.choose(*([*sorted(q.answer), label] if q.select_all else [label])).answer()
            assert not w.verdict.right and "Not quite." in w.result.value
        assert w.walk_box.children and w.walk_box.children[0].timeline is q.timeline
    assert w.attempt.right == (len(quiz) + 1) // 2 and "quiz complete" in w.progress.value


@pytest.mark.parametrize("lesson", QUIZZED)
def test_every_question_answered_right_and_wrong(lesson):
    quiz = quiz_for(lesson)
    assert 5 <= len(quiz) <= 10, f"{lesson}: a lesson's quiz has 5 to 10 questions"
    assert quiz.lesson == lesson
    for n, q in enumerate(quiz, 1):
        where = f"{lesson} question {n}"
        assert q.timeline.state.active == "A" and "A" in q.timeline[0].state.player_names, where
        assert all(rules_index.cite(r) for r in q.rules), where
        rights = sorted(q.answer)
        verdict = q.grade(rights)
        assert verdict.right and verdict.headline.startswith("Right."), where
        wrongs = [label for label in q.labels if label not in q.answer]
        assert wrongs, f"{where}: no wrong option"
        for label in wrongs:
            change = q.option(label).change
            assert change is not None and label in q.variants, where
            assert change.phrase in q.explain(label), where
            # every wrong option is what the engine plays on its named board, and not on this one (where an
            # object it names may not exist: a card only its board has)
            assert q.option(label).claim(q.variants[label]) and not _true_here(q.option(label).claim, q.timeline), where
            chosen = [label] if not q.select_all else [*rights, label]
            wrong_verdict = q.grade(chosen)
            assert not wrong_verdict.right and wrong_verdict.headline.startswith("Not quite."), where
            assert any(change.phrase in line for line in wrong_verdict.lines()), where
        if q.select_all and len(rights) > 1:
            assert not q.grade(rights[:-1]).right, f"{where}: a select-all answer is scored all or nothing"
        if not q.select_all:
            assert len(q.options) == 5, where


@pytest.mark.parametrize("lesson", QUIZZED)
def test_every_quiz_board_names_its_players_as_judge_exams_do(lesson):
    for q in quiz_for(lesson):
        for t in (q.timeline, *q.variants.values()):
            names = t[0].state.player_names
            assert names[0] == "A" == t.state.active, names
            assert names[1:] == ["N"] or names[1:] == [f"N{i}" for i in range(1, len(names))], names


def test_quiz_for_names_a_lesson_by_number_or_name():
    assert quiz_for(1).lesson == quiz_for("01").lesson == quiz_for("01-mana").lesson == "01-mana"
    with pytest.raises(QuizError, match="no lesson 99"):
        quiz_for(99)
    with pytest.raises(QuizError, match="has no quiz"):
        quiz_module("no_such_lesson", "99-none")
    assert module_name("02-tap-untap-and-x") == "tap_untap_and_x"
    assert all(module_name(n).isidentifier() for n in lesson_names())


# ---------------------------------------------------------------- the kit refuses what the engine doesn't play
@played_once
def land_board(land: str = "Forest", reflection: bool = False, tapped: bool = False,
               players: tuple[str, ...] = QUIZ_PLAYERS) -> Timeline:
    s = Scenario("A taps a land", players=players)
    mine = s.add(land, players[0], tapped=tapped)
    if reflection:
        s.add("Mana Reflection", players[0])
    t = s.timeline()
    t.attempt(activate(players[0], mine))
    return t


def five() -> list:
    """A question that is fine: each wrong option is what the engine plays on its board."""
    return [right("A's pool gains {G}", c.gained("A", "G")),
            wrong("A's pool gains {G}{G}", c.gained("A", "GG"), "if A controlled Mana Reflection", reflection=True),
            wrong("It is refused", c.refused("107.5"), "if the Forest were already tapped", tapped=True),
            wrong("A's pool gains {U}", c.gained("A", "U"), "if A's land were an Island", land="Island"),
            wrong("A's pool gains {B}", c.gained("A", "B"), "if A's land were a Swamp", land="Swamp")]


def make(opts, **kw):
    return Question("A taps her Forest. What does she gain?", land_board, opts, rules=("106.4",),
                    why="A Forest adds {G}.", **kw)


def test_a_good_question_is_made():
    q = make(five())
    assert q.answer == {q.labels[i] for i, o in enumerate(q.options) if o.is_right}
    assert q.grade(sorted(q.answer)).right and set(q.variants) == set(q.labels) - q.answer
    both = make([*five()[:4], right("The Forest becomes tapped", c.tapped("Forest"))], select_all=True)
    assert len(both.answer) == 2


@pytest.mark.rule("106.4")
def test_a_question_whose_claimed_answer_the_engine_does_not_play_is_refused():
    """The teacher claims the Forest adds {C}; the engine plays {G} on that board."""
    opts = five()
    opts[0] = right("A's pool gains {C}", c.gained("A", "C"))
    with pytest.raises(QuizError, match="given as right, but the engine doesn't play it") as refused:
        make(opts)
    assert isinstance(refused.value, MtgRulesError) and "adds {G} to A's pool" in str(refused.value)


def test_a_wrong_option_the_engine_does_not_play_on_its_board_is_refused():
    opts = five()
    opts[1] = wrong("A's pool gains {B}{B}", c.gained("A", "BB"), "if A controlled Mana Reflection", reflection=True)
    with pytest.raises(QuizError, match="doesn't play it on the board if A controlled Mana Reflection"):
        make(opts)


def test_a_wrong_option_that_is_the_right_answer_is_refused():
    opts = five()
    opts[4] = wrong("The Forest becomes tapped", c.tapped("Forest"), "if A controlled Mana Reflection", reflection=True)
    with pytest.raises(QuizError, match="it is true of the question's board: it is a right answer"):
        make(opts)
    # a one-answer question whose wrong option's board plays the right answer too
    opts = five()
    opts[0] = right("The Forest becomes tapped", c.tapped("Forest"))  # tapped with Mana Reflection out too
    with pytest.raises(QuizError, match="plays the right answer .* too"):
        make(opts)


def test_a_board_that_differs_in_no_named_way_is_refused():
    with pytest.raises(QuizError, match="exactly one way"):
        wrong("x", c.played(), "if two things changed", reflection=True, tapped=True)
    with pytest.raises(QuizError, match="exactly one way"):
        wrong("x", c.played(), "if nothing changed")
    opts = five()
    opts[1] = wrong("A's pool gains {G}{G}", c.gained("A", "GG"), "if A had Mana Reflection", mana_reflection=True)
    with pytest.raises(QuizError, match="has no keyword 'mana_reflection'"):
        make(opts)
    opts = five()
    opts[1] = wrong("A's pool gains {G}{G}", c.gained("A", "GG"), "if A had no Mana Reflection", reflection=False)
    with pytest.raises(QuizError, match="is the question's own board"):
        make(opts)


def test_the_form_of_a_judge_exam_question_is_checked():
    with pytest.raises(QuizError, match="5 options, exactly one of them right"):
        make(five()[:4])
    with pytest.raises(QuizError, match="4 to 6 statements"):
        make(five()[:3], select_all=True)
    with pytest.raises(QuizError, match="two options read"):
        make([*five()[:4], wrong("A's pool gains {g}", c.gained("A", "B"), "if A's land were a Swamp", land="Swamp")])
    with pytest.raises(QuizError, match="not in the kit's rules index"):
        Question("?", land_board, five(), rules=("999.9",), why="w")
    with pytest.raises(QuizError, match="rules is a list"):
        Question("?", land_board, five(), rules="106.4", why="w")
    with pytest.raises(QuizError, match="names its players as judge exams do"):
        alice = played_once(lambda land="Forest", reflection=False, tapped=False:
                            land_board(land, reflection, tapped, ("Alice", "Bob")))
        Question("?", alice, [right("Alice's pool gains {G}", c.gained("Alice", "G")), *five()[1:]],
                 rules=("106.4",), why="w")
    with pytest.raises(QuizError, match="made by right"):
        make([*five()[:4], "A's pool gains {C}"])
    with pytest.raises(QuizError, match="why is a sentence"):
        Question("?", land_board, five(), rules=("106.4",), why="")


def test_a_claim_that_names_no_object_is_the_teachers_mistake_not_a_false_option():
    opts = five()
    opts[2] = wrong("Forrest is tapped", c.tapped("Forrest"), "if the Forest were already tapped", tapped=True)
    with pytest.raises(QuizError, match="names an object that board doesn't have"):
        make(opts)


def test_answers_are_option_numbers_and_a_second_answer_is_refused():
    quiz = quiz_for(1)
    q = quiz.question(1)
    with pytest.raises(QuizError, match="number of an option"):
        q.grade("x")
    with pytest.raises(QuizError, match="no option has that number"):
        q.grade("9")
    with pytest.raises(QuizError, match="one answer"):
        q.grade("1, 2")
    from mtgrules.catalog.quiz import Attempt
    attempt = Attempt(quiz)
    attempt.answer(1, "".join(sorted(q.answer)))
    with pytest.raises(QuizError, match="answered already"):
        attempt.answer(1, "1")
    assert attempt.right == 1 and attempt.score.startswith("1 of 1")


def test_the_board_is_described_from_the_state():
    s = Scenario("b", players=QUIZ_PLAYERS)
    s.add("Forest", "A", tapped=True)
    s.add("Llanowar Elves", "A", sick=True)
    s.add("Hangarback Walker", "N", counters={"+1/+1": 2})
    s.add("Giant Growth", "A", zone="hand")
    s.mana("A", "GG")
    lines = board_lines(s.state())
    assert lines[0] == "It is A's turn (precombat main phase)."
    assert lines[1] == ("A (20 life). Battlefield: Forest (tapped); Llanowar Elves (came under A's control this "
                        "turn). Hand: Giant Growth. Mana pool: {G}{G}.")
    assert lines[2] == "N (20 life). Battlefield: Hangarback Walker (2 +1/+1 counters)."


def test_quiz_values_refuse_what_is_not_one():
    with pytest.raises(QuizError):
        Quiz("empty", [])
    with pytest.raises(QuizError, match="questions 1 to"):
        quiz_for(1).question(0)


# ---------------------------------------------------------------- the widget, without a browser
def test_the_widget_asks_one_question_at_a_time_and_keeps_the_score():
    from mtgrules.widgets import Quiz as QuizWidget
    from mtgrules.widgets import Walkthrough
    quiz = quiz_for(1)
    w = QuizWidget(quiz)
    assert "Question 1 of 5" in w.progress.value and "Question 1." in w.question.value
    assert "Heartbeat of Spring" in w.question.value and "nothing else exists" in w.question.value
    first = quiz.question(1)
    wrong_label = next(label for label in first.labels if label not in first.answer)
    w.answer()
    assert "Choose an option first" in w.result.value and w.verdict is None
    w.choose(wrong_label).answer()
    assert w.verdict is not None and not w.verdict.right
    assert "Not quite." in w.result.value and "CR 106.12b" in w.result.value
    assert first.option(wrong_label).change.phrase.replace("'", "&#x27;") in w.result.value
    assert isinstance(w.walk_box.children[0], Walkthrough) and w.walk_box.children[0].timeline is first.timeline
    w.board_choice.value = wrong_label                        # the board where the wrong option happens
    assert w.walk_box.children[0].timeline is first.variants[wrong_label]
    assert w.answer_button.disabled
    with pytest.raises(QuizError, match="answered already"):
        w.choose(wrong_label)
    for n in range(2, len(quiz) + 1):
        w.next()
        q = quiz.question(n)
        w.choose(*sorted(q.answer)).answer()
        assert w.verdict.right and "Right." in w.result.value
    assert w.score == f"{len(quiz) - 1} of {len(quiz)} answered right" and "quiz complete" in w.progress.value
    w.go(1)
    assert "Not quite." in w.result.value  # an answered question shows its verdict again
    w.restart()
    assert w.verdict is None and w.attempt.verdicts == {} and w.number == 1


def test_the_widget_escapes_game_text():
    from mtgrules.widgets.quiz import question_html
    q = quiz_for(1).question(1)
    html = question_html(q, 1)
    assert "<script" not in html and "A&#x27;s turn" in html


# ---------------------------------------------------------------- the terminal
def test_the_terminal_quiz_reads_answers_and_scores_them():
    from mtgrules.cli_quiz import run
    quiz = quiz_for(1)
    answers = ["nonsense"] + [", ".join(sorted(q.answer)) for q in quiz]
    out = io.StringIO()
    assert run(quiz, io.StringIO("\n".join(answers) + "\n"), out, 100) == 0
    text = out.getvalue()
    assert "answer with the number of an option" in text
    assert text.count("Right. The answer:") == len(quiz) and f"Score: {len(quiz)} of {len(quiz)}." in text
    assert "nothing else exists" in text and "Rules: CR 106.12b" in text
    stopped = io.StringIO()
    assert run(quiz, io.StringIO("1\n"), stopped, 100) == 0
    assert "Stopped at question 2" in stopped.getvalue()


def test_the_quiz_command(capsys):
    from mtgrules.cli import main
    assert main(["quiz", "1", "--answers"]) == 0
    out = capsys.readouterr().out
    assert "answer key" in out and out.count("Answer: ") == len(quiz_for(1))
    assert main(["quiz", "42"]) == 2
    assert "no lesson 42" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["quiz", "--help"])
    assert done.value.code == 0 and "--answers" in capsys.readouterr().out


# ---------------------------------------------------------------- the handouts
def test_the_handout_prints_the_quiz_with_its_answers_in_a_section_of_their_own(tmp_path):
    from mtgrules.classroom import handouts
    from mtgrules.widgets import Quiz as QuizWidget
    page = handouts.Page("Lesson", handouts.Pictures())
    quiz = quiz_for(1)
    sheet = page.value(QuizWidget(quiz))
    key = handouts._answer_key(page)
    assert sheet.count('class="mtg-quiz-question"') == len(quiz)
    assert "The answer:" not in sheet and "Why:" not in sheet and "is what the engine plays" not in sheet
    assert '<section class="mtg-quiz-key" id="quiz-answers"><h2>Quiz answers</h2>' in key
    assert key.count('class="mtg-quiz-answer-item"') == len(quiz) and "Why:" in key
    for n, q in enumerate(quiz, 1):
        first = sorted(q.answer)[0]
        assert f"Question {n}: {first} (" in key, n
    css = handouts.asset("handout.css")
    assert ".mtg-quiz-key { break-before: page;" in css
