"""The audit of a planning suite behind ``assistworld verify``: the gold plan, the empty plan and
the mutants of the gold plan, scored in every mode.

A suite is sound when, in the gated modes (corrected, and executed for executable tasks), the
gold plan succeeds on every task, the empty plan on none, and at least :data:`KILL_TARGET` of the
gold plan's mutants (:mod:`.mutants`) are killed: a mutant is killed in a mode when it does not
succeed there. Paper mode is scored beside them and never gated: how many mutants it lets through
is a finding about the published scorer, not a defect of the suite.

A mutant that changes nothing the task asks for is not a mistake, and counting it as a survivor
would blame the suite for a correct plan. One rule excludes such mutants (see
:func:`equivalent`); every exclusion is counted and listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.audit.mutants import OPERATORS, Mutant, mutants
from assistworld.paradigms.appbench.grading.executed import score_executed
from assistworld.paradigms.appbench.grading.grade import score_plan
from assistworld.paradigms.appbench.grading.outcome import ModeOutcome
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import Call, PlanningTask

MODES: tuple[str, ...] = ("paper", "corrected", "executed")
GATED_MODES: tuple[str, ...] = ("corrected", "executed")
"""The modes whose verdicts decide whether the suite is sound."""
KILL_TARGET = 0.95
"""The least share of mutants a gated mode must kill."""


class Survivor(BaseModel):
    """A mutant that succeeded in some mode (or was excluded as equivalent)."""

    query_id: str
    operator: str
    description: str
    modes: list[str] = Field(default_factory=list)
    """The modes in which it succeeded."""
    reason: str = ""
    """Why it was excluded (empty for a survivor)."""


class Tally(BaseModel):
    """Mutants made and killed in one mode, by operator."""

    made: dict[str, int] = Field(default_factory=dict)
    killed: dict[str, int] = Field(default_factory=dict)

    def add(self, operator: str, killed: bool) -> None:
        self.made[operator] = self.made.get(operator, 0) + 1
        self.killed[operator] = self.killed.get(operator, 0) + int(killed)

    @property
    def total_made(self) -> int:
        return sum(self.made.values())

    @property
    def total_killed(self) -> int:
        return sum(self.killed.values())

    def rate(self) -> float | None:
        """The share of all mutants killed; None when none were made."""
        made = self.total_made
        return self.total_killed / made if made else None


class Check(BaseModel):
    """One threshold of the audit, its measured value and whether it holds."""

    name: str
    measured: str
    target: str
    passed: bool


class SuiteAudit(BaseModel):
    """Everything the audit found."""

    tasks: int
    executable: int
    gold_fails: dict[str, list[str]] = Field(default_factory=dict)
    """Per mode, the tasks whose gold plan does not succeed."""
    empty_passes: dict[str, list[str]] = Field(default_factory=dict)
    """Per mode, the tasks the empty plan succeeds on."""
    mutants_audited: bool = False
    tallies: dict[str, Tally] = Field(default_factory=dict)
    survivors: list[Survivor] = Field(default_factory=list)
    excluded: list[Survivor] = Field(default_factory=list)

    def scored(self, mode: str) -> int:
        """How many tasks ``mode`` scores (executed mode: only executable tasks)."""
        return self.executable if mode == "executed" else self.tasks

    def checks(self) -> list[Check]:
        """The thresholds of the gated modes, each with its measured value."""
        found: list[Check] = []
        for mode in GATED_MODES:
            total = self.scored(mode)
            if not total:
                continue
            gold = total - len(self.gold_fails.get(mode, []))
            empty = len(self.empty_passes.get(mode, []))
            found.append(
                Check(
                    name=f"gold plan succeeds ({mode})",
                    measured=f"{gold}/{total} ({gold / total:.1%})",
                    target="100%",
                    passed=gold == total,
                )
            )
            found.append(
                Check(
                    name=f"empty plan succeeds ({mode})",
                    measured=f"{empty}/{total} ({empty / total:.1%})",
                    target="0%",
                    passed=empty == 0,
                )
            )
            tally = self.tallies.get(mode)
            if self.mutants_audited and tally is not None and tally.total_made:
                rate = tally.rate() or 0.0
                found.append(
                    Check(
                        name=f"mutant kill rate ({mode})",
                        measured=f"{tally.total_killed}/{tally.total_made} ({rate:.1%})",
                        target=f">= {KILL_TARGET:.0%}",
                        passed=rate >= KILL_TARGET,
                    )
                )
        return found

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks())


@dataclass
class _TaskRunner:
    """Executed mode for one task, in its databases filled once (the grader's seam)."""

    worlds: TaskWorlds

    def score_executed(
        self, task: PlanningTask, calls: list[Call], compared: ModeOutcome | None = None
    ) -> ModeOutcome:
        return score_executed(task, calls, self.worlds, compared)


def equivalent(task: PlanningTask, mutant: Mutant) -> str:
    """Why ``mutant`` is not a mistake at all (empty when it is one).

    The one rule: a ``change_literal`` or ``dependency_to_literal`` mutant whose new value is
    the same, ignoring case and spaces, as the value it replaced is the gold plan written
    differently (the mutation operators map a few values onto themselves, e.g. a word reversed
    that reads the same). Nothing else is excluded: a mutant that reaches the goal some other
    way is a lax goal, and it is reported as a survivor.
    """
    if mutant.operator not in ("change_literal", "dependency_to_literal"):
        return ""
    for gold, changed in zip(task.calls, mutant.calls, strict=False):
        for name, argument in changed.arguments.items():
            before = gold.arguments.get(name)
            if before is None or before == argument:
                continue
            if before.kind is argument.kind and _folded(before.value) == _folded(argument.value):
                return f"#{name} keeps its value ({before.value!r} and {argument.value!r})"
    return ""


def _folded(value: str) -> str:
    return " ".join(value.split()).casefold()


def audit_task(task: PlanningTask, audit: SuiteAudit, with_mutants: bool) -> None:
    """Score the gold plan, the empty plan and (``with_mutants``) the mutants of one task."""
    worlds = TaskWorlds(task) if task.executable else None
    runner = _TaskRunner(worlds) if worlds is not None else None
    gold = score_plan(gold_plan_text(task), task, runner).outcomes
    empty = score_plan("", task, runner).outcomes
    for mode, outcome in gold.items():
        fails = audit.gold_fails.setdefault(mode, [])
        passes = audit.empty_passes.setdefault(mode, [])
        if not outcome.success:
            fails.append(task.query_id)
        if empty[mode].success:
            passes.append(task.query_id)
    if not with_mutants:
        return
    for mutant in mutants(task, worlds=worlds):
        reason = equivalent(task, mutant)
        if reason:
            audit.excluded.append(
                Survivor(
                    query_id=task.query_id,
                    operator=mutant.operator,
                    description=mutant.description,
                    reason=reason,
                )
            )
            continue
        outcomes = score_plan(mutant.text(), task, runner).outcomes
        lived = [mode for mode in MODES if mode in outcomes and outcomes[mode].success]
        for mode, outcome in outcomes.items():
            audit.tallies.setdefault(mode, Tally()).add(mutant.operator, not outcome.success)
        if any(mode in GATED_MODES for mode in lived):
            audit.survivors.append(
                Survivor(
                    query_id=task.query_id,
                    operator=mutant.operator,
                    description=mutant.description,
                    modes=lived,
                )
            )


def audit_suite(tasks: Sequence[PlanningTask], *, with_mutants: bool) -> SuiteAudit:
    """The audit of ``tasks`` (see the module docstring)."""
    audit = SuiteAudit(
        tasks=len(tasks),
        executable=sum(task.executable for task in tasks),
        mutants_audited=with_mutants,
    )
    for task in tasks:
        audit_task(task, audit, with_mutants)
    return audit


def operators_of(tallies: Iterable[Tally]) -> list[str]:
    """The operators that made a mutant in any tally, in :data:`OPERATORS` order."""
    made = {operator for tally in tallies for operator, count in tally.made.items() if count}
    return [operator for operator in OPERATORS if operator in made]


__all__ = [
    "GATED_MODES",
    "KILL_TARGET",
    "MODES",
    "Check",
    "SuiteAudit",
    "Survivor",
    "Tally",
    "audit_suite",
    "equivalent",
]
