"""Lesson 9's table of choices names every kind of choice the engine can ask for, each with the
keyword that gives it; its walk-through plays NEY-7 with a card defined in the lesson."""

from __future__ import annotations

import re
from pathlib import Path

from mtgrules.lessons import your_own_walk_through as lesson

SOURCE = Path(__file__).resolve().parents[1] / "mtgrules"


def test_the_table_lists_every_kind_of_choice_the_engine_asks_for():
    asked = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text()
        for first_argument in re.findall(r'\.choose\(\s*([^,]+),', text):
            asked |= set(re.findall(r'"([^"]+)"', first_argument))
    listed = {kind for kind, *_ in lesson.CHOICES}
    assert asked and asked <= listed, f"add to lesson 9's table: {sorted(asked - listed)}"
    for kind, keyword, *_ in lesson.CHOICES:
        assert keyword == kind.replace(" ", "_") + "="
    assert list(lesson.choice_kinds().columns) == ["keyword", "given on", "example", "rule"]


def test_the_walk_through_plays_ney7_with_the_lessons_card():
    t = lesson.walk()
    refused = t[t.find(refused=True)].refused
    assert refused.rule == "509.1c"
    blocks = t.find("blocks")
    assert {e.name for e in t[blocks].events if e.kind == "blocks"} == {"Walking Corpse", "Grizzly Bears"}
    assert t.find("combat damage") > blocks
    at, other = lesson.no_payment_what_if(t)
    from mtgrules.widgets import WhatIf
    w = WhatIf(t, at, other)
    assert w.refusals[-1] is None           # without the payment, no blockers is legal
