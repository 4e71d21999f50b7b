"""What an ASPERA agent is given for a task: the request, never the reference or the checks.

Anything more an agent may know is handed over explicitly and only when the run asked for it:
the reference's return type (``--return-type-hint``, recorded in the manifest) and, for agents
that make trial runs, a world to try programs in (the task's first setup, which the agent code
passes to the executor without reading).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass


@dataclass(frozen=True)
class TrialWorld:
    """A world an agent may try programs in: the task's first setup program and its clock."""

    setup_program: str
    now: datetime.datetime | None


@dataclass(frozen=True)
class AgentTask:
    """One task as an agent sees it."""

    query_id: str
    query: str
    category: str | None = None
    now: datetime.datetime | None = None
    return_type: str | None = None
    """The reference's return annotation, given only when the run asked for the hint."""
    trial_world: TrialWorld | None = None
    """Given only to agents that make trial runs."""
