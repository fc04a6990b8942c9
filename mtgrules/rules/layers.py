"""Characteristics computed from the card plus the continuous effects in force (CR 613).

Nothing about an object's current types, abilities or power is stored: it is worked out here,
layer by layer, every time a state is asked. One mechanism covers a Giant Growth (7c, locked to
its target, 611.2c), a lord's static bonus (7c, re-evaluated continuously, 611.3a), counters
(7c), abilities granted or removed (6), colours changed (5) and types added to cards in any zone (4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mtgrules.core.abilities import StaticAbility
from mtgrules.core.carddef import POOL_CHANGES, card
from mtgrules.core.effects import EFFECT_LAYERS, Chars, Effect
from mtgrules.core.errors import EffectError
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import OBJECTS, PLAYERS, PRIORITY_FIELDS, STATUS, derived_from, with_changes
from mtgrules.rules import hooks

if TYPE_CHECKING:
    from mtgrules.core.state import GameState

LAYERS = EFFECT_LAYERS
# Printed values read the objects alone; effects and characteristics may read any part of the game.
derived_from("card facts", OBJECTS)
derived_from("ability kinds", frozenset({"objects"}))


# ---------------------------------------------------------------- what counts as on the battlefield
OnBattlefieldRule = Callable[["GameState", GameObject], bool]

"""Rules saying that an object in another zone is treated as though it were on the battlefield,
so that effects reaching "creatures on the battlefield" ("other Zombies you control", "target
creature") reach it too. Over My Dead Bodies adds its attacking and blocking graveyard cards."""


def unchanged_without_effects(old: GameState, edited: frozenset[str]) -> bool:
    """With no continuous effect in the game (none from resolved spells, no static ability on any
    card), an object's characteristics are its printed ones plus its counters (613.1, 613.4c), so
    edits to status other than counters, to players and to priority leave them all as they were."""
    return (edited <= _STATUS_AND_PLAYERS and not old.effects
            and StaticAbility not in ability_kinds(old))


_STATUS_AND_PLAYERS = (STATUS - {"counters"}) | PLAYERS | PRIORITY_FIELDS
TAP_AND_MANA = frozenset({"tapped", "pool"}) | PRIORITY_FIELDS
"""Edits of a mana ability's usual action (a tap paying its cost, mana added) and of priority moving:
what other keep rules (state-based actions, what lands could produce) may also let pass."""
derived_from("effects in force", keep_if=unchanged_without_effects)
derived_from("chars", keep_if=unchanged_without_effects)


def on_battlefield(state: GameState, obj: GameObject) -> bool:
    """Whether ``obj`` is on the battlefield, or a rule treats it as though it were. Rules here
    must not compute characteristics: effects ask this while characteristics are being computed."""
    return obj.zone is Zone.BATTLEFIELD or any(rule(state, obj) for rule in hooks.TREATED_AS_ON_BATTLEFIELD)


CardFacts = tuple[Chars, tuple[StaticAbility, ...], frozenset[type]]
_PRINTED: dict[str, CardFacts] = {}
"""Per card name: its printed characteristics, its static abilities and the kinds of ability it
has. All are values, so every object of that card shares them; emptied when a card is added or
replaced (``POOL_CHANGES``)."""
_SEEN_CHANGES = [-1]


def _card_facts(name: str) -> CardFacts:
    if _SEEN_CHANGES[0] != POOL_CHANGES[0]:
        _PRINTED.clear()
        _SEEN_CHANGES[0] = POOL_CHANGES[0]
    held = _PRINTED.get(name)
    if held is None:
        d = card(name)
        held = _PRINTED[name] = (Chars(d.name, d.types, d.subtypes, d.supertypes, d.power, d.toughness,
                                       d.keywords, d.colors).with_values(),  # no P/T printed: 0 (208.5)
                                 tuple(ab for ab in d.abilities if isinstance(ab, StaticAbility)),
                                 frozenset(c for ab in d.abilities for c in type(ab).__mro__))
    return held


def _object_facts(state: GameState) -> list[tuple[GameObject, Chars, tuple[StaticAbility, ...]]]:
    """Each object with its card's printed characteristics and static abilities (once per state)."""
    def compute() -> list[tuple[GameObject, Chars, tuple[StaticAbility, ...]]]:
        if _SEEN_CHANGES[0] != POOL_CHANGES[0]:
            _PRINTED.clear()
            _SEEN_CHANGES[0] = POOL_CHANGES[0]
        held = _PRINTED
        return [(o, *(held.get(o.card) or _card_facts(o.card))[:2]) for o in state.objects]
    return state.cached("card facts", compute)


def ability_kinds(state: GameState) -> frozenset[type]:
    """The kinds of ability (``TriggeredAbility``, ``ManaReplacement``, ...) that the cards in the
    game have, in any zone, once per state: a rule whose kind no card has can skip its search."""
    return state.cached("ability kinds", lambda: frozenset().union(
        *(_card_facts(name)[2] for name in {o.card for o in state.objects})))


def printed(obj: GameObject) -> Chars:
    """The characteristics printed on the card (613.1 starts here)."""
    return _card_facts(obj.card)[0]


def effects_in_force(state: GameState) -> list[Effect]:
    """Effects from resolved spells and abilities plus those of static abilities now active."""
    return list(state.cached("effects in force", lambda: _effects_in_force(state)))


def _effects_in_force(state: GameState) -> tuple[Effect, ...]:
    found = list(state.effects)
    _refuse_unreached(found, "611.2c", "a resolved spell or ability")
    for obj, _chars, statics in _object_facts(state):
        for ab in statics:
            if obj.zone in ab.zones:
                made = ab.effects(state, obj)
                _refuse_unreached(made, "611.3a", f"{obj.card}'s static ability {ab.text!r:.60}")
                found.extend(made)
    return tuple(found)


def _refuse_unreached(effects: list[Effect], rule: str, whose: str) -> None:
    """An effect in force must say what it applies to: ``affected`` (the objects a resolved spell
    locked in, 611.2c) or ``applies`` (a test made at each moment, 611.3a). One with neither is a
    template (given its objects later with ``dataclasses.replace``) that a card's code put in
    force as it was: it would change nothing, silently, so it is refused where it first counts."""
    for e in effects:
        if e.affected is None and e.applies is None:
            raise EffectError(rule, f"effect {e.description!r} from {whose} says neither which objects it "
                                    "affects (affected=, 611.2c) nor how to find them (applies=, 611.3a), so it "
                                    "would change nothing; give one of them")


def all_characteristics(state: GameState) -> dict[int, Chars]:
    """Characteristics of every object, applying each layer to all objects before the next."""
    return state.cached("chars", lambda: _compute(state))


def characteristics(state: GameState, oid: int) -> Chars:
    try:
        return all_characteristics(state)[oid]
    except KeyError:
        state.obj(oid)  # an id that was never there: "no object with id 12", not a bare 12
        raise


def characteristics_alone(state: GameState, oid: int) -> Chars:
    """One object's characteristics, worked out without the other objects' when the state has
    none yet: for a state made to ask one question ("what would this card be once attacking?").
    The same layers in the same order as for every object (613.1): an effect asks only about the
    object it may touch, so each object's layers can be applied alone."""
    known: dict[int, Chars] | None = state._cache.get("chars")
    if known is not None:
        return known[oid]
    obj = state.obj(oid)
    c = printed(obj)
    effects = effects_in_force(state)
    if not effects:
        return _apply_counters(obj, c) if obj.counters else c
    for layer, in_layer in _in_layer_order(effects):
        for eff in in_layer:
            if eff.touches(state, obj, c):
                c = eff.apply(c)
        if layer == "7c" and obj.counters:
            c = _apply_counters(obj, c)
    return c


def _compute(state: GameState) -> dict[int, Chars]:
    """Layer by layer (613.1); an object no effect or counter touches keeps the printed value
    itself (the same ``Chars``), which lets ``characteristic_events`` skip it by identity."""
    facts = _object_facts(state)
    effects = effects_in_force(state)
    if not effects:  # printed values, and counters (613.4c)
        return {o.oid: _apply_counters(o, c) if o.counters else c for o, c, _statics in facts}
    chars = {o.oid: c for o, c, _statics in facts}
    for layer, in_layer in _in_layer_order(effects):
        for eff in in_layer:
            for obj in state.objects:
                if eff.touches(state, obj, chars[obj.oid]):
                    chars[obj.oid] = eff.apply(chars[obj.oid])
        if layer == "7c":
            for obj in state.objects:
                if obj.counters:
                    chars[obj.oid] = _apply_counters(obj, chars[obj.oid])
    return chars


def _in_layer_order(effects: list[Effect]) -> list[tuple[str, list[Effect]]]:
    """Each layer in order (613.1), with its effects in timestamp order (613.7); a layer with no
    effect is listed too, as counters still apply in 7c."""
    by_layer: dict[str, list[Effect]] = {}
    for e in effects:
        by_layer.setdefault(e.layer, []).append(e)
    return [(layer, sorted(by_layer.get(layer, ()), key=lambda e: e.timestamp)) for layer in LAYERS]


def _apply_counters(obj: GameObject, c: Chars) -> Chars:
    """+1/+1 and -1/-1 counters modify P/T in layer 7c (613.4c); on a noncreature they do nothing
    (208.3), and a creature has a value for each by then (208.5, ``Chars.with_values``)."""
    n = obj.counter("+1/+1") - obj.counter("-1/-1")
    if n == 0 or not c.is_creature:
        return c
    c = c.with_values()
    assert c.power is not None and c.toughness is not None  # with_values gave a creature both (208.5)
    return with_changes(c, {"power": c.power + n, "toughness": c.toughness + n})


def explain(state: GameState, oid: int) -> list[tuple[str, str, str]]:
    """(layer, effect, rule) for each effect that touches an object: "why is it 3/3?". A creature
    whose card and effects give it no power or no toughness has 0 for it (208.5): a row with the
    layer "-" (a rule, not an effect) says so, after the layer 4 effect that made it a creature."""
    obj = state.obj(oid)
    chars = all_characteristics(state)[oid]
    touching = [e for e in sorted(effects_in_force(state), key=lambda e: (LAYERS.index(e.layer), e.timestamp))
                if e.touches(state, obj, chars)]
    rows = [(e.layer, e.description, e.rule) for e in touching]
    if chars.is_creature:
        d = card(obj.card)
        set_sides = {i for e in touching if e.set_pt is not None for i, v in enumerate(e.set_pt) if v is not None}
        missing = [side for i, (side, value) in enumerate((("power", d.power), ("toughness", d.toughness)))
                   if value is None and i not in set_sides]
        if missing:
            rows.insert(sum(1 for r in rows if r[0] == "4"),
                        ("-", f"no value for its {' or '.join(missing)}, so 0 for it", "208.5"))
    if (obj.counter("+1/+1") or obj.counter("-1/-1")) and chars.is_creature:  # a noncreature's do nothing (208.3)
        rows.append(("7c", f"counters {dict(obj.counters)}", "613.4c"))
    return rows
