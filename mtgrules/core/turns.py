"""Turn structure: phases and steps in order (500-514)."""

from __future__ import annotations

import difflib
from enum import StrEnum

from mtgrules.core.errors import UnknownName


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


def _spoken(text: str) -> str:
    """A step's name as said aloud: lower case, ``_`` and ``-`` as spaces, single spaces."""
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def _singular(words: str) -> str:
    """Each word without a plural "s", so "declare attacker" and "declare attackers" meet."""
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words.split())


_SHORT_NAMES = {"main1": Step.MAIN1, "main 1": Step.MAIN1, "main2": Step.MAIN2, "main 2": Step.MAIN2,
                "combat": Step.BEGIN_COMBAT, "attackers": Step.DECLARE_ATTACKERS,
                "blockers": Step.DECLARE_BLOCKERS, "damage": Step.COMBAT_DAMAGE,
                "first strike": Step.FIRST_STRIKE_DAMAGE, "end of turn": Step.END}
_NAMES: dict[str, Step] = {**{_spoken(s.value): s for s in Step}, **{_spoken(s.name): s for s in Step},
                           **{_spoken(k): v for k, v in _SHORT_NAMES.items()}}
"""Every name a step answers to, as spoken: its rules name ("declare attackers"), its enum name
("declare_attackers", said "declare attackers" too) and the short names lessons use ("main1")."""


def _leniently(names: dict[str, Step]) -> dict[str, Step]:
    """The same names with plurals dropped, keeping only those that still name one step."""
    found: dict[str, set[Step]] = {}
    for name, step in names.items():
        found.setdefault(_singular(name), set()).add(step)
    return {name: next(iter(steps)) for name, steps in found.items() if len(steps) == 1}


_LENIENT = _leniently(_NAMES)
SPOKEN_NAMES: tuple[str, ...] = (*(s.value for s in Step), "main1", "main2")
"""The names an error lists: each step as the rules and the command line say it, and main1/main2."""


def parse_step(name: str | Step) -> Step:
    """A step from any name it is said by: "declare attackers", "declare_attackers", "Declare
    attacker" (a plural "s" is optional where that still names one step), "upkeep step",
    "precombat main phase", "main1". An unknown name is refused with :class:`UnknownName`,
    naming the likeliest step."""
    if isinstance(name, Step):
        return name
    if not isinstance(name, str):  # a number or a list is not guessed at; it would fail deep inside
        raise UnknownName(f"a step is named by text such as \"main1\" or \"declare attackers\", not {name!r:.40} "
                          f"({type(name).__name__})")
    key = _spoken(name)
    for said in (key, key.removesuffix(" step"), key.removesuffix(" phase")):
        found = _NAMES.get(said) or _LENIENT.get(_singular(said))
        if found is not None and said:
            return found
    raise UnknownName(f"unknown step {name!r:.40}{_did_you_mean(key)}; the steps are: {', '.join(SPOKEN_NAMES)}")


def _did_you_mean(key: str) -> str:
    """The name or two nearest to what was typed, each naming a different step ("" if none is near)."""
    scored = sorted(((difflib.SequenceMatcher(None, key, n).ratio(), n) for n in _NAMES), reverse=True)
    best = scored[0][0]
    if best < 0.6:
        return ""
    picked: dict[Step, str] = {}
    for ratio, n in scored:
        if ratio >= best - 0.05 and len(picked) < 2:
            picked.setdefault(_NAMES[n], n)
    return f" (did you mean {' or '.join(map(repr, picked.values()))}?)"
