"""Cards for the Graveyard Busybody lesson: the Busybody itself, and two real cards that touch
"your graveyard" in the two ways its rulings talk about.

* **Graveyard Busybody** (Unstable, silver-bordered, outside the Comprehensive Rules by 100.7):
  its first ability is :class:`AllGraveyardsAreYours` (below), read by
  ``rules/graveyards.py``; its power and toughness come from a characteristic-defining ability
  (604.3), applied in layer 7a (613.4a) in every zone (208.2a). The card's printed ``*/*`` is
  stored as 0/0, a value the ability always replaces.
* **Feldon's Cane** shuffles *one* graveyard into a library (GB-2, GB-3).
* **Lorehold Pledgemage** has a cost of exiling a card from your graveyard (GB-4).

``flavor_text`` matters for the Busybody's count only for cards in graveyards. The lessons put
only Grizzly Bears, Llanowar Elves, Walking Corpse, Raging Goblin (flavor text) and basic lands
(none) into graveyards. Feldon's Cane is exiled as it is used, and the flags given here for the
Busybody and the Pledgemage are the kit's best knowledge, not something a lesson relies on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.core.abilities import ActivatedAbility, Cost, Resolution, StaticAbility
from mtgrules.core.carddef import CardDef, card, register
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.wording import counted
from mtgrules.rules import hooks
from mtgrules.rules.graveyards import graveyard_holder, graveyards_of, shuffle_graveyard_into_library

BUSYBODY = "Graveyard Busybody"

BUSYBODY_TEXT = "All graveyards are also your graveyards."


def _no_layer_effects(state: GameState, source: GameObject) -> list[Effect]:
    return []


@dataclass(frozen=True)
class AllGraveyardsAreYours(StaticAbility):
    """The static ability "All graveyards are also your graveyards." It changes no
    characteristic, so it makes no layer effects; :func:`graveyards_of` reads it instead."""

    text: str = BUSYBODY_TEXT
    effects: Callable[[GameState, GameObject], list[Effect]] = _no_layer_effects


# ---------------------------------------------------------------- who has which graveyards
def sharers(state: GameState) -> list[GameObject]:
    """Permanents whose static ability shares every graveyard, oldest timestamp first."""
    def shares(obj: GameObject) -> bool:
        return any(isinstance(ab, AllGraveyardsAreYours) for ab in card(obj.card).abilities)
    return sorted((o for o in state.battlefield() if shares(o)), key=lambda o: o.timestamp)


def newest_busybody_controller(state: GameState) -> str | None:
    """The player who has every graveyard: the controller of the newest Busybody (GB-5), or None."""
    found = sharers(state)
    return found[-1].controller if found else None


def flavor_text_cards(state: GameState, player: str) -> dict[str, int]:
    """Cards with flavor text in each of ``player``'s graveyards, by pile owner."""
    return {owner: sum(1 for o in state.in_zone(Zone.GRAVEYARD, owner) if card(o.card).flavor_text)
            for owner in graveyards_of(state, player)}


def whose_text(state: GameState, player: str) -> str:
    """A learner's sentence about ``player``'s graveyards ("Alice has every graveyard: ...")."""
    owned = graveyards_of(state, player)
    holder = graveyard_holder(state)
    if not owned:
        return f"{player} has no graveyard now: {holder} controls the newest Graveyard Busybody and has them all"
    if holder == player:
        piles = ", ".join(f"{owner}'s" for owner in owned)
        return f"{player} has every graveyard ({piles}) through Graveyard Busybody"
    return f"{player} has one graveyard, their own"


# ---------------------------------------------------------------- explaining where a card lands
def _landing_note(d: Draft, obj: GameObject, zone: Zone, pile: str | None) -> str:
    """A clause for the sentence of a move into a graveyard while someone else has that pile."""
    if zone is not Zone.GRAVEYARD or pile is None:
        return ""
    state = d.view()
    holder = graveyard_holder(state)
    if holder is None or holder == pile:
        return ""
    if any(o.controller == pile for o in sharers(state)):
        return (f" — into {pile}'s own graveyard, the one {pile} used to have: {holder}'s Graveyard "
                f"Busybody entered more recently, so {holder} has all the graveyards")
    return (f" — into {pile}'s graveyard, its owner's, which is one of {holder}'s graveyards while "
            f"{holder} controls Graveyard Busybody")


hooks.MOVE_NOTES.append(_landing_note)
hooks.GRAVEYARD_HOLDERS.append(newest_busybody_controller)
BUSYBODY_PT = ("Graveyard Busybody's power and toughness are each equal to the number of cards with flavor "
               "text in your graveyards.")


def busybody_pt(state: GameState, source: GameObject) -> list[Effect]:
    """The characteristic-defining ability: count cards with flavor text in every graveyard the
    object's controller has (its owner's, off the battlefield: 109.5), pile by pile (GB-2)."""
    you = source.controller
    counts = flavor_text_cards(state, you)
    n = sum(counts.values())
    if counts:
        detail = ", ".join(f"{owner}'s graveyard {k}" for owner, k in counts.items())
        why = f"{counted(n, 'card')} with flavor text in {you}'s graveyards ({detail})"
    else:
        why = f"{you} has no graveyard, so 0 cards"
    return [Effect("7a", f"Graveyard Busybody's characteristic-defining ability: {why}", "613.4a",
                   source.oid, source.timestamp, affected=(source.ref,), set_pt=(n, n))]


CANE_TEXT = "{T}, Exile this artifact: Shuffle your graveyard into your library."


def _cane(res: Resolution, _item: StackItem) -> None:
    shuffle_graveyard_into_library(res.d, res.chooser, res.controller, "Feldon's Cane")


PLEDGEMAGE_TEXT = "{2}{R}{W}, Exile a card from your graveyard: This creature gets +1/+1 until end of turn."


def _pledgemage(res: Resolution, _item: StackItem) -> None:
    src = res.source()
    if src is not None and src.zone is Zone.BATTLEFIELD:
        res.pump(src, 1, 1, "613.4c", "Lorehold Pledgemage: +1/+1 until end of turn")


register(
    CardDef(BUSYBODY, "{4}{U}{U}", frozenset({"Creature"}), frozenset({"Human", "Spy"}), power=0, toughness=0,
            oracle=f"{AllGraveyardsAreYours.text}\n{BUSYBODY_PT}",
            abilities=(AllGraveyardsAreYours(),
                       StaticAbility(BUSYBODY_PT, busybody_pt, zones=frozenset(Zone))),
            source="Unstable (silver border)"),
    CardDef("Feldon's Cane", "{1}", frozenset({"Artifact"}), oracle=CANE_TEXT,
            abilities=(ActivatedAbility(Cost.of(tap=True, exile_self=True), CANE_TEXT, _cane),),
            flavor_text=True, source="Antiquities"),
    CardDef("Lorehold Pledgemage", "{1}{R}{W}", frozenset({"Creature"}), frozenset({"Spirit", "Cleric"}),
            power=2, toughness=2, oracle=f"Reach\n{PLEDGEMAGE_TEXT}", keywords=frozenset({Keyword.REACH}),
            abilities=(ActivatedAbility(Cost.of("{2}{R}{W}", exile_from_graveyard=1), PLEDGEMAGE_TEXT,
                                        _pledgemage),),
            source="Strixhaven: School of Mages"),
)
