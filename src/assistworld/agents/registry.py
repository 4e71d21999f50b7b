"""Build an agent from the name given on the command line."""

from __future__ import annotations

from pathlib import Path

from assistworld.agents.base import Agent
from assistworld.agents.baselines import NullAgent, OracleAgent, ReplayAgent

AGENT_NAMES = ("oracle", "null", "replay")


class UnknownAgentError(ValueError):
    """The requested agent does not exist or lacks an option it needs."""


def build_agent(name: str, *, programs: Path | None = None) -> Agent:
    """The agent called ``name``; ``programs`` is the JSONL file the replay agent reads."""
    if name == "oracle":
        return OracleAgent()
    if name == "null":
        return NullAgent()
    if name == "replay":
        if programs is None:
            raise UnknownAgentError("--agent replay needs --programs FILE (one JSON line per task)")
        return ReplayAgent(programs)
    choices = ", ".join(AGENT_NAMES)
    raise UnknownAgentError(f"unknown agent {name!r}; choose one of: {choices}")
