"""Basic lands: each has the intrinsic mana ability of its type (305.6)."""

from __future__ import annotations

from mtgrules.cards.builders import tap_for
from mtgrules.core.carddef import CardDef, register

_BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

register(CardDef("Wastes", "", frozenset({"Land"}), supertypes=frozenset({"Basic"}), oracle="({T}: Add {C}.)",
                 abilities=(tap_for("C"),), source="Oath of the Gatewatch"))
register(*(
    CardDef(name, "", frozenset({"Land"}), frozenset({name}), frozenset({"Basic"}),
            oracle=f"({{T}}: Add {{{t}}}.)", abilities=(tap_for(t),), source="basic land")
    for name, t in _BASICS.items()
))
