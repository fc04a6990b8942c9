"""Leaves-the-battlefield triggers look back in time (CR 603.2, 603.3, 603.6, 603.10, 603.10a):
who can "see" a permanent leave when several things happen in one resolution.

603.10: a look-back ability triggers using "the existence of those abilities and the appearance
of objects immediately prior to the event". So a watcher must have been on the battlefield just
before the permanent left (or be leaving at the same time, 603.10a Example). One that arrives
later in the same resolution (608.2c: instructions happen in the order written), or at the same
time as the other leaves, never saw it.

The made-up cards below are registered for these tests only, and removed afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import cards_registered

from mtgrules import MissingChoice, Scenario, apply, cast, concede, pass_priority
from mtgrules.cards import CardDef, TriggeredAbility
from mtgrules.cards.builders import creature_target
from mtgrules.core.carddef import card
from mtgrules.core.events import Event
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top
from mtgrules.rules.life import gain_life
from mtgrules.rules.look_back import LAST_KNOWN, is_leaving
from mtgrules.rules.tokens import create_token

TEST = "made up for tests/test_cr_look_back_examples.py (not a real Magic card)"
CREATURE = frozenset({"Creature"})
SORCERY = frozenset({"Sorcery"})
WATCH = "Whenever another creature dies, you gain 1 life."
GREET = "Whenever another creature enters, you gain 1 life."
FAREWELL = "Whenever another creature leaves the battlefield, you gain 1 life."
ANYWHERE = "Whenever a creature card is put into a graveyard from anywhere, you gain 1 life."


def _another_creature_dies(state, src, ev: Event):
    """"Whenever another creature dies" (700.4): a creature put into a graveyard from the
    battlefield; a leaves-the-battlefield ability, so it looks back in time (603.6c, 603.10a)."""
    if not is_leaving(ev) or ev.after != Zone.GRAVEYARD or ev.obj == src.oid:
        return False
    return "Creature" in card(state.obj(ev.obj).card).types


def _another_creature_leaves(state, src, ev: Event):
    """"Whenever another creature leaves the battlefield" (603.6c), to any zone or out of the
    game. One that left the game with its owner (800.4a) is no longer an object of the state, so
    the card is read from the event, which names it."""
    if not is_leaving(ev) or ev.obj == src.oid:
        return False
    try:
        name = state.obj(ev.obj).card
    except KeyError:
        name = ev.name
    return "Creature" in card(name).types


def _creature_card_to_a_graveyard(state, src, ev: Event):
    """"Put into a graveyard from anywhere": never a leaves-the-battlefield ability (603.6c), so it
    doesn't look back; checked with the objects there after the event (603.10)."""
    return (ev.kind == "zone change" and ev.attribute == "zone" and ev.after == Zone.GRAVEYARD
            and "Creature" in card(state.obj(ev.obj).card).types)


def _another_creature_enters(state, src, ev: Event):
    """"Whenever another creature enters" (603.6a): checked with the objects on the battlefield
    immediately after the event, so it doesn't look back."""
    return (ev.attribute == "zone" and ev.after == Zone.BATTLEFIELD and ev.before != Zone.BATTLEFIELD
            and ev.obj != src.oid and "Creature" in card(state.obj(ev.obj).card).types)


def _gain_one(res, _item):
    gain_life(res.d, res.controller, 1, res.item.label)


def _creature_from_hand(res):
    return next(o for o in res.state.objects if o.zone is Zone.HAND and o.owner == res.controller
                and "Creature" in card(o.card).types)


def _destroy_then_summon(res, _item):
    for obj in res.targets():
        res.destroy(obj)
    res.put_onto_battlefield(_creature_from_hand(res))


def _summon_then_destroy(res, _item):
    res.put_onto_battlefield(_creature_from_hand(res))
    for obj in res.targets():
        res.destroy(obj)


def _destroy_then_spirit(res, _item):
    for obj in res.targets():
        res.destroy(obj)
    create_token(res.d, "Practice Carrion Spirit", res.controller, "Practice Grim Birth")


def _exchange(res, _item):
    """Both moves are one event; the kit records the leaving first (see look_back_watchers)."""
    summoned = _creature_from_hand(res)
    for obj in res.targets():
        res.destroy(obj)
    res.put_onto_battlefield(summoned)


def _destroy_all_creatures_and_artifacts(res, _item):
    for obj in list(res.state.battlefield()):
        if card(obj.card).types & {"Artifact", "Creature"}:
            res.destroy(obj)


def _watcher(name: str, types=CREATURE, **more) -> CardDef:
    return CardDef(name, "{1}{B}", types, power=1 if "Creature" in types else None,
                   toughness=1 if "Creature" in types else None, oracle=WATCH,
                   abilities=(TriggeredAbility(WATCH, "zone change", _another_creature_dies, _gain_one,
                                               looks_back=True),), source=TEST, **more)


CARDS = (
    _watcher("Practice Carrion Watcher"),
    _watcher("Practice Carrion Spirit", token=True),
    _watcher("Practice Carrion Idol", frozenset({"Artifact"})),
    CardDef("Practice Arrival Chime", "{1}{W}", CREATURE, power=1, toughness=1, oracle=GREET,
            abilities=(TriggeredAbility(GREET, "zone change", _another_creature_enters, _gain_one),), source=TEST),
    CardDef("Practice Farewell Bell", "{1}", frozenset({"Artifact"}), oracle=FAREWELL, source=TEST,
            abilities=(TriggeredAbility(FAREWELL, "zone change", _another_creature_leaves, _gain_one,
                                        looks_back=True),)),
    CardDef("Practice Ossuary Bell", "{1}", frozenset({"Artifact"}), oracle=ANYWHERE, source=TEST,
            abilities=(TriggeredAbility(ANYWHERE, "zone change", _creature_card_to_a_graveyard, _gain_one),)),
    CardDef("Practice Ossuary Wisp", "{B}", CREATURE, power=0, toughness=0, oracle=ANYWHERE, source=TEST,
            abilities=(TriggeredAbility(ANYWHERE, "zone change", _creature_card_to_a_graveyard, _gain_one),)),
    CardDef("Practice Grave Summons", "{B}", SORCERY, spell_target=creature_target(), source=TEST,
            oracle="Destroy target creature. Then put a creature card from your hand onto the battlefield.",
            spell=_destroy_then_summon),
    CardDef("Practice Summon and Slay", "{B}", SORCERY, spell_target=creature_target(), source=TEST,
            oracle="Put a creature card from your hand onto the battlefield. Then destroy target creature.",
            spell=_summon_then_destroy),
    CardDef("Practice Grim Birth", "{B}", SORCERY, spell_target=creature_target(), source=TEST,
            oracle="Destroy target creature. Then create a Practice Carrion Spirit token.",
            spell=_destroy_then_spirit),
    CardDef("Practice Soul Exchange", "{B}", SORCERY, spell_target=creature_target(), source=TEST,
            oracle="Destroy target creature and, at the same time, put a creature card from your hand "
                   "onto the battlefield.", spell=_exchange),
    CardDef("Practice Wipe", "{B}", SORCERY, oracle="Destroy all artifacts and creatures.",
            spell=_destroy_all_creatures_and_artifacts, source=TEST),
)


@pytest.fixture(autouse=True)
def _practice_cards() -> Iterator[None]:
    """Register the made-up cards for one test, then take them out of the pool again."""
    with cards_registered(CARDS):
        yield


def _cast_at(spell: str, victim: str, hand: str | None = None, watchers=(), mana: str = "B"):
    """Alice casts ``spell`` (paid with ``mana``) at Bob's ``victim``; ``hand`` is a creature card in
    her hand, ``watchers`` are on her battlefield. Returns the timeline with the spell resolved."""
    s = Scenario(spell)
    for w in watchers:
        s.add(w, "Alice")
    target = s.add(victim, "Bob")
    if hand is not None:
        s.add(hand, "Alice", zone="hand")
    sorcery = s.add(spell, "Alice", zone="hand")
    s.mana("Alice", mana)
    t = s.timeline().do(cast("Alice", sorcery, targets=(target,)))
    resolve_top(t)
    assert t.state.obj(target).zone is Zone.GRAVEYARD
    return t


def _resolve_all(t):
    while t.state.stack:
        resolve_top(t)
    return t


# ---------------------------------------------------------------- 603.10: who was there before the event
@pytest.mark.rule("603.10")
def test_a_watcher_put_onto_the_battlefield_after_the_death_in_the_same_resolution_does_not_see_it():
    """603.10, 608.2c: Grave Summons destroys the Bears, then puts the Watcher onto the
    battlefield. The Watcher wasn't on the battlefield immediately before the Bears died, so its
    "whenever another creature dies" doesn't trigger."""
    t = _cast_at("Practice Grave Summons", "Grizzly Bears", hand="Practice Carrion Watcher")
    assert any(o.card == "Practice Carrion Watcher" for o in t.state.battlefield("Alice"))
    assert t.state.stack == ()
    assert t.state.player("Alice").life == 20


@pytest.mark.rule("603.10")
def test_a_watcher_put_onto_the_battlefield_before_the_death_in_the_same_resolution_sees_it():
    """603.10, 608.2c: the other order. The Watcher enters first, then the Bears are destroyed:
    it was on the battlefield immediately before the death, so it triggers."""
    t = _cast_at("Practice Summon and Slay", "Grizzly Bears", hand="Practice Carrion Watcher")
    assert len(t.state.stack) == 1
    _resolve_all(t)
    assert t.state.player("Alice").life == 21


@pytest.mark.rule("603.10")
def test_a_token_created_after_the_death_in_the_same_resolution_does_not_see_it():
    """603.10, 111.2: the Spirit token is created (enters the battlefield) after the Bears died
    in the same resolution, so its look-back ability doesn't trigger for them."""
    t = _cast_at("Practice Grim Birth", "Grizzly Bears")
    assert any(o.card == "Practice Carrion Spirit" for o in t.state.battlefield("Alice"))
    assert t.state.stack == ()


@pytest.mark.rule("603.10")
def test_a_watcher_entering_at_the_same_time_as_a_creature_dies_does_not_see_it():
    """603.10: the Watcher enters in the same event in which the Bears die. Immediately prior to
    that event the Watcher wasn't on the battlefield, so its ability didn't exist there and
    doesn't trigger."""
    t = _cast_at("Practice Soul Exchange", "Grizzly Bears", hand="Practice Carrion Watcher")
    assert any(o.card == "Practice Carrion Watcher" for o in t.state.battlefield("Alice"))
    assert t.state.stack == ()


@pytest.mark.rule("603.6a")
def test_a_creature_leaving_as_another_enters_does_not_see_it_enter():
    """603.6a, 603.10: enters-the-battlefield abilities are checked with the permanents on the
    battlefield immediately after the event. Bob's Chime dies as Alice's Bears enter, so it
    doesn't trigger; Alice's Chime, which stays, does."""
    s = Scenario("chime exchange")
    s.add("Practice Arrival Chime", "Alice")
    target = s.add("Practice Arrival Chime", "Bob")
    s.add("Grizzly Bears", "Alice", zone="hand")
    sorcery = s.add("Practice Soul Exchange", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", sorcery, targets=(target,)))
    resolve_top(t)
    assert [i.controller for i in t.state.stack] == ["Alice"]
    _resolve_all(t)
    assert (t.state.player("Alice").life, t.state.player("Bob").life) == (21, 20)


@pytest.mark.rule("603.10")
def test_a_watcher_on_the_battlefield_before_the_resolution_sees_the_death():
    """603.6c, 603.10: the control case. A Watcher that was already on the battlefield sees the
    Bears die, whatever enters afterwards."""
    t = _cast_at("Practice Grave Summons", "Grizzly Bears", hand="Walking Corpse",
                 watchers=("Practice Carrion Watcher",))
    assert len(t.state.stack) == 1
    _resolve_all(t)
    assert t.state.player("Alice").life == 21


# ---------------------------------------------------------------- 603.10a: leaving at the same time
@pytest.mark.rule("603.10a")
def test_603_10a_example_a_creature_watcher_destroyed_with_two_creatures_triggers_twice():
    """603.10a Example, with the watcher a creature as well as an artifact: the Idol (artifact)
    and the Watcher (creature) are destroyed with the Bears and the Corpse. The Idol sees the
    three creatures die; the Watcher sees the other two ("another"): five triggers."""
    s = Scenario("wipe")
    s.add("Practice Carrion Idol", "Alice")
    s.add("Practice Carrion Watcher", "Alice")
    s.add("Grizzly Bears", "Alice")
    s.add("Walking Corpse", "Bob")
    wipe = s.add("Practice Wipe", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", wipe))
    t.do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob"))
    assert need.value.kind == "trigger order" and len(need.value.options) == 5
    t.do(pass_priority("Bob", trigger_order=tuple(need.value.options)))
    assert not t.state.battlefield()
    assert all(i.get(LAST_KNOWN) is not None for i in t.state.stack)
    _resolve_all(t)
    assert t.state.player("Alice").life == 25


@pytest.mark.rule("603.10a")
def test_tokens_destroyed_with_the_watcher_trigger_it_before_ceasing_to_exist():
    """603.10a, 111.7, 704.5d: two Soldier tokens and the Idol are destroyed at once. The tokens
    die (700.4), so the Idol triggers twice, then they cease to exist."""
    s = Scenario("wipe tokens")
    s.add("Practice Carrion Idol", "Alice")
    s.add("Soldier Token", "Bob")
    s.add("Soldier Token", "Bob")
    wipe = s.add("Practice Wipe", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", wipe))
    resolve_top(t)
    assert len(t.state.stack) == 2
    assert not any(o.card == "Soldier Token" for o in t.state.objects), "704.5d: the tokens ceased to exist"
    _resolve_all(t)
    assert t.state.player("Alice").life == 22


@pytest.mark.rule("603.10a")
def test_a_dying_token_watcher_sees_the_others_die_with_it():
    """603.10a, 113.7a: a Carrion Spirit token destroyed with the Bears triggers for them, and its
    trigger resolves though the token has ceased to exist since."""
    s = Scenario("spirit and bears")
    s.add("Practice Carrion Spirit", "Alice")
    s.add("Grizzly Bears", "Bob")
    wipe = s.add("Practice Wipe", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", wipe))
    resolve_top(t)
    assert len(t.state.stack) == 1
    assert not any(o.card == "Practice Carrion Spirit" for o in t.state.objects), "704.5d"
    _resolve_all(t)
    assert t.state.player("Alice").life == 21


@pytest.mark.rule("603.6c")
def test_a_from_anywhere_ability_does_not_look_back():
    """603.6c: an ability that triggers when a card is put into a graveyard "from anywhere" is
    never a leaves-the-battlefield ability, so it doesn't look back in time (603.10): destroyed
    with the Bears, the Ossuary Bell doesn't trigger; one that stays on the battlefield does."""
    s = Scenario("ossuary")
    s.add("Practice Ossuary Bell", "Alice")
    s.add("Grizzly Bears", "Alice")
    wipe = s.add("Practice Wipe", "Alice", zone="hand")
    s.mana("Alice", "B")
    t = s.timeline().do(cast("Alice", wipe))
    resolve_top(t)
    assert t.state.stack == ()
    t2 = _cast_at("Murder", "Grizzly Bears", watchers=("Practice Ossuary Bell",), mana="BBB")
    assert len(t2.state.stack) == 1


@pytest.mark.rule("603.6c")
def test_a_permanent_leaving_the_game_with_its_owner_triggers_leaves_the_battlefield_abilities():
    """603.6c: leaves-the-battlefield abilities trigger "when a phased-in permanent leaves the
    game because its owner leaves the game" (800.4a). Bob concedes a three-player game; his Bears
    leave the game with him, and Alice's Farewell Bell triggers. Bob's own Bell leaves too, and
    a trigger he would control isn't put on the stack (800.4d)."""
    s = Scenario("bob leaves", players=["Alice", "Bob", "Carol"])
    s.add("Practice Farewell Bell", "Alice")
    s.add("Practice Farewell Bell", "Bob")
    s.add("Grizzly Bears", "Bob")
    t = s.timeline().do(concede("Bob"))
    assert not any(o.owner == "Bob" for o in t.state.objects)
    assert [i.controller for i in t.state.stack] == ["Alice"]
    _resolve_all(t)
    assert t.state.player("Alice").life == 21


@pytest.mark.rule("603.6c")
def test_a_dies_ability_triggers_on_its_own_death_with_its_last_known_counters():
    """603.6c, 603.10a, 608.2h: Hangarback Walker's "when this creature dies" looks back at the
    Walker as it last existed: two +1/+1 counters make two Thopters, though the card in the
    graveyard has none."""
    s = Scenario("hangarback")
    walker = s.add("Hangarback Walker", "Bob", counters={"+1/+1": 2})
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBB")
    t = s.timeline().do(cast("Alice", murder, targets=(walker,)))
    resolve_top(t)
    assert t.state.obj(walker).counter("+1/+1") == 0
    assert [i.controller for i in t.state.stack] == ["Bob"]
    _resolve_all(t)
    assert sum(o.card == "Thopter Token" for o in t.state.battlefield("Bob")) == 2


@pytest.mark.rule("704.3")
def test_creatures_dying_in_one_check_of_state_based_actions_dont_hear_each_other_from_the_graveyard():
    """704.3: the state-based actions that apply are performed at once, as one event. Two 0/0
    creatures whose "put into a graveyard from anywhere" ability doesn't look back (603.6c) are
    both in the graveyard after that event, so neither ability triggers (603.10); recorded one by
    one, the second to move heard the first."""
    s = Scenario("two wisps")
    s.add("Practice Ossuary Wisp", "Alice")
    s.add("Practice Ossuary Wisp", "Alice")
    t = s.timeline().do(pass_priority("Alice"))
    assert [o.zone for o in t.state.objects if o.card == "Practice Ossuary Wisp"] == [Zone.GRAVEYARD] * 2
    assert not t.state.stack and t.state.player("Alice").life == 20
