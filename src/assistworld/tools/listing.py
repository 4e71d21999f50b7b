"""What ``assistworld tools`` prints: every tool with its app, effect and JSON schema.

Each function takes the tools themselves (a :class:`Toolset`, or the tools of several: the
services' APIs, one toolset per app, may share names).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from rich.table import Table

from assistworld.tools.docstrings import summary
from assistworld.tools.toolset import Tool


def tool_rows(tools: Iterable[Tool]) -> list[dict[str, Any]]:
    """One object per tool: ``name``, ``app``, ``effect`` and its OpenAI ``definition``."""
    return [
        {
            "name": tool.name,
            "app": tool.app,
            "effect": tool.effect,
            "definition": tool.schema.definition(),
        }
        for tool in tools
    ]


def tools_json(tools: Iterable[Tool]) -> str:
    """The rows as an indented JSON list."""
    return json.dumps(tool_rows(tools), indent=2)


def tools_table(tools: Iterable[Tool], title: str) -> Table:
    """The rows as a terminal table; the schema column lists the parameters (required ones
    marked ``*``); ``--json`` prints the full schemas."""
    table = Table(title=title)
    for column in ("tool", "app", "effect", "parameters", "description"):
        table.add_column(column, overflow="fold")
    for tool in tools:
        parameters = tool.schema.parameters()
        required = set(parameters.get("required", ()))
        names = [f"{name}{'*' if name in required else ''}" for name in parameters["properties"]]
        table.add_row(
            tool.name,
            tool.app,
            tool.effect,
            ", ".join(names),
            summary(tool.schema.description),
        )
    return table


__all__ = ["tool_rows", "tools_json", "tools_table"]
