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
from mtgrules.core.choices import Callback, Chooser
from mtgrules.core.errors import ScenarioError
from mtgrules.core.mana import ManaType, make_mana
from mtgrules.core.objects import PLAYER_ZONES, GameObject, Player, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.play import scenario_input as check
from mtgrules.play.scenario_input import CARD_FIELDS, FORMATS, SCENARIO_FIELDS
from mtgrules.play.timeline import Timeline
from mtgrules.rules import hooks
from mtgrules.rules.turn_loop import begin_step, turn_based_actions

__all__ = ["Scenario", "FORMATS"]


class Scenario:
    """A board under construction. ``add`` returns each object's id for use in actions.

    Every call checks all of its arguments before changing anything, so a refused call (a
    :class:`ScenarioError` naming the entry and field) leaves the scenario exactly as it was."""

    def __init__(self, title: str = "", players: Sequence[str] = ("Alice", "Bob"), *,
                 teams: Mapping[str, str] | None = None, turn: int = 2, active: str | None = None,
                 step: str = "main1", game_format: str | None = None, life: int | None = None,
                 seed: int = 0) -> None:
        title = check.text(title, "scenario", "title")
        where = f"scenario {title!r:.60}"
        names = check.players(players, where)
        fmt = check.game_format(game_format, names, where)
        self.title = title
        self.game_format = fmt
        self.teams = check.teams(teams, names, fmt, where)
        self.players = names
        self.turn = check.whole(turn, where, "turn", minimum=1)
        self.active = names[0] if active is None else check.player(active, names, where, "active")
        self.step = check.step(step, where)
        if self.step in AFTER_ATTACKS:
            check.fail(where, f"a scenario can't start in the {self.step.value} step: that step needs attackers "
                              "declared earlier in this combat (508.1, 509.1), and a scenario doesn't declare them; "
                              "start at step='combat' or step='declare attackers', then use advance_to and "
                              "declare_attackers")
        no_priority = _step_without_priority(self.step, self.turn, names, fmt)
        if no_priority:
            check.fail(where, no_priority)
        default_life = 30 if fmt == "two-headed giant" else 20
        self.life = default_life if life is None else check.whole(life, where, "life")
        self.seed = check.whole(seed, where, "seed", maximum=check.MAX_SEED)
        self.objects: list[GameObject] = []
        self.pools: dict[str, list[tuple[ManaType, str]]] = {p: [] for p in names}
        self.lands: dict[str, int] = {}

    @property
    def _where(self) -> str:
        return f"scenario {self.title!r:.60}"

    def _check_player(self, name: str, where: str) -> None:
        check.player(name, self.players, self._where, where)

    def add(self, name: str, controller: str | None = None, *, owner: str | None = None,
            zone: str = "battlefield", tapped: bool = False, sick: bool = False,
            counters: Mapping[str, int] | None = None, attached_to: int | None = None,
            chosen: Mapping[str, str] | None = None, zone_player: str | None = None) -> int:
        """Put a card into a zone and return its id. ``sick`` means it came under its
        controller's control this turn (302.6)."""
        entry = f"card #{len(self.objects) + 1} ({check.brief(name)})"
        self._refuse_a_player_as_the_card(f"{self._where}, {entry}", name, controller)
        return self._add(entry, name, controller, owner=owner,
                         zone=zone, tapped=tapped, sick=sick, counters=counters, attached_to=attached_to,
                         chosen=chosen, zone_player=zone_player)

    def _refuse_a_player_as_the_card(self, where: str, name: Any, controller: Any) -> None:
        """``add("Alice", "Forest")``: the card's name comes first, then its controller. A player's
        name where the card goes is said as such, with the call in the right order, rather than
        "no card named 'Alice'"."""
        if not isinstance(name, str) or name not in self.players or _is_card(name):
            return
        if isinstance(controller, str) and _is_card(controller):
            fix = f"add({controller!r}, {name!r})"
        else:
            fix = f"add('Forest', {name!r}) for a Forest {name} controls"
        check.fail(where, f"{name!r} is a player, not a card: add takes the card's name first and its controller "
                          f"second, as in {fix}")

    def _add(self, entry: str, name: Any, controller: Any = None, *, owner: Any = None, zone: Any = "battlefield",
             tapped: Any = False, sick: Any = False, counters: Any = None, attached_to: Any = None,
             chosen: Any = None, zone_player: Any = None) -> int:
        """``add`` with the entry named as the caller knows it (``card #2`` or ``cards[1]``)."""
        where = f"{self._where}, {entry}"
        name = check.card_name(name, where)
        for field, value in (("controller", controller), ("owner", owner), ("zone_player", zone_player)):
            if value is not None:
                check.player(value, self.players, where, field)
        controller = controller or owner or self.active
        owner = owner or controller
        z = check.zone(zone, where)
        tapped = check.flag(tapped, where, "tapped")
        is_token = card(name).token
        if is_token and z is not Zone.BATTLEFIELD:
            check.fail(where, f"{name} is a token, not a card: a token exists only on the battlefield and "
                              f"ceases to exist anywhere else (111.7), so it can't be put in the {z.value}")
        if tapped and z is not Zone.BATTLEFIELD:
            check.fail(where, f"only a permanent is tapped or untapped; a card in the {z.value} has no status "
                              "(110.5d), so leave tapped out")
        if controller is not None and owner is not None and controller != owner and z is not Zone.BATTLEFIELD:
            check.fail(where, f"a card in the {z.value} has no controller, only an owner (108.4), so controller "
                              f"{check.brief(controller)} can't differ from owner {check.brief(owner)}; leave controller out")
        sick = check.flag(sick, where, "sick")
        # A graveyard card may attack from there (Over My Dead Bodies), so "put there this turn" counts;
        # anywhere else nothing reads it, and the card enters as a new object (400.7): refused, not forgotten.
        if sick and z not in (Zone.BATTLEFIELD, Zone.GRAVEYARD):
            check.fail(where, f"sick says a creature came under its controller's control this turn (302.6); a card "
                              f"in the {z.value} has no controller (108.4) and is a new object once it moves "
                              "(400.7), so leave sick out")
        given_counters = None if counters is None else check.counters(counters, where)
        if given_counters and any(given_counters.values()) and z in (Zone.HAND, Zone.LIBRARY):
            # Shown on the card there (122.1a), then gone without a word as it is cast or played:
            # refused, not forgotten, as tapped and sick are.
            check.fail(where, f"counters on a card in the {z.value} cease to exist as soon as it moves, as it is "
                              "cast or played (122.2, 400.7), and nothing the kit plays puts counters on a card "
                              f"there; leave counters out, or put the card on the battlefield with them")
        choices = {} if chosen is None else check.chosen(chosen, name, where)
        if choices and z is not Zone.BATTLEFIELD:  # it would be forgotten: the choice is made as it enters
            check.fail(where, f"{name} chooses as it enters the battlefield (614.12), so a card in the {z.value} "
                              "has chosen nothing yet; leave chosen out, and answer when it enters "
                              f"(such as color='G')")
        if z is Zone.BATTLEFIELD and check.chooses_color(name) and "color" not in choices:
            check.fail(where, f"{name} chose a colour as it entered; say which with chosen={{'color': 'G'}}")
        if attached_to is not None:
            check.whole(attached_to, where, "attached_to")
            if attached_to not in {o.oid for o in self.objects}:
                check.fail(where, f"attached_to {attached_to} is not an object added earlier")
        self._check_aura(where, name, z, attached_to, controller)
        if zone_player is not None and z not in PLAYER_ZONES:
            check.fail(where, f"zone_player says whose {z.value} it is, but only a library, hand or graveyard "
                              "belongs to a player")
        if z is Zone.BATTLEFIELD and "Planeswalker" in card(name).types and "loyalty" not in (given_counters or {}):
            # it entered with its loyalty (306.5b); other counters given don't take that away
            given_counters = {**_printed_loyalty(name), **(given_counters or {})}
        oid = len(self.objects) + 1
        self.objects.append(GameObject(
            oid, name, owner, controller if z is Zone.BATTLEFIELD else owner, z,
            zone_player=(zone_player or owner) if z in PLAYER_ZONES else None,
            seq=oid, tapped=tapped, counters=_counters(given_counters),
            control_since=self.turn if sick else 0, chosen=tuple(sorted(choices.items())),
            timestamp=oid, attached_to=attached_to, is_token=is_token))
        if attached_to is not None:
            self._check_attach_rules(where, name, oid, attached_to)
        return oid

    def _check_attach_rules(self, where: str, name: str, oid: int, host: int) -> None:
        """An Aura the host's abilities forbid (protection, 702.16c) would go straight to the
        graveyard (704.5m), so the board can't be set up; nothing of it is kept."""
        state = self.state()
        for rule in hooks.ATTACH_RULES:
            why = rule(state, state.obj(oid), state.obj(host))
            if why is not None:
                self.objects.pop()
                raise ScenarioError(f"{where}: {name} can't be attached to {state.obj(host).card} (#{host}), {why}; "
                                    "it would go to its owner's graveyard at once (704.5m)")

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
        """Put mana in a player's pool, e.g. ``s.mana("Alice", "GGW")``. Every symbol is checked
        before any is added."""
        where = f"{self._where}, mana for {check.brief(player)}"
        self._check_player(player, "mana")
        types = check.mana_symbols(symbols, where)
        source = check.text(source, where, "source")
        self.pools[player].extend((t, source) for t in types)
        return self

    def lands_played(self, player: str, n: int = 1) -> Scenario:
        """Say ``player`` has already played ``n`` lands this turn (305.2a), e.g. to ask whether
        they may play another."""
        self._check_player(player, "lands_played")
        self.lands[player] = check.whole(n, f"{self._where}, lands_played for {check.brief(player)}", "the number of lands",
                                         minimum=0)
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
        if self.step is Step.BEGIN_COMBAT:
            return _beginning_of_combat_step(state)
        return _declare_attackers_step(state) if self.step is Step.DECLARE_ATTACKERS else state

    def _turn_began(self, p: str) -> int:
        if p == self.active or (self.game_format == "two-headed giant" and self.teams[p] == self.teams[self.active]):
            return self.turn
        return max(self.turn - 1, 0)

    def timeline(self, callback: Callback | None = None) -> Timeline:
        return Timeline(self.state(), self.title, callback)

    # ---- plain-data scenarios
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scenario:
        """Build from plain data: {"title", "players", "step", "cards": [{"card", "controller", ...}]}.

        Only plain values are read (text, numbers, true/false, lists, mappings); anything else is a
        :class:`ScenarioError` naming the entry and field."""
        if not isinstance(data, Mapping):
            raise ScenarioError(f"a scenario must be a mapping of fields, not {check.shown(data)}")
        extra = [k for k in data if k not in SCENARIO_FIELDS]
        if extra:
            raise ScenarioError(f"scenario: unknown field(s) {check.some(extra)}; expected some of "
                                f"{sorted(SCENARIO_FIELDS)}")
        s = cls(data.get("title", ""), data.get("players", ("Alice", "Bob")), teams=data.get("teams"),
                turn=data.get("turn", 2), active=data.get("active"), step=data.get("step", "main1"),
                game_format=data.get("format"), life=data.get("life"), seed=data.get("seed", 0))
        cards = data.get("cards", [])
        if isinstance(cards, str | Mapping) or not isinstance(cards, Sequence):
            check.fail(s._where, f"cards must be a list of entries, not {check.shown(cards)}")
        for i, entry in enumerate(cards):
            if not isinstance(entry, Mapping) or "card" not in entry:
                check.fail(s._where, f"cards[{i}] must be a mapping with a 'card' field, not {check.shown(entry)}")
            label = f"cards[{i}] ({check.brief(entry['card'])})"
            bad = [k for k in entry if k not in CARD_FIELDS]
            if bad:
                check.fail(f"{s._where}, {label}", f"unknown field(s) {check.some(bad)}; expected some of "
                           f"{list(CARD_FIELDS)}")
            s._add(label, entry["card"], **{k: v for k, v in entry.items() if k != "card"})
        mana = check.mapping(data.get("mana", {}), s._where, "mana")
        checked = []
        for who, given in mana.items():
            where = f"{s._where}, mana for {check.brief(who)}"
            s._check_player(who, "mana")
            parts = [{"symbols": given}] if isinstance(given, str) else given
            if not isinstance(parts, list) or not all(isinstance(p, Mapping) for p in parts):
                check.fail(where, f"mana must be symbols such as \"GG\" or a list of {{\"symbols\", \"source\"}}, "
                                  f"not {check.shown(given)}")
            for part in parts:
                unknown = [k for k in part if k not in ("symbols", "source")]
                if unknown or "symbols" not in part:
                    check.fail(where, f"each part must have 'symbols' and may have 'source', not {sorted(map(repr, part))}")
                checked.append((who, check.mana_symbols(part["symbols"], where),
                                check.text(part.get("source", "scenario"), where, "source")))
        lands = check.mapping(data.get("lands_played", {}), s._where, "lands_played")
        counted = {}
        for who, n in lands.items():
            s._check_player(who, "lands_played")
            counted[who] = check.whole(n, f"{s._where}, lands_played", f"lands_played[{check.brief(who)}]", minimum=0)
        for who, types, source in checked:
            s.pools[who].extend((t, source) for t in types)
        s.lands.update(counted)
        return s

    def to_dict(self) -> dict[str, Any]:
        """The scenario as plain data (JSON-ready) that ``from_dict`` reads back to the same board."""
        out: dict[str, Any] = {"title": self.title, "players": list(self.players)}
        if any(team != p for p, team in self.teams.items()):
            out["teams"] = dict(self.teams)
        out.update(turn=self.turn, active=self.active, step=self.step.value, format=self.game_format,
                   life=self.life, seed=self.seed)
        out["cards"] = [_card_entry(o, self.turn) for o in self.objects]
        mana: dict[str, Any] = {}
        for p, units in self.pools.items():
            if not units:
                continue
            if all(source == "scenario" for _, source in units):
                mana[p] = "".join(t.value for t, _ in units)
            else:
                mana[p] = [{"symbols": t.value, "source": source} for t, source in units]
        if mana:
            out["mana"] = mana
        if any(self.lands.values()):
            out["lands_played"] = {p: n for p, n in self.lands.items() if n}
        return out


# Steps that need attackers declared earlier in the same combat: a scenario can't start there.
AFTER_ATTACKS = (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE)


def _is_card(name: str) -> bool:
    try:
        card(name)
    except KeyError:
        return False
    return True


def _step_without_priority(step: Step, turn: int, names: Sequence[str], fmt: str | None) -> str:
    """Why a game can't be found in ``step`` with the active player holding priority, or "".
    A scenario starts with the active player holding priority (117.3a), so it can't start in a
    step where no one gets priority, nor in a draw step the first turn doesn't have."""
    if step is Step.UNTAP:
        return ("a scenario can't start in the untap step: no player receives priority in it (502.4); start at "
                "step='upkeep' (the untap step is already over), or in the previous turn and use advance_to")
    if step is Step.CLEANUP:
        return ("a scenario can't start in the cleanup step: normally no player receives priority in it "
                "(514.3); start at step='end' and use advance_to")
    if step is Step.DRAW and turn == 1 and (fmt == "two-headed giant" or len(names) == 2):
        rule, who = ("103.8b", "team") if fmt == "two-headed giant" else ("103.8a", "player")
        return (f"a scenario can't start in the draw step of turn 1: the starting {who} skips the draw step of "
                f"their first turn ({rule}); start at step='main1', or at turn=2")
    return ""


def _beginning_of_combat_step(state: GameState) -> GameState:
    """A scenario starting in the beginning of combat step starts with that step's turn-based
    action done: the combat phase is under way, with the active player (team) the attacking
    player and their opponents the defending players (506.2), so a creature put onto the
    battlefield attacking now attacks (508.4), as it does when the step is reached by passing.
    Its "at the beginning of combat" triggers are not made: the scenario is the moment after
    them, with the active player holding priority (start at step='main1' and ``go_to`` the step
    to see them trigger)."""
    d = Draft(state)
    turn_based_actions(d, Step.BEGIN_COMBAT, Chooser())
    return d.freeze()


def _declare_attackers_step(state: GameState) -> GameState:
    """A scenario starting in the declare attackers step starts as that step begins: a combat is
    under way, and the active player declares attackers before anyone gets priority (508.1), as
    the turn loop does (with nothing that can attack, no attackers are declared, and 508.8 applies)."""
    d = Draft(state)
    begin_step(d, Step.DECLARE_ATTACKERS, Chooser())
    return d.freeze()


def _card_entry(o: GameObject, turn: int) -> dict[str, Any]:
    """One object as the entry ``_add`` reads back (the fields that differ from the defaults)."""
    entry: dict[str, Any] = {"card": o.card, "controller": o.controller, "owner": o.owner, "zone": o.zone.value}
    if o.zone_player is not None and o.zone_player != o.owner:
        entry["zone_player"] = o.zone_player
    if o.tapped:
        entry["tapped"] = True
    if o.control_since and o.control_since == turn:
        entry["sick"] = True
    walker = o.zone is Zone.BATTLEFIELD and "Planeswalker" in card(o.card).types
    if o.counters or walker:
        counters = dict(o.counters)
        if walker and "loyalty" not in counters:  # loyalty 0 (704.5i will see to it) is written as 0:
            counters["loyalty"] = 0               # none written, from_dict gives the printed loyalty (306.5b)
        entry["counters"] = counters
    if o.attached_to is not None:
        entry["attached_to"] = o.attached_to
    if o.chosen:
        entry["chosen"] = dict(o.chosen)
    return entry


def _printed_loyalty(name: str) -> dict[str, int]:
    """The loyalty counters a planeswalker enters with, from its enters-with ability."""
    return {kind: int(n) for a in card(name).abilities if isinstance(a, EntersWith)
            for kind, n in a.counters if kind == "loyalty"}


def _counters(counters: Mapping[str, int] | None) -> tuple[tuple[str, int], ...]:
    out: tuple[tuple[str, int], ...] = ()
    for kind, n in (counters or {}).items():
        out = set_counter(out, kind, n)
    return out
