"""The names of ASPERA's agents, apart from the agents themselves (which import the model
clients and the prompt templates): the paradigm lists them without loading any agent."""

from __future__ import annotations

EXTERNAL = "external"
"""Any program acting through an MCP episode (``--command``)."""
AGENT_NAMES = ("oracle", "null", "replay", "cck", "ps", "selfdebug", EXTERNAL)
MODEL_AGENT_NAMES = ("cck", "ps", "selfdebug")
"""The agents that need ``--model``."""
