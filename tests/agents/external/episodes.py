"""Running one episode with the scripted MCP agent, for the tests of every paradigm."""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistworld.core.agent import AgentOutput
from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.runner.batch import decided_by_agent

SCRIPTED_AGENT = Path(__file__).with_name("scripted_agent.py")


@dataclass
class Episode:
    output: AgentOutput
    replies: list[dict[str, Any]]
    result: TaskResult[Any]


def scripted_command(workdir: Path, steps: list[Any]) -> str:
    """The command line of the scripted agent making ``steps`` (its replies in workdir)."""
    (workdir / "steps.json").write_text(json.dumps(steps))
    words = [sys.executable, str(SCRIPTED_AGENT), workdir / "steps.json", workdir / "replies.json"]
    return " ".join(shlex.quote(str(word)) for word in words)


def run_episode(
    suite: Suite,
    task: Any,
    steps: list[Any],
    workdir: Path,
    executor: Any = None,
    **options: Any,
) -> Episode:
    """Play ``steps`` as the external agent on ``task``, and grade it as a run would."""
    paradigm = get_paradigm(suite.paradigm)
    request = AgentRequest(
        name="external",
        options={"command": scripted_command(workdir, steps), **options},
        executor=executor,
        suite=suite,
    )
    agent = paradigm.build_agent(request)
    output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
    replies_file = workdir / "replies.json"
    replies = json.loads(replies_file.read_text()) if replies_file.exists() else []
    result = paradigm.grader(executor)(task, output, agent.name)
    if output.outcome is not None:
        result = decided_by_agent(result, output)
    return Episode(output, replies, result)


def graded(suite: Suite, task: Any, output: AgentOutput, executor: Any = None) -> TaskResult[Any]:
    """How the paradigm grades ``output`` for a built-in agent."""
    return get_paradigm(suite.paradigm).grader(executor)(task, output, "builtin")
