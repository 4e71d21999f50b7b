"""Tool definitions reach the server exactly as given (sent raw, not walked by the SDK)."""

from __future__ import annotations

import asyncio
from typing import Any

from assistworld.llm.chat import ChatRequest, user_message
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel

TOOLS: tuple[dict[str, Any], ...] = (
    {
        "type": "function",
        "function": {
            "name": "search_contacts",
            "description": "Find contacts.",
            "parameters": {
                "type": "object",
                "properties": {"query": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                "additionalProperties": False,
            },
        },
    },
)


def test_tool_definitions_arrive_unchanged() -> None:
    with LoopbackServer(reply="ok") as server:
        model = OpenAICompatibleModel(
            model="loopback-model", base_url=server.base_url, api_key="x", cache=None
        )
        request = ChatRequest(messages=(user_message("hi"),), tools=TOOLS, tool_choice="auto")
        asyncio.run(model.complete(request))
        (body,) = [r.body for r in server.requests if r.path.endswith("/chat/completions")]
    assert body is not None
    assert body["tools"] == list(TOOLS) and body["tool_choice"] == "auto"
    assert body["messages"] == [{"role": "user", "content": "hi"}]
