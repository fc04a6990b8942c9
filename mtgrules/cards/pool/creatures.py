"""Creatures the lessons use: vanilla bodies, a haste creature and a Zombie lord."""

from __future__ import annotations

from mtgrules.cards.builders import others_you_control
from mtgrules.core.abilities import ActivatedAbility, Cost, Resolution, StaticAbility
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import ObjRef, StackItem
from mtgrules.rules.layers import all_characteristics, on_battlefield

C = frozenset({"Creature"})
LORD_MENACE = "{1}{B}, {T}: All Zombies gain menace until end of turn."


def _zombies_gain_menace(res: Resolution, item: StackItem) -> None:
    """The Zombies are counted as the ability resolves and only they gain menace (611.2c): a
    Zombie that arrives later doesn't. "All Zombies" means every player's, including creature
    cards treated as on the battlefield (Over My Dead Bodies' graveyard combatants)."""
    state = res.state
    chars = all_characteristics(state)
    zombies = tuple(ObjRef(o.oid, o.zcc) for o in state.objects
                    if on_battlefield(state, o) and chars[o.oid].is_creature and "Zombie" in chars[o.oid].subtypes)
    eff = Effect("6", "Lord of the Accursed: Zombies gain menace until end of turn", "611.2c",
                 item.source.oid, res.d.new_timestamp(), affected=zombies,
                 add_keywords=frozenset({Keyword.MENACE}), until_end_of_turn=True)
    res.d.set_scalar("611.2c", effects=res.d.effects + (eff,))

register(
    CardDef("Raging Goblin", "{R}", C, frozenset({"Goblin", "Berserker"}), power=1, toughness=1,
            oracle="Haste", keywords=frozenset({Keyword.HASTE}), flavor_text=True, source="Tenth Edition"),
    CardDef("Lord of the Accursed", "{2}{B}", C, frozenset({"Zombie"}), power=2, toughness=3,
            oracle=f"Other Zombies you control get +1/+1.\n{LORD_MENACE}",
            abilities=(StaticAbility("Other Zombies you control get +1/+1.",
                                     others_you_control("Zombie", 1, 1, "613.4c",
                                                        "Lord of the Accursed: other Zombies +1/+1")),
                       ActivatedAbility(Cost.of("{1}{B}", tap=True), LORD_MENACE, _zombies_gain_menace)),
            flavor_text=True, source="Amonkhet"),
)

register(
    CardDef("Tattermunge Maniac", "{R/G}", C, frozenset({"Goblin", "Warrior"}), power=2, toughness=1,
            oracle="This creature attacks each combat if able.",
            keywords=frozenset({Keyword.ATTACKS_EACH_COMBAT}), flavor_text=True, source="Shadowmoor"),
)
