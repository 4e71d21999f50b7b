"""The names of ASPERA's agents, apart from the agents themselves (which import the model
clients and the prompt templates): the paradigm lists them without loading any agent."""

from __future__ import annotations

AGENT_NAMES = ("oracle", "null", "replay", "cck", "ps", "selfdebug")
MODEL_AGENT_NAMES = ("cck", "ps", "selfdebug")
"""The agents that need ``--model``."""
