"""Running a reference program in-process against a scenario's world, and checking the
scenario's success conditions on what it leaves and says (the generator's own check, and the
tests')."""

from __future__ import annotations

from typing import Any

from assistworld.apps.personal import namespace, personal_world
from assistworld.paradigms.astra.grading.success import check_success
from assistworld.paradigms.astra.tasks.scenario import SuccessConditions


def run_program(program: str, world: dict[str, Any], now: str) -> tuple[str, dict[str, Any]]:
    """``solve()``'s reply and the world afterwards (its JSON form)."""
    live = personal_world({**world, "now": now}, source="the scenario's world")
    scope: dict[str, Any] = dict(namespace())
    exec(compile(program, "<reference_program>", "exec"), scope)
    with live.active():
        reply = scope["solve"]()
    return str(reply), live.to_data()


def program_problems(scenario: dict[str, Any], world: dict[str, Any]) -> list[str]:
    """The success conditions a scenario's reference program fails (empty: it passes)."""
    program = scenario.get("reference_program")
    if not program:
        return []
    start = personal_world({**world, "now": scenario["now"]}, source="the scenario's world")
    reply, after = run_program(program, world, scenario["now"])
    success = SuccessConditions.model_validate(scenario["success"])
    checks = check_success(success, [reply], after, start.to_data())
    return [f"{c.about}: {c.detail}" for c in checks if not c.passed]


__all__ = ["program_problems", "run_program"]
