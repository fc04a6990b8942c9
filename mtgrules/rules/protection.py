"""Protection (702.16) and "hexproof from [quality]" (702.11d): abilities that judge other objects
by a quality, each played where the rule it changes is played.

Protection from a quality is four rules at once, remembered as DEBT (702.16b-f):

* **Damage** from a source with the quality is prevented (702.16e): a prevention effect (615.1),
  so the damage is never dealt. Nothing is marked, the source's lifelink gains nothing and its
  deathtouch destroys nothing (``hooks.DAMAGE_PREVENTIONS``, asked by ``deal_damage``). With another
  prevention or replacement effect on the same damage, the creature's controller chooses which
  applies (616.1, ``rules.replacement``); the choice names this one "protection".
* **Enchanted or Equipped**: it can't be enchanted by an Aura with the quality, nor equipped by
  Equipment with it (702.16c-d). An Aura already attached goes to its owner's graveyard as a
  state-based action (704.5m, ``hooks.ATTACH_RULES``); an Aura *spell* with the quality can't
  target it in the first place (702.16b, 303.4a).
* **Blocked**: attacking, it can't be blocked by creatures with the quality (702.16f,
  ``hooks.PAIR_RULES``).
* **Targeted**: it can't be the target of spells with the quality, nor of abilities from a source
  with the quality (702.16b, ``hooks.TARGET_RULES``): checked as the spell is cast or the ability
  activated or put on the stack, and again as it resolves (608.2b).

"Hexproof from [quality]" is only the targeting part, and only for what its controller's
opponents control (702.11d).

A quality is a test of the other object's characteristics (:data:`QUALITIES`). One that is a card
type or subtype ("protection from Dragons", "from creatures") applies to permanents of that type
and to sources of that type anywhere else (702.16a), so it reads the source's characteristics
wherever the source is. Each quality is its own keyword: "protection from Demons and from
Dragons" is two protection abilities (702.16g), and a second instance of the same one changes
nothing (702.16m).

What the kit doesn't play: protection of a *player* (Runed Halo: players have no keywords in the
kit), "protection from the chosen color" (the choice as it enters), and 702.11e (an effect that
removes hexproof removes "hexproof from" too; no card in the kit's sets does that).
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.core.effects import Chars
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject
from mtgrules.core.state import Draft, GameState
from mtgrules.rules import hooks
from mtgrules.rules.combat.blocking import Reason
from mtgrules.rules.combat.state import name_of
from mtgrules.rules.layers import characteristics
from mtgrules.rules.targeting import opponents

Quality = Callable[[Chars], bool]
"""Whether an object with these characteristics has the quality."""


def _color(color: str) -> Quality:
    return lambda chars: color in chars.colors


def _card_type(kind: str) -> Quality:
    return lambda chars: kind in chars.types


def _subtype(kind: str) -> Quality:
    return lambda chars: kind in chars.subtypes


QUALITIES: dict[Keyword, tuple[str, Quality]] = {
    Keyword.PROTECTION_FROM_WHITE: ("white", _color("white")),
    Keyword.PROTECTION_FROM_BLUE: ("blue", _color("blue")),
    Keyword.PROTECTION_FROM_BLACK: ("black", _color("black")),
    Keyword.PROTECTION_FROM_RED: ("red", _color("red")),
    Keyword.PROTECTION_FROM_GREEN: ("green", _color("green")),
    Keyword.PROTECTION_FROM_MULTICOLORED: ("multicolored", lambda chars: chars.is_multicolored),  # 105.2b
    Keyword.PROTECTION_FROM_ARTIFACTS: ("an artifact", _card_type("Artifact")),
    Keyword.PROTECTION_FROM_CREATURES: ("a creature", _card_type("Creature")),
    Keyword.PROTECTION_FROM_PLANESWALKERS: ("a planeswalker", _card_type("Planeswalker")),
    Keyword.PROTECTION_FROM_DEMONS: ("a Demon", _subtype("Demon")),
    Keyword.PROTECTION_FROM_DRAGONS: ("a Dragon", _subtype("Dragon")),
    Keyword.PROTECTION_FROM_DOGS: ("a Dog", _subtype("Dog")),
    Keyword.PROTECTION_FROM_EVERYTHING: ("anything", lambda chars: True),  # 702.16j
}
"""Each protection keyword: the quality in words ("black", "a Dragon") and its test."""

HEXPROOF_QUALITIES: dict[Keyword, tuple[str, Quality]] = {
    Keyword.HEXPROOF_FROM_WHITE: ("white", _color("white")),
    Keyword.HEXPROOF_FROM_BLUE: ("blue", _color("blue")),
    Keyword.HEXPROOF_FROM_BLACK: ("black", _color("black")),
    Keyword.HEXPROOF_FROM_RED: ("red", _color("red")),
    Keyword.HEXPROOF_FROM_GREEN: ("green", _color("green")),
}
"""Each "hexproof from" keyword: the quality in words and its test (702.11d)."""

assert set(QUALITIES) == {k for k in Keyword if k.value.startswith("protection from ")}
assert set(HEXPROOF_QUALITIES) == {k for k in Keyword if k.value.startswith("hexproof from ")}


def protection_against(protected: Chars, other: Chars) -> Keyword | None:
    """The first protection ability of ``protected`` whose quality ``other`` has, or None."""
    for kw in protected.keywords:
        found = QUALITIES.get(kw)
        if found is not None and found[1](other):
            return kw
    return None


def _quality_words(kw: Keyword) -> str:
    return QUALITIES[kw][0]


# ---------------------------------------------------------------- T: targeted (702.16b, 702.11d)
def _protection_target(state: GameState, player: str, obj: GameObject, source: Chars | None) -> tuple[str, str] | None:
    if source is None:
        return None
    chars = characteristics(state, obj.oid)
    kw = protection_against(chars, source)
    if kw is None:
        return None
    return "702.16b", (f"{chars.name} has {kw.value}, and {source.name} is {_quality_words(kw)}, so it can't "
                       f"be the target of {source.name} or of its abilities")


def _hexproof_from_target(state: GameState, player: str, obj: GameObject, source: Chars | None) -> tuple[str, str] | None:
    if source is None:
        return None
    if not opponents(state, player, obj.controller):
        return None
    chars = characteristics(state, obj.oid)
    for kw in chars.keywords:
        found = HEXPROOF_QUALITIES.get(kw)
        if found is not None and found[1](source):
            return "702.11d", (f"{chars.name} has {kw.value}, so it can't be the target of {found[0]} spells, nor "
                               f"of abilities from {found[0]} sources, that {player}, an opponent of its controller "
                               f"{obj.controller}, controls; {source.name} is {found[0]}")
    return None


hooks.TARGET_RULES.extend([_protection_target, _hexproof_from_target])


# ---------------------------------------------------------------- B: blocked (702.16f)
def _protection_block(state: GameState, blocker: GameObject, attacker: GameObject,
                      players: tuple[str, ...]) -> Reason | None:
    attacking = characteristics(state, attacker.oid)
    if not any(k in QUALITIES for k in attacking.keywords):
        return None
    blocking = characteristics(state, blocker.oid)
    kw = protection_against(attacking, blocking)
    if kw is None:
        return None
    return Reason("702.16f", f"{attacking.name} has {kw.value}, and {blocking.name} is {_quality_words(kw)}, so "
                  f"{blocking.name} can't block it")


hooks.PAIR_RULES.append(_protection_block)


# ---------------------------------------------------------------- E: enchanted or equipped (702.16c-d)
def why_cant_attach(state: GameState, attachment: GameObject, host: GameObject) -> str | None:
    """Why ``attachment`` (an Aura or Equipment) can't be attached to ``host`` because of the
    host's protection, as the end of a sentence, or None (702.16c-d)."""
    host_chars = characteristics(state, host.oid)
    if not any(k in QUALITIES for k in host_chars.keywords):
        return None
    chars = characteristics(state, attachment.oid)
    kw = protection_against(host_chars, chars)
    if kw is None:
        return None
    rule = "702.16d" if "Equipment" in chars.subtypes else "702.16c"
    return f"which has {kw.value}, and {chars.name} is {_quality_words(kw)} ({rule})"


hooks.ATTACH_RULES.append(why_cant_attach)


# ---------------------------------------------------------------- D: damage (702.16e)
def _prevent(d: Draft, seen: GameState, source: int, recipient: int | str, amount: int, combat: bool,
             source_chars: Chars) -> bool:
    """Damage from a source with the quality to a permanent with protection from it is prevented
    (702.16e, 615.1): it is never dealt, and the step says so."""
    if isinstance(recipient, str):
        return False  # players have no keywords in the kit: a player's protection isn't played
    try:
        chars = characteristics(seen, recipient)  # as the damage is dealt (510.2 for combat damage)
    except KeyError:
        return False
    kw = protection_against(chars, source_chars)
    if kw is None:
        return False
    kind = "combat damage" if combat else "damage"
    d.note("damage prevented", f"{source_chars.name} would deal {amount} {kind} to {chars.name}, but {chars.name} "
           f"has {kw.value} and {source_chars.name} is {_quality_words(kw)}, so the damage is prevented: none is "
           "dealt", "702.16e", recipient, name_of(seen, recipient))
    return True


hooks.DAMAGE_PREVENTIONS.append(_prevent)
