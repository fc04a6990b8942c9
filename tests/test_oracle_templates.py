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
    t.do(activate("Alice", land, 1, choices={"color": "R"}))
    assert [m.type.value for m in t.state.player("Alice").pool] == ["R"]


@pytest.mark.rule("106.4")
@plays("mana_fixed", "mana_symbols", card_name="Llanowar Visionary")
def test_tap_for_fixed_mana_llanowar_visionary():
    fully_compiled("Llanowar Visionary")
    s, (elf,) = board(("Llanowar Visionary", "battlefield"))
    t = s.timeline()
    t.do(activate("Alice", elf, 1))
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
    """Every rule name and alias of grammar.lark that builds something (punctuation rules aside)."""
    text = resources.files("mtgrules.cards.oracle").joinpath("grammar.lark").read_text(encoding="utf-8")
    text = re.sub(r"//[^\n]*", "", text)
    rules = set(re.findall(r"^[?!]?([a-z_]+):", text, flags=re.MULTILINE))
    aliases = set(re.findall(r"->\s*([a-z_]+)", text))
    return (rules | aliases) - {"start", "line"}


def test_every_template_of_the_grammar_is_played_by_a_real_card_in_a_test():
    missing = sorted(grammar_templates() - set(TEMPLATES))
    assert not missing, f"templates no test plays: {missing}"
