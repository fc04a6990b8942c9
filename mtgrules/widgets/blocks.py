"""Blocks explorer: the learner assigns the defending player's creatures to attackers, presses
Check, and the engine judges the whole declaration (509.1).

Every verdict comes from :func:`mtgrules.rules.combat.blocking.legal_blocks`, the same judge the engine uses
when a player declares blockers: a restriction broken (flying 702.9b, menace 702.111b, "can't
block" 509.1b, tapped 509.1a, ...) with its rule, or how many requirements the declaration obeys
against the most any declaration could obey (509.1c). When the game is really waiting for that
player's declaration, a legal-looking declaration is also played on a copy of the state, so a
refusal the judge alone can't see (a block cost that can't be paid) is reported too.

From Python: ``.choose({blocker: attacker or None})``, ``.check()``, ``.verdict`` (a
:class:`~mtgrules.rules.combat.blocking.Verdict`, None until checked), ``.declaration`` and the ``.result``
HTML widget. CSS classes start with ``mtg-blocks``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from mtgrules.core.errors import BadValue, IllegalAction, MissingChoice, WrongThing
from mtgrules.core.state import GameState
from mtgrules.play.timeline import Timeline
from mtgrules.rules.combat.blocking import BlockOptions, Verdict, legal_blocks, why_cant_block
from mtgrules.rules.combat.declare import declare_blockers
from mtgrules.rules.combat.state import name_of
from mtgrules.rules.engine import apply
from mtgrules.rules.layers import characteristics

from . import render
from .shown import FillWhenShown, placeholder, shown_count

NO_BLOCK = "no block"
_NONE = 0  # the dropdowns' value for "no block" (ipywidgets shows nothing for a None value); ids start at 1
LIST_AT_MOST = 8  # legal declarations listed one by one; more are counted, with a few examples

CSS = """<style>
.mtg-blocks-legal-verdict { color: #176b1c; font-weight: 700; }
.mtg-blocks-illegal-verdict { color: #a40000; font-weight: 700; }
.mtg-blocks-declarations { margin: 0.2em 0; padding-left: 1.4em; }
</style>"""


def _label(state: GameState, oid: int) -> str:
    return f"#{oid} {name_of(state, oid)}"


def _with_keywords(state: GameState, oid: int) -> str:
    """``#10 Giant Spider (reach)``: the label plus the creature's keywords now, if any."""
    words = sorted(characteristics(state, oid).keywords)
    return _label(state, oid) + (f" ({', '.join(words)})" if words else "")


class BlocksExplorer(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """``BlocksExplorer(state)``: one dropdown per creature the defending player controls, a
    Check button, and the engine's verdict.

    ``player`` names the defending player (default: the one the game waits for, as in
    :func:`~mtgrules.rules.combat.blocking.legal_blocks`). Each dropdown offers "no block" and every creature
    attacking that player (or their planeswalkers), including blocks the rules forbid: the
    point is to ask the engine, not to be kept from asking. The engine's options are worked out
    at once; in a kernel the dropdowns are made when a front end first shows the explorer.
    """

    PARTS = frozenset({"intro", "dropdowns", "choices_box", "check_button", "result"})

    def __init__(self, state: GameState, player: str | None = None) -> None:
        if not isinstance(state, GameState) and not isinstance(state, Timeline):  # a timeline's own error says t.state
            raise WrongThing(f"BlocksExplorer reads a game state (t.state, or t[i].state after step i), "
                            f"not {type(state).__name__}")
        self.state = state
        self.options: BlockOptions = legal_blocks(state, player)
        self.players = self.options.players
        self.player = self.players[0]
        self.verdict: Verdict | None = None
        self.refusal: IllegalAction | MissingChoice | None = None
        # The class goes in with the first message: add_class after it would be one more message.
        super().__init__([placeholder()], _view_count=shown_count(), _dom_classes=("mtg-blocks",))
        self._fill_when_shown(self._build)

    def _build(self) -> None:
        state = self.state
        self.intro = widgets.HTML(self._intro_html())
        self.intro.add_class("mtg-blocks-intro")
        choices = [(NO_BLOCK, _NONE)] + [(f"blocks {_label(state, a)}", a) for a in self.options.attackers]
        self.dropdowns: dict[int, widgets.Dropdown] = {}
        rows = []
        for b in self.options.creatures:
            dd = widgets.Dropdown(options=choices, value=_NONE, description=_with_keywords(state, b),
                                  style={"description_width": "initial"},
                                  layout=widgets.Layout(width="max-content"))
            dd.add_class("mtg-blocks-choice")
            dd.observe(self._on_change, names="value")
            self.dropdowns[b] = dd
            rows.append(dd)
        self.choices_box = widgets.VBox(rows)
        self.choices_box.add_class("mtg-blocks-choices")
        self.check_button = widgets.Button(description="Check", icon="check", button_style="info")
        self.check_button.add_class("mtg-blocks-check")
        self.check_button.on_click(lambda _b: self.check())
        self.result = widgets.HTML("")
        self.result.add_class("mtg-blocks-result")
        self.children = [self.intro, self.choices_box, self.check_button, self.result]

    # ---- choosing
    @property
    def declaration(self) -> dict[int, int]:
        """The declaration shown: ``{blocker: attacker}`` for every dropdown set to an attacker."""
        return {b: dd.value for b, dd in self.dropdowns.items() if dd.value != _NONE}

    def choose(self, blocks: Mapping[int, int | None]) -> BlocksExplorer:
        """Set the whole declaration: the blockers named block the attacker given (None: no
        block); every other creature is set to "no block"."""
        if not isinstance(blocks, Mapping):
            raise WrongThing(f"choose takes {{blocker: attacker or None}}, such as {{{next(iter(self.dropdowns), 2)}: "
                            f"{next(iter(self.options.attackers), 1)}}}, not {type(blocks).__name__}")
        unknown = [b for b in blocks if isinstance(b, bool) or b not in self.dropdowns]
        if unknown:
            raise BadValue(f"{unknown} are not creatures {self.player} controls here; "
                             f"choose among {sorted(self.dropdowns)}")
        for a in blocks.values():  # all checked before any dropdown moves: a refused choice changes nothing
            if a is not None and (isinstance(a, bool) or a not in self.options.attackers):
                raise BadValue(f"{a!r} is not attacking {' or '.join(self.players)}; attackers are "
                                 f"{list(self.options.attackers)}")
        for b, dd in self.dropdowns.items():
            a = blocks.get(b)
            dd.value = _NONE if a is None else a
        return self

    def _on_change(self, _change: dict[str, Any]) -> None:
        # A new choice hides the old verdict, so what is shown always matches the dropdowns.
        self.verdict = None
        self.refusal = None
        self.result.value = ""

    # ---- judging
    def check(self) -> BlocksExplorer:
        """Judge the declaration shown and write the verdict into ``.result``."""
        blocks = self.declaration
        verdict = self.options.check(blocks)
        self.refusal = None
        if verdict.legal and self._awaited():
            try:
                apply(self.state, declare_blockers(self.player, blocks))
            except (IllegalAction, MissingChoice) as err:
                self.refusal = err
                verdict = Verdict(False, err.rule, err.reason, verdict.obeyed, verdict.possible)
        self.verdict = verdict
        self.result.value = self._result_html(blocks, verdict)
        return self

    def _awaited(self) -> bool:
        combat = self.state.combat
        return combat is not None and any(what == "blockers" and who in self.players
                                          for what, who in combat.awaiting)

    # ---- HTML
    def _intro_html(self) -> str:
        o, state = self.options, self.state
        items = []
        for a in o.attackers:
            notes = []
            need = o.min_blockers.get(a)
            if need is not None:
                notes.append(f"needs {need[0]} or more blockers if blocked at all ({render.cite(need[1].rule)})")
            notes += [render.esc(r.text) + f" ({render.cite(r.rule)})" for r in o.requirements
                      if r.kind == "blocked" and r.subject == a]
            extra = f": {'; '.join(notes)}" if notes else ""
            items.append(f"<li><b>{render.esc(_with_keywords(state, a))}</b>{extra}</li>")
        attackers = "".join(items) or "<li><i>no creature is attacking them</i></li>"
        own = [f"<li>{render.esc(r.text)} ({render.cite(r.rule)})</li>" for r in o.requirements if r.kind == "blocks"]
        blockers_note = f"<p>Requirements on {render.esc(self.player)}'s creatures:</p><ul>{''.join(own)}</ul>" if own else ""
        # No dropdown to pick from: say so, rather than "pick what each creature blocks" over nothing.
        ask = ("Pick what each creature blocks, then press <b>Check</b>." if o.creatures else
               f"{render.esc(' and '.join(self.players))} controls no creature that could block here, so there "
               "is nothing to pick: press <b>Check</b> to see the one declaration left, no blockers.")
        return (f'{render.STYLE}<div class="mtg-box"><b>Declare blockers for {render.esc(" and ".join(self.players))}.</b> '
                f"Attacking creatures:<ul>{attackers}</ul>{blockers_note}{ask}</div>")

    def _result_html(self, blocks: dict[int, int], verdict: Verdict) -> str:
        o = self.options
        shown = render.esc(o.describe(blocks)) if blocks else "no blockers"
        if verdict.legal:
            head = f'<span class="mtg-blocks-legal-verdict">Legal.</span> {_sentence(shown)}'  # "No blockers.
        else:
            assert verdict.rule is not None  # an illegal declaration names the rule it breaks
            head = (f'<span class="mtg-blocks-illegal-verdict">Illegal</span> ({render.cite(verdict.rule)}): '
                    f"{shown}.")
        why = f"<p>{render.esc(_sentence(verdict.reason))}</p>"
        counts = ""
        if o.requirements:
            counts = (f'<p class="mtg-blocks-counts">Requirements obeyed: <b>{verdict.obeyed}</b> of '
                      f"{len(o.requirements)}; the most any declaration can obey without breaking a "
                      f"restriction or paying a cost: <b>{verdict.possible}</b> ({render.cite('509.1c')}).</p>")
        hints = self._cannot_block_html(blocks)
        return (f'{render.STYLE}{CSS}<div class="mtg-box mtg-blocks-verdict"><p>{head}</p>{why}{counts}{hints}'
                f"{self._legal_html()}</div>")

    def _cannot_block_html(self, blocks: dict[int, int]) -> str:
        """For creatures left out of the declaration: why they couldn't have blocked at all."""
        notes = []
        for b in self.options.creatures:
            if b in blocks:
                continue
            why = why_cant_block(self.state, b)
            if why is not None:
                notes.append(f"<li>{render.esc(_sentence(why.text))} ({render.cite(why.rule)})</li>")
        return f"<p>Creatures that couldn't block anything:</p><ul>{''.join(notes)}</ul>" if notes else ""

    def _legal_html(self) -> str:
        o = self.options
        n = o.count()
        listed = list(o.declarations(limit=LIST_AT_MOST))
        items = "".join(f"<li>{render.esc(o.describe(d)) if d else 'no blockers'}</li>" for d in listed)
        if n <= LIST_AT_MOST:
            head = f"The legal declarations ({n}):"
        else:
            head = f"There are <b>{n}</b> legal declarations; the first {len(listed)}:"
        return f'<div class="mtg-blocks-legal"><p>{head}</p><ul class="mtg-blocks-declarations">{items}</ul></div>'


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
