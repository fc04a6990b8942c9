"""The kit's error types: one family, three kinds of "no".

* :class:`IllegalAction` — the rules forbid the action; carries the rule and one sentence.
* :class:`MissingChoice` — the action is fine but needs a choice nobody gave; names the keyword
  (the choice kind) that would give it. It is *not* a refusal by the rules, so it is not an
  ``IllegalAction``: code that wants "either" catches :class:`MtgRulesError` (or both).
* :class:`ScenarioError` — a scenario (Python calls or plain data) is malformed; says what and where.

All three share :class:`MtgRulesError`, so a notebook can catch "the kit said no" in one place.
Refusals are raised before any state is built, so the state the caller holds stays as it was.

Every one of them has ``rule`` (the CR number it cites, ``""`` when it cites none) and ``reason``
(its sentence), so one handler reports any of them. The kit's own functions raise them for bad
input too (an unknown step name, a step number outside a timeline, an id no object has), each
also the Python error it replaced (``ValueError``, ``IndexError``, ``KeyError``, ...), so older
``except`` clauses still catch it.

In a notebook these errors show as one short block (the sentence, the rule and, for a missing
choice, the call that gives it) instead of a long traceback: IPython asks an exception for
``_render_traceback_`` before formatting one. The traceback is still there on demand: ``%tb`` in
the next cell (the error shown again, after the cell that raised it, is shown whole),
``err.full_traceback()`` on a caught error, or ``MtgRulesError.short_tracebacks = False`` for
every error.
"""

from __future__ import annotations

import re
import sys
import traceback
from collections.abc import Iterable, Sequence, Sized
from itertools import islice
from typing import Any

_RED, _BOLD, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"
_HOW_TO_SEE_MORE = "(%tb in the next cell shows the full traceback)"
_CITED_RULE = re.compile(r"\((?:CR )?(\d{3}(?:\.\d+[a-z]?)?)[),;]")


class MtgRulesError(Exception):
    """Anything the kit refuses with a sentence a learner can read.

    In IPython it shows as a short block instead of the call stack, unless turned off."""

    short_tracebacks: bool = True
    """Class-wide switch: False shows IPython's full traceback again."""

    rule: str = ""
    """The CR number the error cites, or "" for one that cites none (a typo in a step's name)."""

    @property
    def reason(self) -> str:
        """The sentence, without the rule: what one handler for every kind of error shows."""
        given: str | None = self.__dict__.get("_reason")
        return given if given is not None else (str(self.args[0]) if self.args else "")

    @reason.setter
    def reason(self, value: str) -> None:
        self.__dict__["_reason"] = value

    def short_lines(self) -> list[str]:
        return [str(self)]

    def _render_traceback_(self) -> list[str]:
        """What IPython prints for this error: a few lines, not the call stack.

        The short block the first time, and whenever IPython shows it as it is raised; shown again
        afterwards (``%tb`` in the next cell shows the last error again), the whole traceback, which
        is what ``%tb`` is asked for."""
        again = self.__dict__.get("_shown_short", False) and sys.exc_info()[1] is not self
        if not type(self).short_tracebacks or again:
            return self.full_traceback().rstrip("\n").split("\n")
        self.__dict__["_shown_short"] = True
        first, *rest = self.short_lines()
        return [f"{_RED}{_BOLD}{type(self).__name__}{_RESET}: {first}", *rest, f"{_DIM}{_HOW_TO_SEE_MORE}{_RESET}"]

    def full_traceback(self) -> str:
        """The whole traceback, as Python would print it, for when the short block isn't enough."""
        return "".join(traceback.format_exception(type(self), self, self.__traceback__))

    def _repr_html_(self) -> str:
        """How a notebook shows the error as a value (``refusal = t.attempt(...)``, then
        ``refusal``): the short block a raised one prints (its kind, the sentence, the rule), not
        Python's repr of the exception wrapped mid-word. Escaped: reasons quote game text."""
        import html
        first, *rest = self.short_lines()
        lines = [f'<b style="color:#a40000">{html.escape(type(self).__name__)}</b>: {html.escape(first)}',
                 *(html.escape(line) for line in rest)]
        return ('<div class="mtg-error" style="border-left:4px solid #a40000;background:#fdf1f1;'
                'padding:4px 10px;margin:2px 0;overflow-wrap:normal;word-break:normal">'
                + "".join(f"<div>{line}</div>" for line in lines) + "</div>")


class CardDefError(MtgRulesError, TypeError, ValueError):
    """A card or ability defined or registered wrongly (``power="3"``, a misspelt card type or
    keyword, a name taken, a cost that doesn't parse): one sentence in a notebook, not the
    dataclass's call stack. Both a ``TypeError`` and a ``ValueError``, as the checks raised one or
    the other before. Raised as the card is defined, so a learner never meets the mistake."""


class IllegalAction(MtgRulesError):
    """An action the rules forbid. ``rule`` is a CR number, ``reason`` one sentence."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason[:1].upper() + reason[1:]
        super().__init__(f"{self.reason} (CR {rule})")

    def short_lines(self) -> list[str]:
        return [self.reason, f"Rule: CR {self.rule}"]


class ActionTypeError(IllegalAction, TypeError):
    """An action written with a value of the wrong kind (``x="2"``, ``targets=7``, a player's
    name that isn't text). Raised where the action is built, before the engine sees it, with the
    rule the value belongs to and one sentence saying which argument and what was expected. It is
    a ``TypeError`` (it is one) and an :class:`IllegalAction` (so refusals are caught in one place)."""


class EffectError(IllegalAction, ValueError):
    """A continuous effect built with values the rules can't apply: a field its layer doesn't hold
    (613.1, 613.4), a layer the kit doesn't play, or a value of the wrong kind. Raised where the
    ``Effect`` is built, before any state holds it, with the rule and one sentence. It is a
    ``ValueError`` too, as the kit raised before it had a rule to name."""


class MissingChoice(MtgRulesError):
    """A choice the rules leave to a player was needed but none was supplied.

    The engine never picks a default for a player: a scenario must script the choice (the
    keyword ``kind`` with spaces as underscores, e.g. ``replacement_order=...``) or provide a
    callback, like a strict game client that asks instead of guessing. ``rule`` and ``reason``
    are there too, so a timeline can show it like a refusal.

    ``options`` may be a lazy sequence (every way to divide 30 damage among six blockers is
    hundreds of thousands of answers): the message shows a handful and says how many there are.
    ``offered`` is what ``legal_actions`` tries, all the options unless the asker gives a bounded,
    representative set; ``sentence`` replaces the default message with one that says the form of
    the answer.
    """

    def __init__(self, kind: str, player: str, options: Sequence[Any], rule: str, *,
                 offered: Sequence[Any] | None = None, sentence: str | None = None) -> None:
        self.kind = kind
        self.player = player
        self.options = options
        self.offered = options if offered is None else offered
        self.rule = rule
        keyword = kind.replace(" ", "_")
        reason = sentence or (f"{player} must choose {kind} from {options_text(options)}, and no choice was "
                              f"given (script it with {keyword}=...)")
        self.reason = reason[:1].upper() + reason[1:]
        self.give_as = ""
        super().__init__(f"{self.reason} (CR {rule})")

    @property
    def keyword(self) -> str:
        """The keyword argument that gives this choice (``replacement order`` -> ``replacement_order``)."""
        return self.kind.replace(" ", "_")

    @property
    def example(self) -> object:
        """One of the options, to show the form of an answer (``...`` if there is none to show)."""
        try:
            return next(iter(self.options))
        except (TypeError, StopIteration):
            return ...

    def given_on(self, code: str) -> MissingChoice:
        """Name the call that gives the choice, e.g. ``pass_priority('Bob', pay=1)``."""
        self.give_as = code
        self.args = (f"{self.reason}; give it as {code} (CR {self.rule})",)
        return self

    def short_lines(self) -> list[str]:
        lines = [self.reason, f"Rule: CR {self.rule}", f"Give the choice with the keyword {self.keyword}=..."]
        if self.give_as:
            lines[-1] += f", for example {self.give_as}"
        return lines


def options_text(options: object, limit: int = 6) -> str:
    """A list of options short enough to read: all of a few, else the first ``limit`` and a count."""
    if not isinstance(options, Sized) or not isinstance(options, Iterable):
        return repr(options)
    n = len(options)
    if n <= limit + 2:
        return repr(list(options))
    shown = [repr(option) for option in islice(options, limit)]
    return f"[{', '.join(shown)}, … ({n:,} in all)]"


class ScenarioError(MtgRulesError, ValueError):
    """A scenario is malformed; the message says what is wrong and where.

    ``reason`` is the message; ``rule`` is the last CR number it cites ("a multiplayer game begins
    with more than two players (CR 800.1)" has ``rule == "800.1"``), or "" when it cites none.
    Still a ``ValueError`` too, so code written against the older kit keeps working."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        cited = _CITED_RULE.findall(str(args[0])) if args else []
        self.rule = cited[-1] if cited else ""


class UnknownName(MtgRulesError, ValueError):
    """A name the kit doesn't know: a step (``go_to(t, "lunch")``), an event kind, a player. The
    sentence lists the names it knows and the likeliest one. A ``ValueError`` too, as before."""


class BadValue(MtgRulesError, ValueError):
    """A value one of the kit's functions can't use, that is not a misspelt name (that is
    :class:`UnknownName`): ``Predict(..., describe=..., attributes=...)`` both at once, an option that
    isn't one. A ``ValueError`` too, as before."""


class NoSuchStep(MtgRulesError, IndexError):
    """A step a timeline doesn't have: a number outside it (``t[99]``, ``t.branch(99)``), or no
    step matching what ``t.find`` was asked. An ``IndexError`` (a ``LookupError``) too, as before."""


class NotInGame(MtgRulesError, KeyError):
    """An object id or a player's name that isn't in this game (``characteristics(state, 99)``).
    A ``KeyError`` too, as before, so code that looks an id up and catches ``KeyError`` still works."""

    def __str__(self) -> str:  # a KeyError's str() is the repr of its key: keep the sentence as written
        return str(self.args[0]) if self.args else ""


class WrongThing(MtgRulesError, AttributeError, TypeError):
    """A value of the wrong kind given to one of the kit's functions: a timeline where a game state
    is read (``legal_actions(t)`` for ``legal_actions(t.state)``), a state where a timeline is played
    on, text where a step number goes (``frame_table(t, "x")``). A ``TypeError`` (a value of the
    wrong kind) and an ``AttributeError`` (what Python would have raised for a missing attribute, so
    ``hasattr`` still answers False), shown as one sentence saying what to pass instead."""


__all__ = ["MtgRulesError", "IllegalAction", "ActionTypeError", "EffectError", "MissingChoice", "ScenarioError",
           "UnknownName", "BadValue", "NoSuchStep", "NotInGame", "WrongThing", "options_text"]
