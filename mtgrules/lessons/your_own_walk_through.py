"""Lesson 9, for teachers: from a ruling to your own walk-through, with a prediction and a what-if.

The worked example takes NEY-7 (a creature with menace that "must be blocked if able") and plays
it with a card the teacher defines in the notebook, *Practice Brute* (a made-up 3/2 with menace).
The module defines the same card, so the lesson's static table can be built without the
notebook; registering an equal definition again changes nothing.

It also lists every kind of choice the engine can ask for, with the keyword that gives it and the
action it goes on (:func:`choice_kinds`), so a teacher never has to guess a keyword.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.core.actions import Action, activate
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.choice_kinds import CHOICE_KINDS
from mtgrules.core.events import EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers

BRUTE = CardDef("Practice Brute", "{2}{R}", frozenset({"Creature"}), frozenset({"Ogre"}), power=3, toughness=2,
                oracle="Menace (This creature can't be blocked except by two or more creatures.)",
                keywords=frozenset({Keyword.MENACE}), source="made up for lesson 9 (not a real Magic card)")
register(BRUTE)


def board() -> Scenario:
    """Alice's precombat main phase: Neyith of the Dire Hunt, three Forests and the Practice Brute
    (and three cards in her library); Bob has Walking Corpse and Grizzly Bears, both untapped."""
    s = Scenario("NEY-7 with a card of our own", players=["Alice", "Bob"], step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice")
    s.add("Practice Brute", "Alice")
    s.add("Walking Corpse", "Bob")
    s.add("Grizzly Bears", "Bob")
    for _ in range(3):                      # Neyith draws a card when the Brute becomes blocked
        s.add("Forest", "Alice", zone="library")
    return s


def _ids(t: Timeline) -> dict[str, int]:
    return {o.card: o.oid for o in t[0].state.objects}


@played_once
def to_blocks(pay: int = 1) -> Timeline:
    """Up to Bob's block declaration: Neyith's ability targets the Brute (``target=``), Alice taps
    her Forests and pays (``pay=``), the Brute attacks Bob."""
    t = board().timeline()
    ids = _ids(t)
    go_to(t, Step.BEGIN_COMBAT, target=ids["Practice Brute"])
    for f in [o.oid for o in t.state.battlefield("Alice") if o.card == "Forest"]:
        t.do(activate("Alice", f))
    resolve_top(t, pay=pay)
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {ids["Practice Brute"]: "Bob"}))
    return go_to(t, Step.DECLARE_BLOCKERS)


@played_once
def walk() -> Timeline:
    """The whole walk-through: Bob tries to declare no blockers (refused, 509.1c), then blocks
    with both; the Brute (6/2) divides its damage between them (``damage_division=``)."""
    t = to_blocks()
    ids = _ids(t)
    corpse, bears, brute = ids["Walking Corpse"], ids["Grizzly Bears"], ids["Practice Brute"]
    t.attempt(declare_blockers("Bob"))
    t.do(declare_blockers("Bob", {corpse: brute, bears: brute}))
    return go_to(t, Step.END_COMBAT, damage_division=((corpse, 2), (bears, 4)))


def no_payment_what_if(t: Timeline) -> tuple[int, list[Action]]:
    """The what-if: the same game, but Alice doesn't pay, so nothing says the Brute must be blocked
    and Bob may declare no blockers. Returns (the step to branch after, the actions)."""
    other = to_blocks(pay=0)
    at = t.find(title="activates Forest") - 1
    later = [other[i].action for i in range(at + 1, len(other))]
    return at, [a for a in later if a is not None] + [declare_blockers("Bob")]


# ---------------------------------------------------------------- claims for a teacher's options
def refused(frame: Frame) -> bool:
    """The step was refused."""
    return frame.refused is not None


def unblocked(name: str) -> Callable[[Frame], bool]:
    """The step left ``name`` unblocked."""
    return lambda frame: frame.refused is None and any(e.kind == EventKind.UNBLOCKED and e.name == name
                                                       for e in frame.events)


# ---------------------------------------------------------------- every kind of choice
CHOICES: list[tuple[str, str, str, str, str]] = [
    (k.kind, f"{k.keyword}=", k.given_on, k.example, ", ".join(k.rules))
    for k in sorted(CHOICE_KINDS.values(), key=lambda k: k.kind)]
"""Every kind of choice, read from the kit's one list (``mtgrules/core/choice_kinds.py``, also
``docs/choices.md``): (choice, keyword, the action it is given on, an example, the rules)."""


def choice_kinds() -> Any:
    """Every kind of choice, its keyword, the action it is given on, an example and the rule, as a
    pandas table. A missing choice is refused with ``MissingChoice``, whose message names the call."""
    import pandas as pd
    return pd.DataFrame(CHOICES, columns=["choice", "keyword", "given on", "example", "rule"]).set_index("choice")


SCENARIOS = {"walk": walk}
