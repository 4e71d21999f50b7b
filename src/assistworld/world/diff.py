"""Row-level differences between two states of a world."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from assistworld.world.state import TABLE_NAMES, WorldState

ChangeKind = Literal["added", "removed", "changed"]


@dataclass(frozen=True)
class RowChange:
    """One row that differs: its table, its key, and its JSON form before and after."""

    table: str
    key: str
    kind: ChangeKind
    before: Any
    after: Any

    def __str__(self) -> str:
        return f"{self.kind} {self.table}[{self.key}]"


@dataclass(frozen=True)
class WorldDiff:
    """All rows that differ between two world states, table by table, in a stable order."""

    changes: tuple[RowChange, ...] = field(default_factory=tuple)
    clock_moved: bool = False

    def __bool__(self) -> bool:
        return bool(self.changes) or self.clock_moved

    def __iter__(self) -> Iterator[RowChange]:
        return iter(self.changes)

    def __len__(self) -> int:
        return len(self.changes)

    def in_table(self, table: str, kind: ChangeKind | None = None) -> list[RowChange]:
        """The changes in ``table``, optionally only those of one kind."""
        return [c for c in self.changes if c.table == table and (kind is None or c.kind == kind)]

    def tables(self) -> set[str]:
        """Names of the tables with at least one change."""
        return {c.table for c in self.changes}

    def __str__(self) -> str:
        if not self:
            return "no changes"
        lines = [str(c) for c in self.changes]
        if self.clock_moved:
            lines.append("clock moved")
        return "\n".join(lines)


def _rows(state: WorldState, table: str) -> dict[str, Any]:
    """A table flattened to ``key -> JSON row`` (nested tables get composite keys)."""
    value = getattr(state, table)
    if table == "employee_calendars":
        return {
            f"{owner}/{event_id}": event.model_dump(mode="json")
            for owner, events in value.items()
            for event_id, event in events.items()
        }
    if table == "calendar_shared_with":
        return {employee_id: True for employee_id in value}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    raise TypeError(f"table {table!r} has no row form")


def _jsonable(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def diff(before: WorldState, after: WorldState) -> WorldDiff:
    """The rows added, removed or changed going from ``before`` to ``after``.

    Pass ``world.snapshot()`` values. Changes to the random generator or the id counter are not
    rows and are not reported; a moved clock is reported as ``clock_moved``.
    """
    changes: list[RowChange] = []
    for table in TABLE_NAMES:
        old, new = _rows(before, table), _rows(after, table)
        for key, row in old.items():
            if key not in new:
                changes.append(RowChange(table, key, "removed", row, None))
            elif new[key] != row:
                changes.append(RowChange(table, key, "changed", row, new[key]))
        for key, row in new.items():
            if key not in old:
                changes.append(RowChange(table, key, "added", None, row))
    return WorldDiff(tuple(changes), clock_moved=before.now != after.now)
