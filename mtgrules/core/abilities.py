"""Small ability objects that cards are built from (CR 113).

A card's text becomes a few of these: mana abilities (605), other activated abilities (602),
triggered abilities (603), static abilities that create continuous effects (604, 611), and
replacement effects (614). Their behaviour lives in small functions in the card modules, so
the game state itself stays plain data and only names cards.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from mtgrules.core.errors import CardDefError
from mtgrules.core.events import EventKind
from mtgrules.core.mana import COLORS, ManaCost, ManaType, Restriction, parse_cost
from mtgrules.core.objects import Zone, counter_problem

if TYPE_CHECKING:
    from mtgrules.core.choices import Chooser
    from mtgrules.core.effects import Chars, Effect
    from mtgrules.core.events import Event
    from mtgrules.core.objects import GameObject, ObjRef, StackItem
    from mtgrules.core.state import Draft, GameState


# ---------------------------------------------------------------- checking what a card author gives
def _fault(where: str, field: str, wanted: str, value: Any) -> CardDefError:
    return CardDefError(f"{where}: {field} must be {wanted}, not {value!r:.40} ({type(value).__name__})")


def _check_fields(obj: Any, where: str, checks: tuple[tuple[str, str, Callable[[Any], bool]], ...]) -> None:
    """Each ability checks the kinds of its fields as it is made, as a card does: a string where a
    function belongs, or "yes" where True belongs, would fail (or be misread) only when a learner
    first plays the card."""
    for name, wanted, ok in checks:
        value = getattr(obj, name)
        if not ok(value):
            raise _fault(where, name, wanted, value)


def _is_flag(v: Any) -> bool:
    return type(v) is bool


def _is_text(v: Any) -> bool:
    return isinstance(v, str)


def _is_function(v: Any) -> bool:
    return callable(v)


def _is_optional_function(v: Any) -> bool:
    return v is None or callable(v)


@dataclass(frozen=True)
class Sacrifice:
    """"Sacrifice a creature", "Sacrifice another creature", "Sacrifice two artifacts" as part of
    a cost (118.3, 701.21a): ``count`` permanents the payer controls that pass ``test(state,
    player, permanent)``, chosen as the cost is paid (choice kind ``"sacrifice"``, 601.2h).
    ``other`` ("another") leaves out the source itself."""

    description: str
    test: Callable[[GameState, str, GameObject], bool]
    count: int = 1
    other: bool = False

    def __post_init__(self) -> None:
        _check_fields(self, f"Sacrifice {self.description!r:.40}", (
            ("description", 'the words after "Sacrifice", such as "a creature"', _is_text),
            ("test", "a function (state, player, permanent) -> bool", _is_function),
            ("count", "a whole number, 1 or more", lambda v: type(v) is int and v >= 1),
            ("other", "True or False", _is_flag)))


@dataclass(frozen=True)
class Cost:
    """An activation cost: mana, {T}, {Q}, removing counters (118, 107.5, 107.6), exiling the
    source itself, exiling cards from your graveyard(s) (406.2), and a loyalty symbol; and the
    costs that move or spend something else (118.3): sacrificing the source itself
    (``sacrifice_self``, "Sacrifice this creature") or other permanents (``sacrifice``),
    discarding cards (``discard``, 701.9a) and paying life (``life``, 119.4).

    ``loyalty`` is the number in a loyalty symbol (+2, −1, 0): an ability whose cost has one is
    a loyalty ability (606.2), paid by putting on or removing that many loyalty counters (606.4)."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    untap: bool = False
    remove_counter: str | None = None
    exile_self: bool = False
    exile_from_graveyard: int = 0
    loyalty: int | None = None
    sacrifice_self: bool = False
    sacrifice: Sacrifice | None = None
    discard: int = 0
    life: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.mana, str):  # Cost(mana="{1}{G}") means what Cost.of("{1}{G}") says
            try:  # refused as the card is defined, not when a learner first activates the ability
                object.__setattr__(self, "mana", parse_cost(self.mana))
            except ValueError as e:
                raise CardDefError(f"Cost: {e}") from None
        _check_fields(self, "Cost", (
            ("mana", 'a mana cost such as "{1}{G}"', lambda v: isinstance(v, ManaCost)),
            ("tap", "True or False", _is_flag), ("untap", "True or False", _is_flag),
            ("exile_self", "True or False", _is_flag),
            ("remove_counter", 'a counter\'s name such as "charge" (or None)', lambda v: v is None or _is_text(v)),
            ("exile_from_graveyard", "a whole number", lambda v: type(v) is int and v >= 0),
            ("loyalty", "a whole number such as 2 or -1 (or None)", lambda v: v is None or type(v) is int),
            ("sacrifice_self", "True or False", _is_flag),
            ("sacrifice", "a Sacrifice such as Sacrifice(\"a creature\", test) (or None)",
             lambda v: v is None or isinstance(v, Sacrifice)),
            ("discard", "a whole number", lambda v: type(v) is int and v >= 0),
            ("life", "a whole number", lambda v: type(v) is int and v >= 0)))
        if self.sacrifice_self and self.exile_self:  # the source can leave only once (118.3)
            raise CardDefError("Cost: a cost can't both sacrifice and exile its own source")
        problem = counter_problem(self.remove_counter) if self.remove_counter else ""
        if problem:  # "Charge" would never find the "charge" counters on the card
            raise CardDefError(f"Cost: remove_counter: {problem}")

    @classmethod
    def of(cls, mana: str = "", *, tap: bool = False, untap: bool = False,
           remove_counter: str | None = None, exile_self: bool = False,
           exile_from_graveyard: int = 0, loyalty: int | None = None, sacrifice_self: bool = False,
           sacrifice: Sacrifice | None = None, discard: int = 0, life: int = 0) -> Cost:
        try:  # refused as the card is defined, not when a learner first activates the ability
            cost = parse_cost(mana)
        except ValueError as e:
            raise CardDefError(f"Cost: {e}") from None
        return cls(cost, tap, untap, remove_counter, exile_self, exile_from_graveyard, loyalty,
                   sacrifice_self, sacrifice, discard, life)

    @property
    def asks(self) -> bool:
        """Whether paying it asks the payer to choose something besides mana: which cards to exile,
        which permanents to sacrifice, which cards to discard (601.2h)."""
        return bool(self.exile_from_graveyard or self.sacrifice or self.discard)

    def text(self) -> str:
        parts = [] if self.loyalty is None else [loyalty_text(self.loyalty)]
        parts += [self.mana.text] if self.mana.text else []
        parts += ["{T}"] * self.tap + ["{Q}"] * self.untap
        if self.remove_counter:
            parts.append(f"Remove a {self.remove_counter} counter")
        if self.exile_self:
            parts.append("Exile this permanent")
        if self.exile_from_graveyard:
            n = self.exile_from_graveyard
            parts.append(f"Exile {'a card' if n == 1 else f'{n} cards'} from your graveyard")
        if self.life:
            parts.append(f"Pay {self.life} life")
        if self.discard:
            parts.append(f"Discard {'a card' if self.discard == 1 else f'{self.discard} cards'}")
        if self.sacrifice_self:
            parts.append("Sacrifice this permanent")
        if self.sacrifice is not None:
            parts.append(f"Sacrifice {self.sacrifice.description}")
        return ", ".join(parts)


def loyalty_text(n: int) -> str:
    """A loyalty symbol as printed: "+2", "−1" (with a minus sign, as Oracle text writes it), "0"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# ---------------------------------------------------------------- what a mana ability adds
@dataclass(frozen=True)
class Fixed:
    """Adds exactly these types, e.g. (G,) for a Forest."""

    types: tuple[ManaType, ...]


@dataclass(frozen=True)
class AnyColor:
    """Adds one mana of a colour the player chooses; ``among`` limits the choice to those types
    ("{T}: Add {R} or {G}." is ``AnyColor(among=(ManaType.R, ManaType.G))``, 106.1)."""

    amount: int = 1
    among: tuple[ManaType, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.among, str) or not all(isinstance(t, ManaType) for t in self.among):
            raise CardDefError(f"AnyColor: among must be mana types such as (ManaType.R, ManaType.G), "
                               f"not {self.among!r:.40}")

    @property
    def options(self) -> tuple[ManaType, ...]:
        """The types the player chooses among."""
        return self.among or COLORS


@dataclass(frozen=True)
class Reflect:
    """Adds one mana of a type that some permanents "could produce" (106.7).

    ``whose`` is "you" or "opponents"; ``colors_only`` excludes colorless ("any color").
    """

    whose: str
    colors_only: bool


Produce = Fixed | AnyColor | Reflect


@dataclass(frozen=True)
class ManaAbility:
    """An activated mana ability (605.1a): it resolves at once and never uses the stack.

    ``then`` is what else it does as it resolves, after adding its mana (a pain land's "~ deals 1
    damage to you."): an ability that adds mana stays a mana ability whatever other effects it
    has (605.1a), so those happen at once too, off the stack (605.3b). It is called
    ``then(draft, chooser, player, source)``."""

    cost: Cost
    produces: Produce
    text: str
    restriction: Restriction | None = None
    then: Callable[[Draft, Chooser, str, GameObject], None] | None = None


@dataclass(frozen=True)
class Target:
    """What a spell or ability may target (115): a description and a legality test.

    ``legal(state, controller, obj)`` says which objects in ``zones`` it may target; ``players``,
    when given, says which players it may target too (``players(state, controller, name)``): the
    "something" of "target [something]" may describe objects and/or players (115.1a, 115.1c,
    115.1d), and "any target" is a creature, player, planeswalker or battle (115.4). A player who
    has left the game is never a legal target, whatever the test says. See ``player_target``,
    ``opponent_target`` and ``any_target`` in ``mtgrules.cards``.

    One instance of the word "target" may take several: ``count`` of them ("two target
    creatures"), or up to ``count`` (``up_to``, "up to two target creatures", 115.6), each a
    different one (115.3). ``distinct`` ("another target", "a third target") says it may not take
    one chosen for an earlier instance of "target" of the same spell or ability, which 115.3 would
    otherwise allow."""

    description: str
    legal: Callable[[GameState, str, GameObject], bool]
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
    players: Callable[[GameState, str, str], bool] | None = None
    count: int = 1
    up_to: bool = False
    distinct: bool = False

    def __post_init__(self) -> None:
        _check_fields(self, f"Target {self.description!r:.40}", (
            ("description", "text such as \"target creature\"", _is_text),
            ("legal", "a function (state, controller, object) -> bool", _is_function),
            ("players", "a function (state, controller, player name) -> bool (or None)", _is_optional_function),
            ("count", "a whole number, 1 or more (\"two target creatures\" is 2)", lambda v: type(v) is int and v >= 1),
            ("up_to", "True or False (\"up to two target creatures\")", _is_flag),
            ("distinct", "True or False (\"another target\", \"a third target\")", _is_flag)))

    @property
    def fewest(self) -> int:
        """How many targets this instance of "target" needs: all ``count``, or none for "up to"
        (115.6: a spell or ability may allow zero targets)."""
        return 0 if self.up_to else self.count


TargetSpec = Target | tuple[Target, ...]
"""What a spell or ability targets: one instance of the word "target" (a :class:`Target`), or
several, in the order their targets are chosen (115.3, 601.2c): "target creature and target
player" is ``(creature_target(...), player_target())``."""


def target_slots(spec: TargetSpec | None) -> tuple[Target, ...]:
    """The instances of "target" a spell or ability has, in order: none, one, or several."""
    if spec is None:
        return ()
    return (spec,) if isinstance(spec, Target) else tuple(spec)


def target_groups(slots: tuple[Target, ...], chosen: int) -> tuple[range, ...] | None:
    """Which of ``chosen`` targets, given in order, belong to which instance of "target": each
    instance takes its ``count`` in turn, and the one "up to" instance (at most one, checked as
    the ability is made) takes whatever is left between its fewest and its most (601.2c). None
    if ``chosen`` can't be split so."""
    fixed = sum(s.count for s in slots if not s.up_to)
    spare = chosen - fixed
    ranges: list[range] = []
    start = 0
    for s in slots:
        n = s.count if not s.up_to else spare
        if n < s.fewest or n > s.count:
            return None
        ranges.append(range(start, start + n))
        start += n
    return tuple(ranges) if start == chosen else None


def _is_target_spec(v: Any) -> bool:
    return v is None or isinstance(v, Target) or (
        isinstance(v, tuple) and len(v) > 0 and all(isinstance(t, Target) for t in v))


def check_target_spec(where: str, spec: TargetSpec | None) -> None:
    """Refuse a spec whose chosen targets couldn't be read back in order: two instances that
    each take a variable number ("up to") would leave ``targets=(a, b, c)`` ambiguous."""
    if sum(1 for s in target_slots(spec) if s.up_to) > 1:
        raise CardDefError(f"{where}: two instances of \"up to ... target\" can't be told apart in the order "
                           "targets are given; the kit plays one such instance per spell or ability")


class Resolution(Protocol):
    """What a resolving spell or ability offers its card's code (608): the draft to edit, the
    chooser to ask, its controller, and verbs that record each change with its rule. The engine's
    implementation is ``mtgrules.rules.resolution.Resolution``."""

    d: Draft
    chooser: Chooser
    controller: str

    @property
    def state(self) -> GameState: ...
    def name(self, oid: int) -> str: ...
    def targets(self) -> list[GameObject]: ...
    def any_targets(self) -> list[GameObject | str]: ...
    def target_players(self) -> list[str]: ...
    def source(self) -> GameObject | None: ...
    def last_known(self, obj: GameObject | ObjRef | None = ...) -> Chars: ...
    def destroy(self, obj: GameObject, *, regenerate: bool = ...) -> None: ...
    def put_onto_battlefield(self, obj: GameObject) -> None: ...
    def add_counters(self, obj: GameObject, kind: str, n: int, rule: str = ...) -> None: ...
    def pump(self, obj: GameObject, power: int, toughness: int, rule: str, why: str) -> None: ...
    def damage(self, recipient: GameObject | str, amount: int) -> None: ...
    def counter(self, spell: GameObject) -> None: ...
    def for_slots(self, first: int, count: int) -> Resolution: ...
    def continuous(self, obj: GameObject, why: str, *parts: dict[str, Any],
                   until_end_of_turn: bool = ...) -> tuple[Effect, ...]: ...


class ManaTriggerResolution(Protocol):
    """What a triggered mana ability (605.1b) offers as it resolves at once, without the stack:
    who tapped what for which mana (106.12a), and a way to add mana."""

    d: Draft
    chooser: Chooser
    source: GameObject
    player: str
    tapped: GameObject
    produced: list[ManaType]

    def add(self, t: ManaType, why: str) -> None: ...
    def choose_type(self, options: list[ManaType]) -> ManaType: ...


Resolver = Callable[[Resolution, "StackItem"], None]
"""The effect of a spell or of an activated or triggered ability: ``resolve(res, item)``."""
ManaTriggerResolver = Callable[[ManaTriggerResolution, None], None]
"""The effect of a triggered mana ability: ``resolve(ctx, None)``."""
TriggerData = tuple[tuple[str, object], ...]
"""Details one instance of a trigger carries: ``(("player", "Bob"),)``, ``(("last known", obj),)``."""
EventMatch = Callable[["GameState", "GameObject", "Event"], "bool | list[TriggerData]"]
"""Whether an event triggers an ability: ``matches(state, source, event)``; a list instead of True
when one event triggers it several times or with details, one :data:`TriggerData` per instance."""


@dataclass(frozen=True)
class ActivatedAbility:
    """A non-mana activated ability (602): it goes on the stack and resolves later.

    ``target_player`` says it has one "target player" (115.1c): the same as
    ``target=player_target()``, so the player is chosen among the targets as for any spell or
    ability (``activate(..., targets=("Bob",))``); the stack item also keeps them under
    ``"target player"`` in its data, for resolvers written before players were targets."""

    cost: Cost
    text: str
    resolve: Resolver
    target: TargetSpec | None = None
    target_player: bool = False
    sorcery_speed: bool = False
    once_each_turn: bool = False

    def __post_init__(self) -> None:
        where = f"ActivatedAbility {self.text!r:.40}" if _is_text(self.text) else "ActivatedAbility"
        _check_fields(self, where, (
            ("cost", "a Cost such as Cost.of(\"{1}\", tap=True) (it comes first)", lambda v: isinstance(v, Cost)),
            ("text", "the ability's text", _is_text), ("resolve", "a function (res, item)", _is_function),
            ("target", "a Target, or a tuple of them (or None)", _is_target_spec),
            ("target_player", "True or False", _is_flag),
            ("sorcery_speed", "True or False (\"Activate only as a sorcery\", 602.5d)", _is_flag),
            ("once_each_turn", "True or False (\"Activate only once each turn\", 602.5b)", _is_flag)))
        check_target_spec(where, self.target)
        if isinstance(self.resolve, Modal):
            raise CardDefError(f"{where}: a modal activated ability isn't played yet (700.2a); the kit plays modal "
                               "spells and modal triggered abilities")
        if self.target_player and self.target is None:  # "target player" is a target like any other (115.1c)
            object.__setattr__(self, "target", Target("target player", _no_object, frozenset(), players=_any_player))


@dataclass(frozen=True)
class TriggeredAbility:
    """A triggered ability (603). ``event`` is the event kind it listens for; ``matches`` decides
    whether this event triggers it; ``condition`` is an intervening "if" checked twice (603.4).
    A triggered mana ability (605.1b) resolves immediately with ``resolve``. A leaves-the-battlefield
    ability sets ``looks_back``: it is checked against its permanent as it last existed on the
    battlefield, not against the battlefield after the event (603.6c, 603.10a)."""

    text: str
    event: str
    matches: EventMatch
    resolve: Resolver | ManaTriggerResolver
    condition: Callable[[GameState, GameObject], bool] | None = None
    is_mana: bool = False
    target: TargetSpec | None = None  # chosen as the trigger is put on the stack (603.3d)
    looks_back: bool = False

    def __post_init__(self) -> None:
        where = f"TriggeredAbility {self.text!r:.40}"
        _check_fields(self, where, (
            ("text", "the ability's text", _is_text), ("event", "an event kind such as \"attacks\"", _is_text),
            ("matches", "a function (state, source, event)", _is_function),
            ("resolve", "a function (res, item)", _is_function),
            ("condition", "a function (state, source) (or None)", _is_optional_function),
            ("target", "a Target, or a tuple of them (or None)", _is_target_spec),
            ("is_mana", "True or False", _is_flag), ("looks_back", "True or False", _is_flag)))
        check_target_spec(where, self.target)
        if isinstance(self.resolve, Modal) and self.target is not None:
            raise CardDefError(f"{where}: a modal ability's targets are its modes' own (700.2c); give each Mode its "
                               "target, not the ability")
        if self.event not in _EVENT_KINDS:  # a misspelt kind is never heard: the ability would never trigger
            near = difflib.get_close_matches(self.event, _EVENT_KINDS, n=2)
            raise CardDefError(f"{where}: {self.event!r} is not an event kind, so it would never trigger" +
                             (f"; did you mean {' or '.join(map(repr, near))}?" if near else
                              "; the kinds are the values of mtgrules.core.events.EventKind"))


@dataclass(frozen=True)
class StaticAbility:
    """A static ability (604) that creates continuous effects while its source is in ``zones``."""

    text: str
    effects: Callable[[GameState, GameObject], list[Effect]]
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})

    def __post_init__(self) -> None:
        _check_fields(self, f"StaticAbility {self.text!r:.40}", (
            ("text", "the ability's text", _is_text),
            ("effects", "a function (state, source) returning a list of Effect", _is_function)))


@dataclass(frozen=True)
class ManaReplacement:
    """A replacement effect on "tapped for mana" (106.12b): it edits the production event.

    ``applies(state, source, tapped)`` says whether it applies to the tapped permanent;
    ``modify`` turns the list of mana types being produced into the replaced list.
    ``reads_status=False`` says ``applies`` never looks at a permanent's status (tapped, counters,
    damage) or a player's pool, only at who controls what and what it is: then tapping a land
    leaves what every permanent could produce as it was (106.7), and the engine keeps that answer
    rather than work it out again. Left at True, it is always worked out again.
    """

    text: str
    applies: Callable[[GameState, GameObject, GameObject], bool]
    modify: Callable[[list[ManaType]], list[ManaType]]
    reads_status: bool = True


@dataclass(frozen=True)
class EntersWith:
    """A replacement effect on how this permanent enters (614.1c, 614.12): tapped, with
    counters, or after a choice (a colour, or a creature type, 614.12a). ``counters`` may use X,
    read from the spell (107.3m)."""

    text: str
    tapped: bool = False
    counters: tuple[tuple[str, int | str], ...] = ()
    choose_color: bool = False
    choose_creature_type: bool = False

    def __post_init__(self) -> None:
        _check_fields(self, f"EntersWith {self.text!r:.40}", (
            ("text", "the ability's text", _is_text), ("tapped", "True or False", _is_flag),
            ("choose_color", "True or False", _is_flag),
            ("choose_creature_type", "True or False", _is_flag),
            ("counters", '(kind, number) pairs such as (("+1/+1", "X"),), the number whole or "X"',
             lambda v: isinstance(v, tuple) and all(
                 isinstance(p, tuple) and len(p) == 2 and _is_text(p[0]) and p[0]
                 and ((type(p[1]) is int and p[1] >= 0) or p[1] == "X") for p in v))))
        for kind, _n in self.counters:  # one the engine would leave doing nothing is refused here too
            problem = counter_problem(kind)
            if problem:
                raise CardDefError(f"EntersWith {self.text!r:.40}: {problem}")


@dataclass(frozen=True)
class Enchant:
    """An Aura's enchant ability (702.5a): what its spell may target (303.4a, 115.1b) and what the
    Aura may be attached to; attached to anything else, or to nothing, it goes to its owner's
    graveyard as a state-based action (704.5m). ``target.legal`` answers both questions."""

    text: str
    target: Target

    def __post_init__(self) -> None:
        _check_fields(self, f"Enchant {self.text!r:.40}", (
            ("text", "the ability's text", _is_text),
            ("target", "a Target saying what it may enchant", lambda v: isinstance(v, Target))))


# ---------------------------------------------------------------- casting: modes and costs (700.2, 601.2)
CHOSEN_MODES = "modes"
"""Where a modal spell's or ability's stack item keeps the modes chosen for it (700.2a, 700.2b):
their numbers in the ``Modal``'s list, in the order printed."""


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell or ability (700.2): its bulleted line as printed ("• Destroy
    target artifact."), what it does, and what it targets: a mode's targets are chosen only if
    the mode is (700.2c, 601.2c)."""

    text: str
    resolve: Resolver
    target: TargetSpec | None = None

    def __post_init__(self) -> None:
        where = f"Mode {self.text!r:.40}"
        _check_fields(self, where, (
            ("text", "the mode's line as printed, such as \"• Destroy target artifact.\"", _is_text),
            ("resolve", "a function (res, item)", _is_function),
            ("target", "a Target, or a tuple of them (or None)", _is_target_spec)))
        check_target_spec(where, self.target)

    @property
    def label(self) -> str:
        """The mode in words, as a player names it (``mode="Destroy target artifact."``)."""
        return self.text.lstrip("•").strip()


@dataclass(frozen=True)
class Modal:
    """The effect of a modal spell or triggered ability (700.2): "Choose one —" (``text``) and
    its modes. The controller chooses between ``fewest`` and ``most`` different modes (700.2d)
    as the spell is cast (601.2b, 700.2a) or the trigger is put on the stack (603.3c, 700.2b),
    choice kind ``"mode"``; a mode whose targets can't be chosen can't be chosen. Used as the
    spell's ``spell`` or the ability's ``resolve``: it follows the chosen modes in the order
    printed, each seeing only its own targets."""

    text: str
    modes: tuple[Mode, ...]
    fewest: int = 1
    most: int = 1

    def __post_init__(self) -> None:
        where = f"Modal {self.text!r:.40}"
        _check_fields(self, where, (
            ("text", "the line that says how many to choose, such as \"Choose one —\"", _is_text),
            ("modes", "a tuple of two or more Mode values (700.2)",
             lambda v: isinstance(v, tuple) and len(v) >= 2 and all(isinstance(m, Mode) for m in v)),
            ("fewest", "a whole number, 1 or more", lambda v: type(v) is int and v >= 1),
            ("most", "a whole number, at least fewest and at most the number of modes",
             lambda v: type(v) is int and self.fewest <= v <= len(self.modes))))

    def __call__(self, res: Resolution, item: StackItem) -> None:
        chosen = item.get(CHOSEN_MODES)
        if not isinstance(chosen, tuple):  # put on the stack without its modes: a kit bug, never guessed
            raise ValueError(f"{item.label} is modal and no mode was chosen for it (700.2a)")
        first = 0
        for number in chosen:
            mode = self.modes[number]
            slots = len(target_slots(mode.target))
            mode.resolve(res.for_slots(first, slots), item)
            first += slots


@dataclass(frozen=True)
class AdditionalCost:
    """"As an additional cost to cast this spell, sacrifice a creature." (118.8): a cost paid
    with the mana cost as the spell is cast (601.2f, 601.2h). ``cost`` holds what it asks:
    sacrificing, discarding, paying life or exiling cards from a graveyard; never mana or {T}
    (a card in hand has no way to be tapped), which would be an activation cost's."""

    text: str
    cost: Cost

    def __post_init__(self) -> None:
        where = f"AdditionalCost {self.text!r:.40}"
        _check_fields(self, where, (("text", "the ability's text", _is_text),
                                    ("cost", "a Cost such as Cost(discard=1)", lambda v: isinstance(v, Cost))))
        c = self.cost
        if not c.mana.is_empty or c.tap or c.untap or c.remove_counter or c.exile_self or c.sacrifice_self \
                or c.loyalty is not None:
            raise CardDefError(f"{where}: an additional cost to cast a spell sacrifices, discards, pays life or "
                               f"exiles from a graveyard; {c.text()!r} isn't played as one")


CostTest = Callable[["GameState", "GameObject", str, "GameObject", "tuple[ObjRef | int | str, ...]"], bool]
"""Whether a cost change applies: ``applies(state, source, caster, spell, targets)``: the object
with the ability, the player casting, the spell's card and the targets chosen for it, as the action names them
(object ids, player names; 601.2c comes before 601.2f, so "spells that target ~" can be judged)."""


@dataclass(frozen=True)
class CostChange:
    """A static ability that makes spells cost more or less to cast (601.2f): ``amount`` generic
    mana more (positive) or less (negative; it reduces only the generic part, 118.7a). ``own``:
    "This spell costs {1} less to cast if ..." changes what this card costs as it is cast (113.6d);
    otherwise it is a permanent's ability ("Creature spells you cast cost {1} less") and works
    while that permanent is on the battlefield."""

    text: str
    amount: int
    applies: CostTest
    own: bool = False

    def __post_init__(self) -> None:
        _check_fields(self, f"CostChange {self.text!r:.40}", (
            ("text", "the ability's text", _is_text),
            ("amount", "a whole number other than 0 (+1 costs {1} more, -1 costs {1} less)",
             lambda v: type(v) is int and v != 0),
            ("applies", "a function (state, source, caster, spell, targets) -> bool", _is_function),
            ("own", "True or False", _is_flag)))


@dataclass(frozen=True)
class CantBeCountered:
    """"This spell can't be countered." A static ability that works while the spell is on the
    stack (113.6g): a spell or ability that would counter it doesn't, since a "can't" beats a
    "can" (101.2); it may still be chosen as a target."""

    text: str

    def __post_init__(self) -> None:
        _check_fields(self, f"CantBeCountered {self.text!r:.40}", (("text", "the ability's text", _is_text),))


def _no_object(state: GameState, player: str, obj: GameObject) -> bool:
    return False


def _any_player(state: GameState, controller: str, name: str) -> bool:
    return True


def attached_to_it(state: GameState, source: GameObject, obj: GameObject) -> bool:
    """"Enchanted creature", "equipped creature": the object ``source`` is attached to (301.5, 303.4)."""
    return source.attached_to == obj.oid


@dataclass(frozen=True)
class GrantsAbility:
    """A static ability that gives other objects an activated ability (layer 6, 613.1f):
    "Enchanted creature has '{T}: ...'", "Equipped creature has '...'". While its source is on
    the battlefield, each object for which ``to(state, source, obj)`` holds has ``ability``
    (by default the object the source is attached to). The object's controller activates it as
    one of that object's own abilities (602.1): it is numbered among the object's activated
    abilities after its printed ones, and may be named by its text (``activate``)."""

    text: str
    ability: ActivatedAbility | ManaAbility
    to: Callable[[GameState, GameObject, GameObject], bool] = attached_to_it

    def __post_init__(self) -> None:
        _check_fields(self, f"GrantsAbility {self.text!r:.40}", (
            ("text", "the ability's text", _is_text),
            ("ability", "the ActivatedAbility or ManaAbility it grants",
             lambda v: isinstance(v, ActivatedAbility | ManaAbility)),
            ("to", "a function (state, source, object) -> bool", _is_function)))
        if isinstance(self.ability, ActivatedAbility) and self.ability.once_each_turn:
            raise CardDefError(f"GrantsAbility {self.text!r:.40}: an ability granted with \"Activate only once each "
                               "turn\" is limited only as acquired from this object (602.5c), which the kit doesn't "
                               "track yet; mark the line not_played")


Ability = (ManaAbility | ActivatedAbility | TriggeredAbility | StaticAbility | ManaReplacement | EntersWith | Enchant
           | GrantsAbility | AdditionalCost | CostChange | CantBeCountered)


_EVENT_KINDS = [k.value for k in EventKind]
