"""What a teacher new to the kit met on a first run: a handout of a board of their own, stepped with
the keyboard in a real browser, and the class hub's login rule.

The browser tests use Debian's Chromium at /usr/bin/chromium through Playwright, as
``tests/test_handouts_browser.py`` does, and are skipped without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import offline_page, require_chromium

from mtgrules import Scenario
from mtgrules.classroom import handouts
from mtgrules.play.verbs import go_to
from mtgrules.rules.combat.declare import declare_attackers, declare_blockers

REPO = Path(__file__).resolve().parents[1]
BOB = "Bob <i>the zombie</i>"


def bears_timeline():
    """Grizzly Bears attacks and Walking Corpse blocks; before that, Alice tries to attack with her
    summoning-sick Llanowar Elves too and is refused (302.6). Bob's name is HTML, to be escaped."""
    s = Scenario("Bears <script>alert(1)</script> & Corpse", players=["Alice", BOB], step="main1")
    bears = s.add("Grizzly Bears", "Alice")
    elves = s.add("Llanowar Elves", "Alice", sick=True)
    corpse = s.add("Walking Corpse", BOB)
    t = s.timeline()
    go_to(t, "declare attackers")
    t.attempt(declare_attackers("Alice", [bears, elves]))
    t.attempt(declare_attackers("Alice", [bears]))
    go_to(t, "declare blockers")
    t.attempt(declare_blockers(BOB, {corpse: bears}))
    return t


@pytest.fixture(scope="module")
def own_page(tmp_path_factory) -> Path:
    t = bears_timeline()
    page = handouts.Page(t.title, handouts.Pictures())
    body = page.stepper(t, fold_passes=True)
    path = tmp_path_factory.mktemp("own") / "bears.html"
    path.write_text(handouts.document(t.title, body), encoding="utf-8")
    return path


def test_own_board_page_escapes_game_text_and_shows_the_refusal(own_page):
    text = own_page.read_text(encoding="utf-8")
    assert "<script>alert(1)" not in text and "<i>the zombie</i>" not in text
    assert "Bears &lt;script&gt;alert(1)&lt;/script&gt; &amp; Corpse" in text
    assert "refused" in text and "302.6" in text


@pytest.fixture
def browser_page():
    require_chromium()
    with offline_page(1366, 768, 30_000) as (page, blocked):
        yield page, blocked


def test_arrow_keys_step_back_from_the_last_step(own_page, browser_page):
    """Stepping to the end with Next (or the arrow keys) disables Next under the focus; the arrow
    keys kept working only while something in the walk-through had the focus, so the teacher was
    stuck on the last step until they clicked Prev. A click on the walk-through itself gives it
    the focus too."""
    page, blocked = browser_page
    page.goto(own_page.as_uri())
    stepper = page.locator(".mtg-stepper")
    last = int(stepper.locator(".mtg-slider").get_attribute("max"))
    stepper.locator(".mtg-next").click()
    assert stepper.get_attribute("data-step") == "1"
    for _ in range(last + 2):
        page.keyboard.press("ArrowRight")
    assert stepper.get_attribute("data-step") == str(last)
    page.wait_for_timeout(300)  # a person pauses at the end; the browser moves the focus off a disabled button
    page.keyboard.press("ArrowLeft")
    assert stepper.get_attribute("data-step") == str(last - 1)
    # a fresh page: click the step's text, not a control, then step with the keys
    page.goto(own_page.as_uri())
    page.locator(".mtg-step.mtg-current .mtg-narration").click()
    page.keyboard.press("ArrowRight")
    assert stepper.get_attribute("data-step") == "1"
    assert blocked == []


def test_refused_step_reads_with_its_rule_in_the_browser(own_page, browser_page):
    page, blocked = browser_page
    page.goto(own_page.as_uri())
    stepper = page.locator(".mtg-stepper")
    labels = stepper.locator(".mtg-step-label").all_inner_texts()
    refused = next(i for i, label in enumerate(labels) if "refused" in label)
    stepper.locator(".mtg-slider").fill(str(refused))
    shown = stepper.locator(".mtg-step.mtg-current").inner_text()
    assert "302.6" in shown and "Nothing changes" in shown
    assert "Bob <i>the zombie</i>" in shown  # shown as text, not as markup
    assert page.locator("i").count() == 0 and page.locator("script").count() == 1  # only the page's own
    assert blocked == []


def _hub_config(monkeypatch, tmp_path, **env):
    from traitlets.config import Config
    monkeypatch.setenv("MTGRULES_HUB_MODE", "class")
    monkeypatch.setenv("MTGRULES_HUB_STATE", str(tmp_path / "hub"))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    c = Config()
    code = (REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py").read_text(encoding="utf-8")
    exec(compile(code, "jupyterhub_config.py", "exec"), {"get_config": lambda: c})  # noqa: S102 (the kit's own config)
    return c


def test_class_hub_lets_a_group_of_students_in(monkeypatch, tmp_path):
    """JupyterHub 5+ refuses everyone not allowed by name or group. The class mode allowed only
    the admins (and users already in its database), so a student with an account on the machine
    was refused at login; MTGRULES_HUB_GROUP names the Unix group whose members may log in."""
    pytest.importorskip("jupyterhub")
    from jupyterhub.auth import PAMAuthenticator
    c = _hub_config(monkeypatch, tmp_path, MTGRULES_HUB_AUTH="pam", MTGRULES_HUB_GROUP="mtg-class",
                    MTGRULES_HUB_ADMINS="teacher")
    auth = PAMAuthenticator(config=c)
    assert auth.allowed_groups == {"mtg-class"}
    assert auth.admin_users == {"teacher"} and not auth.allow_all
    monkeypatch.delenv("MTGRULES_HUB_GROUP")
    assert PAMAuthenticator(config=_hub_config(monkeypatch, tmp_path, MTGRULES_HUB_AUTH="pam")).allowed_groups == set()


def test_presentation_page_links_nothing_outside(tmp_path):
    """Voila's lab page links two Font Awesome style sheets from cdn.jsdelivr.net: on a classroom
    projector without internet the console showed two failed loads. The kit's template
    (``present.TEMPLATE``, found through ``present.voila_env``) leaves them out; Voila's own bundle
    carries the icons. Checked on the page's head as Voila streams it, before the lesson runs."""
    require_chromium()
    import re
    import secrets
    import urllib.request

    import nbformat
    from test_browser import Server, _free_port, _jupyter_env

    from mtgrules.classroom.present import voila_command, voila_env
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A lesson"),
                                         nbformat.v4.new_code_cell("1 + 1")])
    target = tmp_path / "present" / "00-tiny.ipynb"
    target.parent.mkdir()
    nbformat.write(nb, target)
    port, token = _free_port(), secrets.token_hex(16)
    cmd = voila_command(target, port, open_browser=False) + [
        "--Voila.ip=127.0.0.1", f"--Voila.token={token}", f"--Voila.root_dir={target.parent}", "--Voila.port_retries=0"]
    env = voila_env(_jupyter_env(tmp_path / "jupyter"))
    server = Server("Voila", cmd, target.parent, env, tmp_path / "voila.log", port, token, "/voila/static/voila.js")
    try:
        with urllib.request.urlopen(server.url("/"), timeout=120) as response:
            head = b""
            while b"</head>" not in head:
                chunk = response.read1(65536)
                if not chunk:
                    break
                head += chunk
    finally:
        server.stop()
    text = head.decode("utf-8", "replace")
    assert "</head>" in text, server.tail()
    outside = re.findall(r'<(?:link|script)[^>]+(?:href|src)="(https?://[^"]+)"', text)
    assert outside == []
    assert "print-color-adjust" in text and "jp-mod-noOutputs" in text  # the styles below and Voila's own remain


def test_step_count_agrees_with_the_step_label(own_page, browser_page):
    """With the passes folded away a teacher saw "2 / 12" beside "Step 3 of 19": the count
    numbered the shown steps, the label the timeline's. Now both count the timeline's steps."""
    page, _ = browser_page
    page.goto(own_page.as_uri())
    stepper = page.locator(".mtg-stepper")
    last = int(stepper.get_attribute("data-last-frame"))
    for _ in range(3):
        stepper.locator(".mtg-next").click()
        current = stepper.locator(".mtg-step.mtg-current")
        frame = current.get_attribute("data-frame")
        assert current.locator(".mtg-step-label").inner_text().startswith(f"Step {frame} of {last}:")
        assert stepper.locator(".mtg-count").inner_text() == f"{frame} / {last}"
    assert int(stepper.locator(".mtg-slider").get_attribute("max")) < last  # folded: the count jumps


def test_no_press_next_where_there_is_no_next(own_page, browser_page):
    """On paper and without JavaScript the handout has no Next button, yet its first step said
    "Press Next to play the first step". The sentence shows only beside a working Next."""
    page, _ = browser_page
    page.goto(own_page.as_uri())
    start = page.locator(".mtg-step").first
    assert "Press Next" in start.inner_text()
    page.emulate_media(media="print")
    assert "Press Next" not in start.inner_text() and "The starting position." in start.inner_text()
    context = page.context.browser.new_context(java_script_enabled=False)
    try:
        still = context.new_page()
        still.goto(own_page.as_uri())
        first = still.locator(".mtg-step").first
        assert "The starting position." in first.inner_text() and "Press Next" not in first.inner_text()
        assert still.locator(".mtg-step").count() == still.locator(".mtg-step:visible").count()  # every step shown
    finally:
        context.close()
