"""Executed mode: the plan is run against the simulated services and succeeds when the task's
goal holds (the rows it must add, no others, the answers it must return). A plan that differs
from the gold string but does the job passes; one that matches the string but cannot run fails.

The app and API figures (F1, EM), the per-call matches (``calls``), the argument errors
(``errors``) and ``arguments_exact`` (every gold call made with every argument right: False for a
plan with no call) are the corrected mode's comparisons against the gold plan, so the modes line
up column by column; success is the execution's verdict, and ``order_ok`` that no call was left
unbound. Plans are data, not code: they
run in the harness's own process against a fresh world per task.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from assistworld.paradigms.appbench.grading.corrected import score_corrected
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.outcome import ModeOutcome
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import Call, PlanningTask

if TYPE_CHECKING:
    from assistworld.sandbox import Limits


def score_executed(
    task: PlanningTask,
    calls: list[Call],
    worlds: TaskWorlds | None = None,
    compared: ModeOutcome | None = None,
) -> ModeOutcome:
    """Run ``calls`` for an executable ``task`` (in ``worlds`` when given) and score the result;
    ``compared`` is the corrected mode's outcome for the same calls, when the caller has it."""
    if compared is None:
        compared = score_corrected(calls, task)
    outcome = compared.model_copy(update={"success": False, "order_ok": True}, deep=True)
    try:
        report = execute_plan(task, calls, worlds)
    except Exception as error:  # a plan the services could not take is that plan's failure
        outcome.execution = {"problems": [f"execution failed: {type(error).__name__}: {error}"]}
        return outcome
    outcome.success = report.success
    outcome.order_ok = all(call.status != "unbound" for call in report.calls)
    outcome.execution = {
        **report.model_dump(mode="json"),
        "problems": report.problems(),
    }
    return outcome


@dataclass
class PlanScoring:
    """The executor of a planning run: nothing untrusted runs (plans are data), so there is no
    sandbox; it executes plans of executable tasks (``score_executed``, the grader's seam)."""

    timeout: float
    layers: tuple[str, ...] = ()
    limits: Limits = field(init=False)

    def __post_init__(self) -> None:
        from assistworld.sandbox import Limits

        if self.timeout <= 0:
            raise ValueError("--timeout must be a positive number of seconds")
        self.limits = Limits(wall_seconds=self.timeout, cpu_seconds=max(1, int(self.timeout / 2)))

    def score_executed(
        self, task: PlanningTask, calls: list[Call], compared: ModeOutcome | None = None
    ) -> ModeOutcome:
        return score_executed(task, calls, compared=compared)

    def close(self) -> None:
        """Nothing to release."""
