"""What every agent is (the protocol a paradigm's agents follow); the agents themselves live with
their paradigm under :mod:`assistworld.paradigms`."""

from assistworld.agents.base import Agent, AgentOutput

__all__ = ["Agent", "AgentOutput"]
