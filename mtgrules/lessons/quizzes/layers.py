"""The quiz of lesson 12, layers: setting P/T against a pump (613.4b, 613.4c), a switch after
counters (613.4d), an ability-removing effect against a later grant (613.1f, 613.7), a type
change against a characteristic-defining ability (613.3, 205.1a), and a dependency (613.8a).

Each board function plays the question's board with no arguments; each keyword is one way a
wrong option's board differs from it (the two effects in the other timestamp order, one card
missing, another spell cast). The "Practice ..." cards are the kit's practice cards, not real
Magic cards; the others are real cards from the kit's sets.
"""

from __future__ import annotations

from mtgrules.catalog import claims as c
from mtgrules.catalog.quiz import QUIZ_PLAYERS, Question, Quiz, right, wrong
from mtgrules.core.actions import activate, cast
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.layers import characteristics


def _oid(t: Timeline, name: str) -> int:
    return next(o.oid for o in t.state.objects if o.card == name)


def _subtype(card: str, word: str) -> c.Fact:
    return c.holds(f"{card} is a {word}", lambda t: word in characteristics(t.state, _oid(t, card)).subtypes)


def _type(card: str, word: str) -> c.Fact:
    return c.holds(f"{card} is an {word.lower()}", lambda t: word in characteristics(t.state, _oid(t, card)).types)


@played_once
def staff(swapped: bool = False, growth: bool = True) -> Timeline:
    """A's Chimeric Staff: X = 3, Giant Growth on it, then X = 1 (``swapped``: X = 1, then X = 3)."""
    first, second = (1, 3) if swapped else (3, 1)
    s = Scenario("Quiz 12.1: Chimeric Staff and Giant Growth", players=QUIZ_PLAYERS)
    st = s.add("Chimeric Staff", "A")
    s.add("Giant Growth", "A", zone="hand")
    s.mana("A", "C" * (first + second) + "G")
    t = s.timeline()
    t.do(activate("A", st, 0, x=first, pay="C" * first))
    resolve_top(t)
    if growth:
        t.do(cast("A", _oid(t, "Giant Growth"), targets=(st,), pay="G"))
        resolve_top(t)
    t.do(activate("A", st, 0, x=second, pay="C" * second))
    return resolve_top(t)


@played_once
def twist(twist: bool = True, fists: bool = True, counter: bool = True) -> Timeline:
    """A's Grizzly Bears with a +1/+1 counter; Practice Twist on it, then Fists of the Anvil."""
    s = Scenario("Quiz 12.2: a switch after counters", players=QUIZ_PLAYERS)
    bears = s.add("Grizzly Bears", "A", counters={"+1/+1": 1} if counter else None)
    cards = [n for n, on in (("Practice Twist", twist), ("Fists of the Anvil", fists)) if on]
    for name in cards:
        s.add(name, "A", zone="hand")
    s.mana("A", "URR")
    t = s.timeline()
    for name in cards:
        t.do(cast("A", _oid(t, name), targets=(bears,), pay="U" if name == "Practice Twist" else "RR"))
        resolve_top(t)
    return t


@played_once
def hush(hush_first: bool = True, hush: bool = True) -> Timeline:
    """A's Fetid Imp: Practice Hush on it, then Keen Glidemaster's ability (or the other way round)."""
    s = Scenario("Quiz 12.3: losing abilities, then flying", players=QUIZ_PLAYERS)
    imp = s.add("Fetid Imp", "A")
    glidemaster = s.add("Keen Glidemaster", "A")
    s.add("Practice Hush", "A", zone="hand")
    s.mana("A", "UUUUBB")
    t = s.timeline()
    steps = ["hush", "fly"] if hush_first else ["fly", "hush"]
    for step in steps:
        if step == "hush" and hush:
            t.do(cast("A", _oid(t, "Practice Hush"), targets=(imp,), pay="UU"))
            resolve_top(t)
        elif step == "fly":
            t.do(activate("A", glidemaster, 0, targets=(imp,), pay="UUB"))
            resolve_top(t)
    return t


@played_once
def shapeshifter(spell: str = "Practice Frogform") -> Timeline:
    """A's Thirsting Bloodlord and Practice Shapeshifter; A casts ``spell`` on the Shapeshifter."""
    s = Scenario("Quiz 12.4: a type change and a characteristic-defining ability", players=QUIZ_PLAYERS)
    s.add("Thirsting Bloodlord", "A")
    shifter = s.add("Practice Shapeshifter", "A")
    s.add(spell, "A", zone="hand")
    s.mana("A", "UU")
    t = s.timeline()
    t.do(cast("A", _oid(t, spell), targets=(shifter,), pay="UU"))
    return resolve_top(t)


@played_once
def lattice(assembly: bool = True, lattice: bool = True) -> Timeline:
    """A's Practice Assembly (older), a Forest, and A's Practice Lattice (newer)."""
    s = Scenario("Quiz 12.5: a dependency", players=QUIZ_PLAYERS)
    if assembly:
        s.add("Practice Assembly", "A")
    s.add("Forest", "A")
    if lattice:
        s.add("Practice Lattice", "A")
    return s.timeline()


def questions() -> list[Question]:
    return [
        Question(
            "A activates Chimeric Staff (\u201c{X}: Chimeric Staff becomes an X/X Construct artifact creature until "
            "end of turn\u201d) with X = 3. Once it resolves, A casts Giant Growth (+3/+3 until end of turn) on the "
            "Staff. Then A activates the Staff again with X = 1, and it resolves. Which are true?",
            staff,
            [right("Chimeric Staff is 4/4", c.pt("Chimeric Staff", "4/4")),
             right("Chimeric Staff is an artifact creature", _type("Chimeric Staff", "Artifact")
                   & _type("Chimeric Staff", "Creature")),
             wrong("Chimeric Staff is 1/1", c.pt("Chimeric Staff", "1/1"), "if A hadn't cast Giant Growth",
                   growth=False),
             wrong("Chimeric Staff is 6/6", c.pt("Chimeric Staff", "6/6"),
                   "if the first activation had been X = 1 and the second X = 3 (the timestamps swapped)",
                   swapped=True)],
            rules=("613.4b", "613.4c", "613.7"), select_all=True, name="12.1",
            why="Both X/X effects set P/T, in layer 7b, in timestamp order: the later X = 1 leaves it 1/1. Giant "
                "Growth modifies P/T in 7c, after all of 7b, whatever its timestamp: 4/4."),
        Question(
            "A's Grizzly Bears has a +1/+1 counter. A casts Practice Twist (a practice card: \u201cSwitch target "
            "creature's power and toughness until end of turn\u201d) on it, and then Fists of the Anvil (+4/+0 until "
            "end of turn). Which are true?",
            twist,
            [right("Grizzly Bears is 3/7", c.pt("Grizzly Bears", "3/7")),
             right("Grizzly Bears has one +1/+1 counter", c.counters("Grizzly Bears", "+1/+1", 1)),
             wrong("Grizzly Bears is 7/3", c.pt("Grizzly Bears", "7/3"), "if A hadn't cast Practice Twist",
                   twist=False),
             wrong("Grizzly Bears is 3/3", c.pt("Grizzly Bears", "3/3"), "if A hadn't cast Fists of the Anvil",
                   fists=False),
             wrong("Grizzly Bears is 2/6", c.pt("Grizzly Bears", "2/6"), "if the Bears had no +1/+1 counter",
                   counter=False)],
            rules=("613.4c", "613.4d"), select_all=True, name="12.2",
            why="The counter and +4/+0 both modify P/T in layer 7c (2/2, 6/2, 7/3); the switch is in 7d, after "
                "every 7c effect and counter, though it was cast first: 3/7."),
        Question(
            "A's Fetid Imp has flying and \u201c{B}: Fetid Imp gains deathtouch until end of turn.\u201d A casts "
            "Practice Hush (a practice card: \u201cUntil end of turn, target creature loses all abilities\u201d) on "
            "it, then activates her Keen Glidemaster's \u201c{2}{U}: Target creature gains flying until end of "
            "turn\u201d targeting it. A still has {B} in her mana pool. Which are true?",
            hush,
            [right("Fetid Imp has flying", c.keyword("Fetid Imp", "flying")),
             right("A can't activate Fetid Imp's ability", ~c.can_activate("A", "Fetid Imp")),
             wrong("Fetid Imp doesn't have flying", ~c.keyword("Fetid Imp", "flying"),
                   "if A had activated the Glidemaster's ability first and cast Practice Hush after (the "
                   "timestamps swapped)", hush_first=False),
             wrong("A can activate Fetid Imp's ability", c.can_activate("A", "Fetid Imp"),
                   "if A hadn't cast Practice Hush", hush=False)],
            rules=("613.1f", "613.7"), select_all=True, name="12.3",
            why="Both effects are in layer 6 and apply in timestamp order (613.7): Hush removes flying and the "
                "deathtouch ability, then the later effect adds flying. The Imp's own ability stays gone."),
        Question(
            "A controls Thirsting Bloodlord (\u201cOther Vampires you control get +1/+1\u201d) and Practice "
            "Shapeshifter (a practice card, a 2/2: \u201cPractice Shapeshifter is every creature type\u201d). A "
            "casts Practice Frogform (a practice card: \u201cUntil end of turn, target creature becomes a "
            "Frog\u201d) on the Shapeshifter. Which are true?",
            shapeshifter,
            [right("Practice Shapeshifter is 2/2", c.pt("Practice Shapeshifter", "2/2")),
             right("Practice Shapeshifter is a Frog", _subtype("Practice Shapeshifter", "Frog")),
             wrong("Practice Shapeshifter is 3/3", c.pt("Practice Shapeshifter", "3/3"),
                   "if A had cast Practice Hush (\u201closes all abilities\u201d) on it instead",
                   spell="Practice Hush"),
             wrong("Practice Shapeshifter is a Vampire", _subtype("Practice Shapeshifter", "Vampire"),
                   "if A had cast Practice Hush (\u201closes all abilities\u201d) on it instead",
                   spell="Practice Hush")],
            rules=("613.3", "604.3", "205.1a"), select_all=True, name="12.4",
            why="Its ability is characteristic-defining (604.3), so it applies first in layer 4 (613.3); then "
                "Frogform, also in layer 4, replaces its creature types with Frog (205.1a). Not a Vampire, so no "
                "+1/+1. Losing all abilities would come in layer 6, after layer 4 had made it every type."),
        Question(
            "A controls Practice Assembly (a practice card: \u201cEach noncreature artifact is a 2/2 artifact "
            "creature\u201d), then a Forest, then Practice Lattice (a practice card: \u201cAll permanents are "
            "artifacts in addition to their other types\u201d), in that timestamp order. Which are true?",
            lattice,
            [right("The Forest is 2/2", c.pt("Forest", "2/2")),
             right("The Forest is an artifact creature land", _type("Forest", "Artifact") & _type("Forest", "Creature")
                   & _type("Forest", "Land")),
             wrong("The Forest is an artifact but not a creature", _type("Forest", "Artifact")
                   & ~_type("Forest", "Creature"), "if A controlled no Practice Assembly", assembly=False),
             wrong("The Forest is not an artifact", ~_type("Forest", "Artifact"),
                   "if A controlled no Practice Lattice", lattice=False)],
            rules=("613.8a", "613.8b"), select_all=True, name="12.5",
            why="Applying the Lattice changes what the Assembly applies to, so the Assembly depends on it "
                "(613.8a) and waits until just after it (613.8b), though its timestamp is earlier: the Forest "
                "is an artifact, then a 2/2 artifact creature."),
    ]


def quiz() -> Quiz:
    """The lesson's quiz, played and checked by the engine."""
    return Quiz("Lesson 12 quiz: layers", questions(), lesson="12-layers")
