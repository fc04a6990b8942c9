"""Review of the two Un-set cards (Over My Dead Bodies, Graveyard Busybody), whose official rulings
are their specification (100.7). Each test is named for the ruling whose words it checks, and was
written to fail before the fix it accompanies."""

from __future__ import annotations

import pytest
from combat_support import kinds, pass_until, resolve_top

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers, pass_priority
from mtgrules.combat_state import is_attacking
from mtgrules.objects import Zone

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
    t.do(cast("Bob", card, targets=(bears,)))
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
