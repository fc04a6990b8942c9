"""Continuous effects and the characteristics they change, as values (604, 611, 613).

``mtgrules.rules.layers`` applies these layer by layer; a card's static ability returns a list of
:class:`Effect`, and a resolved spell keeps its effect in ``GameState.effects``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mtgrules.core.abilities import ActivatedAbility, ManaAbility
from mtgrules.core.carddef import CARD_TYPES, POOL_CHANGES, SUPERTYPES, CardDef, card
from mtgrules.core.colors import COLORS, color_set
from mtgrules.core.errors import EffectError
from mtgrules.core.keywords import Keyword, keyword_set
from mtgrules.core.mana import number_text
from mtgrules.core.objects import GameObject, ObjRef
from mtgrules.core.state import with_changes
from mtgrules.core.subtypes import BASIC_LAND_TYPES, CREATURE_TYPES, correlated, subtype_set

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
    abilities: tuple[Any, ...] = ()  # its other abilities (static, triggered, activated, mana, ...): layers 1, 4, 6
    text_changes: tuple[tuple[str, str], ...] = ()  # the words a text-changing effect replaced (layer 3, 612)

    def has(self, ability: object) -> bool:
        """Whether the object has this very ability (an ability object of its card, or one an
        effect gave it): one that layer 6 removed, or that a copy effect replaced, is gone."""
        for ab in self.abilities:
            if ab is ability:
                return True
        return False

    @staticmethod
    def of_card(d: CardDef) -> Chars:
        """A card's printed characteristics, its abilities among them (613.1)."""
        return Chars(d.name, d.types, d.subtypes, d.supertypes, d.power, d.toughness, d.keywords, d.colors,
                     tuple(d.abilities)).with_values()

    @property
    def all_types(self) -> str:
        """"Legendary Artifact Creature — Construct": supertypes, card types, then subtypes."""
        head = " ".join([*sorted(self.supertypes), *sorted(self.types)])
        return f"{head} — {' '.join(sorted(self.subtypes))}" if self.subtypes else head

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


def printed_chars(name: str) -> Chars:
    """The characteristics printed on the card ``name`` (613.1 starts here), shared by every object
    of that card; also the copiable values a copy effect gives (707.2). A creature card with no
    printed power or toughness has 0 for it (208.5). Kept per name until the pool changes."""
    if _SEEN[0] != POOL_CHANGES[0]:
        _PRINTED.clear()
        _SEEN[0] = POOL_CHANGES[0]
    held = _PRINTED.get(name)
    if held is None:
        held = _PRINTED[name] = Chars.of_card(card(name))
    return held


_PRINTED: dict[str, Chars] = {}
_SEEN = [-1]


_NO_KEYWORDS: frozenset[Keyword] = frozenset()
_NO_CHANGE: tuple[int, int] = (0, 0)  # the default delta, told by identity
_NO_WORDS: frozenset[str] = frozenset()  # the default of add_types and add_subtypes (one empty frozenset)


Amount = Callable[["GameState", GameObject, Mapping[int, "Chars"], Callable[[int], str]], tuple[int | None, int | None]]
"""How an effect's power and toughness are worked out as it applies: from the state, the object,
every object's characteristics at that layer and who controls each (layer 2's result)."""


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
    copy_of: str | None = None  # layer 1a: it has the copiable values of this card (707.2)
    set_controller: str | None = None  # layer 2: this player controls it (613.1b)
    change_words: tuple[tuple[str, str], ...] = ()  # layer 3: (old word, new word) pairs (612.1, 612.2)
    set_types: frozenset[str] | None = None  # layer 4: its card types become these (205.1a)
    remove_types: frozenset[str] = _NO_WORDS  # layer 4: "is no longer a creature"
    set_subtypes: frozenset[str] | None = None  # layer 4: "becomes a Human": replaces that set's subtypes (205.1a)
    remove_subtypes: frozenset[str] = _NO_WORDS
    add_supertypes: frozenset[str] = _NO_WORDS  # layer 4: "is legendary", "is snow" (205.4)
    remove_supertypes: frozenset[str] = _NO_WORDS
    all_creature_types: bool = False  # layer 4: changeling, "is every creature type" (702.73a)
    remove_all_abilities: bool = False  # layer 6: "loses all abilities" (613.1f)
    add_abilities: tuple[Any, ...] = ()  # layer 6: activated or mana abilities it gains ("has '{T}: ...'")
    cda: bool = False  # from a characteristic-defining ability: first in its layer (613.3, 604.3)
    amount: Amount | None = None
    # layer 7a-7c: the P/T it sets (7a, 7b) or adds (7c), worked out as it applies from every object's
    # characteristics and controller at that point: "equal to the number of Swamps you control" counts
    # the lands that layer 4 left Swamps, controlled as layer 2 left them (613.4a, 611.3a). Set it
    # instead of set_pt or delta.

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
        if self.amount is not None:
            self._check_amount(where)
        if self.layer == "5" or self.set_colors is not None or self.add_colors is not _NO_WORDS:
            self._check_colors(where)
        if (self.layer in _CHECKED_LAYERS or self.cda is not False or self.copy_of is not None
                or self.set_controller is not None or self.change_words != () or self.set_types is not None
                or self.remove_types is not _NO_WORDS or self.set_subtypes is not None
                or self.remove_subtypes is not _NO_WORDS or self.add_supertypes is not _NO_WORDS
                or self.remove_supertypes is not _NO_WORDS or self.all_creature_types is not False
                or self.remove_all_abilities is not False or self.add_abilities != ()):
            self._check_other_layers(where)
        if self.add_keywords == _NO_KEYWORDS and self.remove_keywords == _NO_KEYWORDS:
            return  # most effects touch no keywords, and static abilities make theirs on every state
        if self.layer != "6":
            raise EffectError("613.1f", f"{where} grants or removes keywords, which only a layer 6 effect does, "
                              f"not one in layer {self.layer}")
        object.__setattr__(self, "add_keywords", keyword_set(self.add_keywords, where))
        object.__setattr__(self, "remove_keywords", keyword_set(self.remove_keywords, where))

    @property
    def is_cda(self) -> bool:
        """From a characteristic-defining ability (604.3): layer 7a holds only those (613.4a)."""
        return self.cda or self.layer == "7a"

    @property
    def does(self) -> str:
        """What the effect does, in a few words, for the layer view ("+1/+1", "gains flying")."""
        return _what_it_does(self)

    def _check_other_layers(self, where: str) -> None:
        """The fields of layers 1 to 4 and 6 that a colour or P/T effect never sets: each in its own
        layer (613.1), of the kind the layer reads, and a layer 1, 2 or 3 effect doing what its layer
        does (one that changes nothing would be silently ignored)."""
        for name, (layer, rule) in _FIELD_LAYERS.items():
            value = getattr(self, name)
            if value is None or value is False or value == () or value is _NO_WORDS:
                continue
            if self.layer != layer:
                raise EffectError(rule, f"{where} sets {name}, which only a layer {layer} effect does "
                                  f"(613.1), not one in layer {self.layer}")
        if type(self.cda) is not bool or type(self.all_creature_types) is not bool \
                or type(self.remove_all_abilities) is not bool:
            raise EffectError("613.1", f"{where}: cda, all_creature_types and remove_all_abilities must be True or "
                              "False")
        if self.cda and self.layer not in ("2", "3", "4", "5", "6", "7a"):
            raise EffectError("613.3", f"{where}: a characteristic-defining ability applies first within layers 2-6 "
                              f"(613.3) or in 7a (613.4a); layer {self.layer} has none")
        if self.layer == "1a":
            self._check_copy(where)
        elif self.layer == "2":
            if not isinstance(self.set_controller, str) or not self.set_controller:
                raise EffectError("613.1b", f"{where}: a layer 2 effect changes who controls the objects it "
                                  "affects: give set_controller, the player's name")
        elif self.layer == "3":
            self._check_words(where)
        elif self.layer == "4":
            self._check_type_changes(where)
        elif self.layer == "6":
            self._check_abilities(where)

    def _check_copy(self, where: str) -> None:
        """A copy effect gives the copiable values of a card (707.2): its name, mana cost, types,
        rules text (so its abilities), power and toughness. The card must be one the kit has."""
        if not isinstance(self.copy_of, str) or not self.copy_of:
            raise EffectError("707.2", f"{where}: a layer 1 effect makes the object a copy: give copy_of, the "
                              "name of the card whose copiable values it takes")
        try:
            card(self.copy_of)
        except KeyError as e:
            raise EffectError("707.2", f"{where}: {e.args[0]}") from None

    def _check_words(self, where: str) -> None:
        """A text-changing effect replaces words used in the right way (612.2): a colour word by a
        colour word, a subtype by a subtype of the same set (a creature type by a creature type,
        a land type by a land type). It never changes a name (612.2)."""
        pairs = self.change_words
        if not isinstance(pairs, tuple) or not pairs or not all(
                isinstance(p, tuple) and len(p) == 2 and all(isinstance(w, str) and w for w in p) for p in pairs):
            raise EffectError("612.1", f"{where}: a layer 3 effect changes words: give change_words as "
                              "((old word, new word), ...), such as (('Zombie', 'Human'),)")
        for old, new in pairs:
            kind_old = "color" if old.lower() in COLORS else subtype_set(old)
            kind_new = "color" if new.lower() in COLORS else subtype_set(new)
            if kind_old is None or kind_old != kind_new:
                raise EffectError("612.2", f"{where}: a text-changing effect replaces a colour word by a colour word "
                                  f"or a subtype by a subtype of the same kind, not {old!r:.30} by {new!r:.30}")

    def _check_type_changes(self, where: str) -> None:
        """Card types among the card types (205.2a), supertypes among the supertypes (205.4a),
        subtypes as words; each a set."""
        for name in ("set_types", "remove_types", "set_subtypes", "remove_subtypes", "add_supertypes",
                     "remove_supertypes"):
            value = getattr(self, name)
            if value is None:
                continue
            if (isinstance(value, str) or not isinstance(value, set | frozenset | list | tuple)
                    or not all(isinstance(w, str) and w for w in value)):
                raise EffectError("613.1d", f"{where}: {name} must be a set of words such as "
                                  f"frozenset({{'Artifact'}}), not {value!r:.40}")
            object.__setattr__(self, name, frozenset(value))
        for name, allowed, rule in (("set_types", CARD_TYPES, "205.2a"), ("remove_types", CARD_TYPES, "205.2a"),
                                    ("add_supertypes", SUPERTYPES, "205.4a"),
                                    ("remove_supertypes", SUPERTYPES, "205.4a")):
            wrong = sorted((getattr(self, name) or frozenset()) - allowed)
            if wrong:
                raise EffectError(rule, f"{where}: {wrong[0]!r} in {name} is not one of "
                                  f"{', '.join(sorted(allowed))}")
        if self.set_types == frozenset() or self.set_subtypes == frozenset():
            raise EffectError("205.1a", f"{where}: an effect that sets types names at least one; to take one away, "
                              "use remove_types or remove_subtypes")

    def _check_abilities(self, where: str) -> None:
        """Abilities an effect grants: the kit plays granted activated and mana abilities (602.1,
        605); a granted triggered or static ability would be silently inert, so it is refused."""
        given = self.add_abilities
        if not isinstance(given, tuple) or not all(isinstance(ab, ActivatedAbility | ManaAbility) for ab in given):
            wrong = next((ab for ab in given if not isinstance(ab, ActivatedAbility | ManaAbility)), given) \
                if isinstance(given, tuple) else given
            raise EffectError("613.1f", f"{where}: add_abilities holds the activated or mana abilities it grants "
                              f"(the kit doesn't play a granted {type(wrong).__name__}), as a tuple")

    def apply_copy(self, c: Chars) -> Chars:
        """Layer 1a: the copiable values of ``copy_of`` replace the object's (707.2); what later
        layers do (types, colours, abilities, P/T effects) is applied to those."""
        return printed_chars(self.copy_of) if self.copy_of is not None else c

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

    def _check_amount(self, where: str) -> None:
        """A P/T worked out as the effect applies belongs to layer 7a, 7b or 7c (613.4), and stands
        for set_pt or delta, not beside them."""
        if not callable(self.amount):
            raise EffectError("613.4", f"{where}: amount must be a function (state, object, characteristics, "
                              "controller) -> (power, toughness)")
        if self.layer not in ("7a", "7b", "7c"):
            raise EffectError("613.4", f"{where}: an amount of power and toughness is applied in layer 7a, 7b or "
                              f"7c, not {self.layer}")
        if self.set_pt is not None or self.delta != (0, 0):
            raise EffectError("613.4", f"{where}: give amount or set_pt/delta, not both")

    def worked_out(self, state: GameState, obj: GameObject, chars: Mapping[int, Chars],
                   controller: Callable[[int], str]) -> Effect:
        """This effect with its amount worked out for ``obj`` now (itself when it has none)."""
        if self.amount is None:
            return self
        p, t = self.amount(state, obj, chars, controller)
        if self.layer == "7c":
            return replace(self, amount=None, delta=(p or 0, t or 0))
        return replace(self, amount=None, set_pt=(p, t))

    def touches(self, state: GameState, obj: GameObject, chars: Chars) -> bool:
        if self.affected is not None:
            return obj.ref in self.affected
        return self.applies is not None and self.applies(state, obj, chars)

    def apply(self, c: Chars) -> Chars:
        """The characteristics after this effect. A power/toughness effect does nothing to an
        object that isn't a creature at that layer (208.3, 208.3a), and an effect that made it one
        in layer 4 came first: a land animated into a 3/3 gets its 3/3 in layer 7b. One made a
        creature with no power and toughness named has 0 for each (208.5)."""
        layer = self.layer
        if layer[0] == "7":
            return self._apply_pt(c)
        if layer == "4":
            if self._only_adds_types:
                return with_changes(c, {"types": c.types | self.add_types,
                                        "subtypes": c.subtypes | self.add_subtypes}).with_values()
            return _change_types(self, c).with_values()
        if layer == "5":
            return with_changes(c, {"colors": self.set_colors if self.set_colors is not None
                                    else c.colors | self.add_colors})
        if layer == "6":
            if not (self.remove_all_abilities or self.add_abilities):
                return with_changes(c, {"keywords": (c.keywords | self.add_keywords) - self.remove_keywords})
            kept = () if self.remove_all_abilities else c.abilities
            added = tuple(ab for ab in self.add_abilities if not any(ab is k for k in kept))
            return with_changes(c, {"keywords": ((_NO_KEYWORDS if self.remove_all_abilities else c.keywords)
                                                 | self.add_keywords) - self.remove_keywords,
                                    "abilities": kept + added})
        if layer == "1a":
            return self.apply_copy(c)
        if layer == "2":  # control isn't a characteristic (109.3): rules.layers works it out beside them
            return c
        return _change_text(self, c)  # layer 3

    def _apply_pt(self, c: Chars) -> Chars:
        if "Creature" not in c.types:
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


    @property
    def _only_adds_types(self) -> bool:
        return (self.set_types is None and self.remove_types is _NO_WORDS and self.set_subtypes is None
                and self.remove_subtypes is _NO_WORDS and self.add_supertypes is _NO_WORDS
                and self.remove_supertypes is _NO_WORDS and not self.all_creature_types)


EFFECT_LAYERS = ("1a", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
"""The layers and sublayers the kit applies, in order (613.1, 613.2, 613.4): copy (1a), control (2),
text (3), type (4), colour (5), ability (6) and power/toughness (7a-7d). Layer 1b (face-down
permanents, 708.2) isn't played: the kit has no face-down objects."""
LAYER_NAMES = {"1a": "copy", "2": "control", "3": "text", "4": "type", "5": "color", "6": "ability",
               "7a": "P/T: characteristic-defining", "7b": "P/T: set", "7c": "P/T: modify", "7d": "P/T: switch"}
"""What each layer holds, in the words of 613.1-613.4."""
LAYER_RULES = {"1a": "613.2a", "2": "613.1b", "3": "613.1c", "4": "613.1d", "5": "613.1e", "6": "613.1f",
               "7a": "613.4a", "7b": "613.4b", "7c": "613.4c", "7d": "613.4d"}
"""The rule that defines each layer."""
_CHECKED_LAYERS = frozenset({"1a", "2", "3"})  # a layer whose effect must set its own field
_FIELD_LAYERS: dict[str, tuple[str, str]] = {
    "copy_of": ("1a", "707.2"), "set_controller": ("2", "613.1b"), "change_words": ("3", "612.1"),
    "set_types": ("4", "613.1d"), "remove_types": ("4", "613.1d"), "set_subtypes": ("4", "613.1d"),
    "remove_subtypes": ("4", "613.1d"), "add_supertypes": ("4", "613.1d"), "remove_supertypes": ("4", "613.1d"),
    "all_creature_types": ("4", "702.73a"), "remove_all_abilities": ("6", "613.1f"), "add_abilities": ("6", "613.1f"),
}
_SPELL_TYPES = frozenset({"Instant", "Sorcery"})


def _change_text(eff: Effect, c: Chars) -> Chars:
    """Layer 3 (612): each old word the type line uses as a subtype becomes the new word; colour
    words and subtypes in the rules text are kept as ``text_changes``, which the abilities that
    name a word read (``rules.layers.text_word``). The name never changes (612.2)."""
    subtypes = c.subtypes
    for old, new in eff.change_words:
        if old in subtypes:
            subtypes = (subtypes - {old}) | {new}
    return with_changes(c, {"subtypes": subtypes, "text_changes": c.text_changes + eff.change_words})


def _change_types(eff: Effect, c: Chars) -> Chars:
    """Layer 4 beyond adding types (205.1a, 205.1b, 305.7). Setting card types replaces them (an
    instant or sorcery keeps that type); setting subtypes replaces those of the same set only
    ("becomes a Human" replaces its creature types); a card type taken away takes the subtypes
    that only it had. Setting a land's subtype to a basic land type takes away the abilities of
    its rules text and gives the basic type's mana ability (305.7)."""
    types = c.types
    if eff.set_types is not None:
        types = eff.set_types | (types & _SPELL_TYPES)
    types = (types | eff.add_types) - eff.remove_types
    subtypes = c.subtypes
    if eff.set_subtypes is not None:
        sets = {subtype_set(w) for w in eff.set_subtypes}
        subtypes = frozenset(w for w in subtypes if subtype_set(w) not in sets) | eff.set_subtypes
    subtypes = (subtypes | eff.add_subtypes | (CREATURE_TYPES if eff.all_creature_types else _NO_WORDS)) \
        - eff.remove_subtypes
    if not types >= c.types:  # a card type went: the subtypes it alone had go with it (205.1a)
        subtypes = frozenset(w for w in subtypes if correlated(w, types))
    changes: dict[str, Any] = {"types": types, "subtypes": subtypes,
                               "supertypes": (c.supertypes | eff.add_supertypes) - eff.remove_supertypes}
    basics = (eff.set_subtypes or _NO_WORDS) & BASIC_LAND_TYPES
    if basics and "Land" in types:
        changes["keywords"] = _NO_KEYWORDS
        changes["abilities"] = tuple(ab for word in sorted(basics) for ab in printed_chars(word).abilities
                                     if isinstance(ab, ManaAbility))
    return with_changes(c, changes)


def _what_it_does(e: Effect) -> str:
    parts: list[str] = []
    if e.copy_of is not None:
        parts.append(f"becomes a copy of {e.copy_of}")
    if e.set_controller is not None:
        parts.append(f"{e.set_controller} controls it")
    parts += [f"{old} → {new}" for old, new in e.change_words]
    if e.set_types is not None:
        parts.append("is " + " ".join(sorted(e.set_types)))
    if e.add_types or e.add_subtypes or e.add_supertypes:
        parts.append("is also " + " ".join(sorted(e.add_supertypes) + sorted(e.add_types) + sorted(e.add_subtypes)))
    if e.set_subtypes is not None:
        parts.append("is a " + " ".join(sorted(e.set_subtypes)))
    if e.remove_types or e.remove_subtypes or e.remove_supertypes:
        parts.append("is no longer " + " ".join(sorted(e.remove_supertypes | e.remove_types | e.remove_subtypes)))
    if e.all_creature_types:
        parts.append("is every creature type")
    if e.set_colors is not None:
        parts.append("is " + (" and ".join(c for c in COLORS if c in e.set_colors) or "colorless"))
    if e.add_colors:
        parts.append("is also " + " and ".join(c for c in COLORS if c in e.add_colors))
    if e.remove_all_abilities:
        parts.append("loses all abilities")
    if e.add_keywords:
        parts.append("gains " + ", ".join(sorted(e.add_keywords)))
    if e.remove_keywords:
        parts.append("loses " + ", ".join(sorted(e.remove_keywords)))
    parts += [f"gains “{ab.text}”" for ab in e.add_abilities]
    if e.set_pt is not None:
        p, t = e.set_pt
        parts.append(f"base {'*' if p is None else p}/{'*' if t is None else t}")
    if e.delta != (0, 0):
        parts.append(f"{e.delta[0]:+d}/{e.delta[1]:+d}")
    if e.switch_pt:
        parts.append("switches power and toughness")
    return "; ".join(parts)


def _is_pair(value: object, *, allow_none: bool) -> bool:
    """Whether ``value`` is a pair of whole numbers (``None`` allowed on either side if asked);
    ``type(v) is int`` leaves out ``True``, which is an int too."""
    return (type(value) is tuple and len(value) == 2
            and (type(value[0]) is int or (allow_none and value[0] is None))
            and (type(value[1]) is int or (allow_none and value[1] is None)))
