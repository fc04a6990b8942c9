"""docs/api.md is the public API, held to the code; and the 0.1 module names still import, each
saying where its code lives now (``mtgrules/old_names.py``)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from helpers import lesson_paths

from mtgrules import old_names
from mtgrules.cli import parser

REPO = Path(__file__).resolve().parents[1]
API = REPO / "docs" / "api.md"
PARTIAL_SECTIONS: set[str] = set()


PARTIAL = "Only the names below"  # a section that lists some of a module's __all__, not all


def _sections() -> dict[str, list[tuple[str, ...]]]:
    """Each ``## heading`` of api.md with the backticked cells of its table rows."""
    found: dict[str, list[tuple[str, ...]]] = {}
    heading = ""
    for line in API.read_text().splitlines():
        if line.startswith("## "):
            heading = line[3:].strip().strip("`")
            found[heading] = []
        elif line.startswith(PARTIAL) and heading:
            PARTIAL_SECTIONS.add(heading)
        elif line.startswith("| `") and heading:
            found[heading].append(tuple(re.findall(r"`([^`]+)`", line.split("|")[1] + "|" + line.split("|")[2])))
    return found


def _public() -> dict[str, list[str]]:
    """Each module section of api.md with the names it lists."""
    return {k: [row[0] for row in rows] for k, rows in _sections().items() if k.startswith("mtgrules")}


def _has(module: object, name: str) -> bool:
    if hasattr(module, name):
        return True
    try:  # a submodule not imported yet
        importlib.import_module(f"{module.__name__}.{name}")  # type: ignore[attr-defined]
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------- the public names
@pytest.mark.parametrize("module", sorted(_public()))
def test_each_module_section_lists_exactly_its_public_names(module):
    listed = _public()[module]
    assert len(listed) == len(set(listed)), f"{module}: a name is listed twice in docs/api.md"
    mod = importlib.import_module(module)
    declared = getattr(mod, "__all__", None)
    if declared is not None and module not in PARTIAL_SECTIONS:
        assert len(declared) == len(set(declared)), f"{module}.__all__ names something twice"
        assert set(listed) == set(declared), (
            f"docs/api.md, section {module}: add {sorted(set(declared) - set(listed))}, "
            f"remove {sorted(set(listed) - set(declared))}")
    missing = [name for name in listed if not _has(mod, name)]
    assert not missing, f"docs/api.md lists {missing} under {module}, which has no such names"


def _imports(code: str) -> list[tuple[str, str]]:
    """(module, name) for each ``from mtgrules... import name`` (name "" for ``import mtgrules...``)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mtgrules"):
            found += [(node.module, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(a.name, "") for a in node.names if a.name.startswith("mtgrules")]
    return found


def _documented_code() -> dict[str, str]:
    """The code the kit shows its users: the lessons' code cells, and the examples of the README and docs."""
    code: dict[str, str] = {}
    for path in lesson_paths():
        cells = json.loads(path.read_text())["cells"]
        code[path.name] = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = path.read_text()
        lines = [m.group(1) for m in re.finditer(r"^\s*(?:>>>|\.\.\.) ?(.*)$", text, re.M)]
        code[path.name] = "\n".join(lines + re.findall(r"```python\n(?!>>>)(.*?)```", text, re.S))
    return code


def test_the_lessons_and_docs_import_only_listed_names():
    public = _public()
    unlisted = set()
    for where, code in _documented_code().items():
        for module, name in _imports(code):
            if name in public.get(module, ()) or (not name and module in public):
                continue
            parent, _, child = module.rpartition(".")
            if module not in public and child in public.get(parent, ()):
                continue  # a listed module without a section of its own: a lesson's, for its notebook
            unlisted.add(f"{where}: {module}{'.' + name if name else ''}")
    assert not unlisted, f"list these in docs/api.md (or import a listed name instead): {sorted(unlisted)}"


def test_the_command_line_section_lists_the_commands():
    listed = {row[0] for row in _sections()["The command line"]}
    commands = next(a for a in parser()._actions if a.__class__.__name__ == "_SubParsersAction").choices
    assert listed == set(commands)


# ---------------------------------------------------------------- old names (0.1)
def test_the_old_names_of_the_docs_are_the_kits():
    rows = dict(_sections()["Old names (0.1)"])
    assert rows == {**old_names.MODULES, **old_names.NAMES, **old_names.GONE}


def test_every_module_that_left_its_0_1_place_has_an_old_name():
    """From git history: every module file of 0.1's layout (``mtgrules/x.py``, ``cardpool/``,
    ``lessons/``) that was deleted or moved either still imports or has an alias."""
    log = subprocess.run(["git", "log", "--diff-filter=D", "--no-renames", "--name-only", "--format=", "--",
                          "mtgrules/*.py"], cwd=REPO, capture_output=True, text=True, check=False)
    if log.returncode != 0 or not log.stdout.strip():
        pytest.skip("not a git checkout with history: the table is checked against the code only")
    gone = []
    for path in sorted(set(log.stdout.split())):
        parts = Path(path).with_suffix("").parts
        if len(parts) > 2 and parts[1] not in ("cardpool", "lessons"):
            continue  # inside the layered packages: not a 0.1 name
        name = ".".join(parts).removesuffix(".__init__")
        if name in old_names.MODULES or importlib.util.find_spec(name) is not None:
            continue
        gone.append(name)
    assert not gone, f"give these 0.1 modules an old name in mtgrules/old_names.py: {gone}"


# An old module whose name its package also gives (mtgrules.could_produce, the function): its
# alias is in place from the start, so importing it again here would put it over the function.
def _given_by_its_package(old: str) -> bool:
    parent, _, child = old.rpartition(".")
    given = vars(sys.modules[parent]).get(child) if parent in sys.modules else None
    return given is not None and not isinstance(given, type(sys))


IN_PLACE = sorted(filter(_given_by_its_package, old_names.MODULES))


def test_an_old_module_name_the_package_also_gives_stays_the_packages_and_warns_when_used(tmp_path):
    assert IN_PLACE == ["mtgrules.could_produce"]
    script = tmp_path / "old.py"
    script.write_text("from mtgrules.could_produce import explain_could_produce\n"
                      "import mtgrules.could_produce\nimport mtgrules\n"
                      "print(mtgrules.could_produce.__module__, explain_could_produce.__module__)\n")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["mtgrules.rules.mana.could_produce"] * 2  # mtgrules.could_produce: the function
    assert "old.py:1: DeprecationWarning: mtgrules.could_produce is an old name (mtgrules 0.1): " \
           "use mtgrules.rules.mana.could_produce instead" in run.stderr, run.stderr


@pytest.mark.parametrize("old", sorted(set(old_names.MODULES) - set(IN_PLACE)))
def test_an_old_module_name_is_the_new_module_and_says_so(old, monkeypatch):
    monkeypatch.delitem(sys.modules, old, raising=False)
    new = importlib.import_module(old_names.MODULES[old])
    with warnings.catch_warnings():  # an old package says so when it is first imported, not here
        warnings.simplefilter("ignore", DeprecationWarning)
        importlib.import_module(old.rpartition(".")[0])
    with pytest.warns(DeprecationWarning, match=rf"{re.escape(old)} is an old name .*use {re.escape(new.__name__)} instead"):
        alias = importlib.import_module(old)
    for name in [n for n in vars(new) if not n.startswith("_")][:40]:
        assert getattr(alias, name) is getattr(new, name), f"{old}.{name}"


@pytest.mark.parametrize("old", sorted(old_names.NAMES))
def test_a_name_that_left_its_module_is_found_in_its_new_home(old):
    module, _, name = old.rpartition(".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        alias = importlib.import_module(module)
    home, _, new_name = old_names.NAMES[old].rpartition(".")
    with pytest.warns(DeprecationWarning, match=re.escape(old_names.NAMES[old])):
        found = getattr(alias, name)
    assert found is getattr(importlib.import_module(home), new_name)


@pytest.mark.parametrize("old", sorted(old_names.GONE))
def test_a_name_with_no_successor_is_refused_saying_what_to_write(old):
    module, _, name = old.rpartition(".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(ImportError) as info:
            exec(f"from {module} import {name}", {})  # noqa: S102 (a fixed import line)
    assert isinstance(info.value, old_names.OldNameError)
    assert str(info.value) == f"{old} (mtgrules 0.1) was removed: write {old_names.GONE[old]} instead"


SCRIPT_0_1 = """\
from mtgrules.abilities import StaticAbility
from mtgrules.combat_state import combat_of
import mtgrules.graveyards
from mtgrules.stack import mana_value
from mtgrules.scenario import Scenario
s = Scenario("0.1", players=["Alice", "Bob"])
s.add("Forest", "Alice")
print(s.timeline()[0].state.player("Alice").life, mana_value.__module__)
"""


def test_a_script_written_for_0_1_runs_and_is_told_the_new_names(tmp_path):
    script = tmp_path / "old.py"
    script.write_text(SCRIPT_0_1)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["20", "mtgrules.rules.stack"]
    for old, line in (("abilities", 1), ("combat_state", 2), ("graveyards", 3), ("stack", 4)):
        # shown by Python's default filters, at the script's own line
        assert f"old.py:{line}: DeprecationWarning: mtgrules.{old} is an old name (mtgrules 0.1): " \
               f"use {old_names.MODULES['mtgrules.' + old]} instead" in run.stderr, run.stderr


def test_an_old_package_never_loads_a_module_twice():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        importlib.import_module("mtgrules.cardpool")
        with pytest.raises(ModuleNotFoundError, match="mtgrules.cardpool is an old name"):
            importlib.import_module("mtgrules.cardpool.keywords")  # cards/pool/keywords.py is no 0.1 module
    assert "mtgrules.cardpool.keywords" not in sys.modules


def test_the_kit_itself_uses_no_old_name():
    code = "import mtgrules, mtgrules.views, mtgrules.widgets, mtgrules.lessons.show, mtgrules.classroom.handouts, mtgrules.cli"
    run = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], capture_output=True,
                         text=True, timeout=120, check=False, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, run.stderr
