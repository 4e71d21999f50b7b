"""``assistworld verify`` on a planning suite: prints the audit of :mod:`.audit` (the gold plan,
the empty plan and, with ``--mutants``, the gold plan's mutants in every mode), every threshold
with its measured value, and which failed."""

from __future__ import annotations

import time

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.core.verify_rules import Rule, print_verdict
from assistworld.paradigms.appbench.audit.rules import (
    GATED_MODES,
    MODES,
    SuiteAudit,
    audit_suite,
    operators_of,
)
from assistworld.paradigms.appbench.tasks.model import PlanningTask

SHOWN_SURVIVORS = 20
"""At most this many surviving mutants are listed (all are counted)."""


def run_verify(suite: Suite, console: Console, task_ids: list[str] | None, mutants: bool) -> bool:
    """Audit the suite, print what was found; True when every threshold holds."""
    wanted = set(task_ids or ())
    tasks: list[PlanningTask] = [t for t in suite.tasks if not wanted or t.query_id in wanted]
    started = time.perf_counter()
    audit = audit_suite(tasks, with_mutants=mutants)
    elapsed = time.perf_counter() - started
    _print_plans(audit, suite.name, console)
    if mutants:
        _print_mutants(audit, console)
    _print_failures(audit, tasks, console)
    _print_checks(audit, console, elapsed)
    return audit.passed


def _modes(audit: SuiteAudit) -> list[str]:
    return [mode for mode in MODES if mode in audit.gold_fails]


def _label(mode: str) -> str:
    return mode if mode in GATED_MODES else f"{mode} (reported, not gated)"


def _print_plans(audit: SuiteAudit, name: str, console: Console) -> None:
    table = Table(title=f"{name}: {audit.tasks} tasks audited ({audit.executable} executable)")
    for column in ("mode", "gold plan succeeds", "empty plan succeeds"):
        table.add_column(column)
    for mode in _modes(audit):
        total = audit.scored(mode)
        gold = total - len(audit.gold_fails[mode])
        empty = len(audit.empty_passes[mode])
        table.add_row(_label(mode), f"{gold}/{total} ({gold / total:.1%})", f"{empty}/{total}")
    console.print(table)


def _rate(killed: int, made: int) -> str:
    return f"{killed}/{made} ({killed / made:.1%})" if made else "-"


def _print_mutants(audit: SuiteAudit, console: Console) -> None:
    modes = [mode for mode in MODES if mode in audit.tallies]
    table = Table(title="mutants of the gold plan killed (a mutant is killed when it fails)")
    table.add_column("operator")
    for mode in modes:
        table.add_column(_label(mode), justify="right")
    for operator in operators_of(audit.tallies.values()):
        cells = [
            _rate(audit.tallies[m].killed.get(operator, 0), audit.tallies[m].made.get(operator, 0))
            for m in modes
        ]
        table.add_row(operator, *cells)
    table.add_row(
        "all", *[_rate(audit.tallies[m].total_killed, audit.tallies[m].total_made) for m in modes]
    )
    console.print(table)
    paper = audit.tallies.get("paper")
    if paper is not None and paper.total_made:
        through = paper.total_made - paper.total_killed
        console.print(
            f"paper mode lets {through} of {paper.total_made} mutants through "
            f"({through / paper.total_made:.1%}): plans with a call dropped, a wrong value or a "
            "call through the wrong app that the published scorer counts as successes"
        )
    if audit.excluded:
        console.print(
            f"{len(audit.excluded)} mutants excluded as equivalent to the gold plan "
            "(a changed value that reads the same):"
        )
        for entry in audit.excluded[:SHOWN_SURVIVORS]:
            console.print(f"  {entry.query_id} {entry.operator}: {entry.reason}")
    if audit.survivors:
        console.print(f"{len(audit.survivors)} mutants survive corrected or executed mode:")
        for entry in audit.survivors[:SHOWN_SURVIVORS]:
            console.print(
                f"  {entry.query_id} {entry.operator}: {entry.description} "
                f"(succeeds in {', '.join(entry.modes)})"
            )
        if len(audit.survivors) > SHOWN_SURVIVORS:
            console.print(f"  ... and {len(audit.survivors) - SHOWN_SURVIVORS} more")


def _print_failures(audit: SuiteAudit, tasks: list[PlanningTask], console: Console) -> None:
    by_id = {task.query_id: task for task in tasks}
    for mode in GATED_MODES:
        for query_id in audit.gold_fails.get(mode, [])[:SHOWN_SURVIVORS]:
            defects = "; ".join(by_id[query_id].defects) or "no known data defect"
            console.print(f"gold plan fails {query_id} in {mode} mode: {defects}")
        for query_id in audit.empty_passes.get(mode, [])[:SHOWN_SURVIVORS]:
            console.print(f"empty plan succeeds on {query_id} in {mode} mode")


def _print_checks(audit: SuiteAudit, console: Console, elapsed: float) -> None:
    console.print(f"audit took {elapsed:.1f} s", highlight=False)
    rules = [
        Rule(f"{check.name}: {check.target}", check.measured, check.passed)
        for check in audit.checks()
    ]
    print_verdict(console, rules)
