"""Player actions as explicit values. Each names the acting player, so the engine can refuse
an action by a player who doesn't have priority (117.1).

``choices`` scripts the choices the action will need, by kind (for example
``{"color": "G"}`` or ``{"replacement order": ["Infernal Darkness", "Mana Reflection"]}``).
A needed choice that is neither scripted nor answered by a callback is refused.

Every action checks the *kinds* of its values as it is made (``x`` a whole number, ``targets`` a
tuple of object ids, ...) and refuses a wrong one with :class:`ActionTypeError`, naming the
argument: a learner's typo gets one sentence, never a raw error from deep inside the engine.
Whether the values make sense in the game (the object exists, X can be paid) is the engine's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from typing import cast as type_cast  # this module defines the verb `cast`

from mtgrules.core.carddef import card
from mtgrules.core.errors import ActionTypeError
from mtgrules.core.mana import ManaType, number_text
from mtgrules.core.objects import ObjRef

if TYPE_CHECKING:
    from mtgrules.core.state import GameState

MANA_LETTERS = "".join(t.value for t in ManaType)


# ---------------------------------------------------------------- checking what an action holds
def _what(value: Any) -> str:
    """A value for a message: its repr, shortened, and its type."""
    text = repr(value)
    return f"{text[:40]}…" if len(text) > 40 else f"{text} ({type(value).__name__})"


def check_player(player: Any) -> None:
    if not isinstance(player, str) or not player:
        raise ActionTypeError("102.1", f"the acting player must be a player's name, such as \"Alice\", "
                              f"not {_what(player)}")


def check_id(value: Any, argument: str, rule: str = "109") -> None:
    """Object ids are whole numbers (the ids ``Scenario.add`` returns); True/False are not ids."""
    if not isinstance(value, int) or isinstance(value, bool):
        ref = f"; this reference's id is {value.oid}" if isinstance(value, ObjRef) else ""
        raise ActionTypeError(rule, f"{argument} must be an object id (a whole number such as 3), not "
                              f"{_what(value)}{ref}")


def check_ids(values: Any, argument: str, rule: str) -> tuple[int, ...]:
    """A tuple or list of object ids, returned as a tuple. A bare id or a string is refused, not
    guessed at: ``targets=(bears,)`` says plainly that there is one target."""
    if not isinstance(values, tuple | list):
        raise ActionTypeError(rule, f"{argument} must be a tuple of object ids, such as {argument}=(3,), "
                              f"not {_what(values)}")
    for v in values:
        check_id(v, f"each of {argument}", rule)
    return tuple(values)


def check_targets(values: Any) -> tuple[int | str, ...]:
    """Chosen targets as a tuple: each an object id or a player's name (115.1: targets are objects
    and/or players), such as ``targets=(bears,)`` or ``targets=("Bob",)``. A bare id or a bare name
    is refused, not guessed at; whether the target is legal is the engine's question."""
    if not isinstance(values, tuple | list):
        raise ActionTypeError("115.1", "targets must be a tuple of object ids or player names, such as "
                              f"targets=(3,) or targets=(\"Bob\",), not {_what(values)}")
    for v in values:
        if isinstance(v, str):
            if not v.strip():
                raise ActionTypeError("115.1", "a target player is named by their name, not by empty text")
            continue
        check_id(v, "each of targets (or a player's name)", "115.1")
    return tuple(values)


def check_number(value: Any, argument: str, rule: str = "107.1") -> None:
    """A number the player chooses: a whole number (107.1); its size is checked by the engine."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ActionTypeError(rule, f"{argument} must be a whole number, not {_what(value)}: the game "
                              "uses only integers")


def check_choices(choices: Any) -> tuple[tuple[str, Any], ...]:
    """Scripted choices as sorted (kind, answer) pairs; every kind is text."""
    if not isinstance(choices, tuple):
        raise ActionTypeError("117.1", f"choices must be (kind, answer) pairs, not {_what(choices)}")
    for pair in choices:
        if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], str):
            raise ActionTypeError("117.1", f"each scripted choice must be a (kind, answer) pair with the "
                                  f"kind as text, not {_what(pair)}")
    return choices


def _check_hybrid(hybrid: Any) -> None:
    if hybrid is None:
        return
    if not isinstance(hybrid, tuple) or not all(isinstance(h, ManaType) for h in hybrid):
        raise ActionTypeError("107.4e", f"hybrid must be the halves paid, as mana types, not {_what(hybrid)}")


# ---------------------------------------------------------------- naming objects safely
def object_name(state: GameState, oid: Any) -> str:
    """The card's name, or words saying the object doesn't exist: a refused action may name an
    id that was never there, and its description must still be readable (views never crash)."""
    try:
        return state.obj(oid).card
    except (KeyError, TypeError):
        return f"object {oid}, which doesn't exist"


def _targets(state: GameState, targets: tuple[int | str, ...]) -> str:
    """", targeting Grizzly Bears" or ", targeting Bob": a player target is named by name."""
    names = (t if isinstance(t, str) else object_name(state, t) for t in targets)
    return f", targeting {', '.join(names)}" if targets else ""


def _frozen(choices: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((choices or {}).items()))


# ---------------------------------------------------------------- the actions
@dataclass(frozen=True)
class Action:
    """Base class: every action has a player."""

    player: str
    needs_priority: ClassVar[bool] = True
    """Whether the player must hold priority to take it (117.1); a turn-based declaration or
    conceding (104.3a) says False. Set on the class, so the engine reads it without a default."""

    def __post_init__(self) -> None:
        check_player(self.player)

    def describe(self, state: GameState) -> str:  # pragma: no cover - overridden
        """One line for a learner, naming objects as they are in ``state``."""
        return f"{self.player}: {type(self).__name__}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        """The friendly constructor, its positional and its keyword arguments that make this
        action again (used to tell a learner where a missing choice goes)."""
        name = "".join(f"_{c.lower()}" if c.isupper() else c for c in type(self).__name__).lstrip("_")
        return name, [self.player], {}


@dataclass(frozen=True)
class PassPriority(Action):
    """Pass priority (117.3d). When all pass in turn, the top of the stack resolves or the step ends.

    ``choices`` scripts what that may need: a resolving trigger's sacrifice, the order of new
    triggers, a discard in cleanup (``pass_priority("Bob", sacrifice=bears)``)."""

    choices: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        check_player(self.player)
        check_choices(self.choices)

    def describe(self, state: GameState) -> str:
        return f"{self.player} passes priority"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "pass_priority", [self.player], {}


def _check_spell_like(x: int, targets: tuple[int | str, ...], hybrid: tuple[ManaType, ...] | None,
                      choices: tuple[tuple[str, Any], ...]) -> None:
    """The checks casting and activating share, in the order they are reported: X, the targets
    (115.1), hybrid halves (107.4e) and the scripted choices."""
    check_number(x, "X")
    if not isinstance(targets, tuple):
        raise ActionTypeError("115.1", f"targets must be a tuple of object ids or player names, not {_what(targets)}")
    check_targets(targets)
    _check_hybrid(hybrid)
    check_choices(choices)


@dataclass(frozen=True)
class Activate(Action):
    """Activate an ability of ``source`` (602; mana abilities 605): ``ability`` is its number among
    the source's activated abilities (printed ones from 0, then those another permanent gives it),
    or its printed text, or a start of that text no other of them shares (``rules/activation.py``)."""

    source: int
    ability: int | str = 0
    x: int = 0
    targets: tuple[int | str, ...] = ()
    hybrid: tuple[ManaType, ...] | None = None
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        check_player(self.player)
        check_id(self.source, "the source", "602.2")
        if isinstance(self.ability, str):
            if not self.ability.strip():
                raise ActionTypeError("602.1", "the ability is named by its number or its printed text, not by "
                                      "empty text")
        else:
            check_number(self.ability, "the ability (its number, or its printed text)", "602.1")
        _check_spell_like(self.x, self.targets, self.hybrid, self.choices)

    def describe(self, state: GameState) -> str:
        try:
            obj = state.obj(self.source)
        except KeyError:
            return f"{self.player} activates object {self.source}, which doesn't exist"
        printed = [ab for _, ab in card(obj.card).activated()]  # numbered as activate numbers them
        if isinstance(self.ability, str):  # its whole text when the start given is one printed ability's
            given = " ".join(self.ability.split()).casefold().rstrip(".")
            found = [ab.text for ab in printed if " ".join(ab.text.split()).casefold().startswith(given)]
            text = (found[0] if len(found) == 1 else self.ability).rstrip(".")
        else:
            text = printed[self.ability].text.rstrip(".") if 0 <= self.ability < len(printed) else \
                f"its activated ability {self.ability}"
        return f"{self.player} activates {obj.card} — {text}{_targets(state, self.targets)}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "activate", [self.player, self.source, *([self.ability] if self.ability else [])], _extras(self)


@dataclass(frozen=True)
class CastSpell(Action):
    """Cast the card ``card`` from hand (601), with X, targets and hybrid halves stated."""

    card: int
    x: int = 0
    targets: tuple[int | str, ...] = ()
    hybrid: tuple[ManaType, ...] | None = None
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        check_player(self.player)
        check_id(self.card, "the card to cast", "601.2")
        _check_spell_like(self.x, self.targets, self.hybrid, self.choices)

    def describe(self, state: GameState) -> str:
        xs = f" with X={number_text(self.x)}" if self.x else ""
        return f"{self.player} casts {object_name(state, self.card)}{xs}{_targets(state, self.targets)}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "cast", [self.player, self.card], _extras(self)


def _extras(a: Activate | CastSpell) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if a.x:
        out["x"] = a.x
    if a.targets:
        out["targets"] = a.targets
    if a.hybrid is not None:
        out["hybrid"] = "".join(t.value for t in a.hybrid)
    return out


def call_text(action: Action, **extra: Any) -> str:
    """The Python call that makes ``action`` again, with ``extra`` choices added as keywords:
    ``call_text(pass_priority("Bob"), pay=1)`` is ``"pass_priority('Bob', pay=1)"``."""
    name, args, kwargs = action.call_parts()
    kwargs = {**kwargs, **{k.replace(" ", "_"): v for k, v in getattr(action, "choices", ())}, **extra}
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


@dataclass(frozen=True)
class PlayLand(Action):
    """Play the land card ``card`` from hand: a special action that doesn't use the stack, so no
    one can respond to it (116.2a, 305.1). A land is never cast (305.9)."""

    card: int
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        check_player(self.player)
        check_id(self.card, "the land to play", "305.1")
        check_choices(self.choices)

    def describe(self, state: GameState) -> str:
        try:
            return f"{self.player} plays {state.obj(self.card).card}"
        except KeyError:  # a refused step may name a card that doesn't exist
            return f"{self.player} plays card #{self.card}"

    def call_parts(self) -> tuple[str, list[Any], dict[str, Any]]:
        return "play_land", [self.player, self.card], {}


# ---------------------------------------------------------------- friendly constructors
# The acting player and the object are positional-only, so every other keyword is free to be
# a choice kind: ``cast("Alice", practice_charge, card=bears)`` scripts the choice "card".
# A kind that is also one of these keywords (``x``, ``targets``, ``hybrid``, ``choices``) is
# scripted through ``choices={"hybrid": "G"}``.
def activate(player: str, source: int, ability: int | str = 0, /, *, x: int = 0,
             targets: tuple[int | str, ...] = (), hybrid: str | None = None, choices: Mapping[str, Any] | None = None,
             **more: Any) -> Activate:
    """Friendly constructor: ``activate("Alice", forest)``, ``activate("Alice", orchard, color="G")``,
    ``activate("Alice", walker, "{1}, {T}")`` (the ability by a start of its printed text), or
    ``activate("Alice", jace, 1, targets=("Bob",))`` (its second activated ability, at Bob)."""
    for name in ("source", "ability"):  # not answers: read as one, they'd activate another ability
        if name in more:
            raise ActionTypeError("117.1", f"{name}= is given by position, not as a keyword: activate(player, "
                                  f"source, ability), such as activate({player!r}, {source!r}, 1) for the "
                                  f"second activated ability, or activate({player!r}, {source!r}, \"{{T}}: Add\") "
                                  "by its text")
    answers = _keys(choices, more)
    if "target player" in answers:  # players are targets like any other (115.1): one way to give them
        who = answers["target player"]
        raise ActionTypeError("115.1", f"a target player is given among the targets, as every target is: "
                              f"activate({player!r}, {source!r}, {ability!r}, targets=({who!r},)); "
                              "target_player= is no longer used")
    return Activate(player, source, ability, x, check_targets(targets), _hybrid(hybrid), _frozen(answers))


def cast(player: str, card: int, /, *, x: int = 0, targets: tuple[int | str, ...] = (),
         hybrid: str | None = None, choices: Mapping[str, Any] | None = None, **more: Any) -> CastSpell:
    """Friendly constructor: ``cast("Alice", walker, x=2)``."""
    return CastSpell(player, card, x, check_targets(targets), _hybrid(hybrid),
                     _frozen(_keys(choices, more)))


def play_land(player: str, card: int, /, *, choices: Mapping[str, Any] | None = None, **more: Any) -> PlayLand:
    """Friendly constructor: ``play_land("Alice", forest)``. Answers go in as for the other
    actions (``trigger_order=...``), so one the play never asks for is refused (117.1), not a
    Python error about a keyword."""
    return PlayLand(player, card, _frozen(_keys(choices, more)))


def pass_priority(player: str, /, *, choices: Mapping[str, Any] | None = None, **more: Any) -> PassPriority:
    """``pass_priority("Bob")``, or with the choices passing will need: ``sacrifice=bears``."""
    return PassPriority(player, _frozen(_keys(choices, more)))


def _keys(choices: Mapping[str, Any] | None, more: dict[str, Any]) -> dict[str, Any]:
    """Keyword names use underscores; choice kinds use spaces ("replacement_order").

    A list is a queue of answers for several choices of the same kind; a tuple is one answer
    (such as an order of replacement effects)."""
    if choices is not None and not isinstance(choices, Mapping):
        raise ActionTypeError("117.1", f"choices must be a mapping of kind to answer, such as "
                              f"choices={{'color': 'G'}}, not {_what(choices)}")
    out: dict[str, Any] = {}
    for k, v in [*(choices or {}).items(), *more.items()]:
        if not isinstance(k, str):
            raise ActionTypeError("117.1", f"a choice kind must be text, such as 'color', not {_what(k)}")
        kind = k.replace("_", " ")
        if kind in out:
            raise ActionTypeError("117.1", f"the choice {kind!r} is scripted twice; give it once")
        out[kind] = v
    return out


def answer_pairs(choices: Mapping[str, Any] | None, more: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """``choices={...}`` and the other keywords as the sorted (kind, answer) pairs an action
    stores: the one reading every friendly constructor (and the declarations) gives them."""
    return _frozen(_keys(choices, more))


def _hybrid(text: Any) -> tuple[ManaType, ...] | None:
    """"RG" → the halves paid for each hybrid symbol, in order."""
    if text is None:
        return None
    if not isinstance(text, str) or not text or any(c not in MANA_LETTERS for c in text):
        raise ActionTypeError("107.4e", f"hybrid must be capital mana letters from {MANA_LETTERS}, one per "
                              f"hybrid symbol, such as hybrid=\"RG\", not {_what(text)}")
    return tuple(ManaType(c) for c in text)


ActionT = TypeVar("ActionT", bound=Action)


def scripted_choices(action: Action) -> dict[str, Any]:
    """The choices ``action`` scripts, by kind. Every concrete action has a ``choices`` field, but
    the base class can't declare it (its subclasses add fields without defaults after ``player``),
    so the type checker is told here, once."""
    choices: tuple[tuple[str, Any], ...] = type_cast(Any, action).choices
    return dict(choices)


def with_choices(action: ActionT, choices: dict[str, Any]) -> ActionT:
    """A copy of ``action`` scripting ``choices``, stored sorted by kind as the verbs store them."""
    copy: ActionT = replace(type_cast(Any, action), choices=tuple(sorted(choices.items())))
    return copy


__all__ = ["Action", "PassPriority", "Activate", "CastSpell", "PlayLand", "activate", "cast", "pass_priority",
           "play_land", "call_text", "ObjRef",
           "object_name", "check_player", "check_id", "check_ids", "check_number", "check_choices", "answer_pairs"]


# ---------------------------------------------------------------- actions the engine builds itself
A = TypeVar("A", bound=Action)
_DEFAULTS: dict[type, dict[str, Any]] = {}


def built(cls: type[A], **values: Any) -> A:
    """An action ``legal_actions`` builds from the state itself (an id it read, an ability index
    it counted, a choice it listed): its values are of the right kinds by construction, so the
    checks a learner's input gets are skipped (they cost more than the rest of listing it)."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    action = object.__new__(cls)
    action.__dict__.update(defaults)
    action.__dict__.update(values)
    return action


def with_choice(action: A, kind: str, value: Any) -> A:
    """``action`` with one scripted answer, built as :func:`built` builds."""
    copy = object.__new__(type(action))
    copy.__dict__.update(action.__dict__)
    copy.__dict__["choices"] = ((kind, value),)
    return copy

