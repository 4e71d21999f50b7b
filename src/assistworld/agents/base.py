"""What every agent is: something that turns a task's query into a candidate program."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, Field

from assistworld.paradigms.aspera.tasks.model import Task


class AgentOutput(BaseModel):
    """An agent's answer to one task.

    ``program`` is ``None`` when the agent produced nothing usable; ``completion`` keeps the raw
    model text (if any) so a report can show what the program was extracted from.
    """

    program: str | None
    completion: str | None = None
    usage: dict[str, Any] = Field(default_factory=dict)
    details: dict[str, Any] = Field(default_factory=dict)
    error: str | None = None


class Agent(Protocol):
    """An agent. ``solve`` sees the whole task; only model-free agents read past the query."""

    name: str

    def settings(self) -> dict[str, Any]:
        """Everything that determines the agent's behaviour, for the run's manifest."""
        ...

    async def solve(self, task: Task) -> AgentOutput:
        """Produce a candidate program for ``task``."""
        ...
