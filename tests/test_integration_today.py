"""Integration checks across the changes merged on one day: each test guards a bug found where two
of them meet (the off-path refusals and go_to's rollback, the replacement review and created
tokens, ...)."""

from __future__ import annotations

import pytest

from mtgrules import IllegalAction, Scenario, activate, apply, cast
from mtgrules.cards import ActivatedAbility, CardDef, Cost, EntersWith, register
from mtgrules.core.events import EventKind
from mtgrules.play.verbs import go_to, resolve_top

TEST = "tests/test_integration_today.py"


def _libraries(s: Scenario, n: int = 3) -> None:
    for p in ("Alice", "Bob"):
        for _ in range(n):
            s.add("Forest", p, zone="library")


# ---------------------------------------------------------------- go_to: a refused answer on the way
def test_go_to_takes_back_its_passes_when_an_answer_on_the_way_is_refused():
    """go_to promises that a stop on the way leaves the timeline as it was; an answer the engine
    refuses (a card to discard that isn't in the hand, 514.1) stopped it after ten passes had
    already been recorded, so the learner's timeline was left in the end step."""
    s = Scenario("nine cards in hand", step="main1")
    for _ in range(9):
        s.add("Grizzly Bears", "Alice", zone="hand")
    _libraries(s)
    t = s.timeline()
    with pytest.raises(IllegalAction) as info:
        go_to(t, "upkeep", discard=999)
    assert info.value.rule == "514.1"
    assert len(t) == 1 and t.state.step.value == "precombat main", "nothing half-played"


def test_go_to_names_a_main_phase_as_a_phase_when_it_notes_an_unused_answer():
    """505.2: a main phase has no steps; the turn-structure review names it "phase" everywhere,
    but go_to's refusal of an unused answer said "the postcombat main step" (the answer is now
    noted as not used rather than refused; the note names the phase the same way)."""
    s = Scenario("to the second main phase", step="main1")
    _libraries(s)
    t = s.timeline()
    go_to(t, "main2", trigger_order="x")
    [note] = [e for e in t[-1].events if e.kind == EventKind.NOTHING_HAPPENS and "trigger_order" in e.text]
    assert "postcombat main phase" in note.text and "main step" not in note.text


# ---------------------------------------------------------------- a created token that "enters tapped"
DOZING = "This creature enters tapped."


def _doze(res, item):
    from mtgrules.cards import create_token
    create_token(res.d, "Practice Dozing Token", res.controller, "Practice Doze")


register(
    CardDef("Practice Dozing Token", "", frozenset({"Creature"}), frozenset({"Spirit"}), power=1, toughness=1,
            oracle=DOZING, abilities=(EntersWith(DOZING, tapped=True),), token=True, source=TEST),
    CardDef("Practice Doze", "{W}", frozenset({"Sorcery"}), oracle="Create a Practice Dozing token.",
            spell=_doze, source=TEST),
    replace=True,
)


@pytest.mark.rule("614.1d")
def test_a_created_token_that_enters_tapped_cites_614_1d_as_a_card_does():
    """The replacement review explains "enters tapped" as 614.1d ("[This permanent] enters ..."),
    614.1c being "enters with", "as ... enters" and "enters as"; a created token's own "enters
    tapped" was still explained as 614.1c."""
    s = Scenario("dozing token")
    doze = s.add("Practice Doze", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = s.timeline().do(cast("Alice", doze))
    resolve_top(t)
    token = next(o for o in t.state.objects if o.card == "Practice Dozing Token")
    assert token.tapped
    said = [e for f in t for e in f.events if e.kind == EventKind.ENTERS_WITH and e.name == "Practice Dozing Token"]
    assert said and all(e.rule == "614.1d" for e in said)


# ---------------------------------------------------------------- forced graveyard exiles vs unused answers
URN = "Exile two cards from your graveyard: Nothing else happens."


register(
    CardDef("Practice Urn", "{1}", frozenset({"Artifact"}), oracle=URN,
            abilities=(ActivatedAbility(Cost.of(exile_from_graveyard=2), URN, lambda res, item: None),),
            source=TEST),
    replace=True,
)


def _urn_board() -> tuple[Scenario, int, int, int]:
    s = Scenario("two cards for the Urn")
    urn = s.add("Practice Urn", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    forest = s.add("Forest", "Alice", zone="graveyard")
    return s, urn, bears, forest


@pytest.mark.parametrize("order", ["listed", "reversed"])
def test_forced_graveyard_exiles_take_answers_naming_them_in_any_order(order):
    """With exactly as many cards as the cost exiles, every one goes (601.2h) and an answer naming
    them is used up; the unused-answer refusal then turned the same two cards named in the other
    order into "answers a question this action never asked (it asked about: exile)"."""
    s, urn, bears, forest = _urn_board()
    named = [bears, forest] if order == "listed" else [forest, bears]
    new, _ = apply(s.state(), activate("Alice", urn, exile=named))
    assert {o.card for o in new.objects if o.zone.value == "exile"} == {"Grizzly Bears", "Forest"}


def test_an_answer_too_many_for_a_question_asked_says_so():
    """A third answer for two forced exiles is refused (117.1), in words that don't say the
    question was never asked when it was."""
    s, urn, bears, forest = _urn_board()
    with pytest.raises(IllegalAction) as info:
        apply(s.state(), activate("Alice", urn, exile=[bears, forest, bears]))
    assert info.value.rule == "117.1"
    assert "never asked" not in info.value.reason and "one more than" in info.value.reason


# ---------------------------------------------------------------- activate(..., ability=1)
def test_activate_refuses_ability_as_a_keyword_instead_of_judging_another_ability():
    """``ability`` is positional; written ``ability=1`` it became a scripted answer and ability 0
    was judged, so Jace Beleren's "−1: Target player draws a card" was refused as an ability with
    no target player (115.1c), a wrong lesson about the card."""
    s = Scenario("Jace")
    jace = s.add("Jace Beleren", "Alice")
    with pytest.raises(IllegalAction) as info:
        apply(s.state(), activate("Alice", jace, ability=1, targets=("Bob",)))
    assert "by position" in info.value.reason and "no target player" not in info.value.reason
    new, _ = apply(s.state(), activate("Alice", jace, 1, targets=("Bob",)))
    assert new.stack and "Target player draws" in new.stack[-1].label


# ---------------------------------------------------------------- legal_actions vs hooks.STEP_ENDS
def test_legal_actions_asks_the_step_end_actions_too_before_listing_a_pass_untried(monkeypatch):
    """``legal_actions`` lists a pass without trying it when the turn-based actions on the way
    ask nothing; it read only those of the steps that begin (``hooks.TURN_BASED``), not the new
    ``hooks.STEP_ENDS``, so an end-of-step action that asks (or any not known to be quiet) left
    a pass listed that ``apply`` refuses for a missing choice."""
    from mtgrules import MissingChoice, pass_priority
    from mtgrules.core.turns import Step
    from mtgrules.rules import hooks
    from mtgrules.rules.legal import legal_actions

    def asks(d, chooser):
        chooser.choose("color", d.active, ["G", "R"], "500.5")

    monkeypatch.setitem(hooks.STEP_ENDS, Step.END, [asks])
    s = Scenario("end step", step="end")
    _libraries(s)
    state, _ = apply(s.state(), pass_priority("Alice"))  # Bob's pass ends the end step
    with pytest.raises(MissingChoice):
        apply(state, pass_priority("Bob"))
    listed = legal_actions(state)
    assert listed and all(apply(state, a) for a in listed)
