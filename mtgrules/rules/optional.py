""""You may ...": an optional instruction, chosen as the spell or ability resolves (603.5, 608.2d).

A triggered ability whose effect says "may" goes on the stack whatever its controller means to
do; the choice is made as it resolves (603.5), when the instruction is followed (608.2d). The
player can't choose to do what is impossible (608.2d): with no card in hand, "you may discard a
card" can only be declined, so its "If you do, ..." doesn't happen. Drawing from an empty
library is never impossible (121.3). The choice is ``"may"``: ``"yes"`` or ``"no"`` (True and
False are taken for them).
"""

from __future__ import annotations

from mtgrules.core.choices import Chooser
from mtgrules.core.state import Draft

YES, NO = "yes", "no"


def _yes_no(value: object) -> object:
    if value is True:
        return YES
    if value is False:
        return NO
    return value.lower() if isinstance(value, str) else value


def may(d: Draft, chooser: Chooser, player: str, what: str, why: str, *, possible: bool = True) -> bool:
    """Whether ``player`` chooses to do ``what`` ("draw a card"), asked as the instruction is
    followed (608.2d; choice ``"may"``). An impossible action can't be chosen, so then the answer
    is "no" without asking. A "no" is recorded, so the narration says what wasn't done."""
    options = [YES, NO] if possible else [NO]
    sentence = (f"{player} may {what} ({why}) and must choose whether to, as the instruction is followed "
                f"(603.5, 608.2d): give may=\"{YES}\" or may=\"{NO}\"")
    answer = chooser.choose("may", player, options, "608.2d", normalize=_yes_no, sentence=sentence)
    if answer == NO:
        reason = "" if possible else " (they can't: it is impossible now, 608.2d)"
        d.note("declined", f"{why}: {player} chooses not to {what}{reason}", "608.2d", player, player)
        return False
    d.note("chosen", f"{why}: {player} chooses to {what}", "608.2d", player, player)
    return True
