"""Request and response types: validation with messages that say what is wrong."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from assistworld.llm.chat import ChatModel, ChatRequest, ChatResponse, ToolCall, user_message
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.llm.usage import UsageLedger


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"messages": ()}, "at least one message"),
        ({"tools": ({"type": "function"},)}, r"tools\[0\] must be an OpenAI function tool"),
        ({"tools": ({"type": "function", "function": {"name": ""}},)}, "name must be"),
        ({"temperature": 3.0}, "less than or equal to 2"),
        ({"max_tokens": 0}, "greater than 0"),
        ({"unknown": 1}, "Extra inputs are not permitted"),
    ],
)
def test_bad_request_fields_are_refused(fields: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"messages": (user_message("hi"),), **fields}
    with pytest.raises(ValidationError, match=message):
        ChatRequest(**values)


def test_unset_model_is_filled_by_the_client() -> None:
    request = ChatRequest(messages=(user_message("hi"),))
    assert request.with_model("m").model == "m"
    named = request.with_model("m")
    assert named.with_model("m") is named


def test_tool_call_arguments_parse_or_fail_naming_the_tool() -> None:
    assert ToolCall(id="1", name="f", arguments='{"a": [1]}').parsed_arguments() == {"a": [1]}
    with pytest.raises(ValueError, match=r"tool call 'book_room' \(c7\) has arguments"):
        ToolCall(id="c7", name="book_room", arguments="{room: 1").parsed_arguments()


def test_response_round_trips_through_json() -> None:
    response = ChatResponse(text="x", tool_calls=(ToolCall(id="1", name="f"),), cached=True)
    assert ChatResponse.model_validate_json(response.model_dump_json()) == response


@pytest.mark.parametrize(
    "model",
    [
        OpenAICompatibleModel(model="m", base_url="http://127.0.0.1:1/v1", cache=None),
        UsageLedger().meter(
            OpenAICompatibleModel(model="m", base_url="http://127.0.0.1:1/v1", cache=None), "t"
        ),
    ],
    ids=["client", "metered"],
)
def test_clients_satisfy_the_protocol(model: object) -> None:
    assert isinstance(model, ChatModel)
    assert not isinstance(LoopbackServer(), ChatModel)


def test_lone_surrogates_in_replies_and_messages_are_escaped() -> None:
    response = ChatResponse(
        text="def f():\n    return '\ud800'\n",
        tool_calls=(ToolCall(id="c1", name="run\udc80", arguments='{"a": "\ud801"}'),),
    )
    assert response.text == "def f():\n    return '\\ud800'\n"
    assert response.tool_calls[0].name == "run\\udc80"
    assert response.tool_calls[0].arguments == '{"a": "\\ud801"}'
    response.model_dump_json()  # serialisable, so the cache can store it
    request = ChatRequest(messages=(user_message("the program returned '\udcff'"),))
    assert request.messages[0].content == "the program returned '\\udcff'"
