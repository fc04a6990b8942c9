"""Small builders shared by the card modules, so each card reads like its Oracle text."""

from __future__ import annotations

import re
from collections.abc import Callable

from mtgrules.core.abilities import AnyColor, Cost, Fixed, ManaAbility, Target
from mtgrules.core.carddef import CardDefError
from mtgrules.core.colors import color_set
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.events import Event
from mtgrules.core.keywords import Keyword, keyword_set
from mtgrules.core.mana import ManaType, Restriction
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.combat.damage import can_be_dealt_damage
from mtgrules.rules.layers import characteristics, on_battlefield, text_word
from mtgrules.rules.targeting import opponents

StaticEffects = Callable[[GameState, GameObject], list[Effect]]
"""What a static ability computes: its effects, given the state and its source (604, 611.3a)."""


def _mana_types(types: tuple[str, ...], builder: str) -> tuple[ManaType, ...]:
    """The mana types named, or a CardDefError naming the one that isn't (106.1)."""
    try:
        return tuple(ManaType(t) for t in types)
    except ValueError:
        raise CardDefError(f"{builder}: each type must be one of {', '.join(m.value for m in ManaType)}, "
                           f"not {types!r:.60} (106.1)") from None


def _what_it_adds(text: str, builder: str) -> str:
    """The words of a mana ability's effect ("Add {R} or {G}"). A sentence after the first full
    stop ("Spend this mana only to cast...") is more than these builders play: refused, naming
    what does (reminder text in parentheses aside)."""
    effect, _, rest = text.split(":", 1)[-1].partition(".")
    if re.sub(r"\([^)]*\)", "", rest).strip():
        raise CardDefError(f"{builder}: the text {text!r:.80} says more than which mana it adds, and {builder} "
                           "would play only that; write ManaAbility(Cost.of(tap=True), ..., text, "
                           "restriction=Restriction(...)) for mana with a spending restriction (106.6)")
    return effect


def tap_for(*types: str, text: str = "") -> ManaAbility:
    """"{T}: Add {G}." and the like: it adds every type named, so ``tap_for("R", "G")`` is
    "{T}: Add {R}{G}." (two mana). A ``text`` that doesn't name exactly those symbols (such as
    "{T}: Add {R} or {G}.", one mana of a choice: that is :func:`tap_for_one_of`) is refused:
    the ability would add other mana than its text says."""
    ts = _mana_types(types, "tap_for")
    added = "".join("{" + t + "}" for t in types)
    effect = _what_it_adds(text, "tap_for")
    if text and (" or " in effect or "".join(re.findall(r"\{[^}]*\}", effect)) != added):
        raise CardDefError(f"tap_for({', '.join(map(repr, types))}) adds {added}, but its text {text!r} says "
                           "otherwise (106.1); an ability that adds one mana of a choice of types isn't expressed "
                           "by tap_for: use tap_for_one_of")
    return ManaAbility(Cost.of(tap=True), Fixed(ts), text or "{T}: Add " + added + ".")


def tap_for_one_of(*types: str, text: str = "") -> ManaAbility:
    """"{T}: Add {R} or {G}.": one mana of one of these types, chosen as it is activated (106.1).
    Each type once, and a ``text`` naming exactly those symbols, else the ability would offer
    other mana than its text says."""
    if len(types) < 2 or len(set(types)) != len(types):
        raise CardDefError(f"tap_for_one_of needs two different types or more to choose among, not {types!r}; "
                           "for one type use tap_for")
    ts = _mana_types(types, "tap_for_one_of")
    symbols = ["{" + t + "}" for t in types]
    if text and sorted(re.findall(r"\{[^}]*\}", _what_it_adds(text, "tap_for_one_of"))) != sorted(symbols):
        raise CardDefError(f"tap_for_one_of({', '.join(map(repr, types))}) offers {' or '.join(symbols)}, but its "
                           f"text {text!r} names other mana (106.1)")
    said = ", ".join(symbols[:-1]) + ("," if len(symbols) > 2 else "") + " or " + symbols[-1]
    return ManaAbility(Cost.of(tap=True), AnyColor(among=ts), text or f"{{T}}: Add {said}.")


def tap_any_color(text: str = "{T}: Add one mana of any color.", *, restriction: Restriction | None = None) -> ManaAbility:
    return ManaAbility(Cost.of(tap=True), AnyColor(), text, restriction=restriction)


def creature_target(description: str = "target creature",
                    also: Callable[[GameState, str, GameObject], bool] | None = None) -> Target:
    """A creature on the battlefield, or an object treated as one (``layers.on_battlefield``:
    Over My Dead Bodies' attacking and blocking graveyard cards), in whatever zone it is; ``also``
    adds a test ``(state, player, obj)`` such as "you don't control"."""
    return Target(description, lambda state, player, obj: on_battlefield(state, obj)
                  and characteristics(state, obj.oid).is_creature
                  and (also is None or also(state, player, obj)), frozenset(Zone))


TargetTest = Callable[[GameState, str, GameObject], bool]
"""A test ``(state, player, obj)`` that a target must pass, as ``creature_target``'s ``also``."""


def colored(color: str) -> TargetTest:
    """"Target black creature": the object is ``color`` now, as the layers compute its colour
    (its mana cost and colour indicator, 202.2, then the colour-changing effects of layer 5,
    613.1e), not as its card was printed. A misspelled colour is refused here (105.1)."""
    wanted = _one_color(color, "colored")
    return lambda state, player, obj: wanted in characteristics(state, obj.oid).colors


def not_colored(color: str) -> TargetTest:
    """"Target nonblack creature": the object is not ``color`` now (202.2, 613.1e); a colorless
    object is nonblack (105.2c), and a black creature an effect made blue is too (105.3)."""
    wanted = _one_color(color, "not_colored")
    return lambda state, player, obj: wanted not in characteristics(state, obj.oid).colors


def _one_color(color: str, builder: str) -> str:
    """``color`` as one of the five colour words, or a CardDefError as the card is defined."""
    if not isinstance(color, str):
        raise CardDefError(f"{builder} takes one colour word such as 'black', not {color!r:.40}")
    try:
        return next(iter(color_set(color, f"{builder}({color!r})")))
    except ValueError as e:
        raise CardDefError(str(e)) from None


def _no_object(state: GameState, player: str, obj: GameObject) -> bool:
    return False


def player_target(description: str = "target player",
                  also: Callable[[GameState, str, str], bool] | None = None) -> Target:
    """"target player": any player in the game, and no object (115.1a, 115.1c, 115.1d); ``also``
    adds a test ``(state, controller, player)``. Given as ``targets=("Bob",)``."""
    return Target(description, _no_object, frozenset(),
                  players=lambda state, controller, name: also is None or also(state, controller, name))


def opponent_target(description: str = "target opponent") -> Target:
    """"target opponent": a player not on the controller's team (102.3), and no object."""
    return Target(description, _no_object, frozenset(), players=opponents)


def any_target(description: str = "any target") -> Target:
    """"any target": a creature, player, planeswalker or battle (115.4), and no other object
    (not a noncreature artifact, nor a spell). An object treated as a creature on the battlefield
    counts (``layers.on_battlefield``)."""
    return Target(description, lambda state, player, obj: can_be_dealt_damage(state, obj), frozenset(Zone),
                  players=lambda state, controller, name: True)


def graveyard_card_target(description: str, test: Callable[[GameState, str, GameObject], bool]) -> Target:
    """A card in its owner's graveyard that passes ``test(state, player, obj)``."""
    return Target(description, test, frozenset({Zone.GRAVEYARD}))


def others_you_control(subtype: str, power: int, toughness: int, rule: str, why: str) -> StaticEffects:
    """A lord's static effect: other <subtype> you control get +p/+t (613.4c). The subtype is a
    word of its text, so a text-changing effect can change it ("Zombies" to "Humans", 612.2)."""
    def effects(state: GameState, source: GameObject) -> list[Effect]:
        kind = text_word(state, source, subtype)

        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return (obj.oid != source.oid and obj.controller == source.controller
                    and on_battlefield(st, obj) and chars.is_creature and kind in chars.subtypes)
        return [Effect("7c", why, rule, source.oid, source.timestamp, applies=applies, delta=(power, toughness))]
    return effects


def creatures_you_control(power: int, toughness: int, rule: str, why: str) -> StaticEffects:
    """An anthem: "Creatures you control get +p/+t" (613.4c), this permanent too if it is one."""
    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return obj.controller == source.controller and on_battlefield(st, obj) and chars.is_creature
        return [Effect("7c", why, rule, source.oid, source.timestamp, applies=applies, delta=(power, toughness))]
    return effects


def enchanted_has(*keywords: Keyword | str, rule: str, why: str) -> StaticEffects:
    """An Aura's "Enchanted creature can't attack or block." / "... has flying." (layer 6,
    613.1f): the keywords go to the permanent the Aura is attached to, while it is attached."""
    granted = keyword_set(set(keywords), f"effect {why!r}")

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return source.attached_to == obj.oid and on_battlefield(st, obj)
        return [Effect("6", why, rule, source.oid, source.timestamp, applies=applies, add_keywords=granted)]
    return effects


def this_enters(state: GameState, source: GameObject, ev: Event) -> bool:
    """"When this creature enters": the event moves this object onto the battlefield (603.6a)."""
    return ev.obj == source.oid and ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD


def grant_keyword_to_yours(keyword: Keyword | str, rule: str, why: str) -> StaticEffects:
    """"Creatures you control have <keyword>" (layer 6, 613.1f)."""
    granted = keyword_set({keyword}, f"effect {why!r}")  # checked as the card is defined, not first played

    def effects(state: GameState, source: GameObject) -> list[Effect]:
        def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
            return obj.controller == source.controller and on_battlefield(st, obj) and chars.is_creature
        return [Effect("6", why, rule, source.oid, source.timestamp, applies=applies, add_keywords=granted)]
    return effects
