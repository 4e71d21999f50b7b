"""The external agent: any program that speaks MCP, given one episode per task.

For each task the paradigm builds the episode (its world, its tools), the run's server serves
it at a URL of its own, and the command starts with that URL in ``ASSISTWORLD_MCP_URL``. The
episode ends when the agent calls ``finish``, spends its call budget, or its process ends (by
itself or at the time limit); the paradigm then gives the output its grader reads, so results,
resume and samples are those of any agent. How the process ended is in the output's details; a
crash or a timeout is the task's outcome (``agent_crashed``, ``timeout``) with the exit status
and the tail of its stderr in the record.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.external.contract import DEFAULT_TIME_LIMIT, URL_VARIABLE
from assistworld.agents.external.endpoint import EpisodeEndpoint
from assistworld.agents.external.process import (
    AgentProcess,
    AgentProcessEnd,
    AgentProcessSpec,
    start_agent_process,
)
from assistworld.agents.external.server import EpisodeServer, server_settings
from assistworld.core.episode import EpisodeMaker

AGENT_CRASHED = "agent_crashed"
TIMEOUT = "timeout"

EXIT_GRACE_SECONDS = 1.0
"""After ``finish``, how long the process may take to leave by itself before it is stopped."""

PASSED_ENVIRONMENT = ("PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR")
"""Variables of the harness's environment the agent sees (besides its URL and the model's
``OPENAI_*`` settings): nothing else of the harness's (no keys of its own) reaches it."""


def agent_environment(url: str, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The agent process's whole environment."""
    base = os.environ if base is None else base
    env = {key: base[key] for key in PASSED_ENVIRONMENT if key in base}
    env.update({key: value for key, value in base.items() if key.startswith("OPENAI_")})
    env[URL_VARIABLE] = url
    return env


def ended_outcome(end: AgentProcessEnd, finished: bool) -> str | None:
    """The outcome the process's end decides (None: grade what the episode left)."""
    if end.kind == "timeout":
        return TIMEOUT
    if end.kind == "crashed" and not finished:
        return AGENT_CRASHED
    return None


class ExternalAgent:
    """Runs ``argv`` once per task against that task's episode (see the module)."""

    name = "external"
    needs_trial_world = True
    """Program suites: the episode's ``try_program`` needs the world trials run in."""
    acts_on_world = True
    """Planning suites: the episode's service tools act on the task's world."""

    def __init__(
        self,
        argv: Sequence[str],
        episodes: EpisodeMaker,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        unsafe: bool = False,
        environment: Mapping[str, str] | None = None,
        hidden: Sequence[str] = (),
    ) -> None:
        self.argv = list(argv)
        self.hidden = tuple(hidden)
        """Paths the agent must not see besides those always hidden: the suite it is run on
        (its references, conversations and plans), wherever the user keeps it."""
        self.episodes = episodes
        self.time_limit = time_limit
        self.unsafe = unsafe
        self.environment = environment
        self._server: EpisodeServer | None = None

    def settings(self) -> dict[str, Any]:
        return {
            "agent": self.name,
            "command": self.argv,
            "time_limit_s": self.time_limit,
            "unsafe": self.unsafe,
            "server": server_settings(),
        }

    def _episode_server(self) -> EpisodeServer:
        if self._server is None:
            self._server = EpisodeServer()
        return self._server

    async def solve(self, task: Any) -> AgentOutput:
        episode = self.episodes(task)
        endpoint = EpisodeEndpoint(episode)
        started = time.monotonic()
        async with self._episode_server().serve(endpoint) as url:
            spec = AgentProcessSpec(
                argv=self.argv,
                env=agent_environment(url, self.environment),
                time_limit=self.time_limit,
                unsafe=self.unsafe,
                hidden=self.hidden,
            )
            process = await start_agent_process(spec)
            end = await self._until_done(process, endpoint)
        output = await episode.finish(endpoint.answer)
        return self._with_end(output, endpoint, end, time.monotonic() - started)

    async def _until_done(
        self, process: AgentProcess, endpoint: EpisodeEndpoint
    ) -> AgentProcessEnd:
        waiting = asyncio.create_task(process.wait())
        finishing = asyncio.create_task(endpoint.finished.wait())
        try:
            await asyncio.wait({waiting, finishing}, return_when=asyncio.FIRST_COMPLETED)
            if waiting.done():
                endpoint.end("process_ended")
                return waiting.result()
            try:
                return await asyncio.wait_for(asyncio.shield(waiting), EXIT_GRACE_SECONDS)
            except TimeoutError:
                return await process.stop()
        except BaseException:  # interrupted: the agent does not outlive the run
            await process.stop()
            raise
        finally:
            finishing.cancel()
            if not waiting.done():
                waiting.cancel()

    def _with_end(
        self, output: AgentOutput, endpoint: EpisodeEndpoint, end: AgentProcessEnd, seconds: float
    ) -> AgentOutput:
        finished = endpoint.ended_by == "finish"
        record = {
            **endpoint.record(),
            "process": end.kind,
            "exit_status": end.exit_status,
            "stderr_tail": end.stderr_tail,
            "seconds": round(seconds, 3),
        }
        outcome = ended_outcome(end, finished)
        update: dict[str, Any] = {"details": {**output.details, "external": record}}
        if outcome is not None:
            update["outcome"] = outcome
            update["error"] = (
                f"the agent's process ran past its time limit ({self.time_limit:g} s) and was "
                "killed"
                if outcome == TIMEOUT
                else f"the agent's process crashed (exit status {end.exit_status}) before it "
                f"called finish; the end of its stderr: {end.stderr_tail[-500:]!r}"
            )
        return output.model_copy(update=update)


__all__ = [
    "AGENT_CRASHED",
    "DEFAULT_TIME_LIMIT",
    "TIMEOUT",
    "URL_VARIABLE",
    "ExternalAgent",
    "agent_environment",
    "ended_outcome",
]
