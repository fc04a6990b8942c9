"""BoardEditor: build a board without code, for a teacher at the projector or a learner.

Pick cards from the pool by name (the box searches as you type), then for each card set its
player, zone, tapped, summoning sickness, counters and what it is attached to; set the players'
life, the turn and the step. The state table and the picture of the board follow every change.
The board can be copied as the ``Scenario`` code that builds it, saved and loaded as JSON, and
opened in a Walkthrough or a BlocksExplorer.

The JSON file is the plain data ``Scenario.from_dict`` reads (``Scenario.to_dict`` writes it), with
one field of the editor's own on a card entry: ``"attacking"``, the "attacks" mark the blocks
explorer declares. It is ``true`` (the card attacks the first opponent after the active player in
turn order) or the name of the opponent it attacks; a card without it attacks nothing, so a file
saved before the field existed loads with no attackers. A mark goes only on a creature on the
battlefield (or a card the kit lets attack from elsewhere); whether it may attack this turn
(tapped, summoning sick, defender) is judged by the rules when the explorer declares the attack.
Loading refuses, with one sentence and nothing changed, a file that isn't UTF-8 (naming the
encoding it looks like) or isn't JSON, is longer than ``MAX_JSON_CHARS`` or holds more than
``MAX_CARDS`` cards, repeats a field, or holds anything ``from_dict`` or the marks' check
refuses: the file is read by :mod:`mtgrules.play.scenario_data`, the reader ``walk`` uses too.

An impossible board (a card that must have chosen a colour, an attachment to itself) is never
fixed silently: the scenario's own error is shown inline and the last good picture stays.

Everything is kept as plain data (the entries ``Scenario.from_dict`` reads) and rebuilt through
``from_dict`` on each change, so the editor can't make a board the kit's validation wouldn't.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from mtgrules.core.carddef import CARD_POOL
from mtgrules.core.errors import MtgRulesError, ScenarioError
from mtgrules.core.objects import Zone
from mtgrules.core.turns import ORDER, Step, parse_step
from mtgrules.play import scenario_data
from mtgrules.play.scenario import Scenario
from mtgrules.play.scenario_input import shown
from mtgrules.rules.combat.state import can_be_combatant

from . import render
from .card_search import card_count, card_panel_html, is_card_name, search_names
from .shown import FillWhenShown, placeholder, shown_count

ZONES = [z.value for z in Zone if z is not Zone.STACK]
SAVE_LINK_CSS = ("display:inline-block;height:28px;line-height:28px;padding:0 12px;margin:2px 4px;"
                 "background:var(--jp-layout-color2,#eeeeee);color:var(--jp-ui-font-color1,#000000);"
                 "border:1px solid var(--jp-border-color1,#bdbdbd);border-radius:2px;text-decoration:none;"
                 "cursor:pointer;white-space:nowrap")
STEPS = [s.value for s in Step]
PICTURE_PX = 640
MARK = "attacking"
"""The editor's own field on a card entry: its "attacks" mark (``true`` or a player's name)."""
MAX_JSON_CHARS = scenario_data.MAX_CHARS
MAX_CARDS = scenario_data.MAX_CARDS
"""A board file longer than this, or with more cards, is refused before it is built: a class's
boards are a few thousand characters and a few dozen cards, and a pasted log or a wrong file
would only freeze the kernel (each card costs the table and the picture a few milliseconds).
The file is read by :mod:`mtgrules.play.scenario_data`, as ``python -m mtgrules walk`` reads one."""


class BoardEditor(FillWhenShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type information, so VBox is Any
    """``BoardEditor()`` in a cell shows an empty two-player board; ``BoardEditor(scenario)``
    starts from a scenario (or ``BoardEditor.from_json(text)``).

    From Python: ``.add(name, player, zone)``, ``.select(i)``, ``.scenario()`` (raises
    ``ScenarioError`` for an impossible board), ``.code()``, ``.to_json()``, ``.load_json(text)``
    (``.load_file(raw)`` for a file's bytes, as "Load JSON" reads them),
    ``.open_walkthrough()``, ``.open_blocks()``. The child widgets are attributes with CSS classes
    ``mtg-editor-...`` for browser tests. In a kernel the child widgets (some forty, and the board's
    table and picture) are made when a front end first shows the editor (:mod:`.shown`); using
    one from Python makes them at once.
    """

    PARTS = frozenset({"title", "players", "life", "turn", "active", "step", "search", "card_info", "player", "zone",
                       "add_button", "cards", "card_player", "card_zone", "tapped", "sick", "attacking",
                       "counter_kind", "counter_n", "counter_button", "attached", "chosen_color", "remove_button",
                       "errors", "table", "picture", "copy_button", "code_box", "save_link", "load", "walk_button",
                       "blocks_button", "opened", "card_heading", "layers_button"})

    def __init__(self, scenario: Scenario | Mapping[str, Any] | None = None) -> None:
        if scenario is not None and not isinstance(scenario, Scenario | Mapping):
            raise TypeError("BoardEditor starts from a Scenario or its plain data (a mapping such as "
                            f"{{\"cards\": [...]}}), not {type(scenario).__name__} {scenario!r:.40}")
        data = scenario.to_dict() if isinstance(scenario, Scenario) else dict(scenario or {})
        start = _check_board(data)
        self._kept = _kept(data)
        self._numbers = {"life": start.life, "turn": start.turn}
        self.entries: list[dict[str, Any]] = _entries(data, start)
        self.error: str = ""
        self._quiet = False
        self._start = data
        super().__init__([placeholder()], _view_count=shown_count())
        self.add_class("mtg-board-editor")
        self._fill_when_shown(self._build)

    def _build(self) -> None:
        """Make the editor's widgets from the starting data, and draw the board."""
        data = self._start
        players = list(data.get("players", ["Alice", "Bob"]))

        # ---- the game
        self.title = widgets.Text(value=data.get("title", "My board"), description="Title")
        self.players = widgets.Text(value=", ".join(players), description="Players")
        # Plain number boxes: a spin box's bounds would silently clamp a board's life or turn.
        self.life = widgets.IntText(value=self._numbers["life"], description="Life",
                                           layout=widgets.Layout(width="10em"))
        self.turn = widgets.IntText(value=self._numbers["turn"], description="Turn",
                                           layout=widgets.Layout(width="10em"))
        self.active = widgets.Dropdown(options=players, value=data.get("active") or players[0], description="Active")
        self.step = widgets.Dropdown(options=STEPS, value=_step(data.get("step", "main1")), description="Step")

        # ---- adding a card
        # Each keystroke reaches the kernel, which offers the best matches among every card the kit
        # can give (card_search.search_names): a few dozen names a keystroke, not the whole list.
        self.search = widgets.Combobox(options=search_names(""), placeholder=f"type to search {card_count():,} cards",
                                       ensure_option=False, continuous_update=True, description="Card")
        self.card_info = widgets.HTML()
        self.player = widgets.Dropdown(options=players, value=players[0], description="Player")
        self.zone = widgets.Dropdown(options=ZONES, value="battlefield", description="Zone")
        self.add_button = widgets.Button(description="Add card", icon="plus", button_style="primary")

        # ---- the selected card
        self.cards = widgets.Select(options=[], rows=8, description="Cards", layout=widgets.Layout(width="auto"))
        # Which card the settings below belong to (the first is selected when the editor is first shown).
        self.card_heading = widgets.HTML()
        # Labels wide enough for "Chosen colour" and "Attached to" at 1366 px (the default cut them).
        wide = {"description_width": "7.5em"}
        self.card_player = widgets.Dropdown(options=players, description="Player", style=wide)
        self.card_zone = widgets.Dropdown(options=ZONES, description="Zone", style=wide)
        self.tapped = widgets.Checkbox(description="tapped", indent=False)
        self.sick = widgets.Checkbox(description="arrived this turn (summoning sick)", indent=False)
        self.attacking = widgets.Checkbox(description="attacks (for the blocks explorer)", indent=False)
        self.counter_kind = widgets.Combobox(options=["+1/+1", "-1/-1", "loyalty", "charge"], value="+1/+1",
                                             description="Counter", style=wide, layout=widgets.Layout(width="18em"))
        self.counter_n = widgets.BoundedIntText(value=1, min=0, max=999, layout=widgets.Layout(width="6em"))
        fit = widgets.Layout(width="auto")  # a button as wide as its label, never "Open a Walkth…"
        self.counter_button = widgets.Button(description="Set counters", layout=fit)
        self.attached = widgets.Dropdown(options=[("nothing", 0)], value=0, description="Attached to", style=wide)
        self.chosen_color = widgets.Dropdown(options=[("—", "")] + [(c, c) for c in "WUBRG"], value="",
                                             description="Chosen colour", style=wide)
        self.remove_button = widgets.Button(description="Remove card", icon="trash", button_style="warning",
                                            layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.layers_button = widgets.Button(description="Layers of this card", icon="bars",
                                            tooltip="Every continuous effect on it, in the order applied (613)",
                                            layout=widgets.Layout(width="auto", align_self="flex-start"))

        # ---- results and actions
        self.errors = widgets.HTML()
        self.table = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.picture = widgets.Image(format=render.PICTURE_FORMAT,
                                     layout=widgets.Layout(width=f"{PICTURE_PX}px", max_width="100%"))
        self.copy_button = widgets.Button(description="Copy the code", icon="code", layout=fit)
        self.code_box = widgets.Textarea(layout=widgets.Layout(width="100%", height="12em", display="none"))
        self.save_link = widgets.HTML()
        self.load = widgets.FileUpload(accept=".json", multiple=False, description="Load JSON")
        self.walk_button = widgets.Button(description="Open a Walkthrough", icon="play", layout=fit)
        self.blocks_button = widgets.Button(description="Open the blocks explorer", icon="shield", layout=fit)
        self.opened = widgets.Box(layout=widgets.Layout(flex_flow="column"))

        for w, css in ((self.search, "search"), (self.card_info, "card-info"), (self.add_button, "add"), (self.cards, "cards"),
                       (self.tapped, "tapped"), (self.counter_button, "counter"), (self.copy_button, "copy"),
                       (self.code_box, "code"), (self.walk_button, "walk"), (self.blocks_button, "blocks"),
                       (self.errors, "errors"), (self.table, "table"), (self.picture, "picture"),
                       (self.counter_kind, "counter-kind"), (self.counter_n, "counter-n"),
                       (self.opened, "opened"), (self.save_link, "save"), (self.layers_button, "layers")):
            w.add_class(f"mtg-editor-{css}")

        self.add_button.on_click(lambda _b: self.add(self.search.value, self.player.value, self.zone.value))
        self.search.observe(lambda change: self._searched(change["new"]), names="value")
        self.remove_button.on_click(lambda _b: self.remove())
        self.counter_button.on_click(lambda _b: self.set_counter(self.counter_kind.value, self.counter_n.value))
        self.copy_button.on_click(lambda _b: self.show_code())
        self.walk_button.on_click(lambda _b: self.open_walkthrough())
        self.blocks_button.on_click(lambda _b: self.open_blocks())
        self.layers_button.on_click(lambda _b: self.open_layers())
        self.cards.observe(lambda _c: self._show_selected(), names="value")
        for w in (self.title, self.life, self.turn, self.active, self.step):
            w.observe(lambda _c: self.refresh(), names="value")
        self.players.observe(lambda _c: self._players_changed(), names="value")
        for w, key in ((self.card_player, "controller"), (self.card_zone, "zone"), (self.tapped, "tapped"),
                       (self.sick, "sick"), (self.attacking, MARK), (self.attached, "attached_to"),
                       (self.chosen_color, "chosen")):
            w.observe(lambda change, key=key, w=w: self._edit(key, change["new"], undo=(w, change["old"])),
                      names="value")
        self.load.observe(lambda _c: self._uploaded(), names="value")

        game = widgets.HBox([self.title, self.players, self.life, self.turn, self.active, self.step],
                            layout=widgets.Layout(flex_flow="row wrap"))
        adding = widgets.HBox([self.search, self.player, self.zone, self.add_button],
                              layout=widgets.Layout(flex_flow="row wrap"))
        card = widgets.VBox([self.card_heading, self.card_player, self.card_zone, self.tapped, self.sick, self.attacking,
                             widgets.HBox([self.counter_kind, self.counter_n, self.counter_button]),
                             self.attached, self.chosen_color, widgets.HBox([self.remove_button, self.layers_button])])
        actions = widgets.HBox([self.copy_button, self.save_link, self.load, self.walk_button, self.blocks_button],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.children = [game, adding, self.card_info, widgets.HBox([self.cards, card], layout=widgets.Layout(flex_flow="row wrap")),
                         self.errors, self.table, self.picture, actions, self.code_box, self.opened]
        self.refresh()
        if self.entries and self.cards.value is None:  # the settings shown belong to a card in sight
            self.select(0)

    # ---- the data
    def header(self) -> dict[str, Any]:
        players = self._player_names()
        return {"title": self.title.value, "players": players, "turn": self.turn.value,
                "active": self.active.value if self.active.value in players else players[0],
                "step": self.step.value, "life": self.life.value}

    def data(self) -> dict[str, Any]:
        """The board as saved: the plain data ``Scenario.from_dict`` reads, and the cards' "attacks"
        marks (``MARK``), which a scenario has no field for."""
        cards = []
        for e in self.entries:
            entry = {k: v for k, v in e.items() if v not in (None, False, {}, 0)
                     or k in ("card", "controller", "zone")}
            cards.append(entry)
        return {**self.header(), **self._kept, "cards": cards}

    def scenario(self) -> Scenario:
        """The board as a Scenario; raises ``ScenarioError`` if it is impossible (its "attacks"
        marks included: a mark on a land is an impossible board, not a forgotten mark)."""
        return _check_board(self.data())

    # ---- editing
    def add(self, name: str, player: str | None = None, zone: str = "battlefield") -> int:
        """Add a card by its name (any card the kit can give, the pool's or its card data's);
        returns its position (its id in the scenario is that + 1)."""
        if not isinstance(name, str) or not (name in CARD_POOL or is_card_name(name)):
            near = search_names(name, limit=3) if isinstance(name, str) and name.strip() else []
            hint = f" Did you mean {', '.join(near)}?" if near else " Type part of a name and pick one."
            self._say(f"There is no card named {name!r:.60} in the kit.{hint}")
            return -1
        players = self._player_names()
        if player is not None and player not in players:  # the card's Player list could not show it
            self._say(f"{player!r:.60} is not a player on this board; the players are {', '.join(players)}.")
            return -1
        if zone not in ZONES:  # checked before the card goes in: its Zone list could not show it
            self._say(f"{zone!r:.60} is not a zone a card can start in; choose one of {', '.join(ZONES)}.")
            return -1
        self.entries.append({"card": name, "controller": player or players[0], "zone": zone})
        self.refresh()
        self.select(len(self.entries) - 1)
        return len(self.entries) - 1

    def select(self, i: int) -> BoardEditor:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.entries):
            raise IndexError(f"select takes a card's position in the list, 0..{len(self.entries) - 1}, not {i!r:.40}"
                             if self.entries else "there are no cards to select yet: add one first")
        self.cards.value = i
        self._show_selected()
        return self

    @property
    def selected(self) -> int | None:
        value: int | None = self.cards.value
        return value

    def set_counter(self, kind: str, n: int) -> None:
        """Put ``n`` counters of ``kind`` on the selected card (0 takes them all off)."""
        if self.selected is None:
            self._say("Select a card in the list first, then set its counters.")
            return
        if not kind:
            self._say("Type the kind of counter (such as +1/+1 or charge), then set them.")
            return
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:  # refused before the card is changed
            self._say(f"A number of counters is a whole number, 0 or more (0 takes them off), not {n!r:.40}.")
            return
        entry = self.entries[self.selected]
        counters = dict(entry.get("counters") or {})
        if n or (kind == "loyalty" and entry["card"] in CARD_POOL and "Planeswalker" in CARD_POOL[entry["card"]].types):
            # a planeswalker's loyalty 0 is kept as 0: with no loyalty given, it would enter with its
            # printed loyalty (306.5b), and 0 is the board asked for (704.5i then sees to it)
            counters[kind] = n
        else:
            counters.pop(kind, None)
        self._edit("counters", counters)

    def remove(self) -> None:
        """Remove the selected card; attachments to it and after it are renumbered."""
        i = self.selected
        if i is None:
            self._say("Select a card in the list first, then remove it.")
            return
        del self.entries[i]
        for e in self.entries:
            target = e.get("attached_to")
            if target == i + 1:
                e.pop("attached_to")
            elif target and target > i + 1:
                e["attached_to"] = target - 1
        self.refresh()

    def _edit(self, key: str, value: Any, undo: tuple[Any, Any] | None = None) -> None:
        """Set ``key`` on the selected card. With no card selected, the control that changed is put
        back and the editor says so: a tick on no card would otherwise show as set and do nothing."""
        if self._quiet:
            return
        if self.selected is None:
            if undo is not None:
                control, old = undo
                was, self._quiet = self._quiet, True
                try:
                    control.value = old
                finally:
                    self._quiet = was
            self._say("Select a card in the list first, then change its settings; nothing was changed.")
            return
        entry = self.entries[self.selected]
        if key == "attached_to":
            value = value or None
        elif key == "chosen":  # a colour chosen as it entered (an Aura such as Utopia Sprawl, 614.12)
            value = {"color": value} if value else None
        entry[key] = value
        self.refresh()

    def _searched(self, text: str) -> None:
        """A keystroke in the card box: offer the best matches, and show the card once its name is whole."""
        self.search.options = search_names(text)
        if is_card_name(text):
            self.card_info.value = card_panel_html(text)

    # ---- output
    def refresh(self) -> None:
        """Rebuild the board from the data and show it, or show why it can't be built."""
        self._sync_lists()
        try:
            s = self.scenario()
            state = s.state()
        except (ScenarioError, ValueError, TypeError) as err:
            self._say(f"This board can't be built: {err}")
            return
        from mtgrules.views.board import board_svg
        from mtgrules.views.fit import fit_html
        from mtgrules.views.tables import state_summary
        self.errors.value = ""
        self.error = ""
        self.table.value = fit_html(state, caption=state_summary(state))
        self.picture.value = board_svg(state, title=s.title or None, width_px=PICTURE_PX)
        payload = base64.b64encode(self.to_json().encode()).decode()
        # A link (a download needs no kernel round trip) drawn as a button, so it reads as a control.
        self.save_link.value = (f'<a download="board.json" href="data:application/json;base64,{payload}" '
                                f'class="mtg-editor-save-link" title="Download this board as board.json" '
                                f'style="{SAVE_LINK_CSS}"><i class="fa fa-download"></i> Save as JSON</a>')
        if self.code_box.layout.display != "none":
            self.code_box.value = self.code()

    def _say(self, message: str) -> None:
        self.error = message
        self.errors.value = (f'{render.STYLE}<div class="mtg-box mtg-refused" style="padding:4px 8px">'
                             f"{html.escape(message)}</div>")

    def code(self) -> str:
        """The ``Scenario`` code that builds this board, to paste into a cell."""
        from mtgrules.cards import KIT_CARDS, kit_cards
        h = self.header()
        # the kit's hand-written cards, and every card of its data (compiled in a fresh kernel on first use)
        own = sorted(n for n in {e["card"] for e in self.entries} - KIT_CARDS if kit_cards().get(n) is None)
        # A card registered in this session (Practice Brute, by lesson 9's register cell) doesn't exist in
        # a fresh kernel: say what to run first, rather than let the paste fail on its name.
        needs = [f"# This board names {_names(own)}, not one of the kit's cards: in a fresh kernel, first run",
                 f"# the cell that registers {'it' if len(own) == 1 else 'them'} (register(CardDef(...)))."] if own else []
        lines = [*needs, "from mtgrules import Scenario", "",
                 f"s = Scenario({h['title']!r}, players={h['players']!r}, turn={h['turn']}, "
                 f"active={h['active']!r}, step={h['step']!r}, life={h['life']}{_kept_arguments(self._kept)})"]
        for i, e in enumerate(self.entries, 1):
            args = [repr(e["card"]), repr(e["controller"])]
            if e.get("zone", "battlefield") != "battlefield":
                args.append(f"zone={e['zone']!r}")
            for key in ("tapped", "sick"):
                if e.get(key):
                    args.append(f"{key}=True")
            if e.get("counters"):
                args.append(f"counters={dict(e['counters'])!r}")
            if e.get("attached_to"):
                args.append(f"attached_to=card{e['attached_to']}")
            if e.get("chosen"):
                args.append(f"chosen={dict(e['chosen'])!r}")
            mark = e.get(MARK)  # not part of a scenario: said, for the reader who wonders where it went
            note = "" if not mark else f"  # marked \"attacks\"{'' if mark is True else f' {mark!r}'}"
            lines.append(f"card{i} = s.add({', '.join(args)}){note}")
        lines += _kept_lines(self._kept)
        lines.append("t = s.timeline()")
        return "\n".join(lines)

    def show_code(self) -> str:
        """Show the code under the board, ready to select and copy; returns it."""
        self.code_box.layout.display = None
        self.code_box.value = self.code()
        return str(self.code_box.value)

    def to_json(self) -> str:
        return json.dumps(self.data(), indent=1)

    def load_json(self, text: str) -> BoardEditor:
        """Replace the board with one saved as JSON (plain data only: nothing is executed). The
        whole file is checked before anything changes, so a refused file leaves the board as it was."""
        return self._load(lambda: scenario_data.read_text(text, "board"))

    def load_file(self, raw: bytes) -> BoardEditor:
        """``load_json`` for a file's bytes, as "Load JSON" uploads them: UTF-8 only, so a board
        saved as Latin-1 is refused with its encoding named, never loaded with letters replaced."""
        return self._load(lambda: scenario_data.read_bytes(raw, "board"))

    def _load(self, read: Callable[[], Any]) -> BoardEditor:
        try:
            data = read()
            loaded = _check_board(data)
        except ScenarioError as err:
            self._say(f"That file isn't a board the kit can read: {err}")
            return self
        self._quiet = True
        try:
            players = list(data.get("players", ["Alice", "Bob"]))
            self.players.value = ", ".join(players)
            self.title.value = data.get("title", "")
            self.life.value = loaded.life  # 0 stays 0; a missing life is the format's
            self.turn.value = loaded.turn
            self._kept = _kept(data)
            self._sync_player_lists(players)
            self.active.value = data.get("active") or players[0]
            self.step.value = _step(data.get("step", "main1"))
            self.entries = _entries(data, loaded)
        finally:
            self._quiet = False
        self.refresh()
        return self

    @classmethod
    def from_json(cls, text: str) -> BoardEditor:
        return cls().load_json(text)

    def _uploaded(self) -> None:
        files = self.load.value
        if files:
            content = files[0]["content"]
            # Emptied once read: choosing the same file again (to go back to it after edits) is
            # then a change the editor hears, not the same value again, which nothing observes.
            self.load.value = ()
            self.load_file(bytes(content))

    # ---- opening the board in the other widgets
    def open_walkthrough(self) -> Any:
        """Show a Walkthrough of the board below the editor, and above it what can be done from
        there: the actions the rules allow now (``legal_actions``), one button each; a click plays
        it as the next step. A new board has no steps, so a Walkthrough alone showed "0 steps
        follow" and a disabled Next, with nothing to say what to do. Returns the Walkthrough."""
        try:
            t = self.scenario().timeline()
        except (ScenarioError, ValueError) as err:
            self._say(f"This board can't be built: {err}")
            return None
        return self._walk(t)

    def _walk(self, t: Any) -> Any:
        from mtgrules.widgets.walkthrough import Walkthrough
        w = Walkthrough(t, board=True, start=len(t) - 1)
        self.walkthrough = w
        self.opened.children = [self._offer(t), w]
        return w

    def _offer(self, t: Any) -> widgets.VBox:
        """What the player with priority may do on the timeline's last state, as buttons."""
        from mtgrules.rules.legal import legal_actions
        state = t.state
        actions = legal_actions(state)
        self.offered = actions
        steps = len(t) - 1
        so_far = ("This board has no steps yet." if steps == 0 else
                  f"{steps} step{'s' if steps != 1 else ''} played from the board.")
        if not actions:
            text = f"{so_far} Nobody can act now: no player has priority (117.1)."
        else:
            who = state.priority or "the player the game waits for"
            text = (f"{so_far} What {html.escape(who)} can do now, by the rules (<code>legal_actions</code>): "
                    "click one to play it as the next step.")
        buttons = []
        texts = [action.describe(state) for action in actions[:OFFERED]]
        for action, label in zip(actions[:OFFERED], texts, strict=True):
            oid = getattr(action, "source", getattr(action, "card", None))
            if texts.count(label) > 1 and isinstance(oid, int):  # three Forests: say which one
                label = f"{label} (#{oid})"
            b = widgets.Button(description=_short(label), tooltip=label,
                               layout=widgets.Layout(width="auto", max_width="100%"))
            b.add_class("mtg-editor-legal-action")
            b.on_click(lambda _b, action=action: self._play(t, action))
            buttons.append(b)
        more = len(actions) - OFFERED
        tail = [widgets.HTML(f"<i>… and {more} more: <code>legal_actions(editor.walkthrough.timeline.state)"
                             "</code> lists them all.</i>")] if more > 0 else []
        box = widgets.VBox([widgets.HTML(f"<b>{text}</b>"),
                            widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")), *tail])
        box.add_class("mtg-editor-offer")
        return box

    def _play(self, t: Any, action: Any) -> None:
        try:
            t.do(action)
        except MtgRulesError as err:  # legal_actions scripts every choice; said, not raised, if not
            self._say(f"That action can't be played: {err}")
            return
        self._walk(t)

    def open_layers(self) -> Any:
        """Show the layer view (``LayerView``) of the selected card on this board below the editor."""
        from mtgrules.widgets.layer_view import LayerView
        if self.selected is None:
            self._say("Select a card in the list to see its layers.")
            return None
        try:
            w = LayerView(self.scenario().state(), self.selected + 1)  # a card's id is its position + 1
        except (ScenarioError, ValueError) as err:
            self._say(f"This board can't be built: {err}")
            return None
        self.opened.children = [w]
        return w

    def open_blocks(self) -> Any:
        """Play to the declare blockers step with the cards marked "attacks" attacking the player
        each mark names (``true``: the first opponent after the active player in turn order), and
        open the blocks explorer there; a refusal is shown inline."""
        from mtgrules.play.verbs import go_to
        from mtgrules.rules.combat.declare import declare_attackers
        from mtgrules.widgets.blocks import BlocksExplorer
        try:
            s = self.scenario()
            t = s.timeline()
            marks = {i + 1: e[MARK] for i, e in enumerate(self.entries) if e.get(MARK)}
            if not marks:
                raise ValueError("mark at least one card \"attacks\" to explore the blocks against it")
            step = t.state.step
            if ORDER.index(step) > ORDER.index(Step.DECLARE_ATTACKERS):
                # Playing on would reach the next turn's combat, with the other player active and
                # the marked creatures no longer theirs to attack with: say so instead.
                raise ValueError(f"the board is in the {step.phrase}, after this turn's declare attackers "
                                 "step, so its marked creatures can't attack this turn (506.1, 508.1); set the "
                                 "step to one before declare attackers, such as the precombat main phase")
            if step is not Step.DECLARE_ATTACKERS:  # a board may start there, awaiting attackers
                go_to(t, Step.DECLARE_ATTACKERS)
            defender = _first_opponent(s.players, t.state.active, t.state.opponents(t.state.active))
            t.do(declare_attackers(t.state.active, {a: defender if m is True else m for a, m in marks.items()}))
            go_to(t, Step.DECLARE_BLOCKERS)
            w = BlocksExplorer(t.state)
        except (MtgRulesError, ValueError, RuntimeError) as err:
            self._say(f"The blocks explorer can't open on this board: {err}")
            return None
        self.opened.children = [w]
        return w

    # ---- keeping the lists in step with the data
    def _player_names(self) -> list[str]:
        names = [p.strip() for p in self.players.value.split(",") if p.strip()]
        return names or ["Alice", "Bob"]

    def _players_changed(self) -> None:
        self._sync_player_lists(self._player_names())
        self.refresh()

    def _sync_player_lists(self, players: list[str]) -> None:
        was = self._quiet
        self._quiet = True
        try:
            for w in (self.active, self.player, self.card_player):
                keep = w.value
                w.options = players
                w.value = keep if keep in players else players[0]
        finally:
            self._quiet = was

    def _sync_lists(self) -> None:
        was, self._quiet = self._quiet, True
        try:
            keep = self.cards.value
            self.cards.options = [(self._label(i, e), i) for i, e in enumerate(self.entries)]
            self.cards.value = keep if keep is not None and keep < len(self.entries) else None
            self.attached.options = [("nothing", 0)] + [(self._label(i, e), i + 1) for i, e in enumerate(self.entries)]
        finally:
            self._quiet = was
        self._show_selected()

    @staticmethod
    def _label(i: int, e: Mapping[str, Any]) -> str:
        bits = [e.get("controller", ""), e.get("zone", "battlefield")]
        if e.get("tapped"):
            bits.append("tapped")
        if e.get("counters"):
            bits.append(", ".join(f"{k}×{n}" for k, n in dict(e["counters"]).items()))
        if e.get(MARK):
            bits.append("attacks" if e[MARK] is True else f"attacks {e[MARK]}")
        return f"#{i + 1} {e['card']} ({'; '.join(b for b in bits if b)})"

    def _show_selected(self) -> None:
        i = self.selected
        was, self._quiet = self._quiet, True
        try:
            if i is None:
                self.card_heading.value = ("<i>No card selected: choose one in the list to change its "
                                           "settings.</i>" if self.entries else "<i>Add a card to set it up.</i>")
                return
            e = self.entries[i]
            self.card_heading.value = f"<b>Settings of {html.escape(self._label(i, e))}</b>"
            if e.get("controller") in self.card_player.options:
                self.card_player.value = e["controller"]
            self.card_zone.value = e.get("zone", "battlefield")
            self.tapped.value = bool(e.get("tapped"))
            self.sick.value = bool(e.get("sick"))
            self.attacking.value = bool(e.get(MARK))
            self.attached.value = e.get("attached_to") or 0
            self.chosen_color.value = dict(e.get("chosen") or {}).get("color", "")
        finally:
            self._quiet = was


OFFERED = 12
"""How many of the legal actions the Walkthrough's offer shows as buttons (a board with many
permanents has dozens: each land's mana ability of each type, each attack)."""


def _names(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _step(name: str) -> str:
    try:
        return parse_step(name).value
    except ValueError:
        return Step.MAIN1.value


def _check_board(data: Any) -> Scenario:
    """Check a whole board, as saved, and return its Scenario; raise ``ScenarioError`` (one
    sentence naming the entry and field) for anything the editor can't show as it is.

    The scenario is read as ``Scenario.from_dict`` reads it, with the "attacks" marks set aside;
    then each mark is checked against the board it is on."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"a board must be a mapping of fields such as {{\"cards\": [...]}}, not {shown(data)}")
    cards = data.get("cards", [])
    marks: dict[int, Any] = {}
    if isinstance(cards, list):
        marks = {i: e[MARK] for i, e in enumerate(cards) if isinstance(e, Mapping) and MARK in e}
        cards = [{k: v for k, v in e.items() if k != MARK} if isinstance(e, Mapping) else e for e in cards]
        data = {**data, "cards": cards}
    s = Scenario.from_dict(data)
    where = f"scenario {s.title!r}"
    for name in s.players:  # the Players box is one line of names separated by commas
        if "," in name:
            raise ScenarioError(f"{where}: the player {name!r:.40} has a comma in their name, but the editor's "
                                "Players box separates names with commas; name them without one")
    state = s.state() if marks else None
    for i, mark in marks.items():
        entry = f"{where}, cards[{i}] ({cards[i]['card']!r:.40})"
        if mark is False:
            continue
        if mark is not True and not isinstance(mark, str):
            raise ScenarioError(f"{entry}: {MARK} must be true or the name of the player it attacks, "
                                f"not {shown(mark)}")
        assert state is not None
        obj = state.obj(i + 1)
        if not can_be_combatant(state, obj):
            place = "on the battlefield" if obj.zone is Zone.BATTLEFIELD else f"in the {obj.zone.value}"
            raise ScenarioError(f"{entry}: it is marked \"attacks\", but only a creature on the battlefield "
                                f"can attack (508.1a) and {obj.card} {place} isn't one; take the mark off")
        if isinstance(mark, str) and mark not in s.players:
            raise ScenarioError(f"{entry}: it is marked to attack {mark!r:.40}, who isn't a player in this game; "
                                f"the players are {', '.join(s.players)}")
        if isinstance(mark, str) and mark not in state.opponents(obj.controller):
            raise ScenarioError(f"{entry}: it is marked to attack {mark}, but a creature attacks an opponent of "
                                f"its controller, {obj.controller} (506.2, 508.1b)")
    return s


def _entries(data: Mapping[str, Any], built: Scenario) -> list[dict[str, Any]]:
    """The cards of a checked board as the editor keeps them, each naming its controller: an entry
    may leave it out (the active player's, or its owner's), but the editor's Player list and its
    code show one, and the board must not change hands when the active player is changed."""
    entries = [dict(e) for e in data.get("cards", [])]
    if any("controller" not in e for e in entries):
        state = built.state()
        for i, e in enumerate(entries):
            e.setdefault("controller", state.obj(i + 1).controller)
    return entries


def _first_opponent(players: list[str], active: str, opponents: list[str]) -> str:
    """The first of ``active``'s opponents after them in turn order: whom a mark of ``true`` attacks."""
    start = players.index(active)
    for k in range(1, len(players)):
        if players[(start + k) % len(players)] in opponents:
            return players[(start + k) % len(players)]
    raise ValueError(f"{active} has no opponent left to attack")


KEPT = ("format", "teams", "seed", "mana", "lands_played")
"""Scenario fields the editor has no control for: kept as they came, so a board opened and saved
again is the same board (a Two-Headed Giant board stays one)."""


def _kept(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: data[k] for k in KEPT if data.get(k) is not None}


def _kept_arguments(kept: Mapping[str, Any]) -> str:
    """The kept fields that are ``Scenario(...)`` arguments, as code."""
    names = {"format": "game_format", "teams": "teams", "seed": "seed"}
    return "".join(f", {names[k]}={kept[k]!r}" for k in names if k in kept)


def _kept_lines(kept: Mapping[str, Any]) -> list[str]:
    """The kept mana and lands played, as the calls that set them."""
    lines = []
    for who, given in kept.get("mana", {}).items():
        parts = [{"symbols": given}] if isinstance(given, str) else given
        for part in parts:
            source = part.get("source", "scenario")
            lines.append(f"s.mana({who!r}, {part['symbols']!r}" + (f", {source!r})" if source != "scenario" else ")"))
    lines += [f"s.lands_played({who!r}, {n!r})" for who, n in kept.get("lands_played", {}).items()]
    return lines
