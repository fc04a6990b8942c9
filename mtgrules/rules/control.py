"""Control-changing effects (layer 2, 613.1b): who controls a permanent, kept where every rule reads it.

A control-changing effect ("gain control of target creature until end of turn") is a layer 2
effect, applied by ``rules.layers`` with the others. Many rules ask who controls a permanent (who
may attack with it, tap it for mana, who "you control" means), and all of them read
``GameObject.controller``. So that they all read the controller the layers give, the engine writes
it there as each action settles, before state-based actions and triggers (``hooks.SETTLE_HOOKS``):
when a control effect begins, the new controller (keeping the old one in ``own_controller``), and
when the last one ends, the controller it had again. Each change is an event citing 613.1b. A
permanent that comes under a new controller's control has summoning sickness for them (302.6), and
one in combat is removed from it (506.4, ``combat.state.prune_combat``, which runs after this).
"""

from __future__ import annotations

from mtgrules.core.state import Draft
from mtgrules.rules import hooks
from mtgrules.rules.layers import controller_changes, unchanged_without_effects


def sync_control(d: Draft) -> None:
    """Write the controllers layer 2 gives into the objects (a hook that changes nothing on a
    state it already settled: the next pass finds nothing to change)."""
    state, edited = d.latest()
    if edited and not unchanged_without_effects(state, frozenset(edited)):
        state = d.view()  # the edits since may bear on control: read the state as it is now
    changes = controller_changes(state)  # on the newest state when the edits since can't change it
    for oid, who in sorted(changes.items()):
        obj = d.obj(oid)
        base = obj.own_controller or obj.controller
        was = obj.controller
        back = who == base
        text = (f"{obj.card}: the effect that gave {was} control of it has ended, so {who} controls it again"
                if back else f"{obj.card}: {who} gains control of it")
        d.update(oid, "613.1b", text + " (613.1b, layer 2)", kind="controller", controller=who,
                 own_controller="" if back else base, control_since=d.turn)


hooks.SETTLE_HOOKS.insert(0, sync_control)  # before combat's check of who may stay in combat (506.4)
