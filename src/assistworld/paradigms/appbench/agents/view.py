"""What a planner is handed for one task: the instruction and the apps' descriptions, never the
gold plan, its graph or the user-stated argument list; and, for a task whose services are
simulated, the seed of its world, which the ``tools`` agent acts on (the world holds what the
services answer, not what the gold plan does)."""

from __future__ import annotations

import datetime

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.appbench.tasks.model import AppDescription


class PlanningView(BaseModel):
    """One task as an agent sees it."""

    model_config = ConfigDict(frozen=True)

    query_id: str
    query: str
    category: str | None = None
    now: datetime.datetime | None = None
    apps: tuple[AppDescription, ...] = ()
    world_seed: int | None = None
