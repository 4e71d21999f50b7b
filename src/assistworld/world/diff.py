"""Row-level differences between two states of a world."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel

from assistworld.world.state import WorldState
from assistworld.world.tables import Shape, Table

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


def _rows(state: WorldState, name: str, table: Table[Any] | None) -> dict[str, Any]:
    """A table flattened to ``key -> row`` as its shape says, rows as the table holds them
    (``_row_form`` turns one into what it is compared as).

    A table that neither state declares is compared as JSON: an object by its members, anything
    else as one row with the key ``""``.
    """
    value = state.tables.get(name)
    if value is None:
        return {}
    if table is None:
        return dict(_keyed_rows(value)) if isinstance(value, dict) else {"": value}
    if state.declared.get(name) is not table:
        value = state.table(table)  # typed by the other state's declaration
    return dict(_FLATTEN[table.shape](value))


def _keyed_rows(value: Mapping[Any, Any]) -> Iterator[tuple[str, Any]]:
    return ((str(key), row) for key, row in value.items())


def _nested_rows(value: Mapping[Any, Mapping[Any, Any]]) -> Iterator[tuple[str, Any]]:
    return ((f"{owner}/{key}", row) for owner, rows in value.items() for key, row in rows.items())


def _member_rows(value: Iterable[Any]) -> Iterator[tuple[str, Any]]:
    return ((str(member), True) for member in value)


_FLATTEN: Mapping[Shape, Callable[[Any], Iterator[tuple[str, Any]]]] = MappingProxyType(
    {
        Shape.KEYED: _keyed_rows,
        Shape.KEYED_LISTS: _keyed_rows,
        Shape.NESTED: _nested_rows,
        Shape.MEMBERS: _member_rows,
    }
)
"""How each shape names its rows: by key (the whole list is the row of ``keyed_lists``), by
``owner/key``, or by the member itself (``members`` rows are ``True``)."""


def _row_form(value: Any) -> Any:
    """What a row is compared as: pydantic models as JSON data, other values as they are."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, list | tuple):
        return [_row_form(v) for v in value]
    return copy.deepcopy(value)  # a copy, so a change never shares a row with a live world


def diff(before: WorldState, after: WorldState) -> WorldDiff:
    """The rows added, removed or changed going from ``before`` to ``after``.

    Pass ``world.snapshot()`` values (``after`` may be ``world.live_state()``: nothing here
    changes it, and the changes hold JSON forms or copies, never the rows themselves). Tables are
    visited in ``before``'s order, then those only ``after`` holds; rows in each table's order.
    Changes to the random generator, the id counter or the version are not rows and are not
    reported; a moved clock is reported as ``clock_moved``.
    """
    changes: list[RowChange] = []
    names = list(before.tables) + [name for name in after.tables if name not in before.tables]
    for name in names:
        table = before.declared.get(name) or after.declared.get(name)
        old, new = _rows(before, name, table), _rows(after, name, table)
        for key, row in old.items():
            if key not in new:
                changes.append(RowChange(name, key, "removed", _row_form(row), None))
            elif new[key] is not row and new[key] != row:
                # Only rows that differ as objects are dumped (rows equal as objects count as
                # unchanged), and they count as changed only if their JSON forms differ too.
                before_form, after_form = _row_form(row), _row_form(new[key])
                if before_form != after_form:
                    changes.append(RowChange(name, key, "changed", before_form, after_form))
        for key, row in new.items():
            if key not in old:
                changes.append(RowChange(name, key, "added", None, _row_form(row)))
    return WorldDiff(tuple(changes), clock_moved=before.now != after.now)
