"""Who may target what, beyond a spell's own words (115): hexproof (702.11b), shroud (702.18a),
and the abilities other topics add through ``hooks.TARGET_RULES`` (protection, 702.16b, and
"hexproof from [quality]", 702.11d, in ``rules/protection.py``), which judge by the spell or by
the ability's source (``source``: its characteristics); and players as
targets (115.1a, 115.1c, 115.1d, 115.4), named by name among the chosen targets
(``targets=("Bob",)``) for spells, activated and triggered abilities alike.

``Target.legal`` says what a spell or ability may target ("target creature"); this module adds
the abilities of the object being targeted. Casting and activating refuse such a target, a trigger
doesn't offer it, and a target that gains hexproof before its spell resolves is no longer legal
(608.2b).
"""

from __future__ import annotations

from mtgrules.core.abilities import Target
from mtgrules.core.effects import Chars
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, StackItem
from mtgrules.core.state import GameState
from mtgrules.rules import hooks
from mtgrules.rules.layers import characteristics
from mtgrules.rules.look_back import LAST_KNOWN_CHARS


def opponents(state: GameState, a: str, b: str) -> bool:
    """Whether players ``a`` and ``b`` are opponents: on different teams (102.2, 102.3)."""
    return state.player(a).team != state.player(b).team


def why_cant_target(state: GameState, player: str, obj: GameObject, *, source: Chars | None) -> tuple[str, str] | None:
    """``(rule, sentence)`` if ``player``'s spell or ability can't target ``obj`` because of its
    abilities, or None. ``source`` is what the target's abilities judge by: the spell's own
    characteristics, or those of the ability's source (702.16b: "spells with the stated quality",
    "abilities from a source with the stated quality"); None only where no source is known yet,
    and then protection and "hexproof from" can't be asked (a test or a caller's mistake)."""
    chars = characteristics(state, obj.oid)
    if Keyword.SHROUD in chars.keywords:
        return "702.18a", f"{chars.name} has shroud, so it can't be the target of spells or abilities"
    if Keyword.HEXPROOF in chars.keywords and opponents(state, player, obj.controller):
        return "702.11b", (f"{chars.name} has hexproof, so it can't be the target of spells or abilities "
                           f"{player}, an opponent of its controller {obj.controller}, controls")
    for rule in hooks.TARGET_RULES:
        why = rule(state, player, obj, source)
        if why is not None:
            return why
    return None


def item_source(state: GameState, item: StackItem) -> Chars | None:
    """What a spell or ability on the stack is judged by when its targets are checked: a spell by
    its own characteristics, an ability by its source's, now if the source is still the same
    object, else as it last existed (608.2h, 113.7a)."""
    now = state.resolve_ref(item.source)
    if now is not None:
        return characteristics(state, now.oid)
    kept = item.get(LAST_KNOWN_CHARS)
    if isinstance(kept, Chars):
        return kept
    try:
        return characteristics(state, item.source.oid)  # the card it became: still its colours, mostly
    except KeyError:
        return None


# ---------------------------------------------------------------- "target player" (115.1c)
TARGET_PLAYER = "target player"
"""Where a stack item's data keeps the target player of an ability marked ``target_player``, for
resolvers written before players were chosen among the targets (``targets=("Bob",)``)."""


def player_targets(state: GameState) -> list[str]:
    """The players a "target player" may name: every player still in the game (800.4a)."""
    return [p.name for p in state.players if not p.lost]


def player_target_gone(state: GameState, name: object) -> bool:
    """Whether a target player has left the game, so isn't a legal target any more (608.2b, 800.4a)."""
    return isinstance(name, str) and name not in player_targets(state)


# ---------------------------------------------------------------- players among the targets (115.1)
def why_not_player_target(state: GameState, controller: str, spec: Target, name: str,
                          what: str, rule: str) -> tuple[str, str] | None:
    """``(rule, sentence)`` if ``controller``'s ``what`` can't target the player ``name``: no such
    player, a player who has left the game (800.4), a spell or ability whose words name no player
    (only permanents are legal targets unless it says otherwise, 115.2), or a player its words
    exclude ("target opponent", cited as ``rule``); None if it may."""
    names = [p.name for p in state.players]
    if name not in names:
        return "115.1", f"there is no player named {name!r} to target; the players are {', '.join(names)}"
    if name not in player_targets(state):
        return "800.4", f"{name} has left the game, so {name} can't be chosen as a target"
    if spec.players is None:
        return "115.2", f"{what} can target only objects ({spec.description}), so the player {name} can't be chosen"
    if not spec.players(state, controller, name):
        return rule, f"{name} is not a legal target: {what} needs {spec.description}"
    return _player_refuses(state, controller, name)


def _player_refuses(state: GameState, controller: str, name: str) -> tuple[str, str] | None:
    """What the player ``name`` has that keeps ``controller``'s spells and abilities from targeting
    them (hexproof, shroud: 702.11c, 702.18a), as ``(rule, sentence)``."""
    for rule in hooks.PLAYER_TARGET_RULES:
        why = rule(state, controller, name)
        if why is not None:
            return why
    return None


def legal_player_targets(state: GameState, controller: str, spec: Target | None) -> list[str]:
    """The players ``spec`` lets ``controller`` target now, in turn order (115.1, 800.4)."""
    if spec is None or spec.players is None:
        return []
    test = spec.players
    return [p for p in player_targets(state) if test(state, controller, p) and _player_refuses(state, controller, p) is None]


def player_target_legal(state: GameState, controller: str, spec: Target | None, name: str) -> bool:
    """Whether a chosen target player is still legal as its spell or ability resolves (608.2b):
    still in the game (800.4) and still what the spell or ability may target."""
    return name in player_targets(state) and spec is not None and spec.players is not None \
        and spec.players(state, controller, name) and _player_refuses(state, controller, name) is None
