"""Scenarios for the mana lesson (MANA-1 to MANA-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.mana import pool_text
from mtgrules.core.state import GameState
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED

if TYPE_CHECKING:
    from mtgrules.widgets import Predict


@played_once
def mana_tour() -> Timeline:
    """The opening walk-through: a Forest doubled by Mana Reflection, a lone reflecting land
    that can't define a type (106.5), and Pili-Pala's {Q} ability, which isn't tapping for mana."""
    s = Scenario("A tour of the mana rules")
    forest = s.add("Forest", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Mana Reflection", "Alice")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    t = s.timeline()
    t.do(activate("Alice", forest))           # {T} ability: doubled (106.12b)
    t.do(activate("Alice", pool, type="G"))   # reflects the Forest: {G}, doubled
    t.do(activate("Alice", pili, color="W"))  # {2},{Q}: not tapped for mana (106.12)
    return t


@played_once
def undefined_type() -> Timeline:
    """MANA-1: Reflecting Pool with no land of Alice's that could produce anything."""
    s = Scenario("MANA-1: no type can be defined")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Forest", "Bob")
    return s.timeline().do(activate("Alice", pool))


@played_once
def restricted_mana() -> Timeline:
    """MANA-2: Ancient Ziggurat's mana is green with a rider; Giant Growth can't use it."""
    s = Scenario("MANA-2: restricted mana keeps its type")
    zig = s.add("Ancient Ziggurat", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.add("Llanowar Elves", "Alice", zone="hand")
    t = s.timeline().do(activate("Alice", zig, color="G"))
    t.attempt(cast("Alice", growth, targets=(bears,)))
    return t


def restricted_mana_what_if() -> list[Action]:
    """The other choice for MANA-2's what-if: spend the same mana on a creature spell."""
    t = restricted_mana()
    elves = next(o.oid for o in t.state.objects if o.card == "Llanowar Elves")
    return [cast("Alice", elves)]


def could_produce_boards() -> list[tuple[str, GameState]]:
    """MANA-3: boards whose "could produce" answers teach 106.7."""
    boards = []
    s = Scenario("two Orchards that see only each other")
    s.add("Exotic Orchard", "Alice")
    s.add("Exotic Orchard", "Bob")
    boards.append((s.title, s.state()))
    s.add("Island", "Bob")
    s.title = "the same board plus Bob's Island"
    boards.append((s.title, s.state()))
    s = Scenario("a tapped Vivid Crag with no charge counters left")
    s.add("Vivid Crag", "Alice", tapped=True)
    boards.append((s.title, s.state()))
    s = Scenario("the same Crag beside a Forest and a Reflecting Pool, with Bob's Infernal Darkness")
    s.add("Vivid Crag", "Alice", tapped=True)
    s.add("Forest", "Alice")
    s.add("Reflecting Pool", "Alice")
    s.add("Infernal Darkness", "Bob")
    boards.append((s.title, s.state()))
    return boards


@played_once
def tap_trigger(bob_has_a_swamp: bool = False) -> Timeline:
    """MANA-5: Heartbeat of Spring triggers when a land produces mana, and not when it doesn't.
    With ``bob_has_a_swamp`` Bob's Reflecting Pool can produce {B}, so it triggers too."""
    s = Scenario("MANA-5: triggers on production" + (" (Bob also has a Swamp)" if bob_has_a_swamp else ""))
    s.add("Heartbeat of Spring", "Bob")
    forest = s.add("Forest", "Alice")
    lone = s.add("Reflecting Pool", "Bob")
    if bob_has_a_swamp:
        s.add("Swamp", "Bob", tapped=True)
    t = s.timeline()
    t.do(activate("Alice", forest))
    t.do(pass_priority("Alice"))
    # with the Swamp, {B} is the one type the Pool could produce, so that is the answer; without it
    # the Pool could produce no type, and there is no question to answer
    t.do(activate("Bob", lone, type="B") if bob_has_a_swamp else activate("Bob", lone))
    return t


@played_once
def replacement_order(order: tuple[str, str] = ("Mana Reflection", "Infernal Darkness")) -> Timeline:
    """MANA-6: two replacement effects edit one production event, in the order Alice picks."""
    s = Scenario("MANA-6: replacement effects change the event")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    return s.timeline().do(activate("Alice", forest, replacement_order=order))


@played_once
def tap_versus_untap() -> tuple[Timeline, Timeline]:
    """MANA-4: under Mana Reflection, a {T} ability is doubled and a {Q} ability is not."""
    def board() -> tuple[Scenario, int, int]:
        s = Scenario("MANA-4: only {T} is tapping for mana")
        s.add("Mana Reflection", "Alice")
        elves = s.add("Llanowar Elves", "Alice")
        pili = s.add("Pili-Pala", "Alice", tapped=True)
        s.mana("Alice", "CC")
        return s, elves, pili
    s, elves, _ = board()
    tapped = s.timeline().do(activate("Alice", elves))
    s, _, pili = board()
    untapped = s.timeline().do(activate("Alice", pili, color="G"))
    return untapped, tapped


def pool_gain(frame: Frame) -> str:
    """Describe a step by the mana it added, for predict-then-reveal questions about mana."""
    if frame.refused is not None:
        return REFUSED
    added = [e for e in frame.events if e.kind == EventKind.MANA_ADDED]
    if not added:
        return "No mana is added"
    gained = "".join(pool_text(e.after[len(e.before):]) for e in added)
    return f"{added[0].obj}'s pool gains {gained}"


def other_order(t: Timeline) -> list[Action]:
    """MANA-6's what-if: the same Forest, with Infernal Darkness applied before Mana Reflection."""
    forest = next(o.oid for o in t[0].state.objects if o.card == "Forest")
    return [activate("Alice", forest, replacement_order=("Infernal Darkness", "Mana Reflection"))]


# ---------------------------------------------------------------- questions for the lesson
def heartbeat_outcome(frame: Frame) -> str:
    """Describe a step by whether Heartbeat of Spring triggered, and the mana it made."""
    fired = any(e.kind == EventKind.TRIGGER and e.name == "Heartbeat of Spring" for e in frame.events)
    gain = pool_gain(frame)
    if not fired:
        return f"{gain}, and Heartbeat of Spring doesn't trigger"
    return f"Heartbeat of Spring triggers, and {gain}"


def question_q_ability() -> Predict:
    """MANA-4: what a {Q} mana ability adds under Mana Reflection; the wrong option is what the
    engine gives for a {T} ability on the same board."""
    from mtgrules.widgets import Predict
    with_q, with_t = tap_versus_untap()
    return Predict(with_q, 1, "Mana Reflection is on the battlefield. Alice pays {2} and {Q} for Pili-Pala's "
                   "ability and chooses green. What does her pool gain?",
                   alternatives=[with_t], describe=pool_gain, auto=False, rules=("106.12", "106.12b"))


def question_lone_pool() -> Predict:
    """MANA-5: Bob taps a Reflecting Pool that can't define a type, with Heartbeat of Spring out;
    the wrong option is what happens when the same Pool can reflect a Swamp."""
    from mtgrules.widgets import Predict
    t = tap_trigger()
    return Predict(t, t.find(title="Bob activates"), "Bob taps his Reflecting Pool. Apart from it he controls only "
                   "Heartbeat of Spring, and Alice's Forest is no land of his. What happens?",
                   alternatives=[tap_trigger(bob_has_a_swamp=True)], describe=heartbeat_outcome, auto=False,
                   rules=("106.5", "106.12a"))
