"""The simulated world and how library calls find it.

The world knows no app: apps declare their tables (:mod:`assistworld.world.tables`) and the world
holds whatever is declared to it. Nothing here imports an app.
"""

from assistworld.world.context import NoActiveWorldError, bind_world, current_world
from assistworld.world.diff import RowChange, WorldDiff, diff
from assistworld.world.state import DEFAULT_NOW, WorldState
from assistworld.world.tables import (
    Shape,
    Table,
    TableConflictError,
    keyed,
    keyed_lists,
    members,
    nested,
)
from assistworld.world.world import World

__all__ = [
    "DEFAULT_NOW",
    "NoActiveWorldError",
    "RowChange",
    "Shape",
    "Table",
    "TableConflictError",
    "World",
    "WorldDiff",
    "WorldState",
    "bind_world",
    "current_world",
    "diff",
    "keyed",
    "keyed_lists",
    "members",
    "nested",
]
