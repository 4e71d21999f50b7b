"""``assistworld verify`` for an astra suite: the reference conversation passes every scenario
that has one (and scores S = 1 on its milestones), and answering without acting (the null agent)
passes none."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents import build_agent
from assistworld.paradigms.astra.conversation import brief_of
from assistworld.paradigms.astra.mutant_audit import MutantReport, mutant_report
from assistworld.paradigms.astra.results import AstraResult, grade
from assistworld.paradigms.astra.scenario import Scenario
from assistworld.paradigms.astra.worlds import Families


async def audit_suite(
    suite: Suite,
    console: Console,
    task_ids: list[str] | None,
    *,
    mutants: bool = False,
    show_survivors: bool = False,
) -> bool:
    """Run the oracle and the null agent on every selected scenario; print the findings; True
    when every reference passes with a milestone score of 1 and the null agent fails
    everywhere. With ``mutants``, also replay the mutants of every reference and print the kill
    rate per scenario and the scenarios whose milestones let a mutant through (a finding about
    the milestones, printed as a warning; it does not fail the audit)."""
    oracle = build_agent("oracle", suite=suite)
    null = build_agent("null")
    table = Table(title=f"{suite.name}: grader health")
    for heading in ("scenario", "reference", "S (ref)", "null agent", "verdict"):
        table.add_column(heading)
    sound = True
    families = Families()
    reports: list[MutantReport] = []
    for scenario in suite.tasks:
        assert isinstance(scenario, Scenario)
        if task_ids and scenario.query_id not in task_ids:
            continue
        brief = brief_of(scenario)
        reference: AstraResult | None = None
        if scenario.reference:
            reference = grade(scenario, await oracle.solve(brief), "oracle", families)
        baseline = grade(scenario, await null.solve(brief), "null", families)
        problems = []
        if reference is not None and not reference.passed:
            failed = [c.about for c in reference.details.checks if not c.passed]
            problems.append(f"reference fails ({reference.outcome}: {'; '.join(failed)})")
        scored = reference.details.milestones if reference is not None else None
        if scored is not None and scored.score < 1.0:
            weak = [name for name, value in scored.similarity.items() if value < 1.0]
            weak += [f"minefield {name}" for name in scored.hit_minefields]
            problems.append(f"reference scores S={scored.score:.2f} ({', '.join(weak)})")
        if mutants and reference is not None:
            found = await mutant_report(suite, scenario, reference, families)
            if found is not None:
                reports.append(found)
        if baseline.passed:
            problems.append("passed by answering without acting")
        sound = sound and not problems
        table.add_row(
            scenario.query_id,
            "-" if reference is None else ("passes" if reference.passed else "FAILS"),
            "-" if scored is None else f"{scored.score:.2f}",
            "passes" if baseline.passed else "fails",
            "ok" if not problems else "; ".join(problems),
        )
    console.print(table)
    if mutants:
        _print_mutants(console, suite.name, reports, show_survivors)
    return sound


def _print_mutants(
    console: Console, name: str, reports: list[MutantReport], show_survivors: bool
) -> None:
    table = Table(title=f"{name}: reference mutants against the milestones")
    for heading in ("scenario", "mutants", "equivalent", "killed", "kill rate", "survivors"):
        table.add_column(heading)
    for report in reports:
        rate = report.kill_rate
        survivors = report.survivors
        shown = [o.name for o in survivors] if show_survivors else [o.operator for o in survivors]
        table.add_row(
            report.query_id,
            str(len(report.outcomes)),
            str(len(report.outcomes) - len(report.counted)),
            str(sum(o.killed for o in report.counted)),
            "-" if rate is None else f"{100 * rate:.0f}%",
            "; ".join(dict.fromkeys(shown)) or "-",
        )
    console.print(table)
    counted = [o for report in reports for o in report.counted]
    if counted:
        killed = sum(o.killed for o in counted)
        console.print(
            f"mutants: {len(counted)} counted, {killed} killed ({100 * killed / len(counted):.0f}%)"
        )
    weak = [report.query_id for report in reports if report.survivors]
    if weak:
        console.print(
            "[yellow]warning[/] milestones cannot tell the reference from a mutant in: "
            + ", ".join(weak)
            + " (--show-survivors names the mutants)"
        )


__all__ = ["audit_suite"]
