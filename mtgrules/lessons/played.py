"""Each lesson board is played once per kernel, and every caller gets its own copy.

A lesson shows the same game more than once: a question's wrong option is a board the lesson
walks through a few cells later, and a what-if starts from a walk-through's timeline. Playing a
board again costs a few milliseconds each time (lesson 06 played four of its boards twice or
more), so ``@played_once`` keeps each board's timeline, keyed by the function's arguments and the
card pool's version, and hands out copies: a learner who plays on in one copy (``t.do(...)``,
``resolve_top(t)``) changes neither the kept timeline nor any other copy. A card registered or
replaced since (``POOL_CHANGES``) makes every board be played again, with the new card text.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from mtgrules.core.carddef import POOL_CHANGES
from mtgrules.play.timeline import Timeline

F = TypeVar("F", bound=Callable[..., Any])

_SIMPLE = (str, int, bool, float, type(None))


def _simple(value: Any) -> bool:
    """True for an argument that names a board by value (text, numbers, tuples of them), so two
    equal arguments mean the same board. Anything else (a timeline, a list) is played each time."""
    if isinstance(value, tuple):
        return all(_simple(v) for v in value)
    return isinstance(value, _SIMPLE)


def _typed(value: Any) -> Any:
    """An argument with its type, for the key: ``True == 1 == 1.0`` in a dict, but
    ``x_on_entering(True)`` is refused where ``x_on_entering(1)`` plays, so they are not one board."""
    if isinstance(value, tuple):
        return (tuple, tuple(_typed(v) for v in value))
    return (type(value), value)


def _copy(result: Any) -> Any:
    """A copy of a kept result that its caller may change: timelines copied, and tuples, lists and
    dicts copied item by item (a dict of timelines shares none of them)."""
    if isinstance(result, Timeline):
        return result.copy()
    if isinstance(result, tuple):
        return tuple(_copy(item) for item in result)
    if isinstance(result, dict):
        return {key: _copy(value) for key, value in result.items()}
    if isinstance(result, list):
        return [_copy(item) for item in result]
    return result


def played_once(fn: F) -> F:
    """Keep ``fn``'s result per arguments and card-pool version; return a copy each call."""
    kept: dict[tuple[Any, ...], Any] = {}
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not all(_simple(v) for v in (*args, *kwargs.values())):
            return fn(*args, **kwargs)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:  # a wrong argument: raised by the call itself, with the function's own message
            return fn(*args, **kwargs)
        bound.apply_defaults()  # tour() and tour(lord=False) are the same board
        key = (tuple((name, _typed(value)) for name, value in bound.arguments.items()), POOL_CHANGES[0])
        if kept and next(iter(kept))[1] != POOL_CHANGES[0]:
            kept.clear()  # boards played with an older card pool are never handed out again
        if key not in kept:
            kept[key] = fn(*args, **kwargs)
        return _copy(kept[key])
    return wrapper  # type: ignore[return-value]
