"""Refusing bad input costs nothing: a huge X is refused in constant time (the pool can't possibly
pay it, so nothing of size X is ever built), and checking a scenario file is cheap."""

from __future__ import annotations

from mtgrules import IllegalAction, Scenario, apply, cast


def _refuse(state, action) -> None:
    try:
        apply(state, action)
    except IllegalAction:
        return
    raise AssertionError(f"{action!r} was not refused")


def refusing_huge_x(repeats: int = 200) -> list:
    from run import Result, median_ms  # the benchmark script's record type and timer

    s = Scenario("huge X")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    for _ in range(6):
        s.add("Forest", "Alice")
    state = s.mana("Alice", "GGG").state()
    results = [Result(f"refuse cast with X = {label}", median_ms(lambda x=x: _refuse(state, cast("Alice", walker, x=x)),
                                                                repeats), "ms", "< 10 ms" if x == 10**12 else "")
               for label, x in (("2 (can't pay 4 from 3)", 2), ("10**7", 10**7), ("10**12", 10**12),
                                ("10**5000", 10**5000))]
    data = s.to_dict()
    results.append(Result("Scenario.from_dict (checked) of that board", median_ms(lambda: Scenario.from_dict(data),
                                                                                 repeats), "ms"))
    return results
