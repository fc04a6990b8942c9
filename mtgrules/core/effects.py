"""Continuous effects and the characteristics they change, as values (604, 611, 613).

``mtgrules.rules.layers`` applies these layer by layer; a card's static ability returns a list of
:class:`Effect`, and a resolved spell keeps its effect in ``GameState.effects``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mtgrules.core.carddef import CARD_TYPES
from mtgrules.core.colors import color_set
from mtgrules.core.errors import EffectError
from mtgrules.core.keywords import Keyword, keyword_set
from mtgrules.core.mana import number_text
from mtgrules.core.objects import GameObject, ObjRef
from mtgrules.core.state import with_changes

if TYPE_CHECKING:
    from mtgrules.core.state import GameState


@dataclass(frozen=True)
class Chars:
    """The characteristics that the kit's rules read."""

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    power: int | None
    toughness: int | None
    keywords: frozenset[Keyword]
    colors: frozenset[str] = frozenset()  # from the mana cost and colour indicator (202.2), then layer 5

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_colorless(self) -> bool:
        """No colour at all (105.2c)."""
        return not self.colors

    @property
    def is_monocolored(self) -> bool:
        """Exactly one of the five colours (105.2a)."""
        return len(self.colors) == 1

    @property
    def is_multicolored(self) -> bool:
        """Two or more of the five colours (105.2b)."""
        return len(self.colors) >= 2

    def pt(self) -> str:
        """"2/2"; a huge value (Exponential Growth with a large X) is described, not printed: past
        4,300 digits Python refuses to print it, and a learner can't read it anyway."""
        if self.power is None:
            return ""
        return f"{number_text(self.power)}/{'None' if self.toughness is None else number_text(self.toughness)}"

    def with_values(self) -> Chars:
        """These characteristics, where a creature with no value for its power or its toughness
        has 0 for it (208.5): a land made a creature by an effect that names no power and
        toughness is 0/0, and goes to the graveyard (704.5f). A noncreature is left as it is."""
        if "Creature" not in self.types or (self.power is not None and self.toughness is not None):
            return self
        return with_changes(self, {"power": self.power or 0, "toughness": self.toughness or 0})


_NO_KEYWORDS: frozenset[Keyword] = frozenset()
_NO_CHANGE: tuple[int, int] = (0, 0)  # the default delta, told by identity
_NO_WORDS: frozenset[str] = frozenset()  # the default of add_types and add_subtypes (one empty frozenset)


@dataclass(frozen=True)
class Effect:
    """A continuous effect in one layer. Either ``affected`` locks the objects it applies to
    (611.2c, for effects from resolved spells) or ``applies`` decides each time (611.3a)."""

    layer: str
    description: str
    rule: str
    source: int | None = None
    timestamp: int = 0
    affected: tuple[ObjRef, ...] | None = None
    applies: Callable[[GameState, GameObject, Chars], bool] | None = None
    add_types: frozenset[str] = _NO_WORDS
    add_subtypes: frozenset[str] = _NO_WORDS
    add_keywords: frozenset[Keyword] = frozenset()
    remove_keywords: frozenset[Keyword] = frozenset()
    set_pt: tuple[int | None, int | None] | None = None  # None on one side: sets the other alone (613.4b)
    delta: tuple[int, int] = _NO_CHANGE
    switch_pt: bool = False  # "switch its power and toughness": layer 7d only (613.4d)
    set_colors: frozenset[str] | None = None  # "becomes blue": replaces its colours (105.3); empty: colorless
    add_colors: frozenset[str] = _NO_WORDS  # "becomes blue in addition to its other colors" (105.3)
    until_end_of_turn: bool = False
    tags: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        """Each layer holds the effects of one kind (613.1, 613.4), so a field set in a layer that
        doesn't apply it would be silently ignored, or applied at the wrong time: refused here,
        where the effect is built, before any state holds it. Keywords granted or removed must be
        ones the kit plays (a closed set, like a card's)."""
        where = self._where
        if (type(self.description) is not str or type(self.rule) is not str or type(self.timestamp) is not int
                or type(self.until_end_of_turn) is not bool or (self.source is not None and type(self.source) is not int)
                or (self.applies is not None and not callable(self.applies))):  # one test on the common path
            self._check_plain_fields(where)
        if self.layer not in EFFECT_LAYERS:
            raise EffectError("613.1", f"{where} is in layer {self.layer!r}, but the kit applies effects only in "
                              f"layers {', '.join(EFFECT_LAYERS)}")
        self._check_reach(where)
        if self.switch_pt is not (self.layer == "7d"):
            raise EffectError("613.4d", f"{where}: layer 7d holds exactly the effects that switch power and "
                              "toughness (switch_pt=True)")
        if self.add_types is not _NO_WORDS or self.add_subtypes is not _NO_WORDS:  # most effects add no types
            self._check_types(where)
        if self.set_pt is not None or self.delta is not _NO_CHANGE:  # the defaults need no check
            self._check_pt(where)
        if self.layer == "5" or self.set_colors is not None or self.add_colors is not _NO_WORDS:
            self._check_colors(where)
        if self.add_keywords == _NO_KEYWORDS and self.remove_keywords == _NO_KEYWORDS:
            return  # most effects touch no keywords, and static abilities make theirs on every state
        if self.layer != "6":
            raise EffectError("613.1f", f"{where} grants or removes keywords, which only a layer 6 effect does, "
                              f"not one in layer {self.layer}")
        object.__setattr__(self, "add_keywords", keyword_set(self.add_keywords, where))
        object.__setattr__(self, "remove_keywords", keyword_set(self.remove_keywords, where))

    def _check_plain_fields(self, where: str) -> None:
        """The fields every effect has, each of the kind the engine reads: text for the tables and
        sentences, a function for ``applies`` (else it fails on the next state read), whole numbers
        for the order effects apply in (613.7), and True or False for "until end of turn" ("no" is
        true to Python: it would end in cleanup)."""
        for name in ("description", "rule"):
            if type(getattr(self, name)) is not str:
                raise TypeError(f"effect {self.description!r:.40}: {name} must be text, not "
                                f"{getattr(self, name)!r:.40} ({type(getattr(self, name)).__name__})")
        if self.applies is not None and not callable(self.applies):
            raise EffectError("611.3a", f"{where}: applies must be a function (state, object, characteristics) "
                              f"-> bool, not {self.applies!r:.40}")
        if type(self.timestamp) is not int or not (self.source is None or type(self.source) is int):
            raise EffectError("613.7", f"{where}: timestamp (the order effects apply in a layer) and source (an "
                              f"object id, or None) must be whole numbers, not {self.timestamp!r:.20} and "
                              f"{self.source!r:.20}")
        raise EffectError("514.2", f"{where}: until_end_of_turn must be True or False, not "
                          f"{self.until_end_of_turn!r:.40}")

    @property
    def _where(self) -> str:
        return f"effect {self.description!r}"

    def _check_reach(self, where: str) -> None:
        """What the effect applies to: a locked set of objects (``affected``, 611.2c) or a test made
        each time (``applies``, 611.3a), not both. An object's id where its reference is meant
        (``affected=(bears,)``) would match nothing, and one of the two would be ignored: each is
        refused where the effect is built. Neither is allowed here: a template effect, given its
        objects later with ``dataclasses.replace`` (which checks again); one put in force as it is
        is refused by the layers (``rules.layers._refuse_unreached``)."""
        if self.affected is None:
            return
        if self.applies is not None:
            raise EffectError("611.2c", f"{where} has both affected (a locked set of objects, 611.2c) and applies "
                              "(a test made each time, 611.3a); give one of them")
        given: object = self.affected  # typed as a tuple, but a teacher may pass one reference or a list
        refs: tuple[object, ...] = (given if isinstance(given, tuple) else
                                    tuple(given) if isinstance(given, list | frozenset | set) else (given,))
        if not all(type(r) is ObjRef for r in refs):
            wrong = next(r for r in refs if type(r) is not ObjRef)
            raise EffectError("611.2c", f"{where}: affected must hold object references such as "
                              f"state.obj(oid).ref (the id and its zone changes, 400.7), not {wrong!r:.40}")
        if refs is not self.affected:
            object.__setattr__(self, "affected", refs)

    def _check_types(self, where: str) -> None:
        """Types and subtypes are added in layer 4 (613.1d), as sets of words; a card type must be
        one of the card types (205.2a), or an effect adding "creature" would make nothing a creature."""
        for name in ("add_types", "add_subtypes"):
            value = getattr(self, name)
            if (isinstance(value, str) or not isinstance(value, set | frozenset | list | tuple)
                    or not all(isinstance(w, str) and w for w in value)):
                raise EffectError("613.1d", f"{where}: {name} must be a set of words such as "
                                  f"frozenset({{'Creature'}}), not {value!r}")
            object.__setattr__(self, name, frozenset(value))
            if value and self.layer != "4":
                raise EffectError("613.1d", f"{where} adds types or subtypes, which only a layer 4 "
                                  f"(type-changing) effect does, not one in layer {self.layer}")
        unknown = sorted(self.add_types - CARD_TYPES)
        if unknown:
            raise EffectError("205.2a", f"{where}: {unknown[0]!r} is not a card type; the card types are "
                              f"{', '.join(sorted(CARD_TYPES))}")

    def _check_colors(self, where: str) -> None:
        """Colours are changed in layer 5 (613.1e), and a layer 5 effect changes them: it sets them
        (``set_colors``: "becomes blue" replaces every colour it had, an empty set makes it
        colorless, 105.3) or adds to them (``add_colors``: "in addition to its other colors").
        Each is a set of colour words; one misspelled would change nothing, silently."""
        if self.layer != "5":
            raise EffectError("613.1e", f"{where} changes colours, which only a layer 5 (color-changing) effect "
                              f"does, not one in layer {self.layer}")
        try:
            if self.set_colors is not None:
                object.__setattr__(self, "set_colors", color_set(self.set_colors, f"{where}: set_colors"))
            if self.add_colors is not _NO_WORDS:
                object.__setattr__(self, "add_colors", color_set(self.add_colors, f"{where}: add_colors"))
        except ValueError as e:
            raise EffectError("105.1", str(e)) from None
        if (self.set_colors is None) == (not self.add_colors):
            raise EffectError("105.3", f"{where}: a layer 5 effect either sets the colours (set_colors, replacing "
                              "the ones it had) or adds colours (add_colors, \"in addition to its other colors\"); "
                              "give exactly one of them")

    def _check_pt(self, where: str) -> None:
        """Power and toughness are set in layer 7a (characteristic-defining abilities) or 7b, and
        modified in 7c (613.4); each value is a whole number, and a setting effect may set one of
        the two alone ("power and/or toughness", 613.4b), but must set at least one."""
        if self.set_pt is not None:
            if not (_is_pair(self.set_pt, allow_none=True) and self.set_pt != (None, None)):
                raise EffectError("613.4b", f"{where}: set_pt must be (power, toughness) as whole numbers, with "
                                  f"None for one it leaves alone, not {self.set_pt!r}")
            if self.layer not in ("7a", "7b"):
                raise EffectError("613.4b", f"{where} sets power or toughness, which only a layer 7a or 7b "
                                  f"effect does, not one in layer {self.layer}")
        if not _is_pair(self.delta, allow_none=False):
            raise EffectError("613.4c", f"{where}: delta must be (power change, toughness change) as whole "
                              f"numbers, not {self.delta!r}")
        if self.delta != (0, 0) and self.layer != "7c":
            raise EffectError("613.4c", f"{where} modifies power and toughness without setting them, which only "
                              f"a layer 7c effect does, not one in layer {self.layer}")

    def touches(self, state: GameState, obj: GameObject, chars: Chars) -> bool:
        if self.affected is not None:
            return obj.ref in self.affected
        return self.applies is not None and self.applies(state, obj, chars)

    def apply(self, c: Chars) -> Chars:
        """The characteristics after this effect. A power/toughness effect does nothing to an
        object that isn't a creature at that layer (208.3, 208.3a), and an effect that made it one
        in layer 4 came first: a land animated into a 3/3 gets its 3/3 in layer 7b. One made a
        creature with no power and toughness named has 0 for each (208.5)."""
        if self.layer == "4":
            return with_changes(c, {"types": c.types | self.add_types,
                                    "subtypes": c.subtypes | self.add_subtypes}).with_values()
        if self.layer == "5":
            return with_changes(c, {"colors": self.set_colors if self.set_colors is not None
                                    else c.colors | self.add_colors})
        if self.layer == "6":
            return with_changes(c, {"keywords": (c.keywords | self.add_keywords) - self.remove_keywords})
        if not c.is_creature:
            return c
        c = c.with_values()
        assert c.power is not None and c.toughness is not None  # with_values gave a creature both (208.5)
        if self.switch_pt:  # after every other P/T effect and the counters (613.4d)
            return with_changes(c, {"power": c.toughness, "toughness": c.power})
        if self.set_pt is not None:
            power, toughness = self.set_pt
            return with_changes(c, {"power": c.power if power is None else power,
                                    "toughness": c.toughness if toughness is None else toughness})
        return with_changes(c, {"power": c.power + self.delta[0], "toughness": c.toughness + self.delta[1]})


EFFECT_LAYERS = ("4", "5", "6", "7a", "7b", "7c", "7d")
"""The layers the kit applies, in order (613.1, 613.4): type, colour, ability, and power/toughness effects."""


def _is_pair(value: object, *, allow_none: bool) -> bool:
    """Whether ``value`` is a pair of whole numbers (``None`` allowed on either side if asked);
    ``type(v) is int`` leaves out ``True``, which is an int too."""
    return (type(value) is tuple and len(value) == 2
            and (type(value[0]) is int or (allow_none and value[0] is None))
            and (type(value[1]) is int or (allow_none and value[1] is None)))
