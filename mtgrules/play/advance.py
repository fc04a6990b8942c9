"""Fast-forwarding a timeline: "advance to the next upkeep".

:func:`advance_to` passes priority for whoever holds it, again and again, recording every pass
as a frame, until the asked-for step begins (on the asked-for player's turn, if one is named). For the
untap and cleanup steps, where no one gets priority, it stops after the pass during which the
step took place.
On the way, anything on the stack resolves, because everyone passes. When a pass needs a choice
(a trigger's sacrifice, the order of several triggers, a discard in cleanup) it stops and
returns the request, unless a ``choose`` callback answers it; the answer is then scripted into
the recorded pass, so replaying the timeline needs no callback. When the game waits for
attackers or blockers to be declared, it declares none, since fast-forwarding takes no actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtgrules.core.actions import PassPriority
from mtgrules.core.choice_kinds import missing_sentence
from mtgrules.core.choices import Callback, ChoiceRequest
from mtgrules.core.errors import IllegalAction, MissingChoice, UnknownName, WrongThing
from mtgrules.core.events import EventKind
from mtgrules.core.state import GameState
from mtgrules.core.turns import Step, parse_step
from mtgrules.play.timeline import Frame, Timeline, require_timeline
from mtgrules.rules.teams import game_over, turn_mates


@dataclass(frozen=True)
class Advance:
    """How :func:`advance_to` ended. ``reached`` is True when the step began; otherwise
    ``choice`` is the choice a player must make before play can go on, or ``reason`` says why
    it stopped. ``passes`` counts the passes it recorded."""

    reached: bool
    passes: int
    choice: ChoiceRequest | None = None
    reason: str = ""

    def __bool__(self) -> bool:
        return self.reached


def advance_to(timeline: Timeline, step: Step | str, player: str | None = None, *,
               choose: Callback | None = None, max_passes: int = 500) -> Advance:
    """Pass priority for everyone until ``step`` next begins (on ``player``'s turn, if given).

    Returns an :class:`Advance`; it never raises for a missing choice, it stops before it."""
    require_timeline(timeline, "advance_to")
    if choose is not None and not callable(choose):
        raise WrongThing(f"advance_to: choose must be a function of a ChoiceRequest (answer_with({{...}}) makes "
                        f"one), not {type(choose).__name__} {choose!r:.40}")
    if not isinstance(max_passes, int) or isinstance(max_passes, bool) or max_passes < 0:
        raise WrongThing(f"advance_to: max_passes must be a whole number, not {max_passes!r:.40}")
    target = parse_step(step)
    if player is not None and player not in timeline.state.player_names:
        raise UnknownName(f"there is no player named {player!r:.40} in this game; the players are "
                          f"{', '.join(timeline.state.player_names)}")
    for n in range(max_passes):
        before = timeline.state
        if game_over(before):
            return Advance(False, n, reason=_why_over(timeline))
        if before.priority is None:
            stopped = _declare_nothing(timeline, before)
            if stopped:
                return Advance(False, n, reason=stopped)
            if began(before, timeline[-1], target, player):
                return Advance(True, n + 1)
            continue
        request = _pass(timeline, before.priority, choose)
        if request is not None:
            return Advance(False, n, choice=request, reason=missing_sentence(
                request.kind, request.player, request.options, lambda oid: _card_of(timeline.state, oid)))
        if began(before, timeline[-1], target, player):
            return Advance(True, n + 1)
    return Advance(False, max_passes, reason=f"{target.value} didn't begin within {max_passes} passes")


def _card_of(state: GameState, oid: int) -> str:
    """The card an id names, for a question's options in words; "" for one that names nothing."""
    try:
        return state.obj(oid).card
    except (KeyError, TypeError):
        return ""


def _why_over(timeline: Timeline) -> str:
    """"The game is over", with how it ended (the last frame where a player lost or conceded):
    fast-forwarding into a draw from an empty library ends a game no one meant to end (704.5b)."""
    for frame in reversed(timeline.frames):
        ended = [e.describe() for e in frame.events if e.kind in (EventKind.LOST, EventKind.LEFT_THE_GAME)]
        if ended:
            return f"the game is over: {'; '.join(ended)}"
    return "the game is over"


def _declare_nothing(timeline: Timeline, state: GameState) -> str:
    """No one has priority while the game waits for attackers or blockers to be declared (508.1,
    509.1). Fast-forwarding takes no actions, so it declares none; it stops (returning why) when
    the game waits for something else or requirements forbid declaring none (508.1d, 509.1c)."""
    from mtgrules.rules.combat.declare import decline_declaration

    nothing = decline_declaration(state)
    if nothing is None:
        return "no player has priority"
    try:
        timeline.do(nothing)
    except (IllegalAction, MissingChoice) as err:
        return f"{nothing.player} can't declare nothing here: {err.reason}"
    return ""


def began(before: GameState, frame: Frame, step: Step, player: str | None) -> bool:
    """Whether ``step`` began during ``frame`` (on ``player``'s turn, if given). Read from the
    frame's events, so steps without priority (untap, cleanup) count too."""
    active = before.active
    for ev in frame.events:
        if ev.kind == EventKind.ACTIVE and ev.obj is None:
            active = ev.after
        elif ev.kind == EventKind.STEP_BEGINS and ev.after == step.value:
            if player is None or player in turn_mates(frame.state, active):
                return True
    return False


def _pass(timeline: Timeline, holder: str, choose: Callback | None) -> ChoiceRequest | None:
    """Record one pass; answer its choices with ``choose``, or return the first unanswered one."""
    answers: dict[str, Any] = {}
    while True:
        try:
            timeline.do(PassPriority(holder, tuple(sorted(answers.items()))))
            return None
        except MissingChoice as need:
            listed = need.options if not isinstance(need.options, list | tuple) else tuple(need.options)
            request = ChoiceRequest(need.kind, need.player, listed, need.rule)  # a lazy sequence stays lazy
            value = choose(request) if choose is not None else None
            if value is None:
                return request
            if need.kind in answers:  # asked again in the same pass: a queue of answers
                earlier = answers[need.kind]
                answers[need.kind] = [*(earlier if isinstance(earlier, list) else [earlier]), value]
            else:
                answers[need.kind] = value


def answer_with(answers: dict[Any, Any]) -> Callback:
    """A ``choose`` callback from a table of answers, for scripted lessons and tests.

    Keys are ``(player, kind)`` or just ``kind``; a value is one answer, or a list of answers
    given one per question, in order. A question the table doesn't answer gets None, which
    makes :func:`advance_to` stop and return it."""
    if not isinstance(answers, Mapping):
        raise WrongThing(f"answer_with takes a table of answers such as {{'color': 'G'}} or "
                        f"{{('Bob', 'sacrifice'): 3}}, not {type(answers).__name__} {answers!r:.40}")
    queues = {key: list(v) if isinstance(v, list) else [v] for key, v in answers.items()}

    def callback(request: ChoiceRequest) -> Any:
        for key in ((request.player, request.kind), request.kind):
            queue = queues.get(key)
            if queue:
                return queue.pop(0)
        return None

    return callback
