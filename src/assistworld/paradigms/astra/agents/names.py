"""The names of the conversation paradigm's agents, apart from the agents themselves: the
paradigm lists them on every command, and importing the agents means importing the model
clients and the sandbox."""

from __future__ import annotations

EXTERNAL = "external"
"""Any program acting through an MCP episode (``--command``)."""
AGENT_NAMES = ("tools", "cck", "oracle", "program-oracle", "null", "ask", "replay", EXTERNAL)
MODEL_AGENT_NAMES = ("tools", "cck")

__all__ = ["AGENT_NAMES", "EXTERNAL", "MODEL_AGENT_NAMES"]
