"""``assistworld mcp``: one task's episode served over stdio, graded when the client finishes.

The task's world is built as for a run (the same executor, the same episode as ``--agent
external`` gets); the result is graded by the paradigm's grader and handed back for the command
to print (to stderr: stdout is the protocol's).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.result import TaskResult
from assistworld.core.suggest import did_you_mean
from assistworld.runner.session import RunSetupError


@dataclass(frozen=True)
class EpisodeRequest:
    """What ``assistworld mcp`` was asked."""

    suite: str
    task_id: str
    unsafe: bool = False
    timeout: float = 30.0
    options: dict[str, Any] = field(default_factory=dict)
    """The options a paradigm's episode reads (``dry_runs``, ``user_model``, ...)."""


def serve_one_episode(request: EpisodeRequest) -> TaskResult[Any]:
    """Serve the episode over stdio until the client finishes or leaves; its graded result."""
    from assistworld.agents.external.setup import require_mcp
    from assistworld.llm import ModelPool
    from assistworld.runner.run_options import paradigm_options

    require_mcp("assistworld mcp")
    suite = load_suite(request.suite)
    paradigm = get_paradigm(suite.paradigm)
    task = next((t for t in suite.tasks if t.query_id == request.task_id), None)
    if task is None:
        ids = [t.query_id for t in suite.tasks]
        raise RunSetupError(
            f"--task {request.task_id!r}: suite {suite.name!r} has no such task"
            f"{did_you_mean(request.task_id, ids)}; list them with `assistworld tasks --suite "
            f"{suite.name}`"
        )
    executor = paradigm.make_executor(unsafe=request.unsafe, slots=1, timeout=request.timeout)
    pool = ModelPool()
    try:
        from assistworld.agents.external.stdio import StdioEpisodeAgent

        agent_request = AgentRequest(
            name="external",
            options=paradigm_options(
                paradigm,
                {name: value for name, value in request.options.items() if value is not None},
            ),
            unsafe=request.unsafe,
            models=pool,
            executor=executor,
            suite=suite,
        )
        agent = StdioEpisodeAgent(paradigm.episodes(agent_request))
        output = asyncio.run(agent.solve(paradigm.agent_view(task, agent)))
        return paradigm.grader(executor)(task, output, agent.name)
    finally:
        pool.close()
        if executor is not None:
            executor.close()


__all__ = ["EpisodeRequest", "serve_one_episode"]
