"""Enters-the-battlefield triggers when several things happen in one resolution (CR 603.2,
603.6a, 603.6b, 603.10, 608.2c, 111.2), and last known information for a permanent that leaves
the game with its owner (800.4a, 603.6c, 603.10a).

603.10: "objects that exist immediately after an event are checked to see if the event matched
any trigger conditions". A spell's instructions happen one after another (608.2c), so a
permanent put onto the battlefield by a later instruction wasn't there after an earlier one, and
one destroyed by a later instruction still was. Permanents put onto the battlefield by one event
("put two creature cards onto the battlefield", "create two tokens") are all there after it, so
each sees the others enter (603.6a: "including the newcomers").

The made-up cards below are registered for these tests only, and removed afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import cards_registered

from mtgrules import MissingChoice, Scenario, apply, cast, concede, pass_priority, play_land
from mtgrules.cards import CardDef, StaticAbility, TriggeredAbility
from mtgrules.cards.builders import creature_target
from mtgrules.core.carddef import card
from mtgrules.core.effects import Chars, Effect
from mtgrules.core.events import Event
from mtgrules.core.objects import Zone
from mtgrules.rules.layers import characteristics, on_battlefield
from mtgrules.rules.life import gain_life
from mtgrules.rules.look_back import LAST_KNOWN, is_entering, is_leaving
from mtgrules.rules.tokens import create_token

TEST = "made up for tests/test_cr_enter_examples.py (not a real Magic card)"
CREATURE = frozenset({"Creature"})
SORCERY = frozenset({"Sorcery"})
GREET = "Whenever another creature enters, you gain 1 life."
HERALD = "When this creature enters, you gain 1 life."
LIFE = "Whenever you gain life, put a +1/+1 counter on this creature."
PARTING = "When this creature leaves the battlefield, you gain 1 life."
FAREWELL = "Whenever another creature leaves the battlefield, you gain 1 life."
WATCH = "Whenever another creature dies, you gain 1 life."


def _another_creature_enters(state, src, ev: Event):
    """"Whenever another creature enters" (603.6a): the newcomer as it is on the battlefield,
    with the continuous effects there applied (603.6b)."""
    return (is_entering(ev) and ev.obj != src.oid
            and characteristics(state, ev.oid).is_creature)


def _this_enters(state, src, ev: Event):
    return is_entering(ev) and ev.obj == src.oid


def _you_gain_life(state, src, ev: Event):
    return ev.kind == "life" and ev.obj == src.controller and ev.after > ev.before


def _this_leaves(state, src, ev: Event):
    """"When this creature leaves the battlefield" (603.6c): looks back in time (603.10a)."""
    return is_leaving(ev) and ev.obj == src.oid


def _another_creature_leaves(state, src, ev: Event):
    if not is_leaving(ev) or ev.obj == src.oid:
        return False
    try:
        name = state.obj(ev.obj).card
    except KeyError:  # it left the game with its owner (800.4a): the event names it
        name = ev.name
    return "Creature" in card(name).types


def _another_creature_dies(state, src, ev: Event):
    """"Whenever another creature dies" (700.4): looks back in time (603.10a)."""
    return (is_leaving(ev) and ev.after == Zone.GRAVEYARD and ev.obj != src.oid
            and "Creature" in card(state.obj(ev.obj).card).types)


def _gain_one(res, _item):
    gain_life(res.d, res.controller, 1, res.item.label)


def _grow(res, item):
    src = res.source()
    if src is not None and src.zone is Zone.BATTLEFIELD:
        res.add_counters(src, "+1/+1", 1)


def _creatures_in_hand(res):
    return [o for o in res.state.objects if o.zone is Zone.HAND and o.owner == res.controller
            and "Creature" in card(o.card).types]


def _token_then_summon(res, _item):
    create_token(res.d, "Soldier Token", res.controller, "Practice Muster")
    res.put_onto_battlefield(_creatures_in_hand(res)[0])


def _summon_then_token(res, _item):
    res.put_onto_battlefield(_creatures_in_hand(res)[0])
    create_token(res.d, "Soldier Token", res.controller, "Practice Rally")


def _summon_all(res, _item):
    """One event puts every creature card from the hand onto the battlefield (603.6a)."""
    with res.d.one_event():
        for obj in _creatures_in_hand(res):
            res.put_onto_battlefield(obj)


def _two_greeters(res, _item):
    """"Create two tokens" is one event (111.2, 603.6a)."""
    with res.d.one_event():
        for _ in range(2):
            create_token(res.d, "Practice Greeter Token", res.controller, "Practice Greeting")


def _summon_then_destroy(res, _item):
    res.put_onto_battlefield(_creatures_in_hand(res)[0])
    for obj in res.targets():
        res.destroy(obj)


def _destroy_then_summon(res, _item):
    for obj in res.targets():
        res.destroy(obj)
    res.put_onto_battlefield(_creatures_in_hand(res)[0])


def _swap(res, _item):
    """One event: the creature card enters and the target is destroyed at the same time, recorded
    in that order (the kit must not depend on which move is written first)."""
    with res.d.one_event():
        res.put_onto_battlefield(_creatures_in_hand(res)[0])
        for obj in res.targets():
            res.destroy(obj)


def _gain_then_summon(res, _item):
    gain_life(res.d, res.controller, 3, "Practice Renewal")
    res.put_onto_battlefield(_creatures_in_hand(res)[0])


def _lands_are_creatures(state, source):
    """"All lands are 1/1 creatures" (layer 4 adds the type, layer 7b sets the values)."""
    def applies(st, obj, chars: Chars) -> bool:
        return on_battlefield(st, obj) and chars.is_land
    return [Effect("4", "all lands are creatures", "613.1d", source.oid, source.timestamp, applies=applies,
                   add_types=CREATURE),
            Effect("7b", "all lands are 1/1", "613.4b", source.oid, source.timestamp, applies=applies,
                   set_pt=(1, 1))]


def _sorcery(name: str, text: str, spell, **more) -> CardDef:
    return CardDef(name, "{B}", SORCERY, oracle=text, spell=spell, source=TEST, **more)


CARDS = (
    CardDef("Practice Arrival Chime", "{1}{W}", CREATURE, power=1, toughness=1, oracle=GREET, source=TEST,
            abilities=(TriggeredAbility(GREET, "zone change", _another_creature_enters, _gain_one),)),
    CardDef("Practice Greeter Token", "", CREATURE, power=1, toughness=1, oracle=GREET, source=TEST, token=True,
            abilities=(TriggeredAbility(GREET, "zone change", _another_creature_enters, _gain_one),)),
    CardDef("Practice Herald", "{1}{W}", CREATURE, power=1, toughness=1, oracle=HERALD, source=TEST,
            abilities=(TriggeredAbility(HERALD, "zone change", _this_enters, _gain_one),)),
    CardDef("Practice Life Sprout", "{G}", CREATURE, power=0, toughness=1, oracle=LIFE, source=TEST,
            abilities=(TriggeredAbility(LIFE, "life", _you_gain_life, _grow),)),
    CardDef("Practice Parting Gift", "{1}", CREATURE, power=1, toughness=1, oracle=PARTING, source=TEST,
            abilities=(TriggeredAbility(PARTING, "zone change", _this_leaves, _gain_one, looks_back=True),)),
    CardDef("Practice Farewell Bell", "{1}", frozenset({"Artifact"}), oracle=FAREWELL, source=TEST,
            abilities=(TriggeredAbility(FAREWELL, "zone change", _another_creature_leaves, _gain_one,
                                        looks_back=True),)),
    CardDef("Practice Carrion Watcher", "{1}{B}", CREATURE, power=1, toughness=1, oracle=WATCH, source=TEST,
            abilities=(TriggeredAbility(WATCH, "zone change", _another_creature_dies, _gain_one, looks_back=True),)),
    CardDef("Practice Living Lands", "{2}{G}", frozenset({"Enchantment"}), oracle="All lands are 1/1 creatures.",
            abilities=(StaticAbility("All lands are 1/1 creatures.", _lands_are_creatures),), source=TEST),
    _sorcery("Practice Muster", "Create a 1/1 Soldier token. Then put a creature card from your hand onto the "
             "battlefield.", _token_then_summon),
    _sorcery("Practice Rally", "Put a creature card from your hand onto the battlefield. Then create a 1/1 "
             "Soldier token.", _summon_then_token),
    _sorcery("Practice Mass Summons", "Put all creature cards from your hand onto the battlefield.", _summon_all),
    _sorcery("Practice Greeting", "Create two Practice Greeter tokens.", _two_greeters),
    _sorcery("Practice Summon and Slay", "Put a creature card from your hand onto the battlefield. Then destroy "
             "target creature.", _summon_then_destroy, spell_target=creature_target()),
    _sorcery("Practice Slay and Summon", "Destroy target creature. Then put a creature card from your hand onto "
             "the battlefield.", _destroy_then_summon, spell_target=creature_target()),
    _sorcery("Practice Soul Swap", "Put a creature card from your hand onto the battlefield and, at the same "
             "time, destroy target creature.", _swap, spell_target=creature_target()),
    _sorcery("Practice Renewal", "You gain 3 life. Then put a creature card from your hand onto the "
             "battlefield.", _gain_then_summon),
)


@pytest.fixture(autouse=True)
def _practice_cards() -> Iterator[None]:
    """Register the made-up cards for one test, then take them out of the pool again."""
    with cards_registered(CARDS):
        yield


def _resolve(s: Scenario, spell: str, hand=(), targets=(), players=2):
    """Alice casts ``spell`` with ``hand`` in her hand; every player passes, so it resolves.
    Returns the state and the events of the pass it resolved on (triggers ordered as listed)."""
    for name in hand:
        s.add(name, "Alice", zone="hand")
    sorcery = s.add(spell, "Alice", zone="hand")
    s.mana("Alice", "B")
    state, _ = apply(s.state(), cast("Alice", sorcery, targets=tuple(targets)))
    return _pass_round(state)


def _pass_round(state):
    """Each player still in the game passes once, from the one with priority."""
    names = [p.name for p in state.players if not p.lost]
    start = names.index(state.priority)
    order = names[start:] + names[:start]
    for who in order[:-1]:
        state, _ = apply(state, pass_priority(who))
    last = order[-1]
    try:
        return apply(state, pass_priority(last))
    except MissingChoice as need:
        assert need.kind == "trigger order"
        return apply(state, pass_priority(last, trigger_order=tuple(need.options)))


def _triggered(state, events) -> list[str]:
    """The card names whose abilities triggered, in order."""
    return sorted(e.name for e in events if e.kind == "trigger")


# ---------------------------------------------------------------- 603.6a, 608.2c: one after the other
@pytest.mark.rule("603.6a")
def test_a_creature_put_onto_the_battlefield_after_a_token_was_created_does_not_see_it_enter():
    """603.6a, 603.10, 608.2c: Muster creates a Soldier, then puts the Chime onto the battlefield.
    The Chime wasn't on the battlefield immediately after the Soldier entered, so its "whenever
    another creature enters" doesn't trigger for it (and not for itself: "another")."""
    state, events = _resolve(Scenario("muster"), "Practice Muster", hand=("Practice Arrival Chime",))
    assert sum(o.card == "Soldier Token" for o in state.battlefield("Alice")) == 1
    assert _triggered(state, events) == []
    assert state.stack == ()


@pytest.mark.rule("603.6a")
def test_a_creature_put_onto_the_battlefield_before_a_token_is_created_sees_it_enter():
    """603.6a, 608.2c: the other order. Rally puts the Chime onto the battlefield, then creates a
    Soldier, so the Chime is on the battlefield as the Soldier enters and triggers once."""
    state, events = _resolve(Scenario("rally"), "Practice Rally", hand=("Practice Arrival Chime",))
    assert _triggered(state, events) == ["Practice Arrival Chime"]


@pytest.mark.rule("603.2")
def test_a_creature_put_onto_the_battlefield_after_a_life_gain_does_not_see_it():
    """603.2, 603.10, 608.2c: Renewal gains 3 life, then puts the Life Sprout onto the battlefield.
    The Sprout wasn't on the battlefield as the life was gained, so "whenever you gain life"
    doesn't trigger."""
    state, events = _resolve(Scenario("renewal"), "Practice Renewal", hand=("Practice Life Sprout",))
    assert state.player("Alice").life == 23
    assert _triggered(state, events) == []


# ---------------------------------------------------------------- 603.6a: entering together
@pytest.mark.rule("603.6a")
def test_two_creatures_entering_in_one_event_each_see_the_other_enter():
    """603.6a: "all permanents on the battlefield (including the newcomers) are checked". Mass
    Summons puts two Chimes onto the battlefield in one event: each triggers for the other."""
    state, events = _resolve(Scenario("mass summons"), "Practice Mass Summons",
                             hand=("Practice Arrival Chime", "Practice Arrival Chime"))
    assert _triggered(state, events) == ["Practice Arrival Chime"] * 2
    while state.stack:
        state, _ = _pass_round(state)
    assert state.player("Alice").life == 22


@pytest.mark.rule("603.6a")
def test_a_when_this_enters_creature_entering_with_others_triggers_and_they_see_it():
    """603.6a: the Herald enters with a Chime in one event. The Herald's "when this creature
    enters" triggers; the Chime triggers for the Herald; the Herald doesn't trigger for the
    Chime (only for itself)."""
    state, events = _resolve(Scenario("herald"), "Practice Mass Summons",
                             hand=("Practice Herald", "Practice Arrival Chime"))
    assert _triggered(state, events) == ["Practice Arrival Chime", "Practice Herald"]


@pytest.mark.rule("111.2")
def test_two_tokens_created_by_one_event_each_see_the_other_enter():
    """111.2, 603.6a: a token created enters the battlefield. "Create two Greeter tokens" is one
    event, so each Greeter triggers for the other."""
    state, events = _resolve(Scenario("greeting"), "Practice Greeting")
    assert sum(o.card == "Practice Greeter Token" for o in state.battlefield("Alice")) == 2
    assert _triggered(state, events) == ["Practice Greeter Token"] * 2


@pytest.mark.rule("111.2")
def test_raise_the_alarm_triggers_a_chime_once_per_soldier():
    """111.2, 603.2c, 603.6a: Raise the Alarm's two Soldiers enter; the Chime already there
    triggers once for each."""
    s = Scenario("alarm")
    s.add("Practice Arrival Chime", "Alice")
    alarm = s.add("Raise the Alarm", "Alice", zone="hand")
    s.mana("Alice", "WW")
    state, _ = apply(s.state(), cast("Alice", alarm))
    state, events = _pass_round(state)
    assert _triggered(state, events) == ["Practice Arrival Chime"] * 2


# ---------------------------------------------------------------- 603.6a, 603.10: leaving in the same resolution
@pytest.mark.rule("603.6a")
def test_a_permanent_destroyed_before_a_creature_enters_does_not_see_it():
    """603.6a, 608.2c: Slay and Summon destroys Bob's Chime, then Alice's Bears enter. The Chime
    wasn't on the battlefield as the Bears entered."""
    s = Scenario("slay and summon")
    chime = s.add("Practice Arrival Chime", "Bob")
    state, events = _resolve(s, "Practice Slay and Summon", hand=("Grizzly Bears",), targets=(chime,))
    assert state.obj(chime).zone is Zone.GRAVEYARD
    assert _triggered(state, events) == []


@pytest.mark.rule("603.10")
def test_a_permanent_destroyed_after_a_creature_entered_still_saw_it_enter():
    """603.10, 608.2c: Summon and Slay puts Alice's Bears onto the battlefield, then destroys Bob's
    Chime. The Chime was on the battlefield immediately after the Bears entered, so it triggers
    (as it last existed, 608.2h), and Bob gains 1 life though the Chime has died."""
    s = Scenario("summon and slay")
    chime = s.add("Practice Arrival Chime", "Bob")
    state, events = _resolve(s, "Practice Summon and Slay", hand=("Grizzly Bears",), targets=(chime,))
    assert state.obj(chime).zone is Zone.GRAVEYARD
    assert _triggered(state, events) == ["Practice Arrival Chime"]
    assert [i.controller for i in state.stack] == ["Bob"]
    assert state.stack[0].get(LAST_KNOWN).zone is Zone.BATTLEFIELD
    state, _ = _pass_round(state)
    assert state.player("Bob").life == 21


@pytest.mark.rule("603.6a")
def test_a_permanent_leaving_as_a_creature_enters_in_one_event_does_not_see_it_enter():
    """603.6a, 603.10: Soul Swap puts Alice's Bears onto the battlefield and destroys Bob's Chime
    in one event. Enters abilities are checked with the permanents there after the event: the
    Chime is gone, so it doesn't trigger, though the kit records the entering first."""
    s = Scenario("soul swap")
    chime = s.add("Practice Arrival Chime", "Bob")
    state, events = _resolve(s, "Practice Soul Swap", hand=("Grizzly Bears",), targets=(chime,))
    assert state.obj(chime).zone is Zone.GRAVEYARD
    assert _triggered(state, events) == []


@pytest.mark.rule("603.10")
def test_a_watcher_entering_as_a_creature_dies_in_one_event_does_not_see_it_die():
    """603.10: Soul Swap puts Alice's Carrion Watcher onto the battlefield as Bob's Bears are
    destroyed, in one event. Immediately before the event the Watcher wasn't on the battlefield,
    so its look-back "whenever another creature dies" doesn't trigger."""
    s = Scenario("soul swap watcher")
    bears = s.add("Grizzly Bears", "Bob")
    state, events = _resolve(s, "Practice Soul Swap", hand=("Practice Carrion Watcher",), targets=(bears,))
    assert state.obj(bears).zone is Zone.GRAVEYARD
    assert _triggered(state, events) == []


# ---------------------------------------------------------------- 603.6b: effects apply as it enters
@pytest.mark.rule("603.6b")
def test_603_6b_example_a_land_played_while_lands_are_creatures_enters_as_a_creature():
    """603.6b Example: with "all lands are creatures" in force, a land played is a creature the
    moment it enters, so it triggers "whenever another creature enters"."""
    s = Scenario("living lands", step="main1")
    s.add("Practice Living Lands", "Alice")
    s.add("Practice Arrival Chime", "Alice")
    forest = s.add("Forest", "Alice", zone="hand")
    state, events = apply(s.state(), play_land("Alice", forest))
    assert characteristics(state, forest).is_creature
    assert _triggered(state, events) == ["Practice Arrival Chime"]


@pytest.mark.rule("603.6b")
def test_a_land_played_without_the_effect_does_not_trigger_the_chime():
    """603.6b, the control case: without the effect, the Forest is no creature as it enters."""
    s = Scenario("plain lands", step="main1")
    s.add("Practice Arrival Chime", "Alice")
    forest = s.add("Forest", "Alice", zone="hand")
    state, events = apply(s.state(), play_land("Alice", forest))
    assert _triggered(state, events) == []


# ---------------------------------------------------------------- 800.4a, 603.6c: leaving the game with its owner
THREE = ["Alice", "Bob", "Carol"]


@pytest.mark.rule("603.6c")
def test_a_permanent_leaving_the_game_under_another_players_control_triggers_its_own_leaves_ability():
    """800.4a, 603.6c, 603.10a: Bob owns the Parting Gift, Alice controls it. Bob concedes; the
    Gift leaves the game with him, which is leaving the battlefield. Its "when this creature
    leaves the battlefield" looks back at the Gift as it last existed: under Alice's control, so
    Alice's trigger goes on the stack and she gains 1 life."""
    s = Scenario("gift", players=THREE)
    s.add("Practice Parting Gift", "Alice", owner="Bob")
    state, _ = apply(s.state(), concede("Bob"))
    assert not any(o.card == "Practice Parting Gift" for o in state.objects)
    assert [i.controller for i in state.stack] == ["Alice"]
    assert state.stack[0].get(LAST_KNOWN).controller == "Alice"
    state, _ = _pass_round(state)
    assert state.player("Alice").life == 21


@pytest.mark.rule("603.10a")
def test_a_watcher_leaving_the_game_under_another_players_control_sees_the_others_leave_with_it():
    """800.4a, 603.10a: Bob owns the Farewell Bell, Alice controls it; Bob's Bears are on the
    battlefield. Bob concedes and both leave the game at once: the Bell, as it last existed under
    Alice's control, sees the Bears leave, so Alice gains 1 life."""
    s = Scenario("bell", players=THREE)
    s.add("Practice Farewell Bell", "Alice", owner="Bob")
    s.add("Grizzly Bears", "Bob")
    state, _ = apply(s.state(), concede("Bob"))
    assert [i.controller for i in state.stack] == ["Alice"]
    state, _ = _pass_round(state)
    assert state.player("Alice").life == 21


def test_a_spell_resolving_normally_still_finds_its_creature_in_hand():
    """Guard for the helpers above: the spells take the creature from Alice's hand, not Bob's."""
    s = Scenario("guard")
    s.add("Grizzly Bears", "Bob", zone="hand")
    state, _ = _resolve(s, "Practice Rally", hand=("Practice Herald",))
    assert any(o.card == "Practice Herald" for o in state.battlefield("Alice"))
    assert any(o.card == "Grizzly Bears" and o.zone is Zone.HAND for o in state.objects)
