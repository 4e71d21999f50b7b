"""What each kind of program finds in its globals (the library spec, section 7b)."""

from __future__ import annotations

import datetime
from typing import Any

from assistworld.apps import workplace as apps
from assistworld.paradigms.aspera.tasks import evaluation_tools as checks
from assistworld.paradigms.aspera.tasks import setup_tools as sim

SETUP_TOOLS = {
    "UserRole",
    "simulate_conference_room",
    "simulate_employee_calendar",
    "simulate_org_structure",
    "simulate_user_calendar",
    "simulate_vacation_schedule",
}
EVALUATION_TOOLS = {
    "SolutionError",
    "repetition_schedule",
    "assert_user_calendar_shared",
    "snapshot_world",
    "changes_since",
    "assert_no_changes_since",
    "added_user_events",
}


def test_action_programs_see_the_library_and_datetime_only() -> None:
    names = apps.namespace()
    library = {name for module in apps.LIBRARY_MODULES for name in module.__all__}
    assert set(names) == library | {"datetime"}
    assert names["datetime"] is datetime
    assert not (set(names) & (SETUP_TOOLS | EVALUATION_TOOLS))


def test_setup_programs_add_the_setup_tools_and_deepcopy() -> None:
    extra = set(sim.namespace()) - set(apps.namespace())
    assert extra == SETUP_TOOLS | {"deepcopy"}


def test_evaluation_programs_add_the_evaluation_tools_and_typing_names() -> None:
    names = checks.namespace()
    extra = set(names) - set(sim.namespace())
    assert extra == EVALUATION_TOOLS | {"DEFAULT_EVENT_DURATION_MINUTES", "Any", "Callable"}
    assert names["DEFAULT_EVENT_DURATION_MINUTES"] == 16
    assert names["Any"] is Any


def test_every_call_returns_a_fresh_dict() -> None:
    first = apps.namespace()
    first["find_events"] = None
    assert apps.namespace()["find_events"] is not None
