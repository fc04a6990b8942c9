"""Nothing a scenario is told is misread without a word (issue 27, "No silent misreading").

Each test is one of the tester's scripts turned into a check: a counter kind that only looks like
+1/+1, counters on a card in a hand, numbers too long to print, a planeswalker at 0 loyalty, a
field given twice, the mana list ``to_dict`` writes, and a board file that isn't UTF-8. The
scenario file tests run ``walk`` and the BoardEditor on the same text: one reader
(``mtgrules.play.scenario_data``) reads both, so both say the same thing."""

from __future__ import annotations

import datetime
import json
from html import unescape

import pytest

from mtgrules import Scenario, ScenarioError, cast, characteristics, pass_priority
from mtgrules.cli import load_scenario, main
from mtgrules.play import scenario_data
from mtgrules.play.scenario_input import MAX_NUMBER, shown
from mtgrules.play.verbs import resolve_top
from mtgrules.views import state_html, state_table, timeline_html
from mtgrules.widgets import BoardEditor


def _walk(tmp_path, content: str | bytes, *args: str) -> tuple[int, str, str]:
    """Run ``python -m mtgrules walk`` (in-process) on a file holding ``content``."""
    path = tmp_path / "scenario.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    import contextlib
    import io
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["walk", str(path), *args])
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------- counter kinds that only look right
LOOKALIKES = [("+1/+1 ", "+1/+1", "spacing"), (" +1/+1", "+1/+1", "spacing"), ("+1/+1\n", "+1/+1", "spacing"),
              ("+1/+1\t", "+1/+1", "spacing"), ("\uff0b1/\uff0b1", "+1/+1", "look-alike"),
              ("\u22121/\u22121", "-1/-1", "look-alike"), ("\u20131/\u20131", "-1/-1", "look-alike"),
              ("+1/+1\u200b", "+1/+1", "look-alike"), ("loyalty ", "loyalty", "spacing"),
              ("charge\u00a0", "charge", "spacing"), ("first  strike", "first strike", "spacing"),
              ("stun ", "stun", "spacing"), ("flying ", "flying", "spacing")]


@pytest.mark.rule("122.1")
@pytest.mark.parametrize(("kind", "meant", "how"), LOOKALIKES, ids=[repr(k) for k, _, _ in LOOKALIKES])
def test_a_counter_kind_that_only_looks_like_a_played_kind_is_refused_with_did_you_mean(kind, meant, how):
    """'+1/+1 ', '−1/−1', '＋1/＋1' were plain markers: the Bears stayed 2/2 with "+1/+1" in the table."""
    s = Scenario("counters")
    with pytest.raises(ScenarioError, match="did you mean") as refused:
        s.add("Grizzly Bears", "Alice", counters={kind: 2})
    assert f"did you mean {meant!r}?" in str(refused.value) and how in str(refused.value)
    assert "122.1" in str(refused.value)
    assert s.objects == []  # refused, nothing added
    with pytest.raises(ScenarioError, match="did you mean"):  # the same from plain data
        Scenario.from_dict({"cards": [{"card": "Grizzly Bears", "counters": {kind: 2}}]})


def test_a_planeswalker_given_loyalty_with_a_space_is_refused_not_given_two_loyalty_kinds():
    """``counters={"loyalty ": 1}`` gave Jace (('loyalty', 3), ('loyalty ', 1))."""
    with pytest.raises(ScenarioError, match="did you mean 'loyalty'"):
        Scenario("pw").add("Jace Beleren", "Alice", counters={"loyalty ": 1})


@pytest.mark.parametrize("kind", ["+1/+1", "-1/-1", "charge", "age", "loyalty", "time"])
def test_plain_counter_kinds_are_still_read(kind):
    s = Scenario("counters")
    oid = s.add("Grizzly Bears" if "/" in kind else "Vivid Crag", "Alice", counters={kind: 2})
    assert s.state().obj(oid).counter(kind) == 2
    if kind == "+1/+1":
        assert characteristics(s.state(), oid).pt() == "4/4"


def test_a_counter_kind_of_invisible_characters_only_is_refused():
    with pytest.raises(ScenarioError, match="letters one can see"):
        Scenario("x").add("Grizzly Bears", "Alice", counters={"\u200b": 1})


def test_the_board_editor_refuses_a_look_alike_counter_and_keeps_the_card_as_it_was():
    e = BoardEditor()
    e.add("Grizzly Bears", "Alice")
    e.set_counter("\u22121/\u22121", 1)
    assert "did you mean '-1/-1'?" in e.error
    assert "did you mean '-1/-1'?" in unescape(e.errors.value)


# ---------------------------------------------------------------- counters on a card in a hand or library
@pytest.mark.rule("122.2")
@pytest.mark.parametrize("zone", ["hand", "library"])
def test_counters_on_a_card_in_a_hand_or_library_are_refused(zone):
    """They showed the card in hand as a 4/4, and casting it gave a 2/2 without a word."""
    s = Scenario("counters in hand")
    with pytest.raises(ScenarioError, match=r"cease to exist as soon as it moves.*\(122\.2, 400\.7\)"):
        s.add("Grizzly Bears", "Alice", zone=zone, counters={"+1/+1": 2})
    assert s.objects == []
    with pytest.raises(ScenarioError, match="122.2"):
        Scenario.from_dict({"cards": [{"card": "Grizzly Bears", "zone": zone, "counters": {"+1/+1": 2}}]})


@pytest.mark.parametrize("zone", ["graveyard", "exile"])
def test_counters_on_a_card_in_a_graveyard_or_exile_are_kept(zone):
    """Cards there can have counters (a suspended card's time counters in exile, 702.62a; 122.1a
    counts +1/+1 counters on a creature card anywhere), so those are not refused."""
    s = Scenario("counters elsewhere")
    oid = s.add("Grizzly Bears", "Alice", zone=zone, counters={"+1/+1": 2})
    assert s.state().obj(oid).counter("+1/+1") == 2
    assert Scenario.from_dict(s.to_dict()).state() == s.state()


def test_a_card_in_hand_without_counters_is_cast_as_printed():
    s = Scenario("no counters in hand")
    s.mana("Alice", "GG")
    bears = s.add("Grizzly Bears", "Alice", zone="hand", counters={"+1/+1": 0})  # none is none
    t = s.timeline()
    assert state_table(t.state).loc["#1 Grizzly Bears", "P/T"] == "2/2"
    t.do(cast("Alice", bears))
    resolve_top(t)
    new = next(o for o in t.state.objects if o.card == "Grizzly Bears")
    assert characteristics(t.state, new.oid).pt() == "2/2"


# ---------------------------------------------------------------- numbers too long to print
HUGE = 10 ** 5000


@pytest.mark.parametrize(("label", "make", "field"), [
    ("life", lambda: Scenario("big", life=HUGE), "life"),
    ("negative life", lambda: Scenario("big", life=-HUGE), "life"),
    ("turn", lambda: Scenario("big", turn=HUGE), "turn"),
    ("seed", lambda: Scenario("big", seed=HUGE), "seed"),
    ("counters", lambda: Scenario("big").add("Grizzly Bears", counters={"+1/+1": HUGE}), "counters['+1/+1']"),
    ("lands played", lambda: Scenario("big").lands_played("Alice", HUGE), "the number of lands"),
    ("life, just over", lambda: Scenario("big", life=MAX_NUMBER + 1), "life"),
])
def test_a_number_too_large_for_any_game_is_refused_naming_its_field(label, make, field):
    """A 5,001-digit life total was accepted; then state_html and to_dict's JSON raised Python's raw
    "Exceeds the limit (4300 digits) for integer string conversion"."""
    with pytest.raises(ScenarioError) as refused:
        make()
    message = str(refused.value)
    assert f"{field} must be" in message and len(message) < 300, message


def test_the_largest_numbers_a_scenario_takes_show_in_every_view_and_in_json():
    s = Scenario("big but fine", life=MAX_NUMBER, turn=MAX_NUMBER, seed=2**64)
    s.add("Grizzly Bears", "Alice", counters={"+1/+1": MAX_NUMBER})
    state_html(s.state())
    state_table(s.state())
    timeline_html(s.timeline())
    back = Scenario.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.state() == s.state()


def test_shown_never_writes_out_a_number_python_cannot_print():
    assert "5,001 digits" in shown(HUGE)
    assert "too long to show" in shown([HUGE])


def test_a_file_number_with_too_many_digits_is_refused_by_walk_and_the_editor_alike(tmp_path):
    text = '{"life": 1' + "0" * 30 + "}"
    code, out, err = _walk(tmp_path, text)
    assert code == 2 and "it holds a number of 31 digits" in err
    e = BoardEditor().load_json(text)
    assert "it holds a number of 31 digits" in e.error


# ---------------------------------------------------------------- a planeswalker at 0 loyalty
@pytest.mark.rule("306.5b")
def test_a_planeswalker_at_0_loyalty_round_trips_exactly():
    """to_dict wrote 'counters': {} and from_dict gave Jace his printed 3 loyalty back."""
    s = Scenario("pw0")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 0})
    assert s.state().obj(jace).counter("loyalty") == 0
    data = s.to_dict()
    assert data["cards"][0]["counters"] == {"loyalty": 0}
    assert Scenario.from_dict(json.loads(json.dumps(data))).state() == s.state()


@pytest.mark.rule("704.5i")
def test_a_planeswalker_at_0_loyalty_goes_to_the_graveyard_when_state_based_actions_are_checked():
    s = Scenario("pw0")
    jace = s.add("Jace Beleren", "Alice", counters={"loyalty": 0})
    t = s.timeline()
    t.do(pass_priority("Alice"))
    assert t.state.obj(jace).zone.value == "graveyard" and "704.5i" in t[-1].narration()


def test_a_planeswalker_still_enters_with_its_printed_loyalty_when_none_is_given():
    s = Scenario("pw")
    jace = s.add("Jace Beleren", "Alice")
    assert s.state().obj(jace).counter("loyalty") == 3
    assert Scenario.from_dict(s.to_dict()).state() == s.state()


def test_the_board_editor_keeps_a_planeswalker_at_the_0_loyalty_it_was_given():
    e = BoardEditor()
    e.add("Jace Beleren", "Alice")
    e.set_counter("loyalty", 0)
    assert e.error == "" and e.scenario().state().obj(1).counter("loyalty") == 0
    assert BoardEditor.from_json(e.to_json()).scenario().state() == e.scenario().state()


# ---------------------------------------------------------------- one reader for walk and the editor
REPEATED = '{"players": ["Alice", "Bob"], "life": 20, "life": 5, "cards": [{"card": "Forest", "card": "Grizzly Bears"}]}'


def test_walk_refuses_a_field_given_twice_as_the_board_editor_does(tmp_path):
    """walk read json.loads' last value: life 5 and a Grizzly Bears, exit 0."""
    code, out, err = _walk(tmp_path, REPEATED, "--state")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "the field(s) 'card' are given twice in one mapping" in err
    e = BoardEditor()
    e.load_json(REPEATED)
    assert "the field(s) 'card' are given twice in one mapping" in e.error
    code, _, err = _walk(tmp_path, '{"life": 20, "turn": 3, "life": 5}')
    assert code == 2 and "the field(s) 'life' are given twice" in err


def _saved_scenarios() -> list[Scenario]:
    potion = Scenario("potion")
    potion.add("Grizzly Bears", "Alice")
    potion.mana("Alice", "G", source="a potion").mana("Alice", "RR").mana("Bob", "B")
    giant = Scenario("2HG", players=["Alice", "Andy", "Bob", "Beth"], game_format="two-headed giant",
                     teams={"Alice": "A", "Andy": "A", "Bob": "B", "Beth": "B"}, seed=4, life=5)
    giant.add("Utopia Sprawl", "Alice", zone="hand")
    giant.add("Forest", "Andy", tapped=True)
    giant.lands_played("Alice")
    walker = Scenario("walker", step="upkeep", turn=5)
    walker.add("Jace Beleren", "Bob", counters={"loyalty": 0})
    walker.add("Vivid Crag", "Alice", counters={"charge": 1})
    walker.add("Grizzly Bears", "Bob", zone="exile", counters={"+1/+1": 1})
    return [potion, giant, walker]


@pytest.mark.parametrize("s", _saved_scenarios(), ids=lambda s: s.title)
def test_walk_reads_every_scenario_to_dict_writes(tmp_path, s):
    """to_dict writes a pool with a named source as a list of {"symbols", "source"}; walk refused
    it ("mana for 'Alice' must be a string of mana symbols")."""
    text = json.dumps(s.to_dict())
    code, out, err = _walk(tmp_path, text)
    assert code == 0, err
    path = tmp_path / "again.json"
    path.write_text(text)
    walked, actions = load_scenario(path)
    assert walked.state() == s.state() and actions == []
    assert BoardEditor.from_json(text).scenario().state() == s.state()


# ---------------------------------------------------------------- a board file that isn't UTF-8
def _upload(editor: BoardEditor, raw: bytes) -> None:
    editor.load.value = ({"name": "board.json", "type": "application/json", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime.datetime.now(datetime.UTC)},)


LATIN1 = '{"title": "Caf\u00e9 des r\u00e8gles", "players": ["Zo\u00eb", "Bob"]}'


@pytest.mark.parametrize(("raw", "says"), [
    (LATIN1.encode("latin-1"), "byte 14 (0xe9) isn't UTF-8; it looks like Windows-1252 or Latin-1 text, where "
                               "that byte is 'é'"),
    (LATIN1.encode("cp1252"), "Windows-1252 or Latin-1"),
    (LATIN1.encode("utf-16"), "it is UTF-16 text, not UTF-8 text"),
    (LATIN1.encode("utf-16-le"), "it looks like UTF-16 text without a byte-order mark"),
    (LATIN1.encode("utf-32"), "it is UTF-32 text, not UTF-8 text"),
])
def test_an_upload_that_is_not_utf8_is_refused_naming_the_encoding_and_the_board_stays(raw, says):
    """The upload was decoded with errors="replace": "Zoë" loaded as "Zo\ufffd" without a word."""
    e = BoardEditor()
    e.add("Grizzly Bears", "Alice")
    before = e.to_json()
    _upload(e, raw)
    assert e.error.startswith("That file isn't a board the kit can read: ") and says in e.error, e.error
    assert "save it again as UTF-8" in e.error and "\n" not in e.error
    assert e.to_json() == before and "\ufffd" not in e.to_json()


@pytest.mark.parametrize("raw", [LATIN1.encode("utf-8"), b"\xef\xbb\xbf" + LATIN1.encode("utf-8")],
                         ids=["utf-8", "utf-8 with a byte-order mark"])
def test_an_upload_in_utf8_loads_with_its_letters(raw):
    e = BoardEditor()
    _upload(e, raw)
    assert e.error == "" and e.title.value == "Café des règles" and e.players.value == "Zoë, Bob"


def test_walk_refuses_the_same_latin1_file_with_the_same_sentence(tmp_path):
    code, _, err = _walk(tmp_path, LATIN1.encode("latin-1"))
    assert code == 2 and "it looks like Windows-1252 or Latin-1 text, where that byte is 'é'" in err


def test_the_reader_refuses_what_is_not_bytes_or_text():
    with pytest.raises(ScenarioError, match="read from bytes"):
        scenario_data.decode("text")  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="read as text"):
        scenario_data.read_text(b"{}")


def test_a_file_of_thousands_of_stray_fields_is_refused_in_one_short_sentence(tmp_path):
    """The unknown-field message listed every key: 25,000 of them made a 300 KB sentence."""
    text = json.dumps({f"k{i}": 0 for i in range(15_000)})
    e = BoardEditor().load_json(text)
    assert "unknown field(s) [\"'k0'\", \"'k1'\", \"'k10'\", \"'k100'\", \"'k1000'\", … (15,000 in all)]" in e.error
    assert len(e.error) < 400
    code, _, err = _walk(tmp_path, text)
    assert code == 2 and "(15,000 in all)" in err and len(err) < 400
