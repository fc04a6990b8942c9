"""Scenarios for the Graveyard Busybody lesson (GB-1 to GB-5).

Graveyard Busybody is a silver-bordered Unstable card, outside the Comprehensive Rules (100.7):
its official rulings are the specification, and ``mtgrules/graveyards.py`` says how the kit
reads them. The short version: while Alice controls the (newest) Busybody, Alice has every
graveyard and no one else has one; the graveyard piles themselves stay where they are, one per
player, and cards keep going to their owners' piles.

Each function builds and plays one board and returns its :class:`~mtgrules.timeline.Timeline`;
the helpers below them describe a step for predict-then-reveal questions and give the other
actions for what-ifs.
"""

from __future__ import annotations

from ..actions import activate, cast, pass_priority
from ..graveyards import graveyards_of
from ..layers import characteristics
from ..objects import Zone
from ..scenario import Scenario
from ..timeline import Frame, Timeline

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


def _resolve(t: Timeline, **choices) -> Timeline:
    """Both players pass, so the top of the stack resolves; ``choices`` script its choices."""
    first, second = t.state.priority, next(p for p in t.state.player_names if p != t.state.priority)
    return t.do(pass_priority(first)).do(pass_priority(second, **choices))


# ---------------------------------------------------------------- the board
def board_state():
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
    return _resolve(t)


# ---------------------------------------------------------------- GB-2 and GB-3
def _cane_board(title: str, cane_owner: str = "Alice") -> tuple[Timeline, dict[str, int]]:
    s, ids = _base(title)
    ids["Feldon's Cane"] = s.add("Feldon's Cane", cane_owner)
    _libraries(s)
    return s.timeline(), ids


def shuffle_one_graveyard(pile: str = "Alice") -> Timeline:
    """GB-2: Alice's Busybody counts 3 cards with flavor text across her two graveyards. Feldon's
    Cane ("Shuffle your graveyard into your library") touches one of them: Alice picks ``pile``.
    With her own pile shuffled away, the Busybody counts only Bob's pile: 2/2."""
    t, ids = _cane_board(f"GB-2: Feldon's Cane shuffles {pile}'s graveyard")
    t.do(activate("Alice", ids["Feldon's Cane"]))
    return _resolve(t, graveyard=pile)


def shuffle_borrowed_graveyard() -> Timeline:
    """GB-3: Alice picks Bob's graveyard. Its cards go into Bob's library, their owner's, and not
    into Alice's; both libraries are shuffled (Alice's because the Cane says so, 701.24d)."""
    t = shuffle_one_graveyard("Bob")
    t.title = "GB-3: Feldon's Cane shuffles Bob's graveyard"
    return t


def other_graveyard(t: Timeline) -> list:
    """What-if actions for the Cane: the same two passes, choosing the other graveyard."""
    chosen = dict(t[-1].action.choices)["graveyard"]
    other = "Bob" if chosen == "Alice" else "Alice"
    return [pass_priority("Alice"), pass_priority("Bob", graveyard=other)]


def cane_without_graveyard() -> Timeline:
    """Bob uses his own Feldon's Cane while Alice has every graveyard: he has no graveyard, so
    nothing is shuffled in, and his library is still shuffled (701.24d)."""
    s, ids = _base("Bob's Feldon's Cane while Alice has every graveyard", active="Bob")
    cane = s.add("Feldon's Cane", "Bob")
    _libraries(s)
    t = s.timeline()
    t.do(activate("Bob", cane))
    return _resolve(t)


# ---------------------------------------------------------------- GB-4
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
        _resolve(t)
    return t


def exile_without_busybody() -> Timeline:
    """GB-4's contrast: the same board and activation with no Busybody, refused (118.3)."""
    return exile_from_any_graveyard(busybody=False)


def exile_instead(t: Timeline, name: str) -> list:
    """What-if actions for GB-4: exile the card called ``name`` instead, then let it resolve."""
    target = next(o.oid for o in t[0].state.objects if o.card == name and o.zone is Zone.GRAVEYARD)
    mage = next(o.oid for o in t[0].state.objects if o.card == "Lorehold Pledgemage")
    return [activate("Alice", mage, exile=target), pass_priority("Alice"), pass_priority("Bob")]


# ---------------------------------------------------------------- GB-5
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
    return _resolve(t)


# ---------------------------------------------------------------- describing a step
def _pt(state, oid: int) -> str:
    return characteristics(state, oid).pt()


def busybodies(state) -> str:
    """Each Busybody on the battlefield with its controller and P/T, or that there is none."""
    found = [f"{o.controller}'s Busybody is {_pt(state, o.oid)}" for o in state.battlefield() if o.card == BUSYBODY]
    return "; ".join(found) if found else "no Busybody is on the battlefield"


def where_cards_went(frame: Frame) -> str:
    """A step told by where cards moved (naming whose pile or library) and the Busybodies' size."""
    if frame.refused is not None:
        return f"Refused — CR {frame.refused.rule}"
    state = frame.state
    moves = []
    for e in frame.events:
        if e.kind == "zone change" and e.attribute == "zone" and isinstance(e.obj, int):
            obj = state.obj(e.obj)
            where = f"{obj.zone_player}'s {obj.zone.value}" if obj.zone_player else obj.zone.value
            moves.append(f"{e.name} → {where}")
    return "; ".join([*dict.fromkeys(moves), busybodies(state)])


def whose_graveyards(state) -> dict[str, list[str]]:
    """Each player's graveyards, named by their piles' owners (for a quick look in a lesson)."""
    return {p: graveyards_of(state, p) for p in state.player_names}


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
