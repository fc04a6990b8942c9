"""Cards for whole turns and triggered abilities: Call to the Grave (both of its triggers),
a sorcery that makes every player sacrifice at once (101.4), and an instant that puts creatures
onto the battlefield in response to a trigger.

Zombie and non-Zombie creatures come from ``creatures.py`` (Walking Corpse is a Zombie;
Grizzly Bears is not).
"""

from __future__ import annotations

from mtgrules.core.abilities import Resolution, TriggeredAbility
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step
from mtgrules.rules.layers import characteristics
from mtgrules.rules.sacrifice import each_player_sacrifices, player_sacrifices, sacrifice
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.tokens import create_tokens

ENCHANTMENT = frozenset({"Enchantment"})
CREATURE = frozenset({"Creature"})


def is_creature(state: GameState, obj: GameObject) -> bool:
    return characteristics(state, obj.oid).is_creature


def is_non_zombie_creature(state: GameState, obj: GameObject) -> bool:
    """A creature without the subtype Zombie, read from its current characteristics (613)."""
    chars = characteristics(state, obj.oid)
    return chars.is_creature and "Zombie" not in chars.subtypes


def no_creatures_on_battlefield(state: GameState, _source: GameObject) -> bool:
    return not any(is_creature(state, o) for o in state.battlefield())


# ---- Call to the Grave
CTG_UPKEEP = ("At the beginning of each player's upkeep, that player sacrifices a non-Zombie creature "
              "of their choice.")
CTG_END = ("At the beginning of the end step, if no creatures are on the battlefield, "
           "sacrifice this enchantment.")


def _that_player_sacrifices(res: Resolution, item: StackItem) -> None:
    """"That player" is the player whose upkeep it is, carried by the trigger (805.4d)."""
    player = item.get("player")
    assert isinstance(player, str), "the upkeep trigger carries the player whose upkeep it is"
    player_sacrifices(res.d, res.chooser, player, is_non_zombie_creature, "non-Zombie creature",
                      "Call to the Grave")


def _sacrifice_this(res: Resolution, item: StackItem) -> None:
    src = res.source()
    if src is None or src.zone is not Zone.BATTLEFIELD or src.controller != item.controller:
        res.d.note("nothing happens", "Call to the Grave is no longer a permanent its controller "
                   "controls, so it isn't sacrificed", "701.21a", item.source.oid, "Call to the Grave")
        return
    sacrifice(res.d, item.controller, src.oid, "its end-step ability")


# ---- Innocent Blood: every player sacrifices, choosing in APNAP order (101.4)
def _each_player_sacrifices(res: Resolution, _item: StackItem) -> None:
    each_player_sacrifices(res.d, res.chooser, is_creature, "creature", why="Innocent Blood")


# ---- Raise the Alarm: creatures entering in response
def _two_soldiers(res: Resolution, _item: StackItem) -> None:
    create_tokens(res.d, "Soldier Token", res.controller, "Raise the Alarm", 2)  # they enter together (603.6a)


register(
    CardDef("Call to the Grave", "{4}{B}", ENCHANTMENT, oracle=f"{CTG_UPKEEP}\n{CTG_END}",
            abilities=(TriggeredAbility(CTG_UPKEEP, STEP_BEGINS, at_beginning_of(Step.UPKEEP, "each player"),
                                        _that_player_sacrifices),
                       TriggeredAbility(CTG_END, STEP_BEGINS, at_beginning_of(Step.END, "each"),
                                        _sacrifice_this, condition=no_creatures_on_battlefield)),
            source="Scourge"),
    CardDef("Innocent Blood", "{B}", frozenset({"Sorcery"}),
            oracle="Each player sacrifices a creature of their choice.",
            spell=_each_player_sacrifices, source="Odyssey"),
    CardDef("Raise the Alarm", "{1}{W}", frozenset({"Instant"}),
            oracle="Create two 1/1 white Soldier creature tokens.",
            spell=_two_soldiers, flavor_text=True, source="Mirrodin"),
    CardDef("Soldier Token", "", CREATURE, frozenset({"Soldier"}), power=1, toughness=1,
            source="token (Raise the Alarm)", token=True, color_indicator=frozenset({"white"})),  # 111.3
)
