"""A program suite's episode over MCP with the real client: the right program passes, a wrong one
fails as a built-in agent's would, trial runs show what a developer sees, bad arguments are error
results, and a crash or a timeout of the agent's process is the task's outcome."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.agent import AgentOutput
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from tests.agents.external.episodes import graded, run_episode

pytest.importorskip("mcp")

TASK = "answer_006_last_meeting_with_tomasz"


@pytest.fixture(scope="module")
def suite() -> Suite:
    return load_suite("workplace")


@pytest.fixture(scope="module")
def executor() -> Iterator[Any]:
    made = get_paradigm("aspera").make_executor(unsafe=True, slots=1, timeout=30)
    yield made
    made.close()


def _task(suite: Suite) -> Any:
    return next(task for task in suite.tasks if task.query_id == TASK)


def test_the_reference_handed_in_passes_after_a_trial_run(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    task = _task(suite)
    steps = [
        {"list_tools": True},
        {"tool": "get_task"},
        {"tool": "get_documentation"},
        {"tool": "try_program", "arguments": {"code": task.program}},
        {"tool": "submit_program", "arguments": {"code": task.program}},
        {"tool": "finish", "arguments": {"answer": "done"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, executor, unsafe=True)
    tools, told, docs, trial, submitted, finished = episode.replies
    assert tools["tools"] == [
        "get_task",
        "finish",
        "get_documentation",
        "try_program",
        "submit_program",
    ]
    assert task.query in told["text"] and "submit_program" in told["text"]
    assert "def " in docs["text"] and len(docs["text"]) > 10_000
    assert not trial["is_error"] and '"summary": "the program finished."' in trial["text"]
    assert not submitted["is_error"] and not finished["is_error"]
    assert episode.result.passed and episode.result.outcome == "passed"
    external = episode.output.details["external"]
    assert external["ended_by"] == "finish" and external["process"] in ("exited", "stopped")


def test_a_wrong_program_fails_as_a_built_in_agents_would(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    task = _task(suite)
    wrong = "def answer():\n    return None\n"
    steps = [
        {"tool": "submit_program", "arguments": {"code": wrong}},
        {"tool": "finish", "arguments": {"answer": "none"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, executor, unsafe=True)
    builtin = graded(suite, task, AgentOutput(program=wrong), executor)
    assert not episode.result.passed
    assert episode.result.outcome == builtin.outcome != "passed"


def test_finishing_without_a_program_is_no_program(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    steps = [{"tool": "finish", "arguments": {"answer": "I could not"}}]
    episode = run_episode(suite, _task(suite), steps, tmp_path, executor, unsafe=True)
    assert episode.result.outcome == graded(suite, _task(suite), AgentOutput()).outcome


def test_bad_arguments_are_error_results_and_the_episode_goes_on(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    task = _task(suite)
    steps = [
        {"tool": "try_program", "arguments": {"code": 42}},
        {"tool": "try_program", "arguments": {"program": task.program}},
        {"tool": "no_such_tool", "arguments": {}},
        {"tool": "finish", "arguments": {}},
        {"tool": "submit_program", "arguments": {"code": task.program}},
        {"tool": "finish", "arguments": {"answer": "ok"}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, executor, unsafe=True)
    replies = episode.replies
    assert [reply["is_error"] for reply in replies] == [True, True, True, True, False, False]
    assert "'code' must be a string" in replies[0]["text"]
    assert "no tool named 'no_such_tool'" in replies[2]["text"]
    assert episode.result.passed


def test_trial_runs_are_limited_to_dry_runs(suite: Suite, executor: Any, tmp_path: Path) -> None:
    task = _task(suite)
    trial = {"tool": "try_program", "arguments": {"code": task.program}}
    steps = [trial, trial, {"tool": "finish", "arguments": {"answer": ""}}]
    episode = run_episode(suite, task, steps, tmp_path, executor, unsafe=True, dry_runs=1)
    assert [reply["is_error"] for reply in episode.replies] == [False, True, False]
    assert "trial runs of this task are spent" in episode.replies[1]["text"]


def test_a_crash_before_finish_is_agent_crashed_with_its_status(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    task = _task(suite)
    steps = [{"tool": "submit_program", "arguments": {"code": task.program}}, {"exit": 7}]
    episode = run_episode(suite, task, steps, tmp_path, executor, unsafe=True)
    assert episode.result.outcome == "agent_crashed" and not episode.result.passed
    assert "exit status 7" in (episode.result.error or "")
    assert episode.output.details["external"]["exit_status"] == 7


def test_an_agent_past_its_time_limit_is_killed_and_timed_out(
    suite: Suite, executor: Any, tmp_path: Path
) -> None:
    steps = [{"tool": "get_task"}, {"sleep": 120}]
    episode = run_episode(suite, _task(suite), steps, tmp_path, executor, time_limit=3)
    assert episode.result.outcome == "timeout"
    assert episode.output.details["external"]["process"] == "timeout"
    assert episode.output.details["external"]["seconds"] < 60
