"""Tools declared once: the declaration, toolsets built from it, and the call events it records.

Declare a library function with :func:`tool`; build a :class:`Toolset` from the modules that
export such functions; every call through a toolset's JSON path (or a program path that records
with :class:`CallRecorder`) becomes a :class:`ToolEvent` of a :class:`Trajectory`.
"""

from assistworld.tools.declaration import EFFECTS, Effect, ToolSpec, spec_of, tool
from assistworld.tools.events import ToolError, ToolEvent, Trajectory, to_json

__all__ = [
    "EFFECTS",
    "Effect",
    "ToolError",
    "ToolEvent",
    "ToolSpec",
    "Trajectory",
    "spec_of",
    "to_json",
    "tool",
]
