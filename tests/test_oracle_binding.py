"""Printed text is played or marked: every line of every pool card's Oracle text is bound to an
ability or keyword of its definition, or marked ``not_played`` with a reason, and the mark shows
wherever the card is shown (state table, narration, board picture)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules import Scenario, cast
from mtgrules.cards import CARD_POOL, KIT_CARDS, CardDef, StaticAbility, card
from mtgrules.core.carddef import (
    NOT_PLAYED,
    UNBOUND_REASON,
    line_binding,
    not_played_text,
    oracle_lines,
    stale_marks,
    unbound_lines,
)
from mtgrules.play.verbs import resolve_top
from mtgrules.views import state_table
from mtgrules.views.board import draw_board

KIT_POOL = {name: CARD_POOL[name] for name in KIT_CARDS}
"""The kit's own cards, as ``import mtgrules`` registers them (``KIT_CARDS``), whatever another test
module collected before this one registered at its import."""


@pytest.mark.parametrize("name", sorted(KIT_POOL))
def test_every_line_of_a_pool_cards_oracle_text_is_bound_or_marked(name):
    cdef = KIT_POOL[name]
    assert not unbound_lines(cdef), (
        f"{name}: these lines are neither played by an ability or keyword nor marked not_played: "
        f"{unbound_lines(cdef)}")


@pytest.mark.parametrize("name", sorted(KIT_POOL))
def test_no_pool_card_marks_a_line_it_plays(name):
    """A mark left behind after the line became played would tell a learner something false."""
    assert not stale_marks(KIT_POOL[name]), f"{name}: remove the not_played mark of {stale_marks(KIT_POOL[name])}"


def test_the_pool_check_splits_the_oracle_text_into_lines():
    walker = KIT_POOL["Hangarback Walker"]
    assert len(oracle_lines(walker.oracle)) == 3
    assert [line_binding(walker, line) for line in oracle_lines(walker.oracle)] == [
        "EntersWith", "TriggeredAbility", "ActivatedAbility"]


# ---------------------------------------------------------------- a made-up card
LANTERN_LINES = ("Flying", "Creatures you control get +0/+1.", "Whenever the moon rises, draw a card.")
LANTERN = CardDef(
    "Practice Lantern", "{2}", frozenset({"Artifact", "Creature"}), frozenset({"Construct"}), power=1, toughness=1,
    oracle="\n".join(LANTERN_LINES), keywords=frozenset({"flying"}),
    abilities=(StaticAbility(LANTERN_LINES[1], lambda state, source: []),),
    not_played=((LANTERN_LINES[2], "the moon never rises in this kit"),),
    source="a test card (not a real Magic card)")


def test_a_made_up_card_with_every_line_bound_or_marked_passes():
    assert unbound_lines(LANTERN) == []
    assert [line_binding(LANTERN, line) for line in LANTERN_LINES] == ["keyword", "StaticAbility", None]


def test_removing_a_bound_ability_leaves_its_line_unbound_and_the_check_fails():
    without = replace(LANTERN, abilities=())
    assert unbound_lines(without) == [LANTERN_LINES[1]]
    with pytest.raises(AssertionError, match=r"Creatures you control get \+0/\+1"):
        assert not unbound_lines(without), f"unbound: {unbound_lines(without)}"


def test_a_keyword_line_is_bound_only_by_that_keyword():
    assert unbound_lines(replace(LANTERN, keywords=frozenset())) == ["Flying"]
    assert unbound_lines(replace(LANTERN, keywords=frozenset({"reach"}))) == ["Flying"]
    reminder = replace(LANTERN, oracle="Flying (This creature can't be blocked except by flyers.)",
                       abilities=(), not_played=())
    assert unbound_lines(reminder) == []


def test_removing_a_mark_leaves_its_line_unbound():
    assert unbound_lines(replace(LANTERN, not_played=())) == [LANTERN_LINES[2]]


def test_a_mark_must_name_a_printed_line_and_give_a_reason():
    with pytest.raises(ValueError, match="not a line of its Oracle text"):
        replace(LANTERN, not_played=(("Whenever the sun sets, draw a card.", "no sun"),))
    with pytest.raises(ValueError, match="needs a reason"):
        replace(LANTERN, not_played=((LANTERN_LINES[2], " "),))
    with pytest.raises(ValueError, match=r"\(line, reason\) pairs"):
        replace(LANTERN, not_played=(LANTERN_LINES[2],))


def test_a_bound_line_that_is_also_marked_is_a_stale_mark():
    assert stale_marks(replace(LANTERN, not_played=((LANTERN_LINES[0], "flying is missing"),))) == ["Flying"]


# ---------------------------------------------------------------- the mark where the text is shown
@pytest.fixture
def lantern(monkeypatch):
    """The made-up card with a marked line, in the pool for this test only."""
    monkeypatch.setitem(CARD_POOL, LANTERN.name, LANTERN)
    return LANTERN.name


def test_not_played_text_names_each_line_and_its_reason():
    text = not_played_text(LANTERN)
    assert text.count("“") == 1 and NOT_PLAYED in text and "the moon never rises" in text
    assert not_played_text(card("Grizzly Bears")) == ""
    assert not_played_text(KIT_POOL["Jace Beleren"]) == "", "its loyalty abilities are played (606)"
    unbound = not_played_text(replace(LANTERN, not_played=()))
    assert f"“{LANTERN_LINES[2]}” ({NOT_PLAYED}: {UNBOUND_REASON})" == unbound


def test_the_state_table_marks_text_that_is_not_played(lantern):
    s = Scenario("marks")
    marked = s.add(lantern, "Bob")
    bears = s.add("Grizzly Bears", "Alice")
    table = state_table(s.state())
    assert NOT_PLAYED in table.at[f"#{marked} {lantern}", "notes"]
    assert LANTERN_LINES[2] in table.at[f"#{marked} {lantern}", "notes"]
    assert NOT_PLAYED not in table.at[f"#{bears} Grizzly Bears", "notes"]


def test_the_narration_marks_text_on_the_starting_board_and_as_a_card_arrives(lantern):
    s = Scenario("marks", step="main1")
    s.add(lantern, "Bob")
    mine = s.add(lantern, "Alice", zone="hand")  # a card in hand isn't shown
    s.mana("Alice", "CC")
    t = s.timeline()
    start = t[0].narration()
    mark = f"{lantern}: “{LANTERN_LINES[2]}"
    assert start.startswith("The starting position.") and mark in start and NOT_PLAYED in start
    assert start.count(mark) == 1
    t.do(cast("Alice", mine))
    assert mark in t[-1].narration() and NOT_PLAYED in t[-1].narration(), "it is shown as it is cast"
    resolve_top(t)
    assert NOT_PLAYED in t[-1].narration(), "it enters the battlefield in this step"
    plain = Scenario("plain")
    plain.add("Grizzly Bears", "Alice")
    assert plain.timeline()[0].narration() == "The starting position."


def test_the_board_picture_marks_a_card_with_text_not_played(lantern):
    s = Scenario("marks")
    marked = s.add(lantern, "Bob")
    bears = s.add("Grizzly Bears", "Alice")
    fig = draw_board(s.state())
    labels = {t.get_gid(): t.get_text().replace("\n", " ") for t in fig.axes[0].texts}
    assert NOT_PLAYED in labels[f"label-{marked}"]
    assert NOT_PLAYED not in labels[f"label-{bears}"]


def test_a_teachers_card_with_a_line_nothing_plays_is_shown_as_not_played(monkeypatch):
    """Nothing is silently ignored: an unbound line of a card defined outside the kit is marked
    in the views with the reason that no ability plays it."""
    unmarked = replace(LANTERN, not_played=())
    monkeypatch.setitem(CARD_POOL, unmarked.name, unmarked)
    s = Scenario("a teacher's card")
    lantern = s.add(unmarked.name, "Alice")
    notes = state_table(s.state()).at[f"#{lantern} {unmarked.name}", "notes"]
    assert f"“{LANTERN_LINES[2]}” ({NOT_PLAYED}: {UNBOUND_REASON})" in notes
    assert UNBOUND_REASON in s.timeline()[0].narration()
