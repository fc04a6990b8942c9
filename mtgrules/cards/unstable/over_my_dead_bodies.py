"""Creature cards in graveyards that attack and block: Over My Dead Bodies' combat rules.

Over My Dead Bodies (Unstable) says "Creature cards in graveyards can attack and block as though
they were on the battlefield, can block or be blocked only by creature cards in graveyards, are
Zombies in addition to their other types, and have undeathtouch." Un-set cards are outside the
Comprehensive Rules (100.7): the card's nine official rulings (OMDB-1..9) are the specification,
and the CR rules they lean on are cited beside them. How the kit reads them:

* **Who can be a combatant.** While an Over My Dead Bodies is on the battlefield, a creature card
  in its owner's graveyard may be declared as an attacker or blocker (a :data:`COMBATANT_RULES`
  rule). Its *controller* is its owner: a card in a graveyard has no other controller, and the
  rulings speak of "creature cards in your graveyard". So the attacking player attacks with cards
  in their own graveyard, the defending player blocks with cards in theirs (OMDB-6), and "you
  control" effects such as Lord of the Accursed's count them for their owner (OMDB-4).
* **Treated as on the battlefield for the duration of combat** (OMDB-4): an attacking or blocking
  graveyard card counts as on the battlefield for effects (``layers.on_battlefield``), so a
  lord's bonus, "target creature" spells such as Giant Growth (OMDB-8) and Murder (OMDB-1) reach
  it. It taps as it attacks (508.1f). When it leaves combat it is just a card in a graveyard
  again, and cards there have no status (110.5): it untaps and any damage on it is removed;
  an effect a spell locked onto it (Giant Growth) ends, and a spell still targeting it no longer
  has a legal target (608.2b).
* **Its own abilities**: keywords that combat rules read, such as flying and reach, work
  (OMDB-5), and so do its triggered abilities while it is in combat: "abilities that trigger
  whenever a creature attacks or blocks" trigger for it (OMDB-9), its own melee included
  (``triggers._listeners`` hears objects treated as on the battlefield). Its static abilities
  don't function from a graveyard (113.6): a graveyard Lord of the Accursed pumps no one, as
  the rulings don't say otherwise.
* **Who may block whom** (OMDB-5, OMDB-6): an attacker from a graveyard may be blocked only by
  creature cards in the defending player's graveyard (in Two-Headed Giant, the player it attacks,
  not their teammate: 805.10e), and a graveyard card may block only such an
  attacker (:data:`PAIR_RULES`); flying still needs flying or reach (702.9b, 702.17b).
* **The state-based action check as you declare** (OMDB-3): a card that state-based actions
  would remove from the battlefield at once can't attack or block. The check looks at the card
  as it would be once attacking or blocking, so a lord's bonus counts; a 0/0 card alone can't.
  While it is in combat the same checks apply: toughness 0 or lethal damage, and it leaves combat
  (it is already in the graveyard, so it stays there).
* **Undeathtouch** is a replacement effect on damage (614.1a): if an undeathtouch source would deal
  damage to a creature card, that card is exiled instead, and no damage is dealt. Exiled, it is a
  new object (400.7) and drops out of combat.
* **Destroyed by a source without undeathtouch** (OMDB-1), such as Murder: it stays in the
  graveyard, the same object, and is removed from combat.
* **Over My Dead Bodies leaves** (OMDB-7): no rule lets the cards be combatants any more, so every
  graveyard attacker and blocker is removed from combat by the same check, at once (506.4).
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.core.abilities import StaticAbility
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.combat import Attack, Block
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, Zone
from mtgrules.core.state import Draft, GameState, derived_from
from mtgrules.rules import hooks
from mtgrules.rules.combat import state as cs
from mtgrules.rules.combat.blocking import Reason
from mtgrules.rules.combat.damage import Recipient
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.layers import characteristics, characteristics_alone
from mtgrules.rules.zones import move

CARD = "Over My Dead Bodies"
UNDEATHTOUCH = Keyword.UNDEATHTOUCH
UN_SET = "by Over My Dead Bodies' rulings: an Un-set card, outside the rules, 100.7"


# ---------------------------------------------------------------- is it in force?
derived_from("over my dead bodies", frozenset({"objects"}))
derived_from("combat refs", frozenset({"combat"}))
GRAVEYARD_STATUS = "status in a graveyard"
derived_from(GRAVEYARD_STATUS, frozenset({"objects", "tapped", "damage", "deathtouched"}))


def _graveyard_status(state: GameState) -> bool:
    """Whether a card in a graveyard is tapped or has damage marked: only a combatant can (OMDB-4)."""
    return any(o.tapped or o.damage or o.deathtouched for o in state.in_zone(Zone.GRAVEYARD))

def enabled(state: GameState) -> bool:
    """Whether an Over My Dead Bodies is on the battlefield."""
    return state.cached("over my dead bodies", lambda: any(
        o.card == CARD and o.zone is Zone.BATTLEFIELD for o in state.objects))


def _in_combat(state: GameState) -> frozenset[ObjRef]:
    """The objects attacking or blocking now, by reference (no characteristics are read)."""
    def compute() -> frozenset[ObjRef]:
        combat_value = state.combat
        if combat_value is None:
            return frozenset()
        return frozenset([a.attacker for a in combat_value.attacks] + [b.blocker for b in combat_value.blocks])
    return state.cached("combat refs", compute)


def graveyard_combatant(state: GameState, obj: GameObject) -> bool:
    """An attacking or blocking card in a graveyard while Over My Dead Bodies is on the
    battlefield: for the duration of combat it is treated as on the battlefield (OMDB-4)."""
    if obj.zone is not Zone.GRAVEYARD:
        return False
    refs = _in_combat(state)
    return bool(refs) and obj.ref in refs and enabled(state)


def _possible_combatant(state: GameState, obj: GameObject) -> bool:
    """A creature card in its owner's graveyard may attack or block (a COMBATANT_RULES rule)."""
    return (obj.zone is Zone.GRAVEYARD and obj.zone_player == obj.owner and not obj.is_token
            and enabled(state) and characteristics(state, obj.oid).is_creature)


def _left(state: GameState, obj: GameObject) -> str | None:
    """Why a graveyard combatant stopped being one: the enchantment is gone (OMDB-7)."""
    if obj.zone is Zone.GRAVEYARD and not enabled(state):
        return f"is just a dead card again now that {CARD} has left the battlefield"
    return None


# ---------------------------------------------------------------- the card's static abilities
def _creature_cards_in_graveyards(st: GameState, obj: GameObject, chars: Chars) -> bool:
    return obj.zone is Zone.GRAVEYARD and not obj.is_token and chars.is_creature


def zombies_with_undeathtouch(state: GameState, source: GameObject) -> list[Effect]:
    """"Creature cards in graveyards ... are Zombies in addition to their other types, and have
    undeathtouch": a type-changing effect (layer 4, 613.1d) and an ability-adding one (layer 6,
    613.1f), reaching cards in every graveyard."""
    return [Effect("4", f"{CARD}: creature cards in graveyards are Zombies", "613.1d", source.oid,
                   source.timestamp, applies=_creature_cards_in_graveyards, add_subtypes=frozenset({"Zombie"})),
            Effect("6", f"{CARD}: creature cards in graveyards have undeathtouch", "613.1f", source.oid,
                   source.timestamp, applies=_creature_cards_in_graveyards,
                   add_keywords=frozenset({UNDEATHTOUCH}))]


def haste_in_your_graveyard(state: GameState, source: GameObject) -> list[Effect]:
    """"Creature cards in your graveyard have haste" (layer 6): the graveyards its controller has
    (their own, or every one while they hold them with Graveyard Busybody: ``graveyards_of``)."""
    def applies(st: GameState, obj: GameObject, chars: Chars) -> bool:
        return (_creature_cards_in_graveyards(st, obj, chars)
                and obj.zone_player in graveyards_of(st, source.controller))
    return [Effect("6", f"{CARD}: creature cards in {source.controller}'s graveyard have haste", "702.10b",
                   source.oid, source.timestamp, applies=applies, add_keywords=frozenset({Keyword.HASTE}))]


# ---------------------------------------------------------------- OMDB-3: would state-based actions remove it?
def as_combatant(state: GameState, obj: GameObject, *, blocking: bool = False) -> Chars:
    """The characteristics a graveyard card would have once declared as an attacker (or blocker),
    treated as on the battlefield: played on a copy of the state where it is already in combat
    (once per state, card and side: the attack and block rules ask it of each candidate)."""
    return state.cached(("as combatant", obj.oid, blocking), lambda: _as_combatant(state, obj, blocking))


def _as_combatant(state: GameState, obj: GameObject, blocking: bool) -> Chars:
    combat_value = state.combat or cs.new_combat(state)
    if blocking:
        attacker = combat_value.attacks[0].attacker if combat_value.attacks else obj.ref
        combat_value = replace(combat_value, blocks=combat_value.blocks + (Block(obj.ref, attacker),))
    else:
        target = combat_value.defending_players[0] if combat_value.defending_players else ""
        combat_value = replace(combat_value, attacks=combat_value.attacks + (Attack(obj.ref, target),))
    return characteristics_alone(replace(state, combat=combat_value), obj.oid)


def sba_would_remove(chars: Chars, damage: int, deathtouched: bool = False) -> tuple[str, str] | None:
    """The state-based action that would remove a creature with these characteristics and this
    much damage from the battlefield, as (rule, the condition in words), or None. Damage from a
    deathtouch source counts whatever zone it was dealt from (702.2d); indestructible ignores it
    and lethal damage (702.12b)."""
    if chars.toughness is None:
        return None
    if chars.toughness <= 0:
        return "704.5f", f"toughness {chars.toughness}"
    if Keyword.INDESTRUCTIBLE in chars.keywords:
        return None
    if damage >= chars.toughness:
        return "704.5g", f"lethal damage marked on it ({damage}, toughness {chars.toughness})"
    if deathtouched:
        return "704.5h", "damage from a source with deathtouch"
    return None


def _cant_declare(state: GameState, obj: GameObject, verb: str, chars: Chars) -> Reason | None:
    found = sba_would_remove(chars, obj.damage)
    if found is None:
        return None
    rule, condition = found
    return Reason(rule, f"{cs.name_of(state, obj.oid)} can't {verb}: once {verb}ing it would be treated as a "
                  f"creature on the battlefield with {condition}, which a state-based action would remove at once "
                  f"({rule}), and such a creature card can't {verb} ({UN_SET})")


def _would_die_attacking(state: GameState, obj: GameObject) -> Reason | None:
    if obj.zone is not Zone.GRAVEYARD:
        return None
    return _cant_declare(state, obj, "attack", as_combatant(state, obj))


def _would_die_blocking(state: GameState, obj: GameObject, players: tuple[str, ...]) -> Reason | None:
    if obj.zone is not Zone.GRAVEYARD:
        return None
    return _cant_declare(state, obj, "block", as_combatant(state, obj, blocking=True))


# ---------------------------------------------------------------- OMDB-5, OMDB-6: who may block whom
def _graveyards_only(state: GameState, blocker: GameObject, attacker: GameObject,
                     players: tuple[str, ...]) -> Reason | None:
    """Graveyard cards block and are blocked only by graveyard cards, and an attacker from a
    graveyard only by cards in the defending player's graveyard (509.1b: a restriction)."""
    from_grave = attacker.zone is Zone.GRAVEYARD
    in_grave = blocker.zone is Zone.GRAVEYARD
    if not (from_grave or in_grave):  # two permanents: asked of every pair, so answered before any name is read
        return None
    a, b = cs.name_of(state, attacker.oid), cs.name_of(state, blocker.oid)
    if from_grave and not in_grave:
        return Reason("509.1b", f"{a} is attacking from a graveyard, so it can be blocked only by creature cards in "
                      f"the defending player's graveyard, and {b} is on the battlefield ({UN_SET})")
    if in_grave and not from_grave:
        return Reason("509.1b", f"{b} is a card in a graveyard, so it can block only creature cards attacking from "
                      f"graveyards, and {a} is on the battlefield ({UN_SET})")
    defending = _defending_player(state, attacker, players)
    if from_grave and in_grave and blocker.zone_player != defending:
        return Reason("509.1b", f"{a} can be blocked only by creature cards in the defending player's graveyard, "
                      f"{defending}'s, the player it attacks (805.10e), and {b} is in {blocker.zone_player}'s "
                      f"({UN_SET})")
    return None


def _defending_player(state: GameState, attacker: GameObject, players: tuple[str, ...]) -> str | None:
    """"The defending player" for this attacker: one specific player, the one it attacks (or the
    controller of the planeswalker it attacks), even when a whole team defends (805.10e)."""
    attack = cs.attack_of(state, attacker.oid)
    if attack is not None:
        return cs.defending_player_of(state, attack)
    return players[0] if len(players) == 1 else None


# ---------------------------------------------------------------- undeathtouch (614.1a)
def _undeathtouch(d: Draft, seen: GameState, source: int, recipient: Recipient, amount: int,
                  combat_damage: bool) -> bool:
    """"If they would deal damage to a creature card, exile that creature card instead." A
    "creature card" is a card outside the battlefield (109.2): a graveyard combatant is one, but a
    creature permanent (a card on the battlefield, or a token) is dealt the damage as usual."""
    if isinstance(recipient, str) or UNDEATHTOUCH not in characteristics(seen, source).keywords:
        return False
    before = seen.obj(recipient)
    if (before.is_token or before.zone is Zone.BATTLEFIELD
            or not characteristics(seen, recipient).is_creature):
        return False
    src, name = cs.name_of(seen, source), cs.name_of(seen, recipient)
    if d.obj(recipient).zcc != before.zcc:
        d.note("undeathtouch", f"{src} would deal damage to {name}, but {name} has already left its zone, so "
               "nothing happens", "614.1a", recipient, name)
        return True
    move(d, recipient, Zone.EXILE, "614.1a", f"undeathtouch: {src} would deal {amount} damage to {name}, a creature "
         f"card, so {name} is exiled instead and no damage is dealt ({UN_SET})")
    return True


# ---------------------------------------------------------------- OMDB-1: destroyed, it stays
def _destroy_graveyard_combatant(d: Draft, obj: GameObject, by: str) -> bool:
    state = d.view()
    if not graveyard_combatant(state, obj):
        return False
    name = cs.name_of(state, obj.oid)
    source = by.split(":")[0]
    d.note("destroyed", f"{source} destroys {name}, an {'attacking' if cs.is_attacking(state, obj.oid) else 'blocking'} "
           f"creature card in a graveyard: it is already in its owner's graveyard, so it stays there as the same "
           f"card ({UN_SET})", "701.8a", obj.oid, name)
    cs.remove_from_combat(d, obj.oid, f"was destroyed by {source}, a source without undeathtouch")
    return True


# ---------------------------------------------------------------- while in combat, and after
def _settle(d: Draft) -> None:
    """Before anyone gets priority: a graveyard combatant that state-based actions would remove
    from the battlefield leaves combat (it stays in the graveyard); a graveyard card no longer in
    combat loses the status it had as a combatant (110.5). Without a combat there are no
    combatants, and without status in a graveyard there is nothing to clear."""
    if not _could_matter(d):
        return
    state = d.view()
    graveyards = state.in_zone(Zone.GRAVEYARD) if d.combat is not None else []  # combatants need a combat
    for obj in [o for o in graveyards if graveyard_combatant(state, o)]:
        found = sba_would_remove(characteristics(state, obj.oid), obj.damage, obj.deathtouched)
        if found is not None:
            rule, condition = found
            name = cs.name_of(state, obj.oid)
            d.note("state-based action", f"{name} is treated as a creature on the battlefield and has {condition}, "
                   f"so a state-based action removes it; it is already in its owner's graveyard, so it stays there "
                   f"({UN_SET})", rule, obj.oid, name)
            cs.remove_from_combat(d, obj.oid, f"has {condition}")
    state = d.view()
    for obj in state.in_zone(Zone.GRAVEYARD) if state.cached(GRAVEYARD_STATUS, lambda: _graveyard_status(state)) else ():
        if ((obj.tapped or obj.damage or obj.deathtouched)
                and not graveyard_combatant(state, obj)):
            d.update(obj.oid, "110.5", f"{obj.card} is no longer in combat, just a card in a graveyard, and only "
                     "permanents have a status such as tapped (110.5): it untaps and loses any damage",
                     tapped=False, damage=0, deathtouched=False)
    _end_effects_on_dead_cards(d)


def _could_matter(d: Draft) -> bool:
    """Whether anything is this card's to settle: an Over My Dead Bodies in any zone, a card in a
    graveyard with status, or an effect locked onto a card in a graveyard. Read off the draft's
    objects (no state is made for it), as every action of every game settles through here and most
    games have none of these."""
    objects = d.objects
    for o in objects.values():
        if o.card == CARD or (o.zone is Zone.GRAVEYARD and (o.tapped or o.damage or o.deathtouched)):
            return True
    for eff in d.effects:
        for ref in eff.affected or ():
            held = objects.get(ref.oid)
            if held is not None and held.zcc == ref.zcc and held.zone is Zone.GRAVEYARD:
                return True
    return False


def _end_effects_on_dead_cards(d: Draft) -> None:
    """An effect a resolved spell or ability locked onto a graveyard combatant (Giant Growth,
    OMDB-8) affected it as a creature on the battlefield, which it is only "for the duration of
    combat" (OMDB-4): once it is just a card in a graveyard again, the effect ends for it, as it
    would for a creature that left the battlefield."""
    if not d.effects:
        return
    state = d.view()
    kept = []
    for eff in d.effects:
        dead = [state.resolve_ref(r) for r in eff.affected or ()]
        if dead and all(o is not None and o.zone is Zone.GRAVEYARD and not graveyard_combatant(state, o)
                        for o in dead):
            for obj in dead:
                assert obj is not None  # checked just above
                name = cs.name_of(state, obj.oid)
                d.note("effect ends", f"“{eff.description}” no longer applies to {name}: out of combat it is just a "
                       f"card in a graveyard, no longer treated as a creature on the battlefield ({UN_SET})",
                       "100.7", obj.oid, name)
            continue
        kept.append(eff)
    if len(kept) != len(d.effects):
        d.set_scalar("100.7", effects=tuple(kept))


# ---------------------------------------------------------------- wiring
hooks.COMBATANT_RULES.append(_possible_combatant)
hooks.COMBATANT_EXITS.append(_left)
hooks.TREATED_AS_ON_BATTLEFIELD.append(graveyard_combatant)
hooks.ATTACK_RESTRICTIONS.append(_would_die_attacking)
hooks.BLOCKER_RULES.append(_would_die_blocking)
hooks.PAIR_RULES.append(_graveyards_only)
hooks.DAMAGE_REPLACEMENTS.append(_undeathtouch)
hooks.DESTROY_RULES.append(_destroy_graveyard_combatant)
hooks.SETTLE_HOOKS.append(_settle)


# ---------------------------------------------------------------- the card
OMDB_FIRST = ("Creature cards in graveyards can attack and block as though they were on the battlefield, can "
              "block or be blocked only by creature cards in graveyards, are Zombies in addition to their other "
              "types, and have undeathtouch. (If they would deal damage to a creature card, exile that creature "
              "card instead.)")
OMDB_SECOND = "Creature cards in your graveyard have haste."

register(
    CardDef(CARD, "{4}{B}{B}", frozenset({"Enchantment"}), oracle=f"{OMDB_FIRST}\n{OMDB_SECOND}",
            abilities=(StaticAbility(OMDB_FIRST, zombies_with_undeathtouch),
                       StaticAbility(OMDB_SECOND, haste_in_your_graveyard)),
            source="Unstable (silver-bordered; outside the Comprehensive Rules, 100.7)"),
)
