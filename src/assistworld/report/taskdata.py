"""The per-task data the report's page renders on demand, as one JSON document.

The page embeds it in ``<script type="application/json">`` and reads it with ``JSON.parse``;
:func:`embed_json` escapes ``<``, ``>`` and ``&`` so no string in it (a query, a program, an
exception message: all untrusted) can close the script element or start markup. The page's
script only ever puts these strings into the DOM as text.

Long texts (tracebacks, printed output) are cut to keep a 10,000-task page loadable; a cut text
ends with a note saying how much was left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from assistworld.core.paradigm import ReportPart, TaskColumn
from assistworld.core.result import TaskResult
from assistworld.report.rundata import RunData, failure_classes

PROGRAM_CHARS = 20_000
OUTPUT_CHARS = 4_000
DETAILS_CHARS = 4_000


def clip(text: str | None, limit: int) -> str | None:
    """``text`` cut to ``limit`` characters, with a note of what was cut."""
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + f"\n… [{len(text) - limit} more characters not shown]"


def number(value: Any) -> float | None:
    """``value`` when it is a number (not a bool), else None."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def usage_tokens(usage: Mapping[str, Any]) -> float | None:
    """Prompt plus completion tokens, or a ``tokens``/``total_tokens`` figure; None if unknown."""
    prompt, completion = (
        number(usage.get("prompt_tokens")),
        number(usage.get("completion_tokens")),
    )
    if prompt is not None or completion is not None:
        return (prompt or 0.0) + (completion or 0.0)
    for key in ("total_tokens", "tokens"):
        if number(usage.get(key)) is not None:
            return number(usage.get(key))
    return None


def usage_latency(usage: Mapping[str, Any]) -> float | None:
    """Seconds spent waiting for the model, when the usage records it."""
    for key in ("latency_s", "latency", "seconds"):
        if number(usage.get(key)) is not None:
            return number(usage.get(key))
    return None


def detail_fields(details: Any) -> tuple[dict[str, str], str | None]:
    """A result's details record for the page of a paradigm that gives none of its own (a
    planning result's plan, parsed calls and per-mode outcomes): its texts of several lines
    each shown apart, and the other fields as indented JSON; both cut when long."""
    if isinstance(details, BaseModel):
        dumped = details.model_dump(mode="json")
    elif isinstance(details, Mapping):
        dumped = dict(details)
    else:
        return {}, None
    texts: dict[str, str] = {}
    rest: dict[str, Any] = {}
    for key, value in dumped.items():
        if value in (None, "", [], {}):
            continue
        if isinstance(value, str) and "\n" in value:
            texts[str(key)] = clip(value, PROGRAM_CHARS) or ""
        else:
            rest[str(key)] = value
    shown = clip(json.dumps(rest, default=str, indent=1), DETAILS_CHARS) if rest else None
    return texts, shown


def task_row(
    result: TaskResult[Any],
    cells: Mapping[str, Any] | None = None,
    page: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the table and the task's page show about one result: ``cells`` are the
    paradigm's columns (:meth:`ReportPart.task_cells`), ``page`` its page
    (:meth:`ReportPart.task_page`; without one the page shows the details record's fields)."""
    row: dict[str, Any] = {
        "id": result.query_id,
        "key": f"{result.query_id}#{result.sample}" if result.sample else None,
        "passed": result.passed,
        "outcome": result.outcome,
        "category": result.category or "uncategorised",
        "kind": getattr(result.details, "kind", None) or "unknown",
        "error": clip(result.error, OUTPUT_CHARS),
        "usage": result.usage or None,
        "tokens": usage_tokens(result.usage),
        "latency": usage_latency(result.usage),
        "timings": result.timings or None,
        "cells": dict(cells) if cells else None,
    }
    if page:
        shown = dict(page)
        # what the paradigm knows and the generic row does not: the task's kind and query (kept
        # once, in the row, where the table and the search read it)
        if isinstance(shown.get("kind"), str) and row["kind"] == "unknown":
            row["kind"] = shown["kind"]
        if isinstance(shown.get("query"), str):
            row["query"] = shown.pop("query")
        row["page"] = shown
    else:
        texts, details = detail_fields(result.details)
        row["texts"] = texts or None
        row["details"] = details
    return {key: value for key, value in row.items() if value is not None}


def _column_dict(column: TaskColumn) -> dict[str, Any]:
    shown: dict[str, Any] = {"key": column.key, "heading": column.heading}
    if column.digits is not None:
        shown["digits"] = column.digits
    return shown


def run_rows(run: RunData, part: ReportPart, index: int) -> dict[str, Any]:
    """One run's table: its paradigm's columns and a row per result."""
    return {
        "label": run.label,
        "columns": [_column_dict(column) for column in part.task_columns()],
        "tasks": [
            task_row(result, part.task_cells(index, result), part.task_page(index, result))
            for result in run.results
        ],
    }


def report_data(runs: Sequence[RunData], parts: Sequence[tuple[ReportPart, int]]) -> dict[str, Any]:
    """The whole document: every run's columns and task rows; ``parts[i]`` is run ``i``'s
    paradigm part and its index there."""
    return {
        "runs": [
            run_rows(run, part, index) for run, (part, index) in zip(runs, parts, strict=True)
        ],
        "outcomes": ["passed", *failure_classes(runs)],
    }


def embed_json(data: Any) -> str:
    """JSON text safe inside ``<script type="application/json">`` (see the module docstring)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    return (
        text.replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
