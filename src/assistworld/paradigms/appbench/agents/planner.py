"""The model-driven planners of the paper: hierarchical (choose the apps first, then plan seeing
only their descriptions) and flat (plan seeing every app), zero-shot or k-shot.

k-shot demonstrations are the suite's tasks marked ``example`` (request, then gold plan, as
earlier chat turns); a run that shows them leaves them out of scoring. The plan is the model's
reply as written: grading parses it (leniently) and counts what it cannot read.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.llm import ChatMessage, ChatModel, ModelCallError, system_message, user_message
from assistworld.llm.chat import ChatMessage as Message
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.agents.names import FLAT, HIERARCHICAL
from assistworld.paradigms.appbench.agents.prompts import PlannerPrompts, template_sha256
from assistworld.paradigms.appbench.agents.view import PlanningView
from assistworld.paradigms.appbench.tasks.model import AppDescription, PlanningTask


def chosen_apps(reply: str, apps: Sequence[AppDescription]) -> list[AppDescription]:
    """The apps a selection reply names (whole words, any case), in the apps' order."""
    return [app for app in apps if _names(reply, app.name)]


def _names(text: str, name: str) -> bool:
    return re.search(r"(?<![\w])" + re.escape(name.lower()) + r"(?![\w])", text.lower()) is not None


_LIST = re.compile(r"\[([^\]]*)\]")
_ITEM_EDGES = " \t\"'`*-.:"


def listed_names(reply: str) -> list[str]:
    """The items of a selection reply's list (``[A, B]``; without brackets, the reply split at
    commas, semicolons and line breaks), stripped of quotes and bullets."""
    found = _LIST.search(reply)
    text = found.group(1) if found else reply
    items = (item.strip(_ITEM_EDGES) for item in re.split(r"[,;\n]", text))
    return [item for item in items if item]


def unknown_apps(reply: str, apps: Sequence[AppDescription]) -> list[str]:
    """The items a selection reply lists that name no app of the task (``Salons`` where the app
    is ``Services``): the planner cannot be shown them, and they are recorded, not dropped."""
    return [item for item in listed_names(reply) if not any(_names(item, a.name) for a in apps)]


class PlannerAgent:
    """Plans each task with one model, hierarchically or flat."""

    def __init__(
        self,
        model: ChatModel,
        *,
        model_name: str,
        prompting: str,
        examples: Sequence[PlanningTask] = (),
        decoding: Decoding | None = None,
    ) -> None:
        if prompting not in (HIERARCHICAL, FLAT):
            raise ValueError(f"prompting must be {HIERARCHICAL} or {FLAT}, not {prompting!r}")
        self.name = prompting
        self.model = model
        self.model_name = model_name
        self.examples = tuple(examples)
        self.decoding = decoding or Decoding()
        self.prompts = PlannerPrompts()

    def excluded_task_ids(self) -> frozenset[str]:
        """The demonstrations: their gold plans are in the prompt, so they are not scored."""
        return frozenset(example.query_id for example in self.examples)

    def settings(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "model": self.model_name,
            "prompting": self.name,
            "shots": len(self.examples),
            "example_ids": [example.query_id for example in self.examples],
            "templates_sha256": template_sha256(),
            **self.decoding.describe(),
        }

    def _demonstrations(self) -> list[ChatMessage]:
        turns: list[ChatMessage] = []
        for example in self.examples:
            turns.append(user_message(example.query))
            turns.append(Message(role="assistant", content=gold_plan_text(example)))
        return turns

    async def solve(self, task: PlanningView) -> AgentOutput:
        if task.query_id in self.excluded_task_ids():
            return AgentOutput(
                plan=None,
                error=f"{task.query_id} is a demonstration of this planner; leave it out",
                details={"failure": "in-context-example"},
            )
        log = CallLog(self.model, self.decoding)
        details: dict[str, Any] = {"prompting": self.name, "shots": len(self.examples)}
        apps: Sequence[AppDescription] = task.apps
        try:
            if self.name == HIERARCHICAL:
                reply = await log.ask(
                    (system_message(self.prompts.select_apps(task.apps)), user_message(task.query))
                )
                picked = chosen_apps(reply.text, task.apps)
                details["app_selection"] = reply.text
                details["chosen_apps"] = [app.name for app in picked]
                unknown = unknown_apps(reply.text, task.apps)
                if unknown:
                    details["unknown_apps"] = unknown
                if not picked:
                    details["app_selection_fallback"] = "no known app named; all apps shown"
                apps = picked or task.apps
            today = task.now.date() if isinstance(task.now, datetime.datetime) else None
            messages = [
                system_message(self.prompts.plan_system(apps, today)),
                *self._demonstrations(),
                user_message(task.query),
            ]
            reply = await log.ask(messages)
        except ModelCallError as error:
            return AgentOutput(
                plan=None,
                error=f"model call failed: {error}",
                usage=log.usage(),
                details={**details, "failure": "model-call"},
            )
        details["finish_reason"] = reply.finish_reason
        return AgentOutput(
            plan=reply.text, completion=reply.text, usage=log.usage(), details=details
        )
