"""Cards whose effects live in the layers the other cards don't reach: copy (1a), control (2),
text (3), type (4, beyond "in addition"), and ability-removing effects (6), for the layer view.

Real cards from the kit's sets, played here by hand since the Oracle compiler has no template
for their lines yet: Threaten (Tenth Edition) and Act of Treason (Core Set 2019) change control
(layer 2) and give haste (layer 6), parts of one effect with one timestamp (613.6); Chimeric Staff
(Tenth Edition) becomes an X/X Construct artifact creature (layer 4, keeping its types, 205.1b,
and 7b); Dub (Core Set 2021) is an Aura in layers 4, 6 and 7c.

The "Practice ..." cards are not real Magic cards: they are the kit's practice cards (their
``source`` says so), each showing one layer alone where no card of the kit's sets does: a copy
effect, a text-changing effect, "loses all abilities", and two static type-changing effects that
depend on each other (613.8a). Lesson 12 adds three more: a power/toughness switch (7d), a
creature whose static ability makes it every creature type (a characteristic-defining ability in
layer 4, 604.3, like changeling), and an effect that sets a creature's creature type.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.cards.builders import creature_target
from mtgrules.core.abilities import ActivatedAbility, Cost, Enchant, Resolution, StaticAbility, Target
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import on_battlefield

PRACTICE = "the kit's practice card (not a real Magic card)"
SORCERY = frozenset({"Sorcery"})
INSTANT = frozenset({"Instant"})
THREATEN = ("Untap target creature and gain control of it until end of turn. That creature gains haste until end "
            "of turn. (It can attack and {T} this turn.)")
TREASON = ("Gain control of target creature until end of turn. Untap that creature. It gains haste until end of "
           "turn. (It can attack and {T} this turn.)")
STAFF = "{X}: Chimeric Staff becomes an X/X Construct artifact creature until end of turn."
DUB = ("Enchanted creature gets +2/+2, has first strike, and is a Knight in addition to its other types. (It deals "
       "combat damage before creatures without first strike.)")


def _untap(res: Resolution, obj: GameObject, name: str) -> None:
    if obj.tapped:
        res.d.update(obj.oid, "701.26b", f"{name} untaps {res.name(obj.oid)}", tapped=False)


def _steal(name: str, untap_first: bool) -> Callable[[Resolution, StackItem], None]:
    """Threaten and Act of Treason: the same three instructions in a different order."""
    def resolve(res: Resolution, _item: StackItem) -> None:
        for obj in res.targets():
            if untap_first:
                _untap(res, obj, name)
            res.continuous(obj, f"{name}: {res.controller} controls it and it has haste until end of turn",
                           {"layer": "2", "set_controller": res.controller},
                           {"layer": "6", "add_keywords": frozenset({Keyword.HASTE})}, until_end_of_turn=True)
            if not untap_first:
                _untap(res, res.d.obj(obj.oid), name)
    return resolve


def _staff(res: Resolution, item: StackItem) -> None:
    """Layer 4: an artifact creature, keeping its types, with the creature type Construct
    (205.1b); layer 7b: X/X (613.4b). One effect of two parts with one timestamp (613.6)."""
    src = res.source()
    if src is None or not on_battlefield(res.state, src):
        return
    x = item.x or 0
    res.continuous(src, f"Chimeric Staff: a {x}/{x} Construct artifact creature until end of turn (X is {x})",
                   {"layer": "4", "add_types": frozenset({"Artifact", "Creature"}),
                    "set_subtypes": frozenset({"Construct"})},
                   {"layer": "7b", "set_pt": (x, x)}, until_end_of_turn=True)


def _enchanted(state: GameState, player: str, obj: GameObject) -> bool:
    return on_battlefield(state, obj) and "Creature" in _chars(state, obj).types


def _chars(state: GameState, obj: GameObject) -> Chars:
    from mtgrules.rules.layers import characteristics
    return characteristics(state, obj.oid)


def _dub(state: GameState, source: GameObject) -> list[Effect]:
    """Three parts of one effect on the enchanted creature (613.6): a Knight in addition to its
    other types (layer 4), first strike (6), +2/+2 (7c)."""
    def applies(st: GameState, obj: GameObject, _c: Chars) -> bool:
        return source.attached_to == obj.oid and on_battlefield(st, obj)
    why = "Dub: the enchanted creature"
    return [Effect("4", f"{why} is a Knight in addition to its other types", "205.1b", source.oid, source.timestamp,
                   applies=applies, add_subtypes=frozenset({"Knight"})),
            Effect("6", f"{why} has first strike", "613.1f", source.oid, source.timestamp, applies=applies,
                   add_keywords=frozenset({Keyword.FIRST_STRIKE})),
            Effect("7c", f"{why} gets +2/+2", "613.4c", source.oid, source.timestamp, applies=applies, delta=(2, 2))]


# ---------------------------------------------------------------- practice cards
MIMICRY = "Until end of turn, target creature becomes a copy of Grizzly Bears."
RETITLE = "Until end of turn, change the text of target permanent by replacing all instances of Zombie with Human."
HUSH = "Until end of turn, target creature loses all abilities."
LATTICE = "All permanents are artifacts in addition to their other types."
ASSEMBLY = "Each noncreature artifact is a 2/2 artifact creature."
TWIST = "Switch target creature's power and toughness until end of turn."
SHAPESHIFTER = "Practice Shapeshifter is every creature type."
FROGFORM = "Until end of turn, target creature becomes a Frog. (It loses its other creature types.)"


def _mimicry(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.continuous(obj, "Practice Mimicry: a copy of Grizzly Bears until end of turn",
                       {"layer": "1a", "copy_of": "Grizzly Bears", "rule": "707.2"}, until_end_of_turn=True)


def _retitle(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.continuous(obj, "Practice Retitling: its text says Human where it said Zombie until end of turn",
                       {"layer": "3", "change_words": (("Zombie", "Human"),), "rule": "612.2"},
                       until_end_of_turn=True)


def _hush(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.continuous(obj, "Practice Hush: it loses all abilities until end of turn",
                       {"layer": "6", "remove_all_abilities": True}, until_end_of_turn=True)


def _lattice(state: GameState, source: GameObject) -> list[Effect]:
    def applies(st: GameState, obj: GameObject, _c: Chars) -> bool:
        return obj.zone is Zone.BATTLEFIELD
    return [Effect("4", "Practice Lattice: all permanents are artifacts", "205.1b", source.oid, source.timestamp,
                   applies=applies, add_types=frozenset({"Artifact"}))]


def _assembly(state: GameState, source: GameObject) -> list[Effect]:
    """Layer 4 (an artifact creature) and 7b (2/2), one effect: the 7b part applies to the same
    permanents, though by then they are creatures (613.6)."""
    def applies(st: GameState, obj: GameObject, c: Chars) -> bool:
        return obj.zone is Zone.BATTLEFIELD and "Artifact" in c.types and not c.is_creature
    why = "Practice Assembly: each noncreature artifact is a 2/2 artifact creature"
    return [Effect("4", why, "613.1d", source.oid, source.timestamp, applies=applies,
                   add_types=frozenset({"Artifact", "Creature"})),
            Effect("7b", why, "613.4b", source.oid, source.timestamp, applies=applies, set_pt=(2, 2))]


def _twist(res: Resolution, _item: StackItem) -> None:
    for obj in res.targets():
        res.continuous(obj, "Practice Twist: its power and toughness are switched until end of turn",
                       {"layer": "7d", "switch_pt": True}, until_end_of_turn=True)


def _shapeshifter(state: GameState, source: GameObject) -> list[Effect]:
    """A characteristic-defining ability (604.3): it defines the object's own subtypes and is
    printed on it, so it applies first in layer 4 (613.3), in every zone."""
    return [Effect("4", "Practice Shapeshifter: it is every creature type", "604.3", source.oid, source.timestamp,
                   affected=(source.ref,), all_creature_types=True, cda=True)]


def _frogform(res: Resolution, _item: StackItem) -> None:
    """Layer 4: its creature types become Frog (205.1a: only creature types are replaced)."""
    for obj in res.targets():
        res.continuous(obj, "Practice Frogform: it is a Frog until end of turn",
                       {"layer": "4", "set_subtypes": frozenset({"Frog"}), "rule": "205.1a"}, until_end_of_turn=True)


register(
    CardDef("Threaten", "{2}{R}", SORCERY, oracle=THREATEN, spell=_steal("Threaten", untap_first=True),
            spell_target=creature_target(), flavor_text=True, source="Tenth Edition"),
    CardDef("Act of Treason", "{2}{R}", SORCERY, oracle=TREASON, spell=_steal("Act of Treason", untap_first=False),
            spell_target=creature_target(), flavor_text=True, source="Core Set 2019"),
    CardDef("Chimeric Staff", "{4}", frozenset({"Artifact"}), oracle=STAFF,
            abilities=(ActivatedAbility(Cost.of("{X}"), STAFF, _staff),), flavor_text=True, source="Tenth Edition"),
    CardDef("Dub", "{2}{W}", frozenset({"Enchantment"}), frozenset({"Aura"}), oracle=f"Enchant creature\n{DUB}",
            abilities=(Enchant("Enchant creature", creature_target("a creature")), StaticAbility(DUB, _dub)),
            flavor_text=True, source="Core Set 2021"),
    CardDef("Practice Mimicry", "{1}{U}", INSTANT, oracle=MIMICRY, spell=_mimicry, spell_target=creature_target(),
            source=PRACTICE),
    CardDef("Practice Retitling", "{U}", INSTANT, oracle=RETITLE, spell=_retitle,
            spell_target=Target("target permanent", lambda st, _p, o: on_battlefield(st, o), frozenset({Zone.BATTLEFIELD})),
            source=PRACTICE),
    CardDef("Practice Hush", "{1}{U}", INSTANT, oracle=HUSH, spell=_hush, spell_target=creature_target(),
            source=PRACTICE),
    CardDef("Practice Lattice", "{4}", frozenset({"Artifact"}), oracle=LATTICE,
            abilities=(StaticAbility(LATTICE, _lattice),), source=PRACTICE),
    CardDef("Practice Assembly", "{2}{U}", frozenset({"Enchantment"}), oracle=ASSEMBLY,
            abilities=(StaticAbility(ASSEMBLY, _assembly),), source=PRACTICE),
    CardDef("Practice Twist", "{U}", INSTANT, oracle=TWIST, spell=_twist, spell_target=creature_target(),
            source=PRACTICE),
    CardDef("Practice Shapeshifter", "{2}", frozenset({"Creature"}), frozenset({"Shapeshifter"}), power=2, toughness=2,
            oracle=SHAPESHIFTER, abilities=(StaticAbility(SHAPESHIFTER, _shapeshifter, zones=frozenset(Zone)),),
            source=PRACTICE),
    CardDef("Practice Frogform", "{1}{U}", INSTANT, oracle=FROGFORM, spell=_frogform, spell_target=creature_target(),
            source=PRACTICE),
)
