"""The simulated world and how library calls find it."""

from assistworld.world.context import NoActiveWorldError, bind_world, current_world
from assistworld.world.diff import RowChange, WorldDiff, diff
from assistworld.world.state import DEFAULT_NOW, WorldState
from assistworld.world.world import World

__all__ = [
    "DEFAULT_NOW",
    "NoActiveWorldError",
    "RowChange",
    "World",
    "WorldDiff",
    "WorldState",
    "bind_world",
    "current_world",
    "diff",
]
