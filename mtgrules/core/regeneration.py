"""A regeneration shield, as the game state holds it (701.19a, 614.8).

"Regenerate [permanent]" from a resolving spell or ability makes a replacement effect that waits
for the next time that permanent would be destroyed this turn. The state keeps one
:class:`RegenerationShield` per shield (or "can't be regenerated this turn" mark) in
``GameState.regeneration``; ``rules/regenerate.py``
makes, uses and ends them.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.objects import ObjRef


@dataclass(frozen=True)
class RegenerationShield:
    """One shield: it protects ``permanent`` (that object only: a permanent that leaves and comes
    back is a new object, 400.7) the next time it would be destroyed in turn ``turn`` (701.19a).
    ``source`` names the spell or ability that made it, for the narration. With ``blocks`` it is
    no shield but the opposite mark, "it can't be regenerated this turn" (Incinerate): while it
    lasts, no shield of that permanent applies (701.19c)."""

    permanent: ObjRef
    turn: int
    source: str
    blocks: bool = False
