"""Paying costs: {T} (107.5), {Q} (107.6), removing counters, mana (118), exiling the source
(406.2), exiling cards from your graveyard, which can be any graveyard you have while you control
Graveyard Busybody (see ``graveyards.py``), loyalty (606.4, ``loyalty.py``); sacrificing the
source or other permanents (701.21a), discarding cards (701.9a) and paying life (119.4), as an
activation cost (602.2) or a spell's additional cost (118.8, 601.2h); and the total cost of a
spell, with the effects that make it cost more or less (601.2f, 118.7a).

Every check runs before anything is paid, and each refusal names the rule that forbids it.
"""

from __future__ import annotations

from itertools import islice

from mtgrules.core.abilities import AdditionalCost, Cost, CostChange
from mtgrules.core.carddef import CardDef, card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction, options_text
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import Mana, ManaCost, ManaType, pay, payments, pool_text, read_payment
from mtgrules.core.objects import GameObject, ObjRef, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.graveyards import cards_in_your_graveyards, graveyard_holder, graveyards_of
from mtgrules.rules.layers import ability_kinds, characteristics
from mtgrules.rules.life import change_life
from mtgrules.rules.loyalty import check_loyalty_cost, pay_loyalty
from mtgrules.rules.sacrifice import sacrifice
from mtgrules.rules.zones import move


def continuous_control(state: GameState, obj: GameObject) -> bool:
    """Has ``obj`` been under its controller's control since their most recent turn began?"""
    return obj.control_since < state.player(obj.controller).turn_began or obj.control_since == 0


def sickness_blocks(state: GameState, obj: GameObject) -> bool:
    """True if 302.6 forbids this creature's {T}/{Q} abilities (haste lifts it: 702.10)."""
    chars = characteristics(state, obj.oid)
    return chars.is_creature and Keyword.HASTE not in chars.keywords and not continuous_control(state, obj)


def check_cost(state: GameState, player: str, obj: GameObject, cost: Cost) -> None:
    """Refuse if ``cost`` can't be paid now; pay nothing."""
    if cost.tap and obj.tapped:
        raise IllegalAction("107.5", f"{_name(state, obj)} is already tapped, and a tapped permanent can't be "
                            "tapped again to pay a {T} cost")
    if cost.untap and not obj.tapped:
        raise IllegalAction("107.6", f"{_name(state, obj)} is already untapped, and an untapped permanent can't be "
                            "untapped again to pay a {Q} cost")
    if (cost.tap or cost.untap) and sickness_blocks(state, obj):
        symbol = "{T}" if cost.tap else "{Q}"
        since = "this turn began" if obj.control_since == state.turn else f"turn {obj.control_since}"
        raise IllegalAction("302.6", f"{_name(state, obj)} has been under {player}'s control only since {since}; "
                            f"a creature's {symbol} ability needs continuous control since "
                            f"{player}'s most recent turn began")
    if cost.loyalty is not None:
        check_loyalty_cost(obj, cost.loyalty, _name(state, obj))
    if cost.remove_counter and obj.counter(cost.remove_counter) < 1:
        raise IllegalAction("118.3", f"{_name(state, obj)} has no {cost.remove_counter} counter to remove")
    n = cost.exile_from_graveyard
    if n and len(cards_in_your_graveyards(state, player)) < n:
        raise IllegalAction("118.3", f"{_name(state, obj)}'s cost exiles {_cards(n)} from {player}'s graveyard, and "
                            f"{_graveyards_text(state, player)}")
    if cost.sacrifice_self or cost.sacrifice is not None or cost.discard or cost.life:
        check_other_parts(state, player, obj, cost, f"{_name(state, obj)}'s cost")


def check_other_parts(state: GameState, player: str, source: GameObject, cost: Cost, what: str) -> None:
    """Refuse if the parts of ``cost`` that sacrifice, discard or pay life can't be paid now
    (118.3): the source must be on the battlefield to be sacrificed, there must be enough
    permanents to sacrifice and cards in hand to discard (besides the spell being cast, which is
    on the stack by then, 601.2a), and life to pay (119.4)."""
    if cost.sacrifice_self and (source.zone is not Zone.BATTLEFIELD or source.controller != player):
        raise IllegalAction("701.21a", f"{what} sacrifices {_name(state, source)} itself, and only a permanent its "
                            f"controller controls can be sacrificed")
    if cost.sacrifice is not None:
        have = sacrifice_options(state, player, source, cost)
        if len(have) < cost.sacrifice.count:
            raise IllegalAction("118.3", f"{what} sacrifices {cost.sacrifice.description}, and {player} controls "
                                f"{_how_many(len(have))} that could be sacrificed")
    if cost.discard:
        hand = discard_options(state, player, source)
        if len(hand) < cost.discard:
            raise IllegalAction("118.3", f"{what} discards {_cards(cost.discard)}, and {player} has "
                                f"{_how_many(len(hand), 'card')} in hand to discard")
    if cost.life and state.player(player).life < cost.life:
        raise IllegalAction("119.4", f"{what} pays {cost.life} life, and {player} has {state.player(player).life}: "
                            "a player can pay life only if their life total is at least that much")


def _how_many(n: int, what: str = "") -> str:
    noun = f" {what}{'s' if n != 1 else ''}" if what else ""
    return f"no{noun or ' such permanent'}" if n == 0 else f"only {n}{noun}"


def sacrifice_options(state: GameState, player: str, source: GameObject, cost: Cost) -> list[int]:
    """The permanents ``player`` could sacrifice for ``cost``'s "Sacrifice [something]": those
    they control that fit, the source itself left out for "another" (701.21a)."""
    spec = cost.sacrifice
    if spec is None:
        return []
    return [o.oid for o in state.battlefield(player)
            if spec.test(state, player, o) and not (spec.other and o.oid == source.oid)]


def discard_options(state: GameState, player: str, source: GameObject) -> list[int]:
    """The cards ``player`` could discard to pay a cost: those in their hand, the spell being
    cast aside (it has moved to the stack as it is cast, 601.2a)."""
    return [o.oid for o in state.in_zone(Zone.HAND, player) if o.oid != source.oid]


def pay_other_parts(d: Draft, chooser: Chooser, player: str, source: GameObject, cost: Cost, name: str,
                    rule: str = "601.2h") -> list[tuple[GameObject, Chars]]:
    """Pay the parts of ``cost`` that sacrifice, discard or pay life, as one payment (601.2h):
    first every choice (which permanents, one at a time, choice kind ``"sacrifice"``; which cards,
    choice kind ``"discard"``), then the payments. Returns the permanents sacrificed with their
    characteristics, as they last were on the battlefield (608.2h: "the sacrificed creature's
    power")."""
    state = d.view()
    victims = _pick(chooser, player, sacrifice_options(state, player, source, cost),
                    cost.sacrifice.count if cost.sacrifice else 0, "sacrifice", rule)
    discards = _pick(chooser, player, discard_options(state, player, source), cost.discard, "discard", rule)
    if cost.life:  # paying life is losing it (119.4)
        change_life(d, player, -cost.life, "119.4", f"{player} pays {cost.life} life for {name}")
    for oid in discards:
        move(d, oid, Zone.GRAVEYARD, "701.9a", f"{player} discards {d.obj(oid).card} to pay for {name}")
    gone: list[tuple[GameObject, Chars]] = []
    for oid in victims:
        gone.append((d.obj(oid), characteristics(d.view(), oid)))
        sacrifice(d, player, oid, f"to pay for {name}")
    if cost.sacrifice_self:
        now = d.obj(source.oid)
        if now.zone is Zone.BATTLEFIELD:
            gone.append((now, characteristics(d.view(), now.oid)))
            sacrifice(d, player, source.oid, "to pay its own cost")
    return gone


def _pick(chooser: Chooser, player: str, options: list[int], n: int, kind: str, rule: str) -> list[int]:
    """``n`` of ``options`` that ``player`` chooses one at a time (choice ``kind``); when exactly
    ``n`` are there, each is a lone option, taken without asking."""
    picked: list[int] = []
    for _ in range(n):
        picked.append(chooser.choose(kind, player, [o for o in options if o not in picked], rule))
    return picked


def _name(state: GameState, obj: GameObject) -> str:
    """The name a refusal gives the permanent (its characteristics', as an effect may rename it);
    looked up only when there is a refusal to word."""
    return characteristics(state, obj.oid).name


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _graveyards_text(state: GameState, player: str) -> str:
    """Why there aren't enough cards: how many are in which of the player's graveyards."""
    piles = graveyards_of(state, player)
    if not piles:
        return (f"{player} has no graveyard: {graveyard_holder(state)} controls the newest Graveyard "
                "Busybody and has them all")
    have = len(cards_in_your_graveyards(state, player))
    where = f"{player}'s graveyard" if len(piles) == 1 else f"{player}'s {len(piles)} graveyards together"
    return f"{where} {'hold' if len(piles) > 1 else 'holds'} {have or 'no cards'}"


def choose_graveyard_cards(state: GameState, chooser: Chooser, player: str, n: int) -> list[int]:
    """The ``n`` cards ``player`` picks, one at a time (choice kind ``"exile"``), from any of their
    graveyards; when exactly ``n`` are there, there is nothing to choose (each is a lone option:
    an answer naming it is used up, in whatever order the answers name them, and one naming
    another card refused)."""
    options = [o.oid for o in cards_in_your_graveyards(state, player)]
    if len(options) <= n:
        forced: list[int] = []
        for _ in options:
            left = [oid for oid in options if oid not in forced]
            queue = chooser.scripted.get("exile")
            named = queue[0] if queue and any(queue[0] == oid for oid in left) else left[0]
            forced.append(chooser.choose("exile", player, [named], "601.2h"))
        return forced
    picked: list[int] = []
    for _ in range(n):
        picked.append(chooser.choose("exile", player, [o for o in options if o not in picked], "601.2h"))
    return picked


def pay_cost(d: Draft, player: str, obj: GameObject, cost: Cost, paying_for: frozenset[str],
             x: int = 0, hybrid: tuple[ManaType, ...] | None = None, chooser: Chooser | None = None) -> None:
    """Pay every part of ``cost``. The caller has checked it on this same state before any edit
    (``engine.check_activation`` runs ``check_cost``), so nothing is paid in part (601.2h).
    ``chooser`` answers the choices a cost needs (which cards to exile from a graveyard)."""
    state = d.view()
    exiled = choose_graveyard_cards(state, chooser or Chooser(), player, cost.exile_from_graveyard) \
        if cost.exile_from_graveyard else []
    mana = cost.mana.with_x(x)
    spent, rest = (choose_payment(chooser or Chooser(), player, state.player(player).pool, mana, paying_for, hybrid)
                   if not mana.is_empty else ((), None))
    name = characteristics(state, obj.oid).name
    if cost.loyalty is not None:
        pay_loyalty(d, obj, cost.loyalty, name)
    if cost.tap:
        d.update(obj.oid, "107.5", f"{name} is tapped to pay a {{T}} cost", tapped=True)
    if cost.untap:
        d.update(obj.oid, "107.6", f"{name} is untapped to pay a {{Q}} cost", tapped=False)
    if cost.remove_counter:
        n = d.obj(obj.oid).counter(cost.remove_counter)
        d.update(obj.oid, "118.3", f"a {cost.remove_counter} counter is removed from {name}",
                 counters=set_counter(d.obj(obj.oid).counters, cost.remove_counter, n - 1))
    if spent:
        assert rest is not None  # a payment was chosen, so the pool left after it is known
        spend_mana(d, player, spent, rest, mana.text)
    for oid in exiled:
        card = d.obj(oid)
        borrowed = f", one of {player}'s graveyards (Graveyard Busybody)" if card.zone_player != player else ""
        move(d, oid, Zone.EXILE, "406.2", f"{card.card} is exiled from {card.zone_player}'s graveyard"
             f"{borrowed} to pay {name}'s cost")
    if cost.exile_self:
        move(d, obj.oid, Zone.EXILE, "406.2", f"{name} is exiled to pay its own cost")
    if cost.sacrifice_self or cost.sacrifice or cost.discard or cost.life:
        pay_other_parts(d, chooser or Chooser(), player, obj, cost, f"{name}'s ability", "602.2b")


def choose_payment(chooser: Chooser, player: str, pool: tuple[Mana, ...], cost: ManaCost,
                   paying_for: frozenset[str], hybrid: tuple[ManaType, ...] | None = None,
                   kind: str = "pay") -> tuple[tuple[Mana, ...], tuple[Mana, ...]]:
    """The mana ``player`` spends on ``cost``, and what stays in the pool. The player pays
    (601.2h, 118.3a): when two ways of paying leave different pools (paying {1} with {G} or with
    {R}), they choose with ``pay="R"`` (choice kind ``"pay"``); the engine goes ahead alone only
    when every way leaves the same pool, restrictions included. Refuses if nothing can pay.
    ``kind`` names the choice where "pay" already means something else (a resolving ability's
    "you may pay", answered 0 or 1)."""
    spent, rest = pay(pool, cost, paying_for, hybrid)  # refuses with 118.3 or 106.6
    ways = payments(pool, cost, paying_for, hybrid)
    first_two = list(islice(ways, 2))
    if len(first_two) <= 1:  # one way or none: asked of the first two, never counted
        said = chooser.take_scripted(kind)  # nothing to choose, but a different payment was asked for
        labels = first_two if said is not None else []
        if said is not None and read_payment(said, labels) not in labels:
            raise IllegalAction("601.2h", f"{player} can't pay {cost.text or 'the cost'} with {said!r}: the "
                                f"only way to pay it from {pool_text(pool)} is {labels[0] if labels else 'nothing'}")
        return spent, rest
    first = first_two[0]
    key = kind.replace(" ", "_")
    sentence = (f"{player} must choose how to pay {cost.text or 'the cost'}: the mana to spend, one of "
                f"{options_text(ways)}; give it as {key}={first!r} (or just its symbols, such as "
                f"{key}={_letters(first)!r}), and no choice was given")
    label = chooser.choose(kind, player, ways, "601.2h", normalize=ways.read, offered=ways.offered(),
                           sentence=sentence)
    units = ways.units(label)
    used = {m.uid for m in units}
    return units, tuple(m for m in pool if m.uid not in used)


def _letters(label: str) -> str:
    return "".join(ch for ch in label if ch in "WUBRGC") if "(" not in label else label


def spend_mana(d: Draft, player: str, spent: tuple[Mana, ...], rest: tuple[Mana, ...], what: str) -> None:
    """Remove paid mana from the pool, as one event (118.3a)."""
    d.update_player(player, "118.3a", f"{player} spends {pool_text(spent)} to pay {what}",
                    kind="mana spent", pool=rest)


# ---------------------------------------------------------------- a spell's total cost (601.2f)
def additional_costs(cdef: CardDef) -> list[AdditionalCost]:
    """The card's "As an additional cost to cast this spell, ..." abilities (118.8)."""
    return [ab for ab in cdef.abilities if isinstance(ab, AdditionalCost)]


def cost_changes(state: GameState, player: str, spell: GameObject, cdef: CardDef,
                 targets: tuple[ObjRef | str | int, ...]) -> list[tuple[GameObject, CostChange]]:
    """The cost increases and reductions that apply as ``player`` casts ``spell`` with these
    targets (601.2f): the spell's own ("This spell costs {1} less to cast if ...", 113.6d) and
    those of permanents on the battlefield ("Creature spells you cast cost {1} less")."""
    if CostChange not in ability_kinds(state):
        return []
    found = [(spell, ab) for ab in cdef.abilities if isinstance(ab, CostChange) and ab.own]
    for obj in state.battlefield():
        for ab in card(obj.card).abilities:
            if isinstance(ab, CostChange) and not ab.own:
                found.append((obj, ab))
    refs = tuple(t for t in targets)
    return [(src, ab) for src, ab in found if ab.applies(state, src, player, spell, refs)]


def total_cost(state: GameState, player: str, spell: GameObject, cdef: CardDef, x: int,
               targets: tuple[ObjRef | str | int, ...] = ()) -> tuple[ManaCost, list[tuple[GameObject, CostChange]]]:
    """The mana a spell costs to cast, X chosen (107.3): its mana cost plus every cost increase,
    minus every reduction, which takes only generic mana and never below {0} (601.2f, 118.7a);
    and the changes that applied."""
    base = cdef.mana_cost.with_x(x)
    changes = cost_changes(state, player, spell, cdef, targets)
    if not changes:
        return base, []
    more = sum(ab.amount for _src, ab in changes if ab.amount > 0)
    less = -sum(ab.amount for _src, ab in changes if ab.amount < 0)
    generic = max(0, base.generic + more - less)
    return replace_generic(base, generic), changes


def replace_generic(cost: ManaCost, generic: int) -> ManaCost:
    """``cost`` with its generic part set to ``generic``, its text written again to match."""
    text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{t.value}}}" for t in cost.typed) \
        + "".join(f"{{{a.value}/{b.value}}}" for a, b in cost.hybrid)
    return ManaCost(generic, cost.typed, cost.hybrid, cost.x_count, text or "{0}")


def change_text(state: GameState, src: GameObject, ab: CostChange, spell_name: str) -> str:
    """One cost change in a sentence: "Winged Words costs {1} less to cast (Winged Words: ...)"."""
    how = f"{{{abs(ab.amount)}}} {'more' if ab.amount > 0 else 'less'}"
    whose = "its own" if src.card == spell_name else f"{characteristics(state, src.oid).name}'s"
    return f"{spell_name} costs {how} to cast, as {whose} “{ab.text}” says"
