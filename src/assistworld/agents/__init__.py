"""Agents: the model-free baselines now, model-driven agents (CCK, PS, self-debugging) next."""

from assistworld.agents.base import Agent, AgentOutput
from assistworld.agents.baselines import (
    NULL_PROGRAM,
    NullAgent,
    OracleAgent,
    ReplayAgent,
    ReplayFileError,
    read_replay_file,
)
from assistworld.agents.registry import AGENT_NAMES, UnknownAgentError, build_agent

__all__ = [
    "AGENT_NAMES",
    "NULL_PROGRAM",
    "Agent",
    "AgentOutput",
    "NullAgent",
    "OracleAgent",
    "ReplayAgent",
    "ReplayFileError",
    "UnknownAgentError",
    "build_agent",
    "read_replay_file",
]
