"""The package's layout is its architecture: these tests keep the layers in order and the
front doors working.

core -> rules -> cards -> play -> catalog -> views -> widgets -> lessons -> classroom: a module may import
only from its own layer or the ones before it. The one exception is a display hook: a value in
``core`` or ``play`` may import ``views`` inside a function (``_repr_html_``), so a state shows itself in
Jupyter without ``core`` loading pandas.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mtgrules"
LAYERS = ["core", "rules", "cards", "play", "catalog", "views", "widgets", "lessons", "classroom"]
HEAVY = ("pandas", "matplotlib", "ipywidgets")


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "mtgrules" and parts[1] in LAYERS else None


def _imports(path: Path) -> list[tuple[str, bool]]:
    """Every ``mtgrules...`` module the file imports, and whether the import is at module level."""
    tree = ast.parse(path.read_text())
    top = {id(node) for node in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            out += [(n, id(node) in top) for n in names]
        elif isinstance(node, ast.Import):
            out += [(a.name, id(node) in top) for a in node.names]
    return [(m, at_top) for m, at_top in out if m.startswith("mtgrules")]


def _files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if _layer("mtgrules." + p.relative_to(PACKAGE).parts[0]))


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_layer_order(path: Path) -> None:
    here = _layer("mtgrules." + path.relative_to(PACKAGE).parts[0])
    assert here is not None
    for module, at_top in _imports(path):
        there = _layer(module)
        if there is None or LAYERS.index(there) <= LAYERS.index(here):
            continue
        display_hook = here in ("core", "play") and there == "views" and not at_top
        assert display_hook, f"{path.relative_to(PACKAGE)} ({here}) imports {module} ({there}), a later layer"


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    bad = tmp_path / "x.py"
    bad.write_text("from mtgrules.rules.engine import apply\n")
    assert _imports(bad) == [("mtgrules.rules.engine", True), ("mtgrules.rules.engine.apply", True)]
    assert LAYERS.index(_layer("mtgrules.rules.engine")) > LAYERS.index("core")


_PROBE = ("import time; t = time.perf_counter(); import mtgrules, sys; took = time.perf_counter() - t; "
          f"print('heavy:' + ','.join(m for m in {HEAVY!r} if m in sys.modules)); print(len(mtgrules.cards.CARD_POOL))")


def test_import_is_whole_and_light() -> None:
    """``import mtgrules`` loads the engine and the card pool, and none of the heavy libraries."""
    result = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, check=False, text=True, timeout=120)
    assert result.returncode == 0, f"`import mtgrules` failed:\n{result.stderr}"
    loaded, pool = result.stdout.strip().split("\n")
    loaded = loaded.removeprefix("heavy:")
    assert not loaded, f"`import mtgrules` imported {loaded} eagerly"
    assert int(pool) > 40, "the card pool should be registered by `import mtgrules`"


def test_registering_first_keeps_the_kits_pool() -> None:
    """A card registered before anything else is looked up doesn't stop the pool from loading."""
    code = ("from mtgrules.cards import CardDef, register\n"
            "register(CardDef('Test Bear', '{1}{G}', frozenset({'Creature'}), power=2, toughness=2))\n"
            "from mtgrules import Scenario\n"
            "s = Scenario('x', players=['Alice', 'Bob']); s.add('Forest', 'Alice'); s.add('Test Bear', 'Alice')\n"
            "print('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False, text=True, timeout=120)
    assert result.stdout.strip() == "ok", result.stderr
