"""The MTGJSON reader (mtgrules.cards.mtgjson): the kit's four sets, a full MTGJSON download of the
same cards, AtomicCards, and the files it must refuse (naming the card and the field, keeping
nothing), and the rule for a name two sources print differently."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from mtgrules.cards.mtgjson import (
    CardDataError,
    CardFile,
    CardLibrary,
    OracleCard,
    Ruling,
    kit_cards,
    kit_set_paths,
    merge,
    read_data,
    read_file,
)
from mtgrules.core.errors import MtgRulesError

FIXTURES = Path(__file__).resolve().parent / "data" / "mtgjson"
FULL_SET = FIXTURES / "M21-full-sample.json"  # the full MTGJSON format: identifiers, prices links, booster, ...
ATOMIC = FIXTURES / "AtomicCards-sample.json"


def _kit_file(code: str) -> CardFile:
    return read_file(next(p for p in kit_set_paths() if p.stem == code))


def _without_sets(c: OracleCard) -> tuple[Any, ...]:
    return (c.facts(), c.rulings, c.is_funny)


# ---------------------------------------------------------------- the kit's own sets
def test_the_four_sets_hold_1170_names_and_their_rulings() -> None:
    lib = kit_cards()
    names = {c.name for c in lib.cards.values()}
    assert len(names) == 1170
    assert len({(c.name, r) for c in lib.cards.values() for r in c.rulings}) == 1470
    assert lib.sources[0] == "MTGJSON 5.2.0+20220425, set 10E (Tenth Edition)"
    assert kit_cards() is lib  # read once per process


def test_a_card_reads_as_printed() -> None:
    wave = kit_cards().get("Chandra's Flame Wave")
    assert wave is not None
    assert (wave.mana_cost, wave.types, wave.colors, wave.sets) == ("{3}{R}{R}", ("Sorcery",), ("R",), ("M20",))
    assert wave.rulings[0] == Ruling("2019-07-12", wave.rulings[0].text)
    assert "illegal target" in wave.rulings[0].text
    ooze = kit_cards().get("Scavenging Ooze")
    assert ooze is not None and (ooze.power, ooze.toughness, ooze.type_line) == ("2", "2", "Creature — Ooze")


def test_a_reprint_in_several_sets_is_one_card_with_all_their_codes() -> None:
    lib = kit_cards()
    assert sum(1 for c in lib.cards.values() if len(c.sets) > 1) > 50
    plains = lib.get("Plains")
    assert plains is not None and plains.sets == ("10E", "M19", "M20", "M21")
    assert plains.supertypes == ("Basic",) and plains.subtypes == ("Plains",)


def test_a_two_faced_card_is_read_face_by_face() -> None:
    lib = kit_cards()
    front, back = lib.faces("Nicol Bolas, the Ravager // Nicol Bolas, the Arisen")
    assert (front.face_name, front.side, front.types, front.mana_cost) == (
        "Nicol Bolas, the Ravager", "a", ("Creature",), "{1}{U}{B}{R}")
    assert (back.face_name, back.side, back.types, back.loyalty, back.mana_cost) == (
        "Nicol Bolas, the Arisen", "b", ("Planeswalker",), "7", "")
    assert back.color_indicator == ("B", "R", "U")
    assert lib.get("Nicol Bolas, the Arisen") is back
    assert lib.get("Nicol Bolas, the Ravager // Nicol Bolas, the Arisen") is front


def test_tokens_and_emblems_are_kept_apart_from_cards() -> None:
    m21 = _kit_file("M21")
    assert "Angel" not in m21.cards
    angel = next(t for t in m21.tokens if t.name == "Angel")
    assert angel.is_token and angel.types == ("Creature",) and (angel.power, angel.colors) == ("4", ("W",))
    emblem = next(t for t in m21.tokens if t.layout == "emblem")
    assert not emblem.is_token and emblem.types == ("Emblem",)


# ---------------------------------------------------------------- the full format reads as the trimmed one
def test_a_full_mtgjson_set_file_reads_exactly_as_the_trimmed_copy() -> None:
    full = read_file(FULL_SET)
    trimmed = _kit_file("M21")
    assert full.source == trimmed.source == "MTGJSON 5.2.0+20220425, set M21 (Core Set 2021)"
    assert len(full.cards) == 8
    for name, c in full.cards.items():
        assert c == trimmed.cards[name], name
    # its showcase Basri Ket and full-art Colossal Dreadmaw (no flavor text) are the same cards
    assert full.cards["Colossal Dreadmaw"].has_flavor_text and not full.variants
    for t in full.tokens:
        assert any(t == k for k in trimmed.tokens), t.name
    assert len(full.tokens) == 2


def test_atomic_cards_read_as_the_set_files_do() -> None:
    atomic = read_file(ATOMIC)
    assert atomic.kind == "atomic" and atomic.source == "MTGJSON 5.2.0+20220425, AtomicCards"
    lib = kit_cards()
    for key, c in atomic.cards.items():
        if key in lib.cards:
            assert c.sets == () and c.facts() == lib.cards[key].facts() and c.rulings == lib.cards[key].rulings, key
    fire, ice = atomic.cards["Fire"], atomic.cards["Ice"]
    assert (fire.name, fire.side, fire.mana_cost, ice.side, ice.text) == (
        "Fire // Ice", "a", "{1}{R}", "b", "Tap target permanent.\nDraw a card.")
    assert "Nicol Bolas, the Arisen" in atomic.cards


def test_a_kit_library_and_the_atomic_file_merge_without_conflict() -> None:
    lib = kit_cards().merged_with(read_file(ATOMIC))
    assert lib.get("Fire") is not None and lib.get("Basri Ket") == kit_cards().get("Basri Ket")
    assert "Fire" not in kit_cards().cards  # the kit's own library is unchanged


# ---------------------------------------------------------------- broken files are refused
def _full() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FULL_SET.read_text())
    return data


def _refused(raw: Any) -> CardDataError:
    with pytest.raises(CardDataError) as caught:
        read_data(raw, "broken.json")
    assert isinstance(caught.value, MtgRulesError)
    return caught.value


def _card(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in raw["data"]["cards"] if c["name"] == name)


def _every(raw: dict[str, Any], name: str, **facts: Any) -> None:
    """Change every printing of ``name`` in the file (Colossal Dreadmaw is printed twice)."""
    for c in raw["data"]["cards"]:
        if c["name"] == name:
            c.update(facts)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("power", 5, "must be text"),
    ("manaCost", "{2}{W", "is not a mana cost"),
    ("manaCost", "{2}{Q}", "is not a mana symbol"),
    ("types", "Creature", "must be a list of words"),
    ("colors", ["White"], "is not a colour letter"),
    ("rulings", [{"date": "12/07/2019", "text": "x"}], "YYYY-MM-DD"),
    ("rulings", [{"text": "no date"}], "ruling 1"),
    ("isFunny", "no", "true or false"),
    ("text", ["Trample"], "must be text"),
    ("layout", None, "is missing"),
])
def test_a_field_of_the_wrong_kind_is_refused_naming_card_and_field(field: str, value: Any, says: str) -> None:
    raw = _full()
    dreadmaw = _card(raw, "Colossal Dreadmaw")
    if value is None:
        del dreadmaw[field]
    else:
        dreadmaw[field] = value
    err = _refused(raw)
    assert (err.card, err.field) == ("Colossal Dreadmaw", field)
    assert "Colossal Dreadmaw" in str(err) and repr(field) in str(err) and says in str(err)


def test_a_card_without_a_name_is_refused_by_its_place() -> None:
    raw = _full()
    del raw["data"]["cards"][3]["name"]
    err = _refused(raw)
    assert (err.card, err.field) == ("data.cards[3]", "name")


@pytest.mark.parametrize("raw", [[], {"meta": {}}, {"data": []}, {"data": {"code": "M21", "cards": {}}},
                                 {"data": {"code": 21, "cards": []}}, {"data": {"Ugin": "not faces"}},
                                 {"data": {"M21": {"cards": []}, "M20": {"cards": []}}}])
def test_a_file_of_the_wrong_shape_is_refused(raw: Any) -> None:
    assert str(_refused(raw)).startswith("broken.json")


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\"data\": ")
    with pytest.raises(CardDataError, match="is not JSON"):
        read_file(bad)
    with pytest.raises(CardDataError, match="can't be read"):
        read_file(tmp_path / "missing.json")


def test_an_atomic_entry_under_another_name_is_refused() -> None:
    raw = json.loads(ATOMIC.read_text())
    raw["data"]["Basri Ket"][0]["name"] = "Basri"
    err = _refused(raw)
    assert (err.card, err.field) == ("Basri", "name")


def test_a_bad_card_anywhere_leaves_nothing_loaded(tmp_path: Path) -> None:
    raw = _full()
    raw["data"]["tokens"][-1]["power"] = 1  # the very last entry read
    bad = tmp_path / "M21.json"
    bad.write_text(json.dumps(raw))
    before = kit_cards()
    with pytest.raises(CardDataError):
        merge([read_file(ATOMIC), read_file(bad)])
    assert kit_cards() is before and "Fire" not in before.cards


def test_an_unknown_layout_is_read_as_printed_and_listed() -> None:
    raw = _full()
    _every(raw, "Colossal Dreadmaw", layout="hologram")
    read = read_data(raw)
    assert read.cards["Colossal Dreadmaw"].layout == "hologram"
    assert set(read.unknown_layouts) == {("Colossal Dreadmaw", "hologram")}


def test_an_art_card_is_not_a_game_card() -> None:
    raw = _full()
    _card(raw, "Plains")["layout"] = "art_series"
    read = read_data(raw)
    assert "Plains" not in read.cards and read.skipped[0][0] == "Plains"


def test_a_two_faced_card_without_face_names_is_refused() -> None:
    raw = json.loads(ATOMIC.read_text())
    del raw["data"]["Fire // Ice"][1]["faceName"]
    err = _refused(raw)
    assert err.field == "faceName"


def test_variants_of_one_name_in_a_file_are_all_kept() -> None:
    raw = _full()
    variant = copy.deepcopy(_card(raw, "Colossal Dreadmaw"))
    variant["number"], variant["text"] = "399", "Trample, haste"
    raw["data"]["cards"].append(variant)
    read = read_data(raw)
    printed = _kit_file("M21").cards["Colossal Dreadmaw"].text
    assert read.cards["Colossal Dreadmaw"].text == printed  # the lowest collector number
    assert [v.text for v in read.variants["Colossal Dreadmaw"]] == [printed, "Trample, haste"]


# ---------------------------------------------------------------- two sources, one name
def _changed(name: str, **facts: str) -> CardFile:
    raw = _full()
    raw["data"]["code"] = "X21"
    _every(raw, name, **facts)
    return read_data(raw, "x21.json")


def test_an_identical_reprint_adds_its_set() -> None:
    lib = kit_cards().merged_with(_changed("Colossal Dreadmaw"))
    dreadmaw = lib.get("Colossal Dreadmaw")
    assert dreadmaw is not None and dreadmaw.sets[-1] == "X21" and "M21" in dreadmaw.sets


@pytest.mark.parametrize(("field", "value", "fact"), [
    ("manaCost", "{5}{G}", "mana_cost"), ("text", "Trample, haste", "text"), ("power", "7", "power"),
    ("types", ["Artifact", "Creature"], "types")])
def test_a_name_printed_differently_is_refused_unless_told_which_wins(field: str, value: Any, fact: str) -> None:
    other = _changed("Colossal Dreadmaw", **{field: value})
    kit = kit_cards()
    with pytest.raises(CardDataError) as caught:
        kit.merged_with(other)
    err = caught.value
    assert (err.card, err.field) == ("Colossal Dreadmaw", field)
    assert "prefer" in str(err) and "M21" in str(err)
    kept = kit.merged_with(other, prefer="kit").get("Colossal Dreadmaw")
    taken = kit.merged_with(other, prefer="file").get("Colossal Dreadmaw")
    assert kept == kit.get("Colossal Dreadmaw")
    assert taken is not None and getattr(taken, fact) == (tuple(value) if isinstance(value, list) else value)
    assert taken.sets == ("X21",)


def test_prefer_must_be_kit_or_file() -> None:
    with pytest.raises(CardDataError, match="prefer"):
        CardLibrary().merged_with(read_file(ATOMIC), prefer="mine")  # type: ignore[arg-type]
