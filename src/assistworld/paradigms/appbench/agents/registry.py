"""Build a planning agent from the name given on the command line."""

from __future__ import annotations

from pathlib import Path

from assistworld.agents.base import Agent
from assistworld.agents.model_requests import Decoding
from assistworld.core.suite import Suite
from assistworld.llm import ModelConfigError, ModelPool, ModelSource, parse_model_spec
from assistworld.llm.spec import SPEC_FORMS, default_prompt_form
from assistworld.paradigms.appbench.agents.baselines import (
    NullAgent,
    OracleAgent,
    PlannerSetupError,
    ReplayAgent,
)
from assistworld.paradigms.appbench.agents.names import (
    AGENT_NAMES,
    MODEL_AGENT_NAMES,
    TOOLS,
)
from assistworld.paradigms.appbench.agents.planner import PlannerAgent
from assistworld.paradigms.appbench.tasks.model import PlanningTask

__all__ = ["AGENT_NAMES", "MODEL_AGENT_NAMES", "PlannerSetupError", "build_agent"]


def demonstrations(suite: Suite | None, shots: int) -> list[PlanningTask]:
    """The first ``shots`` tasks of ``suite`` marked ``example`` (by id)."""
    if shots < 0:
        raise PlannerSetupError(f"--shots must be 0 or more, got {shots}")
    if shots == 0:
        return []
    examples = sorted(
        (task for task in (suite.tasks if suite else []) if getattr(task, "example", False)),
        key=lambda task: task.query_id,
    )
    if len(examples) < shots:
        name = suite.name if suite else "the suite"
        raise PlannerSetupError(
            f"--shots {shots} asks for more demonstrations than {name} has tasks marked "
            f"example ({len(examples)}); lower --shots or mark more tasks as examples"
        )
    return examples[:shots]


def build_agent(
    name: str,
    *,
    programs: Path | None = None,
    model: str | None = None,
    models: ModelSource | None = None,
    suite: Suite | None = None,
    shots: int = 0,
    decoding: Decoding | None = None,
) -> Agent:
    """The planning agent called ``name``."""
    if name == "oracle":
        if suite is None:
            raise PlannerSetupError("--agent oracle needs the suite whose gold plans it plays")
        return OracleAgent.for_suite(suite)
    if name == "null":
        return NullAgent()
    if name == "replay":
        if programs is None:
            raise PlannerSetupError(
                '--agent replay needs --programs FILE (JSON lines {"query_id": ..., "plan": ...})'
            )
        return ReplayAgent(programs)
    if name in MODEL_AGENT_NAMES:
        if not model:
            raise PlannerSetupError(f"--agent {name} needs --model MODEL; use one of: {SPEC_FORMS}")
        if name == TOOLS and shots:
            raise PlannerSetupError(
                "--agent tools acts on each task's world and takes no demonstrations; "
                "leave out --shots"
            )
        examples = demonstrations(suite, shots)
        try:
            spec = parse_model_spec(model)
            client = (models or ModelPool()).get(spec)
        except ModelConfigError as error:
            raise PlannerSetupError(str(error)) from None
        if name == TOOLS:
            from assistworld.paradigms.appbench.agents.tools_agent import ToolCallingPlanner

            compact = default_prompt_form(model) == "compact"
            return ToolCallingPlanner(
                client, model_name=str(spec), decoding=decoding, compact=compact
            )
        return PlannerAgent(
            client,
            model_name=str(spec),
            prompting=name,
            examples=examples,
            decoding=decoding,
        )
    choices = ", ".join(AGENT_NAMES)
    raise PlannerSetupError(f"unknown planning agent {name!r}; choose one of: {choices}")
