"""Moving from step to step and turn to turn, with each step's turn-based actions (500-514).

* Mana empties from every pool as each step and phase ends (106.4).
* The next turn goes to the next player in turn order still in the game (103.1), or to the next
  team under shared team turns (805.4); every player whose turn it is starts their turn (302.6).
* As the end of combat step ends, everything leaves combat (511.3; ``hooks.STEP_ENDS``), then
  unspent mana empties, before the next step begins.
* Untap: the active player (team) untaps their permanents (502.3); no one holds priority (502.4).
* "At the beginning of [step]" abilities trigger as the step begins (603.2b): the step's
  ``"step begins"`` event is checked for triggers at once, while the board is as the step begins.
* Draw: the active player draws (504.1), each player of the active team under shared team turns
  (805.4b). A skip effect of a card replaces a step with nothing (614.1b, 614.10; rules.replacement).
  The first turn of a two-player or Two-Headed Giant game has no draw step: the
  starting player (team) skips it (103.8a, 103.8b), as though it didn't exist (500.11).
* Cleanup: discard to hand size (514.1), then damage wears off and "until end of turn" effects
  end (514.2). Normally no one holds priority (514.3); if state-based actions happen or abilities
  trigger, the active player gets priority and another cleanup step follows (514.3a).

Rules modules can add turn-based actions for a step with ``hooks.TURN_BASED``.
"""

from __future__ import annotations

from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Effect
from mtgrules.core.events import Event, EventKind
from mtgrules.core.mana import pool_text
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step, next_step
from mtgrules.rules import hooks
from mtgrules.rules.discard import discarded
from mtgrules.rules.replacement import skipped_by_effects
from mtgrules.rules.sba import check_state_based_actions
from mtgrules.rules.teams import next_active, shared_team_turns, turn_mates
from mtgrules.rules.triggers import collect_new_triggers
from mtgrules.rules.zones import move

MAX_HAND_SIZE = 7


# ---------------------------------------------------------------- moving on
def advance_step(d: Draft, chooser: Chooser | None = None) -> None:
    """End the current step and begin the next one in which a player gets priority."""
    chooser = chooser or Chooser()
    again = d.step is Step.CLEANUP  # all passed in a cleanup step with priority (514.3a)
    while True:
        for action in hooks.STEP_ENDS.get(d.step, ()):  # as the step ends (511.3)
            action(d, chooser)
        empty_pools(d)
        step = Step.CLEANUP if again else following_step(d)
        again = False
        begin_step(d, step, chooser)
        if step is Step.UNTAP:  # no one gets priority in the untap step (502.4)
            continue
        if step is Step.CLEANUP and not cleanup_gives_priority(d, chooser):
            continue
        return


def following_step(d: Draft) -> Step:
    """The step after the current one, starting the next turn after cleanup."""
    step = next_step(d.step)
    if step is None:
        begin_turn(d)
        return _unless_skipped(d, Step.UNTAP)  # a skip effect can replace even the untap step (614.10)
    return _unless_skipped(d, step)




def _unless_skipped(d: Draft, step: Step) -> Step:
    while True:
        why = next((w for rule in hooks.STEP_SKIPS if (w := rule(d, step)) is not None), None)
        nxt = next_step(step)
        if why is None or nxt is None:
            return step
        if why[1]:  # an empty sentence: a step the turn doesn't have at all (no first strike, 510.4)
            d.note("step skipped", f"the {step.phrase} is skipped: {why[1]}", why[0])
        step = nxt


def empty_pools(d: Draft) -> None:
    """Unspent mana empties from every pool as a step or phase ends (106.4)."""
    state = d.view()
    for p in state.players:
        if p.pool and not any(rule(state, p.name) for rule in hooks.MANA_KEPT):
            d.update_player(p.name, "106.4", f"{p.name}'s unspent mana {pool_text(p.pool)} empties",
                            kind="mana emptied", pool=())


def begin_turn(d: Draft) -> None:
    """The next player (or team) in turn order becomes active; their turn begins (302.6)."""
    state = d.view()
    nxt = next_active(state)
    if shared_team_turns(state):
        rule, who = "805.4", f"{' and '.join(turn_mates(state, nxt))}'s team"
    else:
        rule, who = "103.1", nxt  # turn order goes clockwise from the starting player
    # Turns are counted for the whole game, not per player: after turn 2 (Alice's) comes turn 3,
    # Bob's; said so, since "turn 3 begins: it is Bob's turn" reads as Bob's third turn.
    d.set_scalar(rule, f"turn {d.turn + 1} of the game begins: it is {who}'s turn", turn=d.turn + 1, active=nxt)
    for name in turn_mates(d.view(), nxt):
        d.update_player(name, "302.6", f"{name}'s turn begins, so creatures {name} already controlled are "
                        "no longer summoning sick", kind="turn began", turn_began=d.turn)


def begin_step(d: Draft, step: Step, chooser: Chooser | None = None) -> None:
    """Begin ``step``: announce it, notice "at the beginning of" triggers, then perform its
    turn-based actions. The active player will receive priority (117.3a), except in the untap
    step (502.4) and, normally, the cleanup step (514.3): there no one holds it."""
    holder = None if step in (Step.UNTAP, Step.CLEANUP) else d.active
    d.set_scalar(step.rule, f"the {step.phrase} of {_whose_turn(d)} turn begins", step=step,
                 priority=holder, passes=0)
    d.emit(Event(EventKind.STEP_BEGINS, None, "game", "step", None, step.value, step.rule))  # for triggers
    collect_new_triggers(d)
    turn_based_actions(d, step, chooser or Chooser())


def _whose_turn(d: Draft) -> str:
    state = d.view()
    if shared_team_turns(state):
        return f"{' and '.join(turn_mates(state, d.active))}'s team's"
    return f"{d.active}'s"


# ---------------------------------------------------------------- turn-based actions


def turn_based_actions(d: Draft, step: Step, chooser: Chooser) -> None:
    if step is Step.UNTAP:
        untap(d)
    elif step is Step.DRAW:
        draw_step(d)
    elif step is Step.CLEANUP:
        cleanup(d, chooser)
    for action in hooks.TURN_BASED.get(step, ()):
        action(d, chooser)


def untap(d: Draft) -> None:
    """The active player (each player of the active team) untaps their permanents (502.3)."""
    state = d.view()
    players = set(turn_mates(state, d.active))
    for more in hooks.ALSO_UNTAP:
        players.update(more(state))
    for o in state.battlefield():
        if o.tapped and o.controller in players:
            kept = next((why for rule in hooks.UNTAP_RULES if (why := rule(state, o)) is not None), None)
            if kept is None:
                d.update(o.oid, "502.3", f"{o.card} untaps", tapped=False)
            else:
                d.note("nothing", f"{o.card} doesn't untap: {kept}", "502.3", o.oid)


def skips_first_draw(d: Draft | GameState) -> str | None:
    """The rule under which the active player skips this draw step, if they do: the first
    turn's draw step is skipped in two-player and Two-Headed Giant games, not in other
    multiplayer games (103.8a, 103.8b, 103.8c)."""
    if d.turn != 1:
        return None
    if shared_team_turns(d.view()):
        return "103.8b"
    return "103.8a" if len(d.view().players) == 2 else None


def _first_draw_step_skip(d: Draft | GameState, step: Step) -> tuple[str, str] | None:
    """The starting player (team) skips the whole draw step of the first turn, as though it
    didn't exist (103.8a, 103.8b, 500.11): no draw, no "at the beginning of" triggers, no priority."""
    rule = skips_first_draw(d) if step is Step.DRAW else None
    if rule is None:
        return None
    if rule == "103.8b":
        team = " and ".join(turn_mates(d.view(), d.active))
        return rule, f"{team}'s team plays first, so it skips the draw step of its first turn"
    return rule, f"{d.active} plays first, so they skip the draw step of their first turn"


hooks.STEP_SKIPS.append(_first_draw_step_skip)
hooks.STEP_SKIPS.append(skipped_by_effects)  # skip effects of cards (614.1b, 614.10)


def draw_step(d: Draft) -> None:
    team = shared_team_turns(d.view())
    for name in turn_mates(d.view(), d.active):
        if not d.player(name).lost:  # the turn of a player who left goes on without them (800.4j)
            draw(d, name, "805.4b" if team else "504.1")


def draw(d: Draft, player: str, rule: str = "121.1") -> None:
    """Draw the top card of the library (121.1); an attempt to draw from an empty library is
    remembered, and the player loses at the next check of state-based actions (121.4, 704.5b)."""
    library = d.view().in_zone(Zone.LIBRARY, player)
    if not library:
        d.update_player(player, "121.4", f"{player} can't draw from an empty library, and will lose "
                        "the game when state-based actions are next checked", kind="empty library",
                        drew_from_empty=True)
        return
    move(d, library[-1].oid, Zone.HAND, rule, f"{player} draws a card")


def cleanup(d: Draft, chooser: Chooser | None = None) -> None:
    """Discard to hand size (514.1); then damage wears off and "until end of turn" effects end,
    at the same time (514.2)."""
    discard_to_hand_size(d, chooser or Chooser())
    for o in d.view().battlefield():
        if o.damage:
            d.update(o.oid, "514.2", f"damage on {o.card} wears off", damage=0)
    kept: tuple[Effect, ...] = tuple(e for e in d.effects if not e.until_end_of_turn)
    if len(kept) != len(d.effects):
        ended = [e.description for e in d.effects if e.until_end_of_turn]
        d.set_scalar("514.2", effects=kept)
        d.note("effects end", "“until end of turn” effects end: " + "; ".join(ended), "514.2")


def discard_to_hand_size(d: Draft, chooser: Chooser) -> None:
    """The active player (each player of the active team) with more than seven cards in hand
    discards down to seven, choosing each card (514.1; choice kind ``"discard"``)."""
    for name in turn_mates(d.view(), d.active):
        if any(rule(d.view(), name) for rule in hooks.NO_MAXIMUM_HAND_SIZE):
            continue  # no maximum hand size (402.2): nothing to discard down to
        while len(hand := d.view().in_zone(Zone.HAND, name)) > MAX_HAND_SIZE:
            oid = chooser.choose("discard", name, [o.oid for o in hand], "514.1")
            move(d, oid, Zone.GRAVEYARD, "514.1",
                 f"{name} has more than {MAX_HAND_SIZE} cards in hand and discards {d.obj(oid).card}")
            discarded(d, oid, name, "514.1")  # a discard like any other (701.9a): "whenever ... discards" hears it


def cleanup_gives_priority(d: Draft, chooser: Chooser | None = None) -> bool:
    """After cleanup's actions: if state-based actions happen or abilities trigger, the active
    player gets priority in this cleanup step (514.3a)."""
    before = len(d.events)
    check_state_based_actions(d, chooser)
    acted = len(d.events) > before
    collect_new_triggers(d)
    if not (acted or d.pending):
        return False
    d.note("cleanup priority", "state-based actions were performed or abilities triggered during "
           "cleanup, so the active player gets priority; another cleanup step follows", "514.3a")
    d.set_scalar("514.3a", priority=d.active, passes=0)
    return True
