"""How an app declares a table it keeps in a world: a name, the type of its rows, and a shape.

The world knows no app: an app declares its tables with :func:`keyed`, :func:`keyed_lists`,
:func:`nested` or :func:`members`, and a :class:`~assistworld.world.World` stores whatever tables
are declared to it (``World(tables=...)``, ``world.declare(...)``, or on first use through
``world.table(...)``). A declaration is an immutable value; nothing here keeps a registry.

The shape says how a table is stored and how :func:`~assistworld.world.diff` names its rows:

- ``keyed``: ``key -> row`` (row key: the key);
- ``keyed_lists``: ``key -> [row, ...]`` (row key: the key, the whole list is the row);
- ``nested``: ``owner -> (key -> row)`` (row key: ``"owner/key"``);
- ``members``: ``[member, ...]``, distinct values kept in order (row key: the member; a diff
  reports members joining or leaving, not a change of order).

Every kind of container keeps the order in which entries were stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, Generic, TypeVar, cast

import pydantic_core
from pydantic import TypeAdapter

C = TypeVar("C")
R = TypeVar("R")

RESERVED_NAMES = frozenset({"now", "seed", "rng_state", "ids_issued", "version"})
"""Names a table cannot take: the JSON form of a world keeps its clock and counters beside them."""

_SNAPSHOT_ATTRIBUTES = frozenset(
    {"tables", "declared", "table", "to_data", "to_json", "from_data", "from_json"}
)
"""Names a table cannot take either: a snapshot's tables are its attributes, beside these."""


class Shape(StrEnum):
    """How a table's rows are held (see the module's documentation)."""

    KEYED = "keyed"
    KEYED_LISTS = "keyed_lists"
    NESTED = "nested"
    MEMBERS = "members"


class TableConflictError(ValueError):
    """Two different declarations claim the same table name in one world."""


@dataclass(frozen=True, eq=False)
class Table(Generic[C]):
    """One table an app keeps in a world; ``C`` is the Python type of the whole table.

    Build one with :func:`keyed`, :func:`keyed_lists`, :func:`nested` or :func:`members`.
    Declarations compare by identity; :meth:`same_as` tells whether two of them describe the same
    table (same name, shape and row type).
    """

    name: str
    shape: Shape
    row: Any
    """The type of one row (of one member for ``members``); any type pydantic can validate."""
    doc: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name.startswith("_"):
            raise ValueError(f"table name {self.name!r} must be a public Python identifier")
        if self.name in RESERVED_NAMES or self.name in _SNAPSHOT_ATTRIBUTES:
            raise ValueError(f"table name {self.name!r} is reserved for the world's own fields")

    def same_as(self, other: Table[Any]) -> bool:
        """True when ``other`` declares the same table (so both may be used on one world)."""
        if other is self:
            return True
        return (self.name, self.shape, self.row) == (other.name, other.shape, other.row)

    @cached_property
    def _adapter(self) -> TypeAdapter[C]:
        row = self.row
        container: Any = {
            Shape.KEYED: dict[str, row],  # type: ignore[valid-type]
            Shape.KEYED_LISTS: dict[str, list[row]],  # type: ignore[valid-type]
            Shape.NESTED: dict[str, dict[str, row]],  # type: ignore[valid-type]
            Shape.MEMBERS: list[row],  # type: ignore[valid-type]
        }[self.shape]
        return TypeAdapter(container)

    def empty(self) -> C:
        """A new, empty table."""
        return cast(C, [] if self.shape is Shape.MEMBERS else {})

    def dump(self, value: C) -> Any:
        """The table as plain JSON data."""
        return self._adapter.dump_python(value, mode="json")

    def load(self, data: Any) -> C:
        """A table from the JSON data :meth:`dump` made, read with JSON's rules (as from a file)."""
        return self._adapter.validate_json(pydantic_core.to_json(data))

    def __repr__(self) -> str:
        row = getattr(self.row, "__name__", repr(self.row))
        return f"Table({self.name!r}, {self.shape.value}, {row})"


def keyed(name: str, row: type[R], doc: str = "") -> Table[dict[str, R]]:
    """A table of ``key -> row``."""
    return Table(name, Shape.KEYED, row, doc)


def keyed_lists(name: str, row: type[R], doc: str = "") -> Table[dict[str, list[R]]]:
    """A table of ``key -> [row, ...]`` (e.g. the intervals booked per room)."""
    return Table(name, Shape.KEYED_LISTS, row, doc)


def nested(name: str, row: type[R], doc: str = "") -> Table[dict[str, dict[str, R]]]:
    """A table of ``owner -> (key -> row)`` (e.g. one calendar per employee)."""
    return Table(name, Shape.NESTED, row, doc)


def members(name: str, row: type[R], doc: str = "") -> Table[list[R]]:
    """A list of distinct values kept in order (e.g. whom a calendar is shared with)."""
    return Table(name, Shape.MEMBERS, row, doc)
