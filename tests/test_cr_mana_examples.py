"""An independent check of mana against the Comprehensive Rules (the 2026-01-16 text, whose
numbers the kit's edition keeps): mana and pools (106), X and mana symbols (107.3, 107.4), costs
(118), paying while casting and activating (601.2f-h, 602.2b), mana abilities (605) and the
order of replacement effects on mana (616.1).

Each test restates one rule, or one of its worked examples, as a small board from the kit's pool
(or a test-only card where the pool has none of the shape the rule needs) and checks pools, zones
and the rule each event or refusal cites.
"""

from __future__ import annotations

import pytest
from helpers import kinds, pool, refused

from mtgrules import MissingChoice, Scenario, activate, apply, cast, characteristics, legal_actions, pass_priority
from mtgrules.cards import CardDef, Cost, Fixed, ManaAbility, TriggeredAbility, register
from mtgrules.core.actions import Activate, CastSpell
from mtgrules.core.mana import ManaType
from mtgrules.core.turns import Step
from mtgrules.rules.life import lose_life
from mtgrules.rules.mana.could_produce import could_produce_all

C = frozenset({"Creature"})
STAND_IN = "CR test card (not a real card)"
BARBS = "Whenever a player taps a land for mana, that player loses 1 life."


def _land_tapped(state, _source, event):
    """The player whose land was tapped for mana, as the trigger's data."""
    tapped = state.obj(event.obj)
    return [(("player", tapped.controller),)] if characteristics(state, tapped.oid).is_land else []


def _barbs(res, item):
    lose_life(res.d, item.get("player"), 1, "CR Barbs")

register(
    # 107.4e's example cost, on a vanilla body.
    CardDef("CR Twin Hybrid Bear", "{G/W}{G/W}", C, power=2, toughness=2, source=STAND_IN),
    # 107.4c: a cost that only colorless mana pays.
    CardDef("CR Colorless Relic", "{C}", frozenset({"Artifact"}), source=STAND_IN),
    # 118.5a: a spell whose mana cost is {0}.
    CardDef("CR Zero Relic", "{0}", frozenset({"Artifact"}), source=STAND_IN),
    # 118.6: a nonland card with no mana cost at all (like a suspend-only card).
    CardDef("CR Costless Sorcery", "", frozenset({"Sorcery"}), source=STAND_IN),
    # A filter-land shape: a mana ability whose cost holds a hybrid symbol (605.3, 602.2b).
    CardDef("CR Filter Grove", "", frozenset({"Land"}), oracle="{R/G}, {T}: Add {G}{G}.",
            abilities=(ManaAbility(Cost.of("{R/G}", tap=True), Fixed((ManaType.G, ManaType.G)),
                                   "{R/G}, {T}: Add {G}{G}."),), source=STAND_IN),
    # 605.5a: a "tapped for mana" trigger that adds no mana (a Manabarbs-like enchantment).
    CardDef("CR Barbs", "{2}{R}", frozenset({"Enchantment"}), oracle=BARBS,
            abilities=(TriggeredAbility(BARBS, "tapped for mana", _land_tapped, _barbs),), source=STAND_IN),
    replace=True,
)


def _labels(state, player: str) -> list[str]:
    return sorted(m.label() for m in state.player(player).pool)


# ---------------------------------------------------------------- could produce (106.5, 106.7)
@pytest.mark.rule("106.7")
def test_each_exotic_orchard_could_produce_green_from_one_forest():
    """106.7, its example: you control a Forest and an Exotic Orchard, your opponent controls an
    Exotic Orchard; each Orchard could produce {G} (the opponent's sees yours, which sees the Forest)."""
    s = Scenario("106.7 example")
    s.add("Forest", "Alice")
    mine = s.add("Exotic Orchard", "Alice")
    theirs = s.add("Exotic Orchard", "Bob")
    answer = could_produce_all(s.state())
    assert answer[mine] == {ManaType.G} and answer[theirs] == {ManaType.G}
    state, _ = apply(s.state(), activate("Alice", mine, color="G"))
    assert pool(state, "Alice") == ["G"]


@pytest.mark.rule("106.7")
def test_exotic_orchard_facing_only_orchards_adds_no_mana():
    """106.7, its example: if you and your opponent control no lands other than Exotic Orchards,
    activating one produces no mana (106.5), but its {T} cost is still paid."""
    s = Scenario("106.7 orchards only")
    mine = s.add("Exotic Orchard", "Alice")
    s.add("Exotic Orchard", "Bob")
    state, events = apply(s.state(), activate("Alice", mine))
    assert state.obj(mine).tapped and pool(state, "Alice") == []
    assert [e.rule for e in kinds(events, "no mana")] == ["106.5"]


@pytest.mark.rule("106.7")
def test_any_type_sees_colorless_but_any_color_does_not():
    """106.7 with 106.1: Reflecting Pool ("any type") beside a Wastes could produce {C}; an
    Exotic Orchard facing only that Wastes ("any color") has no type it could produce, so it
    adds nothing (106.5)."""
    s = Scenario("types and colours")
    reflecting = s.add("Reflecting Pool", "Alice")
    s.add("Wastes", "Alice")
    orchard = s.add("Exotic Orchard", "Bob")
    answer = could_produce_all(s.state())
    assert answer[reflecting] == {ManaType.C} and answer[orchard] == frozenset()
    state, _ = apply(s.state(), activate("Alice", reflecting, type="C"))
    assert pool(state, "Alice") == ["C"]


# ---------------------------------------------------------------- restrictions (106.6, 106.6a)
@pytest.mark.rule("106.6a")
def test_mana_reflections_extra_mana_keeps_ziggurats_restriction():
    """106.6a: a replacement effect that increases the mana produced applies the ability's
    restriction to all of it: Ancient Ziggurat under Mana Reflection adds two restricted {G}."""
    s = Scenario("106.6a")
    zig = s.add("Ancient Ziggurat", "Alice")
    s.add("Mana Reflection", "Alice")
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    assert _labels(state, "Alice") == ["{G} (spend only to cast a creature spell)"] * 2


@pytest.mark.rule("106.6")
def test_creature_only_mana_cant_pay_a_mana_abilitys_cost():
    """106.6 / 602.2b: Ziggurat's mana may be spent only on a creature spell, so it can't pay
    Pili-Pala's "{2}, {Q}" even though the pool holds two mana; Pili-Pala stays tapped."""
    s = Scenario("106.6 ability")
    zig = s.add("Ancient Ziggurat", "Alice")
    s.add("Mana Reflection", "Alice")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    state, _ = apply(s.state(), activate("Alice", zig, color="G"))
    refused(state, activate("Alice", pili, color="R"), "106.6")


# ---------------------------------------------------------------- tapped for mana (106.12)
@pytest.mark.rule("106.12")
def test_vivid_crags_counter_ability_is_tapping_for_mana():
    """106.12: any mana ability with {T} in its cost is "tapping for mana", so Mana Reflection
    doubles Vivid Crag's "{T}, Remove a charge counter: Add one mana of any color"."""
    s = Scenario("106.12 crag")
    crag = s.add("Vivid Crag", "Alice", counters={"charge": 1})
    s.add("Mana Reflection", "Alice")
    state, events = apply(s.state(), activate("Alice", crag, 1, color="U"))
    assert pool(state, "Alice") == ["U", "U"] and state.obj(crag).counter("charge") == 0
    assert [e.rule for e in kinds(events, "mana added")] == ["106.12b"]


@pytest.mark.rule("106.12")
def test_untapping_pili_pala_is_not_tapping_for_mana():
    """106.12 / 106.12b: Pili-Pala's "{2}, {Q}" has no {T}, so Mana Reflection doesn't apply."""
    s = Scenario("106.12 pili")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.add("Mana Reflection", "Alice")
    s.mana("Alice", "CC")
    state, events = apply(s.state(), activate("Alice", pili, color="R"))
    assert pool(state, "Alice") == ["R"] and not state.obj(pili).tapped
    assert [e.rule for e in kinds(events, "mana added")] == ["106.4"]


@pytest.mark.rule("106.12a")
def test_heartbeat_copies_a_type_the_land_produced_after_replacement():
    """106.12a / 106.12b: under Infernal Darkness a Forest produces {B}; Heartbeat of Spring adds
    one mana of a type the land produced, so {B} too."""
    s = Scenario("106.12a darkness")
    forest = s.add("Forest", "Alice")
    s.add("Infernal Darkness", "Bob")
    s.add("Heartbeat of Spring", "Bob")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["B", "B"]


@pytest.mark.rule("106.12a")
def test_heartbeats_mana_is_not_doubled_by_mana_reflection():
    """106.12a / 106.12b / 605.4a: Mana Reflection doubles what the Forest is tapped for ({G}{G});
    Heartbeat of Spring's trigger then adds one {G}. Its mana comes from the trigger, not from
    tapping a permanent, so it isn't doubled: three {G} in all."""
    s = Scenario("106.12a reflection")
    forest = s.add("Forest", "Alice")
    s.add("Mana Reflection", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    state, events = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G", "G", "G"]
    assert [e.rule for e in kinds(events, "trigger")] == ["106.12a"]


@pytest.mark.rule("106.12a")
def test_a_land_tapped_for_no_mana_doesnt_trigger_heartbeat():
    """106.12a: "tapped for mana" triggers only when the ability produces mana; an Exotic Orchard
    with no opposing lands produces none (106.5), so Heartbeat of Spring doesn't trigger."""
    s = Scenario("106.12a nothing")
    orchard = s.add("Exotic Orchard", "Alice")
    s.add("Heartbeat of Spring", "Bob")
    state, events = apply(s.state(), activate("Alice", orchard))
    assert state.obj(orchard).tapped and pool(state, "Alice") == [] and not kinds(events, "trigger")


@pytest.mark.rule("106.12b")
def test_utopia_sprawls_extra_mana_is_not_turned_black():
    """106.12b / 605.4a: Infernal Darkness changes what the Forest is tapped for ({B}); Utopia
    Sprawl's extra mana comes from its own triggered mana ability, not from tapping the land,
    so it stays the chosen colour."""
    s = Scenario("106.12b sprawl")
    forest = s.add("Forest", "Alice")
    s.add("Utopia Sprawl", "Alice", attached_to=forest, chosen={"color": "U"})
    s.add("Infernal Darkness", "Bob")
    state, _ = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["B", "U"]


# ---------------------------------------------------------------- replacement order (616.1)
@pytest.mark.rule("616.1")
def test_the_player_tapping_orders_effects_controlled_by_others():
    """616.1: the affected player (Alice, who taps her Forest) chooses the order of Mana
    Reflection and Bob's Infernal Darkness, not Bob; either order gives {B}{B} here."""
    s = Scenario("616.1")
    forest = s.add("Forest", "Alice")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    with pytest.raises(MissingChoice) as need:
        apply(s.state(), activate("Alice", forest))
    assert need.value.player == "Alice" and need.value.rule == "616.1"
    for order in (("Infernal Darkness", "Mana Reflection"), ("Mana Reflection", "Infernal Darkness")):
        state, _ = apply(s.state(), activate("Alice", forest, replacement_order=order))
        assert pool(state, "Alice") == ["B", "B"]


# ---------------------------------------------------------------- pools empty (106.4, 500.5)
@pytest.mark.rule("500.5")
def test_restricted_mana_empties_as_the_step_ends_too():
    """106.4 / 500.5: unspent mana, restricted or not, leaves every pool as a step ends."""
    s = Scenario("500.5")
    zig = s.add("Ancient Ziggurat", "Alice")
    s.mana("Bob", "R")
    t = s.timeline().do(activate("Alice", zig, color="W")).do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert t.state.step is Step.BEGIN_COMBAT
    assert pool(t.state, "Alice") == [] and pool(t.state, "Bob") == []
    emptied = [e for f in t for e in f.events if e.kind == "mana emptied"]
    assert sorted(e.obj for e in emptied) == ["Alice", "Bob"] and {e.rule for e in emptied} == {"106.4"}


# ---------------------------------------------------------------- symbols (107.4)
@pytest.mark.rule("107.4e")
@pytest.mark.parametrize("mana", ["GG", "GW", "WW"])
def test_two_g_w_hybrids_are_paid_by_each_example_payment(mana):
    """107.4e, its example: {G/W}{G/W} can be paid by spending {G}{G}, {G}{W} or {W}{W}."""
    s = Scenario("107.4e example")
    bear = s.add("CR Twin Hybrid Bear", "Alice", zone="hand")
    s.mana("Alice", mana)
    state, _ = apply(s.state(), cast("Alice", bear, hybrid=mana))
    assert pool(state, "Alice") == [] and state.stack[-1].label == "CR Twin Hybrid Bear"


@pytest.mark.rule("107.4e")
def test_a_g_w_hybrid_cant_be_paid_with_blue():
    """107.4e: {G/W} is paid with green or white mana only."""
    s = Scenario("107.4e blue")
    bear = s.add("CR Twin Hybrid Bear", "Alice", zone="hand")
    s.mana("Alice", "GU")
    refused(s.state(), cast("Alice", bear, hybrid="GU"), "107.4e")


@pytest.mark.rule("107.4c")
def test_a_colorless_symbol_in_a_cost_takes_only_colorless_mana():
    """107.4c: {C} in a cost can be paid only with colorless mana; {G} can't pay it (118.3)."""
    s = Scenario("107.4c")
    relic = s.add("CR Colorless Relic", "Alice", zone="hand")
    s.mana("Alice", "G")
    refused(s.state(), cast("Alice", relic), "118.3")
    s.mana("Alice", "C")
    state, _ = apply(s.state(), cast("Alice", relic))
    assert pool(state, "Alice") == ["G"]


def test_mana_symbols_the_kit_doesnt_pay_are_refused_when_the_card_is_defined():
    """107.4: a monocolored hybrid ({2/B}) or Phyrexian ({W/P}) symbol is a real mana symbol the
    kit doesn't pay; defining a card with one is refused at once, naming the symbol, rather than
    crashing when a learner first casts it."""
    for cost in ("{2/B}", "{W/P}", "{S}", "{G/W/P}"):
        with pytest.raises(ValueError, match="CR Unpayable") as info:
            CardDef("CR Unpayable", cost, C, power=1, toughness=1)
        assert cost.strip("{}") in str(info.value)


# ---------------------------------------------------------------- costs (118)
@pytest.mark.rule("118.5a")
def test_a_zero_cost_spell_is_cast_with_an_empty_pool():
    """118.3a / 118.5a: players can always pay 0 mana; a {0} spell is still cast (it goes on the
    stack), and no mana is spent."""
    s = Scenario("118.5a")
    relic = s.add("CR Zero Relic", "Alice", zone="hand")
    state, events = apply(s.state(), cast("Alice", relic))
    assert state.stack[-1].label == "CR Zero Relic" and not kinds(events, "mana spent")


@pytest.mark.rule("118.6")
def test_a_card_with_no_mana_cost_cant_be_cast_by_paying_it():
    """118.6: no mana cost is an unpayable cost. The kit has no alternative costs, so such a card
    can't be cast at all: refused, and not offered by legal_actions."""
    s = Scenario("118.6")
    card = s.add("CR Costless Sorcery", "Alice", zone="hand")
    s.mana("Alice", "GGG")
    refused(s.state(), cast("Alice", card), "118.6")
    assert not [a for a in legal_actions(s.state()) if isinstance(a, CastSpell) and a.card == card]


@pytest.mark.rule("601.2h")
def test_a_mana_ability_with_an_unpayable_mana_part_pays_nothing():
    """601.2h / 602.2b: partial payments aren't allowed: with only {G} floating, Pili-Pala's
    "{2}, {Q}" is refused (118.3), Pili-Pala stays tapped and the {G} stays."""
    s = Scenario("601.2h pili")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.mana("Alice", "G")
    refused(s.state(), activate("Alice", pili, color="R"), "118.3")


# ---------------------------------------------------------------- mana abilities (605)
@pytest.mark.rule("605.1a")
def test_a_mana_ability_takes_no_target():
    """605.1a: a mana ability doesn't target; a target given for a Forest's ability is refused,
    not ignored."""
    s = Scenario("605.1a")
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    refused(s.state(), activate("Alice", forest, targets=(bears,)), "605.1a")


@pytest.mark.rule("605.3a")
def test_a_mana_ability_needs_priority_outside_a_payment():
    """605.3a / 117.1d: outside a payment a player activates a mana ability only with priority;
    Bob can't tap his Forest while Alice holds priority."""
    s = Scenario("605.3a")
    forest = s.add("Forest", "Bob")
    refused(s.state(), activate("Bob", forest), "117.1d")


@pytest.mark.rule("605.3")
def test_a_filter_lands_hybrid_cost_is_paid_with_the_half_chosen():
    """605.3 / 602.2b / 107.4e: a mana ability's cost is paid like any activation cost, so a
    "{R/G}, {T}: Add {G}{G}" ability pays its hybrid symbol with the half chosen."""
    s = Scenario("605.3 filter")
    grove = s.add("CR Filter Grove", "Alice")
    s.mana("Alice", "R")
    refused(s.state(), activate("Alice", grove), "107.4e")  # which half pays is the player's to say
    refused(s.state(), activate("Alice", grove, hybrid="G"), "118.3")  # no {G} to pay with
    state, events = apply(s.state(), activate("Alice", grove, hybrid="R"))
    assert pool(state, "Alice") == ["G", "G"] and state.obj(grove).tapped and state.stack == ()
    assert [e.rule for e in kinds(events, "mana spent")] == ["118.3a"]
    offered = [a for a in legal_actions(s.state()) if isinstance(a, Activate) and a.source == grove]
    assert [a.hybrid for a in offered] == [(ManaType.R,)]


@pytest.mark.rule("605.5a")
def test_a_tapped_for_mana_trigger_that_adds_no_mana_uses_the_stack():
    """605.5a: a triggered ability that triggers on tapping for mana but couldn't produce mana is
    not a mana ability: it goes on the stack (603.3), can be responded to, and resolves only when
    both players pass. The mana itself is added at once (605.3b)."""
    s = Scenario("605.5a")
    forest = s.add("Forest", "Alice")
    s.add("CR Barbs", "Bob")
    state, events = apply(s.state(), activate("Alice", forest))
    assert pool(state, "Alice") == ["G"] and state.player("Alice").life == 20
    assert len(state.stack) == 1 and state.stack[0].controller == "Bob" and state.priority == "Alice"
    assert [e.rule for e in kinds(events, "trigger")] == ["603.2"]
    state, _ = apply(state, pass_priority("Alice"))
    state, _ = apply(state, pass_priority("Bob"))
    assert state.stack == () and state.player("Alice").life == 19 and pool(state, "Alice") == ["G"]


@pytest.mark.rule("605.3a")
def test_mana_abilities_can_be_activated_while_a_resolving_ability_asks_for_mana():
    """605.3a / 608.2g: Neyith of the Dire Hunt's trigger asks "you may pay {2}{R/G}" as it
    resolves. With an empty pool and three untapped Forests, Alice may tap them then and there:
    paying is not refused (118.3); she is asked which land to tap, and the payment goes through."""
    s = Scenario("605.3a Neyith", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    bears = s.add("Grizzly Bears", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice", zone="library")
    t = s.timeline().do(pass_priority("Alice")).do(pass_priority("Bob", target=bears))
    assert t.state.step is Step.BEGIN_COMBAT and len(t.state.stack) == 1
    t.do(pass_priority("Alice"))
    with pytest.raises(MissingChoice) as need:
        apply(t.state, pass_priority("Bob", pay=1))
    assert need.value.kind == "mana ability" and need.value.rule == "608.2g"
    assert sorted(need.value.options) == sorted((f, 0) for f in forests)
    t.do(pass_priority("Bob", pay=1, mana_ability=[(f, 0) for f in forests], hybrid="G"))
    assert t.state.stack == () and all(t.state.obj(f).tapped for f in forests)
    assert pool(t.state, "Alice") == [] and characteristics(t.state, bears).power == 4
