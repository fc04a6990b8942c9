""""Could produce" (106.7): exact sets of types for the boards the mana issue names."""

from __future__ import annotations

from mtgrules import Scenario, could_produce_all, explain_could_produce
from mtgrules.core.mana import ManaType

W, U, B, R, G, C = (ManaType(t) for t in "WUBRGC")


def test_reflecting_pool_with_no_other_lands_could_produce_nothing():
    s = Scenario()
    pool = s.add("Reflecting Pool", "Alice")
    assert could_produce_all(s.state())[pool] == frozenset()


def test_two_reflecting_lands_that_see_only_each_other():
    s = Scenario()
    a = s.add("Reflecting Pool", "Alice")
    b = s.add("Reflecting Pool", "Alice")
    answer = could_produce_all(s.state())
    assert answer[a] == frozenset() and answer[b] == frozenset()


def test_the_same_board_plus_a_basic_land():
    s = Scenario()
    a = s.add("Reflecting Pool", "Alice")
    b = s.add("Reflecting Pool", "Alice")
    s.add("Wastes", "Alice")
    s.add("Mountain", "Alice")
    answer = could_produce_all(s.state())
    assert answer[a] == {C, R} and answer[b] == {C, R}, "Reflecting Pool reflects any type, colorless too"


def test_any_color_excludes_colorless():
    s = Scenario()
    stone = s.add("Fellwar Stone", "Alice")
    orchard = s.add("Exotic Orchard", "Alice")
    s.add("Wastes", "Bob")
    answer = could_produce_all(s.state())
    assert answer[stone] == frozenset() and answer[orchard] == frozenset()


def test_a_land_under_a_type_changing_replacement_effect():
    s = Scenario()
    forest = s.add("Forest", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    stone = s.add("Fellwar Stone", "Bob")
    s.add("Infernal Darkness", "Bob")
    answer = could_produce_all(s.state())
    assert answer[forest] == {B}
    assert answer[pool] == {B}, "the Pool reflects {B}, and is itself a land under Infernal Darkness"
    assert answer[stone] == {B}, "the Stone isn't a land, but reflects lands that could produce only {B}"


def test_replacement_effects_in_every_order():
    s = Scenario()
    forest = s.add("Forest", "Alice")
    s.add("Infernal Darkness", "Bob")
    s.add("Mana Reflection", "Alice")
    assert could_produce_all(s.state())[forest] == {B}


def test_a_land_whose_ability_has_a_cost_that_cant_be_paid_now():
    s = Scenario()
    crag = s.add("Vivid Crag", "Alice", tapped=True)  # no charge counters, already tapped
    assert could_produce_all(s.state())[crag] == {W, U, B, R, G}


def test_explanation_rows_name_the_answer_and_the_effects():
    s = Scenario()
    s.add("Reflecting Pool", "Alice")
    s.add("Infernal Darkness", "Bob")
    s.add("Swamp", "Alice")
    rows = {r["permanent"]: r for r in explain_could_produce(s.state())}
    assert rows["Reflecting Pool"]["could produce"] == "{B}"
    assert rows["Reflecting Pool"]["replacement effects"].startswith("If a land is tapped for mana")
    assert rows["Swamp"]["replacement effects"].startswith("If a land is tapped for mana")
