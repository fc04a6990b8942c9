"""The quiz of lesson 06, Over My Dead Bodies: creature cards that attack and block from
graveyards, undeathtouch, who may block whom, and what sees them.

Over My Dead Bodies is an Unstable card, outside the Comprehensive Rules (100.7): its official
rulings are the specification, and the rules each question cites are the ones the rulings lean on,
as the lesson cites them. Its text: "Creature cards in graveyards can attack and block as though
they were on the battlefield, can block or be blocked only by creature cards in graveyards, are
Zombies in addition to their other types, and have undeathtouch. (If they would deal damage to a
creature card, exile that creature card instead.)"

Every board is A's turn, starting in her beginning of combat step with Over My Dead Bodies on her
battlefield. Each board function plays the question's board with no arguments; each keyword is
one way a wrong option's board differs from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers

CARD = "Over My Dead Bodies"


def _board(title: str, omdb: bool = True) -> Scenario:
    s = Scenario(title, players=QUIZ_PLAYERS, step="combat")
    if omdb:
        s.add(CARD, "A")
    return s


def _to(t: Timeline, step: Step) -> Timeline:
    advance_to(t, step)
    return t


def _both_pass(t: Timeline) -> Timeline:
    first = t.state.priority
    assert first is not None
    return t.do(pass_priority(first)).do(pass_priority("N" if first == "A" else "A"))


def _block_or_none(t: Timeline, blocks: dict[int, int]) -> Timeline:
    """N declares ``blocks``; if the engine refuses them, N declares no blockers (if the game
    still waits for him)."""
    if t.state.combat is None or t.state.combat.blocks_final or "N" in t.state.combat.blockers_declared:
        return t
    if blocks and t.attempt(declare_blockers("N", blocks)) is None:
        return t
    if t.state.combat is not None and not t.state.combat.blocks_final and "N" not in t.state.combat.blockers_declared:
        t.do(declare_blockers("N", {}))
    return t


def _exiled(card: str, owner: str) -> c.Fact:
    return c.holds(f"{owner}'s {card} is exiled", lambda t: any(
        o.card == card and o.owner == owner and o.zone is Zone.EXILE for o in t.state.objects))


def _in_graveyard(card: str, owner: str) -> c.Fact:
    return c.holds(f"{owner}'s {card} is in a graveyard", lambda t: any(
        o.card == card and o.owner == owner and o.zone is Zone.GRAVEYARD for o in t.state.objects))


@played_once
def undeathtouch(attacker: str = "Grizzly Bears", blocker: str = "Walking Corpse", blocks: bool = True) -> Timeline:
    """A card attacks from A's graveyard; N blocks with a card from his graveyard; combat damage."""
    s = _board("Quiz 06.1: undeathtouch")
    mine = s.add(attacker, "A", zone="graveyard")
    his = s.add(blocker, "N", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", {mine: "N"}))
    _to(t, Step.DECLARE_BLOCKERS)
    _block_or_none(t, {his: mine} if blocks else {})
    return _to(t, Step.END_COMBAT)


@played_once
def murder(murder: bool = True, from_battlefield: bool = False) -> Timeline:
    """Grizzly Bears attack N from A's graveyard; N casts Murder on them; combat damage."""
    s = _board("Quiz 06.2: Murder on a graveyard attacker")
    bears = s.add("Grizzly Bears", "A", zone="battlefield" if from_battlefield else "graveyard")
    spell = s.add("Murder", "N", zone="hand")
    swamps = [s.add("Swamp", "N") for _ in range(3)]
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", {bears: "N"}))
    if murder:
        t.do(pass_priority("A"))
        for swamp in swamps:
            t.do(activate("N", swamp))
        t.do(cast("N", spell, targets=(bears,)))
        _both_pass(t)
    return _to(t, Step.END_COMBAT)


@played_once
def declared(card: str = "Hangarback Walker", lord: bool = False, omdb: bool = True) -> Timeline:
    """A declares the card in her graveyard as an attacker."""
    s = _board("Quiz 06.3: declaring a graveyard attacker", omdb)
    if lord:
        s.add("Lord of the Accursed", "A")
    attacker = s.add(card, "A", zone="graveyard")
    s.add("Plains", "A")  # A has a permanent, so the declare attackers step waits for her declaration
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    if t.state.combat is not None and t.state.combat.attackers_declared:
        t.attempt(declare_attackers("A", {attacker: "N"}))
        return t
    t.attempt(declare_attackers("A", {attacker: "N"}))
    return t


@played_once
def lord(lord: bool = True, corpse_attacks: bool = False) -> Timeline:
    """A controls Lord of the Accursed; Grizzly Bears attack N from her graveyard (and the Walking
    Corpse there stays home); on to the end of combat step."""
    s = _board("Quiz 06.4: Lord of the Accursed")
    if lord:
        s.add("Lord of the Accursed", "A")
    bears = s.add("Grizzly Bears", "A", zone="graveyard")
    corpse = s.add("Walking Corpse", "A", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", [bears, corpse] if corpse_attacks else [bears]))
    return _to(t, Step.END_COMBAT)


@played_once
def blockers(bears_from: str = "graveyard", goblin_from: str = "battlefield") -> Timeline:
    """A attacks with Raging Goblin and Grizzly Bears; N has Giant Spider on the battlefield and
    Walking Corpse in his graveyard. The game waits for N's declaration."""
    s = _board("Quiz 06.5: who may block whom")
    goblin = s.add("Raging Goblin", "A", zone=goblin_from)
    bears = s.add("Grizzly Bears", "A", zone=bears_from)
    s.add("Giant Spider", "N")
    s.add("Walking Corpse", "N", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("A", {goblin: "N", bears: "N"}))
    return _to(t, Step.DECLARE_BLOCKERS)


@played_once
def bell(blocks: bool = True, omdb: bool = True, bells: int = 1, goblin: bool = False) -> Timeline:
    """A controls Practice Bell (Whenever a creature attacks or blocks, you gain 1 life). Grizzly
    Bears attack from her graveyard; N blocks with the Walking Corpse in his graveyard."""
    s = _board("Quiz 06.6: attack and block triggers", omdb)
    bells_ = [s.add("Practice Bell", "A") for _ in range(bells)]
    s.add("Plains", "A")
    attackers: Sequence[int] = [s.add("Grizzly Bears", "A", zone="graveyard")]
    if goblin:
        attackers = [*attackers, s.add("Raging Goblin", "A", zone="graveyard")]
    corpse = s.add("Walking Corpse", "N", zone="graveyard")
    order: dict[str, Any] = {"trigger_order": tuple(f"Practice Bell #{b}" for b in bells_)} if bells == 2 else {}
    if goblin:
        order = {"trigger_order": ("Practice Bell (Grizzly Bears)", "Practice Bell (Raging Goblin)")}
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    if t.attempt(declare_attackers("A", list(attackers), **order)) is not None:
        return t
    while t.state.stack:
        _both_pass(t)
    _to(t, Step.DECLARE_BLOCKERS)
    if blocks:
        t.do(declare_blockers("N", {corpse: attackers[0]}, **({} if goblin else order)))
    else:
        _block_or_none(t, {})
    while t.state.stack:
        _both_pass(t)
    return _to(t, Step.END_COMBAT)


def _moved_to_graveyard(card: str) -> c.Fact:
    return c.holds(f"{card} is put into a graveyard", lambda t: any(
        e.kind is EventKind.ZONE_CHANGE and e.name == card and e.after == Zone.GRAVEYARD for f in t for e in f.events))


def questions() -> list[Question]:
    return [
        Question(
            "A's Grizzly Bears attacks N from A's graveyard; N blocks it with the Walking Corpse in his graveyard. "
            "Combat damage is dealt. Which are true?",
            undeathtouch,
            [right("A's Grizzly Bears is exiled", _exiled("Grizzly Bears", "A")),
             right("N's Walking Corpse is exiled", _exiled("Walking Corpse", "N")),
             wrong("N loses 2 life", c.life("N", 18), "if N hadn't blocked", blocks=False),
             wrong("A's Grizzly Bears stays in her graveyard", _in_graveyard("Grizzly Bears", "A"),
                   "if N's blocker were the Wall of Wood (0/3) in his graveyard", blocker="Wall of Wood"),
             wrong("N loses 1 life", c.life("N", 19),
                   "if A's attacker were Pili-Pala (1/1, flying), which the Corpse can't block", attacker="Pili-Pala")],
            rules=("100.7", "614.1a", "510.2"), select_all=True, name="06.1",
            why="Both cards have undeathtouch from Over My Dead Bodies: each would deal damage to a creature card, "
                "so that card is exiled instead (a replacement effect, 614.1a; by the card's rulings, 100.7). "
                "Combat damage is dealt at once (510.2), so both are exiled."),
        Question(
            "A's Grizzly Bears attacks N from A's graveyard. N casts Murder (Destroy target creature) on it, and "
            "it resolves; then the combat goes on. Which are true at the end of combat?",
            murder,
            [right("The Bears are still in A's graveyard", _in_graveyard("Grizzly Bears", "A")),
             right("N is still at 20 life", c.life("N", 20)),
             wrong("N loses 2 life", c.life("N", 18), "if N hadn't cast Murder", murder=False),
             wrong("Murder puts the Bears into A's graveyard", _moved_to_graveyard("Grizzly Bears"),
                   "if the Bears had attacked from the battlefield", from_battlefield=True)],
            rules=("100.7", "701.8a", "506.4"), select_all=True, name="06.2",
            why="By the card's rulings (100.7), a graveyard card destroyed by a source without undeathtouch "
                "stays in the graveyard, where destroying would put it anyway (compare 701.8a), and it is removed "
                "from combat (506.4), so it deals no combat damage."),
        Question(
            "A declares the Hangarback Walker (0/0; it enters with X +1/+1 counters) in her graveyard as an "
            "attacker. What happens?",
            declared,
            [right("It is refused: as a 0/0 creature on the battlefield it would die at once",
                   c.refused("704.5f")),
             wrong("It attacks as a 1/1", c.played() & c.pt("Hangarback Walker", "1/1"),
                   "if A also controlled Lord of the Accursed (the card would be a Zombie she controls)", lord=True),
             wrong("It attacks as a 2/2", c.played() & c.pt("Grizzly Bears", "2/2"),
                   "if the card were Grizzly Bears", card="Grizzly Bears"),
             wrong("It attacks as a 1/1 with flying", c.played() & c.keyword("Pili-Pala", "flying"),
                   "if the card were Pili-Pala", card="Pili-Pala"),
             wrong("It is refused: a card in a graveyard can't attack", c.refused() & ~c.refused("704.5f"),
                   "if Over My Dead Bodies weren't on the battlefield", omdb=False)],
            rules=("100.7", "704.5f"), name="06.3",
            why="By the card's rulings (100.7), a card that a state-based action would remove at once can't be "
                "declared: treated as on the battlefield, the Walker is a 0/0 creature, which 704.5f would put "
                "into the graveyard."),
        Question(
            "A controls Lord of the Accursed (Other Zombies you control get +1/+1). Her Grizzly Bears attacks N "
            "from her graveyard; the Walking Corpse in her graveyard doesn't attack. N has no creatures. As the "
            "end of combat step begins, which are true?",
            lord,
            [right("The attacking Bears are 3/3", c.pt("Grizzly Bears", "3/3")),
             right("N is at 17 life", c.life("N", 17)),
             wrong("The Walking Corpse is 3/3", c.pt("Walking Corpse", "3/3"),
                   "if the Walking Corpse had attacked too", corpse_attacks=True),
             wrong("N is at 18 life", c.life("N", 18), "if A didn't control Lord of the Accursed", lord=False)],
            rules=("100.7", "613.1", "611.3a"), select_all=True, name="06.4",
            why="An attacking graveyard card is treated as a creature on the battlefield, and Over My Dead Bodies "
                "makes it a Zombie, so the Lord's static ability applies to it (611.3a, 613.1; by the card's "
                "rulings, 100.7). The Corpse stays in the graveyard out of combat: it is only a card there."),
        Question(
            "A attacks N with Raging Goblin from the battlefield and Grizzly Bears from her graveyard. N has "
            "Giant Spider on the battlefield and Walking Corpse in his graveyard. Which declarations may N make?",
            blockers,
            [right("The Walking Corpse blocks the Bears", c.can_block("N", {"Walking Corpse": "Grizzly Bears"})),
             right("Giant Spider blocks the Goblin", c.can_block("N", {"Giant Spider": "Raging Goblin"})),
             wrong("Giant Spider blocks the Bears", c.can_block("N", {"Giant Spider": "Grizzly Bears"}),
                   "if the Bears had attacked from the battlefield", bears_from="battlefield"),
             wrong("The Walking Corpse blocks the Goblin", c.can_block("N", {"Walking Corpse": "Raging Goblin"}),
                   "if the Goblin had attacked from A's graveyard", goblin_from="graveyard")],
            rules=("100.7", "509.1b"), select_all=True, name="06.5",
            why="Creature cards in graveyards can block or be blocked only by creature cards in graveyards: a "
                "restriction on blocks (509.1b; by the card's rulings, 100.7). So each of N's creatures may block "
                "only the attacker from its own kind of zone."),
        Question(
            "A controls Practice Bell (the kit's practice card: Whenever a creature attacks or blocks, you gain "
            "1 life). Her Grizzly Bears attacks N from her graveyard; N blocks it with the Walking Corpse in his "
            "graveyard. What is A's life total after combat? (A started at 20.)",
            bell,
            [right("22", c.life("A", 22)),
             wrong("21", c.life("A", 21), "if N hadn't blocked", blocks=False),
             wrong("20", c.life("A", 20),
                   "if Over My Dead Bodies weren't on the battlefield (nothing could attack from a graveyard)",
                   omdb=False),
             wrong("24", c.life("A", 24), "if A controlled a second Practice Bell", bells=2),
             wrong("23", c.life("A", 23), "if A's Raging Goblin had also attacked from her graveyard", goblin=True)],
            rules=("100.7", "508.1m", "509.1i"), ordered=True, name="06.6",
            why="A graveyard card declared as an attacker attacks, and one declared as a blocker blocks, so "
                "\u201cwhenever a creature attacks or blocks\u201d sees both (508.1m, 509.1i; by the card's "
                "rulings, 100.7): two triggers, 2 life."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 6 quiz: Over My Dead Bodies", questions(), lesson="06-over-my-dead-bodies")
