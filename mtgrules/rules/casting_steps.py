"""The steps of casting a spell (601.2a to 601.2i), told one by one from what the engine did.

The engine casts a spell as one action: every choice is stated with the action (``cast(...,
x=, targets=, hybrid=)``) and checked before anything moves, so nothing is half-cast (601.2e,
732). Its narration says the move (601.2a), the payment (118.3a) and what triggered (603.2);
a rules class wants every substep, in the order 601.2 gives them. This module reads one cast's
action, the state before it and its events, and says each substep, citing it. It adds nothing
to the game: it is a reading of the engine's own record, so it can't disagree with what was
played.

No player gets priority between the substeps (601.2, 117.1): nobody can respond until the spell
is cast and its caster gets priority again (601.2i, 117.3c). The kit's mana abilities are
activated by their own actions; a player who activated them just before casting has the mana in
their pool, which is where 601.2g's mana ends up too ("before costs are paid").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mtgrules.core.abilities import CHOSEN_MODES
from mtgrules.core.actions import CastSpell
from mtgrules.core.carddef import card
from mtgrules.core.events import Event, EventKind
from mtgrules.core.mana import number_text, pool_text
from mtgrules.core.objects import ObjRef
from mtgrules.core.state import GameState
from mtgrules.rules.costs import additional_costs
from mtgrules.rules.modes import modal_of, mode_note

__all__ = ["CastingStep", "casting_steps"]


@dataclass(frozen=True)
class CastingStep:
    """One substep of casting: its rule, a short name ("announce", "targets"...) and what
    happened in it for this spell."""

    rule: str
    name: str
    text: str


def casting_steps(before: GameState, action: CastSpell, events: Sequence[Event],
                  after: GameState) -> tuple[CastingStep, ...]:
    """Each substep of the cast ``action`` played from ``before`` (its events, and the state
    ``after``), in the order of 601.2a to 601.2i; ``ValueError`` if the events are not a cast."""
    moved = next((e for e in events if e.kind == EventKind.ZONE_CHANGE and e.rule == "601.2a"), None)
    if moved is None:
        raise ValueError("these events cast no spell (no card moved to the stack under 601.2a)")
    p = action.player
    name = moved.name
    cdef = card(before.obj(action.card).card)
    steps = [CastingStep("601.2a", "announce", f"{p} moves {name} from {moved.before.value} to the stack: it is "
                                               f"the topmost object there, and {p} controls it")]
    item = next((i for i in after.stack if i.kind == "spell" and i.source.oid == action.card), None)
    choices = []
    modal = modal_of(cdef.spell)
    modes = item.get(CHOSEN_MODES) if item is not None else None
    if modal is not None and isinstance(modes, tuple) and modes:
        choices.append(f"the mode “{mode_note(modal, modes)}”")
    if cdef.mana_cost.x_count:
        choices.append(f"X is {number_text(action.x)}")
    if action.hybrid:
        choices.append("the hybrid halves " + "".join(f"{{{m.value}}}" for m in action.hybrid))
    extra = [ab.text for ab in additional_costs(cdef)]
    if extra:
        choices.append("that it pays its additional cost (" + "; ".join(extra) + ")")
    steps.append(CastingStep("601.2b", "modes and costs", f"{p} announces " + " and ".join(choices) if choices
                             else f"{name} has no modes, X or additional costs to announce"))
    steps.append(CastingStep("601.2c", "targets", _targets(after, action, name)))
    steps.append(CastingStep("601.2d", "division", f"{name} divides nothing among its targets"))
    steps.append(CastingStep("601.2e", "legal?", f"the game checks that {name} can be cast this way: it can "
                                                 "(an illegal proposal is refused, and nothing changes)"))
    spent = [e for e in events if e.kind == EventKind.MANA_SPENT]
    paid_for = spent[0].text.partition(" to pay ")[2] if spent else ""
    changed = [e.text for e in events if e.rule == "601.2f" and e.text]
    total = paid_for or cdef.cost or "{0}"
    steps.append(CastingStep("601.2f", "total cost", f"the total cost is {total}"
                             + (": " + "; ".join(changed) if changed else
                                (", its mana cost" if not extra else ", its mana cost and its additional cost"))))
    pool = before.player(p).pool
    sources = sorted({m.source for m in pool if m.source})
    steps.append(CastingStep("601.2g", "mana abilities",
                             f"{p} may activate mana abilities now, before paying; the pool holds "
                             f"{pool_text(pool)}" + (f" (from {', '.join(sources)})" if sources else "")
                             if pool else f"{p}'s pool is empty: the cost needs no mana, or the cast is refused"))
    paid = "; ".join(e.text for e in spent) if spent else "there is no mana to pay"
    steps.append(CastingStep("601.2h", "pay", f"{paid}, all at once: no partial payment"))
    triggered = [e.name for e in events if e.kind == EventKind.TRIGGER]
    told = (f"; {' and '.join(triggered)} {'triggers' if len(triggered) == 1 else 'trigger'}, and "
            f"{'its ability is' if len(triggered) == 1 else 'their abilities are'} put on the stack above "
            f"{name} before anyone gets priority (603.3)" if triggered else "; nothing triggers on it")
    steps.append(CastingStep("601.2i", "becomes cast", f"{name} becomes cast{told}. {after.priority}, who cast "
                             "it, gets priority (117.3c): only now can anyone respond"))
    return tuple(steps)


def _targets(after: GameState, action: CastSpell, name: str) -> str:
    """The targets the spell on the stack has, by name (601.2c)."""
    item = next((i for i in after.stack if i.kind == "spell" and i.source.oid == action.card), None)
    refs = item.targets if item is not None else ()
    if not refs:
        return f"{name} has no targets"
    said = [r if isinstance(r, str) else after.obj(r.oid).card if isinstance(r, ObjRef) else str(r) for r in refs]
    return f"{action.player} chooses the target{'s' if len(said) > 1 else ''}: {' and '.join(said)}"
