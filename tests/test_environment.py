"""pyproject.toml and environment.yml must describe the same environment.

The pip route (`make test`) reads pyproject.toml; the conda route reads
environment.yml. These tests fail when the two drift apart: a package listed
in only one of them, or listed with a different version range.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent

# Entries of environment.yml that have no counterpart among the pip requirements.
CONDA_ONLY = {"python", "pip"}

_CONDA_ENTRY = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*?)\s*$")


def _parse_conda_spec(entry: str) -> tuple[str, SpecifierSet]:
    """Split a conda match spec such as ``pandas>=2.2,<4`` into name and specifiers."""
    match = _CONDA_ENTRY.match(entry)
    if match is None:
        raise ValueError(f"cannot read conda dependency {entry!r}")
    name, spec = match.groups()
    spec = spec.replace(" ", "")
    # conda's single '=' means "this version or any of its sub-versions".
    if re.fullmatch(r"=[^=<>!~].*", spec):
        spec = "==" + spec[1:].rstrip("*").rstrip(".") + ".*"
    return canonicalize_name(name), SpecifierSet(spec)


def pyproject_requirements(doc: dict) -> tuple[dict[str, SpecifierSet], list[str]]:
    """Runtime dependencies plus the ``test`` extra, by normalized name."""
    project = doc.get("project", {})
    entries = list(project.get("dependencies", []))
    entries += list(project.get("optional-dependencies", {}).get("test", []))
    found: dict[str, SpecifierSet] = {}
    problems: list[str] = []
    for entry in entries:
        req = Requirement(entry)
        name = canonicalize_name(req.name)
        if name in found:
            problems.append(f"pyproject.toml lists {name!r} more than once")
        found[name] = req.specifier
    return found, problems


def conda_requirements(doc: dict) -> tuple[dict[str, SpecifierSet], list[str], list[str]]:
    """Conda dependencies by normalized name, the pip sub-list, and any problems."""
    found: dict[str, SpecifierSet] = {}
    pip_entries: list[str] = []
    problems: list[str] = []
    for entry in doc.get("dependencies") or []:
        if isinstance(entry, dict):
            pip_entries.extend(str(item).strip() for item in entry.get("pip") or [])
            continue
        name, spec = _parse_conda_spec(str(entry))
        if name in found:
            problems.append(f"environment.yml lists {name!r} more than once")
        found[name] = spec
    return found, pip_entries, problems


def compare_environments(pyproject: dict, environment: dict) -> list[str]:
    """Return a human-readable list of every disagreement; empty means they agree."""
    pip_side, problems = pyproject_requirements(pyproject)
    conda_side, pip_entries, conda_problems = conda_requirements(environment)
    problems += conda_problems

    for name in sorted(pip_side.keys() - conda_side.keys()):
        problems.append(f"{name!r} is in pyproject.toml but missing from environment.yml")
    for name in sorted(conda_side.keys() - pip_side.keys() - CONDA_ONLY):
        problems.append(f"{name!r} is in environment.yml but missing from pyproject.toml")
    for name in sorted(pip_side.keys() & conda_side.keys()):
        if pip_side[name] != conda_side[name]:
            problems.append(
                f"{name!r} has range {str(pip_side[name]) or '(any)'!r} in pyproject.toml "
                f"but {str(conda_side[name]) or '(any)'!r} in environment.yml"
            )

    requires_python = SpecifierSet(pyproject.get("project", {}).get("requires-python", ""))
    if "python" not in conda_side:
        problems.append("environment.yml does not pin python")
    elif conda_side["python"] != requires_python:
        problems.append(
            f"python is {str(conda_side['python'])!r} in environment.yml but "
            f"requires-python is {str(requires_python)!r} in pyproject.toml"
        )
    if "pip" not in conda_side:
        problems.append("environment.yml does not install pip")
    if "-e ." not in pip_entries:
        problems.append("environment.yml has no '-e .' in its pip section")
    if "conda-forge" not in (environment.get("channels") or []):
        problems.append("environment.yml does not use the conda-forge channel")
    return problems


def _load_project_files() -> tuple[dict, dict]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        pyproject = tomllib.load(fh)
    with open(ROOT / "environment.yml", encoding="utf-8") as fh:
        environment = yaml.safe_load(fh)
    return pyproject, environment


def test_pyproject_and_environment_yml_agree():
    pyproject, environment = _load_project_files()
    problems = compare_environments(pyproject, environment)
    assert not problems, "pyproject.toml and environment.yml disagree:\n  " + "\n  ".join(problems)


def test_comparison_reports_a_mismatched_pair():
    pyproject = {
        "project": {
            "requires-python": ">=3.11",
            "dependencies": ["Pandas>=2.2,<4", "jinja2>=3.1,<4"],
            "optional-dependencies": {"test": ["pytest>=8,<10", "ruff>=0.5"]},
        }
    }
    environment = {
        "channels": ["defaults"],
        "dependencies": [
            "python>=3.10",
            "pandas>=2.2,<3",  # narrower range than pyproject.toml
            "jinja2<4,>=3.1",  # same range, other order: must not be reported
            "pytest>=8,<10",
            "numpy>=2",  # only on the conda side
            # ruff is missing; so are pip and the pip section
        ],
    }
    problems = compare_environments(pyproject, environment)
    report = "\n".join(problems)

    assert any("'pandas'" in p and "<3" in p for p in problems), report
    assert any("'ruff'" in p and "missing from environment.yml" in p for p in problems), report
    assert any("'numpy'" in p and "missing from pyproject.toml" in p for p in problems), report
    assert any(p.startswith("python is") for p in problems), report
    assert any("'-e .'" in p for p in problems), report
    assert any("conda-forge" in p for p in problems), report
    assert not any("jinja2" in p or "pytest" in p for p in problems), report


def test_conda_spec_parsing():
    assert _parse_conda_spec("pandas>=2.2,<4") == ("pandas", SpecifierSet(">=2.2,<4"))
    assert _parse_conda_spec("PyYAML >=6, <7") == ("pyyaml", SpecifierSet(">=6,<7"))
    assert _parse_conda_spec("pip") == ("pip", SpecifierSet(""))
    assert _parse_conda_spec("voila=0.5") == ("voila", SpecifierSet("==0.5.*"))
