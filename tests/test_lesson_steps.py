"""Every "step N" a lesson's prose names is the step where that thing happens, found with
``Timeline.find`` by what happened: if a board changes and the numbers move, this fails and says
which sentence to fix."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from helpers import committed_notebook, lesson_path, lesson_paths

from mtgrules import Scenario, activate, pass_priority
from mtgrules.lessons import call_to_the_grave, mana, melee, must_be_blocked, over_my_dead_bodies
from mtgrules.lessons.static import static_cells
from mtgrules.play.timeline import Timeline

# (notebook prefix, the words around the number, the number, the timeline, how to find the step)
PROSE: list[tuple[str, str, int, Callable[[], Timeline], Callable[[Timeline], int]]] = [
    ("01", "Step 3 is the prediction", 3, mana.mana_tour, lambda t: t.find(title="Pili-Pala")),
    ("03", "Watch step 4, where six creatures attack", 4, melee.two_opponents, lambda t: t.find("attacks")),
    ("03", "Branch after step 5", 5, melee.attacker_removed, lambda t: t.find(title="Bob activates") - 1),
    ("03", "Melee **triggers** (step 3 below)", 3, melee.planeswalker_only,
     lambda t: t.find("trigger", name="Wings of the Guard")),
    ("04", "see step 12 in the table below", 12, must_be_blocked.nobody_can_block, lambda t: t.find("no blockers")),
    ("04", "what Bob declares in the end (step 15 below)", 15, must_be_blocked.menace_target,
     lambda t: t.find("blocks")),
    ("04", "Neyith triggers in the same step (step 10 below)", 10, must_be_blocked.fight_draws,
     lambda t: t.find("fight")),
    ("04", "refuses the second payment (step 10)", 10, must_be_blocked.pay_twice, lambda t: t.find(refused=True)),
    ("04", "she pays once (step 11)", 11, must_be_blocked.pay_twice, lambda t: t.find("double power")),
    ("05", "Branch after step 3", 3, call_to_the_grave.end_step_creature_enters_in_response,
     lambda t: t.find(title="Bob activates") - 1),
    ("06", "Notice step 8, the combat damage step", 8, over_my_dead_bodies.tour, lambda t: t.find("combat damage")),
]


def _prose(prefix: str) -> str:
    nb = committed_notebook(lesson_path(prefix))
    generated = {i for i, _ in static_cells(nb)}
    return "\n".join("".join(c["source"]) for i, c in enumerate(nb["cells"])
                     if c["cell_type"] == "markdown" and i not in generated)


@pytest.mark.parametrize("prefix, words, n, timeline, finder", PROSE, ids=[f"{p[0]}: {p[1]}" for p in PROSE])
def test_prose_step_numbers_match_the_timeline(prefix, words, n, timeline, finder):
    assert " ".join(words.split()) in " ".join(_prose(prefix).split()), f"lesson {prefix} no longer says {words!r}"
    assert finder(timeline()) == n, f"lesson {prefix}: {words!r} names step {n}, but it happens at another step"


def test_every_step_number_in_prose_is_checked():
    for path in lesson_paths():
        prefix = path.name[:2]
        text = " ".join(_prose(prefix).split())
        mentioned = sorted(int(m) for m in re.findall(r"\b[Ss]teps? (\d+)\b", text))
        checked = sorted(n for p, _w, n, _t, _f in PROSE if p == prefix)
        assert mentioned == checked, f"{path.name}: prose names steps {mentioned}; add each to PROSE"


def test_find_by_what_happened():
    s = Scenario("find")
    forest = s.add("Forest", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    t = s.timeline().do(activate("Alice", forest))
    t.attempt(activate("Alice", elves))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.find("tapped") == 1 and t.find("mana added", name="alice") == 1
    assert t.find(refused=True) == 2 and t.find(title="passes", last=True) == 4
    assert t.find(step="beginning of combat") == 4
    with pytest.raises(LookupError, match="fight"):
        t.find("fight")


def test_lesson_06_does_not_say_all_static_abilities_fail_after_saying_reach_works():
    """Reach is a static ability (702.17a) and lesson 06 says it works for a graveyard blocker
    (OMDB-5); a sentence saying the card's static abilities don't function from a graveyard must
    then say *other* static abilities, or it contradicts the line before it."""
    text = " ".join(_prose("06").split())
    claims = [s for s in re.split(r"(?<=[.?!])\s", text)
              if "static abilities" in s and ("don't function" in s or "don't work" in s)]
    assert claims, "lesson 06 no longer says which static abilities don't function from a graveyard"
    assert all("other static abilities" in s for s in claims), claims
