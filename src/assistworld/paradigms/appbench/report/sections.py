"""The planning sections of the HTML report, rendered here (the report includes them as given):
every mode side by side per category, the paper's Table 4 error analysis, and success and
argument exact match by graph shape (its Figure 4)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from assistworld.core.paradigm import ReportSection
from assistworld.core.result import TaskResult
from assistworld.paradigms.appbench.grading.results import PRIMARY_MODE, scored_tasks
from assistworld.paradigms.appbench.grading.scores import error_table, score_table, shape_table

_MODE_NOTES = {
    "paper": "the published scorer's numbers, quirks included",
    "corrected": "multiset hits, exact arguments, dependencies and order checked (default)",
    "executed": "the plan run against the simulated services",
}
_METRIC_LABELS = {
    "f1_app": "F1 app",
    "f1_api": "F1 API",
    "em_app": "EM app",
    "em_api": "EM API",
    "success": "Success",
}


def _percent(value: float) -> str:
    return f"{100 * value:.1f}"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f'<table class="data"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _scores_html(scores: dict[str, dict[str, dict[str, float]]]) -> str:
    modes = list(scores)
    categories = list(next(iter(scores.values()), {}))
    header = ["category"] + [
        f"{mode} {_METRIC_LABELS[metric]}" for mode in modes for metric in _METRIC_LABELS
    ]
    rows = [
        [category.upper()]
        + [
            _percent(scores[mode].get(category, {}).get(metric, 0.0))
            for mode in modes
            for metric in _METRIC_LABELS
        ]
        for category in categories
    ]
    notes = "".join(
        f"<li><strong>{escape(mode)}</strong>: {escape(_MODE_NOTES.get(mode, ''))}</li>"
        for mode in modes
    )
    return f'<p class="help">Percent over all tasks.</p><ul>{notes}</ul>' + _table(header, rows)


def _errors_html(errors: dict[str, dict[str, dict[str, float]]]) -> str:
    header = [
        "mode",
        "category",
        "missing key I",
        "missing key D",
        "wrong value I",
        "wrong value D",
        "time / place",
    ]
    rows = [
        [
            mode,
            category.upper(),
            _percent(cell["key_independent"]),
            _percent(cell["key_dependent"]),
            _percent(cell["value_independent"]),
            _percent(cell["value_dependent"]),
            f"{_percent(cell['time_share'])} / {_percent(cell['place_share'])}",
        ]
        for mode, categories in errors.items()
        for category, cell in categories.items()
    ]
    help_text = (
        "Errors in the arguments of the gold calls the plan made, as a percentage of those "
        "arguments; I = independent (a value the user stated), D = dependent (a value an "
        "earlier call returns). Time / place: share of the wrong arguments holding a date or "
        "time, and a place."
    )
    return f'<p class="help">{escape(help_text)}</p>' + _table(header, rows)


def _shapes_html(shapes: dict[str, dict[str, dict[str, float]]]) -> str:
    header = ["mode", "graph shape", "tasks", "arguments all right", "success"]
    rows = [
        [
            mode,
            cell,
            f"{figures['tasks']:g}",
            _percent(figures["arguments_exact"]),
            _percent(figures["success"]),
        ]
        for mode, cells in shapes.items()
        for cell, figures in cells.items()
    ]
    help_text = (
        "para = independent groups of calls in the gold plan; seq = mean size of a group "
        "(calls that wait for each other)."
    )
    return f'<p class="help">{escape(help_text)}</p>' + _table(header, rows)


def planning_sections(results: Sequence[TaskResult[Any]], suite: Any = None) -> list[ReportSection]:
    """The planning sections for one run's results (none when no result was graded)."""
    tasks = scored_tasks(results)
    if not tasks or not any(task.outcomes for task in tasks):
        return []
    title_mode = f"(primary mode: {PRIMARY_MODE})"
    return [
        ReportSection(
            "planning-scores", f"Planning scores {title_mode}", _scores_html(score_table(tasks))
        ),
        ReportSection(
            "planning-errors",
            "Argument errors (AppBench Table 4)",
            _errors_html(error_table(tasks)),
        ),
        ReportSection(
            "planning-shapes",
            "By graph shape (AppBench Figure 4)",
            _shapes_html(shape_table(tasks)),
        ),
    ]
