"""Static step tables written into lesson notebooks as Markdown, so a lesson reads without a
kernel (GitHub, nbviewer, print) even though notebooks are committed without outputs.

A Markdown cell whose metadata has ``{"mtgrules": {"static": "mana:mana_tour"}}`` holds the
table for the timeline that function builds; one with ``{"mtgrules": {"ruling": "MANA-1"}}``
quotes that ruling from the kit's catalog with its source and rules; one with
``{"mtgrules": {"casting": "casting_a_spell:tour"}}`` holds the substeps of the first spell cast
in that timeline (601.2a to 601.2i), read from the engine's events; one with
``{"mtgrules": {"list": "lessons"}}`` lists the lessons beside it (lesson 00's table of lessons, which
stopped at 07 while it was typed by hand);
one with ``{"mtgrules": {"quiz": "mana"}}`` prints the lesson's quiz (:mod:`mtgrules.lessons.quizzes`),
its answers after the questions; one with ``{"mtgrules": {"layers": "layers:staff_layers"}}`` holds
the layer view (``views.layers_table``) of the object that function names, as ``(state, id)``.
``python -m mtgrules.lessons.static notebooks/*.ipynb`` rewrites those cells; a test fails if
any cell differs from what the engine plays (or the catalog says) today.
"""

from __future__ import annotations

import html
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from mtgrules.catalog.rules_index import EDITION, title
from mtgrules.catalog.rulings import ruling
from mtgrules.play.timeline import Timeline

HEADER = "| step | action | what happens (rule) |\n|---:|---|---|\n"


def steps_markdown(timeline: Timeline) -> str:
    """A Markdown table: one row per step, with the narration and the rules it cites. Steps in
    which a player only passed priority are left out (and the table says how many)."""
    shown = [f for f in timeline if not f.is_quiet]
    rows = [f"| {f.index} | {_cell(f.title())} | {_cell(f.narration())} |" for f in shown]
    title = f"**{_cell(timeline.title)}** — every step" if timeline.title else "Every step"
    folded = len(timeline) - len(shown)
    steps = "1 step where a player only passed priority is" if folded == 1 else \
        f"{folded} steps where a player only passed priority are"
    note = f" ({steps} left out)" if folded else ""
    return f"{title}{note}\n\n" + HEADER + "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    """Game text as literal Markdown: HTML in it (Markdown would render it) is escaped."""
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def ruling_markdown(ruling_id: str) -> str:
    """The ruling as a Markdown quote with its card, source, and rules (with the CR edition)."""
    r = ruling(ruling_id)
    card = f" — *{r.card}*" if r.card else ""
    rules = ", ".join(f"CR {n} ({title(n)})" for n in r.cr)
    outside = ("\n\n*An Un-set card: the Comprehensive Rules don't cover it (CR 100.7), so the official "
               "rulings are the specification.*") if r.outside_cr else ""
    return (f"**{r.id}**{card}\n\n> {r.quote}\n\nSource: {r.source}. Rules: {rules}; Comprehensive Rules "
            f"effective {EDITION}.{outside}\n")


KIT_LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
"""The kit's lessons folder (in a source checkout), for a list of lessons asked for without one."""


def _ruling_ids(ids: list[str]) -> str:
    """Ruling ids as a short cell: "MANA-1 … MANA-6" for a run of three or more, else a list."""
    runs: list[list[tuple[str, int]]] = []
    for rid in ids:
        prefix, _, n = rid.rpartition("-")
        item = (prefix, int(n)) if n.isdigit() else (rid, -1)
        if runs and item[1] >= 0 and runs[-1][-1][0] == prefix and runs[-1][-1][1] == item[1] - 1:
            runs[-1].append(item)
        else:
            runs.append([item])
    parts = []
    for run in runs:
        names = [f"{p}-{n}" if n >= 0 else p for p, n in run]
        parts.append(f"{names[0]} … {names[-1]}" if len(run) >= 3 else ", ".join(names))
    return ", ".join(parts) or "—"


def lesson_files(folder: Path) -> list[Path]:
    """The kit's lessons (:data:`mtgrules.catalog.lessons.LESSONS`, in order) found in ``folder``:
    a notebook a learner saved beside them is not one, and a new lesson is, once listed there."""
    from mtgrules.catalog.lessons import lesson_names
    return [folder / f"{name}.ipynb" for name in lesson_names() if (folder / f"{name}.ipynb").exists()]


def lessons_markdown(folder: Path | None = None) -> str:
    """A Markdown table of the kit's lessons in ``folder``, each linked, with its title (its
    first heading) and the rulings it walks through (``rulings_by_lesson``: the catalog's and
    those it comes back to), so the list grows with the lessons and can't drift from them."""
    from mtgrules.catalog.lessons import rulings_by_lesson
    folder = KIT_LESSONS if folder is None else Path(folder)
    rulings = rulings_by_lesson()
    rows = []
    for path in lesson_files(folder):
        nb = json.loads(path.read_text(encoding="utf-8"))
        heading = next((line.lstrip("#").strip() for c in nb["cells"] if c["cell_type"] == "markdown"
                        for line in "".join(c["source"]).splitlines() if line.startswith("#")), path.stem)
        title = heading.split("—", 1)[1].strip() if heading.startswith("Lesson") and "—" in heading else heading
        rows.append(f"| [{path.stem[:2]}]({path.name}) | {_cell(title)} | {_ruling_ids(rulings.get(path.stem, []))} |")
    return "| lesson | what it teaches | rulings |\n|---|---|---|\n" + "\n".join(rows) + "\n"


def quiz_markdown(key: str) -> str:
    """A lesson's quiz as Markdown: each question with its board in words and numbered options,
    then the answers, each with where the engine plays every option and the rules."""
    from mtgrules.lessons.quizzes import quiz_module
    quiz = quiz_module(key).quiz()
    parts = [f"**{_cell(quiz.title)}** (the widget above asks it one question at a time; in a terminal, "
             f"`python -m mtgrules quiz {int(quiz.lesson[:2]) if quiz.lesson[:2].isdigit() else key}`)\n"]
    for n, q in enumerate(quiz, 1):
        board = "\n".join(f"   - {_cell(line)}" for line in q.board_lines())
        options = "\n".join(f"   {label}. {_cell(o.text)}" for label, o in zip(q.labels, q.options, strict=True))
        parts.append(f"{n}. {_cell(q.ask)} *{q.instruction}*\n\n   The board as it starts (nothing else exists):\n\n{board}\n\n"
                     f"{options}\n")
    parts.append("**Answers**\n")
    for n, q in enumerate(quiz, 1):
        where = " ".join(_cell(q.explain(label)) for label in q.labels)
        rules = ", ".join(f"CR {r}" for r in q.rules)
        parts.append(f"{n}. **{' and '.join(sorted(q.answer))}**. {_cell(q.why)} ({rules}) {where}")
    return "\n".join(parts) + "\n"


def layers_markdown(key: str) -> str:
    """The layer view of the object ``key``'s function names (it returns ``(state, id)``), as a
    Markdown table: every continuous effect in the order applied, each row citing its rule. As in
    the notebook's view, a column that says the same in every row is said once above the table."""
    from mtgrules.views.layers import layers_caption, layers_table
    state, oid = check_key(key)()
    table = layers_table(state, oid)
    said = []
    for column in ("depends on", "colour", "abilities", "controller"):
        values = set(table[column]) - {""}
        if len(values) == 1:
            value = values.pop()
            said.append(f"{column}: {value}" if column != "depends on" else "no effect here waits for another")
            table = table.drop(columns=[column])
    head = "| step | " + " | ".join(table.columns) + " |\n|---:|" + "---|" * len(table.columns) + "\n"
    rows = [f"| {label} | " + " | ".join(_cell(str(v)) for v in row) + " |"
            for label, row in zip(table.index, table.itertuples(index=False, name=None), strict=True)]
    note = f" ({'; '.join(_cell(s) for s in said)})" if said else ""
    return f"**{_cell(layers_caption(state, oid))}**{note}\n\n" + head + "\n".join(rows) + "\n"


def timeline_for(key: str) -> Timeline:
    """``"mana:mana_tour"`` → the Timeline built by ``mtgrules.lessons.mana.mana_tour()``."""
    timeline: Timeline = check_key(key)()
    return timeline


def check_key(key: Any) -> Any:
    """The lesson function a static cell's key names (``"mana:mana_tour"``), not yet called; a key
    that names none is refused with a sentence saying what a key looks like."""
    if not isinstance(key, str):
        raise ValueError(f"static cell key {key!r:.40} must be text such as 'mana:mana_tour' (module:function)")
    module, _, func = key.partition(":")
    if not module.isidentifier() or not func.isidentifier():
        raise ValueError(f"static cell key {key!r} must look like 'module:function'")
    try:
        found = getattr(importlib.import_module(f"{__package__}.{module}"), func)
    except ModuleNotFoundError as err:
        if err.name != f"{__package__}.{module}":  # the lesson module is there; something it imports isn't
            raise
        raise ValueError(f"static cell key {key!r}: the kit has no lesson module mtgrules.lessons.{module}") from None
    except AttributeError:
        raise ValueError(f"static cell key {key!r}: mtgrules.lessons.{module} has no function {func}") from None
    if not callable(found):
        raise ValueError(f"static cell key {key!r}: mtgrules.lessons.{module}.{func} is not a function")
    return found


def static_cells(nb: dict[str, Any]) -> list[tuple[int, str]]:
    """(cell index, "static:<key>", "ruling:<id>", "list:lessons", "casting:<key>", "quiz:<module>" or
    "layers:<key>")
    for every generated cell of a notebook."""
    found = []
    for i, c in enumerate(nb["cells"]):
        meta = c.get("metadata", {}).get("mtgrules", {})
        for kind in ("static", "ruling", "list", "casting", "quiz", "layers"):
            if c["cell_type"] == "markdown" and kind in meta:
                found.append((i, f"{kind}:{meta[kind]}"))
    return found


def expected(tag: str, folder: Path | None = None) -> str:
    """What a generated cell holds; ``folder`` is the notebook's own (the lessons a list names)."""
    kind, _, key = tag.partition(":")
    if kind == "quiz":
        return quiz_markdown(key)
    if kind == "layers":
        return layers_markdown(key)
    if kind == "casting":
        from mtgrules.lessons.casting_a_spell import casting_markdown
        return casting_markdown(timeline_for(key))
    if kind == "list":
        if key != "lessons":
            raise ValueError(f"a generated list is 'lessons', not {key!r}")
        return lessons_markdown(folder)
    return ruling_markdown(key) if kind == "ruling" else steps_markdown(timeline_for(key))


def stale_cells(path: Path) -> list[str]:
    """Tags of generated cells whose text differs from what the kit produces now."""
    nb = json.loads(path.read_text())
    return [tag for i, tag in static_cells(nb) if "".join(nb["cells"][i]["source"]) != expected(tag, path.parent)]


def rewrite(path: Path) -> int:
    """Refresh every generated cell of a notebook; return how many changed."""
    nb = json.loads(path.read_text())
    changed = 0
    for i, tag in static_cells(nb):
        text = expected(tag, path.parent)
        if "".join(nb["cells"][i]["source"]) != text:
            nb["cells"][i]["source"] = text
            changed += 1
    if changed:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return changed


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"{arg}: {rewrite(Path(arg))} static table(s) rewritten")
