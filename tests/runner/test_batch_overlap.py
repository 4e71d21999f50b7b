"""Grading one task does not hold up the worker's next task (its model requests)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from assistworld.core.agent import AgentOutput
from assistworld.core.result import PASSED, TaskResult
from assistworld.core.store import ResultsStore
from assistworld.runner.batch import run_tasks


class _Task(BaseModel):
    query_id: str
    paradigm: str = "test"
    category: str | None = None


class _RecordingAgent:
    """Answers each task with its id and says when it started on a task."""

    name = "recording"

    def __init__(self) -> None:
        self.started: dict[str, threading.Event] = {}

    def settings(self) -> dict[str, Any]:
        return {}

    async def solve(self, task: Any) -> AgentOutput:
        self.started.setdefault(task.query_id, threading.Event()).set()
        return AgentOutput(program=task.query_id)


def test_the_next_task_is_solved_while_the_previous_one_is_graded(tmp_path: Path) -> None:
    tasks = [_Task(query_id=f"t{n}") for n in range(3)]
    agent = _RecordingAgent()
    for task in tasks:
        agent.started[task.query_id] = threading.Event()
    overlapped: dict[str, bool] = {}

    def grade(task: Any, output: AgentOutput, agent_name: str) -> TaskResult[Any]:
        # Grading t0 waits (in its worker thread) for the agent to start t1: with one worker,
        # that only happens when the worker solves on while grading runs.
        following = f"t{int(task.query_id[1:]) + 1}"
        if following in agent.started:
            overlapped[task.query_id] = agent.started[following].wait(timeout=5)
        return TaskResult[Any](
            query_id=task.query_id,
            paradigm="test",
            agent=agent_name,
            passed=output.program == task.query_id,
            outcome=PASSED,
            details={},
        )

    ran = asyncio.run(
        run_tasks(tasks, agent, grade, tmp_path, view_for=lambda task: task, concurrency=1)
    )

    assert ran == 3
    assert overlapped == {"t0": True, "t1": True}
    results = ResultsStore(tmp_path, TaskResult[Any]).load()
    assert sorted(result.query_id for result in results) == ["t0", "t1", "t2"]
    assert all(result.passed for result in results)
