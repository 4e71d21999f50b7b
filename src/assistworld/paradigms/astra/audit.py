"""``assistworld verify`` for an astra suite: the reference conversation passes every scenario
that has one, and answering without acting (the null agent) passes none."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents import build_agent
from assistworld.paradigms.astra.conversation import brief_of
from assistworld.paradigms.astra.results import AstraResult, grade
from assistworld.paradigms.astra.scenario import Scenario


async def audit_suite(suite: Suite, console: Console, task_ids: list[str] | None) -> bool:
    """Run the oracle and the null agent on every selected scenario; print the findings; True
    when every reference passes and the null agent fails everywhere."""
    oracle = build_agent("oracle", suite=suite)
    null = build_agent("null")
    table = Table(title=f"{suite.name}: grader health")
    for heading in ("scenario", "reference", "null agent", "verdict"):
        table.add_column(heading)
    sound = True
    for scenario in suite.tasks:
        assert isinstance(scenario, Scenario)
        if task_ids and scenario.query_id not in task_ids:
            continue
        brief = brief_of(scenario)
        reference: AstraResult | None = None
        if scenario.reference:
            reference = grade(scenario, await oracle.solve(brief), "oracle")
        baseline = grade(scenario, await null.solve(brief), "null")
        problems = []
        if reference is not None and not reference.passed:
            failed = [c.about for c in reference.details.checks if not c.passed]
            problems.append(f"reference fails ({reference.outcome}: {'; '.join(failed)})")
        if baseline.passed:
            problems.append("passed by answering without acting")
        sound = sound and not problems
        table.add_row(
            scenario.query_id,
            "-" if reference is None else ("passes" if reference.passed else "FAILS"),
            "passes" if baseline.passed else "fails",
            "ok" if not problems else "; ".join(problems),
        )
    console.print(table)
    return sound


__all__ = ["audit_suite"]
