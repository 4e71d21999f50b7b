"""``assistworld verify``'s rule for reference programs: every scenario with a
``reference_program`` passes by it, through the sandbox (``--unsafe``: in-process), with S = 1.

A scenario's reference program is the program-paradigm form of its solution, so it must meet the
same bar as the reference conversation: every success condition holds, no minefield is hit and
the milestone score is 1. A failing one is named with the conditions it misses, or with why the
program gave no reply.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.core.verify_rules import Rule
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.program_agents import program_oracle
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.audit.command import BREACHES_SHOWN, ROWS_SHOWN
from assistworld.paradigms.astra.grading.results import AstraResult, grade
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families

RULE = "every reference program passes with S = 1"


def program_problems(result: AstraResult) -> list[str]:
    """Why a reference program's result falls short of passing with S = 1 (empty: it does not)."""
    problems = []
    for record in result.details.programs:
        if record.get("problem"):
            problems.append(f"the program gave no reply ({record['problem'].splitlines()[0]})")
    if not result.passed:
        failed = [c.about for c in result.details.checks if not c.passed]
        problems.append(f"fails ({result.outcome}: {'; '.join(failed)})")
    scored = result.details.milestones
    if scored is not None and scored.score < 1.0:
        weak = [name for name, value in scored.similarity.items() if value < 1.0]
        weak += [f"minefield {name}" for name in scored.hit_minefields]
        problems.append(f"scores S={scored.score:.2f} ({', '.join(weak)})")
    return problems


async def audit_reference_programs(
    suite: Suite,
    console: Console,
    task_ids: list[str] | None,
    *,
    unsafe: bool,
    timeout: float,
) -> list[Rule]:
    """Run every selected scenario's reference program and print a table of the findings; the
    rule that each passes with S = 1 (none when no selected scenario has one: nothing to
    check)."""
    chosen = [
        task
        for task in suite.tasks
        if isinstance(task, Scenario)
        and task.reference_program
        and (not task_ids or task.query_id in task_ids)
    ]
    if not chosen:
        return []
    executor = ProgramExecutor(unsafe=unsafe, slots=1, timeout=timeout)
    rows: list[tuple[str, str, str, str]] = []
    try:
        agent = program_oracle(suite, executor, max_user_turns=8)
        families = Families()
        for scenario in chosen:
            result = grade(scenario, await agent.solve(brief_of(scenario)), agent.name, families)
            problems = program_problems(result)
            scored = result.details.milestones
            rows.append(
                (
                    scenario.query_id,
                    "passes" if result.passed else "FAILS",
                    "-" if scored is None else f"{scored.score:.2f}",
                    "; ".join(problems),
                )
            )
        layers = executor.layers
    finally:
        executor.close()
    failing = [row for row in rows if row[3]]
    shown = rows if len(rows) <= ROWS_SHOWN else failing[:BREACHES_SHOWN]
    ran_with = f"programs ran with: {', '.join(layers) or 'no sandbox layer'}"
    if len(rows) > ROWS_SHOWN:
        console.print(
            f"{suite.name}: reference programs: {len(rows) - len(failing)} of {len(rows)} pass "
            f"with S = 1 ({ran_with})",
            highlight=False,
        )
    if shown:
        table = Table(title=f"{suite.name}: reference programs")
        for heading in ("scenario", "reference program", "S (program)", "verdict"):
            table.add_column(heading)
        for query_id, verdict, score, found in shown:
            table.add_row(query_id, verdict, score, found or "ok")
        if len(rows) <= ROWS_SHOWN:
            table.caption = ran_with
        else:
            cut = f", first {BREACHES_SHOWN} shown" if len(failing) > BREACHES_SHOWN else ""
            table.caption = f"{len(failing)} failing{cut}"
        console.print(table)
    return [Rule(RULE, f"{len(rows) - len(failing)} of {len(rows)} pass", not failing)]


__all__ = ["audit_reference_programs", "program_problems"]
