"""One episode as an MCP server: the paradigm's tools plus ``get_task`` and ``finish``.

Calls run one at a time (a tool-calling loop makes them in turn too; the world is not shared
between concurrent calls), each is counted against the episode's budget, and whatever goes wrong
in one (a bad argument, an unknown tool, a tool's own failure) is an error result the agent can
read: the episode never ends because of a call, only by ``finish``, the process ending or the
budget running out. The ``mcp`` SDK is imported here, so this module is imported only by what
serves episodes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server

from assistworld.core.episode import Episode, EpisodeTool, ToolReply, object_schema, text_argument

MAX_CALLS = 2_000
"""Tool calls one episode may make; the next one ends it (a flood cannot hold the harness)."""

GET_TASK = "get_task"
FINISH = "finish"
SERVER_NAME = "assistworld"


class EpisodeEndpoint:
    """The state of one served episode: its tools, what it was told to end with, its calls."""

    def __init__(self, episode: Episode, *, max_calls: int = MAX_CALLS) -> None:
        self.episode = episode
        self.max_calls = max_calls
        self.calls = 0
        self.errors = 0
        self.answer: str | None = None
        self.finished = asyncio.Event()
        """Set when the agent called ``finish`` (or spent its budget): the episode is over."""
        self.ended_by: str | None = None
        self._lock = asyncio.Lock()
        own = [
            EpisodeTool(
                GET_TASK,
                "The task: the request verbatim, what kind of answer is expected, how to finish.",
                object_schema({}),
                self._get_task,
            ),
            EpisodeTool(
                FINISH,
                "End the episode with your final answer (the text the user reads); nothing runs "
                "afterwards.",
                object_schema(
                    {"answer": {"type": "string", "description": "your final answer"}}, ["answer"]
                ),
                self._finish,
            ),
        ]
        self.tools: dict[str, EpisodeTool] = {tool.name: tool for tool in own}
        for tool in episode.tools():
            if tool.name in self.tools:
                raise ValueError(f"an episode's tool may not be called {tool.name!r}")
            self.tools[tool.name] = tool

    async def _get_task(self, arguments: Mapping[str, Any]) -> ToolReply:
        if arguments:
            return ToolReply("get_task takes no arguments", is_error=True)
        return ToolReply(self.episode.task_text())

    async def _finish(self, arguments: Mapping[str, Any]) -> ToolReply:
        answer = text_argument(arguments, "answer")
        if isinstance(answer, ToolReply):
            return answer
        self.answer = answer
        self.end("finish")
        return ToolReply("the episode has finished; it will be graded now")

    def end(self, why: str) -> None:
        if self.ended_by is None:
            self.ended_by = why
        self.finished.set()

    async def call(self, name: str, arguments: Mapping[str, Any] | None) -> ToolReply:
        """Run one call (see the module's documentation)."""
        async with self._lock:
            if self.finished.is_set():
                return ToolReply("the episode has finished; no tool runs any more", is_error=True)
            self.calls += 1
            if self.calls > self.max_calls:
                self.end("call_budget")
                return ToolReply(
                    f"this episode's {self.max_calls} tool calls are spent; it has ended",
                    is_error=True,
                )
            tool = self.tools.get(name)
            if tool is None:
                reply = ToolReply(
                    f"there is no tool named {name!r}; the tools are: {', '.join(self.tools)}",
                    is_error=True,
                )
            elif arguments is not None and not isinstance(arguments, Mapping):
                reply = ToolReply("the arguments must be a JSON object", is_error=True)
            else:
                try:
                    reply = await tool.call(dict(arguments or {}))
                except Exception as exc:  # a tool's own bug is the call's error, not the episode's
                    reply = ToolReply(
                        f"the tool failed: {type(exc).__name__}: {exc}", is_error=True
                    )
            self.errors += reply.is_error
            return reply

    def mcp_tools(self) -> list[types.Tool]:
        return [
            types.Tool(name=t.name, description=t.description, input_schema=dict(t.input_schema))
            for t in self.tools.values()
        ]

    def server(self) -> Server[Any]:
        """This episode as a low-level MCP server."""

        async def list_tools(
            ctx: Any, params: types.PaginatedRequestParams | None
        ) -> types.ListToolsResult:
            return types.ListToolsResult(tools=self.mcp_tools())

        async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
            reply = await self.call(params.name, params.arguments)
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=reply.text)], is_error=reply.is_error
            )

        return Server(
            SERVER_NAME,
            instructions="Call get_task first; act with the tools; call finish(answer) to end.",
            on_list_tools=list_tools,
            on_call_tool=call_tool,
        )

    def record(self) -> dict[str, Any]:
        """What the result keeps of the episode's traffic."""
        return {"tool_calls": self.calls, "error_results": self.errors, "ended_by": self.ended_by}


__all__ = ["FINISH", "GET_TASK", "MAX_CALLS", "EpisodeEndpoint"]
