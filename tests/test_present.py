"""Presentation mode without a browser: the presentation copy of a lesson, the projector
walk-through and the colour-blind-safe palette. (tests/test_present_browser.py shows it in Voila.)"""

from __future__ import annotations

from pathlib import Path

from mtgrules.classroom import notebook, palette
from mtgrules.classroom.present import (
    REFILL_DELAY,
    ProjectorWalkthrough,
    presentation_notebook,
    voila_command,
    write_presentation,
)
from mtgrules.lessons import tap_untap_and_x
from mtgrules.views import frame_table, tables

REPO = Path(__file__).resolve().parents[1]
LESSON = REPO / "notebooks" / "04-must-be-blocked.ipynb"


def test_presentation_leaves_out_cells_for_notebook_users_and_github():
    nb = notebook.read(LESSON)
    shown = presentation_notebook(nb)
    texts = [notebook.source(c) for c in shown["cells"]]
    assert not any("Run the cells" in t or "Without a kernel" in t for t in texts)
    assert not any(notebook.only(c) for c in shown["cells"])
    # the static tables that stand alone become live walk-throughs; the repeated one is gone
    statics = [notebook.meta(c)["static"] for c in nb["cells"] if "static" in notebook.meta(c)]
    alone = [k for k, c in zip(statics, [c for c in nb["cells"] if "static" in notebook.meta(c)], strict=True)
             if notebook.only(c) is None]
    assert "must_be_blocked:tour" in statics and "must_be_blocked:tour" not in alone
    for key in alone:
        assert any(f"timeline_for({key!r})" in t for t in texts), key
    assert not any("timeline_for('must_be_blocked:tour')" in t for t in texts)
    assert nb == notebook.read(LESSON)  # the lesson itself is untouched


def test_theme_cell_comes_right_after_the_imports(tmp_path):
    target = write_presentation(LESSON, tmp_path)
    cells = notebook.read(target)["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert "from mtgrules.widgets import" in notebook.source(code[0])
    assert "ProjectorWalkthrough as Walkthrough" in notebook.source(code[1])
    assert "projector()" in notebook.source(code[1])


def test_projector_walkthrough_shows_the_board_and_what_changed_first():
    t = tap_untap_and_x.tap_symbol()
    w = ProjectorWalkthrough(t)
    assert w.board and w.picture.layout.display != "none"
    w.next()
    said, changed = w.narration.value.split('<div class="mtg-changed">', 1)   # under the narration
    assert "CR 107.5" in said and "What changed" in changed
    assert ">tapped<" in changed and ">owner<" not in changed
    assert "Llanowar Elves" in w.table.value


def test_projector_walkthrough_draws_its_board_in_large_print():
    """Card labels at least as large as the presentation's body text (issue 26 §2: 7 to 8 px on
    the projector beside 24 px prose), as SVG no wider than the page holds."""
    import re

    from mtgrules.classroom.present import BOARD_PX, BODY_PX
    t = tap_untap_and_x.tap_symbol()
    w = ProjectorWalkthrough(t)
    svg = bytes(w.picture.value).decode()
    assert w.picture.format == "svg+xml"
    width_pt = float(re.search(r'<svg [^>]*width="([\d.]+)pt"', svg).group(1))
    view_w = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    labels = re.findall(r'<g id="label-\d+">(.*?)</g>', svg, flags=re.S)
    sizes = [float(x) for g in labels for x in re.findall(r"font-size: ([\d.]+)px", g)]
    scale = width_pt * 96 / 72 / view_w
    assert sizes and min(sizes) * scale >= BODY_PX - 0.01 and width_pt * 96 / 72 <= BOARD_PX


def test_palette_switches_and_restores_the_views_colours():
    t = tap_untap_and_x.tap_symbol()
    own = tables.CHANGED_CSS
    with palette.palette():
        assert "#f9d38a" in frame_table(t, 1).to_html()
    assert tables.CHANGED_CSS == own
    assert "#f9d38a" not in frame_table(t, 1).to_html()


def test_palette_reaches_the_fitted_step_tables_whenever_they_were_imported():
    """The walk-through's step tables read the colours as they draw, not as their module loads
    (they once kept the colours of import time, so the palette reached them only by import order)."""
    from mtgrules.views.fit import fit_html

    t = tap_untap_and_x.tap_symbol()
    with palette.palette():
        assert "#f9d38a" in fit_html(t[1].state, t[0].state)
    assert "#f9d38a" not in fit_html(t[1].state, t[0].state)


def test_voila_prepares_a_kernel_before_the_audience_asks(tmp_path):
    """Voila took 9 to 10 s to show lesson 04's first walk-through: it started the kernel and ran
    the lesson only when the page was asked for. ``present`` now asks Voila for a preheated kernel,
    refilled ``REFILL_DELAY`` s after a page takes it. Read as Voila reads its command line; the
    refill delay's class and trait are Voila's own (a misspelt one would be ignored in silence).
    How long the audience waits is measured in benchmarks/voila_bench.py, not here."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.app import Voila
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    cmd = voila_command(tmp_path / "04-must-be-blocked.ipynb", 8866, open_browser=False)
    app = Voila()
    app.parse_command_line(cmd[3:])
    assert app.extra_args == [str(tmp_path / "04-must-be-blocked.ipynb")]
    assert app.config.VoilaConfiguration.preheat_kernel is True
    assert float(app.config.VoilaKernelManager.fill_delay) == REFILL_DELAY
    manager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 1)
    assert manager.__name__ == "VoilaKernelManager" and "fill_delay" in manager.class_traits()
