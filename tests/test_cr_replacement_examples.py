"""An independent check of replacement effects and zone-change triggers against the Comprehensive
Rules (edition 2026-01-16 on hand): 614 (what replaces what), 616 (several at once), 603.6 and
603.10 (enters and leaves triggers), 700.4 (dies) and 111.7 (tokens), one small scenario each.

Undeathtouch (Over My Dead Bodies, an Un-set card: its rulings are the spec, 100.7) is the kit's
"instead" replacement on damage; "enters tapped" and "enters with" are its replacements on how a
permanent enters. The made-up cards below are registered for these tests only."""

from __future__ import annotations

import pytest
from combat_support import pass_until

from mtgrules import (
    Scenario,
    Step,
    activate,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    pass_priority,
    play_land,
)
from mtgrules.cards import CardDef, EntersWith, register
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top

TEST = "made up for tests/test_cr_replacement_examples.py (not a real Magic card)"
OMDB = "Over My Dead Bodies"

ONE = "This creature enters with a +1/+1 counter on it."
ANOTHER = "This creature also enters with a +1/+1 counter on it."
TAPPED = "This creature enters tapped."
register(
    CardDef("Practice Twin Sprout", "{1}", frozenset({"Creature"}), power=0, toughness=0, oracle=f"{ONE}\n{ANOTHER}",
            abilities=(EntersWith(ONE, counters=(("+1/+1", 1),)), EntersWith(ANOTHER, counters=(("+1/+1", 1),))),
            source=TEST),
    CardDef("Practice Sluggard", "{1}", frozenset({"Creature"}), power=1, toughness=1, oracle=TAPPED,
            abilities=(EntersWith(TAPPED, tapped=True),), source=TEST),
    CardDef("Practice Tapland", "", frozenset({"Land"}), oracle="This land enters tapped.",
            abilities=(EntersWith("This land enters tapped.", tapped=True),), source=TEST),
    replace=True,
)


def _events(t):
    return [e for f in t for e in f.events]


def _drain(t):
    for _ in range(20):
        if not t.state.stack:
            return t
        resolve_top(t)
    raise AssertionError("the stack never emptied")


def _graveyard_fight(attacker: str, blocker: str, *, lord_for_bob: bool = False):
    """Alice attacks Bob with ``attacker`` from her graveyard; Bob blocks with ``blocker`` from his
    (Over My Dead Bodies, OMDB-6); combat damage is dealt. Bob's Lord of the Accursed makes the
    cards in his graveyard (Zombies there, OMDB-4) +1/+1."""
    s = Scenario("graveyard fight", turn=2, step="combat")
    s.add(OMDB, "Alice")
    if lord_for_bob:
        s.add("Lord of the Accursed", "Bob")
    a = s.add(attacker, "Alice", zone="graveyard")
    b = s.add(blocker, "Bob", zone="graveyard")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {a: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {b: a}))
    t = pass_until(t, Step.COMBAT_DAMAGE)
    return t, a, b


# ---------------------------------------------------------------- 614.1a, 614.6: "instead"
@pytest.mark.rule("614.6")
def test_undeathtouch_replaces_the_damage_so_lifelink_gains_nothing():
    """614.1a, 614.6: the damage event is replaced by exiling the card; the damage never happens,
    so Vampire Nighthawk's lifelink (which needs damage dealt, 702.15b) gains Bob no life, and
    no damage is marked on either card."""
    t, bears, nighthawk = _graveyard_fight("Grizzly Bears", "Vampire Nighthawk")
    assert t.state.obj(bears).zone is Zone.EXILE and t.state.obj(nighthawk).zone is Zone.EXILE
    assert t.state.player("Bob").life == 20
    assert not [e for e in _events(t) if e.kind == "combat damage"]


@pytest.mark.rule("614.7a")
def test_a_zero_power_undeathtouch_attacker_deals_no_damage_so_nothing_is_exiled():
    """614.7, 614.7a: a source that would deal 0 damage deals none; undeathtouch has no event to
    replace, and the attacking card stays in its graveyard."""
    t, bears, wall = _graveyard_fight("Grizzly Bears", "Wall of Wood")
    assert t.state.obj(bears).zone is Zone.GRAVEYARD
    assert t.state.obj(wall).zone is Zone.EXILE, "the Bears' 2 damage was replaced"


@pytest.mark.rule("700.4")
def test_an_exiled_graveyard_hangarback_didnt_die_so_no_thopters():
    """700.4, 603.6c: undeathtouch moves a card from a graveyard to exile: it never left the
    battlefield, so "when this creature dies" doesn't trigger (the Lord makes it a 1/1 that can block)."""
    t, bears, walker = _graveyard_fight("Grizzly Bears", "Hangarback Walker", lord_for_bob=True)
    assert t.state.obj(walker).zone is Zone.EXILE
    assert not t.state.stack
    assert not [o for o in t.state.objects if o.card == "Thopter Token"]


# ---------------------------------------------------------------- 614.1c, 614.1d, 614.12: how it enters
@pytest.mark.rule("614.1c")
def test_two_enters_with_counters_replacements_both_apply():
    """614.1c, 616.1f: each "enters with a +1/+1 counter" is its own replacement effect; once one
    applies, the other still applies to the modified event, so the 0/0 enters with two counters
    as a 2/2."""
    s = Scenario("two sprouts")
    sprout = s.add("Practice Twin Sprout", "Alice", zone="hand")
    s.mana("Alice", "C")
    t = s.timeline().do(cast("Alice", sprout))
    resolve_top(t)
    assert t.state.obj(sprout).zone is Zone.BATTLEFIELD
    assert t.state.obj(sprout).counter("+1/+1") == 2 and characteristics(t.state, sprout).pt() == "2/2"


@pytest.mark.rule("614.1d")
def test_a_creature_that_enters_tapped_is_never_untapped_on_the_battlefield():
    """614.1d, 603.6d: "enters tapped" is a static ability whose effect is part of the event that
    puts the permanent onto the battlefield: no trigger goes on the stack, and it enters tapped in
    one move rather than entering untapped and then tapping."""
    s = Scenario("sluggard")
    slug = s.add("Practice Sluggard", "Alice", zone="hand")
    s.mana("Alice", "C")
    t = s.timeline().do(cast("Alice", slug))
    resolve_top(t)
    assert t.state.obj(slug).tapped and not t.state.stack
    moves = [e for e in t[-1].events if e.obj == slug and e.kind == "zone change"]
    assert moves and all(e.attribute != "tapped" or e.after is True for e in moves)
    said = [e.rule for e in t[-1].events if e.kind == "enters with"]
    assert said == ["614.1d"], "enters tapped is 614.1d; 614.1c is enters with / as / enters as"


@pytest.mark.rule("614.1d")
def test_a_land_that_enters_tapped_enters_tapped_when_played():
    s = Scenario("tapland")
    land = s.add("Practice Tapland", "Alice", zone="hand")
    t = s.timeline().do(play_land("Alice", land))
    assert t.state.obj(land).zone is Zone.BATTLEFIELD and t.state.obj(land).tapped
    assert not t.state.stack


@pytest.mark.rule("614.12")
def test_hangarback_cast_for_x_2_enters_with_two_counters_and_never_is_a_0_0():
    """614.1c, 614.12, 107.3m: Hangarback Walker cast with X=2 enters with two +1/+1 counters as
    part of entering, so no state-based action sees a 0/0 (603.6b)."""
    s = Scenario("hangarback x2")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", "CCCC")
    t = s.timeline().do(cast("Alice", walker, x=2))
    resolve_top(t)
    assert t.state.obj(walker).zone is Zone.BATTLEFIELD and characteristics(t.state, walker).pt() == "2/2"


@pytest.mark.rule("603.10a")
def test_hangarback_cast_for_x_0_dies_and_its_trigger_makes_no_thopters():
    """704.5f, 700.4, 603.10a: cast for X=0 it enters with no counters, dies as a 0/0, and its dies
    trigger, looking back at it, counts zero counters."""
    s = Scenario("hangarback x0")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    t = s.timeline().do(cast("Alice", walker, x=0))
    resolve_top(t)
    assert t.state.obj(walker).zone is Zone.GRAVEYARD
    _drain(t)
    assert not [o for o in t.state.objects if o.card == "Thopter Token"]


@pytest.mark.rule("109.2")
def test_undeathtouch_doesnt_exile_a_creature_on_the_battlefield():
    """Undeathtouch exiles a "creature card" (OMDB's reminder text); a description with the word
    "card" and no zone means a card outside the battlefield (109.2), so a creature permanent dealt
    damage by an undeathtouch source takes the damage. Bob flashes in Ambush Viper during combat;
    Gruul Ragebeast makes it fight Alice's Grizzly Bears, attacking from her graveyard (OMDB-8):
    the Viper is dealt 2 damage and dies (704.5g), it isn't exiled; the Bears, dealt damage by a
    source without undeathtouch, stay in the graveyard."""
    s = Scenario("fight a graveyard attacker", turn=2, step="combat")
    s.add(OMDB, "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="graveyard")
    s.add("Gruul Ragebeast", "Bob")
    viper = s.add("Ambush Viper", "Bob", zone="hand")
    forests = [s.add("Forest", "Bob") for _ in range(2)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t.do(pass_priority("Alice"))
    for forest in forests:
        t.do(activate("Bob", forest))
    t.do(cast("Bob", viper))
    t.do(pass_priority("Bob")).do(pass_priority("Alice", target=bears))
    _drain(t)
    assert t.state.obj(viper).zone is Zone.GRAVEYARD, "2 damage on a 2/1: it died, it wasn't exiled"
    assert t.state.obj(bears).zone is Zone.GRAVEYARD


def _muster(res, item):
    from mtgrules.cards import create_token
    create_token(res.d, "Practice Sleepy Token", res.controller, "Practice Muster")


SLEEPY = "This creature enters tapped with a +1/+1 counter on it."
register(
    CardDef("Practice Sleepy Token", "", frozenset({"Creature"}), frozenset({"Spirit"}), power=1, toughness=1,
            oracle=SLEEPY, abilities=(EntersWith(SLEEPY, tapped=True, counters=(("+1/+1", 1),)),), token=True,
            source=TEST),
    CardDef("Practice Muster", "{W}", frozenset({"Sorcery"}), oracle="Create a Practice Sleepy token.",
            spell=_muster, source=TEST),
    replace=True,
)


@pytest.mark.rule("614.1c")
def test_a_token_enters_as_its_own_enters_with_text_says():
    """111.1, 614.1c, 614.1d: a created token enters the battlefield, so its own "enters tapped with
    a +1/+1 counter" replaces how it enters, as it would for a card."""
    s = Scenario("sleepy token")
    muster = s.add("Practice Muster", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = s.timeline().do(cast("Alice", muster))
    resolve_top(t)
    token = next(o for o in t.state.objects if o.card == "Practice Sleepy Token")
    assert token.tapped and token.counter("+1/+1") == 1
