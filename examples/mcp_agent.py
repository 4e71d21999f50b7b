"""An agent for assistworld's MCP episodes: any OpenAI-compatible model calling the served tools.

    assistworld run --suite travelplans --agent external --limit 5 \
        --command "python examples/mcp_agent.py --model gpt-4o-mini"

It reads the episode's URL from ASSISTWORLD_MCP_URL, the model's server from OPENAI_BASE_URL
(default https://api.openai.com/v1) and its key from OPENAI_API_KEY. It reads the task
(``get_task``), offers every served tool to the model, runs the calls the model asks for, and
ends the episode with ``finish``: when the model calls it, or with the model's first reply that
calls no tool. The same loop serves program, planning and conversation suites, because each
episode says in its task text what it expects and its tools are self-describing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

import httpx
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

SYSTEM = (
    "You carry out a task for a user through the tools you are given. Read the task, act with "
    "the tools (one call at a time when a call changes something), and end by calling finish "
    "with your final answer for the user."
)


def openai_tools(listed: Any) -> list[dict[str, Any]]:
    """The MCP tools as OpenAI function definitions."""
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description or "",
                "parameters": tool.input_schema,
            },
        }
        for tool in listed.tools
    ]


def text_of(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def ask(client: httpx.AsyncClient, model: str, messages: list[Any], tools: list[Any]) -> Any:
    response = await client.post(
        "/chat/completions", json={"model": model, "messages": messages, "tools": tools}
    )
    response.raise_for_status()
    return response.json()["choices"][0]["message"]


async def solve(url: str, model: str, max_steps: int) -> None:
    base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
    key = os.environ.get("OPENAI_API_KEY", "none")
    headers = {"Authorization": f"Bearer {key}"}
    async with (
        httpx.AsyncClient(base_url=base, headers=headers, timeout=300) as llm,
        streamable_http_client(url) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = openai_tools(await session.list_tools())
        task = text_of(await session.call_tool("get_task", {}))
        messages: list[Any] = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": task},
        ]
        for _ in range(max_steps):
            message = await ask(llm, model, messages, tools)
            calls = message.get("tool_calls") or []
            messages.append(
                {
                    "role": "assistant",
                    "content": message.get("content"),
                    **({"tool_calls": calls} if calls else {}),
                }
            )
            if not calls:
                await session.call_tool("finish", {"answer": message.get("content") or ""})
                return
            for call in calls:
                name = call["function"]["name"]
                try:
                    arguments = json.loads(call["function"]["arguments"] or "{}")
                except json.JSONDecodeError:
                    arguments = {}
                result = await session.call_tool(name, arguments)
                if name == "finish" and not result.is_error:
                    return
                messages.append(
                    {"role": "tool", "tool_call_id": call["id"], "content": text_of(result)}
                )
        await session.call_tool("finish", {"answer": ""})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="the model's name on the server")
    parser.add_argument("--max-steps", type=int, default=30, help="model calls at most")
    args = parser.parse_args()
    url = os.environ.get("ASSISTWORLD_MCP_URL")
    if not url:
        print(
            "ASSISTWORLD_MCP_URL is not set: run me with assistworld run --agent external",
            file=sys.stderr,
        )
        return 2
    asyncio.run(solve(url, args.model, args.max_steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
