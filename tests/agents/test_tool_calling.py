"""The tool-calling loop drives a bundled task end to end against the loopback model server.

The scripted model solves ``simple_002_cancel_one_on_one_tomorrow`` ("cancel my one-on-one with
Matteo tomorrow") by calling tools, reading each result from the conversation the loop sends
back. The loop runs where a candidate program would: inside the task's own evaluation program,
as its ``executable()``, on the world the task's setup program built. The evaluation must pass,
and the trajectory must list every call with its arguments, result and world version.
"""

from __future__ import annotations

import asyncio
import datetime
import json
from typing import Any

from assistworld.agents.tool_calling import TurnResult, assistant_turn
from assistworld.apps.workplace import toolset
from assistworld.llm.chat import ChatMessage, ToolCall, system_message, user_message
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.sandbox.models import ProgramRun
from assistworld.sandbox.outcomes import PairOutcome, RunOutcome
from assistworld.sandbox.pair_runner import run_pair
from assistworld.sandbox.run_record import CandidateOutcome
from assistworld.tools.events import Trajectory
from assistworld.world import DEFAULT_NOW, current_world

TASK_ID = "simple_002_cancel_one_on_one_tomorrow"


def _results(body: dict[str, Any]) -> list[Any]:
    """The tool replies the loop has sent so far, decoded, in order."""
    return [json.loads(m["content"]) for m in body["messages"] if m["role"] == "tool"]


def _call(number: int, name: str, arguments: dict[str, Any]) -> ToolCall:
    return ToolCall(id=f"call_{number}", name=name, arguments=json.dumps(arguments))


def scripted_model(body: dict[str, Any]) -> Reply:
    """Each turn decides from the tool results in the conversation, as a model would."""
    assert {tool["function"]["name"] for tool in body["tools"]} >= {"find_events", "delete_event"}
    results = _results(body)
    if not results:
        return Reply(
            tool_calls=(
                _call(1, "find_employee", {"name": "Matteo"}),
                _call(2, "parse_date_string", {"date_expr": "Tomorrow"}),
                _call(3, "find_employee", {"name": "Matteo", "team": "Sales"}),  # a bad call
            )
        )
    if len(results) == 3:
        matteo = results[0]["result"][0]
        return Reply(tool_calls=(_call(4, "find_events", {"attendees": [matteo]}),))
    if len(results) == 4:
        tomorrow = results[1]["result"]
        (event,) = [e for e in results[3]["result"] if e["starts_at"].startswith(tomorrow)]
        return Reply(tool_calls=(_call(5, "delete_event", {"event": event}),))
    return Reply(text="Done: I cancelled your one-on-one with Matteo tomorrow.")


def test_a_bundled_task_solved_by_tool_calls_passes_its_evaluation() -> None:
    task = next(t for t in load_suite("workplace", strict=False).tasks if t.query_id == TASK_ID)
    setup, evaluation = task.pairs[0]
    loops: list[TurnResult] = []
    trajectory = Trajectory()
    history: list[ChatMessage] = []

    with LoopbackServer(reply=scripted_model) as server:
        model = OpenAICompatibleModel(
            model="loopback-model", base_url=server.base_url, api_key="x", cache=None
        )

        def start_candidate() -> CandidateOutcome:
            history.extend(
                [
                    system_message("You are the user's assistant. Use the tools."),
                    user_message(task.query),
                ]
            )
            world = current_world()  # the pair's world, set up by the task's setup program
            loop = asyncio.run(
                assistant_turn(
                    model, toolset(), history, world=world, trajectory=trajectory, max_steps=20
                )
            )
            loops.append(loop)
            run = ProgramRun(outcome=RunOutcome.completed, tool_calls=trajectory)
            return CandidateOutcome(run, value=None)

        pair = run_pair(0, setup, evaluation, task.query, task.now, start_candidate, ASPERA_LIBRARY)

    assert pair.outcome is PairOutcome.passed, (pair.error_type, pair.error_message)
    (loop,) = loops
    assert loop.finished and loop.steps == 4
    assert loop.reply.startswith("Done")
    events = trajectory.events
    assert [e.tool for e in events] == [
        "find_employee",
        "parse_date_string",
        "find_employee",
        "find_events",
        "delete_event",
    ]
    assert [e.effect for e in events] == ["read", "pure", "read", "read", "write"]
    find, tomorrow, bad, search, delete = events
    assert find.arguments == {"name": "Matteo"} and find.result[0]["name"] == "Matteo"
    today = (task.now or DEFAULT_NOW).date()
    assert tomorrow.result == (today + datetime.timedelta(days=1)).isoformat()
    assert bad.error is not None and bad.error.arguments == ["team"]
    assert search.arguments == {"attendees": [find.result[0]]} and len(search.result) == 2
    assert delete.arguments["event"]["subject"] == "1:1 Matteo" and delete.result is None
    versions = [e.world_version for e in events]
    assert versions[:4] == [versions[0]] * 4 and versions[4] == versions[0] + 1
    assert pair.run is not None and pair.run.tool_calls == trajectory
    tool_messages = [m for m in history if m.role == "tool"]
    assert [m.tool_call_id for m in tool_messages] == [f"call_{n}" for n in range(1, 6)]
    assert json.loads(tool_messages[2].content or "")["error"]["type"] == "invalid_arguments"
