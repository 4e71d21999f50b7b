"""What an ASPERA task's page and row in the report's task table show: the outcome of each
(setup, evaluation) pair, the candidate and reference programs with their complexity, and the
primitive selection; long texts are cut (:func:`assistworld.report.taskdata.clip`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.references import ReferenceTask
from assistworld.paradigms.aspera.report.selection import (
    agent_details_of,
    read_selection,
    reported_scores,
)
from assistworld.report.taskdata import OUTPUT_CHARS, PROGRAM_CHARS, clip, number

LAYOUT = "program"
"""The name the page's script renders these pages by (``templates/task_page.js.j2``)."""


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _library_calls(run: Mapping[str, Any]) -> int | None:
    """World-host calls plus the time utilities the program ran itself (older runs have only
    the first)."""
    counts = [run.get(key) for key in ("api_calls", "local_calls")]
    numbers = [count for count in counts if type(count) is int]
    return sum(numbers) if numbers else None


def pair_row(pair: Mapping[str, Any]) -> dict[str, Any]:
    """One (setup, evaluation) pair's outcome and what its run printed or raised."""
    found = pair.get("run")
    run: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    return_value = run.get("return_value")
    row: dict[str, Any] = {
        "index": pair.get("index"),
        "passed": bool(pair.get("passed")),
        "outcome": pair.get("outcome"),
        "error_type": pair.get("error_type"),
        "error_message": clip(_text(pair.get("error_message")), OUTPUT_CHARS),
        "seconds": number(pair.get("seconds")),
        "run_outcome": run.get("outcome"),
        "exception_type": run.get("exception_type"),
        "exception_message": clip(_text(run.get("exception_message")), OUTPUT_CHARS),
        "traceback": clip(_text(run.get("traceback")), OUTPUT_CHARS),
        "stdout": clip(_text(run.get("stdout")), OUTPUT_CHARS),
        "stderr": clip(_text(run.get("stderr")), OUTPUT_CHARS),
        "api_calls": _library_calls(run),
        "run_seconds": number(run.get("seconds")),
        "return_value": None
        if return_value is None
        else clip(json.dumps(return_value, default=str), OUTPUT_CHARS),
        "tamper_flags": run.get("tamper_flags") or [],
    }
    return {key: value for key, value in row.items() if value not in (None, "", [])}


def _pairs(result: TaskResult[Any]) -> list[dict[str, Any]]:
    found = getattr(result.details, "pairs", None)
    return list(found) if isinstance(found, list) else []


def reference_view(reference: ReferenceTask) -> dict[str, Any]:
    """What a task's page shows of its reference side."""
    complexity = reference.complexity
    row: dict[str, Any] = {
        "program": clip(reference.program, PROGRAM_CHARS),
        "pairs": reference.pairs,
        "words": reference.query_words,
    }
    if complexity is not None:
        row.update(
            cc=complexity.cyclomatic_complexity,
            depth=complexity.max_ast_depth,
            prims=complexity.distinct_primitives,
            lines=complexity.lines,
        )
    return row


def task_cells(
    result: TaskResult[Any], reference: ReferenceTask | None, measurer: ProgramMeasurer
) -> dict[str, Any]:
    """The row's cells: pairs passed (sorted by the count), the reference's and the candidate's
    cyclomatic complexity."""
    pairs = _pairs(result)
    passed = sum(1 for pair in pairs if pair.get("passed"))
    cells: dict[str, Any] = {}
    if pairs:
        cells["pairs"] = [f"{passed}/{len(pairs)}", passed]
    if reference is not None and reference.complexity is not None:
        cells["refcc"] = reference.complexity.cyclomatic_complexity
    complexity = measurer.candidate(getattr(result.details, "program", None))
    if complexity is not None:
        cells["cc"] = complexity.cyclomatic_complexity
    return cells


def task_page(
    result: TaskResult[Any], reference: ReferenceTask | None, measurer: ProgramMeasurer
) -> dict[str, Any]:
    """The page's data (see the module docstring); ``query`` comes from the reference task."""
    own = result.details
    program = getattr(own, "program", None)
    agent_details = agent_details_of(result)
    selection = read_selection(agent_details)
    complexity = measurer.candidate(program)
    page: dict[str, Any] = {
        "layout": LAYOUT,
        "program": clip(program, PROGRAM_CHARS),
        "parse_error": getattr(own, "parse_error", None),
        "imports_removed": getattr(own, "library_imports_removed", None) or None,
        "pairs": [pair_row(pair) for pair in _pairs(result)],
        "tamper_flags": getattr(own, "tamper_flags", None) or None,
        "lines": complexity.lines if complexity else None,
        "selected": sorted(selection.names) if selection else None,
        "reported_scores": reported_scores(agent_details) or None,
    }
    if reference is not None:
        page["query"] = reference.query
        page["reference"] = reference_view(reference)
        if selection and reference.complexity is not None:
            page["reference_primitives"] = reference.complexity.primitives
    return {key: value for key, value in page.items() if value is not None}
