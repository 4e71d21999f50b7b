"""Recording the calls a program makes, for the program paths (sandbox world host, in-process).

A program may loop over thousands of calls, so a recorder keeps the first ``limit`` events in full
and only counts the rest; past the limit a call costs one increment. Arguments are converted to
JSON before the call runs (``add_event`` writes the new id back onto its argument).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistworld.tools.events import ToolError, ToolEvent, Trajectory, to_json
from assistworld.tools.json_calls import world_version
from assistworld.tools.toolset import Toolset

EVENTS_KEPT = 100
"""Events a program run keeps in full (the bundled suite's reference programs make at most a few
dozen world calls; a run record should stay a few tens of kilobytes)."""


class CallRecorder:
    """Turns one run's tool calls into the events of :attr:`trajectory`.

    Use ``arguments = recorder.arguments(...)`` before the call, then ``returned`` or ``raised``
    with what ``arguments`` gave (None once the trajectory is full: the call is only counted).
    """

    def __init__(self, toolset: Toolset, limit: int = EVENTS_KEPT) -> None:
        self._toolset = toolset
        self.trajectory = Trajectory(limit=limit)

    def arguments(
        self, name: str, args: Sequence[Any], kwargs: Mapping[str, Any]
    ) -> dict[str, Any] | None:
        """The call's arguments as JSON, or None when the event will only be counted."""
        if self.trajectory.is_full():
            return None
        tool = self._toolset.get(name)
        if tool is not None:
            return tool.arguments_json(args, kwargs)
        return {"*args": [repr(a) for a in args], **{k: repr(v) for k, v in kwargs.items()}}

    def returned(self, name: str, arguments: dict[str, Any] | None, result: Any) -> None:
        """Record a call that returned ``result``."""
        if arguments is None:
            self.trajectory.omitted += 1
            return
        self.trajectory.add(
            ToolEvent(
                **self._described(name),
                arguments=arguments,
                result=to_json(result),
                world_version=world_version(),
            )
        )

    def raised(self, name: str, arguments: dict[str, Any] | None, exc: BaseException) -> None:
        """Record a call that raised ``exc`` (or was refused with it before running)."""
        if arguments is None:
            self.trajectory.omitted += 1
            return
        try:
            message = str(exc)[:4000]
        except Exception:
            message = ""
        self.trajectory.add(
            ToolEvent(
                **self._described(name),
                arguments=arguments,
                error=ToolError(type=type(exc).__name__, message=message),
                world_version=world_version(),
            )
        )

    def _described(self, name: str) -> dict[str, Any]:
        tool = self._toolset.get(name)
        if tool is None:
            return {"tool": name}
        return {"tool": name, "app": tool.spec.app, "effect": tool.spec.effect}


__all__ = ["EVENTS_KEPT", "CallRecorder"]
