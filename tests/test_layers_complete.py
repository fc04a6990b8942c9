"""The seven layers (613.1), each with its own test, the order within a layer (613.3, 613.7) and
dependency (613.8a's three conditions, 613.8b, 613.8c), and the CR's own examples under 613 and
707 that the kit plays, each written as a test marked with its rule.

Real cards from the kit's sets where one fits (Threaten, Act of Treason, Chimeric Staff, Dub,
Clone, Lord of the Accursed, Llanowar Elves); the kit's practice cards (``Practice ...``, labelled
as not real Magic cards) or an effect written out where none does. Every test can fail for what
it guards: each asserts what the layers make of the object, and most the order of the layer trace.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules import IllegalAction, Scenario, Step, activate, cast, characteristics, declare_attackers
from mtgrules.cards import CardDef, StaticAbility, register
from mtgrules.core.effects import Effect
from mtgrules.core.errors import EffectError
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.layers import layer_trace
from mtgrules.rules.mana.could_produce import could_produce

W = frozenset


def with_effects(state: GameState, *effects: Effect) -> GameState:
    """The state with these effects in force (as resolved spells would leave them, 611.2c)."""
    return replace(state, effects=state.effects + effects)


def on(state: GameState, oid: int) -> tuple:
    """The object's reference, for an effect locked to it (611.2c)."""
    return (state.obj(oid).ref,)


def order(state: GameState, oid: int) -> list[tuple[str, str]]:
    """(layer, description) of each step of the object's layer trace, in the order applied."""
    return [(s.layer, s.description) for s in layer_trace(state, oid).steps]


# ---------------------------------------------------------------- layer 1: copy (613.2a, 707.2)
@pytest.mark.rule("613.2a")
def test_layer_1_a_copy_takes_the_copied_cards_values_and_its_own_abilities_go():
    """Practice Mimicry makes Lord of the Accursed a copy of Grizzly Bears (layer 1a): a green
    2/2 Bear named Grizzly Bears with no abilities, so its lord bonus no longer exists and the
    other Zombie is 2/2 again; its activated ability is gone too (707.2, 707.2a)."""
    s = Scenario("mimicry", step="main1")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    spell = s.add("Practice Mimicry", "Alice", zone="hand")
    s.mana("Alice", "UU")
    t = s.timeline()
    assert characteristics(t.state, corpse).pt() == "3/3"
    t.do(cast("Alice", spell, targets=(lord,)))
    resolve_top(t)
    c = characteristics(t.state, lord)
    assert (c.name, c.pt(), c.subtypes, c.colors, c.abilities) == ("Grizzly Bears", "2/2", W({"Bear"}), W({"green"}), ())
    assert characteristics(t.state, corpse).pt() == "2/2"
    assert order(t.state, lord)[0] == ("1a", "Practice Mimicry: a copy of Grizzly Bears until end of turn")
    with pytest.raises(IllegalAction) as refused:
        t.do(activate("Alice", lord, 0))
    assert refused.value.rule == "602.1"


@pytest.mark.rule("707.2")
def test_the_chimeric_staff_example_a_clone_of_an_animated_staff_is_an_artifact_with_its_ability():
    """707.2's example: after a Chimeric Staff has become a 5/5 Construct artifact creature, a Clone
    that copies it is an artifact, not a 5/5 creature (the Staff's animation isn't a copiable
    value), but it has the Staff's ability, and activating it makes the Clone a creature."""
    s = Scenario("staff and clone", step="main1")
    staff = s.add("Chimeric Staff", "Alice")
    clone = s.add("Clone", "Alice")
    s.mana("Alice", "CCCCCCC")
    t = s.timeline()
    t.do(activate("Alice", staff, 0, x=5))
    resolve_top(t)
    assert characteristics(t.state, staff).pt() == "5/5"
    copied = with_effects(t.state, Effect("1a", "Clone: a copy of Chimeric Staff", "707.2", clone, 90,
                                          affected=on(t.state, clone), copy_of="Chimeric Staff"))
    c = characteristics(copied, clone)
    assert (c.name, c.types, c.is_creature) == ("Chimeric Staff", W({"Artifact"}), False)
    s2 = Scenario("the clone animates itself", step="main1")
    clone2 = s2.add("Clone", "Alice")
    s2.mana("Alice", "CC")
    start = with_effects(s2.state(), Effect("1a", "Clone: a copy of Chimeric Staff", "707.2", clone2, 90,
                                            affected=on(s2.state(), clone2), copy_of="Chimeric Staff"))
    from mtgrules import Timeline, legal_actions
    assert any(getattr(a, "source", None) == clone2 for a in legal_actions(start))  # offered, as a copy has it
    t2 = Timeline(start)
    t2.do(activate("Alice", clone2, 0, x=2))
    resolve_top(t2)
    c2 = characteristics(t2.state, clone2)
    assert (c2.name, c2.pt(), c2.types, c2.subtypes) == ("Chimeric Staff", "2/2", W({"Artifact", "Creature"}),
                                                         W({"Construct"}))


# ---------------------------------------------------------------- layer 2: control (613.1b)
def _threatened() -> tuple:
    s = Scenario("threaten", step="main1")
    bears = s.add("Grizzly Bears", "Bob", tapped=True)
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    spell = s.add("Threaten", "Alice", zone="hand")
    s.mana("Alice", "RRR")
    t = s.timeline()
    return t, bears, lord, corpse, spell


@pytest.mark.rule("613.1b")
def test_layer_2_threaten_gives_control_so_the_creature_attacks_for_its_new_controller():
    """Threaten (a real card): untapped, controlled by Alice with haste until end of turn. Every
    rule reads the new controller: Alice declares it as an attacker (508.1a), Bob can't; at
    cleanup the effect ends and Bob controls it again, each change an event citing 613.1b."""
    t, bears, _lord, _corpse, spell = _threatened()
    t.do(cast("Alice", spell, targets=(bears,)))
    resolve_top(t)
    o = t.state.obj(bears)
    assert (o.controller, o.own_controller, o.tapped) == ("Alice", "Bob", False)
    assert any(e.kind == "controller" and e.rule == "613.1b" for e in t.frames[-1].events)
    assert [s.layer for s in layer_trace(t.state, bears).steps] == ["2", "6"]
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {bears: "Bob"}))
    assert [a.attacker.oid for a in t.state.combat.attacks] == [bears]
    go_to(t, Step.UPKEEP, "Bob")
    back = t.state.obj(bears)
    assert (back.controller, back.own_controller) == ("Bob", "")
    assert Keyword.HASTE not in characteristics(t.state, bears).keywords


@pytest.mark.rule("613.1b")
def test_layer_2_a_stolen_creature_counts_for_you_control_and_its_mana_ability_is_the_new_controllers():
    """Act of Treason (a real card) on Bob's Walking Corpse: Alice's Lord of the Accursed gives
    "other Zombies you control" +1/+1 to it now, and not before. On Bob's Llanowar Elves: Alice
    may tap it for mana (it has haste), Bob may not (602.2: only its controller activates)."""
    s = Scenario("treason", step="main1")
    s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    elves = s.add("Llanowar Elves", "Bob")
    one = s.add("Act of Treason", "Alice", zone="hand")
    two = s.add("Act of Treason", "Alice", zone="hand")
    s.mana("Alice", "RRRRRR")
    t = s.timeline()
    assert characteristics(t.state, corpse).pt() == "2/2"
    t.do(cast("Alice", one, targets=(corpse,)))
    resolve_top(t)
    assert characteristics(t.state, corpse).pt() == "3/3"
    t.do(cast("Alice", two, targets=(elves,)))
    resolve_top(t)
    with pytest.raises(IllegalAction):
        t.do(activate("Bob", elves, 0))
    t.do(activate("Alice", elves, 0))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["G"]


# ---------------------------------------------------------------- layer 3: text (613.1c, 612)
@pytest.mark.rule("613.1c")
def test_layer_3_replacing_zombie_with_human_changes_the_type_line_and_what_the_lord_pumps():
    """Practice Retitling on Lord of the Accursed: the word Zombie, used as a creature type, reads
    Human (612.2): it is a Human, and its ability pumps other Humans, not Zombies. Its name
    is a name, not a creature type, and doesn't change (612.2)."""
    s = Scenario("retitle", step="main1")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    spell = s.add("Practice Retitling", "Alice", zone="hand")
    s.mana("Alice", "U")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(lord,)))
    resolve_top(t)
    c = characteristics(t.state, lord)
    assert (c.name, c.subtypes, c.text_changes) == ("Lord of the Accursed", W({"Human"}), (("Zombie", "Human"),))
    assert characteristics(t.state, corpse).pt() == "2/2"  # Zombies no longer get +1/+1
    assert order(t.state, lord)[0][0] == "3"


@pytest.mark.rule("612.2")
def test_a_text_change_replaces_a_word_only_by_one_of_its_kind():
    with pytest.raises(EffectError) as refused:
        Effect("3", "swap", "612.1", None, 1, affected=(), change_words=(("Zombie", "Island"),))
    assert refused.value.rule == "612.2"


# ---------------------------------------------------------------- layer 4: type (613.1d, 205.1)
@pytest.mark.rule("205.1b")
def test_layer_4_chimeric_staff_becomes_an_artifact_creature_keeping_its_types():
    """Chimeric Staff: "becomes an X/X Construct artifact creature" keeps its card types (205.1b)
    and gets the creature type Construct (layer 4), then X/X (7b); at end of turn it is a plain
    artifact again."""
    s = Scenario("staff", step="main1")
    staff = s.add("Chimeric Staff", "Alice")
    s.mana("Alice", "CCC")
    t = s.timeline()
    t.do(activate("Alice", staff, 0, x=3))
    resolve_top(t)
    c = characteristics(t.state, staff)
    assert (c.types, c.subtypes, c.pt()) == (W({"Artifact", "Creature"}), W({"Construct"}), "3/3")
    assert [s.layer for s in layer_trace(t.state, staff).steps] == ["4", "7b"]


@pytest.mark.rule("205.1a")
def test_layer_4_setting_a_subtype_replaces_only_its_own_set_and_losing_a_type_takes_its_subtypes():
    """An animated Forest that "becomes an Elemental" keeps its land type Forest (205.1a: only
    creature types are replaced); Grizzly Bears that is no longer a creature loses Bear with it."""
    s = Scenario("types")
    forest = s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    st = with_effects(st, Effect("4", "the Forest is an Elemental creature", "205.1a", None, 50, affected=on(st, forest),
                                 add_types=W({"Creature"}), set_subtypes=W({"Elemental"})),
                      Effect("4", "the Bears is no longer a creature", "205.1a", None, 51, affected=on(st, bears),
                             remove_types=W({"Creature"}), set_types=W({"Artifact"})))
    assert characteristics(st, forest).subtypes == W({"Forest", "Elemental"})
    c = characteristics(st, bears)
    assert (c.types, c.subtypes, c.power) == (W({"Artifact"}), W(), 2)


@pytest.mark.rule("305.7")
def test_a_land_set_to_a_basic_land_type_loses_its_text_abilities_and_taps_for_that_type():
    """Reflecting Pool made an Island: its own mana ability is gone (it can't be activated, and
    could produce only {U}), and it has the Island's "{T}: Add {U}" (305.7)."""
    s = Scenario("moon", step="main1")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Forest", "Alice")
    st = s.state()
    st = with_effects(st, Effect("4", "Reflecting Pool is an Island", "305.7", None, 50, affected=on(st, pool),
                                 set_subtypes=W({"Island"})))
    assert {t.value for t in could_produce(st, pool)} == {"U"}
    from mtgrules import Timeline
    t = Timeline(st)
    t.do(activate("Alice", pool, "{T}: Add {U}"))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["U"]


# ---------------------------------------------------------------- layer 5: colour (613.1e)
@pytest.mark.rule("613.1e")
def test_layer_5_is_applied_after_a_copy_effect_gives_its_colour():
    """A copy of Grizzly Bears is green (707.2a), then a later colour effect makes it blue."""
    s = Scenario("colours")
    lord = s.add("Lord of the Accursed", "Alice")
    st = s.state()
    st = with_effects(st, Effect("5", "it is blue", "105.3", None, 40, affected=on(st, lord), set_colors=W({"blue"})),
                      Effect("1a", "a copy of Grizzly Bears", "707.2", None, 41, affected=on(st, lord),
                             copy_of="Grizzly Bears"))
    assert characteristics(st, lord).colors == W({"blue"})
    assert [s.layer for s in layer_trace(st, lord).steps] == ["1a", "5"]


# ---------------------------------------------------------------- layer 6: abilities (613.1f)
@pytest.mark.rule("613.1f")
def test_layer_6_loses_all_abilities_takes_a_lords_bonus_and_ability_but_a_later_grant_stays():
    """Practice Hush on Lord of the Accursed: its keyword-less abilities go, so the other Zombie is
    2/2 and its activated ability can't be activated (613.1f); Practice Lunge after it gives first
    strike with a later timestamp, which it keeps (613.7)."""
    s = Scenario("hush", step="main1")
    lord = s.add("Lord of the Accursed", "Alice")
    corpse = s.add("Walking Corpse", "Alice")
    hush = s.add("Practice Hush", "Alice", zone="hand")
    lunge = s.add("Practice Lunge", "Alice", zone="hand")
    s.mana("Alice", "UURBBB")
    t = s.timeline()
    t.do(cast("Alice", hush, targets=(lord,), pay="UU"))
    resolve_top(t)
    assert characteristics(t.state, lord).abilities == ()
    assert characteristics(t.state, corpse).pt() == "2/2"
    ceased = layer_trace(t.state, corpse).ceased
    assert [c.layer for c in ceased] == ["7c"] and "613.6" in ceased[0].why
    with pytest.raises(IllegalAction) as refused:
        t.do(activate("Alice", lord, 0))
    assert refused.value.rule == "613.1f"
    t.do(cast("Alice", lunge, targets=(lord,), pay="RB"))
    resolve_top(t)
    assert Keyword.FIRST_STRIKE in characteristics(t.state, lord).keywords


@pytest.mark.rule("613.1f")
def test_a_granted_static_ability_is_refused_not_left_inert():
    """613.7a's example grants a static ability ("Equipped creature has flying"): the kit plays
    granted activated and mana abilities only, so it refuses a granted static one as the effect
    is made, rather than leave it doing nothing."""
    lord_static = next(ab for ab in __import__("mtgrules.cards", fromlist=["card"]).card("Lord of the Accursed").abilities
                       if isinstance(ab, StaticAbility))
    with pytest.raises(EffectError) as refused:
        Effect("6", "grant", "613.1f", None, 1, affected=(), add_abilities=(lord_static,))
    assert "StaticAbility" in refused.value.reason


def test_dub_is_an_aura_in_layers_4_6_and_7c():
    """Dub (a real card): the enchanted creature is a Knight in addition to its other types, has
    first strike, and gets +2/+2: three parts of one effect, each in its own layer (613.6)."""
    s = Scenario("dub")
    bears = s.add("Grizzly Bears", "Alice")
    dub = s.add("Dub", "Alice", attached_to=bears)
    st = s.state()
    c = characteristics(st, bears)
    assert (c.subtypes, Keyword.FIRST_STRIKE in c.keywords, c.pt()) == (W({"Bear", "Knight"}), True, "4/4")
    assert [(s.layer, s.source) for s in layer_trace(st, bears).steps] == [("4", dub), ("6", dub), ("7c", dub)]


# ---------------------------------------------------------------- layer 7 (613.4) and CDAs first (613.3)
@pytest.mark.rule("613.3")
def test_a_characteristic_defining_ability_applies_first_in_its_layer_whatever_its_timestamp():
    """Changeling (702.73a) is a characteristic-defining ability in layer 4: it applies before an
    effect with an earlier timestamp, "each Elf is an artifact", which then finds the object an Elf."""
    s = Scenario("changeling")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    elves_are_artifacts = Effect("4", "each Elf is an artifact", "613.1d", None, 10,
                                 applies=lambda _s, _o, c: "Elf" in c.subtypes, add_types=W({"Artifact"}))
    changeling = Effect("4", "changeling: it is every creature type", "702.73a", bears, 20, affected=on(st, bears),
                        all_creature_types=True, cda=True)
    st = with_effects(st, elves_are_artifacts, changeling)
    assert "Artifact" in characteristics(st, bears).types
    steps = layer_trace(st, bears).steps
    assert [(s.description, s.cda) for s in steps] == [(changeling.description, True),
                                                        (elves_are_artifacts.description, False)]


# ---------------------------------------------------------------- dependency (613.8)
SILENCE = "All creatures lose all abilities."
BANNER = "Other creatures you control have flying."


def _register_practice_statics() -> None:
    """Two practice cards for the existence dependency (not real Magic cards)."""
    def silence(state, source):
        return [Effect("6", "Practice Silence Field: creatures lose all abilities", "613.1f", source.oid,
                       source.timestamp, applies=lambda st, o, c: o.zone is Zone.BATTLEFIELD and c.is_creature,
                       remove_all_abilities=True)]

    def banner(state, source):
        return [Effect("6", "Practice Sky Captain: other creatures you control have flying", "613.1f", source.oid,
                       source.timestamp, applies=lambda st, o, c: o.oid != source.oid and o.zone is Zone.BATTLEFIELD
                       and c.is_creature and o.controller == source.controller,
                       add_keywords=W({Keyword.FLYING}))]
    register(CardDef("Practice Silence Field", "{2}{U}", W({"Enchantment"}), oracle=SILENCE,
                     abilities=(StaticAbility(SILENCE, silence),), source="the kit's practice card (not a real Magic card)"),
             CardDef("Practice Sky Captain", "{2}{W}", W({"Creature"}), W({"Human"}), power=2, toughness=2,
                     oracle=BANNER, abilities=(StaticAbility(BANNER, banner),),
                     source="the kit's practice card (not a real Magic card)"), replace=True)


@pytest.mark.rule("613.8a")
def test_dependency_on_existence_an_ability_removed_in_the_same_layer_applies_first():
    """613.8a (b), existence: the Sky Captain's grant (layer 6, earlier timestamp) depends on the
    Silence Field (layer 6, later), which takes the Captain's ability away: the Field applies
    first, so the grant doesn't exist and the Bears doesn't fly, whatever the timestamps."""
    _register_practice_statics()
    s = Scenario("silence")
    captain = s.add("Practice Sky Captain", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Practice Silence Field", "Alice")
    st = s.state()
    assert st.obj(captain).timestamp < max(o.timestamp for o in st.objects)
    assert Keyword.FLYING not in characteristics(st, bears).keywords
    assert [c.description for c in layer_trace(st, bears).ceased] == [
        "Practice Sky Captain: other creatures you control have flying"]


@pytest.mark.rule("613.8a")
def test_dependency_on_what_an_effect_applies_to_overrides_timestamps():
    """613.8a (b), what it applies to: Practice Assembly ("each noncreature artifact is a 2/2
    artifact creature", earlier) depends on Practice Lattice ("all permanents are artifacts",
    later): the Lattice applies first, so the Forest is a 2/2 artifact creature land."""
    s = Scenario("lattice")
    s.add("Practice Assembly", "Alice")
    forest = s.add("Forest", "Alice")
    s.add("Practice Lattice", "Alice")
    st = s.state()
    c = characteristics(st, forest)
    assert (c.types, c.pt()) == (W({"Land", "Artifact", "Creature"}), "2/2")
    steps = layer_trace(st, forest).steps
    assert [s.description for s in steps[:2]] == ["Practice Lattice: all permanents are artifacts",
                                                  "Practice Assembly: each noncreature artifact is a 2/2 artifact creature"]
    assert steps[1].depends_on == ("Practice Lattice: all permanents are artifacts",)
    assert "613.8a" in steps[1].why


@pytest.mark.rule("613.8a")
def test_no_dependency_across_layers_the_layer_order_decides():
    """613.8a (a): "white creatures get +1/+1" (7c) and "it is white" (5) are in different layers,
    so neither depends on the other; layer 5 comes first anyway (613.9's second example)."""
    s = Scenario("white")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    st = with_effects(st, Effect("7c", "white creatures get +1/+1", "613.4c", None, 10,
                                 applies=lambda _s, _o, c: "white" in c.colors and c.is_creature, delta=(1, 1)),
                      Effect("5", "enchanted creature is white", "105.3", None, 20, affected=on(st, bears),
                             set_colors=W({"white"})))
    assert characteristics(st, bears).pt() == "3/3"
    assert all(s.depends_on == () for s in layer_trace(st, bears).steps)


@pytest.mark.rule("613.8a")
def test_no_dependency_between_a_characteristic_defining_ability_and_another_effect():
    """613.8a (c): a non-CDA effect that makes Elves artifacts would depend on changeling, but one
    is from a characteristic-defining ability and the other isn't, so neither depends on the
    other (the CDA applies first, 613.3, and no step says it waited)."""
    s = Scenario("cda")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    st = with_effects(st, Effect("4", "changeling", "702.73a", bears, 30, affected=on(st, bears),
                                 all_creature_types=True, cda=True),
                      Effect("4", "each Elf is an artifact", "613.1d", None, 10,
                             applies=lambda _s, _o, c: "Elf" in c.subtypes, add_types=W({"Artifact"})),
                      Effect("4", "each artifact is a Knight", "613.1d", None, 5,
                             applies=lambda _s, _o, c: "Artifact" in c.types, add_subtypes=W({"Knight"})))
    steps = layer_trace(st, bears).steps
    assert steps[0].description == "changeling" and steps[0].depends_on == ()
    assert steps[1].depends_on == ()  # the Elf effect waited for nothing: the CDA came first by 613.3
    assert steps[2].depends_on == ("each Elf is an artifact",)  # the Knight effect waited for it (613.8a (b))


@pytest.mark.rule("613.8b")
def test_a_dependency_loop_applies_in_timestamp_order():
    """Each Zombie is a Human; each Human is a Zombie: with Walking Corpse (a Zombie) and Fencing
    Ace (a Human), each changes what the other applies to, a loop, so they apply in timestamp
    order (613.8b); swapping the timestamps swaps the order."""
    s = Scenario("loop")
    corpse = s.add("Walking Corpse", "Alice")
    ace = s.add("Fencing Ace", "Alice")
    base = s.state()

    def loop(first: int, second: int, oid: int) -> list[str]:
        st = with_effects(base, Effect("4", "each Zombie is a Human", "613.1d", None, first,
                                       applies=lambda _s, _o, c: "Zombie" in c.subtypes, add_subtypes=W({"Human"})),
                          Effect("4", "each Human is a Zombie", "613.1d", None, second,
                                 applies=lambda _s, _o, c: "Human" in c.subtypes, add_subtypes=W({"Zombie"})))
        steps = layer_trace(st, oid).steps
        assert "loop" in steps[0].why and "613.8b" in steps[0].why
        assert characteristics(st, corpse).subtypes == characteristics(st, ace).subtypes - {"Soldier"}
        return [s.description for s in steps]
    assert loop(10, 20, corpse) == ["each Zombie is a Human", "each Human is a Zombie"]
    assert loop(20, 10, ace) == ["each Human is a Zombie", "each Zombie is a Human"]


@pytest.mark.rule("613.8c")
def test_the_order_is_worked_out_again_after_each_effect():
    """Three layer 4 effects on two Forests: A (timestamp 1) makes both artifacts; C (2) makes
    noncreature artifacts creatures; B (3) makes both artifacts again. C depends on A and B at
    first; once A has applied, B no longer changes what C applies to, so C is independent of it
    and applies before B by timestamp (613.8c): A, C, B, not A, B, C."""
    s = Scenario("reevaluate")
    x = s.add("Forest", "Alice")
    y = s.add("Forest", "Alice")
    st = s.state()
    both = {x, y}
    a = Effect("4", "A: the Forests are artifacts", "613.1d", None, 1, affected=(st.obj(x).ref, st.obj(y).ref),
               add_types=W({"Artifact"}))
    c = Effect("4", "C: noncreature artifacts are creatures", "613.1d", None, 2,
               applies=lambda _s, o, ch: o.oid in both and "Artifact" in ch.types and not ch.is_creature,
               add_types=W({"Creature"}))
    b = Effect("4", "B: the Forests are artifacts", "613.1d", None, 3, applies=lambda _s, o, _c: o.oid in both,
               add_types=W({"Artifact"}))
    st = with_effects(st, a, c, b)
    assert [d for _layer, d in order(st, x)][:3] == [a.description, c.description, b.description]
    assert characteristics(st, x).is_creature


# ---------------------------------------------------------------- the CR's examples
@pytest.mark.rule("613.5")
def test_the_honor_of_the_pure_example_a_colour_change_turns_the_bonus_on_and_off():
    """613.5's first example: "white creatures you control get +1/+1" and a 2/2 black creature;
    made white (layer 5) it is 3/3 (7c); made red later, it is 2/2 again."""
    s = Scenario("honor")
    bears = s.add("Walking Corpse", "Alice")
    st = s.state()
    honor = Effect("7c", "white creatures you control get +1/+1", "613.4c", None, 5,
                   applies=lambda _s, o, c: c.is_creature and "white" in c.colors and o.controller == "Alice",
                   delta=(1, 1))
    white = Effect("5", "it becomes white", "105.3", None, 10, affected=on(st, bears), set_colors=W({"white"}))
    red = Effect("5", "it becomes red", "105.3", None, 11, affected=on(st, bears), set_colors=W({"red"}))
    assert characteristics(with_effects(st, honor), bears).pt() == "2/2"
    assert characteristics(with_effects(st, honor, white), bears).pt() == "3/3"
    assert characteristics(with_effects(st, honor, white, red), bears).pt() == "2/2"


@pytest.mark.rule("613.6")
def test_the_plus_one_and_a_colour_example_each_part_applies_in_its_layer():
    """613.6's first example: "gets +1/+1 and becomes the color of your choice": the colour part in
    layer 5, the +1/+1 in 7c, one effect with one timestamp."""
    s = Scenario("parts")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    why = "it gets +1/+1 and becomes blue"
    st = with_effects(st, Effect("7c", why, "613.4c", None, 9, affected=on(st, bears), delta=(1, 1)),
                      Effect("5", why, "105.3", None, 9, affected=on(st, bears), set_colors=W({"blue"})))
    assert [s.layer for s in layer_trace(st, bears).steps] == ["5", "7c"]
    assert characteristics(st, bears).colors == W({"blue"})


@pytest.mark.rule("613.6")
def test_the_act_of_treason_example_control_in_layer_2_haste_in_layer_6():
    """613.6's second example, with the real card: "gain control" applies in layer 2, "gains
    haste" in layer 6."""
    s = Scenario("treason", step="main1")
    bears = s.add("Grizzly Bears", "Bob")
    spell = s.add("Act of Treason", "Alice", zone="hand")
    s.mana("Alice", "RRR")
    t = s.timeline()
    t.do(cast("Alice", spell, targets=(bears,)))
    resolve_top(t)
    steps = layer_trace(t.state, bears).steps
    assert [(s.layer, s.controller) for s in steps] == [("2", "Alice"), ("6", "Alice")]
    assert steps[0].timestamp == steps[1].timestamp


@pytest.mark.rule("613.6")
def test_the_noncreature_artifacts_example_the_7b_part_reaches_the_same_permanents():
    """613.6's third example: "each noncreature artifact is a 2/2 artifact creature" (Practice
    Assembly): a Chimeric Staff is a creature after layer 4, and the 7b part still makes it 2/2,
    applied to the same permanents the layer 4 part did."""
    s = Scenario("assembly")
    staff = s.add("Chimeric Staff", "Alice")
    s.add("Practice Assembly", "Alice")
    st = s.state()
    assert characteristics(st, staff).pt() == "2/2"
    assert [s.layer for s in layer_trace(st, staff).steps] == ["4", "7b"]


@pytest.mark.rule("613.9")
def test_the_flying_example_has_flying_and_loses_flying_the_later_wins():
    """613.9's first example: "has flying" and "loses flying" don't depend on each other: in
    timestamp order, the one generated last wins, either way round."""
    s = Scenario("flying")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    gain = Effect("6", "has flying", "613.1f", None, 10, affected=on(st, bears), add_keywords=W({Keyword.FLYING}))
    lose = Effect("6", "loses flying", "613.1f", None, 20, affected=on(st, bears), remove_keywords=W({Keyword.FLYING}))
    assert Keyword.FLYING not in characteristics(with_effects(st, gain, lose), bears).keywords
    assert Keyword.FLYING in characteristics(with_effects(st, replace(gain, timestamp=30), lose), bears).keywords
    assert all(s.depends_on == () for s in layer_trace(with_effects(st, gain, lose), bears).steps)


@pytest.mark.rule("613.9")
def test_the_white_creatures_example_the_bonus_applies_whatever_its_earlier_colour():
    """613.9's second example: "White creatures get +1/+1" and "Enchanted creature is white": the
    enchanted (green) creature gets +1/+1."""
    s = Scenario("white creatures")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    st = with_effects(st, Effect("5", "enchanted creature is white", "105.3", None, 30, affected=on(st, bears),
                                 set_colors=W({"white"})),
                      Effect("7c", "white creatures get +1/+1", "613.4c", None, 10,
                             applies=lambda _s, _o, c: c.is_creature and "white" in c.colors, delta=(1, 1)))
    assert characteristics(st, bears).pt() == "3/3"


# ---------------------------------------------------------------- control everywhere, and the caches
@pytest.mark.rule("302.6")
def test_a_creature_whose_control_changed_this_turn_is_summoning_sick_for_its_new_controller():
    """A layer 2 effect with no haste: once the engine settles, Alice controls Bob's Grizzly Bears
    (613.1b), but not continuously since her turn began, so it can't attack (302.6); Bob's
    permanent list no longer holds it and Alice's does ("you control")."""
    from mtgrules import Timeline, pass_priority, why_cant_attack
    s = Scenario("stolen, no haste", step="main1")
    bears = s.add("Grizzly Bears", "Bob")
    st = s.state()
    st = with_effects(st, Effect("2", "Alice controls the Bears", "613.1b", None, 50, affected=on(st, bears),
                                 set_controller="Alice"))
    t = Timeline(st)
    t.do(pass_priority("Alice"))
    assert t.state.obj(bears).controller == "Alice"
    assert [o.oid for o in t.state.battlefield("Alice")] == [bears] and t.state.battlefield("Bob") == []
    go_to(t, Step.DECLARE_ATTACKERS)
    assert why_cant_attack(t.state, bears).rule == "302.6"


def test_kept_values_match_a_fresh_copy_through_a_control_change_and_its_end():
    """Each state from Threaten's cast to Bob's next turn keeps only derived values a fresh copy
    computes alike (``core.state.derived_from``): the controller written back, the effects and
    characteristics, the battlefield lists by controller."""
    from test_state_caches import derived, fresh_copy
    t, bears, _lord, _corpse, spell = _threatened()
    t.do(cast("Alice", spell, targets=(bears,)))
    resolve_top(t)
    go_to(t, Step.UPKEEP, "Bob")
    for frame in t:
        assert derived(frame.state) == derived(fresh_copy(frame.state)), frame.index


@pytest.mark.rule("613.1f")
def test_layer_6_an_ability_an_effect_gives_is_activated_and_listed_and_a_supertype_is_added():
    """A layer 6 effect gives Grizzly Bears Llanowar Elves' "{T}: Add {G}.": it is the Bears'
    activated ability 0, which legal_actions lists and Alice activates; a layer 4 effect makes it
    legendary (205.4a) without touching its card types."""
    from mtgrules import Timeline, legal_actions
    from mtgrules.cards import card
    s = Scenario("granted", step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    st = s.state()
    elves_mana = card("Llanowar Elves").abilities[0]
    st = with_effects(st, Effect("6", "it has “{T}: Add {G}.”", "613.1f", None, 50, affected=on(st, bears),
                                 add_abilities=(elves_mana,)),
                      Effect("4", "it is legendary", "205.4a", None, 51, affected=on(st, bears),
                             add_supertypes=W({"Legendary"})))
    c = characteristics(st, bears)
    assert (c.supertypes, c.types) == (W({"Legendary"}), W({"Creature"}))
    assert any(getattr(a, "source", None) == bears for a in legal_actions(st))
    t = Timeline(st)
    t.do(activate("Alice", bears, 0))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["G"]
