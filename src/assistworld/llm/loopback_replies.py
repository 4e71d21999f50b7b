"""What the loopback server answers: replies, injectable faults, and the OpenAI JSON bodies
(plain `chat.completion` objects and server-sent `chat.completion.chunk` events) it sends."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistworld.llm.chat import ToolCall


@dataclass(frozen=True)
class Reply:
    """What the loopback model answers. `finish_reason` defaults from the content."""

    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None

    def resolved_finish_reason(self) -> str:
        if self.finish_reason is not None:
            return self.finish_reason
        return "tool_calls" if self.tool_calls else "stop"


ReplyRule = Callable[[dict[str, Any]], "str | Reply"]


class FaultKind(StrEnum):
    HANG = "hang"
    RATE_LIMIT = "rate_limit"
    SERVER_ERROR = "server_error"
    BAD_REQUEST = "bad_request"
    MALFORMED_JSON = "malformed_json"
    TRUNCATED = "truncated"


@dataclass(frozen=True)
class Fault:
    """One injected failure, consumed by the next chat request that arrives."""

    kind: FaultKind
    status: int = 200
    retry_after: str | None = None

    @classmethod
    def hang(cls) -> Fault:
        """Accept the request and never answer (until the server stops)."""
        return cls(FaultKind.HANG)

    @classmethod
    def rate_limited(cls, retry_after: str | None = None) -> Fault:
        """429; `retry_after` is the literal `Retry-After` header (seconds or an HTTP date)."""
        return cls(FaultKind.RATE_LIMIT, 429, retry_after)

    @classmethod
    def server_error(cls, status: int = 500, retry_after: str | None = None) -> Fault:
        return cls(FaultKind.SERVER_ERROR, status, retry_after)

    @classmethod
    def bad_request(cls, status: int = 400) -> Fault:
        return cls(FaultKind.BAD_REQUEST, status)

    @classmethod
    def malformed_json(cls) -> Fault:
        """200 with a body (or a stream event) that is not valid JSON."""
        return cls(FaultKind.MALFORMED_JSON)

    @classmethod
    def truncated(cls) -> Fault:
        """The body (or the event stream) stops halfway and the connection closes."""
        return cls(FaultKind.TRUNCATED)


def _word_count(body: dict[str, Any]) -> int:
    messages = body.get("messages") or []
    return sum(len(str(m.get("content") or "").split()) for m in messages if isinstance(m, dict))


def completion_body(server_model: str, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
    """A non-streaming chat.completion object for `reply` (token counts are word counts)."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.text}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for call in reply.tool_calls
        ]
    prompt_tokens = _word_count(body)
    completion_tokens = len(reply.text.split())
    return {
        "id": "chatcmpl-loopback",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": str(body.get("model") or server_model),
        "choices": [
            {"index": 0, "message": message, "finish_reason": reply.resolved_finish_reason()}
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def stream_events(server_model: str, body: dict[str, Any], reply: Reply) -> Iterator[str]:
    """The SSE `data:` payloads of a streamed reply, ending with `[DONE]`."""
    model = str(body.get("model") or server_model)

    def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return json.dumps(
            {
                "id": "chatcmpl-loopback",
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": model,
                "choices": [choice],
            }
        )

    yield chunk({"role": "assistant", "content": ""})
    words = reply.text.split(" ")
    for index, word in enumerate(words):
        yield chunk({"content": word if index == 0 else " " + word})
    for index, call in enumerate(reply.tool_calls):
        yield chunk(
            {
                "tool_calls": [
                    {
                        "index": index,
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                ]
            }
        )
    yield chunk({}, reply.resolved_finish_reason())
    if (body.get("stream_options") or {}).get("include_usage"):
        usage = completion_body(server_model, body, reply)["usage"]
        yield json.dumps(
            {
                "id": "chatcmpl-loopback",
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": model,
                "choices": [],
                "usage": usage,
            }
        )
    yield "[DONE]"
