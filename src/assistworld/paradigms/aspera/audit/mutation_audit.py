"""The mutation audit: do a task's evaluation programs reject plausible wrong programs?

Each mutant the evaluation accepts is traced on every setup next to the reference, and sorted:
*equivalent* (same answer, exception and end world: no evaluation could tell them apart), one
that *changes the outcome* (see :mod:`~assistworld.paradigms.aspera.audit.outcome`: what
the task must get right, which no kill rate may average away), or another survivor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.parsing import parse_in_turn
from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.agents.baselines import NULL_PROGRAM
from assistworld.paradigms.aspera.audit.field_probe import probe_program
from assistworld.paradigms.aspera.audit.mutation import Mutant, generate_mutants
from assistworld.paradigms.aspera.audit.outcome import OutcomeEffect, effect_over
from assistworld.paradigms.aspera.audit.thresholds import MAX_OUTCOME_SURVIVORS
from assistworld.paradigms.aspera.grading.grade import Executor, grade
from assistworld.paradigms.aspera.grading.trace import ProgramTrace, trace_program
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import (
    first_line,
    function_source,
    top_level_functions,
)


@dataclass(frozen=True)
class MutantVerdict:
    """One mutant's fate: rejected by the evaluation (killed), equivalent, or a survivor."""

    mutant: Mutant
    killed: bool
    equivalent: bool
    outcome: str
    changes_outcome: bool = False
    """A survivor that changes what the task must get right, without excuse (see
    :mod:`~assistworld.paradigms.aspera.audit.outcome`)."""
    effect: str = ""
    """What a survivor changes of the outcome, in words ("changes starts_at"), if anything."""

    @property
    def survived(self) -> bool:
        """Accepted by the evaluation although it behaves differently from the reference."""
        return not self.killed and not self.equivalent


@dataclass
class TaskMutationAudit:
    """The mutants of one task's reference program and what the evaluation made of them."""

    query_id: str
    verdicts: list[MutantVerdict] = field(default_factory=list)
    reference_passes: frozenset[int] = frozenset()
    """The pairs whose evaluation passes the reference (only their rejections count)."""
    first_line: int = 1
    """The line of the task's file its reference program starts on (mutant lines are file
    lines)."""

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
    def outcome_survivors(self) -> list[MutantVerdict]:
        """The survivors that change what the task must get right."""
        return [v for v in self.verdicts if v.survived and v.changes_outcome]

    @property
    def counted(self) -> int:
        """Mutants that count towards the kill rate (all but the equivalent ones)."""
        return len(self.verdicts) - self.equivalent

    @property
    def kill_rate(self) -> float:
        return self.killed / self.counted if self.counted else 1.0


def program_first_line(task: Task) -> int:
    """The line of ``task``'s file its reference program starts on; 1 when the task was not read
    from a Python file (an Asper-Bench record) or the file no longer holds that program."""
    path = Path(task.source)
    if path.suffix != ".py":
        return 1
    try:
        text = path.read_text(encoding="utf-8")
        tree = parse_in_turn(text)
    except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
        return 1
    lines = text.splitlines()
    for node in top_level_functions(tree):
        if function_source(lines, node) == task.program:
            return first_line(node)
    return 1


def _traces(task: Task, program: str) -> list[ProgramTrace]:
    return [trace_program(setup, program, now=task.now) for setup in task.state_generation_programs]


def _rejected(result: TaskResult[Any], reference_passes: frozenset[int]) -> bool:
    """Whether an evaluation that passes the reference rejected this result on the same pair."""
    return any(
        pair.get("index") in reference_passes and not pair.get("passed")
        for pair in result.details.pairs
    )


def grade_task_mutants(
    task: Task,
    executor: Executor,
    mutants: list[Mutant] | None = None,
    first_line: int | None = None,
) -> TaskMutationAudit:
    """Grade every mutant of ``task``'s reference (equivalence is decided separately).

    A mutant is killed only by a pair whose evaluation passes the reference: an evaluation that
    fails or crashes on the reference rejects every program, so its rejections prove nothing.
    """
    if first_line is None:
        first_line = program_first_line(task)
    audit = TaskMutationAudit(task.query_id, first_line=first_line)
    reference = grade(task, AgentOutput(program=task.program), executor, "oracle")
    reference_passes = frozenset(
        int(pair["index"]) for pair in reference.details.pairs if pair.get("passed")
    )
    audit.reference_passes = reference_passes
    if mutants is None:
        mutants = generate_mutants(task.program, first_line=audit.first_line)
    for mutant in mutants:
        result = grade(task, AgentOutput(program=mutant.program), executor, "mutant")
        killed = _rejected(result, reference_passes)
        audit.verdicts.append(MutantVerdict(mutant, killed, False, result.outcome))
    return audit


def _field_checked(
    task: Task,
    executor: Executor,
    audit: TaskMutationAudit,
    reference: list[ProgramTrace],
    name: str,
) -> bool:
    """Whether the evaluation rejects the field probe of ``name`` on a pair where the reference
    passes and the probe ran as the reference did, only with that field changed."""
    program = probe_program(task.program, name)
    result = grade(task, AgentOutput(program=program), executor, "field-probe")
    for pair in result.details.pairs:
        index = pair.get("index")
        if index not in audit.reference_passes or pair.get("passed"):
            continue
        assert isinstance(index, int)
        setup = task.state_generation_programs[index]
        probe = trace_program(setup, program, now=task.now)
        ran = probe.world is not None and probe.raised == reference[index].raised
        if ran and not reference[index].same_behaviour(probe):
            return True
    return False


def decide_equivalence(
    task: Task, audit: TaskMutationAudit, executor: Executor | None = None
) -> None:
    """Sort the mutants the evaluation accepted: equivalent to the reference (same answer,
    exception and end world on every setup), changing the outcome without excuse (see
    :mod:`~assistworld.paradigms.aspera.audit.outcome`), or another survivor. A survivor
    that only puts other values in the written records is excused when the evaluation rejects
    the field probe of each of those fields (:mod:`.field_probe`; needs ``executor``).

    Runs traces in forked children, so call it from the main thread, not from a worker thread.
    """
    accepted = [i for i, v in enumerate(audit.verdicts) if not v.killed]
    if not accepted:
        return
    reference = _traces(task, task.program)
    before = _traces(task, NULL_PROGRAM)
    checked: dict[str, bool] = {}

    def excused(effect: OutcomeEffect) -> bool:
        if executor is None or effect.work or effect.answer or not effect.fields:
            return False
        for name in sorted(effect.fields):
            if name not in checked:
                checked[name] = _field_checked(task, executor, audit, reference, name)
        return all(checked[name] for name in effect.fields)

    for index in accepted:
        verdict = audit.verdicts[index]
        traces = _traces(task, verdict.mutant.program)
        equivalent = all(r.same_behaviour(m) for r, m in zip(reference, traces, strict=True))
        effect = OutcomeEffect() if equivalent else effect_over(before, reference, traces)
        audit.verdicts[index] = MutantVerdict(
            verdict.mutant,
            False,
            equivalent,
            verdict.outcome,
            effect.changes_outcome and not excused(effect),
            effect.describe(),
        )


@dataclass(frozen=True)
class OperatorCounts:
    """How one operator's mutants fared across a suite."""

    made: int = 0
    killed: int = 0
    equivalent: int = 0
    survived: int = 0
    changed_outcome: int = 0

    def add(self, verdict: MutantVerdict) -> OperatorCounts:
        return OperatorCounts(
            self.made + 1,
            self.killed + verdict.killed,
            self.equivalent + verdict.equivalent,
            self.survived + verdict.survived,
            self.changed_outcome + (verdict.survived and verdict.changes_outcome),
        )


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

    @property
    def outcome_failures(self) -> list[TaskMutationAudit]:
        """The tasks whose evaluation accepts a mutant that changes their outcome."""
        return [t for t in self.tasks if len(t.outcome_survivors) > MAX_OUTCOME_SURVIVORS]

    def by_operator(self) -> dict[str, OperatorCounts]:
        """Per operator: mutants made, killed, equivalent, survived (outcome-changing ones)."""
        counts: dict[str, OperatorCounts] = {}
        for task in self.tasks:
            for verdict in task.verdicts:
                name = verdict.mutant.operator
                counts[name] = counts.get(name, OperatorCounts()).add(verdict)
        return counts

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

    # parsed here, in one thread: building syntax trees from two threads at once can fail
    # (CPython 3.11: "AST constructor recursion depth mismatch")
    lines = {id(task): program_first_line(task) for task in tasks}
    made = {id(task): generate_mutants(task.program, first_line=lines[id(task)]) for task in tasks}

    def graded(task: Task) -> TaskMutationAudit:
        audit = grade_task_mutants(task, executor, made[id(task)], lines[id(task)])
        if on_graded is not None:
            on_graded(task)
        return audit

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        audits = list(pool.map(graded, tasks))
    for task, audit in zip(tasks, audits, strict=True):
        decide_equivalence(task, audit, executor)
        if on_task is not None:
            on_task(audit)
    return MutationReport(audits)
