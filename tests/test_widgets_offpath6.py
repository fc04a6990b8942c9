"""The widgets and the teacher's board tools given what a learner or teacher might really type:
each wrong input is refused with a TypeError/ValueError saying what was expected (never a
traceback from deep inside, never read as something else), and a refused input changes nothing.
"""

from __future__ import annotations

import pytest

from mtgrules import Scenario, activate
from mtgrules.lessons import must_be_blocked as neyith
from mtgrules.widgets import BlocksExplorer, Predict, Walkthrough, WhatIf


def forest_timeline():
    """Alice taps a Forest (step 1)."""
    s = Scenario("Off the path", step="main1")
    forest = s.add("Forest", "Alice")
    t = s.timeline()
    t.do(activate("Alice", forest))
    return t, forest


def bob_tries(forest: int):
    """The alternative: Bob tries to tap Alice's Forest (refused)."""
    s = Scenario("Off the path", step="main1")
    s.add("Forest", "Alice")
    t = s.timeline()
    t.attempt(activate("Bob", forest))
    return t


# ---------------------------------------------------------------- Walkthrough
@pytest.mark.parametrize("start", ["1", True, 1.0])
def test_walkthrough_start_must_be_a_whole_step_number(start):
    """``start="1"`` failed comparing text with a number, ``start=1.0`` failed indexing a list
    with a float, and ``start=True`` opened step 1 as if True were a number."""
    t, _ = forest_timeline()
    with pytest.raises(TypeError, match="step is a whole number"):
        Walkthrough(t, start=start)


@pytest.mark.parametrize("i", ["1", True, 1.5])
def test_walkthrough_go_refuses_a_step_that_is_not_a_whole_number_and_stays_put(i):
    """``w.go(1.5)`` was taken, leaving the widget on a position no step has."""
    t, _ = forest_timeline()
    w = Walkthrough(t)
    with pytest.raises(TypeError, match="step is a whole number"):
        w.go(i)
    assert w.step == 0 and w.slider.value == 0


@pytest.mark.parametrize("flag", ["board", "fold_passes"])
def test_walkthrough_switches_are_true_or_false(flag):
    """``fold_passes="no"`` (or ``board="no"``) was read as yes: any non-empty text is truthy."""
    t, _ = forest_timeline()
    with pytest.raises(TypeError, match=f"{flag} is True or False"):
        Walkthrough(t, **{flag: "no"})


def test_walkthrough_of_the_start_alone_steps_nowhere():
    t = Scenario("Only the start").timeline()
    w = Walkthrough(t)
    w.next_button.click()
    w.prev_button.click()
    assert w.step == 0 and w.next_button.disabled and w.prev_button.disabled


def test_a_step_played_after_the_walkthrough_waits_for_refresh_in_the_label_too():
    """Playing on the timeline after making its walk-through, then Next, showed "Step 1 of 2"
    beside a disabled Next and a slider ending at 1: the label counted the new step, nothing
    else did until ``refresh()``."""
    s = Scenario("Two Forests")
    first, second = s.add("Forest", "Alice"), s.add("Forest", "Alice")
    t = s.timeline()
    t.do(activate("Alice", first))
    w = Walkthrough(t)
    t.do(activate("Alice", second))
    w.next_button.click()
    assert "Step 1 of 1:" in w.label.value and w.next_button.disabled and w.slider.max == 1
    w.refresh()
    assert "Step 1 of 2:" in w.label.value and not w.next_button.disabled and w.slider.max == 2


def test_a_handout_keeps_the_walkthroughs_own_title():
    """``Walkthrough(t, title="...")`` showed its title in the notebook, but the handout built
    from the same cell silently used the timeline's title instead."""
    from mtgrules.classroom.handouts import Page, Pictures
    t, _ = forest_timeline()
    page = Page("A lesson", Pictures())
    html = page.value(Walkthrough(t, title="Tapping a <Forest>"))
    assert "Tapping a &lt;Forest&gt;" in html and "Off the path" not in html


# ---------------------------------------------------------------- Predict
@pytest.mark.parametrize("timeline", [None, Scenario("Not played")])
def test_predict_needs_a_timeline(timeline):
    """``Predict(scenario, 1)`` failed with "object of type 'Scenario' has no len()"."""
    with pytest.raises(TypeError, match="Predict asks about a step of a Timeline"):
        Predict(timeline, 1)


def test_predict_alternatives_must_be_timelines():
    """An action (or a scenario) among the alternatives failed with "object of type 'Activate'
    has no len()"."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match="alternative 1 is a Activate, not a Timeline"):
        Predict(t, 1, alternatives=[activate("Bob", forest)])


def test_predict_refuses_one_timeline_where_a_list_of_them_belongs():
    """``alternatives=branch`` (no list) was read as its frames, failing with "object of type
    'Frame' has no len()"."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match=r"a list of timelines, such as \[t.branch\(0\)\]"):
        Predict(t, 1, alternatives=bob_tries(forest))


@pytest.mark.parametrize("gives", [[1], 1, None])
def test_predict_describe_must_give_text(gives):
    """A ``describe`` giving a list failed with "unhashable type: 'list'"; giving a number or
    None said the step "has only one outcome here, None", as if the lesson lacked alternatives."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match="describe must return the option's text"):
        Predict(t, 1, alternatives=[bob_tries(forest)], describe=lambda frame: gives)


def test_predict_auto_is_true_or_false():
    """``auto="no"`` was read as yes."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match="auto is True or False"):
        Predict(t, 1, alternatives=[bob_tries(forest)], auto="no")


def test_predict_attributes_given_as_one_name_are_not_read_letter_by_letter():
    """``attributes="pool"`` was read as the attributes p, o, o, l: every option then said
    "Nothing changes" or the refusal, quietly."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match=r"such as \['pool'\]"):
        Predict(t, 1, alternatives=[bob_tries(forest)], attributes="pool")


@pytest.mark.parametrize(("rules", "error", "says"), [
    ("302.6", TypeError, r"such as \['302.6'\]"),
    (["302.66"], ValueError, "not in the kit's rules index"),
    (["three-oh-two"], ValueError, "not a well-formed"),
])
def test_predict_rules_are_checked_before_a_learner_sees_them(rules, error, says):
    """``rules="302.6"`` was cited as CR 3, CR 0, CR ., CR 2, CR 6; a mistyped number was cited
    to the learner as the rule that decides."""
    t, forest = forest_timeline()
    with pytest.raises(error, match=says):
        Predict(t, 1, alternatives=[bob_tries(forest)], rules=rules)


def test_predict_rules_the_kit_knows_are_cited():
    t, forest = forest_timeline()
    p = Predict(t, 1, alternatives=[bob_tries(forest)], rules=["605.3b"])
    p.choose(p.correct).reveal()
    assert "CR 605.3b" in p.result.value


@pytest.mark.parametrize(("options", "says"), [
    (["Alice taps it", "Nothing"], "options maps each option's text to a claim"),
    ({"Alice taps it": True, "Nothing": False}, "each option is text with a claim"),
])
def test_predict_teacher_options_must_be_text_with_claims(options, says):
    """A list of options failed with "'list' object has no attribute 'items'"; ``True`` in place
    of a claim failed with "'bool' object is not callable"."""
    t, _ = forest_timeline()
    with pytest.raises(TypeError, match=says):
        Predict(t, 1, options=options)


# ---------------------------------------------------------------- WhatIf
@pytest.mark.parametrize("timeline", [None, Scenario("Not played")])
def test_whatif_needs_a_timeline(timeline):
    """``WhatIf(scenario, 0, [...])`` failed with "'Scenario' object has no attribute 'copy'"."""
    with pytest.raises(TypeError, match="WhatIf branches a Timeline"):
        WhatIf(timeline, 0, [])


def test_whatif_labels_given_as_one_text_are_refused():
    """``labels="ab"`` was read as the two labels "a" and "b"."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match="labels is a pair of names"):
        WhatIf(t, 0, [activate("Bob", forest)], labels="ab")


def test_whatif_labels_must_be_text():
    """``labels=(1, 2)`` failed with "'int' object has no attribute 'lower'"."""
    t, forest = forest_timeline()
    with pytest.raises(ValueError, match="two texts"):
        WhatIf(t, 0, [activate("Bob", forest)], labels=(1, 2))


def test_whatif_shows_a_missing_choice_with_the_keyword_that_gives_it():
    s = Scenario("Vivid Crag")
    crag = s.add("Vivid Crag", "Alice", counters={"charge": 2})
    w = WhatIf(s.timeline(), 0, [activate("Alice", crag, 1)], labels=("<b>As played", "What if"))
    html = w.comparison.value
    assert "color=" in html and "CR 106.1a" in html
    assert "&lt;b&gt;As played" in html and "<b>As played" not in html


# ---------------------------------------------------------------- BlocksExplorer
@pytest.fixture
def menace():
    t = neyith.menace_board()
    w = BlocksExplorer(t.state)
    return w, list(w.dropdowns), list(w.options.attackers)


def test_blocks_explorer_needs_a_state():
    """``BlocksExplorer(None)`` failed with "'NoneType' object has no attribute 'combat'"."""
    with pytest.raises(TypeError, match="BlocksExplorer reads a game state"):
        BlocksExplorer(None)


def test_blocks_explorer_choose_takes_a_mapping(menace):
    """``w.choose([blocker])`` failed with "'list' object has no attribute 'get'"."""
    w, blockers, _ = menace
    with pytest.raises(TypeError, match=r"choose takes \{blocker: attacker or None\}"):
        w.choose([blockers[0]])


def test_a_refused_choice_leaves_the_dropdowns_and_the_verdict_as_they_were(menace):
    """A declaration whose second entry names no attacker set the first dropdown before refusing,
    so the dropdowns showed half of a declaration nobody made and the verdict was wiped."""
    w, blockers, attackers = menace
    w.choose({blockers[0]: attackers[0], blockers[1]: attackers[0]}).check()
    before = (w.declaration, w.result.value, w.verdict)
    with pytest.raises(ValueError, match="999 is not attacking Bob"):
        w.choose({blockers[0]: None, blockers[1]: 999})
    assert (w.declaration, w.result.value, w.verdict) == before


def test_an_attacker_given_as_text_is_named_as_text(menace):
    """``{blocker: "5"}`` was refused with "5 is not attacking Bob; attackers are [5]"."""
    w, blockers, attackers = menace
    with pytest.raises(ValueError, match=rf"'{attackers[0]}' is not attacking Bob"):
        w.choose({blockers[0]: str(attackers[0])})


# ---------------------------------------------------------------- BoardEditor
def test_board_editor_refuses_a_zone_before_the_card_goes_in():
    """``add("Forest", zone="pocket")`` added the card, then failed with the Zone list's "Invalid
    selection: value not found", leaving a card on the board the editor couldn't show."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    assert e.add("Forest", "Alice", zone="pocket") == -1
    assert e.entries == [] and "'pocket' is not a zone" in e.error and "battlefield" in e.error


def test_board_editor_refuses_a_player_not_on_the_board():
    """``add("Forest", "Carol")`` added a card whose Player list kept showing the previous card's
    controller: the editor showed a player the card doesn't have."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    assert e.add("Forest", "Carol") == -1
    assert e.entries == [] and "'Carol' is not a player on this board" in e.error


def test_board_editor_names_a_card_name_that_is_not_text():
    """``add(["Forest"])`` failed with "unhashable type: 'list'"."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    assert e.add(["Forest"]) == -1 and "There is no card named ['Forest']" in e.error


@pytest.mark.parametrize("i", [9, "x", True])
def test_board_editor_select_names_the_positions(i):
    """``select(9)`` failed with the list's "Invalid selection: value not found"."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    e.add("Forest", "Alice")
    with pytest.raises(IndexError, match=r"a card's position in the list, 0..0"):
        e.select(i)


def test_board_editor_says_why_set_counters_and_remove_did_nothing():
    """Set counters or Remove card with no card selected (or no counter kind typed) did nothing
    at all: a click silently ignored."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    e.counter_button.click()
    assert "Select a card in the list first" in e.error
    e.add("Forest", "Alice")
    e.counter_kind.value = ""
    e.counter_button.click()
    assert "Type the kind of counter" in e.error and "counters" not in e.entries[0]
    e.cards.value = None
    e.remove_button.click()
    assert "Select a card in the list first" in e.error and len(e.entries) == 1


@pytest.mark.parametrize("fold", ["no", 0])
def test_whatif_fold_passes_is_true_or_false(fold):
    """``fold_passes="no"`` was read as yes."""
    t, forest = forest_timeline()
    with pytest.raises(TypeError, match="fold_passes is True or False"):
        WhatIf(t, 0, [activate("Bob", forest)], fold_passes=fold)


# ---------------------------------------------------------------- lessons.show
@pytest.mark.parametrize(("given", "says"), [
    (None, "not NoneType"),
    ("scenario", r"pass s.state\(\)"),
    ("timeline", r"pass t.state \(the state now\)"),
])
def test_board_names_the_state_to_pass_before_drawing(given, says, monkeypatch):
    """``board(None)`` or ``board(scenario)`` failed with "'NoneType' object has no attribute
    'cached'" from the layers; in a kernel the drawing waits for the first view, so the widget
    showed even ``board(t)`` as "a fault in the kit worth reporting" instead of in the cell."""
    from mtgrules.lessons.show import board
    from mtgrules.widgets import picture
    monkeypatch.setattr(picture, "shown_count", lambda: 0)  # as in a kernel: drawn on the first view
    s = Scenario("A board")
    s.add("Forest", "Alice")
    thing = {"scenario": s, "timeline": s.timeline(), None: None}[given]
    with pytest.raises(TypeError, match=says):
        board(thing)


def test_figure_needs_a_figure():
    """``figure(None)`` failed with "'NoneType' object has no attribute 'axes'"."""
    from mtgrules.lessons.show import figure
    with pytest.raises(TypeError, match="a matplotlib Figure"):
        figure(None)


@pytest.mark.parametrize(("boards", "says"), [
    ("state", r"a list of \(title, state\) pairs, not GameState"),
    (["state"], r"board 1 of could_produce_view is GameState; each board is a pair"),
    ([(5, "state")], "has the title 5; a title is text"),
    ([("Now", "timeline")], r"board 1 shows a game state, not Timeline: pass t.state"),
])
def test_could_produce_view_names_what_each_board_must_be(boards, says):
    """A lone state failed with "'GameState' object is not iterable", a list of states with
    "cannot unpack", a number as a title with "'int' object has no attribute 'replace'"."""
    from mtgrules.lessons.show import could_produce_view
    s = Scenario("A board")
    s.add("Forest", "Alice")
    t = s.timeline()

    def real(x):
        return {"state": t.state, "timeline": t}.get(x, x) if isinstance(x, str) else x
    given = real(boards) if isinstance(boards, str) else [
        tuple(real(v) if i else v for i, v in enumerate(b)) if isinstance(b, tuple) else real(b) for b in boards]
    with pytest.raises(TypeError, match=says):
        could_produce_view(given)


def test_could_produce_view_still_shows_titled_boards_escaped():
    from mtgrules.lessons.show import could_produce_view
    s = Scenario("A board")
    s.add("Forest", "Alice")
    html = could_produce_view([("<b>Now</b>", s.timeline().state)])._repr_html_()
    assert "&lt;b&gt;Now&lt;/b&gt;" in html and "Forest" in html


# ---------------------------------------------------------------- classroom
@pytest.mark.parametrize(("lessons", "built"), [("04", ["04"]), (4, ["04"]), ([4, "1"], ["01", "04"])])
def test_handouts_for_one_lesson_given_as_text_or_a_number(lessons, built, tmp_path, monkeypatch):
    """``build_site(..., lessons="04")`` built lessons 00 and 04 (the text read character by
    character), and ``lessons=[4]`` failed with "'int' object has no attribute 'isdigit'"."""
    from pathlib import Path

    from mtgrules.classroom import handouts
    monkeypatch.setattr(handouts, "lesson_page",  # the pages themselves are tested in test_handouts.py
                        lambda path, pictures: ("", handouts.Page(path.stem, pictures)))
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    handouts.build_site(notebooks, tmp_path, lessons, progress=False)
    pages = sorted(p.stem.split("-", 1)[0] for p in tmp_path.glob("[0-9][0-9]-*.html"))
    assert pages == built


def test_a_lesson_named_by_something_else_is_refused():
    from pathlib import Path

    from mtgrules.classroom.notebook import find_lesson
    with pytest.raises(TypeError, match=r"named by its number \(4 or \"04\"\) or name"):
        find_lesson(Path("notebooks"), 4.0)


# ---------------------------------------------------------------- refused when made, not at the first view
@pytest.fixture
def as_in_a_kernel(monkeypatch):
    """Widgets built as in a kernel: their parts are made when a front end first shows them."""
    from mtgrules.widgets import picture, walkthrough
    monkeypatch.setattr(walkthrough, "shown_count", lambda: 0)
    monkeypatch.setattr(picture, "shown_count", lambda: 0)


@pytest.mark.parametrize("interval", ["1500", 0, True])
def test_walkthrough_interval_is_checked_in_the_cell(interval, as_in_a_kernel):
    """``Walkthrough(t, interval="1500")`` was taken; at the first view the Play control refused
    it and the widget said "The kit could not draw this ... a fault in the kit"."""
    t, _ = forest_timeline()
    with pytest.raises(TypeError, match="interval is the time between steps in milliseconds"):
        Walkthrough(t, interval=interval)


def test_picture_needs_a_drawing_function_in_the_cell(as_in_a_kernel):
    from mtgrules.widgets import Picture
    with pytest.raises(TypeError, match="a function that returns PNG bytes"):
        Picture(b"\x89PNG", "a board")


def test_a_step_counted_from_the_end_is_named_as_given():
    """``w.go(-9)`` on a two-step walk-through said "step -7 is outside this walkthrough"."""
    t, _ = forest_timeline()
    w = Walkthrough(t)
    with pytest.raises(IndexError, match=r"step -9 is outside this walkthrough \(0..1, or -1..-2 from the end\)"):
        w.go(-9)
    assert w.go(-2).step == 0 and w.go(-1).step == 1


@pytest.mark.parametrize("n", [-1, "2", 1.5])
def test_board_editor_refuses_a_count_of_counters_before_changing_the_card(n):
    """``set_counter("charge", -1)`` wrote -1 into the card, then showed that the board can't be
    built: the refused edit stayed in the card's data (and in its saved JSON)."""
    from mtgrules.widgets import BoardEditor
    e = BoardEditor()
    e.add("Vivid Crag", "Alice")
    e.set_counter("charge", n)
    assert "A number of counters is a whole number" in e.error and "counters" not in e.entries[0]


def test_walkthrough_takes_a_numpy_step_number():
    """A step read from a table's index is a numpy integer: still a whole number."""
    import numpy as np
    t, _ = forest_timeline()
    w = Walkthrough(t, start=np.int64(1))
    assert w.step == 1 and type(w.step) is int and w.go(np.int64(0)).step == 0


@pytest.mark.parametrize(("timeline", "step", "says"), [
    (None, 1, "Predict asks about a step of a Timeline"),
    ("t", "1", "a prediction needs a played step, as a number such as 2"),
])
def test_outcome_options_name_a_timeline_or_step_they_cannot_use(timeline, step, says):
    """``outcome_options(None, 1)`` failed with "object of type 'NoneType' has no len()" and
    ``outcome_options(t, "1")`` comparing text with a number (Predict itself checked both)."""
    from mtgrules.widgets import outcome_options
    t, _ = forest_timeline()
    with pytest.raises(TypeError, match=says):
        outcome_options(t if timeline == "t" else timeline, step)


def test_a_legal_empty_declaration_reads_as_a_sentence():
    """The verdict read "Legal. no blockers." after the learner left every creature home."""
    s = Scenario("Nobody attacks")
    s.add("Grizzly Bears", "Bob")
    w = BlocksExplorer(s.timeline().state, "Bob").check()
    assert "Legal.</span> No blockers." in w.result.value
