"""Moving objects between zones. A moved card becomes a new object (400.7): its zone-change
count goes up, and it loses tapped status, damage, counters, choices, attachment and the record
of a loyalty ability activated this turn (606.3)."""

from __future__ import annotations

from mtgrules.core.objects import PLAYER_ZONES, GameObject, Zone
from mtgrules.core.state import Draft
from mtgrules.rules import hooks

# Clauses other rules modules add to the sentence of a move: ``note(d, obj, zone, zone_player)``
# sees the draft before the move and returns "" or a clause (graveyards.py says whose graveyard
# a card lands in while Graveyard Busybody shares them).


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
    clause = "".join(note(d, old, zone, zone_player) for note in hooks.MOVE_NOTES)
    fields = dict(zone=zone, zone_player=zone_player, zcc=old.zcc + 1, seq=d.next_seq(zone),
                  tapped=False, counters=(), damage=0, deathtouched=False, chosen=(), spell_x=None, attached_to=None,
                  loyalty_turn=0,
                  controller=controller or old.owner, control_since=d.turn,
                  timestamp=d.new_timestamp())
    fields.update(extra)
    where = f"{zone_player}'s {zone.value}" if zone_player else zone.value
    return d.update(oid, rule, (text or f"{old.card} moves to {where}") + clause, kind="zone change", **fields)
