"""AppBench's result record: the core's :class:`TaskResult` with the plan and how each mode
scored it; the run's metrics and the summary's ``scores[mode][category][metric]``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, Field

from assistworld.core.metrics import RunMetrics, compute_metrics
from assistworld.core.result import INFRA_ERROR, NO_OUTPUT, TaskResult
from assistworld.paradigms.appbench.grading.outcome import ModeOutcome
from assistworld.paradigms.appbench.grading.scores import (
    ScoredTask,
    error_table,
    score_table,
    shape_table,
)
from assistworld.paradigms.appbench.tasks.model import Call

PRIMARY_MODE = "corrected"
"""The mode a task's pass/fail and outcome class follow (executed mode, where available, is
reported beside it)."""

PARSE_FAILURE = "parse_failure"
FAILURE_CLASSES: tuple[str, ...] = (
    "wrong_apps",
    "wrong_apis",
    "wrong_arguments",
    "wrong_order",
    PARSE_FAILURE,
    NO_OUTPUT,
    "timeout",
    "agent_crashed",
    INFRA_ERROR,
)
"""Every way a planning task can fail, in the order reports list them (``timeout`` and
``agent_crashed``: an external agent's process ran past its time limit or crashed)."""


class PlanningDetails(BaseModel):
    """What one planning attempt left: the plan text, the calls read from it, what could not be
    read, each mode's outcome (with the per-call matches), the gold graph's shape and the task's
    data defects."""

    plan: str | None = None
    gold_plan: str = ""
    """The gold plan as a model would write it, for the task's page in the report."""
    calls: list[Call] = Field(default_factory=list)
    parse_failures: list[str] = Field(default_factory=list)
    outcomes: dict[str, ModeOutcome] = Field(default_factory=dict)
    shape: str = ""
    defects: list[str] = Field(default_factory=list)
    agent_details: dict[str, Any] = Field(default_factory=dict)


class PlanningResult(TaskResult[PlanningDetails]):
    """One line of an AppBench run's ``results.jsonl``."""


def outcome_class(outcome: ModeOutcome, calls: int) -> str:
    """Why a plan failed in one mode, the first reason in report order."""
    if calls == 0:
        return PARSE_FAILURE
    if not outcome.em_app:
        return "wrong_apps"
    if not outcome.em_api:
        return "wrong_apis"
    if not outcome.arguments_exact:
        return "wrong_arguments"
    return "wrong_order"


def planning_metrics(results: Iterable[TaskResult[Any]]) -> RunMetrics:
    return compute_metrics(results, FAILURE_CLASSES)


def scored_tasks(results: Sequence[TaskResult[Any]]) -> list[ScoredTask]:
    """The results that were graded (details with outcomes), as the score tables read them.

    A task that could not be graded (an infrastructure error) counts as a failure in every mode
    the run reports, so the figures stay over all tasks."""
    items: list[ScoredTask] = []
    modes: list[str] = []
    for result in results:
        details = _details(result)
        for mode in details.outcomes if details else {}:
            if mode not in modes:
                modes.append(mode)
    for result in results:
        details = _details(result)
        outcomes = dict(details.outcomes) if details else {}
        for mode in modes:
            outcomes.setdefault(mode, ModeOutcome())
        category = result.category or "uncategorised"
        items.append(ScoredTask(category, outcomes, details.shape if details else ""))
    return items


def _details(result: TaskResult[Any]) -> PlanningDetails | None:
    details = result.details
    if isinstance(details, PlanningDetails):
        return details
    if isinstance(details, dict) and details:
        try:
            return PlanningDetails.model_validate(details)
        except ValueError:
            return None
    return None


def summary_data(results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
    """What a run's ``summary.json`` adds for planning: the scores of every mode per category,
    the Table 4 error analysis, Figure 4 by graph shape, parse failures, and the apps a
    planner's app selection named that the task does not have (how many tasks, and each name
    with its count: the planner could not be shown them)."""
    tasks = scored_tasks(results)
    read = [_details(result) for result in results]
    failures = [len(details.parse_failures) for details in read if details is not None]
    unknown: dict[str, int] = {}
    naming = 0
    for details in read:
        named = details.agent_details.get("unknown_apps") if details is not None else None
        if isinstance(named, list) and named:
            naming += 1
            for name in named:
                unknown[str(name)] = unknown.get(str(name), 0) + 1
    return {
        "scores": score_table(tasks),
        "error_analysis": error_table(tasks),
        "by_shape": shape_table(tasks),
        "parse_failures": {
            "tasks_with_failures": sum(1 for count in failures if count),
            "fragments": sum(failures),
        },
        "unknown_apps": {"tasks": naming, "names": dict(sorted(unknown.items()))},
        "primary_mode": PRIMARY_MODE,
    }
