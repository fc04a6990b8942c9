"""What the lessons and docs name exists, under that name: the files and modules they point to
(``mtgrules/rules/graveyards.py``, not 0.1's ``mtgrules/graveyards.py``) and the control a
prediction is answered with ("Reveal the answer", in a notebook and on a handout alike)."""

from __future__ import annotations

import importlib
import json
import re
import warnings
from pathlib import Path

import pytest
from helpers import lesson_paths

from mtgrules import Scenario, activate, old_names
from mtgrules.widgets import Predict
from mtgrules.widgets.render import REVEAL

REPO = Path(__file__).resolve().parents[1]
# Where the kit's prose is: the lessons, the docs, the package's and the tests' docstrings.
PROSE = [*lesson_paths(), REPO / "README.md", *sorted((REPO / "docs").glob("*.md")),
         *sorted((REPO / "mtgrules").rglob("*.py")), *sorted((REPO / "tests").glob("*.py"))]
# These name the 0.1 modules on purpose.
ABOUT_OLD_NAMES = {REPO / "docs" / "api.md", REPO / "mtgrules" / "old_names.py", REPO / "mtgrules" / "__init__.py",
                   REPO / "tests" / "test_api.py", Path(__file__).resolve()}
NOT_MODULES = {"mtgrules.only", "mtgrules.static", "mtgrules.ruling"}  # cell metadata keys


def _named(pattern: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in PROSE:
        if path in ABOUT_OLD_NAMES:
            continue
        for name in re.findall(pattern, path.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(path.name)
    return found


def test_every_file_of_the_kit_named_exists():
    missing = {p: where for p, where in _named(r"\bmtgrules/[\w/]+\.(?:py|json)\b").items() if not (REPO / p).exists()}
    assert not missing, f"named but not there (moved?): {missing}"


def _resolves(dotted: str) -> bool:
    """Whether ``mtgrules.x.y`` is a module, or a name in one, under its current name."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        module = ".".join(parts[:i])
        if module in old_names.MODULES:
            return False
        try:
            found: object = importlib.import_module(module)
        except ImportError:
            continue
        for attribute in parts[i:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def test_every_module_or_name_of_the_kit_named_is_current():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # an old name would say so
        stale = {name: where for name, where in _named(r"(?<![/\w-])mtgrules(?:\.[A-Za-z_]\w*)+").items()
                 if name not in NOT_MODULES and not name.endswith(".json") and not _resolves(name)}
    assert not stale, f"named, but not (or no longer) there: {stale}"


def test_the_old_graveyards_path_is_caught():
    assert _resolves("mtgrules.rules.graveyards") and not _resolves("mtgrules.graveyards")


def _lesson_markdown() -> dict[str, str]:
    return {p.name: "\n".join("".join(c["source"]) for c in json.loads(p.read_text())["cells"]
                              if c["cell_type"] == "markdown") for p in lesson_paths()}


@pytest.mark.parametrize("lesson", sorted(_lesson_markdown()))
def test_the_lessons_name_the_reveal_control_as_it_is_labelled(lesson):
    text = " ".join(_lesson_markdown()[lesson].split())
    wrong = [m.group(0) for m in re.finditer(r"\*\*Reveal\*\*|\bpress Reveal\b(?! the answer)", text)]
    assert not wrong, f"{lesson}: the control is labelled {REVEAL!r}, not {wrong[0]!r}"


def test_the_predict_button_and_the_handout_toggle_carry_the_same_label():
    from mtgrules.classroom import handouts
    timelines = []
    for sick in (True, False):
        s = Scenario("reveal")
        elves = s.add("Llanowar Elves", "Alice", sick=sick)
        t = s.timeline()
        t.attempt(activate("Alice", elves))
        timelines.append(t)
    question = Predict(timelines[0], 1, "Alice taps her new Elves. What happens?", alternatives=[timelines[1]])
    assert question.reveal_button.description == REVEAL == "Reveal the answer"
    assert "<summary>{render.REVEAL}</summary>" in Path(handouts.__file__).read_text()
