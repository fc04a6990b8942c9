"""The one mechanism for replacement and prevention effects (614 to 616, ``rules.replacement``).

The first half plays the Comprehensive Rules' own examples on the mechanism itself, with small
practice events (a number of damage, where a card would go, what a player would do): the kit's
card pool has no "if a card would be put into a graveyard, exile it instead" card yet. The second
half plays it in games: real cards (Paladin en-Vec, Pyroclasm, Forest, Mana Reflection) and one
practice prevention card, labelled."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mtgrules import MissingChoice, Scenario, activate, apply, cast
from mtgrules.cards import CardDef, register
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import Zone
from mtgrules.core.state import Draft, GameState
from mtgrules.play.verbs import resolve_top
from mtgrules.rules import hooks
from mtgrules.rules.replacement import Replacement, apply_replacements, every_order, possible_outcomes

TEST = "made up for tests/test_replacement_mechanism.py (not a real Magic card)"


def _double(label: str) -> Replacement[int]:
    return Replacement(label, lambda n: 2 * n)


# ---------------------------------------------------------------- 614.5: once per event
@pytest.mark.rule("614.5")
def test_two_damage_doublers_make_2_damage_8_not_4_and_not_endless():
    """614.5's example: two permanents each say "it deals double that damage instead". Each
    doubles once (2 -> 4 -> 8): the first one still fits the doubled event, but it has had its
    one opportunity. Two copies of one effect make one order, so nothing is asked."""
    out = apply_replacements(Chooser(), "Alice", 2, [_double("Practice Doubler"), _double("Practice Doubler")])
    assert out.event == 8
    assert out.used == ["Practice Doubler", "Practice Doubler"]


@pytest.mark.rule("614.5")
def test_an_effect_that_still_applies_to_its_own_result_applies_once():
    """Without 614.5 an effect that fits its own modified event would apply forever: "if you
    would gain life, gain that much +1 instead" turns 3 into 4, never 5."""
    calls: list[int] = []

    def bless(n: int) -> int:
        calls.append(n)
        if len(calls) > 3:  # a mechanism without 614.5 would never stop: fail instead of hanging
            raise AssertionError("applied again and again")
        return n + 1

    plus_one = Replacement("Practice Blessing", bless, applies=lambda n: n > 0)
    assert apply_replacements(None, "Alice", 3, [plus_one]).event == 4
    assert calls == [3]


# ---------------------------------------------------------------- 616.1, 616.1f: who orders, and what's left
@dataclass(frozen=True)
class Move:
    """Where a card would go (a practice event)."""

    card: str
    to: str


REST = Replacement("Practice Rest", lambda m: Move(m.card, "exile"), applies=lambda m: m.to == "graveyard")
"""Practice: "If a card would be put into a graveyard from anywhere, instead exile it." """
SHUFFLE = Replacement("Practice Phoenix", lambda m: Move(m.card, "library"), applies=lambda m: m.to == "graveyard")
"""Practice: "If this creature would die, instead shuffle it into its owner's library." """


@pytest.mark.rule("616.1")
def test_the_affected_objects_controller_is_asked_the_order_and_no_order_is_assumed():
    """616.1: with two effects that would modify the event, the affected object's controller
    chooses. Without an answer the mechanism refuses with a MissingChoice naming that player, the
    keyword "replacement order" and every order; it never picks one itself."""
    with pytest.raises(MissingChoice) as info:
        apply_replacements(Chooser(), "Bob", Move("Practice Phoenix", "graveyard"), [REST, SHUFFLE])
    assert info.value.kind == "replacement order" and info.value.player == "Bob" and info.value.rule == "616.1"
    assert set(info.value.options) == {("Practice Rest", "Practice Phoenix"), ("Practice Phoenix", "Practice Rest")}
    with pytest.raises(MissingChoice):  # no chooser at all: still a missing choice, not a default
        apply_replacements(None, "Bob", Move("Practice Phoenix", "graveyard"), [REST, SHUFFLE])


@pytest.mark.rule("616.1f")
def test_the_creature_is_destroyed_its_controller_picks_one_and_the_other_does_nothing():
    """616.1f's first example: the controller decides which applies first; once the card would
    go to exile (or to the library) it no longer would go to a graveyard, so the other effect
    does nothing. Both answers are played."""
    event = Move("Practice Phoenix", "graveyard")
    first = apply_replacements(Chooser({"replacement order": ("Practice Rest", "Practice Phoenix")}), "Bob", event,
                               [REST, SHUFFLE])
    assert first.event.to == "exile" and first.used == ["Practice Rest"]
    other = apply_replacements(Chooser({"replacement order": ("Practice Phoenix", "Practice Rest")}), "Bob", event,
                               [REST, SHUFFLE])
    assert other.event.to == "library" and other.used == ["Practice Phoenix"]


@pytest.mark.rule("616.1")
def test_an_order_that_isnt_one_of_the_options_is_refused():
    with pytest.raises(IllegalAction) as info:
        apply_replacements(Chooser({"replacement order": ("Practice Rest",)}), "Bob",
                           Move("Practice Phoenix", "graveyard"), [REST, SHUFFLE])
    assert info.value.rule == "616.1"


@dataclass(frozen=True)
class Doing:
    """What a player would do (a practice event): gain life, draw or return cards."""

    what: str
    n: int


@pytest.mark.rule("616.2")
def test_an_effect_becomes_applicable_because_another_modified_the_event():
    """616.2's example: "If you would gain life, draw that many cards instead" and "If you would
    draw a card, return a card from your graveyard to your hand instead": the second didn't fit
    gaining 1 life, but fits the draw that replaced it, so the player returns a card."""
    gain_to_draw = Replacement("Practice Reading", lambda e: Doing("draw", e.n), applies=lambda e: e.what == "gain life")
    draw_to_return = Replacement("Practice Recall", lambda e: Doing("return", e.n), applies=lambda e: e.what == "draw")
    for reps in ([gain_to_draw, draw_to_return], [draw_to_return, gain_to_draw]):  # whichever came first
        out = apply_replacements(Chooser(), "Alice", Doing("gain life", 1), reps)
        assert out.event == Doing("return", 1) and out.used == ["Practice Reading", "Practice Recall"]


# ---------------------------------------------------------------- 614.15, 616.1a: self-replacement first
SELF = Replacement("Practice Bolt's own text", lambda n: n + 2, self_replacement=True)
"""Practice: "deals 3 damage; if that creature is a Zombie, it deals 5 damage instead" (replaces its own effect)."""


@pytest.mark.rule("614.15")
def test_a_self_replacement_effect_applies_before_the_others():
    """614.15, 616.1a: a self-replacement effect is applied first, whatever its place in the
    list; with one other effect there is then only one order, so nothing is asked (3 -> 5 -> 10;
    the doubler first would have made 8)."""
    out = apply_replacements(Chooser(), "Bob", 3, [_double("Practice Doubler"), SELF])
    assert out.event == 10 and out.used == ["Practice Bolt's own text", "Practice Doubler"]


@pytest.mark.rule("616.1a")
def test_the_order_offered_always_starts_with_the_self_replacement():
    """616.1a: the player orders the other effects, but can't put a self-replacement after one:
    every order offered starts with it, and an order that doesn't is refused."""
    reps = [_double("Practice Doubler"), Replacement("Practice Ward", lambda n: n - 1), SELF]
    orders = every_order(reps)
    assert len(orders) == 2 and all(o[0] == "Practice Bolt's own text" for o in orders)
    with pytest.raises(IllegalAction):
        apply_replacements(Chooser({"replacement order": ("Practice Doubler", "Practice Bolt's own text",
                                                          "Practice Ward")}), "Bob", 3, reps)
    out = apply_replacements(Chooser({"replacement order": ("Practice Bolt's own text", "Practice Ward",
                                                            "Practice Doubler")}), "Bob", 3, reps)
    assert out.event == 8  # (3 + 2 - 1) * 2


@pytest.mark.rule("106.7")
def test_every_possible_order_is_what_could_produce_reads():
    """106.7's "any possible order", from the same rules: both orders of a doubler and a ward."""
    reps = [_double("Practice Doubler"), Replacement("Practice Ward", lambda n: n - 1)]
    assert sorted(possible_outcomes(3, reps)) == [4, 5]


# ---------------------------------------------------------------- in a game: damage (615.1, 616.1)
BULWARK = "Practice Bulwark"
register(CardDef(BULWARK, "{1}{W}", frozenset({"Enchantment"}),
                 oracle="Prevent all damage that would be dealt to creatures you control.", source=TEST), replace=True)


class _Bulwark:
    """The practice prevention effect, added to ``hooks.DAMAGE_PREVENTIONS`` as a card module would."""

    label = BULWARK

    def __call__(self, d: Draft, seen: GameState, source: int, recipient: int | str, amount: int, combat: bool,
                 source_chars: Chars) -> bool:
        if isinstance(recipient, str):
            return False
        obj = seen.obj(recipient)
        if not any(o.card == BULWARK and o.controller == obj.controller for o in seen.battlefield()):
            return False
        d.note("damage prevented", f"{BULWARK} prevents the {amount} damage to {obj.card}", "615.1", recipient, obj.card)
        return True


@pytest.fixture
def bulwark(monkeypatch):
    monkeypatch.setattr(hooks, "DAMAGE_PREVENTIONS", [*hooks.DAMAGE_PREVENTIONS, _Bulwark()])


def _pyroclasm_at_bobs_paladin():
    s = Scenario("pyroclasm and two shields")
    pyro = s.add("Pyroclasm", "Alice", zone="hand")
    s.mana("Alice", "RC")
    paladin = s.add("Paladin en-Vec", "Bob")  # protection from red (702.16e)
    bears = s.add("Grizzly Bears", "Bob")
    s.add(BULWARK, "Bob")
    return s.timeline().do(cast("Alice", pyro)), paladin, bears


@pytest.mark.rule("616.1")
def test_two_prevention_effects_on_one_creature_its_controller_orders_them(bulwark):
    """Alice's Pyroclasm would deal 2 damage to Bob's Paladin en-Vec, which has protection from
    red (702.16e) and is shielded by Bob's practice Bulwark (615.1): two prevention effects on one
    event, so Bob, the creature's controller (not Alice, who cast the spell), chooses (616.1).
    Without his answer the pass is refused and the timeline is as it was."""
    t, paladin, bears = _pyroclasm_at_bobs_paladin()
    before = len(t)
    with pytest.raises(MissingChoice) as info:
        resolve_top(t)
    assert info.value.kind == "replacement order" and info.value.player == "Bob"
    assert set(info.value.options) == {("protection", BULWARK), (BULWARK, "protection")}
    assert len(t) == before and t.state.stack


@pytest.mark.rule("615.1")
def test_the_order_chosen_says_which_prevents_the_damage_and_only_where_two_apply(bulwark):
    """Bob's answer is played: the Bulwark prevents the Paladin's damage (the protection then has
    nothing to prevent, 616.1f). Bob's Grizzly Bears have only the Bulwark: nothing was asked
    about them, and none of their damage is dealt either."""
    t, paladin, bears = _pyroclasm_at_bobs_paladin()
    resolve_top(t, replacement_order=(BULWARK, "protection"))
    said = [e for e in t[-1].events if e.kind == "damage prevented"]
    assert [(e.obj, e.rule) for e in said] == [(paladin, "615.1"), (bears, "615.1")]
    assert t.state.obj(paladin).damage == 0 and t.state.obj(bears).zone is Zone.BATTLEFIELD
    t2, paladin2, _ = _pyroclasm_at_bobs_paladin()
    resolve_top(t2, replacement_order=("protection", BULWARK))
    assert [e.rule for e in t2[-1].events if e.kind == "damage prevented" and e.obj == paladin2] == ["702.16e"]


@pytest.mark.rule("702.16e")
def test_protection_alone_prevents_without_asking():
    """One prevention effect: nothing to order, nothing asked (the kit's protection, as before)."""
    s = Scenario("pyroclasm, protection only")
    pyro = s.add("Pyroclasm", "Alice", zone="hand")
    s.mana("Alice", "RC")
    paladin = s.add("Paladin en-Vec", "Bob")
    t = resolve_top(s.timeline().do(cast("Alice", pyro)))
    assert t.state.obj(paladin).damage == 0


# ---------------------------------------------------------------- in a game: mana (106.12b, 616.1)
@pytest.mark.rule("616.1")
def test_mana_replacements_are_ordered_by_the_same_choice():
    """Mana Reflection and Infernal Darkness on one Forest: the same "replacement order" choice,
    refused without an answer and played with one."""
    s = Scenario("two mana replacements")
    s.add("Mana Reflection", "Alice")
    s.add("Infernal Darkness", "Bob")
    forest = s.add("Forest", "Alice")
    with pytest.raises(MissingChoice) as info:
        apply(s.state(), activate("Alice", forest))
    assert info.value.kind == "replacement order" and info.value.player == "Alice"
    state, events = apply(s.state(), activate("Alice", forest,
                                              replacement_order=("Infernal Darkness", "Mana Reflection")))
    assert [m.type.value for m in state.player("Alice").pool] == ["B", "B"]


# ---------------------------------------------------------------- in a game: "deals double that damage instead"
def _shock_bob(*permanents: str):
    s = Scenario("shock under furnaces")
    shock = s.add("Shock", "Alice", zone="hand")
    s.mana("Alice", "R")
    for name in permanents:
        s.add(name, "Alice")
    return s.timeline().do(cast("Alice", shock, targets=("Bob",)))


@pytest.mark.rule("614.5")
def test_two_furnaces_of_rath_make_a_shock_deal_8_not_4():
    """614.5's example with real cards: each Furnace of Rath doubles the damage once (2 -> 4 -> 8);
    two copies of one effect ask no order."""
    t = resolve_top(_shock_bob("Furnace of Rath", "Furnace of Rath"))
    assert t.state.player("Bob").life == 12
    said = [e for e in t[-1].events if e.kind == "damage replaced"]
    assert [e.rule for e in said] == ["614.1a"] and "make it 8 instead" in said[0].text
    one = resolve_top(_shock_bob("Furnace of Rath"))
    assert one.state.player("Bob").life == 16


@pytest.mark.rule("616.1")
def test_furnace_and_fiery_emancipation_the_player_dealt_the_damage_orders_them():
    """Two different effects on the damage Alice's Shock would deal to Bob: Bob, the affected
    player, chooses the order (616.1), though both permanents are Alice's; it isn't assumed."""
    t = _shock_bob("Furnace of Rath", "Fiery Emancipation")
    with pytest.raises(MissingChoice) as info:
        resolve_top(t)
    assert info.value.player == "Bob" and info.value.kind == "replacement order"
    resolve_top(t, replacement_order=("Fiery Emancipation", "Furnace of Rath"))
    assert t.state.player("Bob").life == 8  # 2 x 3 x 2


# ---------------------------------------------------------------- in a game: "... instead" on a zone change
def _naturalize_the_weapon():
    """Bob's Legacy Weapon, Alice's Leyline of the Void, and Alice's Naturalize at the Weapon."""
    s = Scenario("legacy weapon under a leyline")
    naturalize = s.add("Naturalize", "Alice", zone="hand")
    s.mana("Alice", "GC")
    s.add("Leyline of the Void", "Alice")
    weapon = s.add("Legacy Weapon", "Bob")
    return s.timeline().do(cast("Alice", naturalize, targets=(weapon,))), weapon


@pytest.mark.rule("616.1f")
def test_legacy_weapon_destroyed_under_a_leyline_its_controller_picks_and_the_other_does_nothing():
    """616.1f's first example with real cards: Legacy Weapon would go to Bob's graveyard; Leyline
    of the Void (Alice's) would exile it and the Weapon's own text would shuffle it into Bob's
    library. Bob, its controller, chooses (616.1): asked, never assumed; then the one chosen
    applies and the other has nothing left to replace."""
    t, weapon = _naturalize_the_weapon()
    with pytest.raises(MissingChoice) as info:
        resolve_top(t)
    assert info.value.player == "Bob" and info.value.kind == "replacement order"
    assert t.state.obj(weapon).zone is Zone.BATTLEFIELD
    exiled = resolve_top(_naturalize_the_weapon()[0], replacement_order=("Leyline of the Void", "Legacy Weapon"))
    assert exiled.state.obj(weapon).zone is Zone.EXILE
    shuffled = resolve_top(_naturalize_the_weapon()[0], replacement_order=("Legacy Weapon", "Leyline of the Void"))
    assert shuffled.state.obj(weapon).zone is Zone.LIBRARY
    said = [e for e in shuffled[-1].events if e.kind == "move replaced"]
    assert len(said) == 1 and said[0].rule == "614.1a" and "shuffled" in said[0].text


@pytest.mark.rule("614.1a")
def test_a_leyline_exiles_an_opponents_dying_creature_instead_so_it_never_dies():
    """"If a card would be put into an opponent's graveyard from anywhere, exile it instead": Bob's
    Grizzly Bears, murdered, go to exile (one effect: nothing asked); Alice's own Bears, murdered,
    go to her graveyard as usual."""
    s = Scenario("leyline and murder")
    murder = s.add("Murder", "Alice", zone="hand")
    s.mana("Alice", "BBC")
    s.add("Leyline of the Void", "Alice")
    bears = s.add("Grizzly Bears", "Bob")
    t = resolve_top(s.timeline().do(cast("Alice", murder, targets=(bears,))))
    assert t.state.obj(bears).zone is Zone.EXILE
    assert t.state.obj(murder).zone is Zone.GRAVEYARD  # Alice's own card: not an opponent's graveyard


# ---------------------------------------------------------------- hooks.PREVENTION_EFFECTS, ordered with the rest
WARD = "Practice Ward"
register(CardDef(WARD, "{W}", frozenset({"Enchantment"}),
                 oracle="If a source would deal damage to you, prevent 1 of that damage.", source=TEST), replace=True)


class _PreventOne:
    """The practice ward as a ``hooks.PREVENTION_EFFECTS`` rule (the amount left), as 615.10 reads."""

    label = WARD

    def __call__(self, d: Draft, chooser: Chooser | None, seen: GameState, source: int, source_chars: Chars | None,
                 recipient: int | str, amount: int, combat: bool) -> int:
        if not (isinstance(recipient, str) and any(o.card == WARD and o.controller == recipient
                                                   for o in seen.battlefield())):
            return amount
        d.note("damage prevented", f"{WARD} prevents 1 of the {amount} damage to {recipient}", "615.1", recipient,
               recipient)
        return amount - 1


@pytest.mark.rule("616.1")
def test_a_prevention_rule_and_furnace_of_rath_bob_chooses_and_the_order_changes_the_damage(monkeypatch):
    """Alice's Furnace of Rath doubles her Shock's damage to Bob; Bob's ward prevents 1 of it. Bob
    (the affected player) orders them (616.1): doubled first, 2 -> 4 -> 3; prevented first,
    2 -> 1 -> 2. Both answers are played."""
    monkeypatch.setattr(hooks, "PREVENTION_EFFECTS", [*hooks.PREVENTION_EFFECTS, _PreventOne()])

    def shock(order=None):
        s = Scenario("furnace and ward")
        card_id = s.add("Shock", "Alice", zone="hand")
        s.mana("Alice", "R")
        s.add("Furnace of Rath", "Alice")
        s.add(WARD, "Bob")
        t = s.timeline().do(cast("Alice", card_id, targets=("Bob",)))
        return resolve_top(t) if order is None else resolve_top(t, replacement_order=order)

    with pytest.raises(MissingChoice) as info:
        shock()
    assert info.value.player == "Bob"
    assert shock(("Furnace of Rath", WARD)).state.player("Bob").life == 17
    assert shock((WARD, "Furnace of Rath")).state.player("Bob").life == 18
