"""Official rulings travel with their card: ``card(name).rulings`` holds the Gatherer rulings of the
kit's card data, dated, for a hand-written pool card as for one a card source gives; and
``python -m mtgrules rulings TEXT`` searches the kit's catalog and the official rulings, saying
which is which."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import pool_restored

from mtgrules.cards import CardDef, register
from mtgrules.cards.mtgjson import kit_cards
from mtgrules.cli import main
from mtgrules.core import carddef
from mtgrules.core.carddef import CARD_POOL, card
from mtgrules.core.errors import CardDefError

ROOT = Path(__file__).resolve().parent.parent


def test_a_hand_written_pool_card_gets_the_datas_rulings() -> None:
    spider = card("Giant Spider")
    official = kit_cards().get("Giant Spider")
    assert official is not None and official.rulings
    assert spider.rulings == tuple((r.date, r.text) for r in official.rulings)
    assert all(len(date) == 10 and date[4] == "-" for date, _ in spider.rulings)
    assert card("Giant Spider") is spider  # attached once


def test_a_card_the_data_doesnt_hold_has_no_rulings() -> None:
    assert card("Practice Bell").rulings == ()


def test_rulings_are_not_rules_facts() -> None:
    with pool_restored():
        spider = card("Giant Spider")
        bare = dataclasses.replace(spider, rulings=())
        assert bare == spider  # so registering the card again is the no-op it always was
        register(bare, replace=True)
        assert card("Giant Spider").rulings == spider.rulings  # and it gets them back


def test_a_card_a_source_gives_carries_its_rulings(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in for the Oracle compiler (the lead's card source): whatever it builds, the
    card's rulings come from the data."""
    def compiled(name: str) -> CardDef | None:
        data = kit_cards().get(name)
        if data is None:
            return None
        lines = [line for line in data.text.split("\n") if line]
        return CardDef(data.name, data.mana_cost, frozenset(data.types), oracle=data.text,
                       not_played=tuple((line, "a test's stand-in source plays nothing") for line in lines))
    monkeypatch.setattr(carddef, "CARD_SOURCES", [compiled])
    with pool_restored():
        wave = card("Chandra's Flame Wave")
        assert wave.rulings[0][0] == "2019-07-12"
        assert "illegal target" in wave.rulings[0][1] and len(wave.rulings) == 2
        assert CARD_POOL["Chandra's Flame Wave"] is wave


@pytest.mark.parametrize("rulings", ["2020-01-01", [("2020-01-01",)], [("01/01/2020", "x")], [(2020, "x")]])
def test_rulings_of_the_wrong_shape_are_refused(rulings: object) -> None:
    with pytest.raises(CardDefError, match="rulings must be"):
        CardDef("Odd Card", "{1}", frozenset({"Artifact"}), rulings=rulings)  # type: ignore[arg-type]


def test_rulings_given_by_the_author_are_kept() -> None:
    mine = CardDef("Odd Card", "{1}", frozenset({"Artifact"}), rulings=[("2020-01-01", "It is odd.")])
    assert mine.rulings == (("2020-01-01", "It is odd."),)


def test_import_mtgrules_and_a_card_lookup_of_the_pool_load_no_data_until_asked() -> None:
    code = ("import sys, mtgrules; from mtgrules.core.carddef import CARD_POOL; "
            "m = sys.modules.get('mtgrules.cards.mtgjson'); "
            "print(bool(m and m._KIT), len(CARD_POOL['Goblin Piker'].rulings))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["False", "0"]


# ---------------------------------------------------------------- python -m mtgrules rulings
def test_rulings_searches_the_catalog_and_the_official_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings", "menace"]) == 0
    out, err = capsys.readouterr()
    assert "NEY-7 — Neyith of the Dire Hunt  (kit catalog; CR" in out
    assert "Boggart Brute — Gatherer 2015-06-22  (official ruling; M19)" in out
    assert "1 kit catalog ruling, 3 official rulings" in err


def test_rulings_finds_an_official_ruling_by_card_name_and_straight_apostrophes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings", "Chandra's Flame Wave"]) == 0
    out = capsys.readouterr().out
    assert out.count("Chandra's Flame Wave — Gatherer 2019-07-12  (official ruling; M20)") == 2
    assert main(["rulings", "--official", "won't search for"]) == 0
    assert "kit catalog" not in capsys.readouterr().out


def test_rulings_without_text_lists_the_catalog_and_counts_the_official(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings"]) == 0
    assert "38 kit catalog rulings, 0 official rulings (give TEXT" in capsys.readouterr().err
    assert main(["rulings", "--official"]) == 0
    assert "0 kit catalog rulings, 1470 official rulings" in capsys.readouterr().err
    assert main(["rulings", "--catalog", "menace"]) == 0
    assert "official ruling;" not in capsys.readouterr().out
