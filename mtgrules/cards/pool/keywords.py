"""Cards with the evergreen keywords, for the combat-keywords lesson and for teachers' boards.

Every card here is played by its keywords alone (or, for Practice Lunge, by a small spell): first
strike and double strike (702.7, 702.4), trample (702.19), deathtouch (702.2), lifelink (702.15),
vigilance (702.20), defender (702.3), indestructible (702.12), hexproof (702.11) and flash (702.8).
Oracle text is stored without reminder text, as current Oracle wording prints it.

"Practice Basilisk" and "Practice Lunge" are not real Magic cards: they are the kit's practice
cards (their ``source`` says so), for the classic rulings on a creature with both deathtouch and
trample (702.2c, 702.19b) and on first strike given between the two damage steps (702.7c).
"""

from __future__ import annotations

from mtgrules.cards.builders import creature_target
from mtgrules.core.abilities import Resolution
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Effect
from mtgrules.core.keywords import Keyword as K
from mtgrules.core.objects import StackItem

C = frozenset({"Creature"})


def _lunge(res: Resolution, item: StackItem) -> None:
    """+3/+0 (layer 7c) and first strike (layer 6) until end of turn, locked to the target (611.2c)."""
    for obj in res.targets():
        res.pump(obj, 3, 0, "613.4c", "Practice Lunge: +3/+0 until end of turn")
        eff = Effect("6", "Practice Lunge: first strike until end of turn", "702.7", item.source.oid,
                     res.d.new_timestamp(), affected=(obj.ref,), add_keywords=frozenset({K.FIRST_STRIKE}),
                     until_end_of_turn=True)
        res.d.set_scalar("613.1f", effects=res.d.effects + (eff,))


register(
    CardDef("Knight of Meadowgrain", "{W}{W}", C, frozenset({"Kithkin", "Knight"}), power=2, toughness=2,
            oracle="First strike, lifelink", keywords=frozenset({K.FIRST_STRIKE, K.LIFELINK}), flavor_text=True,
            source="Lorwyn"),
    CardDef("Colossal Dreadmaw", "{4}{G}{G}", C, frozenset({"Dinosaur"}), power=6, toughness=6,
            oracle="Trample", keywords=frozenset({K.TRAMPLE}), flavor_text=True, source="Ixalan"),
    CardDef("Typhoid Rats", "{B}", C, frozenset({"Rat"}), power=1, toughness=1,
            oracle="Deathtouch", keywords=frozenset({K.DEATHTOUCH}), flavor_text=True,
            source="Ravnica: City of Guilds"),
    CardDef("Vampire Nighthawk", "{1}{B}{B}", C, frozenset({"Vampire", "Shaman"}), power=2, toughness=3,
            oracle="Flying, deathtouch, lifelink", keywords=frozenset({K.FLYING, K.DEATHTOUCH, K.LIFELINK}),
            flavor_text=True, source="Zendikar"),
    CardDef("Wall of Wood", "{G}", C, frozenset({"Wall"}), power=0, toughness=3,
            oracle="Defender", keywords=frozenset({K.DEFENDER}), source="Limited Edition Alpha"),
    CardDef("Darksteel Myr", "{3}", frozenset({"Artifact", "Creature"}), frozenset({"Myr"}), power=0, toughness=1,
            oracle="Indestructible", keywords=frozenset({K.INDESTRUCTIBLE}), flavor_text=True,
            source="Darksteel"),
    CardDef("Gladecover Scout", "{G}", C, frozenset({"Elf", "Scout"}), power=1, toughness=1,
            oracle="Hexproof", keywords=frozenset({K.HEXPROOF}), flavor_text=True, source="Magic 2012"),
    CardDef("Ambush Viper", "{1}{G}", C, frozenset({"Snake"}), power=2, toughness=1,
            oracle="Flash\nDeathtouch", keywords=frozenset({K.FLASH, K.DEATHTOUCH}), flavor_text=True,
            source="Magic 2011"),
    CardDef("Zetalpa, Primal Dawn", "{6}{W}{W}", C, frozenset({"Elder", "Dinosaur"}), frozenset({"Legendary"}),
            power=4, toughness=8, oracle="Flying, double strike, vigilance, trample, indestructible",
            keywords=frozenset({K.FLYING, K.DOUBLE_STRIKE, K.VIGILANCE, K.TRAMPLE, K.INDESTRUCTIBLE}),
            source="Rivals of Ixalan"),
    CardDef("Practice Lunge", "{1}{R}", frozenset({"Instant"}),
            oracle="Target creature gets +3/+0 and gains first strike until end of turn.",
            spell=_lunge, spell_target=creature_target(), source="the kit's practice card (not a real Magic card)"),
    CardDef("Practice Basilisk", "{2}{G}", C, frozenset({"Basilisk"}), power=3, toughness=3,
            oracle="Deathtouch, trample", keywords=frozenset({K.DEATHTOUCH, K.TRAMPLE}),
            source="the kit's practice card (not a real Magic card)"),
)
