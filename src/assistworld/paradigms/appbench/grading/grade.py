"""Grading one plan: parse it, score it in every mode, and say why it failed.

Paper and corrected modes compare strings and always run. Executed mode joins when the task is
executable (a world seed and a goal) and the run's executor can run plans (it has
``score_executed``: the paradigm's :class:`~.executed.PlanScoring`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from assistworld.core.agent import AgentOutput
from assistworld.core.result import NO_OUTPUT, PASSED
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.grading.corrected import score_corrected
from assistworld.paradigms.appbench.grading.graph import dependency_graph, plan_shape
from assistworld.paradigms.appbench.grading.outcome import ModeOutcome
from assistworld.paradigms.appbench.grading.paper import score_paper
from assistworld.paradigms.appbench.grading.parsing import parse_plan
from assistworld.paradigms.appbench.grading.results import (
    PRIMARY_MODE,
    PlanningDetails,
    PlanningResult,
    outcome_class,
)
from assistworld.paradigms.appbench.tasks.model import Call, PlanningTask


@runtime_checkable
class PlanRunner(Protocol):
    """What executed mode needs of the run's executor: run the calls in a fresh world of the
    task's services and score the end state and the returned values."""

    def score_executed(
        self, task: PlanningTask, calls: list[Call], compared: ModeOutcome | None = None
    ) -> ModeOutcome:
        """``compared``: the corrected mode's outcome for the same calls (not made again)."""
        ...


MAX_PLAN_CHARS = 200_000
"""A longer reply is cut before scoring (no plan is that long; this bounds the work)."""


def score_plan(plan: str, task: PlanningTask, runner: Any = None) -> PlanningDetails:
    """Every mode's outcome for ``plan`` (executed only when possible)."""
    cut = len(plan) > MAX_PLAN_CHARS
    plan = plan[:MAX_PLAN_CHARS]
    parsed = parse_plan(plan)
    if cut:
        parsed.failures.append(f"plan cut at {MAX_PLAN_CHARS} characters before scoring")
    graph = dependency_graph(task.calls)
    outcomes = {
        "paper": score_paper(plan, task),
        "corrected": score_corrected(parsed.calls, task, graph),
    }
    if task.executable and isinstance(runner, PlanRunner):
        outcomes["executed"] = runner.score_executed(task, parsed.calls, outcomes["corrected"])
    return PlanningDetails(
        plan=plan,
        calls=parsed.calls,
        parse_failures=parsed.failures,
        outcomes=outcomes,
        gold_plan=gold_plan_text(task),
        shape=plan_shape(task.calls, graph).bucket(),
        defects=list(task.defects),
    )


def _subscores(outcomes: dict[str, ModeOutcome]) -> dict[str, float]:
    scores: dict[str, float] = {}
    for mode, outcome in outcomes.items():
        scores[f"{mode}_success"] = float(outcome.success)
        scores[f"{mode}_em_app"] = float(outcome.em_app)
        scores[f"{mode}_em_api"] = float(outcome.em_api)
    return scores


def grade(
    task: PlanningTask, output: AgentOutput, agent_name: str, runner: Any = None
) -> PlanningResult:
    """The result of one task: passed when the primary mode (corrected) succeeds."""
    common: dict[str, Any] = {
        "query_id": task.query_id,
        "paradigm": task.paradigm,
        "agent": agent_name,
        "category": task.category,
        "usage": output.usage,
    }
    if output.plan is None:
        details = score_plan("", task, runner)
        details.plan = None
        details.agent_details = output.details
        return PlanningResult(
            **common,
            passed=False,
            outcome=NO_OUTPUT,
            error=output.error or "the agent wrote no plan",
            subscores=_subscores(details.outcomes),
            details=details,
        )
    details = score_plan(output.plan, task, runner)
    details.agent_details = output.details
    primary = details.outcomes[PRIMARY_MODE]
    return PlanningResult(
        **common,
        passed=primary.success,
        outcome=PASSED if primary.success else outcome_class(primary, len(details.calls)),
        score=1.0 if primary.success else 0.0,
        subscores=_subscores(details.outcomes),
        error=output.error,
        details=details,
    )
