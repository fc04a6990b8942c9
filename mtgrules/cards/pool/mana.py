"""The cards for teaching mana, {T} and {Q}, from their Oracle text."""

from __future__ import annotations

from mtgrules.cards.builders import grant_keyword_to_yours, graveyard_card_target, tap_any_color, tap_for
from mtgrules.core.abilities import (
    ActivatedAbility,
    AnyColor,
    Cost,
    Enchant,
    EntersWith,
    ManaAbility,
    ManaReplacement,
    ManaTriggerResolution,
    Reflect,
    Resolution,
    StaticAbility,
    Target,
    TriggeredAbility,
)
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.events import Event
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import ManaType, Restriction
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.core.wording import counted
from mtgrules.rules.cumulative_upkeep import cumulative_upkeep
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.layers import characteristics
from mtgrules.rules.look_back import LAST_KNOWN, dies
from mtgrules.rules.tokens import create_tokens

LAND = frozenset({"Land"})
ENCHANTMENT = frozenset({"Enchantment"})
CREATURE = frozenset({"Creature"})


def _is_land(state: GameState, obj: GameObject) -> bool:
    return characteristics(state, obj.oid).is_land


# ---- Mana Reflection: doubles mana from any permanent its controller taps for mana (106.12b)
def _reflection_applies(state: GameState, source: GameObject, tapped: GameObject) -> bool:
    return tapped.controller == source.controller


def _doubled(types: list[ManaType]) -> list[ManaType]:
    return [t for t in types for _ in range(2)]


# ---- Infernal Darkness: a land tapped for mana produces {B} instead (106.12b)
def _darkness_applies(state: GameState, source: GameObject, tapped: GameObject) -> bool:
    return _is_land(state, tapped)


def _all_black(types: list[ManaType]) -> list[ManaType]:
    return [ManaType.B] * len(types)


# ---- Heartbeat of Spring and Utopia Sprawl: triggered mana abilities (106.12a, 605.1b)
def _a_land(state: GameState, source: GameObject, event: Event) -> bool:
    return _is_land(state, state.obj(event.oid))


def _heartbeat(ctx: ManaTriggerResolution, _item: None) -> None:
    ctx.add(ctx.choose_type(ctx.produced), "Heartbeat of Spring copies a type that land produced")


def _enchanted_forest(state: GameState, source: GameObject, event: Event) -> bool:
    return source.attached_to == event.obj


def _a_forest(state: GameState, _player: str, obj: GameObject) -> bool:
    """"Enchant Forest" (702.5a): a permanent with the land subtype Forest, whatever else it is."""
    return obj.zone is Zone.BATTLEFIELD and "Forest" in characteristics(state, obj.oid).subtypes


def _sprawl(ctx: ManaTriggerResolution, _item: None) -> None:
    color = ctx.source.choice("color")
    assert color is not None, "Utopia Sprawl's colour is chosen as it enters"
    ctx.add(ManaType(color), "Utopia Sprawl's chosen colour")


# ---- Order of Whiteclay: {Q} ability returning a small creature card (107.6)
def _small_creature_card(state: GameState, player: str, obj: GameObject) -> bool:
    chars = characteristics(state, obj.oid)
    from mtgrules.core.carddef import card
    return (chars.is_creature and obj.zone_player in graveyards_of(state, player)
            and card(obj.card).mana_cost.mana_value(0) <= 3)


def _return_it(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.put_onto_battlefield(obj)


def _add_counter(res: Resolution, _item: StackItem) -> None:
    src = res.source()
    if src is not None:
        res.add_counters(src, "+1/+1", 1)


# ---- Hangarback Walker: a dies trigger counting the counters it had as it left (603.10a, 608.2h)
HANGARBACK_DIES = ("When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying "
                   "for each +1/+1 counter on this creature.")


def _thopters(res: Resolution, item: StackItem) -> None:
    """The card is in the graveyard now, a new object without counters (400.7); "this creature"
    is the permanent as it last existed on the battlefield, which the trigger carries (608.2h)."""
    was = item.get(LAST_KNOWN)
    assert isinstance(was, GameObject), "a dies trigger carries its permanent's last known information"
    n = was.counter("+1/+1")
    res.d.note("last known", f"Hangarback Walker had {counted(n, '+1/+1 counter')} as it last existed on the "
               f"battlefield, so {counted(n, 'Thopter')} {'are' if n != 1 else 'is'} created", "608.2h",
               was.oid, "Hangarback Walker")
    create_tokens(res.d, "Thopter Token", res.controller, "Hangarback Walker", n)  # one event (603.6a)


ZIGGURAT = Restriction("spend only to cast a creature spell", frozenset({"creature spell"}))

register(
    CardDef("Llanowar Elves", "{G}", CREATURE, frozenset({"Elf", "Druid"}), power=1, toughness=1,
            oracle="{T}: Add {G}.", abilities=(tap_for("G"),), flavor_text=True, source="Dominaria"),
    CardDef("Reflecting Pool", "", LAND, oracle="{T}: Add one mana of any type that a land you control could produce.",
            abilities=(ManaAbility(Cost.of(tap=True), Reflect("you", colors_only=False),
                                   "{T}: Add one mana of any type that a land you control could produce."),),
            source="Tempest"),
    CardDef("Exotic Orchard", "", LAND,
            oracle="{T}: Add one mana of any color that a land an opponent controls could produce.",
            abilities=(ManaAbility(Cost.of(tap=True), Reflect("opponents", colors_only=True),
                                   "{T}: Add one mana of any color that a land an opponent controls could produce."),),
            flavor_text=True, source="Conflux"),
    CardDef("Fellwar Stone", "{2}", frozenset({"Artifact"}),
            oracle="{T}: Add one mana of any color that a land an opponent controls could produce.",
            abilities=(ManaAbility(Cost.of(tap=True), Reflect("opponents", colors_only=True),
                                   "{T}: Add one mana of any color that a land an opponent controls could produce."),),
            flavor_text=True, source="The Dark"),
    CardDef("Vivid Crag", "", LAND,
            oracle="This land enters tapped with two charge counters on it.\n{T}: Add {R}.\n"
                   "{T}, Remove a charge counter from this land: Add one mana of any color.",
            abilities=(EntersWith("This land enters tapped with two charge counters on it.", tapped=True,
                                  counters=(("charge", 2),)),
                       tap_for("R"),
                       ManaAbility(Cost.of(tap=True, remove_counter="charge"), AnyColor(),
                                   "{T}, Remove a charge counter from this land: Add one mana of any color.")),
            source="Lorwyn"),
    CardDef("Mana Reflection", "{4}{G}{G}", ENCHANTMENT,
            oracle="If you tap a permanent for mana, it produces twice as much of that mana instead.",
            abilities=(ManaReplacement("If you tap a permanent for mana, it produces twice as much of that "
                                       "mana instead.", _reflection_applies, _doubled, reads_status=False),),
            flavor_text=True, source="Shadowmoor"),
    CardDef("Infernal Darkness", "{2}{B}{B}", ENCHANTMENT,
            oracle="Cumulative upkeep—Pay {B} and 1 life.\n"
                   "If a land is tapped for mana, it produces {B} instead of any other type.",
            abilities=(cumulative_upkeep("Cumulative upkeep—Pay {B} and 1 life.", mana="{B}", life=1),
                       ManaReplacement("If a land is tapped for mana, it produces {B} instead of any other type.",
                                       _darkness_applies, _all_black, reads_status=False),),
            source="Alliances"),
    CardDef("Heartbeat of Spring", "{2}{G}", ENCHANTMENT,
            oracle="Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
            abilities=(TriggeredAbility("Whenever a player taps a land for mana, that player adds one mana of "
                                        "any type that land produced.", "tapped for mana", _a_land, _heartbeat,
                                        is_mana=True),),
            flavor_text=True, source="Champions of Kamigawa"),
    CardDef("Utopia Sprawl", "{G}", frozenset({"Enchantment"}), frozenset({"Aura"}),
            oracle="Enchant Forest\nAs this Aura enters, choose a color.\n"
                   "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana "
                   "of the chosen color.",
            abilities=(Enchant("Enchant Forest", Target("a Forest", _a_forest)),
                       EntersWith("As this Aura enters, choose a color.", choose_color=True),
                       TriggeredAbility("Whenever enchanted Forest is tapped for mana, its controller adds an "
                                        "additional one mana of the chosen color.", "tapped for mana",
                                        _enchanted_forest, _sprawl, is_mana=True)),
            source="Dissension"),
    CardDef("Hangarback Walker", "{X}{X}", frozenset({"Artifact", "Creature"}), frozenset({"Construct"}),
            power=0, toughness=0,
            oracle=f"This creature enters with X +1/+1 counters on it.\n{HANGARBACK_DIES}\n"
                   "{1}, {T}: Put a +1/+1 counter on this creature.",
            # The activated ability stays ability 1, as in earlier versions of the kit, so scripts
            # that say activate(player, walker, 1) keep meaning "{1}, {T}: Put a +1/+1 counter".
            abilities=(EntersWith("This creature enters with X +1/+1 counters on it.", counters=(("+1/+1", "X"),)),
                       ActivatedAbility(Cost.of("{1}", tap=True), "{1}, {T}: Put a +1/+1 counter on this creature.",
                                        _add_counter),
                       TriggeredAbility(HANGARBACK_DIES, "zone change", dies, _thopters, looks_back=True)),
            source="Magic Origins"),
    CardDef("Thopter Token", "", frozenset({"Artifact", "Creature"}), frozenset({"Thopter"}), power=1, toughness=1,
            oracle="Flying", keywords=frozenset({Keyword.FLYING}), source="token (Hangarback Walker)", token=True),
    CardDef("Order of Whiteclay", "{1}{W}{W}", CREATURE, frozenset({"Kithkin", "Cleric"}), power=1, toughness=4,
            oracle="{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less from your graveyard "
                   "to the battlefield.",
            abilities=(ActivatedAbility(Cost.of("{1}{W}{W}", untap=True),
                                        "{1}{W}{W}, {Q}: Return target creature card with mana value 3 or less "
                                        "from your graveyard to the battlefield.", _return_it,
                                        graveyard_card_target("a creature card with mana value 3 or less in "
                                                              "your graveyard", _small_creature_card)),),
            flavor_text=True, source="Shadowmoor"),
    CardDef("Pili-Pala", "{2}", frozenset({"Artifact", "Creature"}), frozenset({"Scarecrow"}), power=1, toughness=1,
            oracle="Flying\n{2}, {Q}: Add one mana of any color.", keywords=frozenset({Keyword.FLYING}),
            abilities=(ManaAbility(Cost.of("{2}", untap=True), AnyColor(), "{2}, {Q}: Add one mana of any color."),),
            flavor_text=True, source="Shadowmoor"),
    CardDef("Ancient Ziggurat", "", LAND,
            oracle="{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
            abilities=(tap_any_color("{T}: Add one mana of any color. Spend this mana only to cast a creature "
                                     "spell.", restriction=ZIGGURAT),),
            flavor_text=True, source="Conflux"),
    CardDef("Fervor", "{2}{R}", ENCHANTMENT, oracle="Creatures you control have haste.",
            abilities=(StaticAbility("Creatures you control have haste.",
                                     grant_keyword_to_yours(Keyword.HASTE, "702.10", "Fervor: creatures you control have haste")),),
            flavor_text=True, source="Tempest"),
)

__all__ = ["Zone"]
