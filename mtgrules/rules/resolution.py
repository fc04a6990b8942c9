"""The context a spell or ability's effect runs in as it resolves (608).

Card code receives a :class:`Resolution` and calls its small verbs (destroy, pump, draw...),
each of which edits the draft with the rule that applies, so card modules never touch events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.core.abilities import CantBeCountered
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import LAYER_RULES, Chars, Effect
from mtgrules.core.keywords import Keyword
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone, set_counter
from mtgrules.core.state import Draft, GameState
from mtgrules.core.wording import counted
from mtgrules.rules import hooks
from mtgrules.rules.control import sync_control
from mtgrules.rules.layers import characteristics
from mtgrules.rules.look_back import LAST_KNOWN, last_known_characteristics
from mtgrules.rules.targeting import player_targets
from mtgrules.rules.zones import move

DestroyRule = Callable[[Draft, GameObject, str], bool]
"""Rules for destroying an object that isn't simply a permanent (701.8): ``rule(d, obj, by)``
returns True when it handled the destruction (``by`` names the spell or ability). Over My Dead
Bodies adds one for its attacking and blocking graveyard cards."""


class Resolution:
    """One resolving spell or ability: its draft, chooser, stack item and source object.

    ``slots`` groups the indices of the item's targets by instance of the word "target" (115.3),
    and ``illegal`` holds those found illegal as it began to resolve (608.2b): they are left out
    of every target verb, so no part of the effect touches them. :meth:`for_slots` narrows the
    verbs to some instances ("2 damage to target creature and 2 damage to target player")."""

    def __init__(self, d: Draft, chooser: Chooser, item: StackItem, *,
                 slots: tuple[tuple[int, ...], ...] | None = None, illegal: frozenset[int] = frozenset()) -> None:
        self.d, self.chooser, self.item = d, chooser, item
        self.controller = item.controller
        self.slots = slots if slots is not None else (tuple(range(len(item.targets))),)
        self.illegal = illegal

    def for_slots(self, first: int, count: int) -> Resolution:
        """The same resolution, its target verbs seeing only the targets of ``count`` instances
        of "target" from the ``first`` (counted among those this one sees)."""
        return Resolution(self.d, self.chooser, self.item, slots=self.slots[first:first + count],
                          illegal=self.illegal)

    def _chosen(self) -> list[ObjRef | str]:
        """The targets this resolution sees, in the order chosen, without the illegal ones (608.2b)."""
        return [self.item.targets[i] for group in self.slots for i in group
                if i < len(self.item.targets) and i not in self.illegal]

    @property
    def state(self) -> GameState:
        return self.d.view()

    def name(self, oid: int) -> str:
        return characteristics(self.state, oid).name

    def targets(self) -> list[GameObject]:
        """The targets that are still the same objects (400.7); illegal ones are skipped (608.2b).

        Objects only: when a player was chosen this refuses (a card author's mistake), since
        skipping the player would quietly do nothing to them; read ``any_targets()`` (objects and
        players) or ``target_players()`` instead."""
        chosen = self._chosen()
        players = [t for t in chosen if isinstance(t, str)]
        if players:
            raise ValueError(f"{self.item.label} targets the player {players[0]}, and targets() gives only "
                             "objects; read res.any_targets() (objects and players) or res.target_players()")
        return [o for t in chosen if isinstance(t, ObjRef) and (o := self.state.resolve_ref(t)) is not None]

    def any_targets(self) -> list[GameObject | str]:
        """The chosen targets, objects and players (115.1, 115.4) in the order chosen, as
        ``res.damage`` takes them: an object that is still the same object (400.7), a player who
        is still in the game (800.4); a target that is gone is skipped (608.2b)."""
        in_game = set(player_targets(self.state))
        out: list[GameObject | str] = []
        for t in self._chosen():
            if isinstance(t, str):
                if t in in_game:
                    out.append(t)
            elif (o := self.state.resolve_ref(t)) is not None:
                out.append(o)
        return out

    def target_players(self) -> list[str]:
        """The chosen target players still in the game (115.1, 608.2b), in the order chosen."""
        return [t for t in self.any_targets() if isinstance(t, str)]

    def source(self) -> GameObject | None:
        return self.state.resolve_ref(self.item.source)

    def last_known(self, obj: GameObject | ObjRef | None = None) -> Chars:
        """The characteristics of a permanent as it last existed on the battlefield (608.2h): its
        power, toughness, keywords and the rest, as every effect in force then made them. With no
        argument, this ability's source, which may have left before the ability resolves (113.7a):
        "it deals damage equal to its power" uses the power it had as it left. An object that is
        still on the battlefield as the same object has its characteristics now; a spell's own
        source is the spell. Asking about an object that was never on the battlefield as that
        object is a card author's mistake (``ValueError``)."""
        if obj is None:
            ref = self.item.source
            if self.item.kind == "spell":  # the spell itself, on the stack
                return characteristics(self.state, ref.oid)
        else:
            ref = obj if isinstance(obj, ObjRef) else ObjRef(obj.oid, obj.zcc)
        data = self.item.data if ref == self.item.source else ()
        found = last_known_characteristics(self.state, ref, data, self.d.events, self.d.gone, self.d.last_known_chars)
        if found is None:
            raise ValueError(f"{self.item.label} asks for the last known information of object {ref.oid}, which "
                             "wasn't on the battlefield as that object (608.2h)")
        return found

    def _source_last_known(self) -> tuple[GameObject, Chars] | None:
        """This ability's source as it last existed and its characteristics then, if it has left
        the battlefield since the ability was put on the stack (113.7a, 608.2h); None while it
        is still there, or for a spell (its source is the spell itself)."""
        if self.item.kind == "spell" or self.state.resolve_ref(self.item.source) is not None:
            return None
        was = self.item.get(LAST_KNOWN)
        if not isinstance(was, GameObject):
            return None
        return was, self.last_known()

    def destroy(self, obj: GameObject, *, regenerate: bool = True) -> None:
        """Destroy ``obj`` (701.8a), unless it is indestructible (702.12b) or a destruction-replacement
        effect such as a regeneration shield replaces it (614.8); ``regenerate=False`` for "it can't
        be regenerated" (701.19c)."""
        if Keyword.INDESTRUCTIBLE in characteristics(self.state, obj.oid).keywords:
            name = self.name(obj.oid)
            self.d.note("indestructible", f"{self.item.label} would destroy {name}, but {name} has indestructible, "
                        "so it isn't destroyed", "702.12b", obj.oid, name)
            return
        if any(rule(self.d, obj, self.item.label) for rule in hooks.DESTROY_RULES):
            return
        if regenerate and any(rule(self.d, obj, self.item.label) for rule in hooks.DESTRUCTION_REPLACEMENTS):
            return
        move(self.d, obj.oid, Zone.GRAVEYARD, "701.8", f"{self.name(obj.oid)} is destroyed")

    def put_onto_battlefield(self, obj: GameObject) -> None:
        """The card enters as a new object (400.7), and its "enters with" replacements apply
        however it got there (614.1c, 614.12); it wasn't cast, so an X in them is 0 (107.3m)."""
        from mtgrules.rules.stack import enters_battlefield  # stack imports this module
        enters_battlefield(self.d, self.chooser, obj, self.controller, None, rule="400.7",
                           text=f"{self.name(obj.oid)} returns to the battlefield under {self.controller}'s control")

    def add_counters(self, obj: GameObject, kind: str, n: int, rule: str = "122.1") -> None:
        current = self.d.obj(obj.oid)
        self.d.update(obj.oid, rule, f"{counted(n, kind + ' counter')} put on {self.name(obj.oid)}",
                      counters=set_counter(current.counters, kind, current.counter(kind) + n))

    def damage(self, recipient: GameObject | str, amount: int) -> None:
        """This spell or ability's source deals ``amount`` noncombat damage to a creature,
        planeswalker, battle or player (120.1, 120.3); lethal damage destroys a creature as a
        state-based action the next time a player would receive priority (704.5g). 0 deals none
        (120.8). Anything else is a card author's mistake, refused in one sentence (``ValueError``)
        before anything is dealt: a negative or fractional amount, a player not in the game, or an
        object that can't be dealt damage (a card in a graveyard, the spell itself on the stack)."""
        from mtgrules.rules.combat.damage import (  # combat imports the stack, which imports this
            can_be_dealt_damage,
            deal_damage,
        )
        if type(amount) is not int or amount < 0:
            raise ValueError(f"{self.item.label} must deal a whole number of damage, 0 or more, not {amount!r:.20}")
        if isinstance(recipient, str):
            if recipient not in player_targets(self.state):
                raise ValueError(f"{self.item.label} can deal damage only to a player in the game (120.1), and "
                                 f"{recipient!r:.40} isn't one")
            target: int | str = recipient
        else:
            now = self.state.resolve_ref(ObjRef(recipient.oid, recipient.zcc))
            if now is None or not can_be_dealt_damage(self.state, now):
                raise ValueError(f"{self.item.label} can deal damage only to a creature, planeswalker or battle on "
                                 f"the battlefield, or a player (120.1), and {self.name(recipient.oid)} isn't one")
            target = recipient.oid
        deal_damage(self.d, self.item.source.oid, target, amount, combat=False, last_known=self._source_last_known(),
                    chooser=self.chooser)

    def counter(self, spell: GameObject) -> None:
        """Counter the spell ``spell`` (a card on the stack): it is removed from the stack without
        resolving and put into its owner's graveyard (701.6a). Anything not on the stack is refused:
        a card author's mistake, which would otherwise move a permanent or a card in hand."""
        def is_it(i: StackItem) -> bool:  # the spell only: an ability of the same card stays (113.7a)
            return i.kind == "spell" and i.source.oid == spell.oid and i.source.zcc == spell.zcc
        if not any(is_it(i) for i in self.d.stack):
            raise ValueError(f"{self.item.label} can counter only a spell on the stack (701.6a), and "
                             f"{self.name(spell.oid)} isn't one")
        shield = next((ab for ab in card(spell.card).abilities if isinstance(ab, CantBeCountered)), None)
        if shield is not None:  # it works on the stack (113.6g), and "can't" beats "can" (101.2)
            name = self.name(spell.oid)
            self.d.note("can't be countered", f"{self.item.label} would counter {name}, but {name} says "
                        f"“{shield.text}”, so it isn't countered and stays on the stack", "101.2", spell.oid, name)
            return
        self.d.set_scalar("701.6a", stack=tuple(i for i in self.d.stack if not is_it(i)))
        move(self.d, spell.oid, Zone.GRAVEYARD, "701.6a",
             f"{self.name(spell.oid)} is countered by {self.item.label} and put into its owner's graveyard")

    def pump(self, obj: GameObject, power: int, toughness: int, rule: str, why: str) -> None:
        """Until end of turn, +power/+toughness, locked to this object (611.2c, layer 7c).

        The P/T change itself is reported by the engine, which compares computed
        characteristics before and after every action (see ``derived.py``)."""
        eff = Effect("7c", why, rule, self.item.source.oid, self.d.new_timestamp(),
                     affected=(ObjRef(obj.oid, obj.zcc),), delta=(power, toughness), until_end_of_turn=True)
        self.d.set_scalar(rule, effects=self.d.effects + (eff,))

    def continuous(self, obj: GameObject, why: str, *parts: dict[str, Any],
                   until_end_of_turn: bool = False) -> tuple[Effect, ...]:
        """One continuous effect locked to ``obj`` (611.2c), made of ``parts``, each the fields of
        one layer's part (``{"layer": "2", "set_controller": "Alice"}``, ``{"layer": "6",
        "add_keywords": {"haste"}}``): the parts share one timestamp (613.7b) and each applies in
        its own layer (613.6). A control-changing part takes effect at once (613.1b), so the rest
        of the resolution reads the new controller. The rule each part cites is its layer's."""
        ts = self.d.new_timestamp()
        made = []
        for part in parts:
            fields = dict(part)
            layer = fields.pop("layer")
            rule = fields.pop("rule", LAYER_RULES.get(layer, "613.1"))
            made.append(Effect(layer, why, rule, self.item.source.oid, ts, affected=(obj.ref,),
                               until_end_of_turn=until_end_of_turn, **fields))
        self.d.set_scalar("611.2c", effects=self.d.effects + tuple(made))
        if any(e.layer == "2" for e in made):
            sync_control(self.d)
        return tuple(made)

    def becomes_color(self, obj: GameObject, colors: str | frozenset[str], why: str, *,
                      in_addition: bool = False, until_end_of_turn: bool = False, rule: str = "105.3") -> None:
        """"Target creature becomes blue": a layer 5 effect locked to this object (613.1e, 611.2c).
        The new colours replace all it had (105.3), unless ``in_addition`` ("in addition to its other
        colors"); ``frozenset()`` makes it colorless. Effects in layer 5 apply in timestamp order
        (613.7), so the last one to set its colours wins."""
        wanted = frozenset({colors}) if isinstance(colors, str) else colors
        if in_addition and not wanted:
            raise ValueError(f"{self.item.label}: \"in addition to its other colors\" needs at least one colour to add")
        eff = Effect("5", why, rule, self.item.source.oid, self.d.new_timestamp(), affected=(ObjRef(obj.oid, obj.zcc),),
                     set_colors=None if in_addition else wanted, add_colors=wanted if in_addition else frozenset(),
                     until_end_of_turn=until_end_of_turn)
        self.d.set_scalar(rule, effects=self.d.effects + (eff,))
