"""A planning task's services as tools a model calls directly, inside the permission boundary.

Each API of the task's apps is one tool named ``App_api`` (``Restaurants_reserverestaurant``):
two apps may share an API's name (Media and Movies both have ``findmovies``), and the app is part
of every call of a plan. A call of any other name is refused to the model with the reason, as
executed mode refuses a plan line that calls an API through an app it does not belong to, and is
kept in the trajectory (with error type :data:`REFUSED`) so that it can be counted.
Arguments may be named as plans name them (``from``, ``class``) or as the definitions do
(``from_``, ``class_``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from assistworld.apps import services
from assistworld.tools.events import ToolError, ToolEvent, Trajectory
from assistworld.tools.json_calls import world_version
from assistworld.tools.toolset import Tool

REFUSED = "permission"
"""The error type of a call outside the task's apps."""
SEPARATOR = "_"


def tool_name(app: str, api: str) -> str:
    """The name the model calls an app's API by."""
    return f"{app}{SEPARATOR}{api}"


class ServiceTools:
    """The tools of ``apps`` (names as the task's app descriptions spell them; unknown names
    are left out), for :func:`assistworld.agents.tool_calling.assistant_turn`."""

    def __init__(self, apps: Iterable[str]) -> None:
        known = [found for name in apps if (found := services.find_app(name)) is not None]
        self.apps: tuple[str, ...] = tuple(dict.fromkeys(known))
        self._tools: dict[str, Tool] = {
            tool_name(app, tool.name): tool for app in self.apps for tool in services.toolset(app)
        }
        self.calls: list[tuple[ToolEvent, tuple[str, ...]]] = []
        """Every call in order: its event and the names of the arguments the model gave, in
        its order (the event's arguments also hold the defaults of those it left out)."""

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def definitions(self) -> list[dict[str, Any]]:
        shown = []
        for name, tool in self._tools.items():
            definition = json.loads(json.dumps(tool.schema.definition()))
            function = definition["function"]
            function["name"] = name
            function["description"] = f"{tool.app}: {function.get('description', '')}"
            shown.append(definition)
        return shown

    def call_json(
        self,
        name: str,
        arguments: str | bytes | Mapping[str, Any],
        trajectory: Trajectory | None = None,
    ) -> ToolEvent:
        tool = self._tools.get(name)
        given = {services.python_name(key): value for key, value in _arguments(arguments).items()}
        if tool is None:
            event = self._refusal(name, given)
            if trajectory is not None:
                trajectory.add(event)
        else:
            event = services.toolset(tool.app).call_json(tool.name, given, trajectory)
        self.calls.append((event, tuple(given)))
        return event

    def _refusal(self, name: str, arguments: dict[str, Any]) -> ToolEvent:
        app, _, api = name.partition(SEPARATOR)
        owners = [
            owner
            for owner in services.APP_NAMES
            if api in services.toolset(owner) or name in services.toolset(owner)
        ]
        offered = [owner for owner in owners if owner in self.apps]
        if offered:
            reason = (
                f"{api or name} is an API of {', '.join(offered)}, not of {app or 'no app'}: an "
                f"app may call only its own APIs; call {tool_name(offered[0], api or name)}"
            )
        elif owners:
            reason = f"{api or name} belongs to {', '.join(owners)}, which this task does not offer"
        else:
            reason = f"there is no tool {name!r}; the tools are named App_api, as listed"
        return ToolEvent(
            tool=name,
            app=services.find_app(app),
            arguments=arguments,
            error=ToolError(type=REFUSED, message=reason),
            world_version=world_version(),
        )


def _arguments(arguments: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(arguments, Mapping):
        return dict(arguments)
    try:
        parsed = json.loads(arguments)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return {"$text": str(arguments)[:2000]}
    return parsed if isinstance(parsed, dict) else {"$value": parsed}


__all__ = ["REFUSED", "ServiceTools", "tool_name"]
