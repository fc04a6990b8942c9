"""Cumulative upkeep asks for a mana payment while it resolves, and a player may activate mana
abilities before paying (608.2g, 117.1d): an untapped Swamp is a way to pay, not a reason to
lose the permanent."""

from __future__ import annotations

from helpers import pool

from mtgrules import Scenario, pass_priority
from mtgrules.core.errors import MissingChoice
from mtgrules.core.objects import Zone
from mtgrules.core.turns import Step
from mtgrules.play.timeline import Timeline
from mtgrules.play.verbs import go_to, resolve_top
from mtgrules.rules.teams import passes_needed


def _upkeep_with_untapped_swamp() -> tuple[Timeline, int, int]:
    s = Scenario("Cumulative upkeep, Swamp untapped", turn=2, active="Bob", step="end")
    dark = s.add("Infernal Darkness", "Alice")
    swamp = s.add("Swamp", "Alice")
    for p in ("Alice", "Bob"):
        for _ in range(6):
            s.add("Forest", p, zone="library")
    t = s.timeline()
    go_to(t, Step.UPKEEP, "Alice")
    return t, dark, swamp


def test_an_untapped_mana_source_means_the_payment_is_offered_not_skipped():
    t, dark, _swamp = _upkeep_with_untapped_swamp()
    try:
        resolve_top(t)
    except MissingChoice as need:
        assert need.kind == "cumulative upkeep" and "pay" in need.options
    else:
        raise AssertionError(f"sacrificed without asking; Infernal Darkness is in the {t.state.obj(dark).zone}")


def test_choosing_to_pay_activates_a_mana_ability_before_paying():
    t, dark, swamp = _upkeep_with_untapped_swamp()
    resolve_top(t, cumulative_upkeep="pay")
    assert t.state.obj(swamp).tapped, "the Swamp was tapped for mana during the payment (608.2g)"
    assert t.state.obj(dark).zone is Zone.BATTLEFIELD and t.state.obj(dark).counter("age") == 1
    assert t.state.player("Alice").life == 19 and pool(t.state, "Alice") == []
    assert "608.2g" in t[-1].rules


def test_choosing_to_pay_more_than_the_mana_sources_can_make_is_refused():
    """Two age counters ask {B}{B}; one Swamp makes one {B}, so paying is refused (118.3) and the
    state is left as it was; not paying sacrifices it."""
    t, dark, swamp = _upkeep_with_untapped_swamp()
    resolve_top(t, cumulative_upkeep="pay")
    go_to(t, Step.UPKEEP, "Alice")
    before = t.state
    err = None
    while err is None and t.state.stack:  # the answer goes with the pass that resolves the trigger
        last = t.state.passes + 1 >= passes_needed(t.state)
        err = t.attempt(pass_priority(t.state.priority, **({"cumulative_upkeep": "pay"} if last else {})))
    assert err is not None and err.rule == "118.3", err
    assert t.state.obj(dark).counter("age") == 1 and not t.state.obj(swamp).tapped
    assert t.state.stack == before.stack
    resolve_top(t, cumulative_upkeep="don't pay")
    assert t.state.obj(dark).zone is Zone.GRAVEYARD
