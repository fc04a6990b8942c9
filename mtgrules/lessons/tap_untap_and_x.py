"""Scenarios for the {T}, {Q} and X lesson (TAP-1, UNTAP-1, XETB-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.wording import counted
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline

if TYPE_CHECKING:
    from mtgrules.widgets import Predict


@played_once
def tap_symbol(haste: bool = False) -> Timeline:
    """TAP-1: a tapped Forest can't pay {T}; fresh Llanowar Elves can't either, until haste.
    Fervor waits in Alice's hand (with {R}{R} floating) for the what-if; ``haste`` starts with
    it already on the battlefield."""
    s = Scenario("TAP-1: the tap symbol" + (" (Fervor already out)" if haste else ""))
    forest = s.add("Forest", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    s.add("Fervor", "Alice", zone="battlefield" if haste else "hand")
    s.mana("Alice", "RR")
    t = s.timeline()
    t.do(activate("Alice", forest))
    t.attempt(activate("Alice", forest))   # already tapped (107.5)
    t.attempt(activate("Alice", elves))    # arrived this turn (302.6)
    return t


def haste_what_if(t: Timeline) -> list[Action]:
    """TAP-1's what-if: cast Fervor (haste for Alice's creatures, 702.10), let it resolve, then
    tap the Elves."""
    by_name = {o.card: o.oid for o in t.state.objects}
    return [cast("Alice", by_name["Fervor"]), pass_priority("Alice"), pass_priority("Bob"),
            activate("Alice", by_name["Llanowar Elves"])]


@played_once
def untap_symbol() -> Timeline:
    """UNTAP-1: Order of Whiteclay's {Q} ability: refused while untapped, fine once tapped."""
    s = Scenario("UNTAP-1: the untap symbol")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    for land in ("Plains", "Plains", "Forest"):
        s.add(land, "Alice")
    lands = [o.oid for o in s.objects if o.card in ("Plains", "Forest")]
    t = s.timeline()
    for oid in lands:
        t.do(activate("Alice", oid))
    t.do(activate("Alice", order, targets=(elves,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    return t


@played_once
def untap_refused() -> Timeline:
    """UNTAP-1: an untapped Order can't pay {Q} (107.6)."""
    s = Scenario("UNTAP-1: already untapped")
    order = s.add("Order of Whiteclay", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "WWG")
    t = s.timeline()
    t.attempt(activate("Alice", order, targets=(elves,)))
    return t


@played_once
def x_on_entering(x: int = 2) -> Timeline:
    """XETB-1: Hangarback Walker cast with X enters with X counters; its own X is then 0."""
    s = Scenario(f"XETB-1: Hangarback Walker with X={x}")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "C" * (2 * x))
    t = s.timeline()
    t.do(cast("Alice", walker, x=x))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    return t


# ---------------------------------------------------------------- questions for the lesson
def walker_outcome(frame: Frame) -> str:
    """Describe Hangarback Walker's arrival by its counters and whether it survives."""
    walker = next(o for o in frame.state.objects if o.card == "Hangarback Walker")
    n = walker.counter("+1/+1")
    if walker.zone.value != "battlefield":
        return "It enters with no counters, is a 0/0 and dies"
    return f"It enters with {counted(n, '+1/+1 counter')} and stays"


def question_sick_elves() -> Predict:
    """TAP-1: tapping Llanowar Elves the turn they arrived; the other option is the same board
    with Fervor already out."""
    from mtgrules.widgets import Predict
    t = tap_symbol()
    # The question says what is in her pool, so the other outcome's {R}{R}{G}{G} reads as that plus {G}.
    return Predict(t, t.find(title="Llanowar Elves"), QUESTION_SICK_ELVES, alternatives=[tap_symbol(haste=True)])


QUESTION_SICK_ELVES = ("Alice's Llanowar Elves arrived this turn. Her pool holds {R}{R}{G}: {R}{R} she kept for "
                       "Fervor (a haste enchantment in her hand), and {G} from her Forest. She activates the Elves' "
                       "{T}: Add {G} ability. What happens?")


def question_walker() -> Predict:
    """XETB-1: Hangarback Walker cast with X=2 resolves; the other option is what X=0 would give,
    the value X has for the permanent itself."""
    from mtgrules.widgets import Predict
    t = x_on_entering(2)
    return Predict(t, t.find("enters with"), "Hangarback Walker was cast with X = 2. Both players pass and it "
                   "resolves. What happens?", alternatives=[x_on_entering(0)], describe=walker_outcome,
                   auto=False, rules=("107.3m",))
