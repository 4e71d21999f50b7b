"""Translation between our request/response types and the OpenAI chat-completions JSON.

Shared by the HTTP client and the in-process local model (llama.cpp answers in the same format).
Replies are read defensively: a body that lacks what a completion must have is reported as a
malformed response (transient: servers under load do send those) rather than crashing later.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from assistworld.llm.chat import ChatMessage, ChatRequest, ToolCall
from assistworld.llm.errors import FailureKind, TransientCallError


@dataclass(frozen=True)
class WireCompletion:
    """The parts of a chat completion we keep. Token counts are None if the server sent none."""

    text: str
    tool_calls: tuple[ToolCall, ...]
    finish_reason: str | None
    model: str | None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reused_prompt_tokens: int = 0


def message_json(message: ChatMessage) -> dict[str, Any]:
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        data["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for call in message.tool_calls
        ]
    if message.tool_call_id is not None:
        data["tool_call_id"] = message.tool_call_id
    if message.name is not None:
        data["name"] = message.name
    return data


def request_kwargs(request: ChatRequest, max_tokens_field: str = "max_tokens") -> dict[str, Any]:
    """Keyword arguments for `chat.completions.create` (also a valid JSON request body)."""
    kwargs: dict[str, Any] = {
        "model": request.model,
        "messages": [message_json(m) for m in request.messages],
    }
    if request.tools is not None:
        kwargs["tools"] = list(request.tools)
    if request.tool_choice is not None:
        kwargs["tool_choice"] = request.tool_choice
    if request.response_format is not None:
        kwargs["response_format"] = request.response_format.to_openai()
    if request.temperature is not None:
        kwargs["temperature"] = request.temperature
    if request.max_tokens is not None:
        kwargs[max_tokens_field] = request.max_tokens
    if request.seed is not None:
        kwargs["seed"] = request.seed
    if request.stop is not None:
        kwargs["stop"] = list(request.stop)
    return kwargs


def malformed(detail: str) -> TransientCallError:
    return TransientCallError(
        f"the server sent a malformed response: {detail}", kind=FailureKind.MALFORMED_RESPONSE
    )


def completion_from_json(body: dict[str, Any]) -> WireCompletion:
    """Read a non-streamed `chat.completion` object; raise a malformed-response error if bad."""
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise malformed("it has no choices")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise malformed("choices[0] has no message")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        raise malformed("choices[0].message.content is not text")
    raw_calls = message.get("tool_calls") or []
    calls = tuple(_tool_call(raw, index) for index, raw in enumerate(raw_calls))
    prompt_tokens, completion_tokens, reused = _usage(body.get("usage"))
    finish = choices[0].get("finish_reason")
    return WireCompletion(
        text=content or "",
        tool_calls=calls,
        finish_reason=str(finish) if finish is not None else None,
        model=str(body["model"]) if body.get("model") else None,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        reused_prompt_tokens=reused,
    )


def _tool_call(raw: Any, index: int) -> ToolCall:
    function = raw.get("function") if isinstance(raw, dict) else None
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        raise malformed(f"tool_calls[{index}] has no function name")
    arguments = function.get("arguments")
    return ToolCall(
        id=str(raw.get("id") or f"call_{index}"),
        name=function["name"],
        arguments=arguments if isinstance(arguments, str) else "{}",
    )


def _usage(raw: Any) -> tuple[int | None, int | None, int]:
    """(prompt, completion, reused prompt) tokens; the first two are None if not reported."""
    if not isinstance(raw, dict):
        return None, None, 0
    prompt, completion = raw.get("prompt_tokens"), raw.get("completion_tokens")
    if not isinstance(prompt, int) or not isinstance(completion, int):
        return None, None, 0
    details = raw.get("prompt_tokens_details")
    reused = details.get("cached_tokens") if isinstance(details, dict) else None
    return prompt, completion, reused if isinstance(reused, int) else 0


@dataclass
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


@dataclass
class StreamAssembler:
    """Accumulates `chat.completion.chunk` objects into one completion."""

    text: list[str] = field(default_factory=list)
    calls: dict[int, _PartialCall] = field(default_factory=dict)
    finish_reason: str | None = None
    model: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reused_prompt_tokens: int = 0

    def add(self, chunk: dict[str, Any]) -> None:
        if chunk.get("model"):
            self.model = str(chunk["model"])
        prompt, completion, reused = _usage(chunk.get("usage"))
        if prompt is not None:
            self.prompt_tokens, self.completion_tokens = prompt, completion
            self.reused_prompt_tokens = reused
        for choice in chunk.get("choices") or []:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                self.text.append(delta["content"])
            for raw in delta.get("tool_calls") or []:
                self._add_call_delta(raw)
            if choice.get("finish_reason") is not None:
                self.finish_reason = str(choice["finish_reason"])

    def _add_call_delta(self, raw: dict[str, Any]) -> None:
        partial = self.calls.setdefault(int(raw.get("index", 0)), _PartialCall())
        partial.id = partial.id or str(raw.get("id") or "")
        function = raw.get("function") or {}
        partial.name = partial.name or str(function.get("name") or "")
        if isinstance(function.get("arguments"), str):
            partial.arguments.append(function["arguments"])

    def result(self) -> WireCompletion:
        calls = tuple(
            ToolCall(
                id=partial.id or f"call_{index}",
                name=partial.name,
                arguments="".join(partial.arguments) or "{}",
            )
            for index, partial in sorted(self.calls.items())
        )
        if any(not call.name for call in calls):
            raise malformed("a streamed tool call has no function name")
        return WireCompletion(
            text="".join(self.text),
            tool_calls=calls,
            finish_reason=self.finish_reason,
            model=self.model,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            reused_prompt_tokens=self.reused_prompt_tokens,
        )


STREAM_END = "[DONE]"
"""The data of the event that ends an OpenAI-style stream."""


async def server_sent_events(lines: AsyncIterable[str]) -> AsyncIterator[str]:
    """The data of each event of a ``text/event-stream`` (its ``data:`` lines joined by newlines,
    an event ending at a blank line), up to the ``[DONE]`` event; comments and other fields
    (``event:``, ``id:``, ``retry:``) are skipped."""
    data: list[str] = []
    async for raw in lines:
        line = raw.rstrip("\r")
        if not line:
            if data:
                event, data = "\n".join(data), []
                if event == STREAM_END:
                    return
                yield event
            continue
        field_name, _, value = line.partition(":")
        if field_name == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if data and (event := "\n".join(data)) != STREAM_END:
        yield event
