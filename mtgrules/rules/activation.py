"""Which ability an activation names (602.1): by its number, or by its printed text.

An object's activated abilities, mana abilities among them (605.1a), are numbered from 0: first
those printed on it, in printed order, then those other permanents give it ("Enchanted creature
has '{T}: ...'", an Aura's or an Equipment's, layer 6, 613.1f), in the order of those permanents
on the battlefield. Static, triggered and "enters with" abilities are not counted: they can't be
activated (602.1 speaks of abilities with a cost and an effect written "[Cost]: [Effect.]").

``activate`` also takes the ability's printed text, or a start of it that no other of its
activated abilities shares: ``activate("Alice", walker, "{1}, {T}")``. Case, spacing and a final
full stop don't matter. A learner scripting a real card reads the text on the card, not a number.

Earlier versions of the kit counted every ability of the card. A number that names no activated
ability now, but named one then, is refused with the number and the text to use instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from mtgrules.core.abilities import ActivatedAbility, GrantsAbility, ManaAbility
from mtgrules.core.carddef import card, read_once
from mtgrules.core.errors import IllegalAction
from mtgrules.core.objects import GameObject, Zone
from mtgrules.core.state import GameState
from mtgrules.rules.layers import abilities_may_change, ability_card, ability_kinds, characteristics, has_ability

Activatable = ActivatedAbility | ManaAbility


def granted_abilities(state: GameState, obj: GameObject) -> list[tuple[GameObject, Activatable]]:
    """The activated abilities other permanents give ``obj`` (613.1f), each with its granter, in
    the order of the granters on the battlefield. Empty at once when no card in the game grants one."""
    if GrantsAbility not in ability_kinds(state):
        return []
    chars = characteristics(state, obj.oid)  # a later "loses all abilities" takes a granted one away (613.1f)
    return [(src, grant.ability) for src, grant in _grants(state) if grant.to(state, src, obj)
            and chars.has(grant.ability)]


def _grants(state: GameState) -> Iterator[tuple[GameObject, GrantsAbility]]:
    for src in state.battlefield():
        for ab in card(src.card).abilities:
            if isinstance(ab, GrantsAbility):
                yield src, ab


def printed_activated(name: str) -> tuple[Activatable, ...]:
    """The activated abilities printed on the card ``name``, in order (read once per definition)."""
    return read_once(name, "activated by number", lambda cdef: tuple(ab for _, ab in cdef.activated()))


def own_activated(state: GameState, obj: GameObject) -> tuple[Activatable, ...]:
    """The activated abilities ``obj`` has from its text, as ``activate`` numbers them: those of the
    card whose text it has (its own, or the card it copies, 707.2), then any an effect gave it
    other than a permanent's grant (a basic land type's mana ability, 305.7; a resolved effect's).
    One that an effect took away keeps its number (``find_ability`` refuses it, 613.1f)."""
    if not abilities_may_change(state):
        return printed_activated(obj.card)
    base = printed_activated(ability_card(state, obj).name)
    granters = {id(g.ability) for _src, g in _grants(state)} if GrantsAbility in ability_kinds(state) else set()
    extra = tuple(ab for ab in characteristics(state, obj.oid).abilities
                  if isinstance(ab, ActivatedAbility | ManaAbility) and id(ab) not in granters
                  and not any(ab is own for own in base))
    return base + extra


def activated_abilities(state: GameState, obj: GameObject) -> list[Activatable]:
    """``obj``'s activated abilities as ``activate`` numbers them: its own, then granted ones."""
    own = own_activated(state, obj)
    if obj.zone is not Zone.BATTLEFIELD or GrantsAbility not in ability_kinds(state):
        return list(own)
    return [*own, *(ab for _, ab in granted_abilities(state, obj))]


def mana_abilities_of(state: GameState, obj: GameObject) -> list[ManaAbility]:
    """The mana abilities ``obj`` has now, from its text (printed, copied, or a basic land type's,
    305.7), without those an effect took away (613.1f)."""
    return [ab for ab in own_activated(state, obj) if isinstance(ab, ManaAbility) and has_ability(state, obj, ab)]


def ability_number(state: GameState, obj: GameObject, ab: Activatable) -> int:
    """The number ``activate`` gives ``ab`` among ``obj``'s activated abilities."""
    return next(i for i, other in enumerate(activated_abilities(state, obj)) if other is ab)


def is_granted(obj: GameObject, ab: Activatable) -> bool:
    """Whether ``ab`` was given to ``obj`` by another permanent, not printed on its card."""
    return not any(ab is own for own in card(obj.card).abilities)


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold().rstrip(".")


def find_ability(state: GameState, obj: GameObject, ability: int | str) -> tuple[int, Activatable]:
    """(its number, the ability) for the activated ability of ``obj`` that ``ability`` names: a
    number among its activated abilities, or its printed text or a unique start of it. Anything
    else is refused (602.1), listing the abilities there are by number and text."""
    if not isinstance(ability, str):  # the common case, asked on every check: printed ones come first
        if not abilities_may_change(state):
            printed = printed_activated(obj.card)
            if 0 <= ability < len(printed):
                return ability, printed[ability]
        printed = own_activated(state, obj)
        if 0 <= ability < len(printed):
            return ability, _still_had(state, obj, printed[ability])
    abilities = activated_abilities(state, obj)
    name = obj.card
    if isinstance(ability, str):
        wanted = _plain(ability)
        exact = [i for i, ab in enumerate(abilities) if _plain(ab.text) == wanted]
        found = exact or [i for i, ab in enumerate(abilities) if wanted and _plain(ab.text).startswith(wanted)]
        if len(found) == 1:
            return found[0], _still_had(state, obj, abilities[found[0]])
        if found:
            raise IllegalAction("602.1", f"{ability!r:.60} is the start of more than one activated ability of {name}: "
                                f"{_listed(abilities, found)}; give more of the text, or the number")
        digits = f" (a number is written without quotes: {ability.strip()})" if ability.strip().isdigit() else ""
        raise IllegalAction("602.1", f"{name} has no activated ability whose text starts {ability!r:.60}{digits}"
                            + _its_abilities(obj, abilities))
    if 0 <= ability < len(abilities):
        return ability, _still_had(state, obj, abilities[ability])
    old = _old_number(obj, ability)
    if old is not None:
        number = next(i for i, ab in enumerate(abilities) if ab is old)
        raise IllegalAction("602.1", f"activate counts only the activated abilities of {name}, from 0 (earlier "
                            f"versions counted every ability): “{old.text}” is number {number}; write "
                            f"activate(player, {obj.oid}, {number}) or activate(player, {obj.oid}, "
                            f"{_short(old.text, abilities)!r})")
    raise IllegalAction("602.1", f"{name} has no activated ability number {ability}" + _its_abilities(obj, abilities))


def _still_had(state: GameState, obj: GameObject, ab: Activatable) -> Activatable:
    """``ab``, unless an effect took it away from ``obj`` (613.1f: "loses all abilities"; 305.7)."""
    if has_ability(state, obj, ab):
        return ab
    raise IllegalAction("613.1f", f"{obj.card} doesn't have “{ab.text}” now: an effect took its abilities away "
                        "(layer 6, 613.1f), so it can't be activated")


def _old_number(obj: GameObject, ability: int) -> Activatable | None:
    """The activated ability that ``ability`` named when the kit counted every ability, if any."""
    printed = card(obj.card).abilities
    if 0 <= ability < len(printed) and isinstance(printed[ability], ActivatedAbility | ManaAbility):
        found = printed[ability]
        assert isinstance(found, ActivatedAbility | ManaAbility)
        return found
    return None


def _short(text: str, abilities: list[Activatable]) -> str:
    """A name for the ability to write in ``activate``: its cost (the words before the colon)
    when no other of ``abilities`` starts that way, else its whole text."""
    cost = text.split(":", 1)[0]
    if cost != text and sum(1 for ab in abilities if _plain(ab.text).startswith(_plain(cost))) == 1:
        return cost
    return text.rstrip(".")


def _listed(abilities: list[Activatable], numbers: list[int]) -> str:
    return "; ".join(f"{i} (“{abilities[i].text}”)" for i in numbers)


def _its_abilities(obj: GameObject, abilities: list[Activatable]) -> str:
    """"; its activated abilities are 0 (“{T}: Add {G}.”), ..." or why it has none, with the
    printed text the kit doesn't play, so a learner isn't told a card has no ability it shows."""
    from mtgrules.core.carddef import not_played_text
    unplayed = not_played_text(card(obj.card))
    listed = f"; its activated abilities are {_listed(abilities, list(range(len(abilities))))}" if abilities else \
        "; it has no activated ability" + (" that the kit plays" if unplayed else "")
    return listed + (f"; its text {unplayed}" if unplayed else "")
