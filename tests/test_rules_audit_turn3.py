"""The third rules audit's defects, each as the situation the auditor played (the scripts
rules_01 to rules_05 of the audit, copied here: the kit's tests never read ../shared).

- A source that left the battlefield deals damage with its last known information: a granted
  deathtouch still destroys, a granted lifelink still gains life (702.2e, 702.15c, 608.2h), and a
  card author reads the last known power and keywords with ``res.last_known()``.
- A spell whose target gained hexproof doesn't resolve, and the reason given is hexproof (608.2b
  with 702.11b); a trigger whose only fitting target has hexproof says so (603.3d).
- A scenario that starts in the beginning of combat step has a combat in progress (506.2), so a
  creature put onto the battlefield attacking there attacks (508.4).
- Damage to a planeswalker with fewer loyalty counters removes the ones it had (120.3c).
- A creature put onto the battlefield attacking under a player who isn't attacking is never said
  to enter attacking (506.3b).
- The first handover of a scenario on turn 2 begins turn 3 of the game (103.1, 500.1).
"""

from __future__ import annotations

import pytest
from helpers import pool_restored

from mtgrules import Scenario, activate, cast, pass_priority
from mtgrules.cards import (
    ActivatedAbility,
    CardDef,
    Cost,
    Effect,
    Keyword,
    TriggeredAbility,
    any_target,
    creature_target,
    dies,
    register,
)
from mtgrules.core.events import EventKind
from mtgrules.play.verbs import go_to, resolve_top

CRE, INST, SRC = frozenset({"Creature"}), frozenset({"Instant"}), "made up for the audit"
PING = "{T}: This creature deals 1 damage to any target."
VENOM = "Target creature gains deathtouch until end of turn."
LEECH = "Target creature gains lifelink until end of turn."


def _ping(res, item):
    for t in res.any_targets():
        res.damage(t, 1)


def _grant(kw, text):
    def resolve(res, item):
        for o in res.targets():
            eff = Effect("6", text, "613.1f", item.source.oid, res.d.new_timestamp(), affected=(o.ref,),
                         add_keywords=frozenset({kw}), until_end_of_turn=True)
            res.d.set_scalar("613.1f", effects=res.d.effects + (eff,))
    return resolve


@pytest.fixture
def audit_cards():
    with pool_restored():
        register(CardDef("Repro Pinger", "{1}{R}", CRE, power=1, toughness=1, oracle=PING,
                         abilities=(ActivatedAbility(Cost.of(tap=True), PING, _ping, target=any_target()),),
                         source=SRC), replace=True)
        register(CardDef("Repro Venom", "{B}", INST, oracle=VENOM, spell=_grant(Keyword.DEATHTOUCH, VENOM),
                         spell_target=creature_target(), source=SRC), replace=True)
        register(CardDef("Repro Leech", "{W}", INST, oracle=LEECH, spell=_grant(Keyword.LIFELINK, LEECH),
                         spell_target=creature_target(), source=SRC), replace=True)
        yield


def _pinger_killed_in_response(grant: str, target: str | None):
    """Alice grants the Pinger a keyword, pings ``target`` (the Giant Spider if None), and Bob
    kills the Pinger with Murder in response; the ping then resolves (113.7a)."""
    s = Scenario("LKI", step="main1")
    pinger = s.add("Repro Pinger", "Alice")
    spell = s.add(grant, "Alice", zone="hand")
    murder = s.add("Murder", "Bob", zone="hand")
    spider = s.add("Giant Spider", "Bob")
    s.mana("Alice", "BW").mana("Bob", "BBB")
    t = s.timeline()
    resolve_top(t.do(cast("Alice", spell, targets=(pinger,))))
    t.do(activate("Alice", pinger, targets=(target or spider,)))
    t.do(pass_priority("Alice"))
    resolve_top(t.do(cast("Bob", murder, targets=(pinger,))))
    assert t.state.obj(pinger).zone.value == "graveyard"
    resolve_top(t)
    return t, spider


@pytest.mark.rule("702.2e")
def test_a_granted_deathtouch_ping_from_a_source_killed_in_response_destroys(audit_cards):
    t, spider = _pinger_killed_in_response("Repro Venom", None)
    assert t.state.obj(spider).zone.value == "graveyard", "the Pinger's last known information had deathtouch"
    said = [e.text for f in t[-2:] for e in f.events if e.rule == "702.2b"]
    assert said and "which has deathtouch" in said[0]


@pytest.mark.rule("702.15c")
def test_a_granted_lifelink_ping_from_a_source_killed_in_response_gains_life(audit_cards):
    t, _ = _pinger_killed_in_response("Repro Leech", "Bob")
    assert t.state.player("Bob").life == 19
    assert t.state.player("Alice").life == 21, "the Pinger's last known information had lifelink"


@pytest.mark.rule("608.2h")
def test_without_the_grant_the_same_ping_neither_destroys_nor_gains(audit_cards):
    """The contrast that makes the two tests above able to fail: the graveyard card has neither."""
    s = Scenario("no grant", step="main1")
    pinger = s.add("Repro Pinger", "Alice")
    murder = s.add("Murder", "Bob", zone="hand")
    spider = s.add("Giant Spider", "Bob")
    s.mana("Bob", "BBB")
    t = s.timeline().do(activate("Alice", pinger, targets=(spider,))).do(pass_priority("Alice"))
    resolve_top(resolve_top(t.do(cast("Bob", murder, targets=(pinger,)))))
    assert t.state.obj(spider).zone.value == "battlefield" and t.state.obj(spider).damage == 1


FLING = "Exile this creature: It deals damage equal to its power to any target."
PARTING = "When this creature dies, it deals damage equal to its power to any target."


def _fling(res, item):
    for t in res.any_targets():
        res.damage(t, res.last_known().power)


@pytest.mark.rule("608.2h")
def test_a_card_author_reads_the_last_known_power_of_a_source_exiled_to_pay_the_cost():
    """An ability whose cost exiles its source reads the power the source had, Giant Growth
    included, with ``res.last_known()``; the exiled card is a 1/1 again (400.7)."""
    with pool_restored():
        register(CardDef("Practice Flinger", "{R}", CRE, power=1, toughness=1, oracle=FLING, source=SRC,
                         abilities=(ActivatedAbility(Cost(exile_self=True), FLING, _fling, target=any_target()),)),
                 replace=True)
        s = Scenario("fling", step="main1")
        flinger = s.add("Practice Flinger", "Alice")
        growth = s.add("Giant Growth", "Alice", zone="hand")
        s.mana("Alice", "G")
        t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(flinger,))))
        t = resolve_top(t.do(activate("Alice", flinger, targets=("Bob",))))
        assert t.state.obj(flinger).zone.value == "exile"
        assert t.state.player("Bob").life == 16, "it deals damage equal to the 4 power it had (608.2h)"


@pytest.mark.rule("608.2h")
def test_a_dies_trigger_deals_damage_with_the_power_and_deathtouch_it_had(audit_cards):
    """"When this creature dies, it deals damage equal to its power": the +3/+3 of Giant Growth
    and a granted deathtouch are its last known information, though the graveyard card has neither."""
    with pool_restored():
        register(CardDef("Practice Parting Shot", "{1}{B}", CRE, power=1, toughness=1, oracle=PARTING, source=SRC,
                         abilities=(TriggeredAbility(PARTING, EventKind.ZONE_CHANGE, dies, _fling, looks_back=True,
                                                     target=any_target()),)), replace=True)
        s = Scenario("parting shot", step="main1")
        shot = s.add("Practice Parting Shot", "Alice")
        growth = s.add("Giant Growth", "Alice", zone="hand")
        venom = s.add("Repro Venom", "Alice", zone="hand")
        murder = s.add("Murder", "Bob", zone="hand")
        wurm = s.add("Colossal Dreadmaw", "Bob")  # 6/6: 4 damage alone doesn't destroy it
        s.mana("Alice", "GB").mana("Bob", "BBB")
        t = resolve_top(s.timeline().do(cast("Alice", growth, targets=(shot,))))
        t = resolve_top(t.do(cast("Alice", venom, targets=(shot,))))
        t.do(pass_priority("Alice"))
        t = resolve_top(t.do(cast("Bob", murder, targets=(shot,))), target=wurm)  # the trigger targets the Wurm
        resolve_top(t)
        wurm_now = t.state.obj(wurm)
        assert wurm_now.zone.value == "graveyard", "deathtouch from its last known information destroys the Dreadmaw"
        marked = [e.after for f in t for e in f.events if e.obj == wurm and e.attribute == "damage"]
        assert marked[:1] == [4], "it dealt the 4 damage of its last known power"
        assert any(e.rule == "702.2b" for e in t[-1].events)


# ---------------------------------------------------------------- hexproof is the reason (608.2b, 702.11b)
VEIL = "Target creature gains hexproof until end of turn."


@pytest.mark.rule("702.11b")
def test_a_spell_whose_target_gained_hexproof_says_hexproof_is_why_it_does_not_resolve():
    with pool_restored():
        register(CardDef("Repro Veil", "{G}", INST, oracle=VEIL, spell=_grant(Keyword.HEXPROOF, VEIL),
                         spell_target=creature_target(), source=SRC), replace=True)
        s = Scenario("hexproof in response", step="main1")
        bears = s.add("Grizzly Bears", "Alice")
        veil = s.add("Repro Veil", "Alice", zone="hand")
        murder = s.add("Murder", "Bob", zone="hand")
        s.mana("Alice", "G").mana("Bob", "BBB")
        t = s.timeline().do(pass_priority("Alice")).do(cast("Bob", murder, targets=(bears,))).do(pass_priority("Bob"))
        resolve_top(resolve_top(t.do(cast("Alice", veil, targets=(bears,)))))
        said = [e for e in t[-1].events if e.kind == "fizzles"]
        assert len(said) == 1 and said[0].rule == "608.2b"
        assert "Grizzly Bears has hexproof" in said[0].text and "702.11b" in said[0].text
        assert "doesn't fit" not in said[0].text, "Grizzly Bears is still a creature: it fits 'target creature'"
        assert t.state.obj(bears).zone.value == "battlefield"


@pytest.mark.rule("603.3d")
def test_a_trigger_whose_only_fitting_target_has_hexproof_says_so():
    s = Scenario("Stag and a hexproof creature", step="main1")
    stag = s.add("Somberwald Stag", "Alice", zone="hand")
    s.add("Gladecover Scout", "Bob")
    s.mana("Alice", "GGGGG")
    t = resolve_top(s.timeline().do(cast("Alice", stag)))
    said = [e for e in t[-1].events if e.kind == "no target"]
    assert len(said) == 1 and said[0].rule == "603.3d"
    assert "Gladecover Scout has hexproof" in said[0].text and "(702.11b)" in said[0].text


# ---------------------------------------------------------------- a scenario in the beginning of combat (506.2)
def _ambush(start_step: str):
    s = Scenario(f"Ambush (scenario starts at {start_step!r})", step=start_step)
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    plains = s.add("Plains", "Alice")
    t = s.timeline()
    if start_step != "combat":
        go_to(t, "combat")
    t.do(activate("Alice", plains)).do(cast("Alice", ambush))
    resolve_top(t)
    said = [e for e in t[-1].events if e.kind in ("not attacking", "enters attacking")]
    go_to(t, "end of combat")
    return said, t.state.player("Bob").life


@pytest.mark.rule("506.2", "508.4")
@pytest.mark.parametrize("start", ["combat", "main1"])
def test_a_creature_put_onto_the_battlefield_attacking_in_the_beginning_of_combat_attacks(start):
    said, bob = _ambush(start)
    assert [e.kind for e in said] == ["enters attacking"] and said[0].rule == "508.4"
    assert bob == 19, "the token attacks Bob and deals 1 combat damage"


@pytest.mark.rule("506.2")
def test_a_scenario_in_the_beginning_of_combat_step_has_a_combat_in_progress():
    s = Scenario("at the beginning of combat", step="combat", players=["Alice", "Bob", "Carol"])
    combat = s.timeline().state.combat
    assert combat is not None
    assert combat.attacking_players == ("Alice",) and not combat.attackers_declared
    assert Scenario("main", step="main1").timeline().state.combat is None


# ---------------------------------------------------------------- narrations that matched nothing
TEXT = "Repro Bolt deals 3 damage to any target."


@pytest.mark.rule("120.3c")
def test_damage_to_a_planeswalker_with_fewer_loyalty_counters_removes_the_ones_it_had():
    with pool_restored():
        register(CardDef("Repro Bolt", "{R}", INST, oracle=TEXT, spell=_ping_n(3), spell_target=any_target(),
                         source=SRC), replace=True)
        s = Scenario("Bolt a planeswalker with 1 loyalty", step="main1")
        jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 1})
        bolt = s.add("Repro Bolt", "Alice", zone="hand")
        s.mana("Alice", "R")
        t = resolve_top(s.timeline().do(cast("Alice", bolt, targets=(jace,))))
        said = [e.text for e in t[-1].events if e.rule == "120.3c"]
        assert said == ["3 damage to Jace Beleren removes the 1 loyalty counter it had, all there were"]
        assert t.state.obj(jace).zone.value == "graveyard"


@pytest.mark.rule("120.3c")
def test_damage_a_planeswalker_can_take_still_names_the_amount():
    with pool_restored():
        register(CardDef("Repro Bolt", "{R}", INST, oracle=TEXT, spell=_ping_n(3), spell_target=any_target(),
                         source=SRC), replace=True)
        s = Scenario("Bolt a planeswalker with 5 loyalty", step="main1")
        jace = s.add("Jace Beleren", "Bob", counters={"loyalty": 5})
        bolt = s.add("Repro Bolt", "Alice", zone="hand")
        s.mana("Alice", "R")
        t = resolve_top(s.timeline().do(cast("Alice", bolt, targets=(jace,))))
        assert [e.text for e in t[-1].events if e.rule == "120.3c"] == [
            "3 damage to Jace Beleren removes 3 loyalty counters"]
        assert t.state.obj(jace).counter("loyalty") == 2


def _ping_n(n):
    def resolve(res, item):
        for t in res.any_targets():
            res.damage(t, n)
    return resolve


@pytest.mark.rule("506.3b")
def test_a_creature_put_onto_the_battlefield_attacking_outside_combat_is_never_said_to_attack():
    s = Scenario("Ambush in a main phase", step="main1")
    ambush = s.add("Practice Ambush", "Alice", zone="hand")
    s.mana("Alice", "W")
    t = resolve_top(s.timeline().do(cast("Alice", ambush)))
    said = [e for e in t[-1].events if e.rule in ("508.4", "506.3b")]
    assert said, "the token's entering is narrated"
    assert all("attacking" not in e.text or "never an attacking creature" in e.text for e in said), \
        [e.text for e in said]
    assert any(e.kind == "not attacking" for e in said)
    assert not [e for e in t[-1].events if e.rule == "508.4"], "508.4 doesn't apply: it never attacks"
    assert t.state.combat is None


@pytest.mark.rule("103.1")
def test_the_first_handover_of_a_scenario_on_turn_2_begins_turn_3_of_the_game():
    """Turns are counted for the whole game: Alice's turn 2 (Bob took turn 1) is followed by
    turn 3, Bob's; the sentence says it is the game's count, not Bob's third turn."""
    s = Scenario("handover", step="end")
    t = go_to(s.timeline(), "upkeep")
    said = [e.text for f in t for e in f.events if e.rule == "103.1" and e.text]
    assert said == ["turn 3 of the game begins: it is Bob's turn"]
    assert (t.state.turn, t.state.active, t.state.player("Bob").turn_began) == (3, "Bob", 3)
