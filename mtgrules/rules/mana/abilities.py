"""Activating and resolving mana abilities (605): they never use the stack.

One activation makes one production event. "Tapped for mana" replacement effects edit that
event before it happens (106.12b), so the timeline shows a single event with the final mana and
the effects that changed it. Triggers on "tapped for mana" fire only if mana was produced
(106.12a) and, being mana abilities themselves, resolve at once (605.1b, 605.4a).
"""

from __future__ import annotations

from typing import cast

from mtgrules.core.abilities import (
    AnyColor,
    Fixed,
    ManaAbility,
    ManaTriggerResolver,
    Reflect,
    TriggeredAbility,
)
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.mana import TYPE_NAMES, ManaType, make_mana, pool_text
from mtgrules.core.objects import GameObject
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.costs import pay_cost
from mtgrules.rules.layers import ability_kinds, characteristics
from mtgrules.rules.mana.could_produce import (
    could_produce_all,
    mana_replacements,
    reflected_types,
    replacements_for,
    unchanged_by_tapping,
)
from mtgrules.rules.replacement import apply_replacements


def activate_mana_ability(d: Draft, chooser: Chooser, player: str, obj: GameObject, ab: ManaAbility,
                          x: int = 0, hybrid: tuple[ManaType, ...] | None = None) -> None:
    """Pay the cost, work out the mana, apply replacements, add it, then fire mana triggers.
    The cost is paid as any activation cost is (605.3, 602.2b): an {X} takes the value chosen
    and a hybrid symbol the half chosen (a filter land's "{R/G}, {T}")."""
    name = characteristics(d.view(), obj.oid).name  # read before paying: tapping renames nothing
    pay_cost(d, player, obj, ab.cost, frozenset({"ability"}), x, hybrid, chooser)
    types = _base_production(d, chooser, player, obj, ab)
    if types is None:
        d.note("no mana", f"{name}'s ability can't define a type of mana, so it adds no mana",
               "106.5", obj.oid, name)
        if ab.then is not None:
            ab.then(d, chooser, player, obj)
        return
    types, used = _replace(d, chooser, player, obj, ab, types)
    _add(d, player, obj, name, types, used, ab)
    if ab.then is not None:  # the rest of its effect, still off the stack (605.1a, 605.3b)
        ab.then(d, chooser, player, obj)
    if ab.cost.tap and types:
        fire_tapped_for_mana(d, chooser, player, obj, types)


def _base_production(d: Draft, chooser: Chooser, player: str, obj: GameObject,
                     ab: ManaAbility) -> list[ManaType] | None:
    """The mana before replacement, or None for an undefined type (106.5)."""
    spec = ab.produces
    if isinstance(spec, Fixed):
        return list(spec.types)
    kind, rule, values = type_choice(d.view(), obj, ab)
    if isinstance(spec, AnyColor):
        return [ManaType(chooser.choose(kind, player, values, rule)) for _ in range(spec.amount)]
    if not values:
        return None
    return [ManaType(chooser.choose(kind, player, values, rule))]


def type_choice(state: GameState, obj: GameObject, ab: ManaAbility) -> tuple[str, str, list[str]]:
    """The choice of type an ability that doesn't add a fixed type asks: its kind, rule and
    options (none: the type is undefined, 106.5). ``legal_actions`` lists one activation per option."""
    spec = ab.produces
    if isinstance(spec, AnyColor):
        return ("color" if all(t.is_color for t in spec.options) else "type"), "106.1a", [c.value for c in spec.options]
    assert isinstance(spec, Reflect), "an ability that adds a fixed type asks no choice of type"
    options = reflected_types(state, obj.controller, spec, could_produce_all(state))
    values = sorted((t.value for t in options), key="WUBRGC".index)
    return ("color" if spec.colors_only else "type"), "106.7", values


def _replace(d: Draft, chooser: Chooser, player: str, obj: GameObject, ab: ManaAbility,
             types: list[ManaType]) -> tuple[list[ManaType], list[str]]:
    """Apply "tapped for mana" replacements in the order the affected player chooses (616.1).
    Which apply is judged on the state before the cost was paid when the tap can't change that
    (``unchanged_by_tapping``: every replacement in play ignores status, no continuous effect)."""
    last, since = d.latest()
    reps = replacements_for(last if unchanged_by_tapping(last, since) else d.view(), obj, ab)
    if not reps:
        return types, []
    # one mechanism for every replacement (616.1): two copies of one effect (two Mana Reflections)
    # share a label, so their orders read the same and make one option
    outcome = apply_replacements(chooser, player, types, mana_replacements(reps), "616.1")
    return outcome.event, outcome.used


def _add(d: Draft, player: str, obj: GameObject, name: str, types: list[ManaType],
         used: list[str], ab: ManaAbility) -> None:
    """Add the mana as one production event, naming any replacement that edited it."""
    pool = d.player(player).pool
    added = tuple(make_mana(t, name, d.new_id(), ab.restriction) for t in types)
    how = f", as replaced by {' then '.join(used)}" if used else ""
    text = f"{name} adds {pool_text(added)} to {player}'s pool{how}"
    rule = "106.12b" if used else "106.4"  # the mana goes into the pool
    if not added:
        d.note("no mana", text + " — nothing", rule, obj.oid, name)
        return
    d.update_player(player, rule, text, kind="mana added", pool=pool + added)


def fire_tapped_for_mana(d: Draft, chooser: Chooser, player: str, tapped: GameObject,
                         produced: list[ManaType]) -> None:
    """Resolve every "whenever ... tapped for mana" triggered mana ability now (106.12a, 605.4a).
    A "tapped for mana" trigger that isn't a mana ability (it adds no mana, 605.5a) is an
    ordinary trigger: the event is recorded for it, and it goes on the stack like any other."""
    if TriggeredAbility not in ability_kinds(d.view()):
        return
    event = Event(EventKind.TAPPED_FOR_MANA, tapped.oid, tapped.card, "produced", None,
                  tuple(t.value for t in produced), "106.12a",
                  f"{tapped.card} is tapped for {''.join('{' + t.value + '}' for t in produced)}")
    if any(isinstance(ab, TriggeredAbility) and ab.event == "tapped for mana" and not ab.is_mana
           for src in d.view().battlefield() for ab in card(src.card).abilities):
        d.emit(event)  # heard by the ordinary triggers as the next player would get priority (605.5a)
    for src in d.view().battlefield():
        for ab in card(src.card).abilities:
            if isinstance(ab, TriggeredAbility) and ab.event == "tapped for mana" and ab.is_mana \
                    and ab.matches(d.view(), src, event):
                d.note("trigger", f"{card(src.card).name} triggers: {ab.text}", "106.12a", src.oid, src.card)
                resolve = cast(ManaTriggerResolver, ab.resolve)  # a triggered mana ability's kind of resolver
                resolve(ManaTriggerContext(d, chooser, src, player, tapped, produced), None)


class ManaTriggerContext:
    """What a triggered mana ability needs as it resolves: who tapped what for which mana."""

    def __init__(self, d: Draft, chooser: Chooser, source: GameObject, player: str,
                 tapped: GameObject, produced: list[ManaType]) -> None:
        self.d, self.chooser, self.source = d, chooser, source
        self.player, self.tapped, self.produced = player, tapped, produced

    def add(self, t: ManaType, why: str) -> None:
        name = card(self.source.card).name
        pool = self.d.player(self.player).pool
        self.d.update_player(self.player, "106.12a", f"{name} adds {{{t.value}}} to {self.player}'s pool: {why}",
                             kind="mana added", pool=pool + (make_mana(t, name, self.d.new_id()),))

    def choose_type(self, options: list[ManaType]) -> ManaType:
        values = sorted({t.value for t in options}, key="WUBRGC".index)
        return ManaType(self.chooser.choose("type", self.player, values, "106.12a"))


def refuse_if_not_mana(ab: object) -> ManaAbility:
    if not isinstance(ab, ManaAbility):
        raise IllegalAction("605.1a", "that ability is not a mana ability")
    return ab


__all__ = ["activate_mana_ability", "TYPE_NAMES"]
