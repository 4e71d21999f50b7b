"""Planners that need no model: the gold plan, an empty plan, and plans written elsewhere."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.errors import UserError
from assistworld.core.replay_file import read_replay_lines
from assistworld.core.suite import Suite
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.tasks.model import PlanningTask, plan_text


class PlannerSetupError(UserError, ValueError):
    """The requested planning agent does not exist or lacks something it needs."""


class ReplayFileError(PlannerSetupError):
    """A replay file that cannot be read; the message names the line and the fix."""


def gold_plan_text(task: PlanningTask) -> str:
    """The gold plan as a model would write it (a published record's own call strings, each
    wrapped as ``App: [...]``, or our suite's calls)."""
    if task.raw_calls:
        apps = list(task.raw_apps) + [""] * (len(task.raw_calls) - len(task.raw_apps))
        return "\n".join(
            f"{app}: [{body}]" for app, body in zip(apps, task.raw_calls, strict=False)
        )
    return plan_text(task.calls)


class OracleAgent:
    """Writes each task's gold plan: proves the tasks can be passed."""

    name = "oracle"

    def __init__(self, plans: Mapping[str, str]) -> None:
        self.plans = dict(plans)

    @classmethod
    def for_suite(cls, suite: Suite) -> OracleAgent:
        return cls({task.query_id: gold_plan_text(task) for task in suite.tasks})

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name}

    async def solve(self, task: PlanningView) -> AgentOutput:
        plan = self.plans.get(task.query_id)
        if plan is None:
            return AgentOutput(error=f"no gold plan for {task.query_id}")
        return AgentOutput(plan=plan)


class NullAgent:
    """Writes an empty plan: no task may pass."""

    name = "null"

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name}

    async def solve(self, task: PlanningView) -> AgentOutput:
        return AgentOutput(plan="")


def read_plans_file(path: Path) -> dict[str, str]:
    """Read ``{"query_id": ..., "plan": ...}`` JSON lines into a mapping from id to plan text."""
    return read_replay_lines(path, "plan", ReplayFileError)


class ReplayAgent:
    """Submits plans written elsewhere: the way any external planner is scored."""

    name = "replay"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.plans = read_plans_file(path)

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name, "programs_file": str(self.path), "plans": len(self.plans)}

    def scored_task_ids(self) -> tuple[str, ...]:
        """The tasks the file has plans for, in its order: what a replay run scores unless told
        to score every task (``--all-tasks``), as for every paradigm's replay."""
        return tuple(self.plans)

    async def solve(self, task: PlanningView) -> AgentOutput:
        plan = self.plans.get(task.query_id)
        if plan is None:
            return AgentOutput(error=f"no plan for {task.query_id} in {self.path}")
        return AgentOutput(plan=plan)
