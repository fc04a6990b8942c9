"""Scenarios for the combat-keywords lesson: first strike and double strike (510.4, 702.4, 702.7),
trample with and without deathtouch (702.19b, 702.19d, 702.2c), lifelink in Two-Headed Giant
(702.15b, 810.9), indestructible against deathtouch (702.12b, 704.5h), and Neyith of the Dire
Hunt doubling the power of a double striker with trample (701.10b).

Each board starts at the beginning of combat of Alice's turn (Alice attacks Bob) unless it says
otherwise. The boards a question compares are built the same way, so the step a question asks
about has the same number in each of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import DeclareBlockers, declare_attackers, declare_blockers
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

NEYITH = "Neyith of the Dire Hunt"


class _Board:
    """A scenario plus the ids of Alice's and Bob's cards, in the order given."""

    def __init__(self, title: str, alice: Sequence[str], bob: Sequence[str] = (), *, step: str = "combat",
                 players: Sequence[str] = ("Alice", "Bob"), **scenario: Any) -> None:
        s = Scenario(title, players=list(players), step=step, **scenario)
        self.scenario = s
        self.alice = [s.add(name, "Alice") for name in alice]
        self.bob = [s.add(name, "Bob") for name in bob]

    def timeline(self) -> Timeline:
        return self.scenario.timeline()


def _attack(t: Timeline, attackers: Sequence[int]) -> Timeline:
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {a: "Bob" for a in attackers}))
    return go_to(t, Step.DECLARE_BLOCKERS)


def _block(t: Timeline, blocks: Mapping[int, int]) -> Timeline:
    """Bob declares his blocks, if the game waits for him (it doesn't when nothing can block)."""
    if t.state.combat is not None and t.state.combat.awaiting:
        t.do(declare_blockers("Bob", dict(blocks)))
    return t


def _damage(t: Timeline, **answers: Any) -> Timeline:
    """Both players pass through the combat damage step(s) to the end of combat."""
    return go_to(t, Step.END_COMBAT, **answers)


def combat(s: Scenario, blocks: Mapping[int, int], attackers: Sequence[int] | None = None, **choices: Any) -> Timeline:
    """Play a board's combat to its end, as the exercises do: Alice attacks Bob with ``attackers``
    (by default every creature ``blocks`` names), Bob declares ``blocks`` ({blocker: attacker}),
    and both players pass through the damage steps; ``choices`` (``damage_division=...``) answer
    what the damage steps ask. ``Walkthrough(lesson.combat(s, {corpse: knight}))`` shows it."""
    t = s.timeline()
    _attack(t, sorted(set(blocks.values())) if attackers is None else list(attackers))
    _block(t, blocks)
    return _damage(t, **choices)


# ---------------------------------------------------------------- the tour: two damage steps
def _tour(title: str, block_ace: bool) -> Timeline:
    b = _Board(title, ["Fencing Ace", "Knight of Meadowgrain", "Grizzly Bears"], ["Raging Goblin", "Walking Corpse"])
    ace, knight, bears = b.alice
    goblin, corpse = b.bob
    t = _attack(b.timeline(), [ace, knight, bears])
    _block(t, {goblin: ace, corpse: bears} if block_ace else {corpse: bears})
    return _damage(t)


@played_once
def tour() -> Timeline:
    """Alice attacks with Fencing Ace (1/1 double strike), Knight of Meadowgrain (2/2 first strike,
    lifelink) and Grizzly Bears. Bob blocks the Ace with Raging Goblin and the Bears with Walking
    Corpse; the Knight is unblocked. The combat gets a first-strike damage step: the Ace kills the
    Goblin and the Knight hits Bob (Alice gains 2). In the regular step the Bears and the Corpse
    trade, and the Ace, blocked with no blocker left, deals no damage (510.1c)."""
    return _tour("Two combat damage steps: first strike, double strike, lifelink", block_ace=True)


@played_once
def tour_ace_unblocked() -> Timeline:
    """The tour, but Bob leaves the Ace unblocked: it deals 1 damage in each step."""
    return _tour("The Ace unblocked", block_ace=False)


def second_damage_step(t: Timeline) -> int:
    """The step in which the regular combat damage step begins (after the first-strike one)."""
    return next(f.index for f in t for e in f.events
                if e.kind == EventKind.STEP_BEGINS and e.after == Step.COMBAT_DAMAGE.value)


def ace_second_strike(frame: Frame) -> str:
    """What Fencing Ace does in a combat damage step, in words."""
    hits = [e for e in frame.events if e.kind == EventKind.COMBAT_DAMAGE and e.name == "Fencing Ace"
            and e.attribute == "damage"]
    if not hits:
        return "Fencing Ace deals no damage in the second combat damage step"
    return "; ".join(f"Fencing Ace deals {e.after} damage to {e.before}" for e in hits)


# ---------------------------------------------------------------- first strike given between the steps
def _lunge_board(title: str) -> tuple[_Board, Timeline]:
    b = _Board(title, ["Craw Wurm", "Mountain", "Mountain"], ["Knight of Meadowgrain"])
    b.scenario.add("Practice Lunge", "Alice", zone="hand")
    wurm = b.alice[0]
    t = _attack(b.timeline(), [wurm])
    _block(t, {b.bob[0]: wurm})
    return b, t


@played_once
def lunge_late() -> Timeline:
    """Craw Wurm (6/4) is blocked by Knight of Meadowgrain (2/2 first strike, lifelink). In the
    first-strike damage step the Knight deals 2 to the Wurm (Bob gains 2). Then Alice casts Practice
    Lunge on the Wurm: 9/4 with first strike. The Wurm had neither first strike nor double strike
    as the first damage step began, so it still deals its damage in the second step (702.7c)."""
    b, t = _lunge_board("First strike given after the first-strike step")
    go_to(t, Step.FIRST_STRIKE_DAMAGE)
    _cast_lunge(t, b)
    return _damage(t)


def _cast_lunge(t: Timeline, b: _Board) -> Timeline:
    for mountain in b.alice[1:]:
        t.do(activate("Alice", mountain))
    spell = next(o.oid for o in t.state.objects if o.card == "Practice Lunge")
    t.do(cast("Alice", spell, targets=(b.alice[0],)))
    return t.do(pass_priority("Alice")).do(pass_priority("Bob"))


@played_once
def lunge_early() -> Timeline:
    """The same board, but Alice casts Practice Lunge in the declare blockers step, before any damage.
    Now the Wurm has first strike as the first damage step begins, so it deals its damage there, at
    the same time as the Knight, and none in the second step. The end is the same; the step differs."""
    b, t = _lunge_board("First strike given before the first-strike step")
    _cast_lunge(t, b)
    return _damage(t)


def _declare_blockers_index(t: Timeline) -> int:
    return next(f.index for f in t if isinstance(f.action, DeclareBlockers))


def before_blocks(t: Timeline) -> int:
    """The last step before Bob's block declaration: a what-if branches there."""
    return _declare_blockers_index(t) - 1


def corpse_blocks_ace(t: Timeline) -> list[Action]:
    """The tour's what-if: Bob blocks Fencing Ace with Walking Corpse (2/2) instead, and nothing
    else. The Ace deals 1 damage in each step, so the Corpse dies, but only after striking back
    in the regular step: the Ace dies too."""
    state = t[before_blocks(t)].state
    ace = next(o.oid for o in state.battlefield("Alice") if o.card == "Fencing Ace")
    corpse = next(o.oid for o in state.battlefield("Bob") if o.card == "Walking Corpse")
    return [declare_blockers("Bob", {corpse: ace}),
            pass_priority("Alice"), pass_priority("Bob"),    # first-strike damage
            pass_priority("Alice"), pass_priority("Bob"),    # regular damage
            pass_priority("Alice"), pass_priority("Bob")]    # end of combat


# ---------------------------------------------------------------- trample with deathtouch
def _basilisk(title: str, blockers: Sequence[str], split: Sequence[int]) -> Timeline:
    b = _Board(title, ["Practice Basilisk"], blockers)
    basilisk = b.alice[0]
    t = _attack(b.timeline(), [basilisk])
    _block(t, {blocker: basilisk for blocker in b.bob})
    division = (*zip(b.bob, split[:-1], strict=True), ("Bob", split[-1]))
    return _damage(t, damage_division=division)


@played_once
def trample_deathtouch() -> Timeline:
    """Practice Basilisk (3/3 deathtouch, trample) is blocked by Grizzly Bears and Walking Corpse.
    With deathtouch, 1 damage is lethal (702.2c), so Alice assigns 1 to each and the last 1 to Bob."""
    return _basilisk("Trample with deathtouch: 1 to each blocker", ["Grizzly Bears", "Walking Corpse"], [1, 1, 1])


@played_once
def trample_deathtouch_one_blocker() -> Timeline:
    """The same attack blocked by the Bears alone: 1 to the Bears, 2 to Bob."""
    return _basilisk("Trample with deathtouch, one blocker", ["Grizzly Bears"], [1, 2])


@played_once
def trample_deathtouch_three_blockers() -> Timeline:
    """The same attack blocked by three creatures: 1 to each, nothing left for Bob."""
    return _basilisk("Trample with deathtouch, three blockers", ["Grizzly Bears", "Walking Corpse", "Raging Goblin"],
                     [1, 1, 1, 0])


def bob_loses(frame: Frame) -> str:
    """How much life Bob loses in a step, in words."""
    lost = sum(e.before - e.after for e in frame.events
               if e.kind == EventKind.LIFE and e.obj == "Bob" and e.after < e.before)
    return f"Bob loses {lost} life" if lost else "Bob loses no life"


def damage_step(t: Timeline) -> int:
    """The step in which the (only) combat damage step begins."""
    return second_damage_step(t)


# ---------------------------------------------------------------- lifelink in Two-Headed Giant
@played_once
def lifelink_two_headed_giant() -> Timeline:
    """Two-Headed Giant: Ann's Child of Night (2/1 lifelink) attacks and deals 2 damage to Bob's
    team. Ann gains 2 life, and since a team shares its life total, Alice's team goes from 30 to 32
    and Bob's from 30 to 28 (810.9)."""
    b = _Board("Lifelink in Two-Headed Giant", [], players=("Alice", "Ann", "Bob", "Bea"),
               game_format="two-headed giant", teams={"Alice": "A", "Ann": "A", "Bob": "B", "Bea": "B"})
    child = b.scenario.add("Child of Night", "Ann")
    t = b.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {child: "Bob"}))
    return _damage(t)


# ---------------------------------------------------------------- indestructible against deathtouch
def _rats_blocked_by(title: str, blocker: str) -> Timeline:
    b = _Board(title, ["Typhoid Rats"], [blocker])
    t = _attack(b.timeline(), b.alice)
    _block(t, {b.bob[0]: b.alice[0]})
    return _damage(t)


@played_once
def indestructible_deathtouch() -> Timeline:
    """Typhoid Rats (1/1 deathtouch) attack; Bob blocks with Darksteel Myr (0/1 indestructible).
    The Rats' 1 damage is lethal and comes from a deathtouch source, but the Myr can't be
    destroyed (702.12b): it stays, with 1 damage marked on it."""
    return _rats_blocked_by("Indestructible against deathtouch", "Darksteel Myr")


@played_once
def deathtouch_bears() -> Timeline:
    """The same attack blocked by Grizzly Bears: 1 damage from a deathtouch source destroys them (704.5h)."""
    return _rats_blocked_by("Deathtouch against a plain creature", "Grizzly Bears")


def blocker_fate(frame: Frame) -> str:
    """Whether Bob's blocker is destroyed in a step, or survives, and with how much damage. Said
    of "the blocker", not by name: the wrong option's board blocks with another creature, and an
    option naming it ("Grizzly Bears is destroyed") would give the question about the Myr away."""
    state = frame.state
    blocker = next(o for o in state.objects if o.owner == "Bob" and characteristics(state, o.oid).is_creature)
    if blocker.zone.value != "battlefield":
        return "The blocker is destroyed"
    return f"The blocker survives with {blocker.damage} damage marked on it"


# ---------------------------------------------------------------- Neyith, double strike, trample
@played_once
def neyith_zetalpa() -> Timeline:
    """Alice's Neyith of the Dire Hunt doubles the power of Zetalpa, Primal Dawn (4/8 flying,
    double strike, vigilance, trample, indestructible): 8/8, and it must be blocked if able. Bob's
    Giant Spider (2/4, reach) must block it. First-strike step: 4 damage is lethal for the Spider,
    the other 4 trample over to Bob. Regular step: no blocker is left, so all 8 go to Bob (702.19d).
    Bob loses 12 in all."""
    b = _Board("Neyith doubles a double striker with trample", [NEYITH, "Zetalpa, Primal Dawn",
               "Forest", "Forest", "Forest"], ["Giant Spider"], step="main1")
    for _ in range(3):
        b.scenario.add("Forest", "Alice", zone="library")
    zetalpa = b.alice[1]
    t = b.timeline()
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=zetalpa))  # the trigger targets Zetalpa
    for forest in b.alice[2:]:
        t.do(activate("Alice", forest))
    t.do(pass_priority("Alice")).do(pass_priority("Bob", pay=1))            # it resolves: 8/8
    _attack(t, [zetalpa])
    _block(t, {b.bob[0]: zetalpa})
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))                  # Neyith's draw
    return _damage(t, damage_division=((b.bob[0], 4), ("Bob", 4)))


# ---------------------------------------------------------------- questions for the lesson
def question_double_strike() -> Predict:
    """The Ace's blocker died in the first-strike step: what does the Ace do in the second? The
    wrong option is the same combat with the Ace unblocked (the learner who thinks a blocked
    creature whose blocker is gone becomes unblocked)."""
    from mtgrules.widgets import Predict
    t = tour()
    return Predict(t, second_damage_step(t), "Fencing Ace (1/1 double strike) is blocked by Raging Goblin (1/1). "
                   "In the first-strike combat damage step the Ace deals 1 damage and the Goblin dies. What does the "
                   "Ace do in the second combat damage step?", alternatives=[tour_ace_unblocked()],
                   describe=ace_second_strike, auto=False, rules=("510.1c", "702.4b"))


def question_trample_deathtouch() -> Predict:
    """How much of the Basilisk's damage can reach Bob? Wrong options: the same attack blocked by
    one creature, or by three."""
    from mtgrules.widgets import Predict
    t = trample_deathtouch()
    return Predict(t, damage_step(t), "Practice Basilisk (3/3, deathtouch and trample) is blocked by Grizzly "
                   "Bears and Walking Corpse (2/2 each). Alice assigns as much damage to Bob as the rules let her. "
                   "How much life does Bob lose?",
                   alternatives=[trample_deathtouch_one_blocker(), trample_deathtouch_three_blockers()],
                   describe=bob_loses, auto=False, rules=("702.19b", "702.2c"))


def question_indestructible() -> Predict:
    """Deathtouch against indestructible; the wrong option is the same attack blocked by Grizzly Bears."""
    from mtgrules.widgets import Predict
    t = indestructible_deathtouch()
    return Predict(t, damage_step(t), "Typhoid Rats (1/1 deathtouch) are blocked by Darksteel Myr (0/1, "
                   "indestructible). What happens to the blocker?", alternatives=[deathtouch_bears()],
                   describe=blocker_fate, auto=False, rules=("702.12b",))


SCENARIOS = {
    "tour": tour,
    "ace unblocked": tour_ace_unblocked,
    "first strike given late": lunge_late,
    "first strike given early": lunge_early,
    "trample deathtouch": trample_deathtouch,
    "lifelink 2HG": lifelink_two_headed_giant,
    "indestructible": indestructible_deathtouch,
    "deathtouch": deathtouch_bears,
    "Neyith and Zetalpa": neyith_zetalpa,
}
