"""The board as SVG (issue 26 §2): sharp at any size, its text as text, the same bytes for the same
board, game text escaped, and in large print every card label at least the size asked for."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("matplotlib")

from mtgrules import Scenario, Step, declare_attackers  # noqa: E402
from mtgrules.play.verbs import go_to  # noqa: E402
from mtgrules.views import board_svg  # noqa: E402

NS = {"svg": "http://www.w3.org/2000/svg"}


def _board() -> Scenario:
    s = Scenario("Combat", step="combat")
    s.add("Knight of Meadowgrain", "Alice")
    s.add("Zetalpa, Primal Dawn", "Alice")
    s.add("Forest", "Alice", tapped=True)
    s.add("Walking Corpse", "Bob")
    s.add("Grizzly Bears", "Bob", zone="graveyard")
    return s


def _labels(svg: bytes) -> dict[str, list[float]]:
    """Each card label's ("label-<oid>") font sizes, in the SVG's own units."""
    root = ET.fromstring(svg)
    found = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        gid = g.get("id", "")
        if gid.startswith("label-"):
            found[gid] = [float(re.search(r"font-size: ([\d.]+)px", t.get("style", "")).group(1))
                          for t in g.iter("{http://www.w3.org/2000/svg}text")]
    return found


def test_the_board_is_an_svg_with_its_text_as_text_and_the_same_bytes_each_time():
    state = _board().state()
    svg = board_svg(state, width_px=800)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert round(float(root.get("width").removesuffix("pt")) * 96 / 72) == 800
    texts = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Knight of" in texts and "Meadowgrain" in texts and "Graveyard (1): Grizzly Bears" in texts
    assert board_svg(state, width_px=800) == svg                 # no date, fixed ids: a handout stores it once
    assert {f"label-{oid}" for oid in (1, 2, 3, 4)} <= set(_labels(svg))


def test_game_text_in_the_svg_is_escaped():
    evil = "<script>alert(1)</script>"
    s = Scenario(evil, players=[evil, "Bob"])
    s.add("Forest", evil)
    svg = board_svg(s.state(), title=evil).decode()
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)                                            # still well-formed XML


@pytest.mark.parametrize("name", ["A\x02lice", "Al\x1bice"])
def test_a_control_character_in_a_name_leaves_the_svg_well_formed(name):
    """XML allows no control characters: one in a player's name made the whole picture fail to load."""
    s = Scenario("t\x01", players=[name, "Bob"])
    s.add("Forest", name)
    svg = board_svg(s.state(), title="t\x01")
    ET.fromstring(svg)
    assert "\ufffd".encode() in svg


@pytest.mark.parametrize("font_px", [21, 28])
def test_large_print_draws_every_card_label_at_least_the_size_asked_for(font_px):
    s = _board()
    t = s.timeline()
    go_to(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", {1: "Bob"}))                  # a tapped attacker, turned sideways
    svg = board_svg(t.state, width_px=1200, font_px=font_px)
    root = ET.fromstring(svg)
    width_px = float(root.get("width").removesuffix("pt")) * 96 / 72
    view_w = float(root.get("viewBox").split()[2])
    scale = width_px / view_w                                     # CSS px per SVG unit at its natural width
    labels = _labels(svg)
    assert len(labels) == 4
    for gid, sizes in labels.items():
        assert min(sizes) * scale >= font_px - 0.01, (gid, sizes, scale)
    assert width_px <= 1200
    normal = _labels(board_svg(t.state, width_px=1200))
    assert max(max(v) for v in normal.values()) * 96 / 72 < font_px   # the usual board is smaller print
