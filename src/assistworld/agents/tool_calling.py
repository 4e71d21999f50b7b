"""The generic tool-calling loop: the model asks for tools, the toolset runs them, until it answers.

Each turn sends the conversation and every tool's OpenAI definition; each tool call the model
makes runs through the toolset's JSON path (validated arguments, library types, errors returned
as objects the model can read) and its reply goes back as a ``tool`` message. The loop ends when
the model answers without calling a tool, or after ``max_turns`` model calls.

This is the minimal loop that proves the tool interface; the full tool-calling agent (user
simulator, milestones) builds on it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass

from assistworld.llm.chat import ChatMessage, ChatModel, ChatRequest, Usage
from assistworld.tools.events import Trajectory
from assistworld.tools.toolset import Toolset
from assistworld.world import World

DEFAULT_MAX_TURNS = 20


@dataclass(frozen=True)
class ToolLoopResult:
    """How a loop ended: the calls made, the model's last text, and the whole conversation."""

    trajectory: Trajectory
    final_text: str
    messages: tuple[ChatMessage, ...]
    turns: int
    finished: bool
    """False when ``max_turns`` ran out while the model was still calling tools."""
    usage: tuple[Usage, ...] = ()


async def run_tool_loop(
    model: ChatModel,
    toolset: Toolset,
    messages: Sequence[ChatMessage],
    *,
    world: World | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    temperature: float | None = None,
) -> ToolLoopResult:
    """Converse with ``model`` from ``messages``, running its tool calls on ``world`` (default:
    the world already bound to this context)."""
    history = list(messages)
    definitions = tuple(toolset.definitions())
    trajectory = Trajectory()
    usage: list[Usage] = []
    text = ""
    for turn in range(1, max_turns + 1):
        request = ChatRequest(messages=tuple(history), tools=definitions, temperature=temperature)
        response = await model.complete(request)
        usage.append(response.usage)
        text = response.text
        history.append(
            ChatMessage(role="assistant", content=text or None, tool_calls=response.tool_calls)
        )
        if not response.tool_calls:
            return ToolLoopResult(trajectory, text, tuple(history), turn, True, tuple(usage))
        with world.active() if world is not None else nullcontext():
            for call in response.tool_calls:
                event = toolset.call_json(call.name, call.arguments, trajectory)
                history.append(
                    ChatMessage(
                        role="tool",
                        tool_call_id=call.id,
                        content=json.dumps(event.reply(), ensure_ascii=False),
                    )
                )
    return ToolLoopResult(trajectory, text, tuple(history), max_turns, False, tuple(usage))


__all__ = ["DEFAULT_MAX_TURNS", "ToolLoopResult", "run_tool_loop"]
