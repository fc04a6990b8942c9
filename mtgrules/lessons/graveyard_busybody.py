"""Scenarios for the Graveyard Busybody lesson (GB-1 to GB-5).

Graveyard Busybody is a silver-bordered Unstable card, outside the Comprehensive Rules (100.7):
its official rulings are the specification, and ``mtgrules/rules/graveyards.py`` says how the kit
reads them. The short version: while Alice controls the (newest) Busybody, Alice has every
graveyard and no one else has one; the graveyard piles themselves stay where they are, one per
player, and cards keep going to their owners' piles.

Each function builds and plays one board and returns its :class:`~mtgrules.play.timeline.Timeline`;
the helpers below them describe a step for predict-then-reveal questions and give the other
actions for what-ifs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority, scripted_choices
from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED, resolve_top
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

BUSYBODY = "Graveyard Busybody"


def _piles(s: Scenario, alice: list[str], bob: list[str]) -> dict[str, int]:
    """Cards already in each player's graveyard, by name (the last of a name wins)."""
    ids = {}
    for owner, names in (("Alice", alice), ("Bob", bob)):
        for name in names:
            ids[name] = s.add(name, owner, zone="graveyard")
    return ids


def _libraries(s: Scenario, n: int = 3) -> None:
    for owner, land in (("Alice", "Swamp"), ("Bob", "Mountain")):
        for _ in range(n):
            s.add(land, owner, zone="library")


# ---------------------------------------------------------------- the board
def board_state() -> GameState:
    """The lesson's board: Alice's Busybody, a card with flavor text and a basic land in her
    graveyard, two cards with flavor text and a basic land in Bob's."""
    return _base("The Busybody's board")[0].state()


def _base(title: str, *, busybody: bool = True, alice: list[str] | None = None,
          bob: list[str] | None = None, active: str = "Alice") -> tuple[Scenario, dict[str, int]]:
    s = Scenario(title, turn=3, active=active, step="main1")
    ids = {}
    if busybody:
        ids[BUSYBODY] = s.add(BUSYBODY, "Alice")
    ids.update(_piles(s, ["Grizzly Bears", "Forest"] if alice is None else alice,
                      ["Llanowar Elves", "Raging Goblin", "Island"] if bob is None else bob))
    return s, ids


# ---------------------------------------------------------------- GB-1
@played_once
def opponent_creature_dies(stolen: bool = False) -> Timeline:
    """GB-1: Alice murders Bob's Walking Corpse. It goes to Bob's graveyard, its owner's pile,
    and since that pile is one of Alice's graveyards her Busybody grows from 3/3 to 4/4.

    ``stolen``: the Corpse is Alice's card that Bob controls, so it goes to *Alice's* pile:
    ownership decides, not control, and not who has the graveyards."""
    title = "GB-1: a stolen creature dies" if stolen else "GB-1: an opponent's creature dies"
    s, ids = _base(title)
    corpse = s.add("Walking Corpse", "Bob", owner="Alice" if stolen else "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline()
    t.do(cast("Alice", murder, targets=(corpse,)))
    return resolve_top(t)


# ---------------------------------------------------------------- GB-2 and GB-3
def _cane_board(title: str, cane_owner: str = "Alice") -> tuple[Timeline, dict[str, int]]:
    s, ids = _base(title)
    ids["Feldon's Cane"] = s.add("Feldon's Cane", cane_owner)
    _libraries(s)
    return s.timeline(), ids


@played_once
def shuffle_one_graveyard(pile: str = "Alice") -> Timeline:
    """GB-2: Alice's Busybody counts 3 cards with flavor text across her two graveyards. Feldon's
    Cane ("Shuffle your graveyard into your library") touches one of them: Alice picks ``pile``.
    With her own pile shuffled away, the Busybody counts only Bob's pile: 2/2."""
    t, ids = _cane_board(f"GB-2: Feldon's Cane shuffles {pile}'s graveyard")
    t.do(activate("Alice", ids["Feldon's Cane"]))
    return resolve_top(t, graveyard=pile)


@played_once
def shuffle_borrowed_graveyard() -> Timeline:
    """GB-3: Alice picks Bob's graveyard. Its cards go into Bob's library, their owner's, and not
    into Alice's; both libraries are shuffled (Alice's because the Cane says so, 701.24d)."""
    t = shuffle_one_graveyard("Bob")
    t.title = "GB-3: Feldon's Cane shuffles Bob's graveyard"
    return t


def other_graveyard(t: Timeline) -> list[Action]:
    """What-if actions for the Cane: the same two passes, choosing the other graveyard."""
    action = t[-1].action
    assert action is not None, "the timeline ends on the pass that resolved the Cane"
    chosen = scripted_choices(action)["graveyard"]
    other = "Bob" if chosen == "Alice" else "Alice"
    return [pass_priority("Alice"), pass_priority("Bob", graveyard=other)]


@played_once
def cane_without_graveyard() -> Timeline:
    """Bob uses his own Feldon's Cane while Alice has every graveyard: he has no graveyard, so
    nothing is shuffled in, and his library is still shuffled (701.24d)."""
    s, ids = _base("Bob's Feldon's Cane while Alice has every graveyard", active="Bob")
    cane = s.add("Feldon's Cane", "Bob")
    _libraries(s)
    t = s.timeline()
    t.do(activate("Bob", cane))
    return resolve_top(t)


# ---------------------------------------------------------------- GB-4
@played_once
def exile_from_any_graveyard(busybody: bool = True, exile: str = "Island") -> Timeline:
    """GB-4: Alice's own graveyard is empty, but Lorehold Pledgemage's cost ("Exile a card from
    your graveyard") can take a card from Bob's pile, which is one of her graveyards. She exiles
    ``exile`` from it. Without a Busybody the same activation is refused (118.3)."""
    title = "GB-4: exiling from a borrowed graveyard" if busybody else "GB-4 without the Busybody"
    s, ids = _base(title, busybody=busybody, alice=[])
    mage = s.add("Lorehold Pledgemage", "Alice")
    s.mana("Alice", "RWRW")
    t = s.timeline()
    if t.attempt(activate("Alice", mage, exile=ids[exile])) is None:
        resolve_top(t)
    return t


@played_once
def exile_without_busybody() -> Timeline:
    """GB-4's contrast: the same board and activation with no Busybody, refused (118.3)."""
    return exile_from_any_graveyard(busybody=False)


def exile_instead(t: Timeline, name: str) -> list[Action]:
    """What-if actions for GB-4: exile the card called ``name`` instead, then let it resolve."""
    target = next(o.oid for o in t[0].state.objects if o.card == name and o.zone is Zone.GRAVEYARD)
    mage = next(o.oid for o in t[0].state.objects if o.card == "Lorehold Pledgemage")
    return [activate("Alice", mage, exile=target), pass_priority("Alice"), pass_priority("Bob")]


# ---------------------------------------------------------------- GB-5
@played_once
def two_busybodies(newest: str = "Bob") -> Timeline:
    """GB-5: one Busybody is on the battlefield and the other player casts a second one. The one
    that entered most recently wins: its controller has every graveyard; the older one's
    controller has none, so that Busybody is 0/0 and goes, as a state-based action (704.5f), to
    its owner's own pile, "the graveyard that player used to have".

    ``newest`` names who casts the second Busybody (and so wins)."""
    older = "Alice" if newest == "Bob" else "Bob"
    s = Scenario(f"GB-5: {newest}'s Busybody enters last", turn=3, active=newest, step="main1")
    s.add(BUSYBODY, older)
    _piles(s, ["Grizzly Bears", "Forest"], ["Llanowar Elves", "Raging Goblin", "Island"])
    second = s.add(BUSYBODY, newest, zone="hand")
    s.mana(newest, "UUUUUU")
    t = s.timeline()
    t.do(cast(newest, second))
    return resolve_top(t)


# ---------------------------------------------------------------- describing a step
def _pt(state: GameState, oid: int) -> str:
    return characteristics(state, oid).pt()


def busybodies(state: GameState) -> str:
    """Each Busybody on the battlefield with its controller and P/T, or that there is none."""
    found = [f"{o.controller}'s Busybody is {_pt(state, o.oid)}" for o in state.battlefield() if o.card == BUSYBODY]
    return "; ".join(found) if found else "no Busybody is on the battlefield"


def where_cards_went(frame: Frame) -> str:
    """A step told by where cards moved (naming whose pile or library) and the Busybodies' size."""
    if frame.refused is not None:
        return REFUSED
    state = frame.state
    moves = []
    for e in frame.events:
        if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone" and isinstance(e.obj, int):
            obj = state.obj(e.obj)
            where = f"{obj.zone_player}'s {obj.zone.value}" if obj.zone_player else obj.zone.value
            moves.append(f"{e.name} → {where}")
    return "; ".join([*dict.fromkeys(moves), busybodies(state)])


def creature_went(frame: Frame) -> str:
    """Where the creatures that moved in a step went (naming whose pile), and the Busybody's size."""
    state = frame.state
    moves = []
    for e in frame.events:
        if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone" and isinstance(e.obj, int):
            obj = state.obj(e.obj)
            if characteristics(state, e.obj).is_creature and obj.zone is Zone.GRAVEYARD:
                moves.append(f"{e.name} goes to {obj.zone_player}'s graveyard")
    return "; ".join([*dict.fromkeys(moves), busybodies(state)])


def shuffled_into(frame: Frame) -> str:
    """Whose library the cards shuffled out of a graveyard went into."""
    libraries = [f"{frame.state.obj(e.oid).zone_player}'s" for e in frame.events
                 if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone" and e.after == "library"]
    if not libraries:
        return "No card goes into a library"
    return f"The cards go into {' and '.join(dict.fromkeys(libraries))} library"


def pledgemage_cost(frame: Frame) -> str:
    """Whether Alice could pay the Pledgemage's exile cost, and from whose pile."""
    if frame.refused is not None:
        return "The engine refuses it: she can't pay the cost"
    exiled = [e for e in frame.events if e.kind == EventKind.ZONE_CHANGE and e.after == "exile"]
    if not exiled:
        return "She activates it without exiling anything"
    owner = frame.state.obj(exiled[0].oid).owner
    return f"She pays by exiling a card from {owner}'s graveyard, and the ability goes on the stack"


def duel_outcome(frame: Frame) -> str:
    """Which Busybody survives a step and which one dies, and where it goes."""
    state = frame.state
    died = [state.obj(e.oid) for e in frame.events if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone"
            and e.name == BUSYBODY and e.after == "graveyard"]
    if not died:
        return busybodies(state)
    loser = died[0]
    return (f"{loser.owner}'s Busybody dies and goes to {loser.zone_player}'s graveyard; "
            + busybodies(state))


def whose_graveyards(state: GameState) -> dict[str, list[str]]:
    """Each player's graveyards, named by their piles' owners (for a quick look in a lesson)."""
    return {p: graveyards_of(state, p) for p in state.player_names}


# ---------------------------------------------------------------- questions for the lesson
# Each wrong option is what the engine does on another board, chosen so that its outcome is what a
# learner with a likely misconception would predict; the rule that decides the question is shown
# on Reveal. The card is
# outside the Comprehensive Rules (100.7): the rules named are the ones the kit plays by.
def question_dies() -> Predict:
    """GB-1: Alice murders Bob's Walking Corpse; the wrong option is the board where the Corpse is
    Alice's own card (as if having every graveyard meant every card went to hers)."""
    from mtgrules.widgets import Predict
    t = opponent_creature_dies()
    return Predict(t, t.find("resolves", name="Murder"), "Alice controls Graveyard Busybody (3/3). Her Murder destroys "
                   "Bob's Walking Corpse, a card with flavor text. Where does the Corpse go, and how big is "
                   "the Busybody then?", alternatives=[opponent_creature_dies(stolen=True)],
                   describe=creature_went, auto=False, rules=("404.1",))


def question_cane() -> Predict:
    """GB-3: Alice's Feldon's Cane shuffles Bob's graveyard; the wrong option is where cards go when
    she picks her own ("into your library")."""
    from mtgrules.widgets import Predict
    t = shuffle_borrowed_graveyard()
    return Predict(t, t.find("shuffle"), "Feldon's Cane says \"Shuffle your graveyard into your "
                   "library.\" Alice has both graveyards and picks Bob's. Where do its cards go?",
                   alternatives=[shuffle_one_graveyard("Alice")], describe=shuffled_into, auto=False,
                   rules=("400.3",))


def question_exile() -> Predict:
    """GB-4: Alice's own graveyard is empty and she pays "Exile a card from your graveyard"; the
    wrong option is the same activation with no Busybody."""
    from mtgrules.widgets import Predict
    return Predict(exile_from_any_graveyard(), 1, "Alice controls Graveyard Busybody. Her own graveyard is "
                   "empty; Bob's holds three cards. She activates Lorehold Pledgemage (\"{2}{R}{W}, Exile a "
                   "card from your graveyard: ...\"). What happens?",
                   alternatives=[exile_without_busybody()], describe=pledgemage_cost, auto=False,
                   rules=("118.3",))


def question_duel() -> Predict:
    """GB-5: Bob's Busybody enters while Alice's is on the battlefield; the wrong option is the duel
    the other way round, where Alice's enters last (as if the first one won)."""
    from mtgrules.widgets import Predict
    t = two_busybodies()
    return Predict(t, t.find("zone change", name="Graveyard Busybody", last=True), "Alice's Graveyard Busybody is on the battlefield. Bob casts his own "
                   "and it resolves. What happens?", alternatives=[two_busybodies("Alice")],
                   describe=duel_outcome, auto=False, rules=("704.5f",))


SCENARIOS = {
    "GB-1": opponent_creature_dies,
    "GB-1 stolen": lambda: opponent_creature_dies(stolen=True),
    "GB-2": shuffle_one_graveyard,
    "GB-3": shuffle_borrowed_graveyard,
    "GB-3 no graveyard": cane_without_graveyard,
    "GB-4": exile_from_any_graveyard,
    "GB-4 refused": exile_without_busybody,
    "GB-5": two_busybodies,
}
