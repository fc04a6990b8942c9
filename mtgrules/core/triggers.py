"""A triggered ability that has triggered and waits to be put on the stack (603.3).

The engine keeps these in ``GameState.pending`` from the moment the trigger event happens until
the next time a player would receive priority, when each controller puts theirs on the stack in
the order they choose (603.3b).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.objects import ObjRef


@dataclass(frozen=True)
class PendingTrigger:
    """One triggered ability waiting for the stack: which object's ability (by its index in the
    card's abilities), who controls it, and what it triggered for (``data``, e.g. which player)."""

    source: ObjRef
    ability: int
    controller: str
    data: tuple[tuple[str, object], ...] = ()

    def get(self, key: str) -> object:
        return dict(self.data).get(key)


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability (603.7): made as a spell or ability resolves, it waits in
    ``GameState.delayed`` for its event and then triggers like any other. ``ability`` is a
    :class:`~mtgrules.core.abilities.TriggeredAbility` (its event, its test and what it does);
    ``source`` is the source of the spell or ability that made it, and ``controller`` who
    controlled that as it resolved (603.7d, 603.7e). ``data`` goes with the trigger (the
    objects "them" names, the source as it was). ``once``: it triggers only the next time its
    event happens, then is gone (603.7b). ``did`` tells two alike apart, and names the event that
    made it, so it hears only what happens after (603.7a)."""

    did: int
    ability: object
    source: ObjRef
    controller: str
    data: tuple[tuple[str, object], ...] = ()
    once: bool = True

    def get(self, key: str) -> object:
        return dict(self.data).get(key)
