"""Statistics of generated programs against the reference ones (the paper's Table 5).

Generated programs are measured after their library imports are removed (see
:meth:`~assistworld.paradigms.aspera.report.measuring.ProgramMeasurer.candidate`). Programs
that do not parse are counted but not measured.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.references import ReferenceTask
from assistworld.paradigms.aspera.tasks.complexity import ProgramComplexity


@dataclass(frozen=True)
class ProgramStats:
    """One column of the table: a run's generated programs, or the reference programs."""

    programs: int
    """Programs measured (present and parseable)."""
    unmeasured: int
    """Programs missing or not parseable."""
    lines_delta: float | None
    """Mean (generated - reference) code lines over tasks where both were measured."""
    mean_lines: float | None
    requires_user_input: int
    """``raise RequiresUserInput`` statements over all programs."""
    mean_planning_steps: float | None
    helper_functions: int
    mean_cyclomatic_complexity: float | None
    mean_ast_depth: float | None
    mean_primitives: float | None


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _stats(measured: list[ProgramComplexity], unmeasured: int, deltas: list[int]) -> ProgramStats:
    return ProgramStats(
        programs=len(measured),
        unmeasured=unmeasured,
        lines_delta=_mean(deltas),
        mean_lines=_mean([m.lines for m in measured]),
        requires_user_input=sum(m.requires_user_input_raises for m in measured),
        mean_planning_steps=_mean([m.planning_steps for m in measured]),
        helper_functions=sum(m.helper_functions for m in measured),
        mean_cyclomatic_complexity=_mean([m.cyclomatic_complexity for m in measured]),
        mean_ast_depth=_mean([m.max_ast_depth for m in measured]),
        mean_primitives=_mean([m.distinct_primitives for m in measured]),
    )


def generated_stats(
    results: Iterable[TaskResult[Any]],
    references: Mapping[str, ReferenceTask],
    measurer: ProgramMeasurer,
) -> ProgramStats:
    """Statistics of a run's programs; the line delta needs the references (else None)."""
    measured: list[ProgramComplexity] = []
    unmeasured = 0
    deltas: list[int] = []
    for result in results:
        complexity = measurer.candidate(getattr(result.details, "program", None))
        if complexity is None:
            unmeasured += 1
            continue
        measured.append(complexity)
        reference = references.get(result.query_id)
        if reference is not None and reference.complexity is not None:
            deltas.append(complexity.lines - reference.complexity.lines)
    return _stats(measured, unmeasured, deltas)


def reference_stats(
    query_ids: Iterable[str], references: Mapping[str, ReferenceTask]
) -> ProgramStats:
    """Statistics of the reference programs of ``query_ids`` (those the suite has)."""
    measured: list[ProgramComplexity] = []
    unmeasured = 0
    for query_id in query_ids:
        reference = references.get(query_id)
        if reference is None or reference.complexity is None:
            unmeasured += 1
            continue
        measured.append(reference.complexity)
    return _stats(measured, unmeasured, [])


STAT_ROWS: tuple[tuple[str, str, str], ...] = (
    ("lines_delta", "Lines of code Δ to reference (mean)", "{:+.2f}"),
    ("mean_lines", "Lines of code (mean)", "{:.2f}"),
    ("requires_user_input", "RequiresUserInput raises (total)", "{:d}"),
    ("mean_planning_steps", "Planning steps, comment lines (mean)", "{:.2f}"),
    ("helper_functions", "Helper functions (total)", "{:d}"),
    ("mean_cyclomatic_complexity", "Cyclomatic complexity (mean)", "{:.2f}"),
    ("mean_ast_depth", "Maximum AST depth (mean)", "{:.2f}"),
    ("mean_primitives", "Distinct primitives (mean)", "{:.2f}"),
    ("programs", "Programs measured", "{:d}"),
    ("unmeasured", "Programs missing or not parseable", "{:d}"),
)
"""(field, row title, format) of the table, in display order."""


def format_stat(stats: ProgramStats, key: str, pattern: str) -> str:
    """One cell: the formatted value, or an em dash when there is none."""
    value = getattr(stats, key)
    return "—" if value is None else pattern.format(value)
