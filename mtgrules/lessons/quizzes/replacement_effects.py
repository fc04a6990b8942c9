"""The quiz of lesson 11, replacement effects: "instead" against a trigger (614.1a, 614.6), the
order the affected player chooses (616.1, 616.1f), prevention ordered with a replacement (615.7),
"enters tapped" (614.1d), a self-replacement effect first (614.15) and "skip" (614.1b, 614.10).

Real cards from the kit's core sets, and two of the kit's practice cards (Practice Scorch, Practice
Stillness), named as such in the questions. Each board function plays the question's board with
no arguments; each keyword is one way a wrong option's board differs from it.
"""

from __future__ import annotations

from typing import Any

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast, pass_priority, play_land
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to

LEYLINE = "Leyline of the Void"
WEAPON = "Legacy Weapon"
FURNACE = "Furnace of Rath"
SHIELD = "prevention shield"


def _both_pass(t: Timeline, **answers: Any) -> Timeline:
    first = t.state.priority
    assert first is not None
    return t.do(pass_priority(first)).do(pass_priority("N" if first == "A" else "A", **answers))


def _resolve_all(t: Timeline) -> Timeline:
    while t.state.stack:
        _both_pass(t)
    return t


@played_once
def leyline_mummy(leyline: bool = True) -> Timeline:
    """A's Leyline of the Void; N's Tattered Mummy; A Shocks the Mummy; everything resolves."""
    s = Scenario("Quiz 11.1: Shock the Mummy under a Leyline", players=QUIZ_PLAYERS)
    if leyline:
        s.add(LEYLINE, "A")
    mummy = s.add("Tattered Mummy", "N")
    mountain = s.add("Mountain", "A")
    shock = s.add("Shock", "A", zone="hand")
    t = s.timeline()
    t.do(activate("A", mountain)).do(cast("A", shock, targets=(mummy,)))
    return _resolve_all(t)


@played_once
def naturalize_weapon(weapon_first: bool = False, target: str = WEAPON) -> Timeline:
    """A's Leyline of the Void; N's Legacy Weapon; A casts Naturalize at ``target``; N orders the two
    effects on the Weapon's move (the Leyline's first, or with ``weapon_first`` the Weapon's own)."""
    s = Scenario("Quiz 11.2: Naturalize the Legacy Weapon", players=QUIZ_PLAYERS)
    leyline = s.add(LEYLINE, "A")
    weapon = s.add(WEAPON, "N")
    forest = s.add("Forest", "A")
    plains = s.add("Plains", "A")
    naturalize = s.add("Naturalize", "A", zone="hand")
    t = s.timeline()
    t.do(activate("A", forest)).do(activate("A", plains))
    t.do(cast("A", naturalize, targets=(weapon if target == WEAPON else leyline,)))
    if target != WEAPON:  # only one effect, or none, applies: nothing is asked
        return _both_pass(t)
    return _both_pass(t, replacement_order=(WEAPON, LEYLINE) if weapon_first else (LEYLINE, WEAPON))


@played_once
def furnace_and_shield(furnace_first: bool = False, shield: bool = True, furnace: bool = True,
                       target: str = "N") -> Timeline:
    """A's Furnace of Rath; A Shocks ``target``; N's Samite Healer shields N in response (``shield``);
    N orders the shield and the Furnace (the shield first, or with ``furnace_first`` the Furnace)."""
    s = Scenario("Quiz 11.3: Shock under Furnace of Rath, against a shield", players=QUIZ_PLAYERS)
    if furnace:
        s.add(FURNACE, "A")
    mountain = s.add("Mountain", "A")
    shock = s.add("Shock", "A", zone="hand")
    healer = s.add("Samite Healer", "N")
    t = s.timeline()
    t.do(activate("A", mountain)).do(cast("A", shock, targets=("N" if target == "N" else healer,)))
    t.do(pass_priority("A"))
    if shield:
        t.do(activate("N", healer, targets=("N",)))
        _both_pass(t)  # the shield
    else:
        t.do(pass_priority("N"))
        return _resolve_all(t)
    if not (furnace and target == "N"):  # one effect on the damage, or none: nothing is asked
        return _resolve_all(t)
    return _both_pass(t, replacement_order=(FURNACE, SHIELD) if furnace_first else (SHIELD, FURNACE))


@played_once
def caves(played: bool = True, resolve: bool = True) -> Timeline:
    """A plays Bloodfell Caves (or, with ``played=False``, it starts on the battlefield); its
    trigger resolves (``resolve``)."""
    s = Scenario("Quiz 11.4: Bloodfell Caves", players=QUIZ_PLAYERS)
    cave = s.add("Bloodfell Caves", "A", zone="hand" if played else "battlefield")
    t = s.timeline()
    if played:
        t.do(play_land("A", cave))
    return _resolve_all(t) if resolve else t


@played_once
def scorch(zombie: bool = True, furnaces: int = 1) -> Timeline:
    """A's Furnace of Rath (``furnaces`` of them); N's Diregraf Ghoul, a Zombie (``zombie``); A casts
    Practice Scorch (the kit's practice card) at N."""
    s = Scenario("Quiz 11.5: Practice Scorch under Furnace of Rath", players=QUIZ_PLAYERS)
    for _ in range(furnaces):
        s.add(FURNACE, "A")
    mountain = s.add("Mountain", "A")
    spell = s.add("Practice Scorch", "A", zone="hand")
    if zombie:
        s.add("Diregraf Ghoul", "N")
    t = s.timeline()
    t.do(activate("A", mountain)).do(cast("A", spell, targets=("N",)))
    return _resolve_all(t)


@played_once
def stillness(stillness: bool = True) -> Timeline:
    """N's Practice Stillness (the kit's practice card); A's Mountain is tapped in N's end step; the
    game goes on to A's upkeep."""
    s = Scenario("Quiz 11.6: Practice Stillness", players=QUIZ_PLAYERS, active="N", step="end")
    if stillness:
        s.add("Practice Stillness", "N")
    s.add("Mountain", "A", tapped=True)
    return go_to(s.timeline(), Step.UPKEEP, "A")


def _said(words: str, kind: str = "damage replaced") -> c.Fact:
    return c.holds(f"an event says {words!r}", lambda t: any(e.kind == kind and words in e.text for f in t for e in f.events))


def _untap_step_happened(t: Timeline) -> bool:
    return any(e.kind == EventKind.STEP and "untap step of A's turn" in e.text for f in t for e in f.events)


def _untap_step_skipped(t: Timeline) -> bool:
    return any(e.kind == "step skipped" and e.rule == "614.10" for f in t for e in f.events)


def questions() -> list[Question]:
    return [
        Question(
            "A controls Leyline of the Void (\u201cIf a card would be put into an opponent's graveyard from anywhere, "
            "exile it instead\u201d). She casts Shock at N's Tattered Mummy (1/2; \u201cWhen Tattered Mummy dies, "
            "each opponent loses 2 life\u201d). Everything resolves. Which are true?",
            leyline_mummy,
            [right("Tattered Mummy is in exile", c.zone("Tattered Mummy", "exile")),
             right("A is at 20 life", c.life("A", 20)),
             wrong("Tattered Mummy is in N's graveyard", c.zone("Tattered Mummy", "graveyard"),
                   "if A controlled no Leyline of the Void", leyline=False),
             wrong("A is at 18 life", c.life("A", 18), "if A controlled no Leyline of the Void", leyline=False)],
            rules=("614.1a", "614.6", "700.4"), select_all=True, name="11.1",
            why="The Leyline replaces the move to the graveyard with a move to exile (614.1a). The replaced event "
                "never happens (614.6): the Mummy never dies (700.4), so its ability never triggers."),
        Question(
            "A controls Leyline of the Void. She casts Naturalize at N's Legacy Weapon (\u201cIf Legacy Weapon would "
            "be put into a graveyard from anywhere, reveal Legacy Weapon and shuffle it into its owner's library "
            "instead\u201d), and the player who chooses applies the Leyline's effect first. Which are true?",
            naturalize_weapon,
            [right("Legacy Weapon is in exile", c.zone(WEAPON, "exile")),
             right("Leyline of the Void is on the battlefield", c.zone(LEYLINE, "battlefield")),
             wrong("Legacy Weapon is in N's library", c.zone(WEAPON, "library"),
                   "if N had applied Legacy Weapon's own effect first", weapon_first=True),
             wrong("Legacy Weapon is on the battlefield", c.zone(WEAPON, "battlefield"),
                   "if A had cast Naturalize at her own Leyline of the Void", target=LEYLINE)],
            rules=("616.1", "616.1f"), select_all=True, name="11.2",
            why="N controls the affected object, so N chooses which effect applies first (616.1), although the "
                "Leyline is A's. Once the Weapon would go to exile it no longer would go to a graveyard, so its "
                "own effect has nothing left to replace (616.1f)."),
        Question(
            "A controls Furnace of Rath (\u201cIf a source would deal damage to a permanent or player, it deals "
            "double that damage to that permanent or player instead\u201d) and casts Shock (2 damage) at N. In "
            "response N's Samite Healer puts a shield on N (\u201cPrevent the next 1 damage that would be dealt to "
            "any target this turn\u201d). N applies the shield first. What is N's life total after Shock resolves?",
            furnace_and_shield,
            [right("18", c.life("N", 18)),
             wrong("17", c.life("N", 17), "if N had applied Furnace of Rath first", furnace_first=True),
             wrong("16", c.life("N", 16), "if N hadn't activated Samite Healer", shield=False),
             wrong("19", c.life("N", 19), "if A controlled no Furnace of Rath", furnace=False),
             wrong("20", c.life("N", 20), "if A had cast Shock at the Samite Healer instead", target="Samite Healer")],
            rules=("616.1", "615.7"), name="11.3",
            why="N is the affected player and chooses the order (616.1): the shield prevents 1 of the 2 damage "
                "(615.7), and Furnace of Rath doubles the 1 left. Doubled first, 4 damage less 1 would be 3."),
        Question(
            "A plays Bloodfell Caves (\u201cBloodfell Caves enters the battlefield tapped. When Bloodfell Caves "
            "enters the battlefield, you gain 1 life. {T}: Add {B} or {R}.\u201d), and both players pass priority "
            "once. Which are true?",
            caves,
            [right("Bloodfell Caves is tapped", c.tapped("Bloodfell Caves")),
             right("A is at 21 life", c.life("A", 21)),
             wrong("A is at 20 life", c.life("A", 20),
                   "if the players hadn't yet passed (the trigger still on the stack)", resolve=False),
             wrong("Bloodfell Caves is untapped", c.tapped("Bloodfell Caves", is_tapped=False),
                   "if Bloodfell Caves had been on the battlefield from the start, not played", played=False),
             wrong("A can tap Bloodfell Caves for mana", c.can_activate("A", "Bloodfell Caves"),
                   "if Bloodfell Caves had been on the battlefield from the start, not played", played=False)],
            rules=("614.1d", "603.2", "107.5"), select_all=True, name="11.4",
            why="\u201cEnters the battlefield tapped\u201d is a replacement effect (614.1d): the land enters tapped, "
                "with no moment to tap it, and a tapped land can't pay {T} (107.5). The life gain is a trigger "
                "(603.2): it goes on the stack and resolves when both pass."),
        Question(
            "A controls Furnace of Rath and casts Practice Scorch (the kit's practice card: \u201cPractice Scorch "
            "deals 2 damage to target player. If that player controls a Zombie, Practice Scorch deals 4 damage to "
            "that player instead.\u201d) at N, who controls Diregraf Ghoul (a Zombie). Which are true?",
            scorch,
            [right("N is at 12 life", c.life("N", 12)),
             right("Practice Scorch's own replacement applied before Furnace of Rath's",
                   _said("Practice Scorch then Furnace of Rath")),
             wrong("N is at 16 life", c.life("N", 16), "if N controlled no Zombie", zombie=False),
             wrong("N is at 4 life", c.life("N", 4), "if A controlled two Furnaces of Rath", furnaces=2)],
            rules=("614.15", "616.1a"), select_all=True, name="11.5",
            why="\u201cDeals 4 damage instead\u201d replaces part of the spell's own effect, a self-replacement "
                "effect (614.15): it must be applied first (616.1a), so N isn't asked. 2 becomes 4, then Furnace "
                "of Rath doubles it to 8."),
        Question(
            "N controls Practice Stillness (the kit's practice card: \u201cPlayers skip their untap steps.\u201d). "
            "In N's end step A's Mountain is tapped. A's turn begins, and the game reaches her upkeep. Which are "
            "true?",
            stillness,
            [right("A's Mountain is tapped", c.tapped("Mountain", "A")),
             right("A's untap step was skipped", c.holds("A's untap step was skipped", _untap_step_skipped)),
             wrong("A's Mountain is untapped", c.tapped("Mountain", "A", is_tapped=False),
                   "if N controlled no Practice Stillness", stillness=False),
             wrong("A's untap step began",
                   c.holds("A's untap step began", _untap_step_happened),
                   "if N controlled no Practice Stillness", stillness=False)],
            rules=("614.1b", "614.10"), select_all=True, name="11.6",
            why="\u201cSkip\u201d is a replacement effect (614.1b): the untap step is replaced with nothing (614.10), "
                "so it never begins and nothing untaps; the turn goes on with the upkeep."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 11 quiz: replacement effects", questions(), lesson="11-replacement-effects")
