"""Moving from step to step and turn to turn, with each step's turn-based actions (500-514).

Mana empties from every pool between steps (106.4). The untap step untaps the active player's
permanents (502.3); the draw step draws (504.1) except for the first player's first turn
(103.8a); cleanup removes damage and ends "until end of turn" effects (514.2).
"""

from __future__ import annotations

from .events import Event
from .layers import Effect
from .mana import pool_text
from .objects import Zone
from .state import Draft
from .turns import Step, next_step
from .zones import move


def advance_step(d: Draft) -> None:
    """End the current step and begin the next one that gives priority."""
    empty_pools(d)
    step = next_step(d.step)
    if step is None:
        begin_turn(d)
        step = Step.UNTAP
    begin_step(d, step)
    while d.step in (Step.UNTAP, Step.CLEANUP):  # no priority in these steps (502.4, 514.3)
        empty_pools(d)
        nxt = next_step(d.step)
        if nxt is None:
            begin_turn(d)
            nxt = Step.UNTAP
        begin_step(d, nxt)


def empty_pools(d: Draft) -> None:
    for p in d.view().players:
        if p.pool:
            d.update_player(p.name, "106.4", f"{p.name}'s unspent mana {pool_text(p.pool)} empties",
                            kind="mana emptied", pool=())


def begin_turn(d: Draft) -> None:
    names = [p.name for p in d.view().players if not p.lost]
    nxt = names[(names.index(d.active) + 1) % len(names)] if d.active in names else names[0]
    d.set_scalar("500.1", f"turn {d.turn + 1} begins: {nxt} is the active player", turn=d.turn + 1, active=nxt)
    for name in _team_of(d, nxt):
        d.update_player(name, "302.6", f"{name}'s turn begins", kind="turn began", turn_began=d.turn)


def _team_of(d: Draft, name: str) -> list[str]:
    """In formats with shared team turns every teammate's turn begins together (805)."""
    if d.game_format != "two-headed giant":
        return [name]
    team = d.player(name).team
    return [p.name for p in d.view().players if p.team == team]


def begin_step(d: Draft, step: Step) -> None:
    d.set_scalar(step.rule, f"the {step.value} step begins", step=step, priority=d.active, passes=0)
    if step is Step.UNTAP:
        for o in d.view().battlefield():
            if o.tapped and o.controller in _team_of(d, d.active):
                d.update(o.oid, "502.3", f"{o.card} untaps", tapped=False)
    elif step is Step.DRAW:
        if d.turn == 1:
            d.note("skip draw", f"{d.active} skips the first draw of the game", "103.8a")
        else:
            for name in _team_of(d, d.active):
                draw(d, name, "504.1")
    elif step is Step.CLEANUP:
        cleanup(d)
    d.emit(Event("step begins", None, "game", "step", None, step.value, step.rule))  # what triggers listen to


def draw(d: Draft, player: str, rule: str = "121.1") -> None:
    """Draw the top card of the library (121.1); an empty library is checked by 704.5b later."""
    library = d.view().in_zone(Zone.LIBRARY, player)
    if not library:
        d.note("empty library", f"{player} can't draw from an empty library", "121.4", player, player)
        return
    move(d, library[-1].oid, Zone.HAND, rule, f"{player} draws a card")


def cleanup(d: Draft) -> None:
    """Damage wears off and "until end of turn" effects end, at the same time (514.2)."""
    for o in d.view().battlefield():
        if o.damage:
            d.update(o.oid, "514.2", f"damage on {o.card} wears off", damage=0)
    kept: tuple[Effect, ...] = tuple(e for e in d.effects if not e.until_end_of_turn)
    if len(kept) != len(d.effects):
        d.set_scalar("514.2", effects=kept)
        d.note("effects end", "“until end of turn” effects end", "514.2")
