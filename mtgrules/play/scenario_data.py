"""A scenario as plain data, for saving a board to JSON and reading it back.

``Scenario.from_dict`` reads plain data; :func:`scenario_to_dict` writes it. If ``Scenario``
has its own ``to_dict`` (the input-validation work adds one), :func:`to_dict` uses that, so this
module is only the fallback and the two never disagree about which one a caller gets.
"""

from __future__ import annotations

from typing import Any

from mtgrules.core.carddef import card
from mtgrules.core.objects import Zone
from mtgrules.play.scenario import Scenario


def scenario_to_dict(s: Scenario) -> dict[str, Any]:
    """The scenario as JSON-ready data that ``Scenario.from_dict`` reads back to the same board."""
    out: dict[str, Any] = {"title": s.title, "players": list(s.players)}
    if any(team != p for p, team in s.teams.items()):
        out["teams"] = dict(s.teams)
    out.update(turn=s.turn, active=s.active, step=s.step.value, format=s.game_format, life=s.life, seed=s.seed)
    cards = []
    for o in s.objects:
        entry: dict[str, Any] = {"card": o.card, "controller": o.controller, "owner": o.owner, "zone": o.zone.value}
        if o.tapped:
            entry["tapped"] = True
        if o.control_since and o.control_since == s.turn:
            entry["sick"] = True
        if o.counters or (o.zone is Zone.BATTLEFIELD and "Planeswalker" in card(o.card).types):
            entry["counters"] = dict(o.counters)
        if o.attached_to is not None:
            entry["attached_to"] = o.attached_to
        if o.chosen:
            entry["chosen"] = dict(o.chosen)
        cards.append(entry)
    out["cards"] = cards
    mana = {p: "".join(t.value for t, _source in units) for p, units in s.pools.items() if units}
    if mana:
        out["mana"] = mana
    return out


def to_dict(s: Scenario) -> dict[str, Any]:
    """``s.to_dict()`` where Scenario has it, else :func:`scenario_to_dict`."""
    own = getattr(s, "to_dict", None)
    return own() if callable(own) else scenario_to_dict(s)
