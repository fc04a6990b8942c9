"""The combat phase's record as values (506-511): who attacks whom, who blocks whom, and what the
phase remembers. ``mtgrules.rules.combat`` reads and edits it; ``GameState.combat`` holds it from
the beginning of combat until the end of combat step ends (511.3), None otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.core.objects import ObjRef


@dataclass(frozen=True)
class Attack:
    """One attacking creature. ``target`` is a player's name or the planeswalker it attacks
    (508.1b). ``declared`` is False for a creature put onto the battlefield attacking: it is
    attacking but never "attacked" (508.4). ``blocked`` is None until blockers are declared,
    then True or False for the rest of combat (509.1h)."""

    attacker: ObjRef
    target: str | ObjRef
    declared: bool = True
    blocked: bool | None = None
    defender: str = ""  # the player attacked, or the planeswalker's controller then (506.4c)


@dataclass(frozen=True)
class Block:
    """One blocking creature and the attacker it blocks (509.1a, 509.1g)."""

    blocker: ObjRef
    attacker: ObjRef


@dataclass(frozen=True)
class MustBeBlocked:
    """A requirement created by a resolved effect: "that creature must be blocked this combat if
    able" (509.1c). It lasts until combat ends, when the whole combat value goes away."""

    attacker: ObjRef
    source: str


@dataclass(frozen=True)
class Combat:
    """Everything the current combat phase remembers.

    ``attacking_players`` is the active player (the active team under shared team turns,
    805.10a); ``defenders`` lists, in APNAP order, the groups that declare blockers together:
    one defending player each (802.4), or the defending team (805.10d). ``awaiting`` names the
    declarations the game waits for, as ``(what, player)`` pairs such as ``("attackers", "Alice")``.
    ``attacked`` records, for each player, the opponents they attacked with a declared attacker
    (melee counts these, 702.121a); it is kept even if those attackers leave combat.
    """

    attacking_players: tuple[str, ...]
    defenders: tuple[tuple[str, ...], ...]
    attacks: tuple[Attack, ...] = ()
    blocks: tuple[Block, ...] = ()
    attackers_declared: bool = False
    attackers_skipped: bool = False  # none declared for them: nothing could attack as the step began (508.1a)
    blockers_declared: tuple[str, ...] = ()
    blocks_final: bool = False
    had_attackers: bool = False
    attacked: tuple[tuple[str, tuple[str, ...]], ...] = ()
    requirements: tuple[MustBeBlocked, ...] = ()
    awaiting: tuple[tuple[str, str], ...] = ()
    damage_dealt: bool = False
    first_strikers: tuple[ObjRef, ...] | None = None  # had first or double strike as the first-strike step began (510.4)
    double_strikers: tuple[ObjRef, ...] = ()  # of those, the ones with double strike then (which rule a note cites)

    @property
    def defending_players(self) -> tuple[str, ...]:
        return tuple(p for group in self.defenders for p in group)

    def attacked_by(self, player: str) -> tuple[str, ...]:
        """The opponents ``player`` attacked with one or more declared attackers this combat."""
        return dict(self.attacked).get(player, ())
