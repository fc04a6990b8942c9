"""The answer key: every exercise of lessons 0 to 8, 10, 11, 12 and 13, its board, and how the engine answers it.

For teachers: ``key("04.4")`` is the expected answer, played by the engine on the exercise's
board (never typed in); ``EXERCISES["04.4"].explain`` says why, with the rule. Learners call
:func:`mtgrules.lessons.check.check` and get right or wrong with the deciding rule, not the key.

Each board here is the one the lesson shows in a visible ``Scenario`` cell, written the same way,
so a learner who edits the lesson's cell and a teacher who reads this file see the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.core.actions import activate, cast, pass_priority, play_land
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import EventKind
from mtgrules.core.mana import pool_text
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.lessons.check import Exercise, exercise
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.combat.blocking import legal_blocks
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
from mtgrules.rules.layers import characteristics
from mtgrules.rules.stack import mana_value

# ---------------------------------------------------------------- small readers


def gained(frame: Frame) -> str:
    """The mana a step added to pools, as "{G}{G}" ("" if none)."""
    return "".join(pool_text(e.after[len(e.before):]) for e in frame.events if e.kind == EventKind.MANA_ADDED)


def oid_of(t: Timeline | Any, name: str, zone: Zone | None = None) -> int:
    """The id of the first object called ``name`` (in ``zone``, if given)."""
    state = t.state if isinstance(t, Timeline) else t
    return next(o.oid for o in state.objects if o.card == name and (zone is None or o.zone is zone))


def count_events(t: Timeline, kind: str, name: str | None = None) -> int:
    return sum(1 for f in t for e in f.events if e.kind == kind and (name is None or e.name == name))


def _timeline(answer: Any) -> Timeline:
    if isinstance(answer, Scenario):
        return answer.timeline()
    if not isinstance(answer, Timeline):
        raise TypeError(f"give a Timeline or a Scenario, not {type(answer).__name__}")
    return answer


def _key(fn: Callable[[], Any]) -> Callable[[], Any]:
    """Keys are played once per session: the same board always gives the same answer."""
    cache: list[Any] = []

    def run() -> Any:
        if not cache:
            cache.append(fn())
        return cache[0]
    return run


# ---------------------------------------------------------------- lesson 0
def forest_with_reflection() -> Timeline:
    s = Scenario("First steps, with Mana Reflection")
    forest = s.add("Forest", "Alice")
    s.add("Mana Reflection", "Alice")
    return s.timeline().do(activate("Alice", forest))


exercise(Exercise("00.1", "Give Alice a Mana Reflection: how many mana does the Forest make now?", "106.12b",
                  _key(lambda: len(gained(forest_with_reflection()[1])) // 3),
                  "Look at the changes table: which effect edits the mana the Forest produces?",
                  board="the first scenario of lesson 0",
                  explain="Mana Reflection replaces the production event of a permanent tapped for mana: {G} "
                          "becomes {G}{G}."))


# ---------------------------------------------------------------- lesson 1: mana
def mana1_with_swamp() -> Timeline:
    s = Scenario("MANA-1 with a Swamp for Alice")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Forest", "Bob")
    s.add("Swamp", "Alice")
    return s.timeline().do(activate("Alice", pool))


def tour_with_darkness() -> tuple[Timeline, Timeline]:
    """The tour as played, and the same actions with Bob's Infernal Darkness on the board (Alice
    applies Mana Reflection first when both apply)."""
    from mtgrules.lessons.mana import mana_tour
    tour = mana_tour()
    s = Scenario("A tour of the mana rules, with Infernal Darkness")
    forest = s.add("Forest", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Mana Reflection", "Alice")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.add("Infernal Darkness", "Bob")
    order = ("Mana Reflection", "Infernal Darkness")
    t = s.timeline()
    t.do(activate("Alice", forest, replacement_order=order))
    t.do(activate("Alice", pool, type="B", replacement_order=order))
    t.do(activate("Alice", pili, color="W"))
    return tour, t


def darkness_changes() -> list[int]:
    tour, dark = tour_with_darkness()
    return [i for i in range(1, len(tour)) if gained(tour[i]) != gained(dark[i])]


def fellwar_facing_wastes() -> Timeline:
    s = Scenario("Fellwar Stone facing a Wastes")
    stone = s.add("Fellwar Stone", "Alice")
    s.add("Wastes", "Bob")
    t = s.timeline()
    t.attempt(activate("Alice", stone))
    return t


def _fellwar_rule() -> str:
    t = fellwar_facing_wastes()
    last = t[-1]
    if last.refused is not None:
        return last.refused.rule
    return next(e.rule for e in last.events if e.rule.startswith("106"))


exercise(Exercise("01.1", "Add a Swamp for Alice to the MANA-1 board. What does the Pool add now?", "106.7",
                  _key(lambda: gained(mana1_with_swamp()[1])),
                  "Which lands of Alice's could produce a type the Pool can copy?",
                  board="the MANA-1 board (exercise 1 cell)",
                  explain="Reflecting Pool adds a type Alice's lands could produce; the Swamp could produce {B}."))
exercise(Exercise("01.2", "Put Infernal Darkness into the tour. Which steps change?", "106.12b",
                  _key(darkness_changes),
                  "Only mana from a permanent *tapped* for mana is replaced; which steps tap for mana?",
                  board="the tour board (exercise 2 cell)",
                  explain="The Forest and the Pool are tapped for mana, so Infernal Darkness edits their "
                          "mana; Pili-Pala's {Q} ability isn't tapping for mana (106.12), so step 3 is the same."))
exercise(Exercise("01.3", "Why does Fellwar Stone facing only a Wastes produce nothing? Give the rule.", "106.5",
                  _key(_fellwar_rule), "Fellwar Stone asks what an opponent's land could produce, by colour "
                  "(106.7); what happens when no type can be defined?",
                  board="the Fellwar Stone board (exercise 3 cell)",
                  explain="Fellwar Stone adds a colour an opponent's land could produce (106.7); a Wastes "
                          "could produce only colorless mana, which is no colour, so no type can be defined and "
                          "the ability adds nothing (106.5). Reflecting Pool copies any *type*, and colorless is one."))


# ---------------------------------------------------------------- lesson 2: tap, untap, X
def stolen_elves() -> Timeline:
    s = Scenario("Bob's Llanowar Elves, Alice's since this turn")
    elves = s.add("Llanowar Elves", "Alice", owner="Bob", sick=True)
    t = s.timeline()
    t.attempt(activate("Alice", elves))
    return t


def walker_x3() -> tuple[int, int]:
    from mtgrules.lessons.tap_untap_and_x import x_on_entering
    t = x_on_entering(3)
    walker = oid_of(t, "Hangarback Walker")
    counters = dict(t.state.obj(walker).counters).get("+1/+1", 0)
    return counters, mana_value(t.state, walker)


def _refusal_rule(t: Timeline) -> str:
    refused = t[-1].refused
    return refused.rule if refused is not None else "no refusal"


def pili_pala_cast() -> Timeline:
    s = Scenario("Pili-Pala, cast this turn")
    pili = s.add("Pili-Pala", "Alice", tapped=True, sick=True)
    s.mana("Alice", "CC")
    t = s.timeline()
    t.attempt(activate("Alice", pili, color="G"))
    return t


exercise(Exercise("02.1", "Bob's Llanowar Elves came under Alice's control this turn. Can Alice tap them? "
                  "(True or False)", "302.6",
                  _key(lambda: stolen_elves()[-1].refused is None),
                  "What matters is control since the start of the controller's most recent turn.",
                  board="the stolen Elves board (exercise 1 cell)",
                  explain="Alice hasn't controlled them continuously since her most recent turn began, so "
                          "she can't pay {T} with them (302.6)."))
exercise(Exercise("02.2", "Hangarback Walker cast with X = 3: its +1/+1 counters and its mana value on the "
                  "battlefield, as (counters, mana value)", "107.3g",
                  _key(walker_x3), "X on entering comes from the spell (107.3m); off the stack X is 0.",
                  board="lesson.x_on_entering(3)",
                  explain="It enters with 3 counters (107.3m); on the battlefield its X is 0, so {X}{X} counts 0."))
exercise(Exercise("02.3", "Why can't Pili-Pala's {Q} ability be activated the turn it is cast? Give the rule.",
                  "302.6", _key(lambda: _refusal_rule(pili_pala_cast())),
                  "Pili-Pala is a creature; which rule restricts a creature's {T} and {Q} abilities?",
                  board="the Pili-Pala board (exercise 3 cell)",
                  explain="A creature's {Q} abilities, like its {T} abilities, need its controller to have "
                          "controlled it since their most recent turn began (302.6)."))


# ---------------------------------------------------------------- lesson 3: melee
THREE = ("Alice", "Bob", "Carol")


def _melee_resolved(s: Scenario, attacks: dict[int, Any]) -> Timeline:
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attacks))
    while t.state.stack:
        resolve_top(t)
    return t


def melee_one_bears_at_carol() -> Timeline:
    s = Scenario("MEL-1: one Bears at Carol, four stay home", players=THREE, step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = [s.add("Grizzly Bears", "Alice") for _ in range(5)]
    return _melee_resolved(s, {wings: "Bob", bears[0]: "Carol"})


def _bonus(t: Timeline, oid: int) -> int:
    return (characteristics(t.state, oid).power or 0) - 1   # Wings of the Guard is a 1/1


def two_wings() -> Timeline:
    s = Scenario("Two Wings of the Guard", players=THREE, step="combat")
    a = s.add("Wings of the Guard", "Alice")
    b = s.add("Wings of the Guard", "Alice")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {a: "Bob", b: "Carol"},
                           trigger_order=("Wings of the Guard #1", "Wings of the Guard #2")))
    while t.state.stack:
        resolve_top(t)
    return t


def two_wings_answer() -> tuple[int, int]:
    t = two_wings()
    wings = [o.oid for o in t.state.battlefield("Alice")]
    bonuses = {_bonus(t, w) for w in wings}
    return count_events(t, EventKind.TRIGGER, "Wings of the Guard"), bonuses.pop()


def charge_wings() -> Timeline:
    s = Scenario("Practice Charge puts Wings of the Guard into the attack", players=THREE, step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Wings of the Guard", "Alice", zone="hand")
    charge = s.add("Practice Charge", "Alice", zone="hand")
    plains = [s.add("Plains", "Alice") for _ in range(2)]
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    for land in plains:
        t.do(activate("Alice", land))
    t.do(cast("Alice", charge))
    resolve_top(t, attack_target="Carol")
    return t


def wings_at_jace() -> Timeline:
    s = Scenario("Wings attacks Jace, a Bears attacks Bob", step="combat")
    wings = s.add("Wings of the Guard", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    jace = s.add("Jace Beleren", "Bob")
    return _melee_resolved(s, {wings: jace, bears: "Bob"})


exercise(Exercise("03.1", "Wings attacks Bob, one Bears attacks Carol, four Bears stay home: the melee bonus "
                  "(a number: 2 for +2/+2)", "702.121a",
                  _key(lambda: _bonus(t := melee_one_bears_at_carol(), oid_of(t, "Wings of the Guard"))),
                  "Melee counts opponents attacked, not creatures.", board="the MEL-1 board (exercise 1 cell)",
                  explain="Two opponents were attacked (Bob and Carol): +2/+2."))
exercise(Exercise("03.2", "Two Wings of the Guard attack Bob and Carol: (how many melee triggers, the bonus "
                  "each Wings gets)", "702.121a",
                  _key(two_wings_answer),
                  "Each creature's own melee triggers, and each counts every opponent attacked (702.121a).",
                  board="the two-Wings board (exercise 2 cell)",
                  explain="Each Wings' melee triggers once; each counts both opponents: +2/+2 each."))
exercise(Exercise("03.3", "Practice Charge puts Wings of the Guard into an attack. Does melee trigger? "
                  "(True or False)", "508.4",
                  _key(lambda: count_events(charge_wings(), EventKind.TRIGGER, "Wings of the Guard") > 0),
                  "Was the Wings ever declared as an attacker?", board="the Practice Charge board (exercise 3 cell)",
                  explain="A creature put onto the battlefield attacking was never declared as an attacker, so "
                          "\"whenever this creature attacks\" doesn't trigger (508.4, 508.3a)."))
exercise(Exercise("03.4", "Wings attacks Jace Beleren and a Grizzly Bears attacks Bob: the melee bonus",
                  "702.121a",
                  _key(lambda: _bonus(t := wings_at_jace(), oid_of(t, "Wings of the Guard"))),
                  "Planeswalkers aren't opponents; which opponents were attacked?",
                  board="the Jace board (exercise 4 cell)",
                  explain="Only Bob, an opponent, was attacked: +1/+1. Jace is a planeswalker, not an opponent."))


# ---------------------------------------------------------------- lesson 4: Neyith
def explorer_board() -> Timeline:
    """The blocks explorer's board: the Bears (doubled, must be blocked), Boggart Brute (menace) and
    Wings of the Guard (flying) attack; Bob has Walking Corpse, Raging Goblin, Giant Spider and
    Goblin Piker."""
    s = Scenario("Blocks explorer: must be blocked, menace, flying, can't block")
    s.add("Neyith of the Dire Hunt", "Alice")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    attackers = [bears, s.add("Boggart Brute", "Alice"), s.add("Wings of the Guard", "Alice")]
    for name in ("Walking Corpse", "Raging Goblin", "Giant Spider", "Goblin Piker"):
        s.add(name, "Bob")
    t = go_to(s.timeline(), Step.BEGIN_COMBAT, target=bears)
    for f in forests:
        t.do(activate("Alice", f))
    resolve_top(t, pay=1)
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {a: "Bob" for a in attackers}))
    return go_to(t, Step.DECLARE_BLOCKERS)


def explorer_count() -> int:
    return legal_blocks(explorer_board().state, "Bob").count()


def _neyith_to_blocks(s: Scenario, attacker: int) -> Timeline:
    """Neyith's combat ability targets ``attacker``; Alice pays; it attacks Bob; on to Bob's blocks."""
    t = go_to(s.timeline(), Step.BEGIN_COMBAT, target=attacker)
    for f in [o.oid for o in t.state.battlefield("Alice") if o.card == "Forest"]:
        t.do(activate("Alice", f))
    resolve_top(t, pay=1)
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {attacker: "Bob"}))
    return go_to(t, Step.DECLARE_BLOCKERS)


def menace_three() -> Timeline:
    """NEY-7's board, with a third untapped creature (Raging Goblin) for Bob."""
    s = Scenario("NEY-7 with a third blocker")
    s.add("Neyith of the Dire Hunt", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice")
    brute = s.add("Boggart Brute", "Alice")
    for name in ("Walking Corpse", "Grizzly Bears", "Raging Goblin"):
        s.add(name, "Bob")
    return _neyith_to_blocks(s, brute)


def menace_declarations(answer: Any) -> tuple[bool, str]:
    """Right if the answer lists exactly the legal declarations (or gives their number)."""
    t = menace_three()
    options = legal_blocks(t.state, "Bob")
    legal = [dict(d) for d in options.declarations()]
    if isinstance(answer, int) and not isinstance(answer, bool):
        ok = answer == len(legal)
        return ok, (f"Yes: {len(legal)} legal declarations." if ok else "That's not how many the engine finds.")
    try:
        given = [{int(b): int(a) for b, a in dict(d).items()} for d in answer]
    except (TypeError, ValueError):
        return False, "Give a number, or a list of declarations as {blocker id: attacker id}."
    missing = [d for d in legal if d not in given]
    extra = [d for d in given if d not in legal]
    for d in extra:
        why = options.check(d)
        return False, f"{options.describe(d) or 'No blockers'} isn't legal: {why.reason}."
    if missing:
        return False, f"You found {len(given) - len(extra)} of the {len(legal)} legal declarations."
    return True, f"Yes: exactly these {len(legal)} declarations are legal."


def wings_must_be_blocked_board() -> Timeline:
    s = Scenario("Neyith targets Wings of the Guard")
    s.add("Neyith of the Dire Hunt", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice")
    wings = s.add("Wings of the Guard", "Alice")
    s.add("Walking Corpse", "Bob")
    s.add("Giant Spider", "Bob")
    return _neyith_to_blocks(s, wings)


def wings_must_be_blocked() -> str:
    """Who must block Wings of the Guard (flying), doubled and made to be blocked by Neyith."""
    t = wings_must_be_blocked_board()
    every = [set(d) for d in legal_blocks(t.state, "Bob").declarations()]
    must = set.intersection(*every) if every else set()
    return ", ".join(sorted(t.state.obj(o).card for o in must)) or "no one"


def fight_then_blocked() -> tuple[Timeline, int, int]:
    """Neyith, Gruul Ragebeast and Fervor (haste) out; Alice casts Grizzly Bears: as it enters it
    fights Bob's Llanowar Elves. Then the Bears (hasty) attack and Walking Corpse blocks them."""
    s = Scenario("Bears fight, then become blocked")
    s.add("Neyith of the Dire Hunt", "Alice")
    s.add("Gruul Ragebeast", "Alice")
    s.add("Fervor", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    elves = s.add("Llanowar Elves", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    for _ in range(3):
        s.add("Forest", "Alice", zone="library")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears))
    resolve_top(t, target=elves)            # the Bears enter: Ragebeast's trigger targets the Elves
    resolve_top(t)                          # the fight
    resolve_top(t)                          # Neyith: one or more fought, draw
    go_to(t, Step.BEGIN_COMBAT, target=bears)   # Neyith's combat ability targets the Bears
    resolve_top(t, pay=0)                       # Alice doesn't pay
    go_to(t, Step.DECLARE_ATTACKERS)
    return t, bears, corpse


def fight_then_blocked_draws() -> int:
    t, bears, corpse = fight_then_blocked()
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    go_to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    resolve_top(t)
    return sum(1 for f in t for e in f.events if e.attribute == "zone" and e.before == Zone.LIBRARY)


def doubled_twice_board() -> Timeline:
    """Boggart Brute (power 3), Exponential Growth in hand, Neyith out."""
    s = Scenario("Power 3, doubled by two abilities")
    s.add("Neyith of the Dire Hunt", "Alice")
    s.add("Boggart Brute", "Alice")
    s.add("Exponential Growth", "Alice", zone="hand")
    for _ in range(3):
        s.add("Forest", "Alice")
    s.mana("Alice", "RRR")
    return s.timeline()


def doubled_twice() -> tuple[int, int]:
    """Boggart Brute (power 3): Exponential Growth with X = 1, then Neyith's combat ability."""
    s = Scenario("Power 3, doubled by two abilities")
    s.add("Neyith of the Dire Hunt", "Alice")
    brute = s.add("Boggart Brute", "Alice")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    s.mana("Alice", "RRR")
    t = s.timeline().do(cast("Alice", growth, x=1, targets=(brute,)))
    resolve_top(t)
    first = characteristics(t.state, brute).power
    t.do(pass_priority("Alice")).do(pass_priority("Bob", target=brute))
    for f in forests:
        t.do(activate("Alice", f))
    resolve_top(t, pay=1)
    return first or 0, characteristics(t.state, brute).power or 0


exercise(Exercise("04.1", "In the explorer's board, how many legal block declarations are there?", "509.1c",
                  _key(explorer_count), "Every declaration must block the Bears if it can (509.1c); "
                  "menace needs two blockers; count the choices left for the others.",
                  board="the explorer's board (exercise 1 cell)",
                  explain="Counted by the engine's table of requirements (509.1c)."))
exercise(Exercise("04.2", "Give Bob a third untapped creature in the menace board: list the legal declarations "
                  "({blocker: attacker} each), or give their number", "702.111b",
                  _key(lambda: [dict(d) for d in legal_blocks(menace_three().state, "Bob").declarations()]),
                  "The Brute must be blocked if able, and only by two or more creatures.",
                  board="the menace board with a Raging Goblin (exercise 2 cell)", judge=menace_declarations))
exercise(Exercise("04.3", "Neyith targets Wings of the Guard (flying); Bob has Walking Corpse and Giant Spider. "
                  "Which creature must block?", "509.1c", _key(wings_must_be_blocked),
                  "Which of Bob's creatures *can* block a flyer (702.9b)?",
                  board="the flying board (exercise 3 cell)",
                  explain="Only the Giant Spider (reach) can block Wings; the requirement asks only for what "
                          "can be obeyed, so the Spider must block and the Corpse is free."))
exercise(Exercise("04.4", "Alice's Bears fight in her main phase and become blocked in combat. How many cards "
                  "does she draw?", "603.2c", _key(fight_then_blocked_draws),
                  "Neyith triggers on a fight and, separately, when creatures become blocked.",
                  board="the Ragebeast board (exercise 4 cell)",
                  explain="A fight is one event and becoming blocked another: Neyith triggers once for each, "
                          "so two cards (603.2c)."))
exercise(Exercise("04.5", "A creature with power 3 is doubled by two different abilities: its power after each, "
                  "as (first, second)", "701.10b", _key(doubled_twice),
                  "Each doubling gives +X/+0 with X its power as that doubling resolves.",
                  board="the Exponential Growth board (exercise 5 cell)",
                  explain="3 doubled is 6 (+3/+0); 6 doubled is 12 (+6/+0): each reads the power then (701.10b)."))


# ---------------------------------------------------------------- lesson 5: Call to the Grave
def two_headed_giant() -> Timeline:
    """Call to the Grave (Bob's) triggers for Alice and for Andy in their team's upkeep."""
    players = ["Alice", "Andy", "Bob", "Beth"]
    s = Scenario("Call to the Grave in Two-Headed Giant", players=players,
                 teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"},
                 game_format="two-headed giant", turn=2, active="Bob", step="end")
    s.add("Call to the Grave", "Bob")
    s.add("Grizzly Bears", "Alice")
    s.add("Llanowar Elves", "Alice")
    s.add("Raging Goblin", "Andy")
    s.add("Walking Corpse", "Andy")
    for player in players:
        for _ in range(4):
            s.add("Swamp", player, zone="library")
    return go_to(s.timeline(), Step.UPKEEP, "Alice",
                 trigger_order=("Call to the Grave (Andy)", "Call to the Grave (Alice)"))


def thg_orderer() -> str:
    t = two_headed_giant()
    return str(next(e.obj for f in t for e in f.events if e.kind == EventKind.TRIGGER_ORDER))


def end_step_murder() -> Timeline:
    """The end-step board, but Bob tries to answer the trigger with Murder. The trigger exists
    because no creature is on the battlefield, so Murder has nothing to target (115.1)."""
    s = Scenario("Call to the Grave: Bob responds with Murder", turn=2, step="main2")
    s.add("Call to the Grave", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = s.timeline()
    go_to(t, Step.END)
    t.do(pass_priority("Alice"))
    t.attempt(cast("Bob", murder))
    return t


def end_step_murder_answer() -> bool:
    """Whether Call to the Grave is still on the battlefield at the end (False: sacrificed)."""
    t = end_step_murder()
    if t[-1].refused is None:
        resolve_top(t)
    else:
        t.do(pass_priority("Bob"))
    card = oid_of(t, "Call to the Grave")
    return t.state.obj(card).zone is Zone.BATTLEFIELD


def end_step_response() -> Timeline:
    """No creatures as the end step begins, so Call to the Grave's ability triggers; Bob responds
    with Raise the Alarm; the intervening "if" is checked again as the trigger resolves."""
    s = Scenario("Call to the Grave: a creature enters in response", turn=2, step="main2")
    s.add("Call to the Grave", "Alice")
    plains = [s.add("Plains", "Bob"), s.add("Plains", "Bob")]
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    t = go_to(s.timeline(), Step.END)
    t.do(pass_priority("Alice"))
    for land in plains:
        t.do(activate("Bob", land))
    t.do(cast("Bob", alarm))
    resolve_top(t)
    return resolve_top(t)


def _if_rule() -> str:
    t = end_step_response()
    return str(next(e.rule for f in t for e in f.events if e.kind == EventKind.IF_CHECK))


exercise(Exercise("05.1", "In the Two-Headed Giant game, which player chooses the order of the two triggers?",
                  "805.7", _key(thg_orderer), "Whose triggers are they? In Two-Headed Giant a team orders its own.",
                  board="the Two-Headed Giant game (exercise 1 cell)",
                  explain="Both triggers are Bob's (Call to the Grave is his), so Bob's team orders them: Bob."))
exercise(Exercise("05.2", "Bob responds to the end-step trigger with an instant that destroys a creature "
                  "(Murder). Is Call to the Grave still on the battlefield afterwards? (True or False)", "603.4",
                  _key(end_step_murder_answer),
                  "The trigger exists because no creature is on the battlefield: what could Murder target?",
                  board="the Murder board (exercise 2 cell)",
                  explain="There is no creature to destroy, so Murder can't even be cast (115.1); the "
                          "condition is still true as the trigger resolves, and Alice sacrifices it."))
exercise(Exercise("05.3", "Which rule checks an intervening \"if\" twice, as the event happens and on "
                  "resolution?", "603.4", _key(_if_rule), "Read the end-step walk-through's \"if check\" events.",
                  board="the end-step board (exercise 3 cell)",
                  explain="603.4: an intervening \"if\" is checked as the trigger event happens and again as "
                          "the ability resolves. Without one, the upkeep ability always triggers."))


# ---------------------------------------------------------------- lesson 6: Over My Dead Bodies
def omdb_tour_with_spider() -> Timeline:
    s = Scenario("Over My Dead Bodies: the tour, with a Giant Spider in Bob's graveyard", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    goblin = s.add("Raging Goblin", "Alice", zone="graveyard")
    s.add("Walking Corpse", "Bob", zone="graveyard")
    s.add("Giant Spider", "Bob", zone="graveyard")
    s.add("Llanowar Elves", "Bob")
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob", goblin: "Bob"}))
    go_to(t, Step.DECLARE_BLOCKERS)
    return t


def lord_on_bobs_side_board() -> Timeline:
    s = Scenario("Lord of the Accursed on Bob's side", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Alice")
    s.add("Lord of the Accursed", "Bob")
    s.add("Grizzly Bears", "Alice", zone="graveyard")
    return s.timeline()


def lord_on_bobs_side() -> int:
    t = lord_on_bobs_side_board()
    bears = oid_of(t, "Grizzly Bears")
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    return characteristics(t.state, bears).power or 0


def bob_has_omdb_board() -> Timeline:
    """Bob's Over My Dead Bodies; in Alice's graveyard: Grizzly Bears and Raging Goblin (haste) put
    there this turn, Walking Corpse there since before her turn."""
    s = Scenario("Bob controls Over My Dead Bodies", turn=2, step="combat")
    s.add("Over My Dead Bodies", "Bob")
    s.add("Grizzly Bears", "Alice", zone="graveyard", sick=True)
    s.add("Raging Goblin", "Alice", zone="graveyard", sick=True)
    s.add("Walking Corpse", "Alice", zone="graveyard")
    return s.timeline()


def bob_has_omdb() -> list[str]:
    t = bob_has_omdb_board()
    go_to(t, Step.DECLARE_ATTACKERS)
    from mtgrules.rules.combat.declare import possible_attackers
    return sorted(o.card for o in possible_attackers(t.state))


def own_static_scenario(answer: Any) -> tuple[bool, str]:
    """Right if the learner's timeline has a graveyard card with a static ability of its own
    attacking: that is the scenario where the two readings differ."""
    from mtgrules.core.abilities import StaticAbility
    from mtgrules.core.carddef import card
    t = _timeline(answer)
    for f in t:
        for e in f.events:
            if e.kind == EventKind.ATTACKS and isinstance(e.obj, int):
                obj = f.state.obj(e.obj)
                if obj.zone is Zone.GRAVEYARD and any(isinstance(a, StaticAbility)
                                                      for a in card(obj.card).abilities):
                    return True, (f"Yes: {obj.card} attacks from a graveyard with a static ability of its own. "
                                  "The kit's reading: that ability doesn't function from a graveyard (113.6); "
                                  "the other reading would have it apply while the card attacks.")
    return False, "No graveyard card with a static ability of its own attacks in your timeline."


exercise(Exercise("06.1", "The tour's board with a Giant Spider in Bob's graveyard too: how many legal block "
                  "declarations does Bob have?", "509.1b",
                  _key(lambda: legal_blocks(omdb_tour_with_spider().state, "Bob").count()),
                  "Graveyard attackers are blocked only by graveyard creatures (OMDB-6); each may block either "
                  "attacker or none.", board="the tour board with a Spider (exercise 1 cell)",
                  explain="Two graveyard blockers, each blocking the Bears, the Goblin or nothing."))
exercise(Exercise("06.2", "Lord of the Accursed on Bob's side: the power of Alice's attacking Grizzly Bears",
                  "613", _key(lord_on_bobs_side),
                  "\"Other Zombies you control\": who controls the Bears?",
                  board="the Lord board (exercise 2 cell)",
                  explain="The Bears are Alice's; Bob's Lord pumps only Zombies Bob controls, so they stay 2."))
exercise(Exercise("06.3", "Bob controls Over My Dead Bodies instead of Alice. The Bears and the Goblin went "
                  "to her graveyard this turn, the Corpse earlier. Which can attack? (a list of names)", "302.6",
                  _key(bob_has_omdb),
                  "Only the first ability works for Alice (haste is for Bob's graveyard); then 302.6 applies.",
                  board="the Bob's-OMDB board (exercise 3 cell)",
                  explain="Any player's graveyard cards can attack, but the haste is only for Bob's cards. "
                          "Alice's cards need to have been hers since her turn began (302.6), unless they have "
                          "haste of their own (Raging Goblin, 702.10b)."))
exercise(Exercise("06.4", "Write a scenario (a Timeline) that shows where the two readings of a graveyard "
                  "attacker's own static abilities differ", "113.6", _key(lambda: "a scenario"),
                  "Let a card with a static ability of its own (Lord of the Accursed: \"Other Zombies you "
                  "control get +1/+1\") attack from a graveyard beside another graveyard attacker, a Zombie too "
                  "(OMDB-4).", board="the tour board", judge=own_static_scenario))


# ---------------------------------------------------------------- lesson 7: Graveyard Busybody
def busybody_in_hand_board() -> Scenario:
    s = Scenario("The Busybody in Alice's hand", turn=3, step="main1")
    s.add("Graveyard Busybody", "Alice", zone="hand")
    s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Forest", "Alice", zone="graveyard")
    for name in ("Llanowar Elves", "Raging Goblin", "Island"):
        s.add(name, "Bob", zone="graveyard")
    return s


def busybody_in_hand() -> int:
    state = busybody_in_hand_board().state()
    return characteristics(state, oid_of(state, "Graveyard Busybody")).power or 0


def busybody_duel() -> Timeline:
    """GB-5: Alice's Busybody is out; Bob casts his own, which enters last and wins."""
    s = Scenario("GB-5: Bob's Busybody enters last", turn=3, active="Bob", step="main1")
    s.add("Graveyard Busybody", "Alice")
    for name in ("Grizzly Bears", "Forest"):
        s.add(name, "Alice", zone="graveyard")
    for name in ("Llanowar Elves", "Raging Goblin", "Island"):
        s.add(name, "Bob", zone="graveyard")
    second = s.add("Graveyard Busybody", "Bob", zone="hand")
    s.mana("Bob", "UUUUUU")
    t = s.timeline().do(cast("Bob", second))
    return resolve_top(t)


def duel_graveyard_count() -> int:
    t = busybody_duel()
    gone = next(o.oid for o in t.state.objects if o.card == "Graveyard Busybody" and o.zone is Zone.GRAVEYARD)
    return characteristics(t.state, gone).power or 0


def haste_board() -> Scenario:
    s = Scenario("The Busybody and Over My Dead Bodies", turn=3, step="main1")
    s.add("Graveyard Busybody", "Alice")
    s.add("Over My Dead Bodies", "Alice")
    s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Llanowar Elves", "Bob", zone="graveyard")
    return s


def haste_with_busybody() -> list[str]:
    state = haste_board().state()
    owners = {o.owner for o in state.objects if o.zone is Zone.GRAVEYARD
              and "haste" in characteristics(state, o.oid).keywords}
    return sorted(owners)


exercise(Exercise("07.1", "The Busybody in Alice's hand: its power", "604.3", _key(busybody_in_hand),
                  "A characteristic-defining ability works in every zone (604.3).",
                  board="the Busybody-in-hand board (exercise 1 cell)",
                  explain="Its */* ability counts in every zone, so it counts the cards in the graveyards "
                          "Alice has."))
exercise(Exercise("07.2", "In the GB-5 duel, what does Alice's Busybody count once it is in her graveyard?",
                  "604.3", _key(duel_graveyard_count),
                  "In the graveyard it still counts (604.3); whose graveyards does Alice have now?",
                  board="the GB-5 duel (exercise 2 cell)",
                  explain="Bob's Busybody gives him every graveyard, so Alice has none: it counts 0 there too."))
exercise(Exercise("07.3", "With Alice's Busybody and Over My Dead Bodies out, whose graveyard cards have haste? "
                  "(a list of owners' names)", "604.3", _key(haste_with_busybody),
                  "\"Your graveyard\" reads through the Busybody: which graveyards are Alice's?",
                  board="the Busybody and OMDB board (exercise 3 cell)",
                  explain="Alice has every graveyard, so creature cards in all of them have haste."))


# ---------------------------------------------------------------- lesson 8: combat keywords
def knight_blocked_board() -> Scenario:
    s = Scenario("Knight of Meadowgrain blocked by Walking Corpse", step="combat")
    s.add("Knight of Meadowgrain", "Alice")
    s.add("Walking Corpse", "Bob")
    return s


def knight_damage_after_combat() -> int:
    from mtgrules.lessons.combat_keywords import combat
    s = knight_blocked_board()
    knight, corpse = oid_of(s.state(), "Knight of Meadowgrain"), oid_of(s.state(), "Walking Corpse")
    return combat(s, {corpse: knight}).state.obj(knight).damage


def basilisk_myr_board() -> Scenario:
    s = Scenario("Practice Basilisk blocked by Darksteel Myr", step="combat")
    s.add("Practice Basilisk", "Alice")
    s.add("Darksteel Myr", "Bob")
    return s


def basilisk_most_to_bob() -> int:
    """The most life Bob can lose: the engine refuses a division that gives the Myr less than
    lethal damage (702.19b), and 1 is lethal from a deathtouch source (702.2c)."""
    from mtgrules.lessons.combat_keywords import combat
    s = basilisk_myr_board()
    state = s.state()
    basilisk, myr = oid_of(state, "Practice Basilisk"), oid_of(state, "Darksteel Myr")
    power = characteristics(state, basilisk).power or 0
    for to_bob in range(power, -1, -1):
        try:
            t = combat(s, {myr: basilisk}, damage_division=((myr, power - to_bob), ("Bob", to_bob)))
        except IllegalAction:
            continue
        return state.player("Bob").life - t.state.player("Bob").life
    raise AssertionError("no division of the Basilisk's damage was played")


def ace_myr_board() -> Scenario:
    s = Scenario("Fencing Ace blocked by Darksteel Myr", step="combat")
    s.add("Fencing Ace", "Alice")
    s.add("Darksteel Myr", "Bob")
    return s


def myr_damage_after_combat() -> int:
    from mtgrules.lessons.combat_keywords import combat
    s = ace_myr_board()
    ace, myr = oid_of(s.state(), "Fencing Ace"), oid_of(s.state(), "Darksteel Myr")
    return combat(s, {myr: ace}).state.obj(myr).damage


def lunge_on_knight_board() -> Scenario:
    s = Scenario("Practice Lunge on the Knight, after the first-strike step", step="combat")
    s.add("Craw Wurm", "Alice")
    s.add("Mountain", "Alice")
    s.add("Mountain", "Alice")
    s.add("Practice Lunge", "Alice", zone="hand")
    s.add("Knight of Meadowgrain", "Bob")
    return s


def lunge_on_knight() -> Timeline:
    """The Wurm attacks, the Knight blocks; after the first-strike damage step Alice casts
    Practice Lunge on the Knight (her Mountains pay), and combat goes on to its end."""
    from mtgrules.lessons.combat_keywords import _attack, _block, _damage
    s = lunge_on_knight_board()
    state = s.state()
    wurm, knight = oid_of(state, "Craw Wurm"), oid_of(state, "Knight of Meadowgrain")
    t = _block(_attack(s.timeline(), [wurm]), {knight: wurm})
    go_to(t, Step.FIRST_STRIKE_DAMAGE)
    for mountain in (o.oid for o in state.objects if o.card == "Mountain"):
        t.do(activate("Alice", mountain))
    t.do(cast("Alice", oid_of(state, "Practice Lunge"), targets=(knight,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    return _damage(t)


def knight_damage_dealt() -> int:
    t = lunge_on_knight()
    return sum(int(e.after) for f in t for e in f.events
               if e.kind == EventKind.COMBAT_DAMAGE and e.name == "Knight of Meadowgrain" and e.attribute == "damage")


def nighthawk_board() -> Scenario:
    s = Scenario("Vampire Nighthawk in Two-Headed Giant", players=["Alice", "Ann", "Bob", "Bea"], step="combat",
                 game_format="two-headed giant", teams={"Alice": "A", "Ann": "A", "Bob": "B", "Bea": "B"})
    s.add("Vampire Nighthawk", "Ann")
    s.add("Giant Spider", "Bob")
    s.add("Giant Spider", "Bob")
    return s


def nighthawk_answer() -> tuple[int, int]:
    """(how many of the two blockers die, Alice's team's life total after combat)."""
    from mtgrules.lessons.combat_keywords import combat
    s = nighthawk_board()
    state = s.state()
    hawk = oid_of(state, "Vampire Nighthawk")
    spiders = [o.oid for o in state.objects if o.card == "Giant Spider"]
    t = combat(s, dict.fromkeys(spiders, hawk), damage_division=tuple((spider, 1) for spider in spiders))
    dead = sum(1 for o in t.state.objects if o.card == "Giant Spider" and o.zone is Zone.GRAVEYARD)
    return dead, t.state.player("Alice").life


exercise(Exercise("08.1", "Knight of Meadowgrain (2/2 first strike, lifelink) is blocked by Walking Corpse (2/2): "
                  "how much damage is marked on the Knight after combat?", "510.4", _key(knight_damage_after_combat),
                  "Which creatures deal damage in the first-strike combat damage step, and is the Corpse still "
                  "there for the second?", board="the Knight and the Corpse (exercise 1 cell)",
                  explain="The Knight deals its 2 in the first-strike step and the Corpse dies before the "
                          "regular step, so it never deals its damage."))
exercise(Exercise("08.2", "Practice Basilisk (3/3 deathtouch, trample) is blocked by Darksteel Myr (0/1 "
                  "indestructible): the most life Bob can lose", "702.2c", _key(basilisk_most_to_bob),
                  "How much damage is lethal from a deathtouch source, and does indestructible change what is "
                  "lethal to assign?", board="the Basilisk and the Myr (exercise 2 cell)",
                  explain="1 damage from a deathtouch source counts as lethal for the trample split, "
                          "indestructible or not, so 2 can go to Bob."))
exercise(Exercise("08.3", "Fencing Ace (1/1 double strike) is blocked by Darksteel Myr (0/1 indestructible): "
                  "how much damage is marked on the Myr after combat?", "702.4b", _key(myr_damage_after_combat),
                  "A double striker deals damage in both combat damage steps; what happens to damage on a "
                  "creature that isn't destroyed?", board="the Ace and the Myr (exercise 3 cell)",
                  explain="The Ace deals 1 in each step and the Myr, indestructible, keeps both until the "
                          "cleanup step."))
exercise(Exercise("08.4", "After the first-strike step, Alice casts Practice Lunge on Bob's blocking Knight "
                  "of Meadowgrain: how much combat damage does the Knight deal in all?", "702.7c",
                  _key(knight_damage_dealt),
                  "The Knight had first strike as the first combat damage step began: does it deal damage in "
                  "the second?", board="the Lunge-on-the-Knight board (exercise 4 cell)",
                  explain="Only creatures that had neither first strike nor double strike as the first step "
                          "began (or have double strike) deal damage in the second; the Knight dealt its 2."))
exercise(Exercise("08.5", "Two-Headed Giant: Ann's Vampire Nighthawk (2/3 flying, deathtouch, lifelink) is "
                  "blocked by two Giant Spiders and deals 1 to each: (how many Spiders die, Alice's team's "
                  "life total after combat)", "702.15b", _key(nighthawk_answer),
                  "Deathtouch makes 1 damage enough; lifelink makes Ann gain what the Nighthawk dealt, and her "
                  "team shares one life total (810.9).", board="the Nighthawk board (exercise 5 cell)",
                  explain="Both Spiders are destroyed (702.2b) and Ann gains 2 life, so her team goes from 30 to 32."))


# ---------------------------------------------------------------- lesson 10: casting a spell
def two_cast_triggers_board() -> Timeline:
    s = Scenario("Guttersnipe and Aven Wind Mage")
    s.add("Guttersnipe", "Alice")
    s.add("Aven Wind Mage", "Alice")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    return t.do(cast("Alice", shock, targets=("Bob",), trigger_order=("Guttersnipe", "Aven Wind Mage")))


def cast_triggers() -> int:
    t = two_cast_triggers_board()
    return sum(1 for e in t[-1].events if e.kind == EventKind.TRIGGER)


def bob_responds_board() -> Timeline:
    s = Scenario("Bob Shocks the Guttersnipe in response")
    snipe = s.add("Guttersnipe", "Alice")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    bobs_mountain = s.add("Mountain", "Bob")
    bobs_shock = s.add("Shock", "Bob", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", shock, targets=(bears,)))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", bobs_mountain))
    return t.do(cast("Bob", bobs_shock, targets=(snipe,)))


def bob_life_after_response() -> int:
    t = bob_responds_board()
    while t.state.stack:
        resolve_top(t)
    return t.state.player("Bob").life


def mana_ability_rule() -> str:
    from mtgrules.lessons.casting_a_spell import substeps
    return next(s.rule for s in substeps(casting_a_spell_tour()) if s.name == "mana abilities")


def casting_a_spell_tour() -> Timeline:
    from mtgrules.lessons.casting_a_spell import tour
    return tour()


def geyser_x2_board() -> Timeline:
    s = Scenario("Volcanic Geyser with X=2")
    geyser = s.add("Volcanic Geyser", "Alice", zone="hand")
    mountains = [s.add("Mountain", "Alice") for _ in range(4)]
    t = s.timeline()
    for m in mountains:
        t.do(activate("Alice", m))
    return t.do(cast("Alice", geyser, x=2, targets=("Bob",)))


def geyser_x2_paid() -> int:
    t = geyser_x2_board()
    return sum(len(e.before) - len(e.after) for e in t[-1].events if e.kind == EventKind.MANA_SPENT)


exercise(Exercise("10.1", "Alice controls Guttersnipe and Aven Wind Mage and casts Shock at Bob: how many "
                  "triggered abilities go on the stack above it?", "601.2i", _key(cast_triggers),
                  "Read both cards: which of them say \"whenever you cast an instant or sorcery spell\"?",
                  board="the two-triggers board (exercise 1 cell)",
                  explain="Shock becomes cast, and both \"whenever you cast\" abilities trigger at once."))
exercise(Exercise("10.2", "Bob Shocks Alice's Guttersnipe in response to her Shock. What is Bob's life total "
                  "once the stack is empty?", "113.7a", _key(bob_life_after_response),
                  "The Guttersnipe dies, but did its ability wait for it?",
                  board="the response board (exercise 2 cell)",
                  explain="The ability was put on the stack before Bob could respond; it exists independently "
                          "of its source and still deals 2 damage to him."))
exercise(Exercise("10.3", "Which substep of casting gives Alice her chance to activate mana abilities (a rule "
                  "number)?", "601.2g", _key(mana_ability_rule),
                  "It comes after the total cost is determined and before the cost is paid.",
                  board="the tour's casting table",
                  explain="601.2g: once the total cost is known, and before it is paid."))
exercise(Exercise("10.4", "Alice casts Volcanic Geyser ({X}{R}{R}) with X = 2: how much mana does she pay?",
                  "601.2f", _key(geyser_x2_paid),
                  "The total cost is the mana cost with the X announced in 601.2b put in.",
                  board="the Volcanic Geyser board (exercise 4 cell)",
                  explain="X = 2 was announced (601.2b), so the total cost is {2}{R}{R}: four mana."))


# ---------------------------------------------------------------- lesson 13: priority and state-based actions
def pyroclasm_game(active: str) -> Timeline:
    """Tattered Mummy (Alice's), Highland Game and Grizzly Bears (Bob's); the active player casts
    Pyroclasm, and every ability resolves."""
    s = Scenario(f"Pyroclasm in {active}'s turn", active=active)
    s.add("Tattered Mummy", "Alice")
    s.add("Highland Game", "Bob")
    s.add("Grizzly Bears", "Bob")
    mountains = [s.add("Mountain", active) for _ in range(2)]
    pyroclasm = s.add("Pyroclasm", active, zone="hand")
    t = s.timeline()
    for m in mountains:
        t.do(activate(active, m))
    return t.do(cast(active, pyroclasm))


def first_dies_ability(active: str) -> str:
    t = pyroclasm_game(active)
    resolve_top(t)                       # Pyroclasm: three creatures die at once
    state = t.state
    top = state.stack[-1]
    return top.controller


def checked_again_board() -> Timeline:
    s = Scenario("State-based actions, checked again")
    mummy = s.add("Tattered Mummy", "Bob")
    s.add("Pacifism", "Alice", attached_to=mummy)
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    return t.do(cast("Alice", shock, targets=(mummy,)))


def alice_life_after_checks() -> int:
    t = checked_again_board()
    while t.state.stack:
        resolve_top(t)
    return t.state.player("Alice").life


exercise(Exercise("13.1", "Alice casts Pyroclasm in her turn; her Tattered Mummy and Bob's Highland Game die at "
                  "once. Whose dies ability resolves first? (a player's name)", "603.3b",
                  _key(lambda: first_dies_ability("Alice")),
                  "APNAP: the active player puts their triggers on the stack first. Which one ends on top?",
                  board="the Pyroclasm board (exercise 1 cell)",
                  explain="Alice's trigger goes on the stack first and Bob's on top of it, so Bob's resolves first."))
exercise(Exercise("13.2", "Alice's Pacifism enchants Bob's Tattered Mummy, and she Shocks the Mummy. What is "
                  "Alice's life total once the stack is empty?", "704.3", _key(alice_life_after_checks),
                  "The Mummy dies to a state-based action: what does it do when it dies, and to whom?",
                  board="the Pacifism and Mummy board (exercise 2 cell)",
                  explain="The first check destroys the Mummy, the repeated check puts Pacifism into the "
                          "graveyard, and then the Mummy's dies ability goes on the stack: Alice loses 2."))
exercise(Exercise("13.3", "The Pyroclasm board in Bob's turn: Bob casts it. Whose dies ability resolves first? "
                  "(a player's name)", "603.3b", _key(lambda: first_dies_ability("Bob")),
                  "Who is the active player now, and so whose triggers go on the stack first?",
                  board="the Pyroclasm board in Bob's turn (exercise 3 cell)",
                  explain="Bob is the active player: his trigger goes on the stack first and Alice's on top, so "
                          "hers resolves first."))


# ---------------------------------------------------------------- lesson 11: replacement effects
def leyline_mummy_board() -> Timeline:
    """Alice's Leyline of the Void; Bob's Tattered Mummy; Alice Shocks the Mummy."""
    s = Scenario("Shock the Mummy under a Leyline")
    s.add("Leyline of the Void", "Alice")
    mummy = s.add("Tattered Mummy", "Bob")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    return t.do(cast("Alice", shock, targets=(mummy,)))


def alice_life_under_leyline() -> int:
    t = leyline_mummy_board()
    while t.state.stack:
        resolve_top(t)
    return t.state.player("Alice").life


def furnace_shield_board() -> Timeline:
    """Alice's Furnace of Rath; she Shocks Bob, and Bob's Samite Healer shields him in response."""
    s = Scenario("Shock under Furnace of Rath, against a Samite Healer's shield")
    s.add("Furnace of Rath", "Alice")
    mountain = s.add("Mountain", "Alice")
    shock = s.add("Shock", "Alice", zone="hand")
    healer = s.add("Samite Healer", "Bob")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", shock, targets=("Bob",)))
    t.do(pass_priority("Alice"))
    return t.do(activate("Bob", healer, targets=("Bob",)))


def bob_life_furnace_first() -> int:
    t = furnace_shield_board()
    resolve_top(t)                                                        # the shield
    resolve_top(t, replacement_order=("Furnace of Rath", "prevention shield"))  # Shock
    return t.state.player("Bob").life


def caves_board() -> Timeline:
    s = Scenario("Alice plays Bloodfell Caves")
    caves = s.add("Bloodfell Caves", "Alice", zone="hand")
    t = s.timeline()
    return t.do(play_land("Alice", caves))


def caves_taps_for_mana() -> bool:
    t = caves_board()
    caves = oid_of(t, "Bloodfell Caves")
    return t.copy().attempt(activate("Alice", caves)) is None


def scorch_board() -> Timeline:
    s = Scenario("Practice Scorch under Furnace of Rath")
    s.add("Furnace of Rath", "Alice")
    mountain = s.add("Mountain", "Alice")
    scorch = s.add("Practice Scorch", "Alice", zone="hand")
    s.add("Diregraf Ghoul", "Bob")
    t = s.timeline()
    t.do(activate("Alice", mountain))
    return t.do(cast("Alice", scorch, targets=("Bob",)))


def scorch_damage() -> int:
    t = scorch_board()
    before = t.state.player("Bob").life
    return before - resolve_top(t).state.player("Bob").life


exercise(Exercise("11.1", "Alice's Leyline of the Void is on the battlefield, and she Shocks Bob's Tattered Mummy. "
                  "What is Alice's life total once the stack is empty?", "614.6", _key(alice_life_under_leyline),
                  "Where does the Mummy go instead of the graveyard? Did it die?",
                  board="the Leyline board (exercise 1 cell)",
                  explain="The Leyline exiles the Mummy instead of putting it into Bob's graveyard: the replaced "
                          "event never happens, so the Mummy never dies and its ability never triggers. Alice "
                          "stays at 20."))
exercise(Exercise("11.2", "Bob's Samite Healer shields him from Alice's Shock under her Furnace of Rath, and Bob "
                  "applies Furnace of Rath first. What is Bob's life total after Shock resolves?", "616.1",
                  _key(bob_life_furnace_first),
                  "Apply them in Bob's order: first double the 2 damage, then prevent 1 of it.",
                  board="the Furnace and shield board (exercise 2 cell)",
                  explain="Bob, the affected player, orders the two effects: doubled first makes 4, and the "
                          "shield prevents 1 of it, so 3 damage is dealt (the other order would deal 2)."))
exercise(Exercise("11.3", "Alice plays Bloodfell Caves. Can she tap it for mana this turn? (True or False)",
                  "614.1d", _key(caves_taps_for_mana),
                  "\"Enters the battlefield tapped\" changes how it enters: is there a moment it is untapped?",
                  board="the Bloodfell Caves board (exercise 3 cell)",
                  explain="It enters tapped (a replacement effect, not a trigger): there is never a moment to tap "
                          "it, and a tapped land can't pay {T} (107.5)."))
exercise(Exercise("11.4", "Alice casts Practice Scorch (a practice card) at Bob, who controls a Zombie, with her "
                  "Furnace of Rath on the battlefield. How much damage is Bob dealt?", "614.15", _key(scorch_damage),
                  "Which effect replaces part of the spell's own effect, and so comes first?",
                  board="the Practice Scorch board (exercise 4 cell)",
                  explain="The spell's own \"4 damage instead\" is a self-replacement effect and applies first "
                          "(614.15, 616.1a); then Furnace of Rath doubles it: 8."))


# ---------------------------------------------------------------- lesson 12: layers
def staff_two_then_five() -> Timeline:
    """Chimeric Staff: X = 2, then Giant Growth on it, then X = 5 (the board of exercise 12.1)."""
    s = Scenario("Chimeric Staff: X = 2, Giant Growth, then X = 5")
    staff = s.add("Chimeric Staff", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "CCCCCCCG")
    t = s.timeline()
    t.do(activate("Alice", staff, 0, x=2, pay="CC"))
    resolve_top(t)
    t.do(cast("Alice", growth, targets=(staff,), pay="G"))
    resolve_top(t)
    t.do(activate("Alice", staff, 0, x=5, pay="CCCCC"))
    return resolve_top(t)


def bears_fists_then_twist() -> Timeline:
    """Grizzly Bears with two +1/+1 counters; Fists of the Anvil, then Practice Twist (12.2)."""
    s = Scenario("Grizzly Bears with two +1/+1 counters: Fists of the Anvil, then Practice Twist")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 2})
    fists = s.add("Fists of the Anvil", "Alice", zone="hand")
    twist = s.add("Practice Twist", "Alice", zone="hand")
    s.mana("Alice", "URR")
    t = s.timeline()
    t.do(cast("Alice", fists, targets=(bears,), pay="RR"))
    resolve_top(t)
    t.do(cast("Alice", twist, targets=(bears,), pay="U"))
    return resolve_top(t)


def flying_then_hush() -> Timeline:
    """Keen Glidemaster gives Fetid Imp flying, then Practice Hush takes its abilities (12.3)."""
    s = Scenario("Keen Glidemaster, then Practice Hush")
    imp = s.add("Fetid Imp", "Alice")
    glidemaster = s.add("Keen Glidemaster", "Alice")
    hush = s.add("Practice Hush", "Alice", zone="hand")
    s.mana("Alice", "UUUUB")
    t = s.timeline()
    t.do(activate("Alice", glidemaster, 0, targets=(imp,), pay="UUB"))
    resolve_top(t)
    t.do(cast("Alice", hush, targets=(imp,), pay="UU"))
    return resolve_top(t)


def _pt_at_end(t: Timeline, name: str) -> str:
    return characteristics(t.state, oid_of(t, name)).pt()


exercise(Exercise("12.1", "Chimeric Staff becomes a 2/2, gets Giant Growth, then becomes a 5/5. What is its power "
                  "and toughness? (such as \"3/3\")", "613.4b",
                  _key(lambda: _pt_at_end(staff_two_then_five(), "Chimeric Staff")),
                  "Which sublayer sets P/T, which modifies it, and which comes first? Within 7b, which setting "
                  "is applied last?", board="the Chimeric Staff board (exercise 1 cell)",
                  explain="Both settings are in 7b, in timestamp order, so X = 5 is applied last: 5/5. Giant "
                          "Growth is in 7c, after all of 7b, though it was cast between them: 8/8."))
exercise(Exercise("12.2", "Grizzly Bears with two +1/+1 counters gets Fists of the Anvil (+4/+0), then Practice "
                  "Twist (switch). What is its power and toughness? (such as \"3/3\")", "613.4d",
                  _key(lambda: _pt_at_end(bears_fists_then_twist(), "Grizzly Bears")),
                  "In which sublayer do counters and +4/+0 apply, and in which the switch?",
                  board="the Grizzly Bears board (exercise 2 cell)",
                  explain="The counters and +4/+0 apply in 7c: 2/2 to 4/4 to 8/4. The switch is in 7d, after "
                          "them: 4/8."))
exercise(Exercise("12.3", "Keen Glidemaster's ability gives Fetid Imp flying, and then Practice Hush makes it lose "
                  "all abilities. Does the Imp have flying at the end? (True or False)", "613.7",
                  _key(lambda: "flying" in characteristics(flying_then_hush().state,
                                                             oid_of(flying_then_hush(), "Fetid Imp")).keywords),
                  "Both effects are in layer 6: in which order do they apply?",
                  board="the Fetid Imp board (exercise 3 cell)",
                  explain="Both are layer 6 effects, applied in timestamp order (613.7): Practice Hush is "
                          "later, so it removes the flying the Glidemaster gave."))


def key(exercise_id: str) -> Any:
    """The expected answer to an exercise, played by the engine (for teachers)."""
    from mtgrules.lessons.check import get
    return get(exercise_id).key()


__all__ = ["key", "IllegalAction"]
