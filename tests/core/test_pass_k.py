"""pass@k and pass^k from repeated samples, on results made by hand."""

from __future__ import annotations

from typing import Any

import pytest

from assistworld.core.metrics import compute_metrics
from assistworld.core.pass_k import pass_at_k, pass_hat_k, sample_metrics
from assistworld.core.result import TaskResult


def _result(query_id: str, sample: int, passed: bool) -> TaskResult[Any]:
    return TaskResult[dict[str, Any]](
        query_id=query_id,
        sample=sample,
        agent="cck",
        passed=passed,
        outcome="passed" if passed else "execution_error",
        details={},
    )


def _results(outcomes: dict[str, list[bool]]) -> list[TaskResult[Any]]:
    return [
        _result(query_id, sample, ok)
        for query_id, samples in outcomes.items()
        for sample, ok in enumerate(samples)
    ]


def test_the_estimators_count_draws_without_replacement() -> None:
    # 2 of 4 samples passed: 1 of the 6 pairs has both passing, 5 of 6 have at least one
    assert pass_hat_k(4, 2, 2) == pytest.approx(1 / 6)
    assert pass_at_k(4, 2, 2) == pytest.approx(5 / 6)
    assert pass_hat_k(4, 2, 1) == pass_at_k(4, 2, 1) == pytest.approx(0.5)
    assert pass_hat_k(4, 2, 3) == 0.0  # three passing samples cannot be drawn from two
    assert pass_at_k(4, 2, 3) == 1.0  # three draws always include one of the two passes
    assert pass_hat_k(3, 3, 3) == pass_at_k(3, 3, 3) == 1.0


@pytest.mark.parametrize(("n", "c", "k"), [(3, 4, 1), (3, -1, 1), (3, 1, 0), (3, 1, 4)])
def test_impossible_counts_are_refused(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError, match="between"):
        pass_hat_k(n, c, k)


def test_pass_hat_k_falls_with_k_for_an_agent_that_succeeds_only_sometimes() -> None:
    outcomes = {
        "always": [True, True, True],
        "once": [False, True, False],
        "never": [False, False, False],
    }
    metrics = sample_metrics(_results(outcomes))
    assert metrics is not None
    assert (metrics.samples, metrics.tasks) == (3, 3)
    by_k = {row.k: row for row in metrics.by_k}
    assert by_k[1].pass_hat_k == pytest.approx((1 + 1 / 3 + 0) / 3)
    assert by_k[1].pass_at_k == pytest.approx(by_k[1].pass_hat_k)
    assert by_k[2].pass_hat_k == pytest.approx(1 / 3)  # only "always" has every pair passing
    assert by_k[2].pass_at_k == pytest.approx((1 + 2 / 3 + 0) / 3)
    assert by_k[3].pass_hat_k == pytest.approx(1 / 3)
    assert by_k[3].pass_at_k == pytest.approx(2 / 3)
    rates = [rate.success_rate for rate in metrics.per_sample]
    assert rates == pytest.approx([1 / 3, 2 / 3, 1 / 3])
    assert metrics.mean_success_rate == pytest.approx(by_k[1].pass_hat_k)


def test_a_task_with_fewer_samples_counts_only_for_the_k_it_has() -> None:
    outcomes = {"full": [True, True, True], "cut short": [True, False]}
    metrics = sample_metrics(_results(outcomes))
    assert metrics is not None
    by_k = {row.k: row for row in metrics.by_k}
    assert [by_k[k].tasks for k in (1, 2, 3)] == [2, 2, 1]
    assert by_k[2].pass_hat_k == pytest.approx((1 + 0) / 2)
    assert by_k[3].pass_hat_k == 1.0
    assert [rate.tasks for rate in metrics.per_sample] == [2, 2, 1]


def test_a_run_of_single_samples_has_no_sample_metrics() -> None:
    results = _results({"a": [True], "b": [False]})
    assert sample_metrics(results) is None
    metrics = compute_metrics(results, ["execution_error"])
    assert metrics.samples is None
    assert "samples" in metrics.model_dump()  # summary.json says so (as null)


def test_run_metrics_count_every_sample_and_carry_pass_hat_k() -> None:
    results = _results({"a": [True, False], "b": [True, True]})
    metrics = compute_metrics(results, ["execution_error"])
    assert (metrics.overall.tasks, metrics.overall.passed) == (4, 3)
    assert metrics.samples is not None
    assert metrics.samples.by_k[1].pass_hat_k == pytest.approx(0.5)
