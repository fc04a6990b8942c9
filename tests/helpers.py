"""Small helpers shared by the tests: build boards quickly and check refusals leave states alone."""

from __future__ import annotations

import copy
import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mtgrules import IllegalAction, apply

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def lesson_paths() -> list[Path]:
    """The kit's lesson notebooks, as ``mtgrules.catalog.lessons`` lists them: a learner's own
    notebook saved in ``notebooks/`` is not one, so the lesson checks never read it."""
    from mtgrules.catalog.lessons import lesson_names
    return [NOTEBOOKS / f"{name}.ipynb" for name in lesson_names()]


def lesson_path(number: str) -> Path:
    """The kit's lesson notebook numbered ``number`` ("04")."""
    found = [p for p in lesson_paths() if p.name.startswith(f"{number}-")]
    assert len(found) == 1, f"no lesson {number} in mtgrules.catalog.lessons"
    return found[0]


def refused(state, action, rule: str) -> IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and that ``state`` is unchanged."""
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.rule == rule, f"refused under {info.value.rule}, expected {rule}: {info.value.reason}"
    assert info.value.reason and not info.value.reason[0].islower()
    assert state == snapshot, "a refused action must leave the state exactly as it was"
    return info.value


def pool(state, player: str) -> list[str]:
    """The player's pool as a sorted list of type letters."""
    return sorted(m.type.value for m in state.player(player).pool)


def kinds(events, kind: str):
    return [e for e in events if e.kind == kind]


def committed_text(path: Path) -> str:
    """A file as git holds it (the staged version, else the last commit), not as the working copy
    is now: a learner running a lesson in JupyterLab autosaves outputs into the notebook, and that
    must not make the checks of what the kit commits fail. Outside a git checkout (an sdist, a
    copy), or for a file git doesn't hold yet, the file itself is read."""
    path = Path(path).resolve()
    try:
        out = subprocess.run(["git", "show", f":./{path.name}"], cwd=path.parent, capture_output=True,
                             text=True, check=False, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return path.read_text()
    return out.stdout if out.returncode == 0 else path.read_text()


def committed_notebook(path: Path) -> dict:
    """A notebook as git holds it (see :func:`committed_text`)."""
    return json.loads(committed_text(path))


def actions_passed_to(monkeypatch, owner, name: str) -> list:
    """Wrap ``owner.name`` (a function called as ``(state, action)``) so each call's action is
    recorded in the returned list, for tests of how often the engine checks or tries an action."""
    calls: list = []
    real = getattr(owner, name)

    def recording(state, action):
        calls.append(action)
        return real(state, action)

    monkeypatch.setattr(owner, name, recording)
    return calls


def sprawl_on_the_stack():
    """Alice has cast Utopia Sprawl on her Forest: the Sprawl's colour question (614.12a) comes as
    it resolves. The board the tests of answers given with resolve_top share: (timeline, Sprawl's id)."""
    from mtgrules import Scenario, cast
    s = Scenario("Sprawl resolving")
    forest = s.add("Forest", "Alice")
    sprawl = s.add("Utopia Sprawl", "Alice", zone="hand")
    s.mana("Alice", "G")
    return s.timeline().do(cast("Alice", sprawl, targets=(forest,))), sprawl


def murder_in_hand(s, caster: str):
    """Give ``caster`` a Murder in hand and three untapped Swamps to pay {1}{B}{B}: the removal
    many tests cast in response. Returns (Murder's id, ``cast_at(t, target)``, which taps the
    Swamps and casts Murder at ``target`` on the timeline ``t``, leaving it on the stack)."""
    from mtgrules import activate, cast
    murder = s.add("Murder", caster, zone="hand")
    swamps = [s.add("Swamp", caster) for _ in range(3)]

    def cast_at(t, target) -> None:
        for sw in swamps:
            t.do(activate(caster, sw))
        t.do(cast(caster, murder, targets=(target,)))

    return murder, cast_at


def neyith_board(title: str, alice=("Grizzly Bears",), bob=("Walking Corpse",), bob_tapped=(), forests=3,
                 players=("Alice", "Bob")):
    """Alice has Neyith of the Dire Hunt, Forests to pay its {2}{G} and the creatures named in
    ``alice``; Bob has ``bob`` (and ``bob_tapped``, tapped). Main phase, Alice to act, with a small
    library so Neyith's draws have cards. Returns (scenario, ids by role)."""
    from combat_support import library

    from mtgrules import Scenario
    s = Scenario(title, players=players, step="main1")
    ids = {"neyith": s.add("Neyith of the Dire Hunt", "Alice")}
    ids["forests"] = [s.add("Forest", "Alice") for _ in range(forests)]
    ids["alice"] = [s.add(name, "Alice") for name in alice]
    ids["bob"] = [s.add(name, "Bob") for name in bob]
    ids["bob_tapped"] = [s.add(name, "Bob", tapped=True) for name in bob_tapped]
    library(s, "Alice")
    return s, ids


def to_blockers(t, attackers):
    """Pass to the declare attackers step, Alice attacks with ``attackers`` (a list, or a dict of
    attacker to whom it attacks), and pass on to the declare blockers step."""
    from combat_support import pass_until

    from mtgrules import Step, declare_attackers
    t = pass_until(t, Step.DECLARE_ATTACKERS)
    t.do(declare_attackers("Alice", attackers))
    return pass_until(t, Step.DECLARE_BLOCKERS)


@contextmanager
def cards_registered(cards) -> Iterator[None]:
    """Register made-up cards for the length of a test, then put the pool back as it was (a card
    a test replaced comes back), so no other test sees them."""
    from mtgrules.cards import register
    from mtgrules.core.carddef import CARD_POOL, POOL_CHANGES
    held = {c.name: CARD_POOL.get(c.name) for c in cards}
    register(*cards, replace=True)
    try:
        yield
    finally:
        for name, was in held.items():
            if was is None:
                CARD_POOL.pop(name, None)
            else:
                CARD_POOL[name] = was
        POOL_CHANGES[0] += 1


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium: Playwright can't download a browser on these machines."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def require_chromium() -> None:
    """Fail, saying what to run, when the browser tests can't find Chromium: a browser test
    that skipped itself would pass ``make test`` unseen."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing, so the browser tests can't run: run `make chromium` (as root it "
                    "installs Debian's chromium with apt-get; else it says what to run)", pytrace=False)


@contextmanager
def offline_page(width: int, height: int, timeout_ms: int = 30_000):
    """A page of Debian's Chromium that may load files, ``data:`` URLs and localhost only; every
    other request is aborted and its URL kept in the list yielded with the page, so a test can
    assert a handout or the projector page fetched nothing from outside."""
    import re

    require_chromium()

    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.set_default_timeout(timeout_ms)
            blocked: list[str] = []

            def gate(route) -> None:
                url = route.request.url
                if url.startswith(("file://", "data:")) or re.match(r"^https?://(localhost|127\.0\.0\.1)[:/]", url):
                    route.continue_()
                else:
                    blocked.append(url)
                    route.abort()

            page.route("**/*", gate)
            yield page, blocked
        finally:
            browser.close()


@contextmanager
def pool_restored() -> Iterator[None]:
    """Whatever a test registers, the card pool is as it was afterwards: a test that defines
    real cards (Counterspell, a Spirit token) must not change what a later test or the authoring
    guide's doctests find under those names, in the same run."""
    from mtgrules.core.carddef import CARD_POOL, POOL_CHANGES
    before = dict(CARD_POOL)
    try:
        yield
    finally:
        if CARD_POOL != before:
            CARD_POOL.clear()
            CARD_POOL.update(before)
            POOL_CHANGES[0] += 1
