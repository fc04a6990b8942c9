"""Characteristics computed from the card plus the continuous effects in force (CR 613).

Nothing about an object's current types, abilities, power or controller is stored by an effect:
it is worked out here, layer by layer, every time a state is asked (613.1): copy (1a), control
(2), text (3), type (4), colour (5), ability (6), then power and toughness (7a-7d, counters in 7c).
One mechanism covers a Giant Growth (7c, locked to its target, 611.2c), a lord's static bonus (7c,
re-evaluated continuously, 611.3a), a Clone's copy (1a), Threaten's control (2), an animated land
(4 and 7b) and an Aura that takes every ability away (6).

Within a layer, effects from characteristic-defining abilities apply first (613.3; 7a holds only
those), then the rest in timestamp order (613.7), except that an effect that depends on another
waits until that one has applied (613.8a, 613.8b), the order being worked out again after each
effect (613.8c); effects that depend on each other in a loop apply in timestamp order (613.8b).
A static ability's effect exists only while its source has the ability: an object that lost it
in layer 4 or 6 stops making it, unless a part of that effect had already begun to apply in an
earlier layer, which then goes on applying to the same objects (613.6).

``layer_trace(state, oid)`` hands back, as plain data, what was applied to one object in which
order, what waited for what and why, and the object's values after each step: the layer view
(``views.layers_table``) only renders it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgrules.core.abilities import GrantsAbility, StaticAbility
from mtgrules.core.carddef import POOL_CHANGES, CardDef, card
from mtgrules.core.effects import EFFECT_LAYERS, Chars, Effect, printed_chars
from mtgrules.core.errors import EffectError
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import OBJECTS, PLAYERS, PRIORITY_FIELDS, STATUS, derived_from, with_changes
from mtgrules.rules import hooks

if TYPE_CHECKING:
    from mtgrules.core.state import GameState

LAYERS = EFFECT_LAYERS
# Printed values read the objects alone; effects and characteristics may read any part of the game.
derived_from("card facts", OBJECTS)
derived_from("ability kinds", frozenset({"objects", "effects"}))  # a copy effect brings its card's kinds


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
            and not (_MAKES_EFFECTS & ability_kinds(old)))


_STATUS_AND_PLAYERS = (STATUS - {"counters"}) | PLAYERS | PRIORITY_FIELDS
_MAKES_EFFECTS = frozenset({StaticAbility, GrantsAbility})
TAP_AND_MANA = frozenset({"tapped", "pool"}) | PRIORITY_FIELDS
"""Edits of a mana ability's usual action (a tap paying its cost, mana added) and of priority moving:
what other keep rules (state-based actions, what lands could produce) may also let pass."""
derived_from("layers", keep_if=unchanged_without_effects)
derived_from("chars", keep_if=unchanged_without_effects)


def on_battlefield(state: GameState, obj: GameObject) -> bool:
    """Whether ``obj`` is on the battlefield, or a rule treats it as though it were. Rules here
    must not compute characteristics: effects ask this while characteristics are being computed."""
    return obj.zone is Zone.BATTLEFIELD or any(rule(state, obj) for rule in hooks.TREATED_AS_ON_BATTLEFIELD)


Makers = tuple[StaticAbility | GrantsAbility, ...]
CardFacts = tuple[Chars, Makers, frozenset[type]]
_PRINTED: dict[str, CardFacts] = {}
"""Per card name: its printed characteristics, the abilities that make continuous effects (static
abilities, and those granting an ability) and the kinds of ability it has. All are values, so
every object of that card shares them; emptied when a card is added or replaced (``POOL_CHANGES``)."""
_SEEN_CHANGES = [-1]


def _card_facts(name: str) -> CardFacts:
    if _SEEN_CHANGES[0] != POOL_CHANGES[0]:
        _PRINTED.clear()
        _SEEN_CHANGES[0] = POOL_CHANGES[0]
    held = _PRINTED.get(name)
    if held is None:
        d = card(name)
        held = _PRINTED[name] = (printed_chars(name), _makers(d.abilities),
                                 frozenset(c for ab in d.abilities for c in type(ab).__mro__))
    return held


def _makers(abilities: Iterable[object]) -> Makers:
    return tuple(ab for ab in abilities if isinstance(ab, StaticAbility | GrantsAbility))


def _object_facts(state: GameState) -> list[tuple[GameObject, Chars, Makers]]:
    """Each object with its card's printed characteristics and effect-making abilities (once per state)."""
    def compute() -> list[tuple[GameObject, Chars, Makers]]:
        if _SEEN_CHANGES[0] != POOL_CHANGES[0]:
            _PRINTED.clear()
            _SEEN_CHANGES[0] = POOL_CHANGES[0]
        held = _PRINTED
        return [(o, *(held.get(o.card) or _card_facts(o.card))[:2]) for o in state.objects]
    return state.cached("card facts", compute)


def ability_kinds(state: GameState) -> frozenset[type]:
    """The kinds of ability (``TriggeredAbility``, ``ManaReplacement``, ...) that the cards in the
    game have, in any zone, or that a copy effect in the game brings, once per state: a rule whose
    kind no card has can skip its search."""
    def compute() -> frozenset[type]:
        names = {o.card for o in state.objects} | {e.copy_of for e in state.effects if e.copy_of is not None}
        return frozenset().union(*(_card_facts(name)[2] for name in names))
    return state.cached("ability kinds", compute)


def printed(obj: GameObject) -> Chars:
    """The characteristics printed on the card (613.1 starts here)."""
    return _card_facts(obj.card)[0]


# ---------------------------------------------------------------- the effects, and where they come from
@dataclass(frozen=True, slots=True)
class Origin:
    """The static ability (or ability-granting ability) of one object that made an effect: the
    effect exists only while that object has the ability (613.6, 613.8a)."""

    oid: int
    ability: StaticAbility | GrantsAbility


@dataclass(slots=True)
class _Candidate:
    effect: Effect
    origin: Origin | None
    order: int  # a stable tie-break for effects with the same timestamp: the order they were found in
    group: tuple[int, int] | None = None  # the origin as a key: the parts of one static ability's effect

    def __post_init__(self) -> None:
        if self.origin is not None:
            self.group = (self.origin.oid, id(self.origin.ability))

    @property
    def key(self) -> tuple[int, int]:
        return (self.effect.timestamp, self.order)


def _generate(state: GameState, obj: GameObject, makers: Makers, out: list[_Candidate]) -> None:
    """The effects ``obj``'s static abilities make now (611.3a), each with its origin."""
    for ab in makers:
        if isinstance(ab, StaticAbility):
            if obj.zone in ab.zones:
                made = ab.effects(state, obj)
                _refuse_unreached(made, "611.3a", f"{obj.card}'s static ability {ab.text!r:.60}")
                out.extend(_Candidate(e, Origin(obj.oid, ab), len(out)) for e in made)
        elif obj.zone is Zone.BATTLEFIELD:
            out.append(_Candidate(_grant_effect(obj, ab), Origin(obj.oid, ab), len(out)))


def _grant_effect(src: GameObject, grant: GrantsAbility) -> Effect:
    """"Enchanted creature has '{T}: ...'" as the layer 6 effect it is (613.1f), with its source's
    timestamp (613.7a), so an ability-removing effect with a later timestamp takes it away."""
    to = grant.to

    def applies(state: GameState, obj: GameObject, _c: Chars) -> bool:
        return to(state, src, obj)
    return Effect("6", f"{src.card}: {grant.text}", "613.1f", src.oid, src.timestamp, applies=applies,
                  add_abilities=(grant.ability,))


def _refuse_unreached(effects: list[Effect] | tuple[Effect, ...], rule: str, whose: str) -> None:
    """An effect in force must say what it applies to: ``affected`` (the objects a resolved spell
    locked in, 611.2c) or ``applies`` (a test made at each moment, 611.3a). One with neither is a
    template (given its objects later with ``dataclasses.replace``) that a card's code put in
    force as it was: it would change nothing, silently, so it is refused where it first counts."""
    for e in effects:
        if e.affected is None and e.applies is None:
            raise EffectError(rule, f"effect {e.description!r} from {whose} says neither which objects it "
                                    "affects (affected=, 611.2c) nor how to find them (applies=, 611.3a), so it "
                                    "would change nothing; give one of them")


# ---------------------------------------------------------------- the record of one object's layers
@dataclass(frozen=True)
class Applied:
    """One step of the layers for one object: an effect applied to it (or counters, or the rule
    that gives a creature with no value a 0), its values after, and why it came where it did."""

    layer: str
    description: str
    rule: str
    source: int | None
    timestamp: int | None
    cda: bool
    depends_on: tuple[str, ...]  # the effects it waited for (613.8b), by description
    why: str  # why it depends on them (613.8a), or that it was applied in a loop in timestamp order
    chars: Chars  # the object's characteristics after this step
    controller: str  # who controls it after this step (layer 2)
    effect: Effect | None = None


@dataclass(frozen=True)
class Ceased:
    """An effect that would have applied but doesn't exist: its source lost the ability that
    makes it in an earlier step (613.6, 613.8a)."""

    layer: str
    description: str
    rule: str
    why: str


@dataclass(frozen=True)
class LayerTrace:
    """Everything ``layer_trace`` found for one object, in the order applied."""

    oid: int
    printed: Chars
    controller: str  # who controls it before any control-changing effect (its owner off the battlefield)
    steps: tuple[Applied, ...]
    ceased: tuple[Ceased, ...]
    final: Chars
    final_controller: str


@dataclass(slots=True)
class _Run:
    """The work of one pass through the layers."""

    state: GameState
    objects: list[GameObject]
    chars: dict[int, Chars]
    controllers: dict[int, str] = field(default_factory=dict)  # changed by layer 2 (613.1b)
    views: dict[int, GameObject] = field(default_factory=dict)  # objects as later layers see them
    locked: dict[tuple[int, int], list[GameObject]] = field(default_factory=dict)  # 613.6
    trace_for: int | None = None
    partial: bool = False  # only some objects: a dependency question needs them all (``_NeedsAll``)
    steps: list[Applied] = field(default_factory=list)
    ceased: list[Ceased] = field(default_factory=list)
    waited: dict[int, dict[int, tuple[Effect, str]]] = field(default_factory=dict)
    printed_controllers: dict[int, str] = field(default_factory=dict)  # filled on first use

    def view(self, obj: GameObject) -> GameObject:
        return self.views.get(obj.oid, obj)

    def controller(self, oid: int) -> str:
        """Who controls the object at this point of the layers (after layer 2, 613.1b)."""
        view = self.views.get(oid)
        if view is not None:
            return view.controller
        if not self.printed_controllers:
            self.printed_controllers.update((o.oid, o.controller) for o in self.objects)
        return self.printed_controllers[oid]


def _group(c: _Candidate) -> tuple[int, int] | None:
    return c.group


def _exists(run: _Run, c: _Candidate, chars: dict[int, Chars] | None = None) -> bool:
    """An effect from a resolved spell exists until it ends; one from a static ability while its
    object has the ability, or once a part of it has begun to apply (613.6)."""
    origin = c.origin
    if origin is None or c.group in run.locked:
        return True
    have = (chars or run.chars).get(origin.oid)
    if have is None:
        return True
    wanted = origin.ability
    for ab in have.abilities:
        if ab is wanted:
            return True
    return False


def _targets(run: _Run, c: _Candidate, chars: dict[int, Chars] | None = None,
             views: dict[int, GameObject] | None = None) -> list[GameObject]:
    """The objects ``c`` applies to now: the ones a resolved spell locked in (611.2c), those a
    part of the same effect applied to in an earlier layer (613.6), else those its test accepts
    as each is at this point of the layers (611.3a)."""
    e = c.effect
    if e.affected is not None:
        refs = e.affected
        return [o for o in run.objects if o.ref in refs]
    key = _group(c)
    if key is not None and key in run.locked:
        return run.locked[key]
    if e.applies is None:
        return []
    chars = chars or run.chars
    seen = views if views is not None else run.views
    state, applies = run.state, e.applies
    return [o for o in run.objects if applies(state, seen.get(o.oid, o), chars[o.oid])]


def _apply_one(run: _Run, c: _Candidate, why: tuple[tuple[str, ...], str],
               found: list[GameObject] | None = None) -> set[int]:
    """Apply ``c`` to the objects it reaches now (``found``, when already worked out); the ids of
    those whose values it changed."""
    e = c.effect
    if found is None:
        found = _targets(run, c)
    key = _group(c)
    if key is not None and key not in run.locked:
        run.locked[key] = found
    changed: set[int] = set()
    if e.layer == "2":
        for o in found:
            if o.zone is Zone.BATTLEFIELD or o.zone is Zone.STACK:  # only they have a controller (109.4)
                who = e.set_controller or o.controller
                run.controllers[o.oid] = who
                run.views[o.oid] = with_changes(o, {"controller": who})
                changed.add(o.oid)
    else:
        chars = run.chars
        if e.amount is not None and run.partial:
            raise _NeedsAll  # an amount counts other objects as they are at this layer: all of them
        for o in found:
            before = chars[o.oid]
            done = e if e.amount is None else e.worked_out(run.state, run.view(o), chars, run.controller)
            after = chars[o.oid] = done.apply(before)
            if after is not before:  # a new value (perhaps equal): looked at again, to be sure
                changed.add(o.oid)
    if run.trace_for is not None and any(o.oid == run.trace_for for o in found):
        t = run.trace_for
        shown = e if e.amount is None else e.worked_out(run.state, run.view(next(o for o in found if o.oid == t)),
                                                         run.chars, run.controller)
        run.steps.append(Applied(e.layer, e.description, e.rule, e.source, e.timestamp, e.is_cda, why[0], why[1],
                                 run.chars[t], run.controllers.get(t, _base(run, t)), shown))
    return changed


def _base(run: _Run, oid: int) -> str:
    obj = next(o for o in run.objects if o.oid == oid)
    return obj.own_controller or obj.controller


def _could_depend(run: _Run, c: _Candidate) -> bool:
    return (c.effect.affected is None and _group(c) not in run.locked) or c.origin is not None


def _apply_layer(run: _Run, layer: str, pending: list[_Candidate]) -> None:
    """Apply one layer's effects: characteristic-defining ones first (613.3), then the others;
    in each group by timestamp (613.7), an effect that depends on another waiting for it (613.8b),
    the order worked out again after each one (613.8c); a loop applies in timestamp order."""
    if len(pending) == 1:  # the usual case: one effect in the layer
        c = pending[0]
        if _exists(run, c):
            _apply_one(run, c, _waited(run, c) if run.waited else ((), ""))
        else:
            _note_ceased(run, c)
        return
    for phase in ([c for c in pending if c.effect.is_cda], [c for c in pending if not c.effect.is_cda]):
        phase.sort(key=lambda c: c.key)
        deps: _Deps | None = None
        changed: set[int] = set()
        picked: _Candidate | None = None
        while phase:
            alive = [c for c in phase if _exists(run, c)]
            for gone in (c for c in phase if c not in alive):
                _note_ceased(run, gone)
            phase = alive
            if not phase:
                break
            found = None
            if len(phase) == 1 or not any(_could_depend(run, c) for c in phase):
                pick, why = phase[0], _waited(run, phase[0])
            else:
                if run.partial:
                    raise _NeedsAll
                if deps is None:
                    deps = _Deps(run, phase)
                elif picked is not None:
                    deps.update(phase, changed, picked)
                pick, why = deps.choose(phase)
                found = deps.found[id(pick)]
            phase.remove(pick)
            changed = _apply_one(run, pick, why, found)
            picked = pick


class _NeedsAll(Exception):
    """A pass over some objects met a question of dependency, which any object may answer."""


_CHANGES: dict[str, frozenset[str]] = {
    "3": frozenset({"subtypes", "text_changes"}),
    "4": frozenset({"types", "subtypes", "supertypes", "power", "toughness", "keywords", "abilities"}),
    "5": frozenset({"colors"}), "6": frozenset({"keywords", "abilities"}),
    "7a": frozenset({"power", "toughness"}), "7b": frozenset({"power", "toughness"}),
    "7c": frozenset({"power", "toughness"}), "7d": frozenset({"power", "toughness"}),
}
"""The characteristics an effect of each layer can change (layer 1a can change any, layer 2 the
controller, which is not among them)."""
_READS: dict[str, frozenset[str]] = {
    "is_creature": frozenset({"types"}), "is_land": frozenset({"types"}), "is_colorless": frozenset({"colors"}),
    "is_monocolored": frozenset({"colors"}), "is_multicolored": frozenset({"colors"}),
    "pt": frozenset({"power", "toughness"}), "has": frozenset({"abilities"}),
    "all_types": frozenset({"types", "subtypes", "supertypes"}),
    "with_values": frozenset({"types", "power", "toughness"}),
}
"""What reading a derived property or method of ``Chars`` reads."""
_ANY = frozenset({"*"})


class _Reading:
    """Characteristics handed to an effect's test, noting what the test reads: if none of it
    changes, the test (a function of the state, the object and these values) says the same again."""

    __slots__ = ("_chars", "read")

    def __init__(self, chars: Chars) -> None:
        self._chars = chars
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        self.read.add(name)
        return getattr(self._chars, name)

    def fields(self) -> frozenset[str]:
        out: set[str] = set()
        for name in self.read:
            out |= _READS.get(name, frozenset({name}))
        return frozenset(out)


class _Deps:
    """For the waiting effects of one phase of a layer: what each reaches now, to ask which depends
    on which (613.8a). An effect's test is asked again about an object only if the other effect
    would change something the test read of it, so effects that can't bear on each other (two
    lords, in layer 7c) cost one reading each. After an effect applies, only the objects it
    changed are looked at again (613.8c)."""

    def __init__(self, run: _Run, phase: list[_Candidate]) -> None:
        self.run = run
        self.pos = {o.oid: i for i, o in enumerate(run.objects)}
        self.found: dict[int, list[GameObject]] = {}
        self.after: dict[tuple[int, int], Chars] = {}  # (effect, object): its values once the effect applied
        self.before: dict[tuple[int, int], tuple[bool, frozenset[str]]] = {}  # (effect, object): test, what it read
        for b in phase:
            self._reach(b, None)

    def _reach(self, b: _Candidate, only: set[int] | None) -> None:
        """Work out (again, for the objects ``only`` if given) what ``b`` reaches now."""
        run, e = self.run, b.effect
        if only is None or e.affected is not None or b.group in run.locked or e.applies is None:
            self.found[id(b)] = _targets(run, b)
            return
        state, applies = run.state, e.applies
        kept = [o for o in self.found[id(b)] if o.oid not in only]
        fresh = [o for o in run.objects if o.oid in only and applies(state, run.view(o), run.chars[o.oid])]
        self.found[id(b)] = sorted(kept + fresh, key=lambda o: self.pos[o.oid])

    def _after(self, b: _Candidate, o: GameObject) -> Chars:
        key = (id(b), o.oid)
        got = self.after.get(key)
        if got is None:
            got = self.after[key] = b.effect.apply(self.run.chars[o.oid])
        return got

    def _test(self, a: _Candidate, o: GameObject) -> tuple[bool, frozenset[str]]:
        """``a``'s test of ``o`` now, and the characteristics it read."""
        key = (id(a), o.oid)
        held = self.before.get(key)
        if held is None:
            run = self.run
            reading = _Reading(run.chars[o.oid])
            assert a.effect.applies is not None
            said = bool(a.effect.applies(run.state, run.view(o), reading))  # type: ignore[arg-type]
            held = self.before[key] = (said, reading.fields())
        return held

    def _pair(self, a: _Candidate, b: _Candidate) -> str:
        """Why ``a`` depends on ``b`` (613.8a), or "": both are in the same layer (a), neither or
        both come from characteristic-defining abilities (c), and applying ``b`` would change (b)
        whether ``a`` exists or what it applies to. (What an effect does is fixed in the kit's
        effects as they are made, so it can't change.) The sentence names the object the layer
        view asks about when it is among those that show the dependency."""
        run = self.run
        if a.effect.is_cda != b.effect.is_cda:
            return ""
        found = self.found[id(b)]
        if not found:
            return ""
        them = f"“{b.effect.description}”"
        layer = b.effect.layer
        changes = _CHANGES.get(layer, _ANY)
        if a.origin is not None and a.group not in run.locked and ("abilities" in changes or "*" in changes):
            src = next((o for o in found if o.oid == a.origin.oid), None)
            if src is not None and _exists(run, a) != _exists(run, a, {**run.chars, src.oid: self._after(b, src)}):
                return f"{them} takes away the ability that makes this effect, so it changes whether it exists (613.8a)"
        if a.effect.affected is None and a.effect.applies is not None and a.group not in run.locked:
            applies, state = a.effect.applies, run.state
            changed = []
            for o in found:
                was, read = self._test(a, o)
                if layer == "2":
                    if not b.effect.set_controller or o.zone not in (Zone.BATTLEFIELD, Zone.STACK):
                        continue
                    now = applies(state, with_changes(run.view(o), {"controller": b.effect.set_controller}),
                                  run.chars[o.oid])
                elif "*" in read or "*" in changes or read & changes:
                    now = applies(state, run.view(o), self._after(b, o))
                else:
                    continue  # b changes nothing the test read of this object
                if now != was:
                    changed.append(o)
            if changed:
                o = next((o for o in changed if o.oid == run.trace_for), changed[0])
                return f"{them} changes whether this effect applies to {run.chars[o.oid].name} ({o.oid}) (613.8a)"
        return ""

    def update(self, phase: list[_Candidate], changed: set[int], picked: _Candidate) -> None:
        """After ``picked`` applied, changing the objects ``changed``: what the others reach there
        (613.8c: the dependencies are then asked again, ``choose``)."""
        if not changed:
            return
        self.before = {key: v for key, v in self.before.items() if key[1] not in changed}
        self.after = {key: v for key, v in self.after.items() if key[1] not in changed}
        for b in phase:
            self._reach(b, changed)

    def choose(self, phase: list[_Candidate]) -> tuple[_Candidate, tuple[tuple[str, ...], str]]:
        """The effect to apply next (613.8b): the earliest that depends on no other waiting effect,
        or, if those it depends on are in a loop with it, the earliest of the loop. The earliest
        effect is asked first: when it depends on none, it is the one (the usual case, asked with
        one question per other effect); otherwise every effect is asked, and the loops found."""
        run = self.run
        first = min(phase, key=lambda c: c.key)
        if not any(self._pair(first, b) for b in phase if b is not first):
            return first, _waited(run, first)
        deps = {id(a): [(b, why) for b in phase if b is not a and (why := self._pair(a, b))] for a in phase}
        loops = _loops(phase, deps)
        for a in phase:
            for b, why in deps[id(a)]:
                if loops[id(b)] != loops[id(a)]:
                    run.waited.setdefault(id(a), {})[id(b)] = (b.effect, why)
        ready = [a for a in phase if all(loops[id(b)] == loops[id(a)] for b, _ in deps[id(a)])]
        pick = min(ready, key=lambda c: c.key)
        names, why = _waited(run, pick)
        loop = [c for c in phase if loops[id(c)] == loops[id(pick)] and c is not pick]
        if loop and deps[id(pick)]:
            why = ((why + "; ") if why else "") + (
                "it and " + ", ".join(f"“{c.effect.description}”" for c in loop) + " depend on each other: a "
                "dependency loop, so they apply in timestamp order (613.8b)")
            names += tuple(c.effect.description for c in loop)
        return pick, (names, why)


def _note_ceased(run: _Run, c: _Candidate) -> None:
    """An effect whose source lost its ability before the effect began to apply (613.6): noted for
    the object it would have reached, if the layer view asked about one."""
    t = run.trace_for
    if t is None or c.origin is None:
        return
    e = c.effect
    reaches = (e.affected is not None and any(ref.oid == t for ref in e.affected)) or (
        e.applies is not None and any(o.oid == t and e.applies(run.state, run.view(o), run.chars[t]) for o in run.objects))
    if reaches:
        src = run.chars.get(c.origin.oid)
        run.ceased.append(Ceased(e.layer, e.description, e.rule,
                                 f"{src.name if src else 'its source'} no longer has the ability that makes it, and no "
                                 "part of the effect had begun to apply in an earlier layer (613.6), so it doesn't exist"))


def _waited(run: _Run, c: _Candidate) -> tuple[tuple[str, ...], str]:
    """The effects ``c`` waited for (613.8b) and why it depends on each (613.8a)."""
    waited = run.waited.get(id(c), {})
    return tuple(e.description for e, _ in waited.values()), "; ".join(w for _, w in waited.values())


def _loops(phase: list[_Candidate], deps: dict[int, list[tuple[_Candidate, str]]]) -> dict[int, int]:
    """Each effect's strongly connected component in the "depends on" graph (Tarjan): effects
    sharing one with others are in a dependency loop (613.8b)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    comp: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    counter = [0]

    def visit(a: _Candidate) -> None:
        k = id(a)
        index[k] = low[k] = counter[0]
        counter[0] += 1
        stack.append(k)
        on.add(k)
        for b, _ in deps[k]:
            j = id(b)
            if j not in index:
                visit(b)
                low[k] = min(low[k], low[j])
            elif j in on:
                low[k] = min(low[k], index[j])
        if low[k] == index[k]:
            while True:
                j = stack.pop()
                on.discard(j)
                comp[j] = index[k]
                if j == k:
                    break
    for a in phase:
        if id(a) not in index:
            visit(a)
    return comp


# ---------------------------------------------------------------- the pass through the layers
@dataclass(frozen=True)
class _Result:
    chars: dict[int, Chars]
    controllers: dict[int, str]  # objects whose controller layer 2 makes other than the one stored
    effects: tuple[Effect, ...]


_RUNS: list[_Run] = []  # the passes through the layers in progress, innermost last


def characteristics_now(state: GameState, oid: int) -> Chars:
    """``oid``'s characteristics as far as the layers have gone, for the condition of a static
    ability ("as long as you control an artifact", 611.3a) asked while its effect's layer is
    applied: the types (layer 4) and colours (layer 5) a later layer's condition reads are
    settled by then (613.1). Outside a pass, the finished characteristics."""
    for run in reversed(_RUNS):
        if run.state is state:
            got = run.chars.get(oid)
            if got is None:
                if run.partial:  # a pass for one object lacks the others: do them all (613.8a)
                    raise _NeedsAll
                return characteristics(state, oid)
            return got
    return characteristics(state, oid)


def controller_now(state: GameState, obj: GameObject) -> str:
    """Who controls ``obj`` as far as the layers have gone (layer 2, 613.1b): see ``characteristics_now``."""
    for run in reversed(_RUNS):
        if run.state is state:
            return run.controllers.get(obj.oid, obj.controller)
    return controller_of(state, obj.oid)


def _run(state: GameState, *, only: int | None = None, trace_for: int | None = None) -> tuple[_Result, _Run]:
    facts = _object_facts(state)
    if only is not None:  # the object, and every object whose abilities make effects (their existence)
        facts = [f for f in facts if f[0].oid == only or f[2]]
    objects = [o for o, _c, _m in facts]
    run = _Run(state, objects, {o.oid: c for o, c, _m in facts}, trace_for=trace_for, partial=only is not None)
    resolved = list(state.effects)
    _refuse_unreached(resolved, "611.2c", "a resolved spell or ability")
    made: list[_Candidate] = [_Candidate(e, None, i) for i, e in enumerate(resolved)]
    for obj, _c, makers in facts:
        if makers:
            _generate(state, obj, makers, made)
    if any(c.effect.layer == "1a" for c in made):
        made = _copy_layer(run, made, facts)
    by_layer: dict[str, list[_Candidate]] = {}
    for c in made:
        by_layer.setdefault(c.effect.layer, []).append(c)
    _RUNS.append(run)
    try:
        for layer in _LATER_LAYERS:
            pending = by_layer.get(layer)
            if pending:
                _apply_layer(run, layer, pending)
                if layer == "2" and run.controllers:
                    run.views = {o.oid: with_changes(o, {"controller": run.controllers[o.oid]}) for o in objects
                                 if run.controllers.get(o.oid, o.controller) != o.controller}
            if layer == "7c":
                _counters(run)
    finally:
        _RUNS.pop()
    if trace_for is not None:
        _no_value_rows(run)
    changed: dict[int, str] = {}
    if run.controllers:
        where = {o.oid: o for o in objects}
        changed = {oid: who for oid, who in run.controllers.items() if who != where[oid].controller}
    for o in objects:  # a control effect that ended: back to the controller it had (613.1b)
        if o.own_controller and o.oid not in run.controllers and o.own_controller != o.controller:
            changed[o.oid] = o.own_controller
    return _Result(run.chars, changed, tuple(c.effect for c in made)), run


_LATER_LAYERS = LAYERS[1:]


def _copy_layer(run: _Run, made: list[_Candidate], facts: list[tuple[GameObject, Chars, Makers]]
                ) -> list[_Candidate]:
    """Layer 1a (613.2a, 707.2): copy effects, then each copied object's static abilities are
    those of what it copies, which make the effects of the later layers."""
    _apply_layer(run, "1a", [c for c in made if c.effect.layer == "1a"])
    copied = {o.oid for o, c, _m in facts if run.chars[o.oid] is not c}
    if not copied:
        return made
    kept = [c for c in made if c.origin is None or c.origin.oid not in copied or c.effect.layer == "1a"]
    for obj, _c, _m in facts:
        if obj.oid in copied:
            _generate(run.state, obj, _makers(run.chars[obj.oid].abilities), kept)
    return kept


def _no_value_rows(run: _Run) -> None:
    """A creature that no card or effect gives a power or a toughness has 0 for it (208.5,
    ``Chars.with_values``): for the object the layer view asks about, a row saying so, placed
    after the copy and type effects that made it a creature without those values."""
    t = run.trace_for
    if t is None or not run.chars[t].is_creature:
        return
    obj = next(o for o in run.objects if o.oid == t)
    copied = [s for s in run.steps if s.layer == "1a"]
    d = card(copied[-1].chars.name if copied else obj.card)
    set_sides = {i for s in run.steps if s.effect is not None and s.effect.set_pt is not None
                 for i, v in enumerate(s.effect.set_pt) if v is not None}
    missing = [side for i, (side, v) in enumerate((("power", d.power), ("toughness", d.toughness)))
               if v is None and i not in set_sides]
    if missing:
        at = sum(1 for s in run.steps if s.layer in ("1a", "2", "3", "4"))
        before = run.steps[at - 1] if at else None
        run.steps.insert(at, Applied("-", f"no value for its {' or '.join(missing)}, so 0 for it", "208.5", None, None,
                                     False, (), "", before.chars if before else run.chars[t],
                                     before.controller if before else _base(run, t)))


def _counters(run: _Run) -> None:
    """+1/+1 and -1/-1 counters modify P/T in layer 7c (613.4c)."""
    for obj in run.objects:
        if obj.counters:
            before = run.chars[obj.oid]
            after = run.chars[obj.oid] = _apply_counters(obj, before)
            if run.trace_for == obj.oid and after is not before:
                run.steps.append(Applied("7c", _counters_text(obj), "613.4c", None, None, False, (), "",
                                         after, run.controllers.get(obj.oid, _base(run, obj.oid))))


def _layers(state: GameState) -> _Result:
    """The layers for every object, once per state (kept while nothing they read changes)."""
    def compute() -> _Result:
        facts = _object_facts(state)
        if not state.effects and not (_MAKES_EFFECTS & ability_kinds(state)):  # printed values and counters
            return _Result({o.oid: _apply_counters(o, c) if o.counters else c for o, c, _m in facts},
                           {o.oid: o.own_controller for o, _c, _m in facts  # a control effect that ended
                            if o.own_controller and o.own_controller != o.controller}, ())
        return _run(state)[0]
    return state.cached("layers", compute)


def effects_in_force(state: GameState) -> list[Effect]:
    """Effects from resolved spells and abilities plus those the static abilities of objects make
    now (after copy effects: a copy makes the effects of what it copies). One whose source lost
    its ability in layer 4 or 6 is listed but not applied (``layer_trace`` says so)."""
    return list(_layers(state).effects)


def all_characteristics(state: GameState) -> dict[int, Chars]:
    """Characteristics of every object, applying each layer to all objects before the next."""
    return state.cached("chars", lambda: _layers(state).chars)


def characteristics(state: GameState, oid: int) -> Chars:
    try:
        return all_characteristics(state)[oid]
    except KeyError:
        state.obj(oid)  # an id that was never there: "no object with id 12", not a bare 12
        raise


def controller_changes(state: GameState) -> dict[int, str]:
    """The permanents whose controller layer 2 makes other than the one they have (a control
    effect began or ended): ``sync_control`` writes these into the objects, so every rule that
    reads ``obj.controller`` reads the controller the layers give (613.1b)."""
    return _layers(state).controllers


def controller_of(state: GameState, oid: int) -> str:
    """Who controls ``oid`` as the layers work it out (613.1b): the same as ``obj.controller``
    on every state the engine hands out, and on a state it is still making, the new one."""
    return controller_changes(state).get(oid) or state.obj(oid).controller


def characteristics_alone(state: GameState, oid: int) -> Chars:
    """One object's characteristics, worked out without the other objects' when the state has
    none yet: for a state made to ask one question ("what would this card be once attacking?").
    The same layers in the same order as for every object (613.1), with the objects whose
    abilities make effects (whether an effect exists depends on them, 613.8a); if two effects of
    one layer might depend on each other, which any object may decide, with every object."""
    known: dict[int, Chars] | None = state._cache.get("chars")
    if known is not None:
        return known[oid]
    obj = state.obj(oid)
    c = printed(obj)
    if not state.effects and not (_MAKES_EFFECTS & ability_kinds(state)):
        return _apply_counters(obj, c) if obj.counters else c
    try:
        return _run(state, only=oid)[0].chars[oid]
    except _NeedsAll:
        return all_characteristics(state)[oid]


def layer_trace(state: GameState, oid: int) -> LayerTrace:
    """What the layers did to ``oid``, step by step, as plain data for the layer view: each
    effect applied to it in the order applied (layer, source, timestamp, whether it waited for
    another and why), counters, and its values after each step; and the effects that would have
    reached it but had ceased to exist."""
    obj = state.obj(oid)
    _result, run = _run(state, trace_for=oid)  # every object: what depends on what may turn on any of them
    return LayerTrace(oid, printed(obj), obj.own_controller or obj.controller, tuple(run.steps), tuple(run.ceased),
                      run.chars[oid], run.controllers.get(oid, obj.own_controller or obj.controller))


def _counters_text(obj: GameObject) -> str:
    """The counters that modify P/T, in words: "its counters: 1 +1/+1 counter" (a row of the layer view)."""
    said = [f"{n} {kind} counter{'' if n == 1 else 's'}" for kind in ("+1/+1", "-1/-1") if (n := obj.counter(kind))]
    return "its counters: " + ", ".join(said)


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
    """(layer, effect, rule) for each effect that touches an object, in the order applied: "why
    is it 3/3?". A creature whose card and effects give it no power or no toughness has 0 for it
    (208.5): a row with the layer "-" (a rule, not an effect) says so."""
    return [(s.layer, s.description, s.rule) for s in layer_trace(state, oid).steps]


# ---------------------------------------------------------------- what other rules read
def abilities_may_change(state: GameState) -> bool:
    """Whether any effect in force could take an object's printed abilities away or replace them
    (a copy, "loses all abilities", a land set to a basic land type): when none does, a rule may
    read a card's printed abilities as they are. Asked on every check of an activation."""
    got: bool | None = state._cache.get("abilities may change")
    if got is None:
        got = state._cache["abilities may change"] = bool(state.effects or (_MAKES_EFFECTS & ability_kinds(state))) \
            and any(e.copy_of is not None or e.remove_all_abilities or e.add_abilities
                    or (e.set_subtypes is not None and e.layer == "4") for e in effects_in_force(state))
    return got


derived_from("abilities may change", keep_if=unchanged_without_effects)


def has_ability(state: GameState, obj: GameObject, ability: object) -> bool:
    """Whether ``obj`` has this ability of its card now: not if an effect took it away (613.1f,
    305.7) or a copy effect gave it other abilities (707.2)."""
    if not abilities_may_change(state):
        return True
    return characteristics(state, obj.oid).has(ability)


def ability_card(state: GameState, obj: GameObject) -> CardDef:
    """The card whose text ``obj`` has: its own, or the card it is a copy of (707.2), whose
    abilities it has and whose abilities a rule numbers."""
    own = card(obj.card)
    if not abilities_may_change(state):
        return own
    name = characteristics(state, obj.oid).name
    return own if name == own.name else card(name)


def text_word(state: GameState, obj: GameObject, word: str) -> str:
    """``word`` as ``obj``'s text now says it: a text-changing effect (layer 3, 612.2) locked to
    it by a resolved spell may have replaced it ("Zombie" read as "Human"). An ability that names
    a subtype or a colour asks this as it makes its effect, so the change reaches what the ability
    does. (A text change from a static ability reaches the type line only.)"""
    if not state.effects:
        return word
    for old, new in _text_changes(state, obj):
        if word == old:
            word = new
    return word


def _text_changes(state: GameState, obj: GameObject) -> tuple[tuple[str, str], ...]:
    """The text changes locked to ``obj`` by resolved effects (layer 3), read without working
    out the layers: a static ability asks while the layers are being worked out."""
    return tuple(pair for e in state.effects if e.layer == "3" and e.affected is not None and obj.ref in e.affected
                 for pair in e.change_words)
