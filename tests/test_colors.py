"""Colour as a characteristic (105, 202.2, 204): printed by the mana cost and the colour
indicator, given to tokens by the effect that makes them (111.3), changed by layer 5 effects
(613.1e) in timestamp order (613.7), and read by targets such as "target nonblack creature"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from combat_support import refuse
from helpers import cards_registered

from mtgrules import Scenario, cast, characteristics
from mtgrules.cards import (
    CARD_POOL,
    COLORS,
    CardDef,
    Effect,
    EffectError,
    Zone,
    colored,
    creature_target,
    not_colored,
    register,
)
from mtgrules.core.carddef import CardDefError
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.layers import explain
from mtgrules.views.tables import state_table

C = frozenset({"Creature"})
INSTANT = frozenset({"Instant"})
TEST = "a test card (not a real Magic card)"
DOOM = "Destroy target nonblack creature."
PAINT = "Target creature becomes blue until end of turn."
BLEACH = "Target creature becomes white and red in addition to its other colors until end of turn."


def _colors(state, oid) -> frozenset[str]:
    return characteristics(state, oid).colors


def _destroy(res, item):
    for obj in res.targets():
        res.destroy(obj)


def _paint(res, item):
    for obj in res.targets():
        res.becomes_color(obj, "blue", "Practice Paint: becomes blue until end of turn", until_end_of_turn=True)


def _bleach(res, item):
    for obj in res.targets():
        res.becomes_color(obj, frozenset({"white", "red"}), "Practice Tint: white and red in addition",
                          in_addition=True, until_end_of_turn=True)


PURGE = "Destroy target black creature."
CARDS = (
    CardDef("Practice Blade", "{1}{B}", INSTANT, oracle=DOOM, spell=_destroy, source=TEST,
            spell_target=creature_target("target nonblack creature", also=not_colored("black"))),
    CardDef("Practice Paint", "{U}", INSTANT, oracle=PAINT, spell=_paint, source=TEST, spell_target=creature_target()),
    CardDef("Practice Tint", "{W}", INSTANT, oracle=BLEACH, spell=_bleach, source=TEST, spell_target=creature_target()),
    CardDef("Practice Purge", "{W}", INSTANT, oracle=PURGE, spell=_destroy, source=TEST,
            spell_target=creature_target("target black creature", also=colored("black"))),
    CardDef("Practice Azorius Sprite", "{W}{U}", C, power=1, toughness=1, source=TEST),
    CardDef("Practice Arbor", "", frozenset({"Land", "Creature"}), frozenset({"Forest", "Dryad"}), power=1,
            toughness=1, color_indicator=frozenset({"green"}), source=TEST),
    CardDef("Practice Courier", "{4}", frozenset({"Artifact", "Creature"}), frozenset({"Golem"}), power=3,
            toughness=3, color_indicator=frozenset(COLORS), source=TEST),
)


@pytest.fixture(autouse=True)
def _practice_cards() -> Iterator[None]:
    """Register the made-up cards for one test, then take them out of the pool again."""
    with cards_registered(CARDS):
        yield


# ---------------------------------------------------------------- printed colours (202.2, 204)
def test_an_object_is_the_colours_of_the_mana_symbols_in_its_cost():
    """202.2a/202.2b: {1}{B} is black, {1}{G} green, a land with no mana cost colorless."""
    s = Scenario("printed colours", players=["Alice", "Bob"])
    corpse, bears, forest = s.add("Walking Corpse", "Alice"), s.add("Grizzly Bears", "Alice"), s.add("Forest", "Bob")
    state = s.state()
    assert _colors(state, corpse) == {"black"}
    assert _colors(state, bears) == {"green"}
    assert _colors(state, forest) == frozenset()
    assert characteristics(state, forest).is_colorless and characteristics(state, corpse).is_monocolored


def test_a_hybrid_symbol_makes_an_object_both_of_its_colours():
    """202.2d: Tattermunge Maniac ({R/G}) is red and green, so it is multicolored (105.2b)."""
    s = Scenario("hybrid", players=["Alice", "Bob"])
    maniac = s.add("Tattermunge Maniac", "Alice")
    assert _colors(s.state(), maniac) == {"red", "green"}


def test_two_different_coloured_symbols_make_a_multicoloured_object():
    """202.2c: {W}{U} is white and blue."""
    s = Scenario("gold", players=["Alice", "Bob"])
    sprite = s.add("Practice Azorius Sprite", "Alice")
    assert _colors(s.state(), sprite) == {"white", "blue"}


def test_a_colour_indicator_gives_its_colours_as_well_as_the_mana_cost():
    """202.2e, 204.2: a card with no mana cost and a green indicator (like Dryad Arbor) is green;
    one costing {4} with an indicator of all five colours (like Transguild Courier) is all five."""
    s = Scenario("indicators", players=["Alice", "Bob"])
    arbor, courier = s.add("Practice Arbor", "Alice"), s.add("Practice Courier", "Alice")
    assert _colors(s.state(), arbor) == {"green"}
    assert _colors(s.state(), courier) == set(COLORS)
    assert characteristics(s.state(), courier).is_multicolored and not characteristics(s.state(), arbor).is_multicolored


def test_a_misspelled_colour_indicator_is_refused_and_the_pool_is_unchanged():
    """105.1, 105.4: "colorless" is not a colour; a wrong word would leave the card colorless, silently."""
    before = dict(CARD_POOL)
    for wrong in ("purple", frozenset({"colorless"}), frozenset({"B"})):
        with pytest.raises(CardDefError, match="is not a colour"):
            register(CardDef("Practice Smudge", "", frozenset({"Artifact"}), color_indicator=wrong, source=TEST))
    assert CARD_POOL == before


def test_tokens_have_the_colours_their_effect_names():
    """111.3: Raise the Alarm's Soldiers are white; Hangarback Walker's Thopters are colorless."""
    s = Scenario("tokens", players=["Alice", "Bob"])
    soldier, thopter = s.add("Soldier Token", "Alice"), s.add("Thopter Token", "Alice")
    assert _colors(s.state(), soldier) == {"white"}
    assert _colors(s.state(), thopter) == frozenset()


# ---------------------------------------------------------------- layer 5 (613.1e, 105.3)
def test_becomes_blue_replaces_black_and_doom_blade_may_then_target_it():
    """105.3: "becomes blue" replaces its black (layer 5, 613.1e), so a black creature painted blue
    is a legal target for "target nonblack creature" (115.1) and is destroyed."""
    s = Scenario("paint then blade", players=["Alice", "Bob"])
    paint, blade = s.add("Practice Paint", "Alice", zone="hand"), s.add("Practice Blade", "Alice", zone="hand")
    corpse = s.add("Walking Corpse", "Bob")
    t = s.mana("Alice", "UBB").timeline()
    assert "target nonblack creature" in refuse(t.state, cast("Alice", blade, targets=(corpse,)), "115.1").reason
    t = resolve_top(t.do(cast("Alice", paint, targets=(corpse,))))
    assert _colors(t.state, corpse) == {"blue"}
    assert ("5", "Practice Paint: becomes blue until end of turn", "105.3") in explain(t.state, corpse)
    t = resolve_top(t.do(cast("Alice", blade, targets=(corpse,))))
    assert t.state.obj(corpse).zone is Zone.GRAVEYARD


def test_colour_effects_apply_in_timestamp_order_and_in_addition_keeps_the_others():
    """613.7: in layer 5, the later effect applies last: blue then "white and red in addition" is
    blue, white and red; and a later "becomes blue" replaces all of them (105.3)."""
    s = Scenario("two paints", players=["Alice", "Bob"])
    paint, tint = s.add("Practice Paint", "Alice", zone="hand"), s.add("Practice Tint", "Alice", zone="hand")
    paint2 = s.add("Practice Paint", "Alice", zone="hand")
    corpse = s.add("Walking Corpse", "Bob")
    t = s.mana("Alice", "UWU").timeline()
    t = resolve_top(t.do(cast("Alice", paint, targets=(corpse,))))
    t = resolve_top(t.do(cast("Alice", tint, targets=(corpse,))))
    assert _colors(t.state, corpse) == {"blue", "white", "red"}
    t = resolve_top(t.do(cast("Alice", paint2, targets=(corpse,))))
    assert _colors(t.state, corpse) == {"blue"}


def test_effects_in_layer_5_are_ordered_by_timestamp_not_by_the_order_they_were_added():
    """613.7: the effect with the later timestamp wins, whichever the state lists first."""
    s = Scenario("order", players=["Alice", "Bob"])
    corpse = s.add("Walking Corpse", "Bob")
    state = s.state()
    ref = state.obj(corpse).ref
    red = Effect("5", "becomes red", "105.3", timestamp=20, affected=(ref,), set_colors=frozenset({"red"}))
    blue = Effect("5", "becomes blue", "105.3", timestamp=10, affected=(ref,), set_colors=frozenset({"blue"}))
    assert _colors(replace(state, effects=(red, blue)), corpse) == {"red"}
    colorless = Effect("5", "becomes colorless", "105.3", timestamp=30, affected=(ref,), set_colors=frozenset())
    assert _colors(replace(state, effects=(colorless, red, blue)), corpse) == frozenset()


def test_the_colour_change_is_reported_shown_in_the_notes_and_ends_with_the_turn():
    """514.2: "until end of turn" ends in the cleanup step, and the Zombie is black again. The
    change is an event citing 105.3, and the state table's notes say it (no new column)."""
    s = Scenario("paint", players=["Alice", "Bob"])
    paint = s.add("Practice Paint", "Alice", zone="hand")
    corpse = s.add("Walking Corpse", "Bob")
    t = resolve_top(s.mana("Alice", "U").timeline().do(cast("Alice", paint, targets=(corpse,))))
    changes = [e for e in t.frames[-1].events if e.attribute == "colors"]
    assert [(e.before, e.after, e.rule) for e in changes] == [("black", "blue", "105.3")]
    table = state_table(t.state)
    assert len(table.columns) == 16
    assert "is now blue (was black)" in table.loc[f"#{corpse} Walking Corpse", "notes"]
    assert "is now" not in state_table(s.state()).loc[f"#{corpse} Walking Corpse", "notes"]
    t = go_to(t, "untap", "Bob")
    assert _colors(t.state, corpse) == {"black"}


# ---------------------------------------------------------------- what authors may write
def test_colour_effects_are_checked_as_they_are_built():
    """613.1e: only a layer 5 effect changes colours; 105.3: it sets them or adds to them;
    105.1: each is one of the five colours."""
    with pytest.raises(EffectError, match=r"613\.1e"):
        Effect("6", "becomes blue", "105.3", set_colors=frozenset({"blue"}))
    with pytest.raises(EffectError, match=r"105\.3"):
        Effect("5", "becomes nothing said", "105.3")
    with pytest.raises(EffectError, match=r"105\.3"):
        Effect("5", "both", "105.3", set_colors=frozenset({"blue"}), add_colors=frozenset({"red"}))
    with pytest.raises(EffectError, match="is not a colour"):
        Effect("5", "becomes purple", "105.3", set_colors=frozenset({"purple"}))


def test_colour_target_tests_refuse_a_word_that_is_not_a_colour():
    """105.4: "multicolored" is not a colour; a misspelled colour would match nothing, silently."""
    for wrong in ("blak", "multicolored", ("black",)):
        with pytest.raises(CardDefError):
            not_colored(wrong)  # type: ignore[arg-type]
        with pytest.raises(CardDefError):
            colored(wrong)  # type: ignore[arg-type]


def test_target_black_creature_reads_the_current_colour():
    """202.2 and 613.1e: "target black creature" may choose the Zombie, not the Bears."""
    s = Scenario("purge", players=["Alice", "Bob"])
    purge = s.add("Practice Purge", "Alice", zone="hand")
    corpse, bears = s.add("Walking Corpse", "Bob"), s.add("Grizzly Bears", "Bob")
    t = s.mana("Alice", "W").timeline()
    refuse(t.state, cast("Alice", purge, targets=(bears,)), "115.1")
    t = resolve_top(t.do(cast("Alice", purge, targets=(corpse,))))
    assert t.state.obj(corpse).zone is Zone.GRAVEYARD


def test_a_predict_question_can_tell_outcomes_apart_by_colour():
    """Predict describes each timeline's outcome by the attributes that changed; a colour change
    (105.3) is one of them, so "it becomes blue" and "nothing happens" are different answers."""
    from mtgrules.widgets import describe_outcome
    s = Scenario("paint", players=["Alice", "Bob"])
    paint = s.add("Practice Paint", "Alice", zone="hand")
    corpse = s.add("Walking Corpse", "Bob")
    t = resolve_top(s.mana("Alice", "U").timeline().do(cast("Alice", paint, targets=(corpse,))))
    assert "blue" in describe_outcome(t[len(t) - 1])
