"""Scenarios for the layers lesson: the seven layers (613.1), timestamp order within a layer or
sublayer (613.7), characteristic-defining abilities first (613.3) and dependency (613.8), each
on a classic judge question, with the object whose layer view the lesson shows.

The five boards (Alice's turn, her precombat main phase):
- a P/T-setting effect after a pump: Chimeric Staff becomes a 3/3, gets Giant Growth, then
  becomes a 1/1 (7b before 7c, whatever the timestamps: 4/4);
- a switch after counters: Grizzly Bears with a +1/+1 counter, Practice Twist, then Fists of the
  Anvil (7d after every 7c effect and counter: 3/7);
- an ability-removing effect, then a granted ability: Practice Hush on Fetid Imp, then Keen
  Glidemaster's ability (layer 6 in timestamp order: it flies);
- a type change against a characteristic-defining ability: Practice Frogform on Practice
  Shapeshifter, beside Thirsting Bloodlord (the CDA applies first, 613.3, and the later type
  change replaces its creature types: a Frog, not a Vampire, 2/2);
- a dependency: Practice Assembly and Practice Lattice with a Forest (613.8a: the Assembly waits
  for the Lattice, so the Forest is a 2/2 artifact creature land).

The "Practice ..." cards are the kit's practice cards, not real Magic cards (their source says so);
every other card is a real card from the kit's sets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mtgrules.core.actions import Action, activate, cast, pass_priority
from mtgrules.core.state import GameState
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.layers import characteristics

if TYPE_CHECKING:
    from mtgrules.widgets import Predict


def _oid(t: Timeline | GameState, name: str) -> int:
    state = t.state if isinstance(t, Timeline) else t
    return next(o.oid for o in state.objects if o.card == name)


def pt_of(name: str) -> Callable[[Frame], str]:
    """A Predict's description of a step: the named object's power and toughness then."""
    def describe(frame: Frame) -> str:
        return f"{name} is {characteristics(frame.state, _oid(frame.state, name)).pt()}"
    return describe


# ---------------------------------------------------------------- 1. setting P/T after a pump (7b, 7c)
@played_once
def set_after_pump(first: int = 3, second: int = 1, growth: bool = True) -> Timeline:
    """Alice activates Chimeric Staff with X = ``first`` (it becomes a first/first Construct
    artifact creature), casts Giant Growth on it, then activates it again with X = ``second``.
    Both "becomes X/X" effects set P/T (7b), the later one last; Giant Growth modifies it (7c),
    after every 7b effect, though its timestamp is between them (613.4)."""
    title = f"Chimeric Staff: X = {first}, " + ("Giant Growth, " if growth else "") + f"then X = {second}"
    s = Scenario(title)
    staff = s.add("Chimeric Staff", "Alice")
    s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "C" * (first + second) + "G")
    t = s.timeline()
    t.do(activate("Alice", staff, 0, x=first, pay="C" * first))
    resolve_top(t)
    if growth:
        t.do(cast("Alice", _oid(t, "Giant Growth"), targets=(staff,), pay="G"))
        resolve_top(t)
    t.do(activate("Alice", staff, 0, x=second, pay="C" * second))
    return resolve_top(t)


def staff_layers() -> tuple[GameState, int]:
    """The layer view's subject: Chimeric Staff at the end of :func:`set_after_pump`."""
    t = set_after_pump()
    return t.state, _oid(t, "Chimeric Staff")


def question_set_after_pump() -> Predict:
    """613.4: 7b (set) before 7c (modify), whatever the timestamps; within 7b, the later setting
    wins. The wrong option is the same board with the two X values swapped."""
    from mtgrules.widgets import Predict
    t = set_after_pump()
    return Predict(t, len(t) - 1, "Alice's Chimeric Staff became a 3/3 (X = 3) and got Giant Growth (+3/+3). Now she "
                   "activates it again with X = 1, and the ability resolves. What is its power and toughness?",
                   alternatives=[set_after_pump(first=1, second=3)], describe=pt_of("Chimeric Staff"), auto=False,
                   rules=("613.4b", "613.4c", "613.7"))


# ---------------------------------------------------------------- 2. a switch after counters (7c, 7d)
@played_once
def switch_after_counters(twist_first: bool = True, twist: bool = True, fists: bool = True,
                          counter: bool = True) -> Timeline:
    """Alice's Grizzly Bears has a +1/+1 counter (3/3). She casts Practice Twist ("switch its
    power and toughness") on it and then Fists of the Anvil (+4/+0), or the other way round
    (``twist_first=False``). The counter and the +4/+0 apply in 7c; the switch in 7d, after
    them, whenever it was cast (613.4d): 7/3 switched, 3/7."""
    order = ["Practice Twist", "Fists of the Anvil"] if twist_first else ["Fists of the Anvil", "Practice Twist"]
    order = [n for n in order if (n != "Practice Twist" or twist) and (n != "Fists of the Anvil" or fists)]
    s = Scenario(f"Grizzly Bears{' with a +1/+1 counter' if counter else ''}: " + (", then ".join(order) or "nothing cast"))
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 1} if counter else None)
    for name in order:
        s.add(name, "Alice", zone="hand")
    s.mana("Alice", "URR")
    t = s.timeline()
    for name in order:
        t.do(cast("Alice", _oid(t, name), targets=(bears,), pay="U" if name == "Practice Twist" else "RR"))
        resolve_top(t)
    return t


def bears_layers() -> tuple[GameState, int]:
    t = switch_after_counters()
    return t.state, _oid(t, "Grizzly Bears")


# ---------------------------------------------------------------- 3. losing abilities, then gaining one (layer 6)
@played_once
def hush_then_flying(hush_first: bool = True, hush: bool = True) -> Timeline:
    """Alice's Fetid Imp (flying; "{B}: Fetid Imp gains deathtouch until end of turn"). She casts
    Practice Hush on it ("loses all abilities"), then activates Keen Glidemaster's "{2}{U}: Target
    creature gains flying until end of turn" on it, or the other way round (``hush_first=False``).
    Both effects are in layer 6 and apply in timestamp order (613.7): the later one wins."""
    s = Scenario("Practice Hush, then Keen Glidemaster" if hush_first else "Keen Glidemaster, then Practice Hush")
    imp = s.add("Fetid Imp", "Alice")
    glidemaster = s.add("Keen Glidemaster", "Alice")
    s.add("Practice Hush", "Alice", zone="hand")
    s.mana("Alice", "UUUUBB")
    t = s.timeline()

    def silence() -> None:
        t.do(cast("Alice", _oid(t, "Practice Hush"), targets=(imp,), pay="UU"))
        resolve_top(t)

    def fly() -> None:
        t.do(activate("Alice", glidemaster, 0, targets=(imp,), pay="UUB"))
        resolve_top(t)
    if hush and hush_first:
        silence()
    fly()
    if hush and not hush_first:
        silence()
    return t


def imp_layers(hush_first: bool = True) -> tuple[GameState, int]:
    t = hush_then_flying(hush_first=hush_first)
    return t.state, _oid(t, "Fetid Imp")


def imp_flies(frame: Frame) -> str:
    c = characteristics(frame.state, _oid(frame.state, "Fetid Imp"))
    return "Fetid Imp has flying" if "flying" in c.keywords else "Fetid Imp has no flying"


def question_hush_then_flying() -> Predict:
    """613.7: in layer 6, the later effect wins. The wrong option is the same two effects in the
    other timestamp order."""
    from mtgrules.widgets import Predict
    t = hush_then_flying()
    return Predict(t, len(t) - 1, "Alice casts Practice Hush on her Fetid Imp (it loses all abilities), then gives it "
                   "flying with Keen Glidemaster's ability. Does the Imp fly?",
                   alternatives=[hush_then_flying(hush_first=False)], describe=imp_flies, auto=False,
                   rules=("613.1f", "613.7"))


def hush_branch(t: Timeline) -> int:
    """The what-if's branch point: the start, before either effect."""
    return 0


def other_order(t: Timeline) -> list[Action]:
    """The what-if: the same two effects with the timestamps swapped (Glidemaster first)."""
    state = t[0].state
    imp, glidemaster, hush = (_oid(state, n) for n in ("Fetid Imp", "Keen Glidemaster", "Practice Hush"))
    both = [pass_priority("Alice"), pass_priority("Bob")]
    return [activate("Alice", glidemaster, 0, targets=(imp,), pay="UUB"), *both,
            cast("Alice", hush, targets=(imp,), pay="UU"), *both]


# ---------------------------------------------------------------- 4. a type change and a characteristic-defining ability (layer 4)
@played_once
def frog_and_shapeshifter(spell: str = "Practice Frogform") -> Timeline:
    """Alice's Thirsting Bloodlord ("Other Vampires you control get +1/+1") and Practice
    Shapeshifter ("is every creature type", a characteristic-defining ability): a Vampire, so
    3/3. She casts ``spell`` on the Shapeshifter. Practice Frogform makes it a Frog in layer 4,
    after the CDA (613.3): only a Frog, so the Bloodlord no longer pumps it. Practice Hush instead takes
    its abilities in layer 6, after layer 4 has made it every creature type: still a Vampire."""
    s = Scenario(f"Practice Shapeshifter and {spell}" if spell else "Practice Shapeshifter and Thirsting Bloodlord")
    s.add("Thirsting Bloodlord", "Alice")
    shifter = s.add("Practice Shapeshifter", "Alice")
    for name in ("Practice Frogform", "Practice Hush"):
        s.add(name, "Alice", zone="hand")
    s.mana("Alice", "UU")
    t = s.timeline()
    if spell:
        t.do(cast("Alice", _oid(t, spell), targets=(shifter,), pay="UU"))
        resolve_top(t)
    return t


def shapeshifter_layers(spell: str = "Practice Frogform") -> tuple[GameState, int]:
    t = frog_and_shapeshifter(spell)
    return t.state, _oid(t, "Practice Shapeshifter")


def hush_shapeshifter_layers() -> tuple[GameState, int]:
    return shapeshifter_layers("Practice Hush")


def frog_branch(t: Timeline) -> int:
    return 0


def hush_instead(t: Timeline) -> list[Action]:
    """The CDA what-if: Practice Hush on the Shapeshifter in place of Practice Frogform."""
    state = t[0].state
    return [cast("Alice", _oid(state, "Practice Hush"), targets=(_oid(state, "Practice Shapeshifter"),), pay="UU"),
            pass_priority("Alice"), pass_priority("Bob")]


# ---------------------------------------------------------------- 5. a dependency (613.8a)
@played_once
def lattice_and_assembly(assembly: bool = True, lattice: bool = True) -> Timeline:
    """Practice Assembly ("Each noncreature artifact is a 2/2 artifact creature") is older than
    Practice Lattice ("All permanents are artifacts"), both Alice's, with her Forest. The Lattice
    changes what the Assembly applies to, so the Assembly depends on it and waits (613.8a, 613.8b):
    the Forest is an artifact first, then a 2/2 artifact creature."""
    s = Scenario("Practice Assembly, a Forest, then Practice Lattice")
    if assembly:
        s.add("Practice Assembly", "Alice")
    s.add("Forest", "Alice")
    if lattice:
        s.add("Practice Lattice", "Alice")
    return s.timeline()


def forest_layers() -> tuple[GameState, int]:
    t = lattice_and_assembly()
    return t.state, _oid(t, "Forest")


def imp_layers_swapped() -> tuple[GameState, int]:
    """The what-if's layer view: the same two layer 6 effects, Keen Glidemaster's first."""
    return imp_layers(hush_first=False)


SCENARIOS = {
    "set after a pump": set_after_pump,
    "a switch after counters": switch_after_counters,
    "losing abilities, then flying": hush_then_flying,
    "a Frog and a Shapeshifter": frog_and_shapeshifter,
    "a dependency": lattice_and_assembly,
}
