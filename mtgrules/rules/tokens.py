"""Creating tokens (111.1): a token is a permanent not represented by a card.

A token's characteristics come from a card definition in the pool named like the token, such as
"Soldier Token" (a token with no other name is named after its subtypes plus "Token", 111.4).
"""

from __future__ import annotations

from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft


def create_token(d: Draft, name: str, controller: str, why: str) -> GameObject:
    """Put a new token named ``name`` onto the battlefield under ``controller``'s control."""
    obj = GameObject(d.new_id(), name, controller, controller, Zone.BATTLEFIELD,
                     seq=d.next_seq(Zone.BATTLEFIELD), is_token=True, control_since=d.turn,
                     timestamp=d.new_timestamp())
    d.add_object(obj, "111.1", f"{why}: a {name} is created under {controller}'s control")
    return obj
