"""The moves lessons and tests make again and again, named once.

* :func:`resolve_top` -- everyone passes in turn until the top of the stack has resolved;
* :func:`go_to` -- pass until a step begins, or say why it can't;
* :data:`REFUSED` -- how a refused action reads as an outcome (a prediction option, a table cell).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.core.actions import PassPriority, pass_priority
from mtgrules.core.choices import ChoiceRequest, refuse_unknown_kinds
from mtgrules.core.errors import IllegalAction, MissingChoice, MtgRulesError
from mtgrules.core.events import Event, EventKind
from mtgrules.core.turns import Step, parse_step
from mtgrules.play.advance import advance_to, answer_with
from mtgrules.play.timeline import Timeline, require_timeline
from mtgrules.rules.engine import apply
from mtgrules.rules.teams import game_over, passes_needed


class VerbStopped(MtgRulesError, RuntimeError):
    """``resolve_top`` or ``go_to`` couldn't do what it was asked (an empty stack, no one with
    priority, a step it can't reach): one sentence in a notebook, not the call stack. Still a
    ``RuntimeError``, as these were before."""


YOUR_TIMELINE = "<your timeline>"
"""Where the learner's timeline goes in a call a message suggests: the kit can't know its name."""

REFUSED = "The engine refuses it: the rules forbid it"
"""An outcome that is a refusal. The rule is kept for the reveal, so the option gives nothing away."""


def resolve_top(t: Timeline, **choices: Any) -> Timeline:
    """Whoever has priority passes, in turn, until the object now on top of the stack has resolved
    (117.4, 608.1). ``choices`` go with the last pass, during which it resolves and makes the
    choices it asks for. They follow a single action's rules (``Chooser.check_all_used``, 117.1),
    as :func:`go_to`'s do: a misspelt kind or more answers than questions of their kind is
    refused; an answer of a real kind that the resolving object didn't ask is noted on that pass
    ("... asked no color question as it resolved"). A refusal or a missing choice takes back the
    passes before it, leaving the timeline as it was. Raises :class:`VerbStopped` (a ``RuntimeError``) if the stack is
    empty or the game stops waiting for something else (a declaration)."""
    require_timeline(t, "resolve_top")
    if not t.state.stack:
        raise VerbStopped("nothing is on the stack, so nothing can resolve")
    if game_over(t.state):  # not "no one has priority": the game ended with the stack as it was
        raise VerbStopped("the game is over, so nothing on the stack resolves (104.1)")
    # Before any pass: a question asked first would otherwise raise MissingChoice and advise
    # giving the right keyword alongside the misspelt one.
    refuse_unknown_kinds(((kind.replace("_", " "), value) for kind, value in choices.items()),
                         " given to resolve_top (nothing was played)")
    top = t.state.stack[-1].sid
    start = len(t.frames)  # a refusal on the way takes back the passes before it: nothing half-played
    for _ in range(64):
        if not any(item.sid == top for item in t.state.stack):
            return t
        holder = t.state.priority
        if holder is None:
            raise VerbStopped(f"no one has priority in the {t.state.step.phrase}, so the stack can't resolve")
        last = t.state.passes + 1 >= passes_needed(t.state)  # this pass resolves the top (117.4)
        try:
            t.do(pass_priority(holder, **(choices if last else {})))
        except IllegalAction:
            del t.frames[start:]
            raise
        except MissingChoice as need:  # say where the learner gives it: on this call
            del t.frames[start:]
            given = ", ".join(f"{k}={v!r}" for k, v in {**choices, need.keyword: need.example}.items())
            raise need.given_on(f"resolve_top({YOUR_TIMELINE}, {given})") from None
        except Exception:  # a fault in a card's own code as it resolves: nothing half-played either
            del t.frames[start:]
            raise
    raise VerbStopped("the top of the stack didn't resolve after 64 passes")


def go_to(t: Timeline, step: Step | str, player: str | None = None, **answers: Any) -> Timeline:
    """Pass until ``step`` begins (in ``player``'s turn, if given). ``answers`` answer the choices
    asked on the way, by kind with ``_`` for spaces (``trigger_order=...``), as a single action's
    scripted answers are (``Chooser.check_all_used``, 117.1):

    * one of a kind no question of the kit asks (a misspelt keyword, ``choices.KNOWN_KINDS``) is
      refused before anything is played;
    * a list with more answers than questions of its kind came on the way is refused, with the
      passes made taken back;
    * one of a real kind that no step on the way asked (``target=`` when no trigger targets) is
      not refused: the last step go_to played says it wasn't used, so it is never dropped silently.
      An answer some pass took is not reported, whichever pass took it; that includes a question
      with a single option, answered without asking: an answer naming that option is used there,
      and one naming something else is refused as ``pass_priority`` refuses it.

    ``step`` is the next beginning of that step: from inside it, go_to goes on to the next one,
    so a reached step always has at least one pass played to carry the note. When the game stops
    first (it is over, or waits for a declaration), go_to plays nothing and raises
    ``RuntimeError`` with the reason, answers or not: nothing was played, so nothing could use
    them. A refusal or a stop on the way takes back the passes made, so nothing is half-played."""
    require_timeline(t, "go_to")
    table = {kind.replace("_", " "): value for kind, value in answers.items()}
    refuse_unknown_kinds(table.items(), " given to go_to (nothing was played)")
    start = len(t.frames)
    taken: dict[str, int] = {}
    choose = None
    if table:
        scripted = answer_with(table)

        def choose(request: ChoiceRequest) -> Any:
            value = scripted(request)
            if value is not None:
                taken[request.kind] = taken.get(request.kind, 0) + 1
            return value
    try:
        result = advance_to(t, step, player, choose=choose)
    except Exception:  # an answer refused on the way, or a card's own code failing: the passes before it are taken back too
        del t.frames[start:]
        raise
    if not result:
        del t.frames[start:]  # the passes made on the way are taken back: nothing half-played
        how = ""
        if result.choice is not None:  # say which keyword answers it, on this very call
            keyword = result.choice.kind.replace(" ", "_")
            how = (f"; answer it here: go_to({YOUR_TIMELINE}, {str(step)!r}{f', {player!r}' if player else ''}, "
                   f"{keyword}=<one of {list(result.choice.options)[:6]!r}>)")
        raise VerbStopped(f"{t.title}: stopped before {step}: {result.reason}{how}")
    phrase = parse_step(step).phrase  # read already by advance_to: a known step
    left = {kind: (value if isinstance(value, list) else [value])[taken.get(kind, 0):]
            for kind, value in table.items()}
    try:  # before the check below: a question with one option takes an answer without asking
        lone = _take_lone_answers(t, start, {kind: rest for kind, rest in left.items() if not taken.get(kind)})
    except IllegalAction:  # an answer naming something a lone option was taken instead of
        del t.frames[start:]
        raise
    extra = [kind for kind, rest in left.items() if rest and (taken.get(kind) or kind in lone)]
    if extra:  # asked, but fewer times than answers were given: refused, as for a single action
        del t.frames[start:]
        given = ", ".join(f"{kind.replace(' ', '_')}={left[kind][0]!r:.40}" for kind in extra)
        raise IllegalAction("117.1", f"the answer {given} given to go_to is one more than the {', '.join(extra)} "
                                     f"questions asked on the way to the {phrase}, so it is refused rather than "
                                     "ignored (nothing was played); leave it out")
    notes = tuple(Event(EventKind.NOTHING_HAPPENS, None, "game", "", None, None, "117.1",
                        f"the answer {kind.replace(' ', '_')}={value!r:.60} given to go_to wasn't used: no step on "
                        f"the way to the {phrase} asked a {kind} question")
                  for kind, rest in left.items() for value in rest)
    if notes:  # on the last step go_to played (there is one: a reached step is always a pass away)
        last = t.frames[-1]
        t.frames[-1] = replace(last, events=last.events + notes)
    return t


def _take_lone_answers(t: Timeline, start: int, left: dict[str, list[Any]]) -> set[str]:
    """Take out of ``left`` (the answers of kinds no pass asked through go_to's callback) the
    ones that a question with a single option used on the way, and return their kinds.

    Such a question is answered without asking (``Chooser.choose``), so go_to's callback never
    saw it. Each pass go_to played is tried again with the next unused answer scripted in, as a
    single action would have it: no note about it means that pass used it (it named the lone
    option); a refusal means it named something else, which a single action refuses too. Only
    answers no pass took are tried, so the common path (every answer taken) costs nothing."""
    lone: set[str] = set()
    for at in range(start, len(t.frames)):
        action = t.frames[at].action
        if not any(left.values()) or not isinstance(action, PassPriority):
            continue
        for kind, rest in left.items():
            if not rest or kind in dict(action.choices):
                continue
            keyword = kind.replace(" ", "_")
            retried = replace(action, choices=tuple(sorted({**dict(action.choices), kind: rest[0]}.items())))
            try:
                _, events = apply(t.frames[at - 1].state, retried, t.callback)
            except IllegalAction as err:
                raise IllegalAction(err.rule, f"{err.reason} (the answer {keyword}={rest[0]!r:.40} given to go_to, "
                                              f"at step {at}; nothing was played)") from None
            except MissingChoice:  # not expected (an answer asks nothing more); then it wasn't used here
                continue
            if not any(e.kind == EventKind.NOTHING_HAPPENS and e.rule == "117.1" and f" {keyword}=" in e.text
                       for e in events):
                rest.pop(0)  # the lone option it named: used here
                lone.add(kind)
    return lone
