"""Who may target what, beyond a spell's own words (115): hexproof (702.11b).

``Target.legal`` says what a spell or ability may target ("target creature"); this module adds
the abilities of the object being targeted. Casting and activating refuse such a target, a trigger
doesn't offer it, and a target that gains hexproof before its spell resolves is no longer legal
(608.2b).
"""

from __future__ import annotations

from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics


def opponents(state: GameState, a: str, b: str) -> bool:
    """Whether players ``a`` and ``b`` are opponents: on different teams (102.2, 102.3)."""
    return state.player(a).team != state.player(b).team


def why_cant_target(state: GameState, player: str, obj: GameObject) -> tuple[str, str] | None:
    """``(rule, sentence)`` if ``player``'s spell or ability can't target ``obj`` because of its
    abilities, or None."""
    chars = characteristics(state, obj.oid)
    if Keyword.HEXPROOF in chars.keywords and opponents(state, player, obj.controller):
        return "702.11b", (f"{chars.name} has hexproof, so it can't be the target of spells or abilities "
                           f"{player}, an opponent of its controller {obj.controller}, controls")
    return None
