"""Agents: the model-free baselines (oracle, null, replay) and the model-driven agents (CCK, PS,
self-debugging)."""

from assistworld.agents.base import Agent, AgentOutput
from assistworld.paradigms.aspera.agents.baselines import (
    NULL_PROGRAM,
    NullAgent,
    OracleAgent,
    ReplayAgent,
    ReplayFileError,
    read_replay_file,
)
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.examples import (
    CCK_EXAMPLE_TASK_IDS,
    PS_EXAMPLE_TASK_ID,
    ExampleError,
)
from assistworld.paradigms.aspera.agents.guidelines import (
    Guidelines,
    GuidelinesError,
    load_guidelines,
)
from assistworld.paradigms.aspera.agents.names import AGENT_NAMES, MODEL_AGENT_NAMES
from assistworld.paradigms.aspera.agents.ps import PSAgent
from assistworld.paradigms.aspera.agents.registry import (
    UnknownAgentError,
    build_agent,
)
from assistworld.paradigms.aspera.agents.selection import SelectionAverages, selection_averages
from assistworld.paradigms.aspera.agents.selfdebug import DryRunExecutor, SelfDebugAgent

__all__ = [
    "AGENT_NAMES",
    "CCK_EXAMPLE_TASK_IDS",
    "MODEL_AGENT_NAMES",
    "NULL_PROGRAM",
    "PS_EXAMPLE_TASK_ID",
    "Agent",
    "AgentOutput",
    "CCKAgent",
    "DryRunExecutor",
    "ExampleError",
    "Guidelines",
    "GuidelinesError",
    "NullAgent",
    "OracleAgent",
    "PSAgent",
    "ReplayAgent",
    "ReplayFileError",
    "SelectionAverages",
    "SelfDebugAgent",
    "UnknownAgentError",
    "build_agent",
    "load_guidelines",
    "read_replay_file",
    "selection_averages",
]
