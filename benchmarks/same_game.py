"""One scripted 10-turn two-player game, the same every run, to time the engine on real play.

Alice plays Forests and green creatures (Grizzly Bears, Giant Spider, Craw Wurm), Bob Swamps and
Walking Corpses. Each turn the active player makes a land drop, taps Forests or Swamps for mana
and casts the biggest creature they can pay for, attacks with everything that can attack, and
the defender blocks where the block kills the attacker or survives it; everybody else passes.
The driver below is a fixed policy, not a list of moves, but it reads only the state, so it
plays the same game every time: about 60 game actions and 210 passes.

The measured figures:

* play time per game: every action applied in order, from the first state to the last;
* ``legal_actions`` per call, asked at every point where a player can act (priority or a
  combat declaration), for the kit's generator and for the reference that tries each candidate
  with a full ``apply`` (``legal.legal_actions_reference``), in the same run;
* ``apply`` per action.

Land drops are ``play_land`` actions. ``LAND_DROP_IS_AN_ACTION = False`` has the scenario move
the land from hand to the battlefield between actions instead (how the game was played before
``play_land`` existed; not counted as an action).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from mtgrules import GameState, PassPriority, Scenario, Step, Zone, apply
from mtgrules.core.actions import Action, Activate, CastSpell
from mtgrules.core.carddef import card
from mtgrules.core.state import Draft
from mtgrules.rules.combat.blocking import legal_blocks
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers, possible_attackers
from mtgrules.rules.layers import characteristics
from mtgrules.rules.zones import move

LAND_DROP_IS_AN_ACTION = True  # False: the scenario moves the land instead (before play_land existed)
TURNS = 10

ALICE_HAND = ("Forest", "Forest", "Grizzly Bears", "Grizzly Bears", "Giant Spider", "Craw Wurm")
ALICE_LIBRARY = ("Forest", "Grizzly Bears", "Forest", "Forest", "Grizzly Bears", "Forest", "Forest", "Forest")
BOB_HAND = ("Swamp", "Swamp", "Walking Corpse", "Walking Corpse", "Walking Corpse", "Walking Corpse")
BOB_LIBRARY = ("Swamp", "Walking Corpse", "Swamp", "Swamp", "Walking Corpse", "Swamp", "Swamp", "Swamp")


def start_state() -> GameState:
    """Turn 2, Alice's first main phase; each player has one land out and a hand of six."""
    s = Scenario("same-game benchmark", turn=2, step="upkeep")
    for player, land, hand, library in (("Alice", "Forest", ALICE_HAND, ALICE_LIBRARY),
                                        ("Bob", "Swamp", BOB_HAND, BOB_LIBRARY)):
        s.add(land, player)
        for name in reversed(library):  # the last card added is the top of the library
            s.add(name, player, zone="library")
        for name in hand:
            s.add(name, player, zone="hand")
    return s.state()


# ---------------------------------------------------------------- the policy
@dataclass
class Driver:
    """Chooses the next move from the state alone (plus whether this turn's land was played)."""

    land_turns: set[int]

    def next_move(self, state: GameState) -> Action | Callable[[GameState], GameState]:
        combat = state.combat
        if state.priority is None and combat is not None and combat.awaiting:
            what, who = combat.awaiting[0]
            return self._attack(state, who) if what == "attackers" else self._block(state, who)
        player = state.priority
        if player == state.active and state.step is Step.MAIN1 and not state.stack:
            move_ = self._main_phase(state, player)
            if move_ is not None:
                return move_
        return PassPriority(player)

    def _main_phase(self, state: GameState, player: str):
        hand = state.in_zone(Zone.HAND, player)
        lands = [o for o in hand if "Land" in card(o.card).types]
        if lands and state.turn not in self.land_turns:
            self.land_turns.add(state.turn)
            return land_drop(player, lands[0].oid)
        untapped = [o for o in state.battlefield(player) if "Land" in card(o.card).types and not o.tapped]
        pool = len(state.player(player).pool)
        spells = sorted((o for o in hand if "Creature" in card(o.card).types),
                        key=lambda o: -card(o.card).mana_cost.mana_value(0))
        for spell in spells:
            cost = card(spell.card).mana_cost.mana_value(0)
            if cost <= pool:
                return CastSpell(player, spell.oid)
            if cost <= pool + len(untapped):
                return Activate(player, untapped[0].oid, 0)
        return None

    def _attack(self, state: GameState, player: str) -> Action:
        defender = state.opponents(player)[0]
        return declare_attackers(player, {o.oid: defender for o in possible_attackers(state)})

    def _block(self, state: GameState, player: str) -> Action:
        """Block an attacker with a creature that kills it or survives it; never chump."""
        options = legal_blocks(state, player).options
        blocks: dict[int, int] = {}
        for attacker in sorted({a for may in options.values() for a in may}):
            att = characteristics(state, attacker)
            for oid, may in options.items():
                me = characteristics(state, oid)
                if oid not in blocks and attacker in may and (me.power >= att.toughness or me.toughness > att.power):
                    blocks[oid] = attacker
                    break
        return declare_blockers(player, blocks)


def land_drop(player: str, land: int) -> Action | Callable[[GameState], GameState]:
    """The land drop: an action once ``play_land`` exists, a scenario edit until then."""
    if LAND_DROP_IS_AN_ACTION:
        from mtgrules.core.actions import play_land
        return play_land(player, land)

    def put_onto_battlefield(state: GameState) -> GameState:
        d = Draft(state)
        move(d, land, Zone.BATTLEFIELD, "305.1", f"{player} plays {state.obj(land).card}", controller=player)
        return d.freeze()
    return put_onto_battlefield


# ---------------------------------------------------------------- recording and replaying
@dataclass(frozen=True)
class Game:
    """The moves of the scripted game: actions, and scenario edits (land drops) between them."""

    start: GameState
    moves: tuple[Action | Callable[[GameState], GameState], ...]

    @property
    def actions(self) -> int:
        return sum(isinstance(m, Action) for m in self.moves)

    @property
    def passes(self) -> int:
        return sum(isinstance(m, PassPriority) for m in self.moves)


def record_game(turns: int = TURNS) -> Game:
    """Play the policy until ``turns`` turns are over and keep its moves."""
    state = start = start_state()
    driver = Driver(set())
    moves = []
    last_turn = start.turn + turns - 1
    while state.turn <= last_turn:
        m = driver.next_move(state)
        moves.append(m)
        state = apply(state, m)[0] if isinstance(m, Action) else m(state)
    return Game(start, tuple(moves))


def replay(game: Game, legal: Callable[[GameState], list] | None = None) -> tuple[float, float, int, GameState]:
    """Play the game once; return (seconds in apply, seconds in ``legal``, calls of ``legal``, end).

    ``legal`` is asked on every state where a player acts, just before the action is applied,
    on states fresh from ``apply`` (their caches hold what ``apply`` computed, nothing more)."""
    state = game.start
    in_apply = in_legal = 0.0
    calls = 0
    for m in game.moves:
        if not isinstance(m, Action):
            state = m(state)
            continue
        if legal is not None:
            t0 = time.perf_counter()
            found = legal(state)
            in_legal += time.perf_counter() - t0
            calls += 1
            if m not in found:
                raise AssertionError(f"the scripted {m} is not among the legal actions")
        t0 = time.perf_counter()
        state = apply(state, m)[0]
        in_apply += time.perf_counter() - t0
    return in_apply, in_legal, calls, state


def bench_same_game(repeats: int = 7) -> list:
    """The figures for ``benchmarks/run.py``: medians over ``repeats`` replays."""
    from run import Result  # benchmarks/run.py puts this folder on the path

    from mtgrules.rules.legal import legal_actions, legal_actions_reference

    game = record_game()
    n = game.actions
    replay(game, legal_actions)  # warm imports and the card caches
    plays, new, ref = [], [], []
    for _ in range(repeats):  # interleaved, so a change in the machine's load touches all three
        plays.append(replay(game)[0])
        new.append(replay(game, legal_actions)[1:3])
        ref.append(replay(game, legal_actions_reference)[1:3])
    plays.sort(), new.sort(), ref.sort()
    new_call = 1000 * new[len(new) // 2][0] / new[0][1]
    ref_call = 1000 * ref[len(ref) // 2][0] / ref[0][1]
    play = plays[len(plays) // 2]
    return [Result("player actions in the game (passes included)", n, "actions"),
            Result("of which passes", game.passes, "actions"),
            Result("play time per game (apply only)", 1000 * play, "ms"),
            Result("apply per action", 1000 * play / n, "ms"),
            Result("legal_actions per call", new_call, "ms"),
            Result("legal_actions_reference per call (try every candidate)", ref_call, "ms"),
            Result("legal_actions speed-up over the reference", ref_call / new_call, "×", ">= 8×")]


if __name__ == "__main__":
    g = record_game()
    end = replay(g)[3]
    print(f"{g.actions} actions ({g.passes} passes); end: turn {end.turn}, "
          f"life {[p.life for p in end.players]}, "
          f"battlefield {len(end.battlefield())}, graveyards {len(end.in_zone(Zone.GRAVEYARD))}")
