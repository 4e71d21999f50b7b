"""Audits that prove a suite's tasks are sound: passable, and not passable by doing nothing or by
always handing the request back to the user."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.agents.baselines import HANDS_BACK_PROGRAM, NULL_PROGRAM
from assistworld.paradigms.aspera.grading.grade import Executor, grade
from assistworld.paradigms.aspera.tasks.model import Task


@dataclass
class TaskAudit:
    """The audit of one task: how its reference, a do-nothing program and an always-hands-back
    program (one that raises ``RequiresUserInput``) fared."""

    task: Task
    oracle: TaskResult[Any]
    null: TaskResult[Any]
    hands_back: TaskResult[Any]

    @property
    def problems(self) -> list[str]:
        """What is wrong with the task; empty when it is sound."""
        found = []
        if not self.oracle.passed:
            detail = _first_error(self.oracle)
            found.append(f"reference program fails ({self.oracle.outcome}{detail})")
        if self.null.passed and self.task.kind == "state-changing":
            found.append("a do-nothing program passes")
        if self.hands_back.passed:
            found.append(
                "a program that always hands back (raises RequiresUserInput) passes: add a "
                "contrast (setup, evaluation) pair where acting is right"
            )
        return found

    @property
    def warnings(self) -> list[str]:
        """Doubts that do not fail the audit."""
        if self.null.passed and self.task.kind != "state-changing":
            return ["a program returning None passes this information-seeking task"]
        return []


def _first_error(result: TaskResult[Any]) -> str:
    for pair in result.details.pairs:
        if not pair.get("passed"):
            kind, message = pair.get("error_type"), pair.get("error_message")
            if kind or message:
                return f": pair {pair.get('index')}: {kind}: {message}"
    problem = result.details.parse_error or result.error
    return f": {problem}" if problem else ""


@dataclass
class SuiteAudit:
    """The audit of a whole suite."""

    tasks: list[TaskAudit] = field(default_factory=list)

    @property
    def failing(self) -> list[TaskAudit]:
        return [audit for audit in self.tasks if audit.problems]

    @property
    def ok(self) -> bool:
        return not self.failing

    @property
    def oracle_pass_rate(self) -> float:
        return sum(a.oracle.passed for a in self.tasks) / len(self.tasks) if self.tasks else 0.0

    @property
    def null_pass_rate_state_changing(self) -> float:
        changing = [a for a in self.tasks if a.task.kind == "state-changing"]
        return sum(a.null.passed for a in changing) / len(changing) if changing else 0.0

    @property
    def hands_back_passed(self) -> list[TaskAudit]:
        """The tasks an always-hands-back program passes (each one breaks the rules)."""
        return [audit for audit in self.tasks if audit.hands_back.passed]


def audit_tasks(
    tasks: Sequence[Task],
    executor: Executor,
    *,
    workers: int = 2,
    on_task: Callable[[TaskAudit], None] | None = None,
) -> SuiteAudit:
    """Run each task's reference program, a do-nothing program and an always-hands-back program
    through ``executor``."""

    def one(task: Task) -> TaskAudit:
        oracle = grade(task, AgentOutput(program=task.program), executor, "oracle")
        null = grade(task, AgentOutput(program=NULL_PROGRAM), executor, "null")
        hands_back = grade(task, AgentOutput(program=HANDS_BACK_PROGRAM), executor, "hands-back")
        audit = TaskAudit(task, oracle, null, hands_back)
        if on_task is not None:
            on_task(audit)
        return audit

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        return SuiteAudit(list(pool.map(one, tasks)))
