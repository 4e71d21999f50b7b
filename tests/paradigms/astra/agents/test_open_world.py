"""A conversation's episode over MCP: the reference conversation played through the served tools
passes as the oracle's does, doing nothing fails as the null agent does, the user's replies come
back from message_user, and bad arguments are error results."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents.assistants import NULL_REPLY
from tests.agents.external.episodes import run_episode

pytest.importorskip("mcp")


@pytest.fixture(scope="module")
def suite() -> Suite:
    return load_suite("personal_demo")


def _task(suite: Suite, query_id: str) -> Any:
    return next(task for task in suite.tasks if task.query_id == query_id)


def _built_in(suite: Suite, task: Any, name: str) -> Any:
    paradigm = get_paradigm("astra")
    agent = paradigm.build_agent(AgentRequest(name=name, suite=suite))
    output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
    return output, paradigm.grader(None)(task, output, name)


def _oracle_steps(suite: Suite, task: Any) -> list[dict[str, Any]]:
    """The reference conversation's assistant side as episode tool calls; its last reply is
    finish's answer."""
    output, _ = _built_in(suite, task, "oracle")
    assert output.conversation is not None
    steps: list[dict[str, Any]] = []
    for message in output.conversation["messages"]:
        if message["role"] != "assistant":
            continue
        for call in message.get("tool_calls") or []:
            function = call.get("function", call)
            steps.append({"tool": function["name"], "arguments": json.loads(function["arguments"])})
        if message.get("content"):
            steps.append({"tool": "message_user", "arguments": {"text": message["content"]}})
    last = steps.pop()
    assert last["tool"] == "message_user"
    return [*steps, {"tool": "finish", "arguments": {"answer": last["arguments"]["text"]}}]


@pytest.mark.parametrize("query_id", ["mt_01_cancel_appointment", "st_01_tell_tunde_sunday"])
def test_the_reference_conversation_passes_as_the_oracles_does(
    suite: Suite, query_id: str, tmp_path: Path
) -> None:
    task = _task(suite, query_id)
    steps = [{"tool": "get_task"}, *_oracle_steps(suite, task)]
    episode = run_episode(suite, task, steps, tmp_path, user_model="scripted")
    _, oracle = _built_in(suite, task, "oracle")
    assert task.query in episode.replies[0]["text"]
    assert all(not reply["is_error"] for reply in episode.replies)
    assert episode.result.passed and oracle.passed
    assert episode.output.details["end_reason"] == oracle.details.end_reason
    assert episode.output.details["roles"]["assistant"] == "external"


def test_the_users_reply_comes_back_from_message_user(suite: Suite, tmp_path: Path) -> None:
    task = _task(suite, "mt_01_cancel_appointment")
    steps = _oracle_steps(suite, task)
    asked = next(i for i, step in enumerate(steps) if step["tool"] == "message_user")
    episode = run_episode(suite, task, steps, tmp_path, user_model="scripted")
    assert episode.replies[asked]["text"] == task.user_script[0].say


def test_doing_nothing_fails_as_the_null_agent_does(suite: Suite, tmp_path: Path) -> None:
    task = _task(suite, "st_01_tell_tunde_sunday")
    steps = [{"tool": "finish", "arguments": {"answer": NULL_REPLY}}]
    episode = run_episode(suite, task, steps, tmp_path, user_model="scripted")
    _, null = _built_in(suite, task, "null")
    assert not episode.result.passed
    assert episode.result.outcome == null.outcome


def test_leaving_without_a_reply_is_cut_off_as_at_the_step_limit(
    suite: Suite, tmp_path: Path
) -> None:
    task = _task(suite, "st_01_tell_tunde_sunday")
    steps = [{"tool": "search_contacts", "arguments": {"query": "Tunde"}}]
    episode = run_episode(suite, task, steps, tmp_path, user_model="scripted")
    assert episode.result.outcome == "step_limit"


def test_a_bad_argument_is_an_error_result_the_agent_reads(suite: Suite, tmp_path: Path) -> None:
    task = _task(suite, "st_01_tell_tunde_sunday")
    steps = [
        {"tool": "search_contacts", "arguments": {"no_such": 1}},
        {"tool": "message_user", "arguments": {}},
        {"tool": "finish", "arguments": {"answer": NULL_REPLY}},
    ]
    episode = run_episode(suite, task, steps, tmp_path, user_model="scripted")
    assert [reply["is_error"] for reply in episode.replies] == [True, True, False]
    assert "invalid_arguments" in episode.replies[0]["text"]
    assert episode.output.conversation is not None
    calls = episode.output.conversation["events"]
    assert calls[0]["error"]["type"] == "invalid_arguments"
