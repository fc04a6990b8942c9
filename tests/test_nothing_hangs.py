"""Nothing a learner or a file can type hangs a kernel (issue 27, section 2).

Each of these inputs took from seconds to many minutes: an {X} spell with a five-colour pool
(every X times every way to pay), Exponential Growth with a large X (each doubling re-reading
every doubling before it), a board file with 25,000 keys (each counted against every other),
the BoardEditor at its 400-card limit, 250 attackers against 250 blockers (n**3), 10,000 tokens
and the board picture of a big board or a long name. The tests hold the kit to the rules on
each, and to a bound on the work it does, counted in operations, never timed: speed is measured
in ``benchmarks/blowups_bench.py`` (``make bench``).
"""

from __future__ import annotations

import itertools
import json
import string
from collections import defaultdict
from dataclasses import replace

import pytest

from mtgrules import (
    CastSpell,
    IllegalAction,
    MissingChoice,
    Scenario,
    ScenarioError,
    Step,
    apply,
    cast,
    characteristics,
    declare_attackers,
    declare_blockers,
    legal_actions,
    pass_priority,
)
from mtgrules.core import mana as mana_module
from mtgrules.core.carddef import card
from mtgrules.core.effects import Effect
from mtgrules.core.mana import OFFERED_PAYMENTS, Payments, payments
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules import keyword_actions
from mtgrules.rules.combat import state as combat_state
from mtgrules.rules.legal import LISTED_X, x_values


def _walker_with(pool: str) -> tuple:
    s = Scenario("an {X}{X} creature and a mixed pool", step="main1")
    walker = s.add("Hangarback Walker", "Alice", zone="hand")
    s.mana("Alice", pool)
    return s.state(), walker


def _ways_to_take(total: int, caps: list[int]) -> int:
    """How many ways to take ``total`` units from piles of ``caps`` units (a plain table, written
    apart from the kit's own count)."""
    table = [1] + [0] * total
    for cap in caps:
        table = [sum(table[j - k] for k in range(min(cap, j) + 1)) for j in range(total + 1)]
    return table[total]


# ---------------------------------------------------------------- an {X} spell and a mixed pool
@pytest.mark.rule("601.2h")
def test_legal_actions_offer_each_listed_payment_once_and_a_bounded_set_of_them(monkeypatch):
    """20 mana of five colours: paying {X}{X} has up to 101 ways for one X, 1,563 in all (5-8 s to
    list). Now every way when there are at most eight, else the way that spends and the way that
    keeps the most of each colour: each listed once, each one apply accepts."""
    state, walker = _walker_with("WUBRG" * 4)
    labels = []
    real = Payments._label
    monkeypatch.setattr(Payments, "_label", lambda self, counts: labels.append(counts) or real(self, counts))
    casts = [a for a in legal_actions(state) if isinstance(a, CastSpell) and a.card == walker]
    per_x: defaultdict[int, list[object]] = defaultdict(list)
    for a in casts:
        per_x[a.x].append(dict(a.choices).get("pay"))
    assert sorted(per_x) == list(range(11))                        # every X up to 10: fewer than LISTED_X
    for x, pays in per_x.items():
        assert len(pays) == len(set(pays)), f"X={x}: a payment is listed twice"
        assert len(pays) <= 2 * 5
        assert all(p is None or p in payments(state.player("Alice").pool, _cost(x), _creature()) for p in pays)
    assert per_x[10] == [None]                                      # the whole pool: one way, nothing to choose
    assert len(labels) < 1_563, f"{len(labels)} ways to pay were written out: as many as there are"
    for action in casts:
        apply(state, action)                                        # raises if a listed action is refused


def _cost(x: int):
    return card("Hangarback Walker").mana_cost.with_x(x)


def _creature() -> frozenset[str]:
    return frozenset({"spell", "creature spell", "artifact spell"})


@pytest.mark.rule("107.3a")
def test_x_is_listed_as_a_bounded_choice_and_any_other_x_is_as_legal():
    state, walker = _walker_with("G" * 40)
    xs = sorted({a.x for a in legal_actions(state) if isinstance(a, CastSpell) and a.card == walker})
    printed = card("Hangarback Walker").mana_cost
    assert xs == [0, 1, 2, 4, 8, 16, 20] == x_values(printed, 40)   # not 21 casts: a spread of them
    after, _ = apply(state, cast("Alice", walker, x=13))               # an X not listed is legal when given
    assert len(after.player("Alice").pool) == 40 - 26
    assert x_values(printed, 2 * (LISTED_X - 1)) == list(range(LISTED_X))  # up to LISTED_X values: all


@pytest.mark.rule("601.2h")
def test_a_choice_of_payment_among_thousands_is_counted_and_offered_in_a_few():
    state, walker = _walker_with("WUBRG" * 40)                      # 200 mana; X = 50 pays 100 of it
    with pytest.raises(MissingChoice) as need:
        apply(state, cast("Alice", walker, x=50))
    ways = need.value.options
    assert len(ways) == _ways_to_take(100, [40] * 5)               # about 4.6 million ways, never listed
    assert "{W}" * 40 + "{U}" * 40 + "{B}" * 20 in ways
    offered = list(need.value.offered)
    assert len(offered) == len(set(offered)) <= 10 and all(w in ways for w in offered)
    assert len(need.value.reason) < 3_000
    paid, _ = apply(state, cast("Alice", walker, x=50, pay="W" * 40 + "U" * 40 + "G" * 20))
    assert sorted({m.type.value for m in paid.player("Alice").pool}) == ["B", "G", "R"]


def test_the_ways_to_pay_are_the_ones_the_kit_listed_before():
    """The counted sequence holds every way the enumeration held, in the same order (a mixed pool,
    a restriction, typed symbols)."""
    from mtgrules.core.mana import ManaCost, ManaType, Restriction, make_mana
    only_creatures = Restriction("spend only on creature spells", frozenset({"creature spell"}))
    pool = tuple(make_mana(ManaType(t), "test", i, only_creatures if i % 4 == 0 else None)
                 for i, t in enumerate("GGRRWGBGC"))
    cost = ManaCost(3, (ManaType.G,), (), 0, "{3}{G}")
    ways = Payments(pool, cost, frozenset({"spell", "creature spell"}))
    listed = list(ways)
    assert len(listed) == len(ways) == len(set(listed)) > OFFERED_PAYMENTS
    assert all(w in ways for w in listed) and "{G}{G}{G}{G}{G}" not in ways and "{R}" not in ways
    assert all(sum(m.type is ManaType.G for m in ways.units(w)) >= 1 for w in listed)
    assert listed[0] == mana_module.payment_text(ways.units(listed[0]))


# ---------------------------------------------------------------- Exponential Growth
def _growth_board(x: int, extra: Effect | None = None) -> tuple[Timeline, int]:
    s = Scenario("Exponential Growth", step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    growth = s.add("Exponential Growth", "Alice", zone="hand")
    s.mana("Alice", "R" * (x + 2))
    state = s.state()
    if extra is not None:
        state = replace(state, effects=(replace(extra, affected=(state.obj(bears).ref,)),))
    t = Timeline(state, "Exponential Growth")
    t.do(cast("Alice", growth, x=x, targets=(bears,)))
    return t, bears


@pytest.mark.rule("701.10b")
def test_exponential_growth_with_a_large_x_reads_the_power_once(monkeypatch):
    """X = 1,600 took 9.4 s (each doubling an effect, each read through all before it)."""
    t, bears = _growth_board(1600)
    reads = []
    real = keyword_actions.characteristics
    monkeypatch.setattr(keyword_actions, "characteristics", lambda state, oid: reads.append(oid) or real(state, oid))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))
    assert characteristics(t.state, bears).power == 2 * 2 ** 1600
    assert len(reads) <= 3
    assert [e.delta for e in t.state.effects] == [(2 * (2 ** 1600 - 1), 0)]
    notes = [e for e in t[-1].events if e.kind == "double power"]
    assert len(notes) == 1 and "1,600 times" in notes[0].text and notes[0].rule == "701.10b"
    assert "digits" in characteristics(t.state, bears).pt()        # described: Python won't print 4,300+ digits
    from mtgrules.views import state_html
    assert "Grizzly Bears" in state_html(t.state)


@pytest.mark.rule("613.4d")
def test_doubling_many_times_under_a_switch_adds_the_same_power_each_time():
    """Under "switch power and toughness" a +X/+0 shows in the toughness, so each doubling adds
    the same X: at once (X = 11) as one by one (X = 3)."""
    switch = Effect("7d", "test: switch", "613.4d", None, 0, affected=(), switch_pt=True)
    for x, one_by_one in ((3, True), (11, False)):
        t, bears = _growth_board(x, switch)
        t.do(pass_priority("Alice")).do(pass_priority("Bob"))
        c = characteristics(t.state, bears)
        assert (c.power, c.toughness) == (2, 2 + 2 * x)
        assert len([e for e in t[-1].events if e.kind == "double power"]) == (x if one_by_one else 1)


# ---------------------------------------------------------------- a board file with many keys
class _Counted(str):
    """A key that counts how often it is compared."""

    compared = 0
    __hash__ = str.__hash__

    def __eq__(self, other: object) -> bool:
        _Counted.compared += 1
        return str.__eq__(self, other)


def test_a_board_file_s_fields_are_counted_in_one_pass():
    from mtgrules.play.scenario_data import _no_repeats
    pairs = [(_Counted(f"k{i}"), 0) for i in range(1_000)] + [(_Counted("k7"), 1)]
    _Counted.compared = 0
    with pytest.raises(ScenarioError, match="'k7' are given twice"):
        _no_repeats(pairs)
    assert _Counted.compared < 100, "each field was compared with every other"


def test_a_board_file_of_25_000_keys_is_refused_whole():
    from mtgrules.widgets import BoardEditor
    from mtgrules.widgets.board_editor import MAX_JSON_CHARS
    alphabet = string.ascii_letters + string.digits
    keys = ["".join(t) for n in (1, 2, 3) for t in itertools.product(alphabet, repeat=n)][:25_000]
    text = "{" + ",".join(f'"{k}":0' for k in keys) + "}"
    assert len(text) < MAX_JSON_CHARS
    ed = BoardEditor()
    before = ed.to_json()
    ed.load_json(text)
    assert "unknown field" in ed.error and ed.to_json() == before
    ed.load_json("{" + ",".join(f'"{k}":0,"{k}":1' for k in keys[:5_000]) + "}")
    assert "given twice" in ed.error and len(ed.error) < 500 and ed.to_json() == before


# ---------------------------------------------------------------- the BoardEditor at its limit
def _counting_cards(monkeypatch) -> list[int]:
    from mtgrules.views import board
    drawn: list[int] = []
    real = board._draw_card
    monkeypatch.setattr(board, "_draw_card", lambda ax, state, obj, *rest: drawn.append(obj.oid) or real(
        ax, state, obj, *rest))
    return drawn


def test_the_board_editor_at_400_cards_draws_a_bounded_picture(monkeypatch):
    from mtgrules.views.board import DRAWN_PER_PLAYER
    from mtgrules.widgets import BoardEditor
    from mtgrules.widgets.board_editor import MAX_CARDS
    ed = BoardEditor()
    ed.fill()
    cards = [{"card": "Grizzly Bears", "controller": "Bob" if i % 2 else "Alice", "counters": {"+1/+1": i + 1}}
             for i in range(MAX_CARDS)]                                # 400 different cards: nothing stacks
    ed.load_json(json.dumps({"title": "big", "cards": cards}))
    assert ed.error == "" and len(ed.entries) == MAX_CARDS
    drawn = _counting_cards(monkeypatch)
    ed.select(3)
    ed.tapped.value = True
    assert ed.error == "" and ed.entries[3].get("tapped") is True
    assert 0 < len(drawn) <= 2 * DRAWN_PER_PLAYER, "each click drew every card"


# ---------------------------------------------------------------- a big combat
@pytest.mark.rule("509.1b")
def test_declaring_blockers_on_a_big_board_reads_the_attacks_once_per_state(monkeypatch):
    """60 attackers and 60 possible blockers, one of them a flier: every pair is still judged
    (509.1a-c), but the attacks are no longer read again for each pair (n**3: 250 v 250 took 13 s)."""
    s = Scenario("big combat", step="main1")
    attackers = [s.add("Grizzly Bears", "Alice") for _ in range(59)] + [s.add("Wings of the Guard", "Alice")]
    blockers = [s.add("Grizzly Bears", "Bob") for _ in range(59)] + [s.add("Giant Spider", "Bob")]
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attackers))
    reads = []
    real = combat_state.live
    monkeypatch.setattr(combat_state, "live", lambda state, ref: reads.append(ref) or real(state, ref))
    go_to(t, Step.DECLARE_BLOCKERS)
    listed = legal_actions(t.state)
    n = len(attackers)
    assert listed and len(reads) < 10 * n * n, "the attacks were read again for each pair (2·n**3 reads)"
    flier = attackers[-1]
    with pytest.raises(IllegalAction) as err:
        apply(t.state, declare_blockers("Bob", {blockers[0]: flier}))
    assert err.value.rule == "702.9b"
    apply(t.state, declare_blockers("Bob", {blockers[-1]: flier, blockers[0]: attackers[0]}))  # reach: legal


# ---------------------------------------------------------------- many tokens
def _walker_dies(counters: int, *more: str) -> Timeline:
    s = Scenario("thopters", step="main1")
    walker = s.add("Hangarback Walker", "Alice", counters={"+1/+1": counters})
    for name in more:
        s.add(name, "Alice" if name == "Gruul Ragebeast" else "Bob")
    murder = s.add("Murder", "Bob", zone="hand")
    s.mana("Bob", "BBB")
    t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", murder, targets=(walker,)))
    resolve_top(t)                                                  # Murder resolves: the Walker dies
    return t


@pytest.mark.rule("111.1")
def test_making_thousands_of_tokens_reads_the_battlefield_once(monkeypatch):
    t = _walker_dies(2_000)
    seqs = []
    real = Draft.next_seq
    monkeypatch.setattr(Draft, "next_seq", lambda d, zone: seqs.append(zone) or real(d, zone))
    resolve_top(t)                                                  # its trigger: 2,000 Thopters
    thopters = [o for o in t.state.objects if o.card == "Thopter Token" and o.zone is Zone.BATTLEFIELD]
    assert len(thopters) == 2_000 and len({o.seq for o in thopters}) == 2_000
    assert len(seqs) <= 2, "the battlefield was read again for each token"
    made = [e.text for e in t[-1].events if e.kind == "created"]
    assert made[0].endswith("a Thopter Token is created under Alice's control")
    assert "a second Thopter Token" in made[1] and "2000th Thopter Token" in made[-1]


@pytest.mark.rule("603.6a")
def test_each_token_made_at_once_still_triggers_what_sees_it_enter():
    t = _walker_dies(30, "Gruul Ragebeast", "Craw Wurm")
    with pytest.raises(MissingChoice) as need:                      # thirty triggers: Alice orders them
        resolve_top(t)
    assert need.value.kind == "trigger order" and len(need.value.options) == 30


# ---------------------------------------------------------------- the board picture
def test_a_board_of_500_creatures_is_drawn_with_alike_ones_stacked(monkeypatch):
    from mtgrules.views import board_png, draw_board
    from mtgrules.views.board import DRAWN_PER_PLAYER
    s = Scenario("500")
    for i in range(500):
        s.add("Grizzly Bears", "Alice" if i % 2 else "Bob", tapped=i % 4 == 1)
    drawn = _counting_cards(monkeypatch)
    assert board_png(s.state()).startswith(b"\x89PNG")
    assert len(drawn) <= 2 * DRAWN_PER_PLAYER
    labels = [t.get_text() for t in draw_board(s.state()).axes[0].texts if (t.get_gid() or "").startswith("label-")]
    stacked = sorted(" ".join(label.split()).removesuffix(" 2/2") for label in labels)
    assert stacked == ["Grizzly Bears ×125"] * 2 + ["Grizzly Bears ×250"]   # Alice's tapped, untapped; Bob's
    s = Scenario("all different")
    for i in range(100):
        s.add("Grizzly Bears", "Alice", counters={"+1/+1": i + 1})
    fig = draw_board(s.state())
    assert sum((p.get_gid() or "").startswith("card-") for p in fig.axes[0].patches) == DRAWN_PER_PLAYER - 1
    assert any(t.get_text().startswith(f"+{100 - DRAWN_PER_PLAYER + 1} more") for t in fig.axes[0].texts)


def test_long_names_and_a_huge_pool_are_cut_in_the_picture_only():
    """A learner's name is theirs to choose: the picture cuts it with "…" (it has the room of one
    line), and the tables and narration keep it whole."""
    from mtgrules.views import draw_board, state_table
    from mtgrules.views.board import NAME_CHARS, TITLE_CHARS
    name = "A" * 30_000
    s = Scenario("long", players=[name, "Bob"])
    s.add("Forest", name)
    s.mana("Bob", "R" * 15_002)
    fig = draw_board(s.state(), title="T" * 5_000)
    texts = {t.get_gid(): t.get_text() for t in fig.axes[0].texts if t.get_gid()}
    assert texts[f"header-{name}"].startswith("A" * (NAME_CHARS - 1) + "…")
    assert len(texts[f"header-{name}"]) < 200 and "{R}×15,002" in texts["header-Bob"]
    assert texts["title"] == "T" * (TITLE_CHARS - 1) + "…"
    assert name in state_table(s.state()).index
