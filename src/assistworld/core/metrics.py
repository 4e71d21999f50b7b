"""Metrics over a run: computed over *all* tasks selected, never only those that ran cleanly.

The failure classes are the paradigm's (:attr:`assistworld.core.paradigm.Paradigm.outcome_classes`);
``counts`` and ``rates`` list every one of them, in the paradigm's order, so reports read the
classes from the metrics themselves.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel, Field

from assistworld.core.pass_k import SampleMetrics, sample_metrics
from assistworld.core.result import TaskResult
from assistworld.core.usage_roles import add_numbers, sum_role_usage

KindOf = Callable[[TaskResult[Any]], str | None]


class GroupMetrics(BaseModel):
    """Success and failure rates of a group of tasks (all tasks, a category, or a kind)."""

    tasks: int
    passed: int
    success_rate: float
    mean_score: float | None = None
    rates: dict[str, float] = Field(default_factory=dict)
    counts: dict[str, int] = Field(default_factory=dict)


class RunMetrics(BaseModel):
    """The headline numbers of a run, overall and broken down by category and by kind.

    With repeated samples (``run --samples K``) the groups count every (task, sample) record, so
    their success rate is each sample's averaged; ``samples`` adds pass@k and pass^k.
    """

    overall: GroupMetrics
    by_category: dict[str, GroupMetrics]
    by_kind: dict[str, GroupMetrics]
    usage: dict[str, Any] = Field(default_factory=dict)
    usage_by_role: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Each role's usage summed (see :mod:`assistworld.core.usage_roles`)."""
    samples: SampleMetrics | None = None
    """Repeated-sample metrics; None when every task has one sample."""

    @property
    def failure_classes(self) -> list[str]:
        """The paradigm's failure classes, in its order."""
        return list(self.overall.counts)


def _group(results: list[TaskResult[Any]], classes: Sequence[str]) -> GroupMetrics:
    total = len(results)
    passed = sum(1 for r in results if r.passed)
    counts = Counter(r.outcome for r in results if not r.passed)
    for name in counts:
        if name not in classes:
            raise ValueError(f"unknown outcome class {name!r} in results")
    full = {name: counts.get(name, 0) for name in classes}
    return GroupMetrics(
        tasks=total,
        passed=passed,
        success_rate=passed / total if total else 0.0,
        mean_score=sum(r.score for r in results) / total if total else None,
        counts=full,
        rates={name: (n / total if total else 0.0) for name, n in full.items()},
    )


def sum_usage(results: Iterable[TaskResult[Any]]) -> dict[str, Any]:
    """Model usage (tokens, cost, latency, cache hits) added up over ``results``."""
    return add_numbers(result.usage for result in results)


def compute_metrics(
    results: Iterable[TaskResult[Any]],
    failure_classes: Sequence[str],
    kind_of: KindOf | None = None,
) -> RunMetrics:
    """Metrics of a run from its task results (one per task and sample).

    ``kind_of`` gives a result's kind for the ``by_kind`` breakdown (none when not given).
    """
    items = list(results)
    by_category: dict[str, list[TaskResult[Any]]] = defaultdict(list)
    by_kind: dict[str, list[TaskResult[Any]]] = defaultdict(list)
    for result in items:
        by_category[result.category or "uncategorised"].append(result)
        if kind_of is not None:
            by_kind[kind_of(result) or "unknown"].append(result)
    return RunMetrics(
        overall=_group(items, failure_classes),
        by_category={k: _group(v, failure_classes) for k, v in sorted(by_category.items())},
        by_kind={k: _group(v, failure_classes) for k, v in sorted(by_kind.items())},
        usage=sum_usage(items),
        usage_by_role=sum_role_usage(items),
        samples=sample_metrics(items),
    )
