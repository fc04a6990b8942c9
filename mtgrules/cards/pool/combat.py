"""Cards for the combat lessons: melee (Wings of the Guard), "must be blocked" and fight (Neyith of
the Dire Hunt), evasion and its answers (flying, reach, menace, "can't block"), a planeswalker to
attack, a "blocks this turn if able" spell, a fight on entering (Somberwald Stag fights itself;
Gruul Ragebeast makes any creature of yours that enters fight), a non-legendary way to double
power (Exponential Growth), and two ways to put a creature
onto the battlefield attacking (508.4).

Notes on the data:

* Jace Beleren is something to attack: it enters with its printed loyalty (306.5b) and damage
  removes loyalty counters (120.3c). Its three loyalty abilities are played (606): once each turn,
  at sorcery timing, paid with loyalty counters (``rules/loyalty.py``); "target player" is a
  target like any other (115.1c): ``activate("Alice", jace, 1, targets=("Bob",))``.
* "Practice Ambush" and "Practice Charge" are not real Magic cards. They are the kit's own
  practice cards (the ``source`` says so), made because a lesson needs a plain instant that puts
  a creature onto the battlefield attacking. "Practice Bell" is one too: a plain "whenever a
  creature attacks or blocks" trigger (two trigger entries with the same text, like Neyith's).
* Neyith's first ability is one printed ability listening for two kinds of event (a fight, and
  creatures becoming blocked), so it appears as two trigger entries with the same text.
"""

from __future__ import annotations

from collections.abc import Iterable

from mtgrules.cards.builders import creature_target, player_target
from mtgrules.core.abilities import ActivatedAbility, Cost, EntersWith, Resolution, TriggerData, TriggeredAbility
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Effect
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step
from mtgrules.core.wording import counted
from mtgrules.rules.combat.state import add_must_be_blocked, melee_count, put_onto_battlefield_attacking
from mtgrules.rules.keyword_actions import (
    double_power,
    double_power_times,
    draw_cards,
    each_player_draws,
    fight,
    mill,
    pay_mana_now,
)
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.life import gain_life
from mtgrules.rules.step_triggers import STEP_BEGINS, at_beginning_of
from mtgrules.rules.targeting import opponents
from mtgrules.rules.tokens import create_token

CREATURE = frozenset({"Creature"})


# ---- Wings of the Guard: melee (702.121a)
MELEE = ("Melee (Whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you "
         "attacked this combat.)")


def _this_attacks(state: GameState, src: GameObject, ev: Event) -> bool:
    """"Whenever this creature attacks": it was declared as an attacker (508.1m, 508.3a)."""
    return ev.obj == src.oid


def _melee(res: Resolution, item: StackItem) -> None:
    """+1/+1 for each opponent attacked with a declared attacker this combat, counted now
    (608.2h): planeswalkers don't count; attackers that since left, and opponents who since
    left the game, still do (702.121a)."""
    src = res.source()
    name = "Wings of the Guard" if src is None else res.name(src.oid)
    n = melee_count(res.state, res.controller)
    if src is None or not on_battlefield(res.state, src):  # or a graveyard attacker (OMDB-9)
        res.d.note("melee", f"{name} has left the battlefield, so nothing gets the bonus", "702.121a")
        return
    attacked = res.state.combat.attacked_by(res.controller) if res.state.combat else ()
    who = ", ".join(attacked) if attacked else "no opponent (planeswalkers don't count)"
    res.d.note("melee", f"Melee counts the opponents {res.controller} attacked with a creature this combat: "
               f"{who} — {n}, so {name} gets +{n}/+{n} until end of turn", "702.121a", src.oid, name)
    if n:
        res.pump(src, n, n, "702.121a", f"Melee: +{n}/+{n} for {counted(n, 'opponent')} attacked this combat")


# ---- Neyith of the Dire Hunt
NEYITH_DRAW = "Whenever one or more creatures you control fight or become blocked, draw a card."
NEYITH_COMBAT = ("At the beginning of combat on your turn, you may pay {2}{R/G}. If you do, double target "
                 "creature's power until end of turn. That creature must be blocked this combat if able.")
NEYITH_COST = "{2}{R/G}"


def _yours_among(state: GameState, src: GameObject, oids: Iterable[int] | None) -> bool:
    for oid in oids or ():
        try:
            if state.obj(oid).controller == src.controller:
                return True
        except KeyError:
            continue
    return False


def _yours_fought(state: GameState, src: GameObject, ev: Event) -> bool:
    """One fight is one event: it triggers once however many of your creatures fought (603.2c)."""
    return _yours_among(state, src, ev.after)


def _yours_became_blocked(state: GameState, src: GameObject, ev: Event) -> bool:
    """One block declaration is one event: once, however many of yours became blocked (603.2c)."""
    return _yours_among(state, src, ev.after)


def _draw_one(res: Resolution, _item: StackItem) -> None:
    draw_cards(res.d, res.controller, 1)


def _neyith_combat(res: Resolution, item: StackItem) -> None:
    """Offer the payment once (608.2c); if paid, double the target's power (701.10b-c) and make it
    a creature that must be blocked this combat if able (509.1c)."""
    targets = res.targets()
    if not targets:
        return
    target = targets[0]
    times = _times_to_pay(res)
    if times == 0:
        res.d.note("declined", f"{res.controller} doesn't pay {NEYITH_COST}, so nothing else happens",
                   "608.2c", item.source.oid, "Neyith of the Dire Hunt")
        return
    pay_mana_now(res.d, res.chooser, res.controller, NEYITH_COST, "Neyith of the Dire Hunt")
    double_power(res.d, target, item.source.oid, "Neyith of the Dire Hunt")
    add_must_be_blocked(res.d, target, "Neyith of the Dire Hunt")


def _times_to_pay(res: Resolution) -> int:
    """How many times the controller pays: 0 or 1. The instructions are followed once, in order
    (608.2c), so a second payment (a second doubling, or a second creature) isn't possible."""
    try:
        times: int = res.chooser.choose("pay", res.controller, (0, 1), "608.2c", sentence=(
            f"{res.controller} chooses whether to pay {NEYITH_COST} as Neyith's ability resolves: pay=1 pays it "
            "(the target's power doubles, and it must be blocked this combat if able), pay=0 doesn't (nothing "
            "else happens); no choice was given"))
        return times
    except IllegalAction as refused:  # a MissingChoice is not an IllegalAction: it passes through
        raise IllegalAction("608.2c", f"Neyith's ability lets {res.controller} pay {NEYITH_COST} at most "
                            "once as it resolves: it follows its instructions once, in order, so paying "
                            "again can't double the power twice or double another creature's power") from refused


# ---- Somberwald Stag: "you may have it fight target creature you don't control"
STAG_TEXT = "When this creature enters, you may have it fight target creature you don't control."


def _this_enters(state: GameState, src: GameObject, ev: Event) -> bool:
    return ev.obj == src.oid and ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD


def _not_yours(state: GameState, player: str, obj: GameObject) -> bool:
    """"A creature you don't control": anyone else's, a teammate's too (Somberwald Stag)."""
    return bool(obj.controller != player)


def _an_opponents(state: GameState, player: str, obj: GameObject) -> bool:
    """"A creature an opponent controls": a player on another team (102.2, 102.3), so never a
    teammate's creature in Two-Headed Giant (Gruul Ragebeast)."""
    return opponents(state, player, obj.controller)


def _stag_fights(res: Resolution, item: StackItem) -> None:
    stag = res.source()
    targets = res.targets()
    if not targets or res.chooser.choose("fight", res.controller, (True, False), "701.14a", sentence=(
            f"{res.controller} chooses whether Somberwald Stag fights its target: fight=True has them fight, "
            "fight=False doesn't (nothing happens); no choice was given")) is not True:
        return
    if stag is None:
        res.d.note("no fight", "Somberwald Stag is no longer on the battlefield, so neither creature fights",
                   "701.14b", item.source.oid, "Somberwald Stag")
        return
    fight(res.d, stag, targets[0], "Somberwald Stag", res.chooser)


# ---- Gruul Ragebeast: a creature of yours that enters fights (the fighter is the one that entered)
RAGEBEAST_TEXT = ("Whenever this creature or another creature you control enters, that creature fights target "
                  "creature an opponent controls.")


def _yours_enters(state: GameState, src: GameObject, ev: Event) -> bool | list[TriggerData]:
    """One trigger per creature of yours that enters; the data remembers which one, by reference,
    so it fights only if it is still the same object as the ability resolves (400.7, 701.14b)."""
    if ev.attribute != "zone" or ev.after != Zone.BATTLEFIELD or not isinstance(ev.obj, int):
        return False
    try:
        obj = state.obj(ev.obj)
    except KeyError:
        return False
    if obj.controller != src.controller or not characteristics(state, obj.oid).is_creature:
        return False
    return [(("entered", obj.ref),)]


def _ragebeast_fights(res: Resolution, item: StackItem) -> None:
    targets = res.targets()
    ref = item.get("entered")
    fighter = res.state.resolve_ref(ref) if isinstance(ref, ObjRef) else None
    if not targets:
        return
    if fighter is None:
        res.d.note("no fight", "the creature that entered is no longer on the battlefield, so neither creature "
                   "fights", "701.14b", None, "Gruul Ragebeast")
        return
    fight(res.d, fighter, targets[0], "Gruul Ragebeast", res.chooser)


# ---- Exponential Growth: double a creature's power X times (701.10b), one doubling after another
EXPONENTIAL_TEXT = "Until end of turn, double target creature's power X times."


def _exponential_growth(res: Resolution, item: StackItem) -> None:
    for obj in res.targets():
        double_power_times(res.d, obj, item.x, item.source.oid, "Exponential Growth")


# ---- Culling Mark: "Target creature blocks this turn if able." (a requirement, 509.1c)
def _culling_mark(res: Resolution, item: StackItem) -> None:
    for obj in res.targets():
        eff = Effect("6", "Culling Mark: blocks this turn if able", "509.1c", item.source.oid,
                     res.d.new_timestamp(), affected=(obj.ref,),
                     add_keywords=frozenset({Keyword.BLOCKS_EACH_COMBAT}), until_end_of_turn=True)
        res.d.set_scalar("509.1c", effects=res.d.effects + (eff,))
        res.d.note("requirement", f"{res.name(obj.oid)} blocks this turn if able (a requirement, 509.1c)",
                   "509.1c", obj.oid, res.name(obj.oid))


# ---- Practice Bell (the kit's practice card): "whenever a creature attacks or blocks" (508.1m, 509.1i)
BELL_TEXT = "Whenever a creature attacks or blocks, you gain 1 life."


def _a_creature(state: GameState, src: GameObject, ev: Event) -> bool:
    """Any creature, anyone's: the event's object is a creature (read from its characteristics)."""
    if not isinstance(ev.obj, int):  # a player or the game: a lookup by id would find no object either
        return False
    try:
        return characteristics(state, ev.obj).is_creature
    except KeyError:
        return False


def _bell(res: Resolution, _item: StackItem) -> None:
    gain_life(res.d, res.controller, 1, "Practice Bell")


# ---- the kit's practice cards (not real Magic cards): entering attacking (508.4)
def _ambush(res: Resolution, _item: StackItem) -> None:
    token = create_token(res.d, "Soldier Token", res.controller, "Practice Ambush")
    put_onto_battlefield_attacking(res.d, res.chooser, token.oid, res.controller, "Practice Ambush")

JACE_LOYALTY = ("+2: Each player draws a card.", "−1: Target player draws a card.",
                "−10: Target player mills twenty cards.")


def _target_player(res: Resolution) -> str:
    """Jace's one target, a player, still in the game: chosen as the ability was activated
    (115.1c); with its only target gone the ability doesn't resolve at all (608.2b)."""
    return res.target_players()[0]


def _jace_each_draws(res: Resolution, _item: StackItem) -> None:
    each_player_draws(res.d)


def _jace_one_draws(res: Resolution, item: StackItem) -> None:
    draw_cards(res.d, _target_player(res))


def _jace_mills(res: Resolution, item: StackItem) -> None:
    mill(res.d, _target_player(res), 20, "Jace Beleren")


def _charge(res: Resolution, _item: StackItem) -> None:
    hand = [o.oid for o in res.state.in_zone(Zone.HAND, res.controller)
            if characteristics(res.state, o.oid).is_creature]
    if not hand:
        res.d.note("nothing", f"{res.controller} has no creature card in hand", "608.2", None, "Practice Charge")
        return
    oid = res.chooser.choose("card", res.controller, hand, "608.2c")
    put_onto_battlefield_attacking(res.d, res.chooser, oid, res.controller, "Practice Charge")


register(
    CardDef("Wings of the Guard", "{1}{W}", CREATURE, frozenset({"Bird"}), power=1, toughness=1,
            oracle=f"Flying\n{MELEE}", keywords=frozenset({Keyword.FLYING}),
            abilities=(TriggeredAbility(MELEE, "attacks", _this_attacks, _melee),),
            source="Conspiracy: Take the Crown"),
    CardDef("Neyith of the Dire Hunt", "{2}{G}{G}", CREATURE, frozenset({"Human", "Warrior"}),
            frozenset({"Legendary"}), power=3, toughness=3, oracle=f"{NEYITH_DRAW}\n{NEYITH_COMBAT}",
            abilities=(TriggeredAbility(NEYITH_DRAW, "fight", _yours_fought, _draw_one),
                       TriggeredAbility(NEYITH_DRAW, "creatures become blocked", _yours_became_blocked, _draw_one),
                       TriggeredAbility(NEYITH_COMBAT, STEP_BEGINS, at_beginning_of(Step.BEGIN_COMBAT, "your"),
                                        _neyith_combat, target=creature_target())),
            source="Jumpstart"),
    CardDef("Goblin Piker", "{1}{R}", CREATURE, frozenset({"Goblin", "Warrior"}), power=2, toughness=1,
            oracle="This creature can't block.", keywords=frozenset({Keyword.CANT_BLOCK}), flavor_text=True,
            source="Magic 2010"),
    CardDef("Somberwald Stag", "{3}{G}{G}", CREATURE, frozenset({"Elk"}), power=4, toughness=3,
            oracle=STAG_TEXT,
            abilities=(TriggeredAbility(STAG_TEXT, "zone change", _this_enters, _stag_fights,
                                        target=creature_target("target creature you don't control", _not_yours)),),
            source="Eldritch Moon"),
    CardDef("Gruul Ragebeast", "{5}{R}{G}", CREATURE, frozenset({"Beast"}), power=6, toughness=6,
            oracle=RAGEBEAST_TEXT,
            abilities=(TriggeredAbility(RAGEBEAST_TEXT, "zone change", _yours_enters, _ragebeast_fights,
                                        target=creature_target("target creature an opponent controls", _an_opponents)),),
            source="Gatecrash"),
    CardDef("Exponential Growth", "{X}{R}{R}", frozenset({"Sorcery"}), oracle=EXPONENTIAL_TEXT,
            spell=_exponential_growth, spell_target=creature_target(), source="Strixhaven: School of Mages"),
    CardDef("Culling Mark", "{2}{G}", frozenset({"Sorcery"}), oracle="Target creature blocks this turn if able.",
            spell=_culling_mark, spell_target=creature_target(), source="Ravnica: City of Guilds"),
    CardDef("Jace Beleren", "{1}{U}{U}", frozenset({"Planeswalker"}), frozenset({"Jace"}), frozenset({"Legendary"}),
            oracle="\n".join(JACE_LOYALTY),
            # the loyalty abilities first, so activate(player, jace) is the +2 and 1, 2 the others
            abilities=(ActivatedAbility(Cost.of(loyalty=2), JACE_LOYALTY[0], _jace_each_draws),
                       ActivatedAbility(Cost.of(loyalty=-1), JACE_LOYALTY[1], _jace_one_draws, target=player_target()),
                       ActivatedAbility(Cost.of(loyalty=-10), JACE_LOYALTY[2], _jace_mills, target=player_target()),
                       EntersWith("(Loyalty 3: it enters with three loyalty counters, 306.5b.)",
                                  counters=(("loyalty", 3),))),
            source="Lorwyn"),
    CardDef("Practice Ambush", "{W}", frozenset({"Instant"}),
            oracle="Create a 1/1 white Soldier creature token that's tapped and attacking.",
            spell=_ambush, source="the kit's practice card (not a real Magic card)"),
    CardDef("Practice Bell", "{1}", frozenset({"Artifact"}), oracle=BELL_TEXT,
            abilities=(TriggeredAbility(BELL_TEXT, "attacks", _a_creature, _bell),
                       TriggeredAbility(BELL_TEXT, "blocks", _a_creature, _bell)),
            source="the kit's practice card (not a real Magic card)"),
    CardDef("Practice Charge", "{1}{W}", frozenset({"Instant"}),
            oracle="Put a creature card from your hand onto the battlefield tapped and attacking.",
            spell=_charge, source="the kit's practice card (not a real Magic card)"),
)
