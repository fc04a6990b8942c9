"""A state a draft makes keeps the derived values of the state before it whose inputs the
draft's edits left alone (``core.state.derived_from``). These tests play random games and compare
every such value with the one a fresh copy of the same state computes from nothing, so a value
declared with too few inputs (kept when it should have been worked out again) fails here."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from helpers import actions_passed_to
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_legal_actions import boards, build

from mtgrules import GameState, IllegalAction, PassPriority, Scenario, activate, apply, legal_actions
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft
from mtgrules.rules import legal
from mtgrules.rules.graveyards import graveyards_of
from mtgrules.rules.layers import ability_kinds, all_characteristics, characteristics_alone, effects_in_force
from mtgrules.rules.mana.could_produce import could_produce_all
from mtgrules.rules.teams import game_over, next_in_turn_order, passes_needed
from mtgrules.rules.triggers import _listeners


def fresh_copy(state: GameState) -> GameState:
    """The same state with an empty cache, so everything derived is computed from nothing."""
    return GameState(**{f.name: getattr(state, f.name) for f in fields(GameState) if f.init})


def derived(state: GameState) -> dict[str, object]:
    return {
        "chars": all_characteristics(state),
        # an effect of a static ability is made anew for each state, with its own closure
        "effects in force": [{k: v for k, v in vars(e).items() if k != "applies"} for e in effects_in_force(state)],
        "ability kinds": ability_kinds(state),
        "could produce": could_produce_all(state),
        "listeners": {k: [(o, i) for o, i, _ in v] for k, v in _listeners(state).items()},
        "battlefield": state.battlefield(),
        "graveyards": [state.in_zone(Zone.GRAVEYARD, p) for p in state.player_names],
        "graveyards of": [graveyards_of(state, p) for p in state.player_names],
        "passes needed": passes_needed(state),
        "next in turn order": [next_in_turn_order(state, p) for p in state.player_names if not game_over(state)],
        "game over": game_over(state),
        "index": {o.oid: state.obj(o.oid) for o in state.objects},
        "zones": {(z, p): state.in_zone(z, p) for z in Zone for p in (None, *state.player_names)},
        "player names": state.player_names,
        # what legal_actions reads of each player's hand and battlefield (kept across passes)
        "legal sources": [legal._sources(state, p) for p in state.player_names],
    }


def play_and_compare(start: GameState, seed: int, actions: int) -> int:
    """Random legal play from ``start``; every state reached must agree with its fresh copy."""
    rng = random.Random(seed)
    state, compared = start, 0
    for _ in range(actions):
        derived(state)  # fill the cache, so the next state has values it could keep
        options = legal_actions(state)
        if not options:
            break
        state, _ = apply(state, rng.choice(options))
        assert derived(state) == derived(fresh_copy(state))
        compared += 1
    return compared


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards, seed=st.integers(0, 10**6))
def test_kept_values_match_values_computed_afresh(board, seed):
    play_and_compare(build(board), seed, 25)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards, seed=st.integers(0, 10**6))
def test_kept_values_match_values_computed_afresh_many(board, seed):
    play_and_compare(build(board), seed, 40)


def test_a_kept_value_is_refused_once_its_inputs_change():
    """Tapping a land for mana edits an object's status and a player's pool: the zone lists (which
    hold the objects) are made again. With no continuous effect in the game the characteristics
    are kept, and what lands could produce too (costs are ignored, 106.7) while every mana
    replacement in play says it doesn't read status (Mana Reflection); with a static ability in the
    game (Lord of the Accursed's anthem could read anything) both are worked out again."""
    for extra, chars_kept, produce_kept in ((None, True, True), ("Mana Reflection", True, True),
                                            ("Lord of the Accursed", False, False)):
        s = Scenario("tap")
        s.add("Forest", "Alice")
        s.add("Reflecting Pool", "Alice")
        if extra:
            s.add(extra, "Alice")
        before = s.state()
        derived(before)
        after, _ = apply(before, activate("Alice", 1))
        assert after._cache.get("battlefield") is not before._cache["battlefield"]
        assert (after._cache.get("chars") is before._cache["chars"]) is chars_kept, extra
        assert (after._cache.get("could produce") is before._cache["could produce"]) is produce_kept, extra
        assert derived(after) == derived(fresh_copy(after))


def test_a_mana_replacement_that_reads_status_is_worked_out_again_after_tapping():
    """A made-up replacement that applies only while its controller has an untapped Forest: tapping
    the Forest changes whether it applies and what the lands could produce, so nothing is judged on
    the state before the tap (it doesn't declare ``reads_status=False``)."""
    from mtgrules.cards import CardDef, ManaReplacement, register
    from mtgrules.core.mana import ManaType
    from mtgrules.rules.mana.could_produce import could_produce

    text = "As long as you control an untapped Forest, lands you tap for mana produce {B} instead."

    def while_untapped_forest(state, source, tapped):
        return any(o.card == "Forest" and not o.tapped and o.controller == source.controller
                   for o in state.battlefield())

    register(CardDef("Practice Forest Ward", "{1}{B}", frozenset({"Enchantment"}), oracle=text,
                     abilities=(ManaReplacement(text, while_untapped_forest, lambda types: [ManaType.B] * len(types)),),
                     source="made up for this test"), replace=True)
    s = Scenario("ward")
    forest = s.add("Forest", "Alice")
    swamp = s.add("Swamp", "Alice")
    s.add("Practice Forest Ward", "Alice")
    before = s.state()
    derived(before)
    assert could_produce(before, swamp) == frozenset({ManaType.B})
    after, _ = apply(before, activate("Alice", forest))
    # the mana is made once the cost is paid: the Forest is tapped, no untapped Forest is left (106.12b)
    assert [m.type for m in after.player("Alice").pool] == [ManaType.G]
    assert could_produce(after, swamp) == frozenset({ManaType.B})  # Swamp's own {B}: unchanged either way
    assert could_produce(after, forest) == frozenset({ManaType.G})  # the Forest is tapped: no ward now
    assert derived(after) == derived(fresh_copy(after))


def test_passing_keeps_the_characteristics_and_the_lists():
    """A pass that only moves priority changes no object: the next state keeps the values."""
    s = Scenario("pass")
    s.add("Grizzly Bears", "Alice")
    before = s.state()
    derived(before)
    after, _ = apply(before, PassPriority("Alice"))
    assert after.priority == "Bob"
    assert after._cache["chars"] is before._cache["chars"]
    assert after._cache["battlefield"] is before._cache["battlefield"]


def test_an_edit_that_changes_nothing_keeps_the_draft_state():
    s = Scenario("no-op")
    s.add("Forest", "Alice")
    state = s.state()
    d = Draft(state)
    d.update(1, "0", tapped=False)
    assert d.view() is state


def test_a_check_is_made_once_per_state_and_action(monkeypatch):
    """``legal_actions`` checks each candidate; ``apply`` of the chosen one finds its check done.
    A refusal is not kept: it is raised again each time."""
    from mtgrules.rules import engine

    calls = actions_passed_to(monkeypatch, engine, "_check_activation")
    s = Scenario("tap once")
    s.add("Forest", "Alice")
    state = s.state()
    tap = activate("Alice", 1)
    assert tap in legal_actions(state)
    apply(state, tap)
    assert calls == [tap]
    tapped, _ = apply(state, tap)
    for _ in range(2):  # the Forest is tapped: refused each time, by a check made each time
        with pytest.raises(IllegalAction):
            apply(tapped, tap)
    assert calls.count(tap) == 3


def test_actions_built_by_the_engine_equal_the_checked_ones():
    from mtgrules.core.actions import Activate, CastSpell, PlayLand, built, with_choice

    assert built(Activate, player="Alice", source=3) == Activate("Alice", 3)
    assert hash(built(CastSpell, player="Bob", card=4, x=2)) == hash(CastSpell("Bob", 4, 2))
    assert built(PlayLand, player="Alice", card=5) == PlayLand("Alice", 5)
    assert with_choice(Activate("Alice", 3), "color", "G") == Activate("Alice", 3, choices=(("color", "G"),))


def test_an_effect_that_reads_tapped_status_is_worked_out_again_after_tapping():
    """A made-up mana creature that gets +2/+2 while it is tapped: its static ability reads the
    very status a tap changes, so the characteristics can't be kept from before the tap."""
    from mtgrules.cards import CardDef, Effect, StaticAbility, register
    from mtgrules.cards.builders import tap_for
    from mtgrules.rules.layers import characteristics

    text = "As long as this creature is tapped, it gets +2/+2."

    def while_tapped(state, source):
        return [Effect("7c", text, "613.4c", source=source.oid, delta=(2, 2),
                       applies=lambda s, o, c, oid=source.oid: o.oid == oid and o.tapped)]

    register(CardDef("Practice Sleeper Elf", "{G}", frozenset({"Creature"}), power=1, toughness=1,
                     oracle="{T}: Add {G}.\n" + text,
                     abilities=(tap_for("G"), StaticAbility(text, while_tapped)),
                     source="made up for this test"), replace=True)
    s = Scenario("sleeper")
    elf = s.add("Practice Sleeper Elf", "Alice")
    before = s.state()
    derived(before)
    assert characteristics(before, elf).pt() == "1/1"
    after, _ = apply(before, activate("Alice", elf))
    assert characteristics(after, elf).pt() == "3/3"
    assert derived(after) == derived(fresh_copy(after))


def alone_matches_all(state: GameState) -> None:
    """``characteristics_alone`` on a state with nothing worked out agrees with the characteristics
    of every object worked out together."""
    together = all_characteristics(state)
    for o in state.objects:
        assert characteristics_alone(fresh_copy(state), o.oid) == together[o.oid], o.card


def test_one_objects_characteristics_alone_are_the_same_as_with_all_the_others():
    """Over My Dead Bodies asks what a graveyard card would be once attacking on a copy of the
    state made for that question, so only that card's characteristics are worked out there. A
    board with every kind of layer: a type change and keywords from Over My Dead Bodies, a lord's
    +1/+1 that reads the type the enchantment gives (layers 4 and 7c), haste for the creatures you
    control, counters (7c) and a pump from a resolved spell (611.2c)."""
    s = Scenario("layers", turn=2, step="main1")
    s.add("Over My Dead Bodies", "Alice")
    s.add("Lord of the Accursed", "Alice")
    s.add("Fervor", "Alice")
    bears = s.add("Grizzly Bears", "Alice", counters={"+1/+1": 2})
    s.add("Walking Corpse", "Alice", zone="graveyard")
    s.add("Grizzly Bears", "Bob", zone="graveyard")
    s.add("Craw Wurm", "Bob", counters={"-1/-1": 1})
    s.add("Forest", "Alice")
    s.add("Giant Growth", "Alice", zone="hand")
    alone_matches_all(s.state())
    t = s.timeline()
    t.do(activate("Alice", 8))
    from mtgrules import cast
    t.do(cast("Alice", 9, targets=(bears,)))
    t.do(PassPriority("Alice"))
    t.do(PassPriority("Bob"))
    assert t.state.effects  # the pump is in force: an effect from a resolved spell
    alone_matches_all(t.state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards, seed=st.integers(0, 10**6))
def test_characteristics_alone_agree_on_random_states(board, seed):
    rng = random.Random(seed)
    state = build(board)
    for _ in range(10):
        alone_matches_all(state)
        options = legal_actions(state)
        if not options:
            break
        state, _ = apply(state, rng.choice(options))
