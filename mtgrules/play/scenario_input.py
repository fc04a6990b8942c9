"""Checking what a scenario is told, before any of it is used.

A scenario arrives as Python calls (``Scenario(...)``, ``s.add(...)``, ``s.mana(...)``) or as
plain data a teacher was handed (``Scenario.from_dict``, parsed JSON/YAML/TOML). Both go through
the checks here, so both get the same sentence for the same mistake: which entry, which field,
what was expected and what was given. Nothing is guessed: ``"false"`` is not False, ``"Alice,
Bob"`` is not a list of players, ``3`` is not a step. Each check returns the value it accepted,
so a caller can check everything first and only then change anything.

This module only checks values; it knows nothing about how a scenario is stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from mtgrules.core.abilities import EntersWith
from mtgrules.core.carddef import card
from mtgrules.core.errors import ScenarioError
from mtgrules.core.mana import COLORS, ManaType
from mtgrules.core.objects import Zone, counter_problem
from mtgrules.core.turns import Step, parse_step
from mtgrules.rules.creature_types import CREATURE_TYPES

FORMATS = ("two-player", "multiplayer", "two-headed giant")
SCENARIO_FIELDS = ("title", "players", "teams", "turn", "active", "step", "format", "life", "seed", "cards",
                   "mana", "lands_played")
CARD_FIELDS = ("card", "controller", "owner", "zone", "zone_player", "tapped", "sick", "counters",
               "attached_to", "chosen")
MANA_LETTERS = "".join(t.value for t in ManaType)
COLOR_LETTERS = "".join(c.value for c in COLORS)


def fail(where: str, message: str) -> NoReturn:
    raise ScenarioError(f"{where}: {message}")


def brief(value: Any, limit: int = 40) -> str:
    """A value's repr for a message, at most ``limit`` characters. A whole number too long to
    write out (Python refuses past 4,300 digits) is given by its size."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {_digits(value):,} digits"
    try:
        text = repr(value)
    except ValueError:  # a container holding such a number
        text = f"<{type(value).__name__} holding a number too long to show>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def some(values: Any, limit: int = 5) -> str:
    """Unknown names for a message, as a list of their reprs: all of a few, else the first
    ``limit`` and how many there are (a file with 25,000 stray keys gets one short sentence)."""
    items = sorted(brief(v) for v in values)
    if len(items) <= limit:
        return str(items)
    return f"{str(items[:limit])[:-1]}, … ({len(items):,} in all)]"


def shown(value: Any) -> str:
    """A wrong value for a message: short, with its type, so 'false' and False look different."""
    return f"{brief(value)} ({type(value).__name__})"


def _digits(value: int) -> int:
    """How many digits ``value`` has, near enough, without writing it out."""
    return int(abs(value).bit_length() * 0.30103) + 1


# ---------------------------------------------------------------- plain values
def text(value: Any, where: str, field: str) -> str:
    if not isinstance(value, str):
        fail(where, f"{field} must be text, not {shown(value)}")
    return value


MAX_NUMBER = 1_000_000_000
"""The largest life, turn, number of counters or lands a scenario is told (and the most below
zero a life total may be): far beyond any game a lesson shows, and small enough that every view
and ``to_dict``'s JSON can write it (Python refuses to write a number of more than 4,300 digits)."""
MAX_SEED = 2**64


def whole(value: Any, where: str, field: str, minimum: int | None = None, maximum: int = MAX_NUMBER) -> int:
    """A whole number (True/False and "2" are not numbers), at least ``minimum`` if given, and
    at most ``maximum`` (and, with no minimum, at least ``-maximum``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        fail(where, f"{field} must be a whole number, not {shown(value)}")
    if minimum is not None and value < minimum:
        fail(where, f"{field} must be a whole number ≥ {minimum}, not {shown(value) if value < -maximum else value}")
    if value > maximum or (minimum is None and value < -maximum):
        size = shown(value) if value.bit_length() > 128 else f"{value:,}"
        bound = f"at most {maximum:,}" if minimum is not None else f"between {-maximum:,} and {maximum:,}"
        fail(where, f"{field} must be {bound}, not {size}: no game the kit shows needs more")
    return value


def flag(value: Any, where: str, field: str) -> bool:
    """True or False only: the text "false" would otherwise count as true."""
    if not isinstance(value, bool):
        fail(where, f"{field} must be true or false, not {shown(value)}")
    return value


def mapping(value: Any, where: str, field: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        fail(where, f"{field} must be a mapping (name: value), not {shown(value)}")
    return value


def step(value: Any, where: str) -> Step:
    if not isinstance(value, str | Step):
        fail(where, f"step must be a step's name such as \"main1\" or \"upkeep\", not {shown(value)}")
    try:
        return parse_step(value)
    except ValueError as err:
        fail(where, f"step: {err}")


# ---------------------------------------------------------------- players and teams
def players(value: Any, where: str) -> list[str]:
    """Two or more distinct names, given as a list (a single string is refused, not split)."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        fail(where, f"players must be a list of names such as [\"Alice\", \"Bob\"], not {shown(value)}")
    names = list(value)
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            fail(where, f"players[{i}] must be a player's name, not {shown(name)}")
        if name != name.strip():  # "Alice " and "Alice" would be two players who look like one
            fail(where, f"players[{i}] {brief(name)} has spaces around it; write {brief(name.strip())}")
    if len(names) < 2 or len({n.casefold() for n in names}) != len(names):
        fail(where, f"players must be two or more distinct names, got {brief(names, 120)}")
    return names


def player(value: Any, names: list[str], where: str, field: str) -> str:
    if not isinstance(value, str):
        fail(where, f"{field} must be a player's name, not {shown(value)}")
    if value not in names:
        fail(where, f"{field}: {brief(value)} is not a player; players are {brief(names, 120)}")
    return value


def game_format(value: Any, names: list[str], where: str) -> str:
    if value is None:
        return "two-player" if len(names) == 2 else "multiplayer"
    if value not in FORMATS:
        fail(where, f"format must be one of {list(FORMATS)}, not {shown(value)}")
    if value == "two-player" and len(names) != 2:
        fail(where, f"a two-player game has two players, not {len(names)}")
    if value == "multiplayer" and len(names) < 3:
        fail(where, f"a multiplayer game begins with more than two players (CR 800.1), not {len(names)}; "
                    "use format=\"two-player\"")
    if value == "two-headed giant" and len(names) != 4:
        fail(where, f"Two-Headed Giant is played by two teams of two players (CR 810.1): four players, "
                    f"not {len(names)}")
    fmt: str = value
    return fmt


def teams(value: Any, names: list[str], fmt: str, where: str) -> dict[str, str]:
    """Which team each player is on. Every player is on one, only players of this game are named,
    and Two-Headed Giant is exactly two teams of two (810.1)."""
    if value is None:
        if fmt == "two-headed giant":
            fail(where, "Two-Headed Giant is played by two teams of two players (CR 810.1); say who is on "
                        "which team, such as teams={\"Alice\": \"A\", \"Andy\": \"A\", \"Bob\": \"B\", \"Beth\": \"B\"}")
        return {p: p for p in names}
    given = mapping(value, where, "teams")
    for who, team in given.items():
        if who not in names:
            fail(where, f"teams names {brief(who)}, who is not a player; players are {brief(names, 120)}")
        if not isinstance(team, str) or not team:
            fail(where, f"teams[{brief(who)}] must be a team's name, not {shown(team)}")
    missing = [p for p in names if p not in given]
    if missing:
        fail(where, f"teams don't say which team {missing} are on")
    out = {p: given[p] for p in names}
    if len(set(out.values())) < 2:
        fail(where, "every player is on the same team, so no one has an opponent (CR 102.3) and the game "
                    "would be over before it began; put the players on two or more teams")
    if fmt == "two-headed giant":
        sizes = sorted(list(out.values()).count(t) for t in set(out.values()))
        if sizes != [2, 2]:
            fail(where, f"Two-Headed Giant is played by two teams of two players (CR 810.1), not teams of "
                        f"{' and '.join(map(str, sizes))}")
        seats = [out[p] for p in names]  # round the table: the last seat is next to the first
        if sum(seats[i] != seats[i - 1] for i in range(len(seats))) != 2:
            fail(where, f"shared team turns need each team's players in adjacent seats (CR 805.1), but the "
                        f"seating {brief(names, 120)} alternates teams; list teammates next to each other")
    return out


# ---------------------------------------------------------------- cards
def card_name(value: Any, where: str) -> str:
    if not isinstance(value, str):
        fail(where, f"card must be a card's name, such as \"Forest\", not {shown(value)}")
    try:
        card(value)
    except KeyError as err:
        fail(where, str(err.args[0]))
    return value


def zone(value: Any, where: str) -> Zone:
    """A zone a card can simply be put in. The stack is refused: a spell there needs a stack entry
    (its controller, targets, X), which only casting it makes."""
    try:
        z = Zone(value) if isinstance(value, str) else None
    except ValueError:
        z = None
    if z is None:
        fail(where, f"zone {brief(value)} is not one of {[z.value for z in Zone]}")
    if z is Zone.STACK:
        fail(where, "zone 'stack' can't be set up directly: put the card in a hand and cast it, so it "
                    "gets its place on the stack (CR 601.2a)")
    return z


def counter_kind(kind: str, where: str) -> None:
    """A counter kind the engine would misread is refused (:func:`counter_problem` says why)."""
    problem = counter_problem(kind)
    if problem:
        fail(where, f"counters: {problem}")


def counters(value: Any, where: str) -> dict[str, int]:
    given = mapping(value, where, "counters")
    out: dict[str, int] = {}
    for kind, n in given.items():
        if not isinstance(kind, str) or not kind:
            fail(where, f"counters: each kind of counter must be named, not {shown(kind)}")
        counter_kind(kind, where)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            fail(where, f"counters[{kind!r:.40}] must be a whole number ≥ 0, got {shown(n)}")
        out[kind] = whole(n, where, f"counters[{kind!r:.40}]", minimum=0)
    return out


def chooses_color(name: str) -> bool:
    """Cards that choose a colour as they enter (614.12) need that choice in a scenario too."""
    return any(isinstance(a, EntersWith) and a.choose_color for a in card(name).abilities)


def chooses_creature_type(name: str) -> bool:
    """Cards that choose a creature type as they enter (614.12a) need it in a scenario too."""
    return any(isinstance(a, EntersWith) and a.choose_creature_type for a in card(name).abilities)


def chosen(value: Any, name: str, where: str) -> dict[str, str]:
    """What the card chose as it entered; only a choice the card makes, with a value it allows."""
    given = mapping(value, where, "chosen")
    allowed = ("color",) * chooses_color(name) + ("creature type",) * chooses_creature_type(name)
    for key, v in given.items():
        if key not in allowed:
            fail(where, f"chosen {brief(key)}: {name} makes no such choice" +
                 (f"; it chooses {list(allowed)}" if allowed else ""))
        if key == "color" and (not isinstance(v, str) or len(v) != 1 or v not in COLOR_LETTERS):
            fail(where, f"chosen color must be one colour's letter from {COLOR_LETTERS}, not {shown(v)}")
        if key == "creature type" and v not in CREATURE_TYPES:
            fail(where, f"chosen creature type must be a creature type (205.3m) as printed, such as 'Elf', not "
                        f"{shown(v)}")
    return dict(given)


# ---------------------------------------------------------------- mana
def mana_symbols(value: Any, where: str) -> list[ManaType]:
    """ "GGW" or "{G}{G}{W}" → the types, checked all at once so a bad letter adds nothing."""
    if not isinstance(value, str):
        fail(where, f"mana must be symbols such as \"GGW\", not {shown(value)}")
    if ("{" in value or "}" in value) and not re.fullmatch(r"(\{[^{}]\})*", value):
        fail(where, f"in braces each mana symbol holds one letter, such as \"{{G}}{{G}}\", not {shown(value)}")
    out = []
    for ch in value.replace("{", "").replace("}", ""):
        if ch not in MANA_LETTERS:
            fail(where, f"{ch!r} is not one of {MANA_LETTERS}")
        out.append(ManaType(ch))
    return out
