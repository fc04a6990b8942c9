"""`import mtgrules` must stay light: the heavy libraries load only when used."""

import subprocess
import sys

HEAVY = ("pandas", "matplotlib", "ipywidgets")

_PROBE = f"import mtgrules, sys; print(','.join(m for m in {HEAVY!r} if m in sys.modules))"


def test_import_does_not_pull_in_heavy_libraries():
    result = subprocess.run(
        [sys.executable, "-c", _PROBE],
        capture_output=True,
        check=False,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, f"`import mtgrules` failed:\n{result.stderr}"
    loaded = [name for name in result.stdout.strip().split(",") if name]
    assert not loaded, f"`import mtgrules` imported {', '.join(loaded)} eagerly"
