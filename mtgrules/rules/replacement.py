"""Replacement and prevention effects (614 to 616): one mechanism for every event they modify.

A replacement effect watches for an event and modifies it as it would happen (614.1, 614.6): the
event is never played and then undone, it happens changed ("instead", "skip", "enters with",
"as ... enters"). A skip effect replaces a step with nothing (614.1b, 614.10): see
:func:`skipped_by_effects`. A prevention effect (615.1) is the same kind of thing, one that reduces or
removes damage, so it goes through the same ordering (616.1 covers both).

The engine builds an *event* value (the mana a land would produce, the damage a source would
deal, the status a permanent would enter with), collects the :class:`Replacement` objects that
could modify it, and calls :func:`apply_replacements`:

* only effects that apply to the event as it now is are considered (614.1, 616.1f);
* self-replacement effects come first (614.15, 616.1a);
* when two or more remain and their order can change the result, the affected player (or the
  controller of the affected object, 616.1) is asked, with the choice "replacement order"; the
  answer is a tuple of the effects' names, first applied first. No order is ever assumed: a
  missing answer is a ``MissingChoice``;
* each effect applies at most once to an event (614.5), even if the modified event would still
  fit it;
* after the chosen order, effects that now apply to the modified event and haven't yet (616.1f, 616.2)
  go round again, asked the same way.

What a permanent "could produce" (106.7) reads every possible order: :func:`every_order` and
:func:`possible_outcomes` answer that from the same rules, without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Generic, TypeVar

from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step

E = TypeVar("E")

ORDER_KIND = "replacement order"
"""The choice keyword (``replacement_order=...``) that says the order (616.1)."""


def _always(event: object) -> bool:
    return True


@dataclass(frozen=True)
class Replacement(Generic[E]):
    """One replacement or prevention effect, ready to modify one kind of event.

    ``label`` names it in the "replacement order" choice (usually its source's name; two copies
    of one effect share a label, and their order is no choice). ``modify`` turns the event into
    the modified one and may do what the effect says besides (note a prevention, add a counter);
    it is called only for an effect that is chosen. ``applies`` says whether it would modify the
    event as it now is (616.1f). ``self_replacement`` marks an effect that replaces part of its
    own spell's or ability's effect (614.15). ``commutes`` declares that applying it before or
    after any other commuting effect gives the same event (each "enters with" counter text adds
    its own counters, 614.1c), so an order made only of such effects asks nothing. ``key``
    identifies the effect for 614.5 (by default its label and its place in the list)."""

    label: str
    modify: Callable[[E], E]
    applies: Callable[[E], bool] = _always
    self_replacement: bool = False
    prevention: bool = False
    commutes: bool = False
    rule: str = "614.1"
    key: Hashable = None


@dataclass
class Outcome(Generic[E]):
    """The modified event, and the labels of the effects that modified it, in order."""

    event: E
    used: list[str] = field(default_factory=list)
    prevented: list[str] = field(default_factory=list)  # those of ``used`` that are prevention effects (615)


def every_order(reps: Sequence[Replacement[E]]) -> list[tuple[str, ...]]:
    """Every order the affected player may choose, as tuples of labels: self-replacement effects
    first (614.15, 616.1a), the rest in any order (616.1e); orders that read the same (two
    copies of one effect) are one option."""
    selfs = [r for r in reps if r.self_replacement]
    others = [r for r in reps if not r.self_replacement]
    out: dict[tuple[str, ...], None] = {}
    for first in permutations(selfs):
        for rest in permutations(others):
            out[tuple(r.label for r in first + rest)] = None
    return list(out)


def _keyed(reps: Iterable[Replacement[E]]) -> list[tuple[Hashable, Replacement[E]]]:
    return [((r.label, i) if r.key is None else r.key, r) for i, r in enumerate(reps)]


def apply_replacements(chooser: Chooser | None, player: str, event: E, reps: Sequence[Replacement[E]],
                       rule: str = "616.1") -> Outcome[E]:
    """Modify ``event`` by the effects in ``reps`` that apply to it, in the order ``player`` (the
    affected player, or the controller of the affected object) chooses (616.1), each at most
    once (614.5). With no chooser, a choice that matters is refused as a ``MissingChoice``."""
    done: set[Hashable] = set()
    outcome: Outcome[E] = Outcome(event)
    keyed = _keyed(reps)
    while True:
        live = [(k, r) for k, r in keyed if k not in done and r.applies(outcome.event)]
        if not live:
            return outcome
        order = _chosen_order(chooser, player, [r for _, r in live], rule)
        pool = list(live)
        for label in order:
            k, r = next((k, r) for k, r in pool if r.label == label)
            pool.remove((k, r))
            done.add(k)  # considered once: an effect that no longer applies doesn't come back (614.5)
            if r.applies(outcome.event):  # an earlier one may have made it no longer apply (616.1f)
                outcome.event = r.modify(outcome.event)
                outcome.used.append(r.label)
                if r.prevention:
                    outcome.prevented.append(r.label)


def _chosen_order(chooser: Chooser | None, player: str, reps: list[Replacement[E]], rule: str) -> tuple[str, ...]:
    orders = every_order(reps)
    if all(r.commutes for r in reps) or (chooser is None and len(orders) == 1):
        return orders[0]
    if chooser is None:
        raise MissingChoice(ORDER_KIND, player, orders, rule)
    # one order only (copies of one effect): the chooser returns it, using up an answer that names it
    chosen = chooser.choose(ORDER_KIND, player, orders, rule)
    return tuple(chosen)


def possible_outcomes(event: E, reps: Sequence[Replacement[E]]) -> list[E]:
    """The event after the effects, once for each order the affected player could choose (106.7's
    "any possible order"), each effect once (614.5), for effects whose ``modify`` only computes.
    Nothing is asked."""
    out: list[E] = []
    for order in every_order([r for r in reps if r.applies(event)]):
        script = _Scripted(order)
        out.append(apply_replacements(script, "", event, reps).event)  # type: ignore[arg-type]
    return out


class _Scripted:
    """A chooser that answers the first order question with the order given, and any later one
    (effects that came to apply, 616.1f) with their first order: enough for "any possible order"
    of effects that keep applying, as mana replacements do."""

    def __init__(self, order: tuple[str, ...]) -> None:
        self.order: tuple[str, ...] | None = order

    def choose(self, kind: str, player: str, options: Sequence[tuple[str, ...]], rule: str,
               **_: object) -> tuple[str, ...]:
        if self.order is not None and self.order in options:
            chosen, self.order = self.order, None
            return chosen
        return options[0]


def affected_player(state: GameState, affected: str | int) -> str:
    """Who chooses the order (616.1): the affected player, or the controller of the affected
    object (its owner if it has no controller, as a card in a hand or a library)."""
    if isinstance(affected, str):
        return affected
    obj = state.obj(affected)
    return obj.controller or obj.owner


# ---------------------------------------------------------------- damage (614.1a, 615.1)
@dataclass(frozen=True)
class DamageEvent:
    """Damage a source would deal, and whether an effect has already replaced or prevented all of
    it (then no other effect applies to it any more, 616.1f)."""

    source: int
    recipient: str | int
    amount: int
    combat: bool
    handled_by: str = ""


def _damage_hooks() -> list[tuple[str, bool, Callable[..., bool]]]:
    """Every damage hook as (label, is a prevention, hook): ``hooks.DAMAGE_PREVENTIONS`` and
    ``hooks.DAMAGE_REPLACEMENTS``, each named by its ``label`` attribute if it has one, else by the
    module that added it ("protection"); two hooks with one name are told apart by a number."""
    from mtgrules.rules import hooks  # hooks names this module's types only for type checking

    lists = (tuple(hooks.DAMAGE_PREVENTIONS), tuple(hooks.DAMAGE_REPLACEMENTS))
    if _LABELLED and _LABELLED[0][0] == lists:
        return _LABELLED[0][1]
    found: list[tuple[str, bool, Callable[..., bool]]] = []
    seen: dict[str, int] = {}
    for prevention, listed in ((True, list(hooks.DAMAGE_PREVENTIONS)), (False, list(hooks.DAMAGE_REPLACEMENTS))):
        for hook in listed:
            label = str(getattr(hook, "label", "") or getattr(hook, "__module__", "effect").rsplit(".", 1)[-1])
            seen[label] = seen.get(label, 0) + 1
            found.append((label if seen[label] == 1 else f"{label} ({seen[label]})", prevention, hook))
    _LABELLED[:] = [(lists, found)]
    return found


PreventionRule = Callable[[Draft, "Chooser | None", GameState, int, "Chars | None", "str | int", int, bool], int]


def _prevention_rules() -> list[tuple[str, PreventionRule]]:
    """``hooks.PREVENTION_EFFECTS``, each named by its ``label`` or its module ("prevention")."""
    from mtgrules.rules import hooks

    return [(str(getattr(rule, "label", "") or getattr(rule, "__module__", "prevention").rsplit(".", 1)[-1]), rule)
            for rule in hooks.PREVENTION_EFFECTS]


_LABELLED: list[tuple[tuple[tuple[object, ...], tuple[object, ...]], list[tuple[str, bool, Callable[..., bool]]]]] = []
"""The hooks as last labelled, with the lists they were read from (a test may swap a list)."""


def replace_damage(d: Draft, chooser: Chooser | None, seen: GameState, source: int, recipient: str | int,
                   amount: int, combat: bool, source_chars: Chars) -> Outcome[DamageEvent]:
    """Apply the replacement and prevention effects on this damage (614.1a, 615.1) by the one
    mechanism, and return the damage as it is then dealt (``handled_by`` set if none of it is).

    ``hooks.DAMAGE_MODIFIERS`` give their effects as :class:`Replacement` objects. The older
    all-or-nothing hooks (``DAMAGE_PREVENTIONS``, ``DAMAGE_REPLACEMENTS``) are found on a scratch
    copy of the draft (a hook that answers False has changed nothing); one that handles the damage
    handles all of it, so the rest no longer apply (616.1f). The affected player (the player dealt
    the damage, or the controller of the permanent, 616.1) orders them if two or more would.
    The outcome names the effects applied, in order."""
    from mtgrules.rules import hooks

    def call(target: Draft, prevention: bool, hook: Callable[..., bool], event: DamageEvent) -> bool:
        if prevention:
            return hook(target, seen, source, event.recipient, event.amount, combat, source_chars)
        return hook(target, seen, source, event.recipient, event.amount, combat)

    start = DamageEvent(source, recipient, amount, combat)
    reps: list[Replacement[DamageEvent]] = [r for modifier in hooks.DAMAGE_MODIFIERS for r in modifier(seen, start)]
    # the probe starts from the state the damage is dealt in, which the hooks judge by: making it
    # costs a copy of that state's index, not a new state of the draft
    scratch = Draft(seen)
    for label, prevention, hook in _damage_hooks():
        if not call(scratch, prevention, hook, start):
            continue
        scratch = Draft(seen)  # that one changed the copy: the next is judged on a clean one

        def modify(event: DamageEvent, label: str = label, prevention: bool = prevention,
                   hook: Callable[..., bool] = hook) -> DamageEvent:
            return replace(event, handled_by=label) if call(d, prevention, hook, event) else event
        reps.append(Replacement(label, modify, applies=lambda e: not e.handled_by and e.amount > 0,
                                prevention=prevention, rule="615.1" if prevention else "614.1a"))
    for label, rule in _prevention_rules():
        try:
            left = rule(Draft(seen), None, seen, source, source_chars, recipient, amount, combat)
        except MissingChoice:  # it would ask something: it applies
            left = amount - 1
        if left >= amount:
            continue

        def prevent(event: DamageEvent, label: str = label, rule: PreventionRule = rule) -> DamageEvent:
            left = rule(d, chooser, seen, source, source_chars, event.recipient, event.amount, combat)
            return replace(event, amount=max(left, 0), handled_by=label if left <= 0 else event.handled_by)
        reps.append(Replacement(label, prevent, applies=lambda e: not e.handled_by and e.amount > 0,
                                prevention=True, rule="615.1"))
    if not reps:
        return Outcome(start)
    player = recipient if isinstance(recipient, str) else (d.obj(recipient).controller or d.obj(recipient).owner)
    return apply_replacements(chooser, player, start, reps)


# ---------------------------------------------------------------- zone changes (614.1a: "instead")
@dataclass(frozen=True)
class ZoneMove:
    """Where an object would go: the destination, and what a replacement added to it ("shuffle it
    into its owner's library" is a move to the library and a shuffle; ``why`` says which effect)."""

    oid: int
    to: Zone
    shuffle: bool = False
    why: str = ""


def replace_move(d: Draft, oid: int, zone: Zone) -> Outcome[ZoneMove]:
    """The move as the replacement effects on it make it (``hooks.MOVE_REPLACEMENTS``), ordered by
    the object's controller (616.1) with the chooser of the action being played (``d.chooser``,
    set by the engine); each applies once (614.5), and one that sends the object elsewhere leaves
    the others with nothing to replace (616.1f)."""
    from mtgrules.rules import hooks

    start = ZoneMove(oid, zone)
    reps = [r for rule in hooks.MOVE_REPLACEMENTS for r in rule(d, start)]
    if not reps:
        return Outcome(start)
    obj = d.obj(oid)
    return apply_replacements(getattr(d, "chooser", None), obj.controller or obj.owner, start, reps)


# ---------------------------------------------------------------- skipping (614.1b, 614.10)
@dataclass(frozen=True)
class StepStart:
    """A step about to begin in ``player``'s turn; ``skipped_by`` names the effect that replaced it
    with nothing ("skip [something]" is "instead of doing [something], do nothing", 614.10)."""

    step: Step
    player: str
    skipped_by: str = ""


def skip(label: str, key: Hashable = None) -> Replacement[StepStart]:
    """A skip effect named ``label``: it replaces the step with nothing (614.1b). Skips commute (any
    order leaves nothing), so two of them ask no order; once one has skipped the step the rest have
    nothing left to replace (616.1f)."""
    return Replacement(label, lambda e: replace(e, skipped_by=label), applies=lambda e: not e.skipped_by,
                       commutes=True, rule="614.10", key=key)


def skipped_by_effects(d: Draft | GameState, step: Step) -> tuple[str, str] | None:
    """A ``hooks.STEP_SKIPS`` rule: ``(rule, sentence)`` when a skip effect (``hooks.SKIP_REPLACEMENTS``)
    replaces ``step`` with nothing as it would begin (614.10): then the step never begins, so nothing
    in it happens, no "at the beginning of" ability triggers and no one gets priority in it (614.10a).
    The rules only read the state, so this can be asked of a state as well as a draft. A step that
    has begun is never asked again: a skip then waits for the next one (614.10)."""
    from mtgrules.rules import hooks

    start = StepStart(step, d.active)
    reps = [r for rule in hooks.SKIP_REPLACEMENTS for r in rule(d, start)]
    if not reps:
        return None
    out = apply_replacements(None, d.active, start, reps, rule="614.10")
    if not out.event.skipped_by:
        return None
    return "614.10", f"{out.event.skipped_by} says to skip it, so it is replaced with nothing"
