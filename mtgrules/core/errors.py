"""The kit's error types: one family, three kinds of "no".

* :class:`IllegalAction` — the rules forbid the action; carries the rule and one sentence.
* :class:`MissingChoice` — the action is fine but needs a choice nobody gave; names the keyword
  (the choice kind) that would give it. It is *not* a refusal by the rules, so it is not an
  ``IllegalAction``: code that wants "either" catches :class:`MtgRulesError` (or both).
* :class:`ScenarioError` — a scenario (Python calls or plain data) is malformed; says what and where.

All three share :class:`MtgRulesError`, so a notebook can catch "the kit said no" in one place.
Refusals are raised before any state is built, so the state the caller holds stays as it was.

In a notebook these errors show as one short block (the sentence, the rule and, for a missing
choice, the call that gives it) instead of a long traceback: IPython asks an exception for
``_render_traceback_`` before formatting one. The traceback is still there on demand:
``err.full_traceback()``, or set ``MtgRulesError.short_tracebacks = False`` for every error.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Sequence, Sized
from itertools import islice
from typing import Any

_RED, _BOLD, _DIM, _RESET = "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"
_HOW_TO_SEE_MORE = "(the full traceback: err.full_traceback(), where err is the error you caught)"


class MtgRulesError(Exception):
    """Anything the kit refuses with a sentence a learner can read.

    In IPython it shows as a short block instead of the call stack, unless turned off."""

    short_tracebacks: bool = True
    """Class-wide switch: False shows IPython's full traceback again."""

    def short_lines(self) -> list[str]:
        return [str(self)]

    def _render_traceback_(self) -> list[str]:
        """What IPython prints for this error: a few lines, not the call stack."""
        if not type(self).short_tracebacks:
            return self.full_traceback().rstrip("\n").split("\n")
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

    Still a ``ValueError`` too, so code written against the older kit keeps working."""


class WrongThing(MtgRulesError, AttributeError, TypeError):
    """A timeline given where a game state is read (``legal_actions(t)`` for ``legal_actions(t.state)``),
    or a state where a timeline is played on. A ``TypeError`` (a value of the wrong kind) and an
    ``AttributeError`` (what Python would have raised, so ``hasattr`` still answers False), shown
    as one sentence saying what to pass instead."""


__all__ = ["MtgRulesError", "IllegalAction", "ActionTypeError", "EffectError", "MissingChoice", "ScenarioError",
           "WrongThing", "options_text"]
