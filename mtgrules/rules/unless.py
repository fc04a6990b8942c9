""""[Do something] unless [a player pays ...]": a cost a player may pay as the instruction is
followed (118.12, 118.12a).

"Counter target spell unless its controller pays {4}" means "Its controller may pay {4}. If they
don't, counter it" (118.12a). The payment is a cost paid while the spell or ability resolves
(118.12), so the player chooses whether to pay then, with the choice ``"may"`` (``"yes"`` or
``"no"``), never by default; a payment they can't make can't be chosen (118.3, 608.2d), and then
nobody is asked. The mana is paid from their pool, after the mana abilities they choose to
activate (608.2g), as any cost paid during resolution is (``keyword_actions.pay_mana_now``).
"""

from __future__ import annotations

from mtgrules.core.choices import Chooser
from mtgrules.core.errors import IllegalAction
from mtgrules.core.mana import parse_cost, pay
from mtgrules.core.state import Draft
from mtgrules.rules.keyword_actions import mana_sources, pay_mana_now
from mtgrules.rules.optional import may


def could_pay(d: Draft, player: str, cost: str) -> bool:
    """Whether ``player`` could pay ``cost`` now: from their pool, or with mana abilities they
    could activate first (608.2g). A payment that can't be made can't be chosen (118.3)."""
    try:
        pay(d.player(player).pool, parse_cost(cost), frozenset({"ability"}), None)
        return True
    except IllegalAction:
        return bool(mana_sources(d, player))


def pays(d: Draft, chooser: Chooser, player: str, cost: str, why: str, otherwise: str) -> bool:
    """Whether ``player`` pays ``cost`` for ``why`` (choice ``"may"``); if they do, the mana is
    paid now (118.12). ``otherwise`` is what happens if they don't ("counter Shock"), for the
    question's words."""
    if not may(d, chooser, player, f"pay {cost} (else: {otherwise})", why, possible=could_pay(d, player, cost)):
        d.note("if check", f"{why}: {player} doesn't pay {cost}, so: {otherwise} (118.12a)", "118.12a", player, player)
        return False
    pay_mana_now(d, chooser, player, cost, why)
    d.note("if check", f"{why}: {player} pays {cost}, so the rest doesn't happen (118.12a)", "118.12a", player, player)
    return True
