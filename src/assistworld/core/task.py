"""What every paradigm's task has in common."""

from __future__ import annotations

import datetime
from typing import ClassVar

from pydantic import BaseModel, Field, field_validator


class TaskBase(BaseModel):
    """The fields every task carries, whatever the way of acting it is attempted in.

    ``query_id`` is the task's id (the name the published data sets and the replay files use);
    ``complexity`` holds a paradigm's labels (``{"informational": "low", ...}``), empty where the
    paradigm derives its complexity from the task itself. ``source`` says where the task was read
    from, for error messages.
    """

    paradigm: ClassVar[str] = ""
    """The name of the paradigm this task type belongs to (set by each subclass)."""

    query_id: str = Field(min_length=1)
    query: str = Field(min_length=1)
    category: str | None = None
    tags: list[str] = Field(default_factory=list)
    now: datetime.datetime | None = None
    """The world's clock for this task; None means the world's default."""
    complexity_labels: dict[str, str] = Field(default_factory=dict)
    source: str = "<memory>"

    @field_validator("now")
    @classmethod
    def _naive_clock(cls, value: datetime.datetime | None) -> datetime.datetime | None:
        if value is not None and value.tzinfo is not None:
            raise ValueError("must be a naive local time such as 2024-06-25T09:06 (no time zone)")
        return value

    @property
    def id(self) -> str:
        """The task's id (``query_id``)."""
        return self.query_id

    def strata(self) -> tuple[str, ...]:
        """The groups a stratified ``--limit`` sample spreads over: the category here; a
        paradigm's task type adds what else tells its tasks apart (its kind)."""
        return (self.category or "",)
