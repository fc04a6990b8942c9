"""Triggered abilities, second pass: CR 603 rules and examples that tests/test_cr_trigger_examples.py,
tests/test_trigger_order.py, tests/test_dies_triggers_of_tokens.py and the ruling tests don't cover
yet (APNAP with three players, a source gone before its trigger resolves, several attackers,
simultaneous deaths, "whenever a creature dies" looking back in time).

The made-up cards below are registered for these tests only (their ``source`` says so)."""

from __future__ import annotations

import pytest
from combat_support import pass_until
from helpers import refused

from mtgrules import (
    MissingChoice,
    Scenario,
    Step,
    activate,
    apply,
    cast,
    declare_attackers,
    declare_blockers,
    pass_priority,
    play_land,
)
from mtgrules.cards import CardDef, TriggeredAbility, dies, register
from mtgrules.core.carddef import card
from mtgrules.core.events import Event
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.life import gain_life
from mtgrules.rules.look_back import LAST_KNOWN

TEST = "made up for tests/test_cr_trigger_examples2.py (not a real Magic card)"
THREE = ["Alice", "Bob", "Carol"]
PUMP = "{1}, {T}"  # Hangarback Walker's activated ability, by the start of its text
URN = "Whenever a creature dies, you gain 1 life."
PURGE = "Destroy all artifacts, creatures, and enchantments."


def _a_creature_dies(state, src, ev: Event):
    """"Whenever a creature dies": any creature card put into a graveyard from the battlefield
    (700.4); a leaves-the-battlefield ability, so it looks back in time (603.6c, 603.10a)."""
    if ev.attribute != "zone" or ev.before != Zone.BATTLEFIELD or ev.after != Zone.GRAVEYARD:
        return False
    return isinstance(ev.obj, int) and "Creature" in card(state.obj(ev.obj).card).types


def _gain_one(res, _item):
    gain_life(res.d, res.controller, 1, "Practice Death Urn")


def _purge(res, _item):
    for obj in list(res.state.battlefield()):
        if card(obj.card).types & {"Artifact", "Creature", "Enchantment"}:
            res.destroy(obj)


def _becomes_tapped(state, src, ev: Event):
    """"Whenever a permanent becomes tapped": the tapped status changing from untapped to tapped
    on the battlefield (603.2e); a permanent entering tapped doesn't become tapped."""
    return ev.kind == "tapped" and ev.before is False and ev.after is True


def _gain_one_tap(res, _item):
    gain_life(res.d, res.controller, 1, "Practice Tap Chime")


def _dies_gain_two(res, _item):
    gain_life(res.d, res.controller, 2, "Practice Dying Martyr")


register(
    CardDef("Practice Death Urn", "{1}", frozenset({"Artifact"}), oracle=URN,
            abilities=(TriggeredAbility(URN, "zone change", _a_creature_dies, _gain_one, looks_back=True),),
            source=TEST),
    CardDef("Practice Clean Sweep", "{2}", frozenset({"Sorcery"}), oracle=PURGE, spell=_purge, source=TEST),
    CardDef("Practice Dying Martyr", "{1}", frozenset({"Creature"}), power=1, toughness=1,
            oracle="When this creature dies, you gain 2 life.",
            abilities=(TriggeredAbility("When this creature dies, you gain 2 life.", "zone change", dies,
                                        _dies_gain_two, looks_back=True),), source=TEST),
    CardDef("Practice Tap Chime", "{1}", frozenset({"Artifact"}),
            oracle="Whenever a permanent becomes tapped, you gain 1 life.",
            abilities=(TriggeredAbility("Whenever a permanent becomes tapped, you gain 1 life.", "tapped",
                                        _becomes_tapped, _gain_one_tap),), source=TEST),
    replace=True,
)


def _murder_beside_the_urn(title: str, victim: str):
    """Alice's Practice Death Urn watches while she casts Murder at Bob's ``victim`` (paid with
    {B}{B}{B} from her pool): (timeline with Murder on the stack, the victim's id)."""
    s = Scenario(title)
    s.add("Practice Death Urn", "Alice")
    target = s.add(victim, "Bob")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    return s.timeline().do(cast("Alice", murder, targets=(target,))), target


def _resolve_all(t, **choices):
    while t.state.stack:
        resolve_top(t, **choices)
    return t


def _life(t, player):
    return t.state.player(player).life


# ---------------------------------------------------------------- 603.3b: APNAP with three players
@pytest.mark.rule("603.3b")
def test_three_players_triggers_go_on_the_stack_in_apnap_order_from_the_active_player():
    """603.3b, 101.4: Bob is active in a three-player game (turn order Alice, Bob, Carol); each
    player's Call to the Grave triggers at Bob's upkeep. Bob's goes on the stack first, then Carol's,
    then Alice's, so Alice's resolves first."""
    s = Scenario("apnap three", players=THREE, step="end", active="Alice")
    for p in THREE:
        s.add("Call to the Grave", p)
        s.add("Walking Corpse", p)
    t = s.timeline()
    for _ in range(40):
        if t.state.step is Step.UPKEEP and t.state.stack:
            break
        t.do(pass_priority(t.state.priority))
    assert t.state.active == "Bob"
    assert [i.controller for i in t.state.stack] == ["Bob", "Carol", "Alice"]
    assert all(i.get("player") == "Bob" for i in t.state.stack), "each trigger is about Bob's upkeep"


@pytest.mark.rule("603.3b")
def test_dies_triggers_of_two_players_from_one_event_go_on_in_apnap_order():
    """603.3b with 603.6c: Innocent Blood makes both players sacrifice at once; both Martyrs' dies
    triggers wait until a player would receive priority, then Alice's (active) goes on first and Bob's
    resolves first."""
    s = Scenario("martyrs")
    s.add("Practice Dying Martyr", "Alice")
    s.add("Practice Dying Martyr", "Bob")
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", blood))
    resolve_top(t)
    assert [i.controller for i in t.state.stack] == ["Alice", "Bob"]
    resolve_top(t)
    assert (_life(t, "Alice"), _life(t, "Bob")) == (20, 22)
    resolve_top(t)
    assert _life(t, "Alice") == 22


# ---------------------------------------------------------------- 113.7a: independent of its source
@pytest.mark.rule("113.7a")
def test_a_trigger_resolves_after_its_source_is_destroyed_in_response():
    """113.7a: Gruul Ragebeast's trigger for an entering Grizzly Bears is on the stack; Bob
    destroys the Ragebeast in response. The ability still resolves: the Bears fights the target."""
    s = Scenario("ragebeast gone")
    beast = s.add("Gruul Ragebeast", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    goblin = s.add("Raging Goblin", "Bob")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "GG")
    s.mana("Bob", "BBB")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice"))
    t.do(pass_priority("Bob", target=goblin))
    assert len(t.state.stack) == 1 and t.state.stack[0].controller == "Alice"
    t.do(pass_priority("Alice")).do(cast("Bob", murder, targets=(beast,)))
    _resolve_all(t)
    assert t.state.obj(beast).zone is Zone.GRAVEYARD
    assert t.state.obj(goblin).zone is Zone.GRAVEYARD, "the Bears fought the Goblin"
    assert t.state.obj(bears).damage == 1


@pytest.mark.rule("608.2b")
def test_a_trigger_whose_only_target_left_does_nothing():
    """608.2b: the Ragebeast trigger's target is destroyed in response; on resolution its only
    target is illegal, so it does nothing: the entering Bears takes no damage."""
    s = Scenario("ragebeast target gone")
    s.add("Gruul Ragebeast", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    wurm = s.add("Craw Wurm", "Bob")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Alice", "GG")
    s.mana("Bob", "BBB")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice"))
    t.do(pass_priority("Bob", target=wurm))
    t.do(pass_priority("Alice")).do(cast("Bob", murder, targets=(wurm,)))
    _resolve_all(t)
    assert t.state.obj(wurm).zone is Zone.GRAVEYARD
    assert t.state.obj(bears).zone is Zone.BATTLEFIELD and t.state.obj(bears).damage == 0


@pytest.mark.rule("603.3d")
def test_a_trigger_without_a_legal_target_is_removed_and_nothing_is_asked():
    """603.3d: with no creature an opponent controls, the Ragebeast trigger can't be put on the
    stack with a target, so it is removed; no target is asked for."""
    s = Scenario("ragebeast no target")
    s.add("Gruul Ragebeast", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.obj(bears).zone is Zone.BATTLEFIELD and t.state.stack == ()
    assert any(e.rule == "603.3d" for f in t for e in f.events)


# ---------------------------------------------------------------- 603.2c: several attackers
@pytest.mark.rule("603.2c")
def test_whenever_a_creature_attacks_triggers_once_for_each_attacker():
    """603.2c: one declaration of three attackers contains three occurrences of "a creature
    attacks", so Practice Bell triggers three times."""
    s = Scenario("bell", step="combat")
    s.add("Practice Bell", "Alice")
    attackers = [s.add("Grizzly Bears", "Alice") for _ in range(3)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", dict.fromkeys(attackers, "Bob")))
    assert len(t.state.stack) == 3 and all(i.label.startswith("Practice Bell") for i in t.state.stack)
    _resolve_all(t)
    assert _life(t, "Alice") == 23


# ---------------------------------------------------------------- 603.10a: looking back in time
@pytest.mark.rule("603.10a")
def test_an_artifact_destroyed_with_two_creatures_triggers_twice():
    """603.10a Example: an artifact with "Whenever a creature dies, you gain 1 life" and two
    creatures are destroyed at once: the ability triggers twice, though the artifact goes to the
    graveyard at the same time as the creatures."""
    s = Scenario("urn")
    urn = s.add("Practice Death Urn", "Alice")
    s.add("Grizzly Bears", "Alice")
    s.add("Walking Corpse", "Bob")
    purge = s.add("Practice Clean Sweep", "Alice", zone="hand")
    s.mana("Alice", "CC")
    t = s.timeline().do(cast("Alice", purge))
    resolve_top(t)
    assert t.state.obj(urn).zone is Zone.GRAVEYARD
    assert len(t.state.stack) == 2 and all(i.controller == "Alice" for i in t.state.stack)
    assert all(i.get(LAST_KNOWN) is not None for i in t.state.stack)
    _resolve_all(t)
    assert _life(t, "Alice") == 22


@pytest.mark.rule("603.6c")
def test_a_watcher_that_stays_on_the_battlefield_sees_a_creature_die():
    """603.6c: "whenever a creature dies" is a leaves-the-battlefield ability of the Urn, which
    stays on the battlefield: it triggers when Murder destroys a creature."""
    t, _ = _murder_beside_the_urn("urn stays", "Grizzly Bears")
    resolve_top(t)
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert _life(t, "Alice") == 21


@pytest.mark.rule("603.10a")
def test_a_dying_creature_sees_another_creature_die_at_the_same_time():
    """603.10a: Martyr and Urn both die to one spell; the Martyr's own dies trigger and the Urn's
    two triggers (the Martyr and the Bears) all trigger: 2 + 1 + 1 life."""
    s = Scenario("urn martyr")
    s.add("Practice Death Urn", "Alice")
    s.add("Practice Dying Martyr", "Alice")
    s.add("Grizzly Bears", "Bob")
    purge = s.add("Practice Clean Sweep", "Alice", zone="hand")
    s.mana("Alice", "CC")
    t = s.timeline().do(cast("Alice", purge)).do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "trigger order" and len(need.value.options) == 3
    t.do(pass_priority("Bob", trigger_order=tuple(need.value.options)))
    assert len(t.state.stack) == 3
    _resolve_all(t)
    assert _life(t, "Alice") == 24


@pytest.mark.rule("603.10a")
def test_an_urn_put_into_the_graveyard_before_a_creature_dies_does_not_see_it():
    """603.10a looks back only to just before the event: the Urn was destroyed by an earlier
    spell that resolved, so a creature destroyed afterwards doesn't trigger it."""
    s = Scenario("urn gone first")
    urn = s.add("Practice Death Urn", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    nat = s.add("Naturalize", "Alice", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "GGBBB")
    t = s.timeline().do(cast("Alice", nat, targets=(urn,), pay="GG"))
    resolve_top(t)
    t.do(cast("Alice", murder, targets=(bears,)))
    resolve_top(t)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.stack == ()
    assert _life(t, "Alice") == 20


@pytest.mark.rule("603.10a")
def test_two_creatures_dying_to_lethal_damage_at_once_trigger_the_watcher_twice():
    """603.10a with 704.3: a blocked Bears and its blocker die in one check of state-based
    actions; the Urn triggers once for each."""
    s = Scenario("urn combat", step="combat")
    s.add("Practice Death Urn", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    t.do(declare_blockers("Bob", {corpse: bears}))
    for _ in range(10):
        if t.state.obj(bears).zone is Zone.GRAVEYARD:
            break
        t.do(pass_priority(t.state.priority))
    assert t.state.obj(corpse).zone is Zone.GRAVEYARD
    assert len(t.state.stack) == 2
    _resolve_all(t)
    assert _life(t, "Alice") == 22


@pytest.mark.rule("603.10a")
def test_a_dying_token_triggers_a_watcher_before_it_ceases_to_exist():
    """603.10a, 111.7: a Soldier token destroyed by Murder dies (700.4) before it ceases to exist
    (704.5d), so "whenever a creature dies" triggers."""
    s = Scenario("urn token")
    s.add("Practice Death Urn", "Alice")
    alarm = s.add("Raise the Alarm", "Bob", zone="hand")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Bob", "WW")
    s.mana("Alice", "BBB")
    t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", alarm))
    _resolve_all(t)
    token = next(o.oid for o in t.state.battlefield("Bob") if o.card == "Soldier Token")
    t.do(cast("Alice", murder, targets=(token,)))
    resolve_top(t)
    assert len(t.state.stack) == 1
    resolve_top(t)
    assert _life(t, "Alice") == 21


@pytest.mark.rule("603.2g")
def test_a_destruction_indestructible_ignores_triggers_nothing():
    """603.2g: an ability triggers only if its event actually occurs. Murder on Darksteel Myr
    (indestructible) destroys nothing, so nothing dies and the Urn doesn't trigger."""
    t, myr = _murder_beside_the_urn("urn myr", "Darksteel Myr")
    resolve_top(t)
    assert t.state.obj(myr).zone is Zone.BATTLEFIELD and t.state.stack == ()


@pytest.mark.rule("603.3b")
def test_nonactive_players_triggers_go_on_in_turn_order_after_the_active_players():
    """603.3b, 101.4: Alice (active) attacks with two creatures in a three-player game; Bob's and
    Carol's Practice Bells trigger twice each. Bob's go on the stack before Carol's, so Carol's
    resolve first; two triggers of one ability with the same data need no order."""
    s = Scenario("bells", players=THREE, step="combat")
    s.add("Practice Bell", "Carol")
    s.add("Practice Bell", "Bob")
    attackers = [s.add("Grizzly Bears", "Alice") for _ in range(2)]
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", dict.fromkeys(attackers, "Bob")))
    assert [i.controller for i in t.state.stack] == ["Bob", "Bob", "Carol", "Carol"]
    resolve_top(t)
    assert (_life(t, "Bob"), _life(t, "Carol")) == (20, 21)


@pytest.mark.rule("603.5")
def test_a_may_trigger_declined_on_resolution_does_nothing():
    """603.5: Somberwald Stag's "you may have it fight" goes on the stack whatever its controller
    will choose; the choice is made on resolution, and declining fights nothing."""
    s = Scenario("stag declines")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "GGGGG")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    assert len(t.state.stack) == 1
    resolve_top(t, fight=False)
    assert t.state.obj(bears).damage == 0 and t.state.obj(stag).damage == 0 and t.state.stack == ()


@pytest.mark.rule("603.3")
def test_a_trigger_during_an_activation_waits_and_goes_on_the_stack_above_the_ability():
    """603.3, 117.5 (and 602.2): tapping Hangarback Walker to pay its {T} cost triggers the Chime
    during the activation; the trigger waits until a player would receive priority, so it goes on
    the stack above the activated ability and resolves first."""
    s = Scenario("chime")
    s.add("Practice Tap Chime", "Bob")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    s.mana("Alice", "C")
    t = s.timeline().do(activate("Alice", walker, PUMP))
    assert [i.kind for i in t.state.stack] == ["ability", "trigger"]
    assert t.state.stack[-1].controller == "Bob"
    resolve_top(t)
    assert _life(t, "Bob") == 21 and t.state.obj(walker).counter("+1/+1") == 1
    resolve_top(t)
    assert t.state.obj(walker).counter("+1/+1") == 2


@pytest.mark.rule("603.2e")
def test_a_land_entering_tapped_does_not_become_tapped():
    """603.2e: "becomes tapped" doesn't trigger for a permanent that enters the battlefield
    tapped: Vivid Crag is played and enters tapped; the Chime doesn't trigger."""
    s = Scenario("chime crag")
    s.add("Practice Tap Chime", "Bob")
    crag = s.add("Vivid Crag", "Alice", zone="hand")
    t = s.timeline().do(play_land("Alice", crag))
    assert t.state.obj(crag).tapped and t.state.stack == ()


@pytest.mark.rule("603.3a")
def test_a_dies_trigger_is_controlled_by_who_controlled_the_creature_as_it_died():
    """603.3a: Bob controls Alice's Hangarback Walker (two +1/+1 counters) when Innocent Blood
    makes him sacrifice it; it goes to Alice's graveyard, but the trigger is Bob's and so are the
    Thopters (608.2h: its counters are read as it last existed)."""
    s = Scenario("borrowed hangarback")
    walker = s.add("Hangarback Walker", "Bob", owner="Alice", counters={"+1/+1": 2})
    blood = s.add("Innocent Blood", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", blood))
    resolve_top(t)
    assert t.state.obj(walker).zone is Zone.GRAVEYARD and t.state.obj(walker).zone_player == "Alice"
    assert [i.controller for i in t.state.stack] == ["Bob"]
    _resolve_all(t)
    assert len([o for o in t.state.battlefield("Bob") if o.card == "Thopter Token"]) == 2
    assert not [o for o in t.state.battlefield("Alice") if o.card == "Thopter Token"]


@pytest.mark.rule("603.3a")
def test_a_watcher_destroyed_with_the_creatures_triggers_for_its_last_controller():
    """603.3a with 603.10a: Bob controls Alice's Urn when it is destroyed together with a
    creature; the Urn's trigger is Bob's, so Bob gains the life."""
    s = Scenario("borrowed urn")
    s.add("Practice Death Urn", "Bob", owner="Alice")
    s.add("Grizzly Bears", "Alice")
    sweep = s.add("Practice Clean Sweep", "Alice", zone="hand")
    s.mana("Alice", "CC")
    t = s.timeline().do(cast("Alice", sweep))
    resolve_top(t)
    assert [i.controller for i in t.state.stack] == ["Bob"]
    _resolve_all(t)
    assert (_life(t, "Alice"), _life(t, "Bob")) == (20, 21)


@pytest.mark.rule("603.3d")
def test_an_illegal_trigger_target_is_refused_saying_why():
    """603.3d (targets chosen as for a spell, 601.2c): naming Alice's own creature for Gruul
    Ragebeast's "target creature an opponent controls" is refused with what it needs; naming a
    hexproof creature is refused under 702.11b. Nothing changes."""
    s = Scenario("ragebeast wrong target")
    s.add("Gruul Ragebeast", "Alice")
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    s.add("Raging Goblin", "Bob")
    s.add("Walking Corpse", "Bob")
    scout = s.add("Gladecover Scout", "Bob")
    s.mana("Alice", "GG")
    t = s.timeline().do(cast("Alice", bears)).do(pass_priority("Alice"))
    before = t.state
    own = refused(before, pass_priority("Bob", target=bears), "603.3d")
    assert "Grizzly Bears" in own.reason and "creature an opponent controls" in own.reason
    refused(before, pass_priority("Bob", target=scout), "702.11b")
    assert t.state is before
