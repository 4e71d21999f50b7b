"""Our chat requests in Inspect AI's terms, and Inspect's replies in ours.

Pure translations, both ways: messages (with the tool calls an assistant made and the results
sent back), OpenAI function-tool definitions, the tool choice and the decoding settings. A tool
call's arguments are raw JSON text on our side and a decoded object on Inspect's; arguments that
do not decode to an object travel as the text itself in Inspect's ``parse_error``, and a call
Inspect could not parse comes back with its ``parse_error`` as the arguments: text that is not
JSON, which our agents report as they do for any model.
"""

from __future__ import annotations

import json
from typing import Any

from inspect_ai.model import (
    ChatMessage as InspectMessage,
)
from inspect_ai.model import (
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    ModelOutput,
    ResponseSchema,
)
from inspect_ai.tool import ToolCall as InspectToolCall
from inspect_ai.tool import ToolChoice, ToolFunction, ToolInfo, ToolParams
from inspect_ai.util import JSONSchema

from assistworld.llm.chat import ChatMessage, ChatRequest, ChatResponse, ToolCall, Usage


class UntranslatableRequest(ValueError):
    """A request Inspect's model interface cannot carry (named, with what to change)."""


def to_inspect_messages(messages: tuple[ChatMessage, ...]) -> list[InspectMessage]:
    """Our conversation as Inspect's messages; a tool result names the function it answers."""
    called: dict[str, str] = {}
    converted: list[InspectMessage] = []
    for message in messages:
        text = message.content or ""
        if message.role == "system":
            converted.append(ChatMessageSystem(content=text))
        elif message.role == "user":
            converted.append(ChatMessageUser(content=text))
        elif message.role == "assistant":
            calls = [_to_inspect_call(call) for call in message.tool_calls]
            called.update((call.id, call.name) for call in message.tool_calls)
            converted.append(ChatMessageAssistant(content=text, tool_calls=calls or None))
        else:
            call_id = message.tool_call_id
            converted.append(
                ChatMessageTool(
                    content=text,
                    tool_call_id=call_id,
                    function=message.name or (called.get(call_id) if call_id else None),
                )
            )
    return converted


def _to_inspect_call(call: ToolCall) -> InspectToolCall:
    try:
        arguments = json.loads(call.arguments or "{}")
    except json.JSONDecodeError:
        arguments = None
    if not isinstance(arguments, dict):
        return InspectToolCall(
            id=call.id, function=call.name, arguments={}, parse_error=call.arguments
        )
    return InspectToolCall(id=call.id, function=call.name, arguments=arguments)


def to_inspect_tools(tools: tuple[dict[str, Any], ...] | None) -> list[ToolInfo]:
    """OpenAI function tools as Inspect's tool descriptions."""
    described = []
    for tool in tools or ():
        function = tool["function"]
        parameters = function.get("parameters") or {"type": "object", "properties": {}}
        described.append(
            ToolInfo(
                name=function["name"],
                description=function.get("description") or function["name"],
                parameters=ToolParams.model_validate(parameters),
            )
        )
    return described


def to_inspect_tool_choice(choice: str | dict[str, Any] | None) -> ToolChoice | None:
    """``auto``, ``none``, ``required`` or one named function, as Inspect names them."""
    if choice is None:
        return None
    if isinstance(choice, dict):
        name = (choice.get("function") or {}).get("name")
        if not isinstance(name, str) or not name:
            raise UntranslatableRequest(
                f"tool_choice {choice!r} names no function; use "
                '{"type": "function", "function": {"name": ...}}'
            )
        return ToolFunction(name=name)
    known: dict[str, ToolChoice] = {"auto": "auto", "none": "none", "required": "any"}
    if choice not in known:
        raise UntranslatableRequest(
            f"tool_choice {choice!r} is not one of auto, none, required or a named function"
        )
    return known[choice]


def to_generate_config(request: ChatRequest) -> GenerateConfig:
    """The decoding settings of ``request``. A llama.cpp grammar is not sent (as for any remote
    server): the agents check what comes back."""
    schema = None
    if request.response_format is not None:
        schema = ResponseSchema(
            name=request.response_format.name,
            json_schema=JSONSchema.model_validate(request.response_format.json_schema),
            strict=request.response_format.strict,
        )
    return GenerateConfig(
        temperature=request.temperature,
        max_tokens=request.max_tokens,
        seed=request.seed,
        stop_seqs=list(request.stop) if request.stop else None,
        response_schema=schema,
    )


def from_inspect_output(output: ModelOutput, latency_s: float) -> ChatResponse:
    """Inspect's reply as ours: the text, the tool calls (arguments as JSON text), the usage."""
    message = output.message if output.choices else None
    calls = (
        tuple(_from_inspect_call(call) for call in (message.tool_calls or [])) if message else ()
    )
    usage = output.usage
    return ChatResponse(
        text=output.completion,
        tool_calls=calls,
        finish_reason=str(output.stop_reason) if output.choices else None,
        model=output.model,
        usage=Usage(
            prompt_tokens=usage.input_tokens if usage else 0,
            completion_tokens=usage.output_tokens if usage else 0,
            reused_prompt_tokens=(usage.input_tokens_cache_read or 0) if usage else 0,
            latency_s=latency_s,
            cost_usd=usage.total_cost if usage else None,
        ),
    )


def _from_inspect_call(call: InspectToolCall) -> ToolCall:
    if call.parse_error:
        return ToolCall(id=call.id, name=call.function, arguments=call.parse_error)
    return ToolCall(id=call.id, name=call.function, arguments=json.dumps(call.arguments))
