"""What every agent is: something that turns what it is shown of a task into an output to grade."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field


class AgentOutput(BaseModel):
    """An agent's answer to one task, named by what it is.

    A paradigm's grader reads the one field its agents fill: ``program`` (a candidate program),
    ``plan`` (a plan's text, as planners write it) or ``conversation`` (a conversation's record as
    plain data). All three ``None`` means the agent produced nothing usable; ``completion`` keeps
    the raw model text (if any) so a report can show what the answer was extracted from.
    """

    program: str | None = None
    plan: str | None = None
    conversation: dict[str, Any] | None = None
    completion: str | None = None
    usage: dict[str, Any] = Field(default_factory=dict)
    usage_by_role: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """``usage`` split by role where more than the agent asked a model (a simulated user);
    empty means all of ``usage`` is the agent's."""
    details: dict[str, Any] = Field(default_factory=dict)
    error: str | None = None
    outcome: str | None = None
    """An outcome the agent's own run decided (an external agent's process crashed or ran past
    its time limit): the task fails with it whatever the grader finds in the output."""


class Agent(Protocol):
    """An agent. ``solve`` is handed the paradigm's view of a task (for ASPERA an
    :class:`~assistworld.paradigms.aspera.agents.view.AgentTask`): never the reference or the
    checks."""

    name: str

    def settings(self) -> dict[str, Any]:
        """Everything that determines the agent's behaviour, for the run's manifest."""
        ...

    async def solve(self, task: Any) -> AgentOutput:
        """Produce the output to grade (a candidate program, a plan, ...) for ``task``."""
        ...


@runtime_checkable
class ExcludesTasks(Protocol):
    """An agent shown some of the suite's tasks as examples (a model agent's in-context ones):
    the runner never scores it on them, and the manifest lists them."""

    def excluded_task_ids(self) -> frozenset[str]: ...


@runtime_checkable
class NamesItsTasks(Protocol):
    """An agent that answers only some of the suite's tasks (a replay file's, the scenarios with
    a reference program): the runner scores those unless ``--all-tasks``."""

    def scored_task_ids(self) -> tuple[str, ...]: ...


@runtime_checkable
class NotesSkipped(Protocol):
    """An agent that says, after the run, what it left out (None: nothing)."""

    def skipped_note(self) -> str | None: ...


@runtime_checkable
class ActsOnWorld(Protocol):
    """An agent that acts on the task's world call by call (true), rather than handing in a plan
    or a program to be executed: its paradigm gives it the world to act on."""

    acts_on_world: bool
