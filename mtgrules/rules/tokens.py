"""Creating tokens (111.1): a token is a permanent not represented by a card.

A token's characteristics come from a card definition in the pool named like the token, such as
"Soldier Token" (a token with no other name is named after its subtypes plus "Token", 111.4).
"""

from __future__ import annotations

from mtgrules.core.abilities import EntersWith
from mtgrules.core.carddef import card
from mtgrules.core.objects import GameObject, Zone, set_counter
from mtgrules.core.state import Draft


def create_token(d: Draft, name: str, controller: str, why: str) -> GameObject:
    """Put a new token named ``name`` onto the battlefield under ``controller``'s control. It
    enters the battlefield, so its own "enters tapped" or "enters with counters" text replaces how
    it enters (614.1c, 614.1d); it wasn't cast, so an X there is 0 (107.3m)."""
    tapped = False
    said: list[tuple[str, str]] = []  # each text with its rule
    counters: tuple[tuple[str, int], ...] = ()
    for rep in (a for a in card(name).abilities if isinstance(a, EntersWith)):
        if rep.choose_color:  # no token of the kit asks; a chooser would have to be passed in
            raise ValueError(f"{name}: a token whose entering asks a choice isn't supported (614.12a)")
        tapped = tapped or rep.tapped
        for kind, n in rep.counters:
            counters = set_counter(counters, kind, dict(counters).get(kind, 0) + (0 if n == "X" else int(n)))
        only_tapped = rep.tapped and not rep.counters  # "enters tapped" is 614.1d, as for a card
        said.append((rep.text, "614.1d" if only_tapped else "614.1c"))
    obj = GameObject(d.new_id(), name, controller, controller, Zone.BATTLEFIELD,
                     seq=d.next_seq(Zone.BATTLEFIELD), is_token=True, control_since=d.turn,
                     timestamp=d.new_timestamp(), tapped=tapped, counters=counters)
    d.add_object(obj, "111.1", f"{why}: a {name} is created under {controller}'s control")
    for text, rule in said:
        d.note("enters with", f"{name} enters as its text says: {text}", rule, obj.oid, name)
    return obj
