"""Scenarios for the replacement effects lesson: "instead" against a trigger (614.1a, 614.6), the
order the affected player chooses (616.1, 616.1f), a self-replacement effect first (614.15,
616.1a), "enters tapped" (614.1d), prevention (615.1, 615.7) and "skip" (614.1b, 614.10).

The boards are real cards from the kit's core sets (Leyline of the Void, Tattered Mummy, Legacy
Weapon, Naturalize, Furnace of Rath, Samite Healer, Bloodfell Caves, Diregraf Ghoul), and two of the
kit's practice cards, labelled, where no card the kit plays fits: Practice Scorch (a
self-replacement effect) and Practice Stillness ("Players skip their untap steps").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgrules.core.actions import Action, activate, cast, pass_priority, play_land
from mtgrules.core.events import EventKind
from mtgrules.core.turns import Step
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import go_to

if TYPE_CHECKING:
    from mtgrules.widgets import Predict

LEYLINE = "Leyline of the Void"
WEAPON = "Legacy Weapon"
HEALER = "Samite Healer"
SHIELD = "prevention shield"
"""The label the kit gives a "prevent the next N damage" shield in the order question (615.7)."""


def _both_pass(t: Timeline, **answers: Any) -> Timeline:
    """The player with priority passes, then the other (with ``answers``, the choices the
    resolution asks): the top of the stack resolves (117.4)."""
    first = t.state.priority
    assert first is not None, "someone holds priority"
    other = "Bob" if first == "Alice" else "Alice"
    return t.do(pass_priority(first)).do(pass_priority(other, **answers))


# ---------------------------------------------------------------- "instead" against a trigger
def shock_the_mummy_board(leyline: bool = True) -> Scenario:
    """Bob's Tattered Mummy ("When Tattered Mummy dies, each opponent loses 2 life"); Alice has a
    Mountain and Shock, and (``leyline``) Leyline of the Void."""
    s = Scenario("Shock the Mummy under a Leyline" if leyline else "Shock the Mummy, no Leyline")
    if leyline:
        s.add(LEYLINE, "Alice")
    s.add("Tattered Mummy", "Bob")
    s.add("Mountain", "Alice")
    s.add("Shock", "Alice", zone="hand")
    return s


def _shock_the_mummy(leyline: bool) -> Timeline:
    t = shock_the_mummy_board(leyline).timeline()
    mountain = next(o.oid for o in t.state.objects if o.card == "Mountain")
    shock = next(o.oid for o in t.state.objects if o.card == "Shock")
    mummy = next(o.oid for o in t.state.objects if o.card == "Tattered Mummy")
    t.do(activate("Alice", mountain)).do(cast("Alice", shock, targets=(mummy,)))
    _both_pass(t)                 # Shock resolves; the Mummy has lethal damage
    while t.state.stack:
        _both_pass(t)             # the dies ability, if it triggered
    return t


@played_once
def instead() -> Timeline:
    """Alice Shocks Bob's Tattered Mummy with her Leyline of the Void on the battlefield. The Mummy
    would be put into Bob's graveyard; the Leyline exiles it instead (614.1a). The event it replaced
    never happens (614.6): the Mummy never dies, so its dies ability never triggers."""
    return _shock_the_mummy(True)


@played_once
def no_leyline() -> Timeline:
    """The same Shock without the Leyline: the Mummy dies, its ability triggers and Alice loses 2."""
    return _shock_the_mummy(False)


def shock_resolves(t: Timeline) -> int:
    return t.find("resolves", name="Shock")


def where_the_mummy_went(frame: Frame) -> str:
    """Where Bob's Tattered Mummy went, and whether its dies ability triggered, in a learner's words."""
    mummy = next(o for o in frame.state.objects if o.card == "Tattered Mummy")
    triggered = any(e.kind == EventKind.TRIGGER and e.name == "Tattered Mummy" for e in frame.events)
    place = {"exile": "exile", "graveyard": "Bob's graveyard"}.get(mummy.zone.value, mummy.zone.value)
    then = "its dies ability triggers" if triggered else "nothing triggers"
    return f"the Mummy goes to {place}, and {then}"


def question_instead() -> Predict:
    """614.1a, 614.6: the Leyline replaces the move to the graveyard, so the Mummy never dies and
    nothing triggers; the wrong option is the same Shock without the Leyline."""
    from mtgrules.widgets import Predict
    t = instead()
    return Predict(t, shock_resolves(t), "Alice controls Leyline of the Void (\u201cIf a card would be put into an "
                   "opponent's graveyard from anywhere, exile it instead\u201d) and Shocks Bob's Tattered Mummy "
                   "(\u201cWhen Tattered Mummy dies, each opponent loses 2 life\u201d). What happens as Shock resolves?",
                   alternatives=[no_leyline()], describe=where_the_mummy_went, auto=False, rules=("614.1a", "614.6"))


# ---------------------------------------------------------------- the affected player chooses the order
def naturalize_the_weapon_board() -> Scenario:
    """Bob's Legacy Weapon; Alice's Leyline of the Void; Alice has Naturalize and a Forest and a Plains."""
    s = Scenario("Naturalize the Legacy Weapon under a Leyline")
    s.add(LEYLINE, "Alice")
    s.add(WEAPON, "Bob")
    s.add("Forest", "Alice")
    s.add("Plains", "Alice")
    s.add("Naturalize", "Alice", zone="hand")
    return s


def _naturalize_cast() -> Timeline:
    t = naturalize_the_weapon_board().timeline()
    forest = next(o.oid for o in t.state.objects if o.card == "Forest")
    plains = next(o.oid for o in t.state.objects if o.card == "Plains")
    naturalize = next(o.oid for o in t.state.objects if o.card == "Naturalize")
    weapon = next(o.oid for o in t.state.objects if o.card == WEAPON)
    t.do(activate("Alice", forest)).do(activate("Alice", plains))
    return t.do(cast("Alice", naturalize, targets=(weapon,))).do(pass_priority("Alice"))


LEYLINE_FIRST = (LEYLINE, WEAPON)
WEAPON_FIRST = (WEAPON, LEYLINE)


@played_once
def bob_orders() -> Timeline:
    """Alice's Naturalize destroys Bob's Legacy Weapon. Two effects would replace its move to the
    graveyard: Alice's Leyline (exile it) and the Weapon's own (shuffle it into Bob's library). Bob,
    its controller, chooses which applies first (616.1); he picks the Leyline, and the Weapon's
    effect then has nothing left to replace (616.1f). Without his answer the pass is refused."""
    return _naturalize_cast().do(pass_priority("Bob", replacement_order=LEYLINE_FIRST))


def order_branch(t: Timeline) -> int:
    """Where the order's what-if branches: Alice has passed, and Bob's pass will resolve Naturalize."""
    return t.find(title="Alice passes")


def other_order(t: Timeline) -> list[Action]:
    """The what-if: Bob applies the Weapon's own effect first; it is shuffled into his library."""
    return [pass_priority("Bob", replacement_order=WEAPON_FIRST)]


@played_once
def unanswered() -> Timeline:
    """Bob passes without saying the order: refused with 616.1 (a missing choice is never a
    default), and nothing changes."""
    t = _naturalize_cast()
    t.attempt(pass_priority("Bob"))
    return t


# ---------------------------------------------------------------- prevention, ordered with a replacement
def furnace_and_healer_board(title: str = "Shock under Furnace of Rath, against a Samite Healer's shield") -> Scenario:
    """Alice's Furnace of Rath, a Mountain and Shock; Bob's Samite Healer ("{T}: Prevent the next 1
    damage that would be dealt to any target this turn")."""
    s = Scenario(title)
    s.add("Furnace of Rath", "Alice")
    s.add("Mountain", "Alice")
    s.add("Shock", "Alice", zone="hand")
    s.add(HEALER, "Bob")
    return s


def _furnace_and_healer(order: tuple[str, str]) -> Timeline:
    first = "the shield" if order[0] == SHIELD else order[0]
    t = furnace_and_healer_board(f"Shock under Furnace of Rath against a shield: Bob applies {first} first").timeline()
    mountain = next(o.oid for o in t.state.objects if o.card == "Mountain")
    shock = next(o.oid for o in t.state.objects if o.card == "Shock")
    healer = next(o.oid for o in t.state.objects if o.card == HEALER)
    t.do(activate("Alice", mountain)).do(cast("Alice", shock, targets=("Bob",))).do(pass_priority("Alice"))
    t.do(activate("Bob", healer, targets=("Bob",)))   # a shield on Bob, in response
    _both_pass(t)                                     # the Healer's ability resolves
    return _both_pass(t, replacement_order=order)     # Shock: Bob orders the two effects


@played_once
def shield_first() -> Timeline:
    """Bob applies the shield first: 2 damage becomes 1, Furnace of Rath doubles it to 2 (Bob at 18)."""
    return _furnace_and_healer((SHIELD, "Furnace of Rath"))


@played_once
def furnace_first() -> Timeline:
    """Bob applies Furnace of Rath first: 2 becomes 4, the shield prevents 1 of it (Bob at 17)."""
    return _furnace_and_healer(("Furnace of Rath", SHIELD))


def bobs_life(frame: Frame) -> str:
    return f"Bob goes to {frame.state.player('Bob').life} life"


def question_order() -> Predict:
    """616.1, 615.7: Bob, the affected player, orders the prevention shield and Furnace of Rath;
    the wrong option is the other order, which the engine plays when Bob chooses it."""
    from mtgrules.widgets import Predict
    t = shield_first()
    return Predict(t, t.find("resolves", name="Shock"), "Alice controls Furnace of Rath (\u201cIf a source would "
                   "deal damage to a permanent or player, it deals double that damage to that permanent or player "
                   "instead\u201d) and Shocks Bob (2 damage). In response Bob's Samite Healer puts a shield on him: "
                   "\u201cPrevent the next 1 damage that would be dealt to any target this turn.\u201d Bob applies the "
                   "shield first. What happens as Shock resolves?",
                   alternatives=[furnace_first()], describe=bobs_life, auto=False, rules=("616.1", "615.7"))


# ---------------------------------------------------------------- a self-replacement effect first
def scorch_board(zombie: bool = True) -> Scenario:
    """Alice's Furnace of Rath, a Mountain and Practice Scorch (the kit's practice card); Bob's
    Diregraf Ghoul, a Zombie (``zombie``)."""
    s = Scenario("Practice Scorch under Furnace of Rath" + ("" if zombie else ", Bob with no Zombie"))
    s.add("Furnace of Rath", "Alice")
    s.add("Mountain", "Alice")
    s.add("Practice Scorch", "Alice", zone="hand")
    if zombie:
        s.add("Diregraf Ghoul", "Bob")
    return s


def _scorch(zombie: bool) -> Timeline:
    t = scorch_board(zombie).timeline()
    mountain = next(o.oid for o in t.state.objects if o.card == "Mountain")
    scorch = next(o.oid for o in t.state.objects if o.card == "Practice Scorch")
    t.do(activate("Alice", mountain)).do(cast("Alice", scorch, targets=("Bob",)))
    return _both_pass(t)


@played_once
def self_replacement() -> Timeline:
    """Practice Scorch's "4 damage instead" replaces part of its own effect (614.15), so it is
    applied before Furnace of Rath and Bob is asked nothing (616.1a): 2, then 4, then 8."""
    return _scorch(True)


@played_once
def scorch_without_a_zombie() -> Timeline:
    """The same spell at a Bob with no Zombie: only Furnace of Rath applies, 2 becomes 4."""
    return _scorch(False)


# ---------------------------------------------------------------- "enters tapped"
@played_once
def enters_tapped() -> Timeline:
    """Alice plays Bloodfell Caves. "Enters the battlefield tapped" is a replacement effect
    (614.1d): the land is tapped as it enters, no one can respond, and it can't be tapped for mana
    this turn. "When it enters, you gain 1 life" is a trigger: it goes on the stack after the event,
    and resolves when both players pass."""
    s = Scenario("Alice plays Bloodfell Caves")
    caves = s.add("Bloodfell Caves", "Alice", zone="hand")
    t = s.timeline()
    t.do(play_land("Alice", caves))
    t.attempt(activate("Alice", caves))   # refused: it is already tapped (107.5)
    return _both_pass(t)


# ---------------------------------------------------------------- "skip"
@played_once
def skipped_untap() -> Timeline:
    """Bob controls Practice Stillness ("Players skip their untap steps", the kit's practice card).
    At the end of Alice's turn her Mountain and Bob's Forest are tapped; Bob's untap step is
    replaced with nothing (614.1b, 614.10), so his Forest is still tapped in his upkeep."""
    s = Scenario("Practice Stillness: Bob's turn begins", step="end")
    s.add("Practice Stillness", "Bob")
    s.add("Mountain", "Alice", tapped=True)
    s.add("Forest", "Bob", tapped=True)
    return go_to(s.timeline(), Step.UPKEEP, "Bob")


SCENARIOS = {
    "instead": instead,
    "no Leyline": no_leyline,
    "Bob orders": bob_orders,
    "shield first": shield_first,
    "Furnace first": furnace_first,
    "self-replacement": self_replacement,
    "Scorch, no Zombie": scorch_without_a_zombie,
    "enters tapped": enters_tapped,
    "skipped untap": skipped_untap,
}
