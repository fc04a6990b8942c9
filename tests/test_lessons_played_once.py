"""Lesson boards are played once per kernel (``mtgrules.lessons.played``), and each caller gets a
timeline of its own: playing on in one copy changes no other, and a card registered since makes
the board be played again with the new text."""

from __future__ import annotations

import dataclasses

from mtgrules import pass_priority
from mtgrules.core.carddef import card, register
from mtgrules.lessons import graveyard_busybody, over_my_dead_bodies
from mtgrules.lessons.played import played_once
from mtgrules.play.timeline import Timeline


def test_each_call_gets_its_own_copy_of_the_same_game():
    first = over_my_dead_bodies.zero_toughness()
    second = over_my_dead_bodies.zero_toughness(lord=False)  # the same board, its default spelt out
    assert first is not second and first.frames is not second.frames
    assert [f.state for f in first] == [f.state for f in second]  # the same frames: played once
    assert all(a is b for a, b in zip(first.frames, second.frames, strict=True))
    length = len(second)
    first.do(pass_priority(first.state.priority))  # a learner plays on in one copy
    assert len(second) == length and len(over_my_dead_bodies.zero_toughness()) == length


def test_other_arguments_are_other_boards():
    alone = graveyard_busybody.two_busybodies()
    other = graveyard_busybody.two_busybodies("Alice")
    assert alone[-1].state != other[-1].state


def test_a_card_registered_since_is_played_with_its_new_text():
    calls = []

    @played_once
    def board() -> Timeline:
        calls.append(1)
        return graveyard_busybody.shuffle_one_graveyard()

    board()
    board()
    assert len(calls) == 1
    bears = card("Grizzly Bears")  # compiled from the card data on first use
    try:
        register(dataclasses.replace(bears, power=3), replace=True)
        board()
        assert len(calls) == 2
    finally:
        register(bears, replace=True)


def test_an_argument_that_is_not_a_plain_value_is_played_each_time():
    calls = []

    @played_once
    def after(t: Timeline) -> Timeline:
        calls.append(1)
        return t.copy()

    t = graveyard_busybody.shuffle_one_graveyard()
    after(t)
    after(t)
    assert len(calls) == 2


def test_a_copy_shares_frames_and_keeps_title_and_callback():
    t = over_my_dead_bodies.tour()
    c = t.copy()
    assert (c.title, c.callback, list(c.frames)) == (t.title, t.callback, list(t.frames))
    c.do(pass_priority(c.state.priority))
    assert len(c) == len(t) + 1
