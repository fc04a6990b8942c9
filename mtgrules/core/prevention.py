"""Prevention effects made by resolved spells and abilities, as values (615).

A prevention effect is not a layer effect: it changes no characteristic, it watches for damage
that would be dealt and stops some or all of it (615.1). ``GameState.prevention`` holds those a
spell or ability has made ("Prevent all combat damage that would be dealt this turn", "Prevent
the next 1 damage that would be dealt to any target this turn"); ``mtgrules.rules.prevention``
applies them, and ends them at cleanup (514.2) or when a shield is used up (615.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.objects import ObjRef


@dataclass(frozen=True)
class Prevention:
    """One prevention effect from a resolved spell or ability.

    * ``text``: what it says, for the narration ("Prevent all combat damage ... this turn").
    * ``source``: the spell or ability's source, as it was then.
    * ``to``: the permanent (a reference, 400.7) or player it shields; None for any recipient.
    * ``combat_only``: only combat damage ("prevent all combat damage", 615.1).
    * ``left``: a shield of that many damage, reduced as it prevents (615.7); None prevents all.
    * ``this_turn``: it ends as the turn's cleanup step begins its work (514.2).
    * ``split``: for the combat damage being dealt, how much of a shield each source's damage
      meets, as its controller chose (615.7); None when no two sources hit it at once."""

    pid: int
    text: str
    source: ObjRef | None
    to: ObjRef | str | None = None
    combat_only: bool = False
    left: int | None = None
    this_turn: bool = True
    split: tuple[tuple[int, int], ...] | None = None
