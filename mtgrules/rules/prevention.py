"""Prevention effects (615): damage that would be dealt, and isn't.

Two kinds come from the kit's cards:

* **From a resolved spell or ability** (``GameState.prevention``, values of
  :class:`~mtgrules.core.prevention.Prevention`): "Prevent all combat damage that would be dealt
  this turn" (Holy Day), and shields, "Prevent the next 1 damage that would be dealt to any
  target this turn" (Bandage, Samite Healer), which prevent that much and are then used up
  (615.7). They last until used up or until the turn's cleanup step (615.3, 514.2).
* **From a static ability** (:class:`PreventionAbility`): "Prevent all damage that would be dealt
  to ~" (Cho-Manno, Revolutionary), which works while its permanent is on the battlefield.

A prevention effect must exist before the damage would be dealt (615.4). ``deal_damage`` asks
the two rules of ``hooks.PREVENTION_EFFECTS`` here, :func:`prevent_all` and
:func:`prevent_with_shields`, through the one mechanism for replacement and prevention effects
(``rules.replacement``), and prevented damage never happens (615.6): nothing is marked, no life
is lost, and lifelink gains nothing for it.

Choices (never a default):

* When a shield and another effect would both modify the same damage ("prevent all",
  protection, 702.16e, or a replacement), the affected player (the recipient, or its
  controller) chooses the order (616.1; choice kind ``"replacement order"``): "prevent all" first
  leaves the shield unused.
* Combat damage is dealt all at once (510.2), so a shield may face two sources together; then
  that player chooses which damage the shield prevents (615.7; choice kind ``"shield"``, one
  answer per point of damage it has left), with the whole step's damage in view
  (``hooks.COMBAT_DAMAGE_CHANGES``), before any of it is dealt.

Shields are alike in the kit (each prevents damage to one recipient this turn), so which of two
shields on one creature is used first changes nothing, and isn't asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from mtgrules.core.abilities import StaticAbility
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import CardDefError
from mtgrules.core.events import EventKind
from mtgrules.core.objects import GameObject, ObjRef
from mtgrules.core.prevention import Prevention
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.layers import ability_kinds, characteristics

Recipient = str | int  # a player's name, or an object id
PreventsTest = Callable[[GameState, GameObject, int, Recipient, bool], bool]
"""``prevents(state, holder, source, recipient, combat)``: whether the static ability of
``holder`` prevents damage that ``source`` would deal to ``recipient``."""


@dataclass(frozen=True)
class PreventionAbility(StaticAbility):
    """A static ability that prevents damage (604.1, 615): "Prevent all damage that would be
    dealt to ~". It creates no layer effect (``effects`` gives none); while its permanent is on
    the battlefield, damage for which ``prevents`` holds is prevented (615.1)."""

    prevents: PreventsTest | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if not callable(self.prevents):
            raise CardDefError(f"PreventionAbility {self.text!r:.40}: prevents must be a function "
                               "(state, holder, source, recipient, combat) -> bool")


def no_layer_effects(state: GameState, source: GameObject) -> list[object]:
    """A prevention ability's layer effects: none (it changes no characteristic, 615.1)."""
    return []


# ---------------------------------------------------------------- making them (615.3)
def add_prevention(d: Draft, why: str, text: str, source: ObjRef | None, *, to: ObjRef | str | None = None,
                   combat_only: bool = False, amount: int | None = None) -> Prevention:
    """A resolving spell or ability makes a prevention effect; it lasts this turn (615.3)."""
    made = Prevention(d.new_id(), text, source, to, combat_only, amount)
    d.set_scalar("615.3", prevention=d.prevention + (made,))
    d.note(EventKind.PREVENTION, f"{why}: {_said(text)} (a prevention effect, until the end of this turn or "
           f"until used up)" if amount is not None else f"{why}: {_said(text)} (a prevention effect, until the "
           "end of this turn)", "615.7" if amount is not None else "615.1a", _recipient_id(to), _recipient_name(d, to))
    return made


def _said(text: str) -> str:
    return text.rstrip(".")


def _recipient_id(to: ObjRef | str | None) -> int | str | None:
    return to.oid if isinstance(to, ObjRef) else to


def _recipient_name(d: Draft | GameState, to: ObjRef | str | None) -> str:
    if isinstance(to, ObjRef):
        return characteristics(d.view(), to.oid).name
    return to or ""


def end_this_turn(d: Draft, chooser: Chooser) -> None:
    """"This turn" prevention effects end in the cleanup step, as damage wears off (514.2)."""
    if not d.prevention:
        return
    kept = tuple(p for p in d.prevention if not p.this_turn)
    ended = [_said(p.text) for p in d.prevention if p.this_turn]
    d.set_scalar("514.2", prevention=kept)
    d.note(EventKind.EFFECTS_END, "prevention effects that last “this turn” end: " + "; ".join(ended), "514.2")


hooks.TURN_BASED.setdefault(Step.CLEANUP, []).append(end_this_turn)
hooks.QUIET_TURN_BASED[end_this_turn] = lambda state: True  # ends effects, asks nothing


# ---------------------------------------------------------------- which apply (615.1)
def _hits(state: GameState, p: Prevention, recipient: Recipient, combat: bool) -> bool:
    if p.combat_only and not combat:
        return False
    if p.left is not None and p.left <= 0:
        return False
    if p.to is None:
        return True
    if isinstance(p.to, str):
        return recipient == p.to
    now = state.resolve_ref(p.to)  # the same object it shielded (400.7)
    return now is not None and now.oid == recipient


def _label(state: GameState, p: Prevention) -> str:
    who = ""
    if p.source is not None:
        try:
            who = card(state.obj(p.source.oid).card).name
        except KeyError:
            who = ""
    return f"{who}: {_said(p.text)}" if who else _said(p.text)


def prevent_all_effects(state: GameState, source: int, recipient: Recipient, combat: bool) -> list[str]:
    """The "prevent all" effects that would prevent damage from ``source`` to ``recipient``, each
    named by its source: resolved ones and static abilities (615.1a)."""
    found = [_label(state, p) for p in state.prevention if p.left is None and _hits(state, p, recipient, combat)]
    if PreventionAbility in ability_kinds(state):
        for holder in state.battlefield():
            for ab in card(holder.card).abilities:
                if isinstance(ab, PreventionAbility) and ab.prevents is not None \
                        and ab.prevents(state, holder, source, recipient, combat):
                    found.append(f"{characteristics(state, holder.oid).name}: {_said(ab.text)}")
    return found


def shields(state: GameState, recipient: Recipient, combat: bool) -> list[Prevention]:
    """The shields on ``recipient`` with damage left to prevent, in the order they were made."""
    return [p for p in state.prevention if p.left is not None and _hits(state, p, recipient, combat)]


# ---------------------------------------------------------------- applying them (615.6, 615.7)
def _name(state: GameState, who: Recipient) -> str:
    return who if isinstance(who, str) else characteristics(state, who).name


def _say_prevented(d: Draft, state: GameState, source: int, recipient: Recipient, n: int, by: str, rule: str) -> None:
    d.note(EventKind.DAMAGE_PREVENTED, f"{by}: {n} damage {_name(state, source)} would deal to "
           f"{_name(state, recipient)} is prevented, so it isn't dealt", rule, source, _name(state, source))


def prevent_all(d: Draft, chooser: Chooser | None, seen: GameState, source: int, source_chars: Chars | None,
                recipient: Recipient, amount: int, combat: bool) -> int:
    """``hooks.PREVENTION_EFFECTS``: a "prevent all" effect that applies prevents all of this
    damage (615.1a); two of them change nothing the other wouldn't, so the first is named."""
    if not (seen.prevention or PreventionAbility in ability_kinds(seen)):
        return amount
    found = prevent_all_effects(seen, source, recipient, combat)
    if not found:
        return amount
    _say_prevented(d, seen, source, recipient, amount, found[0], "615.1a")
    return 0


prevent_all.label = "prevent all"  # type: ignore[attr-defined]  # its name in "replacement order" (616.1)


def prevent_with_shields(d: Draft, chooser: Chooser | None, seen: GameState, source: int,
                         source_chars: Chars | None, recipient: Recipient, amount: int, combat: bool) -> int:
    """``hooks.PREVENTION_EFFECTS``: the shields on the recipient prevent what they have left
    (615.7), read as they are now (an earlier source's damage this step may have used them). For
    combat damage two sources dealt at once, the shield prevents what its controller chose for
    this source (``split``, :func:`share_shields`). Alike, shields are used in the order made."""
    now = d.view()
    if not now.prevention:
        return amount
    mine = shields(now, recipient, combat)
    if not mine:
        return amount
    left, kept = amount, {p.pid: p for p in now.prevention}
    for p in mine:
        if left <= 0:
            break
        assert p.left is not None
        share = dict(p.split).get(source, 0) if combat and p.split is not None else p.left
        n = min(share, left, p.left)
        if n <= 0:
            continue
        _say_prevented(d, now, source, recipient, n, _label(now, p), "615.7")
        split = None if p.split is None else tuple((s, k - n if s == source else k) for s, k in p.split)
        kept[p.pid] = replace(p, left=p.left - n, split=split)
        left -= n
    if left == amount:
        return amount
    d.set_scalar("615.7", prevention=tuple(kept[p.pid] for p in now.prevention if kept[p.pid].left != 0))
    for p in kept.values():
        if p.left == 0:
            d.note(EventKind.PREVENTION, f"the shield on {_name(now, recipient)} ({_said(p.text)}) is used up", "615.7")
    return left


prevent_with_shields.label = "prevention shield"  # type: ignore[attr-defined]


def share_shields(d: Draft, chooser: Chooser, plan: hooks.CombatDamagePlan) -> hooks.CombatDamagePlan:
    """``hooks.COMBAT_DAMAGE_CHANGES``: before a step's combat damage is dealt, all at once (510.2),
    a shield that two or more sources would hit asks which damage it prevents (615.7; choice kind
    ``"shield"``, one answer per point of damage it has left), and keeps that share for each
    source (``Prevention.split``); every other shield keeps none. The plan is dealt as it is."""
    state = d.view()
    if not any(p.left is not None for p in state.prevention):
        return plan
    by_recipient: dict[Recipient, list[tuple[int, int]]] = {}
    for source, recipient, amount in plan:
        if amount > 0:
            by_recipient.setdefault(recipient, []).append((source, amount))
    changed = {p.pid: replace(p, split=None) for p in state.prevention if p.left is not None}
    for recipient, dealt in by_recipient.items():
        on_it = shields(state, recipient, True)
        if not on_it or len(dealt) < 2:
            continue
        wanted = dict(dealt)
        player = recipient if isinstance(recipient, str) else state.obj(recipient).controller
        for p in on_it:
            assert p.left is not None
            shares: dict[int, int] = {}
            for _ in range(p.left):
                open_ = [s for s, _n in dealt if wanted[s] > 0]
                if not open_:
                    break
                source = open_[0] if len(open_) == 1 else chooser.choose("shield", player, open_, "615.7")
                shares[source] = shares.get(source, 0) + 1
                wanted[source] -= 1
            changed[p.pid] = replace(p, split=tuple(shares.items()))
    d.set_scalar("615.7", prevention=tuple(changed.get(p.pid, p) for p in state.prevention))
    return plan


hooks.PREVENTION_EFFECTS.extend((prevent_all, prevent_with_shields))
hooks.COMBAT_DAMAGE_CHANGES.append(share_shields)
