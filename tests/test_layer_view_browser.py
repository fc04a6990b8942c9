"""The layer view in JupyterLab (Debian's Chromium): a notebook shows ``LayerView`` for Dub on
Grizzly Bears and for a Forest whose effects depend on each other (613.8a), and a Walkthrough of Threaten opens the layer view of the stolen creature with its
Layers button. At 1366x768 and at 1920x1080 with 150 % zoom (1280x720 CSS pixels, device scale 1.5)
the table is there, cites its rules, and doesn't make the output area scroll sideways.

With ``MTGRULES_SHOTS`` set to a folder, a screenshot of each screen is saved there (the layer
view, and the Walkthrough's): ``MTGRULES_SHOTS=/work/shots/layers pytest tests/test_layer_view_browser.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from test_browser import RUN_TIMEOUT, SCREENS, _explained, _jupyter_env, _run_all, browser, start_lab  # noqa: F401

CELLS = [
    "from mtgrules import Scenario, cast\nfrom mtgrules.play.verbs import resolve_top\n"
    "from mtgrules.widgets import LayerView, Walkthrough",
    's = Scenario("Dub on the Bears")\nbears = s.add("Grizzly Bears", "Alice")\n'
    's.add("Dub", "Alice", attached_to=bears)\ns.add("Lord of the Accursed", "Alice")\nLayerView(s.state(), bears)',
    's3 = Scenario("Lattice and Assembly")\ns3.add("Practice Assembly", "Alice")\nforest = s3.add("Forest", "Alice")\n'
    's3.add("Practice Lattice", "Alice")\nLayerView(s3.state(), forest)',
    's2 = Scenario("Threaten", step="main1")\nstolen = s2.add("Grizzly Bears", "Bob", tapped=True)\n'
    'spell = s2.add("Threaten", "Alice", zone="hand")\ns2.mana("Alice", "RRR")\nt = s2.timeline()\n'
    't.do(cast("Alice", spell, targets=(stolen,)))\nresolve_top(t)\nw = Walkthrough(t, start=-1)\nw',
]

SIDEWAYS_JS = """(el) => { const a = el.closest('.jp-OutputArea-output') || el.parentElement;
  return a.scrollWidth - a.clientWidth; }"""


def _notebook(folder: Path) -> str:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
              "source": src} for i, src in enumerate(CELLS)]
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                      "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "layers.ipynb").write_text(json.dumps(nb))
    return "layers.ipynb"


def test_the_layer_view_in_jupyterlab_and_from_the_walkthrough(browser, tmp_path):  # noqa: F811
    folder = tmp_path / "nb"
    folder.mkdir()
    notebook = _notebook(folder)
    env = _jupyter_env(tmp_path / "jupyter")
    lab = start_lab(folder, notebook, env, tmp_path)
    shots = os.environ.get("MTGRULES_SHOTS")
    try:
        for screen, (viewport, scale) in SCREENS.items():
            context = browser.new_context(viewport=viewport, device_scale_factor=scale)
            context.set_default_timeout(60_000)
            page = context.new_page()
            try:
                with _explained(page, lab, tmp_path):
                    _run_all(page, lab, notebook)
                    view = page.locator(".mtg-layer-view").first
                    table = view.locator(".mtg-layer-table table").first
                    table.wait_for(state="visible", timeout=RUN_TIMEOUT)
                    text = table.inner_text()
                    for words in ("7c (P/T: modify)", "Dub: the enchanted creature gets +2/+2", "613.4c", "4/4"):
                        assert words in text, f"{screen}: {words!r} not in the layer view"
                    assert page.evaluate(SIDEWAYS_JS, view.element_handle()) <= 1, f"{screen}: the output scrolls"
                    view.scroll_into_view_if_needed()
                    if shots:
                        Path(shots).mkdir(parents=True, exist_ok=True)
                        view.screenshot(path=str(Path(shots) / f"layer-view-{screen}.png"))
                        page.screenshot(path=str(Path(shots) / f"page-{screen}.png"))
                    dependent = page.locator(".mtg-layer-view").nth(1)
                    dep_table = dependent.locator(".mtg-layer-table table").first
                    dep_table.wait_for(state="visible", timeout=RUN_TIMEOUT)
                    assert "613.8a" in dep_table.inner_text() and "depends on" in dep_table.inner_text()
                    assert page.evaluate(SIDEWAYS_JS, dependent.element_handle()) <= 1, f"{screen}: it scrolls"
                    dependent.scroll_into_view_if_needed()
                    if shots:
                        dependent.screenshot(path=str(Path(shots) / f"layer-view-dependency-{screen}.png"))
                    walk = page.locator(".mtg-walkthrough").first
                    button = walk.locator(".mtg-layers-button").first
                    button.scroll_into_view_if_needed()
                    walk.locator(".mtg-layers-pick select").first.select_option(label="#1 Grizzly Bears")
                    button.click()
                    opened = walk.locator(".mtg-layers-panel .mtg-layer-table table").first
                    opened.wait_for(state="visible", timeout=RUN_TIMEOUT)
                    got = opened.inner_text()
                    assert "2 (control)" in got and "Threaten" in got and "613.1b" in got, got[:400]
                    opened.scroll_into_view_if_needed()
                    if shots:
                        walk.locator(".mtg-layers-panel").first.screenshot(
                            path=str(Path(shots) / f"walkthrough-layers-{screen}.png"))
                        page.screenshot(path=str(Path(shots) / f"walkthrough-page-{screen}.png"))
            finally:
                context.close()
                lab.remember_children()
    finally:
        lab.stop()
