"""Which tasks flipped between two runs, and when two runs do not compare."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistworld.report.compare import compare_runs, grading_conflicts
from assistworld.report.rundata import load_run
from tests.report._runs import manifest, result, write_run


def test_flips_in_both_directions_and_changed_failures(tmp_path: Path) -> None:
    ids = ["a", "b", "c", "d"]
    first = write_run(
        tmp_path / "one",
        [
            result("a", "passed"),
            result("b", "execution_error"),
            result("c", "timeout"),
            result("d", "passed"),
        ],
        manifest(None, ids),
    )
    second = write_run(
        tmp_path / "two",
        [
            result("a", "task_completion_error"),
            result("b", "passed"),
            result("c", "execution_error"),
            result("d", "passed"),
        ],
        manifest(None, ids),
    )
    comparison = compare_runs(load_run(first), load_run(second))
    assert [(f.query_id, f.outcome_a, f.outcome_b) for f in comparison.broke] == [
        ("a", "passed", "task_completion_error")
    ]
    assert [(f.query_id, f.outcome_a, f.outcome_b) for f in comparison.fixed] == [
        ("b", "execution_error", "passed")
    ]
    assert comparison.changed_failure == 1
    assert (comparison.common, comparison.passed_a, comparison.passed_b) == (4, 2, 2)


def test_only_common_tasks_are_compared(tmp_path: Path) -> None:
    first = write_run(
        tmp_path / "one", [result("a", "passed"), result("b", "passed")], manifest(None, ["a", "b"])
    )
    second = write_run(
        tmp_path / "two", [result("a", "passed"), result("c", "passed")], manifest(None, ["a", "c"])
    )
    comparison = compare_runs(load_run(first), load_run(second))
    assert (comparison.common, comparison.only_a, comparison.only_b) == (1, 1, 1)


def test_each_sample_is_compared_with_the_same_sample(tmp_path: Path) -> None:
    """With ``--samples 2`` a task has two records; keying by task alone kept only the last."""
    samples = {"options": {"samples": 2}}
    first = write_run(
        tmp_path / "one",
        [result("a", "passed"), result("a", "passed", sample=1)],
        manifest(None, ["a"], **samples),
    )
    second = write_run(
        tmp_path / "two",
        [result("a", "timeout"), result("a", "passed", sample=1)],
        manifest(None, ["a"], **samples),
    )
    comparison = compare_runs(load_run(first), load_run(second))
    assert (comparison.common, comparison.passed_a, comparison.passed_b) == (2, 2, 1)
    assert [flip.label for flip in comparison.broke] == ["a"]

    swapped = write_run(
        tmp_path / "three",
        [result("a", "passed"), result("a", "timeout", sample=1)],
        manifest(None, ["a"], **samples),
    )
    comparison = compare_runs(load_run(first), load_run(swapped))
    assert [flip.label for flip in comparison.broke] == ["a#1"]


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"suite_hash": "f" * 64}, "suite_hash"),
        ({"unsafe": True}, "unsafe"),
        ({"limits": {"wall_seconds": 5.0, "cpu_seconds": 2}}, "limits"),
        ({"sandbox_layers": ["rlimits"]}, "sandbox_layers"),
    ],
)
def test_runs_graded_differently_conflict(change: dict[str, Any], key: str) -> None:
    problems = grading_conflicts(manifest(None, ["a"]), manifest(None, ["a"], **change))
    assert len(problems) == 1 and problems[0].startswith(f"{key} differs")


def test_different_task_lists_and_agents_do_not_conflict() -> None:
    other = manifest(None, ["b"], agent={"agent": "ps", "model": "x"})
    assert grading_conflicts(manifest(None, ["a"]), other) == []
