"""``assistworld verify``: run the audits over a suite and print what breaks the rules."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import select_tasks
from assistworld.paradigms.aspera.evaluation.audit import SuiteAudit, audit_tasks
from assistworld.paradigms.aspera.evaluation.mutation_audit import MutationReport, audit_mutants
from assistworld.paradigms.aspera.evaluation.thresholds import (
    MIN_OVERALL_KILL_RATE,
    MIN_TASK_KILL_RATE,
)
from assistworld.paradigms.aspera.executors import make_executor
from assistworld.paradigms.aspera.tasks.suite import Suite


def _audit_table(audit: SuiteAudit) -> Table:
    table = Table(title="Tasks that break the rules")
    table.add_column("task")
    table.add_column("kind")
    table.add_column("problem")
    for item in audit.failing:
        for problem in item.problems:
            table.add_row(item.task.query_id, item.task.kind, problem)
    return table


def _mutation_table(report: MutationReport, show_survivors: bool) -> Table:
    table = Table(title="Mutation audit (weakest first)")
    table.add_column("task")
    table.add_column("mutants", justify="right")
    table.add_column("killed", justify="right")
    table.add_column("equivalent", justify="right")
    table.add_column("kill rate", justify="right")
    table.add_column("survivors")
    for task in report.weakest(len(report.tasks)):
        survivors = task.survivors
        if not show_survivors and task.kill_rate >= MIN_OVERALL_KILL_RATE:
            continue
        names = "; ".join(f"{v.mutant.operator}: {v.mutant.description}" for v in survivors)
        style = "red" if task.kill_rate < MIN_TASK_KILL_RATE else None
        table.add_row(
            task.query_id,
            str(len(task.verdicts)),
            str(task.killed),
            str(task.equivalent),
            f"{100 * task.kill_rate:.0f}%",
            names,
            style=style,
        )
    return table


def run_verify(
    suite: Suite,
    console: Console,
    *,
    task_ids: list[str] | None,
    mutants: bool,
    unsafe: bool,
    timeout: float,
    show_survivors: bool,
) -> bool:
    """Audit ``suite``; print the findings; True when every rule holds."""
    tasks = select_tasks(suite, task_ids, None)
    executor = make_executor(unsafe=unsafe, slots=2, timeout=timeout)
    try:
        audit = audit_tasks(tasks, executor)
        report = audit_mutants(tasks, executor) if mutants else None
    finally:
        executor.close()
    ok = audit.ok
    changing = [a for a in audit.tasks if a.task.kind == "state-changing"]
    console.print(
        f"{len(tasks)} tasks · oracle passes {100 * audit.oracle_pass_rate:.1f}% · do-nothing "
        f"passes {100 * audit.null_pass_rate_state_changing:.1f}% of {len(changing)} "
        f"state-changing tasks · always-hands-back passes {len(audit.hands_back_passed)} of "
        f"{len(tasks)} · sandbox: {', '.join(executor.layers)}",
        highlight=False,
    )
    if audit.failing:
        console.print(_audit_table(audit))
    for item in audit.tasks:
        for warning in item.warnings:
            console.print(f"[yellow]warning[/] {item.task.query_id}: {warning}", highlight=False)
    if report is not None:
        weak = [t for t in report.tasks if t.kill_rate < MIN_TASK_KILL_RATE]
        few = [t for t in report.tasks if len(t.verdicts) < 5]
        console.print(_mutation_table(report, show_survivors))
        console.print(
            f"mutants: {sum(len(t.verdicts) for t in report.tasks)} generated, "
            f"{report.equivalent} equivalent (left out), kill rate "
            f"{100 * report.kill_rate:.1f}% ({report.killed}/{report.counted}); "
            f"{len(weak)} tasks below {100 * MIN_TASK_KILL_RATE:.0f}%",
            highlight=False,
        )
        for task in few:
            console.print(
                f"[yellow]warning[/] {task.query_id}: only {len(task.verdicts)} mutants",
                highlight=False,
            )
        ok = ok and report.kill_rate >= MIN_OVERALL_KILL_RATE and not weak
    console.print("[bold green]verify: OK[/]" if ok else "[bold red]verify: FAILED[/]")
    return ok
