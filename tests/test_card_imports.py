"""Importing an MTGJSON file: checked first, stored for later sessions in the user's card folder,
available at once in this process; a refused file stores nothing (``python -m mtgrules cards``)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mtgrules.cards
from mtgrules.cards.imports import MANIFEST, forget_import, load_with_imports, stored_imports, trimmed_form
from mtgrules.cards.mtgjson import CardDataError, kit_cards, read_data, read_file, reset_kit_cards
from mtgrules.cli import main

FIXTURES = Path(__file__).resolve().parent / "data" / "mtgjson"
FULL_SET = FIXTURES / "M21-full-sample.json"
ATOMIC = FIXTURES / "AtomicCards-sample.json"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty card folder of this test's own, and a kit library read afresh before and after."""
    where = tmp_path / "cards"
    monkeypatch.setenv("MTGRULES_CARDS_DIR", str(where))
    reset_kit_cards()
    yield where
    reset_kit_cards()


def _other_set(tmp_path: Path, code: str = "X21", **dreadmaw: Any) -> Path:
    """The full-format fixture as another set, with Colossal Dreadmaw changed as given."""
    raw = json.loads(FULL_SET.read_text())
    raw["data"]["code"], raw["data"]["name"] = code, "Another Set"
    for c in raw["data"]["cards"]:
        if c["name"] == "Colossal Dreadmaw":
            c.update(dreadmaw)
    path = tmp_path / f"{code}.json"
    path.write_text(json.dumps(raw))
    return path


def test_an_import_is_in_this_process_and_in_the_next(folder: Path) -> None:
    read = mtgrules.cards.import_cards(ATOMIC)
    assert read.source == "MTGJSON 5.2.0+20220425, AtomicCards"
    fire = kit_cards().get("Fire")
    assert fire is not None and fire.name == "Fire // Ice"
    assert [e.file for e in stored_imports()] == ["AtomicCards.json"]
    reset_kit_cards()  # a new session
    assert kit_cards().get("Fire") == fire
    assert kit_cards().get("Colossal Dreadmaw") is not None  # the kit's sets are still there


def test_the_stored_copy_is_trimmed_and_reads_the_same(folder: Path) -> None:
    mtgrules.cards.import_cards(FULL_SET)
    stored = folder / "M21.json"
    text = stored.read_text()
    assert "purchaseUrls" not in text and "foreignData" not in text and "booster" not in text
    assert stored.stat().st_size < FULL_SET.stat().st_size / 2
    again, original = read_file(stored), read_file(FULL_SET)
    assert (again.cards, again.tokens, again.source) == (original.cards, original.tokens, original.source)


def test_the_trimmed_form_of_each_kit_set_reads_the_same() -> None:
    from mtgrules.cards.mtgjson import kit_set_paths
    for path in kit_set_paths():
        read = read_file(path)
        again = read_data(trimmed_form(read))
        assert (again.cards, again.tokens, again.variants) == (read.cards, read.tokens, read.variants), path.stem


def test_a_broken_file_stores_nothing(folder: Path, tmp_path: Path) -> None:
    bad = _other_set(tmp_path, power=7)
    before = kit_cards()
    with pytest.raises(CardDataError, match="Colossal Dreadmaw.*'power'"):
        mtgrules.cards.import_cards(bad)
    assert not folder.exists() or not any(folder.iterdir())
    assert kit_cards() is before


def test_a_card_printed_differently_needs_prefer(folder: Path, tmp_path: Path) -> None:
    other = _other_set(tmp_path, manaCost="{5}{G}")
    with pytest.raises(CardDataError, match="prefer"):
        mtgrules.cards.import_cards(other)
    assert stored_imports() == [] and kit_cards().get("Colossal Dreadmaw").mana_cost == "{4}{G}{G}"  # type: ignore[union-attr]
    mtgrules.cards.import_cards(other, prefer="file")
    assert kit_cards().get("Colossal Dreadmaw").mana_cost == "{5}{G}"  # type: ignore[union-attr]
    reset_kit_cards()  # the choice is kept with the file
    assert kit_cards().get("Colossal Dreadmaw").mana_cost == "{5}{G}"  # type: ignore[union-attr]
    assert stored_imports()[0].prefer == "file"


def test_prefer_kit_keeps_the_kits_card_and_adds_the_rest(folder: Path, tmp_path: Path) -> None:
    other = _other_set(tmp_path, manaCost="{5}{G}")
    mtgrules.cards.import_cards(other, prefer="kit")
    dreadmaw = kit_cards().get("Colossal Dreadmaw")
    assert dreadmaw is not None and dreadmaw.mana_cost == "{4}{G}{G}" and "X21" not in dreadmaw.sets
    ugin = kit_cards().get("Ugin, the Spirit Dragon")
    assert ugin is not None and "X21" in ugin.sets  # an identical reprint: its set is added


def test_a_later_import_is_checked_against_the_earlier_ones(folder: Path, tmp_path: Path) -> None:
    mtgrules.cards.import_cards(_other_set(tmp_path, "X21", manaCost="{5}{G}"), prefer="file")
    with pytest.raises(CardDataError, match="prefer"):
        mtgrules.cards.import_cards(_other_set(tmp_path, "Y21"))  # the kit's own cost: now differs from X21
    mtgrules.cards.import_cards(_other_set(tmp_path, "X21", manaCost="{5}{G}"), prefer="file")  # again: replaces
    assert [e.file for e in stored_imports()] == ["X21.json"]


def test_forgetting_an_import(folder: Path) -> None:
    mtgrules.cards.import_cards(ATOMIC)
    forget_import("AtomicCards")
    assert kit_cards().get("Fire") is None and stored_imports() == []
    with pytest.raises(CardDataError, match="no imported card file"):
        forget_import("AtomicCards")


def test_a_damaged_folder_warns_and_the_kit_still_loads(folder: Path) -> None:
    mtgrules.cards.import_cards(ATOMIC)
    (folder / "AtomicCards.json").write_text("{")
    with pytest.warns(UserWarning, match="left out"):
        lib = load_with_imports()
    assert lib.get("Fire") is None and lib.get("Colossal Dreadmaw") is not None
    (folder / MANIFEST).write_text("[1, 2]")
    with pytest.warns(UserWarning, match="can't be read"):
        assert stored_imports() == []


def test_import_mtgrules_reads_no_card_data() -> None:
    code = ("import sys, mtgrules, mtgrules.cards; m = sys.modules.get('mtgrules.cards.mtgjson'); "
            "print(bool(m and m._KIT), 'mtgrules.cards.imports' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["False", "False"]  # no set read, the user's folder not looked at


# ---------------------------------------------------------------- the command line
def test_cli_import_list_and_remove(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "import", str(ATOMIC)]) == 0
    assert "imported MTGJSON 5.2.0+20220425, AtomicCards: 7 cards" in capsys.readouterr().out
    assert main(["cards", "list"]) == 0
    assert "Fire  (face a of Fire // Ice, split)" in capsys.readouterr().out
    assert main(["cards", "list", "--set", "m20"]) == 0
    listed = capsys.readouterr()
    assert "Chandra's Flame Wave" in listed.out and "Fire  (face" not in listed.out and "328 cards in M20" in listed.err
    assert main(["cards", "imports"]) == 0
    assert "AtomicCards" in capsys.readouterr().out
    assert main(["cards", "remove", "AtomicCards"]) == 0
    assert main(["cards", "remove", "AtomicCards"]) == 1


def test_cli_refuses_a_conflict_and_says_what_prefer_decided(folder: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    other = _other_set(tmp_path, manaCost="{5}{G}")
    assert main(["cards", "import", str(other)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("not imported: ") and "Colossal Dreadmaw" in err and "'manaCost'" in err
    assert "--prefer kit|file" in err
    assert main(["cards", "import", str(other), "--prefer", "kit"]) == 0
    assert "1 name printed differently: the kit's card is used (Colossal Dreadmaw)" in capsys.readouterr().out


def test_cli_list_of_an_unknown_set(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "--set", "ZZZ"]) == 1
    assert "the sets are: 10E, M19, M20, M21" in capsys.readouterr().err
