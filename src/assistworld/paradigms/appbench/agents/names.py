"""The names of the planning agents, apart from the agents themselves: the paradigm lists them
on every command, and importing the agents means importing the model clients."""

from __future__ import annotations

HIERARCHICAL = "hierarchical"
FLAT = "flat"
TOOLS = "tools"
"""A model calling the services' tools itself (its calls are its plan)."""
EXTERNAL = "external"
"""Any program acting through an MCP episode (``--command``)."""
AGENT_NAMES = ("oracle", "null", "replay", HIERARCHICAL, FLAT, TOOLS, EXTERNAL)
MODEL_AGENT_NAMES = (HIERARCHICAL, FLAT, TOOLS)

__all__ = ["AGENT_NAMES", "EXTERNAL", "FLAT", "HIERARCHICAL", "MODEL_AGENT_NAMES", "TOOLS"]
