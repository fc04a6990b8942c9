"""The narration a learner reads is written as sentences: counts agree with their nouns.

"1 creature(s) become attacking creatures" read as a form in every walk-through of a combat
(found by a newcomer's walk through the lessons); each count is now said with
:func:`mtgrules.core.wording.counted` or its own sentence.
"""

from __future__ import annotations

import inspect
import re

import pytest

from mtgrules import Scenario, Step, declare_attackers
from mtgrules.core.wording import counted
from mtgrules.lessons import (
    call_to_the_grave,
    combat_keywords,
    graveyard_busybody,
    mana,
    melee,
    must_be_blocked,
    over_my_dead_bodies,
    tap_untap_and_x,
)
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to

LESSONS = (call_to_the_grave, combat_keywords, graveyard_busybody, mana, melee, must_be_blocked,
           over_my_dead_bodies, tap_untap_and_x)


def test_counted_says_one_in_the_singular_and_others_in_the_plural():
    assert counted(1, "creature") == "1 creature"
    assert counted(0, "requirement") == "0 requirements"
    assert counted(3, "loyalty counter") == "3 loyalty counters"
    assert counted(2, "mouse", "mice") == "2 mice"


def test_one_attacker_becomes_an_attacking_creature_in_the_singular():
    s = Scenario("one attacker", step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    t = go_to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert "1 creature becomes an attacking creature" in [e.text for e in t[-1].events]


def _lesson_timelines() -> list[tuple[str, Timeline]]:
    found = []
    for module in LESSONS:
        for name, fn in vars(module).items():
            if (callable(fn) and hasattr(fn, "__wrapped__") and getattr(fn, "__module__", "") == module.__name__
                    and all(p.default is not p.empty for p in inspect.signature(fn).parameters.values())):
                result = fn()
                for t in result if isinstance(result, tuple) else (result,):
                    if isinstance(t, Timeline):
                        found.append((f"{module.__name__.rsplit('.', 1)[1]}.{name}", t))
    return found


@pytest.mark.parametrize(("board", "timeline"), _lesson_timelines(), ids=lambda v: v if isinstance(v, str) else "")
def test_no_lesson_narration_leaves_a_plural_to_the_reader(board, timeline):
    """No event of a lesson's boards says "(s)": each count is written for its number."""
    texts = [e.text for frame in timeline for e in frame.events if e.text]
    assert not [t for t in texts if re.search(r"\w\(s\)", t)], board
