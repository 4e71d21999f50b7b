"""The simulated world: one object holding every table, the clock and the random generator."""

from __future__ import annotations

import datetime
import random
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from assistworld.world.context import bind_world
from assistworld.world.state import DEFAULT_NOW, WorldState

_ID_NAMESPACE = uuid.UUID("6f1c8f7e-2b7a-4c55-9a43-3d8e1f0b9a21")


class World:
    """A simulated organisation: directory, calendars, rooms, and its own clock.

    Library functions act on the world made active with ``with world.active():``; several worlds
    can live in one process (on different threads or tasks) without seeing each other.

    The tables are the attributes of :class:`~assistworld.world.state.WorldState`, reachable as
    ``world.state``. ``snapshot()`` / ``restore()`` copy them out and back, ``to_json()`` /
    ``World.from_json()`` round-trip them exactly, and :func:`assistworld.world.diff` lists the rows
    that differ between two snapshots.
    """

    def __init__(self, now: datetime.datetime = DEFAULT_NOW, *, seed: int = 0) -> None:
        self.state = WorldState(now=now, seed=seed)
        self.rng = random.Random(seed)
        self.version = 0
        """How many writes the world has seen: every write, through a tool or a setup program,
        increments it, so a trajectory can name the world as it was after each call."""

    def record_write(self) -> int:
        """Count one write (call it after changing any table); the new version."""
        self.version += 1
        return self.version

    # -- the clock -------------------------------------------------------------------------
    @property
    def now(self) -> datetime.datetime:
        """The world's current time (never the machine's)."""
        return self.state.now

    @now.setter
    def now(self, value: datetime.datetime) -> None:
        self.state.now = value

    # -- binding ---------------------------------------------------------------------------
    @contextmanager
    def active(self) -> Iterator[World]:
        """Bind this world to the current thread or task for the duration of the block."""
        with bind_world(self):
            yield self

    # -- identifiers -------------------------------------------------------------------------
    def new_id(self, kind: str) -> str:
        """A fresh opaque id, deterministic for a given seed and order of creation."""
        self.state.ids_issued += 1
        return str(uuid.uuid5(_ID_NAMESPACE, f"{self.state.seed}:{kind}:{self.state.ids_issued}"))

    # -- snapshots and serialisation ---------------------------------------------------------
    def snapshot(self) -> WorldState:
        """A deep copy of everything the world holds, the random generator's state included."""
        state = self.state.model_copy(deep=True)
        state.rng_state = _rng_state_to_json(self.rng.getstate())
        return state

    def restore(self, snapshot: WorldState) -> None:
        """Put the world back exactly as it was when ``snapshot`` was taken."""
        self.state = snapshot.model_copy(deep=True)
        self.state.rng_state = None
        if snapshot.rng_state is not None:
            self.rng.setstate(_rng_state_from_json(snapshot.rng_state))
        else:
            self.rng = random.Random(snapshot.seed)

    @classmethod
    def from_state(cls, snapshot: WorldState) -> World:
        """A new world holding a copy of ``snapshot``."""
        world = cls(snapshot.now, seed=snapshot.seed)
        world.restore(snapshot)
        return world

    def to_json(self, *, indent: int | None = None) -> str:
        """The whole world as JSON; ``World.from_json`` reads it back into an equal world."""
        return self.snapshot().model_dump_json(indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> World:
        """Rebuild a world written by ``to_json``."""
        return cls.from_state(WorldState.model_validate_json(text))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, World):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        s = self.state
        return (
            f"World(now={s.now.isoformat()}, employees={len(s.employees)}, "
            f"user_events={len(s.user_calendar)}, rooms={len(s.rooms)})"
        )


def _rng_state_to_json(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss_next = state
    return [version, list(internal), gauss_next]


def _rng_state_from_json(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss_next = data
    return (version, tuple(internal), gauss_next)
