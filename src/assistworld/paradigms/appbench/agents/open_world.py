"""What a planning-suite episode serves an agent acting from outside (``--agent external``).

Two ways to answer, graded the same way in all three modes (paper, corrected, executed):

- ``submit_plan(plan)``: a plan's text, as the planners write it;
- the services' tools themselves, call by call, on the task's world (its databases filled from
  the task's seed, as executed mode fills them). Only the apps the task may use are served
  (the permission boundary: any other app's API is no tool of the episode). The calls that ran,
  in order, are the plan: each becomes one line of the plan format, and an argument whose value
  an earlier call returned is written as that result (a dependency), as a planner would.

A submitted plan is graded when there is one; otherwise the calls are.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.apps import services
from assistworld.core.episode import (
    EpisodeMaker,
    EpisodeTool,
    ToolReply,
    json_reply,
    object_schema,
    text_argument,
)
from assistworld.paradigms.appbench.agents.prompts import PlannerPrompts
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorld, TaskWorlds
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call
from assistworld.tools.toolset import Toolset


def tool_name(app: str, api: str) -> str:
    """An API's tool name in an episode: ``Hotels_searchhotel`` (two apps share API names)."""
    return f"{app}_{api}"


@dataclass
class MadeCall:
    """One call that ran: its app, API, arguments (plan names) and first record returned."""

    app: str
    api: str
    arguments: dict[str, Any]
    record: dict[str, Any] = field(default_factory=dict)


def _literal(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def plan_of(calls: list[MadeCall]) -> list[Call]:
    """The calls as a plan: an argument equal to a field an earlier call returned is that
    result (the latest such call's), every other argument a literal."""
    plan: list[Call] = []
    returns: list[list[str]] = [[] for _ in calls]
    for index, made in enumerate(calls):
        arguments: dict[str, Argument] = {}
        for name, value in made.arguments.items():
            text = _literal(value)
            source = _returned_by(calls[:index], text)
            if source is None:
                arguments[name] = Argument(kind=ArgumentKind.LITERAL, value=text)
                continue
            earlier, result = source
            if result not in returns[earlier]:
                returns[earlier].append(result)
            arguments[name] = Argument(kind=ArgumentKind.VARIABLE, value=result)
        plan.append(Call(app=made.app, api=made.api, arguments=arguments))
    return [
        call.model_copy(update={"returns": tuple(r)}) for call, r in zip(plan, returns, strict=True)
    ]


def _returned_by(earlier: list[MadeCall], text: str) -> tuple[int, str] | None:
    for index in range(len(earlier) - 1, -1, -1):
        for name, value in earlier[index].record.items():
            if value is not None and _literal(value) == text:
                return index, name
    return None


class PlanningEpisode:
    """One planning task's episode (see the module)."""

    def __init__(self, view: PlanningView) -> None:
        self.view = view
        self.apps = [app for app in (services.find_app(a.name) for a in view.apps) if app]
        self.world: TaskWorld | None = None
        if view.world is not None:
            worlds = TaskWorlds(query_id=view.query_id, seed=view.world.seed, now=view.world.now)
            self.world = worlds.world(tuple(self.apps))
        self.calls: list[MadeCall] = []
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
        for app in self.apps:
            toolset = services.toolset(app)
            for definition in toolset.definitions():
                function = definition["function"]
                tools.append(
                    EpisodeTool(
                        tool_name(app, function["name"]),
                        f"{app}: {function.get('description', '')}",
                        function["parameters"],
                        self._caller(app, toolset, function["name"]),
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

    def _caller(self, app: str, toolset: Toolset, api: str) -> Any:
        async def call(arguments: Mapping[str, Any]) -> ToolReply:
            assert self.world is not None
            with self.world.active():
                event = toolset.call_json(api, dict(arguments))
            if event.error is not None:
                self.failed_calls += 1
                return json_reply(event.reply(), is_error=True)
            result = event.result
            records = result if isinstance(result, list) else [result]
            first = records[0] if records and isinstance(records[0], dict) else {}
            given = {services.plan_name(k): v for k, v in event.arguments.items()}
            self.calls.append(MadeCall(app, api, given, first))
            return json_reply(event.reply())

        return call

    async def finish(self, answer: str | None) -> AgentOutput:
        calls = plan_of(self.calls)
        called = "\n".join(call.text() for call in calls)
        source = "submitted" if self.plan is not None else "calls" if calls else "none"
        plan = self.plan if self.plan is not None else called or None
        details: dict[str, Any] = {
            "plan_source": source,
            "tool_calls_run": len(self.calls),
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


__all__ = ["MadeCall", "PlanningEpisode", "plan_of", "planning_episodes", "tool_name"]
