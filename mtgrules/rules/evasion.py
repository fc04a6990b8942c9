"""Evasion: who may block a creature, beyond flying and menace (509.1b, 702.13, 702.14, 702.36).

Each rule here is a restriction on blocks (509.1b), written on the attacker or on the blocker and
read from the characteristics now (layer 6), so an Aura or a lord that grants one plays it too
("Enchanted creature has fear", "Other Goblins ... have mountainwalk"):

* **Landwalk** (702.14c): "swampwalk" and the other basic landwalks: it can't be blocked as long
  as the defending player (the one it attacks, or whose planeswalker it attacks) controls a land
  with that land type. Two landwalks don't cancel each other (702.14d).
* **Fear** (702.36b): it can't be blocked except by artifact creatures and/or black creatures.
* **Intimidate** (702.13b): except by artifact creatures and/or creatures that share a colour with it.
* **"Can't be blocked"** and its kin, printed restrictions (509.1b): "can't be blocked", "can't be
  blocked except by creatures with flying", "... except by Walls and/or creatures with flying",
  "can't be blocked by Walls", "can't be blocked by [colour] creatures", and, on the blocker,
  "can block only creatures with flying".
* **"Can't be blocked by more than one creature"** (509.1b) is a most number of blockers
  (``hooks.MAX_BLOCKERS``), which ``legal_blocks`` counts like menace's least number.

The declaration checks (``rules/combat/blocking.py``) ask these through ``hooks.PAIR_RULES`` and
``hooks.MAX_BLOCKERS``, so ``why_cant_block`` explains each with its rule and ``legal_blocks``
never proposes a block one forbids.

Not played: "can block an additional creature each combat" (a creature blocking two attackers,
509.1a, 510.1d: the kit's block declaration gives each blocker one attacker).
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.core.effects import Chars
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules import hooks
from mtgrules.rules.combat.blocking import Reason
from mtgrules.rules.combat.state import attack_of, defending_player_of
from mtgrules.rules.layers import characteristics

LANDWALKS: dict[Keyword, str] = {
    Keyword.PLAINSWALK: "Plains", Keyword.ISLANDWALK: "Island", Keyword.SWAMPWALK: "Swamp",
    Keyword.MOUNTAINWALK: "Mountain", Keyword.FORESTWALK: "Forest",
}
"""Each basic landwalk and the land type it looks for (702.14a, 305.6)."""

BlockerTest = Callable[[Chars, Chars], bool]
"""``(attacker, blocker) -> True`` when the blocker may block it despite the restriction."""


def _artifact_creature(blocker: Chars) -> bool:
    return "Artifact" in blocker.types and blocker.is_creature


def _wall(blocker: Chars) -> bool:
    return "Wall" in blocker.subtypes


def _flier(blocker: Chars) -> bool:
    return Keyword.FLYING in blocker.keywords


def _not_color(color: str) -> BlockerTest:
    return lambda attacker, blocker: color not in blocker.colors


EXCEPT_BY: dict[Keyword, tuple[str, str, BlockerTest]] = {
    Keyword.FEAR: ("702.36b", "can't be blocked except by artifact creatures and/or black creatures",
                   lambda a, b: _artifact_creature(b) or "black" in b.colors),
    Keyword.INTIMIDATE: ("702.13b", "can't be blocked except by artifact creatures and/or creatures that share a "
                         "color with it", lambda a, b: _artifact_creature(b) or bool(a.colors & b.colors)),
    Keyword.CANT_BE_BLOCKED: ("509.1b", "can't be blocked", lambda a, b: False),
    Keyword.CANT_BE_BLOCKED_EXCEPT_BY_FLYERS: ("509.1b", "can't be blocked except by creatures with flying",
                                               lambda a, b: _flier(b)),
    Keyword.CANT_BE_BLOCKED_EXCEPT_BY_WALLS_AND_FLYERS: (
        "509.1b", "can't be blocked except by Walls and/or creatures with flying", lambda a, b: _wall(b) or _flier(b)),
    Keyword.CANT_BE_BLOCKED_BY_WALLS: ("509.1b", "can't be blocked by Walls", lambda a, b: not _wall(b)),
    Keyword.CANT_BE_BLOCKED_BY_WHITE: ("509.1b", "can't be blocked by white creatures", _not_color("white")),
    Keyword.CANT_BE_BLOCKED_BY_BLUE: ("509.1b", "can't be blocked by blue creatures", _not_color("blue")),
    Keyword.CANT_BE_BLOCKED_BY_BLACK: ("509.1b", "can't be blocked by black creatures", _not_color("black")),
    Keyword.CANT_BE_BLOCKED_BY_RED: ("509.1b", "can't be blocked by red creatures", _not_color("red")),
    Keyword.CANT_BE_BLOCKED_BY_GREEN: ("509.1b", "can't be blocked by green creatures", _not_color("green")),
}
"""Restrictions written on the attacker: the rule, what it says, and who may block it anyway."""

_ATTACKER_KEYWORDS = frozenset(EXCEPT_BY) | frozenset(LANDWALKS)


def _landwalk(state: GameState, attacker: GameObject, chars: Chars) -> Reason | None:
    """702.14c: the defending player controls a land of the type, so it can't be blocked at all."""
    walks = [k for k in chars.keywords if k in LANDWALKS]
    if not walks:
        return None
    attack = attack_of(state, attacker.oid)
    if attack is None:
        return None
    defender = defending_player_of(state, attack)
    for kw in walks:
        land_type = LANDWALKS[kw]
        for o in state.objects:
            if o.zone is Zone.BATTLEFIELD and o.controller == defender:
                land = characteristics(state, o.oid)
                if land.is_land and land_type in land.subtypes:
                    return Reason("702.14c", f"{chars.name} has {kw.value}, and the defending player {defender} "
                                  f"controls {land.name}, a {land_type}, so it can't be blocked")
    return None


def _attacker_restrictions(state: GameState, blocker: GameObject, attacker: GameObject,
                           players: tuple[str, ...]) -> Reason | None:
    chars = characteristics(state, attacker.oid)
    if not chars.keywords & _ATTACKER_KEYWORDS:
        return None
    walked = _landwalk(state, attacker, chars)
    if walked is not None:
        return walked
    blocking = characteristics(state, blocker.oid)
    for kw in chars.keywords:
        found = EXCEPT_BY.get(kw)
        if found is not None and not found[2](chars, blocking):
            rule, says, _ = found
            return Reason(rule, f"{chars.name} {says}, so {blocking.name} can't block it")
    return None


def _blocks_only_fliers(state: GameState, blocker: GameObject, attacker: GameObject,
                        players: tuple[str, ...]) -> Reason | None:
    blocking = characteristics(state, blocker.oid)
    if Keyword.BLOCKS_ONLY_FLYERS not in blocking.keywords:
        return None
    attacking = characteristics(state, attacker.oid)
    if Keyword.FLYING in attacking.keywords:
        return None
    return Reason("509.1b", f"{blocking.name} can block only creatures with flying, and {attacking.name} doesn't "
                  "have flying")


hooks.PAIR_RULES.extend([_attacker_restrictions, _blocks_only_fliers])


def _one_blocker_at_most(state: GameState, attacker: GameObject) -> tuple[int, Reason] | None:
    chars = characteristics(state, attacker.oid)
    if Keyword.CANT_BE_BLOCKED_BY_MORE_THAN_ONE not in chars.keywords:
        return None
    return 1, Reason("509.1b", f"{chars.name} can't be blocked by more than one creature")


hooks.MAX_BLOCKERS.append(_one_blocker_at_most)
