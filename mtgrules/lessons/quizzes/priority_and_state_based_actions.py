"""The quiz of lesson 13, priority and state-based actions: who receives priority when
(117.3a-d), state-based actions performed all at once and checked again (704.3), the dies
triggers they cause, and the order those go on the stack (APNAP, 101.4 and 603.3b).

The main board: A's Tattered Mummy ("When Tattered Mummy dies, each opponent loses 2 life"),
N's Highland Game ("When Highland Game dies, you gain 2 life") and Grizzly Bears; A has two
Mountains and Pyroclasm (2 damage to each creature). Each board function plays the question's
board with no arguments; each keyword is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline


def _both_pass(t: Timeline) -> Timeline:
    first = t.state.priority
    assert first is not None
    return t.do(pass_priority(first)).do(pass_priority("N" if first == "A" else "A"))


def _over(t: Timeline) -> bool:
    return any(p.lost for p in t.state.players)


def _pyroclasm(title: str, life: int | None = None, mummy: str = "A", game: str = "N", rounds: int = -1) -> Timeline:
    """Pyroclasm resolves; then ``rounds`` rounds of passing (-1: until the stack is empty)."""
    s = Scenario(title, players=QUIZ_PLAYERS, life=life)
    if mummy:
        s.add("Tattered Mummy", mummy)
    if game:
        s.add("Highland Game", game)
    s.add("Grizzly Bears", "N")
    mountains = [s.add("Mountain", "A") for _ in range(2)]
    pyro = s.add("Pyroclasm", "A", zone="hand")
    t = s.timeline()
    for m in mountains:
        t.do(activate("A", m))
    t.do(cast("A", pyro))
    _both_pass(t)
    n = 0
    while t.state.stack and not _over(t) and (rounds < 0 or n < rounds):
        _both_pass(t)
        n += 1
    return t


def _on_stack(name: str) -> c.Fact:
    return c.holds(f"{name}'s ability is on the stack", lambda t: any(i.label.startswith(name) for i in t.state.stack))


@played_once
def at_two_life(mummy: str = "A", game: str = "N", swap: bool = False, life: int = 2) -> Timeline:
    """Both at 2 life; A's Pyroclasm kills all three creatures; every trigger resolves (``swap``:
    the Mummy is N's and the Highland Game A's)."""
    if swap:
        mummy, game = "N", "A"
    return _pyroclasm("Quiz 13.1: Pyroclasm at 2 life", life=life, mummy=mummy, game=game)


@played_once
def at_twenty(mummy: str = "A", game: str = "N") -> Timeline:
    """A's Pyroclasm kills all three creatures; every trigger resolves."""
    return _pyroclasm("Quiz 13.2: Pyroclasm", mummy=mummy, game=game)


@played_once
def first_trigger(rounds: int = 1, game: str = "N") -> Timeline:
    """A's Pyroclasm kills all three creatures; the first dies trigger resolves."""
    return _pyroclasm("Quiz 13.3: the first dies trigger", rounds=rounds, game=game)


@played_once
def priority_round(growth: bool = True, resolve: bool = True) -> Timeline:
    """A casts Shock at N's Bears and passes; N casts Giant Growth on them; both pass: it resolves."""
    s = Scenario("Quiz 13.4: who gets priority", players=QUIZ_PLAYERS)
    mountain = s.add("Mountain", "A")
    shock = s.add("Shock", "A", zone="hand")
    bears = s.add("Grizzly Bears", "N")
    forest = s.add("Forest", "N")
    giant = s.add("Giant Growth", "N", zone="hand")
    t = s.timeline()
    t.do(activate("A", mountain)).do(cast("A", shock, targets=(bears,))).do(pass_priority("A"))
    if not growth:
        return t.do(pass_priority("N"))
    t.do(activate("N", forest)).do(cast("N", giant, targets=(bears,)))
    return _both_pass(t) if resolve else t


@played_once
def checked_again(target: str = "Tattered Mummy") -> Timeline:
    """A's Pacifism enchants N's Tattered Mummy; A Shocks the Mummy (or N); everything resolves."""
    s = Scenario("Quiz 13.5: state-based actions, checked again", players=QUIZ_PLAYERS)
    mummy = s.add("Tattered Mummy", "N")
    s.add("Pacifism", "A", attached_to=mummy)
    mountain = s.add("Mountain", "A")
    shock = s.add("Shock", "A", zone="hand")
    t = s.timeline()
    t.do(activate("A", mountain)).do(cast("A", shock, targets=(mummy if target == "Tattered Mummy" else target,)))
    while t.state.stack:
        _both_pass(t)
    return t


def questions() -> list[Question]:
    return [
        Question(
            "It is A's turn and both players are at 2 life. A casts Pyroclasm (2 damage to each creature): her "
            "Tattered Mummy (\u201cWhen Tattered Mummy dies, each opponent loses 2 life\u201d), N's Highland Game "
            "(\u201cWhen Highland Game dies, you gain 2 life\u201d) and N's Grizzly Bears die. Every ability "
            "resolves. What is the result?",
            at_two_life,
            [right("N is at 2 life and both players are still in the game", c.life("N", 2) & ~c.lost("N")
                   & ~c.lost("A")),
             wrong("N has lost the game", c.lost("N"), "if N controlled no Highland Game", game=""),
             wrong("N is at 4 life", c.life("N", 4), "if A controlled no Tattered Mummy", mummy=""),
             wrong("A has lost the game", c.lost("A"),
                   "if the Tattered Mummy were N's and the Highland Game A's", swap=True),
             wrong("N is at 20 life", c.life("N", 20), "if both players had started at 20 life", life=20)],
            rules=("704.3", "603.3b", "101.4"), name="13.1",
            why="State-based actions destroy all three creatures at once (704.3). Both abilities trigger and go "
                "on the stack in APNAP order (603.3b, 101.4): A's first, N's on top. N's resolves first (4 life), "
                "then A's (2 life), and N survives."),
        Question(
            "A casts Pyroclasm (2 damage to each creature) with her Tattered Mummy, N's Highland Game and N's "
            "Grizzly Bears on the battlefield, each with toughness 2 or less. Every ability resolves. Which are true?",
            at_twenty,
            [right("N is at 20 life", c.life("N", 20)),
             right("All three creatures are in graveyards", c.zone("Tattered Mummy", "graveyard")
                   & c.zone("Highland Game", "graveyard") & c.zone("Grizzly Bears", "graveyard")),
             wrong("N is at 18 life", c.life("N", 18), "if N controlled no Highland Game", game=""),
             wrong("N is at 22 life", c.life("N", 22), "if A controlled no Tattered Mummy", mummy="")],
            rules=("704.3", "704.5g", "603.10a"), select_all=True, name="13.2",
            why="Each creature with lethal damage is destroyed by one check of state-based actions (704.5g, "
                "704.3); a dies ability looks back in time (603.10a), so both trigger though their creatures "
                "died together: N gains 2 and loses 2."),
        Question(
            "A's Pyroclasm kills her Tattered Mummy, N's Highland Game and N's Grizzly Bears at once; both dies "
            "abilities trigger, and both players pass priority once. Which are true?",
            first_trigger,
            [right("N is at 22 life", c.life("N", 22)),
             right("Tattered Mummy's ability is still on the stack", _on_stack("Tattered Mummy")),
             wrong("N is at 20 life and the stack is empty", c.life("N", 20) & c.holds(
                 "the stack is empty", lambda t: not t.state.stack), "if both players had passed twice", rounds=2),
             wrong("N is at 18 life", c.life("N", 18), "if N controlled no Highland Game", game="")],
            rules=("603.3b", "101.4", "117.4"), select_all=True, name="13.3",
            why="In A's turn A puts her trigger on the stack first, then N puts his (603.3b, 101.4): N's is on "
                "top and resolves first when both pass (117.4), and the Mummy's waits."),
        Question(
            "In A's main phase she casts Shock at N's Grizzly Bears and passes; N responds with Giant Growth on "
            "the Bears. Both pass, and Giant Growth resolves. Which are true?",
            priority_round,
            [right("A has priority", c.priority("A")),
             right("Shock is still on the stack", c.zone("Shock", "stack")),
             wrong("N has priority", c.priority("N"),
                   "if the players hadn't yet passed after N cast Giant Growth", resolve=False),
             wrong("The Grizzly Bears are in the graveyard", c.zone("Grizzly Bears", "graveyard"),
                   "if N hadn't cast Giant Growth but passed", growth=False)],
            rules=("117.3b", "117.3c", "117.3d"), select_all=True, name="13.4",
            why="After a spell resolves the active player receives priority (117.3b): A, not N. After casting a "
                "spell its caster receives it (117.3c); after a pass, the next player does (117.3d)."),
        Question(
            "A's Pacifism enchants N's Tattered Mummy (\u201cWhen Tattered Mummy dies, each opponent loses 2 "
            "life\u201d). A Shocks the Mummy, and every ability resolves. Which are true?",
            checked_again,
            [right("Pacifism is in A's graveyard", c.zone("Pacifism", "graveyard")),
             right("A is at 18 life", c.life("A", 18)),
             wrong("Pacifism is on the battlefield", c.zone("Pacifism", "battlefield"),
                   "if A had Shocked N instead", target="N"),
             wrong("A is at 20 life", c.life("A", 20), "if A had Shocked N instead", target="N")],
            rules=("704.3", "704.5g", "704.5m"), select_all=True, name="13.5",
            why="The first check destroys the Mummy (704.5g); because something happened, the check is made "
                "again (704.3), and Pacifism, attached to nothing, goes to the graveyard (704.5m). Then the "
                "Mummy's ability goes on the stack: A, N's opponent, loses 2."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 13 quiz: priority and state-based actions", questions(),
                lesson="13-priority-and-state-based-actions")
