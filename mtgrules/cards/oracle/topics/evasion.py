"""The templates of evasion, protection and "whenever you cast" (grammar.lark, its last section).

Most of them say what the core already builds, so their IR is the core's: a restriction on
blocks is a keyword (``("keywords", ...)``, read by ``rules/evasion.py``), "enchanted creature
gets +1/+0 and can't be blocked" is the core's static grant, and "target creature can't be
blocked this turn" is the core's grant until end of turn (a "this turn" effect ends in the
cleanup step like an "until end of turn" one, 514.2). Only three kinds are new here:

* ``("prowess",)`` -- the prowess trigger (702.108a, ``rules/cast_triggers.prowess``);
* ``("cast triggered", event, effects)`` -- "whenever you cast [a kind of] spell, ..." (601.2i);
* ``("blocks an additional", who)`` -- matched only to be marked not played with its reason.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.oracle.build import CannotBuild, one_target, resolver
from mtgrules.cards.oracle.registry import IR, ability_kind, transform
from mtgrules.core.abilities import TriggeredAbility
from mtgrules.core.events import EventKind
from mtgrules.rules.cast_triggers import (
    SpellTest,
    any_spell,
    during_opponents_turn,
    prowess,
    spell_of_colors,
    spell_of_types,
    targets_source,
    whenever_you_cast,
)

_COLOR_WORD = {"white": "white", "blue": "blue", "black": "black", "red": "red", "green": "green"}


def _pt(text: Any) -> tuple[int, int]:
    p, t = str(text).split("/")
    return int(p), int(t)


# ---------------------------------------------------------------- keywords with a quality
@transform("protection_from", "and_from")
def _protection(c: list[Any]) -> str:
    """One protection ability (702.16a); "and from B" is another (702.16g)."""
    return f"protection from {c[0]}"


@transform("hexproof_from")
def _hexproof_from(c: list[Any]) -> str:
    return f"hexproof from {c[0]}"


# ---------------------------------------------------------------- restrictions on blocks (509.1b)
def _keyword(words: str) -> Any:
    return lambda c: ("keywords", (words,))


transform("self_cant_be_blocked")(_keyword("can't be blocked"))
transform("self_one_blocker_at_most")(_keyword("can't be blocked by more than one creature"))
transform("self_blocks_only_fliers")(_keyword("can block only creatures with flying"))
transform("self_cant_be_blocked_by_walls")(_keyword("can't be blocked by walls"))
transform("self_walls_and_fliers_only")(_keyword("can't be blocked except by walls and/or creatures with flying"))


@transform("self_cant_be_blocked_by_color")
def _by_color(c: list[Any]) -> IR:
    return ("keywords", (f"can't be blocked by {_COLOR_WORD[str(c[-1])]} creatures",))


@transform("enchanted_pump_unblockable")
def _enchanted_unblockable(c: list[Any]) -> IR:
    return ("static", ("enchanted",), _pt(c[0]), ("can't be blocked",))


@transform("enchanted_pump_fliers_only")
def _enchanted_fliers_only(c: list[Any]) -> IR:
    return ("static", ("enchanted",), _pt(c[0]), ("can't be blocked except by creatures with flying",))


@transform("self_blocks_an_additional")
def _self_additional(c: list[Any]) -> IR:
    return ("blocks an additional", "self")


@transform("yours_block_an_additional")
def _yours_additional(c: list[Any]) -> IR:
    return ("blocks an additional", "yours")


@ability_kind("blocks an additional")
def _blocks_an_additional(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    raise CannotBuild("a creature that blocks more than one attacker isn't played yet: the kit's block "
                      "declaration gives each blocker one attacker (509.1a), and such a blocker divides its "
                      "combat damage among them (510.1d)")


@transform("target_cant_be_blocked")
def _target_unblockable(c: list[Any]) -> IR:
    return ("pump", c[0], (0, 0), ("can't be blocked",))


@transform("self_cant_be_blocked_this_turn")
def _self_unblockable(c: list[Any]) -> IR:
    return ("pump", ("self",), (0, 0), ("can't be blocked",))


# ---------------------------------------------------------------- prowess and "whenever you cast"
@transform("prowess")
def _prowess(c: list[Any]) -> IR:
    return ("prowess",)


@ability_kind("prowess")
def _build_prowess(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    if is_spell_card:
        raise CannotBuild("prowess on an instant or sorcery has nothing to give +1/+1 to")
    return "ability", prowess(line)


@transform("cast_kind")
def _cast_kind(c: list[Any]) -> IR:
    return ("cast", "kind", str(c[-1]))


@transform("cast_color")
def _cast_color(c: list[Any]) -> IR:
    return ("cast", "colors", tuple(_COLOR_WORD[str(x)] for x in c))


@transform("cast_on_their_turn")
def _cast_on_their_turn(c: list[Any]) -> IR:
    return ("cast", "opponent's turn")


@transform("cast_targeting_self")
def _cast_targeting_self(c: list[Any]) -> IR:
    return ("cast", "targets self")


@transform("cast_triggered")
def _cast_triggered(c: list[Any]) -> IR:
    return ("cast triggered", c[0], c[1])


_KINDS: dict[str, SpellTest] = {
    "noncreature": spell_of_types("Creature", exclude=True),
    "instant or sorcery": spell_of_types("Instant", "Sorcery"),
    "creature": spell_of_types("Creature"), "enchantment": spell_of_types("Enchantment"),
    "artifact": spell_of_types("Artifact"), "instant": spell_of_types("Instant"), "sorcery": spell_of_types("Sorcery"),
}


def _spell_test(event: IR) -> SpellTest:
    how = event[1]
    if how == "kind":
        return _KINDS[event[2]]
    if how == "colors":
        return spell_of_colors(*event[2])
    if how == "opponent's turn":
        return during_opponents_turn
    if how == "targets self":
        return targets_source
    return any_spell


@ability_kind("cast triggered")
def _build_cast_trigger(ir: IR, line: str, is_spell_card: bool) -> tuple[str, Any]:
    """"Whenever you cast ..., [effects]": triggered as the spell becomes cast (601.2i)."""
    if is_spell_card:
        raise CannotBuild("a triggered ability of an instant or sorcery isn't built yet")
    event, effects = ir[1], ir[2]
    return "ability", TriggeredAbility(line, EventKind.CAST, whenever_you_cast(_spell_test(event)), resolver(effects),
                                       target=one_target(effects))
