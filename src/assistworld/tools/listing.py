"""What ``assistworld tools`` prints: every tool with its app, effect and JSON schema."""

from __future__ import annotations

import json
from typing import Any

from rich.table import Table

from assistworld.tools.docstrings import summary
from assistworld.tools.toolset import Toolset


def tool_rows(toolset: Toolset) -> list[dict[str, Any]]:
    """One object per tool: ``name``, ``app``, ``effect`` and its OpenAI ``definition``."""
    return [
        {
            "name": tool.name,
            "app": tool.app,
            "effect": tool.effect,
            "definition": tool.schema.definition(),
        }
        for tool in toolset
    ]


def tools_json(toolset: Toolset) -> str:
    """The rows as an indented JSON list."""
    return json.dumps(tool_rows(toolset), indent=2)


def tools_table(toolset: Toolset, title: str) -> Table:
    """The rows as a terminal table; the schema column lists the parameters (required ones
    marked ``*``); ``--json`` prints the full schemas."""
    table = Table(title=title)
    for column in ("tool", "app", "effect", "parameters", "description"):
        table.add_column(column, overflow="fold")
    for tool in toolset:
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
