"""Turn structure: phases and steps in order (500-514)."""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """Every step of a turn; main phases count as steps here since they hold priority too.

    ``FIRST_STRIKE_DAMAGE`` is the first of two combat damage steps, which a combat has only when an
    attacking or blocking creature has first strike or double strike as damage would begin (510.4);
    otherwise it is skipped and the one ``COMBAT_DAMAGE`` step is the only one."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "precombat main"
    BEGIN_COMBAT = "beginning of combat"
    DECLARE_ATTACKERS = "declare attackers"
    DECLARE_BLOCKERS = "declare blockers"
    FIRST_STRIKE_DAMAGE = "first-strike combat damage"
    COMBAT_DAMAGE = "combat damage"
    END_COMBAT = "end of combat"
    MAIN2 = "postcombat main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main(self) -> bool:
        return self in (Step.MAIN1, Step.MAIN2)

    @property
    def phrase(self) -> str:
        """How a sentence names it: "the upkeep step", but "the precombat main phase", since a
        main phase has no steps (505.2)."""
        return f"{self.value} phase" if self.is_main else f"{self.value} step"

    @property
    def rule(self) -> str:
        """The CR rule that describes this step."""
        return _STEP_RULES[self]


ORDER: tuple[Step, ...] = tuple(Step)
_STEP_RULES = {
    Step.UNTAP: "502", Step.UPKEEP: "503", Step.DRAW: "504", Step.MAIN1: "505",
    Step.BEGIN_COMBAT: "507", Step.DECLARE_ATTACKERS: "508", Step.DECLARE_BLOCKERS: "509", Step.FIRST_STRIKE_DAMAGE: "510.4",
    Step.COMBAT_DAMAGE: "510", Step.END_COMBAT: "511", Step.MAIN2: "505", Step.END: "513",
    Step.CLEANUP: "514",
}


def next_step(step: Step) -> Step | None:
    """The step after ``step`` in the same turn, or None after cleanup."""
    i = ORDER.index(step)
    return ORDER[i + 1] if i + 1 < len(ORDER) else None


def parse_step(name: str | Step) -> Step:
    """A step from its enum value or a friendly name such as "main1" or "upkeep"."""
    if isinstance(name, Step):
        return name
    if not isinstance(name, str):  # a number or a list is not guessed at; it would fail deep inside
        raise ValueError(f"a step is named by text such as \"main1\" or \"upkeep\", not {name!r:.40} "
                         f"({type(name).__name__})")
    key = name.strip().lower().replace("_", " ")
    aliases = {"main1": Step.MAIN1, "main 1": Step.MAIN1, "main2": Step.MAIN2, "main 2": Step.MAIN2,
               "combat": Step.BEGIN_COMBAT, "attackers": Step.DECLARE_ATTACKERS,
               "blockers": Step.DECLARE_BLOCKERS, "damage": Step.COMBAT_DAMAGE,
               "first strike": Step.FIRST_STRIKE_DAMAGE}
    if key in aliases:
        return aliases[key]
    for s in Step:
        if s.value == key or s.name.lower() == key.replace(" ", "_"):
            return s
    raise ValueError(f"unknown step {name!r}; use one of {[s.name.lower() for s in Step]}")
