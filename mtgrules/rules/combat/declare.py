"""The combat phase (506-511): declaring attackers and blockers, and the steps' turn-based actions.

Declarations are turn-based actions, not things done with priority (508.1, 509.1). As the declare
attackers step begins, no one has priority: the game waits for the active player's
:class:`DeclareAttackers` (declaring none is ``declare_attackers("Alice")``). Likewise it waits
for each defending player's :class:`DeclareBlockers`, in APNAP order (802.4); under shared team
turns the team declares once (805.10b, 805.10d). A player who has no creature that could attack,
or no creature that could block an attacker, declares nothing automatically, with a note saying so.
While the game waits, ``legal_actions`` proposes the legal declarations.

A declaration is checked completely before anything changes; an illegal one raises
:class:`~mtgrules.core.errors.IllegalAction` with the rule and a sentence, and the state is untouched.

* Attacking taps the creature (508.1f) and records which opponents each player attacked (for
  melee, 702.121a). Each declared attacker makes an ``"attacks"`` event (508.1m); a creature put
  onto the battlefield attacking makes none (508.4).
* When every defending player has declared, each attacker becomes blocked or unblocked for the
  rest of combat (509.1h). Each blocked attacker makes a ``"becomes blocked"`` event (509.3c) and
  the declaration as a whole makes one ``"creatures become blocked"`` event listing them, for
  abilities that trigger on "one or more" (603.2c).
* Combat damage is the combat damage step's turn-based action (:mod:`mtgrules.rules.combat.damage`).
* With no attackers, the declare blockers and combat damage steps are skipped (508.8).
* Creatures that leave the battlefield or stop being creatures are removed from combat as soon
  as the action that did it ends (506.4); when the end of combat step ends, combat is over (511.3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, ClassVar

from mtgrules.core.actions import Action, answer_pairs, check_choices, check_id, check_player
from mtgrules.core.choices import Chooser
from mtgrules.core.combat import Attack, Block, Combat
from mtgrules.core.errors import ActionTypeError, IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.mana import parse_cost
from mtgrules.core.objects import GameObject, ObjRef
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.combat import state as cs
from mtgrules.rules.combat.blocking import BlockOptions, Reason, legal_blocks, why_cant_block
from mtgrules.rules.combat.damage import combat_damage_step, first_strike_damage_step, needs_first_strike_step
from mtgrules.rules.costs import choose_payment, sickness_blocks, spend_mana
from mtgrules.rules.layers import characteristics

Target = str | int  # a player's name or a planeswalker's id


# ---------------------------------------------------------------- actions
@dataclass(frozen=True)
class DeclareAttackers(Action):
    """The attacking player declares attackers (508.1): each creature id with the player's name or
    the planeswalker id it attacks. An empty declaration attacks with nothing."""

    attacks: tuple[tuple[int, Target], ...] = ()
    choices: tuple[tuple[str, Any], ...] = ()
    needs_priority: ClassVar[bool] = False

    def __post_init__(self) -> None:
        check_player(self.player)
        _check_pairs(self.attacks, "attacks", "508.1", second_is_target=True)
        check_choices(self.choices)

    def describe(self, state: GameState) -> str:
        if not self.attacks:
            return f"{self.player} declares no attackers"
        parts = [f"{_name(state, a)} → {_target_text(state, t)}" if t not in (None, "") else _name(state, a)
                 for a, t in self.attacks]
        return f"{self.player} declares attackers: {', '.join(parts)}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        plain = all(t == "" for _, t in self.attacks)
        return "declare_attackers", [self.player, [a for a, _ in self.attacks] if plain else dict(self.attacks)], {}


@dataclass(frozen=True)
class DeclareBlockers(Action):
    """A defending player declares blockers (509.1): pairs of (blocking creature, attacker)."""

    blocks: tuple[tuple[int, int], ...] = ()
    choices: tuple[tuple[str, Any], ...] = ()
    needs_priority: ClassVar[bool] = False

    def __post_init__(self) -> None:
        check_player(self.player)
        _check_pairs(self.blocks, "blocks", "509.1", second_is_target=False)
        check_choices(self.choices)

    def describe(self, state: GameState) -> str:
        if not self.blocks:
            return f"{self.player} declares no blockers"
        parts = [f"{_name(state, b)} blocks {_name(state, a)}" for b, a in self.blocks]
        return f"{self.player} declares blockers: {', '.join(parts)}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "declare_blockers", [self.player, dict(self.blocks)], {}


def declare_attackers(player: str, attacks: Mapping[int, Target] | Sequence[int] = (), **choices: Any) -> DeclareAttackers:
    """``declare_attackers("Alice", {wings: "Bob", bears: jace})``; a plain list of creature ids
    attacks the only thing there is to attack (refused if there is more than one choice).
    ``choices`` script what the declaration leads to, such as ``trigger_order=(...)``."""
    if isinstance(attacks, Mapping):
        pairs = tuple(attacks.items())
    elif isinstance(attacks, tuple | list | set | frozenset):
        pairs = tuple((oid, "") for oid in attacks)
    else:  # a string would otherwise be read letter by letter
        raise ActionTypeError("508.1", "attacks must map each attacking creature's id to the player or "
                              "planeswalker it attacks, such as {bears: \"Bob\"}, or list creature ids, "
                              f"not {type(attacks).__name__} {attacks!r:.40}")
    return DeclareAttackers(player, pairs, _choices(choices))


def declare_blockers(player: str, blocks: Mapping[int, int] | Sequence[tuple[int, int]] | None = None,
                     **choices: Any) -> DeclareBlockers:
    """``declare_blockers("Bob", {bears: wings, corpse: wings})``: blocker → the attacker it blocks.
    A list of (blocker, attacker) pairs says the same."""
    if blocks is None or isinstance(blocks, Mapping):
        pairs = tuple((blocks or {}).items())
    elif isinstance(blocks, tuple | list) and all(isinstance(p, tuple | list) and len(p) == 2 for p in blocks):
        pairs = tuple(tuple(p) for p in blocks)
    else:
        raise ActionTypeError("509.1", "blocks must map each blocking creature's id to the attacker it blocks, "
                              "such as {bears: wings}, or be a list of (blocker, attacker) pairs, "
                              f"not {type(blocks).__name__} {blocks!r:.40}")
    return DeclareBlockers(player, pairs, _choices(choices))


def _check_pairs(pairs: Any, argument: str, rule: str, *, second_is_target: bool) -> None:
    """Each declared pair is (creature id, what it attacks or blocks), with ids whole numbers."""
    if not isinstance(pairs, tuple) or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
        raise ActionTypeError(rule, f"{argument} must be (creature id, {'target' if second_is_target else 'attacker'}) "
                              f"pairs, not {pairs!r:.40}")
    for first, second in pairs:
        check_id(first, f"each creature in {argument}", rule)
        if second_is_target and isinstance(second, str):
            continue  # a player's name, or "" for "the only thing there is to attack"
        if second_is_target and (not isinstance(second, int) or isinstance(second, bool)):
            raise ActionTypeError(rule, f"what each creature in {argument} attacks must be a player's name "
                                  f"(\"Bob\") or a planeswalker's id, not {second!r:.40} "
                                  f"({type(second).__name__})")
        check_id(second, f"what each creature in {argument} {'attacks' if second_is_target else 'blocks'}", rule)


def _choices(choices: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The scripted answers, read as ``cast`` and ``pass_priority`` read them: ``choices={...}``
    is a mapping of answers (not one answer of the kind "choices"), merged with the keywords."""
    more = dict(choices)
    return answer_pairs(more.pop("choices", None), more)


def _name(state: GameState, oid: int) -> str:
    try:
        return characteristics(state, oid).name
    except KeyError:
        return f"#{oid}"


def _target_text(state: GameState, target: Target) -> str:
    return target if isinstance(target, str) else _name(state, target)


# ---------------------------------------------------------------- why can't it attack?
def why_cant_attack(state: GameState, oid: int, target: Target | None = None) -> Reason | None:
    """Why creature ``oid`` can't attack (``target``, or anything), or None if it can (508.1a-c)."""
    try:
        obj = state.obj(oid)
    except KeyError as missing:  # an id never there, or a reference given for an id: as the state says it
        return Reason("508.1a", str(missing.args[0]))
    name = _name(state, oid)
    combat = state.combat or cs.new_combat(state)
    if not cs.can_be_combatant(state, obj):
        return Reason("508.1a", f"{name} isn't a creature on the battlefield, so it can't attack")
    if obj.controller not in combat.attacking_players:
        return Reason("508.1a", f"{name} is controlled by {obj.controller}, but only "
                      f"{' and '.join(combat.attacking_players)}'s creatures can attack this turn")
    if obj.tapped:
        return Reason("508.1a", f"{name} is tapped, and only untapped creatures can be declared as attackers")
    if sickness_blocks(state, obj):
        return Reason("302.6", f"{name} can't attack (508.1a): it hasn't been under {obj.controller}'s control "
                      "continuously since their most recent turn began, and it has no haste")
    for rule in hooks.ATTACK_RESTRICTIONS:
        why = rule(state, obj)
        if why is not None:
            return why
    options = cs.attack_targets_for(state, combat.attacking_players)
    if not options:
        return Reason("508.1b", "there is no defending player or planeswalker to attack")
    if isinstance(target, str) and target in {p.name for p in state.players} and state.player(target).lost:
        return Reason("800.4", f"{name} can attack only {_options_text(state, options)} (508.1b), not "
                      f"{target}: {target} has left the game")
    if target is not None and target not in options:
        return Reason("508.1b", f"{name} can attack only {_options_text(state, options)}, not "
                      f"{_target_text(state, target)}")
    return None


def _cant_attack(state: GameState, obj: GameObject) -> Reason | None:
    kws = characteristics(state, obj.oid).keywords
    if Keyword.CANT_ATTACK in kws:
        return Reason("508.1c", f"{_name(state, obj.oid)} can't attack: that restriction is on it")
    if Keyword.DEFENDER in kws and not any(rule(state, obj) for rule in hooks.DEFENDER_IGNORED):
        return Reason("702.3b", f"{_name(state, obj.oid)} can't attack: defender is a restriction (508.1c) on it")
    return None


hooks.ATTACK_RESTRICTIONS.append(_cant_attack)
"""Rules ``(state, creature) -> Reason | None`` for creatures that can't attack (508.1c)."""


def _options_text(state: GameState, options: list[Target]) -> str:
    return " or ".join(_target_text(state, t) for t in options)


def possible_attackers(state: GameState) -> list[GameObject]:
    """The attacking player's creatures that could attack something now (once per state: every
    candidate declaration is judged against it)."""
    def compute() -> tuple[GameObject, ...]:
        combat = state.combat or cs.new_combat(state)
        return tuple(o for o in cs.possible_combatants(state, list(combat.attacking_players))
                     if why_cant_attack(state, o.oid) is None)
    return list(state.cached("possible attackers", compute))


def _attack_requirements(state: GameState) -> list[GameObject]:
    """Creatures that attack each combat if able and could attack: each is a requirement (508.1d)."""
    return list(state.cached("attack requirements", lambda: tuple(
        o for o in possible_attackers(state) if Keyword.ATTACKS_EACH_COMBAT in characteristics(state, o.oid).keywords)))


# ---------------------------------------------------------------- declaring attackers (508.1)
def _declare_attackers(d: Draft, chooser: Chooser, a: DeclareAttackers) -> None:
    state = d.view()
    chosen = check_attackers(state, a)
    if d.combat is None:
        cs.set_combat(d, state.combat or cs.new_combat(state))
    _record_attacks(d, chosen)


def check_attackers(state: GameState, a: DeclareAttackers) -> dict[int, Target]:
    """Refuse an illegal attack declaration (508.1a-d); return each attacker's choice of what to
    attack. Changes nothing: ``apply`` and ``legal_actions`` both judge with it."""
    if state.step is not Step.DECLARE_ATTACKERS:
        raise IllegalAction("508.1", f"attackers are declared as the declare attackers step begins, and "
                            f"this is the {state.step.phrase}")
    combat = state.combat or cs.new_combat(state)
    if combat.attackers_declared:
        since = _why_declared(combat)
        attacking = {att.attacker.oid for att in combat.attacks}
        for oid, target in a.attacks:  # an attack that could never have been made says why first
            why = None if oid in attacking else why_cant_attack(state, oid, target or None)
            if why is not None:
                raise IllegalAction(why.rule, f"{why.text}; {since}")
        raise IllegalAction("508.1", since)
    if a.player not in combat.attacking_players:
        raise IllegalAction("508.1a", f"{a.player} isn't the attacking player; "
                            f"{' and '.join(combat.attacking_players)} declares attackers")
    options = cs.attack_targets_for(state, combat.attacking_players)
    chosen: dict[int, Target] = {}
    for oid, target in a.attacks:
        if oid in chosen:
            raise IllegalAction("508.1a", f"{_name(state, oid)} is declared as an attacker twice")
        if target == "":
            if len(options) != 1:
                raise IllegalAction("508.1b", f"say what {_name(state, oid)} attacks: "
                                    f"{_options_text(state, options)}")
            target = options[0]
        why = why_cant_attack(state, oid, target)
        if why is not None:
            raise IllegalAction(*why)
        chosen[oid] = target
    for obj in _attack_requirements(state):
        if obj.oid not in chosen:
            raise IllegalAction("508.1d", f"{_name(state, obj.oid)} attacks each combat if able and nothing "
                                "stops it, so a declaration without it obeys fewer requirements than possible")
    return chosen


def _why_declared(combat: Combat) -> str:
    """Why attackers can't be declared again, as it happened: the game declared none because
    nothing could attack, the player declared none, or attackers were declared (508.1)."""
    who = " and ".join(combat.attacking_players)
    if combat.attackers_skipped:
        return (f"as this declare attackers step began, {who} had no creature that could attack, so the game "
                "declared no attackers for them, and attackers are declared only once a combat")
    if not combat.had_attackers:
        return f"{who} declared no attackers this combat, and attackers are declared only once a combat"
    return "attackers have already been declared this combat"


def _record_attacks(d: Draft, chosen: dict[int, Target]) -> None:
    state = d.view()
    combat = d.combat
    new_attacks = []
    attacked = {p: list(v) for p, v in combat.attacked}
    for oid, target in chosen.items():
        obj = state.obj(oid)
        ref_target: str | ObjRef = target if isinstance(target, str) else state.obj(target).ref
        defender = target if isinstance(target, str) else state.obj(target).controller
        new_attacks.append(Attack(obj.ref, ref_target, defender=defender))
        if isinstance(target, str):
            seen = attacked.setdefault(obj.controller, [])
            if target not in seen:
                seen.append(target)
    cs.set_combat(d, replace(combat, attacks=combat.attacks + tuple(new_attacks), attackers_declared=True,
                             had_attackers=combat.had_attackers or bool(chosen),
                             attacked=tuple((p, tuple(v)) for p, v in attacked.items()),
                             awaiting=tuple(w for w in combat.awaiting if w[0] != "attackers")))
    if not chosen:
        d.note("no attackers", f"{' and '.join(combat.attacking_players)} declares no attackers", "508.1a")
    for oid, target in chosen.items():
        obj = d.obj(oid)
        name = _name(state, oid)
        if not obj.tapped and Keyword.VIGILANCE not in characteristics(state, oid).keywords:
            d.update(oid, "508.1f", f"{name} becomes tapped as it attacks", tapped=True)
        d.emit(Event(EventKind.ATTACKS, oid, name, "attacking", None, _target_text(state, target), "508.1m",
                     f"{name} attacks {_target_text(state, target)}"))
    if chosen:
        d.emit(Event(EventKind.ATTACKERS_DECLARED, None, "game", "attackers", None, tuple(chosen), "508.1k",
                     "1 creature becomes an attacking creature" if len(chosen) == 1
                     else f"{len(chosen)} creatures become attacking creatures"))
    d.set_scalar("508.2", "the active player gets priority", priority=d.active, passes=0)


# ---------------------------------------------------------------- declaring blockers (509.1)
def _declare_blockers(d: Draft, chooser: Chooser, a: DeclareBlockers) -> None:
    group, blocks, options, verdict = check_blockers(d.view(), a)
    _pay_block_costs(d, chooser, options, blocks)
    _record_blocks(d, group, blocks, verdict)


def check_blockers(state: GameState, a: DeclareBlockers) -> tuple[tuple[str, ...], dict[int, int], BlockOptions, str]:
    """Refuse an illegal block declaration (509.1a-c, 802.4); return the defending group, the
    blocks, the options they were judged against and the verdict's sentence. Changes nothing."""
    combat = state.combat
    if state.step is not Step.DECLARE_BLOCKERS:
        raise IllegalAction("509.1", f"blockers are declared as the declare blockers step begins, and this "
                            f"is the {state.step.phrase}")
    if combat is None or not combat.had_attackers:
        raise IllegalAction("509.1", "no creature has attacked in this combat, so there is nothing to block")
    waiting = [p for what, p in combat.awaiting if what == "blockers"]
    group = next((g for g in combat.defenders if a.player in g), None)
    if group is None:
        raise IllegalAction("509.1a", f"{a.player} isn't a defending player, so they don't declare blockers; "
                            f"{' and '.join(combat.defending_players) or 'no one'} does")
    if not any(p in group for p in waiting):
        who = " and ".join(group)
        if any(p in combat.blockers_declared for p in group):
            rule, since = "509.1", "blockers have already been declared this combat"
        elif not cs.attackers_facing(state, group):  # never asked: nothing attacks them (509.1a)
            rule, since = "509.1a", (f"no creature is attacking {who} or a planeswalker they control, so {who} "
                                     "declares no blockers")
        else:
            rule, since = "509.1a", f"{who} had no creature that could block, so no blockers were declared for them"
        for b, att in a.blocks:  # a block that could never have been made says why first
            why = why_cant_block(state, b, att)
            if why is not None:
                raise IllegalAction(why.rule, f"{why.text}; and {since}")
        raise IllegalAction(rule, f"{a.player} has already declared blockers this combat" if rule == "509.1"
                            else since[0].upper() + since[1:])
    if waiting and waiting[0] not in group:
        raise IllegalAction("802.4", f"defending players declare blockers in APNAP order: {waiting[0]} "
                            f"declares before {a.player}")
    blocks: dict[int, int] = {}
    for b, att in a.blocks:
        if b in blocks and blocks[b] == att:  # the same pair twice: not a creature blocking two
            raise IllegalAction("509.1a", f"{_name(state, b)} is declared as a blocker of {_name(state, att)} twice")
        if b in blocks:
            raise IllegalAction("509.1a", f"{_name(state, b)} can block only one creature")
        blocks[b] = att
    options = legal_blocks(state, a.player)
    verdict = options.check(blocks)
    if not verdict.legal:
        assert verdict.rule is not None  # an illegal declaration names the rule it breaks
        raise IllegalAction(verdict.rule, verdict.reason)
    return group, blocks, options, verdict.reason


def _pay_block_costs(d: Draft, chooser: Chooser, options: BlockOptions, blocks: dict[int, int]) -> None:
    """Costs to block are paid as blockers are declared (509.1d-f); they are never forced. Which
    mana pays is the blocking player's choice (``pay=``, 601.2h) when it matters."""
    for b, att in blocks.items():
        cost = options.costs.get((b, att))
        if not cost:
            continue
        payer = d.obj(b).controller
        spent, rest = choose_payment(chooser, payer, d.player(payer).pool, parse_cost(cost),
                                     frozenset({"cost to block"}))
        spend_mana(d, payer, spent, rest, f"{cost} so that {_name(d.view(), b)} can block (509.1f)")


def _record_blocks(d: Draft, group: tuple[str, ...], blocks: dict[int, int], verdict: str) -> None:
    state = d.view()
    combat = d.combat
    new = tuple(Block(state.obj(b).ref, state.obj(att).ref) for b, att in blocks.items())
    awaiting = tuple(w for w in combat.awaiting if not (w[0] == "blockers" and w[1] in group))
    cs.set_combat(d, replace(combat, blocks=combat.blocks + new, awaiting=awaiting,
                             blockers_declared=combat.blockers_declared + group))
    who = " and ".join(group)
    if not blocks:
        d.note("no blockers", f"{who} declares no blockers ({verdict})", "509.1a", group[0], group[0])
    for b, att in blocks.items():
        name = _name(state, b)
        d.emit(Event(EventKind.BLOCKS, b, name, "blocking", None, _name(state, att), "509.1g",
                     f"{name} blocks {_name(state, att)}"))
    if blocks:
        d.note("blocks legal", f"{who}'s blocks are {verdict}", "509.1c", group[0], group[0])
    if not any(w[0] == "blockers" for w in awaiting):
        _finish_blocks(d)


def _finish_blocks(d: Draft) -> None:
    """Every defending player has declared: attackers become blocked or unblocked (509.1h)."""
    state = d.view()
    combat = d.combat
    blocked_ids = {b.attacker.oid for b in combat.blocks}
    attacks = []
    newly = []
    for att in combat.attacks:
        now = att.attacker.oid in blocked_ids
        if att.blocked is None and cs.live(state, att.attacker) is not None:
            name = _name(state, att.attacker.oid)
            if now:
                newly.append(att.attacker.oid)
                d.emit(Event(EventKind.BECOMES_BLOCKED, att.attacker.oid, name, "blocked", None, True, "509.1h",
                             f"{name} becomes blocked and stays blocked for the rest of combat"))
            else:
                d.emit(Event(EventKind.UNBLOCKED, att.attacker.oid, name, "blocked", None, False, "509.1h",
                             f"{name} is unblocked"))
        attacks.append(att if att.blocked is not None else replace(att, blocked=now))
    cs.set_combat(d, replace(combat, attacks=tuple(attacks), blocks_final=True, awaiting=()))
    if newly:
        names = ", ".join(_name(state, o) for o in newly)
        # Cites 603.2c, its point: each attacker's "becomes blocked" sentence above already cites 509.1h.
        d.emit(Event(EventKind.CREATURES_BECOME_BLOCKED, None, "game", "blocked", None, tuple(newly), "603.2c",
                     f"as one event, {names} became blocked, so an ability that triggers when “one or more” "
                     "creatures become blocked triggers only once"))
    d.set_scalar("509.2", "the active player gets priority", priority=d.active, passes=0)


# ---------------------------------------------------------------- the steps' turn-based actions
def _begin_combat(d: Draft, chooser: Chooser) -> None:
    """The combat phase starts: the active player (team) attacks; their opponents defend (506.2)."""
    combat = cs.new_combat(d.view())
    cs.set_combat(d, combat)
    d.note("combat begins", f"combat begins: {' and '.join(combat.attacking_players)} may attack "
           f"{' and '.join(combat.defending_players) or 'no one'}", "506.2")


def _begin_declare_attackers(d: Draft, chooser: Chooser) -> None:
    """Wait for the attacking player's declaration (508.1), or declare none if nothing can attack."""
    combat = cs.ensure_combat(d)
    if combat.attackers_declared:
        return
    state = d.view()
    if not possible_attackers(state):
        d.note("no attackers", f"{' and '.join(combat.attacking_players)} has no creature that can attack, "
               "so no attackers are declared", "508.1a")
        cs.set_combat(d, replace(combat, attackers_declared=True, attackers_skipped=True))
        return
    who = combat.attacking_players[0]
    cs.set_combat(d, replace(combat, awaiting=(("attackers", who),)))
    d.set_scalar("508.1", f"{who} declares attackers before anyone gets priority", priority=None, passes=0)


def _begin_declare_blockers(d: Draft, chooser: Chooser) -> None:
    """Wait for each defending player (group) who is attacked and has a possible block (509.1)."""
    combat = d.combat
    if combat is None or combat.blocks_final:
        return
    state = d.view()
    waiting = []
    for group in combat.defenders:
        if not cs.attackers_facing(state, group):
            continue
        if not legal_blocks(state, group[0]).blockers:
            d.note("no blockers", f"{' and '.join(group)} has no creature that can block an attacker, so no "
                   "blockers are declared", "509.1a", group[0], group[0])
            continue
        waiting.append(("blockers", group[0]))
    if not waiting:
        _finish_blocks(d)
        return
    cs.set_combat(d, replace(combat, awaiting=tuple(waiting)))
    d.set_scalar("509.1", f"{waiting[0][1]} declares blockers before anyone gets priority", priority=None, passes=0)


def _combat_damage(d: Draft, chooser: Chooser) -> None:
    combat_damage_step(d, chooser)


def _skip_without_attackers(d: Draft | GameState, step: Step) -> tuple[str, str] | None:
    """No creature was declared or put onto the battlefield attacking: skip blockers and damage (508.8)."""
    if step not in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        return None
    combat = d.combat
    if combat is None or not combat.had_attackers:
        return "508.8", "no creatures attacked" if step is not Step.FIRST_STRIKE_DAMAGE else ""
    return None


def _first_strike_step_only_if_needed(d: Draft | GameState, step: Step) -> tuple[str, str] | None:
    """The combat has a first-strike combat damage step only if an attacking or blocking creature
    has first strike or double strike as damage would begin (510.4); otherwise there is just one
    combat damage step, and nothing is said about a step that never existed."""
    if step is Step.FIRST_STRIKE_DAMAGE and not needs_first_strike_step(d.view()):
        return "510.4", ""
    return None


def _end_combat_when_over(d: Draft, chooser: Chooser) -> None:
    cs.leave_combat(d)


def _waiting(state: GameState) -> tuple[str, str] | None:
    combat = state.combat
    if combat is None or not combat.awaiting:
        return None
    what, who = combat.awaiting[0]
    if what == "attackers":
        return "508.1", f"the game is waiting for {who} to declare attackers; no one has priority until they do"
    return "509.1", f"the game is waiting for {who} to declare blockers; no one has priority until they do"


def decline_declaration(state: GameState) -> Action | None:
    """The empty declaration (no attackers, or no blockers) by the player the game is waiting
    for, or None if it waits for no declaration. Tools that fast-forward use it; it is refused
    like any declaration if requirements forbid declaring nothing."""
    combat = state.combat
    if combat is None or not combat.awaiting:
        return None
    what, who = combat.awaiting[0]
    return DeclareAttackers(who) if what == "attackers" else DeclareBlockers(who)


# ---------------------------------------------------------------- proposing declarations
MAX_PROPOSALS = 256


def _propose(state: GameState) -> list[Action] | None:
    """The declarations ``legal_actions`` considers while the game waits: every legal one (up to
    :data:`MAX_PROPOSALS`); ``legal_actions`` judges each like any other candidate and scripts
    the choices it leads to (the order of the triggers it causes, for instance)."""
    combat = state.combat
    if combat is None or not combat.awaiting:
        return None
    what, who = combat.awaiting[0]
    if what == "attackers":
        return list(attack_declarations(state, who, MAX_PROPOSALS))
    return [declare_blockers(who, b) for b in legal_blocks(state, who).declarations(MAX_PROPOSALS)]


def _quiet_blocks(state: GameState, a: DeclareBlockers) -> list[Action] | None:
    """A block with no cost to pay (509.1d) asks nothing once checked."""
    costs = legal_blocks(state, a.player).costs
    return None if any(costs.get(pair) for pair in a.blocks) else [a]


def attack_declarations(state: GameState, player: str, limit: int | None = None) -> Iterator[DeclareAttackers]:
    """The legal attack declarations, lazily: each possible attacker attacks one of the things it
    may attack, or stays home; declarations breaking a requirement (508.1d) are left out."""
    attackers = possible_attackers(state)
    combat = state.combat or cs.new_combat(state)
    targets = cs.attack_targets_for(state, combat.attacking_players)
    required = {o.oid for o in _attack_requirements(state)}
    choices = [[None, *targets] if o.oid not in required else list(targets) for o in attackers]
    n = 0
    for combo in product(*choices):
        yield DeclareAttackers(player, tuple((o.oid, t) for o, t in zip(attackers, combo, strict=True)
                                             if t is not None))
        n += 1
        if limit is not None and n >= limit:
            return


# ---------------------------------------------------------------- wiring
hooks.ACTION_HANDLERS[DeclareAttackers] = _declare_attackers
hooks.ACTION_HANDLERS[DeclareBlockers] = _declare_blockers
hooks.ACTION_CHECKS[DeclareAttackers] = check_attackers
hooks.ACTION_CHECKS[DeclareBlockers] = check_blockers
hooks.QUIET_ACTIONS[DeclareAttackers] = lambda state, a: [a]  # attacking taps, triggers, asks nothing
hooks.QUIET_ACTIONS[DeclareBlockers] = _quiet_blocks
hooks.SETTLE_HOOKS.append(cs.prune_combat)
hooks.WAITING.append(_waiting)
hooks.PROPOSERS.append(_propose)
hooks.STEP_SKIPS.append(_skip_without_attackers)
hooks.STEP_SKIPS.append(_first_strike_step_only_if_needed)
hooks.TURN_BASED.setdefault(Step.BEGIN_COMBAT, []).append(_begin_combat)
hooks.TURN_BASED.setdefault(Step.DECLARE_ATTACKERS, []).append(_begin_declare_attackers)
hooks.TURN_BASED.setdefault(Step.DECLARE_BLOCKERS, []).append(_begin_declare_blockers)
hooks.TURN_BASED.setdefault(Step.FIRST_STRIKE_DAMAGE, []).append(first_strike_damage_step)
hooks.TURN_BASED.setdefault(Step.COMBAT_DAMAGE, []).append(_combat_damage)
hooks.STEP_ENDS.setdefault(Step.END_COMBAT, []).append(_end_combat_when_over)  # as the step ends (511.3)
hooks.TURN_BASED.setdefault(Step.MAIN2, []).append(_end_combat_when_over)
hooks.QUIET_TURN_BASED.update(dict.fromkeys((_begin_combat, _begin_declare_attackers, _begin_declare_blockers,
                                             _end_combat_when_over), lambda state: True))
hooks.QUIET_TURN_BASED[_combat_damage] = lambda state: _one_blocker_each(state)


def _one_blocker_each(state: GameState) -> bool:
    """Combat damage asks how to divide an attacker's damage among two or more blockers (510.1c),
    or between its blocker and what it attacks when it has trample (702.19b); otherwise nothing."""
    combat = state.combat
    if combat is None:
        return True
    blocked = [b.attacker.oid for b in combat.blocks]
    if len(blocked) != len(set(blocked)):
        return False
    return not any(Keyword.TRAMPLE in characteristics(state, a.attacker.oid).keywords
                   for a in combat.attacks if a.blocked and state.resolve_ref(a.attacker) is not None)
for _step in (Step.END, Step.CLEANUP, Step.UNTAP):
    hooks.TURN_BASED.setdefault(_step, []).append(_end_combat_when_over)
