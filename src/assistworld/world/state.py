"""Everything a world holds, copied into one value: what snapshots, JSON files and diffs are.

Its JSON form is one object: the clock and counters (``now``, ``seed``, ``rng_state``,
``ids_issued``, ``version``) and one member per table, named after it. Worlds written before
tables were declared by their apps have the same form without ``version`` and read back as
version 0.

A table that the reader has not declared is kept as the JSON it was read from, written back
unchanged, and typed as soon as a declaration for it arrives, so nothing is lost on the way
through a program that does not know every app.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import pydantic_core
from pydantic import BaseModel, ConfigDict

from assistworld.world.tables import RESERVED_NAMES, Table

DEFAULT_NOW = datetime.datetime(2024, 6, 25, 9, 6)

C = TypeVar("C")


class _Header(BaseModel):
    """The members of a world's JSON form that are not tables."""

    model_config = ConfigDict(extra="ignore")

    now: datetime.datetime = DEFAULT_NOW
    seed: int = 0
    rng_state: list[Any] | None = None
    ids_issued: int = 0
    version: int = 0


@dataclass(frozen=True, eq=False)
class WorldState:
    """Everything a world holds at one moment. Plain data: it round-trips through JSON exactly.

    A table is read as an attribute (``state.user_calendar``) or, typed, with
    :meth:`table`. ``declared`` maps the name of every typed table to its declaration; the
    others hold JSON. Two states are equal when their clock, seed, generator, ids and rows are
    (a typed table and its JSON compare by their JSON form): the ``version`` tells how many
    writes led here, not what the world holds, and a table that is missing equals an empty one.
    """

    now: datetime.datetime = DEFAULT_NOW
    seed: int = 0
    rng_state: list[Any] | None = None
    ids_issued: int = 0
    version: int = 0
    tables: dict[str, Any] = field(default_factory=dict)
    """Table name -> the table (typed if declared, JSON otherwise), in the order stored."""
    declared: dict[str, Table[Any]] = field(default_factory=dict, repr=False)

    def __getattr__(self, name: str) -> Any:
        tables = self.__dict__.get("tables")
        if tables is None or name not in tables:
            raise AttributeError(f"the world holds no table named {name!r}")
        return tables[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WorldState):
            return NotImplemented
        header = (self.now, self.seed, self.rng_state, self.ids_issued)
        if header != (other.now, other.seed, other.rng_state, other.ids_issued):
            return False
        mine, theirs = _non_empty(self.tables), _non_empty(other.tables)
        if mine.keys() != theirs.keys():
            return False
        return all(self._same_rows(other, name) for name in mine)

    def _same_rows(self, other: WorldState, name: str) -> bool:
        """Whether both hold the same rows in table ``name``, typed or still JSON."""
        mine, theirs = self.declared.get(name), other.declared.get(name)
        if mine is not None and theirs is not None and mine.same_as(theirs):
            return bool(self.tables[name] == other.tables[name])
        return bool(self._json_rows(name) == other._json_rows(name))

    def _json_rows(self, name: str) -> Any:
        known = self.declared.get(name)
        value = self.tables[name]
        return value if known is None else known.dump(value)

    __hash__ = None  # type: ignore[assignment]

    def table(self, declaration: Table[C]) -> C:
        """The rows of a declared table (empty if this state does not hold it)."""
        if declaration.name not in self.tables:
            return declaration.empty()
        known = self.declared.get(declaration.name)
        value = self.tables[declaration.name]
        if known is declaration:
            return cast(C, value)
        if known is None:
            return declaration.load(value)
        if not known.same_as(declaration):
            raise TypeError(f"{declaration!r} does not match the state's {known!r}")
        return cast(C, value)

    # -- JSON ------------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The JSON form as plain Python data (``json.dumps`` writes it)."""
        data = _Header(
            now=self.now,
            seed=self.seed,
            rng_state=self.rng_state,
            ids_issued=self.ids_issued,
            version=self.version,
        ).model_dump(mode="json")
        for name, value in self.tables.items():
            known = self.declared.get(name)
            data[name] = value if known is None else known.dump(value)
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The JSON form as text."""
        return pydantic_core.to_json(self.to_data(), indent=indent).decode()

    @classmethod
    def from_data(cls, data: Mapping[str, Any], tables: Iterable[Table[Any]] = ()) -> WorldState:
        """Read the JSON form (as plain data): ``tables`` are typed, the others kept as JSON."""
        header = _Header.model_validate(data)
        by_name = {table.name: table for table in tables}
        held: dict[str, Any] = {}
        declared: dict[str, Table[Any]] = {}
        for name, value in data.items():
            if name in RESERVED_NAMES:
                continue
            table = by_name.get(name)
            if table is None:
                held[name] = value
            else:
                held[name] = table.load(value)
                declared[name] = table
        return cls(
            now=header.now,
            seed=header.seed,
            rng_state=header.rng_state,
            ids_issued=header.ids_issued,
            version=header.version,
            tables=held,
            declared=declared,
        )

    @classmethod
    def from_json(cls, text: str | bytes, tables: Iterable[Table[Any]] = ()) -> WorldState:
        """Read the JSON form from text (see :meth:`from_data`)."""
        data = pydantic_core.from_json(text)
        if not isinstance(data, dict):
            raise ValueError("a world's JSON form is an object")
        return cls.from_data(data, tables)


def _non_empty(tables: Mapping[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in tables.items() if value}
