"""The BoardEditor's card search covers every card the kit can give (the pool and each card
source's names), and picking one shows its text, which lines are played, and its rulings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import pool_restored

from mtgrules.cards import CardDef, register
from mtgrules.cards.mtgjson import kit_cards
from mtgrules.core import carddef
from mtgrules.widgets import BoardEditor
from mtgrules.widgets.card_search import card_panel_html, is_card_name, search_names


def _stand_in(name: str) -> CardDef | None:
    """A card source standing in for the Oracle compiler: the data's card, every line marked."""
    data = kit_cards().get(name)
    if data is None or data.face_name is not None:
        return None
    lines = [line for line in data.text.split("\n") if line]
    power = int(data.power) if data.power and data.power.isdigit() else (0 if "Creature" in data.types else None)
    tough = int(data.toughness) if data.toughness and data.toughness.isdigit() else (
        0 if "Creature" in data.types else None)
    return CardDef(data.name, data.mana_cost, frozenset(data.types), frozenset(data.subtypes),
                   frozenset(data.supertypes), power=power, toughness=tough, oracle=data.text,
                   not_played=tuple((line, "the stand-in source plays nothing") for line in lines))


@pytest.fixture
def every_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kit as it is with a card source over the card data: every card can be searched and given."""
    monkeypatch.setattr(carddef, "CARD_SOURCES", [_stand_in])
    monkeypatch.setattr(carddef, "NAME_SOURCES", [lambda: [n for n, c in kit_cards().cards.items()
                                                           if c.face_name is None]])
    with pool_restored():
        yield


def test_the_search_covers_every_card(every_card: None) -> None:
    names = search_names("", limit=0)
    assert len(names) >= 1170 and "Practice Bell" in names and "Chandra's Flame Wave" in names


def test_the_search_matches_words_in_any_order_and_any_case(every_card: None) -> None:
    assert search_names("chandras flame")[0] == "Chandra's Flame Wave"
    assert search_names("WAVE chandra's")[0] == "Chandra's Flame Wave"
    assert search_names("Chandra’s Flame Wave") == ["Chandra's Flame Wave"]  # Gatherer's apostrophe
    assert search_names("no such card at all") == []


def test_the_best_match_comes_first(every_card: None) -> None:
    found = search_names("giant")
    assert found[0].startswith("Giant ")  # names that start with it before names that hold it
    assert found.index("Giant Spider") < found.index("Hill Giant")
    assert search_names("Plains")[0] == "Plains"
    assert len(search_names("a")) == 40


def test_typing_offers_matches_and_a_whole_name_shows_the_card(every_card: None) -> None:
    e = BoardEditor()
    e.search.value = "flame wav"
    assert e.search.options[0] == "Chandra's Flame Wave" and e.card_info.value == ""
    e.search.value = "Chandra's Flame Wave"
    panel = e.card_info.value
    assert "Chandra&#x27;s Flame Wave" in panel and "{3}{R}{R}" in panel and "Sorcery" in panel
    assert "✗" in panel and "not played: the stand-in source plays nothing" in panel
    assert "Official rulings (2)" in panel and "2019-07-12" in panel and "illegal target" in panel


def test_a_card_from_the_data_can_be_added(every_card: None) -> None:
    e = BoardEditor()
    assert e.add("Colossal Dreadmaw", "Alice") == 0
    assert "Colossal Dreadmaw" in e.table.value and not e.error


def test_an_unknown_name_is_refused_with_the_nearest(every_card: None) -> None:
    e = BoardEditor()
    assert e.add("giant spi", "Alice") == -1
    assert "no card named 'giant spi' in the kit. Did you mean Giant Spider" in e.error
    assert e.entries == []


def test_the_panel_of_a_pool_card_marks_what_plays_each_line() -> None:
    panel = card_panel_html("Giant Spider")
    assert "✓ Reach" in panel and "played: a keyword" in panel and "Lines played by the kit: 1 of 1." in panel
    assert "Official rulings (1)" in panel and "2008-04-01" in panel
    assert "No official rulings." in card_panel_html("Practice Bell")


def test_the_panel_escapes_card_text() -> None:
    with pool_restored():
        register(CardDef("Sneaky <b>Card</b>", "{1}", frozenset({"Artifact"}), oracle="<script>x()</script>",
                         rulings=[("2020-01-01", "<i>ruled</i>")]))
        panel = card_panel_html("Sneaky <b>Card</b>")
    assert "<script>" not in panel and "&lt;script&gt;" in panel and "<i>ruled</i>" not in panel
    assert "<b>Card</b>" not in panel


def test_the_panel_of_a_name_no_source_gives_says_so() -> None:
    assert "no card named" in card_panel_html("Not A Card")
    assert not is_card_name("Not A Card") and is_card_name("Giant Spider")
