"""Scenarios for the Over My Dead Bodies lesson (OMDB-1 to OMDB-9): creature cards that attack and
block from graveyards, as though they were on the battlefield.

Over My Dead Bodies is an Unstable card, outside the Comprehensive Rules (100.7): its official
rulings are the specification, and :mod:`mtgrules.cards.unstable.over_my_dead_bodies` says how the kit reads them.
Every board is a two-player game, Alice's turn 2, starting in her beginning of combat step (one,
:func:`undeathtouch_block`, in her main phase) with Over My Dead Bodies on her side of the
battlefield. :func:`_to` passes priority until a step begins; everything else is played one action
at a time, so each step shows in the tables.

Some functions take a flag that changes one thing on the board (``lord=True``,
``on_battlefield=True``). The lesson's questions (``question_*``) use such boards, and
:func:`undeathtouch_block`, for their wrong answers; each plays the same number of steps as the
board it stands beside, up to the step asked about. ``*_what_if`` functions give the actions a
WhatIf plays instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.advance import advance_to
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import REFUSED
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

CARD = "Over My Dead Bodies"


def _board(title: str) -> Scenario:
    """Alice's beginning of combat, Over My Dead Bodies on her battlefield."""
    s = Scenario(title, turn=2, step="combat")
    s.add(CARD, "Alice")
    return s


def _to(t: Timeline, step: Step) -> Timeline:
    result = advance_to(t, step)
    if not result:
        raise RuntimeError(f"{t.title}: the {step.value} step didn't begin: {result.reason}")
    return t


def _both_pass(t: Timeline) -> Timeline:
    """Each player passes once, the holder first: the top of the stack resolves, or the step ends."""
    first = t.state.priority
    assert first is not None, "someone holds priority while the stack resolves"
    t.do(pass_priority(first))
    t.do(pass_priority("Bob" if first == "Alice" else "Alice"))
    return t


# ---------------------------------------------------------------- a tour
@played_once
def tour() -> Timeline:
    """A whole combat: Alice attacks Bob with Grizzly Bears and Raging Goblin from her graveyard;
    Bob blocks the Bears with the Walking Corpse in his graveyard. The Goblin deals Bob 1 damage;
    the Bears and the Corpse would deal each other damage, so undeathtouch exiles both instead."""
    s = _board("Over My Dead Bodies: a combat from the graveyards")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    goblin = s.add("Raging Goblin", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    s.add("Llanowar Elves", "Bob")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob", goblin: "Bob"}))
    _to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    return _to(t, Step.END_COMBAT)


# ---------------------------------------------------------------- OMDB-1
@played_once
def murder_an_attacker(on_battlefield: bool = False) -> Timeline:
    """OMDB-1: Alice attacks with Grizzly Bears from her graveyard; Bob casts Murder on it. It is
    destroyed by a source without undeathtouch: it stays in the graveyard and leaves combat, and
    deals no damage. With ``on_battlefield`` the Bears attack from the battlefield instead, for
    contrast: Murder puts them into the graveyard. Murder resolves at step 10 either way."""
    s = _board("OMDB-1: Murder on an attacking graveyard card" if not on_battlefield
               else "For contrast: Murder on an attacking creature on the battlefield")
    bears = s.add("Grizzly Bears", "Alice", zone="battlefield" if on_battlefield else "graveyard")
    murder = s.add("Murder", "Bob", zone="hand")
    swamps = [s.add("Swamp", "Bob") for _ in range(3)]
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice"))
    for swamp in swamps:
        t.do(activate("Bob", swamp))
    t.do(cast("Bob", murder, targets=(bears,)))
    _both_pass(t)                              # Murder resolves (step 10)
    return _to(t, Step.END_COMBAT)


MURDER_STEP = 10


@played_once
def undeathtouch_block() -> Timeline:
    """For contrast with OMDB-1: the Grizzly Bears attack from Alice's graveyard and the Walking
    Corpse in Bob's graveyard blocks them. Each would deal the other combat damage, so undeathtouch
    exiles both instead. The board starts in Alice's main phase, so the combat damage step begins
    at step 10, the step at which Murder resolves in :func:`murder_an_attacker`."""
    s = Scenario("For contrast: a blocker from Bob's graveyard, with undeathtouch", turn=2, step="main1")
    s.add(CARD, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    _to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    return _to(t, Step.COMBAT_DAMAGE)


def fate(frame: Frame) -> str:
    """What a step did to creatures, in words: where each went, and who left combat."""
    parts = []
    for e in frame.events:
        if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone" and characteristics(frame.state, e.oid).is_creature:
            parts.append(f"{e.name} moves to the {e.after}")
        elif e.kind == EventKind.DESTROYED:
            parts.append(f"{e.name} stays in the graveyard")
        elif e.kind == EventKind.REMOVED_FROM_COMBAT:
            parts.append(f"{e.name} is removed from combat")
    return "; ".join(dict.fromkeys(parts)) if parts else "Nothing happens to it"


# ---------------------------------------------------------------- OMDB-2
@played_once
def attack_a_planeswalker() -> Timeline:
    """OMDB-2: Grizzly Bears attack Bob's Jace Beleren (three loyalty) from Alice's graveyard. Bob has
    no creature card in his graveyard to block with; combat damage removes two loyalty counters."""
    s = _board("OMDB-2: a graveyard card attacks a planeswalker")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    s.add("Llanowar Elves", "Bob")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: jace}))
    return _to(t, Step.END_COMBAT)


# ---------------------------------------------------------------- OMDB-3
@played_once
def zero_toughness(lord: bool = False) -> Timeline:
    """OMDB-3: Hangarback Walker is a 0/0 card in Alice's graveyard. Declaring it as an attacker is
    refused at step 3: as a creature on the battlefield, a state-based action would put it into the
    graveyard at once (704.5f). Alice attacks with Grizzly Bears instead.

    With ``lord``, Alice also controls Lord of the Accursed: once attacking, the Walker would be a
    Zombie she controls, 1/1, so the same declaration is accepted (the kit's reading of the check:
    the card as it would be once declared)."""
    s = _board("OMDB-3: a 0/0 card in the graveyard can't attack" if not lord
               else "OMDB-3 with Lord of the Accursed: once attacking it would be 1/1")
    if lord:
        s.add("Lord of the Accursed", "Alice")
    walker = s.add("Hangarback Walker", "Alice", zone="graveyard")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    if t.attempt(declare_attackers("Alice", {walker: "Bob"})) is not None:
        t.do(declare_attackers("Alice", {bears: "Bob"}))
    return _to(t, Step.END_COMBAT)


DECLARE_STEP = 3  # the first declaration of attackers, on every board here


# ---------------------------------------------------------------- OMDB-4
@played_once
def lord_of_the_accursed(lord: bool = True) -> Timeline:
    """OMDB-4: Alice controls Lord of the Accursed. Grizzly Bears attack from her graveyard: as a
    Zombie she controls, treated as on the battlefield, it gets +1/+1 for the combat. The Walking
    Corpse that stays in her graveyard is a Zombie too, but not in combat, so it isn't pumped. After
    combat the Bears are a 2/2 card again. ``lord=False``: the same board without the Lord."""
    s = _board("OMDB-4: Lord of the Accursed and graveyard attackers" if lord
               else "OMDB-4 without Lord of the Accursed")
    if lord:
        s.add("Lord of the Accursed", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Walking Corpse", "Alice", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    return _to(t, Step.MAIN2)


# ---------------------------------------------------------------- OMDB-5
@played_once
def flying_attacker() -> Timeline:
    """OMDB-5: Pili-Pala (flying) attacks from Alice's graveyard. Bob's Giant Spider on the
    battlefield has reach but isn't in a graveyard; the Grizzly Bears in his graveyard is, but can't
    block a flyer; the Giant Spider in his graveyard can. Undeathtouch exiles both combatants."""
    s = _board("OMDB-5: a flying attacker from the graveyard")
    pala = s.add("Pili-Pala", "Alice", zone="graveyard")
    spider = s.add("Giant Spider", "Bob")
    bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    dead_spider = s.add("Giant Spider", "Bob", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {pala: "Bob"}))
    _to(t, Step.DECLARE_BLOCKERS)
    t.attempt(declare_blockers("Bob", {spider: pala}))        # refused: not in a graveyard (509.1b)
    t.attempt(declare_blockers("Bob", {bears: pala}))         # refused: no flying or reach (702.9b)
    t.do(declare_blockers("Bob", {dead_spider: pala}))
    return _to(t, Step.END_COMBAT)


# ---------------------------------------------------------------- OMDB-6
@played_once
def graveyard_blockers() -> Timeline:
    """OMDB-6: Alice attacks with Raging Goblin from the battlefield and Grizzly Bears from her
    graveyard. Bob's Giant Spider on the battlefield can't block the Bears, and the Walking Corpse
    in his graveyard can't block the Goblin; each blocks the other attacker instead."""
    s = _board("OMDB-6: who may block a graveyard attacker")
    goblin = s.add("Raging Goblin", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    spider = s.add("Giant Spider", "Bob")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {goblin: "Bob", bears: "Bob"}))
    _to(t, Step.DECLARE_BLOCKERS)
    t.attempt(declare_blockers("Bob", {spider: bears}))       # refused (509.1b)
    t.attempt(declare_blockers("Bob", {corpse: goblin}))      # refused (509.1b)
    t.do(declare_blockers("Bob", {corpse: bears, spider: goblin}))
    return _to(t, Step.END_COMBAT)


BLOCK_TRY_STEP = 6  # Bob's first try, in graveyard_blockers()


# ---------------------------------------------------------------- OMDB-7
@played_once
def enchantment_leaves() -> Timeline:
    """OMDB-7: Grizzly Bears and Walking Corpse attack from Alice's graveyard; Bob blocks the Corpse
    with the Grizzly Bears in his graveyard. Then Bob casts Naturalize on Over My Dead Bodies: as
    it leaves the battlefield, all three graveyard cards are removed from combat at once, and no
    combat damage is dealt."""
    s = _board("OMDB-7: Over My Dead Bodies leaves in the middle of combat")
    omdb = next(o.oid for o in s.objects if o.card == CARD)
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Alice", zone="graveyard")
    bob_bears = s.add("Grizzly Bears", "Bob", zone="graveyard")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    naturalize = s.add("Naturalize", "Bob", zone="hand")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob", corpse: "Bob"}))
    _to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {bob_bears: corpse}))
    t.do(pass_priority("Alice"))
    for forest in forests:
        t.do(activate("Bob", forest))
    t.do(cast("Bob", naturalize, targets=(omdb,)))
    _both_pass(t)                              # Naturalize resolves
    return _to(t, Step.END_COMBAT)


NATURALIZE_FROM = 7  # Alice has passed with blockers declared; Bob acts next


def enchantment_stays_what_if() -> list[Action]:
    """Bob doesn't cast Naturalize: combat damage is dealt with the enchantment still there."""
    return [pass_priority("Bob"), pass_priority("Alice"), pass_priority("Bob")]


# ---------------------------------------------------------------- OMDB-8
@played_once
def giant_growth() -> Timeline:
    """OMDB-8: Grizzly Bears attack from Alice's graveyard. Giant Growth can't target the Walking
    Corpse that stays in her graveyard (not in combat, so not treated as a creature on the
    battlefield), but it can target the attacking Bears, which become 5/5 and deal Bob 5 damage."""
    s = _board("OMDB-8: Giant Growth on an attacking graveyard card")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Alice", zone="graveyard")
    forest = s.add("Forest", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(activate("Alice", forest))
    t.attempt(cast("Alice", growth, targets=(corpse,)))   # refused: not a creature in combat (115.1)
    t.do(cast("Alice", growth, targets=(bears,)))
    _both_pass(t)                              # Giant Growth resolves
    return _to(t, Step.END_COMBAT)


GROWTH_FROM = 4  # the Forest is tapped; Alice casts next


def giant_growth_what_if() -> list[Action]:
    """Alice keeps Giant Growth: both players pass until the end of combat step begins."""
    return [pass_priority(p) for p in ("Alice", "Bob") * 3]


# ---------------------------------------------------------------- OMDB-9
@played_once
def attack_and_block_triggers() -> Timeline:
    """OMDB-9: Alice controls Practice Bell ("Whenever a creature attacks or blocks, you gain 1
    life"). Her graveyard Grizzly Bears attacks: the Bell triggers. Bob blocks with the Walking
    Corpse in his graveyard: it triggers again. Alice gains 2 life in all."""
    s = _board("OMDB-9: attacking and blocking from graveyards trigger abilities")
    s.add("Practice Bell", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    corpse = s.add("Walking Corpse", "Bob", zone="graveyard")
    t = _to(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    _both_pass(t)                              # the attack trigger resolves
    _to(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    _both_pass(t)                              # the block trigger resolves
    return _to(t, Step.END_COMBAT)


# ---------------------------------------------------------------- reading the boards
def pt_line(frame: Frame) -> str:
    """The P/T changes of a step, e.g. "Grizzly Bears is 3/3", or "no P/T changes"."""
    changes = [f"{e.name} is {e.after}" for e in frame.events if e.kind == EventKind.PT]
    return "; ".join(changes) if changes else "No power or toughness changes"


def declaration(frame: Frame) -> str:
    """A declaration step in words: refused, or who attacks and with what P/T."""
    if frame.refused is not None:
        return REFUSED
    sizes = [f"{e.name} attacks as a {characteristics(frame.state, e.oid).pt()}"
             for e in frame.events if e.kind == EventKind.ATTACKS]
    return "; ".join(sizes) if sizes else "No attackers"


def attacks_or_not(frame: Frame) -> str:
    """A declaration step in words, without sizes: refused, or which creatures attack."""
    if frame.refused is not None:
        return REFUSED
    names = [e.name for e in frame.events if e.kind == EventKind.ATTACKS]
    if not names:
        return "No creature attacks"
    return f"The engine accepts it: {' and '.join(names)} attack{'s' if len(names) == 1 else ''}"


def bears_fate(frame: Frame) -> str:
    """What a step did to Alice's attacking Grizzly Bears, in plain words (for OMDB-1's question)."""
    mine = [e for e in frame.events if e.name == "Grizzly Bears"]
    moved = next((e.after for e in mine if e.kind == EventKind.ZONE_CHANGE and e.attribute == "zone"), None)
    if moved == "exile":
        where = "The Bears are exiled"
    elif any(e.kind == EventKind.DESTROYED for e in mine):
        where = "The Bears stay in Alice's graveyard as the same card"
    elif moved is not None:
        where = f"The Bears go to the {moved}"
    else:
        return "Nothing happens to the Bears"
    return where + (" and leave combat" if any(e.kind == EventKind.REMOVED_FROM_COMBAT for e in mine) else "")


# ---------------------------------------------------------------- questions for the lesson
# Each wrong option is what the engine does on another board, chosen so that its outcome is what a
# learner with a likely misconception would predict; the rule that decides the question is shown
# on Reveal. The card is
# outside the Comprehensive Rules (100.7): the rules named are the ones each ruling leans on.
def question_murder() -> Predict:
    """OMDB-1: Murder destroys a Grizzly Bears attacking from Alice's graveyard; the wrong option is
    what undeathtouch does to it (exile), which Murder doesn't have."""
    from mtgrules.widgets import Predict
    return Predict(murder_an_attacker(), MURDER_STEP, "The Grizzly Bears in Alice's graveyard are attacking. "
                   "Bob casts Murder (\"Destroy target creature\") on them, and it resolves. What happens to "
                   "the Bears?", alternatives=[undeathtouch_block()], describe=bears_fate, auto=False,
                   rules=("701.8a", "506.4"))


def question_zero_toughness() -> Predict:
    """OMDB-3: Alice declares a 0/0 Hangarback Walker from her graveyard as an attacker; the wrong
    option is the board where Lord of the Accursed would make it 1/1, so the declaration stands."""
    from mtgrules.widgets import Predict
    return Predict(zero_toughness(), DECLARE_STEP, "Hangarback Walker is a 0/0 card in Alice's graveyard (it "
                   "has no counters there). Alice declares it as an attacker. What happens?",
                   alternatives=[zero_toughness(lord=True)], describe=attacks_or_not, auto=False,
                   rules=("704.5f",))


def question_lord() -> Predict:
    """OMDB-4: Lord of the Accursed and a Grizzly Bears attacking from Alice's graveyard; the wrong
    option is the same attack with no Lord (a lord that didn't reach graveyard cards)."""
    from mtgrules.widgets import Predict
    return Predict(lord_of_the_accursed(), DECLARE_STEP, "Alice controls Lord of the Accursed (\"Other Zombies "
                   "you control get +1/+1\"). She declares the 2/2 Grizzly Bears in her graveyard, a Zombie "
                   "thanks to Over My Dead Bodies, as an attacker. How big is it as it attacks?",
                   alternatives=[lord_of_the_accursed(lord=False)], describe=declaration, auto=False,
                   rules=("611.3a", "613.4c"))


SCENARIOS = {
    "tour": tour,
    "OMDB-1": murder_an_attacker,
    "OMDB-2": attack_a_planeswalker,
    "OMDB-3": zero_toughness,
    "OMDB-4": lord_of_the_accursed,
    "OMDB-5": flying_attacker,
    "OMDB-6": graveyard_blockers,
    "OMDB-7": enchantment_leaves,
    "OMDB-8": giant_growth,
    "OMDB-9": attack_and_block_triggers,
}
