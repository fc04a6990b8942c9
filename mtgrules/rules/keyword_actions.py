"""Keyword actions the combat cards use: fight (701.14), double power (701.10), draw (121), mill
(701.17), and paying an optional mana cost while an ability resolves (608.2c).

Each takes the draft being edited and records events naming its rule. A fight records one event
of kind ``"fight"`` whose ``after`` is the pair of creatures: abilities that trigger "whenever one
or more creatures you control fight" listen to it, so one fight is one trigger event (603.2c).
Combat damage is never a fight (701.14d): it records ``"combat damage"`` events instead.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from mtgrules.core.abilities import ManaAbility
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Effect
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.mana import Mana, ManaType, number_text, parse_cost, pay
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import Draft
from mtgrules.rules.activation import activated_abilities
from mtgrules.rules.combat.damage import deal_damage
from mtgrules.rules.costs import check_cost, choose_payment, spend_mana
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.mana.abilities import activate_mana_ability
from mtgrules.rules.teams import apnap_order
from mtgrules.rules.turn_loop import draw
from mtgrules.rules.zones import move


# ---------------------------------------------------------------- fight (701.14)
def fight(d: Draft, first: GameObject, second: GameObject, why: str, chooser: Chooser | None = None) -> bool:
    """``first`` and ``second`` fight: each deals damage equal to its power to the other (701.14a).

    If either is no longer on the battlefield or no longer a creature, neither fights (701.14b); a
    card a rule treats as on the battlefield (``layers.on_battlefield``: an attacking or blocking
    graveyard card under Over My Dead Bodies) fights like a creature there.
    A creature fighting itself deals itself twice its power (701.14c). The damage isn't combat
    damage (701.14d). Returns whether the fight happened."""
    state = d.view()
    a, b = state.resolve_ref(first.ref), state.resolve_ref(second.ref)
    for original, now in ((first, a), (second, b)):
        if now is None or not on_battlefield(state, now) or not characteristics(state, now.oid).is_creature:
            name = characteristics(state, original.oid).name
            d.note("no fight", f"{why}: {name} is no longer a creature on the battlefield, so neither creature "
                   "fights or deals damage", "701.14b", original.oid, name)
            return False
    assert a is not None and b is not None  # both checked just above
    pa = max(characteristics(state, a.oid).power or 0, 0)
    pb = max(characteristics(state, b.oid).power or 0, 0)
    na, nb = characteristics(state, a.oid).name, characteristics(state, b.oid).name
    if a.oid == b.oid:
        text = f"{why}: {na} fights itself and deals itself twice its power"
        d.emit(Event(EventKind.FIGHT, None, "game", "fighters", None, (a.oid, b.oid), "701.14c", text))
        deal_damage(d, a.oid, a.oid, 2 * pa, combat=False, chooser=chooser)
        return True
    d.emit(Event(EventKind.FIGHT, None, "game", "fighters", None, (a.oid, b.oid), "701.14a",
                 f"{why}: {na} and {nb} fight, dealing damage that isn't combat damage (701.14d): each deals "
                 "damage equal to its power to the other"))
    deal_damage(d, a.oid, b.oid, pa, combat=False, chooser=chooser)
    deal_damage(d, b.oid, a.oid, pb, combat=False, chooser=chooser)
    return True


# ---------------------------------------------------------------- double power (701.10)
def double_power(d: Draft, obj: GameObject, source: int | None, why: str) -> int:
    """Double a creature's power until end of turn: it gets +X/+0 where X is its power now
    (701.10b), or -X/-0 where X is how far below 0 it is (701.10c). X is fixed now, so later
    changes to its power don't change the bonus (608.2h). Returns the change to its power."""
    state = d.view()
    power = characteristics(state, obj.oid).power or 0
    name = characteristics(state, obj.oid).name
    # +X with X = power, or -X with X = 0 - power: either way the change equals the power now.
    change = power
    if power >= 0:
        rule, text = "701.10b", f"{why}: {name}'s power is {power} now, so it gets +{power}/+0 until end of turn"
    else:
        rule, text = "701.10c", (f"{why}: {name}'s power is {power}, {-power} below 0, so it gets "
                                 f"-{-power}/-0 until end of turn")
    eff = Effect("7c", f"{why}: double power ({'+' if change >= 0 else ''}{change}/+0, fixed as it resolved)",
                 rule, source, d.new_timestamp(), affected=(obj.ref,), delta=(change, 0), until_end_of_turn=True)
    d.set_scalar(rule, effects=d.effects + (eff,))
    d.note("double power", text, rule, obj.oid, name)
    return change


DOUBLINGS_ONE_BY_ONE = 10
"""Up to this many doublings in a row are each played and told as their own step; more are
worked out at once (``double_power_times``): one doubling at a time reads the power through every
doubling before it, so X doublings took time growing as X squared (X = 15,000: minutes)."""


def double_power_times(d: Draft, obj: GameObject, times: int, source: int | None, why: str) -> None:
    """Double a creature's power ``times`` times, one doubling after another (Exponential Growth):
    each gives +X/+0 with X its power as it is then (701.10b, 701.10c; 608.2h). Up to
    ``DOUBLINGS_ONE_BY_ONE`` are played one by one. For more, the power is read once: a power
    change in layer 7c shows in the power unchanged (the doublings multiply it by 2**times) or,
    under a switch (613.4d), in its toughness (each doubling adds the same power); which of the
    two is asked of the layers with a probe, and the result is one effect and one sentence."""
    if times <= DOUBLINGS_ONE_BY_ONE:
        for _ in range(times):
            double_power(d, obj, source, why)
        return
    state = d.view()
    chars = characteristics(state, obj.oid)
    power, name = chars.power or 0, chars.name
    probe = Effect("7c", "probe: +1/+0", "613.4c", None, d.scalars["timestamp"], affected=(obj.ref,), delta=(1, 0))
    shows = (characteristics(replace(state, effects=state.effects + (probe,)), obj.oid).power or 0) - power
    if shows not in (0, 1):  # not a layer 7c sum the kit knows: played one doubling at a time
        for _ in range(times):
            double_power(d, obj, source, why)
        return
    change = power * (2 ** times - 1) if shows else power * times
    final = power + change if shows else power
    rule = "701.10b" if power >= 0 else "701.10c"
    sign = "+" if change >= 0 else "-"
    each = "its power as it is then" if power >= 0 else "how far below 0 its power is then"
    eff = Effect("7c", f"{why}: double power {times:,} times ({sign}{number_text(abs(change))}/+0, fixed as it "
                 "resolved)", rule, source, d.new_timestamp(), affected=(obj.ref,), delta=(change, 0),
                 until_end_of_turn=True)
    d.set_scalar(rule, effects=d.effects + (eff,))
    d.note("double power", f"{why}: {name}'s power is {number_text(power)}, and it is doubled {times:,} times, each "
           f"time getting {sign}X/+0 with X {each}: in all it gets {sign}{number_text(abs(change))}/+0 until end of "
           f"turn, so its power is {number_text(final)}", rule, obj.oid, name)


# ---------------------------------------------------------------- draw (121)
def draw_cards(d: Draft, player: str, n: int = 1) -> None:
    """``player`` draws ``n`` cards, one at a time (121.1, 121.2)."""
    for _ in range(n):
        draw(d, player, "121.1")


def each_player_draws(d: Draft, n: int = 1) -> None:
    """"Each player draws": the active player draws all of theirs first, then each other player
    in turn order (121.2c; the active team first under shared team turns, 121.2d)."""
    order = apnap_order(d.view())
    if len(order) > 1:
        d.note("apnap", f"each player draws: {', then '.join(order)} (active player first)", "121.2c")
    for player in order:
        draw_cards(d, player, n)


# ---------------------------------------------------------------- mill (701.17)
def mill(d: Draft, player: str, n: int, why: str) -> int:
    """``player`` puts the top ``n`` cards of their library into their graveyard (701.17a), or as
    many as the library holds (701.17b): milling from a short library is no draw, and loses no
    game. Returns how many were milled."""
    library = d.view().in_zone(Zone.LIBRARY, player)
    milled = min(n, len(library))
    if milled < n:
        d.note("nothing", f"{why}: {player} is told to mill {n} cards and has {len(library)} in their library, "
               f"so they mill {milled}, as many as possible", "701.17b", player, player)
    for obj in reversed(library[len(library) - milled:]):  # the top card first
        move(d, obj.oid, Zone.GRAVEYARD, "701.17a", f"{why}: {player} mills {obj.card}")
    return milled


# ---------------------------------------------------------------- optional payments (608.2c)
def pay_mana_now(d: Draft, chooser: Chooser, player: str, cost_text: str, why: str) -> None:
    """Pay a mana cost from ``player``'s pool while an ability resolves; refuse if it can't be
    paid. While the pool can't pay, the player first activates mana abilities of their choice
    (605.3a, 608.2g; see :func:`add_mana_to_pay`). A hybrid symbol's half is a choice (kind
    ``"hybrid"``) among the halves the pool can pay; which mana pays is the player's choice too
    (kind ``"pay with"``, 601.2h) when it matters."""
    add_mana_to_pay(d, chooser, player, cost_text, why)
    cost = parse_cost(cost_text)
    pool = d.player(player).pool
    halves: list[ManaType] = []
    for a, b in cost.hybrid:
        options = [t.value for t in (a, b) if _payable(pool, cost_text, halves + [t])]
        if not options:
            raise IllegalAction("118.3", f"{player}'s mana can't pay {cost_text} for {why}")
        halves.append(ManaType(chooser.choose("hybrid", player, options, "107.4e")))
    spent, rest = choose_payment(chooser, player, pool, cost, frozenset({"ability"}),
                                 tuple(halves) if cost.hybrid else None, kind="pay with")
    spend_mana(d, player, spent, rest, f"{cost_text} for {why}")


def _payable(pool: tuple[Mana, ...], cost_text: str, halves: list[ManaType]) -> bool:
    """Whether the pool can pay the cost with these halves chosen for the first hybrid symbols."""
    cost = parse_cost(cost_text)
    for rest in product(*cost.hybrid[len(halves):]):
        try:
            pay(pool, cost, frozenset({"ability"}), (*halves, *rest))
            return True
        except IllegalAction:
            continue
    return False


def mana_sources(d: Draft, player: str) -> list[tuple[int, int]]:
    """(object id, ability number) of each mana ability ``player`` could activate now, whose
    non-mana costs they can pay (608.2g, 117.1d); numbered among the object's activated
    abilities, as ``activate`` numbers them (``rules/activation.py``)."""
    state = d.view()
    out = []
    for obj in state.battlefield(player):
        for i, ab in enumerate(activated_abilities(state, obj)):
            if isinstance(ab, ManaAbility):
                try:
                    check_cost(state, player, obj, ab.cost)
                except IllegalAction:
                    continue
                out.append((obj.oid, i))
    return out


def add_mana_to_pay(d: Draft, chooser: Chooser, player: str, cost_text: str, why: str) -> None:
    """Before a payment asked for while a spell or ability resolves, the player may activate mana
    abilities (605.3a, 608.2g): while the pool can't pay ``cost_text`` (with any halves of its
    hybrid symbols), they choose which to activate (choice kind ``"mana ability"``, options
    ``(object id, ability number)``, the number ``activate`` takes; a lone option is taken without asking). If none is left and
    the pool still can't pay, the payment is refused (118.3)."""
    while not _payable(d.player(player).pool, cost_text, []):
        sources = mana_sources(d, player)
        if not sources:
            raise IllegalAction("118.3", f"{player} can't pay {cost_text} for {why}, even after activating the "
                                "mana abilities they could")
        oid, index = chooser.choose("mana ability", player, sources, "608.2g")
        ab = activated_abilities(d.view(), d.obj(oid))[index]
        assert isinstance(ab, ManaAbility)  # mana_sources lists only mana abilities
        source = characteristics(d.view(), oid).name
        d.note("activated", f"{player} activates {source}'s mana ability to pay {cost_text} for {why}",
               "608.2g", oid, source)
        activate_mana_ability(d, chooser, player, d.obj(oid), ab)
