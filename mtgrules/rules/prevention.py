"""Prevention effects (615): damage that would be dealt, and isn't.

Two kinds come from the kit's cards:

* **From a resolved spell or ability** (``GameState.prevention``, values of
  :class:`~mtgrules.core.prevention.Prevention`): "Prevent all combat damage that would be dealt
  this turn" (Holy Day), and shields, "Prevent the next 1 damage that would be dealt to any
  target this turn" (Bandage, Samite Healer), which prevent that much and are then used up
  (615.7). They last until used up or until the turn's cleanup step (615.3, 514.2).
* **From a static ability** (:class:`PreventionAbility`): "Prevent all damage that would be dealt
  to ~" (Cho-Manno, Revolutionary), which works while its permanent is on the battlefield.

A prevention effect must exist before the damage would be dealt (615.4); ``deal_damage`` asks
:func:`prevent` before it deals any (``hooks.PREVENTION_EFFECTS``), and prevented damage never
happens (615.6): nothing is marked, no life is lost, and lifelink gains nothing for it.

Choices (never a default):

* When a shield and another prevention effect would both apply to the same damage, the affected
  player (the recipient, or the recipient's controller) chooses which applies first (616.1;
  choice kind ``"prevention order"``): applied first, "prevent all" leaves the shield unused.
  Protection is one of those effects (702.16e): alongside one of this module's it is ordered
  with them here; alone, ``protection`` prevents the damage itself (``hooks.DAMAGE_PREVENTIONS``).
* Combat damage is dealt all at once (510.2), so a shield may face two sources together; then
  that player chooses which damage the shield prevents (615.7; choice kind ``"shield"``, one
  answer per point of damage shielded). So combat damage meets its prevention effects with the
  whole step's damage in view (``hooks.COMBAT_DAMAGE_CHANGES``), before any of it is dealt.

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
from mtgrules.rules.protection import protection_against

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
@dataclass(frozen=True)
class _Applies:
    """One prevention effect that applies to a damage event: the resolved one, or a static ability's."""

    label: str
    made: Prevention | None = None  # from a resolved spell or ability; None for a static ability's
    rule: str = "615.1a"  # the rule that prevents it, as the step says: protection's is 702.16e

    @property
    def shield(self) -> bool:
        return self.made is not None and self.made.left is not None


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


def applicable(state: GameState, source: int, recipient: Recipient, combat: bool,
               source_chars: Chars | None = None) -> list[_Applies]:
    """The prevention effects that would apply to damage from ``source`` to ``recipient``: those
    of this module and, when one of them applies, the recipient's protection from the source
    (702.16e), so the affected player orders them all (616.1). Protection alone is left to
    ``protection`` (``hooks.DAMAGE_PREVENTIONS``)."""
    found = [_Applies(_label(state, p), p) for p in state.prevention if _hits(state, p, recipient, combat)]
    if PreventionAbility in ability_kinds(state):
        for holder in state.battlefield():
            for ab in card(holder.card).abilities:
                if isinstance(ab, PreventionAbility) and ab.prevents is not None \
                        and ab.prevents(state, holder, source, recipient, combat):
                    found.append(_Applies(f"{characteristics(state, holder.oid).name}: {_said(ab.text)}"))
    if found and isinstance(recipient, int):
        chars = characteristics(state, recipient)
        kw = protection_against(chars, source_chars or characteristics(state, source))
        if kw is not None:
            found.append(_Applies(f"{chars.name}: {kw.value}", rule="702.16e"))
    labels = [a.label for a in found]
    return [replace(a, label=f"{a.label} [{i + 1}]") if labels.count(a.label) > 1 else a
            for i, a in enumerate(found)]


def _affected(state: GameState, recipient: Recipient) -> str:
    """Who chooses among prevention effects: the player dealt damage, or the controller of the
    permanent (616.1, 615.7)."""
    return recipient if isinstance(recipient, str) else state.obj(recipient).controller


# ---------------------------------------------------------------- applying them (615.6, 615.7, 616.1)
def prevent(d: Draft, chooser: Chooser, state: GameState, recipient: Recipient,
            dealt: list[tuple[int, int]], combat: bool, chars: dict[int, Chars] | None = None) -> list[tuple[int, int]]:
    """Damage dealt at once to ``recipient``, as (source, amount) pairs: what is left once the
    prevention effects that apply have prevented what they prevent, each said with its rule.
    ``state`` is the state the damage is dealt in (510.2)."""
    wanted = {source: applicable(state, source, recipient, combat, (chars or {}).get(source))
              for source, amount in dealt if amount > 0}
    if not any(wanted.values()):
        return dealt
    left = dict(dealt)
    whole = {s for s, effects in wanted.items() if any(not a.shield for a in effects)}
    shields = [a for a in next((effects for effects in wanted.values() if any(a.shield for a in effects)), [])
               if a.shield]  # a shield's reach depends on the recipient only: the same for every source
    pool = sum(a.made.left or 0 for a in shields if a.made is not None)
    chooser_player = _affected(state, recipient)
    shown = _name(state, recipient)
    first: set[int] = set()  # sources whose damage a "prevent all" effect meets before the shield
    for source in [s for s, _ in dealt if s in whole]:
        if pool:
            effects = wanted[source]
            pick = chooser.choose("prevention order", chooser_player, [a.label for a in effects], "616.1")
            if not next(a for a in effects if a.label == pick).shield:
                first.add(source)
        else:
            first.add(source)
    for source in first:
        by = next(a for a in wanted[source] if not a.shield)
        _say_prevented(d, state, source, recipient, left[source], by.label, by.rule)
        left[source] = 0
    used = 0
    while pool - used > 0:
        open_ = [s for s, _ in dealt if left.get(s, 0) > 0 and any(a.shield for a in wanted.get(s, []))]
        if not open_:
            break
        if len(open_) == 1:
            source = open_[0]
            n = min(pool - used, left[source])
        else:  # two sources at once (510.2): the player chooses which damage the shield prevents (615.7)
            source = chooser.choose("shield", chooser_player, open_, "615.7")
            n = 1
        _say_prevented(d, state, source, recipient, n, shields[0].label, "615.7")
        left[source] -= n
        used += n
    if used:
        _use_shields(d, state, [a.made for a in shields if a.made is not None], used, shown)
    for source in whole - first:  # a shield met it first; "prevent all" takes the rest (616.1)
        if left[source] > 0:
            by = next(a for a in wanted[source] if not a.shield)
            _say_prevented(d, state, source, recipient, left[source], by.label, by.rule)
            left[source] = 0
    return [(s, left[s]) for s, _ in dealt]


def _name(state: GameState, who: Recipient) -> str:
    return who if isinstance(who, str) else characteristics(state, who).name


def _say_prevented(d: Draft, state: GameState, source: int, recipient: Recipient, n: int, by: str, rule: str) -> None:
    d.note(EventKind.DAMAGE_PREVENTED, f"{by}: {n} damage {_name(state, source)} would deal to "
           f"{_name(state, recipient)} is prevented, so it isn't dealt", rule, source, _name(state, source))


def _use_shields(d: Draft, state: GameState, shields: list[Prevention], n: int, shown: str) -> None:
    """Reduce the shields by ``n`` in all, in the order they were made; one used up ends (615.7)."""
    now = {p.pid: p for p in d.prevention}
    for p in shields:
        if n <= 0:
            break
        held = now.get(p.pid)
        if held is None or held.left is None:
            continue
        k = min(n, held.left)
        n -= k
        now[p.pid] = replace(held, left=held.left - k)
    kept = tuple(now[p.pid] for p in d.prevention if now[p.pid].left != 0)
    d.set_scalar("615.7", prevention=kept)
    gone = [p for p in now.values() if p.left == 0]
    for p in gone:
        d.note(EventKind.PREVENTION, f"the shield on {shown} ({_said(p.text)}) is used up", "615.7")


def prevent_one(d: Draft, chooser: Chooser | None, seen: GameState, source: int, source_chars: Chars | None,
                recipient: Recipient, amount: int, combat: bool) -> int:
    """``hooks.PREVENTION_EFFECTS``: the damage left of one event once prevention effects have
    applied. Combat damage met them already, with the whole step's damage (``combat_damage``)."""
    if combat or not (seen.prevention or PreventionAbility in ability_kinds(seen)):
        return amount
    chars = {source: source_chars} if source_chars is not None else None
    return prevent(d, chooser or Chooser(), seen, recipient, [(source, amount)], combat, chars)[0][1]


def combat_damage(d: Draft, chooser: Chooser, plan: hooks.CombatDamagePlan) -> hooks.CombatDamagePlan:
    """``hooks.COMBAT_DAMAGE_CHANGES``: the step's combat damage less what prevention effects
    prevent, recipient by recipient, before any of it is dealt (510.2, 615.7)."""
    state = d.view()
    if not (state.prevention or PreventionAbility in ability_kinds(state)):
        return plan
    by_recipient: dict[Recipient, list[tuple[int, int]]] = {}
    for source, recipient, amount in plan:
        by_recipient.setdefault(recipient, []).append((source, amount))
    left: dict[tuple[int, Recipient], int] = {}
    for recipient, dealt in by_recipient.items():
        for source, n in prevent(d, chooser, state, recipient, dealt, True):
            left[(source, recipient)] = n
    return [(s, r, left[(s, r)]) for s, r, _ in plan if left[(s, r)] > 0]


hooks.PREVENTION_EFFECTS.append(prevent_one)
hooks.COMBAT_DAMAGE_CHANGES.append(combat_damage)
