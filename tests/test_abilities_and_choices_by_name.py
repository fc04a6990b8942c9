"""Abilities and choices by name (602.1, 115.1, 117.1): what a learner scripting a real card has to
go by is its printed text and the keywords the kit documents.

- ``activate`` takes an ability's number among the object's activated abilities only (the
  printed ones, then those another permanent grants it, 613.1f), or its printed text, or a start of
  that text no other of them shares; a number counted the old way (every ability) is refused with
  the new number and the text.
- A target player is a target like any other: ``targets=("Bob",)``; the old ``target_player=``
  is refused with the call to write.
- Every kind of question is one keyword in ``core/choice_kinds.py``, listed in ``docs/choices.md``
  (generated, and checked here), and its ``MissingChoice`` names the keyword and the options in
  words.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import pool_restored, refused

from mtgrules import IllegalAction, MissingChoice, Scenario, activate, apply, cast, legal_actions, pass_priority
from mtgrules.cards import ActivatedAbility, CardDef, Cost, Enchant, any_target, creature_target, register
from mtgrules.cards.pool.combat import NEYITH_COST
from mtgrules.catalog.rules_index import RULES
from mtgrules.core.abilities import GrantsAbility
from mtgrules.core.actions import Activate
from mtgrules.core.choice_kinds import CHOICE_KINDS, RETIRED, markdown, missing_sentence
from mtgrules.core.errors import ActionTypeError
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.activation import activated_abilities

DOCS = Path(__file__).resolve().parents[1] / "docs" / "choices.md"


# ---------------------------------------------------------------- activate by number or by text (602.1)
@pytest.mark.rule("602.1")
def test_an_ability_is_named_by_its_text_or_a_unique_start_of_it():
    s = Scenario("Hangarback", step="main1")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    s.mana("Alice", "C")
    for name in ("{1}, {T}: Put a +1/+1 counter on this creature.", "{1}, {T}", "  {1},   {t}: put a +1/+1 "):
        new, _ = apply(s.state(), activate("Alice", walker, name))
        assert new.stack[-1].label.startswith("Hangarback Walker: {1}, {T}: Put a +1/+1 counter"), name
    new, _ = apply(s.state(), activate("Alice", walker, 0))  # its only activated ability is number 0
    assert len(new.stack) == 1


@pytest.mark.rule("602.1")
def test_a_start_two_abilities_share_is_refused_listing_both():
    s = Scenario("Vivid Crag", step="main1")
    crag = s.add("Vivid Crag", "Alice", counters={"charge": 2})
    err = refused(s.state(), activate("Alice", crag, "{T}"), "602.1")
    assert "more than one" in err.reason and "0 (“{T}: Add {R}.”)" in err.reason and "1 (“{T}, Remove" in err.reason
    new, _ = apply(s.state(), activate("Alice", crag, "{T}: Add {R}"))
    assert [m.type.value for m in new.player("Alice").pool] == ["R"]
    new, _ = apply(s.state(), activate("Alice", crag, "{T}, Remove", color="U"))
    assert new.obj(crag).counter("charge") == 1


@pytest.mark.rule("602.1")
def test_text_no_ability_starts_with_is_refused_listing_the_abilities_there_are():
    s = Scenario("Jace", step="main1")
    jace = s.add("Jace Beleren", "Alice")
    err = refused(s.state(), activate("Alice", jace, "+1"), "602.1")
    assert "no activated ability whose text starts '+1'" in err.reason and "2 (“−10" in err.reason
    err = refused(s.state(), activate("Alice", jace, "2"), "602.1")
    assert "a number is written without quotes: 2" in err.reason


@pytest.mark.rule("602.1")
def test_only_activated_abilities_are_counted_and_an_old_number_is_refused_teaching_the_new_one():
    """Hangarback Walker's text is "enters with", "when this dies", then its activated ability:
    it is activated ability number 0. The number 1, which the kit took for it before it counted
    only activated abilities, is refused saying the number and the text to write."""
    s = Scenario("Hangarback", step="main1")
    walker = s.add("Hangarback Walker", "Alice")
    s.mana("Alice", "C")
    assert [ab.text for ab in activated_abilities(s.state(), s.state().obj(walker))] == [
        "{1}, {T}: Put a +1/+1 counter on this creature."]
    err = refused(s.state(), activate("Alice", walker, 1), "602.1")
    assert "is number 0" in err.reason and f"activate(player, {walker}, 0)" in err.reason
    assert f"activate(player, {walker}, '{{1}}, {{T}}')" in err.reason
    err = refused(s.state(), activate("Alice", walker, 2), "602.1")  # its dies trigger: never activated
    assert "no activated ability number 2" in err.reason and "0 (“{1}, {T}" in err.reason


def test_legal_actions_number_abilities_as_activate_does():
    s = Scenario("Lord", step="main1")
    lord = s.add("Lord of the Accursed", "Alice")  # a static ability, then its activated one
    s.mana("Alice", "BC")
    found = [a for a in legal_actions(s.state()) if isinstance(a, Activate) and a.source == lord]
    assert [a.ability for a in found] == [0]
    apply(s.state(), found[0])


# ---------------------------------------------------------------- an ability another permanent grants (613.1f)
PING = "{T}: This creature deals 1 damage to any target."
MANTLE = f'Enchanted creature has "{PING}"'
GROWTH = "{T}: Add {G}."
SPROUT = f'Enchanted creature has "{GROWTH}"'


def _ping(res, item):
    for t in res.any_targets():
        res.damage(t, 1)


def _auras():
    from mtgrules.cards import tap_for
    register(CardDef("Practice Sparkmantle", "{R}", frozenset({"Enchantment"}), frozenset({"Aura"}),
                     oracle=f"Enchant creature\n{MANTLE}", source="a test card (not a real Magic card)",
                     abilities=(Enchant("Enchant creature", creature_target()),
                                GrantsAbility(MANTLE, ActivatedAbility(Cost.of(tap=True), PING, _ping,
                                                                       target=any_target())))), replace=True)
    register(CardDef("Practice Sproutmantle", "{G}", frozenset({"Enchantment"}), frozenset({"Aura"}),
                     oracle=f"Enchant creature\n{SPROUT}", source="a test card (not a real Magic card)",
                     abilities=(Enchant("Enchant creature", creature_target()), GrantsAbility(SPROUT, tap_for("G")))),
             replace=True)


@pytest.mark.rule("613.1f", "602.1")
def test_an_ability_an_aura_grants_is_numbered_after_the_printed_ones_and_named_by_its_text():
    with pool_restored():
        _auras()
        s = Scenario("Sparkmantle on Llanowar Elves", step="main1")
        elves = s.add("Llanowar Elves", "Alice")
        s.add("Practice Sparkmantle", "Alice", attached_to=elves)
        state = s.state()
        assert [ab.text for ab in activated_abilities(state, state.obj(elves))] == ["{T}: Add {G}.", PING]
        for name in (1, PING, "{T}: This creature"):
            t = resolve_top(s.timeline().do(activate("Alice", elves, name, targets=("Bob",))))
            assert t.state.player("Bob").life == 19, name
        offered = sorted({a.ability for a in legal_actions(state) if isinstance(a, Activate) and a.source == elves})
        assert offered == [0, 1]
        for action in legal_actions(state):
            apply(state, action)
        err = refused(state, activate("Alice", elves, 2), "602.1")
        assert "1 (“{T}: This creature deals 1 damage" in err.reason


@pytest.mark.rule("113.7a")
def test_a_granted_ability_on_the_stack_resolves_after_its_source_and_the_aura_are_gone():
    with pool_restored():
        _auras()
        s = Scenario("Sparkmantle on the Bears", step="main1")
        bears = s.add("Grizzly Bears", "Alice")
        s.add("Practice Sparkmantle", "Alice", attached_to=bears)
        murder = s.add("Murder", "Bob", zone="hand")
        s.mana("Bob", "BBB")
        t = s.timeline().do(activate("Alice", bears, 0, targets=("Bob",))).do(pass_priority("Alice"))
        resolve_top(t.do(cast("Bob", murder, targets=(bears,))))
        assert t.state.obj(bears).zone.value == "graveyard"
        resolve_top(t)
        assert t.state.player("Bob").life == 19, "the ability exists independently of its source (113.7a)"


@pytest.mark.rule("613.1f")
def test_a_granted_mana_ability_adds_its_mana_and_is_gone_with_the_aura():
    with pool_restored():
        _auras()
        s = Scenario("Sproutmantle on the Bears", step="main1")
        bears = s.add("Grizzly Bears", "Alice")
        mantle = s.add("Practice Sproutmantle", "Alice", attached_to=bears)
        new, _ = apply(s.state(), activate("Alice", bears, "{T}: Add {G}"))
        assert [m.type.value for m in new.player("Alice").pool] == ["G"]
        s2 = Scenario("no Aura", step="main1")
        bears2 = s2.add("Grizzly Bears", "Alice")
        err = refused(s2.state(), activate("Alice", bears2, 0), "602.1")
        assert "it has no activated ability" in err.reason
        assert mantle != bears


# ---------------------------------------------------------------- players are targets (115.1)
@pytest.mark.rule("115.1")
def test_the_retired_target_player_keyword_says_to_give_targets_wherever_it_is_given():
    s = Scenario("Jace", step="main1")
    s.add("Jace Beleren", "Alice")
    with pytest.raises(IllegalAction) as err:
        apply(s.state(), pass_priority("Alice", target_player="Bob"))
    assert err.value.rule == "117.1" and "targets=('Bob',)" in err.value.reason and "no longer taken" in err.value.reason
    with pytest.raises(ActionTypeError, match=r"targets=\('Bob',\)"):
        activate("Alice", 1, 1, target_player="Bob")


# ---------------------------------------------------------------- one keyword per kind of question (117.1)
def test_the_docs_table_is_the_registry():
    assert DOCS.read_text(encoding="utf-8") == markdown(), \
        "docs/choices.md is stale: python -m mtgrules.catalog.choices_doc rewrites it"


@pytest.mark.parametrize("kind", sorted(CHOICE_KINDS))
def test_every_kind_is_documented_with_its_rules(kind):
    entry = CHOICE_KINDS[kind]
    assert entry.question and entry.answer and entry.asked and entry.example
    assert all(rule in RULES for rule in entry.rules), entry.rules
    assert f"`{entry.keyword}=`" in markdown()
    assert entry.keyword in entry.example or kind in ("pay",), entry.example
    assert kind not in RETIRED


def _names(oid):
    return {3: "Grizzly Bears", 4: "Llanowar Elves"}.get(oid, "")


@pytest.mark.parametrize("kind, options, words", [
    ("color", ["W", "G"], "'W' (white) or 'G' (green)"),
    ("type", ["C", "G"], "'C' (colorless) or 'G' (green)"),
    ("sacrifice", [3, 4], "3 (Grizzly Bears) or 4 (Llanowar Elves)"),
    ("target", [3, "Bob"], "3 (Grizzly Bears) or 'Bob'"),
    ("attack target", ["Bob", "Carol"], "'Bob' or 'Carol'"),
    ("fight", [True, False], "True (they fight) or False (they don't fight)"),
    ("pay", [0, 1], "0 (don't pay it) or 1 (pay it once)"),
    ("pay", ["{G}", "{R}"], "'{G}' (spend {G}) or '{R}' (spend {R})"),
    ("mana ability", [(4, 0)], "(4, 0) (Llanowar Elves, its activated ability 0)"),
    ("replacement order", [("A", "B"), ("B", "A")], "('A', 'B') (first A, then B) or ('B', 'A') (first B, then A)"),
])
def test_a_missing_choice_names_its_keyword_and_says_the_options_in_words(kind, options, words):
    said = missing_sentence(kind, "Alice", options, _names)
    assert f"({kind.replace(' ', '_')}=...)" in said and words in said and CHOICE_KINDS[kind].question in said


@pytest.mark.rule("701.21a")
def test_in_a_game_a_missing_sacrifice_names_the_creatures():
    s = Scenario("Call to the Grave", step="end")
    s.add("Call to the Grave", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    elves = s.add("Llanowar Elves", "Bob")
    t = go_to(s.timeline(), "upkeep")  # Bob's upkeep: the trigger for Bob is on the stack
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    reason = need.value.reason
    assert "a permanent to sacrifice (sacrifice=...)" in reason
    assert f"{bears} (Grizzly Bears) or {elves} (Llanowar Elves)" in reason


@pytest.mark.rule("106.7")
def test_in_a_game_a_missing_colour_says_each_colour():
    s = Scenario("Pili-Pala", step="main1")
    pili = s.add("Pili-Pala", "Alice", tapped=True)
    s.mana("Alice", "CC")
    with pytest.raises(MissingChoice) as need:
        apply(s.state(), activate("Alice", pili))
    assert "a colour (color=...): 'W' (white), 'U' (blue), 'B' (black), 'R' (red) or 'G' (green)" in need.value.reason
    assert need.value.keyword == "color"


@pytest.mark.rule("608.2c")
def test_neyiths_optional_payment_says_what_0_and_1_mean():
    s = Scenario("Neyith", step="main1")
    s.add("Neyith of the Dire Hunt", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    for _ in range(3):
        s.add("Forest", "Alice")
    t = go_to(s.timeline(), "combat", target=bears)
    with pytest.raises(MissingChoice) as need:
        resolve_top(t)
    reason = need.value.reason  # the card's own words for its question (the kit's default is "how to pay")
    assert f"whether to pay {NEYITH_COST}" in reason and "pay=1 pays it" in reason and "pay=0 doesn't" in reason
