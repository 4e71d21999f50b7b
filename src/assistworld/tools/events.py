"""The record of tool calls: one event per call, and the trajectory scorers read.

Events hold plain JSON only (arguments by parameter name, the result or an error), so a trajectory
round-trips through ``model_dump_json`` / ``model_validate_json`` unchanged, whichever kind of agent
made the calls.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import to_jsonable_python

from assistworld.tools.declaration import Effect


def to_json(value: Any) -> Any:
    """A library value as plain JSON data (models as objects, named tuples as arrays, enums as
    their values, dates and times as ISO text): the form tool arguments and results take."""
    return to_jsonable_python(value, fallback=repr)


class ToolError(BaseModel):
    """Why a call gave no result.

    ``type`` is ``invalid_arguments`` (the arguments did not fit the tool's schema; ``arguments``
    names the offending ones), ``unknown_tool``, or the name of the exception the tool raised.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str
    message: str
    arguments: list[str] = Field(default_factory=list)


class ToolEvent(BaseModel):
    """One call: the tool, its arguments, its result or error, and the world's version after it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tool: str
    app: str | None = None
    effect: Effect | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    result: Any = None
    error: ToolError | None = None
    world_version: int

    @property
    def ok(self) -> bool:
        """True when the call returned (``result`` holds what it returned)."""
        return self.error is None

    def reply(self) -> dict[str, Any]:
        """What the caller is told: ``{"result": ...}`` or ``{"error": {...}}``."""
        if self.error is not None:
            return {"error": self.error.model_dump(mode="json")}
        return {"result": self.result}


class Trajectory(BaseModel):
    """The calls of one run, in order.

    ``limit`` bounds the events kept in full (None: no bound); later calls are only counted in
    ``omitted``, so a program looping over thousands of calls cannot fill memory.
    """

    model_config = ConfigDict(extra="forbid")

    events: list[ToolEvent] = Field(default_factory=list)
    omitted: int = 0
    limit: int | None = None

    def add(self, event: ToolEvent) -> None:
        """Keep ``event``, or count it once the limit is reached."""
        if self.limit is not None and len(self.events) >= self.limit:
            self.omitted += 1
        else:
            self.events.append(event)

    def is_full(self) -> bool:
        """True once further events would only be counted."""
        return self.limit is not None and len(self.events) >= self.limit

    @property
    def calls(self) -> int:
        """Every call recorded, kept or omitted."""
        return len(self.events) + self.omitted

    def __len__(self) -> int:
        return len(self.events)


__all__ = ["ToolError", "ToolEvent", "Trajectory", "to_json"]
