"""Our own small workplace world and scenarios for the astra tests, and a scripted chat model."""

from __future__ import annotations

import asyncio
import datetime
import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml

from assistworld.llm.chat import ChatRequest, ChatResponse, ToolCall
from assistworld.paradigms.astra.tasks.scenario import Scenario

NOW = datetime.datetime(2025, 3, 13, 9, 30)  # a Thursday


def _person(pid: str, name: str, *, user: bool = False) -> dict[str, Any]:
    first = name.split()[0].lower()
    return {
        "name": name,
        "email_address": f"{first}@example.org",
        "mobile": "+1 555 0100",
        "team": "Engineering",
        "role": "Engineer",
        "video_conference_link": f"https://meet.example.org/{first}",
        "joined_date": "2020-01-06",
        "birth_date": "1990-05-01",
        "employee_id": pid,
        "is_user": user,
    }


def _event(
    eid: str, subject: str, start: str, end: str, *people: tuple[str, str]
) -> dict[str, Any]:
    return {
        "event_id": eid,
        "subject": subject,
        "starts_at": start,
        "ends_at": end,
        "attendees": [{"name": name, "employee_id": pid} for pid, name in people],
    }


def world_data() -> dict[str, Any]:
    """Dana (the user), Priya and Matteo; two meetings on Friday the 14th."""
    return {
        "employees": {
            "e1": _person("e1", "Dana Reyes", user=True),
            "e2": _person("e2", "Priya Natarajan"),
            "e3": _person("e3", "Matteo Rossi"),
        },
        "user_calendar": {
            "ev1": _event(
                "ev1",
                "1:1 Priya",
                "2025-03-14T10:00",
                "2025-03-14T10:30",
                ("e1", "Dana Reyes"),
                ("e2", "Priya Natarajan"),
            ),
            "ev2": _event(
                "ev2",
                "Design review",
                "2025-03-14T14:00",
                "2025-03-14T15:00",
                ("e1", "Dana Reyes"),
                ("e3", "Matteo Rossi"),
            ),
        },
    }


def scenario(**fields: Any) -> Scenario:
    """A workplace scenario: cancel the 1:1 with Priya (fields override)."""
    data: dict[str, Any] = {
        "query_id": "cancel_priya",
        "protagonist": "Dana Reyes",
        "now": NOW,
        "apps": "workplace",
        "world": world_data(),
        "query": "Cancel my meeting with Priya tomorrow.",
        "success": {
            "answer": [["cancelled", "canceled", "deleted", "removed"]],
            "end_state": [{"table": "user_calendar", "key": "ev1", "present": False}],
        },
    }
    data.update(fields)
    return Scenario.model_validate(data)


def call(number: int, name: str, arguments: dict[str, Any]) -> ToolCall:
    return ToolCall(id=f"call_{number}", name=name, arguments=json.dumps(arguments))


Rule = Callable[[ChatRequest], ChatResponse]


class ScriptedModel:
    """A chat model whose reply is a function of the request (as a model's would be); counts
    its calls and can wait before answering, like a remote model."""

    def __init__(self, rule: Rule, *, delay_s: float = 0.0) -> None:
        self.rule = rule
        self.delay_s = delay_s
        self.calls = 0

    async def complete(self, request: ChatRequest) -> ChatResponse:
        self.calls += 1
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        return self.rule(request)


def tool_results(request: ChatRequest) -> list[Any]:
    """The decoded tool results the conversation holds so far."""
    return [json.loads(m.content or "null") for m in request.messages if m.role == "tool"]


def said(text: str = "", calls: Sequence[ToolCall] = ()) -> ChatResponse:
    return ChatResponse(text=text, tool_calls=tuple(calls))


def edited_copy(tmp_path: Path, source: Path, name: str, change: Callable[[Any], None]) -> Path:
    """A copy of the suite folder ``source`` in which scenario ``name``'s YAML data went through
    ``change`` (which edits it in place)."""
    folder = tmp_path / "suite"
    shutil.copytree(source, folder)
    path = folder / f"{name}.yaml"
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return folder
