"""Metrics over a run: computed over *all* tasks selected, never only those that ran cleanly."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

from assistworld.runner.records import TaskResult

FAILURE_CLASSES: tuple[str, ...] = (
    "execution_error",
    "handback_control_error",
    "task_completion_error",
    "parse_failure",
    "no_program",
    "timeout",
    "resource_limit",
    "crashed",
    "protocol_violation",
    "evaluator_error",
    "infra_error",
)
"""Every way a task can fail, in the order reports list them."""


class GroupMetrics(BaseModel):
    """Success and failure rates of a group of tasks (all tasks, a category, or a kind)."""

    tasks: int
    passed: int
    success_rate: float
    rates: dict[str, float] = Field(default_factory=dict)
    counts: dict[str, int] = Field(default_factory=dict)


class RunMetrics(BaseModel):
    """The headline numbers of a run, overall and broken down by category and by kind."""

    overall: GroupMetrics
    by_category: dict[str, GroupMetrics]
    by_kind: dict[str, GroupMetrics]
    usage: dict[str, Any] = Field(default_factory=dict)


def _group(results: list[TaskResult]) -> GroupMetrics:
    total = len(results)
    passed = sum(1 for r in results if r.passed)
    counts = Counter(r.outcome for r in results if not r.passed)
    for name in counts:
        if name not in FAILURE_CLASSES:
            raise ValueError(f"unknown outcome class {name!r} in results")
    full = {name: counts.get(name, 0) for name in FAILURE_CLASSES}
    return GroupMetrics(
        tasks=total,
        passed=passed,
        success_rate=passed / total if total else 0.0,
        counts=full,
        rates={name: (n / total if total else 0.0) for name, n in full.items()},
    )


def _sum_usage(results: Iterable[TaskResult]) -> dict[str, Any]:
    totals: dict[str, float] = defaultdict(float)
    for result in results:
        for key, value in result.usage.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                totals[key] += value
    return dict(totals)


def compute_metrics(results: Iterable[TaskResult]) -> RunMetrics:
    """Metrics of a run from its task results (one per task)."""
    items = list(results)
    by_category: dict[str, list[TaskResult]] = defaultdict(list)
    by_kind: dict[str, list[TaskResult]] = defaultdict(list)
    for result in items:
        by_category[result.category or "uncategorised"].append(result)
        by_kind[result.kind or "unknown"].append(result)
    return RunMetrics(
        overall=_group(items),
        by_category={k: _group(v) for k, v in sorted(by_category.items())},
        by_kind={k: _group(v) for k, v in sorted(by_kind.items())},
        usage=_sum_usage(items),
    )
