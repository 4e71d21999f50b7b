"""How library functions reach the active world and its workplace tables.

The imports are made inside the functions: the table declarations name row types that the
library's modules define, so importing them at the top of a library module would be a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistworld.apps.workplace.tables import WorkplaceTables
    from assistworld.world.world import World


def active_world() -> World:
    """The world bound with ``with world.active():``; raises ``NoActiveWorldError`` if none is."""
    from assistworld.world.context import current_world

    return current_world()


def active_tables() -> WorkplaceTables:
    """The active world's workplace tables (declared with the world on first use)."""
    from assistworld.apps.workplace.tables import WorkplaceTables

    return WorkplaceTables(active_world())
