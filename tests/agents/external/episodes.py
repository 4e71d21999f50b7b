"""Running one episode with the scripted MCP agent, for the tests of every paradigm."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from assistworld.agents.external import agent as external_agent
from assistworld.agents.external.process import AgentProcess, AgentProcessSpec, start_confined
from assistworld.core.agent import AgentOutput
from assistworld.core.paradigm import AgentRequest, Paradigm
from assistworld.core.registry import get_paradigm
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.runner.batch import decided_by_agent
from assistworld.runner.run_options import paradigm_options

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


async def _unconfined(spec: AgentProcessSpec) -> AgentProcess:
    """The scripted agent unconfined: it writes what it got back into the test's folder, which
    a confined agent cannot write (confinement has tests of its own: test_process_attacks)."""
    return await start_confined(dataclasses.replace(spec, unsafe=True), confine=False)


def external_request(
    paradigm: Paradigm,
    command: str,
    *,
    executor: Any = None,
    suite: Suite | None = None,
    unsafe: bool = False,
    time_limit: float | None = None,
    **options: Any,
) -> AgentRequest:
    """The agent request ``run --agent external --command COMMAND`` makes, with ``options``
    (``dry_runs``, ``user_model``, ...) as the paradigm's typed run options."""
    return AgentRequest(
        name="external",
        options=paradigm_options(paradigm, options),
        command=command,
        time_limit=time_limit,
        unsafe=unsafe,
        executor=executor,
        suite=suite,
    )


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
    request = external_request(
        paradigm, scripted_command(workdir, steps), executor=executor, suite=suite, **options
    )
    agent = paradigm.build_agent(request)
    with mock.patch.object(external_agent, "start_agent_process", _unconfined):
        output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
    replies_file = workdir / "replies.json"
    replies = json.loads(replies_file.read_text()) if replies_file.exists() else []
    result = graded(suite, task, output, executor)
    result = result.model_copy(update={"agent": agent.name})
    if output.outcome is not None:
        result = decided_by_agent(result, output)
    return Episode(output, replies, result)


def graded(suite: Suite, task: Any, output: AgentOutput, executor: Any = None) -> TaskResult[Any]:
    """How the paradigm grades ``output`` for a built-in agent."""
    paradigm = get_paradigm(suite.paradigm)
    if executor is not None:
        return paradigm.grader(executor)(task, output, "builtin")
    made = paradigm.make_executor(unsafe=True, slots=1, timeout=30)
    try:
        return paradigm.grader(made)(task, output, "builtin")
    finally:
        made.close()
