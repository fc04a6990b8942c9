"""Trigger events and intervening "if"s that cards print and the core triggers don't cover
(603.2, 603.4, 603.6, 603.10): each function here builds the ``matches`` (or the ``condition``)
of a :class:`~mtgrules.core.abilities.TriggeredAbility`.

Why each reads the event it does:

* a draw is the top card of a library put into its owner's hand by a draw (121.1; the draw step's
  draw, 504.1, and a team's, 805.4b, are draws too), never a card put there by a search or a
  "put it into your hand" (701.23a, 701.20a), which is no draw;
* combat damage to a player is a ``"combat damage"`` event whose recipient is a player (510.2),
  once per source and step: a creature with double strike that hits twice triggers twice; damage
  to an opponent is either kind of damage event (120.1);
* "another creature enters" and "an Angel enters under your control" are checked with the
  permanent on the battlefield right after it entered (603.6a, 603.10), as the core's "a creature
  you control enters" is; a creature type is read from its characteristics then (205.3m, 613);
* "whenever a player casts" is any player's spell (601.2i), "a creature with flying attacks" is
  anyone's attacker (508.3a), and "blocks a creature with flying" reads the attacker it blocks
  from the combat record (509.1g);
* an intervening "if" (603.4) is a condition of the state, checked by the trigger machinery
  twice: as the event happens and as the ability resolves. These conditions count what the
  ability's controller controls on the battlefield at that moment, and "if this is untapped"
  looks at the source permanent;
* "that player" and "that creature" are the ones the event named, carried by the trigger
  (608.2h): the player who drew, whose draw step it is; the creature that blocked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.core.abilities import EventMatch, TriggerData
from mtgrules.core.events import Event, EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics, on_battlefield

DRAW_RULES = frozenset({"121.1", "504.1", "805.4b"})
"""The rules a move from a library to a hand cites when it is a draw (rules/turn_loop.draw)."""

Condition = Callable[[GameState, GameObject], bool]


# ---------------------------------------------------------------- drawing (121.1)
def is_draw(ev: Event) -> bool:
    """The move of a card from a library to a hand that a draw makes (121.1)."""
    return (ev.kind is EventKind.ZONE_CHANGE and ev.attribute == "zone" and isinstance(ev.obj, int)
            and ev.before == Zone.LIBRARY and ev.after == Zone.HAND and ev.rule in DRAW_RULES)


def you_draw_a_card(state: GameState, source: GameObject, ev: Event) -> bool:
    """"Whenever you draw a card": once for each card the ability's controller draws (121.2)."""
    if not is_draw(ev):
        return False
    try:
        drawn = state.obj(ev.oid)
    except KeyError:
        return False
    return drawn.owner == source.controller


def an_opponent_draws_a_card(state: GameState, source: GameObject, ev: Event) -> bool | list[TriggerData]:
    """"Whenever an opponent draws a card": once per card an opponent of the ability's controller
    draws (121.2); the trigger names that player (``"player"``) for "that player"."""
    if not is_draw(ev):
        return False
    try:
        drawn = state.obj(ev.oid)
    except KeyError:
        return False
    if drawn.owner not in state.opponents(source.controller):
        return False
    return [(("player", drawn.owner),)]


# ---------------------------------------------------------------- combat damage to a player (510.2)
def combat_damage_to_a_player(equipped: bool = False) -> EventMatch:
    """"Whenever this creature deals combat damage to a player" or, with ``equipped``, "whenever
    equipped creature deals ...": the damaging source is this permanent (or the creature it is
    attached to, 301.5) and the recipient a player. The trigger carries the player and the
    amount (``"player"``, ``"amount"``) for "that player" and "that much" (608.2h)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool | list[TriggerData]:
        if ev.kind is not EventKind.COMBAT_DAMAGE or ev.attribute != "damage" or not isinstance(ev.obj, int):
            return False
        dealer = source.attached_to if equipped else source.oid
        if dealer is None or ev.obj != dealer or ev.before not in state.player_names:
            return False
        return [(("player", ev.before), ("amount", ev.after))]
    return matches


def damage_to_an_opponent(state: GameState, source: GameObject, ev: Event) -> bool | list[TriggerData]:
    """"Whenever this creature deals damage to an opponent": combat or noncombat damage (the
    ability listens for ``"damage dealt"``, rules/triggers.py) from this permanent to an opponent
    of its controller, once per opponent dealt damage. Damage prevented is never dealt, so it
    triggers nothing (615.1). The trigger names that player (``"player"``)."""
    if ev.kind not in (EventKind.COMBAT_DAMAGE, EventKind.NONCOMBAT_DAMAGE) or ev.attribute != "damage":
        return False
    if ev.obj != source.oid or ev.before not in state.opponents(source.controller):
        return False
    return [(("player", ev.before), ("amount", ev.after))]


# ---------------------------------------------------------------- casting (601.2i)
def a_player_casts(colors: frozenset[str]) -> EventMatch:
    """"Whenever a player casts a white spell": any player's spell that has one of ``colors``
    (105.2), as it is on the stack once cast (601.2i)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if ev.kind is not EventKind.CAST or not isinstance(ev.obj, int):
            return False
        try:
            spell = state.obj(ev.obj)
        except KeyError:
            return False
        return bool(characteristics(state, spell.oid).colors & colors)
    return matches


# ---------------------------------------------------------------- attacks and blocks (508.3a, 509.1g)
def a_creature_with_attacks(keyword: Keyword) -> EventMatch:
    """"Whenever a creature with flying attacks": each attacker that has ``keyword`` as it is
    declared, whoever controls it (508.3a)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if ev.kind is not EventKind.ATTACKS or not isinstance(ev.obj, int):
            return False
        return keyword in characteristics(state, ev.obj).keywords
    return matches


def blocks_a_creature_with(keyword: Keyword) -> EventMatch:
    """"Whenever this creature blocks a creature with flying": this creature was declared as the
    blocker of an attacker that has ``keyword`` (509.1g, read from the combat record)."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if ev.kind is not EventKind.BLOCKS or ev.obj != source.oid or state.combat is None:
            return False
        attackers = [b.attacker.oid for b in state.combat.blocks if b.blocker.oid == source.oid]
        return any(keyword in characteristics(state, oid).keywords for oid in attackers)
    return matches


def becomes_blocked_by_a_creature(state: GameState, source: GameObject, ev: Event) -> bool | list[TriggerData]:
    """"Whenever this creature becomes blocked by a creature": once for each creature declared as
    a blocker of it (509.3d). The trigger names that creature (``"creature"``, the blocker as the
    same object, 400.7) and its controller then (``"controller"``)."""
    if ev.kind is not EventKind.BLOCKS or not isinstance(ev.obj, int) or state.combat is None:
        return False
    if not any(b.blocker.oid == ev.obj and b.attacker.oid == source.oid for b in state.combat.blocks):
        return False
    blocker = state.obj(ev.obj)
    return [(("creature", blocker.ref), ("controller", blocker.controller))]


# ---------------------------------------------------------------- entering (603.6a)
@dataclass(frozen=True)
class Newcomer:
    """Which permanent's entering the ability waits for: ``other`` (not its own permanent),
    ``yours`` (under its controller's control), and what it is as it enters: a creature (or a
    permanent of ``creature_type``, 205.3m), not a token, of one of ``colors``, with ``keyword``,
    with power at least / at most ``power``."""

    other: bool = False
    yours: bool = True
    creature_type: str | None = None
    nontoken: bool = False
    colors: frozenset[str] = frozenset()
    keyword: Keyword | None = None
    power: tuple[str, int] | None = None


def enters(who: Newcomer) -> EventMatch:
    """The ``matches`` of "whenever [another] [a kind of] creature enters [under your control]"."""
    def matches(state: GameState, source: GameObject, ev: Event) -> bool:
        if not (isinstance(ev.obj, int) and ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD
                and ev.before != Zone.BATTLEFIELD) or (who.other and ev.obj == source.oid):
            return False
        obj = next((o for o in state.objects if o.oid == ev.obj), None)
        if obj is None or obj.zone is not Zone.BATTLEFIELD or (who.yours and obj.controller != source.controller):
            return False
        return is_one(state, obj, who)
    return matches


def is_one(state: GameState, obj: GameObject, who: Newcomer) -> bool:
    """Whether the permanent ``obj`` is what ``who`` describes, now (613)."""
    chars = characteristics(state, obj.oid)
    if who.creature_type is not None:
        if who.creature_type not in chars.subtypes:
            return False
    elif not chars.is_creature:
        return False
    if who.nontoken and obj.is_token:
        return False
    if who.colors and not chars.colors & who.colors:
        return False
    if who.keyword is not None and who.keyword not in chars.keywords:
        return False
    if who.power is not None:
        most_or_least, n = who.power
        power = chars.power or 0
        if (power < n) if most_or_least == "at least" else (power > n):
            return False
    return True


# ---------------------------------------------------------------- intervening "if"s (603.4)
def you_control(count: int, kind: str, power_at_least: int | None = None, other: bool = False) -> Condition:
    """"if you control [another / N or more] <kind> [with power N or greater]": at least ``count``
    permanents of the card type ``kind`` (205.2a) that the ability's controller controls on the
    battlefield, not counting its source with ``other``."""
    def condition(state: GameState, source: GameObject) -> bool:
        found = 0
        for obj in state.battlefield(source.controller):
            if other and obj.oid == source.oid or not on_battlefield(state, obj):
                continue
            chars = characteristics(state, obj.oid)
            if kind not in chars.types:
                continue
            if power_at_least is not None and (chars.power or 0) < power_at_least:
                continue
            found += 1
        return found >= count
    return condition


def you_control_planeswalker_of(subtype: str) -> Condition:
    """"if you control a Basri planeswalker": a planeswalker of that planeswalker type (205.3j)."""
    def condition(state: GameState, source: GameObject) -> bool:
        return any("Planeswalker" in (c := characteristics(state, o.oid)).types and subtype in c.subtypes
                   for o in state.battlefield(source.controller))
    return condition


def source_is_untapped(state: GameState, source: GameObject) -> bool:
    """"if this is untapped": its source is an untapped permanent (110.5)."""
    return source.zone is Zone.BATTLEFIELD and not source.tapped
