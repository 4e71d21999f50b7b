"""How library functions reach the active world and its workplace tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from assistworld.world.context import current_world

if TYPE_CHECKING:
    from assistworld.apps.workplace.tables import WorkplaceTables
    from assistworld.world.world import World


def active_world() -> World:
    """The world bound with ``with world.active():``; raises ``NoActiveWorldError`` if none is."""
    return current_world()


def active_tables() -> WorkplaceTables:
    """The active world's workplace tables (declared with the world on first use).

    The typed view is made once per world and kept in ``world.views``: library functions reach
    their tables on every call.
    """
    world = current_world()
    view = world.views.get("workplace")
    if view is None:
        # Imported here: the declarations name row types that the library's modules define, and
        # those modules import this one.
        from assistworld.apps.workplace.tables import WorkplaceTables

        view = world.views["workplace"] = WorkplaceTables(world)
    return cast("WorkplaceTables", view)
