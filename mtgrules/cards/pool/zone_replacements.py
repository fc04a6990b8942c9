"""Cards whose static ability replaces where a card goes (614.1a, "... instead"), played through
``hooks.MOVE_REPLACEMENTS`` and ``rules.replacement``. Together they are the CR's own example of
616.1f: a card that would be put into a graveyard, two effects that would send it elsewhere, its
controller picks one, and the other then has nothing to replace.

* **Leyline of the Void**: "If a card would be put into an opponent's graveyard from anywhere,
  exile it instead." (A token isn't a card, 111.1.) Its opening-hand ability isn't played: the
  kit's games begin from a board.
* **Legacy Weapon**: "If Legacy Weapon would be put into a graveyard from anywhere, reveal Legacy
  Weapon and shuffle it into its owner's library instead."
"""

from __future__ import annotations

from mtgrules.core.carddef import played_by_rule
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft
from mtgrules.rules import hooks
from mtgrules.rules.replacement import Replacement, ZoneMove

LEYLINE = "Leyline of the Void"
WEAPON = "Legacy Weapon"


def _to_graveyard(move: ZoneMove) -> bool:
    return move.to is Zone.GRAVEYARD


def _exiled(move: ZoneMove) -> ZoneMove:
    return ZoneMove(move.oid, Zone.EXILE, why=f"{LEYLINE} exiles it instead (614.1a)")


def _shuffled(move: ZoneMove) -> ZoneMove:
    return ZoneMove(move.oid, Zone.LIBRARY, shuffle=True,
                    why=f"{WEAPON} is revealed and shuffled into its owner's library instead (614.1a)")


def _instead(d: Draft, move: ZoneMove) -> list[Replacement[ZoneMove]]:
    """The replacements on this move: read off the draft's objects, as every move asks."""
    if move.to is not Zone.GRAVEYARD:
        return []
    obj = d.obj(move.oid)
    if obj.is_token:  # a token isn't a card (111.1), and Legacy Weapon is a card
        return []
    found: list[Replacement[ZoneMove]] = []
    if obj.card == WEAPON:
        found.append(Replacement(WEAPON, _shuffled, applies=_to_graveyard, rule="614.1a", key=("weapon", obj.oid)))
    leylines = [o for o in d.objects.values() if o.card == LEYLINE and o.zone is Zone.BATTLEFIELD]
    if leylines:
        opponents = set(d.view().opponents(obj.owner))
        found.extend(Replacement(LEYLINE, _exiled, applies=_to_graveyard, rule="614.1a", key=("leyline", o.oid))
                     for o in leylines if o.controller in opponents)
    return found


hooks.MOVE_REPLACEMENTS.append(_instead)
played_by_rule(LEYLINE, "If a card would be put into an opponent's graveyard from anywhere, exile it instead.",
               "a replacement effect on zone changes (cards/pool/zone_replacements.py)")
played_by_rule(WEAPON, "If Legacy Weapon would be put into a graveyard from anywhere, reveal Legacy Weapon and "
               "shuffle it into its owner's library instead.",
               "a replacement effect on zone changes (cards/pool/zone_replacements.py)")
