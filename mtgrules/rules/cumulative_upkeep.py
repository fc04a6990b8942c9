"""Cumulative upkeep (702.24): a triggered ability whose cost grows every turn.

"Cumulative upkeep [cost]" means: at the beginning of your upkeep, if this permanent is on the
battlefield, put an age counter on it; then you may pay [cost] for each age counter on it; if
you don't, sacrifice it (702.24a). The whole payment is made or none of it (no partial
payments). Paying life needs a life total at least that large (119.4; a team's, 119.4a).

Paying is a choice of kind ``"cumulative upkeep"`` between ``"pay"`` and ``"don't pay"``
(``pass_priority("Alice", cumulative_upkeep="pay")``). The mana is paid from the pool, and the
player may activate mana abilities before paying (608.2g): while the pool can't pay, they choose
which mana ability to activate (choice kind ``"mana ability"``, options ``(object id, ability
index)``; one option is taken without asking). If it still can't be paid, choosing to pay is
refused. A payment the player can't make at all isn't offered, so then the permanent is
sacrificed without asking.
"""

from __future__ import annotations

from mtgrules.core.abilities import Resolution, TriggeredAbility
from mtgrules.core.errors import IllegalAction
from mtgrules.core.mana import parse_cost, pay
from mtgrules.core.objects import StackItem, Zone
from mtgrules.core.state import Draft
from mtgrules.core.turns import Step
from mtgrules.rules.keyword_actions import add_mana_to_pay, mana_sources, pay_mana_now
from mtgrules.rules.layers import characteristics
from mtgrules.rules.life import change_life
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of

PAY, DONT_PAY = "pay", "don't pay"


def cumulative_upkeep(text: str, mana: str = "", life: int = 0) -> TriggeredAbility:
    """The triggered ability "Cumulative upkeep—Pay <mana> and <life> life." for one card."""

    def resolve(res: Resolution, item: StackItem) -> None:
        src = res.source()
        if src is None or src.zone is not Zone.BATTLEFIELD:
            res.d.note("nothing happens", "the permanent is no longer on the battlefield, so its cumulative "
                       "upkeep does nothing", "702.24a", item.source.oid)
            return
        name = characteristics(res.state, src.oid).name
        res.add_counters(src, "age", 1, "702.24a")
        ages = res.d.obj(src.oid).counter("age")
        player = res.controller
        cost = (f"{mana * ages} and " if mana else "") + (f"{life * ages} life" if life else "")
        payable = _can_pay(res.d, player, mana * ages, life * ages) or (
            _can_pay(res.d, player, "", life * ages) and bool(mana_sources(res.d, player)))
        options = [PAY, DONT_PAY] if payable else [DONT_PAY]
        answer = res.chooser.choose("cumulative upkeep", player, options, "702.24a")
        if answer == DONT_PAY:
            why = "" if PAY in options else f" (they can't pay {cost})"
            res.d.note("declined", f"{player} doesn't pay {cost} for {name}'s {ages} age counter"
                       f"{'s' * (ages != 1)}{why}", "702.24a", src.oid, name)
            sacrifice(res.d, player, src.oid, "cumulative upkeep not paid")
            return
        if mana:
            add_mana_to_pay(res.d, res.chooser, player, mana * ages, f"{name}'s cumulative upkeep")
            pay_mana_now(res.d, res.chooser, player, mana * ages, f"{name}'s cumulative upkeep")
        if life:
            change_life(res.d, player, -life * ages, "119.4",
                        f"{player} pays {life * ages} life for {name}'s cumulative upkeep")

    return TriggeredAbility(text, STEP_BEGINS, at_beginning_of(Step.UPKEEP, "your"), resolve)


def _can_pay(d: Draft, player: str, mana: str, life: int) -> bool:
    """Whether the whole payment can be made now: the mana from the pool, the life from a life
    total at least that large (119.4, 119.4a)."""
    if life and d.player(player).life < life:
        return False
    if mana:
        try:
            pay(d.player(player).pool, parse_cost(mana), frozenset({"ability"}), None)
        except IllegalAction:
            return False
    return True
