"""Bad input gets one clear sentence naming what and where; nothing is half-applied, injected as
HTML or silently misread, and the views render any timeline, refusals included."""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import pkgutil

import pytest

import mtgrules.lessons
from mtgrules import (
    IllegalAction,
    MissingChoice,
    MtgRulesError,
    Scenario,
    ScenarioError,
    activate,
    apply,
    cast,
    declare_attackers,
    declare_blockers,
    pass_priority,
)
from mtgrules.core.errors import ActionTypeError
from mtgrules.views import changes_table, frame_table, highlight, state_html, steps_table, timeline_html
from mtgrules.widgets import Walkthrough, WhatIf, render


# ---------------------------------------------------------------- one family of errors
def test_errors_are_three_siblings_under_one_base():
    for kind in (IllegalAction, MissingChoice, ScenarioError):
        assert issubclass(kind, MtgRulesError)
    assert not issubclass(MissingChoice, IllegalAction), "a missing choice is not a rules refusal"
    assert not issubclass(ScenarioError, IllegalAction) and not issubclass(IllegalAction, ScenarioError)
    assert issubclass(ActionTypeError, IllegalAction) and issubclass(ActionTypeError, TypeError)


def test_a_missing_choice_names_its_keyword_and_timeline_attempt_records_it():
    s = Scenario("orchard")
    s.add("Forest", "Bob")
    s.add("Island", "Bob")
    orchard = s.add("Exotic Orchard", "Alice")
    t = s.timeline()
    err = t.attempt(activate("Alice", orchard))
    assert isinstance(err, MissingChoice) and not isinstance(err, IllegalAction)
    assert "color=" in err.reason
    assert t[-1].refused is err and t.state == t[0].state
    assert "refused" in t[-1].title() and "CR" in steps_table(t).iat[-1, 1]


# ---------------------------------------------------------------- repro 07: views never crash
def _typo_timeline():
    s = Scenario("a typo")
    forest = s.add("Forest", "Alice")
    growth = s.add("Giant Growth", "Alice", zone="hand")
    clean = s.timeline().do(activate("Alice", forest))
    t = s.timeline()
    t.do(activate("Alice", forest))
    assert t.attempt(activate("Alice", 7)) is not None
    assert t.attempt(cast("Alice", growth, targets=(9,))) is not None
    return t, clean


def test_refused_steps_naming_missing_objects_render_in_every_view():
    t, clean = _typo_timeline()
    assert t[2].title() == "Alice activates object 7, which doesn't exist — refused"
    assert "object 9, which doesn't exist" in t[3].title()
    assert "refused" in timeline_html(t) and "refused" in t._repr_html_()
    assert list(steps_table(t).index) == [0, 1, 2, 3]
    for i in range(len(t)):
        frame_table(t, i).to_html()
        render.step_table_html(t, i)
        render.narration_html(t[i])
    changes_table(t)
    w = Walkthrough(t)
    w.next().next().next()
    assert "refused" in w.label.value
    what_if = WhatIf(clean, 1, [activate("Alice", 42)])
    assert "object 42" in what_if.render()


# ---------------------------------------------------------------- repro 10: nothing injected
EVIL = "<img src=x onerror=\"document.title='pwned'\">"


def _evil_timeline():
    s = Scenario.from_dict({"title": EVIL, "players": ["<b>Alice</b>", "Bob"],
                            "cards": [{"card": "Forest", "controller": "<b>Alice</b>"}]})
    t = s.timeline()
    t.do(activate("<b>Alice</b>", 1))
    t.attempt(activate("<b>Alice</b>", 99))
    return t


def test_names_and_titles_from_scenario_data_are_escaped_everywhere():
    t = _evil_timeline()
    w = Walkthrough(t)
    pieces = {"Timeline._repr_html_": t._repr_html_(), "GameState._repr_html_": t.state._repr_html_(),
              "state_html": state_html(t.state), "frame_table": frame_table(t, 1).to_html(),
              "frame_table start": frame_table(t, 0).to_html(), "highlight": highlight(t[0].state, t[1].state).to_html(),
              "step_table_html": render.step_table_html(t, 1), "step_label": render.step_label(t, 2),
              "narration": render.narration_html(t[1]), "events": render.events_html(t[1]),
              "walkthrough header": w.header.value, "walkthrough table": w.table.value,
              "what-if": WhatIf(t, 1, [activate("<b>Alice</b>", 1)], labels=("<i>a</i>", "<u>b</u>")).render()}
    for name, html in pieces.items():
        assert "<img" not in html and "<b>Alice" not in html and "<i>a" not in html and "<u>b" not in html, name
    assert "&lt;img src=x onerror=" in pieces["Timeline._repr_html_"]
    assert "&lt;b&gt;Alice&lt;/b&gt;" in pieces["GameState._repr_html_"]


def test_static_lesson_markdown_escapes_html():
    from mtgrules.lessons.static import steps_markdown
    text = steps_markdown(_evil_timeline())
    assert "<img" not in text and "<b>" not in text and "&lt;img" in text


# ---------------------------------------------------------------- repro 08: scenario input
FD = Scenario.from_dict


@pytest.mark.parametrize(("data", "says"), [
    ({"players": "Alice, Bob"}, "players must be a list"),
    ({"players": "AB"}, "players must be a list"),
    ({"cards": [{"card": "Forest", "tapped": "false"}]}, r"cards\[0\] \('Forest'\): tapped must be true or false"),
    ({"mana": ["G"]}, "mana must be a mapping"),
    ({"mana": {"Alice": 3}}, "mana for 'Alice': mana must be symbols"),
    ({"step": 3}, "step must be a step's name"),
    ({"turn": "2"}, "turn must be a whole number"),
    ({"turn": True}, "turn must be a whole number"),
    ({"teams": ["A", "B"]}, "teams must be a mapping"),
    ({"cards": [{"card": "Forest", "counters": "charge"}]}, r"cards\[0\].*counters must be a mapping"),
    ({"cards": [{"card": "Utopia Sprawl", "chosen": ["color", "G"]}]}, "chosen must be a mapping"),
    ({"cards": [{"card": ["Forest"]}]}, r"cards\[0\].*card must be a card's name"),
    ({"cards": [{"card": "Forest"}, {"card": "Utopia Sprawl", "attached_to": 1, "chosen": {"color": "green"}}]},
     r"cards\[1\].*chosen color must be one colour's letter"),
    ({"cards": [{"card": "Forest", "chosen": {"color": "G"}}]}, "Forest makes no such choice"),
    ({"cards": [{"card": "Grizzly Bears", "zone": "stack"}]}, "zone 'stack' can't be set up directly"),
    ({"format": "two-headed giant"}, r"two teams of two players \(CR 810.1\): four players, not 2"),
    ({"format": "two-headed giant", "players": ["A", "B", "C", "D"]}, r"two teams of two players \(CR 810.1\)"),
    ({"format": "two-headed giant", "players": ["A", "B", "C", "D"], "teams": {"A": "x", "B": "x", "C": "x", "D": "y"}},
     "not teams of 1 and 3"),
    ({"teams": {"Alice": "x", "Bob": "y", "Zed": "z"}}, "teams names 'Zed', who is not a player"),
    ({"cards": "Forest"}, "cards must be a list"),
    ({"cards": [{"card": "Forest", "tapd": True}]}, r"cards\[0\].*unknown field"),
    ({"cards": [{"card": "Grizzly Bears", "zone": "graveyard", "tapped": True}]},
     r"a card in the graveyard has no status \(110.5d\)"),
    (["Alice"], "a scenario must be a mapping"),
])
def test_scenario_data_is_refused_with_entry_and_field(data, says):
    with pytest.raises(ScenarioError, match=says):
        FD(data)


def test_builder_calls_are_checked_and_never_half_applied():
    s = Scenario("x")
    with pytest.raises(ScenarioError) as info:
        s.add("Forest", "Alcie")
    assert str(info.value).count("scenario 'x'") == 1, "the message repeats its prefix"
    with pytest.raises(ScenarioError, match="card must be a card's name"):
        s.add(None, "Alice")
    with pytest.raises(ScenarioError, match="tapped must be true or false"):
        s.add("Forest", "Alice", tapped="no")
    with pytest.raises(ScenarioError, match="'X' is not one of WUBRGC"):
        s.mana("Alice", "GGX")
    assert s.objects == [] and s.pools == {"Alice": [], "Bob": []}, "a refused call changed the scenario"
    assert s.state().player("Alice").pool == ()


def test_two_headed_giant_with_two_teams_of_two_is_accepted():
    s = FD({"format": "two-headed giant", "players": ["A", "B", "C", "D"],
            "teams": {"A": "x", "B": "x", "C": "y", "D": "y"}})
    assert {p.team for p in s.state().players} == {"x", "y"}


def _lesson_scenarios(monkeypatch) -> list[tuple[dict, object]]:
    """(to_dict(), state()) of every Scenario the lesson modules build, taken each time a lesson
    asks a scenario for its timeline or state (lessons may add more after a first look)."""
    found: list[tuple[dict, object]] = []
    state = Scenario.state

    def spy_state(self):
        found.append((copy.deepcopy(self.to_dict()), state(self)))
        return found[-1][1]
    monkeypatch.setattr(Scenario, "state", spy_state)
    for info in pkgutil.iter_modules(mtgrules.lessons.__path__):
        module = importlib.import_module(f"mtgrules.lessons.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ != module.__name__ or name.startswith("_"):
                continue
            params = inspect.signature(fn).parameters.values()
            if all(p.default is not p.empty for p in params):
                fn()
    monkeypatch.undo()
    return found


def test_to_dict_round_trips_every_lesson_scenario(monkeypatch):
    found = _lesson_scenarios(monkeypatch)
    assert len(found) >= 20, f"only {len(found)} lesson scenarios were found"
    for data, state in found:
        assert json.loads(json.dumps(data)) == data, "to_dict must give plain (JSON) data"
        again = Scenario.from_dict(data)
        assert again.to_dict() == data
        assert again.state() == state, f"{data['title']!r} did not round-trip"
    s = Scenario("fresh", turn=3)
    s.add("Forest", "Alice", tapped=True)
    s.add("Llanowar Elves", "Bob", sick=True)
    s.add("Vivid Crag", "Alice", counters={"charge": 1})
    s.add("Grizzly Bears", "Alice", zone="graveyard", zone_player="Bob")
    s.mana("Alice", "GGC").mana("Bob", "W", source="Plains")
    assert Scenario.from_dict(s.to_dict()).state() == s.state()


# ---------------------------------------------------------------- repro 09: action input
def _actions_board():
    s = Scenario("bad actions")
    ids = {"forest": s.add("Forest", "Alice"), "walker": s.add("Hangarback Walker", "Alice", zone="hand"),
           "growth": s.add("Giant Growth", "Alice", zone="hand"), "bears": s.add("Grizzly Bears", "Alice"),
           "charge": s.add("Practice Charge", "Alice", zone="hand")}
    return s, ids


@pytest.mark.parametrize(("make", "rule", "says"), [
    (lambda i: cast("Alice", i["walker"], x="2"), "107.1", "X must be a whole number"),
    (lambda i: cast("Alice", i["walker"], x=1.5), "107.1", "X must be a whole number"),
    (lambda i: cast("Alice", i["walker"], x=True), "107.1", "X must be a whole number"),
    (lambda i: cast("Alice", i["growth"], targets=i["bears"]), "115.1", "targets must be a tuple"),
    (lambda i: cast("Alice", i["growth"], targets="Bob"), "115.1", "targets must be a tuple"),
    (lambda i: cast("Alice", i["growth"], hybrid="g"), "107.4e", "capital mana letters"),
    (lambda i: activate("Alice", i["forest"], 1.0), "602.1", "must be a whole number"),
    (lambda i: activate("Alice", i["forest"], " "), "602.1", "not by empty text"),
    (lambda i: activate(None, i["forest"]), "102.1", "player's name"),
    (lambda i: activate("Alice", "Forest"), "602.2", "object id"),
    (lambda i: declare_attackers("Alice", "Bob"), "508.1", "attacks must map"),
    (lambda i: declare_blockers("Bob", "bears"), "509.1", "blocks must map"),
    (lambda i: pass_priority("Alice", choices=["color"]), "117.1", "choices must be a mapping"),
])
def test_wrong_argument_kinds_are_refused_in_one_sentence(make, rule, says):
    _s, ids = _actions_board()
    with pytest.raises(ActionTypeError, match=f"(?i){says}") as info:
        make(ids)
    assert info.value.rule == rule and "\n" not in str(info.value) and str(info.value).endswith(f"(CR {rule})")


def test_huge_x_is_refused_at_once_and_x_without_x_alike_for_activate_and_cast():
    s, ids = _actions_board()
    state = s.state()
    snapshot = copy.deepcopy(state)
    for x in (10**7, 10**12, 10**5000):
        with pytest.raises(IllegalAction) as info:
            apply(state, cast("Alice", ids["walker"], x=x))
        assert info.value.rule == "118.3" and "holds 0" in info.value.reason
    with pytest.raises(IllegalAction) as on_forest:
        apply(state, activate("Alice", ids["forest"], x=3))
    s2 = Scenario()
    growth = s2.add("Giant Growth", "Alice", zone="hand")
    s2.add("Grizzly Bears", "Alice")
    with pytest.raises(IllegalAction) as on_growth:
        apply(s2.mana("Alice", "G").state(), cast("Alice", growth, x=3, targets=(2,)))
    assert on_forest.value.rule == on_growth.value.rule == "107.3"
    assert "has no X in its cost, so X can't be chosen" in on_forest.value.reason
    assert "has no X in its cost, so X can't be chosen" in on_growth.value.reason
    assert state == snapshot
    t = s.timeline()
    t.attempt(cast("Alice", ids["walker"], x=10**5000))
    assert "digits" in steps_table(t).iat[1, 0]  # the huge number is described, not printed


def test_choice_names_do_not_collide_with_parameters():
    _s, ids = _actions_board()
    a = cast("Alice", ids["charge"], card=ids["bears"])
    assert dict(a.choices) == {"card": ids["bears"]} and a.card == ids["charge"]
    b = activate("Alice", ids["forest"], choices={"hybrid": "G", "x": 1})
    assert dict(b.choices) == {"hybrid": "G", "x": 1} and b.x == 0
    with pytest.raises(ActionTypeError, match="scripted twice"):
        activate("Alice", ids["forest"], choices={"color": "G"}, color="U")


def test_declarations_take_a_list_of_pairs_but_never_read_a_string_as_letters():
    assert declare_blockers("Bob", [(4, 1)]).blocks == ((4, 1),)
    assert declare_attackers("Alice", [3]).attacks == ((3, ""),)
    with pytest.raises(ActionTypeError):
        declare_attackers("Alice", {"B": "Bob"})


def test_apply_refuses_something_that_is_not_an_action():
    with pytest.raises(ActionTypeError):
        apply(Scenario().state(), "activate Alice 1")
    t = Scenario().timeline()
    assert isinstance(t.attempt("activate Alice 1"), ActionTypeError)
    assert "refused" in t[1].title() and "refused" in timeline_html(t)


# ---------------------------------------------------------------- explicit choices are never replaced
def test_an_explicit_choice_outside_the_options_is_refused_even_with_one_option():
    s = Scenario("lone options")
    s.add("Forest", "Alice")
    pool = s.add("Reflecting Pool", "Alice")
    s.add("Forest", "Bob")
    orchard = s.add("Exotic Orchard", "Alice")
    state = s.state()
    for action, kind in ((activate("Alice", pool, type="U"), "type"), (activate("Alice", orchard, color="W"), "color")):
        with pytest.raises(IllegalAction, match=f"is not a possible {kind} for Alice; the only option is 'G'"):
            apply(state, action)
    new, _ = apply(state, activate("Alice", orchard, color="G"))  # the one option, named, is fine
    assert [m.type.value for m in new.player("Alice").pool] == ["G"]
    with pytest.raises(IllegalAction):
        apply(state, activate("Alice", orchard, color=True))


def test_refusing_a_huge_x_does_not_grow_with_x():
    """The refusal must not build anything of size X: for X = 10**15 that would be a MemoryError
    (the speed itself is a figure in benchmarks/run.py, not an assert here)."""
    s, ids = _actions_board()
    with pytest.raises(IllegalAction, match="holds 0"):
        apply(s.state(), cast("Alice", ids["walker"], x=10**15))


def test_an_answer_passed_over_by_a_lone_option_may_serve_a_later_question():
    """Answers of one kind form a queue: an answer that doesn't fit a one-option question is kept
    for the next question of that kind, and refused only if none takes it."""
    from mtgrules.core.choices import Chooser
    later = Chooser({"sacrifice": 7})
    assert later.choose("sacrifice", "Bob", [5], "701.21a") == 5
    assert later.choose("sacrifice", "Bob", [6, 7], "701.21a") == 7
    later.check_passed_over()
    unused = Chooser({"type": "U"})
    assert unused.choose("type", "Alice", ["G"], "106.7") == "G"
    with pytest.raises(IllegalAction, match="the only option is 'G'"):
        unused.check_passed_over()


def test_names_that_look_like_markup_or_tex_render_in_every_view():
    """A "$...$" name is TeX to matplotlib (an unknown macro raised ValueError on the board) and
    "<...>" is HTML to a browser: both are just text here."""
    from mtgrules.views import board_png
    name = "$\\undefinedmacro$ <i>x</i> & {G}"
    s = Scenario.from_dict({"title": name, "players": [name, "Bob"], "cards": [{"card": "Forest", "controller": name}]})
    t = s.timeline().do(activate(name, 1))
    t.attempt(activate(name, 5))
    for frame in t:
        assert board_png(frame.state, title=t.title)[:4] == b"\x89PNG"
    assert "<i>x" not in timeline_html(t) and "&lt;i&gt;x" in timeline_html(t)
    w = Walkthrough(t, board=True)
    w.next().next()


def test_play_land_checks_its_values_and_lands_played_round_trips():
    from mtgrules import play_land
    with pytest.raises(ActionTypeError, match="(?i)the land to play must be an object id"):
        play_land("Alice", "Forest")
    s = Scenario("lands")
    s.add("Forest", "Alice", zone="hand")
    s.lands_played("Alice")
    again = Scenario.from_dict(s.to_dict())
    assert again.state() == s.state() and again.to_dict()["lands_played"] == {"Alice": 1}
    with pytest.raises(ScenarioError, match="lands_played"):
        Scenario.from_dict({"lands_played": {"Alice": "1"}})
