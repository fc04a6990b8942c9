"""A scripted answer that no question of the action takes is never ignored without a word.

A misspelt keyword (a kind no question of the kit asks) is refused. An answer of a kind the kit
does ask, given to an action that didn't ask it (``target="Bob"`` where Jace's ability asks
nothing, a resolving spell's answer given as it is cast), is not used, and the step's narration
says so: otherwise the action would go through as if the learner had written nothing."""

from __future__ import annotations

import pytest
from combat_support import refuse
from helpers import sprawl_on_the_stack

from mtgrules import IllegalAction, MissingChoice, Scenario, activate, apply, cast, pass_priority
from mtgrules.play.verbs import go_to, resolve_top


def test_an_answer_to_a_question_never_asked_is_refused_and_the_state_kept():
    s = Scenario("A Forest with an answer it doesn't need")
    forest = s.add("Forest", "Alice")
    err = refuse(s.state(), activate("Alice", forest, colour="G"), "117.1")
    assert "colour='G'" in err.reason and "names no question the kit asks" in err.reason
    assert "no question" in err.reason


def _unused_notes(events):
    return [e for e in events if e.kind == "nothing happens" and e.rule == "117.1"]


def test_target_where_target_player_is_meant_is_shown_not_ignored():
    """Jace Beleren's +2 makes each player draw: it asks nothing, so ``target="Bob"`` isn't used,
    and the step says so."""
    s = Scenario("Jace", step="main1")
    jace = s.add("Jace Beleren", "Alice")
    for p in ("Alice", "Bob"):
        s.add("Forest", p, zone="library")
    _, events = apply(s.state(), activate("Alice", jace, target="Bob"))
    [note] = _unused_notes(events)
    assert "target='Bob'" in note.text and "wasn't used" in note.text


def test_the_refusal_names_the_questions_the_action_did_ask():
    """Reflecting Pool with an Exotic Orchard-like choice of two types asks ``type``; an extra
    ``sacrifice=`` answer is refused, and the message says what was asked."""
    s = Scenario("Pool and Swamp")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Swamp", "Alice")
    s.add("Forest", "Alice")
    with pytest.raises(IllegalAction) as info:
        apply(s.state(), activate("Alice", pool, type="B", sacrifise=3))
    assert info.value.rule == "117.1" and "sacrifise=3" in info.value.reason and "type" in info.value.reason


def test_an_answer_the_action_asks_for_is_still_taken():
    s = Scenario("Pool and Swamp")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Swamp", "Alice")
    s.add("Forest", "Alice")
    with pytest.raises(MissingChoice):
        apply(s.state(), activate("Alice", pool))
    new, _ = apply(s.state(), activate("Alice", pool, type="B"))
    assert [m.type.value for m in new.player("Alice").pool] == ["B"]


def test_an_answer_for_a_spell_resolution_goes_with_the_pass_that_resolves_it():
    """An answer given when casting, or on a pass that resolves nothing, isn't used, and the step
    says so; given with the pass that resolves the spell (``resolve_top``), it is taken."""
    s = Scenario("Giant Growth")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    s.mana("Alice", "G")
    _, events = apply(s.state(), cast("Alice", growth, targets=(bears,), fight=True))
    assert "fight=True" in _unused_notes(events)[0].text
    t = s.timeline().do(cast("Alice", growth, targets=(bears,)))
    _, events = apply(t.state, pass_priority("Alice", fight=True))
    assert "fight=True" in _unused_notes(events)[0].text
    resolve_top(t)
    assert t.state.stack == () and not any(_unused_notes(f.events) for f in t)


def test_every_kind_the_kit_asks_is_a_known_kind():
    """``KNOWN_KINDS`` lists every kind of question the source asks by name, so an unneeded answer
    of a real kind is shown, not refused as a misspelling."""
    import re
    from pathlib import Path

    import mtgrules
    from mtgrules.core.choices import KNOWN_KINDS
    asked = {"color", "type", "pay with"}  # asked through a variable
    for path in Path(mtgrules.__file__).parent.rglob("*.py"):
        asked |= set(re.findall(r'choose(?:_order)?\(\s*"([a-z ]+)"', path.read_text(encoding="utf-8")))
    assert asked <= KNOWN_KINDS, sorted(asked - KNOWN_KINDS)


def test_answers_given_with_every_pass_or_with_the_cast_let_the_game_go_on():
    """The way a teacher often scripts it: the colour for Utopia Sprawl with both players' passes,
    and Practice Charge's card as it is cast. Answers nothing asked are shown, the game goes on,
    and the spell still takes the answer it asks for on the pass that resolves it."""
    s = Scenario("Sprawl with answers everywhere")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    t = s.timeline().do(cast("Alice", sprawl, targets=(forest,), color="R"))
    t.do(pass_priority("Alice", color="R")).do(pass_priority("Bob", color="R"))
    assert t.state.obj(sprawl).attached_to == forest and t.state.obj(sprawl).choice("color") == "R"
    assert len([f for f in t if _unused_notes(f.events)]) == 2  # the cast and Alice's pass


# ---------------------------------------------------------------- go_to: the same rules as a single action
def _to_the_end_step():
    s = Scenario("Forest to the end step", step="main1")
    s.add("Forest", "Alice")
    return s.timeline()


def _go_to_notes(t, start):
    return [(f.index, e.text) for f in t.frames[start:] for e in _unused_notes(f.events)]


def test_go_to_notes_an_answer_no_step_asked_on_the_last_step_it_played():
    """``go_to(t, "end", sacrifice=3)``: no step on the way asks a sacrifice. A single action would
    go through and say so; go_to refused, and nothing was played."""
    t, plain = _to_the_end_step(), _to_the_end_step()
    go_to(plain, "end")
    go_to(t, "end", sacrifice=3)
    assert t.state == plain.state and len(t) == len(plain), "played as without the answer"
    [(index, text)] = _go_to_notes(t, 1)
    assert index == len(t) - 1, "on the last step go_to played"
    assert "sacrifice=3" in text and "go_to" in text and "end step" in text and "sacrifice question" in text


def test_go_to_refuses_a_misspelt_answer_before_playing_anything():
    t = _to_the_end_step()
    with pytest.raises(IllegalAction) as info:
        go_to(t, "end", trigger_ordr=("a", "b"))
    assert info.value.rule == "117.1" and "trigger_ordr=" in info.value.reason
    assert "names no question the kit asks" in info.value.reason
    assert len(t) == 1, "nothing played"


def _call_to_the_grave():
    s = Scenario("Call to the Grave, Bob's upkeep", turn=1, step="main1")
    s.add("Call to the Grave", "Alice")
    s.add("Walking Corpse", "Alice")
    s.add("Grizzly Bears", "Bob")
    elves = s.add("Llanowar Elves", "Bob")
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Swamp", p, zone="library")
    return s.timeline(), elves


def test_go_to_reports_only_the_answers_no_pass_took():
    """Bob's upkeep asks which creature he sacrifices: ``sacrifice=`` is taken by that pass and not
    reported; ``color=`` is asked by nothing, and only it is noted (a single action would go on)."""
    t, elves = _call_to_the_grave()
    go_to(t, "draw", "Bob", sacrifice=elves, color="R")
    assert t.state.obj(elves).zone.value == "graveyard"
    notes = _go_to_notes(t, 1)
    assert len(notes) == 1 and "color='R'" in notes[0][1] and "sacrifice" not in notes[0][1]
    assert notes[0][0] == len(t) - 1


def test_go_to_refuses_more_answers_than_questions_and_takes_back_its_passes():
    """Two sacrifices for the one question on the way: the second is one more than was asked,
    refused as for a single action, and the passes before are taken back."""
    t, elves = _call_to_the_grave()
    with pytest.raises(IllegalAction) as info:
        go_to(t, "draw", "Bob", sacrifice=[elves, elves])
    assert info.value.rule == "117.1" and "one more than" in info.value.reason
    assert len(t) == 1 and t.state.step.value == "precombat main"


def test_go_to_from_inside_its_step_goes_to_the_next_one_and_notes_the_answer_there():
    """go_to never plays zero steps when it succeeds: from Alice's precombat main phase it goes on
    to the next one (Bob's), so an unasked answer always has a played step to be noted on."""
    s = Scenario("already there", step="main1")
    for p in ("Alice", "Bob"):
        s.add("Forest", p, zone="library")
    t = s.timeline()
    go_to(t, "main1", color="G")
    assert len(t) > 1 and t.state.step.value == "precombat main" and t.state.active == "Bob"
    [(index, text)] = _go_to_notes(t, 1)
    assert index == len(t) - 1 and "color='G'" in text and "precombat main phase" in text


# ---------------------------------------------------------------- resolve_top: the same rules, said for the spell
def test_resolve_top_notes_an_unasked_answer_for_what_resolved_and_keeps_the_one_it_took():
    """resolve_top's answers go with the pass that resolves the top: Utopia Sprawl takes ``color=``;
    ``sacrifice=`` isn't used, and the note says the Sprawl asked none as it resolved. It used to
    advise giving the answer with resolve_top, which is what the learner had just done."""
    t, sprawl = sprawl_on_the_stack()
    start = len(t)
    with pytest.raises(IllegalAction) as info:
        resolve_top(t, color="R", sacrifise=3)
    assert "names no question the kit asks" in info.value.reason and len(t) == start, "nothing half-played"
    resolve_top(t, color="R", sacrifice=3)
    assert t.state.obj(sprawl).choice("color") == "R"
    notes = [(f.index, e.text) for f in t.frames[start:] for e in _unused_notes(f.events)]
    assert len(notes) == 1 and notes[0][0] == len(t) - 1
    assert "sacrifice=3" in notes[0][1] and "Utopia Sprawl asked no sacrifice question as it resolved" in notes[0][1]
    assert "resolve_top" not in notes[0][1] and "color" not in notes[0][1]


# ---------------------------------------------------------------- go_to: a question with a single option
def _one_creature_to_sacrifice():
    """Bob's only non-Zombie is the Elves: Call to the Grave's sacrifice has one option, taken
    without asking, so go_to's answer never reaches the question through a callback."""
    s = Scenario("Call to the Grave, one option", turn=1, step="main1")
    s.add("Call to the Grave", "Alice")
    s.add("Walking Corpse", "Alice")
    elves = s.add("Llanowar Elves", "Bob")
    corpse = s.add("Walking Corpse", "Bob")
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Swamp", p, zone="library")
    return s.timeline(), elves, corpse


def test_go_to_does_not_report_an_answer_naming_a_lone_option_as_unused():
    """``sacrifice=elves`` names the one option; saying "no step asked a sacrifice question" while
    the Elves go to the graveyard would teach that nothing asked it."""
    t, elves, _ = _one_creature_to_sacrifice()
    go_to(t, "draw", "Bob", sacrifice=elves)
    assert t.state.obj(elves).zone.value == "graveyard"
    assert _go_to_notes(t, 1) == []


def test_go_to_refuses_an_answer_a_lone_option_replaced_as_a_single_action_does():
    """``sacrifice=corpse`` (a Zombie, not an option) was noted as unused while the Elves were
    sacrificed instead; ``pass_priority("Bob", sacrifice=corpse)`` is refused, so go_to is too."""
    t, elves, corpse = _one_creature_to_sacrifice()
    with pytest.raises(IllegalAction) as info:
        go_to(t, "draw", "Bob", sacrifice=corpse)
    assert "not a possible sacrifice" in info.value.reason and "go_to" in info.value.reason
    assert len(t) == 1, "nothing half-played"
    t, elves, corpse = _one_creature_to_sacrifice()
    with pytest.raises(IllegalAction) as info:
        go_to(t, "draw", "Bob", sacrifice=[elves, elves])
    assert "one more than" in info.value.reason and len(t) == 1
