"""What a planning-suite episode serves an agent acting from outside (``--agent external``).

Two ways to answer, graded the same way in all three modes (paper, corrected, executed):

- ``submit_plan(plan)``: a plan's text, as the planners write it;
- the services' tools themselves, call by call, on the task's world (its databases filled from
  the task's seed, as executed mode fills them). Only the apps the task may use are served
  (the permission boundary: any other app's API is no tool of the episode). The calls that ran,
  in order, are the plan, written by the same rule as the built-in ``tools`` agent's
  (:mod:`.called_plan`), so an outside agent and the built-in one are graded alike.

A submitted plan is graded when there is one; otherwise the calls are.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.episode import (
    EpisodeMaker,
    EpisodeTool,
    ToolReply,
    json_reply,
    object_schema,
    text_argument,
)
from assistworld.paradigms.appbench.agents.called_plan import called_plan
from assistworld.paradigms.appbench.agents.prompts import PlannerPrompts
from assistworld.paradigms.appbench.agents.service_tools import ServiceTools
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorld, TaskWorlds


class PlanningEpisode:
    """One planning task's episode (see the module)."""

    def __init__(self, view: PlanningView) -> None:
        self.view = view
        self.service_tools = ServiceTools(app.name for app in view.apps)
        """The task's apps' tools, refusing any other (the permission boundary), recording every
        call as the built-in ``tools`` agent's are: its calls become its plan the same way."""
        self.world: TaskWorld | None = None
        if view.world is not None:
            worlds = TaskWorlds(query_id=view.query_id, seed=view.world.seed, now=view.world.now)
            self.world = worlds.world(self.service_tools.apps)
        self.failed_calls = 0
        self.plan: str | None = None

    def task_text(self) -> str:
        lines = [f"Request: {self.view.query}", ""]
        if isinstance(self.view.now, datetime.datetime):
            lines += [f"Today is {self.view.now.date().isoformat()}.", ""]
        acting = (
            "call the apps' tools one by one on the user's phone (named App_api: "
            "Hotels_reservehotel); the calls that run, in order, are your plan"
            if self.world is not None
            else "the apps' tools are not served for this task (it has no world)"
        )
        lines += [
            "Expected: the API calls that fulfil the request. Either "
            + acting
            + ", or hand in a plan's text with submit_plan(plan) (get_apps says the apps, their "
            "APIs and the plan format); a plan handed in is graded instead of the calls. Then "
            "call finish(answer).",
        ]
        return "\n".join(lines)

    def tools(self) -> list[EpisodeTool]:
        tools = [
            EpisodeTool(
                "get_apps",
                "The apps and APIs this task may use, and the plan format submit_plan reads.",
                object_schema({}),
                self._apps,
            ),
            EpisodeTool(
                "submit_plan",
                "Hand in a plan: one call a line, AppName: [result = api(#argument='value')].",
                object_schema(
                    {"plan": {"type": "string", "description": "the plan's text"}}, ["plan"]
                ),
                self._submit,
            ),
        ]
        if self.world is None:
            return tools
        for definition in self.service_tools.definitions():
            function = definition["function"]
            tools.append(
                EpisodeTool(
                    function["name"],
                    function["description"],
                    function["parameters"],
                    self._caller(function["name"]),
                )
            )
        return tools

    async def _apps(self, arguments: Mapping[str, Any]) -> ToolReply:
        if arguments:
            return ToolReply("get_apps takes no arguments", is_error=True)
        today = self.view.now.date() if isinstance(self.view.now, datetime.datetime) else None
        return ToolReply(PlannerPrompts().plan_system(self.view.apps, today))

    async def _submit(self, arguments: Mapping[str, Any]) -> ToolReply:
        plan = text_argument(arguments, "plan")
        if isinstance(plan, ToolReply):
            return plan
        self.plan = plan
        return ToolReply("handed in; the last plan handed in is graded when you finish")

    def _caller(self, name: str) -> Any:
        async def call(arguments: Mapping[str, Any]) -> ToolReply:
            assert self.world is not None, "the services' tools are served only with a world"
            with self.world.active():
                event = self.service_tools.call_json(name, dict(arguments))
            if event.error is not None:
                self.failed_calls += 1
                return json_reply(event.reply(), is_error=True)
            return json_reply(event.reply())

        return call

    async def finish(self, answer: str | None) -> AgentOutput:
        calls = called_plan(self.service_tools.calls, answer or "")
        called = "\n".join(call.text() for call in calls)
        source = "submitted" if self.plan is not None else "calls" if calls else "none"
        plan = self.plan if self.plan is not None else called or None
        details: dict[str, Any] = {
            "plan_source": source,
            "tool_calls_run": sum(event.ok for event, _ in self.service_tools.calls),
            "tool_calls_failed": self.failed_calls,
            "called_plan": called,
            "answer": answer,
        }
        return AgentOutput(plan=plan, completion=answer, details=details)


def planning_episodes() -> EpisodeMaker:
    """The episode maker of a planning suite's run."""

    def episode(view: Any) -> PlanningEpisode:
        if not isinstance(view, PlanningView):
            raise TypeError(f"a planning episode is built from a PlanningView, not {type(view)}")
        return PlanningEpisode(view)

    return episode


__all__ = ["PlanningEpisode", "planning_episodes"]
