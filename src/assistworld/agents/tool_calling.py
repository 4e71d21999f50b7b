"""The generic tool-calling loop: the model asks for tools, the toolset runs them, until it answers.

Each step sends the conversation and every tool's OpenAI definition; the tool calls of the reply
run through the toolset's JSON path (validated arguments, library types, errors returned as
objects the model can read) and each result goes back as a ``tool`` message. An assistant turn
ends when the model answers without calling a tool (its text is the reply to the user), or after
``max_steps`` model calls.

One rule is enforced here, not only asked for in the prompt: **at most one write tool per
response**. Any number of read (and pure) tools may share a response; a response that calls two
or more write tools is ignored (none of its calls runs) and every call in it is answered with a
``write_policy`` error saying so, so the model can send them one at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistworld.llm.chat import ChatMessage, ChatModel, ChatRequest, ToolCall, Usage
from assistworld.llm.errors import ModelCallError
from assistworld.tools.events import ToolError, ToolEvent, Trajectory
from assistworld.tools.json_calls import world_version
from assistworld.tools.toolset import Tool
from assistworld.world import World

DEFAULT_MAX_STEPS = 10
"""Model calls one assistant turn may make before it is cut off."""

WRITE_POLICY_ERROR = "write_policy"

MessageSink = Callable[[ChatMessage], None]
"""Where the loop puts each message it adds to the conversation (a transcript, a list)."""


class ToolRunner(Protocol):
    """What the loop calls tools through: a :class:`~assistworld.tools.toolset.Toolset`, or
    a view of one that names or bounds its tools otherwise (a planning task's services)."""

    def get(self, name: str) -> Tool | None:
        """The tool called ``name``, or None."""
        ...

    def call_json(
        self,
        name: str,
        arguments: str | bytes | Mapping[str, Any],
        trajectory: Trajectory | None = None,
    ) -> ToolEvent:
        """Call tool ``name`` with JSON arguments on the active world (errors in the event)."""
        ...

    def definitions(self) -> list[dict[str, Any]]:
        """Every tool in the OpenAI tools format."""
        ...


def write_calls(toolset: ToolRunner, calls: Sequence[ToolCall]) -> list[ToolCall]:
    """The calls of one response that name a write tool."""
    writes = []
    for call in calls:
        tool = toolset.get(call.name)
        if tool is not None and tool.effect == "write":
            writes.append(call)
    return writes


def _refusal(toolset: ToolRunner, call: ToolCall, writes: Sequence[ToolCall]) -> ToolEvent:
    names = ", ".join(w.name for w in writes)
    message = (
        f"this response called {len(writes)} write tools ({names}); at most one write tool may "
        "be called per response, so the whole response was ignored and none of its calls ran. "
        "Call one write tool, wait for its result, then call the next in a later response."
    )
    tool = toolset.get(call.name)
    return ToolEvent(
        tool=call.name,
        app=tool.app if tool is not None else None,
        effect=tool.effect if tool is not None else None,
        arguments=_arguments_record(call),
        error=ToolError(type=WRITE_POLICY_ERROR, message=message),
        world_version=world_version(),
    )


def _arguments_record(call: ToolCall) -> dict[str, object]:
    try:
        parsed = json.loads(call.arguments)
    except json.JSONDecodeError:
        return {"$text": call.arguments[:2000]}
    return parsed if isinstance(parsed, dict) else {"$value": parsed}


def run_calls(
    toolset: ToolRunner, calls: Sequence[ToolCall], trajectory: Trajectory | None = None
) -> list[ChatMessage]:
    """Run one response's tool calls on the active world, under the write policy; the ``tool``
    messages that answer them, in order (every call gets exactly one)."""
    writes = write_calls(toolset, calls)
    replies = []
    for call in calls:
        if len(writes) > 1:
            event = _refusal(toolset, call, writes)
            if trajectory is not None:
                trajectory.add(event)
        else:
            event = toolset.call_json(call.name, call.arguments, trajectory)
        content = json.dumps(event.reply(), ensure_ascii=False)
        replies.append(ChatMessage(role="tool", tool_call_id=call.id, content=content))
    return replies


@dataclass
class TurnResult:
    """How one assistant turn ended: its reply to the user (empty when it was cut off)."""

    reply: str
    steps: int
    finished: bool
    """False when ``max_steps`` ran out while the model was still calling tools."""
    usage: list[Usage] = field(default_factory=list)
    cached: list[bool] = field(default_factory=list)


async def assistant_turn(
    model: ChatModel,
    toolset: ToolRunner,
    history: list[ChatMessage],
    *,
    world: World | None = None,
    trajectory: Trajectory | None = None,
    on_message: MessageSink | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    temperature: float | None = None,
    max_tokens: int | None = None,
    definitions: Sequence[dict[str, object]] | None = None,
) -> TurnResult:
    """Let ``model`` act from ``history`` (extended in place) until it replies to the user.

    Tool calls run on ``world`` (default: the world already bound to this context). Every message
    added is also handed to ``on_message`` right after the calls it carries ran, so a transcript
    can note the world's version after each one. A failed model call propagates
    (:class:`~assistworld.llm.errors.ModelCallError`).
    """
    tools = tuple(definitions if definitions is not None else toolset.definitions())
    result = TurnResult(reply="", steps=0, finished=False)

    def add(message: ChatMessage) -> None:
        history.append(message)
        if on_message is not None:
            on_message(message)

    for step in range(1, max_steps + 1):
        request = ChatRequest(
            messages=tuple(history), tools=tools, temperature=temperature, max_tokens=max_tokens
        )
        response = await model.complete(request)
        result.usage.append(response.usage)
        result.cached.append(response.cached)
        result.steps = step
        text = response.text
        add(ChatMessage(role="assistant", content=text or None, tool_calls=response.tool_calls))
        if not response.tool_calls:
            result.reply, result.finished = text, True
            return result
        with world.active() if world is not None else nullcontext():
            for reply in run_calls(toolset, response.tool_calls, trajectory):
                add(reply)
    return result


__all__ = [
    "DEFAULT_MAX_STEPS",
    "WRITE_POLICY_ERROR",
    "MessageSink",
    "ModelCallError",
    "ToolRunner",
    "TurnResult",
    "assistant_turn",
    "run_calls",
    "write_calls",
]
