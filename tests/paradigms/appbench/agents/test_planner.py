"""The planners against the loopback server: what each prompt shows, and what comes back."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.suite import Suite
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.llm.retry import RetryPolicy
from assistworld.paradigms.appbench.agents.baselines import ReplayAgent, read_plans_file
from assistworld.paradigms.appbench.agents.planner import PlannerAgent, chosen_apps, unknown_apps
from assistworld.paradigms.appbench.agents.registry import PlannerSetupError, build_agent
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.tasks.model import (
    ApiDescription,
    AppDescription,
    ParameterDescription,
)
from tests.paradigms.appbench.helpers import call, lit, task

APPS = (
    AppDescription(
        name="Lodging",
        description="rooms to stay in",
        apis=(
            ApiDescription(
                name="findroom",
                required=(ParameterDescription(name="town"),),
                results=(ParameterDescription(name="room_name"),),
            ),
        ),
    ),
    AppDescription(
        name="Forecast",
        description="weather",
        apis=(ApiDescription(name="getforecast"),),
    ),
)
PLAN = "Lodging: [room_name = findroom(#town='Lumen')]"
VIEW = PlanningView(query_id="ss-0", query="A room in Lumen please.", apps=APPS)


def _reply(body: dict[str, Any]) -> str:
    system = str(body["messages"][0]["content"])
    return "[Lodging]" if "which apps" in system else PLAN


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=_reply) as running:
        yield running


def _client(server: LoopbackServer) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(
        model="loopback-model",
        base_url=server.base_url,
        cache=None,
        use_cache=False,
        retry=RetryPolicy(max_attempts=1),
        timeout_s=60.0,
    )


def _systems(server: LoopbackServer) -> list[list[dict[str, Any]]]:
    return [
        request.body["messages"]
        for request in server.requests
        if request.path.endswith("/chat/completions") and request.body is not None
    ]


def test_hierarchical_chooses_apps_then_plans_with_only_their_descriptions(
    server: LoopbackServer,
) -> None:
    agent = PlannerAgent(_client(server), model_name="loopback", prompting="hierarchical")
    output = asyncio.run(agent.solve(VIEW))
    selection, planning = _systems(server)
    assert "Forecast" in selection[0]["content"] and "findroom" not in selection[0]["content"]
    assert "findroom" in planning[0]["content"] and "getforecast" not in planning[0]["content"]
    assert planning[-1]["content"] == VIEW.query
    assert output.plan == PLAN
    assert output.details["chosen_apps"] == ["Lodging"]
    assert output.usage["cached"] is False


def test_flat_shows_every_app_in_one_request(server: LoopbackServer) -> None:
    agent = PlannerAgent(_client(server), model_name="loopback", prompting="flat")
    output = asyncio.run(agent.solve(VIEW))
    (planning,) = _systems(server)
    assert "findroom" in planning[0]["content"] and "getforecast" in planning[0]["content"]
    assert output.plan == PLAN


def test_k_shot_shows_example_tasks_and_leaves_them_out(server: LoopbackServer) -> None:
    example = task([call("Lodging", "findroom", ("room_name",), town=lit("Oslo"))])
    example = example.model_copy(update={"query_id": "ss-9", "example": True, "query": "Oslo?"})
    agent = PlannerAgent(
        _client(server), model_name="loopback", prompting="flat", examples=[example]
    )
    asyncio.run(agent.solve(VIEW))
    (messages,) = _systems(server)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert "findroom(#town='Oslo')" in messages[2]["content"]
    assert agent.excluded_task_ids() == frozenset({"ss-9"})
    refused = asyncio.run(agent.solve(VIEW.model_copy(update={"query_id": "ss-9"})))
    assert refused.plan is None and "demonstration" in (refused.error or "")


def test_chosen_apps_match_whole_names_only() -> None:
    assert [app.name for app in chosen_apps("I'd use [forecast, lodging]", APPS)] == [
        "Lodging",
        "Forecast",
    ]
    assert chosen_apps("Forecasting is fun", APPS) == []


def test_agent_errors_say_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(PlannerSetupError, match="needs --model"):
        build_agent("flat")
    with pytest.raises(PlannerSetupError, match="unknown planning agent"):
        build_agent("cck")
    suite = Suite(name="s", path="/x", paradigm="appbench", format="f", tasks=[], content_hash="")
    with pytest.raises(PlannerSetupError, match="tasks marked example"):
        build_agent("flat", model="local:nothing", suite=suite, shots=2)
    bad = tmp_path / "plans.jsonl"
    bad.write_text('{"query_id": "a", "program": "x"}\n', encoding="utf-8")
    with pytest.raises(PlannerSetupError, match='"query_id" and "plan"'):
        read_plans_file(bad)
    good = tmp_path / "good.jsonl"
    good.write_text('{"query_id": "ss-0", "plan": "' + PLAN + '"}\n', encoding="utf-8")
    assert asyncio.run(ReplayAgent(good).solve(VIEW)).plan == PLAN


def test_an_app_the_selection_names_but_the_task_lacks_is_recorded_not_dropped() -> None:
    def salons(body: dict[str, Any]) -> str:
        system = str(body["messages"][0]["content"])
        return "[Salons, Lodging]" if "which apps" in system else PLAN

    with LoopbackServer(reply=salons) as running:
        agent = PlannerAgent(_client(running), model_name="loopback", prompting="hierarchical")
        output = asyncio.run(agent.solve(VIEW))
    assert output.details["chosen_apps"] == ["Lodging"]
    assert output.details["unknown_apps"] == ["Salons"]


def test_unknown_apps_are_the_listed_items_that_name_no_app() -> None:
    assert unknown_apps("[Lodging, 'Salons', Forecast]", APPS) == ["Salons"]
    assert unknown_apps("Apps: [Lodging app]", APPS) == []
    assert unknown_apps("Lodging, Taxis\n- Forecast", APPS) == ["Taxis"]
    assert unknown_apps("[Lodging]", APPS) == []
