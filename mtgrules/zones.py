"""Moving objects between zones. A moved card becomes a new object (400.7): its zone-change
count goes up, and it loses tapped status, damage, counters and choices."""

from __future__ import annotations

from .objects import PLAYER_ZONES, GameObject, Zone
from .state import Draft


def move(d: Draft, oid: int, zone: Zone, rule: str, text: str = "", *, zone_player: str | None = None,
         controller: str | None = None, **extra: object) -> GameObject:
    """Move ``oid`` to ``zone`` as a new object; ``extra`` sets status it enters with.

    Player zones default to the owner's (a card goes to its owner's graveyard, 404.2 / 400.3).
    """
    old = d.obj(oid)
    if zone in PLAYER_ZONES and zone_player is None:
        zone_player = old.owner
    if zone not in PLAYER_ZONES:
        zone_player = None
    fields = dict(zone=zone, zone_player=zone_player, zcc=old.zcc + 1, seq=d.next_seq(zone),
                  tapped=False, counters=(), damage=0, chosen=(), spell_x=None,
                  controller=controller or old.owner, control_since=d.turn,
                  timestamp=d.new_timestamp())
    fields.update(extra)
    where = f"{zone_player}'s {zone.value}" if zone_player else zone.value
    return d.update(oid, rule, text or f"{old.card} moves to {where}", kind="zone change", **fields)
