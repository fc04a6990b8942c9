"""Casting spells (601), activating abilities (602), and resolving the top of the stack (608)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.core.abilities import ActivatedAbility, EntersWith, Target
from mtgrules.core.actions import Activate, CastSpell
from mtgrules.core.carddef import CardDef, card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import COLORS, number_text, pay
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.rules.costs import check_cost, choose_payment, pay_cost, spend_mana
from mtgrules.rules.layers import characteristics
from mtgrules.rules.look_back import LAST_KNOWN, LAST_KNOWN_CHARS, trigger_source
from mtgrules.rules.replacement import Replacement, apply_replacements
from mtgrules.rules.resolution import Resolution
from mtgrules.rules.targeting import (
    TARGET_PLAYER,
    item_source,
    player_target_gone,
    player_target_legal,
    why_cant_target,
    why_not_player_target,
)
from mtgrules.rules.teams import is_active_player, shared_team_turns, turn_mates
from mtgrules.rules.triggers import condition_still_true
from mtgrules.rules.zones import move


# ---------------------------------------------------------------- casting
def check_cast(state: GameState, a: CastSpell) -> tuple[GameObject, CardDef, tuple[ObjRef | str, ...], frozenset[str]]:
    """Refuse the cast if the card, its timing, its targets, X or the cost forbid it; change
    nothing. ``apply`` (through ``engine.check``) and ``legal_actions`` both ask this, once per
    state and action."""
    return state.checked("cast", a, _check_cast)


def _check_cast(state: GameState, a: CastSpell) -> tuple[GameObject, CardDef, tuple[ObjRef | str, ...], frozenset[str]]:
    obj = _card_in_hand(state, a)
    cdef = card(obj.card)
    if "Land" in cdef.types:
        raise IllegalAction("305.9", f"{cdef.name} is a land, and a land can't be cast as a spell: play it with "
                            f"play_land({a.player!r}, {obj.oid}), a special action (305.1) that doesn't use the "
                            "stack")
    if not cdef.cost:
        raise IllegalAction("118.6", f"{cdef.name} has no mana cost, which is an unpayable cost, so it can't be "
                            "cast by paying its mana cost")
    _check_timing(state, a.player, cdef)
    targets = check_targets(state, a.player, cdef.cast_target, a.targets, cdef.name,
                            "303.4a" if cdef.enchant is not None else "115.1", itself=obj.oid,
                            source=characteristics(state, obj.oid))
    if a.x and not cdef.mana_cost.x_count:
        raise IllegalAction("107.3", f"{cdef.name} has no X in its cost, so X can't be chosen")
    if a.hybrid and not cdef.mana_cost.hybrid:
        raise IllegalAction("107.4e", f"{cdef.name} has no hybrid symbols in its cost, so no halves can be chosen")
    kinds = frozenset({"spell"} | {f"{t.lower()} spell" for t in cdef.types})
    pay(state.player(a.player).pool, cdef.mana_cost.with_x(a.x), kinds, a.hybrid)  # refuse before moving
    return obj, cdef, targets, kinds


def cast_spell(d: Draft, chooser: Chooser, a: CastSpell) -> None:
    """Cast a card from hand: timing, targets and cost are checked before anything moves."""
    state = d.view()
    obj, cdef, targets, kinds = check_cast(state, a)
    # the player chooses how to pay (601.2h); asked, and refused if unpayable, before anything moves
    spent, rest = choose_payment(chooser, a.player, state.player(a.player).pool, cdef.mana_cost.with_x(a.x),
                                 kinds, a.hybrid)
    moved = move(d, obj.oid, Zone.STACK, "601.2a", f"{a.player} casts {cdef.name}", controller=a.player)
    item = StackItem(d.new_id(), "spell", moved.ref, a.player, cdef.name, x=a.x, targets=targets)
    d.push(item)
    if not cdef.mana_cost.is_empty:
        spend_mana(d, a.player, spent, rest, cdef.cost + (f" with X={number_text(a.x)}" if a.x else ""))
    # the steps of casting are done: the spell becomes cast, and "whenever you cast" abilities
    # trigger now (601.2i); said by the move above, so the event has no sentence of its own
    d.emit(Event(EventKind.CAST, moved.oid, cdef.name, "cast", None, a.player, "601.2i"))


def _card_in_hand(state: GameState, a: CastSpell) -> GameObject:
    try:
        obj = state.obj(a.card)
    except KeyError:
        raise IllegalAction("601.2", f"there is no card with id {a.card}") from None
    if obj.zone is not Zone.HAND or obj.owner != a.player:
        raise IllegalAction("601.3", f"{obj.card} is not in {a.player}'s hand, so it can't be cast from there")
    return obj


def may_cast_now(state: GameState, player: str, cdef: CardDef) -> bool:
    """Instants (and flash) any time you have priority; others only in your main phase with an
    empty stack (307.1, 117.1a). Under shared team turns each player of the active team is an
    active player, so either may cast a sorcery in the team's main phase (805.4a, 805.5a)."""
    return at_instant_speed(cdef) or sorcery_timing(state, player)


def at_instant_speed(cdef: CardDef) -> bool:
    """An instant, or a card with flash: castable whenever its player has priority (117.1a, 702.8a)."""
    return "Instant" in cdef.types or Keyword.FLASH in cdef.keywords


def sorcery_timing(state: GameState, player: str) -> bool:
    """It is ``player``'s main phase and the stack is empty (117.1a, 307.1): when other spells may be cast."""
    return is_active_player(state, player) and state.step.is_main and not state.stack


def _check_timing(state: GameState, player: str, cdef: CardDef) -> None:
    """A sorcery is refused under the sorcery rule (307.1); any other noninstant spell under the
    general timing rule (117.1a), since 307.1 speaks only of sorcery cards."""
    if not may_cast_now(state, player, cdef):
        rule = "307.1" if "Sorcery" in cdef.types else "117.1a"
        raise IllegalAction(rule, f"{cdef.name} can be cast only in its controller's main phase "
                            f"while the stack is empty, and {_not_sorcery_time(state, player)}")


def _not_sorcery_time(state: GameState, player: str) -> str:
    """What keeps ``player`` from sorcery timing now, in the words of a refusal."""
    if not is_active_player(state, player):
        return f"it is {state.active}'s turn" if not shared_team_turns(state) else \
            f"it is {' and '.join(turn_mates(state, state.active))}'s team's turn"
    if state.stack:
        return "the stack isn't empty"
    return f"this is the {state.step.phrase}"


def check_targets(state: GameState, player: str, spec: Target | None, chosen: tuple[int | str, ...],
                  what: str, rule: str = "115.1", *, itself: int | None = None,
                  source: Chars | None) -> tuple[ObjRef | str, ...]:
    """Each chosen target must exist, be in a zone the spec allows, and pass its test (115); an
    Aura spell's refusal cites 303.4a, since its enchant ability is what asks for the target.
    A player, named by name, must be in the game and one the spec may target (115.1, 115.4).
    ``itself`` is the card being cast: its targets are chosen once it is on the stack (601.2a,
    601.2c), where a spell is an illegal target for itself (115.5). ``source`` is the spell's
    characteristics, or the ability's source's: protection judges by them (702.16b)."""
    if spec is None:
        if chosen:
            raise IllegalAction("115.1", f"{what} has no targets")
        return ()
    if len(set(chosen)) < len(chosen):
        raise IllegalAction("115.3", f"{what} says \"target\" once, so the same object or player can be chosen "
                            "as its target only once")
    if itself is not None and itself in chosen:
        raise IllegalAction("115.5", f"{what} can't target itself: a spell on the stack is an illegal target "
                            "for itself")
    if len(chosen) != 1:
        raise IllegalAction(rule, f"{what} needs exactly one target: {spec.description}")
    refs: list[ObjRef | str] = []
    for oid in chosen:
        if isinstance(oid, str):
            wrong = why_not_player_target(state, player, spec, oid, what, rule)
            if wrong is not None:
                raise IllegalAction(*wrong)
            refs.append(oid)
            continue
        try:
            obj = state.obj(oid)
        except KeyError:
            raise IllegalAction("115.1", f"there is no object with id {oid} to target") from None
        if obj.zone not in spec.zones or not spec.legal(state, player, obj):
            name = characteristics(state, oid).name
            raise IllegalAction(rule, f"{name} is not a legal target: {what} needs {spec.description}")
        shielded = why_cant_target(state, player, obj, source=source)
        if shielded is not None:
            raise IllegalAction(*shielded)
        refs.append(obj.ref)
    return tuple(refs)


# ---------------------------------------------------------------- activating
def activate_ability(d: Draft, chooser: Chooser, a: Activate, obj: GameObject, ab: ActivatedAbility) -> None:
    """Put a non-mana activated ability on the stack after paying its cost (602.2)."""
    state = d.view()
    name = characteristics(state, obj.oid).name
    targets = check_targets(state, a.player, ab.target, a.targets, f"{name}'s ability",
                            source=characteristics(state, obj.oid))
    check_cost(state, a.player, obj, ab.cost)
    pay_cost(d, a.player, obj, ab.cost, frozenset({"ability"}), a.x, a.hybrid, chooser)
    players = [t for t in targets if isinstance(t, str)]
    aimed = f", targeting {' and '.join(players)}" if players else ""
    # the ability exists independently of its source (113.7a): it carries the source as it was,
    # so it still resolves if a token source has ceased to exist (an "exile this" cost, 111.7)
    # and its characteristics now: a cost that exiles it ("exile this") is its last moment there (608.2h)
    data: tuple[tuple[str, object], ...] = ((LAST_KNOWN, obj), (LAST_KNOWN_CHARS, characteristics(state, obj.oid)))
    if ab.target_player and players:  # where resolvers written before players were targets read it
        data += ((TARGET_PLAYER, players[0]),)
    printed = next((i for i, own in enumerate(card(obj.card).abilities) if own is ab), None)
    if printed is None:  # given by another permanent (613.1f): the item carries the ability itself
        data += ((GRANTED, ab),)
    d.push(StackItem(d.new_id(), "ability", obj.ref, a.player, f"{name}: {ab.text}{aimed}",
                     ability=printed, x=a.x, targets=targets, data=data))
    d.note("activated", f"{a.player} activates {name}: {ab.text}{aimed}", "602.2a", obj.oid, name)


GRANTED = "granted ability"
"""The key of a stack item's data holding an activated ability another permanent gave its source
(613.1f), which isn't among the source card's own abilities."""


def item_ability(state: GameState, item: StackItem) -> Any:
    """The ability a stack item (not a spell) is an instance of: its source card's own, or the
    granted one it carries."""
    granted = item.get(GRANTED)
    if granted is not None:
        return granted
    assert item.ability is not None, "an ability on the stack names its ability"
    return card(trigger_source(state, item.source.oid, item.data).card).abilities[item.ability]


# ---------------------------------------------------------------- resolving
def resolve_top(d: Draft, chooser: Chooser) -> None:
    """Resolve the top object of the stack (608.1)."""
    item = d.stack[-1]
    d.set_scalar("608.1", stack=d.stack[:-1])
    if item.targets and not _any_target_legal(d, item):
        _fizzle(d, item)
        return
    if item.kind == "spell":
        _resolve_spell(d, chooser, item)
    else:
        src = trigger_source(d.view(), item.source.oid, item.data)
        ab = item_ability(d.view(), item)
        d.note("resolves", f"{item.label} resolves", "608.2", src.oid, src.card)
        if item.kind == "trigger" and not condition_still_true(d, item):
            return
        ab.resolve(Resolution(d, chooser, item), item)


def _target_spec(state: GameState, item: StackItem) -> Target | None:
    """What the spell or ability on the stack says it targets."""
    if item.kind == "spell":
        return card(trigger_source(state, item.source.oid, item.data).card).cast_target
    if item.ability is None and item.get(GRANTED) is None:
        return None
    return getattr(item_ability(state, item), "target", None)


def _any_target_legal(d: Draft, item: StackItem) -> bool:
    """Whether a target is still legal (608.2b): the same object (400.7), and still what the spell
    or ability may target, e.g. a graveyard card that is no longer treated as a creature on the
    battlefield once it has left combat (Over My Dead Bodies) isn't a "target creature" any more."""
    state = d.view()
    spec = _target_spec(state, item)
    for ref in item.targets:
        if isinstance(ref, str):  # a player: still in the game and still what it may target
            if player_target_legal(state, item.controller, spec, ref):
                return True
            continue
        obj = state.resolve_ref(ref)
        if obj is not None and (spec is None or (obj.zone in spec.zones and spec.legal(state, item.controller, obj)
                                                 and why_cant_target(state, item.controller, obj,
                                                                     source=item_source(state, item)) is None)):
            return True
    return False


def _fizzle(d: Draft, item: StackItem) -> None:
    """All targets are gone, changed zones or are no longer legal: the spell or ability doesn't
    resolve (608.2b; for a permanent spell such as an Aura, 608.3b)."""
    state = d.view()
    spec = _target_spec(state, item)
    players = [r for r in item.targets if isinstance(r, str)]
    if players and len(players) == len(item.targets) and any(player_target_gone(state, p) for p in players):
        why = f"its target player {' and '.join(players)} has left the game"
    elif spec is None or all(isinstance(r, ObjRef) and state.resolve_ref(r) is None for r in item.targets):
        why = "its target is no longer there"
    else:
        reasons = list(dict.fromkeys(_why_illegal_now(state, item, spec, r) for r in item.targets))
        why = f"its target is no longer legal: {'; '.join(reasons)}"
    permanent = item.kind == "spell" and card(state.obj(item.source.oid).card).is_permanent_card
    rule = "608.3b" if permanent else "608.2b"  # a permanent spell (an Aura) resolves by 608.3
    d.note("fizzles", f"{item.label} doesn't resolve: {why}", rule)
    if item.kind == "spell":
        move(d, item.source.oid, Zone.GRAVEYARD, rule)


def _why_illegal_now(state: GameState, item: StackItem, spec: Target, ref: ObjRef | str) -> str:
    """Why one target is illegal as its spell or ability resolves (608.2b), in the words of the
    rule that makes it so: gone (400.7), no longer what the words ask for, or shielded by an
    ability of its own such as hexproof (702.11b), which leaves it fitting the words."""
    if isinstance(ref, str):
        return (f"{ref} has left the game" if player_target_gone(state, ref)
                else f"{ref} doesn't fit “{spec.description}” now")
    obj = state.resolve_ref(ref)
    if obj is None:
        return "it is no longer there"
    if obj.zone not in spec.zones or not spec.legal(state, item.controller, obj):
        return f"it doesn't fit “{spec.description}” now"
    shielded = why_cant_target(state, item.controller, obj, source=item_source(state, item))
    if shielded is not None:
        rule, sentence = shielded
        return f"{sentence} ({rule})"
    return f"it doesn't fit “{spec.description}” now"  # pragma: no cover - a legal target doesn't fizzle


def _resolve_spell(d: Draft, chooser: Chooser, item: StackItem) -> None:
    obj = d.obj(item.source.oid)
    cdef = card(obj.card)
    if not cdef.is_permanent_card:
        d.note("resolves", f"{cdef.name} resolves", "608.2", obj.oid, cdef.name)
        if cdef.spell:
            cdef.spell(Resolution(d, chooser, item), item)
        move(d, obj.oid, Zone.GRAVEYARD, "608.2n", f"{cdef.name} goes to its owner's graveyard")
        return
    aimed = item.targets[0] if item.targets else None
    if cdef.enchant is not None and isinstance(aimed, ObjRef):  # an Aura spell enters attached to its target (608.3c)
        enters_battlefield(d, chooser, obj, item.controller, item.x, attached_to=aimed.oid)
        return
    enters_battlefield(d, chooser, obj, item.controller, item.x)


def enters_battlefield(d: Draft, chooser: Chooser, obj: GameObject, controller: str, spell_x: int | None,
                       attached_to: int | None = None, *, rule: str | None = None,
                       text: str | None = None, tapped: bool = False) -> GameObject:
    """A permanent spell becomes a permanent (608.3); "enters with" replacements apply as it
    enters (614.1c), reading X from the spell (107.3m). An Aura spell enters attached to the
    object it targeted (608.3c). A land played enters the same way (``rule`` and ``text`` name
    the move, 305.1): "this land enters tapped" replaces how it enters whoever put it there.
    ``tapped``: the effect putting it there says "tapped" (a search's "put it onto the battlefield
    tapped"): it enters tapped rather than becoming tapped once there (110.5b)."""
    extra: dict[str, Any] = {"spell_x": spell_x if card(obj.card).mana_cost.x_count else None}
    if tapped:
        extra["tapped"] = True
    if attached_to is not None:
        extra["attached_to"] = attached_to
    replacements = [r for r in card(obj.card).abilities if isinstance(r, EntersWith)]
    if replacements:  # one mechanism for every replacement (rules.replacement); each adds its own status, so they commute
        extra = apply_replacements(chooser, controller, extra, [
            Replacement(rep.text, _entering(chooser, controller, rep, spell_x or 0), commutes=True, rule="614.1c")
            for rep in replacements]).event
    where = "" if attached_to is None else f" attached to {d.obj(attached_to).card}"
    moved = move(d, obj.oid, Zone.BATTLEFIELD, rule or ("608.3c" if attached_to is not None else "608.3a"),
                 text or f"{card(obj.card).name} enters the battlefield{where}", controller=controller, **extra)
    if moved.zone is not Zone.BATTLEFIELD:  # a token that had left the battlefield stays out (111.8)
        return moved
    for rep in replacements:
        explain_enters_with(d, moved, rep, spell_x or 0, cast=spell_x is not None)
    return moved


def _entering(chooser: Chooser, controller: str, rep: EntersWith, x: int) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The modification one "enters with" text makes to the entering event (614.1c, 614.12)."""
    return lambda fields: {**fields, **enters_with_fields(chooser, controller, rep, x, fields)}


def explain_enters_with(d: Draft, obj: GameObject, rep: EntersWith, x: int, cast: bool = True) -> None:
    """Say how the permanent entered, and where an X came from (107.3m). A planeswalker's printed
    loyalty is its own rule (306.5b), though the replacement it makes is a 614.1c one."""
    uses_x = any(n == "X" for _, n in rep.counters)
    only_tapped = rep.tapped and not rep.counters and not rep.choose_color  # "enters tapped" is 614.1d
    printed_loyalty = (bool(rep.counters) and all(kind == "loyalty" for kind, _ in rep.counters)
                       and not rep.tapped and not rep.choose_color and "Planeswalker" in card(obj.card).types)
    rule = ("107.3m" if uses_x else "614.1d" if only_tapped else "306.5b" if printed_loyalty
            else "614.1c")
    why = (f" X is {x}, the value chosen for the spell (107.3m); the permanent's own X is 0." if cast else
           " It wasn't cast, so no value was chosen for X, and X is 0 (107.3m).") if uses_x else ""
    d.note("enters with", f"{obj.card} enters as its text says: {rep.text}{why}", rule, obj.oid, obj.card)


def enters_with_fields(chooser: Chooser, controller: str, rep: EntersWith, x: int, extra: dict[str, Any]) -> dict[str, Any]:
    """The status an "enters with"/"enters tapped" text gives a permanent as it enters (614.1c,
    614.1d), added to ``extra`` (what earlier such texts gave it: counters add up, 616.1f)."""
    out: dict[str, Any] = {}
    if rep.tapped:
        out["tapped"] = True
    counters = extra.get("counters", ())
    for kind, n in rep.counters:  # each replacement adds its own counters to the modified event (616.1f)
        amount = x if n == "X" else int(n)
        counters = set_counter(counters, kind, dict(counters).get(kind, 0) + amount)
    if rep.counters:
        out["counters"] = counters
    if rep.choose_color:
        color = chooser.choose("color", controller, [c.value for c in COLORS], "614.12a")
        out["chosen"] = (("color", color),)
    return out


def mana_value(state: GameState, oid: int) -> int:
    """Mana value (202.3): X counts as chosen only on the stack; everywhere else X is 0 (107.3g)."""
    obj = state.obj(oid)
    x = 0
    if obj.zone is Zone.STACK:
        x = next((i.x for i in state.stack if i.kind == "spell" and i.source == obj.ref), 0)
    return card(obj.card).mana_cost.mana_value(x)
