"""Scripted tool-calling models for planning tasks, served by the loopback model server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.registry import bundled_suites_dir
from assistworld.core.result import TaskResult
from assistworld.llm.chat import ToolCall
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.paradigms.appbench.agents.service_tools import tool_name
from assistworld.paradigms.appbench.agents.tools_agent import ToolCallingPlanner
from assistworld.paradigms.appbench.paradigm import AppBenchParadigm
from assistworld.paradigms.appbench.tasks.model import ArgumentKind, Call, PlanningTask

Rule = Callable[[dict[str, Any]], Reply]


def travelplans_task(query_id: str) -> PlanningTask:
    paradigm = AppBenchParadigm()
    suite = paradigm.load_suite(bundled_suites_dir() / "travelplans", "travelplans")
    task = next(t for t in suite.tasks if t.query_id == query_id)
    assert isinstance(task, PlanningTask)
    return task


def tool_results(body: dict[str, Any]) -> list[Any]:
    """The tool replies the loop has sent so far, decoded, in order."""
    return [json.loads(m["content"]) for m in body["messages"] if m["role"] == "tool"]


def _record(reply: Any) -> dict[str, Any]:
    result = reply.get("result")
    if isinstance(result, list):
        result = result[0] if result else {}
    return result if isinstance(result, dict) else {}


def playing(calls: list[Call], answer: Callable[[list[dict[str, Any]]], str]) -> Rule:
    """A model that makes ``calls`` one a step, passing each variable the value the latest
    earlier result's record holds, then replies ``answer(records)``."""

    def rule(body: dict[str, Any]) -> Reply:
        records = [_record(reply) for reply in tool_results(body)]
        step = len(records)
        if step == len(calls):
            return Reply(text=answer(records))
        call = calls[step]
        arguments: dict[str, Any] = {}
        for name, argument in call.arguments.items():
            if argument.kind is ArgumentKind.LITERAL:
                arguments[name] = argument.value
            else:
                arguments[name] = next(
                    r[argument.value] for r in reversed(records) if argument.value in r
                )
        made = ToolCall(
            id=f"call_{step}", name=tool_name(call.app, call.api), arguments=json.dumps(arguments)
        )
        return Reply(tool_calls=(made,))

    return rule


def run_tools_agent(task: PlanningTask, rule: Rule) -> tuple[AgentOutput, TaskResult[Any]]:
    """Solve ``task`` with the tools agent against ``rule`` and grade it in every mode."""
    paradigm = AppBenchParadigm()
    with LoopbackServer(reply=rule) as server:
        model = OpenAICompatibleModel(
            model="loopback-model", base_url=server.base_url, api_key="x", cache=None
        )
        agent = ToolCallingPlanner(model, model_name="loopback")
        output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
    grade = paradigm.grader(paradigm.make_executor(unsafe=True, slots=1, timeout=30))
    return output, grade(task, output, agent.name)
