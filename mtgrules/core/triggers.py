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
