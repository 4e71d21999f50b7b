"""``assistworld suites``: the bundled suites as rows and as a table."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from assistworld.core.registry import UnknownParadigmError, bundled_suites, get_paradigm


def suite_rows() -> list[dict[str, Any]]:
    """One row per bundled suite: ``name``, ``paradigm``, ``tasks``, ``description``, ``path``.

    ``tasks`` counts the suite's valid tasks (each suite is read through its paradigm); it is
    None for a suite whose paradigm is not installed, which is still listed, saying so.
    """
    rows = []
    for bundled in bundled_suites():
        description = bundled.description
        try:
            paradigm = get_paradigm(bundled.paradigm)
        except UnknownParadigmError:
            tasks = None
            description += f" (its paradigm {bundled.paradigm!r} is not installed)"
        else:
            tasks = len(paradigm.load_suite(bundled.path, bundled.name, strict=False).tasks)
        rows.append(
            {
                "name": bundled.name,
                "paradigm": bundled.paradigm,
                "tasks": tasks,
                "description": description,
                "path": str(bundled.path),
            }
        )
    return rows


def render_suites(rows: list[dict[str, Any]]) -> Table:
    """The rows as a table (the path left out: ``--json`` has it)."""
    table = Table(title="bundled suites")
    table.add_column("suite")
    table.add_column("paradigm")
    table.add_column("tasks", justify="right")
    table.add_column("description")
    for row in rows:
        tasks = "-" if row["tasks"] is None else str(row["tasks"])
        table.add_row(row["name"], row["paradigm"], tasks, row["description"])
    return table
