"""``assistworld verify``: run the audits over a suite and print what breaks the rules."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.first_few import first_few
from assistworld.core.suite import select_tasks
from assistworld.core.verify_rules import Rule, print_verdict
from assistworld.paradigms.aspera.audit.baselines import SuiteAudit, audit_tasks
from assistworld.paradigms.aspera.audit.mutation import operator_names
from assistworld.paradigms.aspera.audit.mutation_audit import (
    MutationReport,
    TaskMutationAudit,
    audit_mutants,
)
from assistworld.paradigms.aspera.audit.thresholds import (
    MAX_OUTCOME_SURVIVORS,
    MIN_MUTANTS,
    MIN_OVERALL_KILL_RATE,
    MIN_TASK_KILL_RATE,
)
from assistworld.paradigms.aspera.grading.executors import make_executor
from assistworld.paradigms.aspera.tasks.suite import Suite
from assistworld.progress import AuditProgress


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
    """The weak tasks (below the overall rate, or accepting an outcome-changing mutant); with
    ``show_survivors``, every task that has a survivor. Survivor lines name file lines, and
    those that change the outcome are marked."""
    table = Table(title="Mutation audit (weakest first)")
    table.add_column("task")
    table.add_column("mutants", justify="right")
    table.add_column("killed", justify="right")
    table.add_column("equivalent", justify="right")
    table.add_column("kill rate", justify="right")
    table.add_column("outcome", justify="right")
    table.add_column("survivors (file lines; ! changes the outcome)")
    for task in report.weakest(len(report.tasks)):
        survivors = task.survivors
        lax = len(task.outcome_survivors) > MAX_OUTCOME_SURVIVORS
        weak = task.kill_rate < MIN_OVERALL_KILL_RATE or lax
        if not (survivors if show_survivors else weak):
            continue
        names = "\n".join(
            f"{'! ' if v.changes_outcome else ''}{v.mutant.operator}: {v.mutant.description}"
            + (f" ({v.effect})" if v.effect else "")
            for v in survivors
        )
        failing = task.kill_rate < MIN_TASK_KILL_RATE or lax
        table.add_row(
            task.query_id,
            str(len(task.verdicts)),
            str(task.killed),
            str(task.equivalent),
            f"{100 * task.kill_rate:.0f}%",
            str(len(task.outcome_survivors)),
            names,
            style="red" if failing else None,
        )
    return table


def _operator_table(report: MutationReport) -> Table:
    table = Table(title="Mutants by operator")
    for name in ("operator", "made", "killed", "equivalent", "survived", "change the outcome"):
        table.add_column(name, justify="left" if name == "operator" else "right")
    counts = report.by_operator()
    for name in operator_names():
        if name in counts:
            c = counts[name]
            table.add_row(
                name,
                *(str(n) for n in (c.made, c.killed, c.equivalent, c.survived)),
                str(c.changed_outcome),
            )
    return table


def _named(tasks: list[TaskMutationAudit], shown: int = 5) -> str:
    return f": {first_few([t.query_id for t in tasks], shown)}" if tasks else ""


def _rules(
    audit: SuiteAudit, report: MutationReport | None, tasks: int, changing: int
) -> list[Rule]:
    oracle_failed = sum(not a.oracle.passed for a in audit.tasks)
    null_passed = sum(a.null.passed for a in audit.tasks if a.task.kind == "state-changing")
    hands_back = len(audit.hands_back_passed)
    rules = [
        Rule(
            "the reference passes every task",
            f"{tasks - oracle_failed} of {tasks} pass",
            oracle_failed == 0,
        ),
        Rule(
            "doing nothing fails every state-changing task",
            f"{null_passed} of {changing} passed",
            null_passed == 0,
        ),
        Rule(
            "always handing back fails every task",
            f"{hands_back} of {tasks} passed",
            hands_back == 0,
        ),
    ]
    if report is not None:
        weak = [t for t in report.tasks if t.kill_rate < MIN_TASK_KILL_RATE]
        rules.append(
            Rule(
                f"overall mutant kill rate >= {100 * MIN_OVERALL_KILL_RATE:.0f}%",
                f"{100 * report.kill_rate:.1f}% ({report.killed}/{report.counted})",
                report.kill_rate >= MIN_OVERALL_KILL_RATE,
            )
        )
        rules.append(
            Rule(
                f"each task's kill rate >= {100 * MIN_TASK_KILL_RATE:.0f}%",
                f"{len(weak)} task{'s' if len(weak) != 1 else ''} below{_named(weak)}",
                not weak,
            )
        )
        lax = report.outcome_failures
        rules.append(
            Rule(
                f"each task accepts at most {MAX_OUTCOME_SURVIVORS} mutants that change its "
                "outcome (the records its reference writes; its answer where it writes none); "
                "other values in a written record are excused only where the evaluation rejects "
                "the reference with that field changed",
                f"{len(lax)} task{'s' if len(lax) != 1 else ''} accept one{_named(lax)}",
                not lax,
            )
        )
    return rules


def run_verify(
    suite: Suite,
    console: Console,
    *,
    task_ids: list[str] | None,
    mutants: bool,
    unsafe: bool,
    timeout: float,
    show_survivors: bool,
    by_operator: bool = False,
) -> bool:
    """Audit ``suite``; print the findings, every rule applied and which failed; True when every
    rule holds."""
    tasks = select_tasks(suite, task_ids, None)
    executor = make_executor(unsafe=unsafe, slots=2, timeout=timeout)
    try:
        with AuditProgress(
            console, "baselines (reference, do-nothing, hand-back)", len(tasks)
        ) as p:
            audit = audit_tasks(tasks, executor, on_task=p.tick)
        report = None
        if mutants:
            with AuditProgress(console, "mutants", len(tasks)) as p:
                report = audit_mutants(tasks, executor, on_graded=p.tick)
    finally:
        executor.close()
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
        table = _mutation_table(report, show_survivors)
        if table.row_count:
            console.print(table)
        if by_operator:
            console.print(_operator_table(report))
        console.print(
            f"mutants: {sum(len(t.verdicts) for t in report.tasks)} generated, "
            f"{report.equivalent} equivalent (left out), kill rate "
            f"{100 * report.kill_rate:.1f}% ({report.killed}/{report.counted}); "
            f"{len(weak)} tasks below {100 * MIN_TASK_KILL_RATE:.0f}%; "
            f"{len(report.outcome_failures)} accept a mutant that changes their outcome",
            highlight=False,
        )
        for task in report.tasks:
            if len(task.verdicts) < MIN_MUTANTS:
                console.print(
                    f"[yellow]warning[/] {task.query_id}: only {len(task.verdicts)} mutants "
                    f"(fewer than {MIN_MUTANTS}: its kill rate says little)",
                    highlight=False,
                )
    return print_verdict(console, _rules(audit, report, len(tasks), len(changing)))
