"""The planning agents: model-driven planners (hierarchical and flat, zero- or k-shot) and the
model-free baselines (oracle, null, replay)."""

from assistworld.paradigms.appbench.agents.registry import (
    AGENT_NAMES,
    MODEL_AGENT_NAMES,
    PlannerSetupError,
    build_agent,
)
from assistworld.paradigms.appbench.agents.view import PlanningView

__all__ = ["AGENT_NAMES", "MODEL_AGENT_NAMES", "PlannerSetupError", "PlanningView", "build_agent"]
