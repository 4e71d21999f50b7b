"""Grade one candidate program for one task (no I/O, no concurrency: the pure step)."""

from __future__ import annotations

import time
from typing import Protocol

from assistworld.agents.base import AgentOutput
from assistworld.paradigms.aspera.evaluation.candidate import check_candidate, strip_library_imports
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.runner.records import INFRA_ERROR, NO_PROGRAM, PARSE_FAILURE, PASSED, TaskResult
from assistworld.sandbox import TaskExecution, TaskRequest


class Executor(Protocol):
    """Runs a candidate against a task's setup and evaluation programs (sandboxed or not)."""

    def run_task(self, request: TaskRequest) -> TaskExecution: ...


def task_outcome(execution: TaskExecution) -> str:
    """``passed``, or the failure class of the first pair that did not pass."""
    if execution.passed:
        return PASSED
    for pair in execution.pairs:
        if not pair.passed:
            return str(pair.outcome.value if hasattr(pair.outcome, "value") else pair.outcome)
    return INFRA_ERROR


def grade(task: Task, output: AgentOutput, executor: Executor, agent_name: str) -> TaskResult:
    """Check, run and grade ``output.program`` on every (setup, evaluation) pair of ``task``."""
    base = TaskResult(
        query_id=task.query_id,
        passed=False,
        outcome=NO_PROGRAM,
        category=task.category,
        kind=task.kind,
        agent=agent_name,
        program=output.program,
        usage=output.usage,
        agent_details=output.details,
        error=output.error,
    )
    if output.program is None:
        return base
    check = check_candidate(output.program)
    if not check.ok:
        return base.model_copy(update={"outcome": PARSE_FAILURE, "parse_error": check.reason})
    program, removed = strip_library_imports(output.program)
    request = TaskRequest(
        query_id=task.query_id,
        query=task.query,
        setup_programs=list(task.state_generation_programs),
        evaluation_programs=list(task.evaluation_programs),
        candidate_program=program,
        world_now=task.now,
    )
    started = time.perf_counter()
    try:
        execution = executor.run_task(request)
    except Exception as exc:  # one task's infrastructure failure must not end the batch
        return base.model_copy(
            update={"outcome": INFRA_ERROR, "error": f"{type(exc).__name__}: {exc}"}
        )
    flags = sorted({flag for pair in execution.pairs if pair.run for flag in pair.run.tamper_flags})
    return base.model_copy(
        update={
            "passed": execution.passed,
            "outcome": task_outcome(execution),
            "library_imports_removed": removed,
            "pairs": [pair.model_dump(mode="json") for pair in execution.pairs],
            "timings": {"evaluation_s": time.perf_counter() - started},
            "tamper_flags": flags,
        }
    )
