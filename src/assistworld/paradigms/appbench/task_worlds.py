"""The databases of one task, filled once and handed out as fresh worlds.

Executing a plan needs a fresh world of the task: its services' databases filled from the task's
world seed. Filling them is most of the cost of executing a plan (draws of hundreds of rows per
app), and the mutant audit executes a dozen plans per task. :class:`TaskWorlds` fills each app's
tables once (every app draws from its own generator, so an app's rows do not depend on which
other apps are filled) and gives each execution a world holding copies of them.

The copies are of the tables' containers (the dicts and lists holding rows), not of the rows:
the services add rows and never change a row in place, so a row shared between worlds is never
written. (``tests/paradigms/appbench/test_audit.py`` checks that executing plans leaves the
filled tables as they were.)
"""

from __future__ import annotations

import datetime
from typing import Any, TypeVar

from assistworld.apps import services
from assistworld.paradigms.appbench.model import PlanningTask
from assistworld.world.state import DEFAULT_NOW
from assistworld.world.tables import Shape, Table
from assistworld.world.world import World

C = TypeVar("C")


class TaskWorlds:
    """Fresh worlds of one executable task, its apps' databases filled at most once each (and
    only once a plan reaches one of the app's tables: see :class:`TaskWorld`)."""

    def __init__(self, task: PlanningTask) -> None:
        if task.world_seed is None:
            raise ValueError(f"task {task.query_id} has no world_seed: it has no world to fill")
        self.query_id = task.query_id
        self.seed: int = task.world_seed
        self.now: datetime.datetime = task.now or DEFAULT_NOW
        self._filled: dict[str, dict[str, Any]] = {}
        """Per app, its tables as filled for the task (never handed out, only copies)."""

    def world(self, apps: tuple[str, ...]) -> TaskWorld:
        """A new world of the task holding the databases of ``apps`` (names as
        :data:`~assistworld.apps.services.APP_NAMES` spells them), as a fresh fill would."""
        return TaskWorld(self, apps)

    @property
    def apps_filled(self) -> tuple[str, ...]:
        """The apps whose databases have been filled so far, in the order they were."""
        return tuple(self._filled)

    def filled(self, app: str) -> dict[str, Any]:
        """The tables of ``app`` as filled for the task, by table name (filled on first use)."""
        if app not in self._filled:
            scratch = World(self.now, seed=self.seed)
            services.populate(scratch, self.seed, self.now, (app,))
            self._filled[app] = {table.name: scratch.table(table) for table in services.tables(app)}
        return self._filled[app]


class TaskWorld(World):
    """A fresh world of a task whose apps' databases are copied in when one of the app's tables
    is first reached: a plan whose calls stop before the data (an unknown API, a call refused
    at the permission boundary, an argument the service rejects) costs its app no fill.

    What the plan sees is what a world filled up front holds: a tool reaches rows only through
    ``world.table``, which fills the whole app before handing out any of its tables.
    """

    def __init__(self, source: TaskWorlds, apps: tuple[str, ...]) -> None:
        super().__init__(source.now, seed=source.seed)
        self.source = source
        self.filled_apps: list[str] = []
        """The apps whose databases were copied in, in the order they were reached."""
        self._waiting = {table.name: app for app in apps for table in services.tables(app)}

    def table(self, declaration: Table[C]) -> C:
        app = self._waiting.get(declaration.name)
        if app is not None:
            self._fill(app)
        return super().table(declaration)

    def _fill(self, app: str) -> None:
        filled = self.source.filled(app)
        tables = services.tables(app)
        for table in tables:
            del self._waiting[table.name]
        for table in tables:
            _copy_into(table, filled[table.name], super().table(table))
        self.filled_apps.append(app)


def _copy_into(table: Table[Any], source: Any, target: Any) -> None:
    """Copy a table's containers (not its rows) from ``source`` into the empty ``target``."""
    if table.shape is Shape.MEMBERS:
        target.extend(source)
    elif table.shape is Shape.KEYED:
        target.update(source)
    else:  # keyed lists and nested tables hold one more container per key
        target.update({key: type(inner)(inner) for key, inner in source.items()})


__all__ = ["TaskWorld", "TaskWorlds"]
