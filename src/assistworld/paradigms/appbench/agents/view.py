"""What a planner is handed for one task: the instruction and the apps' descriptions, never the
gold plan, its graph or the user-stated argument list."""

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
