"""Triggered abilities (603): noticing trigger events, the intervening "if" (603.4), and
putting waiting triggers on the stack in APNAP order (603.3b) before a player gets priority.

* :func:`collect_new_triggers` checks the events recorded since it last ran, so the turn loop
  can check a step's "at the beginning of" triggers as the step begins (603.2b) and the engine
  can check the rest before a player gets priority, without checking an event twice.
* An intervening "if" is checked when the trigger event happens and again on resolution; both
  checks are events of kind ``"if check"`` whose ``after`` is the result (True/False).
* :func:`put_triggers_on_stack` asks each player, in APNAP order, for the order of their own
  triggers (choice kind ``"trigger order"``, 603.3b); under shared team turns each team orders
  all the triggers its members control (805.7). Each trigger is named by a short label unique
  among those waiting (the card's name, then its id, then which ability, then a count); the
  answer is the label of the trigger that goes on the stack next, asked again until one is left,
  or a tuple of all the labels at once. The first goes on the stack first, so it resolves last.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules.core.abilities import CHOSEN_MODES, Target, TriggerData, TriggeredAbility, target_slots
from mtgrules.core.carddef import card
from mtgrules.core.choices import Chooser
from mtgrules.core.effects import Chars
from mtgrules.core.errors import IllegalAction
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import GameObject, ObjRef, StackItem, Zone
from mtgrules.core.state import Draft, GameState, derived_from
from mtgrules.core.triggers import PendingTrigger
from mtgrules.rules import hooks
from mtgrules.rules.death_triggers import LEAVING
from mtgrules.rules.layers import ability_card, ability_kinds, characteristics, has_ability, on_battlefield
from mtgrules.rules.look_back import (
    LAST_KNOWN,
    LAST_KNOWN_CHARS,
    Watcher,
    is_entering,
    is_leaving,
    last_known,
    look_back_sources,
    look_back_watchers,
    trigger_source,
)
from mtgrules.rules.modes import ability_slots, modal_of, mode_note
from mtgrules.rules.modes import allowed as allowed_modes
from mtgrules.rules.modes import choose as choose_modes
from mtgrules.rules.targeting import legal_player_targets, why_cant_target, why_not_player_target
from mtgrules.rules.targets import Picks
from mtgrules.rules.teams import apnap_groups, shared_team_turns


# ---------------------------------------------------------------- noticing triggers
def collect_triggers(d: Draft, events: list[Event]) -> None:
    """Check each event against every triggered ability in play; remember those that trigger.
    Both kinds of source (a permanent, and one that has just left but is still in the game) are
    objects of the state, so a game whose cards have no triggered ability has nothing to check.

    An ability that doesn't look back is checked with the permanents on the battlefield
    immediately after its event (603.10, 603.6a), not after the whole group: one that entered
    later in the group (608.2c) doesn't hear it, and one that left later still does, as it last
    existed. Moves recorded inside ``Draft.one_event`` are one event, so the permanents entering
    together all hear each other enter (603.6a: "including the newcomers")."""
    state = d.view()
    gone = d.gone
    if TriggeredAbility not in ability_kinds(state) and not gone:  # one that left the game may have had one
        return
    pending = list(d.pending)
    listening = _listeners(state)
    events = list(events)  # the notes recorded below are not events to check (a caller may pass d.events)
    moments = _moments(d, events)
    stays, went = _comings_and_goings(state, events, moments, gone)
    watchers: list[Watcher] | None = None
    for k, ev in enumerate(events):
        heard = _HEARD_AS.get(ev.kind, ev.kind)
        now = moments[k]
        # a permanent that has just left is checked as it last existed (603.6c, 603.10a)
        listeners = [(state.obj(oid), i, ab) for oid, i, ab in listening.get(heard, ())
                     if oid not in stays or stays[oid] <= now]
        # one that left after this event was still there (603.10); one that left before wasn't
        listeners += [(lki, i, ab) for lki, start, end in went if start <= now < end
                      for i, ab in _own_triggers(None, lki) if ab.event == heard]
        # others' leaves-the-battlefield abilities look back too (603.10a), if they were on the
        # battlefield immediately before this event (603.10)
        leaving = is_leaving(ev)
        if leaving:
            watchers = look_back_watchers(state, events, gone, moments) if watchers is None else watchers
            listeners += [(w, i, ab) for w, i, ab, since in watchers if w.oid != ev.obj and since < now]
        # the permanent leaving, as it last existed, for the look-back abilities that ask about it
        # ("whenever a creature you control dies", rules/death_triggers.py)
        listeners += look_back_sources(state, events, k, gone)
        asks = leaving and any(ab.looks_back for _src, _i, ab in listeners)
        leaver = LEAVING.set(last_known(state, events, k, gone) if asks else None)
        try:
            _check_listeners(d, state, ev, leaving, heard, listeners, pending)
        finally:
            LEAVING.reset(leaver)
        also = _ALSO_HEARD.get(ev.kind)
        if also is not None:  # "whenever ~ deals damage": combat and noncombat damage alike (120.1)
            others = [(state.obj(oid), i, ab) for oid, i, ab in listening.get(also, ())
                      if oid not in stays or stays[oid] <= now]
            others += [(lki, i, ab) for lki, start, end in went if start <= now < end
                       for i, ab in _own_triggers(None, lki) if ab.event == also]
            _check_listeners(d, state, ev, False, also, others, pending)
    d.set_scalar("603.3", pending=tuple(pending))


def _check_listeners(d: Draft, state: GameState, ev: Event, leaving: bool, heard: EventKind,
                     listeners: list[tuple[GameObject, int, TriggeredAbility]], pending: list[PendingTrigger]) -> None:
    """Each listener that ``ev`` triggers goes to ``pending``, with the data of each instance (603.2)."""
    for src, i, ab in listeners:
        # leaving the game with its owner is leaving the battlefield too (603.6c, 800.4a)
        if ab.event != (EventKind.ZONE_CHANGE if leaving and ab.looks_back else heard):
            continue
        for data in _instances(ab, state, src, ev):
            if not condition_at_trigger(d, state, src, ab, data):
                continue
            if LAST_KNOWN not in dict(data):  # it outlives a token source that ceases to exist (113.7a)
                data = (*data, (LAST_KNOWN, src))
            kept = d.last_known_chars.get((src.oid, src.zcc))
            if kept is not None:  # a source that has left: as it last existed (608.2h)
                data = (*data, (LAST_KNOWN_CHARS, kept))
            pending.append(PendingTrigger(src.ref, i, src.controller, tuple(data)))
            d.note("trigger", f"{src.card} triggers{_for(data)}: {ab.text}", "603.10a" if ab.looks_back
                   else "603.2", src.oid, src.card)


def _moments(d: Draft, events: list[Event]) -> list[int]:
    """For each event, the index of the first event of the one event it belongs to: its own
    index unless it was recorded inside ``Draft.one_event`` with others."""
    together = d.together
    if not together:
        return list(range(len(events)))
    first: dict[int, int] = {}
    return [k if (key := together.get(id(ev))) is None else first.setdefault(key, k) for k, ev in enumerate(events)]


def _comings_and_goings(state: GameState, events: list[Event], moments: list[int], gone: dict[int, GameObject],
                        ) -> tuple[dict[int, int], list[tuple[GameObject, int, float]]]:
    """Who came and went among ``events``: each permanent now on the battlefield that entered
    among them, with the moment from which it hears events; and each permanent that left among
    them, as it last existed, with the moments it heard (from its entering, or before the group,
    up to its leaving). Empty for a group in which nothing entered or left."""
    since: dict[int, int] = {}
    went: list[tuple[GameObject, int, float]] = []
    for k, ev in enumerate(events):
        if is_entering(ev):
            since[ev.oid] = moments[k]
        elif is_leaving(ev):
            start = since.pop(ev.oid, -1)
            lki = last_known(state, events, k, gone)
            if lki is not None:
                went.append((lki, start, moments[k]))
    return since, went


def _own_triggers(state: GameState | None, obj: GameObject) -> list[tuple[int, TriggeredAbility]]:
    """The abilities of ``obj`` that listen as a permanent does (not mana, not look-back ones):
    those of the card whose text it has (707.2), less any an effect took away (613.1f). For a
    permanent that has just left (``state`` None), those its card prints."""
    abilities = card(obj.card).abilities if state is None else ability_card(state, obj).abilities
    return [(i, ab) for i, ab in enumerate(abilities)
            if isinstance(ab, TriggeredAbility) and not ab.is_mana and not ab.looks_back
            and (state is None or has_ability(state, obj, ab))]


_HEARD_AS = {EventKind.CREATED: EventKind.ZONE_CHANGE}
"""A token created enters the battlefield (111.2), so abilities waiting for a permanent to enter
hear its creation as they hear any other zone change onto the battlefield (603.6a)."""

_ALSO_HEARD = {EventKind.COMBAT_DAMAGE: EventKind.DAMAGE_DEALT, EventKind.NONCOMBAT_DAMAGE: EventKind.DAMAGE_DEALT}
"""An ability waiting for damage of either kind ("whenever this creature deals damage to an
opponent") listens for ``"damage dealt"``, and hears combat and noncombat damage both (120.1);
one waiting for ``"combat damage"`` alone still hears only that."""

derived_from("trigger listeners", frozenset({"objects", "combat", "effects"}))  # ids, not objects: tapping keeps it


def _listeners(state: GameState) -> dict[str, list[tuple[int, int, TriggeredAbility]]]:
    """The triggered abilities of permanents (not mana abilities, not look-back ones), by the
    event kind they wait for, in battlefield order, each with its permanent's id; found once per
    state, and kept by the next state if no permanent came or went and combat didn't change.
    An object a rule treats as on the battlefield listens too: Over My Dead Bodies' attacking and
    blocking graveyard cards, whose own "whenever this creature attacks" (melee) then triggers
    (OMDB-5, OMDB-9: they attack "just as if they were on the battlefield"; 100.7)."""
    def compute() -> dict[str, list[tuple[int, int, TriggeredAbility]]]:
        found: dict[str, list[tuple[int, int, TriggeredAbility]]] = {}
        if TriggeredAbility not in ability_kinds(state):
            return found
        treated = ([o for o in state.objects if o.zone is not Zone.BATTLEFIELD and on_battlefield(state, o)]
                   if state.combat is not None and hooks.TREATED_AS_ON_BATTLEFIELD else [])
        for src in [*state.battlefield(), *treated]:
            for i, ab in _own_triggers(state, src):
                found.setdefault(ab.event, []).append((src.oid, i, ab))
        return found
    return state.cached("trigger listeners", compute)


def collect_new_triggers(d: Draft) -> None:
    """Check the events recorded since the last call on this draft (each event is checked once),
    against the abilities cards print and those no card prints (``hooks.TRIGGER_SOURCES``:
    delayed triggered abilities, 603.7)."""
    start = getattr(d, "trigger_cursor", 0)
    end = len(d.events)
    if end > start:
        events = d.events[start:end]
        collect_triggers(d, events)
        for hear in hooks.TRIGGER_SOURCES:
            hear(d, events)
    d.trigger_cursor = len(d.events)


CARRIED = "granted ability"
"""The key under which a waiting trigger or a stack item carries an ability that isn't printed on
its source's card: a delayed triggered ability (603.7); the same key as ``stack.GRANTED``, under
which an activated ability another permanent gave its source is carried (613.1f)."""


def ability_of(state: GameState, src: GameObject, index: int | None, data: tuple[tuple[str, object], ...]) -> Any:
    """The ability a waiting trigger or a stack item is an instance of: the one it carries, or
    its source's own, by number (the card whose abilities it has, ``ability_card``)."""
    carried = dict(data).get(CARRIED)
    if carried is not None:
        return carried
    assert index is not None, "an ability on the stack names its ability"
    return ability_card(state, src).abilities[index]


def _instances(ab: TriggeredAbility, state: GameState, src: GameObject, ev: Event) -> list[TriggerData]:
    """How many times this event triggers the ability, with data for each (e.g. which player)."""
    result = ab.matches(state, src, ev)
    if result is True:
        return [()]
    if not result:
        return []
    return list(result)


def _for(data: TriggerData) -> str:
    player = dict(data).get("player")
    return f" for {player}" if player else ""


# ---------------------------------------------------------------- the intervening "if" (603.4)
_IF = re.compile(r"^(?:When|Whenever|At)\b[^,]*, if (.+?),")


def condition_text(ab: TriggeredAbility) -> str:
    """The words of an intervening "if" clause, read from the ability's text."""
    m = _IF.match(ab.text)
    return m.group(1) if m else "its condition holds"


def condition_at_trigger(d: Draft, state: GameState, src: GameObject, ab: TriggeredAbility, data: TriggerData) -> bool:
    """First check: as the trigger event happens. False means the ability doesn't trigger."""
    if ab.condition is None:
        return True
    ok = bool(ab.condition(state, src))
    name = card(src.card).name
    outcome = "true, so the ability triggers" if ok else "false, so the ability doesn't trigger"
    d.emit(Event(EventKind.IF_CHECK, src.oid, name, "condition", None, ok, "603.4",
                 f"{name}: as the trigger event happens, “if {condition_text(ab)}” is {outcome}"))
    return ok


def condition_still_true(d: Draft, item: StackItem) -> bool:
    """Second check: as the trigger resolves. False means it is removed and does nothing."""
    src = trigger_source(d.view(), item.source.oid, item.data)
    ab = ability_of(d.view(), src, item.ability, item.data)
    if not isinstance(ab, TriggeredAbility) or ab.condition is None:
        return True
    ok = bool(ab.condition(d.view(), src))
    name = card(src.card).name
    outcome = ("still true, so the ability resolves" if ok else
               "now false, so the ability is removed from the stack and does nothing")
    d.emit(Event(EventKind.IF_CHECK, src.oid, name, "condition", None, ok, "603.4",
                 f"{name}: as the ability resolves, “if {condition_text(ab)}” is {outcome}"))
    return ok


# ---------------------------------------------------------------- onto the stack (603.3b, 805.7)
def put_triggers_on_stack(d: Draft, chooser: Chooser | None = None) -> None:
    """Waiting triggers go on the stack: each player (or team), in APNAP order, puts theirs on
    in the order they choose (603.3b, 101.4; 805.7)."""
    if not d.pending:
        return
    chooser = chooser or Chooser()
    waiting: list[PendingTrigger] = list(d.pending)
    for group in apnap_groups(d.view()):
        mine = [t for t in waiting if t.controller in group]
        for t in order_triggers(d, chooser, group, mine):
            _push_trigger(d, t, chooser)
        waiting = [t for t in waiting if t.controller not in group]
    for t in waiting:  # their controller has left the game (800.4d)
        d.note("trigger gone", f"a trigger controlled by {t.controller}, who has left the game, "
               "isn't put on the stack", "800.4d", t.source.oid)
    d.set_scalar("603.3", pending=())


def short_labels(d: Draft, triggers: list[PendingTrigger]) -> list[str]:
    """A short name for each trigger, unique within the list: the card's name ("Call to the Grave
    (Bob)"); if two share it, its id ("... #5"); if one object has two triggers, which ability
    ("... #5: Melee"); if one ability triggered twice, a count ("... [2]")."""
    labels = [f"{card(trigger_source(d.view(), t.source.oid, t.data).card).name}{_paren(t.data)}" for t in triggers]
    labels = _distinct(labels, [f" #{t.source.oid}" for t in triggers])
    texts = [ability_of(d.view(), trigger_source(d.view(), t.source.oid, t.data), t.ability, t.data).text for t in triggers]
    labels = _distinct(labels, [f": {first_clause(text).split(' (')[0]}" for text in texts])
    labels = _distinct(labels, [f" (ability {t.ability + 1})" for t in triggers])
    seen: dict[str, int] = {}
    out = []
    for lab in labels:
        if labels.count(lab) > 1:
            seen[lab] = seen.get(lab, 0) + 1
            lab = f"{lab} [{seen[lab]}]"
        out.append(lab)
    return out


def _distinct(labels: list[str], extra: list[str]) -> list[str]:
    """Add ``extra`` to each label that another label repeats with a different ``extra``."""
    out = []
    for lab, more in zip(labels, extra, strict=True):
        differs = any(other == lab and e != more for other, e in zip(labels, extra, strict=True))
        out.append(lab + more if differs else lab)
    return out


def _paren(data: TriggerData) -> str:
    player = dict(data).get("player")
    return f" ({player})" if player else ""


def order_triggers(d: Draft, chooser: Chooser, group: list[str],
                   mine: list[PendingTrigger]) -> list[PendingTrigger]:
    """The order in which ``group`` puts its triggers on the stack, as they choose: each one
    exactly once (603.3b), asked one at a time ("which goes on next"), never as every permutation."""
    if len(set(mine)) < 2:  # none, one, or copies of one trigger: any order is the same
        return mine
    labels = short_labels(d, mine)
    by_label = dict(zip(labels, mine, strict=True))
    controllers = list(dict.fromkeys(t.controller for t in mine))
    team = shared_team_turns(d.view())
    who = controllers[0] if len(controllers) == 1 else group[0]
    rule = "805.7" if team else "603.3b"
    chosen = chooser.choose_order("trigger order", who, labels, rule, alike=by_label.__getitem__)
    d.note("trigger order", f"{who} puts {len(mine)} triggers on the stack in this order: "
           f"{', then '.join(chosen)} ({chosen[-1]} will resolve first)", rule, who, who)
    return [by_label[label] for label in chosen]


def first_clause(text: str) -> str:
    """"At the beginning of each player's upkeep" from the whole ability: enough to tell a
    card's triggers apart in a label without repeating the Oracle text in every sentence."""
    return text.split(",")[0].split(".")[0].strip()


def _push_trigger(d: Draft, t: PendingTrigger, chooser: Chooser) -> None:
    ref, i, controller, data = t.source, t.ability, t.controller, t.data
    src = trigger_source(d.view(), ref.oid, data)
    ab = ability_of(d.view(), src, i, data)
    name = card(src.card).name
    player = dict(data).get("player")
    label = f"{name}: “{first_clause(ab.text)}…”" + (f" for {player}" if player else "")
    assert isinstance(ab, TriggeredAbility), "only triggered abilities trigger"
    source = _source_chars(d.view(), src, data)
    modal = modal_of(ab.resolve)
    modes: tuple[int, ...] | None = None
    if modal is not None:  # the modes are chosen first (603.3c), then their targets (603.3d)
        if not allowed_modes(d.view(), controller, modal, source):
            d.note("no mode", f"{name}: {ab.text} has no mode that can be chosen (each needs targets that can't be "
                   "chosen), so it is removed from the stack", "700.2b", controller, name)
            return
        modes = choose_modes(chooser, d.view(), controller, modal, name, "603.3c", source)
        data = (*data, (CHOSEN_MODES, modes))
        label += f" (“{mode_note(modal, modes)}”)"
    targets = trigger_targets(d, chooser, ab, controller, name, ability_slots(ab, modes), source=source)
    if targets is None:
        return
    d.push(StackItem(d.new_id(), "trigger", ref, controller, label, ability=i, data=tuple(data), targets=targets))
    d.note("on stack", f"{label} is put on the stack", "603.3", ref.oid, name)


def _source_chars(state: GameState, src: GameObject, data: TriggerData) -> Chars | None:
    """The trigger's source as its targets judge it (protection, 702.16b): as it is now if it is
    still there as the same object, else as it last existed (608.2h)."""
    if state.resolve_ref(src.ref) is not None:
        return characteristics(state, src.oid)
    kept = dict(data).get(LAST_KNOWN_CHARS)
    return kept if isinstance(kept, Chars) else None


def trigger_targets(d: Draft, chooser: Chooser, ab: TriggeredAbility, controller: str,
                    name: str, slots: tuple[Target, ...] | None = None, *,
                    source: Chars | None) -> tuple[ObjRef | str, ...] | None:
    """The targets a trigger's controller chooses as it goes on the stack (choice kind
    ``"target"``, 603.3d), instance by instance of "target" (115.3): for one target, an object id,
    or a player's name when the ability may target players (115.1d); for an instance that takes
    several ("up to two target creatures"), a tuple of them. None if some instance can't get
    the targets it needs, so the ability is removed from the stack. ``slots`` are the instances
    (the chosen modes', for a modal ability); by default the ability's own."""
    chosen: list[ObjRef | str] = []
    for spec in target_slots(ab.target) if slots is None else slots:
        picked = _slot_targets(d, chooser, ab, spec, controller, name, chosen if spec.distinct else [], source)
        if picked is None:
            return None
        chosen.extend(picked)
    return tuple(chosen)


def _slot_targets(d: Draft, chooser: Chooser, ab: TriggeredAbility, spec: Target, controller: str,
                  name: str, taken: list[ObjRef | str], source: Chars | None) -> tuple[ObjRef | str, ...] | None:
    """The targets of one instance of "target" of a trigger going on the stack (603.3d); none of
    ``taken`` ("another target": those chosen for the instances before it, 115.3)."""
    state = d.view()
    fitting = [o for o in state.objects if o.zone in spec.zones and spec.legal(state, controller, o)
               and o.ref not in taken]
    shielded = {o.oid: shield for o in fitting
                if (shield := why_cant_target(state, controller, o, source=source)) is not None}
    options: list[int | str] = [o.oid for o in fitting if o.oid not in shielded]
    options += [p for p in legal_player_targets(state, controller, spec) if p not in taken]
    if len(options) < spec.fewest or (not options and not spec.up_to):  # none: removed (603.3d)
        # what fits the words but can't be targeted is named with its own rule (hexproof, 702.11b)
        shields = "".join(f". {sentence}, though it fits those words ({rule})"
                          for rule, sentence in list(dict.fromkeys(shielded.values()))[:3])
        d.note("no target", f"{name}: {ab.text} has no legal target ({spec.description}), so it is "
               f"removed from the stack{shields}", "603.3d", controller, name)
        return None
    if spec.count == 1 and not spec.up_to:
        _refuse_named_illegal_target(state, chooser, ab, spec, controller, name, options, source)
        one = chooser.choose("target", controller, options, "603.3d")
        return (one,) if isinstance(one, str) else (state.obj(one).ref,)
    picks = Picks(options, spec.fewest, spec.count)
    sentence = (f"{controller} must choose the targets of {name}'s triggered ability for “{spec.description}”: a "
                f"tuple of {spec.fewest if spec.fewest == spec.count else f'{spec.fewest} to {spec.count}'} of "
                f"{options!r:.200}, and no choice was given")

    def normalize(value: object) -> object:  # one target given alone is a tuple of one
        return (value,) if isinstance(value, int | str) and not isinstance(value, bool) else \
            tuple(value) if isinstance(value, list) else value
    many = chooser.choose("target", controller, picks, "603.3d", normalize=normalize, offered=picks.offered(),
                          sentence=sentence)
    return tuple(t if isinstance(t, str) else state.obj(t).ref for t in many)


def _refuse_named_illegal_target(state: GameState, chooser: Chooser, ab: TriggeredAbility, spec: Target,
                                 controller: str, name: str, options: list[int | str], source: Chars | None) -> None:
    """A scripted target that is an object but not a legal one is refused saying why, as a spell's
    is: hexproof and the like with their own rule, otherwise what the ability needs (603.3d, 601.2c).
    With one legal option the answer may be meant for a later question, so the chooser keeps it."""
    queue = chooser.scripted.get("target") or []
    if len(options) < 2:
        return
    given = queue[0] if queue else None
    if isinstance(given, str) and given not in options:  # a player, by name (115.1d)
        wrong = why_not_player_target(state, controller, spec, given, f"{name}'s triggered ability", "603.3d")
        if wrong is not None:
            raise IllegalAction(*wrong)
    if not isinstance(given, int) or isinstance(given, bool) or given in options:
        return
    try:
        obj = state.obj(given)
    except KeyError:
        return
    if obj.zone in spec.zones and spec.legal(state, controller, obj):
        shielded = why_cant_target(state, controller, obj, source=source)
        if shielded is not None:
            raise IllegalAction(*shielded)
    raise IllegalAction("603.3d", f"{card(obj.card).name} is not a legal target: {name}'s triggered ability "
                        f"needs {spec.description}")
