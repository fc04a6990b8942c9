"""Life totals: gaining and losing life (119.3), damage to a player (120.3a), and the shared
team life total of Two-Headed Giant (810.4, 810.9).

In Two-Headed Giant each player keeps a ``life`` field, but the kit never lets teammates'
fields differ: a change happens to one player and its result is applied to the team's shared
total (810.9), so every member of the team is updated to the same new value, each with an event.
Any effect that reads "a player's life total" then reads the team's (810.9a). Every change
of life in the engine should go through :func:`change_life`.
"""

from __future__ import annotations

from mtgrules.core.state import Draft
from mtgrules.rules.teams import shared_team_turns


def team_of(d: Draft, player: str) -> list[str]:
    """``player`` and their teammates, who share one life total in Two-Headed Giant."""
    state = d.view()
    if not shared_team_turns(state):
        return [player]
    team = state.player(player).team
    return [p.name for p in state.players if p.team == team]


def change_life(d: Draft, player: str, amount: int, rule: str, text: str) -> None:
    """Add ``amount`` (negative to lose) to ``player``'s life total, or to their team's."""
    if amount == 0:
        return
    new = d.player(player).life + amount
    members = team_of(d, player)
    if len(members) == 1:
        d.update_player(player, rule, text, kind="life", life=new)
        return
    for name in members:
        why = text if name == player else f"{text}; {name} shares that team's life total"
        d.update_player(name, "810.9", why, kind="life", life=new)


def lose_life(d: Draft, player: str, amount: int, why: str) -> None:
    change_life(d, player, -amount, "119.3", f"{player} loses {amount} life ({why})")


def gain_life(d: Draft, player: str, amount: int, why: str) -> None:
    change_life(d, player, amount, "119.3", f"{player} gains {amount} life ({why})")


def damage_player(d: Draft, player: str, amount: int, source: str) -> None:
    """Damage to a player (from a source without infect) is that much life loss (120.3a)."""
    if amount > 0:
        change_life(d, player, -amount, "120.3a", f"{player} loses {amount} life from {source}'s damage")
