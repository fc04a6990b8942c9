"""Casting spells (601), activating abilities (602), and resolving the top of the stack (608)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.core.abilities import CHOSEN_MODES, ActivatedAbility, EntersWith, Target, TargetSpec, target_slots
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
from mtgrules.rules.costs import (
    additional_costs,
    change_text,
    check_cost,
    check_other_parts,
    choose_payment,
    pay_cost,
    pay_other_parts,
    spend_mana,
    total_cost,
)
from mtgrules.rules.creature_types import CREATURE_TYPES, creature_type
from mtgrules.rules.layers import ability_card, characteristics
from mtgrules.rules.look_back import LAST_KNOWN, LAST_KNOWN_CHARS, trigger_source
from mtgrules.rules.modes import allowed as allowed_modes
from mtgrules.rules.modes import check_answer as check_mode_answer
from mtgrules.rules.modes import choose as choose_modes
from mtgrules.rules.modes import item_slots, modal_of, mode_note, spell_slots
from mtgrules.rules.modes import scripted as scripted_modes
from mtgrules.rules.modes import scripted_answer as scripted_mode_answer
from mtgrules.rules.replacement import Replacement, apply_replacements
from mtgrules.rules.resolution import Resolution
from mtgrules.rules.targeting import TARGET_PLAYER, item_source, player_target_gone
from mtgrules.rules.targets import (
    check_chosen,
    groups_of,
    illegal_targets,
    slot_of_each,
    target_name,
    why_illegal,
)
from mtgrules.rules.teams import is_active_player, shared_team_turns, turn_mates
from mtgrules.rules.triggers import condition_still_true
from mtgrules.rules.zones import move


# ---------------------------------------------------------------- casting
def check_cast(state: GameState, a: CastSpell) -> tuple[GameObject, CardDef, tuple[ObjRef | str, ...], frozenset[str]]:
    """Refuse the cast if the card, its timing, its targets, X or the cost forbid it; change
    nothing. ``apply`` (through ``engine.check``) and ``legal_actions`` both ask this, once per
    state and action. A modal spell's targets are judged here when the action names its mode;
    otherwise as it is cast, once the mode is chosen (601.2b, 601.2c)."""
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
    modal = modal_of(cdef.spell)
    modes = scripted_modes(a.choices, modal) if modal is not None else None
    targets: tuple[ObjRef | str, ...] = ()
    itself = characteristics(state, obj.oid) if modal is not None else None
    if modal is not None and modes is not None:  # a mode whose targets can't be chosen can't be (700.2a)
        check_mode_answer(state, a.player, modal, scripted_mode_answer(a.choices), cdef.name, itself)
    if modal is None or modes is not None:  # else judged once the mode is chosen, as it is cast
        targets = check_spell_targets(state, a, obj, cdef, modes)
    elif not allowed_modes(state, a.player, modal, itself):
        raise IllegalAction("700.2a", f"{cdef.name} is modal, and none of its modes can be chosen now: each needs "
                            "targets that can't be chosen")
    if a.x and not cdef.mana_cost.x_count:
        raise IllegalAction("107.3", f"{cdef.name} has no X in its cost, so X can't be chosen")
    if a.hybrid and not cdef.mana_cost.hybrid:
        raise IllegalAction("107.4e", f"{cdef.name} has no hybrid symbols in its cost, so no halves can be chosen")
    for extra in additional_costs(cdef):  # it must be payable too (118.3, 601.2h)
        check_other_parts(state, a.player, obj, extra.cost, f"{cdef.name}'s additional cost")
    kinds = frozenset({"spell"} | {f"{t.lower()} spell" for t in cdef.types})
    cost, _changes = total_cost(state, a.player, obj, cdef, a.x, a.targets)
    pay(state.player(a.player).pool, cost, kinds, a.hybrid)  # refuse before moving
    return obj, cdef, targets, kinds


def check_spell_targets(state: GameState, a: CastSpell, obj: GameObject, cdef: CardDef,
                        modes: tuple[int, ...] | None) -> tuple[ObjRef | str, ...]:
    """The spell's chosen targets, judged against what it (or its chosen modes) targets."""
    return check_targets(state, a.player, spell_slots(cdef, modes), a.targets, cdef.name,
                         "303.4a" if cdef.enchant is not None else "115.1", itself=obj.oid,
                         source=characteristics(state, obj.oid))


def cast_spell(d: Draft, chooser: Chooser, a: CastSpell) -> None:
    """Cast a card from hand: timing, targets and cost are checked before anything moves; the
    modes are chosen first (601.2b), then the targets (601.2c), then the total cost is worked
    out (601.2f) and paid, additional costs with it (601.2h)."""
    state = d.view()
    obj, cdef, targets, kinds = check_cast(state, a)
    modal = modal_of(cdef.spell)
    modes = (choose_modes(chooser, state, a.player, modal, cdef.name, "601.2b", characteristics(state, obj.oid))
             if modal is not None else None)
    if modal is not None:
        targets = check_spell_targets(state, a, obj, cdef, modes)
    cost, changes = total_cost(state, a.player, obj, cdef, a.x, a.targets)
    # the player chooses how to pay (601.2h); asked, and refused if unpayable, before anything moves
    spent, rest = choose_payment(chooser, a.player, state.player(a.player).pool, cost, kinds, a.hybrid)
    moved = move(d, obj.oid, Zone.STACK, "601.2a", f"{a.player} casts {cdef.name}"
                 + (f", choosing “{mode_note(modal, modes)}”" if modal is not None and modes else ""),
                 controller=a.player)
    data: tuple[tuple[str, object], ...] = () if modes is None else ((CHOSEN_MODES, modes),)
    sacrificed: list[tuple[GameObject, Chars]] = []
    for extra in additional_costs(cdef):  # paid with the mana cost (601.2h, 118.8)
        sacrificed += pay_other_parts(d, chooser, a.player, moved, extra.cost, cdef.name)
    if sacrificed:  # "the sacrificed creature's power" reads them as they last were (608.2h)
        data += ((SACRIFICED, tuple(sacrificed)),)
    item = StackItem(d.new_id(), "spell", moved.ref, a.player, cdef.name, x=a.x, targets=targets, data=data)
    d.push(item)
    for src, change in changes:
        d.note("cost changed", change_text(state, src, change, cdef.name), "601.2f", src.oid, src.card)
    if not cost.is_empty:
        spend_mana(d, a.player, spent, rest, cost.text + (f" with X={number_text(a.x)}" if a.x else ""))
    # the steps of casting are done: the spell becomes cast, and "whenever you cast" abilities
    # trigger now (601.2i); said by the move above, so the event has no sentence of its own
    d.emit(Event(EventKind.CAST, moved.oid, cdef.name, "cast", None, a.player, "601.2i"))


SACRIFICED = "sacrificed"
"""Where a spell's stack item keeps the permanents sacrificed to pay its costs, each with its
characteristics as it last existed on the battlefield (608.2h)."""


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


def check_targets(state: GameState, player: str, spec: TargetSpec | tuple[Target, ...] | None,
                  chosen: tuple[int | str, ...], what: str, rule: str = "115.1", *,
                  itself: int | None = None, source: Chars | None) -> tuple[ObjRef | str, ...]:
    """Each chosen target must exist, be in a zone the spec allows, and pass its test (115); an
    Aura spell's refusal cites 303.4a, since its enchant ability is what asks for the target.
    A player, named by name, must be in the game and one the spec may target (115.1, 115.4).
    A spec of several instances of "target" takes the targets in order, each its number (601.2c),
    the same one at most once per instance (115.3; ``rules.targets``).
    ``itself`` is the card being cast: its targets are chosen once it is on the stack (601.2a,
    601.2c), where a spell is an illegal target for itself (115.5). ``source`` is the spell's
    characteristics, or the ability's source's: protection judges by them (702.16b)."""
    return check_chosen(state, player, target_slots(spec), chosen, what, rule, itself=itself, source=source)


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
    printed = next((i for i, own in enumerate(ability_card(state, obj).abilities) if own is ab), None)
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
    return ability_card(state, trigger_source(state, item.source.oid, item.data)).abilities[item.ability]


# ---------------------------------------------------------------- resolving
def resolve_top(d: Draft, chooser: Chooser) -> None:
    """Resolve the top object of the stack (608.1). Its targets are judged first (608.2b): with
    every one illegal it doesn't resolve; otherwise the illegal ones are left out of its effect."""
    item = d.stack[-1]
    d.set_scalar("608.1", stack=d.stack[:-1])
    state = d.view()
    slots = _target_spec(state, item)
    illegal = illegal_targets(state, item, slots, item_source(state, item)) if item.targets else frozenset()
    if item.targets and len(illegal) == len(item.targets):
        _fizzle(d, item)
        return
    _note_illegal(d, item, slots, illegal)
    res = Resolution(d, chooser, item, slots=groups_of(slots, len(item.targets)), illegal=illegal)
    if item.kind == "spell":
        _resolve_spell(d, chooser, item, res)
    else:
        src = trigger_source(d.view(), item.source.oid, item.data)
        ab = item_ability(d.view(), item)
        d.note("resolves", f"{item.label} resolves", "608.2", src.oid, src.card)
        if item.kind == "trigger" and not condition_still_true(d, item):
            return
        ab.resolve(res, item)


def _target_spec(state: GameState, item: StackItem) -> tuple[Target, ...]:
    """What the spell or ability on the stack says it targets, instance by instance (its chosen
    modes', if it is modal)."""
    if item.kind == "spell":
        return item_slots(state, item)
    if item.ability is None and item.get(GRANTED) is None:
        return ()
    return item_slots(state, item, item_ability(state, item))


def _note_illegal(d: Draft, item: StackItem, slots: tuple[Target, ...], illegal: frozenset[int]) -> None:
    """Say which targets the spell or ability leaves alone as it resolves with others (608.2b)."""
    if not illegal:
        return
    state = d.view()
    each = slot_of_each(slots, len(item.targets))
    source = item_source(state, item)
    left = len(item.targets) - len(illegal)
    for i in sorted(illegal):
        ref = item.targets[i]
        d.note("illegal target", f"{item.label}: {target_name(state, ref)} is no longer a legal target "
               f"({why_illegal(state, item.controller, each[i], ref, source)}), so it isn't affected; the other "
               f"target{'s' if left > 1 else ''} still {'are' if left > 1 else 'is'}",
               "608.2b", ref if isinstance(ref, str) else ref.oid, target_name(state, ref))


def _fizzle(d: Draft, item: StackItem) -> None:
    """All targets are gone, changed zones or are no longer legal: the spell or ability doesn't
    resolve (608.2b; for a permanent spell such as an Aura, 608.3b)."""
    state = d.view()
    slots = _target_spec(state, item)
    each = slot_of_each(slots, len(item.targets))
    source = item_source(state, item)
    players = [r for r in item.targets if isinstance(r, str)]
    several = len(item.targets) > 1
    if players and len(players) == len(item.targets) and any(player_target_gone(state, p) for p in players):
        why = f"its target player {' and '.join(players)} has left the game"
    elif not slots or all(isinstance(r, ObjRef) and state.resolve_ref(r) is None for r in item.targets):
        why = "its targets are no longer there" if several else "its target is no longer there"
    else:
        reasons = list(dict.fromkeys(why_illegal(state, item.controller, each[i], r, source)
                                     for i, r in enumerate(item.targets)))
        why = (f"every one of its targets is no longer legal: {'; '.join(reasons)}" if several
               else f"its target is no longer legal: {'; '.join(reasons)}")
    permanent = item.kind == "spell" and card(state.obj(item.source.oid).card).is_permanent_card
    rule = "608.3b" if permanent else "608.2b"  # a permanent spell (an Aura) resolves by 608.3
    d.note("fizzles", f"{item.label} doesn't resolve: {why}", rule)
    if item.kind == "spell":
        move(d, item.source.oid, Zone.GRAVEYARD, rule)


def _resolve_spell(d: Draft, chooser: Chooser, item: StackItem, res: Resolution) -> None:
    obj = d.obj(item.source.oid)
    cdef = card(obj.card)
    if not cdef.is_permanent_card:
        d.note("resolves", f"{cdef.name} resolves", "608.2", obj.oid, cdef.name)
        if cdef.spell:
            cdef.spell(res, item)
        if d.obj(obj.oid).zcc == obj.zcc:  # its own instructions may have moved it ("shuffle ~ into ...", 400.7)
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
    chooses = rep.choose_color or rep.choose_creature_type
    only_tapped = rep.tapped and not rep.counters and not chooses  # "enters tapped" is 614.1d
    printed_loyalty = (bool(rep.counters) and all(kind == "loyalty" for kind, _ in rep.counters)
                       and not rep.tapped and not chooses and "Planeswalker" in card(obj.card).types)
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
        out["chosen"] = (*extra.get("chosen", ()), ("color", color))
    if rep.choose_creature_type:  # any creature type (205.3m), the one chosen said in its own words
        kind = chooser.choose("creature type", controller, CREATURE_TYPE_NAMES, "614.12a",
                              normalize=creature_type_named, offered=CREATURE_TYPE_EXAMPLES)
        out["chosen"] = (*extra.get("chosen", ()), *out.get("chosen", ()), ("creature type", kind))
    return out


CREATURE_TYPE_NAMES = tuple(sorted(CREATURE_TYPES))
CREATURE_TYPE_EXAMPLES = ("Elf", "Goblin", "Human", "Zombie")
"""A few creature types to show as examples when the choice is missing (all of them are allowed)."""


def creature_type_named(value: Any) -> Any:
    """"elf" or "Elf" as the creature type Elf; anything else is left as it is, and refused."""
    if isinstance(value, str):
        found = creature_type(value.strip().lower()) or (value if value in CREATURE_TYPES else None)
        if found is not None:
            return found
    return value


def mana_value(state: GameState, oid: int) -> int:
    """Mana value (202.3): X counts as chosen only on the stack; everywhere else X is 0 (107.3g)."""
    obj = state.obj(oid)
    x = 0
    if obj.zone is Zone.STACK:
        x = next((i.x for i in state.stack if i.kind == "spell" and i.source == obj.ref), 0)
    return card(obj.card).mana_cost.mana_value(x)
