from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.grading.results import AsperaResult, aspera_metrics


def _r(qid: str, outcome: str, category: str, kind: str) -> AsperaResult:
    return AsperaResult(
        query_id=qid,
        passed=outcome == "passed",
        outcome=outcome,
        category=category,
        kind=kind,
        agent="x",
        usage={"prompt_tokens": 10, "completion_tokens": 5},
    )


def test_rates_are_over_all_tasks_and_split_by_category_and_kind() -> None:
    results = [
        _r("1", "passed", "rooms", "state-changing"),
        _r("2", "execution_error", "rooms", "state-changing"),
        _r("3", "parse_failure", "people", "information-seeking"),
        _r("4", "timeout", "people", "state-changing"),
    ]
    metrics = aspera_metrics(results)
    assert metrics.overall.tasks == 4
    assert metrics.overall.success_rate == pytest.approx(0.25)
    assert metrics.overall.rates["execution_error"] == pytest.approx(0.25)
    assert metrics.overall.counts["parse_failure"] == 1
    assert metrics.overall.counts["timeout"] == 1
    assert metrics.by_category["rooms"].success_rate == pytest.approx(0.5)
    assert metrics.by_kind["information-seeking"].counts["parse_failure"] == 1
    assert metrics.usage["prompt_tokens"] == 40


def test_an_unknown_outcome_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown outcome class 'weird'"):
        aspera_metrics([_r("1", "weird", "a", "b")])


def test_no_results_gives_zero_rates() -> None:
    metrics = aspera_metrics([])
    assert metrics.overall.tasks == 0
    assert metrics.overall.success_rate == 0.0
