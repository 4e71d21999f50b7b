"""The astra grader with milestones: the bundled references score S = 1, a minefield hit fails a
conversation that meets every success condition, a bad milestone is a suite error naming the
file and field, and the run summary aggregates the scores."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.registry import build_agent
from assistworld.paradigms.astra.grading.milestones import MilestoneScore
from assistworld.paradigms.astra.grading.results import AstraResult, grade
from assistworld.paradigms.astra.report.summary import SUMMARY_KEY, summary_data
from assistworld.paradigms.astra.tasks.worlds import Families
from tests.paradigms.astra.helpers import edited_copy

BUNDLED = Path(load_suite("personal_demo").path)
DENTIST = "st_04_push_dentist_back"


def _replay(suite: Suite, families: Families) -> dict[str, AstraResult]:
    oracle = build_agent("oracle", suite=suite)

    async def all_of() -> dict[str, AstraResult]:
        return {
            s.query_id: grade(s, await oracle.solve(brief_of(s)), "oracle", families)
            for s in suite.tasks
        }

    return asyncio.run(all_of())


def _copy_with(tmp_path: Path, name: str, change: Any) -> Path:
    """The bundled suite copied, with scenario ``name``'s data passed through ``change``."""
    return edited_copy(tmp_path, BUNDLED, name, change)


@pytest.fixture(scope="module")
def families() -> Families:
    return Families()


def test_every_bundled_reference_scores_one_with_its_diagnostics(families: Families) -> None:
    results = _replay(load_suite("personal_demo"), families)
    assert len(results) == 12
    for query_id, result in results.items():
        scored = result.details.milestones
        assert scored is not None, query_id
        assert result.passed and result.score == 1.0, (query_id, scored.similarity)
        assert result.subscores["milestones"] == 1.0 and result.subscores["minefield_hit"] == 0
        assert all(index is not None for index in scored.matched.values()), query_id
        found = scored.diagnostics
        assert found.qa_success in (None, 1.0) and found.entity_creation_success in (None, 1.0)
        if found.payload_accuracy is not None:  # every write it makes is one a milestone asks for
            assert found.payload_accuracy == 1.0 and found.extra_writes == [], query_id
    assert results["st_04_push_dentist_back"].details.milestones.diagnostics.payloads
    dentist = results[DENTIST].details.milestones
    assert dentist is not None
    found_at, moved_at = dentist.matched["found_dentist"], dentist.matched["dentist_moved"]
    assert found_at is not None and moved_at is not None and found_at < moved_at
    assert dentist.diagnostics.ir_recall == 1.0
    assert results["st_02_nursery_quote"].subscores["response_quality"] == 1.0
    summary = summary_data(list(results.values()))[SUMMARY_KEY]
    assert summary["scenarios"] == 12 and summary["mean_score"] == 1.0
    assert summary["minefield_rate"] == 0.0
    assert summary["diagnostics"]["qa_success"]["count"] == 3


def test_a_minefield_hit_fails_a_conversation_that_meets_every_condition(
    tmp_path: Path, families: Families
) -> None:
    def also_remove_the_review(data: dict[str, Any]) -> None:
        extra = {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "r9_remove",
                    "type": "function",
                    "function": {
                        "name": "remove_calendar_event",
                        "arguments": {"event_id": "ev-review"},
                    },
                }
            ],
        }
        data["reference"].insert(len(data["reference"]) - 1, extra)

    suite = load_suite(_copy_with(tmp_path, DENTIST, also_remove_the_review))
    result = _replay(suite, families)[DENTIST]
    assert all(check.passed for check in result.details.checks)  # the dentist did move
    assert not result.passed and result.outcome == "minefield_hit" and result.score == 0.0
    scored = result.details.milestones
    assert scored is not None and scored.hit_minefields == ["event_removed"]
    assert scored.milestone_score == 1.0 and result.subscores["minefield_hit"] == 1.0
    summary = summary_data([result])[SUMMARY_KEY]
    assert summary["minefield_rate"] == 1.0 and summary["mean_milestones"] == 1.0


def test_a_bad_milestone_is_a_suite_error_naming_the_file_and_field(tmp_path: Path) -> None:
    def break_it(data: dict[str, Any]) -> None:
        data["milestones"][1]["after"] = ["nowhere"]
        data["minefields"][0]["constraints"][0]["kind"] = "vanished"

    folder = _copy_with(tmp_path, DENTIST, break_it)
    suite = load_suite(folder, strict=False)
    assert DENTIST not in [task.query_id for task in suite.tasks] and len(suite.tasks) == 11
    after, kind = suite.errors
    assert after.startswith(f"{folder / DENTIST}.yaml:")
    assert "milestones[2].after[1]: 'dentist_moved' is after 'nowhere'" in after
    assert "minefields[1].constraints[1]: kind 'vanished' is not known" in kind


def test_a_scenario_without_milestones_keeps_the_share_of_conditions(
    tmp_path: Path, families: Families
) -> None:
    def drop(data: dict[str, Any]) -> None:
        data.pop("milestones")
        data.pop("minefields")

    suite = load_suite(_copy_with(tmp_path, DENTIST, drop))
    result = _replay(suite, families)[DENTIST]
    assert result.passed and result.score == 1.0 and result.details.milestones is None
    assert "milestones" not in result.subscores
    assert summary_data([result]) == {}


LUNCH = "mt_03_lunch_with_priya"


def test_a_milestone_scored_zero_is_matched_nowhere_and_success_is_the_goal(
    tmp_path: Path, families: Families
) -> None:
    def vague_confirmation(data: dict[str, Any]) -> None:
        data["reference"][-2]["content"] = "Done, it is in your calendar."

    suite = load_suite(_copy_with(tmp_path, LUNCH, vague_confirmation))
    result = _replay(suite, families)[LUNCH]
    scored = result.details.milestones
    assert scored is not None and scored.similarity["confirmed"] == 0.0
    assert scored.matched["confirmed"] is None and scored.matched["lunch_booked"] is not None
    # the lunch is booked and the question asked: the goal is met though a milestone is not
    assert result.passed and scored.milestone_score == pytest.approx(2 / 3)
    assert scored.diagnostics.entity_creation_success == 1.0
    assert scored.diagnostics.payload_accuracy == 1.0 and scored.diagnostics.extra_writes == []
    old = scored.model_dump(mode="json")
    old["matched"]["confirmed"] = 5  # what records written before the rule hold
    assert MilestoneScore.model_validate(old).matched["confirmed"] is None


def test_reporting_the_move_before_making_it_loses_the_report(
    tmp_path: Path, families: Families
) -> None:
    def report_first(data: dict[str, Any]) -> None:
        # the closing reply is said with the lookup, before the move, and never again
        closing = data["reference"].pop()
        data["reference"][1]["content"] = closing["content"]

    suite = load_suite(_copy_with(tmp_path, DENTIST, report_first))
    result = _replay(suite, families)[DENTIST]
    scored = result.details.milestones
    assert scored is not None
    assert scored.similarity == {"found_dentist": 1.0, "dentist_moved": 1.0, "reported": 0.0}
    assert scored.milestone_score == pytest.approx(2 / 3)  # 1 when any earlier text counted
    assert result.score == pytest.approx(2 / 3)
