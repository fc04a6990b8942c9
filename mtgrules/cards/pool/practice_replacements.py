"""The kit's practice cards for replacement effects, where no card of the four core sets that the
kit plays fits (their ``source`` says they are not real Magic cards):

* **Practice Stillness**: "Players skip their untap steps." A skip effect (614.1b, 614.10): each
  untap step is replaced with nothing, so no permanent untaps, as long as it is on the battlefield.
  (The only "skip" line in the core sets, Plagiarize's, isn't played yet.)
* **Practice Scorch**: "Practice Scorch deals 2 damage to target player. If that player controls a
  Zombie, Practice Scorch deals 4 damage to that player instead." The second sentence is a
  self-replacement effect (614.15): it replaces part of its own spell's effect, so it is applied
  before any other replacement effect on that damage, whatever the affected player would like
  (616.1a). (The core sets' self-replacement lines, such as Life Goes On's, aren't played yet.)
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.cards.builders import player_target
from mtgrules.core.abilities import Resolution, StaticAbility
from mtgrules.core.carddef import CardDef, register
from mtgrules.core.effects import Effect
from mtgrules.core.objects import GameObject, StackItem
from mtgrules.core.state import Draft, GameState
from mtgrules.core.turns import Step
from mtgrules.rules import hooks
from mtgrules.rules.layers import characteristics
from mtgrules.rules.replacement import DamageEvent, Replacement, StepStart, skip

PRACTICE = "the kit's practice card (not a real Magic card)"
STILLNESS = "Practice Stillness"
SCORCH = "Practice Scorch"
SCORCH_TEXT = (f"{SCORCH} deals 2 damage to target player. If that player controls a Zombie, {SCORCH} deals 4 "
               "damage to that player instead.")


# ---- Practice Stillness: "Players skip their untap steps." (614.1b, 614.10)
STILLNESS_TEXT = "Players skip their untap steps."


def _no_continuous_effect(state: GameState, source: GameObject) -> list[Effect]:
    """The static ability changes no characteristic (no layer effect, 613): what it does is the
    skip effect below, which ``rules.replacement`` applies as each untap step would begin."""
    return []


def _skip_untap(d: Draft | GameState, start: StepStart) -> list[Replacement[StepStart]]:
    """One skip effect per Practice Stillness on the battlefield, on every untap step."""
    if start.step is not Step.UNTAP:
        return []
    state = d.view() if isinstance(d, Draft) else d
    return [skip(STILLNESS, key=("stillness", o.oid)) for o in state.battlefield() if o.card == STILLNESS]


# ---- Practice Scorch: a self-replacement effect on its own damage (614.15, 616.1a)
def _scorch(res: Resolution, _item: StackItem) -> None:
    """2 damage to the target player: the 4 comes from the self-replacement effect, applied to that
    damage event with the rest (``_scorch_replacement``), so it is ordered by 616.1a."""
    for player in res.target_players():
        res.damage(player, 2)


def _controls_a_zombie(state: GameState, player: str) -> bool:
    return any(o.controller == player and "Zombie" in characteristics(state, o.oid).subtypes
               for o in state.battlefield())


def _scorch_replacement(seen: GameState, event: DamageEvent) -> list[Replacement[DamageEvent]]:
    try:
        source = seen.obj(event.source)
    except KeyError:
        return []
    if source.card != SCORCH or not isinstance(event.recipient, str) or not _controls_a_zombie(seen, event.recipient):
        return []
    return [Replacement(SCORCH, lambda e: replace(e, amount=4), applies=lambda e: e.amount > 0 and not e.handled_by,
                        self_replacement=True, rule="614.15", key=("scorch", source.oid))]


hooks.SKIP_REPLACEMENTS.append(_skip_untap)
hooks.DAMAGE_MODIFIERS.append(_scorch_replacement)

for _cdef in (
    CardDef(STILLNESS, "{1}{U}", frozenset({"Enchantment"}), oracle=STILLNESS_TEXT,
            abilities=(StaticAbility(STILLNESS_TEXT, _no_continuous_effect),), source=PRACTICE),
    CardDef(SCORCH, "{R}", frozenset({"Instant"}), oracle=SCORCH_TEXT, spell=_scorch,
            spell_target=player_target(), source=PRACTICE),
):
    register(_cdef)
