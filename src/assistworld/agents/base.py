"""The agent protocol (defined in the core, re-exported here where agents are written)."""

from assistworld.core.agent import Agent, AgentOutput

__all__ = ["Agent", "AgentOutput"]
