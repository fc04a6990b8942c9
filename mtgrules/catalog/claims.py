"""Claims a quiz option makes about a played board, each a small value the engine tests.

``pt("Grizzly Bears", "4/2")`` is true of a timeline whose final state has the Bears at 4/2;
``refused("302.6")`` of one whose last action was refused citing 302.6. Claims combine with
``&`` (both hold), ``|`` (either holds) and ``~`` (it doesn't hold), and ``holds(says, test)`` wraps any test of a
timeline. A claim reads only what the engine recorded: the final state, and the events of the
steps played. An object is named by its card name, with its controller (or owner, off the
battlefield) when two share the name; a name no object has is an error, not a false claim,
so a misspelt card can't make a wrong option look false.

Standard library only, like the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.core.actions import Action, activate, cast
from mtgrules.core.errors import BadValue, IllegalAction, MissingChoice, NotInGame
from mtgrules.core.events import EventKind
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.play.timeline import Timeline
from mtgrules.rules import stack
from mtgrules.rules.engine import apply
from mtgrules.rules.layers import characteristics

__all__ = ["Fact", "holds", "refused", "played", "pt", "zone", "tapped", "counters", "damage", "mana_value", "life", "pool",
           "gained", "hand", "can", "can_cast", "can_activate", "can_block", "THE_ATTACKER", "triggered", "keyword", "priority", "lost", "attacking", "became_blocked", "events"]


@dataclass(frozen=True)
class Fact:
    """A claim about a played timeline: ``says`` in words, ``test`` the engine's check."""

    says: str
    test: Callable[[Timeline], bool]

    def __call__(self, t: Timeline) -> bool:
        return bool(self.test(t))

    def __and__(self, other: Fact) -> Fact:
        return Fact(f"{self.says} and {other.says}", lambda t: self(t) and other(t))

    def __or__(self, other: Fact) -> Fact:
        return Fact(f"{self.says} or {other.says}", lambda t: self(t) or other(t))

    def __invert__(self) -> Fact:
        return Fact(f"not ({self.says})", lambda t: not self(t))

    def __repr__(self) -> str:
        return f"Fact({self.says!r})"


def holds(says: str, test: Callable[[Timeline], bool]) -> Fact:
    """Any test of a played timeline, with what it says."""
    return Fact(says, test)


def find(state: GameState, card: str, who: str | None = None) -> GameObject:
    """The one object named ``card`` (controlled, or owned off the battlefield, by ``who``)."""
    found = [o for o in state.objects if o.card == card
             and (who is None or (o.controller if o.zone is Zone.BATTLEFIELD else o.owner) == who)]
    if len(found) != 1:
        whose = f" of {who}'s" if who else ""
        problem = "no object" if not found else f"{len(found)} objects"
        raise NotInGame(f"{problem}{whose} named {card!r} in this game; a claim names one object (give whose it is)")
    return found[0]


# ---------------------------------------------------------------- the last action
def refused(rule: str | None = None, saying: str = "") -> Fact:
    """The last action was refused: citing ``rule`` (or a lettered subrule of it) when given, with
    ``saying`` in its sentence when given (two refusals may cite one rule for different reasons)."""
    def test(t: Timeline) -> bool:
        r = t[-1].refused
        return (r is not None and (rule is None or r.rule == rule
                                   or (r.rule.startswith(rule) and r.rule[len(rule)].isalpha()))
                and saying.casefold() in r.reason.casefold())
    return Fact("the last action is refused" + (f" (CR {rule})" if rule else "") + (f", {saying!r}" if saying else ""),
                test)


def played() -> Fact:
    """The last action was played, not refused."""
    return Fact("the last action is played", lambda t: t[-1].refused is None)


# ---------------------------------------------------------------- objects at the end
def pt(card: str, value: str, who: str | None = None) -> Fact:
    """The object's power/toughness at the end is ``value`` ("4/2"), as the layers give it in the
    zone it is in (a creature card attacking from a graveyard is a creature there)."""
    def test(t: Timeline) -> bool:
        o = find(t.state, card, who)
        return characteristics(t.state, o.oid).pt() == value
    return Fact(f"{card} is {value}", test)


def zone(card: str, where: str, who: str | None = None) -> Fact:
    """The object ends in zone ``where`` ("graveyard", "battlefield", "hand", "exile" ...)."""
    try:
        wanted = Zone(where)
    except ValueError:
        raise BadValue(f"no zone is called {where!r:.30}; the zones are {', '.join(z.value for z in Zone)}") from None
    return Fact(f"{card} is in the {where}", lambda t: find(t.state, card, who).zone is wanted)


def tapped(card: str, who: str | None = None, is_tapped: bool = True) -> Fact:
    """The permanent ends tapped (or, with ``is_tapped=False``, untapped)."""
    return Fact(f"{card} is {'tapped' if is_tapped else 'untapped'}",
                lambda t: find(t.state, card, who).tapped is is_tapped)


def counters(card: str, kind: str, n: int, who: str | None = None) -> Fact:
    """The object ends with exactly ``n`` counters of ``kind``."""
    return Fact(f"{card} has {n} {kind} counter(s)", lambda t: find(t.state, card, who).counter(kind) == n)


def damage(card: str, n: int, who: str | None = None) -> Fact:
    """The permanent ends with ``n`` damage marked on it."""
    return Fact(f"{card} has {n} damage marked", lambda t: find(t.state, card, who).damage == n)


def mana_value(card: str, n: int, who: str | None = None) -> Fact:
    """The object's mana value at the end is ``n`` (202.3; X counts only on the stack, 107.3g)."""
    return Fact(f"{card}'s mana value is {n}", lambda t: stack.mana_value(t.state, find(t.state, card, who).oid) == n)


def keyword(card: str, word: str, who: str | None = None) -> Fact:
    """The object has the keyword (ability) at the end."""
    kw = Keyword(word)
    return Fact(f"{card} has {word}", lambda t: kw in characteristics(t.state, find(t.state, card, who).oid).keywords)


# ---------------------------------------------------------------- players at the end
def life(player: str, n: int) -> Fact:
    return Fact(f"{player} is at {n} life", lambda t: t.state.player(player).life == n)


def pool(player: str, symbols: str) -> Fact:
    """The player's mana pool holds exactly these types, in any order ("GG", "" for empty)."""
    want = sorted(symbols)
    return Fact(f"{player}'s pool holds {symbols or 'nothing'}",
                lambda t: sorted(m.type.value for m in t.state.player(player).pool) == want)


def gained(player: str, symbols: str) -> Fact:
    """The mana added to the player's pool in the last step, in any order ("GG"; "" for none)."""
    want = sorted(symbols)

    def test(t: Timeline) -> bool:
        added = [m.type.value for e in t[-1].events if e.kind is EventKind.MANA_ADDED and e.obj == player
                 for m in e.after[len(e.before):]]
        return sorted(added) == want
    return Fact(f"{player} gains {symbols or 'no mana'}", test)


def hand(player: str, n: int) -> Fact:
    """The player ends with ``n`` cards in hand."""
    return Fact(f"{player} has {n} card(s) in hand", lambda t: len(t.state.in_zone(Zone.HAND, player)) == n)


def priority(player: str | None) -> Fact:
    """``player`` holds priority at the end (None: no one does)."""
    return Fact(f"{player or 'no one'} has priority", lambda t: t.state.priority == player)


def lost(player: str) -> Fact:
    return Fact(f"{player} has lost the game", lambda t: t.state.player(player).lost)


# ---------------------------------------------------------------- what a player may do next
def can(says: str, action: Callable[[GameState], Action]) -> Fact:
    """The action ``action(state)`` builds on the final state is legal there: the engine plays it
    (a choice it would still ask for doesn't make it illegal) rather than refusing it."""
    def test(t: Timeline) -> bool:
        try:
            apply(t.state, action(t.state))
        except MissingChoice:
            return True
        except IllegalAction:
            return False
        return True
    return Fact(says, test)


def can_cast(player: str, card: str, targets: tuple[str, ...] = (), **choices: object) -> Fact:
    """``player`` may cast the card named ``card`` from their hand now, targeting the objects
    (or players) named in ``targets``."""
    def action(state: GameState) -> Action:
        named = tuple(t if t in state.player_names else find(state, t).oid for t in targets)
        return cast(player, find(state, card, player).oid, targets=named, **choices)  # type: ignore[arg-type]
    on = f" targeting {', '.join(targets)}" if targets else ""
    return can(f"{player} may cast {card}{on}", action)


def can_activate(player: str, card: str, ability: int | str = 0, **choices: object) -> Fact:
    """``player`` may activate that ability of the permanent named ``card`` now."""
    return can(f"{player} may activate {card}",
               lambda state: activate(player, find(state, card, player).oid, ability, **choices))  # type: ignore[arg-type]


THE_ATTACKER = "the attacker"
"""In :func:`can_block`, the one creature attacking, whatever it is (a wrong option's board may
attack with another creature)."""


def _attacker(state: GameState, name: str) -> int:
    if name != THE_ATTACKER:
        return find(state, name).oid
    attacking = [a.attacker.oid for a in (state.combat.attacks if state.combat else ())]
    if len(attacking) != 1:
        raise NotInGame(f"'{THE_ATTACKER}' names the one attacking creature, and {len(attacking)} are attacking")
    return attacking[0]


def can_block(player: str, blocks: dict[str, str]) -> Fact:
    """``player`` may declare exactly these blocks now ({blocker's name: attacker's name, or
    :data:`THE_ATTACKER`}; {} for no blockers): the engine accepts the declaration rather than
    refusing it."""
    from mtgrules.rules.combat.declare import declare_blockers

    def action(state: GameState) -> Action:
        return declare_blockers(player, {find(state, b, player).oid: _attacker(state, a) for b, a in blocks.items()})
    said = "; ".join(f"{b} blocks {a}" for b, a in blocks.items()) or "no blockers"
    return can(f"{player} may declare {said}", action)


# ---------------------------------------------------------------- what happened on the way
def events(kind: EventKind | str, n: int, name: str | None = None) -> Fact:
    """Exactly ``n`` events of ``kind`` (about an object named ``name``, when given) were played."""
    k = EventKind(kind)
    return Fact(f"{n} {k.value} event(s)" + (f" of {name}" if name else ""),
                lambda t: sum(1 for f in t for e in f.events if e.kind is k and (name is None or e.name == name)) == n)


def triggered(card: str, n: int = 1) -> Fact:
    """An ability of ``card`` triggered exactly ``n`` times (0: it never triggered)."""
    return Fact(f"{card} triggers {n} time(s)", events(EventKind.TRIGGER, n, card).test)


def attacking(card: str, who: str | None = None) -> Fact:
    """The creature is an attacking creature at the end (a combat is under way and it attacks)."""
    def test(t: Timeline) -> bool:
        combat = t.state.combat
        o = find(t.state, card, who)
        return combat is not None and any(a.attacker == o.ref for a in combat.attacks)
    return Fact(f"{card} is attacking", test)


def became_blocked(card: str, is_blocked: bool = True) -> Fact:
    """The attacking creature became blocked (or, with ``is_blocked=False``, never did)."""
    def test(t: Timeline) -> bool:
        return any(e.kind is EventKind.BECOMES_BLOCKED and e.name == card for f in t for e in f.events) is is_blocked
    return Fact(f"{card} {'becomes' if is_blocked else 'never becomes'} blocked", test)
