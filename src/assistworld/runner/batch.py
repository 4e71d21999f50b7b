"""Run an agent over a suite: bounded concurrency, durable results, resume without duplicates."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from assistworld.agents.base import Agent, AgentOutput
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.runner.records import TaskResult
from assistworld.runner.single import Executor, grade
from assistworld.runner.store import ResultsStore

ProgressCallback = Callable[[TaskResult], None]


async def _solve(agent: Agent, task: Task) -> AgentOutput:
    try:
        return await agent.solve(task)
    except Exception as exc:  # an agent failure is that task's result, not the run's end
        return AgentOutput(program=None, error=f"agent failed: {type(exc).__name__}: {exc}")


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
                result = await asyncio.to_thread(grade, task, output, executor, agent.name)
            writer.append(result)  # only this event-loop thread writes
            finished.append(result)
            if on_result is not None:
                on_result(result)

        await asyncio.gather(*(one(task) for task in pending))
    return finished
