"""Checking every name a scenario's conditions use against its app family's declarations.

A success condition, milestone or minefield names tables, columns, record ids and tools. A
misspelt one does not fail when the scenario is played: it quietly never matches (a minefield on
``personal_calender`` is never hit, an end-state row on it never found). So each is checked when
the scenario loads, against the tables the family declares, their rows' fields, the rows of the
starting world and the family's tools, and a near miss is named.

Record ids (and the owners of nested tables' rows) are checked where the starting world must
hold them: an end-state row that must be gone (``present: false``), and the ``_key`` (and
``_owner``) of rows a milestone or minefield finds updated or removed since the start. A row the
assistant creates gets its id in the conversation, so other ids are not checked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from assistworld.core.first_few import first_few
from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.astra.grading.scoring.constraints import (
    RowsConstraint,
    ToolCallConstraint,
)
from assistworld.paradigms.astra.grading.scoring.spec import Milestone
from assistworld.paradigms.astra.tasks.marks import Location
from assistworld.paradigms.astra.tasks.scenario import RequiredRow
from assistworld.paradigms.astra.tasks.worlds import AppFamily
from assistworld.world import World
from assistworld.world.tables import Shape, Table

_SHOWN = 12
"""How many known names a message lists at most."""


@dataclass(frozen=True)
class StartRows:
    """The row keys (and, for nested tables, owners) of each table of a starting world."""

    keys: Mapping[str, frozenset[str]]
    owners: Mapping[str, frozenset[str]]

    @classmethod
    def of(cls, world: World, tables: Iterable[Table[Any]]) -> StartRows:
        keys: dict[str, frozenset[str]] = {}
        owners: dict[str, frozenset[str]] = {}
        for table in tables:
            rows = world.table(table)
            if table.shape is Shape.NESTED:
                owners[table.name] = frozenset(rows)
                keys[table.name] = frozenset(key for inner in rows.values() for key in inner)
            elif table.shape is not Shape.MEMBERS:
                keys[table.name] = frozenset(rows)
        return cls(keys, owners)


def columns_of(table: Table[Any]) -> tuple[str, ...] | None:
    """The columns of ``table``'s rows (their fields), or None when its rows have no fields."""
    row = table.row
    if isinstance(row, type) and issubclass(row, BaseModel):
        return tuple(row.model_fields)
    if dataclasses.is_dataclass(row):
        return tuple(field.name for field in dataclasses.fields(row))
    named = getattr(row, "_fields", None)  # a NamedTuple
    if isinstance(named, tuple) and all(isinstance(name, str) for name in named):
        return named
    return None


def _listed(names: Iterable[str]) -> str:
    return first_few(sorted(names), _SHOWN)


class _Checker:
    """The problems found so far, and what they are checked against."""

    def __init__(self, family: AppFamily, start: StartRows | None) -> None:
        self.family = family
        self.start = start
        self.tables = {table.name: table for table in family.tables}
        self.problems: list[tuple[Location, str]] = []

    def add(self, location: Location, message: str) -> None:
        self.problems.append((location, message))

    def table(self, name: str, location: Location) -> Table[Any] | None:
        found = self.tables.get(name)
        if found is None:
            self.add(
                location,
                f"the {self.family.name} apps keep no table {name!r}"
                f"{did_you_mean(name, self.tables)}; their tables: {_listed(self.tables)}",
            )
        return found

    def columns(self, table: Table[Any], names: Iterable[str], at: Location) -> None:
        known = columns_of(table)
        if known is None:
            return
        allowed = (*known, "_key", *(("_owner",) if table.shape is Shape.NESTED else ()))
        for name in names:
            if name not in allowed:
                self.add(
                    (*at, name),
                    f"{table.name} has no column {name!r}{did_you_mean(name, allowed)}; "
                    f"its columns: {', '.join(allowed)}",
                )

    def key(self, table: Table[Any], key: Any, location: Location, why: str) -> None:
        known = self.start.keys.get(table.name) if self.start is not None else None
        if known is None or not isinstance(key, str) or key in known:
            return
        self.add(
            location,
            f"the starting world has no row {key!r} in {table.name}"
            f"{did_you_mean(key, known)}, {why}",
        )

    def owner(self, table: Table[Any], owner: Any, location: Location, why: str) -> None:
        known = self.start.owners.get(table.name) if self.start is not None else None
        if known is None or not isinstance(owner, str) or owner in known:
            return
        self.add(
            location,
            f"the starting world has no owner {owner!r} in {table.name}"
            f"{did_you_mean(owner, known)}, {why}",
        )


def name_problems(
    family: AppFamily,
    start: StartRows | None,
    end_state: Sequence[tuple[int, RequiredRow]],
    milestones: Mapping[str, Sequence[tuple[int, Milestone]]],
) -> list[tuple[Location, str]]:
    """Every unknown table, column, record id or tool named by the end-state conditions and
    the milestones and minefields that could be read (``{"milestones": [(index, milestone),
    ...]}``, each with its index in the file), with its location in the scenario's data.
    Record ids are checked when the starting world ``start`` is known; besides its fields a
    row has the column ``_key`` and, in a nested table, ``_owner``."""
    checker = _Checker(family, start)
    for index, row in end_state:
        at: Location = ("success", "end_state", index)
        table = checker.table(row.table, (*at, "table"))
        if table is None:
            continue
        checker.columns(table, row.where, (*at, "where"))
        if row.owner is not None and table.shape is not Shape.NESTED:
            checker.add((*at, "owner"), f"{table.name} is not a nested table: remove owner")
        if not row.present:
            gone = "so it is gone before the assistant acts"
            if row.owner is not None:
                checker.owner(table, row.owner, (*at, "owner"), gone)
            if row.key is not None:
                checker.key(table, row.key, (*at, "key"), gone)
    for field, items in milestones.items():
        for index, milestone in items:
            _milestone(checker, milestone, (field, index))
    return checker.problems


_WHY_KEY = {
    "updated": "so no row of the start can be updated",
    "removed": "so no row of the start can be removed",
}


def _milestone(checker: _Checker, milestone: Milestone, at: Location) -> None:
    for number, changed in enumerate(milestone.may_change):
        checker.table(changed, (*at, "may_change", number))
    for number, constraint in enumerate(milestone.constraints):
        place: Location = (*at, "constraints", number)
        if isinstance(constraint, ToolCallConstraint):
            _tool_call(checker, constraint, place)
            continue
        name = constraint.table_name
        if name is None:
            continue
        table = checker.table(name, (*place, "table"))
        if table is None or not isinstance(constraint, RowsConstraint):
            continue
        checker.columns(table, constraint.measures, (*place, "measures"))
        for position, row in enumerate(constraint.rows):
            checker.columns(table, row, (*place, "rows", position))
            why = _WHY_KEY.get(constraint.kind)
            if why is None or constraint.since != "start":
                continue
            if "_key" in row:
                checker.key(table, row["_key"], (*place, "rows", position, "_key"), why)
            if "_owner" in row and table.shape is Shape.NESTED:
                checker.owner(table, row["_owner"], (*place, "rows", position, "_owner"), why)


def _tool_call(checker: _Checker, constraint: ToolCallConstraint, at: Location) -> None:
    tools = checker.family.toolset
    tool = tools.get(constraint.tool)
    if tool is None:
        names = [t.name for t in tools]
        checker.add(
            (*at, "tool"),
            f"the {checker.family.name} apps have no tool {constraint.tool!r}"
            f"{did_you_mean(constraint.tool, names)}",
        )
        return
    parameters = list(tool.signature.parameters)
    for name in dict.fromkeys([*constraint.arguments, *constraint.measures]):
        if name not in parameters:
            where = "arguments" if name in constraint.arguments else "measures"
            checker.add(
                (*at, where, name),
                f"{tool.name} takes no argument {name!r}{did_you_mean(name, parameters)}; "
                f"its arguments: {', '.join(parameters) or 'none'}",
            )


__all__ = ["StartRows", "columns_of", "name_problems"]
