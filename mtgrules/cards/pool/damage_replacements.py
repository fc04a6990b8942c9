"""Cards whose static ability replaces how much damage is dealt (614.1a): "it deals double (or
triple) that damage instead". Each is a ``hooks.DAMAGE_MODIFIERS`` rule giving one replacement
effect per copy on the battlefield, so ``rules.replacement`` applies each copy once (614.5: two
Furnaces make 2 damage 8) and asks the affected player the order of different ones (616.1).

The cards are the set data's own (Oracle text, no abilities of the kit's own): the rule here is
what plays their text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mtgrules.core.carddef import played_by_rule
from mtgrules.core.state import GameState, derived_from
from mtgrules.rules import hooks
from mtgrules.rules.replacement import DamageEvent, Replacement

MULTIPLIERS: dict[str, tuple[int, bool]] = {
    "Furnace of Rath": (2, False),  # "If a source would deal damage to a permanent or player, ... double"
    "Fiery Emancipation": (3, True),  # "If a source you control would deal damage ..., ... triple"
}
"""Each card: its factor, and whether only sources its controller controls are affected."""


derived_from("damage multipliers", frozenset({"objects"}))  # ids, card names, controllers: no status


def _on_battlefield(seen: GameState) -> list[tuple[int, str, str]]:
    """Each multiplier on the battlefield as (id, card, controller), kept per state: every damage
    event asks, and most games have none."""
    return seen.cached("damage multipliers", lambda: [
        (o.oid, o.card, o.controller) for o in seen.battlefield() if o.card in MULTIPLIERS])


def _multipliers(seen: GameState, event: DamageEvent) -> list[Replacement[DamageEvent]]:
    found: list[Replacement[DamageEvent]] = []
    for oid, name, controller in _on_battlefield(seen):
        factor, yours = MULTIPLIERS[name]
        if yours and _controller(seen, event.source) != controller:
            continue
        found.append(Replacement(name, _times(factor), applies=_dealt, rule="614.1a", key=("multiplier", oid)))
    return found


def _controller(seen: GameState, oid: int) -> str:
    try:
        return seen.obj(oid).controller
    except KeyError:  # a source no longer in the game controls nothing here
        return ""


def _times(factor: int) -> Callable[[DamageEvent], DamageEvent]:
    return lambda e: replace(e, amount=e.amount * factor)


def _dealt(event: DamageEvent) -> bool:
    """Damage still to be dealt (none prevented or replaced all of it; 0 damage is no event, 614.7a)."""
    return event.amount > 0 and not event.handled_by


hooks.DAMAGE_MODIFIERS.append(_multipliers)
for _name, _line in (
    ("Furnace of Rath", "If a source would deal damage to a permanent or player, it deals double that damage to that "
                        "permanent or player instead."),
    ("Fiery Emancipation", "If a source you control would deal damage to a permanent or player, it deals triple that "
                           "damage to that permanent or player instead."),
):
    played_by_rule(_name, _line, "a replacement effect on damage (cards/pool/damage_replacements.py)")
