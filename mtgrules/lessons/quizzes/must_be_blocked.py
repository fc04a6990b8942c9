"""The quiz of lesson 04, Neyith of the Dire Hunt: "must be blocked if able" as a requirement
obeyed as far as possible (509.1c), with menace (702.111b), "one or more" triggers (603.2c) and
doubling power (701.10b).

Neyith of the Dire Hunt: "Whenever one or more creatures you control fight or become blocked,
draw a card. At the beginning of combat on your turn, you may pay {2}{R/G}. If you do, double
target creature's power until end of turn. That creature must be blocked this combat if able."
Each board starts in A's precombat main phase with Neyith and three Forests; A's library holds
three cards. Each board function plays the question's board with no arguments; each keyword is
one way a wrong option's board differs from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers

NEYITH = "Neyith of the Dire Hunt"


class _Board:
    """A's Neyith, three Forests (four with ``extra_forest``), her creatures and hand; N's creatures."""

    def __init__(self, title: str, mine: Sequence[str], his: Sequence[str] = (), his_tapped: Sequence[str] = (),
                 hand: Sequence[str] = (), forests: int = 3) -> None:
        s = Scenario(title, players=QUIZ_PLAYERS)
        s.add(NEYITH, "A")
        self.forests = [s.add("Forest", "A") for _ in range(forests)]
        self.mine = {name: s.add(name, "A") for name in mine}
        self.his = {name: s.add(name, "N") for name in his}
        for name in his_tapped:
            self.his[name] = s.add(name, "N", tapped=True)
        self.hand = {name: s.add(name, "A", zone="hand") for name in hand}
        for _ in range(3):
            s.add("Plains", "A", zone="library")
        self.t = s.timeline()

    def trigger(self, target: int) -> Timeline:
        """Into the beginning of combat: Neyith's ability goes on the stack targeting ``target``."""
        return self.t.do(pass_priority("A")).do(pass_priority("N", target=target))

    def resolve(self, pay: bool, forests: int = 3) -> Timeline:
        """A taps Forests (when paying) and both pass: Neyith's ability resolves."""
        if pay:
            for f in self.forests[:forests]:
                self.t.do(activate("A", f))
        return _both_pass(self.t, pay=1 if pay else 0)

    def attack(self, attackers: Sequence[int]) -> Timeline:
        go_to(self.t, Step.DECLARE_ATTACKERS)
        self.t.do(declare_attackers("A", {a: "N" for a in attackers}))
        return go_to(self.t, Step.DECLARE_BLOCKERS)


def _both_pass(t: Timeline, **choices: Any) -> Timeline:
    first = t.state.priority
    assert first is not None
    return t.do(pass_priority(first)).do(pass_priority("N" if first == "A" else "A", **choices))


@played_once
def requirement(pay: bool = True) -> Timeline:
    """A doubles her Grizzly Bears (must be blocked); the Bears and Craw Wurm attack; the game
    waits for N, who has Walking Corpse and Giant Spider."""
    b = _Board("Quiz 04.1: a blocking requirement", ("Grizzly Bears", "Craw Wurm"), ("Walking Corpse", "Giant Spider"))
    b.trigger(b.mine["Grizzly Bears"])
    b.resolve(pay)
    return b.attack(list(b.mine.values()))


@played_once
def nobody_can_block(pay: bool = True, corpse_untapped: bool = False, attacker: str = "Grizzly Bears",
                     growth: bool = False) -> Timeline:
    """A doubles her attacker (must be blocked); N's creatures are tapped; combat damage."""
    tapped = ["Giant Spider"] + ([] if corpse_untapped else ["Walking Corpse"])
    b = _Board("Quiz 04.2: a requirement no creature can obey", (attacker,),
               ("Walking Corpse",) if corpse_untapped else (), tapped, ("Giant Growth",) if growth else (),
               forests=4 if growth else 3)
    b.trigger(b.mine[attacker])
    b.resolve(pay)
    if growth:
        b.t.do(activate("A", b.forests[3])).do(cast("A", b.hand["Giant Growth"], targets=(b.mine[attacker],)))
        _both_pass(b.t)
    b.attack([b.mine[attacker]])
    if corpse_untapped:
        b.t.do(declare_blockers("N", {b.his["Walking Corpse"]: b.mine[attacker]}))
    return go_to(b.t, Step.END_COMBAT)


@played_once
def menace(attacker: str = "Boggart Brute", pay: bool = True) -> Timeline:
    """A doubles her Boggart Brute (menace; must be blocked), which attacks; N has Walking Corpse and
    Grizzly Bears untapped. The game waits for N."""
    b = _Board("Quiz 04.3: menace and must be blocked", (attacker,), ("Walking Corpse", "Grizzly Bears"))
    b.trigger(b.mine[attacker])
    b.resolve(pay)
    return b.attack([b.mine[attacker]])


@played_once
def blocked(blocks: str = "each", pay: bool = False) -> Timeline:
    """A declines to pay; her Grizzly Bears and Craw Wurm attack; N blocks; Neyith's draw resolves."""
    b = _Board("Quiz 04.4: two creatures become blocked", ("Grizzly Bears", "Craw Wurm"),
               ("Walking Corpse", "Giant Spider"))
    b.trigger(b.mine["Grizzly Bears"])
    b.resolve(pay)
    b.attack(list(b.mine.values()))
    bears, wurm = b.mine["Grizzly Bears"], b.mine["Craw Wurm"]
    corpse, spider = b.his["Walking Corpse"], b.his["Giant Spider"]
    declared = {"each": {corpse: bears, spider: wurm}, "none": {}, "wurm": {corpse: wurm, spider: wurm}}[blocks]
    b.t.do(declare_blockers("N", declared))
    if b.t.state.stack:
        _both_pass(b.t)
    return b.t


@played_once
def doubled(growth: str = "after", pay: bool = True, growths: int = 1) -> Timeline:
    """Neyith doubles the Bears' power; A casts Giant Growth on them after it resolves (or in
    response, before it resolves, or not at all)."""
    return _doubled(growth, pay, growths)


def _doubled(growth: str, pay: bool, growths: int) -> Timeline:
    s = Scenario("Quiz 04.5: doubling, then a pump", players=QUIZ_PLAYERS)
    s.add(NEYITH, "A")
    forests = [s.add("Forest", "A") for _ in range(5)]
    bears = s.add("Grizzly Bears", "A")
    giants = [s.add("Giant Growth", "A", zone="hand") for _ in range(growths if growth != "none" else 0)]
    for _ in range(3):
        s.add("Plains", "A", zone="library")
    t = s.timeline().do(pass_priority("A")).do(pass_priority("N", target=bears))

    def pump() -> None:
        for n, g in enumerate(giants):
            t.do(activate("A", forests[3 + n])).do(cast("A", g, targets=(bears,)))
            _both_pass(t)

    if growth == "before":
        pump()
    if pay:
        for f in forests[:3]:
            t.do(activate("A", f))
    _both_pass(t, pay=1 if pay else 0)
    if growth == "after":
        pump()
    return t


def questions() -> list[Question]:
    return [
        Question(
            "A's Neyith of the Dire Hunt ability resolved: A paid, so her Grizzly Bears' power is doubled (4/2) "
            "and they must be blocked this combat if able. The Bears and Craw Wurm (6/4) attack N, who controls "
            "untapped Walking Corpse (2/2) and Giant Spider (2/4, reach). Which declarations may N make?",
            requirement,
            [right("Walking Corpse blocks the Bears; the Spider doesn't block",
                   c.can_block("N", {"Walking Corpse": "Grizzly Bears"})),
             right("Walking Corpse blocks the Bears and Giant Spider blocks Craw Wurm",
                   c.can_block("N", {"Walking Corpse": "Grizzly Bears", "Giant Spider": "Craw Wurm"})),
             wrong("No blockers", c.can_block("N", {}), "if A hadn't paid for Neyith's ability", pay=False),
             wrong("Both of N's creatures block Craw Wurm",
                   c.can_block("N", {"Walking Corpse": "Craw Wurm", "Giant Spider": "Craw Wurm"}),
                   "if A hadn't paid for Neyith's ability (the Bears need not be blocked)", pay=False)],
            rules=("509.1c",), select_all=True, name="04.1",
            why="A declaration must obey as many requirements as it can without breaking a restriction (509.1c). "
                "One blocker on the Bears obeys the one requirement; N's other creature is free. A declaration "
                "that leaves the Bears unblocked obeys none where one could be obeyed, so it is illegal."),
        Question(
            "A paid for Neyith's ability, so her Grizzly Bears are 4/2 and must be blocked this combat if able. "
            "The Bears attack N, whose Walking Corpse and Giant Spider are both tapped. Combat damage is dealt. "
            "What is the result?",
            nobody_can_block,
            [right("N is at 16 life", c.life("N", 16)),
             wrong("N is at 18 life", c.life("N", 18), "if A hadn't paid for Neyith's ability", pay=False),
             wrong("N stays at 20, Walking Corpse dies and A draws a card",
                   c.life("N", 20) & c.zone("Walking Corpse", "graveyard") & c.hand("A", 1),
                   "if N's Walking Corpse had been untapped (it must then block)", corpse_untapped=True),
             wrong("N is at 13 life", c.life("N", 13),
                   "if A had cast Giant Growth on the Bears after the doubling", growth=True),
             wrong("N is at 14 life", c.life("N", 14), "if A's attacker were Boggart Brute (3/2, menace)",
                   attacker="Boggart Brute")],
            rules=("509.1c", "509.1a"), name="04.2",
            why="A requirement asks only for what can be done: a tapped creature can't block (509.1a), so no "
                "declaration can obey it, and declaring no blockers is legal (509.1c). The Bears are unblocked "
                "and deal 4 damage."),
        Question(
            "A paid for Neyith's ability targeting her Boggart Brute (3/2, menace): it is 6/2 and must be blocked "
            "this combat if able. It attacks N, who controls untapped Walking Corpse and Grizzly Bears. Which "
            "declarations may N make?",
            menace,
            [right("Walking Corpse and Grizzly Bears both block the attacker",
                   c.can_block("N", {"Walking Corpse": c.THE_ATTACKER, "Grizzly Bears": c.THE_ATTACKER})),
             wrong("Walking Corpse alone blocks the attacker", c.can_block("N", {"Walking Corpse": c.THE_ATTACKER}),
                   "if the attacker were Craw Wurm, which has no menace", attacker="Craw Wurm"),
             wrong("No blockers", c.can_block("N", {}), "if A hadn't paid for Neyith's ability", pay=False),
             wrong("Grizzly Bears alone blocks the attacker", c.can_block("N", {"Grizzly Bears": c.THE_ATTACKER}),
                   "if the attacker were Craw Wurm, which has no menace", attacker="Craw Wurm")],
            rules=("702.111b", "509.1c"), select_all=True, name="04.3",
            why="Menace is a restriction: the Brute can't be blocked except by two or more creatures (702.111b), "
                "so one blocker alone is illegal whatever the requirement says. Two creatures can block it, so the "
                "requirement can be obeyed, and declaring no blockers obeys none: illegal (509.1c)."),
        Question(
            "A declines to pay for Neyith's ability. Her Grizzly Bears and Craw Wurm attack N; N blocks the Bears "
            "with Walking Corpse and the Wurm with Giant Spider. A's hand was empty. Which are true once "
            "Neyith's triggered ability has resolved?",
            blocked,
            [right("A has drawn exactly one card", c.hand("A", 1)),
             right("Both of A's attackers became blocked", c.became_blocked("Grizzly Bears")
                   & c.became_blocked("Craw Wurm")),
             wrong("A has drawn no card", c.hand("A", 0), "if N had declared no blockers", blocks="none"),
             wrong("The Grizzly Bears are unblocked", c.became_blocked("Grizzly Bears", is_blocked=False),
                   "if N had blocked the Wurm with both creatures", blocks="wurm")],
            rules=("603.2c",), select_all=True, name="04.4",
            why="Both creatures become blocked in one event, as N declares blockers, and an ability that triggers "
                "on \u201cone or more\u201d triggers once for that event (603.2c): one card."),
        Question(
            "A pays for Neyith's ability targeting her Grizzly Bears (2/2); it resolves. Then she casts Giant "
            "Growth (+3/+3) on them and it resolves. What are the Bears' power and toughness?",
            doubled,
            [right("7/5", c.pt("Grizzly Bears", "7/5")),
             wrong("10/5", c.pt("Grizzly Bears", "10/5"),
                   "if A had cast Giant Growth in response to Neyith's ability, before it resolved", growth="before"),
             wrong("5/5", c.pt("Grizzly Bears", "5/5"), "if A hadn't paid for Neyith's ability", pay=False),
             wrong("4/2", c.pt("Grizzly Bears", "4/2"), "if A hadn't cast Giant Growth", growth="none"),
             wrong("10/8", c.pt("Grizzly Bears", "10/8"), "if A had cast two Giant Growths after the doubling",
                   growths=2)],
            rules=("701.10b", "608.2h"), name="04.5",
            why="To double a creature's power is to give it +X/+0, where X is its power as the ability that doubles "
                "it resolves (701.10b): 2, read once (608.2h). Giant Growth then adds +3/+3: 2 + 2 + 3 = 7, "
                "2 + 3 = 5."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 4 quiz: must be blocked", questions(), lesson="04-must-be-blocked")
