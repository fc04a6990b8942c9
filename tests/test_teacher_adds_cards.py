"""A teacher adds well-known real cards the way docs/authoring.md says, and each plays as the
Comprehensive Rules say; printed text the kit doesn't play is marked, and an author's mistake is
refused as the card is defined (``CardDefError``, one sentence) with the pool left as it was.

Each card is registered with ``replace=True`` under its real name, as a notebook cell would; the
kit's own pool never holds these names, so the tests don't disturb other tests."""

from __future__ import annotations

import pytest
from combat_support import library, pass_until, refuse
from helpers import pool_restored

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers
from mtgrules.cards import (
    CARD_POOL,
    ActivatedAbility,
    AnyColor,
    CardDef,
    Cost,
    Enchant,
    Keyword,
    ManaAbility,
    StaticAbility,
    Target,
    TriggeredAbility,
    Zone,
    any_target,
    create_token,
    creature_target,
    creatures_you_control,
    dies,
    draw_cards,
    enchanted_has,
    gain_life,
    not_colored,
    opponent_target,
    player_target,
    register,
    tap_for,
    tap_for_one_of,
    this_enters,
)
from mtgrules.core.carddef import CardDefError, not_played_text, unbound_lines
from mtgrules.core.errors import IllegalAction
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.life import lose_life
from mtgrules.rules.zones import move

C = frozenset({"Creature"})
INSTANT, SORCERY = frozenset({"Instant"}), frozenset({"Sorcery"})


@pytest.fixture(autouse=True)
def _pool_as_it_was():
    """The cards a test registers are gone after it (helpers.pool_restored)."""
    with pool_restored():
        yield


def refused_definition(make, *words: str) -> str:
    """``make()`` raises CardDefError naming ``words``, in one sentence, and the pool is unchanged."""
    before = dict(CARD_POOL)
    with pytest.raises(CardDefError) as info:
        make()
    message = str(info.value)
    assert all(w in message for w in words), message
    assert "\n" not in message
    assert CARD_POOL == before
    return message


# ---------------------------------------------------------------- 1. a vanilla creature
def test_a_vanilla_creature_plays_as_printed():
    register(CardDef("Runeclaw Bear", "{1}{G}", C, frozenset({"Bear"}), power=2, toughness=2,
                     source="Magic 2010"), replace=True)
    s = Scenario("Runeclaw Bear", players=["Alice", "Bob"])
    bear = s.add("Runeclaw Bear", "Alice")
    assert characteristics(s.state(), bear).pt() == "2/2"


def test_a_creature_without_toughness_or_with_a_broken_cost_is_refused_and_the_pool_is_unchanged():
    """208.1: a creature card has its power and toughness printed; 202.1: a mana cost is symbols."""
    refused_definition(lambda: register(CardDef("Runeclaw Bear", "{1}{G}", C, power=2), replace=True),
                       "power and toughness")
    refused_definition(lambda: register(CardDef("Runeclaw Bear", "{1}{G", C, power=2, toughness=2),
                                        replace=True), "Runeclaw Bear")


# ---------------------------------------------------------------- 2. flying and vigilance
def test_serra_angel_flies_and_attacks_without_tapping():
    """702.9b (flying) and 702.20b (vigilance)."""
    s = Scenario("Serra Angel", players=["Alice", "Bob"], step="combat")
    angel = s.add("Serra Angel", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [angel]))
    assert not t.state.obj(angel).tapped


# ---------------------------------------------------------------- 3. burn: "any target"
SHOCK = "Shock deals 2 damage to any target."


def _shock(res, item):
    for target in res.any_targets():
        res.damage(target, 2)


def _bolt(res, item):
    for target in res.any_targets():
        res.damage(target, 3)


def test_any_target_written_as_target_creature_is_refused():
    """115.4: "any target" may be a creature, player, planeswalker or battle; a spell that can
    choose only creatures would teach that Shock can't hit a player."""
    refused_definition(lambda: CardDef("Shock", "{R}", INSTANT, oracle=SHOCK, spell=_shock,
                                       spell_target=creature_target()), "any target", "115.4")
    refused_definition(lambda: CardDef("Shock", "{R}", INSTANT, oracle=SHOCK, spell=_shock,
                                       spell_target=creature_target("any target")), "any target")
    refused_definition(lambda: CardDef("Shock", "{R}", INSTANT, oracle=SHOCK, spell=_shock,
                                       spell_target=player_target()), "target player")  # not the text's words


def _real_shock():
    register(CardDef("Shock", "{R}", INSTANT, oracle=SHOCK, spell=_shock, spell_target=any_target(),
                     source="Tenth Edition"), replace=True)


def test_shock_at_a_player_deals_two_damage_to_that_player():
    """115.4: "any target" may be a player, named by name; 120.3a: damage to a player makes them
    lose that much life."""
    _real_shock()
    s = Scenario("Shock Bob", players=["Alice", "Bob"])
    shock = s.add("Shock", "Alice", zone="hand")
    t = resolve_top(s.mana("Alice", "R").timeline().do(cast("Alice", shock, targets=("Bob",))))
    assert t.state.player("Bob").life == 18 and t.state.player("Alice").life == 20
    assert t.state.obj(shock).zone is Zone.GRAVEYARD


def test_shock_at_a_creature_destroys_it_and_not_at_a_land():
    """115.4: "any target" may be a creature (120.3e, 704.5g), but not a land or other object."""
    _real_shock()
    s = Scenario("Shock a bear", players=["Alice", "Bob"])
    shock = s.add("Shock", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    forest = s.add("Forest", "Bob")
    s.mana("Alice", "R")
    refuse(s.state(), cast("Alice", shock, targets=(forest,)), "115.1")
    t = resolve_top(s.timeline().do(cast("Alice", shock, targets=(bears,))))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD and t.state.player("Bob").life == 20


def test_lightning_bolt_at_a_planeswalker_removes_its_loyalty():
    """115.4: "any target" may be a planeswalker; 120.3c: damage to a planeswalker removes that
    many loyalty counters; 704.5i: with none left it goes to its owner's graveyard."""
    text = "Lightning Bolt deals 3 damage to any target."
    register(CardDef("Lightning Bolt", "{R}", INSTANT, oracle=text, spell=_bolt, spell_target=any_target(),
                     source="Magic 2010"), replace=True)
    s = Scenario("Bolt Jace", players=["Alice", "Bob"])
    bolt = s.add("Lightning Bolt", "Alice", zone="hand")
    jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 3})
    t = resolve_top(s.mana("Alice", "R").timeline().do(cast("Alice", bolt, targets=(jace,))))
    assert t.state.obj(jace).zone is Zone.GRAVEYARD
    assert any(e.rule == "120.3c" for f in t for e in f.events)


def test_shock_marked_not_played_is_shown_so():
    shock = CardDef("Shock", "{R}", INSTANT, oracle=SHOCK,
                    not_played=((SHOCK, "a target that may be a player or an object (115.4)"),), source="Tenth Edition")
    register(shock, replace=True)
    assert "not played by this kit" in not_played_text(shock)


def test_a_burn_spell_at_target_creature_deals_noncombat_damage_and_lethal_damage_destroys():
    """120.3e: damage to a creature is marked on it; 704.5g: lethal damage destroys it."""
    text = "Practice Spark deals 2 damage to target creature."
    register(CardDef("Practice Spark", "{R}", INSTANT, oracle=text, spell=_shock, spell_target=creature_target(),
                     source="a test card (not a real Magic card)"), replace=True)
    s = Scenario("Spark", players=["Alice", "Bob"])
    spark = s.add("Practice Spark", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    t = resolve_top(s.mana("Alice", "R").timeline().do(cast("Alice", spark, targets=(bears,))))
    assert any(e.kind == "noncombat damage" for f in t for e in f.events)
    assert t.state.obj(bears).zone is Zone.GRAVEYARD


# ---------------------------------------------------------------- 4. a pinger
PINGER = "{T}: This creature deals 1 damage to target creature."


def _ping(res, item):
    for target in res.targets():
        res.damage(target, 1)


def test_prodigal_sorcerer_pings_a_player_and_a_creature_pinger_obeys_summoning_sickness():
    """115.4 for "any target" (115.1c: chosen as it is activated); 302.6: a creature's {T} ability
    can't be activated unless it has been under its controller's control continuously since their
    most recent turn began."""
    sorcerer = "{T}: This creature deals 1 damage to any target."
    refused_definition(lambda: CardDef(
        "Prodigal Sorcerer", "{2}{U}", C, power=1, toughness=1, oracle=sorcerer,
        abilities=(ActivatedAbility(Cost.of(tap=True), sorcerer, _ping, target=creature_target()),)), "any target")
    register(CardDef("Prodigal Sorcerer", "{2}{U}", C, frozenset({"Human", "Wizard"}), power=1, toughness=1,
                     oracle=sorcerer, source="Tenth Edition",
                     abilities=(ActivatedAbility(Cost.of(tap=True), sorcerer,
                                                 lambda res, item: [res.damage(t, 1) for t in res.any_targets()],
                                                 target=any_target()),)), replace=True)
    s = Scenario("Tim", players=["Alice", "Bob"])
    tim = s.add("Prodigal Sorcerer", "Alice")
    t = resolve_top(s.timeline().do(activate("Alice", tim, targets=("Bob",))))
    assert t.state.player("Bob").life == 19
    register(CardDef("Practice Pinger", "{2}{U}", C, power=1, toughness=1, oracle=PINGER,
                     abilities=(ActivatedAbility(Cost.of(tap=True), PINGER, _ping, target=creature_target()),),
                     source="a test card (not a real Magic card)"), replace=True)
    s = Scenario("Pinger", players=["Alice", "Bob"])
    fresh = s.add("Practice Pinger", "Alice", sick=True)
    old = s.add("Practice Pinger", "Alice")
    elf = s.add("Llanowar Elves", "Bob")
    t = s.timeline()
    refuse(t.state, activate("Alice", fresh, targets=(elf,)), "302.6")
    t = resolve_top(t.do(activate("Alice", old, targets=(elf,))))
    assert t.state.obj(elf).zone is Zone.GRAVEYARD


# ---------------------------------------------------------------- 5. an anthem
ANTHEM = "Creatures you control get +1/+1."


def test_glorious_anthem_pumps_only_its_controllers_creatures():
    """613.4c: a +1/+1 effect applies in layer 7c to the creatures the text names."""
    register(CardDef("Glorious Anthem", "{1}{W}{W}", frozenset({"Enchantment"}), oracle=ANTHEM,
                     abilities=(StaticAbility(ANTHEM, creatures_you_control(1, 1, "613.4c", ANTHEM)),),
                     source="Tenth Edition"), replace=True)
    s = Scenario("Anthem", players=["Alice", "Bob"])
    s.add("Glorious Anthem", "Alice")
    mine, theirs = s.add("Grizzly Bears", "Alice"), s.add("Grizzly Bears", "Bob")
    state = s.state()
    assert (characteristics(state, mine).pt(), characteristics(state, theirs).pt()) == ("3/3", "2/2")


# ---------------------------------------------------------------- 6. a board wipe
WRATH = "Destroy all creatures. They can't be regenerated."


def _wrath(res, item):
    with res.d.one_event():  # "destroy all creatures": they are destroyed at once (608.2c, 603.10)
        for obj in list(res.state.battlefield()):
            if characteristics(res.state, obj.oid).is_creature:
                res.destroy(obj)


def test_wrath_of_god_destroys_every_creature_but_an_indestructible_one():
    """701.8a destroy; 702.12b an indestructible permanent isn't destroyed."""
    register(CardDef("Wrath of God", "{2}{W}{W}", SORCERY, oracle=WRATH, spell=_wrath, source="Tenth Edition"),
             replace=True)
    s = Scenario("Wrath", players=["Alice", "Bob"])
    wrath = s.add("Wrath of God", "Alice", zone="hand")
    bears, angel, myr = s.add("Grizzly Bears", "Alice"), s.add("Serra Angel", "Bob"), s.add("Darksteel Myr", "Bob")
    t = resolve_top(s.mana("Alice", "WWWW").timeline().do(cast("Alice", wrath)))
    assert t.state.obj(bears).zone is t.state.obj(angel).zone is Zone.GRAVEYARD
    assert t.state.obj(myr).zone is Zone.BATTLEFIELD


# ---------------------------------------------------------------- 7. a draw spell
def test_divination_draws_two():
    """121.1: drawing puts the top card of the library into hand."""
    text = "Draw two cards."
    register(CardDef("Divination", "{2}{U}", SORCERY, oracle=text,
                     spell=lambda res, item: draw_cards(res.d, res.controller, 2), source="Magic 2010"), replace=True)
    s = Scenario("Divination", players=["Alice", "Bob"])
    library(s, "Alice")
    div = s.add("Divination", "Alice", zone="hand")
    t = resolve_top(s.mana("Alice", "UUU").timeline().do(cast("Alice", div)))
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 2


# ---------------------------------------------------------------- 8. removal with a restriction
DOOM_BLADE = "Destroy target nonblack creature."


def _destroy(res, item):
    for obj in res.targets():
        res.destroy(obj)


def test_doom_blade_with_a_target_creature_test_is_refused():
    """115.1: the target is what the text says; "target creature" would let a black creature be chosen."""
    refused_definition(lambda: register(CardDef("Doom Blade", "{1}{B}", INSTANT, oracle=DOOM_BLADE,
                                                spell=_destroy, spell_target=creature_target()), replace=True),
                       "'target creature'", "Doom Blade")


def test_doom_blade_cant_target_a_black_creature():
    """115.1 with 202.2: Walking Corpse ({1}{B}) is black, so "target nonblack creature" can't choose
    it; Grizzly Bears ({1}{G}) is green and is destroyed. ``not_colored`` reads the colour the
    layers compute (613.1e), not the printed cost."""
    register(CardDef("Doom Blade", "{1}{B}", INSTANT, oracle=DOOM_BLADE, spell=_destroy,
                     spell_target=creature_target("target nonblack creature", also=not_colored("black")),
                     source="Magic 2010"), replace=True)
    s = Scenario("Doom Blade", players=["Alice", "Bob"])
    blade = s.add("Doom Blade", "Alice", zone="hand")
    corpse, bears = s.add("Walking Corpse", "Bob"), s.add("Grizzly Bears", "Bob")
    t = s.mana("Alice", "BB").timeline()
    assert "target nonblack creature" in refuse(t.state, cast("Alice", blade, targets=(corpse,)), "115.1").reason
    t = resolve_top(t.do(cast("Alice", blade, targets=(bears,))))
    assert t.state.obj(bears).zone is Zone.GRAVEYARD


def test_a_spell_that_says_target_but_gives_none_is_refused():
    refused_definition(lambda: CardDef("Doom Blade", "{1}{B}", INSTANT, oracle=DOOM_BLADE, spell=_destroy),
                       "says \"target\"")
    refused_definition(lambda: CardDef("Divination", "{2}{U}", SORCERY, oracle="Draw two cards.",
                                       spell=_destroy, spell_target=creature_target()), "doesn't say \"target\"")


# ---------------------------------------------------------------- 9. an Aura: Pacifism
PACIFISM = ("Enchant creature", "Enchanted creature can't attack or block.")


def test_pacifism_stops_its_creature_attacking_and_blocking():
    """303.4a the Aura targets what it can enchant; 508.1c / 509.1b restrictions."""
    register(CardDef("Pacifism", "{1}{W}", frozenset({"Enchantment"}), frozenset({"Aura"}),
                     oracle="\n".join(PACIFISM),
                     abilities=(Enchant(PACIFISM[0], creature_target()),
                                StaticAbility(PACIFISM[1], enchanted_has(Keyword.CANT_ATTACK, Keyword.CANT_BLOCK,
                                                                         rule="508.1c", why=PACIFISM[1]))),
                     source="Tenth Edition"), replace=True)
    assert unbound_lines(CARD_POOL["Pacifism"]) == []
    s2 = Scenario("Pacifism", players=["Alice", "Bob"], active="Bob", step="main1")
    pacifism = s2.add("Pacifism", "Bob", zone="hand")
    bears = s2.add("Grizzly Bears", "Alice")
    other = s2.add("Grizzly Bears", "Alice")
    t = resolve_top(s2.mana("Bob", "WW").timeline().do(cast("Bob", pacifism, targets=(bears,))))
    assert t.state.obj(pacifism).attached_to == bears
    keywords = characteristics(t.state, bears).keywords
    assert Keyword.CANT_ATTACK in keywords and Keyword.CANT_BLOCK in keywords
    assert Keyword.CANT_BLOCK not in characteristics(t.state, other).keywords


# ---------------------------------------------------------------- 10. an enters trigger
MONK = "When this creature enters, you gain 2 life."


def test_venerable_monks_enters_trigger_gains_life_and_a_spell_on_a_creature_is_refused():
    """603.6a an enters ability triggers as the permanent enters; 608.3 a permanent spell resolves
    by entering the battlefield, so a ``spell`` on a creature card would never run."""
    refused_definition(lambda: CardDef("Venerable Monk", "{2}{W}", C, power=2, toughness=2, oracle=MONK,
                                       spell=lambda res, item: gain_life(res.d, res.controller, 2, "Monk")),
                       "608.3")
    register(CardDef("Venerable Monk", "{2}{W}", C, frozenset({"Human", "Monk", "Cleric"}), power=2, toughness=2,
                     oracle=MONK, abilities=(TriggeredAbility(MONK, "zone change", this_enters,
                                                              lambda res, item: gain_life(res.d, res.controller, 2,
                                                                                          "Venerable Monk")),),
                     source="Tenth Edition"), replace=True)
    s = Scenario("Monk", players=["Alice", "Bob"])
    monk = s.add("Venerable Monk", "Alice", zone="hand")
    t = resolve_top(s.mana("Alice", "WWW").timeline().do(cast("Alice", monk)))
    t = resolve_top(t)  # the trigger
    assert t.state.player("Alice").life == 22


# ---------------------------------------------------------------- 11. a dies trigger
TRAVELER = "When this creature dies, create a 1/1 white Spirit creature token with flying."


def test_doomed_traveler_leaves_a_spirit_when_it_dies():
    """700.4 dies; 603.10a a leaves-the-battlefield ability looks back; 111.1 tokens."""
    register(CardDef("Practice Spirit Token", "", C, frozenset({"Spirit"}), power=1, toughness=1,
                     oracle="Flying", keywords=frozenset({Keyword.FLYING}), source="a test token", token=True,
                     color_indicator=frozenset({"white"})),  # "a 1/1 white Spirit" (111.3)
             replace=True)
    register(CardDef("Doomed Traveler", "{W}", C, frozenset({"Human", "Soldier"}), power=1, toughness=1,
                     oracle=TRAVELER,
                     abilities=(TriggeredAbility(TRAVELER, "zone change", dies,
                                                 lambda res, item: create_token(res.d, "Practice Spirit Token",
                                                                                res.controller, "111.1"),
                                                 looks_back=True),),
                     source="Innistrad"), replace=True)
    s = Scenario("Traveler", players=["Alice", "Bob"], active="Bob")
    traveler = s.add("Doomed Traveler", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    t = resolve_top(s.mana("Bob", "BBB").timeline().do(cast("Bob", murder, targets=(traveler,))))
    t = resolve_top(t)
    assert [o.card for o in t.state.battlefield("Alice")] == ["Practice Spirit Token"]
    assert characteristics(t.state, t.state.battlefield("Alice")[0].oid).colors == {"white"}


# ---------------------------------------------------------------- 12. a counterspell
COUNTERSPELL = "Counter target spell."


def _a_spell(state, player, obj):
    return obj.zone is Zone.STACK and any(i.kind == "spell" and i.source.oid == obj.oid for i in state.stack)


def test_counterspell_counters_a_creature_spell_into_the_graveyard():
    """701.6a a countered spell is removed from the stack, doesn't resolve, and goes to the graveyard."""
    register(CardDef("Counterspell", "{U}{U}", INSTANT, oracle=COUNTERSPELL,
                     spell=lambda res, item: [res.counter(o) for o in res.targets()],
                     spell_target=Target("target spell", _a_spell, frozenset({Zone.STACK})), source="Tenth Edition"),
             replace=True)
    s = Scenario("Counterspell", players=["Alice", "Bob"])
    bears = s.add("Grizzly Bears", "Alice", zone="hand")
    counter = s.add("Counterspell", "Bob", zone="hand")
    t = s.mana("Alice", "GG").mana("Bob", "UU").timeline().do(cast("Alice", bears))
    t.do(pass_priority_of(t, "Alice"))
    t = resolve_top(t.do(cast("Bob", counter, targets=(bears,))))
    assert t.state.stack == ()
    assert t.state.obj(bears).zone is Zone.GRAVEYARD


def _misfire_cast():
    """Bob casts a made-up instant whose resolver counters a creature (an author's mistake:
    701.6a counters spells) at Alice's Grizzly Bears; the timeline and the Bears' id."""
    register(CardDef("Practice Misfire", "{U}", INSTANT, oracle="Counter target creature.",
                     spell=lambda res, item: [res.counter(o) for o in res.targets()],
                     spell_target=creature_target(), source="made up for the tests"), replace=True)
    s = Scenario("A misfiring counter", players=["Alice", "Bob"])
    bears = s.add("Grizzly Bears", "Alice")
    misfire = s.add("Practice Misfire", "Bob", zone="hand")
    t = s.mana("Bob", "U").timeline().do(pass_priority_of(None, "Alice"))
    return t.do(cast("Bob", misfire, targets=(bears,))), bears


def test_countering_something_that_is_not_a_spell_on_the_stack_is_refused_and_changes_nothing():
    """701.6a counters a spell; an author's resolver that counters a permanent would otherwise have
    moved it to the graveyard as if it were a countered spell."""
    t, bears = _misfire_cast()
    steps = len(t)
    with pytest.raises(ValueError, match="only a spell on the stack"):
        resolve_top(t)
    assert len(t) == steps and t.state.obj(bears).zone is Zone.BATTLEFIELD and len(t.state.stack) == 1


def test_go_to_takes_back_its_passes_when_a_cards_code_fails_as_it_resolves():
    """go_to passes until a step; a fault raised by a card's resolver on the way left the passes
    before it played (only refusals were taken back)."""
    t = _misfire_cast()[0]
    steps = len(t)
    with pytest.raises(ValueError, match="only a spell on the stack"):
        go_to(t, Step.END)
    assert len(t) == steps and len(t.state.stack) == 1


def pass_priority_of(t, player):
    from mtgrules import pass_priority
    return pass_priority(player)


# ---------------------------------------------------------------- 13. lifelink
def test_a_teachers_lifelinker_gains_its_controller_the_combat_damage():
    """702.15b: damage dealt by a source with lifelink causes its controller to gain that much life."""
    register(CardDef("Ajani's Sunstriker", "{W}{W}", C, frozenset({"Cat", "Cleric"}), power=2, toughness=2,
                     oracle="Lifelink", keywords=frozenset({"lifelink"}), source="Magic 2013"), replace=True)
    s = Scenario("Lifelink", players=["Alice", "Bob"], step="combat")
    cat = s.add("Ajani's Sunstriker", "Alice")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [cat]))
    t = pass_until(t, Step.END_COMBAT)
    assert (t.state.player("Alice").life, t.state.player("Bob").life) == (22, 18)


# ---------------------------------------------------------------- 14. a land with two mana abilities
SHORES = ("{T}: Add {C}.", "{1}, {T}: Add one mana of any color.")


def test_unknown_shores_has_two_mana_abilities():
    """605.1a mana abilities; 106.4 mana goes to the pool."""
    register(CardDef("Unknown Shores", "", frozenset({"Land"}), oracle="\n".join(SHORES),
                     abilities=(tap_for("C"), ManaAbility(Cost.of("{1}", tap=True), AnyColor(), SHORES[1])),
                     source="Dominaria"), replace=True)
    assert unbound_lines(CARD_POOL["Unknown Shores"]) == []
    s = Scenario("Shores", players=["Alice", "Bob"])
    shores = s.add("Unknown Shores", "Alice")
    t = s.timeline().do(activate("Alice", shores, 0))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["C"]


def test_tap_for_two_colours_under_or_text_is_refused():
    """106.1: "Add {R} or {G}" adds one mana; tap_for("R", "G") would add two."""
    refused_definition(lambda: tap_for("R", "G", text="{T}: Add {R} or {G}."), "{R}{G}")


# ---------------------------------------------------------------- 15. keywords the kit lacks
WHITE_KNIGHT = ("First strike", "Protection from black")
HUMAN_HATER = ("First strike", "Protection from Humans")


def test_protection_is_a_keyword_and_a_quality_the_kit_lacks_is_refused_and_shown_not_played():
    """702.16: protection from a quality the kit knows (black) is a keyword, and its printed line
    is bound by it; one whose quality the kit doesn't play (Humans) is refused as a keyword and,
    left as a printed line, shown as not played."""
    knight = CardDef("White Knight", "{W}{W}", C, frozenset({"Human", "Knight"}), power=2, toughness=2,
                     oracle="\n".join(WHITE_KNIGHT), keywords=frozenset({"first strike", "protection from black"}),
                     source="Tenth Edition")
    register(knight, replace=True)
    assert unbound_lines(knight) == [] and not_played_text(knight) == ""
    refused_definition(lambda: CardDef("Human Hater", "{W}{W}", C, power=2, toughness=2,
                                       oracle="\n".join(HUMAN_HATER),
                                       keywords=frozenset({"first strike", "protection from humans"})),
                       "unknown keyword 'protection from humans'")
    hater = CardDef("Human Hater", "{W}{W}", C, frozenset({"Knight"}), power=2, toughness=2,
                    oracle="\n".join(HUMAN_HATER), keywords=frozenset({"first strike"}), source="a teacher's card")
    assert unbound_lines(hater) == ["Protection from Humans"]
    assert "“Protection from Humans” (not played by this kit" in not_played_text(hater)


def test_a_flashback_line_on_an_instant_is_not_played_by_its_spell():
    """113.3a: text on an instant is a spell ability unless it is an activated, triggered or static
    ability; flashback (702.34) is a keyword ability the kit doesn't play, so it must show as not played."""
    think = CardDef("Think Twice", "{1}{U}", INSTANT, oracle="Draw a card.\nFlashback {2}{U}",
                    spell=lambda res, item: draw_cards(res.d, res.controller, 1), source="Time Spiral")
    assert unbound_lines(think) == ["Flashback {2}{U}"]
    assert "Flashback {2}{U}" in not_played_text(think)


# ---------------------------------------------------------------- mistakes in the ability objects
def test_a_mistake_in_an_ability_is_a_card_def_error_in_one_sentence():
    """The teacher catches one error type for every authoring mistake, raised as the card is defined."""
    refused_definition(lambda: Cost.of("{1}{G"), "{1}{G")
    refused_definition(lambda: TriggeredAbility(MONK, "zone chnage", this_enters, lambda res, item: None),
                       "'zone chnage' is not an event kind")
    refused_definition(lambda: ActivatedAbility(PINGER, Cost.of(tap=True), _ping), "cost")


def test_a_pacified_creature_is_refused_as_an_attacker():
    """508.1c: a creature with a restriction "can't attack" can't be declared as an attacker."""
    test_pacifism_stops_its_creature_attacking_and_blocking()
    s = Scenario("Pacifism on the attacker", players=["Alice", "Bob"], step="combat")
    bears = s.add("Grizzly Bears", "Alice")
    pacifism = s.add("Pacifism", "Bob", attached_to=bears)
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    assert s.state().obj(pacifism).attached_to == bears
    assert refuse(t.state, declare_attackers("Alice", [bears]), "508.1c").reason


def test_an_ability_whose_text_isnt_a_printed_line_is_refused():
    """A typo in the ability's text would play the ability while its printed line is shown as not
    played: the card would teach two different things at once."""
    refused_definition(lambda: CardDef(
        "Venerable Monk", "{2}{W}", C, power=2, toughness=2, oracle=MONK,
        abilities=(TriggeredAbility("When this creature enters, you gain 3 life.", "zone change", this_enters,
                                    lambda res, item: None),)), "is not a line of its Oracle text")


def test_an_ability_with_reminder_text_binds_the_printed_keyword_line():
    """The line "Lifelink" is played by an ability written "Lifelink (Damage dealt ...)", and the reverse."""
    remind = "Lifelink (Damage dealt by this creature also causes you to gain that much life.)"
    static = StaticAbility(remind, lambda state, source: [])
    assert unbound_lines(CardDef("Practice Reminder", "{W}", C, power=1, toughness=1, oracle="Lifelink",
                                 abilities=(static,))) == []
    assert unbound_lines(CardDef("Practice Reminder", "{W}", C, power=1, toughness=1, oracle=remind,
                                 abilities=(StaticAbility("Lifelink", lambda state, source: []),))) == []


# ---------------------------------------------------------------- a land that adds one of two colours
OASIS = ("This land enters tapped.", "{T}: Add {R} or {G}.")


def test_shivan_oasis_adds_one_mana_of_red_or_green():
    """106.1: "Add {R} or {G}" adds one mana of the chosen type; "enters tapped" replaces how it enters (614.1d)."""
    from mtgrules import MissingChoice
    from mtgrules.cards import EntersWith, tap_for_one_of
    register(CardDef("Shivan Oasis", "", frozenset({"Land"}), oracle="\n".join(OASIS),
                     abilities=(EntersWith(OASIS[0], tapped=True), tap_for_one_of("R", "G")),
                     source="Magic 2020"), replace=True)
    assert unbound_lines(CARD_POOL["Shivan Oasis"]) == []
    s = Scenario("Oasis", players=["Alice", "Bob"])
    oasis = s.add("Shivan Oasis", "Alice")
    t = s.timeline()
    with pytest.raises(MissingChoice):
        t.do(activate("Alice", oasis))
    refuse(t.state, activate("Alice", oasis, color="U"), "106.1a")
    t.do(activate("Alice", oasis, "{T}: Add {R} or {G}", color="G"))  # by its text, or its number 0
    assert [m.type.value for m in t.state.player("Alice").pool] == ["G"]


def test_a_pinger_at_target_player_deals_damage_and_a_spell_at_a_player_or_planeswalker_plays():
    """120.3a: damage dealt to a player causes that player to lose that much life; an activated
    ability marked target_player asks the player as a choice (115.1c). A spell's "target player or
    planeswalker" is a Target with players= (115.1a), and one that gives only objects is refused."""
    from mtgrules.rules.targeting import TARGET_PLAYER
    text = "{T}: This creature deals 1 damage to target player."
    register(CardDef("Practice Player Pinger", "{1}{R}", C, power=1, toughness=1, oracle=text,
                     abilities=(ActivatedAbility(Cost.of(tap=True), text,
                                                 lambda res, item: res.damage(item.get(TARGET_PLAYER), 1),
                                                 target_player=True),),
                     source="a test card (not a real Magic card)"), replace=True)
    s = Scenario("Ping a player", players=["Alice", "Bob"])
    pinger = s.add("Practice Player Pinger", "Alice")
    t = resolve_top(s.timeline().do(activate("Alice", pinger, targets=("Bob",))))
    assert t.state.player("Bob").life == 19
    spike = "Lava Spike deals 3 damage to target player or planeswalker."
    refused_definition(lambda: CardDef("Lava Spike", "{R}", SORCERY, oracle=spike, spell=_bolt,
                                       spell_target=creature_target("target player or planeswalker")), "115.1")
    walker = Target("target player or planeswalker",
                    lambda state, player, obj: "Planeswalker" in characteristics(state, obj.oid).types,
                    players=lambda state, controller, name: True)
    register(CardDef("Lava Spike", "{R}", SORCERY, oracle=spike, spell=_bolt, spell_target=walker,
                     source="Champions of Kamigawa"), replace=True)
    s = Scenario("Spike", players=["Alice", "Bob"])
    lava = s.add("Lava Spike", "Alice", zone="hand")
    bears = s.add("Grizzly Bears", "Bob")
    s.mana("Alice", "R")
    refuse(s.state(), cast("Alice", lava, targets=(bears,)), "115.1")
    t = resolve_top(s.timeline().do(cast("Alice", lava, targets=("Bob",))))
    assert t.state.player("Bob").life == 17


# ---------------------------------------------------------------- "target opponent" on a trigger
SOVEREIGN = "When this creature enters, target opponent loses 3 life and you gain 3 life."


def _sovereign(res, item):
    for who in res.target_players():
        lose_life(res.d, who, 3, "Vampire Sovereign")
    gain_life(res.d, res.controller, 3, "Vampire Sovereign")


def test_vampire_sovereigns_trigger_targets_an_opponent_named_by_name():
    """115.1d: a trigger's target is chosen as it is put on the stack (603.3d); "target opponent"
    is a player not on its controller's team (102.3), so Alice can't choose herself."""
    register(CardDef("Vampire Sovereign", "{3}{B}{B}", C, frozenset({"Vampire"}), power=3, toughness=4,
                     keywords=frozenset({"flying"}), oracle="Flying\n" + SOVEREIGN, source="Magic 2019",
                     abilities=(TriggeredAbility(SOVEREIGN, "zone change", this_enters, _sovereign,
                                                 target=opponent_target()),)), replace=True)
    s = Scenario("Sovereign", players=["Alice", "Bob", "Carol"])
    vampire = s.add("Vampire Sovereign", "Alice", zone="hand")
    t = s.mana("Alice", "BBBBB").timeline().do(cast("Alice", vampire))
    with pytest.raises(IllegalAction) as info:
        resolve_top(t, target="Alice")
    assert info.value.rule == "603.3d"
    t = resolve_top(resolve_top(t, target="Bob"))
    assert [t.state.player(p).life for p in ("Alice", "Bob", "Carol")] == [23, 17, 20]


# ---------------------------------------------------------------- the verbs refuse what they can't do
def test_countering_a_spell_leaves_an_ability_of_the_same_card_on_the_stack():
    """113.7a: an ability on the stack exists independently of its source. A creature's enters
    trigger waits on the stack while the card, returned to hand and cast again, is countered:
    only the spell leaves the stack (701.6a); the trigger stayed there."""
    etb = "When this creature enters, you gain 1 life."
    bounce = "Return target creature to its owner's hand."
    register(CardDef("Practice Flasher", "{G}", C, power=1, toughness=1, oracle="Flash\n" + etb,
                     keywords=frozenset({Keyword.FLASH}), source="made up for the tests",
                     abilities=(TriggeredAbility(etb, "zone change", this_enters,
                                                 lambda res, item: gain_life(res.d, res.controller, 1, "Flasher")),)),
             replace=True)
    register(CardDef("Practice Bounce", "{U}", INSTANT, oracle=bounce, spell_target=creature_target(),
                     spell=lambda res, item: [move(res.d, o.oid, Zone.HAND, "400.7", "returned") for o in res.targets()],
                     source="made up for the tests"), replace=True)
    register(CardDef("Counterspell", "{U}{U}", INSTANT, oracle=COUNTERSPELL,
                     spell=lambda res, item: [res.counter(o) for o in res.targets()],
                     spell_target=Target("target spell", _a_spell, frozenset({Zone.STACK})), source="Tenth Edition"),
             replace=True)
    s = Scenario("A trigger outlives its countered card", players=["Alice", "Bob"])
    flasher = s.add("Practice Flasher", "Alice", zone="hand")
    bounce_card = s.add("Practice Bounce", "Alice", zone="hand")
    counter = s.add("Counterspell", "Bob", zone="hand")
    t = resolve_top(s.mana("Alice", "GGU").mana("Bob", "UU").timeline().do(cast("Alice", flasher)))
    assert [i.kind for i in t.state.stack] == ["trigger"]
    t = resolve_top(t.do(cast("Alice", bounce_card, targets=(flasher,))))
    t.do(cast("Alice", flasher)).do(pass_priority_of(None, "Alice"))
    t = resolve_top(t.do(cast("Bob", counter, targets=(flasher,))))
    assert t.state.obj(flasher).zone is Zone.GRAVEYARD
    assert [i.kind for i in t.state.stack] == ["trigger"], "the enters trigger is still waiting"


@pytest.mark.parametrize("recipient, amount, words", [
    ("Zed", 2, "player in the game"), ("graveyard", 2, "on the battlefield"), ("itself", 2, "on the battlefield"),
    ("Bob", -3, "0 or more"), ("Bob", 1.5, "whole number"), ("Bob", True, "whole number")])
def test_damage_from_a_resolver_refuses_what_cant_be_dealt_damage_and_plays_nothing(recipient, amount, words):
    """120.1: only battles, creatures, planeswalkers and players can be dealt damage, and an
    amount is a whole number. A resolver asking otherwise is refused, the passes taken back."""
    def _bad(res, item):
        who = {"graveyard": lambda: res.state.obj(dead), "itself": lambda: res.state.obj(item.source.oid)}
        res.damage(who[recipient]() if recipient in who else recipient, amount)
    register(CardDef("Practice Misaimed Bolt", "{R}", INSTANT, oracle="Practice Misaimed Bolt misfires.",
                     spell=_bad, source="made up for the tests"), replace=True)
    s = Scenario("A misaimed bolt", players=["Alice", "Bob"])
    dead = s.add("Grizzly Bears", "Alice", zone="graveyard")
    bolt = s.add("Practice Misaimed Bolt", "Alice", zone="hand")
    t = s.mana("Alice", "R").timeline().do(cast("Alice", bolt))
    steps = len(t)
    with pytest.raises(ValueError, match=words):
        resolve_top(t)
    assert len(t) == steps and t.state.player("Bob").life == 20


def test_tap_for_reads_only_what_its_text_adds_and_refuses_a_rider_it_would_not_play():
    """106.1 which mana it adds; 106.6 a spending restriction is more than tap_for plays."""
    assert tap_for("C", "C", text="{T}: Add {C}{C}.").text == "{T}: Add {C}{C}."
    refused_definition(lambda: tap_for("C", "C", text="{T}: Add {C}{C}. Spend this mana only to cast colorless "
                                       "Eldrazi spells or activate abilities of colorless Eldrazi."), "106.6")
    refused_definition(lambda: tap_for("X"), "tap_for", "106.1")
    refused_definition(lambda: tap_for_one_of("R", "G", text="{T}: Add {W} or {U}."), "other mana")
    refused_definition(lambda: tap_for_one_of("R", "R"), "two different types")


def test_in_addition_to_its_other_colors_needs_a_colour_to_add():
    """105.3: "becomes [colour] in addition to its other colors" adds a colour; none given is the
    author's mistake, said in the words they used."""
    register(CardDef("Practice Tint", "{U}", INSTANT, oracle="Target creature becomes its colors.",
                     spell_target=creature_target(),
                     spell=lambda res, item: [res.becomes_color(o, frozenset(), "Tint", in_addition=True)
                                              for o in res.targets()], source="made up for the tests"),
             replace=True)
    s = Scenario("A tint of nothing", players=["Alice", "Bob"])
    bears = s.add("Grizzly Bears", "Alice")
    tint = s.add("Practice Tint", "Alice", zone="hand")
    t = s.mana("Alice", "U").timeline().do(cast("Alice", tint, targets=(bears,)))
    with pytest.raises(ValueError, match="at least one colour"):
        resolve_top(t)
