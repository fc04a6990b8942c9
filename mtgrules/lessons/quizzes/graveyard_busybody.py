"""The quiz of lesson 07, Graveyard Busybody: whose graveyard a card goes to, counting "your
graveyards", an effect or a cost on "your graveyard", two Busybodies, and a characteristic-defining
ability in every zone.

Graveyard Busybody is an Unstable card, outside the Comprehensive Rules (100.7): its official
rulings are the specification, and each question cites the rules the kit plays it by, as the
lesson does. Its text: "All graveyards are also your graveyards. Graveyard Busybody's power and
toughness are each equal to the number of cards with flavor text in your graveyards."

The boards are A's turn 3, precombat main phase. Unless a question says otherwise A controls a
Busybody; A's graveyard holds Grizzly Bears (with flavor text) and a Forest (without); N's holds
Llanowar Elves and Raging Goblin (both with flavor text) and an Island. Each board function plays
the question's board with no arguments; each keyword is one way a wrong option's board differs.
"""

from __future__ import annotations

from collections.abc import Sequence

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.layers import characteristics

BUSYBODY = "Graveyard Busybody"
A_PILE = ("Grizzly Bears", "Forest")
N_PILE = ("Llanowar Elves", "Raging Goblin", "Island")


def _board(title: str, *, busybody: str | None = "A", a_pile: Sequence[str] = A_PILE,
           n_pile: Sequence[str] = N_PILE) -> tuple[Scenario, dict[str, int]]:
    s = Scenario(title, players=QUIZ_PLAYERS, turn=3, step="main1")
    ids: dict[str, int] = {}
    if busybody:
        ids[BUSYBODY] = s.add(BUSYBODY, busybody)
    for owner, pile in (("A", a_pile), ("N", n_pile)):
        for name in pile:
            ids[name] = s.add(name, owner, zone="graveyard")
    return s, ids


def _libraries(s: Scenario) -> None:
    for owner, land in (("A", "Swamp"), ("N", "Mountain")):
        for _ in range(3):
            s.add(land, owner, zone="library")


def _busybody(state: GameState, controller: str) -> int | None:
    found = [o.oid for o in state.battlefield(controller) if o.card == BUSYBODY]
    return found[0] if len(found) == 1 else None


def busybody_is(pt: str, controller: str = "A") -> c.Fact:
    """The Busybody ``controller`` controls on the battlefield has P/T ``pt``."""
    def test(t: Timeline) -> bool:
        oid = _busybody(t.state, controller)
        return oid is not None and characteristics(t.state, oid).pt() == pt
    return c.holds(f"{controller}'s Busybody is {pt}", test)


def in_pile(card: str, pile: str, zone: str = "graveyard") -> c.Fact:
    """A card named ``card`` is in ``pile``'s graveyard (or library, with ``zone``)."""
    return c.holds(f"{card} is in {pile}'s {zone}", lambda t: any(
        o.card == card and o.zone is Zone(zone) and o.zone_player == pile for o in t.state.objects))


@played_once
def murdered(victim: str = "Walking Corpse", stolen: bool = False, serra: bool = False,
             n_busybody: bool = False) -> Timeline:
    """A casts Murder on a creature N controls; it resolves."""
    s, _ids = _board("Quiz 07.1: a creature dies", n_pile=(*N_PILE, "Serra Angel") if serra else N_PILE)
    if n_busybody:
        s.add(BUSYBODY, "N")  # N's entered after A's
    target = s.add(victim, "N", owner="A" if stolen else "N")
    spell = s.add("Murder", "A", zone="hand")
    s.mana("A", "BBB")
    t = s.timeline()
    t.do(cast("A", spell, targets=(target,)))
    return resolve_top(t)


@played_once
def cane(pile: str = "A") -> Timeline:
    """A activates Feldon's Cane ({T}, Exile this artifact: Shuffle your graveyard into your
    library) and, having both graveyards, chooses ``pile``'s."""
    s, _ids = _board("Quiz 07.2: Feldon's Cane")
    tool = s.add("Feldon's Cane", "A")
    _libraries(s)
    t = s.timeline()
    t.do(activate("A", tool))
    return resolve_top(t, graveyard=pile)


@played_once
def pledgemage(busybody: bool = True, exile: str = "Island") -> Timeline:
    """A's own graveyard is empty; she activates Lorehold Pledgemage ({2}{R}{W}, Exile a card from
    your graveyard: This creature gets +1/+1 until end of turn), exiling a card from N's pile."""
    s, ids = _board("Quiz 07.3: a cost from a borrowed graveyard", busybody="A" if busybody else None, a_pile=())
    mage = s.add("Lorehold Pledgemage", "A")
    s.mana("A", "RWRW")
    t = s.timeline()
    if t.attempt(activate("A", mage, exile=ids[exile])) is None:
        resolve_top(t)
    return t


@played_once
def two_busybodies(cast_it: bool = True, serra: bool = False) -> Timeline:
    """N's Busybody is on the battlefield; A casts her own and it resolves."""
    s, _ids = _board("Quiz 07.4: two Busybodies", busybody="N", n_pile=(*N_PILE, "Serra Angel") if serra else N_PILE)
    second = s.add(BUSYBODY, "A", zone="hand")
    s.mana("A", "UUUUUU")
    t = s.timeline()
    if cast_it:
        t.do(cast("A", second))
        resolve_top(t)
    return t


@played_once
def in_hand(battlefield: str = "") -> Timeline:
    """A Graveyard Busybody card is in A's hand; ``battlefield`` names who controls another
    Busybody on the battlefield (no one by default). Nothing is played."""
    s, _ids = _board("Quiz 07.5: a Busybody in the hand", busybody=battlefield or None)
    s.add(BUSYBODY, "A", zone="hand")
    return s.timeline()


def _card_in_hand_is(pt: str) -> c.Fact:
    def test(t: Timeline) -> bool:
        held = [o.oid for o in t.state.in_zone(Zone.HAND, "A") if o.card == BUSYBODY]
        return len(held) == 1 and characteristics(t.state, held[0]).pt() == pt
    return c.holds(f"the Busybody in A's hand is {pt}", test)


def questions() -> list[Question]:
    return [
        Question(
            "A controls Graveyard Busybody (3/3). N controls Walking Corpse (a card with flavor text). A casts "
            "Murder (no flavor text) on the Corpse and it resolves. What happens?",
            murdered,
            [right("The Corpse goes to N's graveyard and A's Busybody is 4/4",
                   in_pile("Walking Corpse", "N") & busybody_is("4/4")),
             wrong("The Corpse goes to A's graveyard and A's Busybody is 4/4",
                   in_pile("Walking Corpse", "A") & busybody_is("4/4"),
                   "if the Corpse were A's card that N controls", stolen=True),
             wrong("A's Busybody stays 3/3", busybody_is("3/3"),
                   "if N's creature were Wall of Wood (no flavor text)", victim="Wall of Wood"),
             wrong("A's Busybody is 5/5", busybody_is("5/5"), "if N's graveyard also held Serra Angel", serra=True),
             wrong("A's Busybody is put into A's graveyard as a 0/0", in_pile(BUSYBODY, "A"),
                   "if N also controlled a Busybody that entered after A's", n_busybody=True)],
            rules=("100.7", "404.1", "400.3"), name="07.1",
            why="A card goes to its owner's graveyard pile (400.3, 404.1), whoever has that graveyard: the Corpse "
                "is N's, so it goes to N's pile. That pile is one of A's graveyards, so the Busybody counts it: "
                "four cards with flavor text (by the card's rulings, 100.7)."),
        Question(
            "A controls Graveyard Busybody (3/3) and activates Feldon's Cane (Shuffle your graveyard into your "
            "library). Having both graveyards, she chooses her own pile (Grizzly Bears and a Forest). Which are "
            "true once the ability has resolved?",
            cane,
            [right("A's Busybody is 2/2", busybody_is("2/2")),
             right("The Grizzly Bears is in A's library", in_pile("Grizzly Bears", "A", "library")),
             wrong("A's Busybody is 1/1", busybody_is("1/1"), "if A had chosen N's graveyard", pile="N"),
             wrong("The Llanowar Elves is in N's library", in_pile("Llanowar Elves", "N", "library"),
                   "if A had chosen N's graveyard", pile="N")],
            rules=("100.7", "400.3"), select_all=True, name="07.2",
            why="\u201cYour graveyard\u201d is one of the graveyards A has, her choice; its cards go into their "
                "owner's library (400.3), here A's. The Busybody then counts N's pile only: two cards with flavor "
                "text (by the card's rulings, 100.7)."),
        Question(
            "A controls Graveyard Busybody; her own graveyard is empty, and N's holds Llanowar Elves, Raging "
            "Goblin and an Island. A activates Lorehold Pledgemage ({2}{R}{W}, Exile a card from your graveyard: "
            "+1/+1 until end of turn), exiling N's Island, and the ability resolves. Which are true?",
            pledgemage,
            [right("The cost is paid: N's Island is exiled", c.played() & c.zone("Island", "exile")),
             right("A's Busybody is 2/2", busybody_is("2/2")),
             wrong("The activation is refused: A can't exile a card from her graveyard", c.refused("118.3"),
                   "if A didn't control a Busybody", busybody=False),
             wrong("A's Busybody is 1/1", busybody_is("1/1"), "if A had exiled the Raging Goblin instead",
                   exile="Raging Goblin")],
            rules=("100.7", "118.3"), select_all=True, name="07.3",
            why="N's pile is one of A's graveyards, so a card from it pays \u201cexile a card from your "
                "graveyard\u201d (by the card's rulings, 100.7). Without a Busybody A has only her own, empty "
                "graveyard, and a cost that can't be paid can't be paid at all (118.3)."),
        Question(
            "N controls Graveyard Busybody. A casts her own Graveyard Busybody and it resolves. Which are true?",
            two_busybodies,
            [right("N's Busybody is put into N's graveyard", in_pile(BUSYBODY, "N")),
             right("A's Busybody is 3/3", busybody_is("3/3")),
             wrong("A's Busybody is 4/4", busybody_is("4/4"), "if N's graveyard also held Serra Angel", serra=True),
             wrong("N's Busybody is still on the battlefield", c.holds("N's Busybody is on the battlefield",
                   lambda t: _busybody(t.state, "N") is not None), "if A hadn't cast hers", cast_it=False)],
            rules=("100.7", "704.5f"), select_all=True, name="07.4",
            why="By the card's rulings (100.7) the Busybody that entered last wins: A has every graveyard and N "
                "has none, so N's Busybody counts no cards, is 0/0, and is put into its owner's graveyard "
                "(704.5f). A's counts three cards with flavor text."),
        Question(
            "A has a Graveyard Busybody card in her hand, and no Busybody is on the battlefield. Which are true?",
            in_hand,
            [right("The card in A's hand is 1/1", _card_in_hand_is("1/1")),
             right("N's graveyard doesn't count for it", ~_card_in_hand_is("3/3")),
             wrong("The card in A's hand is 3/3", _card_in_hand_is("3/3"),
                   "if A controlled another Busybody on the battlefield", battlefield="A"),
             wrong("The card in A's hand is 0/0", _card_in_hand_is("0/0"),
                   "if N controlled a Busybody on the battlefield (A would have no graveyard)", battlefield="N")],
            rules=("604.3", "613.4a", "100.7"), select_all=True, name="07.5",
            why="The Busybody's power and toughness come from a characteristic-defining ability, which works in "
                "every zone (604.3; layer 7a, 613.4a). In A's hand it counts her graveyards: only her own, with "
                "the Grizzly Bears."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 7 quiz: Graveyard Busybody", questions(), lesson="07-graveyard-busybody")
