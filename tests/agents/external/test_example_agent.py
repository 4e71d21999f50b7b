"""The example agent (``examples/mcp_agent.py``) end to end against the loopback model, on a
task of each paradigm, and once through ``assistworld run``."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.agent import AgentOutput
from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.llm.chat import ToolCall
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from tests.agents.external.episodes import external_request

pytest.importorskip("mcp")

EXAMPLE = Path(__file__).parents[3] / "examples" / "mcp_agent.py"


def _scripted_model(calls: list[tuple[str, dict[str, Any]]], last: str) -> Callable[..., Reply]:
    """A model that makes ``calls`` one per reply (counting the tool results it has seen), then
    answers ``last``."""

    def rule(body: dict[str, Any]) -> Reply:
        done = sum(1 for message in body["messages"] if message["role"] == "tool")
        if done < len(calls):
            name, arguments = calls[done]
            return Reply(
                tool_calls=(ToolCall(id=f"c{done}", name=name, arguments=json.dumps(arguments)),)
            )
        return Reply(text=last)

    return rule


def _solve(
    suite: Suite, task: Any, server: LoopbackServer, **options: Any
) -> tuple[AgentOutput, Any]:
    paradigm = get_paradigm(suite.paradigm)
    executor = paradigm.make_executor(unsafe=True, slots=1, timeout=30)
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} --model loopback-model"
    environment = {**os.environ, "OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "test"}
    previous = dict(os.environ)
    os.environ.update(environment)
    try:
        agent = paradigm.build_agent(
            external_request(
                paradigm, command, executor=executor, suite=suite, unsafe=True, **options
            )
        )
        output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
        return output, paradigm.grader(executor)(task, output, agent.name)
    finally:
        os.environ.clear()
        os.environ.update(previous)
        if executor is not None:
            executor.close()


def test_it_writes_and_hands_in_a_program() -> None:
    suite = load_suite("workplace")
    task = next(t for t in suite.tasks if t.query_id.startswith("answer_006"))
    rule = _scripted_model([("submit_program", {"code": task.program})], "Here it is.")
    with LoopbackServer(rule) as server:
        output, result = _solve(suite, task, server)
        assert server.chat_requests == 2
        body = server.requests[1].body
        assert body is not None
        tools = {t["function"]["name"] for t in body["tools"]}
    assert {"try_program", "submit_program", "finish"} <= tools
    assert result.passed and output.completion == "Here it is."


def test_it_hands_in_a_plan() -> None:
    suite = load_suite("travelplans")
    task = suite.tasks[0]
    rule = _scripted_model([("submit_plan", {"plan": gold_plan_text(task)})], "Planned.")
    with LoopbackServer(rule) as server:
        _, result = _solve(suite, task, server)
    assert result.passed


def test_it_holds_a_conversation() -> None:
    suite = load_suite("personal_demo")
    task = next(t for t in suite.tasks if t.query_id == "st_01_tell_tunde_sunday")
    paradigm = get_paradigm("astra")
    oracle = paradigm.build_agent(AgentRequest(name="oracle", suite=suite))
    played = asyncio.run(oracle.solve(paradigm.agent_view(task, oracle)))
    assert played.conversation is not None
    calls = [
        (call["function"]["name"], json.loads(call["function"]["arguments"]))
        for message in played.conversation["messages"]
        for call in message.get("tool_calls") or []
    ]
    replies = [
        m["content"]
        for m in played.conversation["messages"]
        if m["role"] == "assistant" and m.get("content")
    ]
    with LoopbackServer(_scripted_model(calls, replies[-1])) as server:
        output, result = _solve(suite, task, server, user_model="scripted")
    assert result.passed, output.details
    assert output.completion == replies[-1]


def test_it_runs_a_suite_through_assistworld_run(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from assistworld.cli import app

    suite = load_suite("travelplans")
    plans = {task.query: gold_plan_text(task) for task in suite.tasks[:2]}

    def rule(body: dict[str, Any]) -> Reply:
        task_text = body["messages"][1]["content"]
        if any(m["role"] == "tool" for m in body["messages"]):
            return Reply(text="done")
        plan = next(plan for query, plan in plans.items() if query in task_text)
        return Reply(
            tool_calls=(
                ToolCall(id="c0", name="submit_plan", arguments=json.dumps({"plan": plan})),
            )
        )

    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} --model loopback-model"
    ids = ",".join(task.query_id for task in suite.tasks[:2])
    run = ["run", "--suite", "travelplans", "--agent", "external", "--command", command,
           "--tasks", ids, "--out", str(tmp_path / "run"), "--concurrency", "2",
           "--samples", "2"]  # fmt: skip
    with LoopbackServer(rule) as server:
        env = {"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "test"}
        outcome = CliRunner().invoke(app, run, env=env)
        resumed = CliRunner().invoke(app, [*run, "--resume"], env=env)
        requests = server.chat_requests
    assert outcome.exit_code == 0, outcome.output
    lines = (tmp_path / "run" / "results.jsonl").read_text().splitlines()
    results = [json.loads(line) for line in lines]
    assert sorted((r["query_id"], r["sample"]) for r in results) == sorted(
        (query_id, sample) for query_id in ids.split(",") for sample in (0, 1)
    )
    assert all(r["passed"] and r["agent"] == "external" for r in results)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["agent"]["command"][-1] == "loopback-model"
    assert resumed.exit_code == 0, resumed.output
    assert requests == 8  # two model requests per episode, none after the resume
    assert len((tmp_path / "run" / "results.jsonl").read_text().splitlines()) == 4
    report = CliRunner().invoke(app, ["report", str(tmp_path / "run")])
    assert report.exit_code == 0, report.output
    assert "external" in (tmp_path / "run" / "report.html").read_text()
