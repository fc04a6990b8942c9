"""The quiz of lesson 03, melee: what melee counts (702.121a), when it counts it (608.2h),
planeswalkers not counted, and a creature put onto the battlefield attacking (508.4).

The players are A (active) and N, or A, N1 and N2 in a three-player free-for-all game (both are
A's opponents). Each board function plays the question's board with no arguments; each keyword
is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers

WINGS = "Wings of the Guard"
THREE = ("A", "N1", "N2")


def _to_attackers(s: Scenario) -> Timeline:
    t = s.timeline()
    advance_to(t, Step.DECLARE_ATTACKERS)
    return t


def _everyone_passes(t: Timeline, **choices: Any) -> Timeline:
    """Each player passes once, from the one holding priority: the top of the stack resolves."""
    order = list(t.state.player_names)
    assert t.state.priority is not None
    first = order.index(t.state.priority)
    seats = order[first:] + order[:first]
    for n, player in enumerate(seats):
        t.do(pass_priority(player, **(choices if n == len(seats) - 1 else {})))
    return t


@played_once
def count(bears_at: str = "N2", wings_attacks: bool = True, four_players: bool = False) -> Timeline:
    """Three players: Wings of the Guard attacks N1 and a Grizzly Bears attacks N2; melee resolves."""
    players = (*THREE, "N3") if four_players else THREE
    s = Scenario("Quiz 03.1: what melee counts", players=players, step="combat")
    wings = s.add(WINGS, "A")
    bears = s.add("Grizzly Bears", "A")
    t = _to_attackers(s) if not four_players else None
    if four_players:  # a third opponent, and a creature that attacks them
        other = s.add("Raging Goblin", "A")
        t = _to_attackers(s)
    assert t is not None
    attacks: dict[int, str] = {bears: bears_at}
    if wings_attacks:
        attacks[wings] = "N1"
    if four_players:
        attacks[other] = "N3"
    t.do(declare_attackers("A", attacks))
    if wings_attacks:
        _everyone_passes(t)
    return t


@played_once
def murdered(bears_at: str = "N2", murder_target: str = "Grizzly Bears") -> Timeline:
    """Three players: Wings attacks N1, the Bears attack N2; with melee on the stack N2 casts Murder."""
    s = Scenario("Quiz 03.2: an attacker destroyed before melee resolves", players=THREE, step="combat")
    wings = s.add(WINGS, "A")
    bears = s.add("Grizzly Bears", "A")
    murder = s.add("Murder", "N2", zone="hand")
    swamps = [s.add("Swamp", "N2") for _ in range(3)]
    t = _to_attackers(s)
    t.do(declare_attackers("A", {wings: "N1", bears: bears_at}))
    t.do(pass_priority("A"))
    t.do(pass_priority("N1"))
    for swamp in swamps:
        t.do(activate("N2", swamp))
    t.do(cast("N2", murder, targets=(bears if murder_target == "Grizzly Bears" else wings,)))
    _everyone_passes(t)          # Murder resolves
    if t.state.stack:
        _everyone_passes(t)      # melee resolves (if Wings is still there, its trigger is)
    return t


@played_once
def planeswalker(attacks_n: bool = False, spider_blocks: bool = False, growth: bool = False,
                 bears_attack: bool = False) -> Timeline:
    """Two players: Wings attacks N's Jace Beleren (3 loyalty); melee resolves; N may block with
    Giant Spider; combat damage."""
    s = Scenario("Quiz 03.3: attacking a planeswalker", players=QUIZ_PLAYERS, step="combat")
    wings = s.add(WINGS, "A")
    bears = s.add("Grizzly Bears", "A")
    jace = s.add("Jace Beleren", "N", counters={"loyalty": 3})
    spider = s.add("Giant Spider", "N")
    if growth:
        forest = s.add("Forest", "A")
        giant = s.add("Giant Growth", "A", zone="hand")
    t = _to_attackers(s)
    attacks: dict[int, int | str] = {wings: "N" if attacks_n else jace}
    if bears_attack:
        attacks[bears] = "N"
    t.do(declare_attackers("A", attacks))
    if growth:
        t.do(activate("A", forest)).do(cast("A", giant, targets=(wings,)))
        _everyone_passes(t)      # Giant Growth resolves first
    _everyone_passes(t)          # melee
    go_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("N", {spider: wings} if spider_blocks else {}))
    return go_to(t, Step.END_COMBAT)


@played_once
def ambush(bears_at_n2: bool = False, growth: bool = False) -> Timeline:
    """Three players: Wings attacks N1; with melee on the stack A casts Practice Ambush (the kit's
    practice card), whose Soldier token enters the battlefield attacking N2; melee resolves."""
    s = Scenario("Quiz 03.4: a creature put onto the battlefield attacking", players=THREE, step="combat")
    wings = s.add(WINGS, "A")
    bears = s.add("Grizzly Bears", "A")
    practice = s.add("Practice Ambush", "A", zone="hand")
    plains = s.add("Plains", "A")
    if growth:
        forest = s.add("Forest", "A")
        giant = s.add("Giant Growth", "A", zone="hand")
    t = _to_attackers(s)
    t.do(declare_attackers("A", {wings: "N1", **({bears: "N2"} if bears_at_n2 else {})}))
    t.do(activate("A", plains)).do(cast("A", practice))
    _everyone_passes(t, attack_target="N2")  # the token enters attacking N2
    if growth:
        t.do(activate("A", forest)).do(cast("A", giant, targets=(wings,)))
        _everyone_passes(t)
    return _everyone_passes(t)               # melee resolves


@played_once
def damage(bears: int = 2, wings_attacks: bool = True, growth: bool = False, second_wings: bool = False) -> Timeline:
    """Two players: Wings of the Guard and two Grizzly Bears attack N, who has no creatures; melee
    resolves and combat damage is dealt."""
    s = Scenario("Quiz 03.5: melee's damage", players=QUIZ_PLAYERS, step="combat")
    wings = [s.add(WINGS, "A") for _ in range(2 if second_wings else 1)]
    herd = [s.add("Grizzly Bears", "A") for _ in range(2)]
    if growth:
        forest = s.add("Forest", "A")
        giant = s.add("Giant Growth", "A", zone="hand")
    t = _to_attackers(s)
    attackers = (wings if wings_attacks else []) + herd[:bears]
    order = {"trigger_order": (f"{WINGS} #1", f"{WINGS} #2")} if second_wings else {}
    t.do(declare_attackers("A", attackers, **order))
    if growth:
        t.do(activate("A", forest)).do(cast("A", giant, targets=(herd[0],)))
        _everyone_passes(t)
    while t.state.stack:
        _everyone_passes(t)
    return go_to(t, Step.END_COMBAT)


def questions() -> list[Question]:
    return [
        Question(
            "A three-player free-for-all game: A's opponents are N1 and N2. Wings of the Guard (1/1; flying; "
            "melee) attacks N1 and A's Grizzly Bears attacks N2. Everyone passes and melee resolves. Which are "
            "true now?",
            count,
            [right("Wings of the Guard is 3/3", c.pt(WINGS, "3/3")),
             right("The attacking Grizzly Bears is still 2/2", c.pt("Grizzly Bears", "2/2", "A")
                   & c.attacking("Grizzly Bears")),
             wrong("Wings of the Guard is 2/2", c.pt(WINGS, "2/2"), "if the Bears had attacked N1 too", bears_at="N1"),
             wrong("Wings of the Guard is 1/1", c.pt(WINGS, "1/1"),
                   "if Wings hadn't attacked (so melee never triggered)", wings_attacks=False),
             wrong("Wings of the Guard is 4/4", c.pt(WINGS, "4/4"),
                   "in a four-player game where A's Raging Goblin also attacked a third opponent, N3",
                   four_players=True)],
            rules=("702.121a",), select_all=True, name="03.1",
            why="Melee gives +1/+1 for each opponent A attacked with any creatures this combat (702.121a): she "
                "attacked N1 and N2, so Wings gets +2/+2. Only Wings has melee; the Bears are unchanged."),
        Question(
            "A three-player game (A, N1, N2). Wings of the Guard attacks N1 and A's Grizzly Bears attacks N2. With "
            "melee on the stack, N2 casts Murder on the Bears and it resolves; then melee resolves. Which are true?",
            murdered,
            [right("Wings of the Guard is 3/3", c.pt(WINGS, "3/3")),
             right("The Grizzly Bears is in A's graveyard", c.zone("Grizzly Bears", "graveyard")),
             wrong("Wings of the Guard is 2/2", c.pt(WINGS, "2/2"), "if the Bears had attacked N1 instead",
                   bears_at="N1"),
             wrong("Wings of the Guard is in A's graveyard", c.zone(WINGS, "graveyard"),
                   "if N2 had cast Murder on Wings instead", murder_target=WINGS)],
            rules=("702.121a", "608.2h"), select_all=True, name="03.2",
            why="Melee counts as it resolves (608.2h) the opponents A attacked this combat (702.121a). The Bears "
                "left combat, but A did attack N2 this combat, so N2 still counts: +2/+2."),
        Question(
            "Wings of the Guard (1/1; flying; melee) attacks N's planeswalker Jace Beleren, which has 3 loyalty "
            "counters; nothing else attacks. Melee resolves, N declares no blockers (his Giant Spider stays back), "
            "and combat damage is dealt. What is the result?",
            planeswalker,
            [right("Jace has 2 loyalty counters and Wings is 1/1",
                   c.counters("Jace Beleren", "loyalty", 2) & c.pt(WINGS, "1/1") & c.life("N", 20)),
             wrong("N is at 18 life and Jace keeps 3 loyalty counters",
                   c.life("N", 18) & c.counters("Jace Beleren", "loyalty", 3),
                   "if Wings had attacked N instead of Jace", attacks_n=True),
             wrong("Jace keeps 3 loyalty counters and N stays at 20", c.counters("Jace Beleren", "loyalty", 3)
                   & c.life("N", 20), "if N had blocked Wings with his Giant Spider", spider_blocks=True),
             wrong("Jace is put into N's graveyard", c.zone("Jace Beleren", "graveyard"),
                   "if A had cast Giant Growth on Wings with melee on the stack", growth=True),
             wrong("Jace has 1 loyalty counter", c.counters("Jace Beleren", "loyalty", 1),
                   "if A's Grizzly Bears had also attacked N", bears_attack=True)],
            rules=("702.121a", "120.3c"), name="03.3",
            why="Melee counts opponents attacked, not planeswalkers (702.121a): A attacked only Jace, so Wings gets "
                "+0/+0 and deals 1 damage to Jace, which removes one loyalty counter (120.3c)."),
        Question(
            "A three-player game (A, N1, N2). Wings of the Guard attacks N1; nothing else is declared. With melee "
            "on the stack, A casts Practice Ambush (the kit's practice card: Create a 1/1 Soldier token that's "
            "tapped and attacking), and its token enters attacking N2. Then melee resolves. Which are true?",
            ambush,
            [right("Wings of the Guard is 2/2", c.pt(WINGS, "2/2")),
             right("The Soldier token is attacking", c.attacking("Soldier Token")),
             wrong("Wings of the Guard is 3/3", c.pt(WINGS, "3/3"),
                   "if A's Grizzly Bears had been declared as an attacker against N2", bears_at_n2=True),
             wrong("Wings of the Guard is 5/5", c.pt(WINGS, "5/5"),
                   "if A had also cast Giant Growth on Wings before melee resolved", growth=True)],
            rules=("508.4", "702.121a"), select_all=True, name="03.4",
            why="A creature put onto the battlefield attacking was never declared as an attacker (508.4), so A "
                "didn't attack N2 with it in the sense melee counts (702.121a): only N1 counts, +1/+1."),
        Question(
            "Wings of the Guard (1/1; flying; melee) and two Grizzly Bears attack N, who controls no creatures. "
            "Melee resolves and combat damage is dealt. What is N's life total? (N started at 20.)",
            damage,
            [right("14", c.life("N", 14)),
             wrong("18", c.life("N", 18), "if the Bears had stayed home", bears=0),
             wrong("16", c.life("N", 16), "if Wings had stayed home", wings_attacks=False),
             wrong("11", c.life("N", 11), "if A had cast Giant Growth on one of the Bears", growth=True),
             wrong("12", c.life("N", 12), "if a second Wings of the Guard had attacked too", second_wings=True)],
            rules=("702.121a", "510.2"), ordered=True, name="03.5",
            why="A attacked one opponent, so melee gives Wings +1/+1 (702.121a): 2 damage from Wings and 2 from "
                "each Bears, all dealt at once (510.2): 6 damage, 20 - 6 = 14."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 3 quiz: melee", questions(), lesson="03-melee")
