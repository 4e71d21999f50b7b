"""A populated world of services for tests, and the JSON call path of one app's API."""

from __future__ import annotations

import datetime
from typing import Any

from assistworld.apps import services
from assistworld.tools.events import ToolEvent
from assistworld.world import World

NOW = datetime.datetime(2019, 3, 1, 9, 0)
SEED = 11


def world(seed: int = SEED) -> World:
    made = World(NOW, seed=seed)
    services.populate(made, seed, NOW)
    return made


def call(made: World, app: str, api: str, **arguments: Any) -> ToolEvent:
    with made.active():
        return services.toolset(app).call_json(api, arguments)


def first(made: World, app: str, table: str, **wanted: Any) -> Any:
    """The first row of one of ``app``'s tables whose fields have the values given."""
    declaration = next(t for t in services.tables(app) if t.name == table)
    for row in made.table(declaration).values():
        if all(getattr(row, name) == value for name, value in wanted.items()):
            return row
    raise LookupError(f"no {table} row with {wanted}")
