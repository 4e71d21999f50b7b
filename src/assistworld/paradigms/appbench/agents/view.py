"""What a planner is handed for one task: the instruction and the apps' descriptions, never the
gold plan, its graph or the user-stated argument list; and, for a task whose services are
simulated, its world (seed and clock), which the ``tools`` agent acts on (the world holds what the
services answer, not what the gold plan does)."""

from __future__ import annotations

import datetime

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.appbench.tasks.model import AppDescription


class ServiceWorld(BaseModel):
    """The world an agent acting on the services acts in: the task's seed and clock, exactly
    as executed mode fills it (the agent code builds it without reading the task)."""

    model_config = ConfigDict(frozen=True)

    seed: int
    now: datetime.datetime | None = None


class PlanningView(BaseModel):
    """One task as an agent sees it."""

    model_config = ConfigDict(frozen=True)

    query_id: str
    query: str
    category: str | None = None
    now: datetime.datetime | None = None
    apps: tuple[AppDescription, ...] = ()
    world: ServiceWorld | None = None
    """Given only to agents that act on the services call by call (``acts_on_world``: the
    ``tools`` agent and an external one)."""
