"""Checking one scenario's data as a whole, so that a file's problems are all reported at once.

The checks, each run on whatever parts of the data could be read: the scenario's fields
(:class:`~assistworld.paradigms.astra.tasks.scenario.Scenario`), each milestone and minefield with
the scorer's schema and, when all of them can be read, their ``after`` edges; the starting
world against the app family's tables (its problems placed in the world file when the scenario
names one); and every table, column, record id and tool the conditions name
(:mod:`~assistworld.paradigms.astra.tasks.names`).
"""

from __future__ import annotations

import datetime
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.astra.grading.scoring.spec import Milestone, spec_problems
from assistworld.paradigms.astra.tasks.errors import validation_problems
from assistworld.paradigms.astra.tasks.marks import Location, Problem
from assistworld.paradigms.astra.tasks.names import StartRows, name_problems
from assistworld.paradigms.astra.tasks.scenario import RequiredRow, Scenario
from assistworld.paradigms.astra.tasks.worlds import (
    FAMILIES,
    AppFamily,
    Families,
    UnknownAppsError,
    WorldDataError,
    family_available,
)

StartKey = tuple[Path, datetime.datetime, str]
"""A shared world file, the clock and the app family: what a starting world is built from."""

_NOW: TypeAdapter[datetime.datetime] = TypeAdapter(datetime.datetime)
_MILESTONE: TypeAdapter[Milestone] = TypeAdapter(Milestone)
_ROW: TypeAdapter[RequiredRow] = TypeAdapter(RequiredRow)

Readable = dict[str, list[tuple[int, Milestone]]]
"""The milestones and minefields that could be read, each with its index in the file."""


def check_scenario(
    data: dict[str, Any],
    path: Path,
    world_file: Path | None,
    families: Families,
    starts: MutableMapping[StartKey, StartRows] | None = None,
    *,
    world_read: bool = True,
) -> tuple[Scenario | None, list[Problem]]:
    """The scenario ``data`` holds (None if it cannot be read) and every problem found.

    ``data`` is the file's mapping with ``world`` already the tables (read from ``world_file``
    when the scenario names one); ``starts`` keeps the starting worlds already built from a
    shared world file, which hundreds of scenarios may use; ``world_read`` is False when the
    world file could not be read (its problem is reported already), so no world is built."""
    problems: list[Problem] = []
    scenario: Scenario | None = None
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        problems += validation_problems(error, Scenario, data, path)
    readable, found = _milestones(data, path)
    problems += found
    family = _family(data, path, families, problems)
    if family is None:
        return scenario, problems
    start = _start(data, path, world_file, family, starts, problems) if world_read else None
    rows = list(enumerate(scenario.success.end_state)) if scenario is not None else _rows(data)
    named = name_problems(family, start, rows, readable)
    problems += [Problem(path, location, message) for location, message in named]
    return scenario, problems


def _milestones(data: dict[str, Any], path: Path) -> tuple[Readable, list[Problem]]:
    problems: list[Problem] = []
    readable: Readable = {}
    whole: dict[str, list[Milestone] | None] = {}
    for field in ("milestones", "minefields"):
        raw = data.get(field, [])
        whole[field] = None
        if not isinstance(raw, list):
            continue  # the scenario's own validation says so
        readable[field] = []
        for index, item in enumerate(raw):
            try:
                readable[field].append((index, _MILESTONE.validate_python(item)))
            except ValidationError as error:
                problems += validation_problems(error, Milestone, item, path, (field, index))
        if len(readable[field]) == len(raw):
            whole[field] = [milestone for _, milestone in readable[field]]
    edges = spec_problems(whole["milestones"], whole["minefields"])
    problems += [Problem(path, location, message) for location, message in edges]
    return readable, problems


def _family(
    data: dict[str, Any], path: Path, families: Families, problems: list[Problem]
) -> AppFamily | None:
    apps = data.get("apps", "personal")
    if not isinstance(apps, str):
        return None
    if family_available(apps):
        return families.get(apps)
    if apps not in FAMILIES:
        problems.append(
            Problem(
                path,
                ("apps",),
                f"unknown app family {apps!r}{did_you_mean(apps, FAMILIES)}; "
                f"use one of: {', '.join(FAMILIES)}",
            )
        )
    return None


def _start(
    data: dict[str, Any],
    path: Path,
    world_file: Path | None,
    family: AppFamily,
    starts: MutableMapping[StartKey, StartRows] | None,
    problems: list[Problem],
) -> StartRows | None:
    """The starting world's rows; None, with its problems added, when it cannot be built."""
    tables = data.get("world", {})
    try:
        now = _NOW.validate_python(data.get("now"))
    except ValidationError:
        return None  # the scenario's own validation says so
    if not isinstance(tables, dict):
        return None
    key = (world_file, now, family.name) if world_file is not None else None
    if key is not None and starts is not None and key in starts:
        return starts[key]
    file, prefix = (world_file, ()) if world_file is not None else (path, ("world",))
    try:
        world = family.build_world(tables, now)
    except WorldDataError as error:
        problems += _world_problems(family, tables, now, file, prefix) or [
            Problem(file, (*prefix, *where), message) for where, message in error.issues
        ]
        return None
    except (ValueError, UnknownAppsError) as error:
        problems.append(Problem(world_file or path, () if world_file else ("world",), str(error)))
        return None
    start = StartRows.of(world, family.tables)
    if key is not None and starts is not None:
        starts[key] = start
    return start


def _world_problems(
    family: AppFamily, tables: dict[str, Any], now: datetime.datetime, file: Path, prefix: Location
) -> list[Problem]:
    """The problems of a world's data said in the author's terms, from the family's model of
    that data (empty when it has none, or when the data fits it and the loader found the
    problems the model cannot see: an id used twice, say)."""
    model = family.data_model
    if model is None:
        return []
    try:
        model.model_validate({**tables, "now": now})
    except ValidationError as error:
        return validation_problems(error, model, tables, file, prefix)
    return []


def _rows(data: dict[str, Any]) -> list[tuple[int, RequiredRow]]:
    """The end-state conditions that can be read when the scenario as a whole cannot."""
    success = data.get("success")
    raw = success.get("end_state") if isinstance(success, dict) else None
    if not isinstance(raw, list):
        return []
    rows = []
    for index, item in enumerate(raw):
        try:
            rows.append((index, _ROW.validate_python(item)))
        except ValidationError:
            continue  # reported by the scenario's validation
    return rows


__all__ = ["StartKey", "check_scenario"]
