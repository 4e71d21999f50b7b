"""State-initialisation tools: what setup programs call to build a task's world."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from assistworld.paradigms.aspera.tasks.setup_tools.calendar_tools import (
    simulate_conference_room,
    simulate_employee_calendar,
    simulate_user_calendar,
)
from assistworld.paradigms.aspera.tasks.setup_tools.org import (
    UserRole,
    simulate_org_structure,
    simulate_vacation_schedule,
)

__all__ = [
    "UserRole",
    "simulate_conference_room",
    "simulate_employee_calendar",
    "simulate_org_structure",
    "simulate_user_calendar",
    "simulate_vacation_schedule",
]

SETUP_TOOL_NAMES = tuple(__all__)
"""The setup tools, the names setup programs find besides the library's."""


def namespace() -> dict[str, Any]:
    """A fresh dict of what a setup program finds in its globals (spec section 7b).

    The action namespace, the setup tools, and ``deepcopy``.
    """
    from assistworld.apps import workplace as apps

    names = apps.namespace()
    module_globals = globals()
    for name in SETUP_TOOL_NAMES:
        names[name] = module_globals[name]
    names["deepcopy"] = deepcopy
    return names
