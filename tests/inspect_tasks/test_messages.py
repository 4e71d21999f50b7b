"""Requests and replies cross between our chat format and Inspect's without losing what an agent
relies on: roles, texts, tool calls and their results, tool definitions, decoding, usage."""

from __future__ import annotations

import pytest
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessageAssistant,
    ChatMessageTool,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall as InspectToolCall
from inspect_ai.tool import ToolFunction

from assistworld.inspect_tasks.messages import (
    UntranslatableRequest,
    from_inspect_output,
    to_generate_config,
    to_inspect_messages,
    to_inspect_tool_choice,
    to_inspect_tools,
)
from assistworld.llm.chat import (
    ChatMessage,
    ChatRequest,
    ResponseFormat,
    ToolCall,
    system_message,
    user_message,
)

CALL = ToolCall(id="c1", name="find_contact", arguments='{"name": "Priya"}')
TOOL = {
    "type": "function",
    "function": {
        "name": "find_contact",
        "description": "Look a contact up by name.",
        "parameters": {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "who"}},
            "required": ["name"],
        },
    },
}


def test_a_tool_conversation_keeps_its_roles_calls_and_results() -> None:
    messages = (
        system_message("You are an assistant."),
        user_message("Find Priya."),
        ChatMessage(role="assistant", tool_calls=(CALL,)),
        ChatMessage(role="tool", content='{"found": 1}', tool_call_id="c1"),
    )
    converted = to_inspect_messages(messages)
    assert [m.role for m in converted] == ["system", "user", "assistant", "tool"]
    assert converted[1].text == "Find Priya."
    assistant = converted[2]
    assert isinstance(assistant, ChatMessageAssistant) and assistant.tool_calls
    assert assistant.tool_calls[0].arguments == {"name": "Priya"}
    result = converted[3]
    assert isinstance(result, ChatMessageTool)
    assert (result.tool_call_id, result.function, result.text) == (
        "c1",
        "find_contact",
        '{"found": 1}',
    )


def test_arguments_that_are_not_a_json_object_travel_as_the_text_written() -> None:
    broken = ToolCall(id="c2", name="find_contact", arguments='{"name": ')
    (message,) = to_inspect_messages((ChatMessage(role="assistant", tool_calls=(broken,)),))
    assert isinstance(message, ChatMessageAssistant) and message.tool_calls
    assert message.tool_calls[0].parse_error == '{"name": '
    unparsed = InspectToolCall(id="c3", function="find_contact", arguments={}, parse_error="{oops")
    reply = ModelOutput(
        model="m",
        choices=[
            ChatCompletionChoice(
                message=ChatMessageAssistant(content="", tool_calls=[unparsed]),
                stop_reason="tool_calls",
            )
        ],
    )
    (call,) = from_inspect_output(reply, 0.0).tool_calls
    with pytest.raises(ValueError, match="not valid JSON"):
        call.parsed_arguments()


def test_tool_definitions_and_choices_are_inspects() -> None:
    (info,) = to_inspect_tools((TOOL,))
    assert info.name == "find_contact" and info.description == "Look a contact up by name."
    assert info.parameters.required == ["name"]
    assert info.parameters.properties["name"].description == "who"
    assert to_inspect_tool_choice("required") == "any"
    assert to_inspect_tool_choice("auto") == "auto"
    named = to_inspect_tool_choice({"type": "function", "function": {"name": "find_contact"}})
    assert named == ToolFunction(name="find_contact")
    with pytest.raises(UntranslatableRequest, match="not one of auto, none, required"):
        to_inspect_tool_choice("sometimes")


def test_decoding_settings_and_a_json_schema_are_sent() -> None:
    request = ChatRequest(
        messages=(user_message("hi"),),
        temperature=0.0,
        max_tokens=64,
        seed=7,
        stop=("\n\n",),
        response_format=ResponseFormat(
            name="verdict",
            json_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}},
        ),
    )
    config = to_generate_config(request)
    assert (config.temperature, config.max_tokens, config.seed) == (0.0, 64, 7)
    assert config.stop_seqs == ["\n\n"]
    assert config.response_schema is not None and config.response_schema.name == "verdict"
    assert config.response_schema.json_schema.properties is not None
    assert "ok" in config.response_schema.json_schema.properties


def test_a_reply_keeps_its_text_calls_and_usage() -> None:
    reply = ModelOutput(
        model="mockllm/model",
        choices=[
            ChatCompletionChoice(
                message=ChatMessageAssistant(
                    content="Looking.",
                    tool_calls=[
                        InspectToolCall(id="c1", function="find_contact", arguments={"name": "P"})
                    ],
                ),
                stop_reason="tool_calls",
            )
        ],
        usage=ModelUsage(
            input_tokens=120, output_tokens=9, total_tokens=129, input_tokens_cache_read=100
        ),
    )
    response = from_inspect_output(reply, latency_s=0.25)
    assert response.text == "Looking."
    assert response.finish_reason == "tool_calls"
    assert [(c.id, c.name, c.parsed_arguments()) for c in response.tool_calls] == [
        ("c1", "find_contact", {"name": "P"})
    ]
    usage = response.usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.reused_prompt_tokens) == (
        120,
        9,
        100,
    )
    assert usage.latency_s == 0.25
