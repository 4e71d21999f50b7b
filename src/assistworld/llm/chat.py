"""The one interface every model client implements: a chat request in, a chat response out.

Requests and responses are frozen pydantic models so that they serialise to plain JSON (the
disk cache stores them, the runner logs them) and so that a request can be hashed stably.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Protocol, runtime_checkable

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from assistworld.core.safe_text import safe_text

Role = Literal["system", "user", "assistant", "tool"]

SafeText = Annotated[str, AfterValidator(safe_text)]
"""Text from a model, or a candidate's output shown to one: lone surrogates escaped, so that
every request and reply can be hashed, cached and stored (see :mod:`assistworld.core.safe_text`)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ToolCall(_Frozen):
    """A function call the model asked for. `arguments` is the raw JSON text the model wrote."""

    id: SafeText
    name: SafeText
    arguments: SafeText = "{}"

    def parsed_arguments(self) -> Any:
        """The arguments decoded from JSON; raises `ValueError` naming the tool if they are not."""
        try:
            return json.loads(self.arguments)
        except json.JSONDecodeError as error:
            raise ValueError(
                f"tool call {self.name!r} ({self.id}) has arguments that are not valid JSON: "
                f"{error.msg} at position {error.pos}"
            ) from error


class ChatMessage(_Frozen):
    """One message of a conversation (OpenAI chat format).

    `tool_calls` is set on assistant messages that called tools; `tool_call_id` on the `tool`
    message that carries a tool's result back.
    """

    role: Role
    content: SafeText | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None


class ResponseFormat(_Frozen):
    """Ask for a JSON reply that follows `json_schema` (OpenAI `response_format` json_schema)."""

    name: str = "response"
    json_schema: dict[str, Any]
    strict: bool = True

    def to_openai(self) -> dict[str, Any]:
        return {
            "type": "json_schema",
            "json_schema": {"name": self.name, "schema": self.json_schema, "strict": self.strict},
        }


class ChatRequest(_Frozen):
    """Everything that determines a completion; the cache key is a hash of all of it.

    `model` may be left unset: the client then uses the model it was built for. `temperature`
    unset means the server's default (the local model decodes greedily by default).
    """

    model: str | None = None
    messages: tuple[ChatMessage, ...]
    tools: tuple[dict[str, Any], ...] | None = None
    tool_choice: str | dict[str, Any] | None = None
    response_format: ResponseFormat | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    max_tokens: int | None = Field(default=None, gt=0)
    seed: int | None = None
    stop: tuple[str, ...] | None = None
    grammar: str | None = None
    """A llama.cpp GBNF grammar the reply must follow. The local model applies it; remote
    servers are not sent it (the OpenAI API has no such field), so a reply from one may not
    follow it: callers must still check what comes back."""
    sample: int | None = Field(default=None, ge=1)
    """Which repeated sample of a task this request belongs to (``run --samples K``; unset for
    the first). Never sent to a model: it only makes the cache key of each sample its own, so
    that sample 2 of a greedy request is asked again rather than replayed from sample 1."""

    @field_validator("messages")
    @classmethod
    def _at_least_one_message(cls, messages: tuple[ChatMessage, ...]) -> tuple[ChatMessage, ...]:
        if not messages:
            raise ValueError("a chat request needs at least one message")
        return messages

    @field_validator("tools")
    @classmethod
    def _function_tools(
        cls, tools: tuple[dict[str, Any], ...] | None
    ) -> tuple[dict[str, Any], ...] | None:
        for index, tool in enumerate(tools or ()):
            function = tool.get("function")
            if tool.get("type") != "function" or not isinstance(function, dict):
                raise ValueError(
                    f"tools[{index}] must be an OpenAI function tool: "
                    '{"type": "function", "function": {"name": ..., "parameters": {...}}}'
                )
            if not isinstance(function.get("name"), str) or not function["name"]:
                raise ValueError(f"tools[{index}].function.name must be a non-empty string")
        return tools

    def with_model(self, model: str) -> ChatRequest:
        """This request with `model` filled in (used by clients when it was left unset)."""
        return self if self.model == model else self.model_copy(update={"model": model})


class Usage(_Frozen):
    """What one call consumed. `cost_usd` is None when no price table knows the model.

    `reused_prompt_tokens` is the part of the prompt the server served from its own prefix
    cache (OpenAI `prompt_tokens_details.cached_tokens`, llama.cpp `cache_n`); it is included
    in `prompt_tokens`.
    """

    prompt_tokens: int = 0
    completion_tokens: int = 0
    reused_prompt_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float | None = None

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class ChatResponse(_Frozen):
    """A completion. `cached` is True when it came from the disk cache and no call was made.

    `attempts` counts the HTTP attempts the live call took (1 without retries).
    """

    text: SafeText = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: SafeText | None = None
    model: str = ""
    usage: Usage = Usage()
    cached: bool = False
    attempts: int = 1


def user_message(text: str) -> ChatMessage:
    return ChatMessage(role="user", content=text)


def system_message(text: str) -> ChatMessage:
    return ChatMessage(role="system", content=text)


@runtime_checkable
class ChatModel(Protocol):
    """Anything that can complete a chat request (remote client, local model, test double)."""

    async def complete(self, request: ChatRequest) -> ChatResponse:
        """Return the model's reply to `request`; raise `ModelCallError` if there is none."""
        ...
