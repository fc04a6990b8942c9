"""Scenarios for the {T}, {Q} and X lesson (TAP-1, UNTAP-1, XETB-1)."""

from __future__ import annotations

from ..actions import activate, cast, pass_priority
from ..scenario import Scenario
from ..timeline import Timeline


def tap_symbol() -> Timeline:
    """TAP-1: a tapped Forest can't pay {T}; fresh Llanowar Elves can't either, until haste."""
    s = Scenario("TAP-1: the tap symbol")
    forest = s.add("Forest", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    t = s.timeline()
    t.do(activate("Alice", forest))
    t.attempt(activate("Alice", forest))   # already tapped (107.5)
    t.attempt(activate("Alice", elves))    # arrived this turn (302.6)
    return t


def tap_symbol_with_haste() -> Timeline:
    """TAP-1, the what-if: the same Elves with Fervor giving haste (702.10)."""
    s = Scenario("TAP-1 with haste")
    s.add("Forest", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    s.add("Fervor", "Alice")
    return s.timeline().do(activate("Alice", elves))


def untap_symbol() -> Timeline:
    """UNTAP-1: Order of Whiteclay's {Q} ability: refused while untapped, fine once tapped."""
    s = Scenario("UNTAP-1: the untap symbol")
    order = s.add("Order of Whiteclay", "Alice", tapped=True)
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    for land in ("Plains", "Plains", "Forest"):
        s.add(land, "Alice")
    lands = [o.oid for o in s.objects if o.card in ("Plains", "Forest")]
    t = s.timeline()
    for land in lands:
        t.do(activate("Alice", land))
    t.do(activate("Alice", order, targets=(elves,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    return t


def untap_refused() -> Timeline:
    """UNTAP-1: an untapped Order can't pay {Q} (107.6)."""
    s = Scenario("UNTAP-1: already untapped")
    order = s.add("Order of Whiteclay", "Alice")
    elves = s.add("Llanowar Elves", "Alice", zone="graveyard")
    s.mana("Alice", "WWG")
    t = s.timeline()
    t.attempt(activate("Alice", order, targets=(elves,)))
    return t


def x_on_entering(x: int = 2) -> Timeline:
    """XETB-1: Hangarback Walker cast with X enters with X counters; its own X is then 0."""
    s = Scenario(f"XETB-1: Hangarback Walker with X={x}")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "C" * (2 * x))
    t = s.timeline()
    t.do(cast("Alice", walker, x=x))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    return t
