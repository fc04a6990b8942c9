"""How long ``legal_blocks`` takes on boards of n attackers against n possible blockers.

Each board has a menace attacker (Boggart Brute), a flyer, and one attacker that must be blocked
if able (the requirement Neyith of the Dire Hunt creates, 509.1c), so both the restriction and the
requirement count. Brute force would judge (n + 1)^n candidates -- 43 million at 8x8; the figures
show what the kit's dynamic program costs instead.
"""

from __future__ import annotations

from dataclasses import replace

ATTACKERS = ("Boggart Brute", "Grizzly Bears", "Craw Wurm", "Wings of the Guard", "Walking Corpse")
BLOCKERS = ("Giant Spider", "Grizzly Bears", "Walking Corpse")


def blocks_board(n: int):
    """The state as Bob is to declare blockers against ``n`` attackers with ``n`` creatures."""
    from mtgrules import Scenario, Step, declare_attackers, pass_priority
    from mtgrules.rules.combat.state import MustBeBlocked

    s = Scenario(f"{n}x{n} blocks", step="combat")
    attackers = [s.add(ATTACKERS[i % len(ATTACKERS)], "Alice") for i in range(n)]
    for i in range(n):
        s.add(BLOCKERS[i % len(BLOCKERS)], "Bob")
    t = s.timeline()
    while t.state.step is not Step.DECLARE_ATTACKERS:
        t.do(pass_priority(t.state.priority))
    t.do(declare_attackers("Alice", attackers))
    while t.state.step is not Step.DECLARE_BLOCKERS:
        t.do(pass_priority(t.state.priority))
    state = t.state
    must = MustBeBlocked(state.obj(attackers[1]).ref, "benchmark requirement")
    return replace(state, combat=replace(state.combat, requirements=(must,)))


def bench_legal_blocks(sizes=(4, 6, 8), repeats: int = 15) -> list:
    """Median times of ``legal_blocks(state)`` (allowed blocks, requirements and the most that can
    be obeyed), of that plus ``count()`` and the first 100 legal declarations, and the count."""
    from run import Result, median_ms  # the benchmark script's record type and timer

    from mtgrules import legal_blocks

    results = []
    for n in sizes:
        state = blocks_board(n)

        def build(st=state):
            # a fresh state each time, so no cached characteristics are reused between runs
            return legal_blocks(replace(st))

        def build_and_list(st=state):
            options = legal_blocks(replace(st))
            options.count()
            for _ in options.declarations(limit=100):
                pass

        options = legal_blocks(state)
        results += [Result(f"legal_blocks, {n}x{n}", median_ms(build, repeats), "ms", "< 50 ms"),
                    Result(f"legal_blocks + count() + first 100 declarations, {n}x{n}",
                           median_ms(build_and_list, repeats), "ms"),
                    Result(f"legal declarations, {n}x{n} (counted, not listed)", options.count(), "declarations")]
    return results


def damage_division_board():
    """The state as Bob is to pass in the declare blockers step, after which a 30-power attacker
    blocked by six creatures divides its damage (510.1c): 324,632 possible divisions."""
    from mtgrules import Scenario, Step, advance_to, declare_attackers, declare_blockers, pass_priority

    s = Scenario("a big attacker, six blockers", step="combat")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 30})
    blockers = [s.add("Grizzly Bears", "Bob") for _ in range(6)]
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {walker: "Bob"}))
    advance_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {b: walker for b in blockers}))
    t.do(pass_priority("Alice"))
    return t.state


def bench_damage_division(repeats: int = 15) -> list:
    """``legal_actions`` where the next pass needs a division of 30 damage among six blockers: it
    offers a bounded, representative set, so it stays small however many divisions there are."""
    from run import Result, median_ms

    from mtgrules import MissingChoice, apply, legal_actions, pass_priority

    state = damage_division_board()
    offered = len(legal_actions(state))
    try:
        apply(state, pass_priority("Bob"))
        message = 0
    except MissingChoice as need:
        message = len(str(need))
    return [Result("legal_actions, 30-power attacker blocked by six", median_ms(lambda: legal_actions(state), repeats),
                   "ms", "< 50 ms"),
            Result("actions offered", offered, "actions"),
            Result("MissingChoice message length", message, "characters")]
