"""The quiz of lesson 08, combat keywords: double strike and first strike (510.4, 702.4b, 702.7b),
trample with deathtouch (702.19b, 702.2c), deathtouch against indestructible (702.12b, 704.5h),
and lifelink (702.15b).

Each board starts in A's beginning of combat step: A attacks N with one creature, and N blocks it
(or doesn't) with one of his. Each board function plays the question's board with no arguments;
each keyword is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers


def _combat(title: str, attacker: str, blockers: Sequence[str], *, pump: str = "",
            division: Sequence[int] = ()) -> Timeline:
    """A attacks N with ``attacker``; N blocks it with ``blockers`` (if the game waits for him);
    with ``pump`` A first casts that spell on her attacker (tapping Mountains or Forests); then
    combat damage, with ``division`` (damage to each blocker, then to N) when A must divide it."""
    s = Scenario(title, players=QUIZ_PLAYERS, step="combat")
    mine = s.add(attacker, "A")
    his = [s.add(name, "N") for name in blockers]
    spell = s.add(pump, "A", zone="hand") if pump else None
    lands = [s.add("Mountain" if pump == "Practice Lunge" else "Forest", "A") for _ in range(2 if pump else 0)]
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", {mine: "N"}))
    go_to(t, Step.DECLARE_BLOCKERS)
    if t.state.combat is not None and t.state.combat.awaiting:
        t.do(declare_blockers("N", {b: mine for b in his}))
    if spell is not None:
        for land in lands[: 2 if pump == "Practice Lunge" else 1]:
            t.do(activate("A", land))
        t.do(cast("A", spell, targets=(mine,))).do(pass_priority("A")).do(pass_priority("N"))
    answers: dict[str, Any] = {}
    if division:
        answers["damage_division"] = (*zip(his, division[:-1], strict=True), ("N", division[-1]))
    return go_to(t, Step.END_COMBAT, **answers)


def _dead(card: str, owner: str) -> c.Fact:
    return c.holds(f"{owner}'s {card} dies", lambda t: any(
        o.card == card and o.owner == owner and o.zone is Zone.GRAVEYARD for o in t.state.objects))


def _alive(card: str, owner: str) -> c.Fact:
    return c.holds(f"{owner}'s {card} is on the battlefield", lambda t: any(
        o.card == card and o.owner == owner and o.zone is Zone.BATTLEFIELD for o in t.state.objects))


def _blocker_alive(damage: int | None = None) -> c.Fact:
    """N's creature is on the battlefield at the end (with ``damage`` marked on it, when given)."""
    def test(t: Timeline) -> bool:
        his = [o for o in t.state.battlefield("N")]
        return len(his) == 1 and (damage is None or his[0].damage == damage)
    return c.holds("N's blocker survives", test)


def _blocker_dead() -> c.Fact:
    return c.holds("N's blocker dies", lambda t: any(o.owner == "N" and o.zone is Zone.GRAVEYARD for o in t.state.objects))


@played_once
def double_strike(blocker: str = "Raging Goblin", blocks: bool = True) -> Timeline:
    """Fencing Ace (1/1, double strike) attacks; N blocks it."""
    return _combat("Quiz 08.1: double strike", "Fencing Ace", [blocker] if blocks else [])


@played_once
def basilisk(blockers: int = 2, lunge: bool = False) -> Timeline:
    """Practice Basilisk (the kit's practice card: 3/3, deathtouch, trample) is blocked by Grizzly
    Bears and Walking Corpse; A assigns as much damage to N as she may."""
    names = ["Grizzly Bears", "Walking Corpse", "Raging Goblin"][:blockers]
    power = 6 if lunge else 3
    division = [1] * len(names) + [power - len(names)] if names else []
    return _combat("Quiz 08.2: trample and deathtouch", "Practice Basilisk", names,
                   pump="Practice Lunge" if lunge else "", division=division)


@played_once
def rats(blocker: str = "Darksteel Myr", attacker: str = "Typhoid Rats", blocks: bool = True) -> Timeline:
    """Typhoid Rats (1/1, deathtouch) attack; N blocks with Darksteel Myr (0/1, indestructible)."""
    return _combat("Quiz 08.3: deathtouch and indestructible", attacker, [blocker] if blocks else [])


@played_once
def knight(blocker: str = "Walking Corpse", blocks: bool = True) -> Timeline:
    """Knight of Meadowgrain (2/2, first strike, lifelink) attacks; N blocks with Walking Corpse (2/2)."""
    return _combat("Quiz 08.4: first strike and lifelink", "Knight of Meadowgrain", [blocker] if blocks else [])


@played_once
def zetalpa(attacker: str = "Zetalpa, Primal Dawn", blocks: bool = True, growth: bool = False) -> Timeline:
    """Zetalpa, Primal Dawn (4/8; flying, double strike, vigilance, trample, indestructible) attacks;
    N blocks with Giant Spider (2/4, reach); A assigns as much damage to N as she may."""
    division: Sequence[int] = ()
    if attacker == "Colossal Dreadmaw":
        division = (4, 2)
    elif growth:
        division = (4, 3)
    return _combat("Quiz 08.5: double strike and trample", attacker, ["Giant Spider"] if blocks else [],
                   pump="Giant Growth" if growth else "", division=division)


def questions() -> list[Question]:
    return [
        Question(
            "A's Fencing Ace (1/1, double strike) attacks N, and N blocks it with Raging Goblin (1/1). Combat "
            "damage is dealt. What is the result?",
            double_strike,
            [right("The Goblin dies, the Ace survives and N stays at 20",
                   _dead("Raging Goblin", "N") & _alive("Fencing Ace", "A") & c.life("N", 20)),
             wrong("N is at 18 life", c.life("N", 18), "if N hadn't blocked", blocks=False),
             wrong("Both the Ace and its blocker die", _dead("Fencing Ace", "A") & _blocker_dead(),
                   "if N had blocked with Walking Corpse (2/2)", blocker="Walking Corpse"),
             wrong("The Ace dies and its blocker survives", _dead("Fencing Ace", "A") & _blocker_alive(),
                   "if N had blocked with Giant Spider (2/4)", blocker="Giant Spider"),
             wrong("The Ace dies and N gains 2 life", _dead("Fencing Ace", "A") & c.life("N", 22),
                   "if N had blocked with Knight of Meadowgrain (2/2, first strike, lifelink)",
                   blocker="Knight of Meadowgrain")],
            rules=("510.4", "702.4b", "510.1c"), name="08.1",
            why="With a double striker in combat there are two combat damage steps (510.4). The Ace deals 1 in "
                "the first and the Goblin dies before it can strike back. In the second the Ace is still "
                "blocked, with no blocker left, so it deals no damage (510.1c; it has no trample)."),
        Question(
            "A's Practice Basilisk (the kit's practice card: 3/3, deathtouch, trample) is blocked by Grizzly "
            "Bears and Walking Corpse (2/2 each). A assigns as much damage to N as the rules let her. What is "
            "N's life total after combat? (N started at 20.)",
            basilisk,
            [right("19", c.life("N", 19)),
             wrong("18", c.life("N", 18), "if only the Bears had blocked", blockers=1),
             wrong("20", c.life("N", 20), "if a third creature, Raging Goblin, had blocked too", blockers=3),
             wrong("17", c.life("N", 17), "if no creature had blocked", blockers=0),
             wrong("16", c.life("N", 16),
                   "if A had first cast Practice Lunge (+3/+0 and first strike) on the Basilisk", lunge=True)],
            rules=("702.19b", "702.2c"), ordered=True, name="08.2",
            why="A trampler must assign lethal damage to each blocker before any to the player (702.19b), and "
                "from a source with deathtouch 1 damage is lethal (702.2c): 1 to each blocker, the last 1 to N."),
        Question(
            "A's Typhoid Rats (1/1, deathtouch) attack N, and N blocks with Darksteel Myr (0/1, indestructible). "
            "Combat damage is dealt. What happens to the blocker?",
            rats,
            [right("It survives, with 1 damage marked on it", _blocker_alive(1)),
             wrong("It is destroyed, and the Rats survive", _blocker_dead() & _alive("Typhoid Rats", "A"),
                   "if N had blocked with Wall of Wood (0/3, defender)", blocker="Wall of Wood"),
             wrong("It and the Rats both die", _blocker_dead() & _dead("Typhoid Rats", "A"),
                   "if N had blocked with Walking Corpse (2/2)", blocker="Walking Corpse"),
             wrong("It survives, with 2 damage marked on it", _blocker_alive(2),
                   "if A's attacker were Grizzly Bears (2/2, no deathtouch)", attacker="Grizzly Bears"),
             wrong("Nothing: N loses 1 life", c.life("N", 19), "if N hadn't blocked", blocks=False)],
            rules=("702.12b", "704.5h"), name="08.3",
            why="Damage from a deathtouch source destroys a creature as a state-based action (704.5h), but an "
                "indestructible permanent can't be destroyed (702.12b): the Myr stays, and the damage stays "
                "marked on it until the turn ends."),
        Question(
            "A's Knight of Meadowgrain (2/2, first strike, lifelink) attacks N, and N blocks with Walking Corpse "
            "(2/2). Combat damage is dealt. What is the result?",
            knight,
            [right("The Corpse dies, the Knight survives and A is at 22",
                   _dead("Walking Corpse", "N") & _alive("Knight of Meadowgrain", "A") & c.life("A", 22)),
             wrong("The Knight dies, its blocker survives and A is at 22",
                   _dead("Knight of Meadowgrain", "A") & _blocker_alive() & c.life("A", 22),
                   "if N had blocked with Giant Spider (2/4)", blocker="Giant Spider"),
             wrong("N is at 18 and A at 22", c.life("N", 18) & c.life("A", 22), "if N hadn't blocked", blocks=False),
             wrong("Both creatures die, and each player gains 2 life",
                   _dead("Knight of Meadowgrain", "A") & _blocker_dead() & c.life("A", 22) & c.life("N", 22),
                   "if N had blocked with a Knight of Meadowgrain of his own", blocker="Knight of Meadowgrain"),
             wrong("Both creatures survive and A is at 22", _alive("Knight of Meadowgrain", "A") & _blocker_alive()
                   & c.life("A", 22), "if N had blocked with Darksteel Myr (0/1, indestructible)",
                   blocker="Darksteel Myr")],
            rules=("702.7b", "702.15b"), name="08.4",
            why="The Knight deals its damage in the first-strike combat damage step (702.7b): the Corpse dies "
                "before the regular step, so it never deals damage. Lifelink makes the Knight's controller gain "
                "as much life as it dealt damage (702.15b)."),
        Question(
            "A's Zetalpa, Primal Dawn (4/8; flying, double strike, vigilance, trample, indestructible) attacks N, "
            "and N blocks it with Giant Spider (2/4, reach). A assigns as much damage to N as the rules let her. "
            "What is N's life total after combat? (N started at 20.)",
            zetalpa,
            [right("16", c.life("N", 16)),
             wrong("12", c.life("N", 12), "if N hadn't blocked", blocks=False),
             wrong("18", c.life("N", 18), "if A's attacker were Colossal Dreadmaw (6/6, trample)",
                   attacker="Colossal Dreadmaw"),
             wrong("20", c.life("N", 20), "if A's attacker were Fencing Ace (1/1, double strike, no trample)",
                   attacker="Fencing Ace"),
             wrong("10", c.life("N", 10), "if A had cast Giant Growth (+3/+3) on Zetalpa before damage",
                   growth=True)],
            rules=("702.4b", "702.19b", "702.19d"), ordered=True, name="08.5",
            why="In the first-strike step Zetalpa must give the Spider lethal damage, 4, before trampling over, so "
                "none is left for N (702.19b). In the second step the Spider is gone: a blocked trampler with no "
                "blocker left assigns all its damage to the player (702.19d), 4 more."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 8 quiz: combat keywords", questions(), lesson="08-combat-keywords")
