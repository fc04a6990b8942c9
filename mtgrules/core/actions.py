"""Player actions as explicit values. Each names the acting player, so the engine can refuse
an action by a player who doesn't have priority (117.1).

``choices`` scripts the choices the action will need, by kind (for example
``{"color": "G"}`` or ``{"replacement order": ["Infernal Darkness", "Mana Reflection"]}``).
A needed choice that is neither scripted nor answered by a callback is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtgrules.core.carddef import card
from mtgrules.core.mana import ManaType
from mtgrules.core.objects import ObjRef

if TYPE_CHECKING:
    from mtgrules.core.state import GameState


def _targets(state, targets: tuple[int, ...]) -> str:
    return f", targeting {', '.join(state.obj(t).card for t in targets)}" if targets else ""


def _frozen(choices: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((choices or {}).items()))


@dataclass(frozen=True)
class Action:
    """Base class: every action has a player."""

    player: str

    def describe(self, state) -> str:  # pragma: no cover - overridden
        """One line for a learner, naming objects as they are in ``state``."""
        return f"{self.player}: {type(self).__name__}"


@dataclass(frozen=True)
class PassPriority(Action):
    """Pass priority (117.3d). When all pass in turn, the top of the stack resolves or the step ends.

    ``choices`` scripts what that may need: a resolving trigger's sacrifice, the order of new
    triggers, a discard in cleanup (``pass_priority("Bob", sacrifice=bears)``)."""

    choices: tuple[tuple[str, Any], ...] = field(default=())

    def describe(self, state) -> str:
        return f"{self.player} passes priority"


@dataclass(frozen=True)
class Activate(Action):
    """Activate ability number ``ability`` of ``source`` (602; mana abilities 605)."""

    source: int
    ability: int = 0
    x: int = 0
    targets: tuple[int, ...] = ()
    hybrid: tuple[ManaType, ...] | None = None
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def describe(self, state) -> str:
        obj = state.obj(self.source)
        abilities = card(obj.card).abilities
        text = abilities[self.ability].text.rstrip(".") if 0 <= self.ability < len(abilities) else f"ability {self.ability}"
        return f"{self.player} activates {obj.card} — {text}{_targets(state, self.targets)}"


@dataclass(frozen=True)
class CastSpell(Action):
    """Cast the card ``card`` from hand (601), with X, targets and hybrid halves stated."""

    card: int
    x: int = 0
    targets: tuple[int, ...] = ()
    hybrid: tuple[ManaType, ...] | None = None
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def describe(self, state) -> str:
        xs = f" with X={self.x}" if self.x else ""
        return f"{self.player} casts {state.obj(self.card).card}{xs}{_targets(state, self.targets)}"


@dataclass(frozen=True)
class PlayLand(Action):
    """Play the land card ``card`` from hand: a special action that doesn't use the stack, so no
    one can respond to it (116.2a, 305.1). A land is never cast (305.9)."""

    card: int
    choices: tuple[tuple[str, Any], ...] = field(default=())

    def describe(self, state: GameState) -> str:
        try:
            return f"{self.player} plays {state.obj(self.card).card}"
        except KeyError:  # a refused step may name a card that doesn't exist
            return f"{self.player} plays card #{self.card}"


def activate(player: str, source: int, ability: int = 0, *, x: int = 0, targets: tuple[int, ...] = (),
             hybrid: str | None = None, **choices: Any) -> Activate:
    """Friendly constructor: ``activate("Alice", forest)``, ``activate("Alice", orchard, color="G")``."""
    return Activate(player, source, ability, x, tuple(targets), _hybrid(hybrid), _frozen(_keys(choices)))


def cast(player: str, card: int, *, x: int = 0, targets: tuple[int, ...] = (),
         hybrid: str | None = None, **choices: Any) -> CastSpell:
    """Friendly constructor: ``cast("Alice", walker, x=2)``."""
    return CastSpell(player, card, x, tuple(targets), _hybrid(hybrid), _frozen(_keys(choices)))


def play_land(player: str, card: int) -> PlayLand:
    """Friendly constructor: ``play_land("Alice", forest)``."""
    return PlayLand(player, card)


def pass_priority(player: str, **choices: Any) -> PassPriority:
    """``pass_priority("Bob")``, or with the choices passing will need: ``sacrifice=bears``."""
    return PassPriority(player, _frozen(_keys(choices)))


def _keys(choices: dict[str, Any]) -> dict[str, Any]:
    """Keyword names use underscores; choice kinds use spaces ("replacement_order").

    A list is a queue of answers for several choices of the same kind; a tuple is one answer
    (such as an order of replacement effects)."""
    return {k.replace("_", " "): v for k, v in choices.items()}


def _hybrid(text: str | None) -> tuple[ManaType, ...] | None:
    return None if text is None else tuple(ManaType(c) for c in text)


__all__ = ["Action", "PassPriority", "Activate", "CastSpell", "PlayLand", "activate", "cast", "pass_priority",
           "play_land", "ObjRef"]
