"""The quiz of lesson 10, casting a spell: the substeps of casting (601.2), what becomes cast
triggers (601.2i), who may act while and after a spell is cast (117.3c), paying costs (601.2h),
and activating an ability, which follows the same steps but is not casting (602.2).

Each board is A's precombat main phase: A's Guttersnipe ("Whenever you cast an instant or
sorcery spell, Guttersnipe deals 2 damage to each opponent"), a Mountain and Shock in hand;
N's Grizzly Bears. Each board function plays the question's board with no arguments; each
keyword is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline


def _play(title: str, *, snipe: str = "A", act: str = "shock", target: str = "Grizzly Bears", passes: int = 0,
          pay: bool = True, pyromancers: bool = False, n_responds: bool = False) -> Timeline:
    """A's Guttersnipe (N's with ``snipe="N"``), Mountain and Shock; N's Bears. A casts Shock (or,
    with ``act="pyro"``, activates her Prodigal Pyromancer) at ``target``; then ``passes`` single
    passes (-1: until the stack is empty)."""
    s = Scenario(title, players=QUIZ_PLAYERS)
    snipe_id = s.add("Guttersnipe", snipe)
    mountain = s.add("Mountain", "A")
    shock = s.add("Shock", "A", zone="hand")
    bears = s.add("Grizzly Bears", "N")
    pyro = s.add("Prodigal Pyromancer", "A") if act == "pyro" or pyromancers else None
    if pyromancers:
        s.add("Prodigal Pyromancer", "N")
    if n_responds:
        n_mountain = s.add("Mountain", "N")
        n_shock = s.add("Shock", "N", zone="hand")
    t = s.timeline()
    aim = {"Grizzly Bears": bears, "Guttersnipe": snipe_id}.get(target, target)
    if act == "pyro":
        assert pyro is not None
        t.do(activate("A", pyro, targets=(aim,)))
    else:
        if pay:
            t.do(activate("A", mountain))
            t.do(cast("A", shock, targets=(aim,)))
        else:
            t.attempt(cast("A", shock, targets=(aim,)))
            return t
    if n_responds:
        t.do(pass_priority("A"))
        t.do(activate("N", n_mountain)).do(cast("N", n_shock, targets=(snipe_id,)))
    n = 0
    while (n < passes or (passes < 0 and t.state.stack)) and t.state.priority is not None:
        t.do(pass_priority(t.state.priority))
        n += 1
    return t


@played_once
def becomes_cast(snipe: str = "A", passes: int = 2, act: str = "shock") -> Timeline:
    """A casts Shock at N's Bears; Guttersnipe triggers; both players pass once."""
    return _play("Quiz 10.1: Shock becomes cast", snipe=snipe, passes=passes, act=act)


@played_once
def while_casting(passes: int = 0) -> Timeline:
    """A has just cast Shock at N's Bears; each player controls a Prodigal Pyromancer."""
    return _play("Quiz 10.2: just after the cast", passes=passes, pyromancers=True)


@played_once
def unpaid(pay: bool = False) -> Timeline:
    """A tries to cast Shock at N's Bears with her Mountain untapped and her mana pool empty."""
    return _play("Quiz 10.3: casting with an empty pool", pay=pay)


@played_once
def activating(act: str = "pyro", target: str = "N") -> Timeline:
    """A activates her Prodigal Pyromancer at N; it resolves."""
    return _play("Quiz 10.4: activating an ability", act=act, target=target, passes=-1)


@played_once
def response(n_responds: bool = True, snipe: str = "A") -> Timeline:
    """A casts Shock at N's Bears and passes; N Shocks the Guttersnipe in response; all resolves."""
    return _play("Quiz 10.5: a response after the trigger", n_responds=n_responds, snipe=snipe, passes=-1,
                 target="Grizzly Bears")


def questions() -> list[Question]:
    return [
        Question(
            "A controls Guttersnipe. She taps her Mountain and casts Shock targeting N's Grizzly Bears, and both "
            "players pass priority once. What is the result?",
            becomes_cast,
            [right("N is at 18 life and Shock is still on the stack", c.life("N", 18) & c.zone("Shock", "stack")),
             wrong("N is at 20 life and Guttersnipe's ability is on the stack above Shock",
                   c.life("N", 20) & c.holds("two objects are on the stack", lambda t: len(t.state.stack) == 2),
                   "if neither player had passed priority yet", passes=0),
             wrong("N is at 18 life and the Grizzly Bears are in the graveyard",
                   c.life("N", 18) & c.zone("Grizzly Bears", "graveyard"),
                   "if both players had passed priority twice", passes=4),
             wrong("N is at 20 life and the Grizzly Bears are in the graveyard",
                   c.life("N", 20) & c.zone("Grizzly Bears", "graveyard"),
                   "if N controlled the Guttersnipe", snipe="N"),
             wrong("N is at 20 life and the Grizzly Bears have 1 damage marked",
                   c.life("N", 20) & c.damage("Grizzly Bears", 1),
                   "if A had activated Prodigal Pyromancer's ability at the Bears instead of casting Shock",
                   act="pyro")],
            rules=("601.2i", "603.3"), name="10.1",
            why="Once Shock is cast (601.2i) Guttersnipe triggers; its ability goes on the stack above Shock the "
                "next time a player would receive priority (603.3), so it resolves first: N goes to 18 and Shock "
                "waits for the players to pass again."),
        Question(
            "A has just cast Shock targeting N's Grizzly Bears (her Guttersnipe has triggered); she hasn't passed "
            "priority. Each player controls a Prodigal Pyromancer. Which are true?",
            while_casting,
            [right("A has priority", c.priority("A")),
             right("A may activate her Prodigal Pyromancer's ability",
                   c.can_activate("A", "Prodigal Pyromancer", targets=("N",))),
             wrong("N may activate his Prodigal Pyromancer's ability", c.can_activate("N", "Prodigal Pyromancer", targets=("A",)),
                   "if A had passed priority", passes=1),
             wrong("Shock has resolved: the Grizzly Bears are in the graveyard",
                   c.zone("Grizzly Bears", "graveyard"), "if both players had passed twice", passes=4)],
            rules=("117.3c", "601.2i"), select_all=True, name="10.2",
            why="Nobody can act while a spell is being cast; once it is cast, its caster receives priority "
                "(117.3c), so only A may act now. N may respond only once A passes."),
        Question(
            "A's Mountain is untapped and her mana pool is empty. She tries to cast Shock targeting N's Grizzly "
            "Bears without activating a mana ability first. Which are true?",
            unpaid,
            [right("The cast is refused: Shock is still in A's hand", c.refused() & c.zone("Shock", "hand")),
             right("N is at 20 life", c.life("N", 20)),
             wrong("Shock is on the stack", c.zone("Shock", "stack"), "if A had tapped her Mountain first",
                   pay=True),
             wrong("N is at 20 life and Guttersnipe's ability is on the stack",
                   c.life("N", 20) & c.triggered("Guttersnipe"), "if A had tapped her Mountain first", pay=True)],
            rules=("601.2g", "601.2h"), select_all=True, name="10.3",
            why="Mana abilities are activated before costs are paid (601.2g); with an empty pool the cost {R} "
                "can't be paid (601.2h), so the cast can't be completed and the game is as it was."),
        Question(
            "A controls Guttersnipe. She taps her Prodigal Pyromancer (\u201c{T}: This creature deals 1 damage "
            "to any target\u201d) targeting N, and the ability resolves. Which are true?",
            activating,
            [right("N is at 19 life", c.life("N", 19)),
             right("Guttersnipe didn't trigger", c.triggered("Guttersnipe", 0)),
             wrong("N is at 16 life", c.life("N", 16), "if A had cast Shock at N instead", act="shock"),
             wrong("The Grizzly Bears have 1 damage marked", c.damage("Grizzly Bears", 1),
                   "if A had targeted the Bears", target="Grizzly Bears")],
            rules=("602.2", "602.2b", "601.2i"), select_all=True, name="10.4",
            why="Activating an ability follows the steps of casting a spell (602.2, 602.2b), but it is not "
                "casting: Guttersnipe, which triggers on casting an instant or sorcery spell, stays silent."),
        Question(
            "A controls Guttersnipe. She casts Shock targeting N's Grizzly Bears, and Guttersnipe triggers. Once A "
            "passes, N taps his Mountain and casts Shock at the Guttersnipe. Everything resolves. Which are true?",
            response,
            [right("N is at 18 life", c.life("N", 18)),
             right("The Guttersnipe is in the graveyard", c.zone("Guttersnipe", "graveyard")),
             wrong("The Guttersnipe is on the battlefield", c.zone("Guttersnipe", "battlefield"),
                   "if N hadn't responded", n_responds=False),
             wrong("N is at 20 life", c.life("N", 20), "if N controlled the Guttersnipe", snipe="N")],
            rules=("113.7a", "601.2i"), select_all=True, name="10.5",
            why="Guttersnipe triggered as Shock became cast (601.2i), before N could act; its ability on the "
                "stack is independent of its source (113.7a), so it resolves though the Guttersnipe is gone."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 10 quiz: casting a spell", questions(), lesson="10-casting-a-spell")
