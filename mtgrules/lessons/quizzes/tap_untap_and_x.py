"""The quiz of lesson 02, the tap symbol, the untap symbol and X on entering: {T} and {Q} costs
(107.5, 107.6), summoning sickness and haste (302.6, 702.10), and X followed from a spell to its
permanent (107.3m, 107.3g).

Each board function plays the question's board with no arguments; each keyword is one way a
wrong option's board differs from it.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline


@played_once
def arrivals(fervor: bool = False, hangarback_sick: bool = True) -> Timeline:
    """A's Forest and Llanowar Elves arrived this turn; her tapped Pili-Pala has been hers since
    last turn; her Hangarback Walker arrived this turn. She has {C}{C} floating. Nothing is played:
    the question is what she may activate."""
    s = Scenario("Quiz 02.1: what A may activate", players=QUIZ_PLAYERS)
    s.add("Forest", "A", sick=True)
    s.add("Llanowar Elves", "A", sick=True)
    s.add("Pili-Pala", "A", tapped=True)
    s.add("Hangarback Walker", "A", sick=hangarback_sick, counters={"+1/+1": 1})
    if fervor:
        s.add("Fervor", "A")
    s.mana("A", "CC")
    return s.timeline()


@played_once
def whiteclay(tapped: bool = True, sick: bool = False, card: str = "Llanowar Elves", floating: str = "WWG") -> Timeline:
    """A activates Order of Whiteclay's {1}{W}{W}, {Q} ability targeting a creature card in her graveyard."""
    s = Scenario("Quiz 02.2: Order of Whiteclay", players=QUIZ_PLAYERS)
    order = s.add("Order of Whiteclay", "A", tapped=tapped, sick=sick)
    target = s.add(card, "A", zone="graveyard")
    s.mana("A", floating)
    t = s.timeline()
    t.attempt(activate("A", order, targets=(target,)))
    return t


@played_once
def hangarback(x: int = 2, floating: str = "", resolve: bool = True) -> Timeline:
    """A casts Hangarback Walker with X, paying {X}{X} from her pool (2X colorless mana unless
    ``floating`` says otherwise); both players pass and it resolves."""
    s = Scenario(f"Quiz 02.3: Hangarback Walker, X = {x}", players=QUIZ_PLAYERS)
    walker = s.add("Hangarback Walker", "A", zone="hand")
    s.mana("A", floating or "C" * (2 * x))
    t = s.timeline()
    t.attempt(cast("A", walker, x=x))
    if resolve and t[-1].refused is None:
        t.do(pass_priority("A")).do(pass_priority("N"))
    return t


@played_once
def hasty_elves(fervor: str = "A", reflections: int = 1, tapped: bool = False) -> Timeline:
    """A's Llanowar Elves arrived this turn; Fervor is on the battlefield, and A's Mana Reflection.
    A activates the Elves' {T}: Add {G}."""
    s = Scenario("Quiz 02.5: haste and tapping for mana", players=QUIZ_PLAYERS)
    elves = s.add("Llanowar Elves", "A", sick=True, tapped=tapped)
    s.add("Fervor", fervor)
    for _ in range(reflections):
        s.add("Mana Reflection", "A")
    t = s.timeline()
    t.attempt(activate("A", elves))
    return t


def questions() -> list[Question]:
    return [
        Question(
            "A played her Forest this turn and cast her Llanowar Elves and Hangarback Walker (which has a +1/+1 "
            "counter) this turn. Her Pili-Pala is tapped and has been hers since her last turn. She has {C}{C} "
            "in her mana pool. Which of these abilities may she activate now?",
            arrivals,
            [right("The Forest's {T}: Add {G}", c.can_activate("A", "Forest")),
             right("Pili-Pala's {2}, {Q}: Add one mana of any color", c.can_activate("A", "Pili-Pala", color="G")),
             wrong("Llanowar Elves' {T}: Add {G}", c.can_activate("A", "Llanowar Elves"),
                   "if A also controlled Fervor (creatures she controls have haste)", fervor=True),
             wrong("Hangarback Walker's {1}, {T}: Put a +1/+1 counter on it",
                   c.can_activate("A", "Hangarback Walker", "{1}, {T}"),
                   "if the Walker had been hers since her turn began", hangarback_sick=False)],
            rules=("302.6", "107.5", "107.6"), select_all=True, name="02.1",
            why="A creature's {T} or {Q} ability can't be activated unless its controller has controlled it "
                "continuously since their most recent turn began (302.6); that rule is about creatures, so the "
                "Forest, a land, may be tapped at once. Pili-Pala is tapped, so it can pay {Q} (107.6), and it has "
                "been A's since before this turn."),
        Question(
            "A's Order of Whiteclay ({1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from "
            "your graveyard to the battlefield) is tapped and has been hers since her last turn. Llanowar Elves "
            "is in her graveyard, and she has {W}{W}{G} in her mana pool. She activates the Order's ability "
            "targeting the Elves. What happens?",
            whiteclay,
            [right("The Order untaps and the ability goes on the stack",
                   c.played() & c.tapped("Order of Whiteclay", is_tapped=False)),
             wrong("It is refused: an untapped permanent can't pay {Q}", c.refused("107.6"),
                   "if the Order were untapped", tapped=False),
             wrong("It is refused: A hasn't controlled the Order since her turn began", c.refused("302.6"),
                   "if the Order had come under A's control this turn", sick=True),
             wrong("It is refused: the target isn't a creature card with mana value 3 or less",
                   c.refused("115.1"),
                   "if the card in A's graveyard were Craw Wurm (mana value 6)", card="Craw Wurm"),
             wrong("It is refused: A can't pay {1}{W}{W}", c.refused("118.3"),
                   "if A had only {W}{W} in her pool", floating="WW")],
            rules=("107.6", "302.6"), name="02.2",
            why="{Q} means \u201cuntap this permanent\u201d: a tapped Order can pay it (107.6). As a creature's "
                "{Q} ability, it also needs A to have controlled the Order since her turn began (302.6), which "
                "she has. So the cost is paid, the Order untaps, and the ability goes on the stack."),
        Question(
            "A casts Hangarback Walker ({X}{X}; it enters with X +1/+1 counters) with X = 2, paying {C}{C}{C}{C}. "
            "Both players pass and it resolves. What happens?",
            hangarback,
            [right("It enters with two +1/+1 counters and stays", c.counters("Hangarback Walker", "+1/+1", 2)
                   & c.zone("Hangarback Walker", "battlefield")),
             wrong("It enters with no counters, is a 0/0 and dies", c.zone("Hangarback Walker", "graveyard"),
                   "if A had cast it with X = 0", x=0),
             wrong("It enters with one +1/+1 counter", c.counters("Hangarback Walker", "+1/+1", 1)
                   & c.zone("Hangarback Walker", "battlefield"), "if A had cast it with X = 1", x=1),
             wrong("It enters with three +1/+1 counters", c.counters("Hangarback Walker", "+1/+1", 3)
                   & c.zone("Hangarback Walker", "battlefield"), "if A had cast it with X = 3 (paying six)", x=3),
             wrong("The spell is refused: A can't pay {X}{X} with X = 2", c.refused("118.3")
                   | c.refused("601.2h") | c.refused("601.2f"), "if A had only {C}{C}{C} in her pool",
                   floating="CCC")],
            rules=("107.3m",), name="02.3",
            why="Its replacement effect \u201center with X +1/+1 counters\u201d refers to X, and the spell that "
                "became the Walker had X = 2 chosen for its cost, so the ability uses 2 (107.3m)."),
        Question(
            "A cast Hangarback Walker with X = 2; both players passed and it resolved. Which of these are true "
            "now?",
            hangarback,
            [right("It has two +1/+1 counters", c.counters("Hangarback Walker", "+1/+1", 2)),
             right("Its mana value is 0", c.mana_value("Hangarback Walker", 0)),
             wrong("Its mana value is 4", c.mana_value("Hangarback Walker", 4),
                   "if it were still on the stack (before the players passed)", resolve=False),
             wrong("It is a 0/0 and has died", c.zone("Hangarback Walker", "graveyard"),
                   "if A had cast it with X = 0", x=0)],
            rules=("107.3g", "202.3e", "107.3m"), select_all=True, name="02.4",
            why="Everywhere but the stack, an X in a mana cost is 0 (107.3g), so the Walker on the battlefield "
                "has mana value 0; on the stack, X counted as 2 and its mana value was 4 (202.3e). Its counters "
                "came from the spell's X as it entered (107.3m)."),
        Question(
            "A's Llanowar Elves came under her control this turn. A also controls Fervor (Creatures you control "
            "have haste) and Mana Reflection. She activates the Elves' {T}: Add {G}. What is in her mana pool "
            "afterwards?",
            hasty_elves,
            [right("{G}{G}", c.pool("A", "GG")),
             wrong("{G}", c.pool("A", "G"), "if A didn't control Mana Reflection", reflections=0),
             wrong("{G}{G}{G}{G}", c.pool("A", "GGGG"), "if A controlled a second Mana Reflection", reflections=2),
             wrong("Nothing: it is refused, as the Elves arrived this turn", c.refused("302.6"),
                   "if Fervor were N's (it gives haste to its controller's creatures)", fervor="N"),
             wrong("Nothing: it is refused, as the Elves are tapped", c.refused("107.5"),
                   "if the Elves were already tapped", tapped=True)],
            rules=("702.10c", "302.6", "106.12b"), name="02.5",
            why="Haste lets a creature's {T} ability be activated though its controller hasn't controlled it "
                "since their turn began (702.10c, 302.6); Fervor gives it to A's creatures. Tapping the Elves is "
                "tapping a permanent for mana, so Mana Reflection doubles it (106.12b)."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 2 quiz: the tap symbol, the untap symbol and X", questions(), lesson="02-tap-untap-and-x")
