"""Regeneration (701.19, 614.8): a destruction-replacement effect.

"{B}: Regenerate ~" (Drudge Skeletons) resolves into a *shield* (701.19a): the next time that
permanent would be destroyed this turn, instead all damage marked on it is removed, its
controller taps it, and if it is attacking or blocking it is removed from combat (614.8). A
shield protects from destruction, whatever destroys it: an effect's "destroy" (701.8) or the
state-based actions for lethal damage and deathtouch damage (704.5g, 704.5h). It doesn't help
against anything that isn't destruction: sacrifice (701.21), toughness 0 or less (704.5f), or
the legend rule (704.5j).

* Each shield is used once (614.5); a permanent may have several, and they are alike, so which
  is used first isn't asked.
* A shield is for that object only: a permanent that leaves the battlefield and returns is a
  new object (400.7), and the shield is gone with the old one.
* A shield lasts until used or until the turn ends: shields left are removed in the cleanup step
  (514.2), and one made in an earlier turn never applies (701.19a: "this turn").
* "It can't be regenerated" (Terror, Wrath of God) makes the destruction ignore the shields
  (701.19c): they stay, unused; making a shield is still allowed. "A creature dealt damage this
  way can't be regenerated this turn" (Incinerate) marks the creature so for the rest of the turn.
* An indestructible permanent isn't destroyed at all (702.12b), so its shield isn't used.
"""

from __future__ import annotations

from mtgrules.core.choices import Chooser
from mtgrules.core.events import EventKind
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.regeneration import RegenerationShield
from mtgrules.core.state import Draft
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.combat.state import remove_from_combat
from mtgrules.rules.layers import characteristics


def shields_on(d: Draft, obj: GameObject) -> list[RegenerationShield]:
    """The shields that would protect ``obj`` now: made this turn, for this very object (400.7);
    none while it "can't be regenerated this turn" (701.19c)."""
    turn = d.view().turn
    mine = [s for s in d.regeneration if s.permanent == obj.ref and s.turn == turn]
    return [] if any(s.blocks for s in mine) else mine


def cant_be_regenerated_this_turn(d: Draft, obj: GameObject, why: str) -> None:
    """``obj`` can't be regenerated this turn (Incinerate): its shields don't apply until the turn
    ends (701.19c); they stay, unused."""
    mark = RegenerationShield(obj.ref, d.view().turn, why, blocks=True)
    d.set_scalar("701.19c", regeneration=d.regeneration + (mark,))
    name = characteristics(d.view(), obj.oid).name
    d.note("chosen", f"{why}: {name} can't be regenerated this turn (701.19c)", "701.19c", obj.oid, name)


def add_shield(d: Draft, obj: GameObject, why: str) -> None:
    """``why`` regenerates ``obj``: a shield for the next time it would be destroyed this turn
    (701.19a). Only a permanent on the battlefield can have one."""
    name = characteristics(d.view(), obj.oid).name
    if obj.zone is not Zone.BATTLEFIELD:
        d.note("nothing", f"{why}: {name} isn't on the battlefield, so nothing is regenerated (701.19a)", "701.19a",
               obj.oid, name)
        return
    shield = RegenerationShield(obj.ref, d.view().turn, why)
    d.set_scalar("701.19a", regeneration=d.regeneration + (shield,))
    count = len(shields_on(d, obj))
    more = f" ({count} shields now)" if count > 1 else ""
    d.note("chosen", f"{why}: the next time {name} would be destroyed this turn, it is regenerated instead"
           f"{more} (701.19a)", "701.19a", obj.oid, name)


def regenerate_instead(d: Draft, obj: GameObject, by: str) -> bool:
    """If ``obj`` has a shield, use it in place of the destruction ``by`` would cause (614.8):
    remove all damage from it, tap it, remove it from combat. True when it was regenerated."""
    found = shields_on(d, obj)
    if not found:
        return False
    used = found[0]
    left = list(d.regeneration)
    left.remove(used)
    d.set_scalar("614.8", regeneration=tuple(left))
    name = characteristics(d.view(), obj.oid).name
    d.note(EventKind.NOTHING_HAPPENS, f"{by} would destroy {name}, but it regenerates ({used.source}): it isn't "
           "destroyed (614.8, 701.19a)", "614.8", obj.oid, name)
    d.update(obj.oid, "614.8", f"{name} regenerates: all damage is removed from it and its controller taps it",
             damage=0, deathtouched=False, tapped=True)
    remove_from_combat(d, obj.oid, "regenerated (614.8)")
    return True


def end_this_turn(d: Draft, chooser: Chooser) -> None:
    """Unused shields end with the turn, as damage wears off in the cleanup step (514.2)."""
    if not d.regeneration:
        return
    d.set_scalar("514.2", regeneration=())
    d.note(EventKind.EFFECTS_END, "regeneration shields not used this turn, and \"can't be regenerated this "
           "turn\", end (514.2)", "514.2")


hooks.DESTRUCTION_REPLACEMENTS.append(regenerate_instead)
hooks.TURN_BASED.setdefault(Step.CLEANUP, []).append(end_this_turn)
hooks.QUIET_TURN_BASED[end_this_turn] = lambda state: True  # ends effects, asks nothing
