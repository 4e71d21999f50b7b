"""The mutation audit: do a task's evaluation programs reject plausible wrong programs?"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.evaluation.mutation import Mutant, generate_mutants
from assistworld.paradigms.aspera.evaluation.trace import trace_program
from assistworld.paradigms.aspera.grading import Executor, grade
from assistworld.paradigms.aspera.tasks.model import Task


@dataclass(frozen=True)
class MutantVerdict:
    """One mutant's fate: rejected by the evaluation (killed), equivalent, or a survivor."""

    mutant: Mutant
    killed: bool
    equivalent: bool
    outcome: str

    @property
    def survived(self) -> bool:
        """Accepted by the evaluation although it behaves differently from the reference."""
        return not self.killed and not self.equivalent


@dataclass
class TaskMutationAudit:
    """The mutants of one task's reference program and what the evaluation made of them."""

    query_id: str
    verdicts: list[MutantVerdict] = field(default_factory=list)

    @property
    def killed(self) -> int:
        return sum(v.killed for v in self.verdicts)

    @property
    def equivalent(self) -> int:
        return sum(v.equivalent for v in self.verdicts)

    @property
    def survivors(self) -> list[MutantVerdict]:
        return [v for v in self.verdicts if v.survived]

    @property
    def counted(self) -> int:
        """Mutants that count towards the kill rate (all but the equivalent ones)."""
        return len(self.verdicts) - self.equivalent

    @property
    def kill_rate(self) -> float:
        return self.killed / self.counted if self.counted else 1.0


def _is_equivalent(task: Task, mutant: Mutant) -> bool:
    """Same return value, exception and final world as the reference, for every setup."""
    for setup in task.state_generation_programs:
        reference = trace_program(setup, task.program, now=task.now)
        changed = trace_program(setup, mutant.program, now=task.now)
        if not reference.same_behaviour(changed):
            return False
    return True


def _rejected(result: TaskResult[Any], reference_passes: set[int]) -> bool:
    """Whether an evaluation that passes the reference rejected this result on the same pair."""
    return any(
        pair.get("index") in reference_passes and not pair.get("passed")
        for pair in result.details.pairs
    )


def grade_task_mutants(task: Task, executor: Executor) -> TaskMutationAudit:
    """Grade every mutant of ``task``'s reference (equivalence is decided separately).

    A mutant is killed only by a pair whose evaluation passes the reference: an evaluation that
    fails or crashes on the reference rejects every program, so its rejections prove nothing.
    """
    audit = TaskMutationAudit(task.query_id)
    reference = grade(task, AgentOutput(program=task.program), executor, "oracle")
    reference_passes = {
        int(pair["index"]) for pair in reference.details.pairs if pair.get("passed")
    }
    for mutant in generate_mutants(task.program):
        result = grade(task, AgentOutput(program=mutant.program), executor, "mutant")
        killed = _rejected(result, reference_passes)
        audit.verdicts.append(MutantVerdict(mutant, killed, False, result.outcome))
    return audit


def decide_equivalence(task: Task, audit: TaskMutationAudit) -> None:
    """Mark the mutants the evaluation accepted that behave exactly like the reference.

    Runs traces in forked children, so call it from the main thread, not from a worker thread.
    """
    audit.verdicts = [
        MutantVerdict(v.mutant, v.killed, _is_equivalent(task, v.mutant), v.outcome)
        if not v.killed
        else v
        for v in audit.verdicts
    ]


@dataclass
class MutationReport:
    """The mutation audit of a suite."""

    tasks: list[TaskMutationAudit]

    @property
    def killed(self) -> int:
        return sum(t.killed for t in self.tasks)

    @property
    def counted(self) -> int:
        return sum(t.counted for t in self.tasks)

    @property
    def equivalent(self) -> int:
        return sum(t.equivalent for t in self.tasks)

    @property
    def kill_rate(self) -> float:
        return self.killed / self.counted if self.counted else 1.0

    def weakest(self, n: int = 10) -> list[TaskMutationAudit]:
        return sorted(self.tasks, key=lambda t: (t.kill_rate, t.query_id))[:n]


def audit_mutants(
    tasks: Sequence[Task],
    executor: Executor,
    *,
    workers: int = 2,
    on_task: Callable[[TaskMutationAudit], None] | None = None,
    on_graded: Callable[[Task], None] | None = None,
) -> MutationReport:
    """Run the mutation audit over ``tasks``; ``on_graded(task)`` is called (from a worker
    thread) as soon as each task's mutants are graded, ``on_task`` once its audit is final."""

    def graded(task: Task) -> TaskMutationAudit:
        audit = grade_task_mutants(task, executor)
        if on_graded is not None:
            on_graded(task)
        return audit

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        audits = list(pool.map(graded, tasks))
    for task, audit in zip(tasks, audits, strict=True):
        decide_equivalence(task, audit)
        if on_task is not None:
            on_task(audit)
    return MutationReport(audits)
