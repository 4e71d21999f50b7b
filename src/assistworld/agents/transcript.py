"""A conversation as it happens, with the world as it was after every message.

:class:`Transcript` collects the messages of a conversation (system, user, assistant with its
tool calls, tool results) and, for each message index, the world's version right after it; the
world's states are kept compactly in a :class:`~assistworld.world.history.WorldHistory` (the
first in full, then one patch per write). :meth:`Transcript.record` turns it into plain data,
:class:`ConversationRecord`, which a scorer reads back: ``record.world_after(i)`` is the world
as it was after message ``i``.

Messages are stored in the OpenAI chat format, the format replay files use too
(:func:`message_from_openai` reads one back).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.llm.chat import ChatMessage, ToolCall
from assistworld.llm.openai_wire import message_json
from assistworld.tools.events import ToolEvent, Trajectory
from assistworld.world.history import WorldHistory
from assistworld.world.state import WorldState
from assistworld.world.tables import Table
from assistworld.world.world import World

ROLES = ("system", "user", "assistant", "tool")


class MessageFormatError(ValueError):
    """A message is not in the OpenAI chat format; the text names the field and the fix."""


def message_from_openai(data: Any, where: str = "message") -> ChatMessage:
    """A message in the OpenAI chat format (``{"role": ..., "content": ..., "tool_calls":
    [{"id", "type": "function", "function": {"name", "arguments"}}]}``) as a ChatMessage."""
    if not isinstance(data, Mapping):
        raise MessageFormatError(f"{where}: must be an object with a role, got {data!r:.60}")
    role = data.get("role")
    if role not in ROLES:
        raise MessageFormatError(f"{where}.role: must be one of {', '.join(ROLES)}, got {role!r}")
    content = data.get("content")
    if content is not None and not isinstance(content, str):
        raise MessageFormatError(f"{where}.content: must be text or null")
    calls = []
    for index, raw in enumerate(data.get("tool_calls") or []):
        calls.append(_tool_call(raw, f"{where}.tool_calls[{index}]"))
    if calls and role != "assistant":
        raise MessageFormatError(f"{where}.tool_calls: only assistant messages call tools")
    call_id = data.get("tool_call_id")
    if role == "tool" and not isinstance(call_id, str):
        raise MessageFormatError(f"{where}.tool_call_id: a tool message names the call it answers")
    return ChatMessage(
        role=role,
        content=content,
        tool_calls=tuple(calls),
        tool_call_id=call_id if isinstance(call_id, str) else None,
    )


def _tool_call(raw: Any, where: str) -> ToolCall:
    function = raw.get("function") if isinstance(raw, Mapping) else None
    if not isinstance(function, Mapping) or not isinstance(function.get("name"), str):
        raise MessageFormatError(
            f'{where}: write {{"id": ..., "type": "function", "function": '
            '{"name": ..., "arguments": "{...}"}}'
        )
    arguments = function.get("arguments", "{}")
    if isinstance(arguments, Mapping):  # accepted as a convenience: an object, not its text
        arguments = json.dumps(arguments)
    if not isinstance(arguments, str):
        raise MessageFormatError(f"{where}.function.arguments: must be a JSON object as text")
    return ToolCall(id=str(raw.get("id") or where), name=function["name"], arguments=arguments)


class ConversationRecord(BaseModel):
    """A finished conversation as plain data (see the module's documentation).

    ``world_versions[i]`` is the world's version right after ``messages[i]``; ``events`` are the
    tool calls in order, each with the version after it.
    """

    model_config = ConfigDict(extra="forbid")

    messages: list[dict[str, Any]] = Field(default_factory=list)
    world_versions: list[int] = Field(default_factory=list)
    events: list[ToolEvent] = Field(default_factory=list)
    worlds: WorldHistory

    def world_after(self, index: int, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """The world as it was right after message ``index`` (negative counts from the end)."""
        return self.worlds.state_at(self.world_versions[index], tables)

    def states(self, tables: Iterable[Table[Any]] = ()) -> list[WorldState]:
        """The world after every message (``states[i]`` after ``messages[i]``), each distinct
        version built once and shared between the messages that left it unchanged."""
        return self.initial_and_states(tables)[1]

    def initial_and_states(
        self, tables: Iterable[Table[Any]] = ()
    ) -> tuple[WorldState, list[WorldState]]:
        """The world before the first message and :meth:`states`, built together: a message that
        left the first version unchanged shares the initial state's object too."""
        declared = tuple(tables)
        built: dict[int, WorldState] = {}

        def at(version: int) -> WorldState:
            if version not in built:
                built[version] = self.worlds.state_at(version, declared)
            return built[version]

        initial = at(self.worlds.initial_version)
        return initial, [at(version) for version in self.world_versions]

    def initial_world(self, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """The world before the first message."""
        return self.worlds.state_at(self.worlds.initial_version, tables)

    def final_world(self, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """The world at the end of the conversation."""
        return self.worlds.final_state(tables)

    def replies(self) -> list[str]:
        """What the assistant said to the user (its messages with text), in order."""
        return [
            str(m["content"]) for m in self.messages if m["role"] == "assistant" and m["content"]
        ]


class Transcript:
    """Collects a conversation on ``world`` (see the module's documentation)."""

    def __init__(self, world: World, messages: Sequence[ChatMessage] = ()) -> None:
        self.world = world
        self.messages: list[ChatMessage] = []
        self.world_versions: list[int] = []
        self.trajectory = Trajectory()
        self.history = WorldHistory.start(world)
        for message in messages:
            self.append(message)

    def append(self, message: ChatMessage) -> None:
        """Add ``message``, noting the world's version (and state, if it changed) after it."""
        self.messages.append(message)
        self.history.record(self.world)
        self.world_versions.append(self.world.version)

    def record(self) -> ConversationRecord:
        """The conversation so far as plain data (sharing the world history: record once the
        conversation is over)."""
        return ConversationRecord(
            messages=[message_json(m) for m in self.messages],
            world_versions=list(self.world_versions),
            events=list(self.trajectory.events),
            worlds=self.history,
        )


__all__ = [
    "ConversationRecord",
    "MessageFormatError",
    "Transcript",
    "message_from_openai",
]
