"""The databases of one task, filled part by part and handed out as fresh worlds.

Executing a plan needs a fresh world of the task: its services' databases filled from the task's
world seed. Filling them was most of the cost of scoring a plan, and the mutant audit executes a
dozen plans per task. Two things keep it small:

- :class:`TaskWorlds` fills each *part* of an app's databases once per task (the rows the app
  shares, and each city's rows: see :func:`~assistworld.apps.services.parts`) and gives each
  execution a world holding copies of them. Every part draws from its own generator, so a part's
  rows do not depend on which other parts are filled.
- :class:`TaskWorld` copies a part in only when a call reaches it: a search in one city fills that
  city (``world.table_part``), a booking by name the city the name belongs to, and any other read
  the whole app (``world.table``); a write reads nothing.

The copies are of the tables' containers (the dicts and lists holding rows), not of the rows:
the services add rows and never change a row in place, so a row shared between worlds is never
written. (``tests/paradigms/appbench/audit/test_audit.py`` checks that executing plans leaves the
filled tables as they were.)
"""

from __future__ import annotations

import datetime
from typing import Any, TypeVar

from assistworld.apps import services
from assistworld.apps.services import CITIES
from assistworld.paradigms.appbench.tasks.model import PlanningTask
from assistworld.world.state import DEFAULT_NOW
from assistworld.world.tables import Shape, Table
from assistworld.world.world import World

C = TypeVar("C")

Part = tuple[str, str | None]
"""An app and one part of its databases: None for the shared rows, else a city."""


class TaskWorlds:
    """Fresh worlds of one executable task, each part of its apps' databases filled at most
    once (and only once a plan reaches it: see :class:`TaskWorld`)."""

    def __init__(
        self,
        task: PlanningTask | None = None,
        *,
        query_id: str = "",
        seed: int | None = None,
        now: datetime.datetime | None = None,
    ) -> None:
        """The worlds of ``task``, or of a task known only by ``query_id``, ``seed`` and
        ``now`` (what an agent acting on the services is handed)."""
        if task is not None:
            query_id, seed, now = task.query_id, task.world_seed, task.now
        if seed is None:
            raise ValueError(f"task {query_id} has no world_seed: it has no world to fill")
        self.query_id = query_id
        self.seed: int = seed
        self.now: datetime.datetime = now or DEFAULT_NOW
        self._parts: dict[Part, dict[str, Any]] = {}
        """Per part, the rows it adds to each of the app's tables (never handed out, only
        copies)."""

    def world(self, apps: tuple[str, ...]) -> TaskWorld:
        """A new world of the task holding the databases of ``apps`` (names as
        :data:`~assistworld.apps.services.APP_NAMES` spells them), as a fresh fill would."""
        return TaskWorld(self, apps)

    @property
    def apps_filled(self) -> tuple[str, ...]:
        """The apps some part of whose databases has been filled so far, in the order they were."""
        return tuple(dict.fromkeys(app for app, _ in self._parts))

    def part(self, app: str, part: str | None) -> dict[str, Any]:
        """The rows one part of ``app``'s databases holds, by table name (filled on first use)."""
        key = (app, part)
        if key not in self._parts:
            scratch = World(self.now, seed=self.seed)
            shared = None in services.parts(app)
            if part is not None and shared:  # a city's rows may read the shared ones
                _copy_into(scratch, app, self.part(app, None))
            before = {table.name: _keys(table, scratch.table(table)) for table in _tables(app)}
            services.populate_part(scratch, self.seed, self.now, app, part)
            self._parts[key] = {
                table.name: _without(table, scratch.table(table), before[table.name])
                for table in _tables(app)
            }
        return self._parts[key]

    def filled(self, app: str) -> dict[str, Any]:
        """The tables of ``app`` as a whole fill gives them, by table name (a copy)."""
        whole = World(self.now, seed=self.seed)
        for part in services.parts(app):
            _copy_into(whole, app, self.part(app, part))
        return {table.name: whole.table(table) for table in _tables(app)}


class TaskWorld(World):
    """A fresh world of a task whose apps' databases are copied in part by part when a tool
    first reaches them: a plan whose calls stop before the data (an unknown API, a call refused
    at the permission boundary, an argument the service rejects) costs its app no fill, and a
    search in one city costs one city's rows.

    What the plan sees is what a world filled up front holds: a tool reaches rows only through
    ``world.table`` (which fills every part of the app first) or ``world.table_part`` for one
    city (which fills the shared part and that city's, and the tool keeps to that city's rows).
    """

    def __init__(self, source: TaskWorlds, apps: tuple[str, ...]) -> None:
        super().__init__(source.now, seed=source.seed)
        self.source = source
        self.apps = apps
        """The apps whose databases the world holds (filled as they are reached)."""
        self.filled_apps: list[str] = []
        """The apps some of whose rows were copied in, in the order they were first reached."""
        self.copied: dict[str, set[str]] = {}
        """Per table, the keys (members: their text) copied in from the task's databases; any
        other row was added by the plan."""
        self._shared = {t.name: app for app in apps for t in services.filled_tables(app)}
        """The world's tables that the apps' shared parts fill, with their apps."""
        self._per_city = {
            t.name: app for app in apps for t in services.filled_tables(app, per_city=True)
        }
        """The world's tables that the apps fill a city at a time, with their apps (reaching
        any other table fills nothing)."""
        self._missing: dict[str, list[str | None]] = {a: list(services.parts(a)) for a in apps}
        """Per app, the parts not copied in yet."""

    def table(self, declaration: Table[C]) -> C:
        self._reach(declaration.name, every_city=True)
        return super().table(declaration)

    def table_part(self, declaration: Table[C], part: str) -> C:
        self._reach(declaration.name, every_city=False, city=part)
        return super().table(declaration)

    def _reach(self, table: str, *, every_city: bool, city: str | None = None) -> None:
        """Copy in what a read of ``table`` needs: the app's shared part, and for a table filled
        per city, every city's part or only ``city``'s."""
        app = self._per_city.get(table) or self._shared.get(table)
        if app is None or not self._missing[app]:
            return
        wanted: list[str | None] = [None]
        if table in self._per_city:
            wanted += list(CITIES) if every_city else [city]
        for part in wanted:
            if part in self._missing[app]:
                self._fill(app, part)

    def _fill(self, app: str, part: str | None) -> None:
        self._missing[app].remove(part)
        if app not in self.filled_apps:
            self.filled_apps.append(app)
        rows = self.source.part(app, part)
        _copy_into(self, app, rows, base=True)
        for table in _tables(app):
            self.copied.setdefault(table.name, set()).update(_keys(table, rows[table.name]))


def _tables(app: str) -> tuple[Table[Any], ...]:
    return services.tables(app)


def _keys(table: Table[Any], rows: Any) -> set[str]:
    """The keys of a table's rows (a members table's members, as text)."""
    return set(map(str, rows)) if table.shape is Shape.MEMBERS else set(rows)


def _without(table: Table[Any], rows: Any, known: set[str]) -> Any:
    """The rows of ``rows`` whose keys are not in ``known``, in a new container."""
    if table.shape is Shape.MEMBERS:
        return [member for member in rows if str(member) not in known]
    return {key: value for key, value in rows.items() if key not in known}


def _copy_into(world: World, app: str, rows: dict[str, Any], *, base: bool = False) -> None:
    """Add one part's rows (by table name) to ``world``'s tables of ``app``: the containers are
    copied, not the rows. ``base``: read the tables through :class:`World` itself (a
    :class:`TaskWorld` filling itself must not fill again)."""
    for table in _tables(app):
        target = World.table(world, table) if base else world.table(table)
        source = rows[table.name]
        if table.shape is Shape.MEMBERS:
            target.extend(source)
        elif table.shape is Shape.KEYED:
            target.update(source)
        else:  # keyed lists and nested tables hold one more container per key
            target.update({key: type(inner)(inner) for key, inner in source.items()})


__all__ = ["Part", "TaskWorld", "TaskWorlds"]
