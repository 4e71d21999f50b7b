"""On a large suite the reference-program audit prints a count and only the failing scenarios,
as the other audit rules do, not one row per scenario."""

from __future__ import annotations

import asyncio

from rich.console import Console

from assistworld.core.registry import load_suite
from assistworld.paradigms.astra.audit import ROWS_SHOWN
from assistworld.paradigms.astra.program_audit import audit_reference_programs
from assistworld.paradigms.astra.scenario import Scenario


def test_many_passing_programs_are_one_line_and_a_failing_one_is_named() -> None:
    suite = load_suite("lifelines")
    with_programs = [
        task.query_id
        for task in suite.tasks
        if isinstance(task, Scenario) and task.reference_program
    ][: ROWS_SHOWN + 5]
    console = Console(record=True, width=120)
    passed = asyncio.run(
        audit_reference_programs(suite, console, with_programs, unsafe=True, timeout=30.0)
    )
    text = console.export_text()
    assert passed
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
    passed = asyncio.run(
        audit_reference_programs(
            suite.model_copy(update={"tasks": broken}),
            console,
            with_programs,
            unsafe=True,
            timeout=30.0,
        )
    )
    text = console.export_text()
    assert not passed
    assert f"{len(with_programs) - 1} of {len(with_programs)} pass" in text
    assert broken_id in text and "1 failing" in text
