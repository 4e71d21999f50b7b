"""A planning task's episode over MCP: the gold calls made one by one, or the gold plan handed
in, pass in all three modes; wrong calls fail as a planner's plan with those calls would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistworld.apps import services
from assistworld.core.agent import AgentOutput
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.agents.open_world import (
    PlanningEpisode,
)
from assistworld.paradigms.appbench.agents.service_tools import tool_name
from assistworld.paradigms.appbench.agents.view import PlanningView, ServiceWorld
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import ArgumentKind
from tests.agents.external.episodes import graded, run_episode

pytest.importorskip("mcp")

MODES = ("paper", "corrected", "executed")


@pytest.fixture(scope="module")
def suite() -> Suite:
    return load_suite("travelplans")


def _dependent_task(suite: Suite) -> Any:
    """A task whose second call uses what the first returned."""
    return next(
        task
        for task in suite.tasks
        if len(task.calls) == 2
        and any(a.kind is ArgumentKind.VARIABLE for a in task.calls[1].arguments.values())
    )


def _gold_steps(task: Any) -> list[dict[str, Any]]:
    """The gold calls as tool calls, dependencies resolved by running them on the task's world
    (as an agent would learn them from the results)."""
    world = TaskWorlds(task).world(tuple(services.APP_NAMES))
    bound: dict[str, Any] = {}
    steps = []
    with world.active():
        for call in task.calls:
            app = services.find_app(call.app)
            assert app is not None
            arguments = {
                services.python_name(name): bound[a.value]
                if a.kind is ArgumentKind.VARIABLE
                else a.value
                for name, a in call.arguments.items()
            }
            event = services.toolset(app).call_json(call.api, arguments)
            assert event.error is None, event.error
            records = event.result if isinstance(event.result, list) else [event.result]
            bound.update({name: records[0][name] for name in call.returns})
            steps.append({"tool": tool_name(app, call.api), "arguments": arguments})
    return steps


def _modes(result: Any) -> dict[str, bool]:
    return {mode: result.details.outcomes[mode].success for mode in MODES}


def test_the_gold_calls_made_one_by_one_pass_in_every_mode(suite: Suite, tmp_path: Path) -> None:
    task = _dependent_task(suite)
    executor = get_paradigm("appbench").make_executor(unsafe=True, slots=1, timeout=30)
    steps = [
        {"list_tools": True},
        *_gold_steps(task),
        {"tool": "finish", "arguments": {"answer": "ok"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, executor)
    listed = episode.replies[0]["tools"]
    assert {"get_task", "finish", "get_apps", "submit_plan"} <= set(listed)
    assert all(not reply["is_error"] for reply in episode.replies[1:])
    assert episode.output.details["plan_source"] == "calls"
    assert episode.result.passed, episode.output.plan
    assert _modes(episode.result) == dict.fromkeys(MODES, True)
    second = episode.result.details.calls[1]
    assert any(a.kind is ArgumentKind.VARIABLE for a in second.arguments.values())


def test_the_gold_plan_handed_in_passes(suite: Suite, tmp_path: Path) -> None:
    task = _dependent_task(suite)
    executor = get_paradigm("appbench").make_executor(unsafe=True, slots=1, timeout=30)
    steps = [
        {"tool": "get_apps"},
        {"tool": "submit_plan", "arguments": {"plan": gold_plan_text(task)}},
        {"tool": "finish", "arguments": {"answer": "ok"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, executor)
    assert "AppName: [" in episode.replies[0]["text"]
    assert episode.result.passed and _modes(episode.result) == dict.fromkeys(MODES, True)


def test_only_the_first_call_fails_as_the_same_plan_from_a_planner(
    suite: Suite, tmp_path: Path
) -> None:
    task = _dependent_task(suite)
    executor = get_paradigm("appbench").make_executor(unsafe=True, slots=1, timeout=30)
    first = _gold_steps(task)[0]
    steps = [first, {"tool": "finish", "arguments": {"answer": "ok"}}]
    episode = run_episode(suite, task, steps, tmp_path, executor)
    builtin = graded(suite, task, AgentOutput(plan=episode.output.plan), executor)
    assert not episode.result.passed
    assert episode.result.outcome == builtin.outcome != "passed"


def test_a_bad_argument_is_an_error_result_and_no_call_of_the_plan(
    suite: Suite, tmp_path: Path
) -> None:
    task = _dependent_task(suite)
    first = _gold_steps(task)[0]
    steps = [
        {"tool": first["tool"], "arguments": {"no_such_argument": "x"}},
        {"tool": "Nowhere_api", "arguments": {}},
        {"tool": "finish", "arguments": {"answer": "ok"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path)
    assert [reply["is_error"] for reply in episode.replies] == [True, True, False]
    assert "invalid_arguments" in episode.replies[0]["text"]
    assert episode.output.plan is None and episode.result.outcome == "no_program"


def test_an_app_the_task_may_not_use_is_not_served(suite: Suite, tmp_path: Path) -> None:
    task = _dependent_task(suite)
    paradigm: Any = get_paradigm("appbench")
    apps = paradigm.apps_of(task)
    only_media = PlanningView(
        query_id=task.query_id,
        query=task.query,
        apps=tuple(app for app in apps if app.name == "Media"),
        world=ServiceWorld(seed=task.world_seed, now=task.now),
    )
    names = {tool.name for tool in PlanningEpisode(only_media).tools()}
    assert "Media_findmovies" in names and "Movies_findmovies" not in names
    assert not any(name.startswith("Hotels_") for name in names)
