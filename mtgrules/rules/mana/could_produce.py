"""What a permanent "could produce" (106.7), as a fixed point.

Each permanent's answer is the set of types its mana abilities would produce if they resolved
now, with the "tapped for mana" replacement effects applied in every possible order, and with
costs ignored (so a tapped land or a land out of counters still counts). Abilities that only
reflect other permanents (Reflecting Pool, Exotic Orchard, Fellwar Stone) read the other
answers, so all answers are computed together: start from "nothing" and grow every set until
none changes. Sets only grow and there are six types, so this always stops; two reflecting
lands that see only each other stay at "nothing", which is the rule's answer.
"""

from __future__ import annotations

from mtgrules.core.abilities import AnyColor, Fixed, ManaAbility, ManaReplacement, Reflect
from mtgrules.core.carddef import card, read_once
from mtgrules.core.mana import ALL_TYPES, COLORS, ManaType
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState, derived_from
from mtgrules.rules.activation import mana_abilities_of
from mtgrules.rules.layers import (
    TAP_AND_MANA,
    abilities_may_change,
    ability_kinds,
    characteristics,
    unchanged_without_effects,
)
from mtgrules.rules.replacement import Replacement, possible_outcomes

Answer = dict[int, frozenset[ManaType]]


def unchanged_by_tapping(old: GameState, edited: frozenset[str]) -> bool:
    """A tap or mana leaves every answer as it was (costs are ignored, 106.7), and which
    replacements apply to a tapped permanent, when the characteristics stay (no continuous
    effect in the game) and every "tapped for mana" replacement on the battlefield declares that
    it doesn't read status."""
    return (edited <= TAP_AND_MANA and unchanged_without_effects(old, edited)
            and not any(rep.reads_status for _, rep in _mana_replacements(old)))


derived_from("could produce", keep_if=unchanged_by_tapping)
derived_from("mana replacements", frozenset({"objects"}))  # ids, not objects: tapping keeps it


def could_produce_all(state: GameState) -> Answer:
    """The types each permanent on the battlefield could produce (106.7)."""
    return state.cached("could produce", lambda: _fixed_point(state))


def could_produce(state: GameState, oid: int) -> frozenset[ManaType]:
    """The types ``oid`` could produce; an id that isn't there raises ``KeyError`` rather than
    answering "nothing" (a card off the battlefield does answer nothing: it isn't a permanent)."""
    state.obj(oid)
    return could_produce_all(state).get(oid, frozenset())


def _fixed_point(state: GameState) -> Answer:
    """Abilities of a fixed type or any colour answer at once; only the reflecting ones read
    other answers, so only they go round again, each with its lands and replacements read once."""
    perms = state.battlefield()
    answer: Answer = {o.oid: frozenset() for o in perms}
    reflecting: list[tuple[int, frozenset[int], Reflect, list[ManaReplacement]]] = []
    lands: dict[tuple[str, str], frozenset[int]] = {}
    changing = abilities_may_change(state)  # a copy, "loses all abilities", a land set to a basic type
    for obj in perms:
        found: set[ManaType] = set()
        for ab in _mana_abilities(obj.card) if not changing else mana_abilities_of(state, obj):
            reps = [rep for _, rep in replacements_for(state, obj, ab)]
            if isinstance(ab.produces, Reflect):
                key = (obj.controller, ab.produces.whose)
                if key not in lands:
                    lands[key] = frozenset(o.oid for o in reflected_lands(state, obj.controller, ab.produces))
                reflecting.append((obj.oid, lands[key], ab.produces, reps))
            else:
                found |= _replaced_types(base_types(state, obj, ab, answer), reps)
        answer[obj.oid] = frozenset(found)
    changed = bool(reflecting)
    while changed:
        changed = False
        for oid, seen, spec, reps in reflecting:
            allowed = COLORS if spec.colors_only else ALL_TYPES
            base = frozenset(t for land in seen for t in answer[land] if t in allowed)
            new = answer[oid] | _replaced_types(base, reps)
            if new != answer[oid]:
                answer[oid] = new
                changed = True
    return answer


def _mana_abilities(name: str) -> tuple[ManaAbility, ...]:
    """A card's mana abilities (read once per card definition)."""
    return read_once(name, "mana abilities", lambda cdef: tuple(ab for _, ab in cdef.mana_abilities()))


def base_types(state: GameState, obj: GameObject, ab: ManaAbility, answer: Answer) -> frozenset[ManaType]:
    """Types the ability would add before replacement effects; empty if undefined (106.5)."""
    spec = ab.produces
    if isinstance(spec, Fixed):
        return frozenset(spec.types)
    if isinstance(spec, AnyColor):
        return frozenset(spec.options)
    return reflected_types(state, obj.controller, spec, answer)


def reflected_types(state: GameState, controller: str, spec: Reflect, answer: Answer) -> frozenset[ManaType]:
    """Union of what the reflected lands could produce, limited to colours if the text says so."""
    found: set[ManaType] = set()
    for land in reflected_lands(state, controller, spec):
        found |= answer.get(land.oid, frozenset())
    allowed = COLORS if spec.colors_only else ALL_TYPES
    return frozenset(t for t in found if t in allowed)


def reflected_lands(state: GameState, controller: str, spec: Reflect) -> list[GameObject]:
    if spec.whose == "you":
        owners = {controller}
    else:
        owners = set(state.opponents(controller))
    return [o for o in state.battlefield() if o.controller in owners
            and characteristics(state, o.oid).is_land]


def _replaced_types(base: frozenset[ManaType], reps: list[ManaReplacement]) -> frozenset[ManaType]:
    """Each base type after the replacements, applied in every order (106.7), by the same rules
    as when the mana is produced (616.1, 614.5: ``rules.replacement``)."""
    if not reps or not base:
        return base
    if len(reps) == 1:  # one order only
        return frozenset(t for each in base for t in reps[0].modify([each]))
    wrapped = [Replacement(str(i), rep.modify, rule="106.12b") for i, rep in enumerate(reps)]
    return frozenset(t for each in base for types in possible_outcomes([each], wrapped) for t in types)


def mana_replacements(found: list[tuple[GameObject, ManaReplacement]]) -> list[Replacement[list[ManaType]]]:
    """The "tapped for mana" replacements that apply, for ``rules.replacement``: each named by its
    source's name, so two copies of one card make one option."""
    return [Replacement(card(src.card).name, rep.modify, rule="106.12b") for src, rep in found]


def replacements_for(state: GameState, tapped: GameObject, ab: ManaAbility) -> list[tuple[GameObject, ManaReplacement]]:
    """Replacement effects on "tapped for mana" that apply here (only {T} abilities: 106.12)."""
    if not ab.cost.tap:
        return []
    found = []
    for oid, rep in _mana_replacements(state):
        src = state.obj(oid)
        if rep.applies(state, src, tapped):
            found.append((src, rep))
    return found


def _mana_replacements(state: GameState) -> list[tuple[int, ManaReplacement]]:
    """Every "tapped for mana" replacement of a permanent, by the permanent's id, in battlefield
    order (cached per state, and kept by the next state if no permanent came or went)."""
    return state.cached("mana replacements", lambda: [
        (src.oid, rep) for src in state.battlefield() for rep in card(src.card).abilities
        if isinstance(rep, ManaReplacement)] if ManaReplacement in ability_kinds(state) else [])


def explain_could_produce(state: GameState) -> list[dict[str, str]]:
    """One row per permanent: what it could produce and which abilities and effects say so."""
    answer = could_produce_all(state)
    rows = []
    for obj in state.battlefield():
        abilities = card(obj.card).mana_abilities()
        if not abilities:
            continue
        reps = {r.text for _, ab in abilities for _, r in replacements_for(state, obj, ab)}
        rows.append({
            "permanent": characteristics(state, obj.oid).name,
            "controller": obj.controller,
            "could produce": _types_text(answer[obj.oid]),
            "abilities": " / ".join(ab.text for _, ab in abilities),
            "replacement effects": " / ".join(sorted(reps)) or "—",
        })
    return rows


def _types_text(types: frozenset[ManaType]) -> str:
    order = "WUBRGC"
    return "".join("{" + t.value + "}" for t in sorted(types, key=lambda t: order.index(t.value))) or "none"
