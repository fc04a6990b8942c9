"""Scenarios for the Neyith of the Dire Hunt lesson (NEY-1 to NEY-8): "must be blocked if able"
as a blocking requirement (509.1c), menace (702.111b), fight (701.14), double power (701.10b-c),
"one or more" triggers (603.2c) and an optional payment made once as an ability resolves (608.2c).

Most boards start in Alice's precombat main phase with Neyith, some Forests and her attackers;
Bob is the defending player. Passing priority into the beginning of combat puts Neyith's combat
ability on the stack (Alice chooses its target then); Alice taps Forests and everyone passes, and
she pays {2}{R/G} (or not) as it resolves. Functions ending in ``_board`` stop when the game
waits for Bob's block declaration, so a lesson can explore that declaration.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.effects import Effect
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED, go_to
from mtgrules.rules.combat.blocking import legal_blocks
from mtgrules.rules.combat.declare import DeclareBlockers, declare_attackers, declare_blockers
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

NEYITH = "Neyith of the Dire Hunt"


class _Board:
    """A scenario plus the ids of its cards, by name for the few that matter."""

    def __init__(self, title: str, *, alice: Sequence[str] = ("Grizzly Bears",), bob: Sequence[str] = (),
                 bob_tapped: Sequence[str] = (), forests: int = 3, hand: Sequence[str] = (), step: str = "main1",
                 library: int = 3) -> None:
        s = Scenario(title, step=step)
        self.scenario = s
        self.neyith = s.add(NEYITH, "Alice")
        self.forests = [s.add("Forest", "Alice") for _ in range(forests)]
        self.alice = [s.add(name, "Alice") for name in alice]
        self.bob = [s.add(name, "Bob") for name in bob]
        self.bob_tapped = [s.add(name, "Bob", tapped=True) for name in bob_tapped]
        self.hand = [s.add(name, "Alice", zone="hand") for name in hand]
        for _ in range(library):
            s.add("Forest", "Alice", zone="library")

    def timeline(self) -> Timeline:
        return self.scenario.timeline()


def _both_pass(t: Timeline, **choices: Any) -> Timeline:
    """Alice and Bob pass in turn (the holder first); choices go with the second pass, during
    which the top of the stack resolves."""
    first = t.state.priority
    assert first is not None, "someone holds priority while the stack resolves"
    second = "Bob" if first == "Alice" else "Alice"
    return t.do(pass_priority(first)).do(pass_priority(second, **choices))


def _trigger(b: _Board, target: int) -> Timeline:
    """Pass into the beginning of combat: Neyith's combat ability goes on the stack, targeting
    ``target``."""
    t = b.timeline()
    return t.do(pass_priority("Alice")).do(pass_priority("Bob", target=target))


def _pay(t: Timeline, forests: list[int]) -> Timeline:
    """Alice taps Forests for mana, then both pass: the ability resolves and she pays once."""
    for f in forests:
        t.do(activate("Alice", f))
    return _both_pass(t, pay=1)


def _attack(t: Timeline, attackers: list[int]) -> Timeline:
    """To the declare attackers step; Alice attacks Bob with ``attackers``; on to the declare
    blockers step (the game then waits for Bob, unless he has nothing that can block)."""
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {a: "Bob" for a in attackers}))
    return go_to(t, Step.DECLARE_BLOCKERS)


# ---------------------------------------------------------------- the tour (and NEY-3)
def _tour_board() -> _Board:
    return _Board("Neyith: double, must be blocked, draw", bob=("Walking Corpse", "Giant Spider"))


@played_once
def tour() -> Timeline:
    """Neyith's combat ability targets Alice's Grizzly Bears; she pays {2}{R/G}, so the Bears
    become 4/2 and must be blocked this combat if able. The Bears attack; Bob chooses which of
    his creatures blocks (the Walking Corpse, NEY-3); the Bears become blocked, so Neyith's
    other ability draws Alice a card; then combat damage."""
    b = _tour_board()
    bears = b.alice[0]
    t = _trigger(b, bears)
    _pay(t, b.forests)
    _attack(t, [bears])
    t.do(declare_blockers("Bob", {b.bob[0]: bears}))
    _both_pass(t)                  # Neyith's draw resolves
    return go_to(t, Step.END_COMBAT)  # combat damage


def blockers_step(t: Timeline) -> int:
    """The last step before Bob's block declaration: a what-if branches there."""
    return next(f.index for f in t if isinstance(f.action, DeclareBlockers)) - 1


def other_blocker(t: Timeline) -> list[Action]:
    """NEY-3's what-if: Bob blocks the Bears with his Giant Spider instead, then play goes on to
    the end of combat as before."""
    state = t[blockers_step(t)].state
    bears = next(o.oid for o in state.battlefield("Alice") if o.card == "Grizzly Bears")
    spider = next(o.oid for o in state.battlefield("Bob") if o.card == "Giant Spider")
    return [declare_blockers("Bob", {spider: bears}),
            pass_priority("Alice"), pass_priority("Bob"),    # the draw
            pass_priority("Alice"), pass_priority("Bob"),    # combat damage
            pass_priority("Alice"), pass_priority("Bob")]    # end of combat


# ---------------------------------------------------------------- NEY-1
@played_once
def nobody_can_block() -> Timeline:
    """NEY-1: the Bears are doubled and must be blocked if able, but both of Bob's creatures are
    tapped. Nothing can block, so nothing is declared and the Bears are unblocked: the
    requirement is counted only where it can be obeyed (509.1c). They deal 4 damage to Bob."""
    b = _Board("NEY-1: no creature can block", bob_tapped=("Walking Corpse", "Giant Spider"))
    bears = b.alice[0]
    t = _trigger(b, bears)
    _pay(t, b.forests)
    _attack(t, [bears])
    return go_to(t, Step.END_COMBAT)


# ---------------------------------------------------------------- NEY-2
@played_once
def combat_damage_no_draw() -> Timeline:
    """NEY-2, first half: Alice declines to pay for Neyith's combat ability. Her Bears attack and
    deal combat damage to Bob. Dealing combat damage isn't fighting, so Neyith doesn't trigger."""
    b = _Board("NEY-2: combat damage is not a fight", forests=0)
    bears = b.alice[0]
    t = _trigger(b, bears)
    _both_pass(t, pay=0)
    _attack(t, [bears])
    return go_to(t, Step.END_COMBAT)


@played_once
def fight_draws() -> Timeline:
    """NEY-2, second half: Alice casts Somberwald Stag; as it enters she has it fight Bob's
    Grizzly Bears. That is a fight, so Neyith triggers and Alice draws a card."""
    b = _Board("NEY-2: a fight draws a card", alice=(), bob=("Grizzly Bears",), forests=5,
               hand=("Somberwald Stag",))
    t = b.timeline()
    for f in b.forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", b.hand[0]))
    _both_pass(t, target=b.bob[0])   # the Stag resolves; its ability targets Bob's Bears
    _both_pass(t, fight=True)        # the fight
    return _both_pass(t)             # Neyith's draw


# ---------------------------------------------------------------- NEY-4
@played_once
def two_blocked() -> Timeline:
    """NEY-4: Alice declines the payment and attacks with Grizzly Bears and Craw Wurm; Bob blocks
    each of them. Both became blocked in one event, so Neyith triggers once: one card."""
    return _blocked("NEY-4: two creatures blocked, one card", "both")


@played_once
def one_blocked() -> Timeline:
    """NEY-4 contrast: the same, but Bob blocks only the Bears."""
    return _blocked("NEY-4 contrast: only one creature blocked", "bears")


@played_once
def no_block() -> Timeline:
    """NEY-4 contrast: the same, but Bob blocks nothing."""
    return _blocked("NEY-4 contrast: nothing blocked", "none")


def _blocked(title: str, which: str) -> Timeline:
    """Neyith out, Bears and Craw Wurm attack; Bob blocks both, only the Bears, or nothing."""
    b = _Board(title, alice=("Grizzly Bears", "Craw Wurm"), bob=("Walking Corpse", "Giant Spider"), forests=0)
    bears, wurm = b.alice
    t = _trigger(b, bears)
    _both_pass(t, pay=0)
    _attack(t, [bears, wurm])
    blocks = {"both": {b.bob[0]: bears, b.bob[1]: wurm}, "bears": {b.bob[0]: bears}, "none": {}}[which]
    t.do(declare_blockers("Bob", blocks))
    return _both_pass(t)


# ---------------------------------------------------------------- NEY-5
def _pump_board(title: str) -> tuple[_Board, Timeline]:
    b = _Board(title, forests=4, hand=("Giant Growth",))
    return b, _trigger(b, b.alice[0])


@played_once
def pump_after_doubling() -> Timeline:
    """NEY-5: Neyith doubles the Bears' power (2, so +2/+0: 4/2). Then Giant Growth gives +3/+3.
    The doubling was fixed at +2 as it resolved, so the Bears end 7/5, not 10/5."""
    b, t = _pump_board("NEY-5: Giant Growth after the doubling")
    bears = b.alice[0]
    _pay(t, b.forests[:3])
    t.do(activate("Alice", b.forests[3]))
    t.do(cast("Alice", b.hand[0], targets=(bears,)))
    return _both_pass(t)


@played_once
def pump_before_doubling() -> Timeline:
    """NEY-5 contrast: Giant Growth first, in response to Neyith's ability (5/5), then the doubling
    sees power 5 and gives +5/+0: 10/5. Same number of steps as :func:`pump_after_doubling`."""
    b, t = _pump_board("NEY-5 contrast: Giant Growth before the doubling")
    bears = b.alice[0]
    t.do(activate("Alice", b.forests[3]))
    t.do(cast("Alice", b.hand[0], targets=(bears,)))
    _both_pass(t)                 # Giant Growth resolves
    return _pay(t, b.forests[:3])  # the doubling resolves


@played_once
def negative_power() -> Timeline:
    """NEY-5, the negative case: the Bears already have -3/-0 this turn (power -1). Doubling gives
    -X/-0 where X is how far below 0 the power is: -1/-0, so -2/2 (701.10c).

    The kit has no card that gives -3/-0, so this board adds such an effect by hand, the way a
    resolved spell would have left it (a layer 7c change until end of turn)."""
    b = _Board("NEY-5: doubling a negative power")
    bears = b.alice[0]
    t = b.timeline()
    state = t.state
    shrink = Effect("7c", "an earlier effect this turn: -3/-0", "613.4c", None, 0,
                    affected=(state.obj(bears).ref,), delta=(-3, 0), until_end_of_turn=True)
    t = Timeline(replace(state, effects=state.effects + (shrink,)), b.scenario.title)
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    return _pay(t, b.forests)


# ---------------------------------------------------------------- NEY-6
@played_once
def pay_twice() -> Timeline:
    """NEY-6: Alice has six Forests' worth of mana and asks to pay {2}{R/G} twice as the ability
    resolves: refused (608.2c). She pays once: the Bears' power is doubled once."""
    b = _Board("NEY-6: paying twice", forests=6)
    bears = b.alice[0]
    t = _trigger(b, bears)
    for f in b.forests:
        t.do(activate("Alice", f))
    t.do(pass_priority("Alice"))
    t.attempt(pass_priority("Bob", pay=2))
    return t.do(pass_priority("Bob", pay=1))


# ---------------------------------------------------------------- NEY-7
@played_once
def menace_board() -> Timeline:
    """NEY-7: Neyith's ability targets Boggart Brute (menace): 6/2, and it must be blocked if able.
    It attacks; Bob has Walking Corpse and Grizzly Bears untapped. The game waits for Bob."""
    b = _Board("NEY-7: menace and must be blocked", alice=("Boggart Brute",),
               bob=("Walking Corpse", "Grizzly Bears"))
    brute = b.alice[0]
    t = _trigger(b, brute)
    _pay(t, b.forests)
    return _attack(t, [brute])


@played_once
def menace_target() -> Timeline:
    """NEY-7: Bob tries to block the Brute with one creature (refused: menace, 702.111b), then
    not at all (refused: two creatures could block it, so the requirement can be obeyed,
    509.1c), and finally blocks it with both."""
    t = menace_board()
    brute, corpse, bears = _menace_ids(t)
    t.attempt(declare_blockers("Bob", {corpse: brute}))
    t.attempt(declare_blockers("Bob"))
    return t.do(declare_blockers("Bob", {corpse: brute, bears: brute}))


@played_once
def menace_one_able() -> Timeline:
    """NEY-7 contrast: Bob's Grizzly Bears is tapped, so only one creature could block the Brute,
    and one alone can't (menace). The requirement can't be obeyed: no blockers is legal."""
    b = _Board("NEY-7 contrast: only one creature could block", alice=("Boggart Brute",),
               bob=("Walking Corpse",), bob_tapped=("Grizzly Bears",))
    brute = b.alice[0]
    t = _trigger(b, brute)
    _pay(t, b.forests)
    _attack(t, [brute])
    t.attempt(declare_blockers("Bob", {b.bob[0]: brute}))
    return t.do(declare_blockers("Bob"))


def _menace_ids(t: Timeline) -> tuple[int, int, int]:
    state = t.state
    brute = next(o.oid for o in state.battlefield("Alice") if o.card == "Boggart Brute")
    corpse = next(o.oid for o in state.battlefield("Bob") if o.card == "Walking Corpse")
    bears = next(o.oid for o in state.battlefield("Bob") if o.card == "Grizzly Bears")
    return brute, corpse, bears


# ---------------------------------------------------------------- NEY-8
@played_once
def only_one_required_board() -> Timeline:
    """NEY-8: the Bears (doubled, must be blocked) and a Craw Wurm attack. Bob has Walking Corpse,
    Giant Spider and Grizzly Bears. The game waits for his declaration."""
    b = _Board("NEY-8: one blocker is required, the rest are free", alice=("Grizzly Bears", "Craw Wurm"),
               bob=("Walking Corpse", "Giant Spider", "Grizzly Bears"))
    t = _trigger(b, b.alice[0])
    _pay(t, b.forests)
    return _attack(t, b.alice)


@played_once
def only_one_required() -> Timeline:
    """NEY-8: Bob obeys the requirement with his Walking Corpse alone; his Giant Spider blocks the
    Wurm and his Grizzly Bears stays out of combat. Legal."""
    t = only_one_required_board()
    state = t.state
    mine = {o.card: o.oid for o in state.battlefield("Alice")}
    his = {o.card: o.oid for o in state.battlefield("Bob")}
    return t.do(declare_blockers("Bob", {his["Walking Corpse"]: mine["Grizzly Bears"],
                                         his["Giant Spider"]: mine["Craw Wurm"]}))


# ---------------------------------------------------------------- the explorer's board
@played_once
def explorer_board() -> Timeline:
    """A board to try blocks on: Alice's Grizzly Bears (doubled by Neyith to 4/2, must be blocked
    if able), Boggart Brute (menace) and Wings of the Guard (flying) attack Bob. Bob has Walking
    Corpse, Raging Goblin, Giant Spider (reach) and Goblin Piker (can't block). The game waits for
    Bob's declaration."""
    b = _Board("Blocks explorer: must be blocked, menace, flying, can't block",
               alice=("Grizzly Bears", "Boggart Brute", "Wings of the Guard"),
               bob=("Walking Corpse", "Raging Goblin", "Giant Spider", "Goblin Piker"))
    t = _trigger(b, b.alice[0])
    _pay(t, b.forests)
    return _attack(t, b.alice)


# ---------------------------------------------------------------- describing a step
def block_outcome(frame: Frame) -> str:
    """A block declaration's result: refused with its rule, or accepted and what it blocks."""
    if frame.refused is not None:
        return f"Refused — CR {frame.refused.rule}"
    blocks = [e.text for e in frame.events if e.kind == EventKind.BLOCKS]
    if blocks:
        return "Accepted: " + "; ".join(blocks)
    unblocked = [e.name for e in frame.events if e.kind == EventKind.UNBLOCKED]
    if unblocked:
        return f"Accepted: no blockers, so {' and '.join(unblocked)} is unblocked"
    return "Nothing is declared"


def cards_drawn(frame: Frame) -> str:
    """How many Neyith triggers a step put on the stack, for the "one or more" question."""
    n = sum(1 for e in frame.events if e.kind == EventKind.TRIGGER and e.name == NEYITH)
    blocked = [e.name for e in frame.events if e.kind == EventKind.BECOMES_BLOCKED]
    what = " and ".join(blocked) + (" become blocked" if len(blocked) > 1 else " becomes blocked") \
        if blocked else "Nothing becomes blocked"
    times = {0: "Neyith doesn't trigger", 1: "Neyith triggers once: one card"}.get(n, f"Neyith triggers {n} times")
    return f"{what}; {times}"


def required_blocks(t: Timeline) -> int:
    """How many requirements Bob's best declaration can obey on the timeline's last board."""
    return legal_blocks(t.state, "Bob").max_obeyed


def pt_of(t: Timeline, name: str) -> str:
    """A creature's power/toughness at the end of a timeline, found by card name."""
    oid = next(o.oid for o in t.state.battlefield() if o.card == name)
    return characteristics(t.state, oid).pt()


def no_blockers_verdict(frame: Frame) -> str:
    """Whether the engine lets Bob declare no blockers, in plain words (for NEY-7's question)."""
    if frame.refused is not None:
        return REFUSED
    unblocked = [e.name for e in frame.events if e.kind == EventKind.UNBLOCKED]
    if unblocked:
        return f"The engine accepts it: {' and '.join(unblocked)} is unblocked"
    return "The engine accepts it"


def neyith_reacts(frame: Frame) -> str:
    """How many times Neyith's first ability triggered in a step, and so how many cards it draws."""
    n = sum(1 for e in frame.events if e.kind == EventKind.TRIGGER and e.name == NEYITH)
    if n == 0:
        return "Neyith doesn't trigger, so Alice draws nothing"
    if n == 1:
        return "Neyith triggers once: Alice will draw one card"
    return f"Neyith triggers {n} times: Alice will draw {n} cards"


def bears_size(frame: Frame) -> str:
    """Alice's Grizzly Bears' power and toughness after a step."""
    bears = next(o.oid for o in frame.state.battlefield("Alice") if o.card == "Grizzly Bears")
    return f"The Bears are {characteristics(frame.state, bears).pt()}"


# ---------------------------------------------------------------- questions for the lesson
# Each wrong option is what the engine does on another board, chosen so that its outcome is what a
# learner with a likely misconception would predict; the rule that decides the question is shown
# on Reveal.
def question_menace() -> Predict:
    """NEY-7: Bob declares no blockers against the doubled Boggart Brute (menace, must be blocked)
    while two of his creatures could block it; the wrong option is the same declaration when only
    one of them is untapped."""
    from mtgrules.widgets import Predict
    t = menace_target()
    return Predict(t, t.find(title="declares no blockers"), "Alice's Boggart Brute (menace) attacks, and Neyith says it must be "
                   "blocked this combat if able. Bob has an untapped Walking Corpse and Grizzly Bears. He "
                   "declares no blockers. What happens?",
                   alternatives=[menace_one_able()], describe=no_blockers_verdict, auto=False,
                   rules=("509.1c", "702.111b"))


def question_one_or_more() -> Predict:
    """NEY-4: both of Alice's attackers become blocked at once. The options are the teacher's: the
    classic wrong answer (one card per blocked creature) and "no trigger"; the engine checks that
    only the right one describes what it played."""
    from mtgrules.widgets import Predict
    t = two_blocked()
    options = {text: _neyith_says(text) for text in (
        "Neyith triggers once: Alice will draw one card",
        "Neyith triggers 2 times: Alice will draw 2 cards",
        "Neyith doesn't trigger, so Alice draws nothing")}
    return Predict(t, t.find("creatures become blocked"), "Alice doesn't pay for Neyith's combat ability, so no "
                   "creature must be blocked. She attacks with Grizzly Bears and Craw Wurm; Bob blocks the Bears "
                   "with Walking Corpse and the Wurm with Giant Spider. What does Neyith's first ability do?",
                   options=options, rules=("603.2c",))


def _neyith_says(text: str) -> Callable[[Frame], bool]:
    """A claim about a step: Neyith's first ability did what ``text`` says (read by the engine)."""
    return lambda frame: neyith_reacts(frame) == text


def question_doubling() -> Predict:
    """NEY-5: Giant Growth after the doubling; the wrong option is Giant Growth before it, which is
    what a learner gets who doubles the power again as it changes."""
    from mtgrules.widgets import Predict
    t = pump_after_doubling()
    return Predict(t, t.find("resolves", name="Giant Growth"), "Neyith's ability doubled the power of Alice's 2/2 Grizzly Bears: "
                   "they are 4/2. Then Alice casts Giant Growth (+3/+3) on them. What are the Bears once it "
                   "resolves?", alternatives=[pump_before_doubling()], describe=bears_size, auto=False,
                   rules=("701.10b",))


SCENARIOS = {
    "tour": tour,
    "NEY-1": nobody_can_block,
    "NEY-2 combat damage": combat_damage_no_draw,
    "NEY-2 fight": fight_draws,
    "NEY-4": two_blocked,
    "NEY-5 pump": pump_after_doubling,
    "NEY-5 pump first": pump_before_doubling,
    "NEY-5 negative": negative_power,
    "NEY-6": pay_twice,
    "NEY-7": menace_target,
    "NEY-7 one able": menace_one_able,
    "NEY-8": only_one_required,
    "explorer": explorer_board,
}
