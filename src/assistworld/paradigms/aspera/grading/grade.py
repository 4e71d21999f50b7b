"""Grade one candidate program for one task (no I/O, no concurrency: the pure step)."""

from __future__ import annotations

import time
from typing import Any, Protocol

from assistworld.agents.base import AgentOutput
from assistworld.apps.workplace import library_modules
from assistworld.core.result import INFRA_ERROR, NO_OUTPUT, PASSED
from assistworld.docs.members import short_name
from assistworld.paradigms.aspera.agents.selection import (
    module_of_names,
    selection_against_reference,
)
from assistworld.paradigms.aspera.grading.candidate import check_candidate, strip_library_imports
from assistworld.paradigms.aspera.grading.results import PARSE_FAILURE, AsperaDetails, AsperaResult
from assistworld.paradigms.aspera.tasks.complexity import measure_program
from assistworld.paradigms.aspera.tasks.model import Task
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


def with_selection_scores(task: Task, agent_details: dict[str, Any]) -> dict[str, Any]:
    """A primitive-selecting agent's details with its selection scored against the reference."""
    selected = agent_details.get("selected")
    if not isinstance(selected, dict):
        return agent_details
    names = {short_name(module): tuple(module.__all__) for module in library_modules()}
    module_of = module_of_names(names)
    reference = measure_program(task.program, module_of).primitives
    return {**agent_details, **selection_against_reference(selected, reference, module_of)}


def grade(task: Task, output: AgentOutput, executor: Executor, agent_name: str) -> AsperaResult:
    """Check, run and grade ``output.program`` on every (setup, evaluation) pair of ``task``."""
    details = AsperaDetails(
        kind=task.kind,
        program=output.program,
        agent_details=with_selection_scores(task, output.details),
    )
    base = AsperaResult(
        query_id=task.query_id,
        passed=False,
        outcome=NO_OUTPUT,
        category=task.category,
        agent=agent_name,
        usage=output.usage,
        error=output.error,
        details=details,
    )
    if output.program is None:
        return base
    check = check_candidate(output.program)
    if not check.ok:
        failed = details.model_copy(update={"parse_error": check.reason})
        return base.model_copy(update={"outcome": PARSE_FAILURE, "details": failed})
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
    ran = details.model_copy(
        update={
            "library_imports_removed": removed,
            "pairs": [pair.model_dump(mode="json") for pair in execution.pairs],
            "tamper_flags": flags,
        }
    )
    return base.model_copy(
        update={
            "passed": execution.passed,
            "score": 1.0 if execution.passed else 0.0,
            "outcome": task_outcome(execution),
            "timings": {"evaluation_s": time.perf_counter() - started},
            "details": ran,
        }
    )
