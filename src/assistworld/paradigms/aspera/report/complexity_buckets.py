"""Task success as a function of the reference program's complexity (the paper's Figure 5),
in buckets of fixed edges (:mod:`assistworld.report.buckets`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.report.references import ReferenceTask
from assistworld.report.buckets import Bucket, bucket_index, bucket_labels


@dataclass(frozen=True)
class Measure:
    """One complexity measure of a task and the lower edges of its buckets."""

    key: str
    title: str
    noun: str
    """How a sentence names it."""
    edges: tuple[int, ...]
    """Lower edge of each bucket; the last bucket is open-ended."""


MEASURES: tuple[Measure, ...] = (
    Measure(
        "cyclomatic_complexity",
        "Cyclomatic complexity",
        "the reference program's cyclomatic complexity",
        (1, 2, 4, 6, 10),
    ),
    Measure(
        "max_ast_depth",
        "Maximum AST depth",
        "the reference program's maximum AST depth",
        (0, 7, 9, 11, 13),
    ),
    Measure(
        "distinct_primitives",
        "Number of primitives",
        "the number of distinct primitives the reference program uses",
        (0, 4, 7, 10, 13),
    ),
    Measure(
        "query_words", "Query length (words)", "the query's length in words", (0, 11, 16, 21, 31)
    ),
)
"""The measures plotted, in display order."""


def measure_value(task: ReferenceTask, key: str) -> int | None:
    """The value of measure ``key`` for ``task`` (None when the program cannot be measured)."""
    if key == "query_words":
        return task.query_words
    if task.complexity is None:
        return None
    value = getattr(task.complexity, key)
    return int(value)


def success_by_bucket(
    results: Iterable[TaskResult[Any]],
    references: Mapping[str, ReferenceTask],
    measure: Measure,
) -> list[Bucket]:
    """One bucket per edge; tasks without a reference (or unmeasurable) are left out."""
    labels = bucket_labels(measure.edges)
    tasks = [0] * len(labels)
    passed = [0] * len(labels)
    for result in results:
        reference = references.get(result.query_id)
        if reference is None:
            continue
        value = measure_value(reference, measure.key)
        if value is None:
            continue
        index = bucket_index(value, measure.edges)
        tasks[index] += 1
        passed[index] += int(result.passed)
    return [Bucket(label, n, k) for label, n, k in zip(labels, tasks, passed, strict=True)]
