"""``assistworld tasks`` for a planning suite: one row per task, or the summary (the paper's
Table 2 per category, and every data defect)."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from assistworld.core.columns import fitted_listing
from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.grading.graph import category_statistics, plan_shape
from assistworld.paradigms.appbench.tasks.model import CATEGORIES, PlanningTask

_NUMBERS = re.compile(r"\b(call \d+|line \d+)\b")
_QUOTED = re.compile(r"'[^']*'|\([^)]*\)")


def task_rows(tasks: list[PlanningTask]) -> list[dict[str, Any]]:
    rows = []
    for task in tasks:
        shape = plan_shape(task.calls)
        rows.append(
            {
                "query_id": task.query_id,
                "category": task.category,
                "calls": len(task.calls),
                "apps": sorted({call.app for call in task.calls}),
                "para": shape.para,
                "seq": shape.seq,
                "example": task.example,
                "executable": task.executable,
                "defects": task.defects,
                "query": task.query,
            }
        )
    return rows


_DEFECT_KINDS = (
    ("duplicate instruction", "duplicate instruction"),
    ("lists of different lengths", "lists of different lengths"),
    ("undeclared argument", "argument the app description does not declare"),
    ("does not declare", "API the app description does not declare"),
    ("which no description has", "app no description has"),
    ("which no earlier call returns", "dependency on a variable no earlier call returns"),
    ("holds ', '", "value holds ', ' (split by the paper's scorer)"),
    ("holds a quote", "value holds a quote"),
    ("scorer cannot read", "call the paper's scorer cannot read"),
    ("no gold calls", "no gold calls"),
)


def defect_kind(defect: str) -> str:
    """The kind of a defect message, to count defects by kind."""
    for marker, kind in _DEFECT_KINDS:
        if marker in defect:
            return kind
    return _QUOTED.sub("…", _NUMBERS.sub("call N", defect))


def suite_summary(suite: Suite) -> dict[str, Any]:
    tasks: list[PlanningTask] = list(suite.tasks)
    categories = [c.value for c in CATEGORIES if any(t.category == c.value for t in tasks)]
    table = [
        category_statistics(c, [t.calls for t in tasks if t.category == c]).model_dump()
        for c in categories
    ]
    kinds = Counter(defect_kind(d) for task in tasks for d in task.defects)
    return {
        "suite": suite.name,
        "format": suite.format,
        "tasks": len(tasks),
        "examples": sum(task.example for task in tasks),
        "executable": sum(task.executable for task in tasks),
        "table_2": table,
        "tasks_with_defects": sum(1 for task in tasks if task.defects),
        "defects_by_kind": dict(kinds.most_common()),
        "defects": {task.query_id: task.defects for task in tasks if task.defects},
        "errors": list(suite.errors),
    }


def _summary_tables(summary: dict[str, Any]) -> list[Table]:
    stats = Table(title=f"{summary['suite']}: {summary['tasks']} tasks (the paper's Table 2)")
    stats.add_column("statistic")
    for column in summary["table_2"]:
        stats.add_column(column["category"].upper(), justify="right")
    for key in (
        "samples",
        "apps",
        "apis",
        "mean_apps",
        "mean_apis",
        "mean_arguments",
        "max_seq",
        "max_para",
        "mean_seq",
        "mean_para",
    ):
        stats.add_row(key.replace("_", " "), *(f"{c[key]:g}" for c in summary["table_2"]))
    defects = Table(title=f"data defects: {summary['tasks_with_defects']} tasks have some")
    defects.add_column("defect")
    defects.add_column("count", justify="right")
    for kind, count in summary["defects_by_kind"].items():
        defects.add_row(kind, str(count))
    tables = [stats, defects]
    if summary["errors"]:
        errors = Table(title="records that could not be read")
        errors.add_column("problem")
        for error in summary["errors"]:
            errors.add_row(error)
        tables.append(errors)
    return tables


def list_planning_tasks(suite: Suite, console: Console, *, as_json: bool, summary: bool) -> None:
    """Print the suite's tasks or its summary, as a table or JSON."""
    if summary:
        summed = suite_summary(suite)
        if as_json:
            print(json.dumps(summed, indent=2))
            return
        for table in _summary_tables(summed):
            console.print(table)
        return
    rows = task_rows(list(suite.tasks))
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    cells = [
        [
            row["query_id"],
            str(row["category"]),
            str(row["calls"]),
            str(row["para"]),
            f"{row['seq']:g}",
            str(len(row["defects"])),
            str(len(row["apps"])),
            row["query"],
        ]
        for row in rows
    ]
    headers = ("id", "cat", "calls", "para", "seq", "defects", "apps", "instruction")
    console.print(
        fitted_listing(
            headers,
            cells,
            width=console.width,
            flexible=len(headers) - 1,
            title=f"{suite.name}: {len(rows)} tasks",
            right=(2, 3, 4, 5, 6),
            optional=(1, 5, 6, 4, 3),  # the category (the id says it), then the counts
        )
    )
