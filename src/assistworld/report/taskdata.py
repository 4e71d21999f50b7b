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
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from assistworld.core.registry import UnknownParadigmError, get_paradigm
from assistworld.core.result import LEGACY_PARADIGM, TaskResult
from assistworld.report.measuring import ProgramMeasurer
from assistworld.report.references import ReferenceTask
from assistworld.report.rundata import RunData, failure_classes
from assistworld.report.selection import agent_details_of, read_selection, reported_scores

PROGRAM_CHARS = 20_000
OUTPUT_CHARS = 4_000
DETAILS_CHARS = 4_000


def clip(text: str | None, limit: int) -> str | None:
    """``text`` cut to ``limit`` characters, with a note of what was cut."""
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + f"\n… [{len(text) - limit} more characters not shown]"


def _number(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


def usage_tokens(usage: Mapping[str, Any]) -> float | None:
    """Prompt plus completion tokens, or a ``tokens``/``total_tokens`` figure; None if unknown."""
    prompt, completion = (
        _number(usage.get("prompt_tokens")),
        _number(usage.get("completion_tokens")),
    )
    if prompt is not None or completion is not None:
        return (prompt or 0.0) + (completion or 0.0)
    for key in ("total_tokens", "tokens"):
        if _number(usage.get(key)) is not None:
            return _number(usage.get(key))
    return None


def usage_latency(usage: Mapping[str, Any]) -> float | None:
    """Seconds spent waiting for the model, when the usage records it."""
    for key in ("latency_s", "latency", "seconds"):
        if _number(usage.get(key)) is not None:
            return _number(usage.get(key))
    return None


def _pair_row(pair: Mapping[str, Any]) -> dict[str, Any]:
    found = pair.get("run")
    run: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    return_value = run.get("return_value")
    row: dict[str, Any] = {
        "index": pair.get("index"),
        "passed": bool(pair.get("passed")),
        "outcome": pair.get("outcome"),
        "error_type": pair.get("error_type"),
        "error_message": clip(_text(pair.get("error_message")), OUTPUT_CHARS),
        "seconds": _number(pair.get("seconds")),
        "run_outcome": run.get("outcome"),
        "exception_type": run.get("exception_type"),
        "exception_message": clip(_text(run.get("exception_message")), OUTPUT_CHARS),
        "traceback": clip(_text(run.get("traceback")), OUTPUT_CHARS),
        "stdout": clip(_text(run.get("stdout")), OUTPUT_CHARS),
        "stderr": clip(_text(run.get("stderr")), OUTPUT_CHARS),
        "api_calls": _library_calls(run),
        "run_seconds": _number(run.get("seconds")),
        "return_value": None
        if return_value is None
        else clip(json.dumps(return_value, default=str), OUTPUT_CHARS),
        "tamper_flags": run.get("tamper_flags") or [],
    }
    return {key: value for key, value in row.items() if value not in (None, "", [])}


def _library_calls(run: Mapping[str, Any]) -> int | None:
    """World-host calls plus the time utilities the program ran itself (older runs have only
    the first)."""
    counts = [run.get(key) for key in ("api_calls", "local_calls")]
    numbers = [count for count in counts if type(count) is int]
    return sum(numbers) if numbers else None


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


_SHOWN_FIELDS = frozenset(
    {
        "program",
        "plan",
        "agent_details",
        "pairs",
        "kind",
        "parse_error",
        "library_imports_removed",
        "tamper_flags",
    }
)


def _paradigm_fields(details: Any) -> dict[str, Any]:
    """The fields of a paradigm's details record the generic row has no column for (a planning
    result's parsed calls, per-mode outcomes and per-call matches), for the task's page."""
    if not isinstance(details, BaseModel):
        return {}
    dumped = details.model_dump(mode="json", exclude=set(_SHOWN_FIELDS))
    return {key: value for key, value in dumped.items() if value not in (None, "", [], {})}


def task_row(
    result: TaskResult[Any],
    reference: ReferenceTask | None,
    measurer: ProgramMeasurer,
    page: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the table and the task's page show about one result; ``page`` is what the
    paradigm's ``task_page`` hook gives for it (shown in place of its details record)."""
    own = result.details
    program = getattr(own, "program", None)
    if program is None:
        program = getattr(own, "plan", None)  # a planning paradigm's plan text
    agent_details = agent_details_of(result)
    pairs: list[dict[str, Any]] = getattr(own, "pairs", None) or []
    complexity = measurer.candidate(program) if hasattr(own, "program") else None
    selection = read_selection(agent_details)
    details = {
        key: value
        for key, value in agent_details.items()
        if key not in ("selected_primitives", "selection", "primitive_selection")
    }
    if page is None:
        details.update(_paradigm_fields(own))
    row: dict[str, Any] = {
        "id": result.query_id,
        "key": f"{result.query_id}#{result.sample}" if result.sample else None,
        "passed": result.passed,
        "outcome": result.outcome,
        "category": result.category or "uncategorised",
        "kind": getattr(own, "kind", None) or "unknown",
        "program": clip(program, PROGRAM_CHARS),
        "parse_error": getattr(own, "parse_error", None),
        "error": clip(result.error, OUTPUT_CHARS),
        "imports_removed": getattr(own, "library_imports_removed", None) or None,
        "pairs": [_pair_row(pair) for pair in pairs],
        "pairs_passed": sum(1 for pair in pairs if pair.get("passed")),
        "usage": result.usage or None,
        "tokens": usage_tokens(result.usage),
        "latency": usage_latency(result.usage),
        "timings": result.timings or None,
        "tamper_flags": getattr(own, "tamper_flags", None) or None,
        "lines": complexity.lines if complexity else None,
        "cc": complexity.cyclomatic_complexity if complexity else None,
        "selected": sorted(selection.names) if selection else None,
        "reported_scores": reported_scores(agent_details) or None,
        "details": clip(json.dumps(details, default=str, indent=1), DETAILS_CHARS)
        if details
        else None,
    }
    if selection and reference is not None and reference.complexity is not None:
        row["reference_primitives"] = reference.complexity.primitives
    if page:
        row["page"] = dict(page)
        # what the paradigm knows and the generic row does not: the task's kind and query
        if isinstance(page.get("kind"), str) and row["kind"] == "unknown":
            row["kind"] = page["kind"]
        if isinstance(page.get("query"), str):
            row["query"] = page["query"]
    return {key: value for key, value in row.items() if value is not None}


def page_hook(run: RunData) -> Callable[[TaskResult[Any]], Mapping[str, Any]] | None:
    """The ``task_page`` hook of the run's paradigm, if it has one."""
    try:
        paradigm = get_paradigm(str(run.manifest.get("paradigm", LEGACY_PARADIGM)))
    except UnknownParadigmError:
        return None
    hook = getattr(paradigm, "task_page", None)
    return hook if callable(hook) else None


def reference_row(reference: ReferenceTask) -> dict[str, Any]:
    """What a task's page shows of its reference side."""
    complexity = reference.complexity
    row: dict[str, Any] = {
        "query": reference.query,
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


def report_data(
    runs: list[RunData],
    run_suites: list[str | None],
    suites: Mapping[str, Mapping[str, ReferenceTask]],
    measurer: ProgramMeasurer,
) -> dict[str, Any]:
    """The whole document: every run's task rows, and the reference rows of their tasks once.

    ``run_suites[i]`` is the key in ``suites`` of run ``i``'s reference tasks (None: unknown).
    """
    run_rows = []
    shown: dict[str, set[str]] = {}
    for run, key in zip(runs, run_suites, strict=True):
        references = suites.get(key, {}) if key is not None else {}
        page_of = page_hook(run)
        if key is not None:
            shown.setdefault(key, set()).update(result.query_id for result in run.results)
        run_rows.append(
            {
                "label": run.label,
                "refs": key,
                "tasks": [
                    task_row(
                        result,
                        references.get(result.query_id),
                        measurer,
                        page_of(result) if page_of is not None else None,
                    )
                    for result in run.results
                ],
            }
        )
    return {
        "runs": run_rows,
        "refs": {
            key: {
                query_id: reference_row(ref)
                for query_id, ref in tasks.items()
                if query_id in shown.get(key, set())
            }
            for key, tasks in suites.items()
        },
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
