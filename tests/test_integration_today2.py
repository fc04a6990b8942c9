"""Integration checks of a second day's merges, tried off the lesson path as a learner or a teacher
would: each test guards a defect found there (a kept lesson board handed out for an argument the
unwrapped function refuses, a misspelt answer to ``resolve_top`` answered with advice that keeps it)."""

from __future__ import annotations

import re

import pytest
from helpers import sprawl_on_the_stack

from mtgrules import IllegalAction, Scenario, activate, cast
from mtgrules.core.errors import ActionTypeError
from mtgrules.lessons import tap_untap_and_x
from mtgrules.lessons.played import played_once
from mtgrules.play.verbs import resolve_top
from mtgrules.views import frame_table


# ---------------------------------------------------------------- played_once: the key and bad arguments
def test_a_kept_board_is_not_handed_out_for_an_equal_argument_of_another_type():
    """``True == 1`` in a dict key: ``x_on_entering(True)`` after ``x_on_entering(1)`` gave the X=1
    board, where the function itself refuses True as an X (107.1)."""
    one = tap_untap_and_x.x_on_entering(1)
    assert "X=1" in one.title
    with pytest.raises(ActionTypeError):
        tap_untap_and_x.x_on_entering(True)


def test_a_kept_board_is_not_handed_out_for_a_float_equal_to_an_int():
    calls: list[object] = []

    @played_once
    def board(n: int = 2) -> str:
        calls.append(n)
        return f"{n!r}"

    assert board(2) == "2" and board(2.0) == "2.0" and board(n=2) == "2"
    assert calls == [2, 2.0]


@pytest.mark.parametrize("call", [lambda f: f(x=1, y=2), lambda f: f(1, 2), lambda f: f(1, x=1)])
def test_a_wrong_argument_raises_the_functions_own_type_error(call):
    """``inspect.Signature.bind`` says "got an unexpected keyword argument 'y'" without naming the
    function; the lesson function called unwrapped says "x_on_entering() got ..."."""
    with pytest.raises(TypeError) as wrapped:
        call(tap_untap_and_x.x_on_entering)
    with pytest.raises(TypeError) as plain:
        call(tap_untap_and_x.x_on_entering.__wrapped__)
    assert str(wrapped.value) == str(plain.value)


# ---------------------------------------------------------------- resolve_top: a misspelt answer
def test_resolve_top_refuses_a_misspelt_answer_before_any_pass():
    """``resolve_top(t, colour="R")`` for Utopia Sprawl: the colour question came first, so the
    learner got a MissingChoice advising ``resolve_top(t, colour='R', color='W')``, keeping the
    misspelt keyword. It is refused now, as go_to refuses it, naming the near keyword."""
    t, sprawl = sprawl_on_the_stack()
    start = len(t)
    with pytest.raises(IllegalAction) as info:
        resolve_top(t, colour="R")
    assert info.value.rule == "117.1" and "colour='R'" in info.value.reason
    assert "names no question the kit asks" in info.value.reason and "did you mean color?" in info.value.reason
    assert len(t) == start, "nothing played"
    resolve_top(t, color="R")
    assert t.state.obj(sprawl).choice("color") == "R"


# ---------------------------------------------------------------- Effect: what it applies to
def _bears():
    s = Scenario("Bears")
    bears = s.add("Grizzly Bears", "Alice")
    return s.state(), bears


def test_an_effect_given_an_object_id_for_a_reference_is_refused_where_it_is_built():
    """``affected=(bears,)`` (the id ``s.add`` returns) matched no object: the +1/+1 silently did
    nothing. A bare reference (no tuple) crashed later, as the layers were applied."""
    from dataclasses import replace

    from mtgrules.core.effects import Effect
    from mtgrules.core.errors import EffectError
    from mtgrules.rules.layers import characteristics
    state, bears = _bears()
    with pytest.raises(EffectError) as info:
        Effect("7c", "+1/+1", "613.4c", affected=(bears,), delta=(1, 1))
    assert info.value.rule == "611.2c" and "state.obj(oid).ref" in info.value.reason
    ref = state.obj(bears).ref
    for given in (ref, [ref]):  # a lone reference or a list means the same locked set
        effect = Effect("7c", "+1/+1", "613.4c", affected=given, delta=(1, 1))
        assert effect.affected == (ref,)
        c = characteristics(replace(state, effects=(effect,)), bears)
        assert (c.power, c.toughness) == (3, 3)


def test_an_effect_with_both_a_locked_set_and_a_test_is_refused():
    """With both, ``affected`` won and ``applies`` was ignored without a word."""
    from mtgrules.core.effects import Effect
    from mtgrules.core.errors import EffectError
    state, bears = _bears()
    with pytest.raises(EffectError, match="both affected"):
        Effect("7c", "+1/+1", "613.4c", affected=(state.obj(bears).ref,), applies=lambda s, o, c: True,
               delta=(1, 1))


# ---------------------------------------------------------------- WhatIf: the comparison made on first view
def test_a_what_if_compares_the_timeline_as_it_was_made_even_when_shown_later(monkeypatch):
    """In a kernel the comparison is rendered when first shown. A learner who played on in the
    timeline in between (``go_to(t, "end")``) got a comparison of the new timeline against a
    branch and a divergence worked out from the old one."""
    import re

    from mtgrules import pass_priority
    from mtgrules.play.verbs import go_to
    from mtgrules.widgets import whatif

    monkeypatch.setattr(whatif, "shown_count", lambda: 0)  # as in a kernel: nothing shown yet
    t = tap_untap_and_x.x_on_entering()
    w = whatif.WhatIf(t, 0, [pass_priority("Alice")])
    assert not w.filled
    made = w.render()
    go_to(t, "end")
    shown = w.comparison.value
    assert w.filled and "end step" not in shown
    assert re.sub(r"T_[0-9a-f]+", "", shown) == re.sub(r"T_[0-9a-f]+", "", made)  # the Styler's random ids aside
    assert len(w.timeline) == 4 and w.timeline.state != t.state


# ---------------------------------------------------------------- frame_table: a step that isn't one
@pytest.mark.parametrize("step, error, words", [(99, IndexError, "outside this timeline (0..1)"),
                                                (-3, IndexError, "outside this timeline"),
                                                (True, TypeError, "step number"), ("1", TypeError, "step number")])
def test_frame_table_refuses_a_step_that_is_not_one_as_branch_does(step, error, words):
    """``frame_table(t, 99)`` said "range object index out of range", and ``frame_table(t, True)``
    showed step 1, where ``t.branch(True)`` is refused."""
    from mtgrules.views import frame_table
    t = tap_untap_and_x.untap_refused()
    with pytest.raises(error, match=re.escape(words)):
        frame_table(t, step)
    assert frame_table(t, -1).caption == frame_table(t, 1).caption and "refused" in frame_table(t, 1).caption


def test_boards_played_with_an_older_card_pool_are_let_go():
    """Every ``register(..., replace=True)`` (a card cell re-run) left every board played before it
    kept for good, though its key could never match again."""
    import gc
    import weakref

    from mtgrules.core.carddef import CARD_POOL, register
    from mtgrules.play.timeline import Timeline

    @played_once
    def board() -> Timeline:
        return Scenario("a Forest").timeline()

    first = weakref.ref(board()[0])
    register(CARD_POOL["Forest"].__class__(**{**vars(CARD_POOL["Forest"])}), replace=True)
    board()
    gc.collect()
    assert first() is None


def test_a_kept_dict_or_list_of_timelines_is_handed_out_as_copies():
    from mtgrules.play.timeline import Timeline

    @played_once
    def boards() -> dict[str, list[Timeline]]:
        return {"both": [Scenario("one").timeline(), Scenario("two").timeline()]}

    mine = boards()
    mine["both"][0].title = "mine"
    mine["both"].append(mine["both"][0])
    again = boards()
    assert again["both"][0].title == "one" and len(again["both"]) == 2


def test_a_single_pass_with_a_misspelt_answer_is_refused_not_advised_with_it():
    """``pass_priority("Bob", colour="R")`` as Utopia Sprawl resolves: the colour question came
    first and the MissingChoice advised ``pass_priority('Bob', colour='R', color='W')``."""
    from mtgrules import MissingChoice, apply, pass_priority
    s = Scenario("Sprawl resolving")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline().do(cast("Alice", sprawl, targets=(forest,))).do(pass_priority("Alice"))
    with pytest.raises(IllegalAction) as info:
        apply(t.state, pass_priority("Bob", colour="R"))
    assert not isinstance(info.value, MissingChoice)
    assert info.value.rule == "117.1" and "colour='R'" in info.value.reason and "color" in info.value.reason
    with pytest.raises(MissingChoice):  # with no answer at all, it is still asked for
        apply(t.state, pass_priority("Bob"))


def test_a_refused_steps_caption_reads_as_sentences():
    """The caption of a refused step keeps the reason, the rule and "nothing changes" apart
    (it ran the reason straight into "CR 302.6")."""
    s = Scenario("Tapped twice")
    forest = s.add("Forest", "Alice")
    t = s.timeline().do(activate("Alice", forest, type="G"))
    t.attempt(activate("Alice", forest, type="G"))
    caption = frame_table(t, -1).caption
    reason = t[-1].refused.reason.rstrip(".")
    assert f"({reason}; CR {t[-1].refused.rule}; nothing changes)" in caption


def test_a_keyword_written_with_capitals_is_refused_with_the_spelling_the_kit_reads():
    """``add_keywords={"Flying"}``: the kit's keywords are lower case; the refusal says which
    spelling it reads instead of only listing them, and a lone string is shown the right set."""
    from mtgrules.core.keywords import keyword_set
    with pytest.raises(ValueError, match="did you mean 'flying'"):
        keyword_set({"Flying"}, "test")
    with pytest.raises(TypeError, match=r"frozenset\(\{'first strike'\}\)"):
        keyword_set("First strike", "test")
