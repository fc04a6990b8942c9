"""Scenarios for the priority and state-based actions lesson: who receives priority when
(117.3a-d), holding priority (117.3c), all players passing (117.4), state-based actions performed
at once and checked again (704.3, 117.5), the triggers they cause, and APNAP order (101.4, 603.3b).

The main board: Alice's Tattered Mummy ("When Tattered Mummy dies, each opponent loses 2 life"),
Bob's Highland Game ("When Highland Game dies, you gain 2 life") and Grizzly Bears; Pyroclasm
(2 damage to each creature) kills all three at once. The player whose turn it is casts it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline

if TYPE_CHECKING:
    from mtgrules.widgets import Predict


def _other(player: str) -> str:
    return "Bob" if player == "Alice" else "Alice"


def _both_pass(t: Timeline) -> Timeline:
    """The player with priority passes, then the other: the top of the stack resolves (117.4)."""
    first = t.state.priority
    assert first is not None, "someone holds priority"
    return t.do(pass_priority(first)).do(pass_priority(_other(first)))


def _game_over(t: Timeline) -> bool:
    return any(p.lost for p in t.state.players)


# ---------------------------------------------------------------- the Pyroclasm boards
def pyroclasm_board(active: str = "Alice", life: int | None = None) -> Scenario:
    """The Mummy, the Highland Game and the Bears; the active player has two Mountains and Pyroclasm."""
    title = f"Pyroclasm in {active}'s turn" + (f", both players at {life} life" if life else "")
    s = Scenario(title, active=active, life=life)
    s.add("Tattered Mummy", "Alice")
    s.add("Highland Game", "Bob")
    s.add("Grizzly Bears", "Bob")
    for _ in range(2):
        s.add("Mountain", active)
    s.add("Pyroclasm", active, zone="hand")
    return s


def _pyroclasm(active: str, life: int | None) -> Timeline:
    s = pyroclasm_board(active, life)
    t = s.timeline()
    mountains = [o.oid for o in t.state.battlefield(active) if o.card == "Mountain"]
    for m in mountains:
        t.do(activate(active, m))
    pyro = next(o.oid for o in t.state.objects if o.card == "Pyroclasm")
    t.do(cast(active, pyro))
    _both_pass(t)                     # Pyroclasm resolves; three creatures die at once
    while t.state.stack and not _game_over(t):
        _both_pass(t)                 # the dies triggers, the top one first
    return t


@played_once
def tour() -> Timeline:
    """Alice casts Pyroclasm in her turn and keeps priority (117.3c); both pass and it resolves
    (117.4). Before anyone gets priority, state-based actions destroy all three creatures at once
    (704.3); both dies abilities trigger and go on the stack in APNAP order (603.3b): Alice's
    first, Bob's on top. Bob's resolves first."""
    return _pyroclasm("Alice", None)


@played_once
def at_two_life() -> Timeline:
    """The same in Alice's turn with both players at 2 life: Bob gains 2 (4), then loses 2 (2)."""
    return _pyroclasm("Alice", 2)


@played_once
def at_two_life_bobs_turn() -> Timeline:
    """The same in Bob's turn: APNAP puts Bob's trigger on the stack first, so Alice's Mummy
    resolves first; Bob goes to 0 and loses (704.5a) before his Highland Game's ability resolves."""
    return _pyroclasm("Bob", 2)


def first_resolution(t: Timeline) -> int:
    """The step where the first dies trigger resolves."""
    return next(f.index for f in t if any(e.kind == EventKind.RESOLVES and e.name in ("Tattered Mummy", "Highland Game")
                                          for e in f.events))


def first_to_resolve(frame: Frame) -> str:
    """Which dies ability resolved at this step, and what it did to Bob, in a learner's words."""
    name = next(e.name for e in frame.events if e.kind == EventKind.RESOLVES)
    bob = frame.state.player("Bob")
    if bob.lost:
        return f"{name}'s ability resolves first: Bob goes to {bob.life} life and loses the game"
    return f"{name}'s ability resolves first: Bob goes to {bob.life} life, and the other one resolves after"


def question_apnap() -> Predict:
    """603.3b: in Alice's turn, Bob's trigger is on top and resolves first, so Bob survives; the
    wrong option is the same board in Bob's turn, where APNAP order puts Alice's on top."""
    from mtgrules.widgets import Predict
    t = at_two_life()
    return Predict(t, first_resolution(t), "It is Alice's turn and both players are at 2 life. Alice casts Pyroclasm: "
                   "her Tattered Mummy, Bob's Highland Game and his Grizzly Bears all die at once. The Mummy makes "
                   "each opponent lose 2 life; the Highland Game makes Bob gain 2. Which ability resolves first?",
                   alternatives=[at_two_life_bobs_turn()], describe=first_to_resolve, auto=False,
                   rules=("603.3b", "101.4"))


# ---------------------------------------------------------------- priority
@played_once
def priority_round() -> Timeline:
    """Alice casts Shock at Bob's Grizzly Bears and gets priority again (117.3c); she passes
    (117.3d) and Bob responds with Giant Growth: he gets priority after casting it (117.3c). Both
    pass: Giant Growth resolves, and Alice, the active player, gets priority (117.3b), not Bob.
    Both pass again: Shock resolves, and the 5/5 Bears survive."""
    s = Scenario("Who gets priority: a spell and a response")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    forest = s.add("Forest", "Bob")
    growth = s.add("Giant Growth", "Bob", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", shock, targets=(bears,)))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", forest))
    t.do(cast("Bob", growth, targets=(bears,)))
    _both_pass(t)   # Giant Growth
    return _both_pass(t)  # Shock


def giant_growth_resolves(t: Timeline) -> int:
    return t.find("resolves", name="Giant Growth")


@played_once
def holding_priority() -> Timeline:
    """Bob holds priority: he casts Giant Growth and, with priority again (117.3c), a second spell
    (another Giant Growth) before passing. The second one is on top and resolves first."""
    s = Scenario("Bob holds priority")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    growths = [s.add("Giant Growth", "Bob", zone="hand") for _ in range(2)]
    t = s.timeline()
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", shock, targets=(bears,)))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", forests[0]))
    t.do(cast("Bob", growths[0], targets=(bears,)))
    t.do(activate("Bob", forests[1]))
    t.do(cast("Bob", growths[1], targets=(bears,)))
    while t.state.stack:
        _both_pass(t)
    return t


def who_has_priority(frame: Frame) -> str:
    return f"{frame.state.priority} gets priority"


def question_after_resolution() -> Predict:
    """117.3b: after Bob's Giant Growth resolves, Alice (the active player) gets priority; the
    wrong option is what happens after Bob casts a spell (117.3c): Bob has priority."""
    from mtgrules.widgets import Predict
    t = priority_round()
    step = giant_growth_resolves(t)
    return Predict(t, step, "In Alice's main phase she casts Shock at Bob's Grizzly Bears, and Bob responds with "
                   "Giant Growth. Both pass, and Giant Growth resolves. Who gets priority now?",
                   alternatives=[holding_priority()], describe=who_has_priority, auto=False, rules=("117.3b",))


def pass_instead(t: Timeline) -> list[Action]:
    """The priority round's what-if: Bob doesn't respond; Alice's Shock resolves and the Bears die."""
    return [pass_priority("Bob")]


def response_branch(t: Timeline) -> int:
    """Where the priority round's what-if branches: Alice has just passed, Bob has priority."""
    return t.find(title="Alice passes")


# ---------------------------------------------------------------- state-based actions again
@played_once
def checked_again() -> Timeline:
    """704.3: Alice's Pacifism enchants Bob's Tattered Mummy, and Alice Shocks the Mummy. The first
    check destroys the Mummy (704.5g); something was performed, so the check is repeated, and now
    Pacifism is attached to nothing and goes to the graveyard (704.5m). Then the Mummy's dies
    ability, triggered by the first state-based action, goes on the stack: Alice loses 2 life."""
    s = Scenario("State-based actions, checked again")
    mummy = s.add("Tattered Mummy", "Bob")
    s.add("Pacifism", "Alice", attached_to=mummy)
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", shock, targets=(mummy,)))
    _both_pass(t)    # Shock; two rounds of state-based actions; the Mummy triggers
    return _both_pass(t)  # the Mummy's ability


SCENARIOS = {
    "tour": tour,
    "2 life, Alice's turn": at_two_life,
    "2 life, Bob's turn": at_two_life_bobs_turn,
    "priority round": priority_round,
    "holding priority": holding_priority,
    "checked again": checked_again,
}
