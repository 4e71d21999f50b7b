"""Which world library calls act on.

Library functions never hold state of their own: they look up the world that the caller bound with
``with world.active():``. The binding lives in a :class:`contextvars.ContextVar`, so each thread and
each asyncio task sees only the world it bound itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistworld.world.world import World

_ACTIVE_WORLD: ContextVar[World | None] = ContextVar("assistworld_active_world", default=None)


class NoActiveWorldError(RuntimeError):
    """A library function was called with no world bound to the current context."""


def current_world() -> World:
    """The world bound to this thread or task; :class:`NoActiveWorldError` if none."""
    world = _ACTIVE_WORLD.get()
    if world is None:
        raise NoActiveWorldError(
            "No world is active here. Create one with `World()` and call library functions "
            "inside `with world.active():`."
        )
    return world


@contextmanager
def bind_world(world: World) -> Iterator[World]:
    """Make ``world`` active until the block ends, then restore the previous one."""
    token = _ACTIVE_WORLD.set(world)
    try:
        yield world
    finally:
        _ACTIVE_WORLD.reset(token)
