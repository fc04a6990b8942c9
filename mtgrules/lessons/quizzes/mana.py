"""The quiz of lesson 01, mana: what a mana ability adds (106.5, 106.7), restricted mana (106.6),
and tapping for mana with its triggers and replacements (106.12, 106.12a, 106.12b).

Each board function plays the question's board with no arguments; each keyword is one way a
wrong option's board differs from it.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline


@played_once
def heartbeat(heartbeat: bool = True, reflections: int = 1, darkness: bool = False, land: str = "Forest") -> Timeline:
    """A taps a land with her Mana Reflection out and N's Heartbeat of Spring."""
    s = Scenario("Quiz 01.1: Mana Reflection and Heartbeat of Spring", players=QUIZ_PLAYERS)
    tapped = s.add(land, "A")
    for _ in range(reflections):
        s.add("Mana Reflection", "A")
    if heartbeat:
        s.add("Heartbeat of Spring", "N")
    if darkness:
        s.add("Infernal Darkness", "N")
    order: dict[str, object] = ({"replacement_order": ("Mana Reflection", "Infernal Darkness")}
                                if darkness and reflections else {})
    return s.timeline().do(activate("A", tapped, choices=order))


@played_once
def lone_pool(land: str = "Reflecting Pool", also: str = "", tapped: bool = False) -> Timeline:
    """A taps her only land, a Reflecting Pool; N controls a Forest."""
    s = Scenario("Quiz 01.2: a land that reflects", players=QUIZ_PLAYERS)
    mine = s.add(land, "A", tapped=tapped)
    s.add("Forest", "N")
    if also:
        s.add(also, "A")
    t = s.timeline()
    t.attempt(activate("A", mine))
    return t


@played_once
def pili_pala(source: str = "Pili-Pala", pili_tapped: bool = True, sick: bool = False,
              floating: str = "CC") -> Timeline:
    """A activates Pili-Pala's {2}, {Q} ability under her Mana Reflection, choosing green."""
    s = Scenario("Quiz 01.3: {Q} under Mana Reflection", players=QUIZ_PLAYERS)
    s.add("Mana Reflection", "A")
    pili = s.add("Pili-Pala", "A", tapped=pili_tapped, sick=sick)
    elves = s.add("Llanowar Elves", "A")
    s.mana("A", floating)
    t = s.timeline()
    t.attempt(activate("A", pili, color="G") if source == "Pili-Pala" else activate("A", elves))
    return t


@played_once
def ziggurat(land: str = "Ancient Ziggurat", color: str = "G") -> Timeline:
    """A taps Ancient Ziggurat for green; Giant Growth, Llanowar Elves and Raging Goblin wait in her hand."""
    s = Scenario("Quiz 01.4: restricted mana", players=QUIZ_PLAYERS)
    source = s.add(land, "A")
    s.add("Grizzly Bears", "A")
    for name in ("Giant Growth", "Llanowar Elves", "Raging Goblin"):
        s.add(name, "A", zone="hand")
    t = s.timeline()
    return t.do(activate("A", source, color=color) if land == "Ancient Ziggurat" else activate("A", source))


@played_once
def orchards(n_land: str = "Exotic Orchard", n_also: str = "", a_also: str = "", tapped: bool = False) -> Timeline:
    """A taps her Exotic Orchard; N's only land is another Exotic Orchard."""
    s = Scenario("Quiz 01.5: two Orchards", players=QUIZ_PLAYERS)
    mine = s.add("Exotic Orchard", "A", tapped=tapped)
    s.add(n_land, "N")
    if n_also:
        s.add(n_also, "N")
    if a_also:
        s.add(a_also, "A")
    t = s.timeline()
    t.attempt(activate("A", mine))
    return t


def questions() -> list[Question]:
    return [
        Question(
            "A controls a Forest and Mana Reflection; N controls Heartbeat of Spring. A taps the Forest for "
            "mana. What is in A's mana pool afterwards?",
            heartbeat,
            [right("{G}{G}{G}", c.pool("A", "GGG")),
             wrong("{G}{G}", c.pool("A", "GG"), "if N didn't control Heartbeat of Spring", heartbeat=False),
             wrong("{G}{G}{G}{G}{G}", c.pool("A", "GGGGG"), "if A controlled a second Mana Reflection",
                   reflections=2),
             wrong("{B}{B}{B}", c.pool("A", "BBB"), "if N also controlled Infernal Darkness", darkness=True),
             wrong("Nothing", c.pool("A", "") & c.played(),
                   "if A's land were a Reflecting Pool (it could produce no type of mana, 106.5)",
                   land="Reflecting Pool")],
            rules=("106.12b", "106.12a"), name="01.1",
            why="Mana Reflection replaces the Forest's production event: the Forest produces {G}{G} (106.12b). "
                "Heartbeat of Spring triggers because the land was tapped for mana and produced it, and adds one "
                "more mana of a type the land produced (106.12a); that mana comes from Heartbeat, not from "
                "tapping a permanent, so Mana Reflection doesn't double it."),
        Question(
            "A's only land is a Reflecting Pool; N controls a Forest. A activates the Pool's ability ({T}: Add one "
            "mana of any type that a land you control could produce). What happens?",
            lone_pool,
            [right("The Pool becomes tapped and A's pool stays empty",
                   c.played() & c.tapped("Reflecting Pool") & c.pool("A", "")),
             wrong("A's pool gains {G}", c.gained("A", "G"),
                   "if A's land were an Exotic Orchard (it looks at an opponent's lands)", land="Exotic Orchard"),
             wrong("A's pool gains {C}", c.gained("A", "C"), "if A also controlled a Wastes", also="Wastes"),
             wrong("A's pool gains {B}", c.gained("A", "B"), "if A also controlled a Swamp", also="Swamp"),
             wrong("The activation is refused and nothing changes", c.refused("107.5"),
                   "if the Pool were already tapped", tapped=True)],
            rules=("106.5", "106.7"), name="01.2",
            why="A land A controls could produce no type of mana (N's Forest is not A's, and the Pool can't "
                "reflect itself), so the type can't be defined and the ability produces no mana (106.5). The "
                "{T} cost is still paid."),
        Question(
            "A controls Mana Reflection, a tapped Pili-Pala ({2}, {Q}: Add one mana of any color) that has been "
            "hers since before this turn, and Llanowar Elves, and has {C}{C} in her mana pool. She activates "
            "Pili-Pala's ability, paying {C}{C}, and chooses green. What happens?",
            pili_pala,
            [right("A's pool gains {G}", c.gained("A", "G")),
             wrong("A's pool gains {G}{G}", c.gained("A", "GG"),
                   "if A activated her Llanowar Elves' {T}: Add {G} instead", source="Llanowar Elves"),
             wrong("It is refused: an untapped permanent can't pay {Q}", c.refused("107.6"),
                   "if Pili-Pala were untapped", pili_tapped=False),
             wrong("It is refused: A hasn't controlled Pili-Pala since her turn began", c.refused("302.6"),
                   "if Pili-Pala had come under A's control this turn", sick=True),
             wrong("It is refused: A can't pay {2}", c.refused("118.3"),
                   "if A had only {C} in her pool", floating="C")],
            rules=("106.12", "107.6"), name="01.3",
            why="To tap a permanent for mana is to activate a mana ability with {T} in its cost (106.12). "
                "Pili-Pala's cost has {Q}, not {T}, so Mana Reflection doesn't apply and the ability adds one "
                "mana. The cost is payable: Pili-Pala is tapped (107.6) and has been A's since her turn began."),
        Question(
            "A controls Ancient Ziggurat ({T}: Add one mana of any color. Spend this mana only to cast a creature "
            "spell.) and Grizzly Bears, and has Giant Growth, Llanowar Elves and Raging Goblin in her hand. She "
            "taps the Ziggurat for green. Which are true now?",
            ziggurat,
            [right("A's pool holds one green mana", c.pool("A", "G")),
             right("A may cast Llanowar Elves", c.can_cast("A", "Llanowar Elves")),
             wrong("A may cast Giant Growth targeting Grizzly Bears",
                   c.can_cast("A", "Giant Growth", ("Grizzly Bears",)),
                   "if the green mana had come from a Forest", land="Forest"),
             wrong("A may cast Raging Goblin ({R})", c.can_cast("A", "Raging Goblin"),
                   "if A had chosen red for the Ziggurat's mana", color="R")],
            rules=("106.6",), select_all=True, name="01.4",
            why="A spending restriction doesn't change the mana's type (106.6): it is green mana that may be "
                "spent only on a creature spell. Llanowar Elves is a green creature spell; Giant Growth is not a "
                "creature spell, and Raging Goblin needs red."),
        Question(
            "A controls an Exotic Orchard ({T}: Add one mana of any color that a land an opponent controls could "
            "produce). N's only land is another Exotic Orchard. A taps hers for mana. What happens?",
            orchards,
            [right("The Orchard becomes tapped and adds no mana", c.played() & c.pool("A", "")),
             wrong("A's pool gains {G}", c.gained("A", "G"), "if N's land were a Forest", n_land="Forest"),
             wrong("A's pool gains {R}", c.gained("A", "R"), "if N also controlled a Mountain", n_also="Mountain"),
             wrong("A's pool gains {U}", c.gained("A", "U"),
                   "if A also controlled an Island (N's Orchard could then produce {U})", a_also="Island"),
             wrong("The activation is refused", c.refused("107.5"), "if A's Orchard were already tapped",
                   tapped=True)],
            rules=("106.7", "106.5"), name="01.5",
            why="What a land could produce is what its abilities would produce if they resolved now (106.7). Each "
                "Orchard could produce only what the other could, so neither could produce anything: no type can "
                "be defined, and A's Orchard adds no mana (106.5)."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 1 quiz: mana", questions(), lesson="01-mana")
