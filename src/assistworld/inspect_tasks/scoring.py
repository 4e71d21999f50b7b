"""The scorer of our Inspect tasks: the paradigm's grader, its result carried in the score.

A score's value is the pass (Inspect's ``C`` or ``I``); its metadata holds our outcome class,
score and subscores and the whole result record (the grader's details: what a task page shows).
The task's metrics are the paradigm's own, computed from those records exactly as ``assistworld
run`` computes them from ``results.jsonl``. With ``--epochs K``, our reducer
(:func:`epoch_records`) keeps every epoch's record, so that they count each (task, epoch) record
as ``run --samples K`` counts each (task, sample) one, and add pass@K and pass^K.
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
    ScoreReducer,
    Target,
    Value,
    accuracy,
    mean_score,
    metric,
    score_reducer,
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
EPOCH_RESULTS_KEY = "epoch_results"
"""Where a sample's reduced score keeps the result record of each of its epochs."""


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
    """The result records the scores carry: every epoch's where our reducer kept them, else the
    one each score holds (scores of other scorers have none)."""
    result_type = get_paradigm(paradigm).result_type
    records: list[Any] = []
    for score in scores:
        metadata = score.score.metadata or {}
        if EPOCH_RESULTS_KEY in metadata:
            records.extend(metadata[EPOCH_RESULTS_KEY])
        elif RESULT_KEY in metadata:
            records.append(metadata[RESULT_KEY])
    return [result_type.model_validate(record) for record in records]


@score_reducer(name="assistworld_epochs")
def epoch_records() -> ScoreReducer:
    """A sample's epochs as one score: the mean of their values (Inspect's default reducer), with
    every epoch's result record kept in the metadata for :func:`paradigm_metrics`."""
    mean = mean_score()

    def reduce(scores: list[Score]) -> Score:
        reduced = mean(scores)
        kept = [s.metadata[RESULT_KEY] for s in scores if s.metadata and RESULT_KEY in s.metadata]
        metadata = {**(reduced.metadata or {}), EPOCH_RESULTS_KEY: kept}
        return reduced.model_copy(update={"metadata": metadata})

    return reduce


@metric(name="assistworld_metrics")
def paradigm_metrics(paradigm: str) -> Metric:
    """The success rate, the mean score and the rate of each failure class, as ``assistworld
    run`` reports them, over every epoch's record (with a reducer other than ours,
    ``--epochs-reducer``, each sample's first epoch only); with epochs, pass@K and pass^K too."""

    def compute(scores: list[SampleScore]) -> Value:
        metrics = get_paradigm(paradigm).metrics(results_of(paradigm, scores))
        overall = metrics.overall
        values: dict[str, float] = {"success_rate": overall.success_rate}
        if overall.mean_score is not None:
            values["mean_score"] = overall.mean_score
        values.update(overall.rates)
        if metrics.samples is not None and metrics.samples.by_k:
            most = metrics.samples.by_k[-1]
            values[f"pass@{most.k}"] = most.pass_at_k
            values[f"pass^{most.k}"] = most.pass_hat_k
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
