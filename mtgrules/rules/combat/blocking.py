"""Who may block whom (509.1a-c): restrictions, requirements, and the legal block declarations.

A block declaration maps each blocking creature to the one attacker it blocks. It is legal when

1. every blocker is an untapped creature the defending player controls that may block at all,
   and blocks a creature attacking that player or a planeswalker they control (509.1a);
2. no restriction is broken (509.1b): evasion such as flying (702.9b, 702.17b), "can't block",
   and "can't be blocked except by two or more creatures" (menace, 702.111b);
3. it obeys as many requirements as any declaration could without breaking a restriction and
   without paying a cost to block (509.1c). "X must be blocked if able" is one requirement,
   obeyed when X is blocked at all; "X blocks each combat if able" is one, obeyed when X blocks.

The rules come from small lists, so a card can add one without touching the checks:

* :data:`BLOCKER_RULES` -- may this creature block at all? (untapped, a combatant, "can't block")
* :data:`PAIR_RULES` -- may this creature block that attacker? (attacking you, flying/reach)
* :data:`MIN_BLOCKERS` -- how many creatures must block an attacker if any do (menace: two)
* :data:`MAX_BLOCKERS` -- the most creatures that may block an attacker ("can't be blocked by
  more than one creature": one)
* :data:`REQUIREMENT_SOURCES` -- the requirements that apply to a declaration
* :data:`BLOCK_COSTS` -- a mana cost a player must pay to make a block (never forced, 509.1c)

Counting requirements smartly: a brute-force search tries every blocker on every attacker
(9^8 = 43 million candidates for 8 blockers and 8 attackers). Instead each blocker keeps only the
attackers it may block under the pairwise rules, and a dynamic program walks the blockers once,
remembering only how many creatures block each attacker that *matters* -- one with menace, a
most number of blockers, or a "must be blocked" requirement -- counted up to the number that
matters (0, 1 or "2 or more").
Attackers that don't matter are interchangeable, so their choices are counted, not tried. The
same table gives the most requirements any declaration can obey, an example that does, the number
of legal declarations, and lets :meth:`BlockOptions.declarations` list them without dead ends.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import product
from typing import NamedTuple

from mtgrules.core.errors import IllegalAction
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject
from mtgrules.core.state import GameState
from mtgrules.core.wording import counted
from mtgrules.rules import hooks
from mtgrules.rules.combat.state import (
    attack_of,
    attackers_facing,
    can_be_combatant,
    defending_player_of,
    name_of,
    possible_combatants,
)
from mtgrules.rules.layers import all_characteristics, characteristics


class Reason(NamedTuple):
    """Why something is illegal: the rule and one plain sentence."""

    rule: str
    text: str


@dataclass(frozen=True)
class Requirement:
    """One requirement on a block declaration (509.1c). ``kind`` is ``"blocked"`` (the attacker
    ``subject`` must be blocked if able), ``"blocks"`` (the creature ``subject`` must block if
    able) or ``"blocks attacker"`` (the creature ``subject`` must block the attacker ``attacker`` if
    able: "All creatures able to block ~ do so.", Lure)."""

    kind: str
    subject: int
    text: str
    rule: str = "509.1c"
    attacker: int | None = None


@dataclass(frozen=True)
class Verdict:
    """Whether a block declaration is legal; if not, the rule it breaks and why. ``obeyed`` is
    how many requirements it obeys and ``possible`` the most any legal declaration can obey."""

    legal: bool
    rule: str | None
    reason: str
    obeyed: int
    possible: int


Players = tuple[str, ...]
BlockerRule = Callable[[GameState, GameObject, Players], Reason | None]
PairRule = Callable[[GameState, GameObject, GameObject, Players], Reason | None]
MinBlockersRule = Callable[[GameState, GameObject], tuple[int, Reason] | None]
RequirementSource = Callable[[GameState, Players, list[GameObject], list[GameObject]], list[Requirement]]
BlockCostRule = Callable[[GameState, GameObject, GameObject], str | None]


# ---------------------------------------------------------------- may this creature block at all?
def _is_combatant(state: GameState, obj: GameObject, players: Players) -> Reason | None:
    if not can_be_combatant(state, obj):
        return Reason("509.1a", f"{name_of(state, obj.oid)} isn't a creature on the battlefield, so it can't block")
    return None


def _controlled_by_defender(state: GameState, obj: GameObject, players: Players) -> Reason | None:
    if obj.controller not in players:
        return Reason("509.1a", f"{name_of(state, obj.oid)} is controlled by {obj.controller}; only "
                      f"{' and '.join(players)}'s creatures block in this declaration")
    return None


def _untapped(state: GameState, obj: GameObject, players: Players) -> Reason | None:
    if obj.tapped:
        return Reason("509.1a", f"{name_of(state, obj.oid)} is tapped, and only untapped creatures can block")
    return None


def _cant_block(state: GameState, obj: GameObject, players: Players) -> Reason | None:
    if Keyword.CANT_BLOCK in characteristics(state, obj.oid).keywords:
        return Reason("509.1b", f"{name_of(state, obj.oid)} can't block: that restriction is on it")
    return None


hooks.BLOCKER_RULES.extend([_is_combatant, _controlled_by_defender, _untapped, _cant_block])


# ---------------------------------------------------------------- may it block that attacker?
def _attacking_them(state: GameState, blocker: GameObject, attacker: GameObject, players: Players) -> Reason | None:
    attack = attack_of(state, attacker.oid)
    if attack is None:  # the name is read only for a refusal: this is asked of every pair (509.1a)
        return Reason("509.1a", f"{name_of(state, attacker.oid)} isn't an attacking creature, so there is nothing "
                      "to block")
    if defending_player_of(state, attack) not in players:
        return Reason("509.1a", f"{name_of(state, attacker.oid)} can't be blocked by the creatures of {' or '.join(players)} (802.4a): "
                      "it isn't attacking them or a planeswalker they control")
    return None


def _flying(state: GameState, blocker: GameObject, attacker: GameObject, players: Players) -> Reason | None:
    if Keyword.FLYING not in characteristics(state, attacker.oid).keywords:
        return None
    if characteristics(state, blocker.oid).keywords & {Keyword.FLYING, Keyword.REACH}:
        return None
    return Reason("702.9b", f"{name_of(state, attacker.oid)} has flying, so only creatures with flying or "
                  f"reach can block it (702.17b), and {name_of(state, blocker.oid)} has neither")


hooks.PAIR_RULES.extend([_attacking_them, _flying])


# ---------------------------------------------------------------- how many must block, if any do
def _menace(state: GameState, attacker: GameObject) -> tuple[int, Reason] | None:
    if Keyword.MENACE not in characteristics(state, attacker.oid).keywords:
        return None
    return 2, Reason("702.111b", f"{name_of(state, attacker.oid)} has menace, so it can't be blocked "
                     "except by two or more creatures")


hooks.MIN_BLOCKERS.append(_menace)


# ---------------------------------------------------------------- requirements
def _must_be_blocked_effects(state: GameState, players: Players, attackers: list[GameObject],
                             blockers: list[GameObject]) -> list[Requirement]:
    combat = state.combat
    if combat is None:
        return []
    here = {a.oid: a for a in attackers}
    out = []
    for req in combat.requirements:
        obj = here.get(req.attacker.oid)
        if obj is not None and obj.zcc == req.attacker.zcc:
            out.append(Requirement("blocked", obj.oid, f"{name_of(state, obj.oid)} must be blocked this "
                                   f"combat if able ({req.source})"))
    return out


def _must_be_blocked_keyword(state: GameState, players: Players, attackers: list[GameObject],
                             blockers: list[GameObject]) -> list[Requirement]:
    return [Requirement("blocked", a.oid, f"{name_of(state, a.oid)} must be blocked if able")
            for a in attackers if Keyword.MUST_BE_BLOCKED in characteristics(state, a.oid).keywords]


def _blocks_if_able(state: GameState, players: Players, attackers: list[GameObject],
                    blockers: list[GameObject]) -> list[Requirement]:
    return [Requirement("blocks", b.oid, f"{name_of(state, b.oid)} blocks this turn if able")
            for b in blockers if Keyword.BLOCKS_EACH_COMBAT in characteristics(state, b.oid).keywords]


hooks.REQUIREMENT_SOURCES.extend([_must_be_blocked_effects, _must_be_blocked_keyword, _blocks_if_able])

"""Rules giving a mana cost (such as "{1}") that must be paid for ``blocker`` to block ``attacker``.
None of the kit's cards impose one; a test or a later card may add a rule here."""


# ---------------------------------------------------------------- explaining one creature
def defending_group(state: GameState, player: str) -> Players:
    """The players who declare blockers together with ``player``: themselves, or their team
    under shared team turns (805.10d)."""
    combat = state.combat
    if combat is not None:
        for group in combat.defenders:
            if player in group:
                return group
    return (player,)


def why_cant_block(state: GameState, blocker: int, attacker: int | None = None) -> Reason | None:
    """Why ``blocker`` can't block (``attacker``, or any current attacker), or None if it can.

    The answer is a :class:`Reason`: a rule number and a sentence, such as
    ``Reason("702.9b", "Wings of the Guard has flying, so only creatures with flying or reach ...")``.
    """
    try:
        obj = state.obj(blocker)
    except KeyError as missing:  # an id never there, or a reference given for an id: as the state says it
        return Reason("509.1a", str(missing.args[0]))
    if state.combat is None or not state.combat.attacks:
        return Reason("509.1", "no creature is attacking now, so there is nothing to block")
    players = defending_group(state, obj.controller)
    for rule in hooks.BLOCKER_RULES:
        why = rule(state, obj, players)
        if why is not None:
            return why
    if attacker is not None:
        try:
            target = state.obj(attacker)
        except KeyError as missing:  # an id never there, or a reference given for an id: as the state says it
            return Reason("509.1a", str(missing.args[0]))
        return _pair_reason(state, obj, target, players)
    reasons = [_pair_reason(state, obj, a, players) for a in attackers_facing(state, players)]
    if not reasons:
        return Reason("509.1a", f"no creature is attacking {' or '.join(players)} or a planeswalker they control")
    if any(r is None for r in reasons):
        return None
    return reasons[0]


def _pair_reason(state: GameState, blocker: GameObject, attacker: GameObject, players: Players) -> Reason | None:
    for rule in hooks.PAIR_RULES:
        why = rule(state, blocker, attacker, players)
        if why is not None:
            return why
    return None


# ---------------------------------------------------------------- the whole declaration
NEG = -(10 ** 9)


class BlockOptions:
    """Everything about one block declaration still to be made: who may block whom, the
    requirements, the most of them that can be obeyed, and a judge for any candidate.

    Build it with :func:`legal_blocks`. ``options[b]`` lists the attackers blocker ``b`` may block
    under the restrictions on single blocks; ``cannot_block[b]`` says why a creature can't block
    at all; ``pair_reasons[(b, a)]`` why ``b`` can't block ``a``; ``max_obeyed`` is the most
    requirements any declaration can obey without breaking a restriction or paying a cost (509.1c)
    and ``best`` is one declaration that does.
    """

    def __init__(self, state: GameState, players: Players) -> None:
        self.state = state
        self.players = players
        attackers = [a for a in attackers_facing(state, players) if a is not None]
        self.attackers: tuple[int, ...] = tuple(sorted(a.oid for a in attackers))
        creatures = sorted(possible_combatants(state, list(players)), key=lambda o: o.oid)
        self.creatures: tuple[int, ...] = tuple(o.oid for o in creatures)
        self.cannot_block: dict[int, Reason] = {}
        self.options: dict[int, tuple[int, ...]] = {}
        self.pair_reasons: dict[tuple[int, int], Reason] = {}
        self.costs: dict[tuple[int, int], str] = {}
        by_oid = {a.oid: a for a in attackers}
        cost_rules = hooks.BLOCK_COSTS  # usually none: then no generator per pair
        for obj in creatures:
            why = next((r for rule in hooks.BLOCKER_RULES if (r := rule(state, obj, players)) is not None), None)
            if why is not None:
                self.cannot_block[obj.oid] = why
                continue
            allowed = []
            for aid in self.attackers:
                reason = _pair_reason(state, obj, by_oid[aid], players)
                if reason is None:
                    allowed.append(aid)
                    cost = next((c for rule in cost_rules if (c := rule(state, obj, by_oid[aid]))),
                                None) if cost_rules else None
                    if cost:
                        self.costs[(obj.oid, aid)] = cost
                else:
                    self.pair_reasons[(obj.oid, aid)] = reason
            self.options[obj.oid] = tuple(allowed)
        self.blockers: tuple[int, ...] = tuple(b for b in self.options if self.options[b])
        self.min_blockers: dict[int, tuple[int, Reason]] = {}
        self.max_blockers: dict[int, tuple[int, Reason]] = {}
        for a in attackers:
            for rule in hooks.MIN_BLOCKERS:
                found = rule(state, a)
                if found is not None and found[0] > self.min_blockers.get(a.oid, (1, None))[0]:
                    self.min_blockers[a.oid] = found
            for most in hooks.MAX_BLOCKERS:
                found = most(state, a)
                if found is not None and (a.oid not in self.max_blockers or found[0] < self.max_blockers[a.oid][0]):
                    self.max_blockers[a.oid] = found
        self.requirements: tuple[Requirement, ...] = tuple(
            r for source in hooks.REQUIREMENT_SOURCES for r in source(state, players, attackers, creatures))
        self._prepare_solver()
        self.max_obeyed: int = max(self._best(False)(0, self._zero), 0)
        self.best: dict[int, int] = self._example()

    # ---- the dynamic program
    def _prepare_solver(self) -> None:
        must_be_blocked: defaultdict[int, int] = defaultdict(int)
        must_block: defaultdict[int, int] = defaultdict(int)
        must_block_this: defaultdict[tuple[int, int], int] = defaultdict(int)
        for r in self.requirements:
            if r.kind == "blocks attacker" and r.attacker is not None:
                must_block_this[(r.subject, r.attacker)] += 1
            else:
                (must_be_blocked if r.kind == "blocked" else must_block)[r.subject] += 1
        self._blocked_reqs = dict(must_be_blocked)
        self._block_reqs = dict(must_block)
        self._pair_reqs = dict(must_block_this)
        lured = {a for _b, a in self._pair_reqs}
        self._tracked = tuple(a for a in self.attackers
                              if a in self.min_blockers or a in self.max_blockers or a in self._blocked_reqs
                              or a in lured)
        self._index = {a: i for i, a in enumerate(self._tracked)}
        self._min = tuple(self.min_blockers.get(a, (1, None))[0] for a in self._tracked)
        self._max = tuple(self.max_blockers[a][0] if a in self.max_blockers else None for a in self._tracked)
        # counted up to the number that matters: the least allowed, or one past the most allowed
        self._need = tuple(max(least, most + 1 if most is not None else 0)
                           for least, most in zip(self._min, self._max, strict=True))
        self._zero = tuple(0 for _ in self._tracked)
        self._memo: dict[bool, dict[tuple[int, tuple[int, ...]], int]] = {False: {}, True: {}}

    def _allowed(self, b: int, with_costs: bool) -> tuple[int, ...]:
        if with_costs:
            return self.options.get(b, ())
        return tuple(a for a in self.options.get(b, ()) if (b, a) not in self.costs)

    def _gain(self, b: int, a: int) -> int:
        """The requirements blocker ``b`` obeys by blocking attacker ``a`` (509.1c)."""
        gain = self._block_reqs.get(b, 0)
        if self._pair_reqs:
            gain += self._pair_reqs.get((b, a), 0)
        return gain

    def _bump(self, counts: tuple[int, ...], a: int) -> tuple[int, ...]:
        j = self._index.get(a)
        if j is None:
            return counts
        c = list(counts)
        c[j] = min(c[j] + 1, self._need[j])
        return tuple(c)

    def _final(self, counts: tuple[int, ...]) -> int:
        """Requirements obeyed by the attackers' block counts, or NEG if menace-like minimums or a
        most number of blockers break."""
        total = 0
        for a, c, least, most in zip(self._tracked, counts, self._min, self._max, strict=True):
            if 0 < c < least or (most is not None and c > most):
                return NEG
            if c:
                total += self._blocked_reqs.get(a, 0)
        return total

    def _best(self, with_costs: bool) -> Callable[[int, tuple[int, ...]], int]:
        """best(i, counts): the most requirements the blockers from i on can add, or NEG."""
        memo = self._memo[with_costs]
        order = self.blockers
        n = len(order)

        def best(i: int, counts: tuple[int, ...]) -> int:
            key = (i, counts)
            if key in memo:
                return memo[key]
            if i == n:
                value = self._final(counts)
            else:
                b = order[i]
                gain = self._block_reqs.get(b, 0)
                value = best(i + 1, counts)
                allowed = self._allowed(b, with_costs)
                if any(a not in self._index for a in allowed):  # untracked attackers: all alike
                    sub = best(i + 1, counts)
                    if sub != NEG:
                        value = max(value, gain + sub)
                for a in allowed:
                    if a in self._index:
                        sub = best(i + 1, self._bump(counts, a))
                        if sub != NEG:
                            value = max(value, self._gain(b, a) + sub)
            memo[key] = value
            return value

        return best

    def _example(self) -> dict[int, int]:
        """One declaration obeying ``max_obeyed`` requirements, found by following the table."""
        best = self._best(False)
        counts, chosen, goal = self._zero, {}, self.max_obeyed
        for i, b in enumerate(self.blockers):
            if best(i + 1, counts) != NEG and best(i + 1, counts) >= goal:
                continue
            for a in self._allowed(b, False):
                nxt = self._bump(counts, a)
                sub = best(i + 1, nxt)
                if sub != NEG and self._gain(b, a) + sub >= goal:
                    chosen[b], counts, goal = a, nxt, goal - self._gain(b, a)
                    break
        return chosen

    # ---- judging a candidate
    def check(self, blocks: Mapping[int, int]) -> Verdict:
        """Judge a declaration ``{blocker: attacker}``: legal, or the first rule it breaks."""
        if not isinstance(blocks, Mapping):  # a list of blockers says nothing of what each blocks
            raise TypeError(f"check takes one declaration as {{blocker id: attacker id}}, such as {{3: 1}}, "
                            f"not {type(blocks).__name__} {blocks!r:.40}")
        possible = self.max_obeyed
        for b, a in blocks.items():
            why = self._single(b, a)
            if why is not None:
                return Verdict(False, why.rule, why.text, self.obeyed(blocks), possible)
        counted: dict[int, int] = defaultdict(int)
        for a in blocks.values():
            counted[a] += 1
        for a, k in counted.items():
            need, why = self.min_blockers.get(a, (1, None))
            if why is not None and k < need:
                return Verdict(False, why.rule, f"{why.text}; this declaration blocks it with only {k}",
                               self.obeyed(blocks), possible)
            most, too_many = self.max_blockers.get(a, (k, None))
            if too_many is not None and k > most:
                return Verdict(False, too_many.rule, f"{too_many.text}; this declaration blocks it with {k}",
                               self.obeyed(blocks), possible)
        obeyed = self.obeyed(blocks)
        if obeyed < possible:
            return Verdict(False, "509.1c", self._too_few(obeyed), obeyed, possible)
        return Verdict(True, None, self._fine(obeyed), obeyed, possible)

    def _single(self, b: int, a: int) -> Reason | None:
        state = self.state
        try:
            obj = state.obj(b)
        except KeyError:
            return Reason("509.1a", f"there is no object with id {b}")
        if b in self.cannot_block:
            return self.cannot_block[b]
        if b not in self.options:
            why = next((r for rule in hooks.BLOCKER_RULES if (r := rule(state, obj, self.players)) is not None), None)
            return why or Reason("509.1a", f"{name_of(state, b)} can't block now")
        if a in self.options[b]:
            return None
        if (b, a) in self.pair_reasons:
            return self.pair_reasons[(b, a)]
        try:
            state.obj(a)
        except KeyError:
            return Reason("509.1a", f"there is no object with id {a}")
        return Reason("509.1a", f"{name_of(state, a)} isn't attacking {' or '.join(self.players)} or a "
                      "planeswalker they control")

    def obeyed(self, blocks: Mapping[int, int]) -> int:
        """How many requirements a declaration obeys (509.1c)."""
        blocked = set(blocks.values())
        total = 0
        for r in self.requirements:
            if (r.kind == "blocked" and r.subject in blocked) or (r.kind == "blocks" and r.subject in blocks) \
                    or (r.kind == "blocks attacker" and blocks.get(r.subject) == r.attacker):
                total += 1
        return total

    def _too_few(self, obeyed: int) -> str:
        example = self.describe(self.best) or "no blocks"
        reqs = "; ".join(r.text for r in self.requirements)
        return (f"this declaration obeys {obeyed} of the blocking requirements, but {self.max_obeyed} can be "
                f"obeyed without breaking any restriction or paying a cost — for example: {example}. "
                f"Requirements: {reqs}")

    def _fine(self, obeyed: int) -> str:
        if not self.requirements:
            return "legal: no restriction is broken and there are no requirements"
        return (f"legal: no restriction is broken, and it obeys {counted(obeyed, 'requirement')}, "
                f"the most that can be obeyed ({self.max_obeyed})")

    def describe(self, blocks: Mapping[int, int]) -> str:
        """"Grizzly Bears blocks Boggart Brute, Walking Corpse blocks Boggart Brute"."""
        def name(oid: int) -> str:  # a declaration being judged may name an id that isn't there
            return name_of(self.state, oid) if oid in all_characteristics(self.state) else f"object {oid}"
        return ", ".join(f"{name(b)} blocks {name(a)}" for b, a in sorted(blocks.items()))

    # ---- listing
    def declarations(self, limit: int | None = None) -> Iterator[dict[int, int]]:
        """Every legal declaration as ``{blocker: attacker}``, lazily, in a fixed order.

        Only blockers' allowed attackers are tried, and a partial declaration is dropped as soon
        as the table says no completion can be legal, so every branch ends in a legal one."""
        best = self._best(True)
        order, goal = self.blockers, self.max_obeyed
        chosen: dict[int, int] = {}
        produced = 0

        def walk(i: int, counts: tuple[int, ...], obeyed: int) -> Iterator[dict[int, int]]:
            nonlocal produced
            rest = best(i, counts)
            if rest == NEG or obeyed + rest < goal:
                return
            if i == len(order):
                produced += 1
                yield dict(chosen)
                return
            b = order[i]
            yield from walk(i + 1, counts, obeyed)
            for a in self.options[b]:
                if limit is not None and produced >= limit:
                    return
                chosen[b] = a
                yield from walk(i + 1, self._bump(counts, a), obeyed + self._gain(b, a))
                del chosen[b]

        for found in walk(0, self._zero, 0):
            yield found
            if limit is not None and produced >= limit:
                return

    def count(self) -> int:
        """How many legal declarations there are, counted by the table without listing them."""
        cap = self.max_obeyed
        states: dict[tuple[tuple[int, ...], int], int] = {(self._zero, 0): 1}
        for b in self.blockers:
            gain = self._block_reqs.get(b, 0)
            untracked = sum(1 for a in self.options[b] if a not in self._index)
            nxt: dict[tuple[tuple[int, ...], int], int] = defaultdict(int)
            for (counts, ob), ways in states.items():
                nxt[(counts, ob)] += ways
                if untracked:
                    nxt[(counts, min(ob + gain, cap))] += ways * untracked
                for a in self.options[b]:
                    if a in self._index:
                        nxt[(self._bump(counts, a), min(ob + self._gain(b, a), cap))] += ways
            states = nxt
        total = 0
        for (counts, ob), ways in states.items():
            final = self._final(counts)
            if final != NEG and ob + final >= cap:
                total += ways
        return total

    def candidates(self, limit: int | None = None) -> Iterator[tuple[dict[int, int], Verdict]]:
        """Every candidate declaration -- each of the defending players' creatures blocking any
        attacker or nothing -- with its verdict, legal or not. Lazy; meant for small boards."""
        choices = [(None, *self.attackers) for _ in self.creatures]
        for n, combo in enumerate(product(*choices)):
            if limit is not None and n >= limit:
                return
            blocks = {b: a for b, a in zip(self.creatures, combo, strict=True) if a is not None}
            yield blocks, self.check(blocks)

    def legal(self) -> list[dict[int, int]]:
        return list(self.declarations())


def legal_blocks(state: GameState, player: str | None = None) -> BlockOptions:
    """The block declaration ``player`` (default: the next defending player to declare) may
    make now: ask it ``.declarations()``, ``.count()``, ``.check({blocker: attacker})``,
    ``.max_obeyed`` and ``.best``."""
    combat = state.combat
    if player is not None and player not in state.player_names:  # not read as someone with no blockers
        raise IllegalAction("102.1", f"there is no player named {player!r:.40} in this game; the players are "
                                     f"{', '.join(state.player_names)}")
    if player is None:
        waiting = [p for what, p in (combat.awaiting if combat else ()) if what == "blockers"]
        defenders = combat.defenders if combat else ()
        player = waiting[0] if waiting else (defenders[0][0] if defenders else None)
        if player is None:
            others = state.opponents(state.active) if state.active in state.player_names else []
            player = others[0] if others else state.active
    group = defending_group(state, player)
    return state.cached(("legal blocks", group), lambda: BlockOptions(state, group))  # a value per state
