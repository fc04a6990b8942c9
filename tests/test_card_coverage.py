"""Coverage of the kit's card data, measured and kept: no card's status may get worse (the
ratchet, ``tests/data/card_status.json``), ``docs/cards.md`` is the report as the compiler makes
it now, every line of every card is played or marked with a reason, and the deletion probe finds
no word that a played line's template let go by unread."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgrules.cards.oracle import docs
from mtgrules.cards.oracle.coverage import all_compiled, card_statuses, report, worse
from mtgrules.cards.oracle.probe import ignored_words, known, probe
from mtgrules.core.carddef import PLAYED_BY_RULES, unplayed_lines

ROOT = Path(__file__).resolve().parent.parent
RATCHET = ROOT / "tests" / "data" / "card_status.json"


def test_no_card_status_got_worse():
    before = json.loads(RATCHET.read_text(encoding="utf-8"))
    now = card_statuses()
    down = worse(before, now)
    assert not down, (f"{len(down)} cards play less than they did: {down[:10]}; fix the grammar, or if the change "
                      "is right, say why in the commit and run python -m mtgrules.cards.oracle.docs")
    assert set(before) <= set(now), f"cards gone from the kit's data: {sorted(set(before) - set(now))[:5]}"


def test_the_ratchet_sees_a_card_that_got_worse():
    assert worse({"Shock": "played"}, {"Shock": "not played"}) == ["Shock"]
    assert worse({"Shock": "partly played"}, {"Shock": "played"}) == []


def test_docs_cards_md_is_the_current_report():
    text = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    assert text == docs.HEADER + report() + "\n", "docs/cards.md is stale: run python -m mtgrules.cards.oracle.docs"


def test_every_line_of_every_card_is_played_or_marked_with_a_reason():
    for c in all_compiled():
        marked = dict(unplayed_lines(c.card))
        for status in c.lines:
            if status.played:
                assert status.line not in marked, (c.card.name, status.line)
            elif (c.card.name, status.line) in PLAYED_BY_RULES:  # no template, but a pool rule plays it
                assert status.line not in marked, (c.card.name, status.line)
            else:
                assert marked.get(status.line), (c.card.name, status.line, "not marked")


def test_the_deletion_probe_finds_no_word_ignored_beyond_the_known_list():
    found = probe(all_compiled())
    listed = known()
    new = {k: v for k, v in found.items() if k not in listed}
    assert not new, f"words a template let go by unread: {dict(list(new.items())[:5])}"
    stale = sorted(set(listed) - set(found))
    assert not stale, f"probe_known.json lists findings that are gone: {stale[:5]}"


@pytest.mark.parametrize("line, name, word", [
    ("Destroy target creature.", "Murder", None),
    ("Creatures you control get +1/+1.", "Glorious Anthem", None),
])
def test_the_probe_would_see_an_ignored_word(line, name, word, monkeypatch) -> None:
    """Made to ignore a word (a parse that drops "target"'s adjectives), the probe names it."""
    from mtgrules.cards.oracle import probe as probe_module

    real = probe_module.parse

    def forgetful(text):
        return real(text.replace(" tapped", ""))
    assert ignored_words(line, name) == []
    monkeypatch.setattr(probe_module, "parse", forgetful)
    assert ignored_words("Destroy target tapped creature.", "Assassinate") == ["tapped"]


def test_the_ir_cache_is_current_and_agrees_with_the_parser():
    """ir_cache.json holds what the grammar says of every shipped line now; a stale file would
    play yesterday's meaning of a line."""
    import json as _json

    from mtgrules.cards.oracle import ir_cache

    shipped = _json.loads((ROOT / "mtgrules" / "cards" / "oracle" / "ir_cache.json").read_text(encoding="utf-8"))
    assert shipped["key"] == ir_cache.key(), "ir_cache.json is stale: run python -m mtgrules.cards.oracle.docs"
    assert shipped == docs.cache_contents()


def test_a_cache_of_another_grammar_is_never_read(monkeypatch) -> None:
    from mtgrules.cards.oracle import ir_cache

    ir_cache.cached_lines.cache_clear()
    monkeypatch.setattr(ir_cache, "key", lambda: "another grammar")
    try:
        assert ir_cache.cached_lines() == {}
        assert ir_cache.lookup("flying") is None
    finally:
        ir_cache.cached_lines.cache_clear()
