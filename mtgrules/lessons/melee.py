"""Scenarios for the melee lesson (MEL-1 to MEL-4): Wings of the Guard's melee trigger (702.121a),
the bonus fixed as the trigger resolves (608.2h), planeswalkers not counted, and creatures put onto
the battlefield attacking (508.4).

Every board starts in Alice's beginning of combat step. :func:`_to_attackers` passes priority
until the game waits for her declaration; the declaration and everything after it are played one
action at a time, so the lesson's tables show each step. The three-player boards are free-for-all
games: Bob and Carol are both Alice's opponents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED
from mtgrules.rules.combat.declare import declare_attackers
from mtgrules.rules.combat.state import melee_count
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

WINGS = "Wings of the Guard"
THREE = ("Alice", "Bob", "Carol")


def _to_attackers(s: Scenario) -> Timeline:
    """The scenario's timeline, passed on until Alice declares attackers."""
    t = s.timeline()
    result = advance_to(t, Step.DECLARE_ATTACKERS)
    if not result:
        raise RuntimeError(f"{s.title}: the declare attackers step didn't begin: {result.reason}")
    return t


def _everyone_passes(t: Timeline, **choices: Any) -> Timeline:
    """Each player passes once, starting with the one who holds priority: the top of the stack
    resolves (``choices`` go with the last pass, the one during which it resolves)."""
    order = list(t.state.player_names)
    assert t.state.priority is not None, "someone holds priority while the stack resolves"
    first = order.index(t.state.priority)
    seats = order[first:] + order[:first]
    for n, player in enumerate(seats):
        t.do(pass_priority(player, **(choices if n == len(seats) - 1 else {})))
    return t


def _melee_board(title: str) -> tuple[Scenario, int, list[int]]:
    s = Scenario(title, players=THREE, step="combat")
    wings = s.add(WINGS, "Alice")
    bears = [s.add("Grizzly Bears", "Alice") for _ in range(5)]
    return s, wings, bears


# ---------------------------------------------------------------- MEL-1
@played_once
def two_opponents() -> Timeline:
    """MEL-1: three players. Wings of the Guard attacks Bob and five Grizzly Bears attack Carol.
    Two opponents were attacked, so melee gives +2/+2, however many creatures attacked."""
    s, wings, bears = _melee_board("MEL-1: Wings attacks Bob, five Bears attack Carol")
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", **{b: "Carol" for b in bears}}))
    return _everyone_passes(t)


@played_once
def one_opponent() -> Timeline:
    """MEL-1 contrast: the same six creatures all attack Bob. One opponent: +1/+1."""
    s, wings, bears = _melee_board("MEL-1 contrast: all six creatures attack Bob")
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", **{b: "Bob" for b in bears}}))
    return _everyone_passes(t)


# ---------------------------------------------------------------- MEL-2
@played_once
def attacker_removed() -> Timeline:
    """MEL-2: Wings attacks Bob and a Grizzly Bears attacks Carol. With melee on the stack, Bob
    casts Murder on the Bears. The Bears leave combat, but Alice still attacked Carol this
    combat, so melee counts two opponents as it resolves: +2/+2."""
    s = Scenario("MEL-2: an attacker leaves before melee resolves", players=THREE, step="combat")
    wings = s.add(WINGS, "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    swamps = [s.add("Swamp", "Bob") for _ in range(3)]
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", bears: "Carol"}))
    t.do(pass_priority("Alice"))
    for swamp in swamps:
        t.do(activate("Bob", swamp))
    t.do(cast("Bob", murder, targets=(bears,)))
    _everyone_passes(t)          # Murder resolves; melee is still waiting
    return _everyone_passes(t)   # melee resolves


def attacker_removed_what_if() -> list[Action]:
    """MEL-2's what-if: after Alice passes, Bob passes too instead of casting Murder (then
    everyone passes, and melee resolves)."""
    return [pass_priority("Bob"), pass_priority("Carol")]


@played_once
def lone_attacker() -> Timeline:
    """For contrast with MEL-2: only Wings attacks (Bob). The Bears never attacked, so Carol
    isn't counted: +1/+1. Same number of steps as :func:`attacker_removed`."""
    s = Scenario("MEL-2 contrast: the Bears stay home", players=THREE, step="combat")
    wings = s.add(WINGS, "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    swamps = [s.add("Swamp", "Bob") for _ in range(3)]
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    t.do(pass_priority("Alice"))
    for swamp in swamps:
        t.do(activate("Bob", swamp))
    t.do(cast("Bob", murder, targets=(bears,)))
    _everyone_passes(t)
    return _everyone_passes(t)


# ---------------------------------------------------------------- MEL-3
@played_once
def planeswalker_only() -> Timeline:
    """MEL-3: two players. Wings attacks only Bob's planeswalker Jace Beleren. Melee triggers
    (Wings attacked), but planeswalkers aren't counted, so it gives +0/+0."""
    s = Scenario("MEL-3: Wings attacks a planeswalker", step="combat")
    wings = s.add(WINGS, "Alice")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: jace}))
    return _everyone_passes(t)


@played_once
def player_instead() -> Timeline:
    """MEL-3 contrast: the same board, but Wings attacks Bob himself: +1/+1."""
    s = Scenario("MEL-3 contrast: Wings attacks Bob", step="combat")
    wings = s.add(WINGS, "Alice")
    s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob"}))
    return _everyone_passes(t)


# ---------------------------------------------------------------- MEL-4
def _ambush_board(title: str, bears_attack_carol: bool) -> Timeline:
    s = Scenario(title, players=THREE, step="combat")
    wings = s.add(WINGS, "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    t = _to_attackers(s)
    t.do(declare_attackers("Alice", {wings: "Bob", **({bears: "Carol"} if bears_attack_carol else {})}))
    t.do(activate("Alice", plains))
    t.do(cast("Alice", ambush))
    _everyone_passes(t, attack_target="Carol")  # the Soldier token enters attacking Carol
    return _everyone_passes(t)                   # melee resolves


@played_once
def token_enters_attacking() -> Timeline:
    """MEL-4: Wings attacks Bob. With melee on the stack, Alice casts Practice Ambush (the kit's
    practice card): a Soldier token enters the battlefield tapped and attacking Carol. It was
    never declared as an attacker, so Carol isn't counted: melee still gives only +1/+1."""
    return _ambush_board("MEL-4: a token enters attacking Carol", bears_attack_carol=False)


@played_once
def declared_at_carol() -> Timeline:
    """MEL-4 contrast: the same, except a Grizzly Bears was declared as an attacker against Carol.
    Now Carol counts: +2/+2. Same number of steps as :func:`token_enters_attacking`."""
    return _ambush_board("MEL-4 contrast: a Bears is declared against Carol", bears_attack_carol=True)


# ---------------------------------------------------------------- describing a step
def melee_bonus(frame: Frame) -> str:
    """What melee did in this step, e.g. ``Wings of the Guard gets +2/+2 and is 3/3``, read from
    the engine's melee event; for the options of predict-then-reveal questions about melee."""
    if frame.refused is not None:
        return REFUSED
    counted = [e for e in frame.events if e.kind == EventKind.MELEE]
    if not counted:
        triggered = any(e.kind == EventKind.TRIGGER and e.name == WINGS for e in frame.events)
        return "Melee triggers" if triggered else "Melee does nothing in this step"
    wings = counted[-1].oid
    n = melee_count(frame.state, frame.state.obj(wings).controller)
    return f"{WINGS} gets +{n}/+{n} and is {characteristics(frame.state, wings).pt()}"


def wings_pt(t: Timeline) -> str:
    """Wings of the Guard's power/toughness at the end of a timeline."""
    wings = next(o.oid for o in t.state.objects if o.card == WINGS)
    return characteristics(t.state, wings).pt()


# ---------------------------------------------------------------- questions for the lesson
# Each wrong option is what the engine does on another board, chosen so that its outcome is what a
# learner with a likely misconception would predict; the rule that decides the question is shown
# on Reveal.
def question_two_opponents() -> Predict:
    """MEL-1: Wings attacks Bob and five Bears attack Carol; the wrong option is what happens when
    all six attack Bob (melee counting only the player Wings itself attacked)."""
    from mtgrules.widgets import Predict
    t = two_opponents()
    return Predict(t, len(t) - 1, "Wings of the Guard attacks Bob and five Grizzly Bears attack Carol. "
                   "Everyone passes and melee resolves. What does Wings get?",
                   alternatives=[one_opponent()], describe=melee_bonus, auto=False, rules=("702.121a",))


def question_attacker_removed() -> Predict:
    """MEL-2: the Bears that attacked Carol are destroyed before melee resolves; the wrong option
    is what happens when the Bears never attacked at all."""
    from mtgrules.widgets import Predict
    t = attacker_removed()
    return Predict(t, len(t) - 1, "Murder has destroyed the Grizzly Bears that attacked Carol. Now melee "
                   "resolves. What does Wings of the Guard get?",
                   alternatives=[lone_attacker()], describe=melee_bonus, auto=False, rules=("702.121a", "608.2h"))


def question_planeswalker() -> Predict:
    """MEL-3: Wings attacks only Bob's Jace Beleren; the wrong option is what happens when Wings
    attacks Bob himself (as if attacking his planeswalker were attacking him)."""
    from mtgrules.widgets import Predict
    t = planeswalker_only()
    return Predict(t, len(t) - 1, "Wings of the Guard attacks Bob's planeswalker, Jace Beleren, and nothing "
                   "else attacks. Melee resolves. What does Wings get?",
                   alternatives=[player_instead()], describe=melee_bonus, auto=False, rules=("702.121a",))


def question_token() -> Predict:
    """MEL-4: a Soldier token entered the battlefield attacking Carol before melee resolved; the
    wrong option is what happens when a creature was declared as an attacker against Carol."""
    from mtgrules.widgets import Predict
    t = token_enters_attacking()
    return Predict(t, len(t) - 1, "Wings of the Guard attacked Bob. Before melee resolved, a Soldier token "
                   "entered the battlefield attacking Carol. Now melee resolves. What does Wings get?",
                   alternatives=[declared_at_carol()], describe=melee_bonus, auto=False, rules=("508.4",))


SCENARIOS = {
    "MEL-1": two_opponents,
    "MEL-1 contrast": one_opponent,
    "MEL-2": attacker_removed,
    "MEL-2 contrast": lone_attacker,
    "MEL-3": planeswalker_only,
    "MEL-3 contrast": player_instead,
    "MEL-4": token_enters_attacking,
    "MEL-4 contrast": declared_at_carol,
}
