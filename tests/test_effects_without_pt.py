"""Continuous effects that leave a creature without a power or a toughness, or that are built with
a field their layer doesn't hold.

A type-changing effect (layer 4, 613.1d) can make a noncreature permanent a creature without
naming a power and toughness. A noncreature permanent has none (208.3), and 208.5 says what such a
creature has: "If a creature somehow has no value for its power, its power is 0. The same is true
for toughness." So it is 0/0 and goes to the graveyard (704.5f), unless other effects or counters
give it more. Before, the kit crashed in its state-based actions with an AssertionError.

An effect whose field belongs to another layer (a set in 7c, keywords in layer 4, ...) would be
ignored or applied at the wrong time; it is refused where it is built, naming the rule.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from combat_support import pass_until

from mtgrules import IllegalAction, Scenario, Step, Timeline, apply, declare_attackers, pass_priority
from mtgrules.core.effects import Effect
from mtgrules.core.errors import EffectError
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import characteristics
from mtgrules.views.tables import state_table

CREATURE = frozenset({"Creature"})


def _forest(**scenario) -> tuple[GameState, int]:
    s = Scenario("an animated Forest", **scenario)
    forest = s.add("Forest", "Alice")
    s.add("Forest", "Bob")  # a land no effect touches
    return s.state(), forest


def _animated(state: GameState, oid: int, *more: Effect) -> GameState:
    """The state with a layer 4 effect that makes the object a creature and names no P/T (613.1d),
    plus ``more`` effects, as resolved spells would leave them."""
    ref = state.obj(oid).ref
    becomes = Effect("4", "the Forest becomes a creature", "613.1d", timestamp=50, affected=(ref,),
                     add_types=CREATURE)
    return replace(state, effects=state.effects + (becomes, *more))


def _on(state: GameState, oid: int, layer: str, ts: int, **fields) -> Effect:
    return Effect(layer, f"a layer {layer} effect", "613.4", timestamp=ts, affected=(state.obj(oid).ref,), **fields)


# ---------------------------------------------------------------- played by the rules (208.5)
def test_a_land_made_a_creature_with_no_power_and_toughness_is_0_0():
    """208.3, 208.5: a noncreature permanent has no power or toughness; once a type-changing effect
    makes it a creature, it has 0 for each, in its characteristics and in the views' P/T column."""
    state, forest = _forest()
    animated = _animated(state, forest)
    chars = characteristics(animated, forest)
    assert chars.is_creature and (chars.power, chars.toughness) == (0, 0)
    assert state_table(animated).loc[f"#{forest} Forest", "P/T"] == "0/0"


def test_a_land_made_a_0_0_creature_goes_to_the_graveyard_as_a_state_based_action():
    """704.5f: the 0/0 animated land (208.5) is put into its owner's graveyard when a player would
    receive priority; before, the check crashed with an AssertionError."""
    state, forest = _forest()
    after, events = apply(_animated(state, forest), pass_priority("Alice"))
    assert after.obj(forest).zone is Zone.GRAVEYARD
    assert [e.rule for e in events if e.obj == forest and e.attribute == "zone"] == ["704.5f"]
    assert any("toughness 0" in e.text for e in events if e.rule == "704.5f")


def test_a_bonus_and_counters_count_from_0_on_a_creature_with_no_power_and_toughness():
    """613.4c with 208.5: a +2/+1 effect and a +1/+1 counter modify the 0/0 it has, so the land is a
    3/2 and stays on the battlefield (704.5f doesn't apply)."""
    state, forest = _forest()
    state = replace(state, objects=tuple(replace(o, counters=(("+1/+1", 1),)) if o.oid == forest else o
                                         for o in state.objects))
    animated = _animated(state, forest, _on(state, forest, "7c", 60, delta=(2, 1)))
    assert characteristics(animated, forest).pt() == "3/2"
    after, _ = apply(animated, pass_priority("Alice"))
    assert after.obj(forest).zone is Zone.BATTLEFIELD


def test_an_effect_setting_only_power_leaves_toughness_0_and_one_setting_only_toughness_keeps_power():
    """613.4b: an effect may set power and/or toughness; the value it doesn't set stays as it was,
    0 for the animated land (208.5), which then dies at 3/0 (704.5f). On a 2/2 Grizzly Bears an
    effect setting toughness 5 alone makes it 2/5."""
    state, forest = _forest()
    s = Scenario("bears")
    bears = s.add("Grizzly Bears", "Alice")
    animated = _animated(state, forest, _on(state, forest, "7b", 60, set_pt=(3, None)))
    assert characteristics(animated, forest).pt() == "3/0"
    after, _ = apply(animated, pass_priority("Alice"))
    assert after.obj(forest).zone is Zone.GRAVEYARD
    plain = s.state()
    tough = replace(plain, effects=(_on(plain, bears, "7b", 60, set_pt=(None, 5)),))
    assert characteristics(tough, bears).pt() == "2/5"


def test_switching_power_and_toughness_of_a_creature_with_none_switches_its_0s():
    """613.4d with 208.5: the animated land given +0/+2 is 0/2; switched it is 2/0 and dies (704.5f).
    A switch on a land that isn't a creature does nothing (208.3a)."""
    state, forest = _forest()
    other = next(o.oid for o in state.objects if o.card == "Forest" and o.oid != forest)
    animated = _animated(state, forest, _on(state, forest, "7c", 60, delta=(0, 2)),
                         _on(state, forest, "7d", 61, switch_pt=True), _on(state, other, "7d", 62, switch_pt=True))
    assert characteristics(animated, forest).pt() == "2/0"
    assert characteristics(animated, other).pt() == "" and not characteristics(animated, other).is_creature
    after, events = apply(animated, pass_priority("Alice"))
    assert after.obj(forest).zone is Zone.GRAVEYARD and after.obj(other).zone is Zone.BATTLEFIELD


def test_an_animated_land_with_a_bonus_deals_combat_damage_equal_to_its_power():
    """510.1a with 208.5 and 613.4c: a land made a creature with no P/T named, given +2/+1, attacks
    as a 2/1 and deals 2 damage to the player it attacks."""
    state, forest = _forest(step="combat")
    animated = _animated(state, forest, _on(state, forest, "7c", 60, delta=(2, 1)))
    t = pass_until(Timeline(animated, "animated land attacks"), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [forest]))
    t = pass_until(t, Step.END_COMBAT)
    assert t.state.player("Bob").life == 18 and t.state.obj(forest).zone is Zone.BATTLEFIELD


# ---------------------------------------------------------------- refused where built (613.1, 613.4)
@pytest.mark.parametrize(("layer", "fields", "rule"), [
    ("7c", {"set_pt": (3, 3)}, "613.4b"),                         # a set belongs in 7b (or 7a)
    ("7b", {"delta": (1, 1)}, "613.4c"),                          # a modification belongs in 7c
    ("6", {"set_pt": (1, 1)}, "613.4b"),
    ("7b", {"add_types": CREATURE}, "613.1d"),                    # types belong in layer 4
    ("4", {"add_types": CREATURE, "add_keywords": frozenset({"haste"})}, "613.1f"),  # keywords in 6
    ("5", {}, "105.3"),                                           # layer 5 changes colours: it names none
    ("6", {"set_colors": frozenset({"blue"})}, "613.1e"),         # colours belong in layer 5
    ("7", {"set_pt": (1, 1)}, "613.1"),
    ("7b", {"set_pt": (None, None)}, "613.4b"),                   # sets nothing
    ("7b", {"set_pt": ("3", 3)}, "613.4b"),
    ("7b", {"set_pt": (3,)}, "613.4b"),
    ("7c", {"delta": (1, None)}, "613.4c"),
    ("4", {"add_types": "Creature"}, "613.1d"),                   # a word, read letter by letter
    ("4", {"add_types": frozenset({"creature"})}, "205.2a"),      # not a card type: nothing would change
])
def test_an_effect_with_a_field_its_layer_does_not_hold_is_refused_naming_the_rule(layer, fields, rule):
    """613.1, 613.4: each layer and sublayer applies effects of one kind; a field in another layer
    would be silently ignored or applied at the wrong time, so the effect is refused as it is built,
    with the rule and one sentence (an IllegalAction, and a ValueError as before)."""
    with pytest.raises(EffectError) as caught:
        Effect(layer, "a hand-built effect", "613.1", affected=(), **fields)
    err = caught.value
    assert isinstance(err, IllegalAction) and isinstance(err, ValueError)
    assert err.rule == rule and "a hand-built effect" in err.reason and err.reason.count(". ") == 0


def test_the_kit_s_own_effects_are_all_in_the_layer_that_holds_them():
    """The 7d check (613.4d) still refuses a switch outside layer 7d, and effects built the usual way
    (a set in 7b, a +N/+N in 7c, types in 4, keywords in 6) are accepted."""
    with pytest.raises(EffectError) as caught:
        Effect("7c", "switch", "613.4d", switch_pt=True)
    assert caught.value.rule == "613.4d"
    Effect("7a", "a characteristic-defining ability", "613.4a", set_pt=(1, 1))
    Effect("7b", "becomes 3/3", "613.4b", set_pt=(3, 3))
    Effect("7c", "+1/+1", "613.4c", delta=(1, 1))
    Effect("4", "becomes a creature", "613.1d", add_types=["Creature"], add_subtypes={"Zombie"})
    Effect("6", "gains haste", "613.1f", add_keywords=frozenset({"haste"}))


def test_explain_says_why_a_land_made_a_creature_is_0_0_and_why_a_set_one_is_not():
    """208.5: ``layers.explain`` ("why is it 0/0?") names the rule that gives the animated land 0
    for the power and toughness no effect gave it, right after the layer 4 effect; once a 7b effect
    sets both (613.4b), there is nothing left to 208.5."""
    from mtgrules.rules.layers import explain
    state, forest = _forest()
    rows = explain(_animated(state, forest, _on(state, forest, "7b", 60, set_pt=(3, None))), forest)
    assert rows == [("4", "the Forest becomes a creature", "613.1d"),
                    ("-", "no value for its toughness, so 0 for it", "208.5"),
                    ("7b", "a layer 7b effect", "613.4")]
    rows = explain(_animated(state, forest, _on(state, forest, "7b", 60, set_pt=(3, 3))), forest)
    assert "208.5" not in [rule for _, _, rule in rows]


# ---------------------------------------------------------------- an effect that says what it reaches (611.2c, 611.3a)
def test_an_effect_put_in_force_without_saying_what_it_affects_is_refused_not_silently_idle():
    """611.2c: a resolved spell's effect applies to the objects it locked in. An ``Effect`` with
    neither ``affected`` nor ``applies`` (a template) put in force by a card's code would change
    nothing; it is refused where it first counts, naming both ways of saying what it reaches."""
    state, forest = _forest()
    template = Effect("7c", "+2/+2 to nothing in particular", "613.4c", timestamp=50, delta=(2, 2))
    with pytest.raises(EffectError, match=r"neither which objects it affects .* nor how to find them") as refused:
        characteristics(replace(state, effects=state.effects + (template,)), forest)
    assert refused.value.rule == "611.2c"


def test_a_static_ability_making_an_effect_that_reaches_nothing_is_refused_naming_the_card():
    """611.3a: a static ability's effect applies at each moment to whatever its text says, so the
    card's code must say how to find those objects; a card author who forgets is told which card
    and ability, as the board is built, not left with a lord that silently does nothing."""
    from mtgrules.cards import CardDef, StaticAbility, register
    from mtgrules.core.carddef import CARD_POOL, POOL_CHANGES

    text = "Other creatures you control get +1/+1."
    lord = CardDef("Practice Forgetful Lord", "{2}", frozenset({"Creature"}), power=2, toughness=2, oracle=text,
                   abilities=(StaticAbility(text, lambda state, source: [
                       Effect("7c", text, "613.4c", source=source.oid, delta=(1, 1))]),),
                   source="made up for this test")
    register(lord, replace=True)
    try:
        s = Scenario("a lord that forgot its creatures")
        s.add("Practice Forgetful Lord", "Alice")
        bears = s.add("Grizzly Bears", "Alice")
        with pytest.raises(EffectError, match="Practice Forgetful Lord's static ability") as refused:
            characteristics(s.state(), bears)
        assert refused.value.rule == "611.3a"
    finally:
        CARD_POOL.pop(lord.name, None)
        POOL_CHANGES[0] += 1
