"""The assistant side of a conversation: a model calling tools, a replayed conversation,
nothing at all, or nothing but a clarifying question.

All of them act through :func:`assistworld.agents.tool_calling.run_calls`, so the write policy
(at most one write tool per response) holds for replayed conversations as much as for models,
and a replayed tool call is run against the world: its recorded result is never used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistworld.agents.model_requests import CallLog
from assistworld.agents.tool_calling import DEFAULT_MAX_STEPS, assistant_turn, run_calls
from assistworld.llm.chat import ChatMessage
from assistworld.paradigms.astra.agents.conversation import (
    AssistantTurn,
    ConversationBrief,
    Session,
)
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.tools.compact import compact_definitions

NULL_REPLY = "Sorry, I cannot help with that."
ASK_REPLY = "Before I do anything: could you tell me exactly what you would like me to do?"
"""The only reply of :class:`AskingAssistant`: a clarifying question that names nothing."""


TOOL_VIEWS = ("full", "compact")
"""How the tools are shown to the model: ``full`` definitions, or ``compact`` ones for small
local models (see :mod:`assistworld.tools.compact`)."""


@dataclass(frozen=True)
class GenerationSettings:
    """How the assistant's model is asked (recorded in the manifest)."""

    temperature: float | None = 0.0
    max_tokens: int | None = None
    max_steps: int = DEFAULT_MAX_STEPS
    tool_view: str = "full"

    def __post_init__(self) -> None:
        if self.tool_view not in TOOL_VIEWS:
            raise ValueError(
                f"unknown --prompt {self.tool_view!r} for the tools agent; choose one of: "
                f"{', '.join(TOOL_VIEWS)}"
            )

    def describe(self) -> dict[str, Any]:
        return {
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "max_steps": self.max_steps,
            "tool_view": self.tool_view,
        }


class ToolAgentAssistant:
    """A model that calls the scenario's tools, under the ASTRA-bench agent prompt."""

    kind = "tools"

    def __init__(self, model: CallLog, prompts: Prompts, settings: GenerationSettings) -> None:
        self.model = model
        self.prompts = prompts
        self.settings = settings
        self._shown: tuple[dict[str, Any], ...] | None = None

    def _definitions(self, session: Session) -> tuple[dict[str, Any], ...] | None:
        """The tool definitions the model is shown (made once per conversation)."""
        if not session.definitions:
            return None
        if self.settings.tool_view == "full":
            return session.definitions
        if self._shown is None:
            self._shown = tuple(compact_definitions(session.definitions))
        return self._shown

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return self.prompts.agent(protagonist=brief.protagonist, now=brief.now, mode=brief.mode)

    async def respond(self, session: Session) -> AssistantTurn:
        transcript = session.transcript
        turn = await assistant_turn(
            self.model,
            session.toolset,
            list(transcript.messages),
            world=session.world,
            trajectory=transcript.trajectory,
            on_message=transcript.append,
            max_steps=self.settings.max_steps,
            temperature=self.settings.temperature,
            max_tokens=self.settings.max_tokens,
            definitions=self._definitions(session),
        )
        return AssistantTurn(turn.reply, finished=turn.finished)

    def usage(self) -> dict[str, Any] | None:
        return self.model.usage()


def assistant_segments(messages: Sequence[ChatMessage]) -> list[list[ChatMessage]]:
    """The assistant's turns of a recorded conversation: the assistant messages between one
    user message and the next (tool messages are dropped: calls are run again)."""
    segments: list[list[ChatMessage]] = []
    current: list[ChatMessage] | None = None
    for message in messages:
        if message.role == "user":
            current = None
        elif message.role == "assistant":
            if current is None:
                current = []
                segments.append(current)
            current.append(message)
    return segments


class ReplayAssistant:
    """Plays the assistant messages of a recorded conversation, running their tool calls."""

    kind = "replay"

    def __init__(self, messages: Sequence[ChatMessage]) -> None:
        self._segments = assistant_segments(messages)
        self._next = 0

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None

    async def respond(self, session: Session) -> AssistantTurn:
        if self._next >= len(self._segments):
            return AssistantTurn("", finished=False, exhausted=True)
        segment = self._segments[self._next]
        self._next += 1
        transcript = session.transcript
        reply = ""
        for message in segment:
            transcript.append(message)
            reply = message.content or reply
            if message.tool_calls:
                with session.world.active():
                    for result in run_calls(
                        session.toolset, message.tool_calls, transcript.trajectory
                    ):
                        transcript.append(result)
        return AssistantTurn(reply)

    def usage(self) -> dict[str, Any] | None:
        return None


class NullAssistant:
    """Answers without acting."""

    kind = "null"

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None

    async def respond(self, session: Session) -> AssistantTurn:
        session.transcript.append(ChatMessage(role="assistant", content=NULL_REPLY))
        return AssistantTurn(NULL_REPLY)

    def usage(self) -> dict[str, Any] | None:
        return None


class AskingAssistant:
    """Always asks the user to clarify, and never acts: a baseline that a scenario whose request
    is complete must fail (``verify`` checks it), and one that shows how far asking alone goes."""

    kind = "ask"

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None

    async def respond(self, session: Session) -> AssistantTurn:
        session.transcript.append(ChatMessage(role="assistant", content=ASK_REPLY))
        return AssistantTurn(ASK_REPLY)

    def usage(self) -> dict[str, Any] | None:
        return None


__all__ = [
    "ASK_REPLY",
    "NULL_REPLY",
    "AskingAssistant",
    "GenerationSettings",
    "NullAssistant",
    "ReplayAssistant",
    "ToolAgentAssistant",
    "assistant_segments",
]
