"""The app families a scenario can name (``apps:``): their tools and the world they start from.

A scenario's ``world`` is the starting tables in the world's JSON form (a member per table, named
after it); its ``now`` is the clock. The family declares its tables first, so rows are read into
the app's own types and a malformed row is a load error naming the table, not a failure in the
middle of a conversation.

``workplace`` is the ASPERA library (calendar, directory, rooms); ``personal`` (contacts,
calendar, email, messages, WhatsApp, phone calls) is used when its package is installed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ValidationError

from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.astra.tasks.scenario import RequiredRow
from assistworld.tools.toolset import Toolset
from assistworld.world import World, WorldState
from assistworld.world.tables import Table


class UnknownAppsError(ValueError):
    """A scenario names an app family that is not installed."""


Issue = tuple[tuple[str | int, ...], str]
"""A problem of a world's data: where (the field, from the top, indices from 0) and what."""


class WorldDataError(ValueError):
    """A world's data does not fit the family's tables; ``issues`` has every problem, located."""

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = issues
        super().__init__(
            "; ".join(
                f"{'.'.join(str(part) for part in where)}: {message}" if where else message
                for where, message in issues
            )
        )


@dataclass(frozen=True)
class AppFamily:
    """One family of apps: its toolset and the declarations of its tables."""

    name: str
    toolset: Toolset
    tables: tuple[Table[Any], ...]
    loader: Callable[[Mapping[str, Any], Any], World] | None = None
    """The family's own reader of world data (``data, now -> World``), where it has one; else
    the data is the world's JSON form."""
    data_model: type[BaseModel] | None = None
    """The model of the data the loader reads (its ``now`` included), where it has one: a
    scenario loader validates bad data with it to say each problem in the author's terms."""
    subjects: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per table, the columns that say whom or what a row concerns (see :meth:`names_subject`)."""

    def names_subject(self, row: RequiredRow) -> bool:
        """Whether a success condition says whom or what its row concerns: it gives the row's key
        or owner, or a ``where`` column that names the record, the recipient, the conversation
        (the table's :attr:`subjects`), so a write to the wrong person cannot meet it."""
        if row.key is not None or row.owner is not None:
            return True
        return any(column in row.where for column in self.subjects.get(row.table, ()))

    @cached_property
    def definitions(self) -> tuple[dict[str, Any], ...]:
        """Every tool's OpenAI definition, made once (generating JSON schemas is slow)."""
        return tuple(self.toolset.definitions())

    @cached_property
    def write_tools(self) -> frozenset[str]:
        """The names of the family's write tools (what milestones and mutants look for)."""
        return frozenset(tool.name for tool in self.toolset if tool.effect == "write")

    def build_world(self, data: Mapping[str, Any], now: Any) -> World:
        """A fresh world holding ``data`` (the JSON form of its tables) at clock ``now``.

        Raises :class:`WorldDataError` naming each table the apps do not declare and each row
        that does not fit the app's types.
        """
        if self.loader is not None:
            return self.loader(data, now)
        known = [table.name for table in self.tables]
        unknown: list[Issue] = [
            (
                (name,),
                f"no app of the {self.name} family keeps a table named {name!r}"
                f"{did_you_mean(name, known)}; its tables: {', '.join(sorted(known))}",
            )
            for name in data
            if name not in known
        ]
        if unknown:
            raise WorldDataError(unknown)
        try:
            state = WorldState.from_data({**data, "now": now}, self.tables)
        except ValidationError:
            raise WorldDataError(self._table_problems(data)) from None
        world = World(state.now, seed=state.seed, tables=self.tables)
        world.ids_issued = state.ids_issued
        for table in self.tables:  # the rows were just read: hand them over without a copy
            rows = state.table(table)
            live = world.table(table)
            if isinstance(live, dict):
                live.update(rows)
            else:
                live.extend(rows)
        return world

    def _table_problems(self, data: Mapping[str, Any]) -> list[Issue]:
        """Every row of ``data`` that does not fit its table, located from the table's name
        (read again table by table, once the whole world was found not to load)."""
        issues: list[Issue] = []
        for table in self.tables:
            if table.name not in data:
                continue
            try:
                table.load(data[table.name])
            except ValidationError as error:
                issues += [
                    ((table.name, *item["loc"]), f"does not fit its table: {item['msg']}")
                    for item in error.errors(include_url=False)
                ]
        return issues or [((), "the world's clock or counters are not valid")]


def _workplace() -> AppFamily:
    from assistworld.apps.workplace import toolset
    from assistworld.apps.workplace.tables import SUBJECT_COLUMNS, WORKPLACE_TABLES

    return AppFamily("workplace", toolset(), WORKPLACE_TABLES, subjects=SUBJECT_COLUMNS)


def _personal() -> AppFamily:
    from assistworld.apps.personal import (
        PERSONAL_TABLES,
        PersonalWorldData,
        PersonalWorldDataError,
        personal_world,
        toolset,
    )
    from assistworld.apps.personal.tables import SUBJECT_COLUMNS

    def load(data: Mapping[str, Any], now: Any) -> World:
        try:
            return personal_world({**data, "now": now}, source="the scenario's world")
        except PersonalWorldDataError as error:
            issues = error.issues or [((), problem) for problem in error.problems]
            raise WorldDataError(issues) from None

    return AppFamily(
        "personal",
        toolset(),
        tuple(PERSONAL_TABLES),
        load,
        data_model=PersonalWorldData,
        subjects=SUBJECT_COLUMNS,
    )


FAMILIES: Mapping[str, Callable[[], AppFamily]] = {
    "workplace": _workplace,
    "personal": _personal,
}


def family_available(name: str) -> bool:
    """Whether the family ``name`` can be loaded here."""
    if name == "personal":
        return importlib.util.find_spec("assistworld.apps.personal") is not None
    return name in FAMILIES


def app_family(name: str) -> AppFamily:
    """The family called ``name`` (building one makes its toolset: keep it, see
    :class:`Families`)."""
    if name not in FAMILIES:
        raise UnknownAppsError(
            f"apps: unknown app family {name!r}; use one of: personal, workplace"
        )
    if not family_available(name):
        raise UnknownAppsError(
            f"apps: the {name} apps are not installed in this version of assistworld"
        )
    return FAMILIES[name]()


class Families:
    """The app families one run uses, each built once (their toolsets cache tool schemas)."""

    def __init__(self) -> None:
        self._built: dict[str, AppFamily] = {}

    def get(self, name: str) -> AppFamily:
        family = self._built.get(name)
        if family is None:
            family = self._built[name] = app_family(name)
        return family


__all__ = [
    "FAMILIES",
    "AppFamily",
    "Families",
    "UnknownAppsError",
    "WorldDataError",
    "app_family",
    "family_available",
]
