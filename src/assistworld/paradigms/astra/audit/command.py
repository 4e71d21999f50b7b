"""``assistworld verify`` for a conversation suite: play the audit's conversations on every
selected scenario (:mod:`.audit_baselines`), apply the rules (:mod:`.audit_rules`) and print
what was found compactly enough for a suite of hundreds of scenarios: counts, then the
scenarios breaking each rule, then every rule with its threshold and verdict. A small audit
(at most :data:`ROWS_SHOWN` scenarios, e.g. with ``--tasks``) also gets one row per scenario;
``--show-survivors`` lists every surviving mutant of every scenario."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite, select_tasks
from assistworld.core.verify_rules import Rule, print_verdict
from assistworld.paradigms.astra.audit.baselines import BaselinePlayer, ScenarioAudit, Verdict
from assistworld.paradigms.astra.audit.rules import MIN_SCENARIO_KILL_RATE, SuiteRule, suite_rules
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.progress import AuditProgress

ROWS_SHOWN = 20
"""An audit of at most this many scenarios prints one row per scenario."""
BREACHES_SHOWN = 20
"""At most this many scenarios are listed under a broken rule (all are counted)."""


async def audit_suite(
    suite: Suite,
    console: Console,
    task_ids: list[str] | None,
    *,
    mutants: bool = False,
    show_survivors: bool = False,
    more_checks: Callable[[], Awaitable[Sequence[Rule]]] | None = None,
) -> bool:
    """Audit the selected scenarios of ``suite``, print the findings and the rules; True when
    every rule holds. ``more_checks`` runs after the conversations' findings are printed (it
    prints its own) and gives rules that join the table and the verdict."""
    scenarios = select_tasks(suite, task_ids, None)
    player = BaselinePlayer()
    audits: list[ScenarioAudit] = []
    started = time.perf_counter()
    phase = "reference, baselines" + (" and mutants" if mutants else "")
    with AuditProgress(console, phase, len(scenarios), unit="scenarios") as progress:
        for scenario in scenarios:
            assert isinstance(scenario, Scenario)
            audits.append(await player.audit(scenario, mutants=mutants))
            progress.tick()
    elapsed = time.perf_counter() - started
    rules = suite_rules(audits, mutants=mutants)
    _print_counts(console, suite.name, audits, elapsed)
    if len(audits) <= ROWS_SHOWN:
        console.print(_scenario_table(suite.name, audits, mutants))
    if mutants:
        _print_mutant_totals(console, audits)
    if show_survivors:
        _print_survivors(console, audits)
    for rule in rules:
        _print_breaches(console, rule)
    verdicts = [rule.rule() for rule in rules]
    if more_checks is not None:
        verdicts += await more_checks()
    return print_verdict(console, verdicts)


def _print_counts(
    console: Console, name: str, audits: Sequence[ScenarioAudit], elapsed: float
) -> None:
    single = sum(a.single_turn for a in audits)
    console.print(
        f"{name}: {len(audits)} scenarios audited in {elapsed:.1f} s ({single} single-turn, "
        f"{len(audits) - single} multi-turn; {sum(a.stateful for a in audits)} stateful; "
        f"{sum(a.insufficient_context for a in audits)} insufficient-context)",
        highlight=False,
        soft_wrap=True,
    )


def _cell(verdict: Verdict | None, *, baseline: bool) -> str:
    if verdict is None:
        return "-"
    if baseline:
        return "fails" if verdict.fails else f"[red]{verdict.shown()}[/]"
    return f"{verdict.score:.2f}" if verdict.perfect else f"[red]{verdict.shown()}[/]"


def _scenario_table(name: str, audits: Sequence[ScenarioAudit], mutants: bool) -> Table:
    table = Table(title=f"{name}: grader health")
    for heading in ("scenario", "S (ref)", "null", "ask", "unasked", "act not"):
        table.add_column(heading)
    if mutants:
        table.add_column("killed", justify="right")
    for audit in audits:
        cells = [
            audit.query_id,
            _cell(audit.reference, baseline=False),
            _cell(audit.null, baseline=True),
            _cell(audit.ask, baseline=True),
            _cell(audit.unasked, baseline=True),
            _cell(audit.replied, baseline=True),
        ]
        if mutants:
            report = audit.mutants
            rate = None if report is None else report.kill_rate
            killed = "-"
            if report is not None and rate is not None:
                killed = f"{len(report.counted) - len(report.survivors)}/{len(report.counted)}"
            cells.append(killed)
        table.add_row(*cells)
    return table


def _print_mutant_totals(console: Console, audits: Sequence[ScenarioAudit]) -> None:
    reports = [a.mutants for a in audits if a.mutants is not None]
    made = sum(len(r.outcomes) for r in reports)
    counted = sum(len(r.counted) for r in reports)
    killed = counted - sum(len(r.survivors) for r in reports)
    rate = f"{100 * killed / counted:.1f}%" if counted else "-"
    console.print(
        f"mutants: {made} made, {made - counted} equivalent (left out), {counted} counted, "
        f"{killed} killed ({rate})",
        highlight=False,
    )
    rates = [r.kill_rate for r in reports]
    full = sum(rate == 1.0 for rate in rates)
    low = sum(rate is not None and rate < MIN_SCENARIO_KILL_RATE for rate in rates)
    none = sum(rate is None for rate in rates)
    console.print(
        f"kill rate per scenario: {full} at 100%, {len(rates) - full - low - none} at "
        f"{100 * MIN_SCENARIO_KILL_RATE:.0f}-99%, {low} below, {none} with no mutant to count",
        highlight=False,
    )


def _print_survivors(console: Console, audits: Sequence[ScenarioAudit]) -> None:
    weak = [a for a in audits if a.mutants is not None and a.mutants.survivors]
    if not weak:
        console.print("surviving mutants: none", highlight=False)
        return
    console.print("surviving mutants (their score S is 1):", highlight=False)
    for audit in weak:
        assert audit.mutants is not None
        for outcome in audit.mutants.survivors:
            console.print(
                f"  {audit.query_id}: {outcome.operator}: {outcome.description}",
                highlight=False,
                markup=False,
                soft_wrap=True,
            )


def _print_breaches(console: Console, rule: SuiteRule) -> None:
    if not rule.breaches:
        return
    console.print(
        f"[bold red]{len(rule.breaches)} scenario(s) break[/] {rule.demand}:", highlight=False
    )
    for breach in rule.breaches[:BREACHES_SHOWN]:
        console.print(
            f"  {breach.query_id}: {breach.reason}", highlight=False, markup=False, soft_wrap=True
        )
    if len(rule.breaches) > BREACHES_SHOWN:
        console.print(f"  ... and {len(rule.breaches) - BREACHES_SHOWN} more", highlight=False)


__all__ = ["BREACHES_SHOWN", "ROWS_SHOWN", "audit_suite"]
