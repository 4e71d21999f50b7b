"""Reference programs: run in-process against their scenario's world, they meet its success
conditions; a program that acts on a wrong value does not."""

from __future__ import annotations

import json
from typing import Any

import yaml

from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.program_check import (
    program_problems,
    run_program,
)

FOLDER = bundled_folder()


def _world(scenario: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FOLDER / scenario["world"]).read_text(encoding="utf-8"))
    return data


def _with_programs() -> list[dict[str, Any]]:
    found = []
    for path in sorted(FOLDER.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "reference_program:" in text:
            found.append(yaml.safe_load(text))
    return found


def test_every_reference_program_meets_its_success_conditions() -> None:
    scenarios = _with_programs()
    assert len(scenarios) >= 40
    families = {s["tags"][1] for s in scenarios}
    assert {"if_free", "call_back", "move_event", "wrong_day_question"} <= families
    for scenario in scenarios[::3]:
        assert program_problems(scenario, _world(scenario)) == [], scenario["query_id"]


def test_programs_read_the_values_they_act_on_from_the_tools() -> None:
    scenario = next(s for s in _with_programs() if s["tags"][1] == "call_back")
    program = scenario["reference_program"]
    assert "search_phone_calls(" in program and "recipient=call.number" in program
    _reply, after = run_program(program, _world(scenario), scenario["now"])
    wanted = scenario["success"]["end_state"][0]["where"]["number"]
    placed = [c for c in after["phone_calls"].values() if c["direction"] == "outgoing"]
    assert placed[-1]["number"] == wanted


def test_a_program_that_moves_the_wrong_time_fails() -> None:
    scenario = next(s for s in _with_programs() if s["tags"][1] == "move_event")
    program = scenario["reference_program"]
    start = scenario["success"]["end_state"][0]["where"]["starts_at"]
    later = start[:11] + "23:59:00"
    assert start in program
    broken = {**scenario, "reference_program": program.replace(start, later)}
    assert program_problems(broken, _world(scenario))
