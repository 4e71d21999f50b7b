"""``assistworld verify`` on a planning suite: the gold plan must succeed on every task in
corrected mode (and executed mode, for executable tasks), the empty plan on none; paper mode is
reported beside them. (Plan mutants join this audit once they exist.)"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.executed import PlanScoring
from assistworld.paradigms.appbench.grading import score_plan
from assistworld.paradigms.appbench.model import PlanningTask
from assistworld.paradigms.appbench.results import PRIMARY_MODE


def audit(tasks: Sequence[PlanningTask]) -> dict[str, dict[str, list[str]]]:
    """Per mode: the tasks the gold plan fails, and the tasks the empty plan passes."""
    found: dict[str, dict[str, list[str]]] = {}
    runner = PlanScoring(timeout=30.0)
    for task in tasks:
        gold = score_plan(gold_plan_text(task), task, runner).outcomes
        empty = score_plan("", task, runner).outcomes
        for mode, outcome in gold.items():
            entry = found.setdefault(mode, {"gold_fails": [], "empty_passes": []})
            if not outcome.success:
                entry["gold_fails"].append(task.query_id)
            if empty[mode].success:
                entry["empty_passes"].append(task.query_id)
    return found


def run_verify(suite: Suite, console: Console, task_ids: list[str] | None, mutants: bool) -> bool:
    """Print the audit; True when the suite is sound in the primary mode."""
    tasks = [t for t in suite.tasks if not task_ids or t.query_id in set(task_ids)]
    found = audit(tasks)
    table = Table(title=f"{suite.name}: {len(tasks)} tasks audited")
    for column in ("mode", "gold plan succeeds", "empty plan succeeds"):
        table.add_column(column)
    total = max(len(tasks), 1)
    for mode, entry in found.items():
        gold = len(tasks) - len(entry["gold_fails"])
        table.add_row(
            mode + (" (primary)" if mode == PRIMARY_MODE else ""),
            f"{gold}/{len(tasks)} ({gold / total:.1%})",
            f"{len(entry['empty_passes'])}/{len(tasks)}",
        )
    console.print(table)
    by_id = {task.query_id: task for task in tasks}
    primary = found.get(PRIMARY_MODE, {"gold_fails": [], "empty_passes": []})
    executed = found.get("executed", {"gold_fails": [], "empty_passes": []})
    for query_id in executed["gold_fails"]:
        console.print(f"gold plan fails {query_id} in executed mode")
    for query_id in primary["gold_fails"]:
        defects = "; ".join(by_id[query_id].defects) or "no known data defect"
        console.print(f"gold plan fails {query_id} in {PRIMARY_MODE} mode: {defects}")
    if mutants:
        console.print(
            "mutant audit: no plan mutants are installed in this build; gold and empty plans "
            "were audited"
        )
    failures = [primary["gold_fails"], primary["empty_passes"]]
    failures += [executed["gold_fails"], executed["empty_passes"]]
    return not any(failures)
