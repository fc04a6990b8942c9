"""The blocks explorer, driven from Python: choose blockers, press Check, read the verdict and the
result HTML. Every verdict must agree with what the engine does with the same declaration."""

from __future__ import annotations

import re

import pytest
from combat_support import library, pass_until

from mtgrules import (
    IllegalAction,
    Scenario,
    Step,
    activate,
    apply,
    cast,
    declare_attackers,
    declare_blockers,
    pass_priority,
)
from mtgrules.lessons import must_be_blocked as neyith
from mtgrules.widgets import BlocksExplorer


def ids(state, player: str) -> dict[str, int]:
    """Card name → id for a player's battlefield (names are unique on these boards)."""
    return {o.card: o.oid for o in state.battlefield(player)}


def text(html: str) -> str:
    """The result HTML without tags or styles, for reading sentences."""
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@pytest.fixture
def menace():
    """NEY-7: Boggart Brute (menace) must be blocked if able; Bob has Walking Corpse and Grizzly
    Bears untapped, and the game waits for his declaration."""
    t = neyith.menace_board()
    return t.state, ids(t.state, "Alice"), ids(t.state, "Bob")


def test_one_dropdown_per_creature_of_the_defending_player(menace):
    state, alice, bob = menace
    w = BlocksExplorer(state)
    assert w.player == "Bob"
    assert sorted(w.dropdowns) == sorted(bob[n] for n in ("Walking Corpse", "Grizzly Bears"))
    for dd in w.dropdowns.values():
        labels = [label for label, _ in dd.options]
        assert labels[0] == "no block" and dd.label == "no block"
        assert labels[1:] == [f"blocks #{alice['Boggart Brute']} Boggart Brute"]
        assert "mtg-blocks-choice" in dd._dom_classes
    assert "mtg-blocks" in w._dom_classes and "mtg-blocks-check" in w.check_button._dom_classes
    assert "CR 702.111b" in w.intro.value and "CR 509.1c" in w.intro.value  # what the attacker asks for
    assert w.verdict is None and w.result.value == ""


def test_a_legal_declaration_is_marked_legal(menace):
    state, alice, bob = menace
    brute = alice["Boggart Brute"]
    w = BlocksExplorer(state).choose({bob["Walking Corpse"]: brute, bob["Grizzly Bears"]: brute}).check()
    assert w.verdict.legal and w.verdict.rule is None
    assert (w.verdict.obeyed, w.verdict.possible) == (1, 1)
    assert 'class="mtg-blocks-legal-verdict">Legal.' in w.result.value
    assert "Illegal" not in text(w.result.value)
    assert "Requirements obeyed: 1 of 1" in text(w.result.value)
    apply(state, declare_blockers("Bob", w.declaration))  # the engine accepts it too


def test_a_single_blocker_on_a_menace_attacker_is_illegal_citing_702_111b(menace):
    state, alice, bob = menace
    w = BlocksExplorer(state).choose({bob["Walking Corpse"]: alice["Boggart Brute"]}).check()
    assert not w.verdict.legal and w.verdict.rule == "702.111b"
    assert "mtg-blocks-illegal-verdict" in w.result.value and "CR 702.111b" in w.result.value
    assert "menace" in text(w.result.value) and "only 1" in text(w.result.value)
    with pytest.raises(IllegalAction) as refused:
        apply(state, declare_blockers("Bob", w.declaration))
    assert refused.value.rule == "702.111b"


def test_obeying_fewer_requirements_than_possible_is_illegal_citing_509_1c_with_the_counts(menace):
    state, _, _ = menace
    w = BlocksExplorer(state).choose({}).check()  # no blockers, though two creatures can block the Brute
    assert not w.verdict.legal and w.verdict.rule == "509.1c"
    assert (w.verdict.obeyed, w.verdict.possible) == (0, 1)
    shown = text(w.result.value)
    assert "Illegal" in shown and "CR 509.1c" in shown
    assert "Requirements obeyed: 0 of 1" in shown
    assert "the most any declaration can obey without breaking a restriction or paying a cost: 1" in shown
    with pytest.raises(IllegalAction) as refused:
        apply(state, declare_blockers("Bob"))
    assert refused.value.rule == "509.1c"


def test_the_check_button_does_what_check_does(menace):
    state, alice, bob = menace
    w = BlocksExplorer(state)
    w.dropdowns[bob["Grizzly Bears"]].value = alice["Boggart Brute"]
    w.check_button.click()
    assert w.verdict.rule == "702.111b"


def test_a_new_choice_hides_the_old_verdict(menace):
    state, alice, bob = menace
    w = BlocksExplorer(state).choose({}).check()
    assert w.result.value
    w.dropdowns[bob["Walking Corpse"]].value = alice["Boggart Brute"]
    assert w.verdict is None and w.result.value == ""


def test_the_legal_declarations_are_listed(menace):
    state, alice, bob = menace
    w = BlocksExplorer(state).choose({}).check()
    shown = text(w.result.value)
    assert "The legal declarations (1):" in shown
    assert "Walking Corpse blocks Boggart Brute, Grizzly Bears blocks Boggart Brute" in shown


def test_many_legal_declarations_are_counted():
    t = neyith.only_one_required_board()  # NEY-8: 3 blockers, 2 attackers, the Bears must be blocked
    w = BlocksExplorer(t.state).check()
    assert w.verdict.rule == "509.1c"
    assert "There are 19 legal declarations" in text(w.result.value)  # 3^3 - 2^3
    assert w.result.value.count("<li>") >= 8


def test_flying_cant_block_and_menace_name_their_rules():
    t = neyith.explorer_board()
    alice, bob = ids(t.state, "Alice"), ids(t.state, "Bob")
    w = BlocksExplorer(t.state)
    assert w.dropdowns[bob["Giant Spider"]].description == f"#{bob['Giant Spider']} Giant Spider (reach)"
    assert "Wings of the Guard (flying)" in w.intro.value
    w.choose({bob["Walking Corpse"]: alice["Wings of the Guard"]}).check()
    assert w.verdict.rule == "702.9b" and "CR 702.9b" in w.result.value
    w.choose({bob["Goblin Piker"]: alice["Grizzly Bears"]}).check()
    assert w.verdict.rule == "509.1b"
    w.choose({bob["Walking Corpse"]: alice["Grizzly Bears"], bob["Giant Spider"]: alice["Boggart Brute"]}).check()
    assert w.verdict.rule == "702.111b"
    w.choose({bob["Giant Spider"]: alice["Wings of the Guard"]}).check()
    assert w.verdict.rule == "509.1c"  # reach may block a flyer, but the Bears were left unblocked
    assert "Requirements obeyed: 0 of 1" in text(w.result.value)
    w.choose({bob["Giant Spider"]: alice["Wings of the Guard"], bob["Walking Corpse"]: alice["Grizzly Bears"]}).check()
    assert w.verdict.legal
    assert "Goblin Piker can't block" in text(w.result.value)  # the creature left out, and why


def test_every_verdict_agrees_with_the_engine():
    t = neyith.explorer_board()
    w = BlocksExplorer(t.state)
    seen = 0
    for blocks, _ in w.options.candidates():
        w.choose(blocks).check()
        try:
            apply(t.state, declare_blockers("Bob", blocks))
            accepted = True
        except IllegalAction as err:
            accepted = False
            assert err.rule == w.verdict.rule, blocks
        assert accepted == w.verdict.legal, blocks
        seen += 1
    assert seen == 4 ** 4  # four creatures, each: no block or one of three attackers


def test_the_cr_example_has_exactly_one_legal_declaration():
    """509.1c's own example: a creature that blocks if able, one with no abilities, and an
    attacker with menace. Both must block it."""
    s = Scenario("509.1c example", step="main1")
    forests = [s.add("Forest", "Alice") for _ in range(3)]
    mark = s.add("Culling Mark", "Alice", zone="hand")
    brute = s.add("Boggart Brute", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    bears = s.add("Grizzly Bears", "Bob")
    library(s, "Alice")
    t = s.timeline()
    for f in forests:
        t.do(activate("Alice", f))
    t.do(cast("Alice", mark, targets=(corpse,)))
    t.do(pass_priority("Alice")).do(pass_priority("Bob"))  # Culling Mark resolves
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {brute: "Bob"}))
    t = pass_until(t, Step.DECLARE_BLOCKERS)
    w = BlocksExplorer(t.state)
    assert "blocks this turn if able" in text(w.intro.value)
    w.choose({corpse: brute}).check()
    assert w.verdict.rule == "702.111b"
    w.choose({}).check()
    assert w.verdict.rule == "509.1c"
    assert "The legal declarations (1):" in text(w.result.value)
    w.choose({corpse: brute, bears: brute}).check()
    assert w.verdict.legal


def test_choosing_a_creature_that_is_not_there_is_an_error(menace):
    state, alice, _ = menace
    w = BlocksExplorer(state)
    with pytest.raises(ValueError):
        w.choose({alice["Boggart Brute"]: alice["Boggart Brute"]})
