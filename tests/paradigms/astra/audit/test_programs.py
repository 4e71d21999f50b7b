"""On a large suite the reference-program audit prints a count and only the failing scenarios,
as the other audit rules do, not one row per scenario."""

from __future__ import annotations

import asyncio

from rich.console import Console

from assistworld.core.paradigm import VerifyRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.paradigms.astra.audit.command import ROWS_SHOWN
from assistworld.paradigms.astra.audit.programs import RULE, audit_reference_programs
from assistworld.paradigms.astra.tasks.scenario import Scenario


def test_many_passing_programs_are_one_line_and_a_failing_one_is_named() -> None:
    suite = load_suite("lifelines")
    with_programs = [
        task.query_id
        for task in suite.tasks
        if isinstance(task, Scenario) and task.reference_program
    ][: ROWS_SHOWN + 5]
    console = Console(record=True, width=120)
    [rule] = asyncio.run(
        audit_reference_programs(suite, console, with_programs, unsafe=True, timeout=30.0)
    )
    text = console.export_text()
    assert rule.holds and rule.found == f"{len(with_programs)} of {len(with_programs)} pass"
    assert f"reference programs: {len(with_programs)} of {len(with_programs)} pass" in text
    assert with_programs[0] not in text

    broken_id = with_programs[0]
    broken = [
        task.model_copy(update={"reference_program": "def solve():\n    return 'done'\n"})
        if task.query_id == broken_id
        else task
        for task in suite.tasks
    ]
    console = Console(record=True, width=120)
    [rule] = asyncio.run(
        audit_reference_programs(
            suite.model_copy(update={"tasks": broken}),
            console,
            with_programs,
            unsafe=True,
            timeout=30.0,
        )
    )
    text = console.export_text()
    assert not rule.holds
    assert f"{len(with_programs) - 1} of {len(with_programs)} pass" in text
    assert broken_id in text and "1 failing" in text


def test_a_failing_reference_program_is_a_rule_of_the_verdict() -> None:
    """Before, the conversation audit printed ``verify: OK`` and its rules table, and a failing
    reference program then made the command fail under a verdict that said OK."""
    suite = load_suite("lifelines")
    scenario = next(
        task for task in suite.tasks if isinstance(task, Scenario) and task.reference_program
    )
    broken = [
        task.model_copy(update={"reference_program": "def solve():\n    return 'done'\n"})
        if task.query_id == scenario.query_id
        else task
        for task in suite.tasks
    ]
    console = Console(record=True, width=200)
    request = VerifyRequest(task_ids=[scenario.query_id], unsafe=True)
    holds = get_paradigm("astra").verify(
        suite.model_copy(update={"tasks": broken}), console, request
    )
    text = console.export_text()
    assert not holds
    assert "verify: OK" not in text
    rule_row = next(line for line in text.splitlines() if RULE in line and "0 of 1 pass" in line)
    assert "FAILED" in rule_row
    assert f"verify: FAILED ({RULE}: 0 of 1 pass)" in text
