"""The names of the planning agents, apart from the agents themselves: the paradigm lists them
on every command, and importing the agents means importing the model clients."""

from __future__ import annotations

HIERARCHICAL = "hierarchical"
FLAT = "flat"
AGENT_NAMES = ("oracle", "null", "replay", HIERARCHICAL, FLAT)
MODEL_AGENT_NAMES = (HIERARCHICAL, FLAT)

__all__ = ["AGENT_NAMES", "FLAT", "HIERARCHICAL", "MODEL_AGENT_NAMES"]
