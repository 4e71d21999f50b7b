"""The one result record: new lines, lines of runs written before it, and the typed details."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.grading.results import AsperaDetails, AsperaResult, aspera_metrics

FLAT_LINE = {
    "query_id": "t1",
    "passed": False,
    "outcome": "execution_error",
    "category": "c",
    "kind": "state-changing",
    "agent": "cck",
    "program": "def f():\n    return 1\n",
    "parse_error": None,
    "library_imports_removed": 1,
    "pairs": [{"index": 0, "passed": False}],
    "usage": {"prompt_tokens": 10},
    "agent_details": {"selected": {}},
    "timings": {"evaluation_s": 0.5},
    "tamper_flags": ["exit"],
    "error": None,
}


def test_a_line_written_before_details_existed_reads_into_the_typed_record() -> None:
    result = AsperaResult.model_validate_json(json.dumps(FLAT_LINE))
    assert result.paradigm == "aspera"
    assert result.score == 0.0
    assert isinstance(result.details, AsperaDetails)
    assert result.details.program == FLAT_LINE["program"]
    assert result.details.tamper_flags == ["exit"]
    assert result.details.library_imports_removed == 1
    assert result.usage == {"prompt_tokens": 10}


def test_a_new_line_round_trips_and_reads_untyped_as_a_dict() -> None:
    result = AsperaResult(
        query_id="t2",
        agent="oracle",
        passed=True,
        outcome="passed",
        details=AsperaDetails(kind="information-seeking", program="def g():\n    pass\n"),
    )
    line = result.model_dump_json()
    assert json.loads(line)["details"]["kind"] == "information-seeking"
    assert AsperaResult.model_validate_json(line) == result
    plain: TaskResult[dict[str, Any]] = TaskResult[dict[str, Any]].model_validate_json(line)
    assert plain.score == 1.0
    assert plain.details["program"] == "def g():\n    pass\n"


def test_a_score_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValidationError):
        TaskResult[dict[str, Any]](
            query_id="x", agent="a", passed=True, outcome="passed", score=1.5, details={}
        )


def test_metrics_count_old_and_new_lines_alike() -> None:
    old = AsperaResult.model_validate(FLAT_LINE)
    new = AsperaResult(
        query_id="t2",
        agent="cck",
        passed=True,
        outcome="passed",
        category="c",
        details=AsperaDetails(kind="information-seeking"),
    )
    metrics = aspera_metrics([old, new])
    assert metrics.overall.tasks == 2 and metrics.overall.passed == 1
    assert metrics.overall.mean_score == 0.5
    assert metrics.by_kind["state-changing"].counts["execution_error"] == 1
    assert metrics.failure_classes[0] == "execution_error"
