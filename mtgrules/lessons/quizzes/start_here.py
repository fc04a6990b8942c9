"""The quiz of lesson 00, start here: playing a land (305.1, 305.2b, 305.9), tapping for mana and
summoning sickness (107.5, 302.6), and casting a spell, which waits on the stack until both
players pass (117.1a, 117.3d, 608.3a).

Each board function plays the question's board with no arguments; each keyword is one way a
wrong option's board differs from it.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority, play_land
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline


@played_once
def a_land(lands_played: int = 0, step: str = "main1", card: str = "Forest", cast_it: bool = False) -> Timeline:
    """A plays (or casts) the card in her hand."""
    s = Scenario("Quiz 00.1: playing a land", players=QUIZ_PLAYERS, step=step)
    held = s.add(card, "A", zone="hand")
    s.lands_played("A", lands_played)
    t = s.timeline()
    t.attempt(cast("A", held) if cast_it else play_land("A", held))
    return t


@played_once
def first_steps(elves_sick: bool = True, reflection: bool = False, lands_played: int = 0) -> Timeline:
    """Lesson 0's first scenario: A plays a Forest, taps it, then tries to tap Llanowar Elves."""
    s = Scenario("Quiz 00.2: first steps", players=QUIZ_PLAYERS)
    forest = s.add("Forest", "A", zone="hand")
    elves = s.add("Llanowar Elves", "A", sick=elves_sick)
    if reflection:
        s.add("Mana Reflection", "A")
    s.lands_played("A", lands_played)
    t = s.timeline()
    t.attempt(play_land("A", forest))
    t.attempt(activate("A", forest))
    t.attempt(activate("A", elves))
    return t


@played_once
def reflected(reflections: int = 1, darkness: bool = False, lands_played: int = 0) -> Timeline:
    """A plays a Forest from her hand and taps it, with her Mana Reflection out."""
    s = Scenario("Quiz 00.3: the exercise's board", players=QUIZ_PLAYERS)
    forest = s.add("Forest", "A", zone="hand")
    for _ in range(reflections):
        s.add("Mana Reflection", "A")
    if darkness:
        s.add("Infernal Darkness", "N")
    s.lands_played("A", lands_played)
    t = s.timeline()
    t.attempt(play_land("A", forest))
    order = {"replacement_order": ("Mana Reflection", "Infernal Darkness")} if darkness and reflections else {}
    t.attempt(activate("A", forest, choices=order))
    return t


@played_once
def a_spell(card: str = "Llanowar Elves", mana: str = "G", step: str = "main1", n_passes: bool = False,
            a_passed_first: bool = False) -> Timeline:
    """A casts a spell from her hand, then passes priority. (Grizzly Bears, if any, is on her battlefield.)"""
    s = Scenario("Quiz 00.4: a spell on the stack", players=QUIZ_PLAYERS, step=step)
    spell = s.add(card, "A", zone="hand")
    bears = s.add("Grizzly Bears", "A")
    s.mana("A", mana)
    t = s.timeline()
    if a_passed_first:
        t.do(pass_priority("A"))
    t.attempt(cast("A", spell, targets=(bears,)) if card == "Giant Growth" else cast("A", spell))
    if t[-1].refused is None:
        t.do(pass_priority("A"))
        if n_passes:
            t.do(pass_priority("N"))
    return t


def growth(card: str = "Giant Growth", mana: str = "G", n_passes: bool = False,
           a_passed_first: bool = False) -> Timeline:
    """Quiz 00.5's board: A casts Giant Growth on her Grizzly Bears in her beginning of combat step."""
    return a_spell(card, mana, "combat", n_passes, a_passed_first)


def questions() -> list[Question]:
    return [
        Question(
            "It is A's precombat main phase and she has played no land this turn. She plays the Forest in her "
            "hand. What happens?",
            a_land,
            [right("The Forest is put onto the battlefield; it doesn't use the stack",
                   c.played() & c.zone("Forest", "battlefield") & c.priority("A")),
             wrong("It is refused: A may play only one land a turn", c.refused("305.2b"),
                   "if A had already played a land this turn", lands_played=1),
             wrong("It is refused: a land can be played only in a main phase with an empty stack",
                   c.refused("305.1", "main phase"), "if it were A's beginning of combat step", step="combat"),
             wrong("It is refused: a land is played, never cast", c.refused("305.9"),
                   "if A tried to cast the Forest instead", cast_it=True),
             wrong("It is refused: only a land card can be played as a land", c.refused("305.1", "isn't a land"),
                   "if the card were Llanowar Elves", card="Llanowar Elves")],
            rules=("305.1", "305.2b"), name="00.1",
            why="Playing a land is a special action: it doesn't use the stack, and A may take it in her main phase "
                "while the stack is empty and she has priority (305.1). She may play one land a turn (305.2b), "
                "and she hasn't yet. A land is never cast: it doesn't go on the stack, so it is never a spell (305.1)."),
        Question(
            "A has a Forest in her hand and Llanowar Elves that arrived this turn. She plays the Forest, taps it "
            "for mana, then activates the Elves' {T}: Add {G}. Which are true afterwards?",
            first_steps,
            [right("The Forest is on the battlefield, tapped", c.tapped("Forest") & c.zone("Forest", "battlefield")),
             right("A's mana pool holds {G}", c.pool("A", "G")),
             wrong("Llanowar Elves are tapped", c.tapped("Llanowar Elves"),
                   "if the Elves had been A's since her turn began", elves_sick=False),
             wrong("A's mana pool holds {G}{G}", c.pool("A", "GG"), "if A controlled Mana Reflection", reflection=True),
             wrong("The Forest is still in A's hand", c.zone("Forest", "hand"),
                   "if A had already played a land this turn", lands_played=1)],
            rules=("302.6", "107.5", "305.2b"), select_all=True, name="00.2",
            why="The Forest is played and tapped for {G} (107.5). The Elves' {T} ability is refused: a creature's "
                "{T} ability needs its controller to have controlled it since their turn began (302.6), and the "
                "refusal changes nothing, so they stay untapped."),
        Question(
            "A controls Mana Reflection (If you tap a permanent for mana, it produces twice as much of that mana "
            "instead). She plays the Forest in her hand and taps it for mana. What is in her mana pool?",
            reflected,
            [right("{G}{G}", c.pool("A", "GG")),
             wrong("{G}", c.pool("A", "G"), "if A didn't control Mana Reflection", reflections=0),
             wrong("{G}{G}{G}{G}", c.pool("A", "GGGG"), "if A controlled a second Mana Reflection", reflections=2),
             wrong("{B}{B}", c.pool("A", "BB"), "if N controlled Infernal Darkness", darkness=True),
             wrong("Nothing: the Forest can't be played, so it can't be tapped", c.pool("A", "") & c.refused(),
                   "if A had already played a land this turn", lands_played=1)],
            rules=("106.12b", "106.12"), name="00.3",
            why="Tapping the Forest for mana activates a mana ability with {T} in its cost, so it is tapping a "
                "permanent for mana (106.12), and Mana Reflection's replacement effect doubles what it produces "
                "(106.12b)."),
        Question(
            "It is A's precombat main phase and she has {G} in her mana pool. She casts Llanowar Elves ({G}) from "
            "her hand, then passes priority. What happens?",
            a_spell,
            [right("The Elves wait on the stack and N receives priority",
                   c.zone("Llanowar Elves", "stack") & c.priority("N")),
             wrong("The Elves enter the battlefield", c.zone("Llanowar Elves", "battlefield"),
                   "if N then passed priority too", n_passes=True),
             wrong("The spell is refused: A can't pay {G}", c.refused("118.3"), "if A's pool were empty", mana=""),
             wrong("The spell is refused: a creature spell is cast only in a main phase with an empty stack",
                   c.refused("117.1a", "main phase"), "if it were A's beginning of combat step", step="combat"),
             wrong("The spell is refused: A doesn't have priority", c.refused("117.1a", "priority"),
                   "if A had passed priority before casting it", a_passed_first=True)],
            rules=("117.1a", "117.3d", "608.3a"), name="00.4",
            why="A may cast a creature spell in her main phase while the stack is empty and she has priority "
                "(117.1a). It waits on the stack: when A passes, N receives priority (117.3d), and only when both "
                "players pass in succession does it resolve and enter the battlefield (608.3a)."),
        Question(
            "It is A's beginning of combat step; she controls Grizzly Bears and has {G} in her mana pool. She "
            "casts Giant Growth (Target creature gets +3/+3 until end of turn) targeting the Bears, then passes "
            "priority. What happens?",
            growth,
            [right("Giant Growth waits on the stack and N receives priority",
                   c.zone("Giant Growth", "stack") & c.priority("N")),
             wrong("The Bears become 5/5", c.pt("Grizzly Bears", "5/5"), "if N then passed priority too",
                   n_passes=True),
             wrong("The spell is refused: A can't pay {G}", c.refused("118.3"), "if A's pool were empty", mana=""),
             wrong("The spell is refused: A doesn't have priority", c.refused("117.1a", "priority"),
                   "if A had passed priority before casting it", a_passed_first=True),
             wrong("The spell is refused: a creature spell is cast only in a main phase with an empty stack",
                   c.refused("117.1a", "main phase"), "if the card were Llanowar Elves, a creature",
                   card="Llanowar Elves")],
            rules=("117.1a", "117.3d"), name="00.5",
            why="Giant Growth is an instant: A may cast it whenever she has priority, in any step (117.1a). Like "
                "any spell it waits on the stack until both players pass in succession (117.3d)."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 0 quiz: first steps", questions(), lesson="00-start-here")
