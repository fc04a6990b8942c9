"""Moving objects between zones. A moved card becomes a new object (400.7): its zone-change
count goes up, and it loses tapped status, damage, counters, choices, attachment and the record
of a loyalty ability activated this turn (606.3). A token that has already left the battlefield
doesn't move again (111.8)."""

from __future__ import annotations

from mtgrules.core.objects import PLAYER_ZONES, GameObject, Zone
from mtgrules.core.state import Draft
from mtgrules.rules import hooks
from mtgrules.rules.library import shuffle_library
from mtgrules.rules.look_back import keep_last_known
from mtgrules.rules.replacement import replace_move

# Clauses other rules modules add to the sentence of a move: ``note(d, obj, zone, zone_player)``
# sees the draft before the move and returns "" or a clause (graveyards.py says whose graveyard
# a card lands in while Graveyard Busybody shares them).


def move(d: Draft, oid: int, zone: Zone, rule: str, text: str = "", *, zone_player: str | None = None,
         controller: str | None = None, **extra: object) -> GameObject:
    """Move ``oid`` to ``zone`` as a new object; ``extra`` sets status it enters with.

    Player zones default to the owner's (a card goes to its owner's graveyard, 404.2 / 400.3).
    A token off the battlefield stays where it is (111.8) and is returned unmoved; it ceases to
    exist at the next check of state-based actions (704.5d).
    """
    old = d.obj(oid)
    if old.is_token and old.zone is not Zone.BATTLEFIELD:
        d.note("nothing happens", f"{old.card} is a token that has left the battlefield, so it can't move to "
               f"the {zone.value}: it stays in the {old.zone.value} and ceases to exist (111.8)", "111.8",
               oid, old.card)
        return old
    shuffle = ""
    if hooks.MOVE_REPLACEMENTS:  # "... instead" (614.1a), ordered by the controller (616.1)
        replaced = replace_move(d, oid, zone).event
        if replaced.to is not zone:
            d.note("move replaced", f"{old.card} would move to the {zone.value}; {replaced.why}", "614.1a", oid, old.card)
            zone, zone_player = replaced.to, None
            rule, text = "614.1a", ""
        shuffle = replaced.why if replaced.shuffle else ""
    if zone in PLAYER_ZONES and zone_player is None:
        zone_player = old.owner
    if zone not in PLAYER_ZONES:
        zone_player = None
    if old.zone is Zone.BATTLEFIELD and zone is not Zone.BATTLEFIELD:
        keep_last_known(d, old)  # its abilities on the stack use it as it last existed (113.7a, 608.2h)
    clause = "".join(note(d, old, zone, zone_player) for note in hooks.MOVE_NOTES)
    fields = dict(zone=zone, zone_player=zone_player, zcc=old.zcc + 1, seq=d.next_seq(zone),
                  tapped=False, counters=(), damage=0, deathtouched=False, chosen=(), spell_x=None, attached_to=None,
                  loyalty_turn=0, activated_on=(),
                  controller=controller or old.owner, own_controller="", control_since=d.turn,
                  timestamp=d.new_timestamp())
    fields.update(extra)
    where = f"{zone_player}'s {zone.value}" if zone_player else zone.value
    moved = d.update(oid, rule, (text or f"{old.card} moves to {where}") + clause, kind="zone change", **fields)
    if old.zone is Zone.BATTLEFIELD and zone is not Zone.BATTLEFIELD:
        _unattach_from(d, old)
    if shuffle and zone is Zone.LIBRARY:
        shuffle_library(d, old.owner, shuffle)
    return moved


def _unattach_from(d: Draft, host: GameObject) -> None:
    """What was attached to a permanent that leaves the battlefield becomes unattached (701.3d):
    if the card comes back, it is a new object (400.7) that nothing was ever attached to. An Aura
    left attached to nothing then goes to its owner's graveyard (704.5m)."""
    for other in [o for o in d.objects.values() if o.attached_to == host.oid and o.oid != host.oid]:
        d.update(other.oid, "701.3d", f"{host.card} has left the battlefield, so {other.card} is no longer "
                 "attached to it", attached_to=None)
