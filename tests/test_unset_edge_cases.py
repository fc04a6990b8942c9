"""Edge cases of the two Un-set cards (Over My Dead Bodies, Graveyard Busybody), whose official rulings
are their specification (100.7). Each test is named for the ruling whose words it checks, and was
written to fail before the fix it accompanies."""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, resolve_top

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers, pass_priority
from mtgrules.core.objects import Zone
from mtgrules.lessons import over_my_dead_bodies as omdb_lesson
from mtgrules.play.advance import advance_to
from mtgrules.rules.combat.state import is_attacking

OMDB = "Over My Dead Bodies"


def _attack_then_respond(spell: str, *, naturalize: bool):
    """Alice attacks Bob with Grizzly Bears from her graveyard. Bob casts ``spell`` on the Bears
    and, holding priority, Naturalize on Over My Dead Bodies (if ``naturalize``); Naturalize
    resolves first. Returns the timeline (stopped with ``spell`` still on the stack) and the ids."""
    s = Scenario("review", turn=2, step="combat")
    omdb = s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    card = s.add(spell, "Bob", zone="hand")
    nat = s.add("Naturalize", "Bob", zone="hand")
    lands = [s.add("Swamp", "Bob") for _ in range(3)] + [s.add("Forest", "Bob") for _ in range(2)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice"))
    for land in lands:
        t.do(activate("Bob", land))
    paid = {"pay": "BBB"} if spell == "Murder" else {}  # Bob keeps his {G}{G} for Naturalize (601.2h)
    t.do(cast("Bob", card, targets=(bears,), **paid))
    if naturalize:
        t.do(cast("Bob", nat, targets=(omdb,)))
        resolve_top(t)                       # Naturalize: the enchantment leaves
        assert t.state.obj(omdb).zone is Zone.GRAVEYARD
    return t, bears, card


# ---------------------------------------------------------------- OMDB-7: "just dead" again
@pytest.mark.ruling("OMDB-7")
def test_omdb7_murder_on_a_card_that_is_just_dead_again_doesnt_resolve():
    t, bears, murder = _attack_then_respond("Murder", naturalize=True)
    assert not is_attacking(t.state, bears)
    zcc = t.state.obj(bears).zcc
    resolve_top(t)                           # Murder
    assert t.state.obj(bears).zcc == zcc, (
        "OMDB-7: 'graveyard creatures go back to being just dead' — a card in a graveyard is no longer a "
        "creature Murder can destroy, so Murder doesn't resolve (608.2b) and the card isn't moved again")
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    fizzled = [e for f in t for e in kinds(f.events, "fizzles")]
    assert [e.rule for e in fizzled] == ["608.2b"] and "Murder" in fizzled[0].text
    assert t.state.obj(murder).zone is Zone.GRAVEYARD


@pytest.mark.ruling("OMDB-7")
def test_omdb7_giant_growth_on_a_card_that_is_just_dead_again_doesnt_resolve():
    t, bears, growth = _attack_then_respond("Giant Growth", naturalize=True)
    resolve_top(t)                           # Giant Growth
    assert characteristics(t.state, bears).pt() == "2/2", (
        "OMDB-7: 'graveyard creatures go back to being just dead' — Giant Growth's target is no longer a "
        "creature, so it doesn't resolve (608.2b)")
    assert [e.rule for f in t for e in kinds(f.events, "fizzles")] == ["608.2b"]


def test_murder_still_resolves_on_a_card_still_in_combat():
    """For contrast (OMDB-1): without Naturalize, Murder resolves and the card stays, removed from combat."""
    t, bears, _ = _attack_then_respond("Murder", naturalize=False)
    zcc = t.state.obj(bears).zcc
    resolve_top(t)
    assert not [e for f in t for e in kinds(f.events, "fizzles")]
    assert t.state.obj(bears).zcc == zcc and not is_attacking(t.state, bears)
    assert any(e.kind == "destroyed" for e in t[-1].events)


# ---------------------------------------------------------------- OMDB-4 / OMDB-8: only for the duration of combat
@pytest.mark.ruling("OMDB-4")
def test_omdb4_giant_growths_bonus_ends_when_the_graveyard_card_leaves_combat():
    t = omdb_lesson.giant_growth()
    bears = next(o.oid for o in t[0].state.objects if o.card == "Grizzly Bears")
    assert characteristics(t.state, bears).pt() == "5/5"          # still in combat (end of combat step)
    advance_to(t, Step.MAIN2)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert characteristics(t.state, bears).pt() == "2/2", (
        "OMDB-4: 'for the duration of combat, the attacking and blocking creature cards are treated as if they "
        "are creature cards on the battlefield which means they can be affected by spells or abilities that "
        "would affect creatures on the battlefield' — after combat Giant Growth no longer affects the card")
    assert [(e.before, e.after) for e in kinds(t[-1].events, "P/T") if e.obj == bears] == [("5/5", "2/2")]


@pytest.mark.ruling("OMDB-1")
def test_omdb1_a_pumped_graveyard_card_removed_from_combat_by_murder_is_just_a_card_again():
    s = Scenario("review", turn=2, step="combat")
    s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    forest = s.add("Forest", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    swamps = [s.add("Swamp", "Bob") for _ in range(3)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(activate("Alice", forest)).do(cast("Alice", growth, targets=(bears,)))
    resolve_top(t)
    assert characteristics(t.state, bears).pt() == "5/5"
    t.do(pass_priority("Alice"))
    for swamp in swamps:
        t.do(activate("Bob", swamp))
    t.do(cast("Bob", murder, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and not is_attacking(t.state, bears)
    assert characteristics(t.state, bears).pt() == "2/2", (
        "OMDB-1: destroyed by Murder, 'it stays in the graveyard but is removed from combat' — no longer treated "
        "as a creature on the battlefield, so Giant Growth's +3/+3 no longer applies to it")
