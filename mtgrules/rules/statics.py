"""Static abilities that change a rule of the game rather than an object's characteristics, and
the conditions a static ability's effect may depend on (604.1, 611.3a).

* "Enchanted creature doesn't untap during its controller's untap step." (Dehydration), "~ doesn't
  untap during your untap step." (Colossus of Sardia): the untap step's turn-based action leaves
  the permanent tapped (502.3). :class:`KeepsTapped` names which permanent it keeps.
* "You have no maximum hand size." (Reliquary Tower): cleanup asks no discard (402.2, 514.1).
* "You may play two additional lands on each of your turns." (Azusa, Lost but Seeking): the
  number of lands a player may play this turn (305.2, 305.2a).
* "as long as <condition>" (611.3a): a condition checked at each moment the effect is asked
  about; :func:`holds` reads it. A condition that reads other objects' types or colours reads
  them as the layers have made them so far (``layers.characteristics_now``), which is right
  because an effect in layer 6 or 7 only asks after layers 4 and 5 are done (613.1).

Each of these is a ``StaticAbility`` (so the views, the layers and "loses all abilities" treat it
as one, 613.1f) whose own continuous effects are none: the rules here ask who has it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mtgrules.core.abilities import StaticAbility
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules import hooks
from mtgrules.rules.combat.blocking import Requirement
from mtgrules.rules.graveyards import cards_in_your_graveyards
from mtgrules.rules.layers import characteristics, characteristics_now, controller_now
from mtgrules.rules.targeting import opponents
from mtgrules.rules.teams import is_active_player


def _no_effects(state: GameState, source: GameObject) -> list[Effect]:
    return []


# ---------------------------------------------------------------- untapping (502.3)
@dataclass(frozen=True)
class KeepsTapped(StaticAbility):
    """"... doesn't untap during its controller's untap step": ``whom`` is ``"enchanted"`` (the
    permanent this Aura is attached to) or ``"self"``."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects
    whom: str = "self"


def _kept_tapped(state: GameState, obj: GameObject) -> str | None:
    for src in state.battlefield():
        if src.oid != obj.oid and src.attached_to != obj.oid:
            continue
        for ab in characteristics(state, src.oid).abilities:
            if isinstance(ab, KeepsTapped) and ((ab.whom == "self" and src.oid == obj.oid)
                                                or (ab.whom == "enchanted" and src.attached_to == obj.oid)):
                return f"{src.card} says {ab.text!r}"
    return None


hooks.UNTAP_RULES.append(_kept_tapped)


@dataclass(frozen=True)
class UntapsInOthersSteps(StaticAbility):
    """"Untap all permanents you control during each other player's untap step." (Seedborn Muse;
    502.3): its controller untaps their permanents as each other player's untap step's action."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects


def _also_untap(state: GameState) -> list[str]:
    return [o.controller for o in state.battlefield() if not is_active_player(state, o.controller)
            and any(isinstance(ab, UntapsInOthersSteps) for ab in characteristics(state, o.oid).abilities)]


hooks.ALSO_UNTAP.append(_also_untap)


# ---------------------------------------------------------------- unspent mana (106.4)
@dataclass(frozen=True)
class KeepsMana(StaticAbility):
    """"Players don't lose unspent mana as steps and phases end." (Upwelling; 106.4)"""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects


def _mana_kept(state: GameState, player: str) -> bool:
    return any(isinstance(ab, KeepsMana) for o in state.battlefield() for ab in characteristics(state, o.oid).abilities)


hooks.MANA_KEPT.append(_mana_kept)


# ---------------------------------------------------------------- hand size (402.2)
@dataclass(frozen=True)
class NoMaximumHandSize(StaticAbility):
    """"You have no maximum hand size.": its controller discards nothing in cleanup (402.2, 514.1)."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects


def _no_maximum(state: GameState, player: str) -> bool:
    return any(isinstance(ab, NoMaximumHandSize) for o in state.battlefield(player)
               for ab in characteristics(state, o.oid).abilities)


hooks.NO_MAXIMUM_HAND_SIZE.append(_no_maximum)


# ---------------------------------------------------------------- land plays (305.2)
@dataclass(frozen=True)
class AdditionalLands(StaticAbility):
    """"You may play N additional lands on each of your turns." (305.2)"""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects
    count: int = 1


def _additional_lands(state: GameState, player: str) -> int:
    if not is_active_player(state, player):
        return 0  # "on each of your turns"
    return sum(ab.count for o in state.battlefield(player) for ab in characteristics(state, o.oid).abilities
               if isinstance(ab, AdditionalLands))


hooks.EXTRA_LAND_PLAYS.append(_additional_lands)


# ---------------------------------------------------------------- a player's hexproof or shroud (702.11c, 702.18a)
@dataclass(frozen=True)
class PlayerHas(StaticAbility):
    """"You have hexproof." / "You have shroud.": its controller can't be the target of spells or
    abilities (shroud), or of those their opponents control (hexproof)."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects
    keyword: str = "hexproof"


def _player_untargetable(state: GameState, controller: str, player: str) -> tuple[str, str] | None:
    for o in state.battlefield(player):
        for ab in characteristics(state, o.oid).abilities:
            if not isinstance(ab, PlayerHas):
                continue
            if ab.keyword == "shroud":
                return "702.18a", f"{player} has shroud ({o.card}), so no spell or ability can target {player}"
            if opponents(state, controller, player):
                return "702.11c", (f"{player} has hexproof ({o.card}), so spells and abilities {player}'s "
                                   f"opponents control can't target {player}")
    return None


hooks.PLAYER_TARGET_RULES.append(_player_untargetable)


# ---------------------------------------------------------------- attacking despite defender (702.3b)
@dataclass(frozen=True)
class AttacksDespiteDefender(StaticAbility):
    """"As long as <condition>, ~ can attack as though it didn't have defender.": not an ability it
    gains or loses (613.1f) but a change to the restriction defender is (702.3b, 508.1c), read as
    attackers are declared, with the creature's characteristics as they are then."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects
    condition: tuple[Any, ...] = ("your turn",)


def _defender_ignored(state: GameState, obj: GameObject) -> bool:
    return any(isinstance(ab, AttacksDespiteDefender) and holds(state, obj, ab.condition)
               for ab in characteristics(state, obj.oid).abilities)


hooks.DEFENDER_IGNORED.append(_defender_ignored)


# ---------------------------------------------------------------- "all creatures able to block ~ do so" (509.1c)
@dataclass(frozen=True)
class LuresBlockers(StaticAbility):
    """"All creatures able to block ~ do so." (Prized Unicorn), "All creatures able to block enchanted
    creature do so." (Lure): each creature the defending player controls has a requirement to block
    that attacker if able (509.1c); ``whom`` is ``"self"`` or ``"enchanted"``."""

    effects: Callable[[GameState, GameObject], list[Effect]] = _no_effects
    whom: str = "self"


def _lured(state: GameState, attacker: GameObject) -> str | None:
    """The card whose ability makes every creature able to block ``attacker`` do so, if any."""
    for src in state.battlefield():
        if src.oid != attacker.oid and src.attached_to != attacker.oid:
            continue
        for ab in characteristics(state, src.oid).abilities:
            if isinstance(ab, LuresBlockers) and ((ab.whom == "self" and src.oid == attacker.oid)
                                                  or (ab.whom == "enchanted" and src.attached_to == attacker.oid)):
                return src.card
    return None


def _lure_requirements(state: GameState, players: tuple[str, ...], attackers: list[GameObject],
                       blockers: list[GameObject]) -> list[Requirement]:
    out = []
    for a in attackers:
        card = _lured(state, a)
        if card is None:
            continue
        name = characteristics(state, a.oid).name
        for b in blockers:
            out.append(Requirement("blocks attacker", b.oid, f"{characteristics(state, b.oid).name} blocks {name} "
                                   f"if able ({card})", attacker=a.oid))
    return out


hooks.REQUIREMENT_SOURCES.append(_lure_requirements)


# ---------------------------------------------------------------- conditions (611.3a)
CONDITION_WORDS = {
    "your turn": "it's your turn",
    "life at least": "you have {} or more life",
    "counter on it": "it has a {} counter on it",
    "opponent graveyard at least": "an opponent has {} or more cards in their graveyard",
    "graveyard kind at least": "there are {} or more {} cards in your graveyard",
    "you control": "you control {}",
}
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker"}
COLOR_WORDS = frozenset({"white", "blue", "black", "red", "green"})


@dataclass(frozen=True)
class Wanted:
    """What "you control a(n) ..." asks for: a permanent with all these card types, subtypes and
    colours (a "blue creature", a "Dragon", a "Liliana planeswalker", an "artifact")."""

    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()
    power_at_least: int | None = None  # "a creature with power 4 or greater": read only outside the layers

    def fits(self, chars: Chars) -> bool:
        return (self.types <= chars.types and self.subtypes <= chars.subtypes and self.colors <= chars.colors
                and (self.power_at_least is None or (chars.power or 0) >= self.power_at_least))


def holds(state: GameState, source: GameObject, condition: tuple[Any, ...]) -> bool:
    """Whether ``condition`` is true now for the static ability of ``source`` (611.3a)."""
    kind = condition[0]
    you = controller_now(state, source)
    if kind == "your turn":
        return is_active_player(state, you)
    if kind == "life at least":
        return bool(state.player(you).life >= int(condition[1]))
    if kind == "counter on it":
        return source.counter(str(condition[1])) >= 1
    if kind == "opponent graveyard at least":
        return any(opponents(state, you, p.name) and len(state.in_zone(Zone.GRAVEYARD, p.name)) >= int(condition[1])
                   for p in state.players)
    if kind == "graveyard kind at least":
        kind_of = CARD_TYPES[str(condition[2])]
        need: int = int(condition[1])
        return sum(1 for o in cards_in_your_graveyards(state, you)
                   if kind_of in characteristics_now(state, o.oid).types) >= need
    if kind == "enchanted or equipped":
        return any(o.attached_to == source.oid and o.zone is Zone.BATTLEFIELD
                   and ({"Aura", "Equipment"} & characteristics_now(state, o.oid).subtypes) for o in state.objects)
    if kind == "you control":
        wanted = condition[1]
        assert isinstance(wanted, Wanted)
        return any(o.zone is Zone.BATTLEFIELD and controller_now(state, o) == you
                   and wanted.fits(characteristics_now(state, o.oid)) for o in state.objects)
    raise ValueError(f"no such condition: {condition!r}")
