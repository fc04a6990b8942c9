"""Hypothesis fuzzing of everything a learner or a scenario file can hand the kit.

(a) random JSON-like data into ``Scenario.from_dict`` raises only ``ScenarioError`` (numbers too
    long to print and counter kinds that only look like +1/+1 among it), and what it accepts
    renders and round-trips through ``to_dict``;
(b) random actions with random argument values (ids that exist and ones that don't, wrong kinds,
    huge numbers) raise only the kit's errors, and the state is equal to before;
(c) every view renders every frame of fuzzed timelines (legal steps and refusals mixed).

Files (the BoardEditor's "Load JSON" and ``walk``) are fuzzed in ``test_fuzz_files.py``.

Each runs a few examples in ``make test`` and 2,000 in its ``slow`` twin (``make test-slow``,
which CI runs too; or ``pytest -m slow``).
"""

from __future__ import annotations

import copy
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules import (
    MtgRulesError,
    Scenario,
    ScenarioError,
    activate,
    apply,
    cast,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
    play_land,
)
from mtgrules.core.actions import Activate, CastSpell, PassPriority, PlayLand
from mtgrules.play.scenario_input import CARD_FIELDS, SCENARIO_FIELDS
from mtgrules.views import board_png, changes_table, diff, frame_table, state_html, steps_table, timeline_html
from mtgrules.widgets import Walkthrough

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=int(os.environ.get("MTGRULES_FUZZ_EXAMPLES", "2000")), deadline=None, suppress_health_check=list(HealthCheck))

# ---------------------------------------------------------------- (a) scenario data
CARDS = ["Forest", "Grizzly Bears", "Utopia Sprawl", "Vivid Crag", "Hangarback Walker", "Jace Beleren", "Forrest", ""]
COUNTER_KINDS = ["+1/+1", "loyalty", "charge", "+1/+1 ", "\u22121/\u22121", "\uff0b1/\uff0b1", "loyalty\u200b", "stun "]
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8),
                      st.sampled_from(["Alice", "Bob", "G", "GGX", "main1", "stack", "hand", "library", "two-headed giant",
                                       "false", "color", *CARDS, *COUNTER_KINDS]),
                      st.sampled_from([0, 10**9, 10**9 + 1, 2**64, -(10**9) - 1]),
                      st.sampled_from([5000, -5000]).map(lambda n: 10 ** abs(n) * (1 if n > 0 else -1)))  # too long to print
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(
        st.one_of(st.text(max_size=6), st.sampled_from(CARD_FIELDS), st.sampled_from(COUNTER_KINDS)),
        inner, max_size=4)), max_leaves=12)
card_entry = st.dictionaries(st.sampled_from(CARD_FIELDS), json_value, max_size=5).map(
    lambda d: d if "card" in d else {**d, "card": "Forest"})
scenario_data = st.one_of(
    json_value,
    st.dictionaries(st.sampled_from(SCENARIO_FIELDS), json_value, max_size=6),
    st.fixed_dictionaries({"players": st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=3, unique=True),
                           "title": st.text(max_size=12)}),
    st.fixed_dictionaries({"cards": st.lists(card_entry, max_size=4)},
                          optional={"players": json_value, "mana": json_value, "teams": json_value,
                                    "format": json_value, "step": json_value, "turn": json_value}),
)


def _from_dict_raises_only_scenario_error(data: Any) -> None:
    try:
        s = Scenario.from_dict(data)
    except ScenarioError:
        return
    t = s.timeline()  # what it accepted is a real board, shown without trouble
    timeline_html(t)
    state_html(t.state)
    assert Scenario.from_dict(s.to_dict()).state() == s.state()


@FAST
@given(scenario_data)
def test_fuzz_a_from_dict_raises_only_scenario_error(data):
    _from_dict_raises_only_scenario_error(data)


@pytest.mark.slow
@SLOW
@given(scenario_data)
def test_fuzz_a_from_dict_raises_only_scenario_error_2000_examples(data):
    _from_dict_raises_only_scenario_error(data)


# ---------------------------------------------------------------- (b) actions
def _board() -> Scenario:
    s = Scenario("fuzzed actions")
    s.add("Forest", "Alice")
    s.add("Reflecting Pool", "Alice")
    s.add("Exotic Orchard", "Alice")
    s.add("Grizzly Bears", "Alice")
    s.add("Vivid Crag", "Alice", counters={"charge": 2})
    s.add("Hangarback Walker", "Alice", zone="hand")
    s.add("Giant Growth", "Alice", zone="hand")
    s.add("Practice Charge", "Alice", zone="hand")
    s.add("Swamp", "Alice", zone="hand")
    s.add("Forest", "Bob")
    s.add("Llanowar Elves", "Bob")
    s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "GGR").mana("Bob", "B")
    return s


BOARD = _board()
N_OBJECTS = len(BOARD.objects)
ids = st.one_of(st.integers(1, N_OBJECTS), st.integers(-3, N_OBJECTS + 3), st.integers(), st.just(10**12))
anything = st.one_of(ids, st.none(), st.booleans(), st.floats(), st.text(max_size=5),
                     st.sampled_from(["Alice", "Bob", "G", "RG", "g", "0"]), st.lists(ids, max_size=3),
                     st.tuples(ids), st.just(10**100), st.integers(max_value=-1))
player = st.one_of(st.sampled_from(["Alice", "Bob"]), anything)
number = st.one_of(st.integers(0, 4), st.just(10**12), st.just(10**5000), anything)
choice_kinds = st.sampled_from(["color", "type", "card", "target", "sacrifice", "pay", "zzz", "replacement_order"])
choices = st.dictionaries(choice_kinds.map(lambda k: k.replace(" ", "_")), anything, max_size=2)


@st.composite
def actions(draw):
    """An action built the way a learner writes one, or straight from its class: a function that
    builds it (every value is drawn here, building happens in the test)."""
    kind = draw(st.sampled_from(["activate", "cast", "pass", "attack", "block", "land", "Activate", "CastSpell",
                                 "Pass", "PlayLand", "choices="]))
    who = draw(player)
    if kind == "activate":
        source, ability, x = draw(ids), draw(st.one_of(st.integers(0, 2), anything)), draw(number)
        targets = draw(st.one_of(st.tuples(ids), st.just(()), anything))
        hybrid = draw(st.one_of(st.none(), st.sampled_from(["G", "RG", "W"]), anything))
        more = draw(choices)
        return lambda: activate(who, source, ability, x=x, targets=targets, hybrid=hybrid, **more)
    if kind == "cast":
        card, x, targets = draw(ids), draw(number), draw(st.one_of(st.tuples(ids), st.just(()), anything))
        hybrid, more = draw(st.one_of(st.none(), anything)), draw(choices)
        return lambda: cast(who, card, x=x, targets=targets, hybrid=hybrid, **more)
    if kind == "land":
        land = draw(st.one_of(ids, anything))
        return lambda: play_land(who, land)
    if kind == "pass":
        more = draw(choices)
        return lambda: pass_priority(who, **more)
    if kind == "attack":
        attacks = draw(st.one_of(st.dictionaries(ids, player, max_size=2), st.lists(ids, max_size=2), anything))
        return lambda: declare_attackers(who, attacks)
    if kind == "block":
        blocks = draw(st.one_of(st.dictionaries(ids, ids, max_size=2), st.lists(st.tuples(ids, ids), max_size=2),
                                anything))
        return lambda: declare_blockers(who, blocks)
    if kind == "Activate":
        values = (draw(anything), draw(anything), draw(number), draw(anything), draw(anything))
        return lambda: Activate(who, *values)
    if kind == "PlayLand":
        values = (draw(st.one_of(ids, anything)), draw(anything))
        return lambda: PlayLand(who, *values)
    if kind == "choices=":  # the answers as a mapping, as a walk file gives them
        build = draw(st.sampled_from([activate, cast, play_land, pass_priority]))
        given = draw(st.one_of(st.dictionaries(st.one_of(choice_kinds, st.sampled_from(["x", "targets", "hybrid"])),
                                               anything, max_size=2), anything))
        if build is pass_priority:
            return lambda: pass_priority(who, choices=given)
        target = draw(ids)
        return lambda: build(who, target, choices=given)
    if kind == "CastSpell":
        values = (draw(anything), draw(number), draw(anything), draw(anything))
        return lambda: CastSpell(who, *values)
    value = draw(anything)
    return lambda: PassPriority(who, value)


def _actions_raise_only_kit_errors(makers, steps) -> None:
    timeline = BOARD.timeline()
    for make, step in zip(makers, steps, strict=False):
        if step is not None:  # sometimes move the game on first, so states vary
            legal = legal_actions(timeline.state)
            if legal:
                timeline.do(legal[step % len(legal)])
        state = timeline.state
        snapshot = copy.deepcopy(state)
        try:
            action = make()
        except MtgRulesError:
            continue  # refused as it was written: a sentence, and nothing was built
        try:
            apply(state, action)
        except MtgRulesError:
            pass
        assert state == snapshot, f"{action!r} changed the state it was given"
        timeline.attempt(action)  # recorded either way, and shown (views never crash)
        timeline[-1].title()
        timeline[-1].narration()


fuzzed_actions = st.lists(actions(), min_size=1, max_size=4)
moves = st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=4, max_size=4)


@FAST
@given(fuzzed_actions, moves)
def test_fuzz_b_random_actions_raise_only_kit_errors_and_leave_the_state_equal(makers, steps):
    _actions_raise_only_kit_errors(makers, steps)


@pytest.mark.slow
@SLOW
@given(fuzzed_actions, moves)
def test_fuzz_b_random_actions_raise_only_kit_errors_and_leave_the_state_equal_2000_examples(makers, steps):
    _actions_raise_only_kit_errors(makers, steps)


# ---------------------------------------------------------------- (c) views
def _every_view_renders_every_frame(makers, steps, *, boards_every_frame: bool = True) -> None:
    """Tables, HTML and the walkthrough (its label, narration, table and events) for every frame.
    The board picture (matplotlib, ~50 ms a frame) is drawn in the default run only, and
    ``frame_table``/``state_html`` (the same table the walkthrough renders for every frame, with
    another caption) for every frame there and for the last frame in the 2,000-example run (whose
    timelines are also shorter): otherwise that run alone would take most of CI's budget."""
    timeline = BOARD.timeline()
    for make, step in zip(makers, steps, strict=False):
        legal = legal_actions(timeline.state)
        if step is not None and legal:
            timeline.do(legal[step % len(legal)])
        try:
            timeline.attempt(make())
        except MtgRulesError:
            pass
    timeline_html(timeline)
    steps_table(timeline)
    changes_table(timeline)
    for i, frame in enumerate(timeline):
        if boards_every_frame or i == len(timeline) - 1:  # the walkthrough below renders the same
            frame_table(timeline, i).to_html()             # table (with the step as its caption)
            state_html(frame.state)                        # for every frame

        if i:
            diff(timeline[i - 1].state, frame.state)
        if boards_every_frame:
            board_png(frame.state)
    walk = Walkthrough(timeline)
    for _ in range(len(timeline)):
        walk.next()
    assert walk.frame == len(timeline) - 1


short_actions = st.lists(actions(), min_size=1, max_size=3)
short_moves = st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=3, max_size=3)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(short_actions, short_moves)
def test_fuzz_c_every_view_renders_every_frame_of_fuzzed_timelines(makers, steps):
    _every_view_renders_every_frame(makers, steps)


@pytest.mark.slow
@SLOW
@given(st.lists(actions(), min_size=1, max_size=2), st.lists(st.one_of(st.none(), st.integers(0, 50)), min_size=2,
                                                              max_size=2))
def test_fuzz_c_every_view_renders_every_frame_of_fuzzed_timelines_2000_examples(makers, steps):
    _every_view_renders_every_frame(makers, steps, boards_every_frame=False)
