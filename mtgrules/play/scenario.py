"""Writing a scenario: a short description of a board that a teacher can read aloud.

    s = Scenario("Tapping for mana", players=["Alice", "Bob"], step="main1")
    forest = s.add("Forest", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    t = s.timeline()
    t.do(activate("Alice", forest))
    t.attempt(activate("Alice", elves))      # refused, citing 302.6

``Scenario.from_dict`` reads the same description from plain data (for example parsed JSON or
TOML) and says exactly which entry and field is wrong if something is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mtgrules.core.abilities import EntersWith
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.errors import ScenarioError
from mtgrules.core.mana import ManaType, make_mana
from mtgrules.core.objects import PLAYER_ZONES, GameObject, Player, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step, parse_step
from mtgrules.play.timeline import Timeline
from mtgrules.rules.turn_loop import begin_step

FORMATS = ("two-player", "multiplayer", "two-headed giant")


class Scenario:
    """A board under construction. ``add`` returns each object's id for use in actions."""

    def __init__(self, title: str = "", players: Sequence[str] = ("Alice", "Bob"), *,
                 teams: Mapping[str, str] | None = None, turn: int = 2, active: str | None = None,
                 step: str = "main1", game_format: str | None = None, life: int | None = None,
                 seed: int = 0) -> None:
        players = list(players)
        if len(players) < 2 or len(set(players)) != len(players):
            raise ScenarioError(f"scenario {title!r}: players must be two or more distinct names, got {players}")
        self.title = title
        self.game_format = game_format or ("two-player" if len(players) == 2 else "multiplayer")
        if self.game_format not in FORMATS:
            raise ScenarioError(f"scenario {title!r}: format {self.game_format!r} is not one of {FORMATS}")
        self.teams = dict(teams or {p: p for p in players})
        missing = [p for p in players if p not in self.teams]
        if missing:
            raise ScenarioError(f"scenario {title!r}: teams don't say which team {missing} are on")
        self.players = players
        self.turn = turn
        self.active = active or players[0]
        self._check_player(self.active, "active")
        try:
            self.step = parse_step(step)
        except ValueError as err:
            raise ScenarioError(f"scenario {title!r}: step: {err}") from None
        if self.step in AFTER_ATTACKS:
            raise ScenarioError(
                f"scenario {title!r}: a scenario can't start in the {self.step.value} step: that step needs "
                "attackers declared earlier in this combat (508.1, 509.1), and a scenario doesn't declare them; "
                "start at step='combat' or step='declare attackers', then use advance_to and declare_attackers")
        self.life = life if life is not None else (30 if self.game_format == "two-headed giant" else 20)
        self.seed = seed
        self.objects: list[GameObject] = []
        self.pools: dict[str, list[tuple[ManaType, str]]] = {p: [] for p in players}
        self.lands: dict[str, int] = {}

    def _check_player(self, name: str, where: str) -> None:
        if name not in self.players:
            raise ScenarioError(f"scenario {self.title!r}: {where}: {name!r} is not a player; "
                                f"players are {self.players}")

    def add(self, name: str, controller: str | None = None, *, owner: str | None = None,
            zone: str = "battlefield", tapped: bool = False, sick: bool = False,
            counters: Mapping[str, int] | None = None, attached_to: int | None = None,
            chosen: Mapping[str, str] | None = None, zone_player: str | None = None) -> int:
        """Put a card into a zone and return its id. ``sick`` means it came under its
        controller's control this turn (302.6)."""
        where = f"scenario {self.title!r}, card #{len(self.objects) + 1} ({name!r})"
        try:
            card(name)
        except KeyError as err:
            raise ScenarioError(f"{where}: {err.args[0]}") from None
        controller = controller or owner or self.active
        owner = owner or controller
        self._check_player(controller, f"{where}: controller")
        self._check_player(owner, f"{where}: owner")
        try:
            z = Zone(zone)
        except ValueError:
            raise ScenarioError(f"{where}: zone {zone!r} is not one of {[z.value for z in Zone]}") from None
        if z is Zone.BATTLEFIELD and _needs_color(name) and "color" not in (chosen or {}):
            raise ScenarioError(f"{where}: {name} chose a colour as it entered; say which with "
                                "chosen={'color': 'G'}")
        if attached_to is not None and attached_to not in {o.oid for o in self.objects}:
            raise ScenarioError(f"{where}: attached_to {attached_to} is not an object added earlier")
        self._check_aura(where, name, z, attached_to, controller)
        if z is Zone.BATTLEFIELD and counters is None and "Planeswalker" in card(name).types:
            counters = _printed_loyalty(name)  # it entered with its loyalty (306.5b)
        oid = len(self.objects) + 1
        self.objects.append(GameObject(
            oid, name, owner, controller if z is Zone.BATTLEFIELD else owner, z,
            zone_player=(zone_player or owner) if z in PLAYER_ZONES else None,
            seq=oid, tapped=tapped, counters=_counters(counters, where),
            control_since=self.turn if sick else 0, chosen=tuple(sorted((chosen or {}).items())),
            timestamp=oid, attached_to=attached_to))
        return oid

    def _check_aura(self, where: str, name: str, zone: Zone, attached_to: int | None, controller: str) -> None:
        """An Aura on the battlefield is attached to something its enchant ability allows; one
        that isn't would go straight to the graveyard (704.5m), so the board can't be set up."""
        enchant = card(name).enchant
        if enchant is None:
            if attached_to is not None:
                raise ScenarioError(f"{where}: {name} isn't an Aura, so it can't be attached to anything "
                                    "(only Auras are attached in the kit's pool, 303.4b)")
            return
        if zone is not Zone.BATTLEFIELD:
            if attached_to is not None:
                raise ScenarioError(f"{where}: only a permanent can be attached; this Aura is in the {zone.value}")
            return
        if attached_to is None:
            raise ScenarioError(f"{where}: an Aura on the battlefield must be attached to something it can "
                                f"enchant ({enchant.text}); say which with attached_to=<id> (704.5m)")
        state = self.state()
        host = state.obj(attached_to)
        if host.zone is not Zone.BATTLEFIELD:
            raise ScenarioError(f"{where}: {host.card} (#{attached_to}) is in the {host.zone.value}; an Aura is "
                                "attached to a permanent on the battlefield (303.4c, 704.5m)")
        if not enchant.target.legal(state, controller, host):
            raise ScenarioError(f"{where}: {host.card} (#{attached_to}) isn't {enchant.target.description}, "
                                f"so {name} can't enchant it ({enchant.text}, 303.4a, 704.5m)")

    def mana(self, player: str, symbols: str, source: str = "scenario") -> Scenario:
        """Put mana in a player's pool, e.g. ``s.mana("Alice", "GGW")``."""
        self._check_player(player, "mana")
        for ch in symbols.replace("{", "").replace("}", ""):
            try:
                self.pools[player].append((ManaType(ch), source))
            except ValueError:
                raise ScenarioError(f"scenario {self.title!r}: mana for {player}: {ch!r} is not one of WUBRGC") from None
        return self

    def lands_played(self, player: str, n: int = 1) -> Scenario:
        """Say ``player`` has already played ``n`` lands this turn (305.2a), e.g. to ask whether
        they may play another."""
        self._check_player(player, "lands_played")
        if not isinstance(n, int) or n < 0:
            raise ScenarioError(f"scenario {self.title!r}: lands_played for {player} must be a whole number ≥ 0, "
                                f"got {n!r}")
        self.lands[player] = n
        return self

    def state(self) -> GameState:
        """The starting state. The active player holds priority (117.3a)."""
        uid = len(self.objects)
        players = []
        for p in self.players:
            pool = []
            for t, source in self.pools[p]:
                uid += 1
                pool.append(make_mana(t, source, uid))
            players.append(Player(p, self.teams[p], self.life, tuple(pool), turn_began=self._turn_began(p),
                                  lands_played=self.lands.get(p, 0)))
        state = GameState(tuple(players), tuple(self.objects), turn=self.turn, active=self.active, step=self.step,
                          priority=self.active, next_id=uid + 1,
                          timestamp=len(self.objects) + 1, game_format=self.game_format, seed=self.seed)
        return _declare_attackers_step(state) if self.step is Step.DECLARE_ATTACKERS else state

    def _turn_began(self, p: str) -> int:
        if p == self.active or (self.game_format == "two-headed giant" and self.teams[p] == self.teams[self.active]):
            return self.turn
        return max(self.turn - 1, 0)

    def timeline(self, callback=None) -> Timeline:
        return Timeline(self.state(), self.title, callback)

    # ---- plain-data scenarios
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scenario:
        """Build from plain data: {"title", "players", "step", "cards": [{"card", "controller", ...}]}."""
        if not isinstance(data, Mapping):
            raise ScenarioError(f"a scenario must be a mapping, not {type(data).__name__}")
        known = {"title", "players", "teams", "turn", "active", "step", "format", "life", "seed", "cards", "mana"}
        extra = set(data) - known
        if extra:
            raise ScenarioError(f"scenario: unknown field(s) {sorted(extra)}; expected some of {sorted(known)}")
        s = cls(data.get("title", ""), data.get("players", ("Alice", "Bob")), teams=data.get("teams"),
                turn=data.get("turn", 2), active=data.get("active"), step=data.get("step", "main1"),
                game_format=data.get("format"), life=data.get("life"), seed=data.get("seed", 0))
        fields = {"card", "controller", "owner", "zone", "tapped", "sick", "counters", "attached_to", "chosen"}
        for i, entry in enumerate(data.get("cards", [])):
            if not isinstance(entry, Mapping) or "card" not in entry:
                raise ScenarioError(f"scenario: cards[{i}] must be a mapping with a 'card' field")
            bad = set(entry) - fields
            if bad:
                raise ScenarioError(f"scenario: cards[{i}] ({entry['card']!r}): unknown field(s) {sorted(bad)}")
            args = {k: v for k, v in entry.items() if k != "card"}
            s.add(entry["card"], **args)
        for player, symbols in data.get("mana", {}).items():
            s.mana(player, symbols)
        return s


# Steps that need attackers declared earlier in the same combat: a scenario can't start there.
AFTER_ATTACKS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)


def _declare_attackers_step(state: GameState) -> GameState:
    """A scenario starting in the declare attackers step starts as that step begins: a combat is
    under way, and the active player declares attackers before anyone gets priority (508.1), as
    the turn loop does (with nothing that can attack, no attackers are declared, and 508.8 applies)."""
    d = Draft(state)
    begin_step(d, Step.DECLARE_ATTACKERS, Chooser())
    return d.freeze()


def _printed_loyalty(name: str) -> dict[str, int]:
    """The loyalty counters a planeswalker enters with, from its enters-with ability."""
    return {kind: int(n) for a in card(name).abilities if isinstance(a, EntersWith)
            for kind, n in a.counters if kind == "loyalty"}


def _needs_color(name: str) -> bool:
    """Cards that choose a colour as they enter (614.12) need that choice in a scenario too."""
    return any(isinstance(a, EntersWith) and a.choose_color for a in card(name).abilities)


def _counters(counters: Mapping[str, int] | None, where: str) -> tuple[tuple[str, int], ...]:
    out: tuple[tuple[str, int], ...] = ()
    for kind, n in (counters or {}).items():
        if not isinstance(n, int) or n < 0:
            raise ScenarioError(f"{where}: counters[{kind!r}] must be a whole number ≥ 0, got {n!r}")
        out = set_counter(out, kind, n)
    return out
