"""A plain-text API description for planners: ``name(args) -> return``, what it does, by app."""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from typing import TYPE_CHECKING

from assistworld.docs.members import resolved_signature
from assistworld.docs.source_text import format_annotation, format_value
from assistworld.tools.docstrings import summary

if TYPE_CHECKING:
    from assistworld.tools.toolset import Tool


def render_planner_text(tools: Iterable[Tool]) -> str:
    """One section per app (in order of first appearance), one line per tool with its effect."""
    sections: dict[str, list[str]] = {}
    for tool in tools:
        line = f"- {tool.name}{_signature(tool)} [{tool.effect}]"
        description = summary(inspect.unwrap(tool.function).__doc__)
        if description:
            line += f"  # {description}"
        sections.setdefault(tool.app, []).append(line)
    return "\n\n".join(f"## {app}\n" + "\n".join(lines) for app, lines in sections.items()) + "\n"


def _signature(tool: Tool) -> str:
    signature = resolved_signature(tool.function)
    parts = []
    for parameter in signature.parameters.values():
        text = parameter.name
        if parameter.annotation is not inspect.Parameter.empty:
            text += f": {format_annotation(parameter.annotation, ())}"
        if parameter.default is not inspect.Parameter.empty:
            text += f" = {format_value(parameter.default) or '...'}"
        parts.append(text)
    text = "(" + ", ".join(parts) + ")"
    if signature.return_annotation is not inspect.Signature.empty:
        text += f" -> {format_annotation(signature.return_annotation, ())}"
    return text


__all__ = ["render_planner_text"]
