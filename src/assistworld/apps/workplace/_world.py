"""How library functions reach the active world (imported lazily to keep the package acyclic)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistworld.world.world import World


def active_world() -> World:
    """The world bound with ``with world.active():``; raises ``NoActiveWorldError`` if none is."""
    from assistworld.world.context import current_world

    return current_world()
