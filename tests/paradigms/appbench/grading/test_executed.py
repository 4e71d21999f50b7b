"""Executed mode wired into grading: it joins paper and corrected mode for executable tasks,
credits a different plan that does the job, and fails a plan that cannot run."""

from __future__ import annotations

from assistworld.core.agent import AgentOutput
from assistworld.paradigms.appbench.audit.rules import audit_suite
from assistworld.paradigms.appbench.grading.executed import PlanScoring
from assistworld.paradigms.appbench.grading.grade import grade
from assistworld.paradigms.appbench.grading.results import summary_data
from assistworld.paradigms.appbench.tasks.model import plan_text
from tests.paradigms.appbench.grading.test_execution import NAMES, RESERVE, SEARCH, _task, lit

RUNNER = PlanScoring(timeout=5.0)


def test_gold_plan_succeeds_in_every_mode_and_summary_has_executed_scores() -> None:
    result = grade(_task(), AgentOutput(plan=plan_text([SEARCH, RESERVE])), "oracle", RUNNER)
    assert set(result.details.outcomes) == {"paper", "corrected", "executed"}
    assert all(outcome.success for outcome in result.details.outcomes.values())
    executed = result.details.outcomes["executed"].execution
    assert executed is not None and executed["calls"][0]["status"] == "ok"
    scores = summary_data([result])["scores"]
    assert scores["executed"]["sm"]["success"] == 1.0


def test_a_correct_plan_unlike_the_gold_string_passes_only_when_executed() -> None:
    other = next(name for name in NAMES if name != NAMES[0])
    direct = RESERVE.model_copy(
        update={"arguments": {**RESERVE.arguments, "restaurant_name": lit(other)}}
    )
    result = grade(_task(), AgentOutput(plan=plan_text([direct])), "x", RUNNER)
    outcomes = result.details.outcomes
    assert outcomes["executed"].success
    assert not outcomes["corrected"].success


def test_a_plan_through_the_wrong_app_fails_when_executed() -> None:
    wrong = [SEARCH, RESERVE.model_copy(update={"app": "Hotels"})]
    outcomes = grade(_task(), AgentOutput(plan=plan_text(wrong)), "x", RUNNER).details.outcomes
    assert not outcomes["executed"].success
    problems = (outcomes["executed"].execution or {})["problems"]
    assert any("refused" in line for line in problems)


def test_verify_audits_executed_mode() -> None:
    found = audit_suite([_task()], with_mutants=False)
    assert found.gold_fails["executed"] == [] and found.empty_passes["executed"] == []
    assert found.gold_fails["corrected"] == [] and found.empty_passes["corrected"] == []
    assert found.passed


def test_a_plan_with_no_parsed_call_is_not_arguments_exact_and_lists_the_gold_calls() -> None:
    result = grade(_task(), AgentOutput(plan="I cannot help with that."), "x", RUNNER)
    executed = result.details.outcomes["executed"]
    assert not executed.success and not executed.arguments_exact
    assert [(c.api, c.predicted) for c in executed.calls] == [
        (SEARCH.api, None),
        (RESERVE.api, None),
    ]


def test_executed_mode_reports_the_calls_and_argument_errors_it_compared() -> None:
    other = next(name for name in NAMES if name != NAMES[0])
    direct = RESERVE.model_copy(
        update={"arguments": {**RESERVE.arguments, "restaurant_name": lit(other)}}
    )
    outcomes = grade(_task(), AgentOutput(plan=plan_text([direct])), "x", RUNNER).details.outcomes
    executed, corrected = outcomes["executed"], outcomes["corrected"]
    assert executed.success and not executed.arguments_exact  # does the job, not the gold's way
    assert executed.calls == corrected.calls and executed.errors == corrected.errors
    assert executed.errors.total >= 1
    gold = grade(_task(), AgentOutput(plan=plan_text([SEARCH, RESERVE])), "x", RUNNER)
    assert gold.details.outcomes["executed"].arguments_exact


def test_the_summary_counts_the_apps_a_selection_named_that_the_task_lacks() -> None:
    plan = plan_text([SEARCH, RESERVE])
    named = AgentOutput(plan=plan, details={"unknown_apps": ["Salons"]})
    results = [
        grade(_task(), named, "hierarchical", RUNNER),
        grade(_task(), AgentOutput(plan=plan), "hierarchical", RUNNER),
    ]
    assert results[0].details.agent_details["unknown_apps"] == ["Salons"]
    assert summary_data(results)["unknown_apps"] == {"tasks": 1, "names": {"Salons": 1}}
