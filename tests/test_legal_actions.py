"""``legal_actions`` judges candidates with ``engine.check`` and tries with ``apply`` only what
may ask a choice; these tests hold it to the try-everything reference and to ``apply`` itself."""

from __future__ import annotations

from dataclasses import fields

import test_player_targets  # noqa: F401  (registers Practice Jolt: "any target", players among its targets)
from helpers import actions_passed_to
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules import (
    IllegalAction,
    MissingChoice,
    PassPriority,
    Scenario,
    apply,
    declare_attackers,
    declare_blockers,
    legal_actions,
)
from mtgrules.core.actions import Activate, CastSpell, PlayLand
from mtgrules.rules import hooks, legal
from mtgrules.rules.legal import legal_actions_reference

PERMANENTS = ["Forest", "Swamp", "Llanowar Elves", "Grizzly Bears", "Walking Corpse", "Giant Spider",
              "Craw Wurm", "Boggart Brute", "Raging Goblin", "Reflecting Pool", "Mana Reflection",
              "Hangarback Walker", "Lord of the Accursed", "Fervor", "Infernal Darkness",
              "Colossal Dreadmaw", "Fencing Ace", "Typhoid Rats", "Jace Beleren"]
HAND = ["Grizzly Bears", "Walking Corpse", "Giant Growth", "Murder", "Forest", "Llanowar Elves", "Practice Jolt"]
STEPS = ["upkeep", "main1", "combat", "main2", "end"]

boards = st.fixed_dictionaries({
    "permanents": st.lists(st.tuples(st.sampled_from(PERMANENTS), st.sampled_from(["Alice", "Bob"]),
                                     st.booleans()), min_size=1, max_size=7),
    "hand": st.lists(st.tuples(st.sampled_from(HAND), st.sampled_from(["Alice", "Bob"])), max_size=4),
    "library": st.integers(min_value=0, max_value=3),
    "step": st.sampled_from(STEPS),
    "mana": st.sampled_from(["", "G", "GG", "BB", "GGB", "R"]),
})


def build(board):
    s = Scenario("random", step=board["step"])
    for name, who, tapped in board["permanents"]:
        s.add(name, who, tapped=tapped)
    for name, who in board["hand"]:
        s.add(name, who, zone="hand")
    for who in ("Alice", "Bob"):
        for _ in range(board["library"]):
            s.add("Forest", who, zone="library")
    if board["mana"]:
        s.mana("Alice", board["mana"])
    return s.state()


def unlisted_candidates(state, listed):
    """Candidates the rules engine could be asked about that ``legal_actions`` left out: every
    unfiltered candidate of the reference, each player's pass, and actions by the wrong player."""
    out = []
    for player in state.player_names:
        out.append(PassPriority(player))
        out += legal._reference_candidates(state, player)
    for propose in hooks.PROPOSERS:
        out += propose(state) or []
    for action in listed:
        if isinstance(action, Activate | CastSpell):
            other = next(p for p in state.player_names if p != action.player)
            out.append(type(action)(other, *[getattr(action, f.name) for f in fields(action)][1:]))
    return [a for a in out if a not in listed]


def refused(state, action) -> bool:
    try:
        apply(state, action)
    except (IllegalAction, MissingChoice):  # the listed copies carry the choice scripted
        return True
    return False


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=30),
       sample=st.randoms(use_true_random=False))
def test_listed_actions_are_accepted_and_unlisted_ones_refused(board, picks, sample):
    state = build(board)
    for pick in [*picks, None]:
        listed = legal_actions(state)
        assert listed == legal_actions_reference(state)
        for action in listed:
            apply(state, action)  # raises if apply refuses an action the list offered
        others = unlisted_candidates(state, listed)
        for action in sample.sample(others, min(len(others), 6)):
            assert refused(state, action), f"{action} is accepted by apply but not listed"
        if pick is None or not listed:
            break
        state = apply(state, listed[pick % len(listed)])[0]


def vanilla_board():
    s = Scenario("vanilla", step="main1")
    for who, land, creature in (("Alice", "Forest", "Grizzly Bears"), ("Bob", "Swamp", "Walking Corpse")):
        s.add(land, who)
        s.add(land, who)
        s.add(creature, who)
        s.add(creature, who, zone="hand")
    return s.state()


def test_a_quiet_board_is_listed_without_trying_anything(monkeypatch):
    """On lands and vanilla creatures, passing and tapping lands are judged by the check alone:
    trying each with a full apply is what made legal_actions slow. Bob's pass ends the main
    phase and begins combat, whose turn-based actions ask nothing."""
    first = vanilla_board()
    second = apply(first, PassPriority("Alice"))[0]
    monkeypatch.setattr(legal, "tried", lambda s, a: (_ for _ in ()).throw(AssertionError(f"tried {a}")))
    for state, player in ((first, "Alice"), (second, "Bob")):
        listed = legal_actions(state)
        assert listed[0] == PassPriority(player)
        assert sum(isinstance(a, Activate) for a in listed) == 2
    monkeypatch.undo()
    assert legal_actions(second) == legal_actions_reference(second)


def test_a_blocked_trampler_is_tried_even_with_one_blocker(monkeypatch):
    """Trample asks how to split the damage between the blocker and the player (702.19b)."""
    s = Scenario("trample", step="main1")
    dreadmaw = s.add("Colossal Dreadmaw", "Alice")
    corpse = s.add("Walking Corpse", "Bob")
    state = s.state()
    for step, declaration in (("declare attackers", declare_attackers("Alice", {dreadmaw: "Bob"})),
                              ("declare blockers", declare_blockers("Bob", {corpse: dreadmaw}))):
        while state.step.value != step:
            state = apply(state, PassPriority(state.priority))[0]
        state = apply(state, declaration)[0]
    state = apply(state, PassPriority("Alice"))[0]
    assert not legal.quiet(state, PassPriority("Bob"))
    listed = legal_actions(state)
    assert listed == legal_actions_reference(state)
    assert all(dict(a.choices).get("damage division") for a in listed)


def blocked_bears(two_blockers: bool):
    """Alice's Grizzly Bears attack; Bob blocks with one or two Walking Corpses; Alice has passed
    in the declare blockers step, so Bob's pass begins combat damage."""
    s = Scenario("blocks", step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    corpses = [s.add("Walking Corpse", "Bob"), s.add("Walking Corpse", "Bob")]
    state = s.state()
    blocks = {c: bears for c in corpses[: 2 if two_blockers else 1]}
    for step, declaration in (("declare attackers", declare_attackers("Alice", {bears: "Bob"})),
                              ("declare blockers", declare_blockers("Bob", blocks))):
        while state.step.value != step:
            state = apply(state, PassPriority(state.priority))[0]
        state = apply(state, declaration)[0]
    return apply(state, PassPriority("Alice"))[0]


def test_a_pass_into_combat_damage_is_tried_only_when_damage_may_be_divided(monkeypatch):
    """Combat damage asks how an attacker divides its damage among two or more blockers
    (510.1c): only then is the last pass of the declare blockers step tried with apply, and it
    is listed once per division."""
    calls = actions_passed_to(monkeypatch, legal, "tried")
    assert legal_actions(blocked_bears(two_blockers=False)) == [PassPriority("Bob")]
    assert calls == []
    divided = legal_actions(blocked_bears(two_blockers=True))
    assert calls == [PassPriority("Bob")]
    assert len(divided) >= 2 and all(dict(a.choices).get("damage division") for a in divided)
    assert divided == legal_actions_reference(blocked_bears(two_blockers=True))


def test_a_scenario_state_with_a_state_based_action_waiting_is_tried():
    """A board straight from a scenario may hold a creature with lethal damage: passing then
    destroys it first, which only a full apply shows, so the state is not quiet."""
    s = Scenario("lethal", step="main1")
    s.add("Forest", "Alice")
    s.add("Grizzly Bears", "Alice", counters={"-1/-1": 2})
    state = s.state()
    assert not legal.quiet_state(state)
    assert legal_actions(state) == legal_actions_reference(state)


def test_a_pass_that_resolves_a_creature_spell_is_quiet_but_one_that_resolves_an_instant_is_not():
    s = Scenario("stack", step="main1")
    for _ in range(3):
        s.add("Forest", "Alice")
    bears = s.add("Grizzly Bears", "Alice")
    s.add("Grizzly Bears", "Alice", zone="hand")
    s.add("Giant Growth", "Alice", zone="hand")
    state = s.state()
    forests = [o.oid for o in state.battlefield("Alice") if o.card == "Forest"]
    for f in forests[:2]:
        state = apply(state, Activate("Alice", f))[0]
    hand = {o.card: o.oid for o in state.objects if o.zone.value == "hand"}
    cast_bears = apply(state, CastSpell("Alice", hand["Grizzly Bears"]))[0]
    cast_bears = apply(cast_bears, PassPriority("Alice"))[0]
    assert legal.quiet(cast_bears, PassPriority("Bob"))
    growth = apply(state, CastSpell("Alice", hand["Giant Growth"], targets=(bears,)))[0]
    growth = apply(growth, PassPriority("Alice"))[0]
    assert not legal.quiet(growth, PassPriority("Bob"))
    for st_ in (cast_bears, growth):
        assert legal_actions(st_) == legal_actions_reference(st_)


def test_a_mana_ability_that_asks_a_type_is_listed_once_per_answer():
    """Reflecting Pool with a Forest and a Swamp could add {G} or {B} (106.7): its activation
    asks which, so it is tried and listed once per answer, never unscripted."""
    s = Scenario("pool", step="main1")
    s.add("Forest", "Alice")
    s.add("Swamp", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    state = apply(s.state(), PassPriority("Alice"))[0]
    state = apply(state, PassPriority("Bob"))[0]  # now a state apply made, in combat's first step
    listed = [a for a in legal_actions(state) if isinstance(a, Activate) and a.source == pool]
    assert sorted(a.choices for a in listed) == [(("type", "B"),), (("type", "G"),)]
    assert legal_actions(state) == legal_actions_reference(state)


def test_a_land_play_that_leads_to_a_choice_is_listed_with_it():
    """Two 0/0 Hangarback Walkers from a scenario die as soon as anything is done, and their two
    dies triggers ask their order (603.3b): playing the Forest is listed once per order, never
    unscripted (apply would ask)."""
    s = Scenario("dying walkers", step="main1")
    s.add("Hangarback Walker", "Alice")
    s.add("Hangarback Walker", "Alice")
    forest = s.add("Forest", "Alice", zone="hand")
    state = s.state()
    plays = [a for a in legal_actions(state) if a == PlayLand("Alice", forest, a.choices)]
    assert len(plays) == 2 and all(dict(a.choices).get("trigger order") for a in plays)
    for action in plays:
        apply(state, action)


def test_a_card_replaced_with_register_is_read_again():
    """What ``legal_actions`` reads of a card once (its abilities) is read again when the card is
    replaced: a made-up land with one mana ability, then with two."""
    from mtgrules.cards import CardDef, register
    from mtgrules.cards.builders import tap_for

    land = frozenset({"Land"})
    register(CardDef("Practice Twin Spring", "", land, oracle="{T}: Add {G}.", abilities=(tap_for("G"),),
                     source="made up for this test"), replace=True)
    s = Scenario("spring")
    spring = s.add("Practice Twin Spring", "Alice")
    assert [a for a in legal_actions(s.state()) if isinstance(a, Activate)] == [Activate("Alice", spring, 0)]
    register(CardDef("Practice Twin Spring", "", land, oracle="{T}: Add {G}.\n{T}: Add {U}.",
                     abilities=(tap_for("G"), tap_for("U")), source="made up for this test"), replace=True)
    assert [a for a in legal_actions(s.state()) if isinstance(a, Activate)] == \
        [Activate("Alice", spring, 0), Activate("Alice", spring, 1)]


def test_a_card_replaced_with_register_is_read_again_on_a_state_already_asked():
    """``legal_actions`` keeps what it read of a player's permanents on the state (and on the states
    after it, until an objects edit); a card replaced in between is still read anew."""
    from mtgrules.cards import CardDef, register
    from mtgrules.cards.builders import tap_for

    land = frozenset({"Land"})
    register(CardDef("Practice Twin Spring", "", land, oracle="{T}: Add {G}.", abilities=(tap_for("G"),),
                     source="made up for this test"), replace=True)
    s = Scenario("spring")
    spring = s.add("Practice Twin Spring", "Alice")
    state = s.state()
    assert [a for a in legal_actions(state) if isinstance(a, Activate)] == [Activate("Alice", spring, 0)]
    register(CardDef("Practice Twin Spring", "", land, oracle="{T}: Add {G}.\n{T}: Add {U}.",
                     abilities=(tap_for("G"), tap_for("U")), source="made up for this test"), replace=True)
    both = [Activate("Alice", spring, 0), Activate("Alice", spring, 1)]
    assert [a for a in legal_actions(state) if isinstance(a, Activate)] == both
    later, _ = apply(state, PassPriority("Alice"))  # a pass edits no object: what was read is kept
    later, _ = apply(later, PassPriority("Bob"))
    assert [a for a in legal_actions(later) if isinstance(a, Activate) and a.player == "Alice"] == both
