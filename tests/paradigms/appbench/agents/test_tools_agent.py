"""The ``tools`` agent on a planning suite: a model calling the services itself, its calls
graded as a plan in every mode (paper, corrected, executed)."""

from __future__ import annotations

import json
from typing import Any

from assistworld.llm.chat import ToolCall
from assistworld.llm.loopback import Reply
from assistworld.paradigms.appbench.agents.registry import build_agent
from assistworld.paradigms.appbench.agents.tools_agent import ToolCallingPlanner
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call
from tests.paradigms.appbench.agents._players import (
    playing,
    run_tools_agent,
    tool_results,
    travelplans_task,
)

MODES = ("paper", "corrected", "executed")
TASK = "mm-0"
"""A bus, then attractions, a psychiatrist and a Thai place in the bus's city on its day."""


def _stating_returns(task_calls: list[Call]) -> Any:
    """The reply of a model that tells the user every value the gold plan returns."""

    def answer(records: list[dict[str, Any]]) -> str:
        said = [
            str(record[name])
            for call, record in zip(task_calls, records, strict=True)
            for name in call.returns
            if name in record
        ]
        return "Done. " + "; ".join(said)

    return answer


def _success(result: Any) -> dict[str, bool]:
    return {mode: result.details.outcomes[mode].success for mode in MODES}


def test_the_right_calls_pass_in_every_mode() -> None:
    task = travelplans_task(TASK)
    output, result = run_tools_agent(task, playing(task.calls, _stating_returns(task.calls)))
    assert output.error is None, output.error
    assert _success(result) == dict.fromkeys(MODES, True), (output.plan, result.details)
    assert result.outcome == "passed"
    assert output.plan is not None
    first = output.plan.splitlines()[0]
    assert first.startswith("Buses: [") and "findbus(#from_city='Atlanta'" in first
    assert "#location=to_city" in output.plan
    details = output.details
    assert [call["tool"] for call in details["tool_calls"]] == [c.api for c in task.calls]
    assert details["tool_calls"][0]["result"], "the task page keeps each call's result"
    assert (details["refused_calls"], details["failed_calls"]) == (0, 0)


def test_a_trip_on_the_wrong_day_fails_in_every_mode() -> None:
    task = travelplans_task(TASK)
    wrong = [
        call.model_copy(
            update={
                "arguments": {
                    **call.arguments,
                    "departure_date": Argument(kind=ArgumentKind.LITERAL, value="2019-06-07"),
                }
            }
        )
        if call.api == "findbus"
        else call
        for call in task.calls
    ]
    output, result = run_tools_agent(task, playing(wrong, _stating_returns(wrong)))
    assert output.error is None
    assert _success(result) == dict.fromkeys(MODES, False), output.plan
    assert result.outcome != "passed"


def test_a_call_outside_the_tasks_apps_is_refused_to_the_model_and_counted() -> None:
    task = travelplans_task(TASK)
    gold = playing(task.calls, _stating_returns(task.calls))
    seen: list[Any] = []

    def rule(body: dict[str, Any]) -> Reply:
        results = tool_results(body)
        if not results:  # first try to reserve through the wrong app
            arguments = json.dumps({"restaurant_name": "X", "location": "Atlanta"})
            return Reply(
                tool_calls=(ToolCall(id="c0", name="Buses_reserverestaurant", arguments=arguments),)
            )
        if len(results) == 1:
            seen.append(results[0])
        trimmed = {
            **body,
            "messages": [m for m in body["messages"] if m.get("tool_call_id") != "c0"],
        }
        trimmed["messages"] = [
            m
            for m in trimmed["messages"]
            if not (
                m["role"] == "assistant"
                and m.get("tool_calls")
                and m["tool_calls"][0]["id"] == "c0"
            )
        ]
        return gold(trimmed)

    output, result = run_tools_agent(task, rule)
    (refusal,) = seen
    assert refusal["error"]["type"] == "permission"
    assert "reserverestaurant is an API of Restaurants, not of Buses" in refusal["error"]["message"]
    assert output.details["refused_calls"] == 1
    assert output.details["tool_calls"][0]["tool"] == "Buses_reserverestaurant"
    assert "Buses: [reserverestaurant" not in (output.plan or "")
    assert _success(result) == dict.fromkeys(MODES, True)


def test_a_call_the_service_rejects_is_counted_and_left_out_of_the_plan() -> None:
    task = travelplans_task(TASK)
    gold = playing(task.calls, _stating_returns(task.calls))

    def rule(body: dict[str, Any]) -> Reply:
        if not tool_results(body):
            bad = json.dumps(
                {"from_city": "Atlanta", "to_city": "Los Angeles", "departure_date": "soon"}
            )
            return Reply(tool_calls=(ToolCall(id="c0", name="Buses_findbus", arguments=bad),))
        messages = [m for m in body["messages"] if m.get("tool_call_id") != "c0"]
        messages = [
            m
            for m in messages
            if not (
                m["role"] == "assistant"
                and m.get("tool_calls")
                and m["tool_calls"][0]["id"] == "c0"
            )
        ]
        return gold({**body, "messages": messages})

    output, result = run_tools_agent(task, rule)
    assert output.details["failed_calls"] == 1
    assert output.details["tool_calls"][0]["error"]["type"] == "invalid_arguments"
    assert output.plan is not None and output.plan.count("findbus(") == 1
    assert _success(result) == dict.fromkeys(MODES, True)


def test_a_published_task_without_a_world_is_a_clear_error() -> None:
    from assistworld.paradigms.appbench.agents.view import PlanningView

    agent = ToolCallingPlanner(model=None, model_name="none")  # type: ignore[arg-type]
    import asyncio

    output = asyncio.run(agent.solve(PlanningView(query_id="q1", query="Book a table")))
    assert output.plan is None
    assert output.error is not None and "no simulated services" in output.error
    assert output.details["failure"] == "no-world"


def test_the_registry_builds_it_and_refuses_shots() -> None:
    import pytest

    from assistworld.paradigms.appbench.agents.baselines import PlannerSetupError

    agent = build_agent("tools", model="openai-compatible:m@http://127.0.0.1:9/v1")
    assert isinstance(agent, ToolCallingPlanner)
    assert agent.settings()["agent"] == "tools"
    with pytest.raises(PlannerSetupError, match="takes no demonstrations"):
        build_agent("tools", model="openai-compatible:m@http://127.0.0.1:9/v1", shots=1)
