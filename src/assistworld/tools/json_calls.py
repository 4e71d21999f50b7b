"""The JSON path of a tool call: validate the arguments, call, convert the result, record.

Whatever goes wrong becomes the event's error (an object naming the bad argument, the unknown
tool, or the exception the tool raised), so a tool-calling agent can read it and try again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from assistworld.tools.events import ToolError, ToolEvent, to_json
from assistworld.tools.schema import ArgumentsInvalid

if TYPE_CHECKING:
    from assistworld.tools.toolset import Tool


def world_version() -> int:
    """The version of the world bound to this context."""
    from assistworld.world.context import current_world  # the world imports the apps' rows

    return current_world().version


def call_tool_json(
    tool: Tool | None, name: str, arguments: str | bytes | Mapping[str, Any]
) -> ToolEvent:
    """Run ``tool`` (None: not in the toolset) with JSON ``arguments`` on the active world."""
    if tool is None:
        error = ToolError(type="unknown_tool", message=f"there is no tool named {name!r}")
        return ToolEvent(tool=name, error=error, world_version=world_version())
    described = {"tool": tool.name, "app": tool.app, "effect": tool.effect}
    try:
        values = tool.schema.validate(arguments)
    except ArgumentsInvalid as exc:
        error = ToolError(type="invalid_arguments", message=str(exc), arguments=exc.names)
        return ToolEvent(
            **described,
            arguments=_raw_arguments(arguments),
            error=error,
            world_version=world_version(),
        )
    given = {key: to_json(value) for key, value in values.items()}
    try:
        result = tool.function(**values)
    except Exception as exc:  # the tool's own failure is the caller's to read
        error = ToolError(type=type(exc).__name__, message=_text(exc))
        return ToolEvent(**described, arguments=given, error=error, world_version=world_version())
    return ToolEvent(
        **described, arguments=given, result=to_json(result), world_version=world_version()
    )


def _raw_arguments(arguments: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """Rejected arguments as they came (an object), for the record."""
    if isinstance(arguments, Mapping):
        return {str(key): to_json(value) for key, value in arguments.items()}
    text = arguments.decode(errors="replace") if isinstance(arguments, bytes) else arguments
    return {"$text": str(text)[:2000]}


def _text(exc: BaseException) -> str:
    try:
        return str(exc)[:4000]
    except Exception:
        return type(exc).__name__


__all__ = ["call_tool_json", "world_version"]
