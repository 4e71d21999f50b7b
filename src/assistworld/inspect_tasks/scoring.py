"""The scorer of our Inspect tasks: the paradigm's grader, its result carried in the score.

A score's value is the pass (Inspect's ``C`` or ``I``); its metadata holds our outcome class,
score and subscores and the whole result record (the grader's details: what a task page shows).
The task's metrics are the paradigm's own, computed from those records exactly as ``assistworld
run`` computes them from ``results.jsonl``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    Value,
    accuracy,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState

from assistworld.core.registry import get_paradigm
from assistworld.core.result import TaskResult, safe_result
from assistworld.inspect_tasks.solving import OUTPUT_KEY, answer_of, stored_output
from assistworld.inspect_tasks.suite_run import SuiteRun
from assistworld.runner.batch import grade_or_fail, roles_of

RESULT_KEY = "result"
"""Where a score's metadata keeps our result record."""


def score_of(result: TaskResult[Any], answer: str) -> Score:
    """Our result as an Inspect score (its texts made safe to store, as a run's records are)."""
    result = safe_result(result)
    return Score(
        value=CORRECT if result.passed else INCORRECT,
        answer=answer,
        explanation=result.error or result.outcome,
        metadata={
            "outcome": result.outcome,
            "score": result.score,
            "subscores": dict(result.subscores),
            "category": result.category,
            RESULT_KEY: result.model_dump(mode="json"),
        },
    )


def results_of(paradigm: str, scores: list[SampleScore]) -> list[TaskResult[Any]]:
    """The result records the scores carry (scores of other scorers have none)."""
    result_type = get_paradigm(paradigm).result_type
    return [
        result_type.model_validate(score.score.metadata[RESULT_KEY])
        for score in scores
        if score.score.metadata and RESULT_KEY in score.score.metadata
    ]


@metric(name="assistworld_metrics")
def paradigm_metrics(paradigm: str) -> Metric:
    """The success rate, the mean score and the rate of each failure class, as ``assistworld
    run`` reports them (with epochs, Inspect's reducer keeps the first epoch's record)."""

    def compute(scores: list[SampleScore]) -> Value:
        metrics = get_paradigm(paradigm).metrics(results_of(paradigm, scores))
        overall = metrics.overall
        values: dict[str, float] = {"success_rate": overall.success_rate}
        if overall.mean_score is not None:
            values["mean_score"] = overall.mean_score
        values.update(overall.rates)
        return values

    return compute


def grader_scorer(run: SuiteRun) -> Scorer:
    """Grade each sample as ``assistworld run`` grades its task (the grading in a worker thread;
    a task that cannot be graded is its own infra_error result), then the judge if asked."""

    @scorer(
        name="assistworld_grader",
        metrics=[accuracy(), stderr(), paradigm_metrics(run.paradigm.name)],
    )
    def assistworld_grader() -> Scorer:
        async def score(state: TaskState, target: Target) -> Score:
            task = run.task(state.sample_id)
            output = stored_output(state.store.get(OUTPUT_KEY))
            result_type = run.paradigm.result_type
            result = await asyncio.to_thread(
                grade_or_fail, run.grade, task, output, run.agent, result_type
            )
            sample = max(0, state.epoch - 1)
            roles = roles_of(output, result)
            if sample or roles != result.usage_by_role:
                result = result.model_copy(update={"sample": sample, "usage_by_role": roles})
            if run.judge is not None:
                result = (await run.judge.judge([task], [result]))[0]
            return score_of(result, answer_of(output))

        return score

    return assistworld_grader()
