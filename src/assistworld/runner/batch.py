"""Run an agent over a suite: bounded concurrency, durable results, resume without duplicates."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from assistworld.agents.base import Agent, AgentOutput
from assistworld.runner.records import INFRA_ERROR, TaskResult, safe_result
from assistworld.runner.single import Executor, grade
from assistworld.runner.store import ResultsStore, ResultsWriter
from assistworld.tasks.model import Task

ProgressCallback = Callable[[TaskResult], None]


async def _solve(agent: Agent, task: Task) -> AgentOutput:
    try:
        return await agent.solve(task)
    except Exception as exc:  # an agent failure is that task's result, not the run's end
        return AgentOutput(program=None, error=f"agent failed: {type(exc).__name__}: {exc}")


def _failed(task: Task, agent: Agent, stage: str, exc: Exception) -> TaskResult:
    """The record of a task whose grading or recording failed: that task's error, not the run's."""
    return TaskResult(
        query_id=task.query_id,
        passed=False,
        outcome=INFRA_ERROR,
        category=task.category,
        kind=task.kind,
        agent=agent.name,
        error=f"could not {stage} this task: {type(exc).__name__}: {exc}",
    )


def _grade(task: Task, output: AgentOutput, executor: Executor, agent: Agent) -> TaskResult:
    try:
        return safe_result(grade(task, output, executor, agent.name))
    except Exception as exc:  # a task that cannot be graded is that task's result
        return safe_result(_failed(task, agent, "grade", exc))


def _record(writer: ResultsWriter, task: Task, agent: Agent, result: TaskResult) -> TaskResult:
    """Append ``result``; if it cannot be written, append a plain record of why instead.

    Only a failure to write that plain record (a full disk, a closed file) ends the run.
    """
    try:
        writer.append(result)
    except OSError:
        raise
    except Exception as exc:
        result = safe_result(_failed(task, agent, "record", exc))
        writer.append(result)
    return result


async def run_tasks(
    tasks: Sequence[Task],
    agent: Agent,
    executor: Executor,
    run_dir: Path,
    *,
    concurrency: int = 4,
    on_result: ProgressCallback | None = None,
) -> list[TaskResult]:
    """Solve and grade ``tasks``, appending each result to ``run_dir/results.jsonl`` as it ends.

    Tasks whose result is already in the file are skipped, so calling this again after an
    interruption finishes the run without repeating or duplicating any task.
    """
    store = ResultsStore(run_dir)
    done = {result.query_id for result in store.load()}
    pending = [task for task in tasks if task.query_id not in done]
    limiter = asyncio.Semaphore(max(1, concurrency))
    finished: list[TaskResult] = []

    with store.open_for_append() as writer:

        async def one(task: Task) -> None:
            async with limiter:
                output = await _solve(agent, task)
                result = await asyncio.to_thread(_grade, task, output, executor, agent)
            result = _record(writer, task, agent, result)  # only this event-loop thread writes
            finished.append(result)
            if on_result is not None:
                on_result(result)

        await asyncio.gather(*(one(task) for task in pending))
    return finished
