"""The rulings catalog and the rules index: the kit's specification, checked.

The ID list below is copied from RULINGS.md on purpose: it is the spec. If the catalog loses,
gains or reorders a ruling, these tests say so.
"""

from __future__ import annotations

import copy
import re

import pytest

from mtgrules.catalog import rules_index
from mtgrules.catalog.rulings import Ruling, Status, catalog_ids, load_catalog, parse_catalog, ruling

SPEC_IDS = (
    "MANA-1", "MANA-2", "MANA-3", "MANA-4", "MANA-5", "MANA-6", "XETB-1", "TAP-1", "UNTAP-1",
    "OMDB-1", "OMDB-2", "OMDB-3", "OMDB-4", "OMDB-5", "OMDB-6", "OMDB-7", "OMDB-8", "OMDB-9",
    "CTG-1", "CTG-2", "CTG-3",
    "MEL-1", "MEL-2", "MEL-3", "MEL-4",
    "NEY-1", "NEY-2", "NEY-3", "NEY-4", "NEY-5", "NEY-6", "NEY-7", "NEY-8",
    "GB-1", "GB-2", "GB-3", "GB-4", "GB-5",
)  # fmt: skip

GENERAL_IDS = {"MANA-1", "MANA-2", "MANA-3", "MANA-4", "MANA-5", "MANA-6", "XETB-1", "TAP-1",
               "UNTAP-1"}  # fmt: skip
CARDS = {
    "OMDB": "Over My Dead Bodies",
    "CTG": "Call to the Grave",
    "MEL": "Wings of the Guard",
    "NEY": "Neyith of the Dire Hunt",
    "GB": "Graveyard Busybody",
}
SEED_NAME = re.compile(r"00[0-4]_[0-9a-f]{16}\.txt")


def _valid_entry() -> dict:
    return {
        "id": "MANA-1",
        "topic": "Mana",
        "card": None,
        "seeds": ["000_1939b6d4f181a759.txt"],
        "quote": "If an ability would produce one or more mana of an undefined type, it produces no mana instead.",
        "source": "General ruling note; restates CR 106.5",
        "cr": ["106.5"],
        "outside_cr": False,
        "shows": "no mana is added",
        "status": {"engine": False, "test": False, "lesson": False},
        "lesson": None,
    }


# --- the catalog -------------------------------------------------------------------------


def test_catalog_has_exactly_the_specified_rulings_in_order():
    assert len(SPEC_IDS) == 38
    assert catalog_ids() == SPEC_IDS


def test_catalog_entries_are_rulings():
    catalog = load_catalog()
    assert isinstance(catalog, tuple)
    assert all(isinstance(entry, Ruling) for entry in catalog)
    assert all(isinstance(entry.status, Status) for entry in catalog)


def test_quotes_are_whole_sentences():
    for entry in load_catalog():
        quote = entry.quote
        assert quote == quote.strip() and "\n" not in quote, entry.id
        assert quote[0].isupper(), f"{entry.id}: quote should start with a capital letter"
        assert quote.endswith((".", ".\u201d")), f"{entry.id}: quote should end with a full stop"


def test_outside_cr_is_set_exactly_for_the_unstable_cards():
    for entry in load_catalog():
        expected = entry.id.startswith(("OMDB-", "GB-"))
        assert entry.outside_cr is expected, entry.id


def test_busybody_rulings_cite_the_casual_cards_rule():
    for entry in load_catalog():
        if entry.id.startswith("GB-"):
            assert entry.cr == ("100.7",), entry.id


def test_cards_and_topics_follow_the_ruling_groups():
    for entry in load_catalog():
        if entry.id in GENERAL_IDS:
            assert entry.card is None, entry.id
            expected = "Mana" if entry.id.startswith("MANA") else "Tap, untap and X"
            assert entry.topic == expected, entry.id
            assert "Gatherer rulings of" in entry.source and "seed" not in entry.source, entry.id
        else:
            prefix = entry.id.split("-")[0]
            assert entry.card == CARDS[prefix], entry.id
            assert entry.card in entry.topic, entry.id
            assert entry.card in entry.source, entry.id


def test_seeds_name_the_seed_files():
    for entry in load_catalog():
        assert entry.seeds, entry.id
        assert all(SEED_NAME.fullmatch(name) for name in entry.seeds), entry.id
        assert list(entry.seeds) == sorted(set(entry.seeds)), entry.id
    assert ruling("MANA-2").seeds == ("003_7c551b41013b7dae.txt",)
    assert len(ruling("MANA-1").seeds) == 5
    # Neyith's page (seed 003) has no {Q} note.
    assert "003_7c551b41013b7dae.txt" not in ruling("UNTAP-1").seeds


def test_every_cited_rule_is_well_formed_and_indexed():
    for entry in load_catalog():
        assert entry.cr, entry.id
        for number in entry.cr:
            assert rules_index.is_well_formed(number), (entry.id, number)
            assert number in rules_index.RULES, (entry.id, number)
        assert entry.citations == tuple(f"CR {number}" for number in entry.cr)


def test_status_starts_not_done_and_done_needs_all_three():
    for entry in load_catalog():
        if entry.status.done:
            assert entry.lesson, f"{entry.id} is done but names no lesson"
    assert Status(engine=True, test=True, lesson=True).done
    assert not Status(engine=True, test=True, lesson=False).done
    assert not Status(engine=False, test=True, lesson=True).done


def test_ruling_lookup():
    assert ruling("NEY-5").card == "Neyith of the Dire Hunt"
    assert ruling("NEY-5").cr == ("701.10b", "701.10c")
    with pytest.raises(KeyError, match="NEY-9"):
        ruling("NEY-9")


def test_catalog_entries_are_immutable():
    entry = ruling("MANA-1")
    with pytest.raises(AttributeError):
        entry.quote = "something else"  # type: ignore[misc]


# --- validation of malformed data ----------------------------------------------------------


def test_validator_accepts_a_valid_entry():
    (parsed,) = parse_catalog([_valid_entry()])
    assert parsed.id == "MANA-1"
    assert parsed.cr == ("106.5",)


@pytest.mark.parametrize("field", ["quote", "cr", "status", "outside_cr", "lesson"])
def test_validator_names_the_entry_and_a_missing_field(field):
    entry = _valid_entry()
    del entry[field]
    with pytest.raises(ValueError, match=rf"entry 0 \(MANA-1\).*{field}"):
        parse_catalog([entry])


@pytest.mark.parametrize(
    ("number", "problem"),
    [
        ("106.55", "not in the kit's rules index"),  # well formed, no such rule indexed
        ("732", "not in the kit's rules index"),  # the old number for illegal actions
        ("1065", "not a well-formed"),
        ("106.5l", "not a well-formed"),  # the CR never uses the letter l
        ("CR 106.5", "not a well-formed"),
    ],
)
def test_validator_rejects_bad_rule_numbers(number, problem):
    entries = [_valid_entry(), _valid_entry()]
    entries[1]["id"] = "MANA-2"
    entries[1]["cr"] = ["106.6", number]
    with pytest.raises(ValueError, match=rf"entry 1 \(MANA-2\), field 'cr'.*{problem}"):
        parse_catalog(entries)


def test_validator_rejects_numbers_given_as_numbers():
    entry = _valid_entry()
    entry["cr"] = [106.5]
    with pytest.raises(ValueError, match=r"MANA-1.*'cr'"):
        parse_catalog([entry])


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("id", "mana one"),
        ("quote", ""),
        ("card", ""),
        ("seeds", []),
        ("outside_cr", "no"),
        ("status", {"engine": False, "test": False}),
        ("status", {"engine": 0, "test": False, "lesson": False}),
    ],
)
def test_validator_rejects_wrong_values(field, value):
    entry = _valid_entry()
    entry[field] = value
    with pytest.raises(ValueError, match=rf"entry 0.*field '{field}'"):
        parse_catalog([entry])


def test_validator_rejects_unknown_fields_and_duplicates():
    entry = _valid_entry()
    entry["qoute"] = entry["quote"]
    with pytest.raises(ValueError, match=r"MANA-1.*'qoute'"):
        parse_catalog([entry])
    with pytest.raises(ValueError, match=r"entry 1 \(MANA-1\), field 'id': duplicate of entry 0"):
        parse_catalog([_valid_entry(), copy.deepcopy(_valid_entry())])


def test_validator_rejects_a_non_list():
    with pytest.raises(ValueError, match="list"):
        parse_catalog({"id": "MANA-1"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="entry 0"):
        parse_catalog(["MANA-1"])


# --- the rules index ---------------------------------------------------------------------


def test_index_names_its_edition():
    assert rules_index.EDITION == "2026-09-25"


def test_every_indexed_number_is_well_formed_with_a_title():
    for number, text in rules_index.RULES.items():
        assert rules_index.is_well_formed(number), number
        assert text.strip() and len(text) <= 100, number
        assert rules_index.title(number) == text


def test_every_indexed_subrule_has_its_parents_indexed():
    for number in rules_index.RULES:
        up = rules_index.parent(number)
        while up is not None:
            assert up in rules_index.RULES, f"{number}: parent {up} missing"
            up = rules_index.parent(up)


def test_illegal_actions_use_the_cited_editions_number():
    assert "733" in rules_index.RULES
    assert "732" not in rules_index.RULES


@pytest.mark.parametrize("number", ["106", "106.5", "106.12b", "509.1c", "702.121a", "508.1m", "733"])
def test_well_formed_numbers(number):
    assert rules_index.is_well_formed(number)


@pytest.mark.parametrize(
    "number",
    ["", "1", "10", "1065", "106.", "106.05", "106.5B", "106.5bb", "508.1l", "106.1o",
     "CR 106.5", " 106.5", "106.5 ", "012.1", "106-5", None, 106.5],
)  # fmt: skip
def test_ill_formed_numbers(number):
    assert not rules_index.is_well_formed(number)


def test_cite_formats_known_rules():
    assert rules_index.cite("106.5") == "CR 106.5"
    assert rules_index.cite("107.4e") == "CR 107.4e"


@pytest.mark.parametrize("number", ["999", "106.55", "732", "508.1n", "702.110b"])
def test_cite_rejects_unknown_numbers(number):
    with pytest.raises(ValueError, match="not in the kit's rules index"):
        rules_index.cite(number)


@pytest.mark.parametrize("number", ["", "106.5l", "CR 106.5", "106,5", "1065"])
def test_cite_rejects_ill_formed_numbers(number):
    with pytest.raises(ValueError, match="not a well-formed"):
        rules_index.cite(number)


def test_title_of_an_unknown_rule_explains():
    with pytest.raises(KeyError, match="999"):
        rules_index.title("999")


def test_parent():
    assert rules_index.parent("509.1c") == "509.1"
    assert rules_index.parent("509.1") == "509"
    assert rules_index.parent("509") is None
    assert rules_index.parent("106.12b") == "106.12"
    with pytest.raises(ValueError):
        rules_index.parent("5091")


# --- markers and catalog agree -------------------------------------------------------------


def test_marked_tests_and_catalog_agree(collected_rulings):
    known = set(catalog_ids())
    unknown = sorted(set(collected_rulings) - known)
    assert not unknown, f"tests are marked with rulings the catalog doesn't have: {unknown}"
    claimed = [entry.id for entry in load_catalog() if entry.status.test]
    untested = [ruling_id for ruling_id in claimed if not collected_rulings.get(ruling_id)]
    assert not untested, f"catalog says these have a test, but none is marked: {untested}"
