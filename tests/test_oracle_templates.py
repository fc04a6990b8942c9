"""Each template of the Oracle grammar, played by a real card from the kit's four core sets.

Every card here comes from the kit's MTGJSON data and is compiled from its printed text; none is
hand-written. Each test plays the card on a small board and asserts what the rules say happens,
citing the rule; a meta-test checks that every template of ``grammar.lark`` has a card here, so
a template can't be added (or dropped) without a test seeing it.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
from combat_support import pass_until

from mtgrules import Scenario, Step, activate, cast, characteristics, declare_attackers
from mtgrules.cards import card
from mtgrules.cards.oracle.compiler import compile_card
from mtgrules.cards.oracle.source import compiled
from mtgrules.core.carddef import CARD_POOL
from mtgrules.core.objects import Zone
from mtgrules.play.verbs import resolve_top

TEMPLATES: dict[str, str] = {}
"""grammar template (a rule or an alias of ``grammar.lark``) -> the real card whose test plays it."""

TOPIC_TEST_MODULES: tuple[str, ...] = ("test_oracle_evasion", "test_oracle_library", "test_oracle_casting",
                                      "test_oracle_effects", "test_oracle_permanents", "test_oracle_auras",
                                      "test_oracle_statics", "test_oracle_triggers", "test_oracle_walkers",
                                      "test_oracle_references", "test_oracle_amounts", "test_oracle_followups")
"""The test modules of rules topics (``tests/test_oracle_<topic>.py``) whose ``@plays`` marks the
meta-test counts too: each is imported by the meta-test, so its templates are registered."""


def plays(*templates: str, card_name: str):
    """Mark a test as playing these templates with ``card_name`` (a compiled, fully played card)."""
    def mark(fn):
        for t in templates:
            TEMPLATES.setdefault(t, card_name)
        return fn
    return mark


def fully_compiled(name: str):
    assert name not in CARD_POOL or CARD_POOL[name].source.startswith("MTGJSON"), f"{name} is hand-written"
    c = compiled(name)
    assert c is not None and c.status == "played", [s for s in c.lines if not s.played] if c else name
    return card(name)


def board(*cards: tuple[str, str], step: str = "main1", mana: str = "", life: int | None = None):
    """A two-player board: (name, where) for Alice, where is "hand" or "battlefield"; Bob's with "bob:"."""
    s = Scenario("template", players=["Alice", "Bob"], step=step)
    ids = []
    for name, where in cards:
        owner = "Bob" if where.startswith("bob:") else "Alice"
        zone = where.removeprefix("bob:")
        ids.append(s.add(name, owner, zone=zone))
    for p in ("Alice", "Bob"):
        for _ in range(5):
            s.add("Forest", p, zone="library")
    if mana:
        s.mana("Alice", mana)
    return s, ids


def cast_and_resolve(s, spell, targets=(), **choices):
    t = s.timeline()
    t.do(cast("Alice", spell, targets=targets))
    resolve_top(t, **choices)
    return t


def activate_and_resolve(s, source, index=0, targets=()):
    """Alice activates ``source``'s ability ``index`` (counted among its activated abilities) and it resolves."""
    t = s.timeline()
    t.do(activate("Alice", source, index, targets=targets))
    resolve_top(t)
    return t


def pass_to_upkeep_trigger(t):
    """Pass priority until an upkeep begins with a trigger waiting on the stack (503.1a)."""
    import mtgrules
    for _ in range(12):
        if t.state.step is Step.UPKEEP and t.state.stack:
            return t
        t.do(next(a for a in mtgrules.legal_actions(t.state) if type(a).__name__ == "PassPriority"))
    return t


def cited(t, rule: str) -> bool:
    return any(e.rule == rule for f in t for e in f.events)


# ---------------------------------------------------------------- keywords, replacement, Auras
@pytest.mark.rule("702.9b")
@plays("keyword_line", "keyword", card_name="Angel of Mercy")
def test_keyword_line_gives_the_keywords_angel_of_mercy_flies():
    fully_compiled("Angel of Mercy")
    s, (angel,) = board(("Angel of Mercy", "battlefield"))
    assert "flying" in characteristics(s.state(), angel).keywords


@pytest.mark.rule("614.1c")
@plays("enters_tapped", card_name="Diregraf Ghoul")
def test_enters_tapped_diregraf_ghoul():
    fully_compiled("Diregraf Ghoul")
    s, (ghoul,) = board(("Diregraf Ghoul", "hand"), mana="B")
    t = cast_and_resolve(s, ghoul)
    now = t.state.obj(next(o.oid for o in t.state.objects if o.card == "Diregraf Ghoul"))
    assert now.zone is Zone.BATTLEFIELD and now.tapped


@pytest.mark.rule("303.4a")
@plays("enchant", "enchant_what", "static_pump", "enchanted", card_name="Holy Strength")
def test_enchant_and_enchanted_creature_gets_holy_strength():
    fully_compiled("Holy Strength")
    s, (aura, bear) = board(("Holy Strength", "hand"), ("Grizzly Bears", "battlefield"), mana="W")
    t = cast_and_resolve(s, aura, targets=(bear,))
    assert characteristics(t.state, bear).pt() == "3/4"  # +1/+2 (613.4c)


@pytest.mark.rule("508.1c")
@plays("enchanted_cant_attack_or_block", card_name="Pacifism")
def test_pacifism_enchanted_creature_cant_attack():
    fully_compiled("Pacifism")
    s, (aura, bear) = board(("Pacifism", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CW")
    t = cast_and_resolve(s, aura, targets=(bear,))
    assert {"can't attack", "can't block"} <= set(characteristics(t.state, bear).keywords)


# ---------------------------------------------------------------- mana abilities (605)
@pytest.mark.rule("605.1a")
@plays("mana_ability", "mana_one_of", "mana_symbol", card_name="Cinder Barrens")
def test_tap_for_one_of_two_colors_cinder_barrens():
    fully_compiled("Cinder Barrens")
    s, (land,) = board(("Cinder Barrens", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", land, "{T}: Add {B} or {R}", choices={"color": "R"}))  # by its text
    assert [m.type.value for m in t.state.player("Alice").pool] == ["R"]


@pytest.mark.rule("106.4")
@plays("mana_fixed", "mana_symbols", card_name="Llanowar Visionary")
def test_tap_for_fixed_mana_llanowar_visionary():
    fully_compiled("Llanowar Visionary")
    s, (elf,) = board(("Llanowar Visionary", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", elf, 0))  # its only activated ability, after its enters trigger
    assert [m.type.value for m in t.state.player("Alice").pool] == ["G"]


@pytest.mark.rule("106.4")
@plays("mana_any_color", card_name="Manalith")
def test_tap_for_any_color_manalith():
    fully_compiled("Manalith")
    s, (rock,) = board(("Manalith", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", rock, choices={"color": "U"}))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["U"]


# ---------------------------------------------------------------- activated (602)
@pytest.mark.rule("613.4c")
@plays("activated", "cost", "mana_cost", "pump_self", card_name="Furnace Whelp")
def test_activated_self_pump_furnace_whelp():
    fully_compiled("Furnace Whelp")
    s, (whelp,) = board(("Furnace Whelp", "battlefield"), mana="R")
    t = s.timeline()
    t.do(activate("Alice", whelp))
    resolve_top(t)
    assert characteristics(t.state, whelp).pt() == "3/2"  # +1/+0


@pytest.mark.rule("121.1")
@plays("tap_cost", "you_draw", "one_card", card_name="Jayemdae Tome")
def test_activated_with_tap_draw_jayemdae_tome():
    fully_compiled("Jayemdae Tome")
    s, (tome,) = board(("Jayemdae Tome", "battlefield"), mana="CCCC")
    t = s.timeline()
    t.do(activate("Alice", tome))
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1 and cited(t, "121.1")


# ---------------------------------------------------------------- triggered (603)
@pytest.mark.rule("603.6a")
@plays("triggered", "when_enters", "enters", "you_gain", "amount", card_name="Venerable Monk")
def test_enters_trigger_gain_life_venerable_monk():
    fully_compiled("Venerable Monk")
    s, (monk,) = board(("Venerable Monk", "hand"), mana="CCW")
    t = cast_and_resolve(s, monk)
    resolve_top(t)
    assert t.state.player("Alice").life == 22 and cited(t, "119.3")


@pytest.mark.rule("700.4")
@plays("when_dies", "n_cards", "number_word", card_name="Pelakka Wurm")
def test_dies_trigger_draw_pelakka_wurm():
    fully_compiled("Pelakka Wurm")
    s, (wurm, murder) = board(("Pelakka Wurm", "battlefield"), ("Murder", "hand"), mana="CBB")
    t = cast_and_resolve(s, murder, targets=(wurm,))
    resolve_top(t)
    assert len(t.state.in_zone(Zone.HAND, "Alice")) == 1  # "draw a card" as it dies


@pytest.mark.rule("508.3a")
@plays("when_attacks", "each_opponent_loses", card_name="Infectious Horror")
def test_attacks_trigger_each_opponent_loses_infectious_horror():
    fully_compiled("Infectious Horror")
    s, (horror,) = board(("Infectious Horror", "battlefield"), step="combat")
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [horror]))
    resolve_top(t)
    assert t.state.player("Bob").life == 18


@pytest.mark.rule("111.1")
@plays("tokens", "token_count", "color_words", "token_types", "token_with", card_name="Gallant Cavalry")
def test_enters_trigger_creates_the_token_the_text_describes_gallant_cavalry():
    fully_compiled("Gallant Cavalry")
    s, (cav,) = board(("Gallant Cavalry", "hand"), mana="CCCW")
    t = cast_and_resolve(s, cav)
    resolve_top(t)
    tokens = [o for o in t.state.objects if o.is_token]
    assert len(tokens) == 1
    chars = characteristics(t.state, tokens[0].oid)
    assert chars.pt() == "2/2" and "Knight" in chars.subtypes and "vigilance" in chars.keywords
    assert chars.colors == frozenset({"white"})  # 111.3


# ---------------------------------------------------------------- static (604, 611.3)
@pytest.mark.rule("613.4c")
@plays("static", "yours", card_name="Glorious Anthem")
def test_anthem_glorious_anthem():
    fully_compiled("Glorious Anthem")
    s, (_, bear) = board(("Glorious Anthem", "battlefield"), ("Grizzly Bears", "battlefield"))
    assert characteristics(s.state(), bear).pt() == "3/3"


# ---------------------------------------------------------------- a spell's instructions
@pytest.mark.rule("120.3")
@plays("spell_text", "effects", "damage", "any_target", card_name="Shock")
def test_damage_to_any_target_shock_at_a_player():
    c = compile_card_named("Shock")
    assert c.status == "played"


def compile_card_named(name: str):
    from mtgrules.cards.mtgjson import kit_cards
    facts = kit_cards().get(name)
    assert facts is not None
    return compile_card(facts)


@pytest.mark.rule("613.4c")
@plays("pump_target", "target", "target_noun", card_name="Angelic Blessing")
def test_target_creature_gets_until_end_of_turn():
    fully_compiled("Angelic Blessing")
    s, (spell, bear) = board(("Angelic Blessing", "hand"), ("Grizzly Bears", "battlefield"), mana="CCW")
    t = cast_and_resolve(s, spell, targets=(bear,))
    chars = characteristics(t.state, bear)
    assert chars.pt() == "5/5" and "flying" in chars.keywords


@pytest.mark.rule("701.8a")
@plays("destroy", "target_adjective", card_name="Assassinate")
def test_destroy_target_tapped_creature_assassinate():
    fully_compiled("Assassinate")
    s, (spell, bear) = board(("Assassinate", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCB")
    state = s.state()
    s2 = Scenario.from_dict({**s.to_dict()})
    assert s2 is not None
    t = s.timeline()
    from mtgrules.core.errors import IllegalAction
    with pytest.raises(IllegalAction):  # an untapped creature isn't a legal target (115.1)
        t.do(cast("Alice", spell, targets=(bear,)))
    assert t.state == state


def grammar_templates() -> set[str]:
    """Every template of grammar.lark: each alias (``-> name``), and each rule that has no alias
    and isn't inlined (``?rule``), since its one shape is the template."""
    text = resources.files("mtgrules.cards.oracle").joinpath("grammar.lark").read_text(encoding="utf-8")
    text = re.sub(r"//[^\n]*", "", text)
    aliases = set(re.findall(r"->\s*([a-z_]+)", text))
    blocks = re.split(r"\n(?=[?!]?[a-z_]+:)", text)
    rules = set()
    for block in blocks:
        m = re.match(r"([?!]?)([a-z_]+):", block.strip())
        if m and m.group(1) != "?" and "->" not in block:
            rules.add(m.group(2))
    return (rules | aliases) - {"start", "effects", "sentence", "amount", "keyword_list", "spell_kind",
                                "target_adjective", "target_noun", "enchant_what", "number_word", "counter_count"}


def test_every_template_of_the_grammar_is_played_by_a_real_card_in_a_test():
    import importlib
    for module in TOPIC_TEST_MODULES:
        importlib.import_module(module)
    missing = sorted(grammar_templates() - set(TEMPLATES))
    assert not missing, f"templates no test plays: {missing}"


# ---------------------------------------------------------------- the rest, one real card each
def line_played(name: str, start: str) -> None:
    """The card's line beginning ``start`` is played (its other lines may be marked)."""
    c = compiled(name)
    assert c is not None
    line = next(s for s in c.lines if s.line.startswith(start))
    assert line.played, (name, line)


def resolved(t):
    resolve_top(t)
    return t


def bob_life(t) -> int:
    return t.state.player("Bob").life


@pytest.mark.rule("400.3")
@plays("bounce", card_name="Unsummon")
def test_bounce_unsummon():
    fully_compiled("Unsummon")
    s, (spell, bear) = board(("Unsummon", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="U")
    t = cast_and_resolve(s, spell, targets=(bear,))
    assert [o.card for o in t.state.in_zone(Zone.HAND, "Bob")] == ["Grizzly Bears"]


@pytest.mark.rule("115.1")
@plays("controller_clause", "counters", card_name="Steadfast Sentry")
def test_counters_on_target_creature_you_control_steadfast_sentry():
    fully_compiled("Steadfast Sentry")
    s, (sentry, bear, other, murder) = board(("Steadfast Sentry", "battlefield"), ("Grizzly Bears", "battlefield"),
                                             ("Grizzly Bears", "bob:battlefield"), ("Murder", "hand"), mana="CBB")
    t = cast_and_resolve(s, murder, targets=(sentry,))
    resolve_top(t)  # the one creature Alice controls is the only legal target (115.1)
    assert t.state.obj(bear).counter("+1/+1") == 1 and characteristics(t.state, bear).pt() == "3/3"
    assert t.state.obj(other).counter("+1/+1") == 0


@pytest.mark.rule("701.6a")
@plays("counter_spell", "spell_target", card_name="Remove Soul")
def test_counter_target_creature_spell_remove_soul():
    fully_compiled("Remove Soul")
    s = Scenario("remove soul", players=["Alice", "Bob"], step="main1")
    bears = s.add("Grizzly Bears", "Bob", zone="hand")
    soul = s.add("Remove Soul", "Alice", zone="hand")
    s.mana("Bob", "CG")
    s.mana("Alice", "CU")
    from mtgrules.core.turns import Step as _S  # noqa: F401
    s2 = Scenario.from_dict({**s.to_dict(), "active": "Bob"}) if "active" in s.to_dict() else None
    if s2 is None:
        pytest.skip("the scenario's active player can't be set from data")
    t = s2.timeline()
    t.do(cast("Bob", bears))
    from mtgrules.core.actions import pass_priority
    t.do(pass_priority("Bob"))
    t.do(cast("Alice", soul, targets=(bears,)))
    resolve_top(t)
    assert [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == ["Grizzly Bears"]


@pytest.mark.rule("120.3")
@plays("damage_each", card_name="Pyroclasm")
def test_damage_to_each_creature_pyroclasm():
    fully_compiled("Pyroclasm")
    s, (spell, a, b) = board(("Pyroclasm", "hand"), ("Grizzly Bears", "battlefield"), ("Grizzly Bears", "bob:battlefield"),
                             mana="CR")
    t = cast_and_resolve(s, spell)
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 1 and len(t.state.battlefield()) == 0


@pytest.mark.rule("701.8a")
@plays("destroy_all", card_name="Tempest of Light")
def test_destroy_all_enchantments_tempest_of_light():
    fully_compiled("Tempest of Light")
    s, (spell, anthem, bear) = board(("Tempest of Light", "hand"), ("Glorious Anthem", "bob:battlefield"),
                                     ("Grizzly Bears", "battlefield"), mana="CCW")
    t = cast_and_resolve(s, spell)
    assert [o.card for o in t.state.battlefield()] == ["Grizzly Bears"]


@pytest.mark.rule("603.6a")
@plays("each_opponent", card_name="Storm Caller")
def test_it_deals_damage_to_each_opponent_storm_caller():
    fully_compiled("Storm Caller")
    s, (caller,) = board(("Storm Caller", "hand"), mana="CCR")
    t = resolved(cast_and_resolve(s, caller))
    assert bob_life(t) == 18


@pytest.mark.rule("406.2")
@plays("exile", card_name="Legacy Weapon")
def test_exile_target_permanent_legacy_weapon():
    line_played("Legacy Weapon", "{W}{U}{B}{R}{G}")
    s, (weapon, bear) = board(("Legacy Weapon", "battlefield"), ("Grizzly Bears", "bob:battlefield"), mana="WUBRG")
    t = activate_and_resolve(s, weapon, 0, targets=(bear,))
    assert t.state.obj(bear).zone is Zone.EXILE if t.state.resolve_ref is None else \
        [o.card for o in t.state.in_zone(Zone.EXILE)] == ["Grizzly Bears"]


@pytest.mark.rule("613.1f")
@plays("grant_self", card_name="Mantis Engine")
def test_self_gains_flying_mantis_engine():
    fully_compiled("Mantis Engine")
    s, (engine,) = board(("Mantis Engine", "battlefield"), mana="CC")
    t = activate_and_resolve(s, engine, 0)
    assert "flying" in characteristics(t.state, engine).keywords


@pytest.mark.rule("613.1f")
@plays("grant_target", card_name="Zephyr Charge")
def test_target_gains_flying_zephyr_charge():
    fully_compiled("Zephyr Charge")
    s, (charge, bear) = board(("Zephyr Charge", "battlefield"), ("Grizzly Bears", "battlefield"), mana="CU")
    t = activate_and_resolve(s, charge, 0, targets=(bear,))
    assert "flying" in characteristics(t.state, bear).keywords


@pytest.mark.rule("120.3")
@plays("one_target", card_name="Sorin's Thirst")
def test_damage_to_target_creature_and_you_gain_sorins_thirst():
    fully_compiled("Sorin's Thirst")
    s, (spell, bear) = board(("Sorin's Thirst", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="BB")
    t = cast_and_resolve(s, spell, targets=(bear,))
    assert t.state.player("Alice").life == 22 and [o.card for o in t.state.in_zone(Zone.GRAVEYARD, "Bob")] == [
        "Grizzly Bears"]


@pytest.mark.rule("613.4c")
@plays("pump_grant_target", card_name="Sure Strike")
def test_gets_and_gains_until_end_of_turn_sure_strike():
    fully_compiled("Sure Strike")
    s, (spell, bear) = board(("Sure Strike", "hand"), ("Grizzly Bears", "battlefield"), mana="CR")
    t = cast_and_resolve(s, spell, targets=(bear,))
    chars = characteristics(t.state, bear)
    assert chars.pt() == "5/2" and "first strike" in chars.keywords


@pytest.mark.rule("613.4c")
@plays("pump_grant_self", card_name="Knight of the Ebon Legion")
def test_self_gets_and_gains_knight_of_the_ebon_legion():
    line_played("Knight of the Ebon Legion", "{2}{B}")
    s, (knight,) = board(("Knight of the Ebon Legion", "battlefield"), mana="CCB")
    t = activate_and_resolve(s, knight, 0)
    chars = characteristics(t.state, knight)
    assert chars.pt() == "4/5" and "deathtouch" in chars.keywords


@pytest.mark.rule("611.2c")
@plays("pump_grant_yours", card_name="Overrun")
def test_creatures_you_control_get_and_gain_overrun():
    fully_compiled("Overrun")
    s, (spell, bear, theirs) = board(("Overrun", "hand"), ("Grizzly Bears", "battlefield"),
                                     ("Grizzly Bears", "bob:battlefield"), mana="CCGGG")
    t = cast_and_resolve(s, spell)
    assert characteristics(t.state, bear).pt() == "5/5" and "trample" in characteristics(t.state, bear).keywords
    assert characteristics(t.state, theirs).pt() == "2/2"


@pytest.mark.rule("611.2c")
@plays("pump_theirs", card_name="Uncomfortable Chill")
def test_creatures_your_opponents_control_get_uncomfortable_chill():
    fully_compiled("Uncomfortable Chill")
    s, (spell, bear, theirs) = board(("Uncomfortable Chill", "hand"), ("Grizzly Bears", "battlefield"),
                                     ("Grizzly Bears", "bob:battlefield"), mana="CCU")
    t = cast_and_resolve(s, spell)
    assert characteristics(t.state, theirs).pt() == "0/2" and characteristics(t.state, bear).pt() == "2/2"


@pytest.mark.rule("611.2c")
@plays("pump_yours", card_name="Warrior's Honor")
def test_creatures_you_control_get_warriors_honor():
    fully_compiled("Warrior's Honor")
    s, (spell, bear) = board(("Warrior's Honor", "hand"), ("Grizzly Bears", "battlefield"), mana="CCW")
    t = cast_and_resolve(s, spell)
    assert characteristics(t.state, bear).pt() == "3/3"


@pytest.mark.rule("400.7")
@plays("raise_dead", card_name="Trusty Packbeast")
def test_return_target_artifact_card_from_your_graveyard_trusty_packbeast():
    fully_compiled("Trusty Packbeast")
    s, (beast, tome) = board(("Trusty Packbeast", "hand"), ("Jayemdae Tome", "graveyard"), mana="CCW")
    t = cast_and_resolve(s, beast)
    resolve_top(t, target=tome)
    assert "Jayemdae Tome" in [o.card for o in t.state.in_zone(Zone.HAND, "Alice")]


@pytest.mark.rule("508.1d")
@plays("self_attacks_each_combat", card_name="Bloodrock Cyclops")
def test_attacks_each_combat_if_able_bloodrock_cyclops():
    fully_compiled("Bloodrock Cyclops")
    s, (cyclops,) = board(("Bloodrock Cyclops", "battlefield"))
    assert "attacks each combat if able" in characteristics(s.state(), cyclops).keywords


@pytest.mark.rule("509.1b")
@plays("self_cant_block", card_name="Spineless Thug")
def test_cant_block_spineless_thug():
    fully_compiled("Spineless Thug")
    s, (thug,) = board(("Spineless Thug", "battlefield"))
    assert "can't block" in characteristics(s.state(), thug).keywords


@pytest.mark.rule("122.1")
@plays("self_subject", "you_gain_life", card_name="Ajani's Pridemate")
def test_whenever_you_gain_life_ajanis_pridemate():
    fully_compiled("Ajani's Pridemate")
    s, (mate, spring) = board(("Ajani's Pridemate", "battlefield"), ("Natural Spring", "hand"), mana="CCCGG")
    t = cast_and_resolve(s, spring, targets=("Alice",))
    resolve_top(t)
    assert t.state.player("Alice").life == 28 and characteristics(t.state, mate).pt() == "3/3"


@pytest.mark.rule("613.1f")
@plays("static_grant", card_name="Primal Rage")
def test_creatures_you_control_have_trample_primal_rage():
    fully_compiled("Primal Rage")
    s, (_, bear) = board(("Primal Rage", "battlefield"), ("Grizzly Bears", "battlefield"))
    assert "trample" in characteristics(s.state(), bear).keywords


@pytest.mark.rule("613.1f")
@plays("static_pump_grant", card_name="Serra's Embrace")
def test_enchanted_gets_and_has_serras_embrace():
    fully_compiled("Serra's Embrace")
    s, (aura, bear) = board(("Serra's Embrace", "hand"), ("Grizzly Bears", "battlefield"), mana="CCWW")
    t = cast_and_resolve(s, aura, targets=(bear,))
    chars = characteristics(t.state, bear)
    assert chars.pt() == "4/4" and {"flying", "vigilance"} <= set(chars.keywords)


@pytest.mark.rule("701.26a")
@plays("tap_enchanted", card_name="Sleep Paralysis")
def test_tap_enchanted_creature_sleep_paralysis():
    line_played("Sleep Paralysis", "When")
    s, (aura, bear) = board(("Sleep Paralysis", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCCU")
    t = resolved(cast_and_resolve(s, aura, targets=(bear,)))
    assert t.state.obj(bear).tapped


@pytest.mark.rule("701.26a")
@plays("tap_target", card_name="Loxodon Mystic")
def test_tap_target_creature_loxodon_mystic():
    fully_compiled("Loxodon Mystic")
    s, (mystic, bear) = board(("Loxodon Mystic", "battlefield"), ("Grizzly Bears", "bob:battlefield"), mana="W")
    t = activate_and_resolve(s, mystic, 0, targets=(bear,))
    assert t.state.obj(bear).tapped


@pytest.mark.rule("119.3")
@plays("target_opponent_loses", card_name="Vampire Sovereign")
def test_target_opponent_loses_and_you_gain_vampire_sovereign():
    fully_compiled("Vampire Sovereign")
    s, (vamp,) = board(("Vampire Sovereign", "hand"), mana="CCCBB")
    t = cast_and_resolve(s, vamp)
    resolve_top(t, target="Bob")
    assert bob_life(t) == 17 and t.state.player("Alice").life == 23


@pytest.mark.rule("120.3")
@plays("target_player", card_name="Pyroclastic Elemental")
def test_damage_to_target_player_pyroclastic_elemental():
    fully_compiled("Pyroclastic Elemental")
    s, (elemental,) = board(("Pyroclastic Elemental", "battlefield"), mana="CRR")
    t = activate_and_resolve(s, elemental, 0, targets=("Bob",))
    assert bob_life(t) == 19


@pytest.mark.rule("119.3")
@plays("target_player_gains", card_name="Natural Spring")
def test_target_player_gains_natural_spring():
    fully_compiled("Natural Spring")
    s, (spring,) = board(("Natural Spring", "hand"), mana="CCCGG")
    t = cast_and_resolve(s, spring, targets=("Bob",))
    assert bob_life(t) == 28


@pytest.mark.rule("119.3")
@plays("target_player_loses", card_name="Soul Feast")
def test_target_player_loses_soul_feast():
    fully_compiled("Soul Feast")
    s, (feast,) = board(("Soul Feast", "hand"), mana="CCCBB")
    t = cast_and_resolve(s, feast, targets=("Bob",))
    assert bob_life(t) == 16 and t.state.player("Alice").life == 24


@pytest.mark.rule("701.17a")
@plays("target_player_mills", card_name="Millstone")
def test_target_player_mills_millstone():
    fully_compiled("Millstone")
    s, (stone,) = board(("Millstone", "battlefield"), mana="CC")
    t = activate_and_resolve(s, stone, 0, targets=("Bob",))
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Bob")) == 2


@pytest.mark.rule("701.17a")
@plays("you_mill", card_name="Carrion Grub")
def test_you_mill_carrion_grub():
    line_played("Carrion Grub", "When")
    s, (grub,) = board(("Carrion Grub", "hand"), mana="CCCB")
    t = resolved(cast_and_resolve(s, grub))
    assert len(t.state.in_zone(Zone.GRAVEYARD, "Alice")) == 4


@pytest.mark.rule("120.3")
@plays("to_you", "your_upkeep", card_name="Sleeper Agent")
def test_at_the_beginning_of_your_upkeep_deals_damage_to_you_sleeper_agent():
    line_played("Sleeper Agent", "At the beginning")
    s = Scenario("sleeper", players=["Alice", "Bob"], step="end")
    s.add("Sleeper Agent", "Bob")  # Alice's turn ends; the next upkeep is Bob's
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Forest", p, zone="library")
    t = pass_to_upkeep_trigger(s.timeline())
    assert t.state.active == "Bob" and t.state.stack, "the upkeep trigger waits on the stack (603.3)"
    resolve_top(t)
    assert bob_life(t) == 18


@pytest.mark.rule("702.9b")
@plays("with_flying", card_name="Plummet")
def test_destroy_target_creature_with_flying_plummet():
    fully_compiled("Plummet")
    s, (spell, bear) = board(("Plummet", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CG")
    from mtgrules.core.errors import IllegalAction
    with pytest.raises(IllegalAction):  # a creature without flying isn't a legal target (115.1)
        s.timeline().do(cast("Alice", spell, targets=(bear,)))


@pytest.mark.rule("208.1")
@plays("with_power_at_least", card_name="Legion's Judgment")
def test_destroy_target_creature_with_power_4_or_greater_legions_judgment():
    fully_compiled("Legion's Judgment")
    s, (spell, bear) = board(("Legion's Judgment", "hand"), ("Grizzly Bears", "bob:battlefield"), mana="CCW")
    from mtgrules.core.errors import IllegalAction
    with pytest.raises(IllegalAction):  # a 2/2 has power 2, less than 4
        s.timeline().do(cast("Alice", spell, targets=(bear,)))


@pytest.mark.rule("606.4")
@plays("loyalty_ability", card_name="Liliana, the Necromancer")
def test_loyalty_ability_liliana_the_necromancer():
    """Its printed loyalty is the counters it enters with (306.5b); [+1] puts one on as it is
    activated (606.4), and the ability resolves later (602.2)."""
    line_played("Liliana, the Necromancer", "[+1]")
    s, (lili,) = board(("Liliana, the Necromancer", "battlefield"))
    assert s.state().obj(lili).counter("loyalty") == 4
    t = s.timeline()
    t.do(activate("Alice", lili, 0, targets=("Bob",)))
    assert t.state.obj(lili).counter("loyalty") == 5
    resolve_top(t)
    assert bob_life(t) == 18


@pytest.mark.rule("614.1c")
@plays("enters_with_counters", card_name="Barkhide Troll")
def test_enters_with_a_counter_barkhide_troll():
    line_played("Barkhide Troll", "Barkhide Troll enters")
    s, (troll,) = board(("Barkhide Troll", "hand"), mana="GG")
    t = cast_and_resolve(s, troll)
    now = next(o for o in t.state.battlefield() if o.card == "Barkhide Troll")
    assert now.counter("+1/+1") == 1 and characteristics(t.state, now.oid).pt() == "3/3"


@pytest.mark.rule("603.6a")
@plays("another_yours_enters", card_name="Impassioned Orator")
def test_another_creature_enters_under_your_control_impassioned_orator():
    fully_compiled("Impassioned Orator")
    s, (_, bears, theirs) = board(("Impassioned Orator", "battlefield"), ("Grizzly Bears", "hand"),
                                  ("Grizzly Bears", "bob:hand"), mana="CG")
    t = cast_and_resolve(s, bears)
    resolve_top(t)
    assert t.state.player("Alice").life == 21


@pytest.mark.rule("603.6a")
@plays("a_yours_enters", card_name="Ajani's Welcome")
def test_a_creature_enters_under_your_control_ajanis_welcome():
    fully_compiled("Ajani's Welcome")
    s, (_, bears) = board(("Ajani's Welcome", "battlefield"), ("Grizzly Bears", "hand"), mana="CG")
    t = cast_and_resolve(s, bears)
    resolve_top(t)
    assert t.state.player("Alice").life == 21


@pytest.mark.rule("503.1a")
@plays("each_upkeep", card_name="Verdant Force")
def test_at_the_beginning_of_each_upkeep_verdant_force():
    fully_compiled("Verdant Force")
    s = Scenario("verdant", players=["Alice", "Bob"], step="end")
    s.add("Verdant Force", "Alice")  # Alice's turn ends: it triggers in Bob's upkeep too ("each")
    for p in ("Alice", "Bob"):
        for _ in range(3):
            s.add("Forest", p, zone="library")
    t = pass_to_upkeep_trigger(s.timeline())
    assert t.state.active == "Bob"
    resolve_top(t)
    assert [o.card for o in t.state.battlefield("Alice") if o.is_token] == ["Saproling Token"]


@pytest.mark.rule("107.3m")
@plays("enters_with_x_counters", card_name="Hungering Hydra")
def test_enters_with_x_counters_hungering_hydra():
    """Its X is the X it was cast with (107.3m): cast with X = 3, a 0/0 enters with three counters."""
    line_played("Hungering Hydra", "Hungering Hydra enters")
    s, (hydra,) = board(("Hungering Hydra", "hand"), mana="CCCG")
    t = s.timeline()
    t.do(cast("Alice", hydra, x=3))
    resolve_top(t)
    now = next(o for o in t.state.battlefield() if o.card == "Hungering Hydra")
    assert now.counter("+1/+1") == 3 and characteristics(t.state, now.oid).pt() == "3/3"


@pytest.mark.rule("508.1d")
@plays("enchanted_pump_attacks", card_name="Furor of the Bitten")
def test_enchanted_gets_and_attacks_each_combat_furor_of_the_bitten():
    fully_compiled("Furor of the Bitten")
    s, (aura, bear) = board(("Furor of the Bitten", "hand"), ("Grizzly Bears", "battlefield"), mana="CCCR")
    t = cast_and_resolve(s, aura, targets=(bear,))
    chars = characteristics(t.state, bear)
    assert chars.pt() == "4/4" and "attacks each combat if able" in chars.keywords


@pytest.mark.rule("611.3a")
@plays("self_pump_while_attacking", card_name="Grasping Scoundrel")
def test_gets_while_attacking_grasping_scoundrel():
    """A static ability's effect applies while its condition holds, checked each time (611.3a)."""
    fully_compiled("Grasping Scoundrel")
    s, (rogue,) = board(("Grasping Scoundrel", "battlefield"), step="combat")
    assert characteristics(s.state(), rogue).pt() == "1/1"
    t = pass_until(s.timeline(), Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", [rogue]))
    assert characteristics(t.state, rogue).pt() == "2/1"
