"""The quiz of lesson 05, Call to the Grave: "each player's upkeep" (that player sacrifices a
non-Zombie creature, or nothing), the end-step ability's intervening "if" checked twice (603.4),
and whole turns played step by step.

Call to the Grave: "At the beginning of each player's upkeep, that player sacrifices a non-Zombie
creature. At the beginning of the end step, if no creatures are on the battlefield, sacrifice
Call to the Grave." Each board function plays the question's board with no arguments; each
keyword is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to, answer_with
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to

CARD = "Call to the Grave"


def _libraries(s: Scenario, n: int = 4) -> None:
    for p in QUIZ_PLAYERS:
        for _ in range(n):
            s.add("Swamp", p, zone="library")


def _in_graveyard(card: str, n: int = 1) -> c.Fact:
    """Exactly ``n`` cards named ``card`` are in graveyards at the end."""
    return c.holds(f"{n} {card} in graveyards", lambda t: sum(
        1 for o in t.state.objects if o.card == card and o.zone is Zone.GRAVEYARD) == n)


@played_once
def end_step(creature: bool = False, alarm: bool = False, owner: str = "A", copies: int = 1) -> Timeline:
    """A's postcombat main phase, no creatures anywhere; on to her end step, where Call to the
    Grave's second ability may trigger and resolve (N may cast Raise the Alarm in response)."""
    s = Scenario("Quiz 05.1: the end step", players=QUIZ_PLAYERS, step="main2")
    for _ in range(copies):
        s.add(CARD, owner)
    if creature:
        s.add("Grizzly Bears", "N")
    plains = [s.add("Plains", "N") for _ in range(2)] if alarm else []
    raise_it = s.add("Raise the Alarm", "N", zone="hand") if alarm else None
    t = s.timeline()
    order: dict[str, Any] = {"trigger_order": (f"{CARD} #1", f"{CARD} #2")} if copies == 2 else {}
    go_to(t, Step.END, **order)
    if raise_it is not None and t.state.stack:
        t.do(pass_priority("A"))
        for land in plains:
            t.do(activate("N", land))
        t.do(cast("N", raise_it)).do(pass_priority("N")).do(pass_priority("A"))  # the Soldiers arrive
    while t.state.stack:
        holder = t.state.priority
        assert holder is not None
        t.do(pass_priority(holder)).do(pass_priority("N" if holder == "A" else "A"))
    return t


@played_once
def upkeep(bears: str = "Grizzly Bears", also: str = "") -> Timeline:
    """N controls Call to the Grave. From N's end step the game goes on to A's upkeep, where the
    first ability triggers for A and resolves. A controls her ``bears`` and Walking Corpse (and
    ``also``, which she chooses to sacrifice when she has two non-Zombies)."""
    s = Scenario("Quiz 05.2: each player's upkeep", players=QUIZ_PLAYERS, turn=2, active="N", step="end")
    s.add(CARD, "N")
    s.add(bears, "A")
    s.add("Walking Corpse", "A")
    chosen = s.add(also, "A") if also else None
    _libraries(s)
    t = s.timeline()
    go_to(t, Step.UPKEEP, "A")
    t.do(pass_priority("A"))
    t.do(pass_priority("N", choices={"sacrifice": chosen} if chosen else {}))
    return t


@played_once
def zombies(lord: str = "Lord of the Accursed") -> Timeline:
    """A controls Call to the Grave, Walking Corpse and Lord of the Accursed (Other Zombies you
    control get +1/+1). From N's end step the game goes on to A's upkeep; the trigger resolves."""
    s = Scenario("Quiz 05.5: only Zombies", players=QUIZ_PLAYERS, turn=2, active="N", step="end")
    s.add(CARD, "A")
    s.add("Walking Corpse", "A")
    s.add(lord, "A")
    _libraries(s)
    t = s.timeline()
    go_to(t, Step.UPKEEP, "A")
    return t.do(pass_priority("A")).do(pass_priority("N"))


@played_once
def whole_turns(n_third: bool = False, a_second: bool = False, n_zombie: bool = False, n_one: bool = False) -> Timeline:
    """A controls Call to the Grave and Grizzly Bears; N controls Grizzly Bears and Raging Goblin.
    From A's first turn the game goes on, upkeep after upkeep, until Call to the Grave is
    sacrificed (then into A's next turn) or turn 7, A's, begins. Each player sacrifices their non-Zombies in the order
    they were added."""
    s = Scenario("Quiz 05.3: whole turns", players=QUIZ_PLAYERS, turn=1, step="main1")
    s.add(CARD, "A")
    a_creatures = [s.add("Grizzly Bears", "A")] + ([s.add("Llanowar Elves", "A")] if a_second else [])
    n_creatures = [s.add("Grizzly Bears", "N")]
    if not n_one:
        n_creatures.append(s.add("Walking Corpse" if n_zombie else "Raging Goblin", "N"))
    if n_third:
        n_creatures.append(s.add("Llanowar Elves", "N"))
    _libraries(s, 8)
    t = s.timeline()
    choose = answer_with({("A", "sacrifice"): a_creatures, ("N", "sacrifice"): n_creatures})
    for turn in range(2, 8):
        player = "N" if turn % 2 == 0 else "A"
        if not advance_to(t, Step.DRAW, player, choose=choose):
            break
        if any(o.card == CARD and o.zone is Zone.GRAVEYARD for o in t.state.objects):
            break
    if t.state.active != "A":  # the question's moment is in A's turn: play on into her next one
        advance_to(t, Step.UPKEEP, "A", choose=choose)
    return t


def _sacrificed_in(turn: int | None) -> c.Fact:
    """Call to the Grave went to the graveyard during turn ``turn`` (None: it never did)."""
    def test(t: Timeline) -> bool:
        for f in t:
            for e in f.events:
                if e.kind is EventKind.ZONE_CHANGE and e.name == CARD and e.after == Zone.GRAVEYARD:
                    return f.state.turn == turn
        return turn is None
    return c.holds(f"{CARD} is sacrificed in turn {turn}", test)


def questions() -> list[Question]:
    return [
        Question(
            "A controls Call to the Grave; no creatures are on the battlefield. A's end step begins and nobody "
            "casts anything. What happens?",
            end_step,
            [right("The ability triggers and A sacrifices Call to the Grave",
                   c.triggered(CARD, 1) & _in_graveyard(CARD, 1) & c.zone(CARD, "graveyard", "A")),
             wrong("The ability doesn't trigger", c.triggered(CARD, 0),
                   "if N's Grizzly Bears had been on the battlefield as the end step began", creature=True),
             wrong("The ability triggers but does nothing; Call to the Grave stays",
                   c.triggered(CARD, 1) & c.zone(CARD, "battlefield"),
                   "if N had cast Raise the Alarm (two 1/1 Soldiers) in response", alarm=True),
             wrong("N sacrifices Call to the Grave", _in_graveyard(CARD, 1) & c.zone(CARD, "graveyard", "N"),
                   "if N controlled Call to the Grave", owner="N"),
             wrong("Both of A's Calls to the Grave are sacrificed", _in_graveyard(CARD, 2),
                   "if A controlled two Calls to the Grave", copies=2)],
            rules=("603.4", "603.2"), name="05.1",
            why="\u201cAt the beginning of the end step\u201d triggers in every end step, whoever's turn it is "
                "(603.2). Its intervening \u201cif\u201d holds as the step begins (no creatures) and again as it "
                "resolves (603.4), so its controller, A, sacrifices it."),
        Question(
            "N controls Call to the Grave. A controls Grizzly Bears and Walking Corpse (a Zombie). A's upkeep "
            "begins; the ability triggers and resolves. Which are true?",
            upkeep,
            [right("A sacrifices Grizzly Bears", c.zone("Grizzly Bears", "graveyard")),
             right("Walking Corpse stays on the battlefield", c.zone("Walking Corpse", "battlefield")),
             wrong("A sacrifices nothing", c.holds("no creature card in A's graveyard", lambda t: not any(
                 o.zone is Zone.GRAVEYARD and o.owner == "A" for o in t.state.objects)),
                   "if A's Bears were Lord of the Accursed, a Zombie too", bears="Lord of the Accursed"),
             wrong("Grizzly Bears stays on the battlefield", c.holds("A's Grizzly Bears is on the battlefield",
                   lambda t: any(o.card == "Grizzly Bears" and o.zone is Zone.BATTLEFIELD for o in t.state.objects)),
                   "if A also controlled Llanowar Elves and chose to sacrifice them", also="Llanowar Elves")],
            rules=("603.2", "701.21a"), select_all=True, name="05.2",
            why="\u201cAt the beginning of each player's upkeep\u201d triggers in A's upkeep though N controls "
                "the enchantment, and \u201cthat player\u201d is A: she sacrifices a non-Zombie creature she "
                "controls (701.21a). The Bears are her only one; the Corpse is a Zombie."),
        Question(
            "A controls Call to the Grave; no creatures are on the battlefield as A's end step begins, so the "
            "ability triggers. In response N casts Raise the Alarm and it resolves: N gets two 1/1 Soldier tokens. "
            "Then the trigger resolves. Which are true?",
            lambda alarm=True, creature=False: end_step(creature=creature, alarm=alarm),
            [right("The ability triggered as the end step began", c.triggered(CARD, 1)),
             right("Call to the Grave stays on the battlefield", c.zone(CARD, "battlefield")),
             wrong("Call to the Grave is put into A's graveyard", c.zone(CARD, "graveyard"),
                   "if N hadn't cast Raise the Alarm", alarm=False),
             wrong("The ability never triggered", c.triggered(CARD, 0),
                   "if N's Grizzly Bears had been on the battlefield as the end step began", creature=True)],
            rules=("603.4",), select_all=True, name="05.3",
            why="An intervening \u201cif\u201d is checked when the trigger event occurs and again as the ability "
                "resolves (603.4). No creatures as the step began: it triggers. Two Soldiers as it resolves: the "
                "condition is false, and the ability does nothing."),
        Question(
            "It is turn 1, A's precombat main phase. A controls Call to the Grave and Grizzly Bears; N controls "
            "Grizzly Bears and Raging Goblin. The players pass, turn after turn; in each upkeep that player "
            "sacrifices a non-Zombie creature. In which turn is Call to the Grave sacrificed?",
            whole_turns,
            [right("Turn 4", _sacrificed_in(4)),
             wrong("Turn 3", _sacrificed_in(3), "if N had only the Grizzly Bears", n_one=True),
             wrong("Turn 5", _sacrificed_in(5), "if A also controlled Llanowar Elves", a_second=True),
             wrong("Turn 6", _sacrificed_in(6), "if N also controlled Llanowar Elves", n_third=True),
             wrong("Not before A's turn 7: a creature is always left", _sacrificed_in(None),
                   "if N's Raging Goblin were a Walking Corpse, a Zombie", n_zombie=True)],
            rules=("603.2", "603.4", "701.21a"), ordered=True, name="05.4",
            why="N sacrifices in the upkeeps of turns 2 and 4, A in turn 3. After N's upkeep in turn 4 no "
                "creature is left, so the end-step ability triggers in turn 4 and its \u201cif\u201d still holds "
                "as it resolves (603.4)."),
        Question(
            "A controls Call to the Grave, Walking Corpse (2/2, a Zombie) and Lord of the Accursed (a Zombie: "
            "Other Zombies you control get +1/+1). A's upkeep begins; the ability triggers and resolves. Which "
            "are true?",
            zombies,
            [right("Nothing is sacrificed", c.holds("no card in A's graveyard", lambda t: not any(
                o.zone is Zone.GRAVEYARD for o in t.state.objects))),
             right("Walking Corpse is 3/3", c.pt("Walking Corpse", "3/3")),
             wrong("A sacrifices a creature", c.holds("a card in A's graveyard", lambda t: any(
                 o.zone is Zone.GRAVEYARD and o.owner == "A" for o in t.state.objects)),
                   "if A's Lord were a Grizzly Bears", lord="Grizzly Bears"),
             wrong("Walking Corpse is 2/2", c.pt("Walking Corpse", "2/2"),
                   "if A's Lord were a Grizzly Bears", lord="Grizzly Bears")],
            rules=("701.21a", "603.2"), select_all=True, name="05.5",
            why="A must sacrifice a non-Zombie creature, and she controls none: she can't sacrifice anything "
                "else, so nothing happens (701.21a). The Lord still gives the Corpse +1/+1."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 5 quiz: Call to the Grave", questions(), lesson="05-call-to-the-grave")
