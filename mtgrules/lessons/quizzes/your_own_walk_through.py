"""The quiz of lesson 09, your own walk-through: the lesson's worked example (NEY-7 with the
teacher's own card, *Practice Brute*, a made-up 3/2 with menace) asked as judge-exam questions:
blocking requirements and menace (509.1c, 702.111b), dividing combat damage among blockers
(510.1c), and a payment made once as an ability resolves (608.2c).

This module is also the pattern for a teacher's own quiz: board functions whose keywords are the
ways a wrong option's board differs, and questions as data (:mod:`mtgrules.catalog.quiz`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, pass_priority
from mtgrules.core.errors import MtgRulesError
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.lessons.your_own_walk_through import BRUTE
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
from mtgrules.rules.layers import characteristics

NEYITH = "Neyith of the Dire Hunt"
PRACTICE_BRUTE = BRUTE.name  # registered by the lesson's module


def _board(title: str, attacker: str, blockers: Sequence[str], tapped: bool = False) -> tuple[Timeline, int, list[int]]:
    s = Scenario(title, players=QUIZ_PLAYERS)
    s.add(NEYITH, "A")
    for _ in range(3):
        s.add("Forest", "A")
    mine = s.add(attacker, "A")
    his = [s.add(name, "N", tapped=tapped) for name in blockers]
    for _ in range(3):
        s.add("Plains", "A", zone="library")
    return s.timeline(), mine, his


def _to_blocks(t: Timeline, attacker: int, pay: bool) -> Timeline:
    """Into combat: Neyith's ability targets the attacker; A pays (tapping her Forests) or not;
    the attacker attacks N; on to the declare blockers step."""
    go_to(t, Step.BEGIN_COMBAT, target=attacker)
    if pay:
        for f in [o.oid for o in t.state.battlefield("A") if o.card == "Forest"]:
            t.do(activate("A", f))
    t.do(pass_priority("A")).do(pass_priority("N", pay=1 if pay else 0))
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", {attacker: "N"}))
    return go_to(t, Step.DECLARE_BLOCKERS)


@played_once
def blocks(attacker: str = PRACTICE_BRUTE, pay: bool = True) -> Timeline:
    """A pays for Neyith's ability targeting her attacker (the Brute: 6/2, must be blocked); it
    attacks; N has Walking Corpse and Grizzly Bears untapped. The game waits for N."""
    t, mine, _his = _board("Quiz 09.1: the worked example's blocks", attacker, ("Walking Corpse", "Grizzly Bears"))
    return _to_blocks(t, mine, pay)


@played_once
def divided(division: tuple[int, int] = (2, 4), pay: bool = True, tapped: bool = False) -> Timeline:
    """The Brute (6/2 once A pays) attacks; N blocks it with Walking Corpse and Grizzly Bears (or,
    his creatures tapped or the Brute not doubled, doesn't block); A divides its damage
    (``division``: to the Corpse, to the Bears); combat damage."""
    t, mine, his = _board("Quiz 09.2: dividing combat damage", PRACTICE_BRUTE, ("Walking Corpse", "Grizzly Bears"),
                          tapped=tapped)
    _to_blocks(t, mine, pay)
    if t.state.combat is not None and t.state.combat.awaiting:
        t.do(declare_blockers("N", {his[0]: mine, his[1]: mine} if pay else {}))
    answers: dict[str, Any] = {"damage_division": tuple(zip(his, division, strict=True))} if pay and not tapped else {}
    return go_to(t, Step.END_COMBAT, **answers)


def may_divide(*split: int, rest_to_n: bool = False) -> c.Fact:
    """A may divide her attacker's combat damage this way (to each blocker in the order they were
    added; with ``rest_to_n`` the rest of its power to N): the engine plays the damage step with
    that division rather than refusing it."""
    def test(t: Timeline) -> bool:
        trial = t.copy()
        his = [o.oid for o in trial.state.battlefield("N")]
        division: list[tuple[int | str, int]] = list(zip(his, split, strict=True))
        if rest_to_n:
            attacker = next(o.oid for o in trial.state.battlefield("A") if o.card != NEYITH
                            and characteristics(trial.state, o.oid).is_creature)
            division.append(("N", (characteristics(trial.state, attacker).power or 0) - sum(split)))
        try:
            go_to(trial, Step.END_COMBAT, damage_division=tuple(division))
        except MtgRulesError:
            return False
        return True
    return c.holds(f"A may divide the damage {split}" + (" and the rest to N" if rest_to_n else ""), test)


@played_once
def dividing(attacker: str = PRACTICE_BRUTE) -> Timeline:
    """The doubled attacker is blocked by Walking Corpse and Grizzly Bears; the game is about to
    deal combat damage (A's division is the question)."""
    t, mine, his = _board("Quiz 09.3: which divisions", attacker, ("Walking Corpse", "Grizzly Bears"))
    _to_blocks(t, mine, True)
    return t.do(declare_blockers("N", {his[0]: mine, his[1]: mine}))


@played_once
def paying(pay: int = 2) -> Timeline:
    """A has six Forests; as Neyith's ability resolves she asks to pay {2}{R/G} ``pay`` times."""
    s = Scenario("Quiz 09.4: paying as an ability resolves", players=QUIZ_PLAYERS)
    s.add(NEYITH, "A")
    forests = [s.add("Forest", "A") for _ in range(6)]
    brute = s.add(PRACTICE_BRUTE, "A")
    for _ in range(3):
        s.add("Plains", "A", zone="library")
    t = s.timeline().do(pass_priority("A")).do(pass_priority("N", target=brute))
    for f in forests:
        t.do(activate("A", f))
    t.do(pass_priority("A"))
    t.attempt(pass_priority("N", pay=pay))
    return t


@played_once
def three_blockers(power_doubled: bool = False, blockers: tuple[str, ...] = ("Walking Corpse", "Grizzly Bears",
                                                                           "Raging Goblin"),
                   blocked: bool = True) -> Timeline:
    """The Brute (not doubled: A declines to pay) attacks; N blocks it with every creature he has;
    A divides its damage to destroy as many blockers as she can (lethal damage to the smallest
    first)."""
    t, mine, his = _board("Quiz 09.5: as many as it can", PRACTICE_BRUTE, blockers)
    _to_blocks(t, mine, power_doubled)
    if t.state.combat is not None and t.state.combat.awaiting:
        t.do(declare_blockers("N", {b: mine for b in his} if blocked else {}))
    answers: dict[str, Any] = {}
    if blocked:
        power = 6 if power_doubled else 3
        order = sorted(his, key=lambda oid: characteristics(t.state, oid).toughness or 0)
        division = []
        for oid in order:
            give = min(power, characteristics(t.state, oid).toughness or 0)
            division.append((oid, give))
            power -= give
        division[-1] = (division[-1][0], division[-1][1] + power)
        answers["damage_division"] = tuple(division)
    return go_to(t, Step.END_COMBAT, **answers)


def _his_dead(n: int) -> c.Fact:
    return c.holds(f"{n} of N's creatures die", lambda t: sum(
        1 for o in t.state.objects if o.owner == "N" and o.zone is Zone.GRAVEYARD) == n)


def questions() -> list[Question]:
    return [
        Question(
            "A paid for Neyith of the Dire Hunt's ability targeting her Practice Brute (the lesson's made-up 3/2 "
            "with menace): it is 6/2 and must be blocked this combat if able. It attacks N, who controls "
            "untapped Walking Corpse and Grizzly Bears. Which declarations may N make?",
            blocks,
            [right("Both of N's creatures block the attacker",
                   c.can_block("N", {"Walking Corpse": c.THE_ATTACKER, "Grizzly Bears": c.THE_ATTACKER})),
             wrong("No blockers", c.can_block("N", {}), "if A hadn't paid for Neyith's ability", pay=False),
             wrong("Walking Corpse alone blocks the attacker", c.can_block("N", {"Walking Corpse": c.THE_ATTACKER}),
                   "if the attacker were Grizzly Bears, without menace", attacker="Grizzly Bears"),
             wrong("Grizzly Bears alone blocks the attacker", c.can_block("N", {"Grizzly Bears": c.THE_ATTACKER}),
                   "if the attacker were Grizzly Bears, without menace", attacker="Grizzly Bears")],
            rules=("509.1c", "702.111b"), select_all=True, name="09.1",
            why="Menace is a restriction: one blocker alone is never legal (702.111b). The requirement asks for as "
                "much as can be done without breaking it (509.1c): two creatures can block, so declaring no "
                "blockers obeys none where one can be obeyed, and is illegal too."),
        Question(
            "The doubled Practice Brute (6/2, menace) is blocked by N's Walking Corpse and Grizzly Bears (2/2 each). "
            "A divides its combat damage: 2 to the Corpse and 4 to the Bears. What is the result?",
            divided,
            [right("All three creatures die", _his_dead(2) & c.zone(PRACTICE_BRUTE, "graveyard")),
             wrong("The Corpse and the Brute die; the Bears survive",
                   c.zone("Walking Corpse", "graveyard") & c.zone("Grizzly Bears", "battlefield")
                   & c.zone(PRACTICE_BRUTE, "graveyard"), "if A had divided it 6 to the Corpse and 0 to the Bears",
                   division=(6, 0)),
             wrong("The Bears and the Brute die; the Corpse survives",
                   c.zone("Grizzly Bears", "graveyard") & c.zone("Walking Corpse", "battlefield")
                   & c.zone(PRACTICE_BRUTE, "graveyard"), "if A had divided it 0 to the Corpse and 6 to the Bears",
                   division=(0, 6)),
             wrong("N is at 17 life", c.life("N", 17),
                   "if A hadn't paid for Neyith's ability (N then declares no blockers)", pay=False),
             wrong("N is at 14 life", c.life("N", 14), "if N's two creatures had been tapped", tapped=True)],
            rules=("510.1c", "510.2"), name="09.2",
            why="A blocked creature divides its combat damage among its blockers as its controller chooses "
                "(510.1c): 2 is lethal for the Corpse, 4 more than enough for the Bears. The blockers deal 2 "
                "each to the Brute at the same time (510.2), and its toughness is 2."),
        Question(
            "The doubled Practice Brute (6/2, menace, no trample) is blocked by N's Walking Corpse and Grizzly "
            "Bears. Which ways may A divide its 6 combat damage?",
            dividing,
            [right("6 to the Corpse, 0 to the Bears", may_divide(6, 0)),
             right("3 to each", may_divide(3, 3)),
             right("1 to the Corpse, 5 to the Bears", may_divide(1, 5)),
             wrong("2 to the Corpse, 2 to the Bears and the rest to N", may_divide(2, 2, rest_to_n=True),
                   "if the attacker were Colossal Dreadmaw (6/6, trample), doubled to 12/6",
                   attacker="Colossal Dreadmaw")],
            rules=("510.1c", "702.19b"), select_all=True, name="09.3",
            why="Without trample a blocked creature assigns all its damage to its blockers, divided as its "
                "controller chooses, any amount to each (510.1c); only trample lets damage go on to the player, "
                "once each blocker has lethal damage (702.19b)."),
        Question(
            "A has tapped six Forests. As Neyith's ability (you may pay {2}{R/G}; if you do, double target "
            "creature's power) resolves with her Practice Brute as its target, A asks to pay {2}{R/G} twice. "
            "Which are true?",
            paying,
            [right("The pass that resolves it is refused: the payment is made at most once", c.refused("608.2c")),
             right("The Brute is still 3/2 and the ability still waits on the stack",
                   c.pt(PRACTICE_BRUTE, "3/2") & c.holds("the stack isn't empty", lambda t: bool(t.state.stack))),
             wrong("The Brute is 6/2", c.pt(PRACTICE_BRUTE, "6/2"), "if A had asked to pay once", pay=1),
             wrong("The ability has resolved and done nothing", c.played() & c.pt(PRACTICE_BRUTE, "3/2")
                   & c.holds("the stack is empty", lambda t: not t.state.stack), "if A had declined to pay", pay=0)],
            rules=("608.2c",), select_all=True, name="09.4",
            why="A resolving ability's instructions are followed once, in the order written (608.2c): one "
                "optional payment, one doubling. Asking to pay twice is refused and changes nothing."),
        Question(
            "A declines to pay for Neyith's ability. Her Practice Brute (3/2, menace) attacks N, who blocks it "
            "with Walking Corpse, Grizzly Bears (2/2 each) and Raging Goblin (1/1). A divides its damage to "
            "destroy as many blockers as she can. How many of N's creatures die?",
            three_blockers,
            [right("2", _his_dead(2)),
             wrong("3", _his_dead(3), "if A had paid for Neyith's ability (the Brute doubled to 6/2)",
                   power_doubled=True),
             wrong("1", _his_dead(1), "if the Goblin hadn't been among N's creatures",
                   blockers=("Walking Corpse", "Grizzly Bears")),
             wrong("None of them", _his_dead(0) & c.life("N", 20), "if N's creatures were two Giant Spiders (2/4)",
                   blockers=("Giant Spider", "Giant Spider")),
             wrong("None; N loses 3 life", _his_dead(0) & c.life("N", 17), "if N hadn't blocked", blocked=False)],
            rules=("510.1c", "702.111b"), ordered=True, name="09.5",
            why="A divides the Brute's 3 damage among its blockers as she chooses (510.1c): 1 is lethal for the "
                "Goblin and 2 for one 2/2, so two of them die."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 9 quiz: the worked example", questions(), lesson="09-your-own-walk-through")
