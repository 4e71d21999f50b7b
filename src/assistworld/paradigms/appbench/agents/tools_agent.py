"""The ``tools`` agent on planning suites: a model calling the task's services itself.

Where a planner writes the whole plan up front, this agent acts call by call on the task's world
(its services' databases filled from the task's seed, its clock at the task's time) through the
generic tool-calling loop (``agents.tool_calling``: validated arguments, errors the model can
read, at most one write per response), seeing only the task's apps (``service_tools``: a call
outside them is refused to the model, and counted). Its calls that ran, in order, are its plan
(``called_plan``), graded as any planner's in every mode; the calls and their results are kept
in the details for the task page.
"""

from __future__ import annotations

import datetime
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.agents.tool_calling import DEFAULT_MAX_STEPS, assistant_turn
from assistworld.llm import ChatModel, ModelCallError, system_message, user_message
from assistworld.llm.chat import ChatMessage
from assistworld.paradigms.appbench.agents.called_plan import called_plan
from assistworld.paradigms.appbench.agents.names import TOOLS
from assistworld.paradigms.appbench.agents.prompts import (
    TOOLS_TEMPLATES,
    PlannerPrompts,
    template_sha256,
)
from assistworld.paradigms.appbench.agents.service_tools import REFUSED, ServiceTools
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import plan_text
from assistworld.tools.compact import compact_definitions
from assistworld.tools.events import Trajectory

MAX_STEPS = 3 * DEFAULT_MAX_STEPS
"""Model calls one task may take (a multi-app request needs six calls or more, one a step)."""


class ToolCallingPlanner:
    """A model calling the services' tools on the task's world; its calls are its plan."""

    name = TOOLS
    acts_on_world = True
    """Handed the task's world (seed and clock) in its view, as an external agent is."""

    def __init__(
        self,
        model: ChatModel,
        *,
        model_name: str,
        decoding: Decoding | None = None,
        max_steps: int = MAX_STEPS,
        compact: bool = False,
    ) -> None:
        self.model = model
        self.model_name = model_name
        self.decoding = decoding or Decoding()
        self.max_steps = max_steps
        self.compact = compact
        """Show the tools' compact definitions (for the bundled local model, which reads every
        prompt token on a CPU: see ``tools.compact``)."""
        self.prompts = PlannerPrompts()

    def settings(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "model": self.model_name,
            "max_steps": self.max_steps,
            "tool_view": "compact" if self.compact else "full",
            "templates_sha256": template_sha256(TOOLS_TEMPLATES),
            **self.decoding.describe(),
        }

    async def solve(self, task: PlanningView) -> AgentOutput:
        if task.world is None:
            return AgentOutput(
                error=(
                    f"{task.query_id} has no simulated services (no world seed): the tools agent "
                    "acts on a task's world; run a planner on this suite instead"
                ),
                details={"failure": "no-world"},
            )
        tools = ServiceTools(app.name for app in task.apps)
        world = TaskWorlds(query_id=task.query_id, seed=task.world.seed, now=task.world.now).world(
            tools.apps
        )
        today = task.now.date() if isinstance(task.now, datetime.datetime) else None
        history: list[ChatMessage] = [
            system_message(self.prompts.tools_system(today)),
            user_message(task.query),
        ]
        log = CallLog(self.model, self.decoding)
        trajectory = Trajectory()
        try:
            turn = await assistant_turn(
                log,
                tools,
                history,
                world=world,
                trajectory=trajectory,
                max_steps=self.max_steps,
                temperature=self.decoding.temperature,
                max_tokens=self.decoding.max_tokens,
                definitions=compact_definitions(tools.definitions()) if self.compact else None,
            )
        except ModelCallError as error:
            return AgentOutput(
                error=f"model call failed: {error}",
                usage=log.usage(),
                details={**_calls_details(tools), "failure": "model-call"},
            )
        plan = plan_text(called_plan(tools.calls, turn.reply))
        details = {**_calls_details(tools), "reply": turn.reply, "steps": turn.steps}
        if not turn.finished:
            details["cut_off"] = f"still calling tools after {self.max_steps} model calls"
        return AgentOutput(plan=plan, completion=turn.reply, usage=log.usage(), details=details)


def _calls_details(tools: ServiceTools) -> dict[str, Any]:
    """Every call in order (tool, arguments, result or error), and how many were refused at the
    permission boundary or failed."""
    events = [event for event, _ in tools.calls]
    return {
        "tool_calls": [
            event.model_dump(mode="json", exclude={"world_version"}) for event in events
        ],
        "refused_calls": sum(1 for e in events if e.error is not None and e.error.type == REFUSED),
        "failed_calls": sum(1 for e in events if e.error is not None and e.error.type != REFUSED),
    }


__all__ = ["MAX_STEPS", "ToolCallingPlanner"]
