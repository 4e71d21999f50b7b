"""The audit gate: a candidate task is accepted only when the audits cannot fault it.

Rules (a broken rule refuses the task):

- the reference program passes every (setup, evaluation) pair;
- a do-nothing program fails a state-changing task;
- a program that always hands back (raises ``RequiresUserInput``) fails every task;
- the evaluation kills at least ``min_kill_rate`` of the reference program's mutants (plausible
  wrong programs: a shifted time, a dropped attendee, a missing call, ...).

Doubts (the person must accept them explicitly; automatic mode refuses the first two):

- a do-nothing program passes an information-seeking task;
- some mutants survive although the kill rate is high enough;
- fewer mutants than :data:`~assistworld.paradigms.aspera.audit.thresholds.MIN_MUTANTS`
could be made,
  so the kill rate says little.
"""

from __future__ import annotations

from assistworld.paradigms.aspera.audit.baselines import audit_tasks
from assistworld.paradigms.aspera.audit.mutation_audit import (
    MutantVerdict,
    audit_mutants,
)
from assistworld.paradigms.aspera.audit.thresholds import (
    MAX_OUTCOME_SURVIVORS,
    MIN_MUTANTS,
    MIN_TASK_KILL_RATE,
)
from assistworld.paradigms.aspera.authoring.state import Verdict
from assistworld.paradigms.aspera.grading.grade import Executor
from assistworld.paradigms.aspera.tasks.model import Task

DEFAULT_MIN_KILL_RATE = MIN_TASK_KILL_RATE


def _survivor_text(verdict: MutantVerdict, program: str, first_line: int = 1) -> str:
    """``operator: description`` plus the reference line the mutant changed, when known (the
    description names a line of the file, whose line ``first_line`` starts the program)."""
    mutant = verdict.mutant
    text = f"{mutant.operator}: {mutant.description}"
    head = mutant.description.split(":", 1)[0]
    if head.startswith("line "):
        number = head.removeprefix("line ").strip()
        lines = program.split("\n")
        at = int(number) - first_line if number.isdigit() else -1
        if 0 <= at < len(lines):
            text += f" -- in: {lines[at].strip()}"
    return text


def audit_candidate(
    task: Task, executor: Executor, *, min_kill_rate: float = DEFAULT_MIN_KILL_RATE
) -> Verdict:
    """Run the task audit and the mutation audit on ``task`` and judge it."""
    audit = audit_tasks([task], executor, workers=1).tasks[0]
    mutation = audit_mutants([task], executor, workers=1).tasks[0]
    problems = list(audit.problems)
    doubts: list[str] = []
    null_passed = audit.null.passed
    if null_passed and task.kind != "state-changing":
        doubts.append(
            "a do-nothing program (returning None) passes this information-seeking task: "
            "the evaluation does not check the answer"
        )
    survivors = [_survivor_text(v, task.program, mutation.first_line) for v in mutation.survivors]
    if mutation.kill_rate < min_kill_rate:
        problems.append(
            f"the evaluation kills {100 * mutation.kill_rate:.0f}% of the mutants "
            f"({mutation.killed}/{mutation.counted}), below the required "
            f"{100 * min_kill_rate:.0f}%: it accepts wrong programs"
        )
    elif survivors:
        doubts.append(f"{len(survivors)} mutant(s) survive: the evaluation accepts them")
    wrong = mutation.outcome_survivors
    if len(wrong) > MAX_OUTCOME_SURVIVORS:
        problems.append(
            f"the evaluation accepts {len(wrong)} mutant(s) that change the task's outcome (a "
            "record the reference writes, or its answer where it writes none): "
            + "; ".join(_survivor_text(v, task.program, mutation.first_line) for v in wrong)
        )
    if len(mutation.verdicts) < MIN_MUTANTS:
        doubts.append(
            f"only {len(mutation.verdicts)} mutants could be made, so the kill rate says little"
        )
    return Verdict(
        problems=problems,
        doubts=doubts,
        mutants=len(mutation.verdicts),
        killed=mutation.killed,
        equivalent=mutation.equivalent,
        kill_rate=mutation.kill_rate,
        survivors=survivors,
        null_passed=null_passed,
    )


def evidence_text(verdict: Verdict) -> str:
    """The verdict as plain text: for the person, the revision prompt and the edit log."""
    lines = [f"- {problem}" for problem in verdict.problems]
    lines += [f"- (doubt) {doubt}" for doubt in verdict.doubts]
    lines.append(
        f"- mutants: {verdict.mutants} made, {verdict.killed} rejected by the evaluation, "
        f"{verdict.equivalent} equivalent to the reference (left out), kill rate "
        f"{100 * verdict.kill_rate:.0f}%"
    )
    if verdict.survivors:
        lines.append("- mutants the evaluation accepted (each is a wrong program):")
        lines += [f"    - {survivor}" for survivor in verdict.survivors]
    return "\n".join(lines)


def automatic_refusals(verdict: Verdict) -> list[str]:
    """Why automatic mode refuses a task: every broken rule, and a do-nothing program passing."""
    reasons = list(verdict.problems)
    if verdict.null_passed and not any("do-nothing" in p for p in reasons):
        reasons.append("a do-nothing program passes")
    return reasons
