"""Complexity buckets: fixed edges, readable labels, success and size per bucket."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.report.complexity_buckets import (
    MEASURES,
    bucket_index,
    bucket_labels,
    success_by_bucket,
)
from assistworld.paradigms.aspera.report.references import load_references
from tests.report._runs import manifest, result, write_suite


@pytest.mark.parametrize(
    ("edges", "labels"),
    [
        ((1, 2, 4, 6, 10), ["1", "2-3", "4-5", "6-9", "10+"]),
        ((0, 7, 9), ["≤6", "7-8", "9+"]),
        ((3, 5), ["3-4", "5+"]),
    ],
)
def test_bucket_labels(edges: tuple[int, ...], labels: list[str]) -> None:
    assert bucket_labels(edges) == labels


@pytest.mark.parametrize(
    ("value", "index"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (9, 3), (10, 4), (99, 4)]
)
def test_bucket_index(value: int, index: int) -> None:
    assert bucket_index(value, (1, 2, 4, 6, 10)) == index


def test_success_by_cyclomatic_complexity_counts_tasks_and_passes(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    results = [
        result("lunch_01", "passed"),  # CC 1
        result("evil_04", "passed"),  # CC 3
        result("count_02", "execution_error"),  # CC 6
        result("cancel_03", "passed"),  # CC 11
        result("not_in_suite", "passed"),
    ]
    cc = next(m for m in MEASURES if m.key == "cyclomatic_complexity")
    buckets = success_by_bucket(results, refs, cc)
    assert [(b.label, b.tasks, b.passed) for b in buckets] == [
        ("1", 1, 1),
        ("2-3", 1, 1),
        ("4-5", 0, 0),
        ("6-9", 1, 0),
        ("10+", 1, 1),
    ]
    assert buckets[2].success_rate is None
    assert buckets[3].success_rate == 0.0


def test_every_measure_buckets_every_task_with_a_reference(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    results = [result(query_id, "passed") for query_id in refs]
    for measure in MEASURES:
        assert sum(b.tasks for b in success_by_bucket(results, refs, measure)) == 4
