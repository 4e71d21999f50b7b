"""``assistworld verify`` for an astra suite: the reference conversation passes every scenario
that has one (and scores S = 1 on its milestones), and answering without acting (the null agent)
passes none."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents import build_agent
from assistworld.paradigms.astra.conversation import brief_of
from assistworld.paradigms.astra.results import AstraResult, grade
from assistworld.paradigms.astra.scenario import Scenario
from assistworld.paradigms.astra.worlds import Families


async def audit_suite(suite: Suite, console: Console, task_ids: list[str] | None) -> bool:
    """Run the oracle and the null agent on every selected scenario; print the findings; True
    when every reference passes with a milestone score of 1 and the null agent fails
    everywhere."""
    oracle = build_agent("oracle", suite=suite)
    null = build_agent("null")
    table = Table(title=f"{suite.name}: grader health")
    for heading in ("scenario", "reference", "S (ref)", "null agent", "verdict"):
        table.add_column(heading)
    sound = True
    families = Families()
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
    return sound


__all__ = ["audit_suite"]
