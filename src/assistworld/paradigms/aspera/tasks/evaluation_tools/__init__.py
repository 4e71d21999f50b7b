"""Evaluation tools: what evaluation programs call to check an action program's effects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistworld.paradigms.aspera.tasks import setup_tools as sim
from assistworld.paradigms.aspera.tasks.evaluation_tools.tools import (
    SolutionError,
    assert_user_calendar_shared,
    repetition_schedule,
)
from assistworld.paradigms.aspera.tasks.evaluation_tools.world_state import (
    added_user_events,
    assert_no_changes_since,
    changes_since,
    snapshot_world,
)

__all__ = [
    "SolutionError",
    "added_user_events",
    "assert_no_changes_since",
    "assert_user_calendar_shared",
    "changes_since",
    "repetition_schedule",
    "snapshot_world",
]

EVALUATION_TOOL_NAMES = tuple(__all__)
"""The evaluation tools: ASPERA's three, and our whole-world comparison tools."""


def namespace() -> dict[str, Any]:
    """A fresh dict of what an evaluation program finds in its globals (spec section 7b).

    The setup namespace, the evaluation tools, ``DEFAULT_EVENT_DURATION_MINUTES`` and ``Any`` and
    ``Callable`` (evaluation programs annotate their parameters with them).
    """
    from assistworld.apps.workplace.work_calendar import DEFAULT_EVENT_DURATION_MINUTES

    names = sim.namespace()
    module_globals = globals()
    for name in EVALUATION_TOOL_NAMES:
        names[name] = module_globals[name]
    names["DEFAULT_EVENT_DURATION_MINUTES"] = DEFAULT_EVENT_DURATION_MINUTES
    names["Any"] = Any
    names["Callable"] = Callable
    return names
