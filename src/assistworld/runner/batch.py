"""Run an agent over a suite: bounded concurrency, durable results, resume without duplicates."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from assistworld.agents.base import Agent, AgentOutput
from assistworld.core.paradigm import Grader
from assistworld.core.result import INFRA_ERROR, ResultKey, TaskResult, result_key
from assistworld.core.sampling import solving_sample
from assistworld.core.shards import Shard
from assistworld.core.store import ResultsStore, ResultsWriter
from assistworld.core.usage_roles import AGENT_ROLE

ProgressCallback = Callable[[TaskResult[Any]], None]
ViewFor = Callable[[Any], Any]


async def solve_or_fail(agent: Agent, view: Any) -> AgentOutput:
    """The agent's output, or an output that records why the agent failed."""
    try:
        return await agent.solve(view)
    except Exception as exc:  # an agent failure is that task's result, not the run's end
        return AgentOutput(error=f"agent failed: {type(exc).__name__}: {exc}")


def _failed(
    task: Any, agent: Agent, stage: str, exc: Exception, result_type: type[TaskResult[Any]]
) -> TaskResult[Any]:
    """The record of a task whose grading or recording failed: that task's error, not the run's."""
    return result_type.model_validate(
        {
            "query_id": task.query_id,
            "paradigm": task.paradigm,
            "passed": False,
            "outcome": INFRA_ERROR,
            "category": task.category,
            "agent": agent.name,
            "error": f"could not {stage} this task: {type(exc).__name__}: {exc}",
            "details": {},
        }
    )


def grade_or_fail(
    grade: Grader, task: Any, output: AgentOutput, agent: Agent, result_type: type[TaskResult[Any]]
) -> TaskResult[Any]:
    """``grade``'s result, or the record of why this one task could not be graded."""
    try:
        result = grade(task, output, agent.name)
    except Exception as exc:  # a task that cannot be graded is that task's result
        return _failed(task, agent, "grade", exc, result_type)
    return result if output.outcome is None else decided_by_agent(result, output)


def decided_by_agent(result: TaskResult[Any], output: AgentOutput) -> TaskResult[Any]:
    """``result`` failed with the outcome the agent's run decided (its process crashed or ran
    out of time), whatever its output would have scored; what was graded stays in the details."""
    return result.model_copy(
        update={
            "passed": False,
            "score": 0.0,
            "outcome": output.outcome,
            "subscores": dict.fromkeys(result.subscores, 0.0),
            "error": output.error or result.error,
        }
    )


def roles_of(output: AgentOutput, result: TaskResult[Any]) -> dict[str, dict[str, Any]]:
    """The result's usage by role: what the grader or the agent split, else all the agent's."""
    if result.usage_by_role:
        return result.usage_by_role
    if output.usage_by_role:
        return dict(output.usage_by_role)
    return {AGENT_ROLE: result.usage} if result.usage else {}


def _record(
    writer: ResultsWriter,
    task: Any,
    agent: Agent,
    result: TaskResult[Any],
    result_type: type[TaskResult[Any]],
) -> TaskResult[Any]:
    """Append ``result``; if it cannot be written, append a plain record of why instead (under the
    same sample).

    Only a failure to write that plain record (a full disk, a closed file) ends the run.
    """
    try:
        writer.append(result)
    except OSError:
        raise
    except Exception as exc:
        failed = _failed(task, agent, "record", exc, result_type)
        result = failed.model_copy(update={"sample": result.sample})
        writer.append(result)
    return result


def pending_samples(
    tasks: Sequence[Any], samples: int, done: set[ResultKey], shard: Shard | None = None
) -> list[tuple[Any, int]]:
    """The (task, sample index) pairs still to run (of ``shard``'s part only, when given),
    every task's first sample before any task's second: a run stopped early has whole samples
    of the suite rather than a few tasks sampled K times."""
    return [
        (task, sample)
        for sample in range(samples)
        for task in tasks
        if (task.query_id, sample) not in done
        and (shard is None or shard.owns(task.query_id, sample))
    ]


async def run_tasks(
    tasks: Sequence[Any],
    agent: Agent,
    grade: Grader,
    run_dir: Path,
    *,
    view_for: ViewFor,
    result_type: type[TaskResult[Any]] = TaskResult[dict[str, Any]],
    concurrency: int = 4,
    on_result: ProgressCallback | None = None,
    samples: int = 1,
    shard: Shard | None = None,
) -> int:
    """Solve and grade ``tasks``, appending each result to ``run_dir/results.jsonl`` as it ends;
    return how many were run now.

    The agent is handed ``view_for(task)`` (what it may know of the task), never the task.
    Each task is solved ``samples`` times (sample indices 0 .. samples-1, bound around ``solve``
    with :func:`~assistworld.core.sampling.solving_sample` so that model requests of different
    samples differ, and recorded in each result). A (task, sample) whose result is already in
    the file is skipped, so calling this again after an interruption finishes the run without
    repeating or duplicating any sample; with ``shard``, only that part's pairs run.
    ``concurrency``
    workers take the tasks in turn, and a result is not kept once written: memory does not grow
    with the number of tasks.

    Grading runs in a worker thread while the worker already solves its next task: a task's
    model requests do not wait for the previous task's grading (executing a plan, running a
    program), which would otherwise sit between every round of requests. Each worker has at
    most one grading in flight, so outputs waiting to be graded stay bounded by ``concurrency``.
    """
    store = ResultsStore(run_dir, result_type)
    done = {result_key(result) for result in store.load()}
    pending = iter(pending_samples(tasks, samples, done, shard))
    finished = 0

    with store.open_for_append() as writer:

        async def grade_and_record(task: Any, sample: int, output: AgentOutput) -> None:
            nonlocal finished
            result = await asyncio.to_thread(grade_or_fail, grade, task, output, agent, result_type)
            roles = roles_of(output, result)
            if sample or roles != result.usage_by_role:
                result = result.model_copy(update={"sample": sample, "usage_by_role": roles})
            result = _record(writer, task, agent, result, result_type)
            finished += 1
            if on_result is not None:
                on_result(result)

        async def worker() -> None:
            grading: asyncio.Task[None] | None = None
            try:
                for task, sample in pending:  # one iterator shared by the workers (one thread)
                    with solving_sample(sample):
                        output = await solve_or_fail(agent, view_for(task))
                    if grading is not None:
                        await grading
                    grading = asyncio.create_task(grade_and_record(task, sample, output))
            finally:
                if grading is not None:
                    await grading

        await asyncio.gather(*(worker() for _ in range(max(1, concurrency))))
    return finished
