"""A timeline keeps every step of a game: the action, its events, and the state after it.

Because states are values, stepping back, diffing two steps and branching into a what-if are
just indexing and copying. A refused action is kept too, as a frame whose state is unchanged
and whose only event is the refusal with its rule, so a lesson can show the learner the error.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from typing import Any

from mtgrules.core.actions import Action, PassPriority
from mtgrules.core.carddef import card, not_played_text
from mtgrules.core.choices import Callback
from mtgrules.core.errors import IllegalAction, MissingChoice, NoSuchStep, UnknownName, WrongThing
from mtgrules.core.events import Event, EventKind
from mtgrules.core.objects import Zone
from mtgrules.core.state import GameState
from mtgrules.core.turns import parse_step
from mtgrules.rules.engine import apply

QUIET_KINDS = frozenset({"pass", "priority"})
_STATE_NAMES = frozenset(name for name in dir(GameState) if not name.startswith("__")) | {
    f.name for f in fields(GameState)}
"""What a game state has and a timeline doesn't: asked of a timeline, a state was meant."""
_STATE_FIELDS = frozenset(f.name for f in fields(GameState))
KINDS = [k.value for k in EventKind]


@dataclass(frozen=True)
class Frame:
    """One step of a timeline. Frame 0 is the starting position (no action)."""

    index: int
    action: Action | None
    events: tuple[Event, ...]
    state: GameState
    refused: IllegalAction | MissingChoice | None = None

    @property
    def is_quiet(self) -> bool:
        """A pass of priority after which nothing but priority moved: lessons may fold these."""
        return (isinstance(self.action, PassPriority) and self.refused is None
                and all(e.kind in QUIET_KINDS for e in self.events))

    @property
    def rules(self) -> list[str]:
        """The rules cited by this step's events, in order, without repeats."""
        return list(dict.fromkeys(e.rule for e in self.events))

    def title(self) -> str:
        if self.action is None:
            return "Start"
        if not isinstance(self.action, Action):  # refused as not an action at all; still shown
            return f"{type(self.action).__name__} {self.action!r:.60} — refused"
        text = self.action.describe(self.state)
        return f"{text} — refused" if self.refused else text

    def narration(self) -> str:
        """Plain sentences for the step, each ending with its rule. Printed text the kit doesn't
        play is named where its card is first seen: on the starting board, or as it is created,
        cast or put onto the battlefield."""
        if self.action is None:
            return " ".join(["The starting position.", *_not_played(self.state, (
                o.oid for o in self.state.objects if o.zone is not Zone.LIBRARY))])
        if self.refused:
            return f"Refused: {self.refused.reason} (CR {self.refused.rule}). Nothing changes."
        lines = [e.describe() + "." for e in self.events if e.text]
        arrived = (e.obj for e in self.events if isinstance(e.obj, int) and e.attribute == "zone"
                   and e.after in (Zone.BATTLEFIELD, Zone.STACK))
        lines += _not_played(self.state, arrived)
        return " ".join(lines) if lines else "Nothing changes."


def _not_played(state: GameState, oids: Iterable[int]) -> list[str]:
    """A sentence per card (once per name) whose printed text is partly not played by the kit."""
    out: dict[str, str] = {}
    for oid in oids:
        try:
            name = state.obj(oid).card
        except KeyError:
            continue
        text = not_played_text(card(name))
        if text and name not in out:
            out[name] = f"{name}: {text}."
    return list(out.values())


def _matches(f: Frame, kind: str | None, name: str | None, title: str | None, step: str | None,
             refused: bool | None) -> bool:
    if refused is not None and (f.refused is not None) != refused:
        return False
    if title is not None and title.lower() not in f.title().lower():
        return False
    if step is not None and not any(e.kind == "step begins" and str(getattr(e.after, "value", e.after)) == step
                                    for e in f.events):
        return False
    if kind is None and name is None:
        return f.index > 0 or (title is None and step is None and refused is None)
    return any((kind is None or e.kind == kind) and (name is None or name.lower() in str(e.name).lower())
               for e in f.events)


class Timeline:
    """Every step from a starting state. ``do`` plays an action; ``attempt`` records a refusal."""

    def __init__(self, start: GameState, title: str = "", callback: Callback | None = None) -> None:
        if not isinstance(start, GameState):
            raise WrongThing(f"a Timeline starts from a game state (s.state(), or use s.timeline()), "
                             f"not {type(start).__name__}")
        if callback is not None and not callable(callback):  # else "'int' object is not callable" at a choice
            raise WrongThing(f"a timeline's callback answers choices: a function of a ChoiceRequest "
                            f"(mtgrules.answer_with({{...}}) makes one), not {type(callback).__name__} {callback!r:.40}")
        self.title = title
        self.callback = callback
        self.frames: list[Frame] = [Frame(0, None, (), start)]

    # ---- reading
    def __getattr__(self, name: str) -> Any:
        """Only called for a name a timeline doesn't have: one a game state has means a function
        that reads a state was given the timeline (``legal_actions(t)``), said as such."""
        if name in _STATE_NAMES:
            # The name only when a learner could have typed it (t.players): a function's internal
            # read (state_table(t) asks for "cached") would be jargon in the sentence.
            said = f"; a timeline has no {name!r}" if name in _STATE_FIELDS else ""
            raise WrongThing(f"this reads a game state, and was given a Timeline: pass t.state (the state now) "
                             f"or t[i].state (the state after step i){said}")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __len__(self) -> int:
        return len(self.frames)

    def __getitem__(self, i: int) -> Frame:
        try:
            return self.frames[i]
        except IndexError:  # say which steps there are, as branch does
            raise NoSuchStep(f"step {i} is outside this timeline (0..{len(self.frames) - 1}, or -1 for the "
                             "last)") from None
        except TypeError:
            raise WrongThing(f"a step is read by its number, such as t[2] (t.find(...) finds one by what "
                            f"happened), not {i!r:.40} ({type(i).__name__})") from None

    def __iter__(self) -> Iterator[Frame]:
        return iter(self.frames)

    @property
    def state(self) -> GameState:
        return self.frames[-1].state

    @property
    def actions(self) -> list[Action]:
        return [f.action for f in self.frames[1:] if f.action is not None and f.refused is None]

    def find(self, kind: str | None = None, *, name: str | None = None, title: str | None = None,
             step: str | None = None, refused: bool | None = None, start: int = 0, last: bool = False) -> int:
        """The index of the first frame (from ``start``; the last one with ``last=True``) where
        something happened, so a lesson names a step by what happened, not by a number that moves
        when the board changes: ``t.find("fight")``, ``t.find("attacks", name="Wings")``,
        ``t.find(step="combat damage")``, ``t.find(title="casts Murder")``, ``t.find(refused=True)``.

        ``kind`` is an event kind and ``name`` a part of that event's object name; ``title`` a part
        of the step's title; ``step`` a step that began in it, by any name ``go_to`` reads ("main2").
        Raises :class:`~mtgrules.core.errors.NoSuchStep` (a ``LookupError``) if no frame matches."""
        for argument, value in (("kind", kind), ("name", name), ("title", title)):
            if value is not None and not isinstance(value, str):
                raise WrongThing(f"find: {argument} must be text, not {value!r:.40} ({type(value).__name__})")
        for argument, flag in (("refused", refused), ("last", last)):  # "no" would read as yes
            if not (isinstance(flag, bool) or (argument == "refused" and flag is None)):
                raise WrongThing(f"find: {argument} must be True or False, not {flag!r:.40} ({type(flag).__name__})")
        if not isinstance(start, int) or isinstance(start, bool):
            raise WrongThing(f"find: start must be a step number such as 2, not {start!r:.40} ({type(start).__name__})")
        if kind is not None and kind not in KINDS:  # a misspelt kind would read as "nothing happened"
            near = difflib.get_close_matches(kind, KINDS, n=3)
            raise UnknownName(f"find: {kind!r} is not an event kind" +
                             (f"; did you mean {', '.join(map(repr, near))}?" if near else
                              "; the kinds are the values of mtgrules.core.events.EventKind"))
        # A step by any name the kit reads elsewhere ("main2", Step.MAIN2), compared by its value.
        began = None if step is None else parse_step(step).value
        hits = [f.index for f in self.frames[start:] if _matches(f, kind, name, title, began, refused)]
        if not hits:
            asked = ", ".join(f"{k}={v!r}" for k, v in (("kind", kind), ("name", name), ("title", title),
                                                           ("step", step), ("refused", refused)) if v is not None)
            what = f"has {asked}" if asked else f"is played (it has steps 0..{len(self.frames) - 1})"
            raise NoSuchStep(f"no step of {self.title or 'this timeline'!r} from step {start} {what}")
        return hits[-1] if last else hits[0]

    def _repr_html_(self) -> str:
        """Jupyter shows a timeline as its table of steps (the views load only when asked)."""
        from mtgrules.views import timeline_html
        return timeline_html(self)

    # ---- playing
    def do(self, action: Action) -> Timeline:
        """Apply a legal action; an illegal one raises and the timeline is unchanged."""
        new, events = apply(self.state, action, self.callback)
        self.frames.append(Frame(len(self.frames), action, tuple(events), new))
        return self

    def do_all(self, actions: Iterable[Action]) -> Timeline:
        """Play ``actions`` in order; if one is refused (or needs a choice nobody gave), the ones
        before it are taken back too, so the timeline is as it was and the cell can run again."""
        if isinstance(actions, Action) or not isinstance(actions, Iterable):
            raise WrongThing(f"do_all plays a list of actions, such as [pass_priority('Alice')], not "
                            f"{type(actions).__name__}; play one action with do")
        start = len(self.frames)
        try:
            for a in actions:
                self.do(a)
        except Exception:
            del self.frames[start:]
            raise
        return self

    def attempt(self, action: Action) -> IllegalAction | MissingChoice | None:
        """Try an action; if refused (or it needs a choice nobody gave), keep a frame showing
        why and return the error."""
        try:
            self.do(action)
            return None
        except (IllegalAction, MissingChoice) as err:
            ev = Event(EventKind.REFUSED, None, "game", "", None, None, err.rule, f"Refused: {err.reason}")
            self.frames.append(Frame(len(self.frames), action, (ev,), self.state, err))
            return err

    def copy(self) -> Timeline:
        """The same timeline to play on without changing this one (the frames are shared: a
        frame and its state never change)."""
        other = Timeline(self.frames[0].state, self.title, self.callback)
        other.frames = list(self.frames)
        return other

    def branch(self, at: int, title: str = "") -> Timeline:
        """A new timeline sharing frames 0..at; play different actions on it for a what-if."""
        if not isinstance(at, int) or isinstance(at, bool):  # True is not step 1, nor "0" step 0
            raise WrongThing(f"branch needs a step number such as 2, not {at!r:.40} ({type(at).__name__})")
        if not 0 <= at < len(self.frames):
            raise NoSuchStep(f"step {at} is outside this timeline (0..{len(self.frames) - 1})")
        other = Timeline(self.frames[0].state, title or f"{self.title} (what if, from step {at})", self.callback)
        other.frames = list(self.frames[: at + 1])
        return other

    def replay(self) -> Timeline:
        """Play the recorded legal actions again from the start (a check that play is deterministic)."""
        return Timeline(self.frames[0].state, self.title, self.callback).do_all(self.actions)


def require_timeline(value: Any, verb: str) -> None:
    """``verb`` plays on a timeline; a state (``t.state``) or a scenario given instead is said as such."""
    if not isinstance(value, Timeline):
        fix = {"Scenario": "make one with t = s.timeline() and pass t",
               "GameState": "pass the timeline itself (t), not its state (t.state)"}.get(type(value).__name__,
                                                                                      "make one with t = s.timeline()")
        raise WrongThing(f"{verb} plays on a Timeline, not a {type(value).__name__}: {fix}")
