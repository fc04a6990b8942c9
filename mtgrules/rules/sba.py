"""State-based actions (704): checked whenever a player would receive priority (704.3), all
applicable ones at once, repeated until none apply."""

from __future__ import annotations

from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.events import EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, Zone, set_counter
from mtgrules.core.state import Draft, GameState, derived_from
from mtgrules.rules import hooks
from mtgrules.rules.equipment import unattach, why_unattached
from mtgrules.rules.layers import (
    TAP_AND_MANA,
    all_characteristics,
    characteristics,
    on_battlefield,
    unchanged_without_effects,
)
from mtgrules.rules.leaving import leave_game
from mtgrules.rules.teams import TWO_HEADED_GIANT, game_over, teammates_losing_with
from mtgrules.rules.triggers import collect_new_triggers
from mtgrules.rules.zones import move

NONE_APPLY = "no state-based actions"


def _still_none(old: GameState, edited: frozenset[str]) -> bool:
    """Tapping, untapping and mana change nothing these checks read (life, damage, counters, zones,
    names and types), when characteristics can't change either and no Aura's legality (which an
    enchant ability may judge by anything) is in question."""
    return (edited <= TAP_AND_MANA and unchanged_without_effects(old, edited)
            and not old.cached(ATTACHED, lambda: any(o.attached_to is not None for o in old.objects)))


ATTACHED = "something attached"
derived_from(ATTACHED, frozenset({"objects"}))  # attachment isn't status: an edit to it is an "objects" edit

derived_from(NONE_APPLY, keep_if=_still_none)  # they read life, objects and characteristics, never whose move it is


def check_state_based_actions(d: Draft, chooser: Chooser | None = None) -> None:
    """Perform 704.5a, 704.5b, 704.5d, 704.5f, 704.5g, 704.5h, 704.5i, 704.5j, 704.5m, 704.5n, 704.5p, 704.5q
    and 704.5v until nothing more happens. The legend rule asks its player which permanent to keep (no default).
    Indestructible permanents ignore lethal damage and deathtouch damage (702.12b)."""
    chooser = chooser or Chooser()
    while True:
        state = d.view()
        if state._cache.get(NONE_APPLY):  # found so for a state that differs only in whose move it is
            return
        chars = all_characteristics(state)
        life_rule = "810.8c" if state.game_format == TWO_HEADED_GIANT else "704.5a"  # a team's life total (810.4)
        losers = {p.name: life_rule for p in state.players if not p.lost and p.life <= 0}
        losers.update({p.name: "704.5b" for p in state.players
                       if not p.lost and p.drew_from_empty and p.name not in losers})
        tokens = [o for o in state.objects if o.is_token and o.zone is not Zone.BATTLEFIELD]
        zero: list[GameObject] = []
        lethal: list[GameObject] = []
        touched: list[GameObject] = []
        walkers: list[GameObject] = []
        battles: list[GameObject] = []
        auras: list[tuple[GameObject, str]] = []
        loose: list[tuple[GameObject, str, str]] = []  # Equipment and others to unattach (704.5n, 704.5p)
        paired: list[tuple[GameObject, int]] = []
        legendary = False
        for o in state.battlefield():  # one look at each permanent finds every check it fails
            c = chars[o.oid]
            if len(o.counters) > 1:  # +1/+1 and -1/-1 counters together (704.5q); most have none
                pairs = min(o.counter("+1/+1"), o.counter("-1/-1"))
                if pairs > 0:
                    paired.append((o, pairs))
            if c.is_creature:
                toughness = _toughness(c)
                if toughness <= 0:
                    zero.append(o)
                elif toughness <= o.damage:
                    lethal.append(o)
                elif o.deathtouched:
                    touched.append(o)
            if "Planeswalker" in c.types and o.counter("loyalty") <= 0 and o not in zero and o not in lethal:
                walkers.append(o)
            if "Battle" in c.types and o.counter("defense") <= 0 and not _has_triggered(state, o):
                battles.append(o)
            legendary = legendary or "Legendary" in c.supertypes
            if "Aura" in c.subtypes:
                why = illegal_attachment(state, o)
                if why:
                    auras.append((o, why))
            elif o.attached_to is not None:
                off = why_unattached(state, o)
                if off:
                    loose.append((o, *off))
        spared = _indestructible(d, chars, lethal + touched) if lethal or touched else []
        lethal = [o for o in lethal if o not in spared]
        touched = [o for o in touched if o not in spared]
        legends = _legend_rule(state, chars, chooser) if legendary else []
        if not (losers or tokens or zero or lethal or touched or walkers or battles or legends or auras or paired
                or loose):
            state._cache[NONE_APPLY] = True
            return
        # every state-based action that applies is performed at once, as one event (704.3), so a
        # permanent leaving in it doesn't hear another leave (603.6a, 603.10)
        with d.one_event():
            for name, rule in losers.items():
                why = "attempted to draw from an empty library" if rule == "704.5b" else "has 0 or less life"
                d.update_player(name, rule, f"{name} {why} and loses the game", lost=True)
            for name in teammates_losing_with(state, losers):
                d.update_player(name, "810.8a", f"{name}'s teammate lost, so {name}'s team loses the game "
                                "together", lost=True)
            if not game_over(d.view()):  # a multiplayer game goes on without them (800.4a)
                for name in [p.name for p in state.players if not p.lost and d.player(p.name).lost]:
                    leave_game(d, name)
            for o in tokens:
                d.remove_object(o.oid, "704.5d", f"{o.card} is a token in {_where(o)}, so it ceases to exist",
                                kind="ceases to exist")
            for o in zero:
                move(d, o.oid, Zone.GRAVEYARD, "704.5f",
                     f"{chars[o.oid].name} has toughness {_toughness(chars[o.oid])} and goes to its owner's graveyard")
            for o in lethal:
                if any(rule(d, o, "the state-based action for lethal damage (704.5g)")
                       for rule in hooks.DESTRUCTION_REPLACEMENTS):
                    continue  # regenerated instead (614.8)
                move(d, o.oid, Zone.GRAVEYARD, "704.5g",
                     f"{chars[o.oid].name} has lethal damage marked on it and is destroyed")
            for o in touched:
                if any(rule(d, o, "the state-based action for deathtouch damage (704.5h)")
                       for rule in hooks.DESTRUCTION_REPLACEMENTS):
                    continue  # regenerated instead (614.8)
                move(d, o.oid, Zone.GRAVEYARD, "704.5h",
                     f"{chars[o.oid].name} was dealt damage by a source with deathtouch and is destroyed")
            for o in walkers:
                move(d, o.oid, Zone.GRAVEYARD, "704.5i",
                     f"{chars[o.oid].name} has no loyalty counters left and goes to its owner's graveyard")
            for o in battles:
                move(d, o.oid, Zone.GRAVEYARD, "704.5v",
                     f"{chars[o.oid].name} is a battle with defense 0 and goes to its owner's graveyard")
            for o in legends:
                if d.obj(o.oid).zone is Zone.BATTLEFIELD and d.obj(o.oid).zcc == o.zcc:
                    move(d, o.oid, Zone.GRAVEYARD, "704.5j", f"{o.controller} controls more than one legendary permanent "
                         f"named {chars[o.oid].name} and chose to keep another one, so this one goes to its owner's "
                         "graveyard")
            for o, why in auras:
                if d.obj(o.oid).zone is Zone.BATTLEFIELD and d.obj(o.oid).zcc == o.zcc:
                    move(d, o.oid, Zone.GRAVEYARD, "704.5m", f"{chars[o.oid].name} {why}, so it goes to its owner's graveyard")
            for o, rule, why in loose:  # it stays on the battlefield, attached to nothing
                if d.obj(o.oid).zone is Zone.BATTLEFIELD and d.obj(o.oid).zcc == o.zcc:
                    unattach(d, o.oid, rule, why)
            for o, n in paired:  # on a permanent that stays; one leaving keeps its counters as last known (608.2h)
                if d.obj(o.oid).zone is Zone.BATTLEFIELD and d.obj(o.oid).zcc == o.zcc:
                    counters = set_counter(set_counter(o.counters, "+1/+1", o.counter("+1/+1") - n),
                                           "-1/-1", o.counter("-1/-1") - n)
                    d.update(o.oid, "704.5q", f"{chars[o.oid].name} has both +1/+1 and -1/-1 counters, so {n} of each "
                             "are removed", kind="counters", counters=counters)
        # abilities trigger on these events now, before the next check removes a token that has
        # just left the battlefield (111.7, 704.3); they wait to go on the stack until it's done
        collect_new_triggers(d)


def _has_triggered(state: GameState, obj: GameObject) -> bool:
    """Whether ``obj`` is the source of an ability that has triggered and not yet left the stack:
    waiting to be put on it, or on it (a battle at defense 0 stays until then, 704.5v)."""
    return (any(p.source.oid == obj.oid for p in state.pending)
            or any(i.kind == "trigger" and i.source.oid == obj.oid for i in state.stack))


def illegal_attachment(state: GameState, aura: GameObject) -> str | None:
    """Why an Aura on the battlefield can't stay (704.5m, 303.4c, 303.4d), or None if it can:
    attached to nothing, to itself, while it is a creature, to an object no longer on the
    battlefield, or to an object its enchant ability doesn't allow."""
    if aura.attached_to is None:
        return "is not attached to anything"
    if aura.attached_to == aura.oid:
        return "is attached to itself"
    if characteristics(state, aura.oid).is_creature:
        return "is also a creature, and an Aura that's a creature can't enchant anything (303.4d)"
    try:
        host = state.obj(aura.attached_to)
    except KeyError:
        return "is attached to an object that no longer exists"
    name = characteristics(state, host.oid).name
    if not on_battlefield(state, host):
        return f"was attached to {name}, which has left the battlefield"
    enchant = card(aura.card).enchant
    if enchant is not None and not enchant.target.legal(state, aura.controller, host):
        return f"is attached to {name}, which it can't enchant ({enchant.text})"
    for rule in hooks.ATTACH_RULES:  # protection (702.16c) and the like
        why = rule(state, aura, host)
        if why is not None:
            return f"is attached to {name}, {why}"
    return None


def _indestructible(d: Draft, chars: dict[int, Chars], doomed: list[GameObject]) -> list[GameObject]:
    """The doomed creatures that have indestructible (702.12b): they aren't destroyed. Nothing is
    said here, as these checks run at every priority (the damage step says it once, as the damage
    is dealt); only the deathtouch mark is cleared, as it means "since state-based actions were
    last checked" (704.5h). That change gets a sentence only if this step hasn't already said the
    creature is indestructible (it gained indestructible after the damage), so a learner doesn't
    read the same reason twice."""
    spared = [o for o in doomed if Keyword.INDESTRUCTIBLE in chars[o.oid].keywords]
    for o in spared:
        if o.deathtouched:
            said = any(e.kind is EventKind.INDESTRUCTIBLE and e.obj == o.oid for e in d.events)
            text = "" if said else (f"{chars[o.oid].name} has indestructible, so this check of state-based "
                                    "actions doesn't destroy it for the deathtouch damage it was dealt")
            d.update(o.oid, "704.5h", text, kind="deathtouch", deathtouched=False)
    return spared


def _legend_rule(state: GameState, chars: dict[int, Chars], chooser: Chooser) -> list[GameObject]:
    """The legendary permanents to put into graveyards: for each player and name with two or
    more, the player chooses the one to keep (choice kind "legend rule", 704.5j)."""
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for o in state.battlefield():
        if "Legendary" in chars[o.oid].supertypes:
            groups.setdefault((o.controller, chars[o.oid].name), []).append(o)
    out: list[GameObject] = []
    for (player, _name), objs in groups.items():
        if len(objs) > 1:
            keep = chooser.choose("legend rule", player, [o.oid for o in objs], "704.5j")
            out += [o for o in objs if o.oid != keep]
    return out


def _toughness(c: Chars) -> int:
    """A creature's toughness: a creature with no value for it has toughness 0 (208.5), which the
    layers already give it; read the same way here rather than trusted."""
    return 0 if c.toughness is None else c.toughness


def _where(obj: GameObject) -> str:
    return f"{obj.zone_player}'s {obj.zone.value}" if obj.zone_player else f"the {obj.zone.value} zone"
