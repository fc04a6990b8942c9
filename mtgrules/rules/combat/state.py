"""Combat as part of the game state (506-511): who attacks what, who blocks whom, and what the
players declared.

The combat phase keeps one :class:`Combat` value in ``GameState.combat`` from the beginning of
combat step until the end of combat step ends (511.3); outside combat it is None. Like the rest
of the state it is a frozen value, so a refused declaration leaves it untouched.

Two questions are deliberately kept as short lists of small rule functions, so that a later
card can extend them without touching the checks that use them:

* **who can be a combatant** (:data:`COMBATANT_RULES`): by default a creature on the battlefield.
  Over My Dead Bodies will add "a creature card in a graveyard while it is on the battlefield".
* **who stays in combat** (:func:`still_in_combat`): a combatant that stops being a combatant
  (it left the battlefield, stopped being a creature, changed controller) is removed (506.4).

The rules about who may block whom live in :mod:`mtgrules.rules.combat.blocking`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from mtgrules.core.choices import Chooser
from mtgrules.core.combat import Attack, Block, Combat, MustBeBlocked
from mtgrules.core.objects import GameObject, ObjRef, Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.layers import characteristics
from mtgrules.rules.teams import apnap_groups, shared_team_turns
from mtgrules.rules.zones import move

COMBAT_STEPS = (Step.BEGIN_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE,
                Step.COMBAT_DAMAGE, Step.END_COMBAT)


def new_combat(state: GameState) -> Combat:
    """The combat value as the combat phase begins: the active player (team) attacks, and all
    their opponents are defending players (506.2, 802.2, 805.10a)."""
    groups = apnap_groups(state)
    if groups and state.active in groups[0]:
        attackers, others = tuple(groups[0]), groups[1:]
    else:  # the active player has left: their turn goes on, and no one else attacks in it (800.4j)
        attackers, others = (state.active,), groups
    opponents = set(state.opponents(state.active)) if state.active in state.player_names else set()
    defenders = tuple(tuple(p for p in g if p in opponents) for g in others)
    return Combat(attackers, tuple(g for g in defenders if g))


def combat_of(state: GameState) -> Combat | None:
    return state.combat


def set_combat(d: Draft, combat: Combat | None) -> None:
    """Store a new combat value; callers record what changed with their own events."""
    d.set_scalar("506", combat=combat)


def ensure_combat(d: Draft) -> Combat:
    """The current combat value, starting one if a scenario begins in the middle of combat."""
    if d.combat is None:
        set_combat(d, new_combat(d.view()))
    combat: Combat = d.combat
    return combat


# ---------------------------------------------------------------- who can be a combatant
CombatantRule = Callable[[GameState, GameObject], bool]


def creature_on_battlefield(state: GameState, obj: GameObject) -> bool:
    """The ordinary combatant: a creature on the battlefield (506.2, 508.1a, 509.1a)."""
    return obj.zone is Zone.BATTLEFIELD and characteristics(state, obj.oid).is_creature


hooks.COMBATANT_RULES.append(creature_on_battlefield)
"""Each rule says whether an object may attack or block at all because of what and where it is.
An object is a possible combatant if any rule says so."""


def can_be_combatant(state: GameState, obj: GameObject) -> bool:
    for rule in hooks.COMBATANT_RULES:  # asked of every object in the game: a loop, no generator to build
        if rule(state, obj):
            return True
    return False


def possible_combatants(state: GameState, players: tuple[str, ...] | list[str]) -> list[GameObject]:
    """Objects controlled by ``players`` that could be combatants, in a stable order."""
    key = ("combatants", tuple(players))
    return state.cached(key, lambda: [o for o in state.objects if o.controller in players
                                      and can_be_combatant(state, o)])


# ---------------------------------------------------------------- reading combat
def live(state: GameState, ref: ObjRef) -> GameObject | None:
    """The object a combat reference names, if it is still the same object (400.7)."""
    return state.resolve_ref(ref)


def attacks(state: GameState) -> list[Attack]:
    """Attacks whose creature is still the same object."""
    return list(_live_attacks(state))


def _live_attacks(state: GameState) -> tuple[Attack, ...]:
    """``attacks`` as one value per state: a state never changes, and the checks of a block
    declaration ask it once per blocker and attacker (509.1a), so reading the attacks again each
    time made declaring blockers grow as the cube of the creatures in combat."""
    combat = state.combat
    if combat is None:
        return ()
    return state.cached("live attacks", lambda: tuple(a for a in combat.attacks
                                                                if live(state, a.attacker) is not None))


def attack_of(state: GameState, oid: int) -> Attack | None:
    combat = state.combat
    if combat is None:
        return None
    index: dict[int, Attack] = state.cached("attack of", lambda: {
        a.attacker.oid: a for a in reversed(_live_attacks(state))})  # the first one, as a search in order finds
    return index.get(oid)


def is_attacking(state: GameState, oid: int) -> bool:
    return attack_of(state, oid) is not None


def blocks(state: GameState) -> list[Block]:
    combat = state.combat
    if combat is None:
        return []
    return [b for b in combat.blocks if live(state, b.blocker) is not None]


def is_blocking(state: GameState, oid: int) -> bool:
    return any(b.blocker.oid == oid for b in blocks(state))


def blockers_of(state: GameState, attacker_oid: int) -> list[GameObject]:
    """The creatures still blocking an attacker, in the order they were declared."""
    out = []
    for b in blocks(state):
        if b.attacker.oid == attacker_oid:
            obj = live(state, b.blocker)
            if obj is not None:
                out.append(obj)
    return out


def blocked_attacker(state: GameState, blocker_oid: int) -> GameObject | None:
    """The attacker a blocker is blocking, if it is still in combat."""
    for b in blocks(state):
        if b.blocker.oid == blocker_oid:
            a = live(state, b.attacker)
            if a is not None and is_attacking(state, a.oid):
                return a
    return None


def attack_target(state: GameState, attack: Attack) -> str | GameObject | None:
    """The player or planeswalker an attacker attacks; None if the planeswalker left (506.4c)."""
    if isinstance(attack.target, str):
        return attack.target
    return live(state, attack.target)


def defending_player_of(state: GameState, attack: Attack) -> str | None:
    """The player an attacker is attacking, or the controller of the planeswalker it attacks. If
    that planeswalker has left, the creature still attacks and may still be blocked by that player's
    creatures, though it attacks nothing (506.4c)."""
    if isinstance(attack.target, str):
        return attack.target
    walker = live(state, attack.target)
    if walker is not None:
        return walker.controller
    return attack.defender or None


def target_name(state: GameState, target: str | ObjRef | GameObject | None) -> str:
    if target is None:
        return "nothing"
    if isinstance(target, str):
        return target
    oid = target.oid
    try:
        return characteristics(state, oid).name
    except KeyError:
        return f"#{oid}"


def name_of(state: GameState, oid: int) -> str:
    return characteristics(state, oid).name


def attackers_facing(state: GameState, players: tuple[str, ...] | list[str]) -> list[GameObject]:
    """Attacking creatures attacking one of ``players`` or a planeswalker they control."""
    out = []
    for a in attacks(state):
        if defending_player_of(state, a) in players:
            obj = live(state, a.attacker)
            assert obj is not None  # attacks() lists only attackers that are still the same object
            out.append(obj)
    return out


def melee_count(state: GameState, player: str) -> int:
    """How many opponents ``player`` attacked with a declared attacker this combat (702.121a):
    planeswalkers don't count, and attackers that have left combat still do."""
    combat = state.combat
    return 0 if combat is None else len(combat.attacked_by(player))


# ---------------------------------------------------------------- leaving combat (506.4)
Entry = TypeVar("Entry", Attack, Block)


def _still_in(d: Draft, state: GameState, entries: tuple[Entry, ...], combatant: Callable[[Entry], ObjRef],
              players: tuple[str, ...], role: str) -> list[Entry]:
    """The attacks or blocks whose creature still qualifies; each other one is removed from
    combat with its reason (506.4)."""
    kept: list[Entry] = []
    for entry in entries:
        ref = combatant(entry)
        why = _why_out(state, ref, players)
        if why is None:
            kept.append(entry)
        else:
            _removed(d, ref.oid, _card_name(d, ref.oid), why, role)
    return kept


def prune_combat(d: Draft) -> None:
    """Remove from combat every combatant that stopped qualifying (506.4), and note a
    planeswalker that is no longer there to be attacked (506.4c)."""
    combat = d.combat
    if combat is None or not (combat.attacks or combat.blocks):
        return
    state = d.view()
    kept_attacks = _still_in(d, state, combat.attacks, lambda a: a.attacker, combat.attacking_players,
                             "an attacking creature")
    kept_blocks = _still_in(d, state, combat.blocks, lambda b: b.blocker, combat.defending_players,
                            "a blocking creature")
    if len(kept_attacks) != len(combat.attacks) or len(kept_blocks) != len(combat.blocks):
        set_combat(d, replace(combat, attacks=tuple(kept_attacks), blocks=tuple(kept_blocks)))


def _why_out(state: GameState, ref: ObjRef, controllers: tuple[str, ...]) -> str | None:
    """Why a combatant is no longer in combat, or None if it still is (506.4)."""
    if ref.oid not in {o.oid for o in state.objects}:
        return ("is no longer in the game (a card leaves the game with its owner, 800.4a; a token off the "
                "battlefield ceases to exist, 704.5d)")
    obj = state.obj(ref.oid)
    if obj.zcc != ref.zcc:
        return f"changed zones (it is a new object in the {obj.zone.value} now, 400.7)"
    if obj.controller not in controllers:
        return f"is now controlled by {obj.controller}"
    if not can_be_combatant(state, obj):
        return next((why for rule in hooks.COMBATANT_EXITS if (why := rule(state, obj))),
                    "is no longer a creature that can be in combat")
    return None


"""Optional explanations of why an object stopped being a possible combatant, for the "removed
from combat" sentence (a card that added a :data:`COMBATANT_RULES` rule can say what changed)."""


def remove_from_combat(d: Draft, oid: int, why: str) -> bool:
    """An effect removes a creature from combat (506.4): it stops attacking or blocking, and the
    rest of combat goes on without it. ``why`` ends the sentence "<card> <why>, so it is removed
    from combat". Returns False if it wasn't in combat."""
    combat = d.combat
    if combat is None:
        return False
    kept_attacks = tuple(a for a in combat.attacks if a.attacker.oid != oid)
    kept_blocks = tuple(b for b in combat.blocks if b.blocker.oid != oid)
    if len(kept_attacks) == len(combat.attacks) and len(kept_blocks) == len(combat.blocks):
        return False
    role = "an attacking creature" if len(kept_attacks) != len(combat.attacks) else "a blocking creature"
    _removed(d, oid, d.obj(oid).card, why, role)
    set_combat(d, replace(combat, attacks=kept_attacks, blocks=kept_blocks))
    return True


def _card_name(d: Draft, oid: int) -> str:
    """The object's card name, or as it was before this action if it has since left the game (800.4a)."""
    obj = d.objects.get(oid) or next((o for o in d.base.objects if o.oid == oid), None)
    return obj.card if obj is not None else f"#{oid}"


def _removed(d: Draft, oid: int, card: str, why: str, role: str) -> None:
    d.note("removed from combat", f"{card} {why}, so it is removed from combat and is no longer "
           f"{role}", "506.4", oid, card)


# ---------------------------------------------------------------- effects that change combat
def add_must_be_blocked(d: Draft, obj: GameObject, source: str) -> None:
    """"That creature must be blocked this combat if able": a requirement for the defending
    player's block declaration (509.1c) that lasts this combat. Outside combat it does nothing."""
    combat = d.combat
    name = name_of(d.view(), obj.oid)
    if combat is None:
        d.note("no combat", f"{source}: there is no combat now, so “{name} must be blocked this "
               "combat if able” has nothing to apply to", "509.1c", obj.oid, name)
        return
    set_combat(d, replace(combat, requirements=combat.requirements + (MustBeBlocked(obj.ref, source),)))
    d.note("requirement", f"{source}: {name} must be blocked this combat if able — a requirement the "
           "defending player's blocks must obey as far as they can (509.1c)", "509.1c", obj.oid, name)


def attack_targets_for(state: GameState, players: tuple[str, ...] | list[str]) -> list[str | int]:
    """What creatures of ``players`` may attack: each defending player and each planeswalker
    a defending player controls (508.1b). Players by name, planeswalkers by object id (once per
    state and attackers: each creature's declaration asks it)."""
    def compute() -> tuple[str | int, ...]:
        combat = state.combat or new_combat(state)
        defending = [p for p in combat.defending_players if not state.player(p).lost]
        walkers = [o.oid for o in state.battlefield() if o.controller in defending
                   and "Planeswalker" in characteristics(state, o.oid).types]
        return (*defending, *walkers)
    return list(state.cached(("attack targets", tuple(players)), compute))


def put_onto_battlefield_attacking(d: Draft, chooser: Chooser, oid: int, controller: str, rule_text: str,
                                   target: str | int | None = None, *, tapped: bool = True) -> GameObject:
    """Put a card (or a token already created) onto the battlefield attacking (508.4).

    Its controller chooses what it attacks among the defending players and their planeswalkers
    (choice kind ``"attack target"``), unless the effect says. It was never declared as an
    attacker: "whenever ... attacks" abilities don't trigger and it doesn't count as having
    attacked (508.3a, 508.4). Under a player who isn't attacking it is never attacking (506.3b).
    """
    obj = d.obj(oid)
    combat = d.combat
    state = d.view()
    # whether it will attack is known before it enters, so the sentence of its entering says so
    attacking = combat is not None and controller in combat.attacking_players
    options = attack_targets_for(state, combat.attacking_players) if combat is not None and attacking else []
    if attacking and target is None:
        target = chooser.choose("attack target", controller, options, "508.4")
    if not attacking:
        rule, never = "506.3b", f"{controller} isn't an attacking player now, so it is never an attacking creature"
    elif target not in options:
        rule, never = "508.4a", "what it would attack isn't there to be attacked, so it is never an attacking creature"
    else:
        rule, never = "508.4", ""
    how = ("tapped and attacking" if tapped else "attacking") if not never else ("tapped" if tapped else "")
    if obj.zone is not Zone.BATTLEFIELD:
        obj = move(d, oid, Zone.BATTLEFIELD, rule, f"{rule_text}: {obj.card} enters the battlefield"
                   + (f" {how}" if how else ""), controller=controller, tapped=tapped)
    elif tapped and not obj.tapped:
        obj = d.update(oid, rule, f"{obj.card} enters {how}", tapped=True)
    state = d.view()
    name = name_of(state, oid)
    if never:
        d.note("not attacking", f"{name} enters the battlefield, but {never}", rule, oid, name)
        return obj
    assert combat is not None and target is not None
    ref_target: str | ObjRef = target if isinstance(target, str) else state.obj(target).ref
    defender = target if isinstance(target, str) else state.obj(target).controller
    blocked = False if combat.blocks_final else None
    attack = Attack(obj.ref, ref_target, declared=False, blocked=blocked, defender=defender)
    combat = d.combat  # as it is now: entering may have changed nothing of it, but read it fresh
    assert combat is not None
    new = replace(combat, attacks=combat.attacks + (attack,), had_attackers=True)
    set_combat(d, new)
    d.note("enters attacking", f"{name} is attacking {target_name(state, ref_target)}; it was put onto the "
           "battlefield attacking, so it was never declared as an attacker and never “attacked” (508.4)",
           "508.4", oid, name)
    return obj


def leave_combat(d: Draft) -> None:
    """As the end of combat step ends, every creature and planeswalker is removed from combat
    (511.3); the combat value goes away with everything it remembered."""
    if d.combat is None:
        return
    set_combat(d, None)
    d.note("combat ends", "the end of combat step ends: all creatures and planeswalkers are removed "
           "from combat (511.3)", "511.3")


def shared_turns(state: GameState) -> bool:
    return shared_team_turns(state)
