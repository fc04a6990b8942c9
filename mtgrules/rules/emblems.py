"""Emblems (114): "[Player] gets an emblem with [ability]."

An emblem is a marker in the command zone with the abilities the effect that created it gives it,
and nothing else: no types, no mana cost, no colour, usually no name (114.3). The player who gets
it owns and controls it (114.2), and its abilities function in the command zone (114.4). It is
neither a card nor a permanent (114.5): nothing in the game can destroy, exile or otherwise move
it, and it stays for the rest of the game.

The kit holds an emblem as an object in ``Zone.COMMAND`` whose card definition (``emblem_definition``)
has the emblem's abilities: a static ability working from the command zone (604.1, 114.4), or a
triggered one that listens from there (``triggers`` reads the command zone as well as the
battlefield). Its "name" in the kit is the word "Emblem" and its ability's text, for the views.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.core.abilities import Ability, StaticAbility
from mtgrules.core.carddef import CARD_POOL, CardDef, register
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft

COMMAND_ONLY = frozenset({Zone.COMMAND})


def emblem_definition(text: str, ability: Ability) -> str:
    """The pool name of the emblem with this ability (its printed ``text``), defining it once: no
    types, no cost, no colour (114.3); a static ability works in the command zone (114.4)."""
    name = f"Emblem: {text}"
    if isinstance(ability, StaticAbility):
        ability = replace(ability, zones=COMMAND_ONLY)
    if CARD_POOL.get(name) is None:
        register(CardDef(name, "", frozenset(), frozenset(), oracle=text, abilities=(ability,),
                         source="an emblem made by an Oracle instruction (114.2)"))
    return name


def get_emblem(d: Draft, player: str, name: str, why: str) -> GameObject:
    """``player`` gets the emblem ``name`` (``emblem_definition``): it is put into the command zone,
    owned and controlled by them (114.2)."""
    obj = GameObject(d.new_id(), name, player, player, Zone.COMMAND, zone_player=None,  # the command zone is no player's own
                     control_since=d.turn, timestamp=d.new_timestamp())
    d.add_object(obj, "114.2", f"{why}: {player} gets an emblem with “{name.removeprefix('Emblem: ')}” "
                 "in the command zone; it works from there for the rest of the game (114.4)")
    return obj
