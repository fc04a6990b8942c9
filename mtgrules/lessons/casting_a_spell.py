"""Scenarios for the casting lesson: the steps of casting a spell (601.2a to 601.2i), activating
an ability (602.2), and why nobody can respond until a spell is cast (601.2, 117.3c).

Every board is Alice's precombat main phase. Her Guttersnipe ("whenever you cast an instant or
sorcery spell, ... 2 damage to each opponent") shows what "becomes cast" triggers (601.2i); Shock
is the spell, and Bob's Grizzly Bears its target. The substeps are read from the engine's own
record of each cast by :func:`mtgrules.rules.casting_steps.casting_steps`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from mtgrules.core.actions import Action, CastSpell, activate, cast, pass_priority
from mtgrules.lessons.played import played_once
from mtgrules.play.scenario import Scenario
from mtgrules.play.timeline import Frame, Timeline
from mtgrules.rules.casting_steps import CastingStep, casting_steps

if TYPE_CHECKING:
    from mtgrules.widgets import Predict


# ---------------------------------------------------------------- reading a cast
def cast_step(t: Timeline, last: bool = False) -> int:
    """The step at which a spell is cast (the first, or the last)."""
    found = [f.index for f in t if isinstance(f.action, CastSpell) and f.refused is None]
    if not found:
        raise LookupError(f"no spell is cast in {t.title or 'this timeline'}")
    return found[-1] if last else found[0]


def substeps(t: Timeline, step: int | None = None) -> tuple[CastingStep, ...]:
    """The substeps of the cast at ``step`` (default: the first cast), from the engine's events."""
    i = cast_step(t) if step is None else step
    frame = t[i]
    assert isinstance(frame.action, CastSpell), f"step {i} casts no spell"
    return casting_steps(t[i - 1].state, frame.action, frame.events, frame.state)


def casting_table(t: Timeline, step: int | None = None) -> pd.DataFrame:
    """One row per substep of casting: the rule, the substep, and what happened in it."""
    rows = [{"rule": s.rule, "substep": s.name, "what happens": s.text} for s in substeps(t, step)]
    return pd.DataFrame(rows).set_index("rule")


def casting_markdown(t: Timeline) -> str:
    """The same table as Markdown, for the lesson's static cell (GitHub, print)."""
    from mtgrules.lessons.static import _cell
    i = cast_step(t)
    head = f"**{_cell(t.title)}** — the substeps of step {i}, {_cell(t[i].title())}\n\n"
    rows = [f"| {s.rule} | {_cell(s.name)} | {_cell(s.text)} |" for s in substeps(t, i)]
    return head + "| rule | substep | what happens |\n|---|---|---|\n" + "\n".join(rows) + "\n"


# ---------------------------------------------------------------- the boards
def _board(title: str, *, snipe_owner: str = "Alice", bob_mountain: bool = False,
           spell: str = "Shock") -> tuple[Scenario, dict[str, int]]:
    s = Scenario(title)
    ids = {"Guttersnipe": s.add("Guttersnipe", snipe_owner), "Mountain": s.add("Mountain", "Alice"),
           "spell": s.add(spell, "Alice", zone="hand"), "Bears": s.add("Grizzly Bears", "Bob")}
    if bob_mountain:
        ids["Bob's Mountain"] = s.add("Mountain", "Bob")
        ids["Bob's Shock"] = s.add("Shock", "Bob", zone="hand")
    return s, ids


def _cast_shock(title: str, **kw: object) -> tuple[Timeline, dict[str, int]]:
    s, ids = _board(title, **kw)  # type: ignore[arg-type]
    t = s.timeline()
    t.do(activate("Alice", ids["Mountain"]))
    t.do(cast("Alice", ids["spell"], targets=(ids["Bears"],)))
    return t, ids


def _both_pass(t: Timeline) -> Timeline:
    first = t.state.priority
    assert first is not None
    second = "Bob" if first == "Alice" else "Alice"
    return t.do(pass_priority(first)).do(pass_priority(second))


@played_once
def tour() -> Timeline:
    """Alice taps her Mountain and casts Shock at Bob's Grizzly Bears. Shock becomes cast, so her
    Guttersnipe triggers; its ability goes on the stack above Shock and resolves first (Bob goes
    to 18), then Shock resolves and the Bears die."""
    t, _ids = _cast_shock("Casting Shock with Guttersnipe out")
    _both_pass(t)  # Guttersnipe's ability
    return _both_pass(t)  # Shock


@played_once
def bobs_guttersnipe() -> Timeline:
    """The same cast with the Guttersnipe on Bob's side: "whenever *you* cast" is Bob's, so
    Alice's spell triggers nothing."""
    t, _ids = _cast_shock("Guttersnipe is Bob's", snipe_owner="Bob")
    return _both_pass(t)


@played_once
def no_response_while_casting() -> Timeline:
    """Bob tries to act the moment Alice casts: refused, since she has priority (117.3c). Once she
    passes he may respond: he Shocks the Guttersnipe. Its ability, already on the stack, still
    resolves (113.7a): Bob goes to 18 all the same."""
    t, ids = _cast_shock("Bob responds only after the cast", bob_mountain=True)
    t.attempt(activate("Bob", ids["Bob's Mountain"]))
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", ids["Bob's Mountain"]))
    t.do(cast("Bob", ids["Bob's Shock"], targets=(ids["Guttersnipe"],)))
    _both_pass(t)  # Bob's Shock: the Guttersnipe dies
    _both_pass(t)  # Guttersnipe's ability, on its own
    return _both_pass(t)  # Alice's Shock


def response_branch(t: Timeline) -> int:
    """Where the tour's what-if branches: just after Alice casts Shock."""
    return cast_step(t)


def shock_the_guttersnipe(t: Timeline) -> list[Action]:
    """The tour's what-if: Bob has a Mountain and a Shock; once Alice passes, he Shocks the
    Guttersnipe in response, then everything resolves."""
    state = t[response_branch(t)].state
    snipe = next(o.oid for o in state.battlefield("Alice") if o.card == "Guttersnipe")
    mountain = next(o.oid for o in state.battlefield("Bob") if o.card == "Mountain")
    shock = next(o.oid for o in state.objects if o.card == "Shock" and o.owner == "Bob")
    return [pass_priority("Alice"), activate("Bob", mountain), cast("Bob", shock, targets=(snipe,)),
            pass_priority("Bob"), pass_priority("Alice"), pass_priority("Alice"), pass_priority("Bob"),
            pass_priority("Alice"), pass_priority("Bob")]


@played_once
def tour_with_bobs_shock() -> Timeline:
    """The tour's board with a Mountain and a Shock for Bob, played as the tour (he doesn't use
    them): the what-if branches from it."""
    t, _ids = _cast_shock("Casting Shock; Bob holds a Shock", bob_mountain=True)
    _both_pass(t)
    return _both_pass(t)


@played_once
def activating() -> Timeline:
    """602.2: activating an ability follows the steps of casting (602.2b). Prodigal Pyromancer's
    "{T}: 1 damage to any target" is announced, targeted at Bob and paid by tapping, and goes on
    the stack; Alice gets priority again, and it resolves once both pass."""
    s = Scenario("Activating Prodigal Pyromancer's ability")
    pyro = s.add("Prodigal Pyromancer", "Alice")
    s.add("Grizzly Bears", "Bob")
    t = s.timeline()
    t.do(activate("Alice", pyro, targets=("Bob",)))
    return _both_pass(t)


@played_once
def refused_without_mana() -> Timeline:
    """Alice casts Shock with her Mountain still untapped and her pool empty: the kit refuses
    (nothing is paid in part, 601.2h); she taps the Mountain and casts it."""
    s, ids = _board("Casting with an empty pool")
    t = s.timeline()
    t.attempt(cast("Alice", ids["spell"], targets=(ids["Bears"],)))
    t.do(activate("Alice", ids["Mountain"]))
    return t.do(cast("Alice", ids["spell"], targets=(ids["Bears"],)))


# ---------------------------------------------------------------- questions
def stack_after_cast(frame: Frame) -> str:
    """What the stack holds right after a cast, in a learner's words."""
    state = frame.state
    top = state.stack[-1] if state.stack else None
    if top is None:
        return "The stack is empty"
    if top.kind == "spell":
        return f"{top.label} alone is on the stack: nothing triggered"
    spell = next((i.label for i in state.stack if i.kind == "spell"), "the spell")
    name = top.label.split(":")[0]
    return f"{name}'s triggered ability is on the stack above {spell}"


def question_becomes_cast() -> Predict:
    """601.2i: Alice's Shock becomes cast and her Guttersnipe triggers; the wrong option is the
    same cast with Bob's Guttersnipe, which triggers nothing ("whenever *you* cast")."""
    from mtgrules.widgets import Predict
    t = tour()
    return Predict(t, cast_step(t), "Alice controls Guttersnipe. She taps her Mountain and casts Shock at Bob's "
                   "Grizzly Bears. What is on the stack once she has cast it?",
                   alternatives=[bobs_guttersnipe()], describe=stack_after_cast, auto=False,
                   rules=("601.2i", "603.3"))


def bob_life(frame: Frame) -> str:
    return f"Bob is at {frame.state.player('Bob').life} life"


@played_once
def bob_shocks_first() -> Timeline:
    """The only way Bob gets the Guttersnipe before it triggers: he Shocks it before Alice casts,
    when he has priority (here in her upkeep). Then her Shock triggers nothing: Bob stays at 20."""
    s = Scenario("Bob Shocks the Guttersnipe before Alice casts", step="upkeep")
    snipe = s.add("Guttersnipe", "Alice")
    mountain = s.add("Mountain", "Alice")
    spell = s.add("Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    bobs_mountain = s.add("Mountain", "Bob")
    bobs_shock = s.add("Shock", "Bob", zone="hand")
    s.add("Mountain", "Alice", zone="library")
    t = s.timeline()
    t.do(pass_priority("Alice"))
    t.do(activate("Bob", bobs_mountain))
    t.do(cast("Bob", bobs_shock, targets=(snipe,)))
    _both_pass(t)                          # Bob's Shock resolves: the Guttersnipe dies
    _both_pass(t)                          # on to the draw step
    _both_pass(t)                          # on to the precombat main phase
    t.do(activate("Alice", mountain))
    t.do(cast("Alice", spell, targets=(bears,)))
    return _both_pass(t)


def question_response() -> Predict:
    """113.7a: Bob's response kills the Guttersnipe, but its ability is already on the stack and
    resolves; the wrong option is Bob's life when he killed it before Alice cast (20)."""
    from mtgrules.widgets import Predict
    t = no_response_while_casting()
    return Predict(t, len(t) - 1, "Alice casts Shock at Bob's Grizzly Bears, and her Guttersnipe triggers. Once she "
                   "passes, Bob Shocks the Guttersnipe in response, and it dies. What is Bob's life total once "
                   "the stack is empty?", alternatives=[bob_shocks_first()], describe=bob_life, auto=False,
                   rules=("113.7a", "601.2i"))


SCENARIOS = {
    "tour": tour,
    "Bob's Guttersnipe": bobs_guttersnipe,
    "no response while casting": no_response_while_casting,
    "activating": activating,
    "Bob Shocks first": bob_shocks_first,
    "empty pool": refused_without_mana,
}
