"""Evaluation tools that compare the whole world before and after the action program.

They make side-effect checks short and complete: take a snapshot before ``executable()``, then
ask what changed. Anything the request did not call for is a side effect.
"""

from __future__ import annotations

from assistworld.apps.workplace._world import active_world
from assistworld.apps.workplace.work_calendar import Event
from assistworld.paradigms.aspera.tasks.evaluation_tools.tools import SolutionError
from assistworld.world.diff import RowChange, WorldDiff, diff
from assistworld.world.state import WorldState

__all__ = ["added_user_events", "assert_no_changes_since", "changes_since", "snapshot_world"]


def snapshot_world() -> WorldState:
    """A copy of the whole world as it is now; pass it to ``changes_since`` later."""
    return active_world().snapshot()


def changes_since(snapshot: WorldState) -> WorldDiff:
    """Every row added, removed or changed since ``snapshot`` was taken.

    The result iterates over ``RowChange`` items (``table``, ``key``, ``kind`` in "added",
    "removed", "changed", and the JSON rows ``before`` / ``after``); ``in_table(table, kind)``
    filters them and ``tables()`` names the tables touched.
    """
    return diff(snapshot, active_world().live_state())


def assert_no_changes_since(snapshot: WorldState) -> None:
    """Raise ``SolutionError`` if anything in the world changed since ``snapshot``."""
    if changes_since(snapshot):
        raise SolutionError("Incorrect solution")


def added_user_events(changes: WorldDiff) -> list[Event]:
    """The events (recurring events' parents, not their occurrences) added to the user's calendar.

    Sorted by start time.
    """
    added = [
        Event.model_validate(change.after)
        for change in changes.in_table("user_calendar", "added")
        if _is_parent_row(change)
    ]
    return sorted(added, key=lambda e: (e.starts_at is None, e.starts_at))


def _is_parent_row(change: RowChange) -> bool:
    return isinstance(change.after, dict) and change.after.get("recurrent_event_id") is None
