"""Agents that need no model: the reference program, a do-nothing program, and replayed programs."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.errors import UserError
from assistworld.core.replay_file import read_replay_lines
from assistworld.core.suite import Suite
from assistworld.paradigms.aspera.agents.view import AgentTask

NULL_PROGRAM = 'def do_nothing():\n    """Do nothing at all."""\n    return None\n'
HANDS_BACK_PROGRAM = (
    "def hand_back():\n"
    '    """Never act: always hand the request back to the user."""\n'
    '    raise RequiresUserInput("Could you tell me more before I change anything?")\n'
)
"""The "always hands back" baseline: a task it passes cannot tell acting from asking."""


class OracleAgent:
    """Submits each task's reference program: proves the tasks can be passed.

    It is given the references (``query_id -> program``) when it is built; like every agent it
    is then handed only the request.
    """

    name = "oracle"

    def __init__(self, references: Mapping[str, str]) -> None:
        self.references = dict(references)

    @classmethod
    def for_suite(cls, suite: Suite) -> OracleAgent:
        """The oracle of every task in ``suite``."""
        return cls({task.query_id: task.program for task in suite.tasks})

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name}

    async def solve(self, task: AgentTask) -> AgentOutput:
        program = self.references.get(task.query_id)
        if program is None:
            return AgentOutput(error=f"no reference program for {task.query_id}")
        return AgentOutput(program=program)


class NullAgent:
    """Submits a program that does nothing and returns None: no state-changing task may pass."""

    name = "null"

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name}

    async def solve(self, task: AgentTask) -> AgentOutput:
        return AgentOutput(program=NULL_PROGRAM)


class ReplayFileError(UserError, ValueError):
    """A replay file that cannot be read; the message names the line and the fix."""


def read_replay_file(path: Path) -> dict[str, str]:
    """Read ``{"query_id": ..., "program": ...}`` JSON lines into a mapping from id to program."""
    return read_replay_lines(path, "program", ReplayFileError)


class ReplayAgent:
    """Submits programs written elsewhere: the way any external agent is scored."""

    name = "replay"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.programs = read_replay_file(path)

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name, "programs_file": str(self.path), "programs": len(self.programs)}

    def scored_task_ids(self) -> tuple[str, ...]:
        """The tasks the file has programs for, in its order: what a replay run scores unless
        told to score every task (``--all-tasks``)."""
        return tuple(self.programs)

    async def solve(self, task: AgentTask) -> AgentOutput:
        program = self.programs.get(task.query_id)
        if program is None:
            return AgentOutput(error=f"no program for {task.query_id} in {self.path}")
        return AgentOutput(program=program)
