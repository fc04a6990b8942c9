"""Scenarios for the Call to the Grave lesson (CTG-1 to CTG-3): whole turns, "at the beginning
of" triggers, the intervening "if" (603.4), sacrifice (701.21) and Two-Headed Giant (805, 810).

Each function builds and plays one board and returns its :class:`~mtgrules.play.timeline.Timeline`.
Passing priority step after step is done by :func:`~mtgrules.play.advance.advance_to`; the players'
choices (which creature to sacrifice, the order of triggers) are given up front with
:func:`~mtgrules.play.advance.answer_with` and end up scripted in the recorded passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgrules.core.actions import activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to, answer_with
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

CARD = "Call to the Grave"


def _libraries(s: Scenario, players: list[str], n: int = 4) -> None:
    """A few cards in each library so that draws happen."""
    for p in players:
        for _ in range(n):
            s.add("Swamp", p, zone="library")


@played_once
def turn_cycle() -> Timeline:
    """Two players, one full turn cycle with Call to the Grave on Alice's side.

    Alice's end step: creatures are out, so the end-step ability doesn't trigger (603.4).
    Bob's upkeep: he sacrifices a non-Zombie creature of his choice (he picks Llanowar Elves;
    Walking Corpse isn't an option). Alice's upkeep: her only creature is a Zombie, so the
    ability does nothing (CTG-1). The timeline ends as Alice's next precombat main phase begins."""
    s = Scenario("Call to the Grave: a whole turn cycle", turn=1, step="main1")
    s.add(CARD, "Alice")
    s.add("Walking Corpse", "Alice")
    s.add("Grizzly Bears", "Bob")
    elves = s.add("Llanowar Elves", "Bob")
    s.add("Walking Corpse", "Bob")
    _libraries(s, ["Alice", "Bob"])
    t = s.timeline()
    go_to(t, Step.MAIN1, "Alice", sacrifice=elves)
    return t


@played_once
def only_zombies_upkeep() -> Timeline:
    """CTG-1: Bob controls only Zombies, then Alice controls no creatures at all; each upkeep
    trigger resolves and its player sacrifices nothing."""
    s = Scenario("Call to the Grave: nothing to sacrifice", turn=2, active="Alice", step="end")
    s.add(CARD, "Alice")
    s.add("Walking Corpse", "Bob")
    s.add("Lord of the Accursed", "Bob")
    _libraries(s, ["Alice", "Bob"])
    t = s.timeline()
    go_to(t, Step.DRAW, "Bob")     # Bob's upkeep: the trigger resolves, nothing is sacrificed
    go_to(t, Step.DRAW, "Alice")   # Alice's upkeep: she has no creatures
    return t


@played_once
def two_headed_giant_upkeep() -> Timeline:
    """CTG-2: in Two-Headed Giant, Call to the Grave (Bob's) triggers twice in the upkeep of
    Alice and Andy's team, once for each of them (805.4d). Bob orders the two triggers
    (805.7); each teammate then sacrifices a non-Zombie creature of their own choice.

    The timeline stops when the team's upkeep has begun with both triggers on the stack, then
    goes on, one pass at a time, until both have resolved."""
    s = Scenario("Call to the Grave in Two-Headed Giant", players=["Alice", "Andy", "Bob", "Beth"],
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
                 game_format="two-headed giant", turn=2, active="Bob", step="end")
    s.add(CARD, "Bob")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Llanowar Elves", "Alice")
    s.add("Raging Goblin", "Andy")
    s.add("Walking Corpse", "Andy")
    _libraries(s, ["Alice", "Andy", "Bob", "Beth"])
    t = s.timeline()
    order = ("Call to the Grave (Andy)", "Call to the Grave (Alice)")  # Alice's resolves first
    go_to(t, Step.UPKEEP, "Alice", trigger_order=order)
    t.do(pass_priority("Alice"))                      # team A passes
    t.do(pass_priority("Bob", sacrifice=bears))       # team B passes: Alice's trigger resolves
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob"))                        # Andy's trigger: only one non-Zombie
    return t


@played_once
def end_step_no_trigger() -> Timeline:
    """CTG-3, first half: a creature is on the battlefield as the end step begins, so the
    end-step ability doesn't trigger at all."""
    s = Scenario("Call to the Grave: a creature at the end step", turn=2, step="main2")
    s.add(CARD, "Alice")
    s.add("Grizzly Bears", "Bob")
    t = s.timeline()
    go_to(t, Step.END)
    return t


@played_once
def end_step_creature_enters_in_response() -> Timeline:
    """CTG-3, second half: no creatures as the end step begins, so the ability triggers; Bob
    casts Raise the Alarm in response; when the trigger resolves the condition is false, so it
    does nothing and Call to the Grave stays on the battlefield."""
    s = Scenario("Call to the Grave: a creature enters in response", turn=2, step="main2")
    s.add(CARD, "Alice")
    plains = [s.add("Plains", "Bob"), s.add("Plains", "Bob")]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    t = s.timeline()
    go_to(t, Step.END)                                  # the trigger is on the stack
    t.do(pass_priority("Alice"))
    for land in plains:
        t.do(activate("Bob", land))
    t.do(cast("Bob", alarm))                          # in response
    t.do(pass_priority("Bob"))
    t.do(pass_priority("Alice"))                      # Raise the Alarm resolves: two Soldiers
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob"))                        # the trigger resolves and does nothing
    return t


@played_once
def end_step_sacrificed() -> Timeline:
    """For contrast: no creatures as the end step begins and nobody responds, so the trigger
    resolves and Alice sacrifices Call to the Grave."""
    s = Scenario("Call to the Grave: no creatures at all", turn=2, step="main2")
    s.add(CARD, "Alice")
    t = s.timeline()
    go_to(t, Step.END)
    t.do(pass_priority("Alice"))
    t.do(pass_priority("Bob"))
    return t


@played_once
def several_turns() -> Timeline:
    """Several turns with Call to the Grave out and no Zombies: each upkeep takes a creature
    until none are left, and then Call to the Grave sacrifices itself at the end step."""
    s = Scenario("Call to the Grave over several turns", turn=1, step="main1")
    s.add(CARD, "Alice")
    bears_a = s.add("Grizzly Bears", "Alice")
    s.add("Llanowar Elves", "Alice")
    bears_b = s.add("Grizzly Bears", "Bob")
    goblin = s.add("Raging Goblin", "Bob")
    s.add("Llanowar Elves", "Bob")
    _libraries(s, ["Alice", "Bob"], 6)
    t = s.timeline()
    choose = answer_with({("Bob", "sacrifice"): [goblin, bears_b], ("Alice", "sacrifice"): [bears_a]})
    for turn in range(2, 7):   # upkeeps of turns 2 to 6; the last creature goes in turn 6
        player = "Bob" if turn % 2 == 0 else "Alice"
        result = advance_to(t, Step.DRAW, player, choose=choose)
        if not result:
            raise RuntimeError(f"{t.title}: {result.reason}")
    go_to(t, Step.UPKEEP, "Alice")   # turn 6's end step: no creatures, so it sacrifices itself
    return t


def creature_counts(t: Timeline) -> list[dict[str, Any]]:
    """For a chart: after each frame, the turn, the step and the number of creatures each
    player controls on the battlefield."""
    rows = []
    for f in t:
        state = f.state
        row = {"frame": f.index, "turn": state.turn, "step": state.step.value}
        for p in state.player_names:
            row[p] = sum(1 for o in state.battlefield(p) if characteristics(state, o.oid).is_creature)
        rows.append(row)
    return rows


def on_battlefield(t: Timeline, name: str = CARD) -> bool:
    """Whether a card called ``name`` is on the battlefield at the end of the timeline."""
    return any(o.card == name and o.zone is Zone.BATTLEFIELD for o in t.state.objects)


SCENARIOS = {
    "turn cycle": turn_cycle,
    "CTG-1": only_zombies_upkeep,
    "CTG-2": two_headed_giant_upkeep,
    "CTG-3 no trigger": end_step_no_trigger,
    "CTG-3 creature in response": end_step_creature_enters_in_response,
    "CTG-3 contrast: sacrificed": end_step_sacrificed,
    "several turns": several_turns,
}


# ---------------------------------------------------------------- questions
def if_outcome(frame: Frame) -> str:
    """"Triggers" / "doesn't trigger" at the event, "does nothing" / "resolves" at resolution."""
    checks = [e for e in frame.events if e.kind == EventKind.IF_CHECK]
    if not checks:
        return "No “if” is checked"
    resolving = any(e.kind == EventKind.RESOLVES for e in frame.events)
    ok = checks[-1].after
    if resolving:
        moved = [e for e in frame.events if e.kind == EventKind.ZONE_CHANGE]
        gone = f": {moved[0].name} goes to the graveyard" if moved else ""
        return ("The condition still holds, so the ability does its work" + gone) if ok else \
            "The condition is now false, so the ability does nothing"
    return "The ability triggers" if ok else "The ability doesn't trigger"


def question_end_step() -> Predict:
    """CTG-3: a creature is on the battlefield as the end step begins; the other option is the
    same end step with no creature."""
    from mtgrules.widgets import Predict
    t = end_step_no_trigger()
    return Predict(t, t.find(step="end"), "Alice's end step begins with Call to the Grave on the battlefield "
                   "and a Grizzly Bears too. What happens with Call to the Grave's second ability?",
                   alternatives=[end_step_sacrificed()], describe=if_outcome, auto=False, rules=("603.4",))
