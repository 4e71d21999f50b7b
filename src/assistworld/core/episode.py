"""What an episode serves an agent that acts from outside the harness (over MCP).

An episode is one attempt at one task: the paradigm builds the task's world exactly as for one of
its own agents and says which tools act on it (:class:`EpisodeTool`); the generic side
(:mod:`assistworld.agents.external`) serves them, adds the two every episode has (``get_task``
and ``finish``) and, when the episode ends, asks the paradigm for the output its grader reads.
Nothing here knows MCP: a paradigm describes its episode in plain terms.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from assistworld.core.agent import AgentOutput


@dataclass(frozen=True)
class ToolReply:
    """What a tool call returns to the agent: text (JSON where the tool returns data) and
    whether it is an error the agent should read and act on."""

    text: str
    is_error: bool = False


@dataclass(frozen=True)
class EpisodeTool:
    """One tool of an episode: its name (fixed, so any client can rely on it), what it does,
    its arguments' JSON schema and how a call runs (with the arguments as the client sent them;
    a bad argument is an error reply, never an exception)."""

    name: str
    description: str
    input_schema: Mapping[str, Any]
    call: Callable[[Mapping[str, Any]], Awaitable[ToolReply]]


class Episode(Protocol):
    """One task's episode, as a paradigm serves it."""

    def task_text(self) -> str:
        """The task as the agent reads it: the request verbatim, what kind of answer is expected
        and how to finish."""
        ...

    def tools(self) -> Sequence[EpisodeTool]:
        """The paradigm's tools for this episode (``get_task`` and ``finish`` are added)."""
        ...

    async def finish(self, answer: str | None) -> AgentOutput:
        """End the episode (the agent called ``finish`` with ``answer``, or left: None) and give
        the output the paradigm's grader reads. Called once; no tool runs afterwards."""
        ...


EpisodeMaker = Callable[[Any], Episode]
"""Builds the episode of one task from what an agent is shown of it (the paradigm's view)."""


def object_schema(properties: Mapping[str, Any], required: Sequence[str] = ()) -> dict[str, Any]:
    """A JSON schema of an object with ``properties`` and no others."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
        "additionalProperties": False,
    }


def text_argument(arguments: Mapping[str, Any], name: str) -> str | ToolReply:
    """The text argument ``name``, or the error reply that says what is wrong with it."""
    value = arguments.get(name)
    if not isinstance(value, str):
        given = "missing" if value is None else f"a {type(value).__name__}"
        return ToolReply(f"argument {name!r} must be a string (it is {given})", is_error=True)
    unknown = sorted(set(arguments) - {name})
    if unknown:
        return ToolReply(
            f"unknown argument{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"this tool takes only {name!r}",
            is_error=True,
        )
    return value


def json_reply(value: Any, *, is_error: bool = False) -> ToolReply:
    """``value`` as a JSON reply (values JSON has no form for are written as text)."""
    return ToolReply(json.dumps(value, ensure_ascii=False, default=str), is_error=is_error)


__all__ = [
    "Episode",
    "EpisodeMaker",
    "EpisodeTool",
    "ToolReply",
    "json_reply",
    "object_schema",
    "text_argument",
]
