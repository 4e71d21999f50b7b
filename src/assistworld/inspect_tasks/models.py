"""Inspect AI's model behind our chat-model interface, so that our agents run unchanged.

An agent is built with the model string ``inspect:ROLE`` and a :class:`InspectModels` in place of
the run's model pool; each request is sent, when it is made, to the model Inspect has in force
for the sample being solved: the eval's model for ``inspect:model``, the model bound to the
role otherwise (``inspect eval ... --model-role user=...``), falling back to the eval's model
when the role is not bound, as Inspect's own ``get_model(role=...)`` does.
"""

from __future__ import annotations

import time
from typing import Any

from inspect_ai.model import get_model

from assistworld.inspect_tasks.messages import (
    from_inspect_output,
    to_generate_config,
    to_inspect_messages,
    to_inspect_tool_choice,
    to_inspect_tools,
)
from assistworld.llm.chat import ChatModel, ChatRequest, ChatResponse
from assistworld.llm.errors import ModelConfigError
from assistworld.llm.spec import ModelSpec, Provider, parse_model_spec

EVAL_ROLE = "model"
"""The role part of ``inspect:model``: the model ``inspect eval --model`` names."""


def role_model(role: str) -> str:
    """The model string our agents are given for an Inspect model role."""
    return f"{Provider.INSPECT}:{role}"


class InspectChatModel:
    """One Inspect model role as a :class:`~assistworld.llm.chat.ChatModel`."""

    def __init__(self, role: str) -> None:
        self.role = role

    async def complete(self, request: ChatRequest) -> ChatResponse:
        model = get_model() if self.role == EVAL_ROLE else get_model(role=self.role)
        started = time.monotonic()
        output = await model.generate(
            to_inspect_messages(request.messages),
            tools=to_inspect_tools(request.tools),
            tool_choice=to_inspect_tool_choice(request.tool_choice),
            config=to_generate_config(request),
        )
        return from_inspect_output(output, latency_s=time.monotonic() - started)

    def describe(self) -> dict[str, Any]:
        return {"inspect_role": self.role}


class InspectModels:
    """What our agents take for the run's model pool inside an Inspect eval: one client per
    Inspect role, and a clear refusal of any model string that is not an Inspect role."""

    def __init__(self) -> None:
        self._clients: dict[str, InspectChatModel] = {}

    def get(self, spec: ModelSpec | str) -> ChatModel:
        parsed = parse_model_spec(spec) if isinstance(spec, str) else spec
        if parsed.provider is not Provider.INSPECT:
            raise ModelConfigError(
                f"model {parsed}: inside `inspect eval` every model comes from Inspect (its "
                f"--model, or a role bound with --model-role); name it {role_model('ROLE')}"
            )
        return self._clients.setdefault(parsed.model, InspectChatModel(parsed.model))

    def describe(self) -> dict[str, Any]:
        return {role_model(role): client.describe() for role, client in self._clients.items()}

    def listen(self, listener: Any) -> None:
        """Nothing to say: Inspect shows its own progress."""

    def close(self) -> None:
        """Nothing to close: Inspect owns its model clients."""
